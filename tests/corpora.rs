//! Every engine path on the shared corpora in `../shared/data` (beside the checkout), when
//! they are there; each test prints a note and passes when they are not.
//!
//! Every puzzle of every corpus goes through the public API (`solve_bytes`, on the path this
//! CPU selects); a sample of each corpus (about 150 puzzles, spread over the file) goes
//! through every path, forced; `cargo test --release --test corpora -- --ignored` runs
//! every puzzle on every path.
//! The expected counts are the corpora's documented kinds (see the data README): every
//! puzzle of `gen_invalid` has no solution, every one of `puzzles7_serg_benchmark` several,
//! every other one exactly one; `tdoku_test_puzzles` lists each puzzle's exact count.

use std::path::PathBuf;
use sudoku::engine::{band, count_with, Path};
use sudoku::{Board, Status};

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} is absent; corpus tests skipped", dir.display());
        None
    }
}

/// The puzzles of a corpus file (comments skipped), if the file is there.
fn read(dir: &std::path::Path, name: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join(name)).ok().or_else(|| {
        eprintln!("note: corpus {name} is absent; skipped");
        None
    })?;
    Some(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(str::to_owned)
            .collect(),
    )
}

/// The expected solution count at limit 2 of every puzzle of a corpus.
fn expected_at_two(name: &str) -> usize {
    match name {
        "gen_invalid" => 0,
        "puzzles7_serg_benchmark" => 2,
        _ => 1,
    }
}

const CORPORA: [&str; 8] = [
    "gen_easy",
    "gen_minimal",
    "gen_invalid",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

fn check_corpora(sample: usize) {
    let Some(dir) = data_dir() else { return };
    for name in CORPORA {
        let Some(lines) = read(&dir, name) else {
            continue;
        };
        let step = lines.len().checked_div(sample).unwrap_or(1).max(1);
        let want = expected_at_two(name);
        for line in lines.iter().step_by(step) {
            let bytes: [u8; 81] = line.as_bytes()[..81].try_into().expect("81 cells");
            let p = Board::from_bytes(&bytes).expect("corpus puzzles are well formed");
            for path in Path::available() {
                let (n, s) = count_with(path, &p, 2).expect("available");
                assert_eq!(n, want, "{path:?} {name}: {line}");
                if let Some(s) = s {
                    assert!(s.is_solution_of(&p), "{path:?} {name}: {line}");
                }
                let mut board = bytes;
                let status = band::solve_bytes_with(path, &mut board).expect("available");
                if want == 0 {
                    assert_eq!(status, Status::NoSolution, "{path:?} {name}: {line}");
                    assert_eq!(board, bytes);
                } else {
                    assert_eq!(status, Status::Ok, "{path:?} {name}: {line}");
                    let s = Board::from_bytes(&board).expect("digits");
                    assert!(s.is_solution_of(&p), "{path:?} {name}: {line}");
                }
            }
        }
    }
}

#[test]
fn every_corpus_puzzle_through_the_public_api() {
    let Some(dir) = data_dir() else { return };
    for name in CORPORA {
        let Some(lines) = read(&dir, name) else {
            continue;
        };
        let want = if expected_at_two(name) == 0 {
            Status::NoSolution
        } else {
            Status::Ok
        };
        for line in &lines {
            let bytes: [u8; 81] = line.as_bytes()[..81].try_into().expect("81 cells");
            let puzzle = Board::from_bytes(&bytes).expect("corpus puzzles are well formed");
            let mut board = bytes;
            let status = sudoku::solve_bytes(&mut board);
            assert_eq!(status, want, "{name}: {line}");
            if status == Status::Ok {
                let s = Board::from_bytes(&board).expect("digits");
                assert!(s.is_solution_of(&puzzle), "{name}: {line}");
            } else {
                assert_eq!(board, bytes, "{name}: board changed on failure");
            }
        }
    }
}

#[test]
fn a_sample_of_every_corpus_on_every_path() {
    check_corpora(150);
}

#[test]
#[ignore = "every puzzle of every corpus: run with --release -- --ignored"]
fn every_corpus_puzzle_on_every_path() {
    check_corpora(0);
}

#[test]
fn tdoku_test_puzzles_have_their_exact_counts_on_every_path() {
    let Some(dir) = data_dir() else { return };
    let Some(lines) = read(&dir, "tdoku_test_puzzles") else {
        return;
    };
    assert!(!lines.is_empty());
    for line in &lines {
        let mut parts = line.split(':');
        let (Some(puzzle), Some(count)) = (parts.next(), parts.next()) else {
            panic!("malformed line {line}");
        };
        let count: usize = count.parse().expect("a count");
        let p = Board::from_text(puzzle).expect("a puzzle");
        let solution = parts
            .next()
            .map(|s| Board::from_text(s).expect("a solution"));
        for path in Path::available() {
            for limit in [1, 2, 1000] {
                let (n, s) = count_with(path, &p, limit).expect("available");
                assert_eq!(n, count.min(limit), "{path:?} limit {limit}: {line}");
                if let Some(s) = s {
                    assert!(s.is_solution_of(&p), "{path:?}: {line}");
                    if let Some(want) = solution {
                        assert_eq!(s, want, "{path:?}: {line}");
                    }
                }
            }
        }
    }
}
