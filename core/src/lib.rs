//! The safe core of libsudoku: the solving engines, counting, batch solving, the logical
//! solver (candidates, hints, rating) and generation, in idiomatic Rust.
//!
//! The C library (`libsudoku`, with `sudoku.h`), the `sudoku` command line and the
//! WebAssembly package are front doors over this crate. Boards are 81 cells, row by row:
//! `'1'`-`'9'` for givens and `'.'` or `'0'` for blanks in their byte form, digits 1-9 and
//! 0 in a [`Board`].
//!
//! ```
//! let mut board = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! assert_eq!(sudoku_core::solve_bytes(&mut board), Ok(()));
//! assert_eq!(&board[..9], b"534678912");
//! ```
//!
//! | function | what it does |
//! | --- | --- |
//! | [`solve()`], [`solve_bytes()`] | solves one board |
//! | [`count_solutions()`] | counts solutions up to a limit (2: uniqueness) |
//! | [`count_solutions_with_progress()`] | the same, reporting progress and stoppable |
//! | [`solve_batch()`] | solves many boards in place on several threads |
//! | [`rate()`] | rates a proper puzzle [`Difficulty::Easy`] to [`Difficulty::Extreme`] |
//! | [`candidates()`] | the candidates the filled cells leave |
//! | [`hint()`] | the simplest step that makes progress, with its technique and pattern |
//! | [`apply_step()`] | applies a step to a board and its candidates |
//! | [`generate()`] | a seeded proper, minimal puzzle of a chosen difficulty |
//! | [`generate_with()`] | the same with options: symmetry, pattern, givens range, technique |
//!
//! ```
//! use sudoku_core::Difficulty;
//! let (puzzle, solution) = sudoku_core::generate(42, Difficulty::Medium);
//! assert_eq!(sudoku_core::count_solutions(&puzzle, 2).map(|c| c.count), Ok(1));
//! assert_eq!(sudoku_core::rate(&puzzle), Ok(Difficulty::Medium));
//! assert_eq!(sudoku_core::solve(&puzzle), Ok(solution));
//! ```
//!
//! Modules: [`board`] (cells, parsing, validation), [`error`] (the error enum), [`engine`]
//! (the solvers and code paths), [`mod@count`] (counting solutions), [`batch`] (batch
//! solving on threads), [`difficulty`] (the levels), [`logic`] (the logical solver),
//! [`mod@generate`] (seeded generation), [`mod@generate_with`] (generation with options), [`canonical`] (canonical forms and equivalent
//! boards), [`symmetry`] (the symmetries of givens as cell orbits), [`sukaku`] (pencil-mark
//! puzzles), [`rng`] (the seeded generator) and `platform` (the few operating-system calls:
//! threads, cores, the environment).
//!
//! Unsafe code is denied in the whole crate and allowed only where it must be: the SIMD
//! primitives of the engines (behind a code path's token) and the platform layer.

#![deny(unsafe_code)]

// The unit tests include the integration tests' corpus reader, which names this crate.
#[cfg(test)]
extern crate self as sudoku_core;

pub mod batch;
pub mod board;
pub mod canonical;
pub mod count;
pub mod difficulty;
pub mod engine;
pub mod error;
pub mod generate;
pub mod generate_with;
pub mod logic;
mod platform;
pub mod rng;
pub mod sukaku;
pub mod symmetry;
mod unavoidable;
mod units;

pub use batch::{solve_batch, solve_batch_into};
pub use board::{Board, CELLS};
pub use count::{count_solutions, count_solutions_with_progress, Count, Uniqueness};
pub use difficulty::Difficulty;
pub use error::Error;
pub use generate::generate;
pub use generate_with::{generate_with, GenerateOptions};
pub use logic::se::{rate_se, SeRater, SeRating};
pub use logic::{apply_step, candidates, hint, rate, walk, Step, Technique};

/// Solves `board`, returning its first solution.
///
/// Fails with [`Error::Conflict`] if two equal givens share a unit, and with
/// [`Error::NoSolution`] if no grid completes the givens.
pub fn solve(board: &Board) -> Result<Board, Error> {
    board.check_conflicts()?;
    engine::count(board, 1).1.ok_or(Error::NoSolution)
}

/// Solves an 81-byte board in place: on `Ok` the bytes hold a complete valid grid keeping
/// every given; on every error they are unchanged.
///
/// All 81 bytes are checked before anything else, so [`Error::InvalidChar`] wins over
/// [`Error::Conflict`]. The engine reads the bytes directly: one pass finds bad
/// characters, clashing givens and the givens themselves, with no heap allocation.
pub fn solve_bytes(board: &mut [u8; CELLS]) -> Result<(), Error> {
    engine::solve_bytes(board)
}
