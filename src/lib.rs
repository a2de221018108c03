//! libsudoku: a fast Sudoku solver that never crashes its host, with a C ABI.
//!
//! The C interface (see `include/sudoku.h`, generated from [`ffi`]) works on flat 81-byte
//! boards, row by row, `'1'`-`'9'` for givens and `'.'` or `'0'` for blanks, and reports a
//! [`Status`]. The same operations are available to Rust here:
//!
//! ```
//! let mut board = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! assert_eq!(sudoku::solve_bytes(&mut board), sudoku::Status::Ok);
//! assert_eq!(&board[..9], b"534678912");
//! ```
//!
//! The toolkit around the solver:
//!
//! | Rust | C | what it does |
//! | --- | --- | --- |
//! | [`solve()`], [`solve_bytes()`] | `sudoku_solve` | solves one board |
//! | [`count_solutions()`] | `sudoku_count_solutions` | counts solutions up to a limit (2: uniqueness) |
//! | [`count_solutions_with_progress()`] | `sudoku_count_solutions_with_progress` | the same, reporting progress and stoppable |
//! | [`solve_batch()`] | `sudoku_solve_batch` | solves many boards in place on several threads |
//! | [`rate()`] | `sudoku_rate` | rates a proper puzzle [`Difficulty::Easy`] to [`Difficulty::Extreme`] |
//! | [`candidates()`] | `sudoku_candidates` | the candidates the filled cells leave |
//! | [`hint()`] | `sudoku_hint` | the simplest step that makes progress, with its technique and pattern |
//! | [`apply_step()`] | `sudoku_apply_step` | applies a step to a board and its candidates |
//! | [`generate()`] | `sudoku_generate` | a seeded proper, minimal puzzle of a chosen difficulty |
//!
//! ```
//! use sudoku::Difficulty;
//! let (puzzle, solution) = sudoku::generate(42, Difficulty::Medium);
//! assert_eq!(sudoku::count_solutions(&puzzle, 2).map(|c| c.count), Ok(1));
//! assert_eq!(sudoku::rate(&puzzle), Ok(Difficulty::Medium));
//! assert_eq!(sudoku::solve(&puzzle), Ok(solution));
//! ```
//!
//! Modules: [`board`] (cells, parsing, validation), [`status`] (the status enum),
//! [`engine`] (the solvers), [`mod@count`] (counting solutions), [`batch`] (batch solving on
//! threads), [`difficulty`] (the levels), [`logic`] (the logical solver: candidates, hints, the rating), [`mod@generate`]
//! (seeded generation), [`ffi`] (every `extern "C"` function).

pub mod batch;
pub mod board;
pub mod count;
pub mod difficulty;
pub mod engine;
pub mod ffi;
pub mod generate;
pub mod logic;
pub mod rng;
pub mod status;
mod unavoidable;
mod units;

pub use batch::{solve_batch, solve_batch_into};
pub use board::{Board, CELLS};
pub use count::{count_solutions, count_solutions_with_progress, Count, Uniqueness};
pub use difficulty::Difficulty;
pub use generate::generate;
pub use logic::{apply_step, candidates, hint, rate, walk, Step, Technique};
pub use status::Status;

/// Solves `board`, returning its first solution.
///
/// Fails with [`Status::ErrConflict`] if two equal givens share a unit, and with
/// [`Status::NoSolution`] if no grid completes the givens.
pub fn solve(board: &Board) -> Result<Board, Status> {
    board.check_conflicts()?;
    engine::count(board, 1).1.ok_or(Status::NoSolution)
}

/// Solves an 81-byte board in place, with exactly the contract of the C `sudoku_solve`:
/// on [`Status::Ok`] the bytes hold a complete valid grid keeping every given; on every
/// other status they are unchanged.
///
/// All 81 bytes are checked before anything else, so [`Status::ErrInvalidChar`] wins over
/// [`Status::ErrConflict`]. The engine reads the bytes directly: one pass finds bad
/// characters, clashing givens and the givens themselves, with no heap allocation.
pub fn solve_bytes(board: &mut [u8; CELLS]) -> Status {
    engine::solve_bytes(board)
}
