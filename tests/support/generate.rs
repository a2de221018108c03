//! A small seeded puzzle generator for the project's own tests and benches: random solved
//! grids (a base grid under random symmetries), and puzzles carved from them.
//!
//! Shared by `tests/engine_paths.rs` and `benches/solve.rs` through `#[path]`; it uses only
//! the public API, and callers pass the solution counter the carving uses.

#![allow(dead_code)]

use sudoku::Board;

/// splitmix64: small, seedable, good enough to shuffle.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `v` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// A random solved grid: the pattern grid under random digit relabelling, row and column
/// permutations inside bands and stacks, band and stack permutations, and transposition.
pub fn random_grid(rng: &mut Rng) -> Board {
    let digits = rng.permutation(9);
    let line = |rng: &mut Rng| -> Vec<usize> {
        let outer = rng.permutation(3);
        let mut order = Vec::new();
        for o in outer {
            for i in rng.permutation(3) {
                order.push(o * 3 + i);
            }
        }
        order
    };
    let rows = line(rng);
    let cols = line(rng);
    let transpose = rng.below(2) == 1;
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (pr, pc) = (rows[r], cols[c]);
            let (pr, pc) = if transpose { (pc, pr) } else { (pr, pc) };
            let v = (pr * 3 + pr / 3 + pc) % 9;
            cells[r * 9 + c] = digits[v] as u8 + 1;
        }
    }
    Board::from_digits(cells).expect("digits are 1-9")
}

/// Carves a puzzle with exactly one solution out of `grid`: blanks cells in random order,
/// keeping each blank only while `count(puzzle, 2)` stays 1, until `min_givens` remain or
/// no cell can go (a minimal puzzle).
pub fn carve_unique(
    rng: &mut Rng,
    grid: &Board,
    min_givens: usize,
    count: &impl Fn(&Board, usize) -> usize,
) -> Board {
    let mut puzzle = *grid;
    let mut givens = 81;
    for cell in rng.permutation(81) {
        if givens <= min_givens {
            break;
        }
        let d = puzzle.get(cell);
        puzzle.set(cell, 0);
        if count(&puzzle, 2) == 1 {
            givens -= 1;
        } else {
            puzzle.set(cell, d);
        }
    }
    puzzle
}

/// Blanks `n` random givens of `puzzle` (which usually leaves several solutions).
pub fn blank_some(rng: &mut Rng, puzzle: &Board, n: usize) -> Board {
    let mut p = *puzzle;
    let mut givens: Vec<usize> = (0..81).filter(|&i| p.get(i) != 0).collect();
    rng.shuffle(&mut givens);
    for &i in givens.iter().take(n) {
        p.set(i, 0);
    }
    p
}

/// Changes one given of `puzzle` to another digit that clashes with no other given, as
/// gen_invalid does (usually no solution is left); `None` if no given can be changed so.
pub fn change_one_given(rng: &mut Rng, puzzle: &Board) -> Option<Board> {
    let mut givens: Vec<usize> = (0..81).filter(|&i| puzzle.get(i) != 0).collect();
    rng.shuffle(&mut givens);
    for i in givens {
        let mut digits = rng.permutation(9);
        digits.retain(|&d| d as u8 + 1 != puzzle.get(i));
        for d in digits {
            let mut p = *puzzle;
            p.set(i, d as u8 + 1);
            if p.conflict().is_none() {
                return Some(p);
            }
        }
    }
    None
}

/// The puzzles bundled as `benches/puzzles.txt`: 300 puzzles of every kind from seed
/// 2024, each with a label: 100 minimal unique, 60 unique with 30-40 givens, 50 with
/// several solutions, 50 with one given changed (mostly no solution), 40 near-complete.
pub fn bundled(count: &impl Fn(&Board, usize) -> usize) -> Vec<(&'static str, Board)> {
    let mut rng = Rng::new(2024);
    let mut out = Vec::new();
    for _ in 0..100 {
        let grid = random_grid(&mut rng);
        out.push(("minimal", carve_unique(&mut rng, &grid, 0, count)));
    }
    for n in 0..60 {
        let grid = random_grid(&mut rng);
        out.push(("unique", carve_unique(&mut rng, &grid, 30 + n % 11, count)));
    }
    for n in 0..50 {
        let grid = random_grid(&mut rng);
        let p = carve_unique(&mut rng, &grid, 0, count);
        out.push(("several", blank_some(&mut rng, &p, 2 + n % 5)));
    }
    while out.len() < 260 {
        let grid = random_grid(&mut rng);
        let p = carve_unique(&mut rng, &grid, 0, count);
        if let Some(q) = change_one_given(&mut rng, &p) {
            out.push(("changed", q));
        }
    }
    for n in 0..40 {
        let grid = random_grid(&mut rng);
        out.push(("near-complete", blank_some(&mut rng, &grid, 3 + n % 10)));
    }
    out
}

/// The text of `benches/puzzles.txt` for [`bundled`] puzzles.
pub fn bundled_text(puzzles: &[(&str, Board)]) -> String {
    let mut text = String::from(
        "# libsudoku's own benchmark puzzles: generated by tests/support/generate.rs\n\
         # (bundled(), seed 2024); tests/bundled_puzzles.rs checks this file against it.\n\
         # One puzzle a line, '.' for blanks, then its kind after a space.\n",
    );
    for (kind, p) in puzzles {
        text.push_str(&format!("{p} {kind}\n"));
    }
    text
}
