//! A plain backtracking solver: the yardstick the fast engines are tested against.
//!
//! It shares nothing with the engines but the [`Board`] type: the digits used in each row,
//! column and box, and so every cell's candidates, are recomputed from the grid at every
//! step, and nothing is ever deduced. Each step branches where the fewest choices remain:
//! on the blank cell with the fewest candidates or, when some row, column or box has a
//! missing digit with even fewer places, on those places (every solution puts the digit in
//! exactly one of them, so the branches neither overlap nor miss a solution). Digits and
//! places are tried in increasing order. Slow (milliseconds on hard puzzles, and up to a
//! few hundred on rare boards without a solution) but simple enough to trust.
//!
//! Branching on places as well as on cells keeps the search small on boards whose givens
//! clash nowhere yet admit no solution: with cells alone, some such boards (found by the
//! fuzzer) took seconds to refute.

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS};

/// The digits (as a bit set, bit `d` for digit `d`) that cell `i` may take on `grid`.
fn candidates(grid: &[u8; CELLS], i: usize) -> u16 {
    let (r, c) = (i / 9, i % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let mut used = 0u16;
    for k in 0..9 {
        used |= 1 << grid[r * 9 + k];
        used |= 1 << grid[k * 9 + c];
        used |= 1 << grid[(br + k / 3) * 9 + bc + k % 3];
    }
    !used & 0b11_1111_1110
}

/// Whether the givens of `grid` clash in some row, column or box.
fn has_clash(grid: &[u8; CELLS]) -> bool {
    let mut g = *grid;
    for i in 0..CELLS {
        let d = g[i];
        if d != 0 {
            g[i] = 0;
            let clash = candidates(&g, i) & (1 << d) == 0;
            g[i] = d;
            if clash {
                return true;
            }
        }
    }
    false
}

/// The cells of unit `u`: rows 0-8, columns 9-17, boxes 18-26.
fn unit_cells(u: usize) -> [usize; 9] {
    let k = u % 9;
    core::array::from_fn(|j| match u / 9 {
        0 => k * 9 + j,
        1 => j * 9 + k,
        _ => (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3,
    })
}

/// Where the search branches next: a cell and its candidate digits, or a digit and the
/// cells of one unit that may hold it.
enum Branch {
    Solved,
    DeadEnd,
    Cell(usize, u16),
    Places(u8, Vec<usize>),
}

fn choose(grid: &[u8; CELLS]) -> Branch {
    // The digits used in each row, column and box, then each blank cell's candidates.
    let mut used = [0u16; 27];
    for (i, &d) in grid.iter().enumerate() {
        let (r, c) = (i / 9, i % 9);
        for u in [r, 9 + c, 18 + r / 3 * 3 + c / 3] {
            used[u] |= 1 << d;
        }
    }
    let mut cand = [0u16; CELLS];
    let mut best: Option<(usize, u16)> = None;
    for i in 0..CELLS {
        if grid[i] == 0 {
            let (r, c) = (i / 9, i % 9);
            cand[i] = !(used[r] | used[9 + c] | used[18 + r / 3 * 3 + c / 3]) & 0b11_1111_1110;
            if cand[i] == 0 {
                return Branch::DeadEnd;
            }
            if best.is_none_or(|(_, b)| cand[i].count_ones() < b.count_ones()) {
                best = Some((i, cand[i]));
            }
        }
    }
    let Some((cell, cell_cand)) = best else {
        return Branch::Solved;
    };
    let mut choices = cell_cand.count_ones() as usize;
    if choices == 1 {
        return Branch::Cell(cell, cell_cand);
    }
    // The unit and missing digit with the fewest places, if fewer than the cell's choices.
    let mut fewest_places: Option<(usize, u8)> = None;
    for (u, &used) in used.iter().enumerate() {
        let mut places = [0usize; 10];
        for i in unit_cells(u) {
            let mut digits = cand[i];
            while digits != 0 {
                places[digits.trailing_zeros() as usize] += 1;
                digits &= digits - 1;
            }
        }
        for d in (1..=9u8).filter(|d| used & (1 << d) == 0) {
            match places[usize::from(d)] {
                0 => return Branch::DeadEnd,
                n if n < choices => {
                    choices = n;
                    fewest_places = Some((u, d));
                }
                _ => {}
            }
        }
    }
    match fewest_places {
        Some((u, d)) => Branch::Places(
            d,
            unit_cells(u)
                .into_iter()
                .filter(|&i| cand[i] & (1 << d) != 0)
                .collect(),
        ),
        None => Branch::Cell(cell, cell_cand),
    }
}

/// One count in progress: what is looked for, what was found, how many steps are left.
struct Search {
    limit: usize,
    steps_left: usize,
    out_of_steps: bool,
    count: usize,
    first: Option<Board>,
}

impl Search {
    /// Explores every completion of `grid`; returns true when the search must stop (the
    /// limit is reached, or the steps ran out).
    fn run(&mut self, grid: &mut [u8; CELLS]) -> bool {
        if self.steps_left == 0 {
            self.out_of_steps = true;
            return true;
        }
        self.steps_left -= 1;
        let mut try_one = |grid: &mut [u8; CELLS], cell: usize, d: u8| {
            grid[cell] = d;
            let stop = self.run(grid);
            grid[cell] = 0;
            stop
        };
        match choose(grid) {
            Branch::DeadEnd => false,
            Branch::Solved => {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Board::from_digits(*grid);
                }
                self.count >= self.limit
            }
            Branch::Cell(cell, cand) => (1..=9u8)
                .filter(|d| cand & (1 << d) != 0)
                .any(|d| try_one(grid, cell, d)),
            Branch::Places(d, places) => places.into_iter().any(|cell| try_one(grid, cell, d)),
        }
    }
}

/// Counts the solutions of `board`, stopping at `limit`, and returns the count with the
/// first solution found (digits tried in increasing order). A board whose givens clash has
/// no solution here; callers that need to tell the two apart check conflicts first.
pub fn count(board: &Board, limit: usize) -> (usize, Option<Board>) {
    let (n, first, _) = count_steps(board, limit, usize::MAX);
    (n, first)
}

/// [`count`] within `max_steps` steps of the search (one step per position it looks at):
/// `None` if the steps run out before the count is settled. For callers that cannot wait
/// on the rare boards that take the reference a long time, such as the fuzz targets.
pub fn count_within(
    board: &Board,
    limit: usize,
    max_steps: usize,
) -> Option<(usize, Option<Board>)> {
    let (n, first, out_of_steps) = count_steps(board, limit, max_steps);
    (!out_of_steps).then_some((n, first))
}

fn count_steps(board: &Board, limit: usize, max_steps: usize) -> (usize, Option<Board>, bool) {
    let mut grid = *board.digits();
    if limit == 0 || has_clash(&grid) {
        return (0, None, false);
    }
    let mut search = Search {
        limit,
        steps_left: max_steps,
        out_of_steps: false,
        count: 0,
        first: None,
    };
    search.run(&mut grid);
    (search.count, search.first, search.out_of_steps)
}

/// The first solution of `board`, if it has one.
pub fn solve(board: &Board) -> Option<Board> {
    count(board, 1).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_the_leetcode_example() {
        let p = Board::from_text(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let s = solve(&p).unwrap();
        assert_eq!(
            s.to_string(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
        assert_eq!(count(&p, 10).0, 1);
    }

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn counts_stop_at_the_limit() {
        assert_eq!(count(&Board::EMPTY, 5).0, 5);
        assert_eq!(count(&Board::EMPTY, 0), (0, None));
        let solved = Board::from_text(SOLVED).unwrap();
        let mut one_blank = solved;
        one_blank.set(40, 0);
        assert_eq!(count(&one_blank, 5), (1, Some(solved)));
    }

    #[test]
    fn a_deadly_rectangle_has_two_solutions() {
        // Rows r1, r2 of one band and columns c1, c2 of two stacks holding a b / b a: the
        // digits can be swapped, so blanking those four cells leaves two solutions.
        let solved = Board::from_text(SOLVED).unwrap();
        let g = |r: usize, c: usize| solved.get(r * 9 + c);
        let mut found = None;
        for r1 in 0..9 {
            for r2 in r1 + 1..r1 / 3 * 3 + 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 * 3 + 3)..9 {
                        if g(r1, c1) == g(r2, c2) && g(r1, c2) == g(r2, c1) {
                            found = Some([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]);
                        }
                    }
                }
            }
        }
        let mut puzzle = solved;
        for i in found.expect("the grid has a deadly rectangle") {
            puzzle.set(i, 0);
        }
        assert_eq!(count(&puzzle, 10).0, 2);
    }

    #[test]
    fn count_within_settles_or_says_it_ran_out() {
        let p = Board::from_text(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let full = count(&p, 2);
        assert_eq!(count_within(&p, 2, 1_000_000), Some(full));
        assert_eq!(count_within(&p, 2, 1), None);
        assert_eq!(count_within(&Board::EMPTY, 3, 10), None);
        assert_eq!(count_within(&Board::EMPTY, 1, 1_000).map(|c| c.0), Some(1));
        // Exactly as many steps as the search takes settles it; one fewer does not.
        let steps = (1..).find(|&s| count_within(&p, 2, s).is_some()).unwrap();
        assert_eq!(count_within(&p, 2, steps), Some(full));
        assert_eq!(count_within(&p, 2, steps - 1), None);
    }

    #[test]
    fn clashing_givens_and_dead_ends_have_no_solution() {
        let mut b = Board::EMPTY;
        b.set(0, 1);
        b.set(1, 1);
        assert_eq!(count(&b, 2), (0, None));
        // Row 0 holds 1-8 in its first 8 cells and column 8 holds a 9 lower down:
        // cell 8 has no candidate.
        let mut b = Board::EMPTY;
        for k in 0..8 {
            b.set(k, k as u8 + 1);
        }
        b.set(80, 9);
        assert_eq!(count(&b, 2), (0, None));
    }
}
