//! Inputs found by fuzzing (fuzz/run.sh), kept so that every `cargo test` checks them:
//! through the C ABI against the contract, and on every engine path against the
//! reference. Add each new finding here with the date and what it exposed.

mod common;

use common::contract::{check_counts, check_solve, expected_status};
use common::ffi;
use sudoku::Status;
use sudoku_core::Board;

/// (board, the status the contract names, what the input exposed)
const FOUND: &[(&str, Status, &str)] = &[
    (
        "6.....4.....6....7...4..6...695.......4..6..........792.3.6.....57...............",
        Status::NoSolution,
        "count_paths: clash-free, no solution; the reference branched on cells only \
     then and took seconds to refute it (libFuzzer timeout); it now branches on a unit's \
     places for a digit too",
    ),
    (
        "...3.......8...5...352..6.....5.1.87.5.6.4..............................6.....4..",
        Status::NoSolution,
        "solve: clash-free, no solution, and the slowest input found so far: about \
     26 ms for the singles engine and 120 ms for the reference (release build), where \
     typical boards take microseconds",
    ),
    (
        "3............148..........915.2.9....291.5.......................................",
        Status::NoSolution,
        "count_paths (a libFuzzer timeout): no \
     solution, since rows 3-4 put 1, 2, 5 and 9 in boxes 3 and 4, so row 5 needs all four in \
     its three cells of box 5. The singles engine takes about 3-4 s (release build) to refute \
     it, the reference 15 µs: the engine branches on cells with two candidates in the open \
     rows above and only meets the dead row deep in each branch. The router that replaced it \
     refutes it in microseconds on the vector paths and in about 0.4 ms on the portable \
     path (the band engine's guess budget hands it to the triad engine)",
    ),
    (
        "0.........0.345000000000001........................5346.07..00.........5.34500000",
        Status::Ok,
        "batch (a libFuzzer timeout): \
     several solutions, and the triad engine took 340,866 guesses (60-100 ms on the vector \
     paths) where the band engine needs two dozen. The router now gives the triad engine a \
     budget and turns back to the band engine past it (core/src/engine/router.rs, `in_turn`): \
     about 1 ms",
    ),
];

#[test]
fn fuzz_findings_keep_their_contract() {
    for &(text, expected, why) in FOUND {
        let input: [u8; 81] = text.as_bytes().try_into().expect("81 bytes");
        assert_eq!(expected_status(&input), Ok(expected), "{text}: {why}");
        let (code, board) = ffi::solve(&input);
        assert_eq!(code, expected.code(), "{text}: {why}");
        check_solve(&input, code, &board).unwrap_or_else(|e| panic!("{e}: {why}"));
        if let Ok(b) = Board::from_bytes(&input) {
            if b.conflict().is_none() {
                check_counts(&b, 2).unwrap_or_else(|e| panic!("{e}: {why}"));
            }
        }
    }
}
