//! Every engine path this CPU can run (`engine::count_with`, each path forced) against the
//! plain reference (within `reference_steps()`; past them, against each other): the same
//! number of solutions up to a small limit, and a first solution that solves the board
//! exactly when the count is not zero.
//!
//! Input: the first byte picks the limit (1 to 4); the next 81 bytes make a clash-free
//! board (see `clash_free_board`), since the engines are only given such boards.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_fuzz::{clash_free_board, contract, reference_steps};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let limit = 1 + usize::from(first % 4);
    let board = clash_free_board(rest);
    if let Err(e) = contract::check_counts_within(&board, limit, reference_steps()) {
        panic!("an engine path disagrees with the reference: {e}");
    }
});
