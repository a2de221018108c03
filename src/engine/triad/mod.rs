//! The triad engine: boxes as SIMD vectors of digit sets with negative triads, bands as
//! sets of permutation configurations, unit propagation between them, and a binary search
//! on band configurations. See [`solver`] for the model and [`backend`] for the
//! primitives each code path implements.

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

use super::Path;
use crate::board::Board;
use solver::{Dead, Engine, Outcome, Search, State};
use swar::Swar;

/// The engine on a backend that needs no target features: the portable path ([`Swar`]),
/// and the scalar twin in tests.
macro_rules! plain_engine {
    ($backend:ty) => {
        impl Engine for $backend {
            fn count(self, board: &Board, limit: usize) -> Outcome {
                solver::count(self, board, limit)
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
fn run(path: Path, board: &Board, limit: usize) -> Outcome {
    match path {
        #[cfg(target_arch = "x86_64")]
        Path::Sse41 => match sse41::Sse41::new() {
            Some(t) => t.count(board, limit),
            None => Swar.count(board, limit),
        },
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => match avx2::Avx2::new() {
            Some(t) => t.count(board, limit),
            None => Swar.count(board, limit),
        },
        #[cfg(target_arch = "x86_64")]
        Path::Avx512 => match avx512::Avx512::new() {
            Some(t) => t.count(board, limit),
            None => Swar.count(board, limit),
        },
        _ => Swar.count(board, limit),
    }
}

/// Counts the solutions of a clash-free `board` up to `limit` on `path`, returning the
/// count and the first solution found (`None` when the count is 0). Falls back to the
/// portable path if this CPU cannot run `path`.
pub(crate) fn count(path: Path, board: &Board, limit: usize) -> (usize, Option<Board>) {
    let (n, first, _) = run(path, board, limit);
    (n, first)
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
        let (solutions, _, guesses) = run(path, board, limit);
        Stats { solutions, guesses }
    })
}
