//! The native side of the web bench (js/bench/solve.js): solves the first puzzles of a
//! corpus file with `sudoku_core::solve_bytes` on the selected code path (set
//! `SUDOKU_FORCE_PATH=portable` for the portable one), a few rounds, every answer checked,
//! and prints `PATH PUZZLES BEST_SECONDS` on one line. With `WALK=1` in the environment it
//! times whole hint walks instead: `hint` and `apply_step` from the candidates of the givens
//! to the end, as the package's callers do, every walk checked to end on the solution. With
//! `SE=1` it times Sudoku Explainer ratings (`rate_se_bytes`, a new rater a puzzle, as the
//! package's `rateSe`) and prints a fourth field: the sum over the puzzles of
//! `ER * 10000 + EP * 100 + ED` (in tenths), which the bench compares with the module's.
//!
//! `cargo run --release -p libsudoku-wasm --example throughput -- FILE [LIMIT] [ROUNDS]`

use std::time::Instant;
use sudoku_core::{engine::Path, Board, CELLS};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: throughput FILE [LIMIT] [ROUNDS]");
        std::process::exit(2);
    };
    let limit: usize = args
        .next()
        .map_or(usize::MAX, |a| a.parse().unwrap_or(usize::MAX));
    let rounds: usize = args.next().map_or(3, |a| a.parse().unwrap_or(3));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1);
    });
    let puzzles: Vec<[u8; CELLS]> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.as_bytes().get(..CELLS)?.try_into().ok())
        .take(limit)
        .collect();
    if std::env::var_os("SE").is_some_and(|v| v == "1") {
        let (best, sum) = ratings(&puzzles, rounds);
        println!(
            "{} {} {best:.6} {sum}",
            Path::selected().name(),
            puzzles.len()
        );
        return;
    }
    if std::env::var_os("WALK").is_some_and(|v| v == "1") {
        let best = walks(&puzzles, rounds);
        println!("{} {} {best:.6}", Path::selected().name(), puzzles.len());
        return;
    }
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let mut answers = puzzles.clone();
        let start = Instant::now();
        for board in &mut answers {
            // Every corpus of the bench is solvable: a failure shows in the check below.
            let _ = sudoku_core::solve_bytes(board);
        }
        best = best.min(start.elapsed().as_secs_f64());
        for (p, a) in puzzles.iter().zip(&answers) {
            let ok = match (Board::from_bytes(p), Board::from_bytes(a)) {
                (Ok(p), Ok(a)) => a.is_solution_of(&p),
                _ => false,
            };
            if !ok {
                eprintln!("wrong answer for {}", String::from_utf8_lossy(p));
                std::process::exit(1);
            }
        }
    }
    println!("{} {} {best:.6}", Path::selected().name(), puzzles.len());
}

/// The best time of `rounds` rounds of whole hint walks, each checked against the solution.
fn walks(puzzles: &[[u8; CELLS]], rounds: usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let mut ends = Vec::with_capacity(puzzles.len());
        let start = Instant::now();
        for p in puzzles {
            let mut board = *p;
            let Ok(mut marks) = sudoku_core::logic::candidates_bytes(&board) else {
                break;
            };
            while let Ok(step) = sudoku_core::logic::hint_bytes(&board, Some(&marks)) {
                if step.technique == sudoku_core::Technique::None
                    || sudoku_core::apply_step(&mut board, &mut marks, &step).is_err()
                {
                    break;
                }
            }
            ends.push(board);
        }
        best = best.min(start.elapsed().as_secs_f64());
        for (p, end) in puzzles.iter().zip(&ends) {
            let mut solved = *p;
            if ends.len() != puzzles.len()
                || sudoku_core::solve_bytes(&mut solved).is_err()
                || &solved != end
            {
                eprintln!(
                    "a walk did not end on the solution of {}",
                    String::from_utf8_lossy(p)
                );
                std::process::exit(1);
            }
        }
    }
    best
}

/// The best time of `rounds` rounds of SE ratings, and the sum of the ratings (each puzzle
/// of the bench is proper: a refusal ends the run).
fn ratings(puzzles: &[[u8; CELLS]], rounds: usize) -> (f64, i64) {
    let mut best = f64::INFINITY;
    let mut sum = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let rated: Vec<_> = puzzles
            .iter()
            .map(sudoku_core::logic::se::rate_se_bytes)
            .collect();
        best = best.min(start.elapsed().as_secs_f64());
        sum = 0;
        for (p, r) in puzzles.iter().zip(&rated) {
            let Ok(r) = r else {
                eprintln!("no rating for {}", String::from_utf8_lossy(p));
                std::process::exit(1);
            };
            sum += i64::from(r.er) * 10_000 + i64::from(r.ep) * 100 + i64::from(r.ed);
        }
    }
    (best, sum)
}
