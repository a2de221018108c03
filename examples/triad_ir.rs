//! Development workload for instruction counting under callgrind: a fixed slice of
//! corpora on one path and limit.
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
    let corpus = args.get(3).map(|s| s.as_str()).unwrap_or("puzzles5_forum_hardest_1905_11+");
    let n: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(300);
    let text = std::fs::read_to_string(format!("/work/shared/data/{corpus}")).unwrap();
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .take(n)
        .map(|l| Board::from_text(&l[..81]).unwrap())
        .collect();
    let mut sum = 0;
    for b in &boards {
        sum += engine::count_with(path, b, limit).unwrap().0;
    }
    println!("{sum}");
}
