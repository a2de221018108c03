//! What the walk on the Sudoku Explainer scale knows of its rules below the chains: the
//! parts of the grid where a rule found nothing, so that its next search skips them.
//!
//! The walk's grid only loses candidates, and a rule remembered here reads it in one of
//! four ways (the first, second and last as `logic::memo` argues for the same searches of
//! the hint walk):
//!
//! - **One unit at a time** (direct hidden pairs and triples, naked and hidden subsets):
//!   a unit's search reads its nine cells alone (a direct hidden set places a single of
//!   its own unit), so it finds nothing again while they are as they were.
//! - **One digit at a time** (locked candidates, direct or not, and the basic fish): a
//!   digit's search reads its places alone (a direct one places a single of that digit),
//!   the same while they are as they were.
//! - **Pairs of cells, and the cells that see both** (aligned pair exclusion): a pair's
//!   search reads their candidates and those of the cells of two that see both, so it
//!   finds nothing again while none of those cells lost anything (a cell that leaves the
//!   cells of two only takes exclusions away).
//! - **Patterns of cells with few candidates** (XY-Wing: the cells with two; XYZ-Wing:
//!   those with two or three), removing from cells that can only have lost candidates
//!   since: while no cell has come to have two (or three) candidates, every pattern is one
//!   the search already tried (a cell that leaves the pattern takes patterns away), and it
//!   finds nothing again.
//!
//! Each rule's search returns its first instance in a fixed order (unit by unit, digit by
//! digit, or pair by pair), and the parts skipped hold none: the walk takes exactly the
//! steps it takes without the memo. The other rules are searched in full at every step.

use crate::logic::grid::Grid;
use crate::logic::memo::Scope;
use crate::units::{cells_of, CELL_UNITS};

/// How a rule reads the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reads {
    /// One unit at a time.
    Units,
    /// One digit at a time.
    Digits,
    /// Pairs of cells, and the cells that see both.
    Cells,
    /// The cells with two candidates.
    Bivalue,
    /// The cells with two or three candidates.
    Small,
    /// The whole grid, in a way the memo does not follow.
    Everything,
}

/// Per rule of a walk's table, where it is known to find nothing on the current grid.
pub(super) struct RuleMemo<const N: usize> {
    /// How each rule reads the grid.
    reads: [Reads; N],
    /// Units (bit `u`), digits (bit `d - 1`) and cells (bit `c`) where it found nothing:
    /// for cells, those that lost nothing since it searched.
    known: [Scope; N],
    /// Whether it found nothing on the current cells of its pattern.
    pattern: [bool; N],
    /// Per digit, the cells that lost it since the memo last took the changes into account
    /// (a step only notes them; the first remembered rule searched after it forgets what
    /// they touch).
    lost: [u128; 9],
}

impl<const N: usize> RuleMemo<N> {
    /// A memo of rules that read the grid as `reads` says, knowing nothing yet.
    pub(super) fn new(reads: [Reads; N]) -> RuleMemo<N> {
        RuleMemo {
            reads,
            known: [Scope {
                units: 0,
                digits: 0,
                cells: 0,
            }; N],
            pattern: [false; N],
            lost: [0; 9],
        }
    }

    /// What rule `k` must look at on grid `g`; `None` when it is known to find nothing.
    pub(super) fn scope(&mut self, k: usize, g: &Grid) -> Option<Scope> {
        let reads = *self.reads.get(k)?;
        if reads == Reads::Everything {
            return Some(Scope::ALL);
        }
        self.settle(g);
        let known = self.known[k];
        match reads {
            Reads::Units => {
                let units = Scope::ALL.units & !known.units;
                (units != 0).then_some(Scope {
                    units,
                    ..Scope::ALL
                })
            }
            Reads::Digits => {
                let digits = Scope::ALL.digits & !known.digits;
                (digits != 0).then_some(Scope {
                    digits,
                    ..Scope::ALL
                })
            }
            Reads::Cells => {
                let cells = Scope::ALL.cells & !known.cells;
                (cells != 0).then_some(Scope {
                    cells,
                    ..Scope::ALL
                })
            }
            _ => (!self.pattern[k]).then_some(Scope::ALL),
        }
    }

    /// Notes that rule `k` found nothing over `scope` (given by [`RuleMemo::scope`] on the
    /// grid as it is).
    pub(super) fn found_nothing(&mut self, k: usize, scope: Scope) {
        let (Some(&reads), Some(known), Some(pattern)) = (
            self.reads.get(k),
            self.known.get_mut(k),
            self.pattern.get_mut(k),
        ) else {
            return;
        };
        match reads {
            Reads::Units => known.units |= scope.units,
            Reads::Digits => known.digits |= scope.digits,
            Reads::Cells => known.cells |= scope.cells,
            Reads::Bivalue | Reads::Small => *pattern = true,
            Reads::Everything => {}
        }
    }

    /// Notes that `cell` loses the candidates `digits`.
    pub(super) fn lose(&mut self, cell: usize, digits: u16) {
        let mut m = digits;
        while m != 0 {
            self.lost[m.trailing_zeros() as usize] |= 1 << cell;
            m &= m - 1;
        }
    }

    /// Notes that digit `d` (0-8) loses its places `cells`.
    pub(super) fn lose_places(&mut self, d: usize, cells: u128) {
        if let Some(lost) = self.lost.get_mut(d) {
            *lost |= cells;
        }
    }

    /// Forgets what the steps noted since the last call touched, `g` being the grid after
    /// them: the cells that lost candidates, their units, the digits they lost, and the
    /// patterns of cells now left with two (or three) candidates. (A cell that leaves a
    /// pattern, or stays in it with the same candidates, only takes instances away.)
    fn settle(&mut self, g: &Grid) {
        let (mut units, mut digits) = (0u32, 0u16);
        let (mut bivalue, mut small) = (false, false);
        let mut cells = 0u128;
        for (d, lost) in self.lost.iter_mut().enumerate() {
            cells |= *lost;
            digits |= u16::from(*lost != 0) << d;
            *lost = 0;
        }
        if cells == 0 {
            return;
        }
        for c in cells_of(cells) {
            for u in CELL_UNITS[c] {
                units |= 1 << u;
            }
            let left = g.cand[c].count_ones();
            bivalue |= left == 2;
            small |= (2..=3).contains(&left);
        }
        for (k, &r) in self.reads.iter().enumerate() {
            self.known[k].units &= !units;
            self.known[k].digits &= !digits;
            self.known[k].cells &= !cells;
            self.pattern[k] &= match r {
                Reads::Bivalue => !bivalue,
                Reads::Small => !small,
                _ => false,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{apply, chaining::Chains, next, READS, RULES};
    use super::*;
    use crate::board::Board;
    use crate::difficulty::Difficulty;

    /// Along whole walks, every rule is searched at every state both in full and as the
    /// memo has it: a skipped search must find nothing, and a narrowed one the same step.
    /// (The memo here learns from every rule at every state, more than the walk's, which
    /// stops at the first rule that applies.)
    #[test]
    fn the_memo_skips_only_searches_that_find_nothing() {
        let (mut skipped, mut narrowed, mut found) = (0, 0, 0);
        // Generated puzzles of three levels, and one rated 7.1 (forcing chains).
        let mut puzzles: Vec<Board> = [Difficulty::Hard, Difficulty::Expert, Difficulty::Master]
            .into_iter()
            .flat_map(|level| (0..3).map(move |seed| crate::generate(seed, level).0))
            .collect();
        let p = "..93....7.1....3.8.7...2......4....15..6..2...96...............2....7..46.8..5..2";
        puzzles.push(Board::from_bytes(p.as_bytes().try_into().expect("81")).expect("a board"));
        for puzzle in puzzles {
            let mut g = Grid::new(&puzzle);
            let mut memo = RuleMemo::new(READS);
            let mut chains = Chains::new();
            while !g.full() {
                for (k, &(_, rule)) in RULES.iter().enumerate() {
                    let full = rule(&g, Scope::ALL);
                    found += usize::from(full.is_some());
                    match memo.scope(k, &g) {
                        None => {
                            assert_eq!(full, None, "rule {k} skipped on {puzzle}");
                            skipped += 1;
                        }
                        Some(scope) => {
                            let part = rule(&g, scope);
                            assert_eq!(part, full, "rule {k} narrowed on {puzzle}");
                            narrowed += usize::from(scope != Scope::ALL);
                            if part.is_none() {
                                memo.found_nothing(k, scope);
                            }
                        }
                    }
                }
                // The walk's own step, every rule searched in full.
                let step = next(&g, &mut chains, &mut RuleMemo::new(READS))
                    .expect("memory")
                    .expect("a step");
                apply(&mut g, &step, &mut memo);
            }
        }
        // The walks gave the memo something to skip and to narrow, and the rules
        // something to find.
        assert!(
            skipped > 200 && narrowed > 1000 && found > 1000,
            "{skipped} {narrowed} {found}"
        );
    }
}
