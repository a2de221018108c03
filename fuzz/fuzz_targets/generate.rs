//! `sudoku_generate` through the C ABI, with every answer checked against the contract
//! (`contract::check_generate`): a difficulty outside 1-4 is SUDOKU_ERR_INVALID_ARGUMENT
//! (even with a NULL puzzle), then a NULL puzzle is SUDOKU_ERR_NULL, and nothing is written
//! on either; on SUDOKU_OK the puzzle holds only '1'-'9' and '.', has exactly one solution
//! as the plain reference counts (within `reference_steps()`, else as every engine path
//! agrees), the solution buffer holds it, removing any given leaves several solutions, and
//! the oracle's independent logical solver names the difficulty asked for. Also
//! `sudoku_rate` on the puzzle gives that difficulty, and the same seed and difficulty
//! give the same bytes again.
//!
//! The puzzle buffer lies against one guard page of its region and the solution buffer
//! against the other side of its own (the mode's bit 1 says which), both prefilled with
//! 0xAA. A generation takes about a millisecond uninstrumented, and the checks count
//! solutions once per given: this target runs far fewer inputs per second than the others.
//!
//! Input: an 8-byte seed, 4 bytes of difficulty, a mode byte (bit 0: the difficulty is the
//! 4 bytes as a little-endian int, any value; else it is that int mod 6, so 0-5, mostly
//! valid; bit 1: which side of the guard pages; bit 2: NULL `puzzle`, bit 3: NULL
//! `solution`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::ffi::{c_char, c_int};
use sudoku::Status;
use sudoku_core::CELLS;
use sudoku_fuzz::contract::{self, GenerateCall};
use sudoku_fuzz::{reference_steps, Guarded};

const FILL: [u8; CELLS] = [0xAA; CELLS];

thread_local! {
    static PUZZLE: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
    static SOLUTION: RefCell<Guarded> = RefCell::new(Guarded::new(CELLS));
}

/// One guarded call: the status and what the two buffers held after it (FILL when NULL).
fn generate(
    seed: u64,
    difficulty: c_int,
    low: bool,
    null_puzzle: bool,
    null_solution: bool,
) -> (c_int, [u8; CELLS], [u8; CELLS]) {
    PUZZLE.with_borrow_mut(|p| {
        SOLUTION.with_borrow_mut(|s| {
            let puzzle = p.flush(CELLS, low);
            puzzle.copy_from_slice(&FILL);
            let puzzle_ptr: *mut c_char = if null_puzzle {
                core::ptr::null_mut()
            } else {
                puzzle.as_mut_ptr().cast()
            };
            let solution = s.flush(CELLS, !low);
            solution.copy_from_slice(&FILL);
            let solution_ptr: *mut c_char = if null_solution {
                core::ptr::null_mut()
            } else {
                solution.as_mut_ptr().cast()
            };
            // SAFETY: each pointer is NULL or 81 writable bytes.
            let code =
                unsafe { sudoku::ffi::sudoku_generate(seed, difficulty, puzzle_ptr, solution_ptr) };
            let mut out = ([0u8; CELLS], [0u8; CELLS]);
            out.0.copy_from_slice(p.flush(CELLS, low));
            out.1.copy_from_slice(s.flush(CELLS, !low));
            (code, out.0, out.1)
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((seed, rest)) = data.split_first_chunk::<8>() else {
        return;
    };
    let Some((raw, rest)) = rest.split_first_chunk::<4>() else {
        return;
    };
    let seed = u64::from_le_bytes(*seed);
    let mode = rest.first().copied().unwrap_or(0);
    let raw = i32::from_le_bytes(*raw);
    let difficulty = if mode & 1 == 1 {
        raw
    } else {
        raw.rem_euclid(6)
    };
    let (low, null_puzzle, null_solution) = (mode & 2 != 0, mode & 4 != 0, mode & 8 != 0);

    let (code, puzzle, solution) = generate(seed, difficulty, low, null_puzzle, null_solution);
    let call = GenerateCall {
        seed,
        difficulty,
        code,
        puzzle: (!null_puzzle).then_some((&FILL, &puzzle)),
        solution: (!null_solution).then_some((&FILL, &solution)),
    };
    if let Err(e) = contract::check_generate(&call, reference_steps()) {
        panic!("sudoku_generate broke its contract: {e}");
    }
    if code != Status::Ok.code() {
        return;
    }
    let mut level: c_int = 0;
    // SAFETY: 81 readable bytes and a writable int.
    let rated = unsafe { sudoku::ffi::sudoku_rate(puzzle.as_ptr().cast(), &mut level) };
    assert_eq!(
        (rated, level),
        (Status::Ok.code(), difficulty),
        "sudoku_rate on the generated {}",
        String::from_utf8_lossy(&puzzle)
    );
    // The same seed and difficulty, on the other sides of the guard pages and with both
    // buffers: the same bytes.
    let again = generate(seed, difficulty, !low, false, false);
    assert_eq!(again.0, code, "seed {seed:#x}: a second status");
    assert_eq!(again.1, puzzle, "seed {seed:#x}: a second puzzle");
    if !null_solution {
        assert_eq!(again.2, solution, "seed {seed:#x}: a second solution");
    }
});
