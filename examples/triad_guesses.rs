//! Development: guesses per puzzle on corpora slices, AVX2 path.
use sudoku::engine::{triad, Path};
use sudoku::Board;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    for (f, n) in [("puzzles3_magictour_top1465", 1465), ("puzzles5_forum_hardest_1905_11+", 5000), ("puzzles6_forum_hardest_1106", 375), ("puzzles2_17_clue", 5000)] {
        let text = std::fs::read_to_string(format!("/work/shared/data/{f}")).unwrap();
        let boards: Vec<Board> = text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81).take(n)
            .map(|l| Board::from_text(&l[..81]).unwrap()).collect();
        let g: usize = boards.iter().map(|b| triad::stats_with(Path::Avx2, b, limit).unwrap().guesses).sum();
        print!("{:.2} ", g as f64 / boards.len() as f64);
    }
    println!();
}
