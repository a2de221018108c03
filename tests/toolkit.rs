//! Integration tests of the toolkit (counting, batch solving, rating, generation), through
//! the Rust API and the C ABI, against the plain reference solver and the contract
//! oracle's independent singles solver (`common::contract::singles_fill`). Tests that read `../shared/data` corpora skip (with a
//! note) when it is absent; set `SUDOKU_FULL_CORPUS=1` to read whole corpora instead of
//! samples.

mod common;

use common::contract::{self, singles_fill};
use common::corpora;
use common::ffi;
use common::generate::{Rng, Symmetry};
use sudoku::Status;
use sudoku_core::engine::reference;
use sudoku_core::{Board, Difficulty, CELLS};

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Boards with a known number of solutions: those the C and C++ tests share
/// (`tests/c/counted.h`, read here so that one list serves all three: the LeetCode puzzle
/// with some givens removed, and a clash-free board with none), and one with 4006.
fn counted() -> Vec<(&'static str, usize)> {
    let mut boards: Vec<(&str, usize)> = include_str!("c/counted.h")
        .lines()
        .filter_map(|line| {
            let (board, rest) = line.trim().strip_prefix("{\"")?.split_once("\", ")?;
            Some((board, rest.strip_suffix("},")?.parse().ok()?))
        })
        .collect();
    assert_eq!(
        boards.len(),
        6,
        "boards read from tests/c/counted.h: {boards:?}"
    );
    boards.push((
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....2....................",
        4006,
    ));
    boards
}

fn full_corpus() -> bool {
    std::env::var_os("SUDOKU_FULL_CORPUS").is_some()
}

/// Up to `n` puzzles of a corpus, evenly spread over the file (all of them when
/// `SUDOKU_FULL_CORPUS` is set); none, with a note, when it is absent.
fn corpus(name: &str, n: usize) -> Vec<[u8; CELLS]> {
    let n = if full_corpus() { usize::MAX } else { n };
    corpora::read(name)
        .map(|all| corpora::sample(&all, n).map(|e| e.bytes).collect())
        .unwrap_or_default()
}

/// `sudoku_count_solutions` with every pointer given: the status, the count, and the
/// solution buffer if the call wrote it.
fn c_count(board: &[u8; CELLS], limit: usize) -> (Status, usize, Option<[u8; CELLS]>) {
    let (code, n, sol) = ffi::count(board, limit, &[false; 3]);
    let status = Status::from_code(code).expect("a known status");
    (
        status,
        n.expect("a count"),
        (sol != ffi::FILL).then_some(sol),
    )
}

/// `sudoku_rate` with both pointers given: the level, or the status.
fn c_rate(board: &[u8; CELLS]) -> Result<Difficulty, Status> {
    let (code, d) = ffi::rate(board, &[false; 2]);
    match Status::from_code(code).expect("a known status") {
        Status::Ok => Ok(Difficulty::from_code(d).expect("a known difficulty")),
        s => Err(s),
    }
}

/// The expected solutions and counts of the shared contract table
/// (`tests/data/contract_cases.txt`, which the C and the JavaScript contract tests read) are
/// the reference solver's: every `solve` solution, `count` count and `unique` answer, and
/// the solution named by each `true:` hint, on the cases whose board is plain 81 bytes;
/// every SE rating of a puzzle is serate's (`tests/data/serate_bundled.txt`).
#[test]
fn the_contract_tables_solutions_and_counts_are_the_references() {
    let table = include_str!("data/contract_cases.txt");
    let serate = include_str!("data/serate_bundled.txt");
    let mut checked = 0;
    for line in table
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 6, "six fields: {line:?}");
        let (function, text, args, status, result) =
            (fields[1], fields[2], fields[3], fields[4], fields[5]);
        let Ok(board) = Board::from_text(text) else {
            continue;
        };
        if status != "OK" || board.check_conflicts().is_err() {
            continue;
        }
        let (n, first) = reference::count(&board, 2);
        let solution = if n == 1 {
            first.map(|s| s.to_bytes())
        } else {
            None
        };
        let want = match function {
            "solve" if result == "any" => {
                assert_eq!(n, 2, "{line}");
                continue;
            }
            "solve" => result,
            "hint" => match result.strip_prefix("true:") {
                Some(s) => s,
                None => continue,
            },
            "count" => {
                let limit = args.parse().expect("a limit");
                let (count, _) = reference::count(&board, limit);
                assert_eq!(count.to_string(), result, "{line}");
                checked += 1;
                continue;
            }
            "unique" => {
                assert_eq!(if n == 1 { "yes" } else { "no" }, result, "{line}");
                checked += 1;
                continue;
            }
            "rate_se" if !text.contains('.') => {
                assert_eq!(result, "0.0/0.0/0.0", "a complete grid: {line}");
                continue;
            }
            "rate_se" => {
                let rated = format!("{text} ED={result}");
                assert!(
                    serate.lines().any(|l| l == rated),
                    "serate's rating: {line}"
                );
                checked += 1;
                continue;
            }
            _ => continue,
        };
        let solution = solution.unwrap_or_else(|| panic!("one solution: {line}"));
        assert_eq!(std::str::from_utf8(&solution).unwrap(), want, "{line}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked} cases checked");
}

#[test]
fn counts_match_the_reference_at_every_limit() {
    for (text, solutions) in counted() {
        let board = Board::from_text(text).unwrap();
        let (all, _) = reference::count(&board, 100_000);
        assert_eq!(all, solutions, "reference count of {text}");
        for limit in [0, 1, 2, 3, 10, 1000, 100_000, usize::MAX] {
            let want = solutions.min(limit);
            let got = sudoku_core::count_solutions(&board, limit).unwrap();
            assert_eq!(got.count, want, "{text} limit {limit}");
            assert_eq!(got.first.is_some(), want > 0);
            if let Some(s) = got.first {
                assert!(s.is_solution_of(&board));
            }
            let (status, n, sol) = c_count(&board.to_bytes(), limit);
            assert_eq!((status, n), (Status::Ok, want), "C: {text} limit {limit}");
            assert_eq!(sol.is_some(), want > 0);
            if let Some(sol) = sol {
                assert!(Board::from_bytes(&sol).unwrap().is_solution_of(&board));
            }
        }
    }
}

#[test]
fn counts_match_tdoku_test_puzzles() {
    // Exact counts (0 to several hundred), and the solution of each unique puzzle.
    let Some(entries) = corpora::read("tdoku_test_puzzles") else {
        return;
    };
    for e in &entries {
        let line = e.line;
        let (status, n, sol) = c_count(&e.bytes, 100_000);
        assert_eq!(
            (status, n),
            (Status::Ok, e.count.at(100_000)),
            "line {line}"
        );
        let (status, n, _) = c_count(&e.bytes, 2);
        assert_eq!((status, n), (Status::Ok, e.count.at(2)), "line {line}");
        if let (Some(want), Some(sol), 1) = (e.solution, sol, n) {
            assert_eq!(sol, want.to_bytes(), "line {line}");
        }
    }
    assert!(entries.len() > 10, "only {} puzzles read", entries.len());
}

/// A mix of boards: solvable, unsolvable, several solutions, clashing, bad characters.
fn mixed_boards() -> Vec<[u8; CELLS]> {
    let mut boards: Vec<[u8; CELLS]> = counted()
        .iter()
        .map(|(t, _)| t.as_bytes().try_into().unwrap())
        .collect();
    let mut clash: [u8; CELLS] = LEETCODE.as_bytes().try_into().unwrap();
    clash[1] = b'5';
    let mut bad = clash;
    bad[80] = b'x';
    boards.extend([clash, bad, [b'0'; CELLS], [0u8; CELLS]]);
    boards.extend(corpus("puzzles3_magictour_top1465", 60));
    boards.extend(corpus("puzzles7_serg_benchmark", 30));
    boards.extend(corpus("gen_invalid", 30));
    for seed in 0..12 {
        let level = Difficulty::ALL[seed as usize % 4];
        boards.push(sudoku_core::generate(seed, level).0.to_bytes());
    }
    // Interleave the kinds so every chunk of work holds a bit of everything.
    let n = boards.len();
    (0..n).map(|i| boards[i * 7 % n]).collect()
}

#[test]
fn batch_equals_single_calls_at_1_2_and_all_threads() {
    let input = mixed_boards();
    assert_ne!(
        input.len() % 7,
        0,
        "the interleaving must visit every board"
    );
    let mut expected = input.clone();
    let want: Vec<Status> = expected
        .iter_mut()
        .map(|b| Status::of(sudoku_core::solve_bytes(b)))
        .collect();
    for kind in contract::SOLVE_STATUSES {
        assert!(want.contains(&kind), "the mix lacks {kind:?}");
    }
    for threads in [1, 2, 0] {
        let mut boards = input.clone();
        let results = sudoku_core::solve_batch(&mut boards, threads);
        let statuses: Vec<Status> = results.into_iter().map(Status::of).collect();
        assert_eq!(statuses, want, "{threads} threads");
        assert_eq!(boards, expected, "{threads} threads");

        let (rc, codes, boards) = ffi::solve_batch(&input, threads);
        assert_eq!(rc, 0);
        let got: Vec<Status> = codes
            .iter()
            .map(|&c| Status::from_code(c).unwrap())
            .collect();
        assert_eq!(got, want, "C, {threads} threads");
        assert_eq!(boards, expected, "C, {threads} threads");
    }
}

#[test]
fn easy_agrees_with_an_independent_singles_solver() {
    let mut puzzles: Vec<Board> = Vec::new();
    // Generated puzzles of every level, and easier versions of each with givens put back.
    for seed in 0..96u64 {
        let level = Difficulty::ALL[seed as usize % 4];
        let (puzzle, solution) = sudoku_core::generate(seed, level);
        // Sudoku's symmetries keep the rating: check it, and use them for more puzzles.
        for t in 0..12 {
            let moved = Symmetry::random(&mut Rng::new(seed * 12 + t)).apply(&puzzle);
            assert_eq!(
                sudoku_core::rate(&moved),
                Ok(level),
                "{moved} from {puzzle}"
            );
            puzzles.push(moved);
        }
        // Easier versions with solution digits put back one by one.
        let blanks: Vec<usize> = (0..CELLS).filter(|&i| puzzle.get(i) == 0).collect();
        let mut more = puzzle;
        for k in 0..4 {
            let j = blanks[(k * 7 + seed as usize) % blanks.len()];
            more.set(j, solution.get(j));
            puzzles.push(more);
        }
    }
    let generated = puzzles.len();
    for bytes in corpus("gen_easy", 500)
        .iter()
        .chain(&corpus("gen_minimal", 500))
    {
        puzzles.push(Board::from_bytes(bytes).unwrap());
    }
    assert!(generated >= 1000, "only {generated} generated puzzles");
    let (mut easy, mut easy_generated) = (0, 0);
    for (k, p) in puzzles.iter().enumerate() {
        let rated = sudoku_core::rate(p).unwrap();
        assert_eq!(
            rated == Difficulty::Easy,
            singles_fill(p),
            "{p} rated {rated:?}"
        );
        easy += usize::from(rated == Difficulty::Easy);
        if k < generated {
            easy_generated += usize::from(rated == Difficulty::Easy);
        }
    }
    // Both answers occur often, with or without the corpora, so the agreement means
    // something.
    for (n, total) in [(easy, puzzles.len()), (easy_generated, generated)] {
        assert!(n > total / 5 && n < total * 4 / 5, "{n} of {total} easy");
    }
}

#[test]
fn the_forum_hardest_puzzles_are_expert() {
    let puzzles = corpus("puzzles5_forum_hardest_1905_11+", 300);
    for bytes in &puzzles {
        let text = String::from_utf8_lossy(bytes);
        // Beyond Hard: Expert or harder (these need chains or more).
        let rated = c_rate(bytes).unwrap_or_else(|s| panic!("{s:?}: {text}"));
        assert!(rated >= Difficulty::Expert, "{rated:?}: {text}");
    }
    eprintln!(
        "{} forum hardest puzzles rated expert or harder",
        puzzles.len()
    );
}

#[test]
fn rate_reports_bad_boards_through_c() {
    let (none, _) = counted()[0];
    let none: [u8; CELLS] = none.as_bytes().try_into().unwrap();
    assert_eq!(c_rate(&none), Err(Status::NoSolution));
    let (two, _) = counted()[2];
    assert_eq!(
        c_rate(two.as_bytes().try_into().unwrap()),
        Err(Status::MultipleSolutions)
    );
    let mut multi_solution_corpus = corpus("puzzles7_serg_benchmark", 20);
    multi_solution_corpus.truncate(20);
    for bytes in &multi_solution_corpus {
        assert_eq!(c_rate(bytes), Err(Status::MultipleSolutions));
    }
    for bytes in &corpus("gen_invalid", 20) {
        assert_eq!(c_rate(bytes), Err(Status::NoSolution));
    }
}

#[test]
fn generated_puzzles_through_c_are_unique_and_rated_as_asked() {
    for level in Difficulty::ALL {
        for seed in 100..104u64 {
            let (rc, puzzle, solution) = ffi::generate(seed, level.code(), &[false; 2]);
            assert_eq!(rc, 0);
            let (status, n, first) = c_count(&puzzle, 2);
            assert_eq!((status, n, first), (Status::Ok, 1, Some(solution)));
            assert_eq!(c_rate(&puzzle), Ok(level));
            assert!(puzzle
                .iter()
                .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b)));
        }
    }
}
