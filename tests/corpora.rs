//! Every puzzle of every corpus in `../shared/data` (when it is present beside the
//! project): the status must be the expected one and every solution valid. Skipped, with a
//! note, where the corpora are absent.

mod common;

use common::{read_corpus, shared_data};
use sudoku::{Board, Status};

/// Solves every puzzle of `name` and checks each answer; `expect` gives the status each
/// puzzle must get (by its index).
fn check_corpus(name: &str, expect: impl Fn(usize) -> Status) {
    let Some(dir) = shared_data() else { return };
    let puzzles = read_corpus(&dir.join(name));
    assert!(!puzzles.is_empty(), "{name} holds no puzzles");
    for (i, text) in puzzles.iter().enumerate() {
        let puzzle = Board::from_text(text).unwrap_or_else(|s| panic!("{name}:{i}: {s}"));
        let mut bytes = puzzle.to_bytes();
        let status = sudoku::solve_bytes(&mut bytes);
        assert_eq!(status, expect(i), "{name} puzzle {i}: {text}");
        if status == Status::Ok {
            let solution = Board::from_bytes(&bytes).unwrap();
            assert!(
                solution.is_solution_of(&puzzle),
                "{name} puzzle {i}: {text}"
            );
        } else {
            assert_eq!(bytes, puzzle.to_bytes());
        }
    }
}

#[test]
fn solvable_corpora_are_all_solved() {
    for name in [
        "gen_easy",
        "gen_minimal",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark",
    ] {
        check_corpus(name, |_| Status::Ok);
    }
}

#[test]
fn invalid_corpus_has_no_solutions() {
    check_corpus("gen_invalid", |_| Status::NoSolution);
}

#[test]
fn tdoku_test_puzzles_match_their_known_counts() {
    let Some(dir) = shared_data() else { return };
    let text = std::fs::read_to_string(dir.join("tdoku_test_puzzles")).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut fields = line.split(':');
        let puzzle = Board::from_text(fields.next().unwrap()).unwrap();
        let count: usize = fields.next().unwrap().parse().unwrap();
        let expected_solution = fields.next().map(|s| Board::from_text(s).unwrap());
        match sudoku::solve(&puzzle) {
            Ok(s) => {
                assert!(count >= 1, "solved a puzzle with no solution: {line}");
                assert!(s.is_solution_of(&puzzle), "{line}");
                if let (1, Some(known)) = (count, expected_solution) {
                    assert_eq!(s, known, "{line}");
                }
            }
            Err(Status::NoSolution) => assert_eq!(count, 0, "{line}"),
            Err(e) => panic!("{e:?} for {line}"),
        }
        checked += 1;
    }
    assert!(checked > 0, "tdoku_test_puzzles holds no puzzles");
}
