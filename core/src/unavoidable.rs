//! Unavoidable sets of a solved grid: sets of cells whose digits can be rearranged into a
//! different valid grid. A puzzle that keeps no given in such a set has a second solution,
//! so the generator can tell that a given is needed without running a solver.
//!
//! Two families are found, both exact (every set listed really is unavoidable):
//! - for two digits `a` and `b`, the cells holding them split into groups closed under
//!   "the other digit of the same row, column or box"; swapping `a` and `b` inside one group
//!   keeps every unit valid;
//! - for two rows of one band (two columns of one stack), the columns (rows) split into
//!   cycles over which both lines hold the same digits; swapping the two lines' digits
//!   along a cycle keeps every row, column and box valid.

#![forbid(unsafe_code)]

use crate::board::{Board, BOX, CELLS, COL, ROW};

/// A set of cells, bit `i` for cell `i`.
pub(crate) type CellSet = u128;

/// Every cell.
pub(crate) const ALL_CELLS: CellSet = (1 << CELLS) - 1;

/// The most sets the two families can yield: 36 digit pairs of at most 4 groups each (a
/// group has at least 4 cells), and 18 line pairs of at most 4 cycles each (a cycle has at
/// least 2 of the 9 positions).
const MAX_SETS: usize = 36 * 4 + 18 * 4;

/// Sets holding any one cell: 8 digit-pair groups (one per other digit) and 4 line cycles
/// (two row pairs and two column pairs).
const PER_CELL: usize = 12;

/// The unavoidable sets of one solved grid.
pub(crate) struct Unavoidable {
    sets: [CellSet; MAX_SETS],
    len: usize,
    /// For each cell, the indices of the sets that hold it.
    by_cell: [[u8; PER_CELL]; CELLS],
    by_cell_len: [u8; CELLS],
}

impl Unavoidable {
    /// The unavoidable sets of the complete grid `solution`.
    pub(crate) fn of(solution: &Board) -> Unavoidable {
        let mut ua = Unavoidable {
            sets: [0; MAX_SETS],
            len: 0,
            by_cell: [[0; PER_CELL]; CELLS],
            by_cell_len: [0; CELLS],
        };
        let g = solution.digits();
        // The cell of each digit in each unit (rows 0-8, columns 9-17, boxes 18-26).
        let mut cell_of = [[0u8; 27]; 10];
        for (i, &d) in g.iter().enumerate() {
            let d = d as usize;
            cell_of[d][ROW[i] as usize] = i as u8;
            cell_of[d][9 + COL[i] as usize] = i as u8;
            cell_of[d][18 + BOX[i] as usize] = i as u8;
        }
        for a in 1..=9 {
            for b in a + 1..=9 {
                ua.add_digit_pair(&cell_of, a, b);
            }
        }
        for band in 0..3 {
            for x in band * 3..band * 3 + 3 {
                for y in x + 1..band * 3 + 3 {
                    ua.add_line_pair(g, |line, k| line * 9 + k, x, y);
                    ua.add_line_pair(g, |line, k| k * 9 + line, x, y);
                }
            }
        }
        ua
    }

    fn push(&mut self, set: CellSet) {
        if self.len >= MAX_SETS {
            return;
        }
        let index = self.len as u8;
        self.sets[self.len] = set;
        self.len += 1;
        let mut cells = set;
        while cells != 0 {
            let i = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let n = self.by_cell_len[i] as usize;
            if n < PER_CELL {
                self.by_cell[i][n] = index;
                self.by_cell_len[i] += 1;
            }
        }
    }

    /// The groups of the 18 cells holding digit `a` or `b`, closed under sharing a unit:
    /// node `r` is the `a` of row `r`, node `9 + r` the `b` of row `r`, and each unit links
    /// its `a` with its `b`.
    fn add_digit_pair(&mut self, cell_of: &[[u8; 27]; 10], a: usize, b: usize) {
        let row_of = |cell: u8| ROW[cell as usize] as usize;
        let mut parent: [u8; 18] = core::array::from_fn(|k| k as u8);
        fn root(parent: &mut [u8; 18], mut k: usize) -> usize {
            while parent[k] as usize != k {
                parent[k] = parent[parent[k] as usize];
                k = parent[k] as usize;
            }
            k
        }
        for (&cell_a, &cell_b) in cell_of[a].iter().zip(&cell_of[b]) {
            let x = root(&mut parent, row_of(cell_a));
            let y = root(&mut parent, 9 + row_of(cell_b));
            parent[x] = y as u8;
        }
        let mut groups = [0 as CellSet; 18];
        for r in 0..9 {
            groups[root(&mut parent, r)] |= 1 << cell_of[a][r];
            groups[root(&mut parent, 9 + r)] |= 1 << cell_of[b][r];
        }
        for &group in &groups {
            if group != 0 {
                self.push(group);
            }
        }
    }

    /// The cycles of positions over which lines `x` and `y` hold the same digits; `cell`
    /// maps (line, position) to a cell.
    fn add_line_pair(
        &mut self,
        g: &[u8; CELLS],
        cell: impl Fn(usize, usize) -> usize,
        x: usize,
        y: usize,
    ) {
        // Where each digit sits on line x.
        let mut pos_in_x = [0usize; 10];
        for k in 0..9 {
            pos_in_x[g[cell(x, k)] as usize] = k;
        }
        let mut seen = 0u16;
        for start in 0..9 {
            if seen & (1 << start) != 0 {
                continue;
            }
            let mut set: CellSet = 0;
            let mut k = start;
            while seen & (1 << k) == 0 {
                seen |= 1 << k;
                set |= (1 << cell(x, k)) | (1 << cell(y, k));
                // The digit of line y here sits on line x at the next position.
                k = pos_in_x[g[cell(y, k)] as usize];
            }
            self.push(set);
        }
    }

    /// The sets found.
    #[cfg(test)]
    pub(crate) fn sets(&self) -> &[CellSet] {
        &self.sets[..self.len]
    }

    /// Whether some set holding cell `i` has no cell in `givens`: then a puzzle with those
    /// givens has a second solution.
    #[inline(never)]
    pub(crate) fn uncovered(&self, givens: CellSet, i: usize) -> bool {
        let n = self.by_cell_len[i] as usize;
        self.by_cell[i][..n]
            .iter()
            .any(|&k| self.sets[k as usize] & givens == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn every_set_is_unavoidable() {
        let grids = [
            Board::from_text(SOLVED).unwrap(),
            reference::solve(&Board::EMPTY).unwrap(),
        ];
        for grid in grids {
            let ua = Unavoidable::of(&grid);
            assert!(ua.sets().len() >= 36, "{} sets", ua.sets().len());
            for &set in ua.sets() {
                assert!(set.count_ones() >= 4 && set & !ALL_CELLS == 0);
                let mut puzzle = grid;
                for i in (0..CELLS).filter(|&i| set & (1 << i) != 0) {
                    puzzle.set(i, 0);
                }
                assert!(reference::count(&puzzle, 2).0 >= 2, "{grid}: {set:#x}");
            }
        }
    }

    #[test]
    fn the_digit_pairs_cover_every_cell_eight_times() {
        // Each cell holds one digit, which pairs with the eight others.
        let grid = Board::from_text(SOLVED).unwrap();
        let ua = Unavoidable::of(&grid);
        let mut times = [0; CELLS];
        for &set in ua.sets() {
            for (i, t) in times.iter_mut().enumerate() {
                *t += (set >> i & 1) as usize;
            }
        }
        // Digit-pair groups cover each cell 8 times; line cycles add 2 per line pair
        // (each cell's row meets 2 others in its band, its column 2 others in its stack).
        assert_eq!(times, [8 + 2 + 2; CELLS]);
        assert_eq!(ua.by_cell_len, [PER_CELL as u8; CELLS]);
    }

    #[test]
    fn uncovered_sees_a_set_left_without_givens() {
        let grid = Board::from_text(SOLVED).unwrap();
        let ua = Unavoidable::of(&grid);
        let set = *ua.sets().iter().min_by_key(|s| s.count_ones()).unwrap();
        let i = set.trailing_zeros() as usize;
        assert!(ua.uncovered(ALL_CELLS & !set, i));
        assert!(!ua.uncovered(ALL_CELLS, i));
        assert!(!ua.uncovered((ALL_CELLS & !set) | 1 << i, i));
    }
}
