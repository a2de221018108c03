//! The project's own seeded puzzle generator, for the tests (a bench can include it with
//! `#[path]`): a small random source, random complete grids, puzzles carved from them,
//! the puzzle set the differential tests share, and the bundled bench puzzles
//! (`benches/puzzles.txt`).
//!
//! Everything is seeded, so every run sees the same puzzles and every failure reproduces.
//! It uses the public API only; carving counts solutions with the counter it is given.

use std::sync::OnceLock;
use sudoku_core::engine::{count_with, reference, Path};
use sudoku_core::rng::SplitMix64;
use sudoku_core::Board;

/// The project's seeded generator ([`sudoku_core::rng::SplitMix64`]), drawing in a range by
/// modulo: the bundled bench puzzles and the differential set are pinned to that sequence.
pub(crate) struct Rng(SplitMix64);

impl Rng {
    /// A generator from a seed.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform value in `0..n` (`n > 0`; the tiny modulo bias is irrelevant here).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random permutation of `0..n`.
    pub(crate) fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// One of Sudoku's validity-preserving symmetries: a relabelling of the digits, a
/// permutation of the bands and of the rows within each, the same for stacks and columns,
/// and maybe a transposition. It keeps a puzzle's solutions (mapped) and its rating.
pub(crate) struct Symmetry {
    /// The digit each digit becomes (`digits[0] = 0`: blanks stay blank).
    digits: [u8; 10],
    /// The source row and column of each row and column.
    rows: Vec<usize>,
    cols: Vec<usize>,
    transpose: bool,
}

impl Symmetry {
    /// A random symmetry.
    pub(crate) fn random(rng: &mut Rng) -> Symmetry {
        let relabel = rng.permutation(9);
        let lines = |rng: &mut Rng| -> Vec<usize> {
            let mut order = Vec::with_capacity(9);
            for outer in rng.permutation(3) {
                for inner in rng.permutation(3) {
                    order.push(outer * 3 + inner);
                }
            }
            order
        };
        let rows = lines(rng);
        let cols = lines(rng);
        let transpose = rng.below(2) == 1;
        let mut digits = [0u8; 10];
        for (d, &to) in relabel.iter().enumerate() {
            digits[d + 1] = to as u8 + 1;
        }
        Symmetry {
            digits,
            rows,
            cols,
            transpose,
        }
    }

    /// The image of `board`.
    pub(crate) fn apply(&self, board: &Board) -> Board {
        let mut out = Board::EMPTY;
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (self.rows[r], self.cols[c]);
                let (sr, sc) = if self.transpose { (sc, sr) } else { (sr, sc) };
                out.set(r * 9 + c, self.digits[usize::from(board.get(sr * 9 + sc))]);
            }
        }
        out
    }
}

/// A random complete grid: a fixed valid grid (row r is 1-9 shifted by 3(r mod 3) + r/3)
/// under a random [`Symmetry`].
pub(crate) fn random_grid(rng: &mut Rng) -> Board {
    let base = core::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8 + 1);
    let base = Board::from_digits(base).expect("digits are 1-9");
    let grid = Symmetry::random(rng).apply(&base);
    debug_assert!(grid.is_solved());
    grid
}

/// Carves a puzzle with exactly one solution out of `grid`: blanks cells in random order,
/// keeping each blank only while `count(puzzle, 2)` stays 1, until `min_givens` remain or
/// no cell can go (a minimal puzzle).
pub(crate) fn carve_unique(
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

/// Blanks `n` random givens of `puzzle` (on a complete grid: `n` random cells); usually
/// leaves several solutions when `puzzle` was minimal.
pub(crate) fn blank_some(rng: &mut Rng, puzzle: &Board, n: usize) -> Board {
    let mut p = *puzzle;
    let mut givens: Vec<usize> = (0..81).filter(|&i| p.get(i) != 0).collect();
    rng.shuffle(&mut givens);
    for &i in givens.iter().take(n) {
        p.set(i, 0);
    }
    p
}

/// Changes one given of `puzzle` to another digit that clashes with no other given, as
/// `gen_invalid` was made (usually no solution is left); `None` if no given can be changed
/// so.
pub(crate) fn change_one_given(rng: &mut Rng, puzzle: &Board) -> Option<Board> {
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

/// The largest limit the differential tests count to; [`Generated::solutions`] is the
/// reference's count up to it.
pub(crate) const MAX_LIMIT: usize = 20;

/// A puzzle of [`puzzle_set`].
pub(crate) struct Generated {
    /// How it was made, for failure messages.
    pub kind: &'static str,
    pub board: Board,
    /// Its solutions as the plain reference counts them, up to [`MAX_LIMIT`] (0 for
    /// clashing givens).
    pub solutions: usize,
    /// Whether two equal givens share a unit.
    pub clashing: bool,
}

/// The puzzles every differential test runs (`tests/engines.rs`, `tests/router.rs`),
/// made once per test binary: about 3,300 of every kind, from one seed, each with its
/// reference count (the set is checked to hold hundreds with no, one and several solutions,
/// and some clashing):
/// - `unique`: carved down to 0, 25, 30, 36 or 45 givens (minimal at 0);
/// - `several`: a minimal puzzle with 1-6 givens blanked;
/// - `changed`: a minimal puzzle with one given changed, clash-free (mostly no solution);
/// - `blanked`: a grid with 20-64 random cells blanked (one solution or several);
/// - `blanked changed`: a grid with 35-54 blanks and one given changed;
/// - `near-complete` (0-11 blanks: the full grid included) and `near-complete changed`;
/// - `sparse`: 0-20 givens of a grid (many solutions);
/// - `empty`, `one given`;
/// - `clashing`: two random cells of a 31-given puzzle overwritten, mostly so that equal
///   givens share a unit (the engines alone are given only clash-free boards).
pub(crate) fn puzzle_set() -> &'static [Generated] {
    static SET: OnceLock<Vec<Generated>> = OnceLock::new();
    SET.get_or_init(|| {
        let set = make_puzzle_set();
        let mut by_count = [0usize; 3];
        for p in set.iter().filter(|p| !p.clashing) {
            by_count[p.solutions.min(2)] += 1;
        }
        let clashing = set.iter().filter(|p| p.clashing).count();
        eprintln!(
            "{} generated puzzles: {by_count:?} with no, one and several solutions, \
             {clashing} clashing",
            set.len()
        );
        assert!(set.len() > 3000, "only {} puzzles", set.len());
        assert!(by_count.iter().all(|&n| n > 300), "{by_count:?}");
        assert!(clashing > 20, "only {clashing} clashing puzzles");
        set
    })
}

fn make_puzzle_set() -> Vec<Generated> {
    let mut rng = Rng::new(0x5EED_0003);
    // Carving needs fast counts; the expected counts come from the reference below.
    let count = |b: &Board, limit: usize| {
        count_with(Path::Portable, b, limit)
            .expect("the portable path always runs")
            .0
    };
    let mut out: Vec<(&'static str, Board)> = Vec::new();
    for n in 0..900 {
        let grid = random_grid(&mut rng);
        let floor = [0, 0, 25, 30, 36, 45][n % 6];
        out.push(("unique", carve_unique(&mut rng, &grid, floor, &count)));
    }
    for n in 0..450 {
        let grid = random_grid(&mut rng);
        let minimal = carve_unique(&mut rng, &grid, 0, &count);
        out.push(("several", blank_some(&mut rng, &minimal, 1 + n % 6)));
    }
    for _ in 0..450 {
        let grid = random_grid(&mut rng);
        let minimal = carve_unique(&mut rng, &grid, 0, &count);
        out.extend(change_one_given(&mut rng, &minimal).map(|p| ("changed", p)));
    }
    for n in 0..450 {
        let grid = random_grid(&mut rng);
        out.push(("blanked", blank_some(&mut rng, &grid, 20 + n % 45)));
    }
    for n in 0..300 {
        let grid = random_grid(&mut rng);
        let p = blank_some(&mut rng, &grid, 35 + n % 20);
        out.extend(change_one_given(&mut rng, &p).map(|q| ("blanked changed", q)));
    }
    for n in 0..300 {
        let grid = random_grid(&mut rng);
        let near = blank_some(&mut rng, &grid, n % 12);
        out.push(("near-complete", near));
        out.extend(change_one_given(&mut rng, &near).map(|q| ("near-complete changed", q)));
    }
    for n in 0..300 {
        let grid = random_grid(&mut rng);
        out.push(("sparse", blank_some(&mut rng, &grid, 81 - n % 21)));
    }
    out.push(("empty", Board::EMPTY));
    let mut one = Board::EMPTY;
    one.set(40, 5);
    out.push(("one given", one));
    for _ in 0..50 {
        let grid = random_grid(&mut rng);
        let mut p = blank_some(&mut rng, &grid, 50);
        let (a, b) = (rng.below(81), rng.below(81));
        p.set(a, 1 + rng.below(9) as u8);
        p.set(b, 1 + rng.below(9) as u8);
        out.push(("clashing", p));
    }
    out.into_iter()
        .map(|(kind, board)| Generated {
            kind,
            board,
            solutions: reference::count(&board, MAX_LIMIT).0,
            clashing: board.conflict().is_some(),
        })
        .collect()
}

/// The puzzles bundled as `benches/puzzles.txt`: 300 puzzles of every kind from seed
/// 2024, each with a label: 100 minimal unique, 60 unique with 30-40 givens, 50 with
/// several solutions, 50 with one given changed (mostly no solution), 40 near-complete.
pub(crate) fn bundled(count: &impl Fn(&Board, usize) -> usize) -> Vec<(&'static str, Board)> {
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
pub(crate) fn bundled_text(puzzles: &[(&str, Board)]) -> String {
    let mut text = String::from(
        "# libsudoku's own benchmark puzzles: generated by tests/common/generate.rs\n\
         # (bundled(), seed 2024); tests/bundled_puzzles.rs checks this file against it.\n\
         # One puzzle a line, '.' for blanks, then its kind after a space.\n",
    );
    for (kind, p) in puzzles {
        text.push_str(&format!("{p} {kind}\n"));
    }
    text
}
