//! The solving engines and the choice between them.
//!
//! Every engine answers the same question, "count the solutions of this board up to a
//! limit, and give me the first one you find"; a board whose givens clash has none.
//!
//! Engines: [`band`] (a JCZ-family band solver, fastest on easy, invalid and
//! multi-solution puzzles; it can give up on a budget), [`triad`] (box vectors with
//! negative triads and band configurations, fastest on hard puzzles) and
//! [`reference`](mod@reference) (plain backtracking, for tests). The router (module
//! `router`) runs the band engine first and hands the puzzles it gives up on to the triad
//! engine; a count to a large limit that turns out to have many solutions goes back to the
//! band engine.
//!
//! The code path ([`Path`]) is chosen once per process from the CPU's features, or forced
//! with the environment variable `SUDOKU_FORCE_PATH` ([`Path::selected`]); tests and
//! benches can run any available path with [`count_with`] and [`solve_bytes_with`]. Module
//! `path` is the one place that detects the CPU and enters code with a path's target
//! features, and knows nothing of the engines; module `binding` says which primitives of
//! each engine a path's token runs.

pub mod band;
mod binding;
mod path;
pub mod reference;
mod router;
pub mod triad;
mod watch;

pub use path::{Path, FORCE_PATH_VARIABLE};
pub(crate) use router::{count, count_bytes, count_candidates_within, solve_bytes};
pub use router::{count_with, count_with_progress, solve_bytes_with, Cancelled};

/// Candidates of a clash-free board after some propagation, in the band engine's layout:
/// `self.0[b][d]` holds bit `9 * r + c` when digit `d + 1` may still go in row `3 * b + r`,
/// column `c`. Every solution of the board is consistent with them; a cell with one
/// candidate is fixed. The band engine hands them to the triad engine when it gives up, so
/// that the triad engine starts from the band engine's progress rather than the givens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidates(pub [[u32; 9]; 3]);
