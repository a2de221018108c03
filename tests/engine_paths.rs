//! Differential tests: every path this CPU can run, of the band engine alone and of the
//! router (`engine::count_with`, `engine::solve_bytes_with`), against the plain reference
//! solver, on a few thousand puzzles the tests generate themselves (seeded, so every run
//! sees the same ones): unique, several solutions, no solution, near-complete grids, the
//! empty board and clashing givens. Counts are compared at limits 1, 2 and 20, and every
//! solution returned is checked against its puzzle.

#[path = "support/generate.rs"]
mod generate;

use generate::{blank_some, carve_unique, change_one_given, random_grid, Rng};
use std::sync::OnceLock;
use sudoku::engine::{self, band, count_with, reference, Path};
use sudoku::{Board, Status};

/// The largest limit compared; the reference counts up to it once per puzzle.
const BIG: usize = 20;

/// Puzzles of every kind, with a label for failure messages; built once per test run.
fn corpus() -> &'static [(&'static str, Board)] {
    static CORPUS: OnceLock<Vec<(&'static str, Board)>> = OnceLock::new();
    CORPUS.get_or_init(build_corpus)
}

fn build_corpus() -> Vec<(&'static str, Board)> {
    let mut rng = Rng::new(0x5eed_0003);
    let carve = |b: &Board, limit: usize| {
        count_with(Path::Portable, b, limit)
            .expect("the portable path always runs")
            .0
    };
    let mut out = Vec::new();
    for n in 0..1200 {
        let grid = random_grid(&mut rng);
        let floor = [0, 0, 25, 30, 36, 45][n % 6];
        out.push(("unique", carve_unique(&mut rng, &grid, floor, &carve)));
    }
    for n in 0..600 {
        let grid = random_grid(&mut rng);
        let p = carve_unique(&mut rng, &grid, 0, &carve);
        out.push(("blanked", blank_some(&mut rng, &p, 1 + n % 6)));
    }
    for _ in 0..600 {
        let grid = random_grid(&mut rng);
        let p = carve_unique(&mut rng, &grid, 0, &carve);
        if let Some(q) = change_one_given(&mut rng, &p) {
            out.push(("changed", q));
        }
    }
    for n in 0..300 {
        let grid = random_grid(&mut rng);
        let near = blank_some(&mut rng, &grid, 1 + n % 12);
        out.push(("near-complete", near));
        if let Some(q) = change_one_given(&mut rng, &near) {
            out.push(("near-complete changed", q));
        }
    }
    out.push(("empty", Board::EMPTY));
    let mut one = Board::EMPTY;
    one.set(40, 5);
    out.push(("one given", one));
    out.push(("full grid", random_grid(&mut rng)));
    for _ in 0..50 {
        // Clashing givens: the engine counts them as no solution, like the reference.
        let grid = random_grid(&mut rng);
        let mut p = blank_some(&mut rng, &grid, 50);
        let (a, b) = (rng.below(81), rng.below(81));
        if a != b {
            p.set(a, 1 + rng.below(9) as u8);
            p.set(b, 1 + rng.below(9) as u8);
        }
        out.push(("maybe clashing", p));
    }
    out
}

#[test]
fn every_path_counts_like_the_reference() {
    let puzzles = corpus();
    assert!(puzzles.len() > 2500, "{} puzzles", puzzles.len());
    let paths: Vec<Path> = Path::available().collect();
    assert!(paths.contains(&Path::Portable));
    eprintln!("paths tested: {paths:?}");
    let mut by_count = [0usize; 3];
    for (kind, p) in puzzles {
        let expected = reference::count(p, BIG).0;
        by_count[expected.min(2)] += 1;
        for &path in &paths {
            for limit in [1, 2, BIG] {
                let band_alone = band::count(path, p, limit).expect("path is available");
                let routed = count_with(path, p, limit).expect("path is available");
                for (what, (n, s)) in [("band", band_alone), ("router", routed)] {
                    let at = format!("{what} {path:?} {kind} limit {limit}: {p}");
                    assert_eq!(n, expected.min(limit), "{at}");
                    match s {
                        Some(s) => assert!(s.is_solution_of(p), "{at} -> {s}"),
                        None => assert_eq!(n, 0, "{at}: no solution returned"),
                    }
                }
            }
        }
    }
    // The corpus really holds every kind.
    assert!(by_count.iter().all(|&k| k > 200), "{by_count:?}");
}

#[test]
fn every_path_keeps_the_solve_bytes_contract() {
    let mut rng = Rng::new(77);
    let paths: Vec<Path> = Path::available().collect();
    for (kind, p) in corpus().iter().step_by(7) {
        let mut text = p.to_bytes();
        // Mix in '0' blanks, and now and then a bad byte.
        for c in text.iter_mut() {
            if *c == b'.' && rng.below(3) == 0 {
                *c = b'0';
            }
        }
        if rng.below(5) == 0 {
            text[rng.below(81)] = [b'x', b' ', 0, b':', b'/', 0xFF][rng.below(6)];
        }
        let expected = match Board::from_bytes(&text) {
            Err(s) => s,
            Ok(b) if b.conflict().is_some() => Status::ErrConflict,
            Ok(b) if reference::count(&b, 1).0 == 0 => Status::NoSolution,
            Ok(_) => Status::Ok,
        };
        type SolveBytes = fn(Path, &mut [u8; 81]) -> Option<Status>;
        let solvers: [(&str, SolveBytes); 2] = [
            ("band", band::solve_bytes_with),
            ("router", engine::solve_bytes_with),
        ];
        for &path in &paths {
            for (what, solve) in solvers {
                let mut board = text;
                let status = solve(path, &mut board).expect("path is available");
                assert_eq!(status, expected, "{what} {path:?} {kind}: {:?}", text);
                if status == Status::Ok {
                    let solved = Board::from_bytes(&board).expect("a solution is digits");
                    let puzzle = Board::from_bytes(&text).expect("checked above");
                    assert!(solved.is_solution_of(&puzzle), "{what} {path:?} {kind}");
                } else {
                    assert_eq!(board, text, "{what} {path:?} {kind}: board changed");
                }
            }
        }
        let mut board = text;
        assert_eq!(
            sudoku::solve_bytes(&mut board),
            expected,
            "selected path, {kind}"
        );
    }
}

#[test]
fn a_budget_only_ever_gives_up_or_agrees() {
    let puzzles = corpus();
    for path in Path::available() {
        let mut gave_up = 0;
        for (kind, p) in puzzles.iter().step_by(3) {
            let budget = band::Budget {
                guesses: 3,
                open_at_first_guess: 50,
            };
            let mut stats = band::SearchStats::default();
            let r = band::count_budgeted(path, p, 2, budget, &mut stats).expect("available");
            match r {
                Err(band::GaveUp(_)) => {
                    gave_up += 1;
                    assert!(
                        stats.guesses == 3 || stats.open_at_first_guess > 50,
                        "{stats:?}"
                    );
                }
                Ok((n, _)) => {
                    assert_eq!(n, reference::count(p, 2).0, "{path:?} {kind}: {p}");
                    assert!(stats.guesses <= 3);
                }
            }
        }
        assert!(gave_up > 0, "{path:?}: the budget never bit");
    }
}
