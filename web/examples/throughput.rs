//! The native side of the web bench (js/bench/solve.js): solves the first puzzles of a
//! corpus file with `sudoku_core::solve_bytes` on the selected code path (set
//! `SUDOKU_FORCE_PATH=portable` for the portable one), a few rounds, every answer checked,
//! and prints `PATH PUZZLES BEST_SECONDS` on one line.
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
