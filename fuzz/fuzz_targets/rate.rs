//! `sudoku_rate` through the C ABI, with every answer checked against the contract
//! (`contract::check_rate`): NULL `board` or `difficulty` is SUDOKU_ERR_NULL; bad bytes
//! then clashes get their statuses; otherwise the number of solutions up to 2 (the plain
//! reference's within `reference_steps()`, else every engine path's) decides:
//! SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS, or SUDOKU_OK with the level that an
//! independent logical solver in the oracle names (`contract::logic_level`: the easiest
//! level whose techniques fill the grid). `*difficulty` is untouched on every other
//! status, and the same board rated twice gets the same answer.
//!
//! The board is only read: it lies against a guard page (which side, the mode's bit 1) in
//! a region made read-only for the call, so a write into it faults. `*difficulty` is the
//! last int before the upper guard page of its own region.
//!
//! Input: the 81 bytes of the board and a mode byte (`fuzz/src/lib.rs`, Mode; bit 2: NULL
//! `difficulty`, bit 3: NULL `board`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::ffi::{c_char, c_int};
use sudoku_core::CELLS;
use sudoku_fuzz::contract::{self, RateCall};
use sudoku_fuzz::{board_bytes, reference_steps, Guarded};

const INT: usize = core::mem::size_of::<c_int>();
/// What `*difficulty` holds before the call: no level.
const BEFORE: c_int = -0x5555_5556;

thread_local! {
    static BOARD: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
    static LEVEL: RefCell<Guarded> = RefCell::new(Guarded::new(INT));
}

/// One guarded call: the status and what `*difficulty` held after it (BEFORE when NULL).
fn rate(input: &[u8; CELLS], low: bool, null_board: bool, null_level: bool) -> (c_int, c_int) {
    BOARD.with_borrow_mut(|board_region| {
        LEVEL.with_borrow_mut(|level_region| {
            let board = board_region.flush(CELLS, low);
            board.copy_from_slice(input);
            let board_ptr: *const c_char = if null_board {
                core::ptr::null()
            } else {
                board.as_ptr().cast()
            };
            let level = level_region.high(INT);
            level.copy_from_slice(&BEFORE.to_ne_bytes());
            // The page end is aligned for int.
            let level_ptr: *mut c_int = if null_level {
                core::ptr::null_mut()
            } else {
                level.as_mut_ptr().cast()
            };
            board_region.set_read_only(true);
            // SAFETY: the board is 81 readable bytes and `level_ptr` a writable, aligned
            // int; either may be NULL instead, which the function reports.
            let code = unsafe { sudoku::ffi::sudoku_rate(board_ptr, level_ptr) };
            board_region.set_read_only(false);
            let after = level_region.high(INT);
            (
                code,
                c_int::from_ne_bytes(after.try_into().expect("an int")),
            )
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((input, mode)) = board_bytes(data) else {
        return;
    };
    let (null_level, null_board) = (mode.bit(2), mode.bit(3));
    let (code, level) = rate(&input, mode.low, null_board, null_level);
    let call = RateCall {
        board: (!null_board).then_some(&input),
        code,
        difficulty: (!null_level).then_some((BEFORE, level)),
    };
    if let Err(e) = contract::check_rate(&call, reference_steps()) {
        panic!("sudoku_rate broke its contract: {e}");
    }
    let again = rate(&input, !mode.low, null_board, null_level);
    assert_eq!(
        again,
        (code, level),
        "rated twice, two answers for {}",
        String::from_utf8_lossy(&input)
    );
});
