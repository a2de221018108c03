//! Development timing: best of rounds, us/puzzle per corpus for one path and limit.
use std::time::Instant;
use sudoku::engine::{self, Path};
use sudoku::Board;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = match args.get(1).map(|s| s.as_str()) {
        Some("portable") => Path::Portable,
        Some("sse4.1") => Path::Sse41,
        Some("avx512") => Path::Avx512,
        _ => Path::Avx2,
    };
    let limit: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let files = [
        ("magic", "puzzles3_magictour_top1465", 1465),
        ("11+", "puzzles5_forum_hardest_1905_11+", 8000),
        ("1106", "puzzles6_forum_hardest_1106", 375),
        ("17", "puzzles2_17_clue", 10000),
        ("easy", "gen_easy", 20000),
        ("inval", "gen_invalid", 10000),
    ];
    for (name, f, n) in files {
        let text = std::fs::read_to_string(format!("/work/shared/data/{f}")).unwrap();
        let boards: Vec<Board> = text
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= 81)
            .take(n)
            .map(|l| Board::from_text(&l[..81]).unwrap())
            .collect();
        let mut best = f64::MAX;
        let mut sum = 0;
        for _ in 0..5 {
            let t = Instant::now();
            sum = 0;
            for b in &boards {
                sum += engine::count_with(path, b, limit).unwrap().0;
            }
            best = best.min(t.elapsed().as_secs_f64() * 1e6 / boards.len() as f64);
        }
        print!("{name} {best:.3} ");
        let _ = sum;
    }
    println!();
}
