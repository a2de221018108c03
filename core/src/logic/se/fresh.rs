//! The static chains a nested rule can use: those through a link the outer chain made.
//!
//! Where a dynamic chain stops, the nested levels apply static forcing chains and cycles to
//! the grid the chain has changed, and keep a conclusion only when it rests on a candidate
//! the chain removed ([`super::chaining`]): a link of the static chain that reads a cell or
//! a unit where the chain removed something (a cell left with two candidates, a unit left
//! with two places for a digit). Such a link is *fresh*. Each fresh link joins two "on"
//! nodes `u` and `v` of which one holds (`¬u → v` and `¬v → u`).
//!
//! Static links come in contrapositive pairs (`a → b` and `¬b → ¬a`), so a start `s`
//! reaches `¬u` exactly when `u` reaches `¬s`. A chain from `s` to its negation through
//! the fresh link `¬u → v` therefore exists exactly when `¬s` is in the forward sets of
//! both `u` and `v`, and a loop back to `s` through it when `¬s` is in one and `s` in the
//! other. One forward search from each end of each fresh link gives, for every start at
//! once, whether any chain or cycle from it can be kept; the others need no search.

use super::nodes::{has, insert, node, NodeSet, NODES, NODE_WORDS};
use super::reach::{each_static_link, Strong};
use crate::board::CELLS;
use crate::error::Error;
use crate::logic::grid::Grid;
use crate::units::{Bits, CELL_UNITS, UNIT_MASK};

/// The "on" nodes of a word (odd bits).
const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// The starts whose static chains or cycles can pass a fresh link of one grid.
pub(super) struct Fresh {
    /// Bit `n`: a chain from `n ^ 1` to node `n` can pass a fresh link.
    chain: NodeSet,
    /// Bit `n` ("on" nodes): a loop from `n` back to itself can pass a fresh link.
    cycle: NodeSet,
    /// The forward sets of the fresh links' ends, one a node.
    sets: Vec<NodeSet>,
    /// Per node, the index of its forward set in `sets`, or `u32::MAX`.
    set_of: Vec<u32>,
    /// The fresh links, as their two "on" nodes.
    links: Vec<(u16, u16)>,
    /// Per fresh link, the indices in `sets` of its ends' forward sets.
    ends: Vec<(u32, u32)>,
    /// The forward search's queue.
    queue: Vec<u16>,
}

impl Fresh {
    /// Room for any grid, reserved here, fallibly, so that [`Fresh::make`] never allocates.
    pub(super) fn new() -> Result<Fresh, Error> {
        let mut links = Vec::new();
        let mut ends = Vec::new();
        let mut queue = Vec::new();
        let mut set_of = Vec::new();
        // At most one fresh link a cell and one a unit and digit.
        let most = CELLS + 27 * 9;
        links.try_reserve(most).map_err(|_| Error::NoMemory)?;
        ends.try_reserve(most).map_err(|_| Error::NoMemory)?;
        queue.try_reserve(NODES).map_err(|_| Error::NoMemory)?;
        set_of.try_reserve(NODES).map_err(|_| Error::NoMemory)?;
        set_of.resize(NODES, u32::MAX);
        Ok(Fresh {
            chain: [0; NODE_WORDS],
            cycle: [0; NODE_WORDS],
            sets: Vec::new(),
            set_of,
            links,
            ends,
            queue,
        })
    }

    /// Finds the fresh links of `g`, a grid a chain made by removing, per digit, the cells
    /// of `lost`; whether there is any. [`Fresh::make`] then finds the starts that can use
    /// them.
    pub(super) fn find(&mut self, g: &Grid, lost: &[u128; 9]) -> bool {
        self.find_links(g, lost);
        !self.links.is_empty()
    }

    /// Finds the starts of `g` (whose strong links are `strong`) that can use the fresh
    /// links [`Fresh::find`] found there; whether any start can.
    /// [`Error::NoMemory`] when the forward sets cannot have their room.
    pub(super) fn make(&mut self, g: &Grid, strong: &Strong) -> Result<bool, Error> {
        self.chain = [0; NODE_WORDS];
        self.cycle = [0; NODE_WORDS];
        for &(u, v) in &self.links {
            self.set_of[usize::from(u)] = u32::MAX;
            self.set_of[usize::from(v)] = u32::MAX;
        }
        self.sets.clear();
        self.sets
            .try_reserve(2 * self.links.len())
            .map_err(|_| Error::NoMemory)?;
        self.ends.clear();
        // One forward search a node: nodes are the ends of several links.
        for k in 0..self.links.len() {
            let (u, v) = self.links[k];
            let mut ends = [0u32; 2];
            for (end, from) in ends.iter_mut().zip([u, v]) {
                let i = usize::from(from);
                if self.set_of[i] == u32::MAX {
                    self.set_of[i] = self.sets.len() as u32;
                    self.sets.push([0; NODE_WORDS]);
                    if let Some(set) = self.sets.last_mut() {
                        forward(g, strong, from, set, &mut self.queue);
                    }
                }
                *end = self.set_of[i];
            }
            self.ends.push((ends[0], ends[1]));
            let (a, b) = (&self.sets[ends[0] as usize], &self.sets[ends[1] as usize]);
            for w in 0..NODE_WORDS {
                self.chain[w] |= a[w] & b[w];
                // `n` on in one set, `n ^ 1` (the bit below) in the other.
                let a_up = a[w] << 1 | if w > 0 { a[w - 1] >> 63 } else { 0 };
                let b_up = b[w] << 1 | if w > 0 { b[w - 1] >> 63 } else { 0 };
                self.cycle[w] |= (a_up & b[w] | b_up & a[w]) & ODD;
            }
        }
        Ok(self.chain.iter().chain(&self.cycle).any(|&w| w != 0))
    }

    /// Whether a static chain from `start` to its negation can pass a fresh link.
    pub(super) fn chain_from(&self, start: u16) -> bool {
        has(&self.chain, start ^ 1)
    }

    /// Whether a static loop from `start` (on) back to itself can pass a fresh link.
    pub(super) fn cycle_through(&self, start: u16) -> bool {
        has(&self.cycle, start)
    }

    /// Whether a static chain from `start` can pass a fresh link `¬u → v`: `start` reaches
    /// `¬u` (by contraposition, `u` reaches `¬start`), with `before` holding of the forward
    /// set of `u`, and `after` of that of `v`. Each is given its set's membership test:
    /// `after` asks what the chain reaches beyond the link; `before`, by contraposition
    /// again (`u` reaches `¬n` exactly when `n` reaches `¬u`), where the chain can have
    /// come from.
    pub(super) fn passes(
        &self,
        start: u16,
        before: impl Fn(&dyn Fn(u16) -> bool) -> bool,
        after: impl Fn(&dyn Fn(u16) -> bool) -> bool,
    ) -> bool {
        self.ends.iter().any(|&(i, j)| {
            let (u, v) = (&self.sets[i as usize], &self.sets[j as usize]);
            let (in_u, in_v) = (|n| has(u, n), |n| has(v, n));
            has(u, start ^ 1) && after(&in_v) && before(&in_u)
                || has(v, start ^ 1) && after(&in_u) && before(&in_v)
        })
    }

    /// The fresh links of `g`: a cell where the chain removed a candidate, left with two;
    /// a unit where it removed a digit, left with two places for it, when a chain reading
    /// that link reads this unit (the first of block, row and column holding just those two
    /// places, as [`super::chaining`] marks what a link rests on).
    fn find_links(&mut self, g: &Grid, lost: &[u128; 9]) {
        self.links.clear();
        let any_lost = lost.iter().fold(0u128, |a, &m| a | m);
        let mut m = any_lost;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let cand = g.cand[c];
            if cand.is_pair() {
                let p = cand.trailing_zeros() as usize;
                let q = (cand & (cand - 1)).trailing_zeros() as usize;
                self.links.push((node(c, p, true), node(c, q, true)));
            }
        }
        for (d, &gone) in lost.iter().enumerate() {
            if gone == 0 {
                continue;
            }
            for (u, &unit) in UNIT_MASK.iter().enumerate() {
                let places = g.pos[d] & unit;
                if gone & unit == 0 || !places.is_pair() {
                    continue;
                }
                let c1 = places.trailing_zeros() as usize;
                let c2 = (places & (places - 1)).trailing_zeros() as usize;
                let units = CELL_UNITS[c2];
                let first = [units[2], units[0], units[1]]
                    .into_iter()
                    .map(usize::from)
                    .find(|&w| g.pos[d] & UNIT_MASK[w] == places);
                if first == Some(u) {
                    self.links.push((node(c1, d, true), node(c2, d, true)));
                }
            }
        }
    }
}

/// Adds `n` to `set` and `queue` unless it is in `set`.
fn visit(set: &mut NodeSet, queue: &mut Vec<u16>, n: u16) {
    if insert(set, n) {
        queue.push(n);
    }
}

/// Adds to `set` every node static links (X and Y) reach from `from`, itself included;
/// `strong`: the strong links of `g`. `queue` has room for [`NODES`] nodes.
fn forward(g: &Grid, strong: &Strong, from: u16, set: &mut NodeSet, queue: &mut Vec<u16>) {
    queue.clear();
    visit(set, queue, from);
    let mut at = 0;
    while let Some(&n) = queue.get(at) {
        at += 1;
        each_static_link(g, strong, n, |m| visit(set, queue, m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::se::links::static_links_by_cells;

    /// Per node, whether a walk from `start` reaches it having taken a link of `fresh`
    /// (each link both ways: `¬u → v` and `¬v → u`).
    fn through_fresh(g: &Grid, fresh: &[(u16, u16)], start: u16) -> Vec<bool> {
        let mut seen = vec![[false; 2]; NODES];
        let mut todo = vec![(start, 0usize)];
        seen[usize::from(start)][0] = true;
        while let Some((n, used)) = todo.pop() {
            for m in static_links_by_cells(g, n, true, true) {
                let is_fresh = fresh
                    .iter()
                    .any(|&(u, v)| (n, m) == (u ^ 1, v) || (n, m) == (v ^ 1, u));
                let now = used.max(usize::from(is_fresh));
                if !seen[usize::from(m)][now] {
                    seen[usize::from(m)][now] = true;
                    todo.push((m, now));
                }
            }
        }
        seen.iter().map(|s| s[1]).collect()
    }

    #[test]
    fn the_starts_are_those_whose_walks_can_take_a_fresh_link() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        ];
        let mut f = Fresh::new().expect("memory");
        let (mut chains, mut cycles, mut paths, mut none) = (0, 0, 0, 0);
        for (k, p) in puzzles.into_iter().enumerate() {
            let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
            let g0 = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
            // A chain's removals: candidates of cells with three or more, spread out.
            let mut g = g0;
            let mut taken = 0;
            for c in (k * 7..CELLS).step_by(11) {
                if g.cand[c].count_ones() >= 3 && taken < 5 {
                    g.eliminate(c, 1 << g.cand[c].trailing_zeros());
                    taken += 1;
                }
            }
            let lost: [u128; 9] = core::array::from_fn(|d| g0.pos[d] & !g.pos[d]);
            let any = f.find(&g, &lost) && f.make(&g, &Strong::of(&g)).expect("memory");
            let fresh = f.links.clone();
            assert!(!fresh.is_empty(), "{p}: the removals made links");
            let is_node = |n: u16| g.cand[usize::from(n) / 18] >> (n / 2 % 9) & 1 == 1;
            // Per node of the grid, what its walks reach through a fresh link.
            let seen_from: Vec<Vec<bool>> = (0..NODES as u16)
                .map(|n| {
                    if is_node(n) {
                        through_fresh(&g, &fresh, n)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
            for start in (0..NODES as u16).filter(|&n| is_node(n)) {
                let seen = &seen_from[usize::from(start)];
                assert_eq!(
                    f.chain_from(start),
                    seen[usize::from(start ^ 1)],
                    "{p} {start}"
                );
                if start % 2 == 1 {
                    assert_eq!(
                        f.cycle_through(start),
                        seen[usize::from(start)],
                        "{p} {start}"
                    );
                    // A chain from `start` by its link to `first`, then through a fresh
                    // link to `n`: a walk from `first` through one.
                    for first in static_links_by_cells(&g, start, true, true) {
                        let seen = &seen_from[usize::from(first)];
                        for n in (1..NODES as u16).step_by(2) {
                            let expected = seen[usize::from(n)];
                            let passes = f.passes(start, |r| r(first ^ 1), |r| r(n));
                            assert_eq!(passes, expected, "{p} {start} {first} {n}");
                            paths += usize::from(expected);
                        }
                    }
                    cycles += usize::from(seen[usize::from(start)]);
                }
                chains += usize::from(seen[usize::from(start ^ 1)]);
                none += usize::from(!seen[usize::from(start ^ 1)]);
            }
            assert_eq!(any, chains + cycles > 0);
        }
        // Both answers were seen.
        assert!(
            chains > 0 && cycles > 0 && paths > 0 && none > 0,
            "{chains} {cycles} {paths} {none}"
        );
    }
}
