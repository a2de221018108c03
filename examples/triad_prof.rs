use sudoku::engine::triad::solver::*;
use sudoku::engine::{self, Path};
use sudoku::Board;
use std::sync::atomic::Ordering::Relaxed;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let limit: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let boards: Vec<Board> = text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81).take(5000)
        .map(|l| Board::from_text(&l[..81]).unwrap()).collect();
    let mut g = 0;
    for b in &boards { g += engine::triad::stats_with(Path::Avx2, b, limit).unwrap().guesses; }
    let n = g as f64;
    println!("guesses/puzzle {:.2}; per guess: propagates {:.2} rounds {:.2} boxes {:.2} iters {:.2} bands {:.2}", n / boards.len() as f64,
      C_PROP.load(Relaxed) as f64/n, C_ROUNDS.load(Relaxed) as f64/n, C_BOXES.load(Relaxed) as f64/n, C_ITERS.load(Relaxed) as f64/n, C_BANDS.load(Relaxed) as f64/n);
}
