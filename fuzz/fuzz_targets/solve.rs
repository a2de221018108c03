//! `sudoku_solve` through the C ABI, on boards placed flush against an inaccessible page
//! on either side, with every answer checked against the contract: the status is the one
//! the contract names (bad bytes first, then clashing givens, then no solution as the
//! reference decides), a solved board is a valid grid keeping every given, and a failed
//! board is byte for byte unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use sudoku::CELLS;
use sudoku_fuzz::{board_bytes, contract, ffi_solve, Guarded};

thread_local! {
    static REGION: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = board_bytes(data) else {
        return;
    };
    REGION.with_borrow_mut(|region| {
        for high in [true, false] {
            let at = if high {
                region.high(CELLS)
            } else {
                region.low(CELLS)
            };
            let (code, output) = ffi_solve(&input, at);
            if let Err(e) = contract::check_solve(&input, code, &output) {
                panic!("sudoku_solve broke its contract: {e}");
            }
        }
    });
});
