//! Bench of the toolkit: generation speed per difficulty, batch solving on 1 vs 2
//! threads, rating, and counting many solutions.
//!
//! `cargo bench --bench toolkit` (all of it), or with arguments after `--`:
//! `gen [SEEDS]` for generation only, `batch [PUZZLES]` for batch solving only, `levels
//! [PUZZLES]` for the rating of the ../shared/data corpora (level shares, time per rating
//! and the share walked without brute force), `walk [PUZZLES]` for whole hint walks through
//! the C ABI per corpus, `count [PUZZLES]` for counting to 1000 solutions, `maker [SEEDS]`
//! for the puzzle maker (canonical forms of 17-clue puzzles and their solution grids per
//! second, generation with ROTATE_180 at levels 1-4 against plain generation, and pattern
//! generation on 24-28-given patterns drawn from the 17-clue corpus' solution grids).
//! Generation runs on one thread; each figure is the mean time per puzzle over seeds
//! 0..SEEDS (default 200), best and median of 5 rounds over the same seeds (2 for Master and
//! Extreme), since the machine is shared, and the slowest seed (its best round).
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
use sudoku_core::{Board, Difficulty, CELLS};

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
    println!("generation, one thread, mean per puzzle over {seeds} seeds, and the slowest seed:");
    for level in Difficulty::ALL {
        // Fewer rounds for the rare levels, whose seeds take longer.
        let rounds_n = if level >= Difficulty::Master {
            2
        } else {
            ROUNDS
        };
        let mut rounds = Vec::new();
        let mut per_seed = vec![Duration::MAX; seeds as usize];
        for _ in 0..rounds_n {
            let start = Instant::now();
            for seed in 0..seeds {
                let one = Instant::now();
                black_box(sudoku_core::generate(black_box(seed), level));
                let t = one.elapsed();
                per_seed[seed as usize] = per_seed[seed as usize].min(t);
            }
            rounds.push(start.elapsed() / seeds as u32);
        }
        let (best, median) = best_and_median(rounds);
        let (slowest_seed, slowest) = per_seed
            .iter()
            .enumerate()
            .max_by_key(|&(_, t)| *t)
            .map_or((0, Duration::ZERO), |(s, t)| (s, *t));
        println!(
            "  {:<7}  best {:>8.3} ms  median {:>8.3} ms  slowest seed {slowest_seed:>3} {:>8.3} ms  ({rounds_n} rounds)",
            level.name(),
            ms(best),
            ms(median),
            ms(slowest)
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
        .map(|seed| sudoku_core::generate(seed, Difficulty::Expert).0.to_bytes())
        .collect();
    (
        puzzles,
        format!("{n} generated expert puzzles (corpus absent)"),
    )
}

fn bench_batch(n: usize) {
    let (puzzles, source) = hard_puzzles(n);
    println!("batch solving {source} ({BATCH_ROUNDS} rounds, alternating):");
    let cores = sudoku_core::batch::available_cores();
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..BATCH_ROUNDS {
        for (k, threads) in [1, 2].into_iter().enumerate() {
            let mut boards = puzzles.clone();
            let start = Instant::now();
            let statuses = sudoku_core::solve_batch(&mut boards, threads);
            times[k].push(start.elapsed());
            assert!(statuses.iter().all(Result::is_ok), "a hard puzzle failed");
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

/// How the rater spreads the puzzles of each corpus over the levels, how long it takes,
/// and the share of puzzles the walk solves without brute force (by logic alone).
fn bench_levels(n: usize) {
    println!("rating (sudoku_core::rate, one thread), first {n} puzzles of each corpus:");
    for name in [
        "gen_easy",
        "gen_minimal",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
    ] {
        let Some(all) = corpora::read(name) else {
            println!("  {name}: absent");
            continue;
        };
        let boards: Vec<Board> = all.iter().take(n).map(|e| e.board).collect();
        let mut shares = [0usize; 7];
        // Per level, the time its puzzles took to rate.
        let mut spent = [Duration::ZERO; 7];
        let start = Instant::now();
        for b in &boards {
            let one = Instant::now();
            let k = sudoku_core::rate(b).map_or(0, |level| level.code() as usize);
            spent[k] += one.elapsed();
            shares[k] += 1;
        }
        let per = start.elapsed().as_secs_f64() * 1e6 / boards.len().max(1) as f64;
        // The rating's own count of the solutions (to 2, for uniqueness), timed alone.
        let start = Instant::now();
        for b in &boards {
            black_box(sudoku_core::count_solutions(b, 2).ok());
        }
        let count = start.elapsed().as_secs_f64() * 1e6 / boards.len().max(1) as f64;
        let logic = boards
            .iter()
            .filter(|b| {
                sudoku_core::logic::rate_walk(b)
                    .is_ok_and(|(_, used)| !used.contains(&sudoku_core::Technique::BruteForce))
            })
            .count();
        let pct = |k: usize| 100.0 * k as f64 / boards.len().max(1) as f64;
        println!(
            "  {name:<32} easy {:>5.1}%  medium {:>5.1}%  hard {:>5.1}%  expert {:>5.1}%  master {:>5.1}%  extreme {:>5.1}%  not proper {:>4.1}%  ({per:.1} us/puzzle); without brute force {:>5.1}%",
            pct(shares[1]),
            pct(shares[2]),
            pct(shares[3]),
            pct(shares[4]),
            pct(shares[5]),
            pct(shares[6]),
            pct(shares[0]),
            pct(logic)
        );
        let by_level: Vec<String> = Difficulty::ALL
            .iter()
            .map(|l| (l.name(), l.code() as usize))
            .filter(|&(_, k)| shares[k] > 0)
            .map(|(name, k)| {
                let us = spent[k].as_secs_f64() * 1e6 / shares[k] as f64;
                format!("{name} {us:.1}")
            })
            .collect();
        println!(
            "  {:<32} us/puzzle by level: {}; counting to 2 alone {count:.1}",
            "",
            by_level.join(", ")
        );
    }
}

/// A whole hint walk through the C ABI, as a game would call it: `sudoku_candidates`, then
/// `sudoku_hint` and `sudoku_apply_step` until the board is complete. Mean and slowest per
/// puzzle over the first `n` proper puzzles of each corpus.
fn bench_walks(n: usize) {
    use sudoku::ffi::{sudoku_apply_step, sudoku_candidates, sudoku_hint};
    println!("hint walks through the C ABI (candidates, then hint + apply_step to the end), first {n} puzzles:");
    let walk = |p: &[u8; CELLS]| -> usize {
        let mut board = *p;
        let mut cands = [0u16; CELLS];
        let mut step = sudoku::Step::default();
        // SAFETY: 81 readable bytes and 81 writable masks.
        let mut rc = unsafe { sudoku_candidates(board.as_ptr().cast(), cands.as_mut_ptr()) };
        let mut steps = 0;
        while rc == 0 {
            // SAFETY: 81 readable bytes, 81 readable masks, a writable step.
            rc = unsafe { sudoku_hint(board.as_ptr().cast(), cands.as_ptr(), &mut step) };
            if rc != 0 || step.technique == 0 {
                break;
            }
            // SAFETY: 81 writable bytes, 81 writable masks, a readable step.
            rc = unsafe { sudoku_apply_step(board.as_mut_ptr().cast(), cands.as_mut_ptr(), &step) };
            steps += 1;
        }
        steps
    };
    for name in [
        "gen_minimal",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
    ] {
        let Some(all) = corpora::read(name) else {
            println!("  {name}: absent");
            continue;
        };
        let boards: Vec<[u8; CELLS]> = all.iter().take(n).map(|e| e.bytes).collect();
        let (mut total, mut slowest, mut steps) = (Duration::ZERO, Duration::ZERO, 0);
        for b in &boards {
            let start = Instant::now();
            steps += black_box(walk(b));
            let t = start.elapsed();
            total += t;
            slowest = slowest.max(t);
        }
        let k = boards.len().max(1);
        println!(
            "  {name:<32} {:>5} puzzles  mean {:>8.3} ms  slowest {:>8.3} ms  {:>5.1} steps each",
            boards.len(),
            ms(total / k as u32),
            ms(slowest),
            steps as f64 / k as f64
        );
    }
}

/// Counting to a large limit (`sudoku_core::count_solutions` to 1000, one thread, best of
/// `ROUNDS`): the empty board always; from ../shared/data when present, multi-solution
/// puzzles, 17-clue puzzles less their first given (many solutions), and hard unique
/// puzzles (one solution: the whole tree searched).
fn bench_counts(n: usize) {
    const LIMIT: usize = 1000;
    println!("counting to {LIMIT} solutions (sudoku_core::count_solutions, one thread, best of {ROUNDS} rounds):");
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
                let count = sudoku_core::count_solutions(black_box(b), LIMIT).expect("clash-free");
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

/// The puzzle maker: canonical forms per second on one core, symmetric generation against
/// plain generation per level, and patterns drawn from the 17-clue corpus.
fn bench_maker(seeds: u64) {
    use sudoku_core::canonical::canonical;
    use sudoku_core::generate_with::{generate_with, GenerateOptions};
    use sudoku_core::symmetry::Symmetry;
    let never = &mut |_: u64| false;
    match corpora::read("puzzles2_17_clue") {
        Some(all) => {
            let puzzles: Vec<Board> = all.iter().take(20_000).map(|e| e.board).collect();
            let grids: Vec<Board> = puzzles
                .iter()
                .map(|p| sudoku_core::solve(p).expect("a 17-clue puzzle has a solution"))
                .collect();
            for (what, boards) in [
                ("17-clue puzzles", &puzzles),
                ("their solution grids", &grids),
            ] {
                let mut best = Duration::MAX;
                for _ in 0..ROUNDS {
                    let start = Instant::now();
                    for b in boards.iter() {
                        black_box(canonical(black_box(b)).ok());
                    }
                    best = best.min(start.elapsed());
                }
                println!(
                    "canonical form of {} {what}: {:.0} per second (best of {ROUNDS} rounds, one core)",
                    boards.len(),
                    boards.len() as f64 / best.as_secs_f64()
                );
            }
            // Patterns: the givens of a 17-clue puzzle and 7-11 more cells of its grid,
            // drawn by seed, so 24-28 givens.
            let mut found = 0;
            let mut time_found = Duration::ZERO;
            let mut total = Duration::ZERO;
            let n = (seeds as usize).min(puzzles.len()).min(40);
            for (k, p) in puzzles.iter().take(n).enumerate() {
                let mut cells: u128 = 0;
                for i in 0..CELLS {
                    if p.get(i) != 0 {
                        cells |= 1 << i;
                    }
                }
                let mut rng = sudoku_core::rng::SplitMix64::new(k as u64);
                let extra = 7 + rng.below(5);
                let mut added = 0;
                while added < extra {
                    let i = rng.below(CELLS);
                    if cells & (1 << i) == 0 {
                        cells |= 1 << i;
                        added += 1;
                    }
                }
                let o = GenerateOptions {
                    pattern: Some(cells),
                    ..GenerateOptions::default()
                };
                let start = Instant::now();
                let r = generate_with(k as u64, &o, never);
                let t = start.elapsed();
                total += t;
                if r.is_ok() {
                    found += 1;
                    time_found += t;
                }
            }
            println!(
                "patterns of 24-28 givens from the 17-clue corpus: {found} of {n} found within the default bound; {:.1} ms per found puzzle (all time / found), {:.1} ms mean per found call",
                total.as_secs_f64() * 1e3 / found.max(1) as f64,
                time_found.as_secs_f64() * 1e3 / found.max(1) as f64
            );
        }
        None => eprintln!(
            "maker: ../shared/data/puzzles2_17_clue is absent: canonical and pattern parts skipped"
        ),
    }
    for level in [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ] {
        let o = GenerateOptions {
            difficulty: Some(level),
            symmetry: Symmetry::Rotate180,
            ..GenerateOptions::default()
        };
        let start = Instant::now();
        for seed in 0..seeds {
            black_box(sudoku_core::generate(seed, level));
        }
        let plain = start.elapsed() / seeds as u32;
        let start = Instant::now();
        let mut missed = 0;
        for seed in 0..seeds {
            if generate_with(seed, &o, never).is_err() {
                missed += 1;
            }
        }
        let symmetric = start.elapsed() / seeds as u32;
        println!(
            "{level:?}: plain {:.2} ms, ROTATE_180 {:.2} ms per puzzle ({:.1}x; {missed} of {seeds} not found within the default bound)",
            plain.as_secs_f64() * 1e3,
            symmetric.as_secs_f64() * 1e3,
            symmetric.as_secs_f64() / plain.as_secs_f64()
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
    if matches!(part, None | Some("walk")) {
        bench_walks(size.unwrap_or(100) as usize);
    }
    if matches!(part, None | Some("count")) {
        bench_counts(size.unwrap_or(200) as usize);
    }
    if matches!(part, None | Some("maker")) {
        bench_maker(size.unwrap_or(50));
    }
}
