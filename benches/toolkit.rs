//! Bench of the toolkit: generation speed per difficulty, batch solving on 1 vs 2
//! threads, rating, and counting many solutions.
//!
//! `cargo bench --bench toolkit` (all of it), or with arguments after `--`:
//! `gen [SEEDS]` for generation only, `batch [PUZZLES]` for batch solving only, `levels
//! [PUZZLES]` for the rating of the ../shared/data corpora (level shares and time per
//! rating), `count [PUZZLES]` for counting to 1000 solutions.
//! Generation runs on one thread; each figure is the mean time per puzzle over seeds
//! 0..SEEDS (default 200), best and median of 5 rounds over the same seeds, since the
//! machine is shared.
//! Batch solving reads ../shared/data/puzzles5_forum_hardest_1905_11+ (hard puzzles; the
//! first PUZZLES, default 1000) when present, else makes Expert puzzles with the generator;
//! rounds alternate 1 and 2 threads, and the best round of each is the figure to quote on a
//! shared machine.
//!
//! On a machine shared with other sessions the kernel shares the cores between sessions
//! (autogroups), whatever `nice` says; as root, a bench run in its own session with a
//! raised autogroup priority measures what the cores can do:
//! `setsid bash -c 'echo -19 > /proc/self/autogroup; exec cargo bench --bench toolkit'`.

/// The tests' reader of the corpora in ../shared/data (it notes an absent file).
#[path = "../tests/common/corpora.rs"]
#[allow(dead_code)] // the bench only reads puzzles
mod corpora;

use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku::{Board, Difficulty, Status, CELLS};

const ROUNDS: usize = 5;

/// Rounds of the batch bench: short and many, so that the best of them catches moments when
/// no other process competes for the two cores.
const BATCH_ROUNDS: usize = 15;

fn best_and_median(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[0], times[times.len() / 2])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn bench_generation(seeds: u64) {
    println!("generation, one thread, mean per puzzle over {seeds} seeds ({ROUNDS} rounds):");
    for level in Difficulty::ALL {
        let mut rounds = Vec::new();
        for _ in 0..ROUNDS {
            let start = Instant::now();
            for seed in 0..seeds {
                black_box(sudoku::generate(black_box(seed), level));
            }
            rounds.push(start.elapsed() / seeds as u32);
        }
        let (best, median) = best_and_median(rounds);
        println!(
            "  {:<6}  best {:>7.3} ms  median {:>7.3} ms",
            level.name(),
            ms(best),
            ms(median)
        );
    }
}

/// Hard puzzles for the batch bench: the forum's hardest list when it is there, else
/// generated Expert puzzles.
fn hard_puzzles(n: usize) -> (Vec<[u8; CELLS]>, String) {
    let name = "puzzles5_forum_hardest_1905_11+";
    if let Some(all) = corpora::read(name) {
        let puzzles: Vec<[u8; CELLS]> = all.iter().take(n).map(|e| e.bytes).collect();
        let label = format!("the first {} of {name}", puzzles.len());
        return (puzzles, label);
    }
    let puzzles = (0..n as u64)
        .map(|seed| sudoku::generate(seed, Difficulty::Expert).0.to_bytes())
        .collect();
    (
        puzzles,
        format!("{n} generated expert puzzles (corpus absent)"),
    )
}

fn bench_batch(n: usize) {
    let (puzzles, source) = hard_puzzles(n);
    println!("batch solving {source} ({BATCH_ROUNDS} rounds, alternating):");
    let cores = sudoku::batch::available_cores();
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..BATCH_ROUNDS {
        for (k, threads) in [1, 2].into_iter().enumerate() {
            let mut boards = puzzles.clone();
            let start = Instant::now();
            let statuses = sudoku::solve_batch(&mut boards, threads);
            times[k].push(start.elapsed());
            assert!(
                statuses.iter().all(|&s| s == Status::Ok),
                "a hard puzzle failed"
            );
            assert!(boards
                .iter()
                .all(|b| Board::from_bytes(b).is_ok_and(|b| b.is_solved())));
        }
    }
    let [one, two] = times.map(best_and_median);
    let per = |d: Duration| d.as_secs_f64() * 1e6 / puzzles.len() as f64;
    println!(
        "  1 thread   best {:>8.1} ms ({:.1} us/puzzle)  median {:>8.1} ms",
        ms(one.0),
        per(one.0),
        ms(one.1)
    );
    println!(
        "  2 threads  best {:>8.1} ms ({:.1} us/puzzle)  median {:>8.1} ms",
        ms(two.0),
        per(two.0),
        ms(two.1)
    );
    println!(
        "  speed-up 2 vs 1 threads: best {:.2}x  median {:.2}x  ({cores} cores available)",
        one.0.as_secs_f64() / two.0.as_secs_f64(),
        one.1.as_secs_f64() / two.1.as_secs_f64()
    );
}

/// How the rater spreads the puzzles of each corpus over the levels, and how long it takes.
fn bench_levels(n: usize) {
    println!("rating (sudoku::rate, one thread), first {n} puzzles of each corpus:");
    for name in [
        "gen_easy",
        "gen_minimal",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
    ] {
        let Some(all) = corpora::read(name) else {
            println!("  {name}: absent");
            continue;
        };
        let boards: Vec<Board> = all.iter().take(n).map(|e| e.board).collect();
        let mut shares = [0usize; 5];
        let start = Instant::now();
        for b in &boards {
            match sudoku::rate(b) {
                Ok(level) => shares[level.code() as usize] += 1,
                Err(_) => shares[0] += 1,
            }
        }
        let per = start.elapsed().as_secs_f64() * 1e6 / boards.len().max(1) as f64;
        let pct = |k: usize| 100.0 * shares[k] as f64 / boards.len().max(1) as f64;
        println!(
            "  {name:<32} easy {:>5.1}%  medium {:>5.1}%  hard {:>5.1}%  expert {:>5.1}%  not proper {:>4.1}%  ({per:.1} us/puzzle)",
            pct(1),
            pct(2),
            pct(3),
            pct(4),
            pct(0)
        );
    }
}

/// Counting to a large limit (`sudoku::count_solutions` to 1000, one thread, best of
/// `ROUNDS`): the empty board always; from ../shared/data when present, multi-solution
/// puzzles, 17-clue puzzles less their first given (many solutions), and hard unique
/// puzzles (one solution: the whole tree searched).
fn bench_counts(n: usize) {
    const LIMIT: usize = 1000;
    println!("counting to {LIMIT} solutions (sudoku::count_solutions, one thread, best of {ROUNDS} rounds):");
    let less_first_given = |b: &Board| {
        let mut b = *b;
        if let Some(i) = (0..CELLS).find(|&i| b.get(i) != 0) {
            b.set(i, 0);
        }
        b
    };
    let from = |name: &str, edit: &dyn Fn(&Board) -> Board| {
        corpora::read(name).map(|all| all.iter().take(n).map(|e| edit(&e.board)).collect())
    };
    let sets: [(&str, Option<Vec<Board>>); 4] = [
        ("the empty board", Some(vec![Board::EMPTY])),
        (
            "puzzles7_serg_benchmark",
            from("puzzles7_serg_benchmark", &|b| *b),
        ),
        (
            "puzzles2_17_clue less a given",
            from("puzzles2_17_clue", &less_first_given),
        ),
        (
            "puzzles5_forum_hardest_1905_11+",
            from("puzzles5_forum_hardest_1905_11+", &|b| *b),
        ),
    ];
    for (name, boards) in sets {
        let Some(boards) = boards else {
            println!("  {name}: absent");
            continue;
        };
        let mut solutions = 0;
        let mut times = Vec::new();
        for _ in 0..ROUNDS {
            let start = Instant::now();
            solutions = 0;
            for b in &boards {
                let count = sudoku::count_solutions(black_box(b), LIMIT).expect("clash-free");
                solutions += count.count;
            }
            times.push(start.elapsed());
        }
        let (best, _) = best_and_median(times);
        let per = best.as_secs_f64() * 1e6 / boards.len() as f64;
        let mean = solutions as f64 / boards.len() as f64;
        println!(
            "  {name:<32} {:>5} boards  {mean:>6.1} solutions each  {per:>8.1} us/board",
            boards.len()
        );
    }
}

fn main() {
    // `cargo bench` passes --bench; other arguments pick a part and its size.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let part = args.first().map(String::as_str);
    let size = args.get(1).and_then(|s| s.parse().ok());
    if matches!(part, None | Some("gen")) {
        bench_generation(size.unwrap_or(200));
    }
    if matches!(part, None | Some("batch")) {
        bench_batch(size.unwrap_or(1000) as usize);
    }
    if matches!(part, None | Some("levels")) {
        bench_levels(size.unwrap_or(5000) as usize);
    }
    if matches!(part, None | Some("count")) {
        bench_counts(size.unwrap_or(200) as usize);
    }
}
