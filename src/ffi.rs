//! The C ABI: every `extern "C"` function of the library, and the only module that
//! touches raw pointers.
//!
//! Each function checks its pointers, copies the caller's bytes into a local buffer, calls
//! the safe Rust API, copies a result back only on success, and catches any panic so that
//! none crosses into C. `include/sudoku.h` is generated from this file by `build.rs`.

use crate::board::CELLS;
use crate::status::Status;
use core::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, UnwindSafe};

/// Runs `body` as a panic boundary: its status, or `SUDOKU_ERR_INTERNAL` if it panicked.
fn boundary(body: impl FnOnce() -> Status + UnwindSafe) -> c_int {
    catch_unwind(body).unwrap_or(Status::ErrInternal).code()
}

/// Copies the caller's 81 bytes into a local board.
///
/// # Safety
/// `board` must be non-null and valid for reading 81 bytes.
unsafe fn read_board(board: *const c_char) -> [u8; CELLS] {
    let mut local = [0u8; CELLS];
    // SAFETY: the caller guarantees 81 readable bytes at `board`; `local` is a distinct
    // 81-byte buffer, so the ranges do not overlap.
    unsafe { core::ptr::copy_nonoverlapping(board.cast::<u8>(), local.as_mut_ptr(), CELLS) };
    local
}

/// Copies a local board back into the caller's 81 bytes.
///
/// # Safety
/// `board` must be non-null and valid for writing 81 bytes.
unsafe fn write_board(board: *mut c_char, local: &[u8; CELLS]) {
    // SAFETY: the caller guarantees 81 writable bytes at `board`, distinct from `local`.
    unsafe { core::ptr::copy_nonoverlapping(local.as_ptr(), board.cast::<u8>(), CELLS) };
}

/// Solves a Sudoku board in place.
///
/// `board` points to exactly 81 bytes, row by row: '1'-'9' are givens, '.' or '0' are
/// blanks. No terminating NUL is needed, and no byte outside those 81 is read or written.
///
/// Returns SUDOKU_OK when the board now holds a complete valid grid that keeps every given
/// (for a board with several solutions, one of them); SUDOKU_NO_SOLUTION when the givens
/// clash nowhere yet no grid completes them; SUDOKU_ERR_NULL for a NULL board;
/// SUDOKU_ERR_INVALID_CHAR when any byte is not a digit or '.' (checked on all 81 bytes
/// first, so it wins over the next); SUDOKU_ERR_CONFLICT when two equal givens share a
/// row, a column or a box. On every status but SUDOKU_OK the 81 bytes are unchanged.
///
/// Thread-safe: no global mutable state, no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 bytes the caller may read and write, not written
/// by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve(board: *mut c_char) -> c_int {
    boundary(|| {
        if board.is_null() {
            return Status::ErrNull;
        }
        // SAFETY: `board` is non-null and, by this function's contract, 81 bytes long.
        let mut local = unsafe { read_board(board) };
        let status = crate::solve_bytes(&mut local);
        if status == Status::Ok {
            // SAFETY: as above; the bytes are written only on success.
            unsafe { write_board(board, &local) };
        }
        status
    })
}

/// Returns a static, NUL-terminated, human-readable message for a status code, and a
/// distinct message for a value that is no status. The string must not be freed.
#[no_mangle]
pub extern "C" fn sudoku_status_str(status: c_int) -> *const c_char {
    Status::from_code(status)
        .map_or(Status::UNKNOWN_MESSAGE, Status::c_message)
        .as_ptr()
}

/// The library version ("MAJOR.MINOR.PATCH"), as a static NUL-terminated string that must
/// not be freed.
#[no_mangle]
pub extern "C" fn sudoku_version() -> *const c_char {
    VERSION.as_ptr()
}

const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("the crate version contains a NUL byte"),
    };

#[cfg(test)]
mod tests {
    use super::*;

    fn call(board: &mut [u8; CELLS]) -> Status {
        // SAFETY: `board` is 81 writable bytes.
        let code = unsafe { sudoku_solve(board.as_mut_ptr().cast()) };
        Status::from_code(code).expect("a known status")
    }

    #[test]
    fn null_board_is_reported() {
        // SAFETY: NULL is allowed and must be reported, not dereferenced.
        assert_eq!(unsafe { sudoku_solve(core::ptr::null_mut()) }, -1);
    }

    #[test]
    fn solves_in_place() {
        let mut b =
            *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(call(&mut b), Status::Ok);
        assert_eq!(
            &b,
            b"534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
    }

    #[test]
    fn failures_leave_the_board_unchanged() {
        let cases: [(&[u8; 81], Status); 3] = [
            (
                b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
                Status::ErrInvalidChar,
            ),
            (
                b"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                Status::ErrConflict,
            ),
            (
                b"12345678.........9...............................................................",
                Status::NoSolution,
            ),
        ];
        for (input, expected) in cases {
            let mut b = *input;
            assert_eq!(call(&mut b), expected);
            assert_eq!(&b, input);
        }
    }

    #[test]
    fn status_strings_match_the_enum() {
        for s in Status::ALL {
            // SAFETY: the function returns a static NUL-terminated string.
            let text = unsafe { CStr::from_ptr(sudoku_status_str(s.code())) };
            assert_eq!(text, s.c_message());
        }
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(sudoku_status_str(12345)) };
        assert_eq!(unknown, Status::UNKNOWN_MESSAGE);
    }

    #[test]
    fn version_is_the_crate_version() {
        // SAFETY: the function returns a static NUL-terminated string.
        let v = unsafe { CStr::from_ptr(sudoku_version()) };
        assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
