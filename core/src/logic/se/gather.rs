//! The conclusions a nested rule gathers (every conclusion of a chain level on the grid an
//! outer chain made), kept only where they can matter to the outer chain.
//!
//! The outer chain applies them easiest first, and each removal reaches its node once: the
//! first conclusion in that order that removes a candidate decides the candidate's
//! parents; a conclusion that rests on nothing the outer chain removed is passed over.
//! So a conclusion is kept only if it rests on a removed candidate and comes first, so
//! far, for one of the candidates it removes; one that every later conclusion beats for
//! all of its candidates is dropped when the level ends. What is applied, and in what
//! order, is what applying every conclusion would do.

use super::chaining::Best;
use super::nodes::{each_other, node, parts, NODES};
use super::Found;
use crate::board::CELLS;
use crate::error::Error;
use crate::logic::grid::Grid;
use crate::units::cells_of;

/// No conclusion comes first for the node.
const NONE: u32 = u32::MAX;

/// The order of conclusions, as Sudoku Explainer sorts a nested level's hints: rating,
/// complexity, kind of chain (then the order found).
type Order = (i32, usize, u8);

/// The conclusions of one nested level on one grid.
pub(super) struct Gathered {
    /// The conclusions kept, in the order found until [`Gathered::finish`] sorts them.
    hints: Vec<Best>,
    /// Per kept conclusion, whether it comes first for one of its candidates (or removes
    /// none: it still tells the outer chain that the rule applied).
    first: Vec<bool>,
    /// Per node, the kept conclusion that comes first among those removing it, or [`NONE`].
    winner: Vec<u32>,
    /// The nodes with a winner, to clear them.
    claimed: Vec<u16>,
    /// Per cell, the candidates the outer chain removed.
    lost: [u16; CELLS],
    /// Conclusions found so far (kept or not): the order of the next.
    found: u32,
}

impl Gathered {
    /// Room for every node's winner; nothing gathered.
    pub(super) fn new() -> Result<Gathered, Error> {
        let mut winner = Vec::new();
        winner.try_reserve(NODES).map_err(|_| Error::NoMemory)?;
        winner.resize(NODES, NONE);
        let mut claimed = Vec::new();
        claimed.try_reserve(NODES).map_err(|_| Error::NoMemory)?;
        Ok(Gathered {
            hints: Vec::new(),
            first: Vec::new(),
            winner,
            claimed,
            lost: [0; CELLS],
            found: 0,
        })
    }

    /// Starts gathering for an outer chain that removed, per digit, the cells of `lost`.
    pub(super) fn start(&mut self, lost: &[u128; 9]) {
        for &n in &self.claimed {
            self.winner[usize::from(n)] = NONE;
        }
        self.claimed.clear();
        self.hints.clear();
        self.first.clear();
        self.found = 0;
        self.lost = [0; CELLS];
        for (d, &cells) in lost.iter().enumerate() {
            for c in cells_of(cells) {
                self.lost[c] |= 1 << d;
            }
        }
    }

    /// Whether a conclusion `f` on `g`, in `order`, would come first for one of the nodes
    /// it removes (or removes none): whether it is worth finding what it rests on.
    pub(super) fn may_come_first(&self, g: &Grid, f: &Found, order: Order) -> bool {
        let mut none = true;
        let mut first = false;
        each_removed(g, f, |n| {
            none = false;
            first |= self.beats(n, order);
        });
        first || none
    }

    /// [`Gathered::may_come_first`] for the conclusion of one node `n` on `g` (placed when
    /// on, removed when off).
    pub(super) fn node_may_come_first(&self, g: &Grid, n: u16, order: Order) -> bool {
        let (cell, d, on) = parts(n);
        if !on {
            return self.beats(n, order);
        }
        let mut none = true;
        let mut first = false;
        each_other(g, cell, 1 << d, |n| {
            none = false;
            first |= self.beats(n, order);
        });
        first || none
    }

    /// Whether a conclusion in `order` comes before the kept one that comes first for `n`.
    fn beats(&self, n: u16, order: Order) -> bool {
        comes_before(&self.hints, self.winner[usize::from(n)], order)
    }

    /// Keeps `b`, found on `g`, if it rests on a candidate the outer chain removed and
    /// comes first for one of its nodes (or removes none).
    pub(super) fn keep(&mut self, g: &Grid, mut b: Best) -> Result<(), Error> {
        b.seq = self.found;
        self.found += 1;
        let rests = b.rests.iter().zip(&self.lost).any(|(&r, &l)| r & l != 0);
        let order = order_of(&b);
        if !rests || !self.may_come_first(g, &b.found, order) {
            return Ok(());
        }
        if self.hints.len() == self.hints.capacity() {
            self.hints.try_reserve(64).map_err(|_| Error::NoMemory)?;
        }
        if self.first.len() == self.first.capacity() {
            self.first.try_reserve(64).map_err(|_| Error::NoMemory)?;
        }
        let k = self.hints.len() as u32;
        let mut none = true;
        let (winner, claimed, hints) = (&mut self.winner, &mut self.claimed, &self.hints);
        each_removed(g, &b.found, |n| {
            none = false;
            let w = &mut winner[usize::from(n)];
            if *w == NONE {
                // Each node once: within the room reserved for every node.
                if claimed.len() < claimed.capacity() {
                    claimed.push(n);
                }
                *w = k;
            } else if comes_before(hints, *w, order) {
                *w = k;
            }
        });
        self.hints.push(b);
        self.first.push(none);
        Ok(())
    }

    /// Drops the conclusions that come first for none of their nodes and sorts the others
    /// easiest first: the conclusions the outer chain applies, in its order.
    pub(super) fn finish(&mut self) {
        for &n in &self.claimed {
            if let Some(f) = self.first.get_mut(self.winner[usize::from(n)] as usize) {
                *f = true;
            }
        }
        let mut i = 0;
        self.hints.retain(|_| {
            i += 1;
            self.first[i - 1]
        });
        self.hints
            .sort_unstable_by_key(|b| (b.found.rating, b.complexity, b.key, b.seq));
    }

    /// The conclusions, easiest first once [`Gathered::finish`] has run.
    pub(super) fn hints(&self) -> &[Best] {
        &self.hints
    }
}

/// A conclusion's place in the order.
fn order_of(b: &Best) -> Order {
    (b.found.rating, b.complexity, b.key)
}

/// Whether a conclusion in `order` comes before `hints[w]`, the winner of a node
/// ([`NONE`]: it has none).
fn comes_before(hints: &[Best], w: u32, order: Order) -> bool {
    w == NONE || hints.get(w as usize).is_none_or(|h| order < order_of(h))
}

/// Calls `visit` with each "off" node conclusion `f` reaches on `g`: its removals, and a
/// placement's other candidates in its cell.
fn each_removed(g: &Grid, f: &Found, mut visit: impl FnMut(u16)) {
    for (c, &r) in f.removed.iter().enumerate() {
        let mut m = r & g.cand[c];
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            visit(node(c, e, false));
        }
    }
    if let Some((cell, digit)) = f.placement {
        each_other(g, cell, 1 << (digit - 1) | f.removed[cell], visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::se::{SeRule, SeStep};

    /// Per node, the order (`seq`) of the conclusion that reaches it when `hints` are
    /// applied in turn, each node by the first that removes it.
    fn applied(g: &Grid, hints: &[&Best]) -> Vec<Option<u32>> {
        let mut by = vec![None; NODES];
        for h in hints {
            each_removed(g, &h.found, |n| {
                by[usize::from(n)].get_or_insert(h.seq);
            });
        }
        by
    }

    /// What the outer chain applies from the gathered conclusions is what it applies from
    /// all of them, sorted, those resting on nothing removed passed over; and only
    /// conclusions that reach a node (or remove none) are left.
    #[test]
    fn the_kept_conclusions_apply_as_all_of_them_do() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
        let g0 = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
        let mut g = g0;
        for c in (3..CELLS).step_by(7) {
            if g.cand[c].count_ones() >= 3 {
                g.eliminate(c, 1 << g.cand[c].trailing_zeros());
            }
        }
        let lost: [u128; 9] = core::array::from_fn(|d| g0.pos[d] & !g.pos[d]);
        let open: Vec<(usize, usize)> = (0..CELLS)
            .flat_map(|c| (0..9).map(move |d| (c, d)))
            .filter(|&(c, d)| g.cand[c] >> d & 1 == 1)
            .collect();
        let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: usize| rng.below(n);
        let mut gathered = Gathered::new().expect("memory");
        let (mut dropped, mut passed_over) = (0, 0);
        for round in 0..40 {
            gathered.start(&lost);
            let mut all = Vec::new();
            for seq in 0..200u32 {
                // Few candidates, so that conclusions share them.
                let (c, d) = open[next(12 + round)];
                let complexity = 2 + next(30);
                let found = if next(4) == 0 {
                    Found::placing(SeRule::NestedForcingChain, 90, c, d as u8 + 1)
                } else {
                    let mut removed = [0u16; CELLS];
                    removed[c] = 1 << d;
                    let (c2, d2) = open[next(open.len())];
                    if next(3) == 0 {
                        removed[c2] |= 1 << d2;
                    }
                    Found::removing(SeRule::NestedForcingChain, 90, removed)
                };
                let mut rests = [0u16; CELLS];
                rests[next(CELLS)] = 0x1FF;
                let b = Best {
                    found: SeStep {
                        rating: 85 + complexity as i32 / 8,
                        ..found
                    },
                    complexity,
                    rests,
                    seq,
                    key: next(3) as u8,
                };
                all.push(Best { ..b });
                gathered.keep(&g, b).expect("memory");
            }
            gathered.finish();
            let lost_at = |b: &Best| {
                (0..CELLS)
                    .any(|c| (0..9).any(|d| b.rests[c] >> d & 1 == 1 && lost[d] >> c & 1 == 1))
            };
            let mut expected: Vec<&Best> = all.iter().filter(|b| lost_at(b)).collect();
            passed_over += all.len() - expected.len();
            expected.sort_by_key(|b| (b.found.rating, b.complexity, b.key, b.seq));
            let kept: Vec<&Best> = gathered.hints().iter().collect();
            dropped += expected.len() - kept.len();
            assert_eq!(applied(&g, &kept), applied(&g, &expected), "round {round}");
            for w in kept.windows(2) {
                assert!(order_of(w[0]) <= order_of(w[1]), "sorted");
            }
            let by = applied(&g, &kept);
            for b in &kept {
                let mut reaches = false;
                let mut none = true;
                each_removed(&g, &b.found, |n| {
                    none = false;
                    reaches |= by[usize::from(n)] == Some(b.seq);
                });
                assert!(reaches || none, "round {round}: {} reaches nothing", b.seq);
            }
        }
        assert!(dropped > 0 && passed_over > 0, "{dropped} {passed_over}");
    }
}
