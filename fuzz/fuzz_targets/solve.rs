//! `sudoku_solve` through the C ABI, on boards placed flush against an inaccessible page
//! (after it or before it, as the input's mode byte says), with every answer checked
//! against the contract: the status is the one the contract names (bad bytes first, then
//! clashing givens, then no solution as the reference decides, within
//! `reference_steps()`), a solved board is a valid grid keeping every given, and a failed
//! board is byte for byte unchanged. Also `sudoku_status_str` on the returned status and
//! on the input's first four bytes read as an int: the message of that status, or the
//! unknown-status message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::ffi::CStr;
use sudoku::Status;
use sudoku_core::CELLS;
use sudoku_fuzz::{board_bytes, contract, ffi_solve, reference_steps, Guarded};

thread_local! {
    static REGION: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
}

/// Checks `sudoku_status_str(code)` against the status enum.
fn check_message(code: i32) {
    // SAFETY: sudoku_status_str takes any int and returns a static NUL-terminated string.
    let message = unsafe { CStr::from_ptr(sudoku::ffi::sudoku_status_str(code)) };
    let expected = Status::from_code(code).map_or(Status::UNKNOWN_MESSAGE, Status::c_message);
    assert_eq!(message, expected, "sudoku_status_str({code})");
}

fuzz_target!(|data: &[u8]| {
    if let Some(int) = data.first_chunk::<4>() {
        check_message(i32::from_le_bytes(*int));
    }
    let Some((input, mode)) = board_bytes(data) else {
        return;
    };
    REGION.with_borrow_mut(|region| {
        let at = if mode.low {
            region.low(CELLS)
        } else {
            region.high(CELLS)
        };
        let (code, output) = ffi_solve(&input, at);
        if let Err(e) = contract::check_solve_within(&input, code, &output, reference_steps()) {
            panic!("sudoku_solve broke its contract: {e}");
        }
        check_message(code);
    });
});
