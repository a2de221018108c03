//! `sudoku solve FILE > /dev/null` against `solve_batch` on the same puzzles in memory (all
//! cores), best of several rounds each. The file is given as the first argument or in
//! SUDOKU_CLI_BENCH_FILE (one puzzle a line); `cargo bench --bench throughput -- FILE`.
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    let path = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .or_else(|| std::env::var("SUDOKU_CLI_BENCH_FILE").ok());
    let Some(path) = path else {
        println!("throughput: skipped (no puzzle file given)");
        return;
    };
    let text = std::fs::read(&path).expect("the puzzle file reads");
    let boards: Vec<[u8; 81]> = text
        .split(|&b| b == b'\n')
        .filter_map(|l| l.trim_ascii().try_into().ok())
        .collect();
    let rounds = 5;
    let mut batch = Duration::MAX;
    let mut cli = Duration::MAX;
    for _ in 0..rounds {
        let mut copy = boards.clone();
        let t = Instant::now();
        let statuses = sudoku_core::solve_batch(&mut copy, 0);
        batch = batch.min(t.elapsed());
        assert_eq!(statuses.len(), boards.len());
        let t = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "--no-progress", &path])
            .stdout(Stdio::null())
            .status()
            .expect("sudoku runs");
        cli = cli.min(t.elapsed());
        assert!(status.code().is_some());
    }
    let n = boards.len() as f64;
    let rate = |d: Duration| n / d.as_secs_f64();
    println!(
        "{} puzzles, best of {rounds}: solve_batch {:.3} s ({:.0}/s), sudoku solve {:.3} s ({:.0}/s): {:.1}%",
        boards.len(),
        batch.as_secs_f64(),
        rate(batch),
        cli.as_secs_f64(),
        rate(cli),
        100.0 * rate(cli) / rate(batch)
    );
}
