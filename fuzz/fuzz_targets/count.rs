//! `sudoku_count_solutions` through the C ABI, with every answer checked against the
//! contract (`contract::check_count`): NULL `board` or `count` is SUDOKU_ERR_NULL; bad
//! bytes then clashes get their statuses with `*count` and the solution buffer untouched; on
//! SUDOKU_OK `*count` is min(number of solutions, limit) as the plain reference counts
//! them (within `reference_steps()`, else as every engine path agrees), 0 for limit 0, and
//! the solution buffer holds a solution when the count is not zero and is untouched
//! otherwise. Solve and count agree: on the same board `sudoku_solve` returns the same
//! error, and SUDOKU_OK exactly when the count (limit >= 1) is not zero.
//!
//! The board is only read: it lies against a guard page (which side, the mode's bit 1) in
//! a region made read-only for the call, so a write into it faults. The solution buffer,
//! prefilled with 0xAA, lies against the other guard page of its own region.
//!
//! Input: a limit byte, the 81 bytes of the board, a mode byte (`fuzz/src/lib.rs`, Mode;
//! bit 2: NULL `count`, bit 3: NULL `solution`, bit 4: NULL `board`; bit 5: the call is
//! `sudoku_count_solutions_with_progress`, whose callback never stops the count, or with
//! bit 6 too stops it at its first call: then the status is SUDOKU_CANCELLED and nothing is
//! written when the callback was called, and the contract above when it was not). Limit byte `b`:
//! below 0xF0, the limit `b % 16`; from 0xF0 on, a huge limit (`usize::MAX - (b - 0xF0)`)
//! when the reference settles the full count of the board within a few thousand steps, or
//! when the callback stops the count (bits 5 and 6: a count that runs long enough for a
//! callback is stopped, and a shorter one is checked), else 2.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void};
use sudoku::Status;
use sudoku_core::engine::reference;
use sudoku_core::{Board, CELLS};
use sudoku_fuzz::contract::{self, CountCall};
use sudoku_fuzz::{board_bytes, ffi_solve, reference_steps, Guarded};

thread_local! {
    static BOARD: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
    static SOLUTION: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
    static SOLVE: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
}

const FILL: [u8; CELLS] = [0xAA; CELLS];

/// The progress callback: counts its calls in the `(calls, stop)` context and stops the
/// count when `stop` is set.
unsafe extern "C" fn progress(_found: usize, context: *mut c_void) -> c_int {
    // SAFETY: the target passes a `(usize, bool)` as the context.
    let state = unsafe { &mut *context.cast::<(usize, bool)>() };
    state.0 += 1;
    c_int::from(state.1)
}

/// The limit an input's first byte stands for (see the module docs).
fn limit(byte: u8, input: &[u8; CELLS], stopped: bool) -> usize {
    if byte < 0xF0 {
        return usize::from(byte % 16);
    }
    if stopped {
        return usize::MAX - usize::from(byte - 0xF0);
    }
    let settled = Board::from_bytes(input)
        .ok()
        .filter(|b| b.conflict().is_none())
        .and_then(|b| reference::count_within(&b, usize::MAX, 2_000));
    match settled {
        Some(_) => usize::MAX - usize::from(byte - 0xF0),
        None => 2,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Some((input, mode)) = board_bytes(rest) else {
        return;
    };
    let limit = limit(first, &input, mode.bit(5) && mode.bit(6));
    let (null_count, null_solution, null_board) = (mode.bit(2), mode.bit(3), mode.bit(4));
    BOARD.with_borrow_mut(|board_region| {
        SOLUTION.with_borrow_mut(|solution_region| {
            let board = board_region.flush(CELLS, mode.low);
            board.copy_from_slice(&input);
            let board_ptr: *const c_char = if null_board {
                core::ptr::null()
            } else {
                board.as_ptr().cast()
            };
            let solution = solution_region.flush(CELLS, !mode.low);
            solution.copy_from_slice(&FILL);
            let solution_ptr: *mut c_char = if null_solution {
                core::ptr::null_mut()
            } else {
                solution.as_mut_ptr().cast()
            };
            let mut count = contract::COUNT_FILL;
            let count_ptr: *mut usize = if null_count {
                core::ptr::null_mut()
            } else {
                &mut count
            };
            board_region.set_read_only(true);
            let mut state = (0usize, mode.bit(6));
            let code = if mode.bit(5) {
                // SAFETY: the board is 81 readable bytes, `count` a writable size_t, the
                // solution 81 writable bytes; each may be NULL instead, which the function
                // reports or allows. The callback reads the context as the tuple it is.
                unsafe {
                    sudoku::ffi::sudoku_count_solutions_with_progress(
                        board_ptr,
                        limit,
                        count_ptr,
                        solution_ptr,
                        Some(progress),
                        (&raw mut state).cast(),
                    )
                }
            } else {
                // SAFETY: the board, `count` and the solution as above.
                unsafe {
                    sudoku::ffi::sudoku_count_solutions(board_ptr, limit, count_ptr, solution_ptr)
                }
            };
            board_region.set_read_only(false);
            let mut after = [0u8; CELLS];
            after.copy_from_slice(solution_region.flush(CELLS, !mode.low));
            if state.1 && state.0 > 0 {
                assert_eq!(
                    state.0, 1,
                    "the callback was called after it stopped the count"
                );
                assert_eq!(code, Status::Cancelled.code(), "a stopped count");
                assert_eq!(count, contract::COUNT_FILL, "a stopped count wrote *count");
                assert_eq!(after, FILL, "a stopped count wrote the solution");
                return;
            }
            let call = CountCall {
                board: (!null_board).then_some(&input),
                limit,
                code,
                count: (!null_count).then_some(count),
                solution: (!null_solution).then_some((&FILL, &after)),
            };
            if let Err(e) = contract::check_count(&call, reference_steps()) {
                panic!("sudoku_count_solutions broke its contract (limit {limit}): {e}");
            }
            if null_board || null_count {
                return;
            }
            // Solve and count agree on the same board.
            let (solved, _) = SOLVE.with_borrow_mut(|r| ffi_solve(&input, r.high(CELLS)));
            let agree = if code == Status::Ok.code() {
                limit == 0 || (solved == Status::Ok.code()) == (count > 0)
            } else {
                solved == code
            };
            assert!(
                agree,
                "sudoku_solve returned {solved}, sudoku_count_solutions {code} with count \
                 {count} (limit {limit}) for {}",
                String::from_utf8_lossy(&input)
            );
        })
    });
});
