//! Helpers shared by the integration tests: a seeded random source, random complete
//! grids, puzzles made from them, and the corpora in `../shared/data` when present.
#![allow(dead_code)] // each test binary uses its own subset

pub mod contract;

use std::path::PathBuf;
use sudoku::Board;

/// SplitMix64: a small, well-mixed, seeded random source.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n` (n > 0; the tiny modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A random complete grid: a fixed valid grid under a random validity-preserving
/// transformation (digits relabelled, rows within bands, bands, columns within stacks,
/// stacks, and transposition).
pub fn random_grid(rng: &mut Rng) -> Board {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng| {
        let mut groups = [0usize, 1, 2];
        rng.shuffle(&mut groups);
        let mut out = Vec::with_capacity(9);
        for g in groups {
            let mut within = [0usize, 1, 2];
            rng.shuffle(&mut within);
            out.extend(within.iter().map(|w| g * 3 + w));
        }
        out
    };
    let rows = order(rng);
    let cols = order(rng);
    let transpose = rng.below(2) == 1;
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r], cols[c]);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            // The base grid: row r is 1..9 shifted by 3(r mod 3) + r/3.
            let base = (sr * 3 + sr / 3 + sc) % 9;
            cells[r * 9 + c] = digits[base];
        }
    }
    let grid = Board::from_digits(cells).expect("digits are 1-9");
    debug_assert!(grid.is_solved());
    grid
}

/// `grid` with `blanks` of its cells, chosen at random, made blank.
pub fn with_blanks(rng: &mut Rng, grid: &Board, blanks: usize) -> Board {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut p = *grid;
    for &i in cells.iter().take(blanks) {
        p.set(i, 0);
    }
    p
}

/// A puzzle whose givens do not clash, made by changing one given of `puzzle` to another
/// digit that no unit of its cell holds; usually it has no solution. `None` if no given
/// can be changed that way.
pub fn with_changed_given(rng: &mut Rng, puzzle: &Board) -> Option<Board> {
    let mut cells: Vec<usize> = (0..81).filter(|&i| puzzle.get(i) != 0).collect();
    rng.shuffle(&mut cells);
    for i in cells {
        let mut digits: Vec<u8> = (1..=9).filter(|&d| d != puzzle.get(i)).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            let mut q = *puzzle;
            q.set(i, d);
            if q.conflict().is_none() {
                return Some(q);
            }
        }
    }
    None
}

/// `../shared/data` beside the project, if it is there.
pub fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} is absent; corpus checks skipped", dir.display());
        None
    }
}

/// The puzzles of a corpus file: 81-character lines, `#` lines skipped; for
/// `puzzle:count[:solution]` lines, the puzzle part.
pub fn read_corpus(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| l[..81].to_string())
        .collect()
}
