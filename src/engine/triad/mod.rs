//! The triad engine: the fast engine for hard puzzles.
//!
//! Each box is a 4x4 matrix of 16-bit digit sets in one vector register: its nine cells,
//! and its *negative triads* (for each minirow and minicolumn, the digits that may be
//! absent from it). Every row and column of that matrix holds each digit exactly once, so
//! naked and hidden singles, and the 3-of-9 cardinality of minirows, are unit propagation
//! inside one register. Boxes exchange information only through their bands: in a band, a
//! digit's minirows form one of six permutations (the band's *configurations*), and each
//! band keeps the digits that may still take each one. That exchange carries rows,
//! columns, the boxes' own rule and locked candidates both ways. Propagation runs in
//! rounds (every box a band narrowed takes one step, then every band whose triads moved
//! updates its boxes), and the search branches on a configuration of a digit in the band
//! with the fewest left: commit to it, or rule it out.
//!
//! The engine is generic over a small set of vector primitives named by meaning, with one
//! implementation per code path ([`Path`]): AVX-512 (VL, BW, BITALG), AVX2, SSE4.1 on two
//! 128-bit halves, and portable "SIMD within a register" on `u64`s; each is tested against
//! a plain lane-by-lane twin. The search root of each path is compiled with that path's
//! target features.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod backend;
#[cfg(test)]
mod model;
mod solver;
#[cfg(target_arch = "x86_64")]
mod sse41;
mod swar;
#[cfg(test)]
mod tests;

use super::Candidates;
use super::Path;
use crate::board::Board;
use solver::{Dead, Engine, Limits, Outcome, Search, Start, State};
use swar::Swar;

/// The engine on a backend that needs no target features: the portable path ([`Swar`]),
/// and the scalar twin in tests.
macro_rules! plain_engine {
    ($backend:ty) => {
        impl Engine for $backend {
            fn count(self, start: Start, limits: Limits) -> Outcome {
                solver::count(self, start, limits)
            }
            fn descend(self, ctx: &mut Search, s: &mut State<Self>) {
                solver::search(self, ctx, s)
            }
            fn propagate(self, s: &mut State<Self>, dirty: u16, bands: u16) -> Result<(), Dead> {
                solver::propagate(self, s, dirty, bands)
            }
        }
    };
}
plain_engine!(Swar);
#[cfg(test)]
plain_engine!(model::Model);

/// Runs the engine for `path` (the portable one if this CPU cannot run `path`).
#[inline]
fn run(path: Path, start: Start, limits: Limits) -> Outcome {
    match path {
        #[cfg(target_arch = "x86_64")]
        Path::Sse41 => match sse41::Sse41::new() {
            Some(t) => t.count(start, limits),
            None => Swar.count(start, limits),
        },
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => match avx2::Avx2::new() {
            Some(t) => t.count(start, limits),
            None => Swar.count(start, limits),
        },
        #[cfg(target_arch = "x86_64")]
        Path::Avx512 => match avx512::Avx512::new() {
            Some(t) => t.count(start, limits),
            None => Swar.count(start, limits),
        },
        _ => Swar.count(start, limits),
    }
}

/// Counts the solutions of a clash-free `board` up to `limit` with the triad engine alone
/// on `path`, returning the count and the first solution found (`None` when the count is
/// 0). `None` if this CPU cannot run `path`.
pub fn count(path: Path, board: &Board, limit: usize) -> Option<(usize, Option<Board>)> {
    path.is_available()
        .then(|| count_available(path, board, limit))
}

/// The engine gave up: it took as many branching decisions as its budget allowed before it
/// could tell the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GaveUp;

/// Counts like [`count`], but gives up after `guesses` branching decisions: for a router
/// that turns to another engine when this one finds a board hard. `None` if this CPU
/// cannot run `path`.
pub fn count_budgeted(
    path: Path,
    board: &Board,
    limit: usize,
    guesses: usize,
) -> Option<Result<(usize, Option<Board>), GaveUp>> {
    path.is_available()
        .then(|| answer(run(path, Start::Board(board), Limits::new(limit, guesses))))
}

/// [`count`] on a path already known to be available (it falls back to the portable path
/// if this CPU cannot run `path`).
pub(crate) fn count_available(path: Path, board: &Board, limit: usize) -> (usize, Option<Board>) {
    let outcome = run(path, Start::Board(board), Limits::new(limit, usize::MAX));
    (outcome.found, outcome.first)
}

/// Counts like [`count_budgeted`], starting from candidates another engine reached by
/// propagation (every solution of the puzzle must be consistent with them): what the
/// router runs when the band engine gives up. Falls back to the portable path if this CPU
/// cannot run `path`.
pub(crate) fn count_from(
    path: Path,
    candidates: &Candidates,
    limit: usize,
    guesses: usize,
) -> Result<(usize, Option<Board>), GaveUp> {
    answer(run(
        path,
        Start::Candidates(candidates),
        Limits::new(limit, guesses),
    ))
}

fn answer(outcome: Outcome) -> Result<(usize, Option<Board>), GaveUp> {
    if outcome.gave_up {
        Err(GaveUp)
    } else {
        Ok((outcome.found, outcome.first))
    }
}

/// Search statistics of one count, for benches and tuning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found, at most the limit.
    pub solutions: usize,
    /// Branching decisions taken (each a binary choice on a band configuration).
    pub guesses: usize,
}

/// Counts the solutions of a clash-free `board` up to `limit` with the triad engine on
/// `path` and reports how much searching it took. `None` if this CPU cannot run `path`.
pub fn stats_with(path: Path, board: &Board, limit: usize) -> Option<Stats> {
    path.is_available().then(|| {
        let outcome = run(path, Start::Board(board), Limits::new(limit, usize::MAX));
        Stats {
            solutions: outcome.found,
            guesses: outcome.guesses,
        }
    })
}
