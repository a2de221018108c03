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
//! The engine is generic over a small set of vector primitives named by meaning
//! (`BoxOps`), with one implementation per code path ([`Path`]), for the path's token:
//! AVX-512 (VL, BW, BITALG), AVX2, SSE4.1, NEON and WebAssembly SIMD128 on two 128-bit
//! halves, and portable "SIMD within a register" on `u64`s; each is tested against a plain
//! lane-by-lane twin.
//! The engine is entered on each path through the path's way in (`crate::engine::path`),
//! compiled with that path's target features.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod backend;
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod half;
#[cfg(test)]
mod model;
#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
mod solver;
#[cfg(target_arch = "x86_64")]
mod sse41;
mod swar;
#[cfg(test)]
mod tests;

pub(crate) use backend::BoxOps;

use super::binding::{Engine, Job, Token};
use super::watch::{Unwatched, Watch};
use super::Candidates;
use super::Path;
use crate::board::Board;
use solver::{Limits, Outcome, Start};

/// One count of the engine, as a job for any path.
struct Count<'a, W: Watch> {
    start: Start<'a>,
    limits: Limits,
    watch: &'a mut W,
}

impl<W: Watch> Job for Count<'_, W> {
    const ENGINE: Engine = Engine::Triad;
    type Output = Outcome;
    #[inline(always)]
    fn run<T: Token>(self, t: T) -> Outcome {
        solver::count(t, self.start, self.limits, self.watch)
    }
}

/// Runs the engine on `path`; `None` if this CPU cannot run it.
#[inline]
fn run(path: Path, start: Start, limits: Limits) -> Option<Outcome> {
    run_watched(path, start, limits, &mut Unwatched)
}

/// [`run`] telling `watch` of every guess; the count gives up when the watch asks to stop.
#[inline]
fn run_watched<W: Watch>(
    path: Path,
    start: Start,
    limits: Limits,
    watch: &mut W,
) -> Option<Outcome> {
    path.run(Count {
        start,
        limits,
        watch,
    })
}

/// Counts the solutions of a clash-free `board` up to `limit` with the triad engine alone
/// on `path`, returning the count and the first solution found (`None` when the count is
/// 0). `None` if this CPU cannot run `path`.
pub fn count(path: Path, board: &Board, limit: usize) -> Option<(usize, Option<Board>)> {
    let outcome = run(path, Start::Board(board), Limits::new(limit, usize::MAX))?;
    Some((outcome.found, outcome.first))
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
    run(path, Start::Board(board), Limits::new(limit, guesses)).map(answer)
}

/// Counts like [`count_budgeted`], starting from candidates another engine reached by
/// propagation (every solution of the puzzle must be consistent with them): what the
/// router runs when the band engine gives up. `None` if this CPU cannot run `path`.
/// The count gives up as soon as `watch` asks to stop.
pub(crate) fn count_from<W: Watch>(
    path: Path,
    candidates: &Candidates,
    limit: usize,
    guesses: usize,
    watch: &mut W,
) -> Option<Result<(usize, Option<Board>), GaveUp>> {
    let limits = Limits::new(limit, guesses);
    run_watched(path, Start::Candidates(candidates), limits, watch).map(answer)
}

fn answer(outcome: Outcome) -> Result<(usize, Option<Board>), GaveUp> {
    // A count its watch stopped ends like one out of budget: the caller asks the watch.
    if outcome.gave_up || outcome.stopped {
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
    let outcome = run(path, Start::Board(board), Limits::new(limit, usize::MAX))?;
    Some(Stats {
        solutions: outcome.found,
        guesses: outcome.guesses,
    })
}
