//! The logical solver's state: the digit of every filled cell and the candidates of every
//! open cell.

use crate::board::{Board, BOX, CELLS, COL, ROW};
use crate::error::Error;
use crate::units::{ALL_DIGITS, PEERS, UNITS};

/// Digits and candidates: `digit[c]` 1-9 for a filled cell, 0 for an open one; `cand[c]`
/// the candidates of an open cell, 0 for a filled one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grid {
    pub(crate) digit: [u8; CELLS],
    pub(crate) cand: [u16; CELLS],
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
        Grid { digit, cand }
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
            g.cand[i] &= mask;
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
    pub(crate) fn place(&mut self, i: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        self.digit[i] = digit;
        self.cand[i] = 0;
        for &p in &PEERS[i] {
            self.cand[p as usize] &= !bit;
        }
    }

    /// The open cells (bit `c` for cell `c`) with a candidate in `mask`.
    pub(crate) fn cells_with(&self, mask: u16) -> u128 {
        let mut m = 0u128;
        for (c, &cand) in self.cand.iter().enumerate() {
            if cand & mask != 0 {
                m |= 1 << c;
            }
        }
        m
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
