//! Every code path of the triad engine alone (`engine::triad::count`, not the router)
//! against the plain reference solver, on puzzles generated here from a seeded generator:
//! unique, several solutions, no solution, empty, nearly complete. Counts must agree at limits 1, 2 and 10, and every solution returned must
//! complete its puzzle.
//!
//! Then, when `../shared/data` is present, a sample of every corpus on every path against
//! what is known of the corpus (one solution, several, none, or the exact counts of
//! `tdoku_test_puzzles`); the whole corpora run with `cargo test --release -- --ignored`.

use std::path::PathBuf;
use sudoku::engine::{reference, triad, Path};
use sudoku::Board;

/// SplitMix64: a small seeded generator, so that every failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random complete grid: a fixed valid grid under a random symmetry (digit relabelling,
/// rows within bands, bands, columns within stacks, stacks, transposition).
fn random_grid(rng: &mut Rng) -> [u8; 81] {
    let base = |r: usize, c: usize| ((r % 3 * 3 + r / 3 + c) % 9) as u8 + 1;
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let lines = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut order = [0usize; 9];
        for (k, &b) in bands.iter().enumerate() {
            let mut within = [0usize, 1, 2];
            rng.shuffle(&mut within);
            for (m, &w) in within.iter().enumerate() {
                order[3 * k + m] = 3 * b + w;
            }
        }
        order
    };
    let (rows, cols) = (lines(rng), lines(rng));
    let transpose = rng.next() & 1 == 1;
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (rr, cc) = if transpose { (c, r) } else { (r, c) };
            grid[9 * r + c] = digits[base(rows[rr], cols[cc]) as usize - 1];
        }
    }
    grid
}

/// Whether `cells` has no clashing givens.
fn clash_free(cells: &[u8; 81]) -> bool {
    Board::from_digits(*cells).is_some_and(|b| b.conflict().is_none())
}

/// The test puzzles: each kind the engine must handle, all clash-free.
fn generated(count: usize) -> Vec<Board> {
    let mut rng = Rng(0x7121_AD00_5EED);
    let mut out = vec![Board::EMPTY];
    while out.len() < count {
        let grid = random_grid(&mut rng);
        let mut cells = grid;
        match rng.below(5) {
            // Blank 20-64 random cells: unique when few, several solutions when many.
            0 | 1 => {
                let blanks = 20 + rng.below(45);
                let mut order: Vec<usize> = (0..81).collect();
                rng.shuffle(&mut order);
                for &i in &order[..blanks] {
                    cells[i] = 0;
                }
            }
            // Nearly complete: 1-6 blanks.
            2 => {
                for _ in 0..1 + rng.below(6) {
                    cells[rng.below(81)] = 0;
                }
            }
            // A given changed to a digit that clashes nowhere: usually no solution.
            3 => {
                let blanks = 35 + rng.below(20);
                let mut order: Vec<usize> = (0..81).collect();
                rng.shuffle(&mut order);
                for &i in &order[..blanks] {
                    cells[i] = 0;
                }
                let i = order[blanks + rng.below(81 - blanks)];
                let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
                rng.shuffle(&mut digits);
                for d in digits {
                    let mut changed = cells;
                    changed[i] = d;
                    if d != grid[i] && clash_free(&changed) {
                        cells = changed;
                        break;
                    }
                }
            }
            // Sparse: 8-20 givens, many solutions.
            _ => {
                let givens = 8 + rng.below(13);
                let mut order: Vec<usize> = (0..81).collect();
                rng.shuffle(&mut order);
                cells = [0; 81];
                for &i in &order[..givens] {
                    cells[i] = grid[i];
                }
            }
        }
        if clash_free(&cells) {
            out.extend(Board::from_digits(cells));
        }
    }
    out
}

#[test]
fn every_path_agrees_with_the_reference_on_generated_puzzles() {
    let puzzles = generated(2000);
    let paths: Vec<Path> = Path::available().collect();
    let (mut kinds, mut checked) = ([0usize; 3], 0);
    for (n, p) in puzzles.iter().enumerate() {
        for limit in [1, 2, 10] {
            let (want, _) = reference::count(p, limit);
            if limit == 10 {
                kinds[want.min(2)] += 1;
            }
            for &path in &paths {
                let (got, first) = triad::count(path, p, limit).expect("an available path");
                assert_eq!(
                    got,
                    want,
                    "puzzle {n} ({p}) limit {limit} on {}",
                    path.name()
                );
                match first {
                    Some(s) => assert!(s.is_solution_of(p), "{} puzzle {n}", path.name()),
                    None => assert_eq!(got, 0, "{} puzzle {n}", path.name()),
                }
                checked += 1;
            }
        }
    }
    // The generator must produce every kind, or the test proves less than it claims.
    assert!(
        kinds.iter().all(|&k| k >= 100),
        "kinds (none, one, several): {kinds:?}"
    );
    assert!(checked >= puzzles.len() * 3);
}

#[test]
fn every_path_counts_the_empty_board_to_its_limit() {
    for path in Path::available() {
        for limit in [0, 1, 2, 37, 500] {
            let (n, first) = triad::count(path, &Board::EMPTY, limit).expect("available");
            assert_eq!(n, limit, "{}", path.name());
            assert_eq!(first.is_some(), limit > 0, "{}", path.name());
            if let Some(s) = first {
                assert!(s.is_solution_of(&Board::EMPTY));
            }
        }
    }
}

/// `../shared/data`, if present.
fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    dir.is_dir().then_some(dir)
}

/// The puzzles of a corpus file with the count each must have (at the given limit): one
/// line per puzzle, `#` comments; `tdoku_test_puzzles` lines carry `:count`.
fn corpus(dir: &std::path::Path, name: &str) -> Vec<(Board, usize)> {
    let text = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    let expected = match name {
        "gen_invalid" => 0,
        "puzzles7_serg_benchmark" => 2,
        _ => 1,
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .filter_map(|l| {
            let board = Board::from_text(&l[..81]).ok()?;
            let count = match l[81..].strip_prefix(':') {
                Some(rest) => rest.split(':').next()?.parse().ok()?,
                None => expected,
            };
            Some((board, count))
        })
        .collect()
}

const CORPORA: [&str; 9] = [
    "gen_easy",
    "gen_minimal",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
    "gen_invalid",
    "tdoku_test_puzzles",
];

/// Checks every `step`-th puzzle of every corpus on every path: the count at a limit
/// above the expected count (2 for the corpora, 1000 for the exact counts), and the
/// solution.
fn check_corpora(step: usize) {
    let Some(dir) = data_dir() else {
        eprintln!("note: ../shared/data is absent; the corpus check is skipped");
        return;
    };
    for name in CORPORA {
        let puzzles = corpus(&dir, name);
        assert!(!puzzles.is_empty(), "{name} is empty or unreadable");
        for path in Path::available() {
            for (n, (p, want)) in puzzles.iter().enumerate().step_by(step) {
                let limit = if name == "tdoku_test_puzzles" {
                    1000
                } else {
                    2
                };
                let (got, first) = triad::count(path, p, limit).expect("available");
                assert_eq!(got, (*want).min(limit), "{name} #{n} on {}", path.name());
                if let Some(s) = first {
                    assert!(s.is_solution_of(p), "{name} #{n} on {}", path.name());
                }
            }
        }
    }
}

#[test]
fn every_path_agrees_with_a_sample_of_the_corpora() {
    check_corpora(997);
}

#[test]
#[ignore = "the whole corpora: run with `cargo test --release -- --ignored`"]
fn every_path_agrees_with_the_whole_corpora() {
    check_corpora(1);
}
