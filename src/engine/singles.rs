//! The singles engine: a candidate mask per cell, naked and hidden singles to a fixpoint,
//! and a search that branches on the cell with the fewest candidates.
//!
//! Portable safe Rust with no tables beyond the unit and peer lists.

use crate::board::{Board, BOX, CELLS, COL, ROW};

/// Bit `d - 1` stands for digit `d`.
const ALL_DIGITS: u16 = 0x1FF;

/// The 27 units (rows, columns, boxes) as lists of cells.
const UNITS: [[u8; 9]; 27] = {
    let mut u = [[0u8; 9]; 27];
    let mut fill = [0usize; 27];
    let mut i = 0;
    while i < CELLS {
        let idx = [ROW[i] as usize, 9 + COL[i] as usize, 18 + BOX[i] as usize];
        let mut k = 0;
        while k < 3 {
            u[idx[k]][fill[idx[k]]] = i as u8;
            fill[idx[k]] += 1;
            k += 1;
        }
        i += 1;
    }
    u
};

/// The 20 cells that share a row, a column or a box with each cell.
const PEERS: [[u8; 20]; CELLS] = {
    let mut p = [[0u8; 20]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut n = 0;
        let mut j = 0;
        while j < CELLS {
            if j != i && (ROW[i] == ROW[j] || COL[i] == COL[j] || BOX[i] == BOX[j]) {
                p[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    p
};

/// The search state: candidates of the open cells and digits of the filled ones.
#[derive(Clone, Copy)]
struct State {
    /// Candidate digits of each open cell; 0 for a filled cell.
    cand: [u16; CELLS],
    /// The digit of each filled cell, 0 for an open one.
    grid: [u8; CELLS],
    /// Number of open cells.
    open: u8,
}

/// A contradiction: some cell or unit has no way left to be filled.
struct Dead;

impl State {
    /// The state with the givens of `board` placed, or `Dead` if they clash.
    fn new(board: &Board) -> Result<State, Dead> {
        let mut s = State {
            cand: [ALL_DIGITS; CELLS],
            grid: [0; CELLS],
            open: CELLS as u8,
        };
        let mut singles = Singles::default();
        for (i, &d) in board.digits().iter().enumerate() {
            if d != 0 {
                s.place(i, d, &mut singles)?;
            }
        }
        s.drain(&mut singles)?;
        Ok(s)
    }

    /// Puts `digit` in open cell `i`, removing it from every peer; peers left with one
    /// candidate are queued in `singles`.
    fn place(&mut self, i: usize, digit: u8, singles: &mut Singles) -> Result<(), Dead> {
        let bit = 1u16 << (digit - 1);
        if self.cand[i] & bit == 0 {
            return Err(Dead);
        }
        self.grid[i] = digit;
        self.cand[i] = 0;
        self.open -= 1;
        for &p in &PEERS[i] {
            let p = p as usize;
            let c = self.cand[p];
            if c & bit != 0 {
                let c = c & !bit;
                self.cand[p] = c;
                if c == 0 {
                    return Err(Dead);
                }
                if c & (c - 1) == 0 {
                    singles.push(p as u8);
                }
            }
        }
        Ok(())
    }

    /// Places queued naked singles until none is left.
    fn drain(&mut self, singles: &mut Singles) -> Result<(), Dead> {
        while let Some(i) = singles.pop() {
            let i = i as usize;
            if self.grid[i] == 0 {
                let c = self.cand[i];
                self.place(i, c.trailing_zeros() as u8 + 1, singles)?;
            }
        }
        Ok(())
    }

    /// Naked and hidden singles until neither makes progress.
    fn propagate(&mut self) -> Result<(), Dead> {
        let mut singles = Singles::default();
        loop {
            let mut progress = false;
            for unit in &UNITS {
                let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
                for &i in unit {
                    let c = self.cand[i as usize];
                    twice |= once & c;
                    once |= c;
                    let d = self.grid[i as usize];
                    if d != 0 {
                        placed |= 1 << (d - 1);
                    }
                }
                if once | placed != ALL_DIGITS {
                    return Err(Dead);
                }
                let hidden = once & !twice;
                if hidden == 0 {
                    continue;
                }
                // Place the first hidden single of the unit; the rest are found on the
                // next sweep once its consequences are known.
                let bit = hidden & hidden.wrapping_neg();
                let cell = unit
                    .iter()
                    .map(|&i| i as usize)
                    .find(|&i| self.cand[i] & bit != 0)
                    .ok_or(Dead)?;
                self.place(cell, bit.trailing_zeros() as u8 + 1, &mut singles)?;
                self.drain(&mut singles)?;
                progress = true;
            }
            if !progress || self.open == 0 {
                return Ok(());
            }
        }
    }

    /// The open cell with the fewest candidates.
    fn most_constrained(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for (i, &c) in self.cand.iter().enumerate() {
            if c != 0 {
                let n = c.count_ones();
                if n < best.0 {
                    best = (n, i);
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        best.1
    }
}

/// A small stack of cells found to have a single candidate.
struct Singles {
    cells: [u8; CELLS],
    len: usize,
}

impl Default for Singles {
    fn default() -> Self {
        Singles {
            cells: [0; CELLS],
            len: 0,
        }
    }
}

impl Singles {
    fn push(&mut self, cell: u8) {
        // A cell is queued when its candidates drop to one, which happens once per cell
        // per state, so at most 81 entries are ever pending.
        if self.len < CELLS {
            self.cells[self.len] = cell;
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<u8> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cells[self.len])
    }
}

/// Depth-first search from a propagated state; returns the number of solutions found,
/// stopping once `found` reaches `limit`.
fn search(mut s: State, limit: usize, found: &mut usize, first: &mut Option<Board>) {
    if s.propagate().is_err() {
        return;
    }
    if s.open == 0 {
        *found += 1;
        if first.is_none() {
            *first = Board::from_digits(s.grid);
        }
        return;
    }
    let cell = s.most_constrained();
    let mut cand = s.cand[cell];
    while cand != 0 {
        let digit = cand.trailing_zeros() as u8 + 1;
        cand &= cand - 1;
        let mut child = s;
        let mut singles = Singles::default();
        if child.place(cell, digit, &mut singles).is_ok() && child.drain(&mut singles).is_ok() {
            search(child, limit, found, first);
            if *found >= limit {
                return;
            }
        }
    }
}

/// Counts the solutions of `board` up to `limit` and returns the count with the first
/// solution found. Clashing givens count as no solution.
pub fn count(board: &Board, limit: usize) -> (usize, Option<Board>) {
    if limit == 0 {
        return (0, None);
    }
    let Ok(state) = State::new(board) else {
        return (0, None);
    };
    let (mut found, mut first) = (0, None);
    search(state, limit, &mut found, &mut first);
    (found, first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;

    #[test]
    fn peers_and_units_are_consistent() {
        for (i, peers) in PEERS.iter().enumerate() {
            let mut p: Vec<u8> = peers.to_vec();
            p.sort();
            p.dedup();
            assert_eq!(p.len(), 20);
            assert!(!p.contains(&(i as u8)));
        }
        for unit in &UNITS {
            let mut u = unit.to_vec();
            u.sort();
            u.dedup();
            assert_eq!(u.len(), 9);
        }
    }

    #[test]
    fn agrees_with_the_reference_on_classic_puzzles() {
        for text in [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ] {
            let p = Board::from_text(text).unwrap();
            let (n, s) = count(&p, 2);
            let (rn, _) = reference::count(&p, 2);
            assert_eq!(n, rn, "{text}");
            assert!(s.unwrap().is_solution_of(&p), "{text}");
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut b = Board::EMPTY;
        b.set(0, 4);
        b.set(10, 4);
        assert_eq!(count(&b, 1), (0, None));
    }

    #[test]
    fn limit_stops_the_count() {
        assert_eq!(count(&Board::EMPTY, 0), (0, None));
        assert_eq!(count(&Board::EMPTY, 1).0, 1);
        assert_eq!(count(&Board::EMPTY, 7).0, 7);
    }
}
