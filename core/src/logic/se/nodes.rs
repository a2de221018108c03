//! The nodes of the chains, shared by every file that searches or links them: a candidate
//! assumed on or off, numbered `(cell * 9 + digit) * 2`, plus one when "on" (digit 0-8),
//! so that a node and its negation differ in the lowest bit; and sets of nodes as bitsets.

use crate::board::CELLS;
use crate::logic::grid::Grid;
use crate::units::PEER_MASK;

/// The number of nodes of a grid, reached or not.
pub(super) const NODES: usize = CELLS * 9 * 2;

/// 64-bit words of a set of nodes.
pub(super) const NODE_WORDS: usize = NODES.div_ceil(64);

/// A set of nodes: bit `n % 64` of word `n / 64` for node `n`.
pub(super) type NodeSet = [u64; NODE_WORDS];

/// Whether node `n` is in `set`.
pub(super) fn has(set: &NodeSet, n: u16) -> bool {
    let n = usize::from(n);
    set[n / 64] >> (n % 64) & 1 == 1
}

/// Adds node `n` to `set`; whether it was not there.
pub(super) fn insert(set: &mut NodeSet, n: u16) -> bool {
    let n = usize::from(n);
    let new = set[n / 64] >> (n % 64) & 1 == 0;
    set[n / 64] |= 1 << (n % 64);
    new
}

/// The node of candidate (`cell`, `d`) (digit 0-8), on or off.
pub(super) fn node(cell: usize, d: usize, on: bool) -> u16 {
    ((cell * 9 + d) * 2 + usize::from(on)) as u16
}

/// The cell, digit (0-8) and state of a node.
pub(super) fn parts(n: u16) -> (usize, usize, bool) {
    let n = usize::from(n);
    (n / 18, n / 2 % 9, n % 2 == 1)
}

/// Per digit, the cells of `within` that have it and see a node of `nodes` where it is on
/// and one where it is off: what a loop of those nodes removes, as Sudoku Explainer
/// cancels (the cells off the loop as `within`).
pub(super) fn cancelled(g: &Grid, nodes: impl IntoIterator<Item = u16>, within: u128) -> [u128; 9] {
    let mut seen_on = [0u128; 9];
    let mut seen_off = [0u128; 9];
    for n in nodes {
        let (cell, d, on) = parts(n);
        let seen = if on { &mut seen_on } else { &mut seen_off };
        seen[d] |= PEER_MASK[cell];
    }
    core::array::from_fn(|d| g.pos[d] & within & seen_on[d] & seen_off[d])
}

/// Calls `visit` with the "off" node of each candidate of `cell` on `g` not in `but`: what
/// placing a digit there removes, and where a candidate on links within its cell.
pub(super) fn each_other(g: &Grid, cell: usize, but: u16, mut visit: impl FnMut(u16)) {
    let mut m = g.cand[cell] & !but;
    while m != 0 {
        let e = m.trailing_zeros() as usize;
        m &= m - 1;
        visit(node(cell, e, false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate gives two nodes, each within range, that name it back, and whose
    /// negation is the other.
    #[test]
    fn a_node_names_its_candidate_and_state() {
        let mut seen = [false; NODES];
        for cell in 0..CELLS {
            for d in 0..9 {
                for on in [false, true] {
                    let n = node(cell, d, on);
                    assert_eq!(parts(n), (cell, d, on));
                    assert_eq!(parts(n ^ 1), (cell, d, !on));
                    assert!(!seen[usize::from(n)], "{n} twice");
                    seen[usize::from(n)] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// A set holds what was inserted and nothing else, each node once.
    #[test]
    fn a_set_holds_what_was_inserted() {
        let mut set: NodeSet = [0; NODE_WORDS];
        let ins = [0u16, 1, 63, 64, 65, 700, NODES as u16 - 1];
        for &n in &ins {
            assert!(insert(&mut set, n), "{n} new");
            assert!(!insert(&mut set, n), "{n} again");
        }
        for n in 0..NODES as u16 {
            assert_eq!(has(&set, n), ins.contains(&n), "{n}");
        }
    }
}
