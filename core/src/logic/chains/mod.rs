//! Chain techniques: X-chains (single-digit chains, simple colouring included), XY-chains
//! (chains of bivalue cells), alternating inference chains (AIC) and forcing chains.
//! `alternating.rs` holds the links and the breadth-first search of alternating chains,
//! `forcing.rs` the propagation of assumptions, its traces and the forcing stage; this
//! file what both read.
//!
//! A candidate is a node `cell * 9 + digit - 1`. Two nodes are *strongly* linked when at
//! least one of them is true (the two candidates of a bivalue cell; the two places of a digit
//! in a unit where it has exactly two and is not yet filled) and *weakly* linked when at most
//! one is true (two candidates of one cell; one digit in two cells that see each other).
//!
//! An alternating chain starts with a strong link and alternates strong and weak links, ending
//! with a strong one: if its first node A is false then its last node B is true, so A or B
//! holds and every candidate that sees both (is weakly linked to both) goes. When B and A are
//! weakly linked too, the chain closes into a continuous loop: exactly one node of each of its
//! weak links is true, and what sees both nodes of any of them goes as well. The search is a
//! breadth-first walk from every start node in a fixed order, so the chain reported is a
//! shortest one, the first in that order among those of its length.
//!
//! Forcing chains assume a candidate and propagate naked and hidden singles and locked
//! candidates (on per-digit bitboards, all assumptions in lockstep, one round at a time, so
//! the first failure is a shortest one). An assumption that empties a cell or leaves a digit
//! no place in a unit is false (contradiction). When no assumption fails, every candidate of a
//! cell (cell forcing) or every place of a digit in a unit (unit forcing) is tried: what all
//! branches agree on holds.
//!
//! The grid is the logical solver's ([`super::grid::Grid`]), whose per-digit bitboards the
//! searches read: filled cells are outside every chain, an open cell never keeps the digit of
//! a filled peer, and only candidates present are removed. Alternating chains have at least three links (a single strong link only gives
//! locked candidates). Each function also finds what a simpler technique would (an XY-chain
//! of two cells is a naked pair): callers try the simpler techniques first.
//!
//! Patterns: for an alternating chain, every node of the chain; for a forcing chain, the
//! assumption (or each branch's), the placements and locked groups the conclusion rests on,
//! traced back step by step, and for a contradiction the candidates of the failing cell or of
//! the digit in the failing unit.
//!
//! Nothing here assumes the puzzle has a unique solution: every step holds in every completion
//! of the board that keeps the candidates' solution digits. An inconsistent grid (clashing
//! digits, a value above 9, a contradiction by singles) gives `None` or a step that holds
//! vacuously; nothing panics.

use super::grid::Grid;

/// What a chain technique found. `removed[c]`: candidates (bit d-1) removed from cell c (only
/// candidates present in `cands`); `pattern[c]`: the candidates making up the chain (what a
/// player must look at to see it); `place`: Some((cell, digit)) when the step places a digit
/// (forcing chains may), else None.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChainFind {
    pub(crate) removed: [u16; 81],
    pub(crate) pattern: [u16; 81],
    pub(crate) place: Option<(usize, u8)>,
}

impl ChainFind {
    /// Nothing removed, placed or shown yet.
    pub(crate) fn empty() -> ChainFind {
        ChainFind {
            removed: [0; 81],
            pattern: [0; 81],
            place: None,
        }
    }
}

mod alternating;
mod dynamic;
mod forcing;
#[cfg(test)]
mod tests;

pub(crate) use alternating::{aic, x_chain_of, xy_chain};
#[cfg(test)]
pub(crate) use dynamic::nishio;
pub(crate) use dynamic::{dynamic, nested, nishio_of};
#[cfg(test)]
pub(crate) use forcing::forcing_chain;
pub(crate) use forcing::{forcing_chain_of, Forcing, NoMemory};

/// Number of candidate nodes (cell * 9 + digit - 1).
const NODES: usize = 729;

/// What the chains read of the grid ([`Grid`], the logical solver's): the candidates of
/// the open cells and, per digit, its open places and filled cells.
impl Grid {
    /// Whether node `n` is a candidate.
    #[cfg(test)]
    fn has(&self, n: usize) -> bool {
        self.cand[n / 9] >> (n % 9) & 1 != 0
    }
}
