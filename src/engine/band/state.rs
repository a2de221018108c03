//! The band state and its propagation: band closure, column claims, hidden singles in rows
//! and boxes, naked singles.
//!
//! For each band `b` and digit `d` one word `f[b * 9 + d]` holds the 27-bit mask of the
//! band's cells where `d` may still go (a solved cell stays in the mask of its digit and
//! leaves every other). `unsolved[b]` holds the band's cells not yet fixed. A word whose
//! mask changed and whose consequences are not yet drawn is *dirty*: bit `b * 9 + d` of a
//! 27-bit worklist.

use super::isa::Isa;
use super::tables::{
    BAND, CLAIMED_COLUMNS, CLOSURE, MINIROWS_CLASH, MINIROW_LOW, ROWS_AND_BOXES, ROW_BOX_PEERS,
};
use crate::board::CELLS;

/// Every word of the worklist.
pub(crate) const ALL_DIRTY: u32 = (1 << 27) - 1;

/// A contradiction: some digit has no place left in a band, or some cell no digit.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Dead;

/// Two equal givens share a row, a column or a box.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Clash;

/// For each word `b * 9 + d`, the words of the same digit in the two other bands.
static OTHER_BANDS: [[u8; 2]; 27] = {
    let mut t = [[0; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        t[i] = [(((b + 1) % 3) * 9 + d) as u8, (((b + 2) % 3) * 9 + d) as u8];
        i += 1;
    }
    t
};

/// The cells of `cells` that are alone in their row of the band.
#[inline(always)]
fn alone_in_row(cells: u32) -> u32 {
    let mut out = 0;
    for r in 0..3 {
        let row = (cells >> (9 * r)) & 0x1FF;
        if row & row.wrapping_sub(1) == 0 {
            out |= row << (9 * r);
        }
    }
    out
}

/// The search state (128 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct State {
    /// Candidate cells of digit `d` in band `b`, at `b * 9 + d`.
    pub f: [u32; 27],
    /// The cells of each band not yet fixed.
    pub unsolved: [u32; 3],
    /// Padding to 128 bytes.
    _pad: [u32; 2],
}

/// Where propagation stopped, when it did not find a contradiction.
pub(crate) enum Fixpoint {
    /// Every cell is fixed: the state is a solution.
    Solved,
    /// No more deductions: a guess is needed. The bivalue and trivalue cells of each band.
    Stuck { pairs: [u32; 3], triples: [u32; 3] },
}

impl State {
    /// The state for the givens in `clues` (see [`super::isa::Scan`]), with the worklist to
    /// propagate; `Err(Clash)` if two equal givens share a unit.
    #[inline(always)]
    pub fn from_clues<I: Isa>(isa: I, clues: &[u32; 27]) -> Result<(State, u32), Clash> {
        let mut given = [0u32; 3];
        let mut cols = [0u32; 27];
        let mut minis = [0u32; 27];
        let mut clash = false;
        for i in 0..27 {
            let p = clues[i];
            given[i / 9] |= p;
            let m = isa.minirows(p);
            minis[i] = m;
            // Two givens in one minirow, or two minirows sharing a row or a box.
            let crowded = (p & (p >> 1) | p & (p >> 2) | (p >> 1) & (p >> 2)) & MINIROW_LOW;
            clash |= crowded != 0 || MINIROWS_CLASH[m as usize];
            cols[i] = (p | p >> 9 | p >> 18) & 0x1FF;
        }
        for d in 0..9 {
            let (a, b, c) = (cols[d], cols[9 + d], cols[18 + d]);
            clash |= a & b | a & c | b & c != 0;
        }
        if clash {
            return Err(Clash);
        }
        let mut s = State {
            f: [0; 27],
            unsolved: [BAND & !given[0], BAND & !given[1], BAND & !given[2]],
            _pad: [0; 2],
        };
        for i in 0..27 {
            let (b, d) = (i / 9, i % 9);
            let p = clues[i];
            let [o1, o2] = OTHER_BANDS[i];
            let other_cols = cols[o1 as usize] | cols[o2 as usize];
            let peers = ROWS_AND_BOXES[minis[i] as usize] & !p;
            s.f[b * 9 + d] = (BAND & !given[b] | p) & !peers & !(other_cols * 0x40201);
        }
        Ok((s, ALL_DIRTY))
    }

    /// Draws the consequences of word `i` (band `i / 9`, digit `i % 9`): keeps only the
    /// cells of some placement of the digit in the band, removes the columns the band
    /// claims from the other bands, and fixes cells alone in their row (hidden singles),
    /// removing them from the band's other digits. New dirty words go to `dirty`.
    #[inline(always)]
    fn update<I: Isa>(&mut self, isa: I, i: usize, dirty: &mut u32) -> Result<(), Dead> {
        let b = i / 9;
        let s = self.f[i];
        let s = s & CLOSURE[isa.minirows(s) as usize];
        if s == 0 {
            return Err(Dead);
        }
        self.f[i] = s;
        let claim = CLAIMED_COLUMNS[((s | s >> 9 | s >> 18) & 0x1FF) as usize];
        for o in OTHER_BANDS[i] {
            let o = o as usize;
            let old = self.f[o];
            if old & claim != 0 {
                self.f[o] = old & !claim;
                *dirty |= 1 << o;
            }
        }
        let newly = alone_in_row(s) & self.unsolved[b];
        if newly != 0 {
            self.unsolved[b] &= !newly;
            for k in 0..9 {
                let j = b * 9 + k;
                let old = self.f[j];
                if j != i && old & newly != 0 {
                    self.f[j] = old & !newly;
                    *dirty |= 1 << j;
                }
            }
        }
        Ok(())
    }

    /// Propagates from the worklist `dirty` until nothing changes, placing naked singles
    /// on the way.
    #[inline(always)]
    pub fn propagate<I: Isa>(&mut self, isa: I, mut dirty: u32) -> Result<Fixpoint, Dead> {
        loop {
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                self.update(isa, i, &mut dirty)?;
            }
            let mut pairs = [0u32; 3];
            let mut triples = [0u32; 3];
            for b in 0..3 {
                let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.f[b * 9 + d];
                    four |= three & x;
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                if one != BAND {
                    return Err(Dead);
                }
                let u = self.unsolved[b];
                let singles = u & !two;
                if singles != 0 {
                    for d in 0..9 {
                        let mut c = singles & self.f[b * 9 + d];
                        if c != 0 {
                            let mut peers = 0;
                            while c != 0 {
                                peers |= ROW_BOX_PEERS[c.trailing_zeros() as usize];
                                c &= c - 1;
                            }
                            self.f[b * 9 + d] &= !peers;
                            dirty |= 1 << (b * 9 + d);
                        }
                    }
                }
                pairs[b] = u & two & !three;
                triples[b] = u & three & !four;
            }
            if dirty == 0 {
                return Ok(if self.unsolved == [0; 3] {
                    Fixpoint::Solved
                } else {
                    Fixpoint::Stuck { pairs, triples }
                });
            }
        }
    }

    /// The candidate digits (bit `d` for digit `d + 1`) of cell `p` of band `b`.
    #[inline(always)]
    pub fn candidates(&self, b: usize, p: u32) -> u32 {
        let mut out = 0;
        for d in 0..9 {
            out |= ((self.f[b * 9 + d] >> p) & 1) << d;
        }
        out
    }

    /// Fixes digit `d` (0-8) in cell `p` of band `b`; returns the dirty words.
    #[inline(always)]
    pub fn place(&mut self, b: usize, p: u32, d: usize) -> u32 {
        let bit = 1 << p;
        let mut dirty = 1 << (b * 9 + d);
        for k in 0..9 {
            let j = b * 9 + k;
            let old = self.f[j];
            if k != d && old & bit != 0 {
                self.f[j] = old & !bit;
                dirty |= 1 << j;
            }
        }
        self.f[b * 9 + d] &= !ROW_BOX_PEERS[p as usize];
        self.unsolved[b] &= !bit;
        dirty
    }

    /// Removes digit `d` (0-8) from cell `p` of band `b`; returns the dirty words.
    #[inline(always)]
    pub fn eliminate(&mut self, b: usize, p: u32, d: usize) -> u32 {
        self.f[b * 9 + d] &= !(1 << p);
        1 << (b * 9 + d)
    }

    /// Writes a solved state as 81 cells, `base + d` for digit `d`.
    #[inline(always)]
    pub fn write_solution(&self, out: &mut [u8; CELLS], base: u8) {
        for (i, &word) in self.f.iter().enumerate() {
            let (b, digit) = (i / 9, base.wrapping_add((i % 9) as u8 + 1));
            let mut m = word & BAND;
            while m != 0 {
                let cell = b * 27 + m.trailing_zeros() as usize;
                if let Some(o) = out.get_mut(cell) {
                    *o = digit;
                }
                m &= m - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::isa::{scan_scalar, Portable};
    use super::*;

    fn state_of(text: &[u8; CELLS]) -> Result<(State, u32), Clash> {
        let scan = scan_scalar(text, b'0');
        assert!(scan.valid);
        State::from_clues(Portable, &scan.clues)
    }

    const PUZZLE: &[u8; CELLS] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &[u8; CELLS] =
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn clashes_are_found_in_rows_columns_and_boxes() {
        let at = |cells: &[(usize, u8)]| {
            let mut t = [b'.'; CELLS];
            for &(i, d) in cells {
                t[i] = b'0' + d;
            }
            state_of(&t).map(|_| ())
        };
        assert_eq!(at(&[(0, 3), (8, 3)]), Err(Clash));
        assert_eq!(at(&[(0, 3), (1, 3)]), Err(Clash));
        assert_eq!(at(&[(4, 7), (76, 7)]), Err(Clash));
        assert_eq!(at(&[(4, 7), (13, 7)]), Err(Clash));
        assert_eq!(at(&[(30, 1), (50, 1)]), Err(Clash));
        assert_eq!(at(&[(0, 1), (80, 1)]), Ok(()));
        assert_eq!(at(&[(0, 1), (1, 2)]), Ok(()));
        assert!(state_of(SOLUTION).is_ok());
    }

    #[test]
    fn an_easy_puzzle_propagates_to_its_solution() {
        let (mut s, dirty) = state_of(PUZZLE).unwrap();
        assert!(matches!(s.propagate(Portable, dirty), Ok(Fixpoint::Solved)));
        let mut out = [0u8; CELLS];
        s.write_solution(&mut out, b'0');
        assert_eq!(&out, SOLUTION);
    }

    #[test]
    fn a_cell_without_candidates_is_a_contradiction() {
        // Row 0 holds 1-8 and column 8 holds a 9 lower down.
        let mut t =
            *b"12345678.........................................................................";
        t[80] = b'9';
        let (mut s, dirty) = state_of(&t).unwrap();
        assert_eq!(s.propagate(Portable, dirty).err(), Some(Dead));
    }

    #[test]
    fn place_and_eliminate_touch_only_their_words() {
        let (mut s, _) = state_of(&[b'.'; CELLS]).unwrap();
        assert_eq!(s.candidates(1, 13), 0x1FF);
        let dirty = s.place(1, 13, 4);
        assert_eq!(dirty, 0x1FF << 9);
        assert_eq!(s.candidates(1, 13), 1 << 4);
        assert_eq!(s.f[9 + 4] & ROW_BOX_PEERS[13], 0);
        assert_eq!(s.unsolved[1], BAND & !(1 << 13));
        assert_eq!(s.eliminate(0, 0, 2), 1 << 2);
        assert_eq!(s.candidates(0, 0), 0x1FF & !(1 << 2));
    }
}
