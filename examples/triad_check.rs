//! Development check: runs every available path on a corpus file, compares counts with the
//! reference at limit 2 (first N puzzles) and times limit 1 and 2.
use std::time::Instant;
use sudoku::engine::{self, Path};
use sudoku::Board;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = &args[1];
    let n_ref: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let text = std::fs::read_to_string(file).unwrap();
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| Board::from_text(&l[..81]).unwrap())
        .collect();
    for p in Path::available() {
        for (i, b) in boards.iter().take(n_ref).enumerate() {
            let (n, s) = engine::count_with(p, b, 2).unwrap();
            let (rn, _) = engine::reference::count(b, 2);
            assert_eq!(n, rn, "path {} puzzle {i}", p.name());
            if n > 0 {
                assert!(s.unwrap().is_solution_of(b));
            }
        }
        for limit in [1, 2] {
            let t = Instant::now();
            let mut sum = 0;
            for b in &boards {
                sum += engine::count_with(p, b, limit).unwrap().0;
            }
            let dt = t.elapsed();
            let guesses: usize = boards
                .iter()
                .map(|b| engine::triad::stats_with(p, b, limit).unwrap().guesses)
                .sum();
            println!(
                "{:9} limit {limit}: {:8.3} us/puzzle  (sum {sum}) guesses/puzzle {:.2}",
                p.name(),
                dt.as_secs_f64() * 1e6 / boards.len() as f64,
                guesses as f64 / boards.len() as f64
            );
        }
    }
}
