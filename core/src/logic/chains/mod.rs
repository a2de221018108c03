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
//! The grid: filled cells are outside every chain; an empty cell's candidates first lose the
//! digits of its filled peers (a player's grid may keep them); only candidates present are
//! removed. Alternating chains have at least three links (a single strong link only gives
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

use crate::units::{ALL_DIGITS, PEER_MASK};

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

mod alternating;
mod forcing;
#[cfg(test)]
mod tests;

pub(crate) use alternating::{aic, x_chain_of, xy_chain};
pub(crate) use forcing::{forcing_chain, NoMemory};

/// Number of candidate nodes (cell * 9 + digit - 1).
const NODES: usize = 729;

/// The board as the chains see it: candidates of the empty cells with every digit of a filled
/// peer removed, and per digit the cells holding it as a candidate or as a filled digit.
struct Grid {
    /// Candidates of each empty cell (bit d-1); 0 for a filled cell.
    cand: [u16; 81],
    /// Per digit (0-8), the empty cells that have it as a candidate.
    pos: [u128; 9],
    /// Per digit, the cells where it is filled.
    filled: [u128; 9],
}

impl Grid {
    /// Reads the caller's grid; `None` when two filled cells of a unit hold the same digit
    /// (no completion: nothing to find).
    fn new(digits: &[u8; 81], cands: &[u16; 81]) -> Option<Grid> {
        let mut filled = [0u128; 9];
        let mut open = 0u128;
        for (c, &d) in digits.iter().enumerate() {
            match d {
                0 => open |= 1 << c,
                1..=9 => {
                    let d = d as usize - 1;
                    if filled[d] & PEER_MASK[c] != 0 {
                        return None;
                    }
                    filled[d] |= 1 << c;
                }
                // Not a digit: no completion, nothing to find.
                _ => return None,
            }
        }
        let mut cand = [0u16; 81];
        let mut pos = [0u128; 9];
        for c in 0..81 {
            if open >> c & 1 == 0 {
                continue;
            }
            let mut m = cands[c] & ALL_DIGITS;
            for (d, f) in filled.iter().enumerate() {
                if f & PEER_MASK[c] != 0 {
                    m &= !(1 << d);
                }
            }
            cand[c] = m;
            for (d, p) in pos.iter_mut().enumerate() {
                if m >> d & 1 != 0 {
                    *p |= 1 << c;
                }
            }
        }
        Some(Grid { cand, pos, filled })
    }

    fn has(&self, n: usize) -> bool {
        self.cand[n / 9] >> (n % 9) & 1 != 0
    }
}
