//! The logical solver's state, the one grid every technique reads: the digit of every
//! filled cell and the candidates of every open cell, as cell masks and as per-digit
//! bitboards kept in step.

use crate::board::{Board, BOX, CELLS, COL, ROW};
use crate::error::Error;
use crate::units::{cell_bit, Bits, ALL_DIGITS, PEER_MASK, UNITS, UNIT_MASK};

/// Digits and candidates: `digit[c]` 1-9 for a filled cell, 0 for an open one; `cand[c]`
/// the candidates of an open cell, 0 for a filled one; per digit `d` (0-8, digit `d + 1`),
/// `pos[d]` the open cells that have it as a candidate and `filled[d]` the cells that hold
/// it (bit `c` for cell `c`). An open cell never keeps the digit of a filled peer. Only
/// [`Grid::place`] and [`Grid::eliminate`] change a grid, and they keep the four in step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grid {
    pub(crate) digit: [u8; CELLS],
    pub(crate) cand: [u16; CELLS],
    pub(crate) pos: [u128; 9],
    pub(crate) filled: [u128; 9],
}

/// Per cell, the digits that no filled cell of its row, column or box excludes; a filled
/// cell holds its own digit's bit. What `sudoku_candidates` writes.
pub(crate) fn candidates_of(board: &Board) -> [u16; CELLS] {
    let g = Grid::new(board);
    g.masks()
}

impl Grid {
    /// The board's digits and the candidates its filled cells leave.
    pub(crate) fn new(board: &Board) -> Grid {
        let digit = *board.digits();
        let mut seen = [0u16; 27];
        for (i, &d) in digit.iter().enumerate() {
            if d != 0 {
                let bit = 1 << (d - 1);
                seen[ROW[i] as usize] |= bit;
                seen[9 + COL[i] as usize] |= bit;
                seen[18 + BOX[i] as usize] |= bit;
            }
        }
        let cand = core::array::from_fn(|i| {
            if digit[i] != 0 {
                0
            } else {
                ALL_DIGITS
                    & !(seen[ROW[i] as usize]
                        | seen[9 + COL[i] as usize]
                        | seen[18 + BOX[i] as usize])
            }
        });
        Grid::from_parts(digit, cand)
    }

    /// The grid of these digits and candidates (a filled cell's candidates 0), with the
    /// bitboards computed from them.
    pub(crate) fn from_parts(digit: [u8; CELLS], cand: [u16; CELLS]) -> Grid {
        let mut pos = [0u128; 9];
        let mut filled = [0u128; 9];
        for c in 0..CELLS {
            let mut m = cand[c];
            while m != 0 {
                pos[m.trailing_zeros() as usize] |= cell_bit(c);
                m &= m - 1;
            }
            if let d @ 1..=9 = digit[c] {
                filled[usize::from(d - 1)] |= cell_bit(c);
            }
        }
        Grid {
            digit,
            cand,
            pos,
            filled,
        }
    }

    /// The board with the player's candidates: a filled cell's mask must be its digit's bit
    /// and an open cell's mask may hold bits 0-8 only ([`Error::InvalidArgument`]
    /// otherwise); candidates a filled peer excludes are dropped.
    pub(crate) fn with_candidates(board: &Board, player: &[u16; CELLS]) -> Result<Grid, Error> {
        let mut g = Grid::new(board);
        for (i, &mask) in player.iter().enumerate() {
            let d = g.digit[i];
            if d != 0 {
                if mask != 1 << (d - 1) {
                    return Err(Error::InvalidArgument);
                }
            } else if mask & !ALL_DIGITS != 0 {
                return Err(Error::InvalidArgument);
            }
            g.eliminate(i, !mask & ALL_DIGITS);
        }
        Ok(g)
    }

    /// The masks as C sees them: an open cell's candidates, a filled cell's digit bit.
    pub(crate) fn masks(&self) -> [u16; CELLS] {
        core::array::from_fn(|i| match self.digit[i] {
            0 => self.cand[i],
            d => 1 << (d - 1),
        })
    }

    /// Whether every cell is filled.
    pub(crate) fn full(&self) -> bool {
        self.digit.iter().all(|&d| d != 0)
    }

    /// Whether the grid agrees with `solution`: filled cells hold its digits and open cells
    /// keep its digit as a candidate.
    pub(crate) fn holds(&self, solution: &[u8; CELLS]) -> bool {
        (0..CELLS).all(|i| match self.digit[i] {
            0 => self.cand[i] & (1 << (solution[i] - 1)) != 0,
            d => d == solution[i],
        })
    }

    /// Puts `digit` (1-9) in open cell `i` and removes it from the candidates of its peers.
    /// The peers that lose the digit (bit `c` for cell `c`).
    pub(crate) fn place(&mut self, i: usize, digit: u8) -> u128 {
        let d = usize::from(digit - 1);
        let bit = 1u16 << d;
        let mut m = self.cand[i];
        while m != 0 {
            self.pos[m.trailing_zeros() as usize] &= !cell_bit(i);
            m &= m - 1;
        }
        self.digit[i] = digit;
        self.cand[i] = 0;
        self.filled[d] |= 1 << i;
        let lose = self.pos[d] & PEER_MASK[i];
        self.pos[d] &= !lose;
        let mut m = lose;
        while m != 0 {
            self.cand[m.trailing_zeros() as usize] &= !bit;
            m &= m - 1;
        }
        lose
    }

    /// Removes the candidates in `mask` from cell `i`; whether any was there.
    pub(crate) fn eliminate(&mut self, i: usize, mask: u16) -> bool {
        let mut gone = self.cand[i] & mask;
        if gone == 0 {
            return false;
        }
        self.cand[i] &= !gone;
        while gone != 0 {
            self.pos[gone.trailing_zeros() as usize] &= !cell_bit(i);
            gone &= gone - 1;
        }
        true
    }

    /// The open cells (bit `c` for cell `c`) with a candidate in `mask`.
    pub(crate) fn cells_with(&self, mask: u16) -> u128 {
        let mut m = 0u128;
        let mut digits = mask & ALL_DIGITS;
        while digits != 0 {
            m |= self.pos[digits.trailing_zeros() as usize];
            digits &= digits - 1;
        }
        m
    }

    /// The cells (bit `c` for cell `c`) whose candidates pass `keep` (a filled cell's are
    /// none).
    pub(crate) fn cells_where(&self, keep: impl Fn(u16) -> bool) -> u128 {
        (0..CELLS).fold(0, |m, c| m | u128::from(keep(self.cand[c])) << c)
    }

    /// Per digit, the units (bit `u` for unit `u`) where it has exactly two places and is
    /// not filled.
    pub(crate) fn bilocal_units(&self) -> [u32; 9] {
        core::array::from_fn(|d| {
            let mut units = 0;
            for (u, &mask) in UNIT_MASK.iter().enumerate() {
                if self.filled[d] & mask == 0 && (self.pos[d] & mask).is_pair() {
                    units |= 1 << u;
                }
            }
            units
        })
    }

    /// Where digit bit `bit` is a candidate in unit `u`: bit `k` for the unit's `k`-th cell.
    pub(crate) fn places(&self, u: usize, bit: u16) -> u16 {
        let mut m = 0;
        for (k, &c) in UNITS[u].iter().enumerate() {
            if self.cand[c as usize] & bit != 0 {
                m |= 1 << k;
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Along whole walks, the bitboards stay what the masks say.
    #[test]
    fn place_and_eliminate_keep_the_bitboards_in_step() {
        for seed in 0..6 {
            let (p, _) = crate::generate(seed, crate::Difficulty::Expert);
            let mut g = Grid::new(&p);
            assert_eq!(g, Grid::from_parts(g.digit, g.cand));
            for s in crate::logic::walk(&p).unwrap() {
                if let Some((cell, digit)) = s.placement {
                    let lose = g.place(cell, digit);
                    assert_eq!(lose & (1 << cell), 0);
                }
                for (c, &r) in s.removed.iter().enumerate() {
                    let had = g.cand[c] & r != 0;
                    assert_eq!(g.eliminate(c, r), had);
                }
                assert_eq!(g, Grid::from_parts(g.digit, g.cand), "{p}");
            }
            assert!(g.full());
        }
    }
}
