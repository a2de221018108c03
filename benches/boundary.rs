//! Bench of the boundary's costs (figures in docs/performance.md):
//!
//! `cargo bench --bench boundary -- [bundled] [easy] [progress] [gen [SEEDS]]` (all of
//! them when none is named).
//!
//! `progress`: counts of the empty board and of sparse puzzles to large limits with
//! `sudoku_count_solutions` and with `sudoku_count_solutions_with_progress` (a callback
//! that notes the time), interleaved, 5 rounds: the time of each (median), their ratio,
//! the number of callbacks and the longest time between two of them (or from the start to
//! the first, or from the last to the end).
//!
//! `gen [SEEDS]`: `sudoku_generate` for seeds 0..SEEDS (default 200) at each level: the
//! mean time, the slowest seed and its time (one run each, so a slow outlier may be the
//! machine; rerun to confirm).
//!
//! `bundled` and `easy`: small and large batches, what `sudoku_solve_batch` costs against
//! a loop of `sudoku_solve` on the same boards, at n = 1, 2, 4, ..., 4096, and whether
//! starting threads pays (the threshold `sudoku_core::batch::SOLO_TIME`). Sets: `bundled`
//! is benches/puzzles.txt (300 boards of five kinds: minimal puzzles, puzzles with a
//! changed given, several solutions, unique, near-complete), cycled to n; `easy` is its
//! near-complete boards only, the cheapest to solve, where a thread's start costs the most
//! against the work it takes over.
//!
//! Every variant copies the input boards into the work buffer before each call (the copy
//! is in every figure); the variants run interleaved, round after round, and each figure is
//! the median over the rounds of the time per call, in microseconds. Variants: `loop`
//! (sudoku_solve on each board), `batch 0` (threads = 0, the default), `batch 1` and
//! `batch 2` (threads = 1 and 2).

use std::ffi::c_int;
use std::ffi::c_void;
use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku::ffi::{
    sudoku_count_solutions, sudoku_count_solutions_with_progress, sudoku_generate, sudoku_solve,
    sudoku_solve_batch,
};
use sudoku_core::{Difficulty, CELLS};

const ROUNDS: usize = 9;

/// The boards of benches/puzzles.txt whose kind `keep` accepts.
fn puzzles(keep: impl Fn(&str) -> bool) -> Vec<[u8; CELLS]> {
    include_str!("puzzles.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (board, kind) = l.split_once(' ')?;
            keep(kind).then(|| board.as_bytes().try_into().expect("81 bytes"))
        })
        .collect()
}

#[derive(Clone, Copy)]
enum Variant {
    Loop,
    Batch(usize),
}

/// The time of one call of `variant` on `input` (copied into `work` first), as the mean of
/// `reps` calls.
fn time(
    variant: Variant,
    input: &[[u8; CELLS]],
    work: &mut [[u8; CELLS]],
    statuses: &mut [c_int],
    reps: usize,
) -> Duration {
    let start = Instant::now();
    for _ in 0..reps {
        work.copy_from_slice(input);
        match variant {
            Variant::Loop => {
                for (board, status) in work.iter_mut().zip(statuses.iter_mut()) {
                    // SAFETY: an 81-byte writable board.
                    *status = unsafe { sudoku_solve(board.as_mut_ptr().cast()) };
                }
            }
            Variant::Batch(threads) => {
                // SAFETY: n boards of 81 bytes and n ints, not overlapping.
                let rc = unsafe {
                    sudoku_solve_batch(
                        work.as_mut_ptr().cast(),
                        work.len(),
                        statuses.as_mut_ptr(),
                        threads,
                    )
                };
                assert_eq!(rc, 0);
            }
        }
        black_box(&mut *work);
        black_box(&mut *statuses);
    }
    start.elapsed() / reps as u32
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn micros(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e6)
}

fn bench(name: &str, set: &[[u8; CELLS]]) {
    println!(
        "set {name}: {} boards; {} cores available; SOLO_TIME = {:?}",
        set.len(),
        sudoku_core::batch::available_cores(),
        sudoku_core::batch::SOLO_TIME
    );
    println!("| n | loop (us) | batch 0 (us) | batch 0 / loop | batch 1 (us) | batch 2 (us) | batch 2 / batch 1 |");
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let variants = [
        Variant::Loop,
        Variant::Batch(0),
        Variant::Batch(1),
        Variant::Batch(2),
    ];
    for shift in 0..=12 {
        let n = 1usize << shift;
        let input: Vec<[u8; CELLS]> = set.iter().copied().cycle().take(n).collect();
        let mut work = input.clone();
        let mut statuses = vec![0 as c_int; n];
        // About 2 ms of work per sample, at least one call.
        let once = time(Variant::Loop, &input, &mut work, &mut statuses, 1);
        let reps = (Duration::from_millis(2).as_nanos() / once.as_nanos().max(1)).max(1) as usize;
        let mut samples = vec![Vec::new(); variants.len()];
        for _ in 0..ROUNDS {
            for (v, variant) in variants.iter().enumerate() {
                samples[v].push(time(*variant, &input, &mut work, &mut statuses, reps));
            }
        }
        let m: Vec<Duration> = samples.into_iter().map(median).collect();
        println!(
            "| {n} | {} | {} | {:.3} | {} | {} | {:.3} |",
            micros(m[0]),
            micros(m[1]),
            m[1].as_secs_f64() / m[0].as_secs_f64(),
            micros(m[2]),
            micros(m[3]),
            m[3].as_secs_f64() / m[2].as_secs_f64(),
        );
    }
    println!();
}

/// What the bench's progress callback keeps: the time of the last call, the longest gap.
struct Gaps {
    last: Instant,
    longest: Duration,
    calls: usize,
}

unsafe extern "C" fn note(_found: usize, context: *mut c_void) -> c_int {
    // SAFETY: the bench passes a `Gaps` as the context.
    let gaps = unsafe { &mut *context.cast::<Gaps>() };
    let now = Instant::now();
    gaps.longest = gaps.longest.max(now - gaps.last);
    gaps.last = now;
    gaps.calls += 1;
    0
}

fn progress() {
    let minimal =
        ".2..1...6.4....73.7......5..7.46..2......8......7......1...6..2.69.2.3....8...4..";
    let mut boards: Vec<(String, [u8; CELLS], usize)> = vec![
        ("empty board".into(), [b'.'; CELLS], 1_000_000),
        ("empty board".into(), [b'.'; CELLS], 10_000_000),
    ];
    let mut fewer: [u8; CELLS] = minimal.as_bytes().try_into().expect("81 bytes");
    for cell in fewer.iter_mut().filter(|b| **b != b'.').take(6) {
        *cell = b'.';
    }
    boards.push(("a minimal puzzle less 6 givens".into(), fewer, 1_000_000));
    println!("| board | limit | count (ms) | with progress (ms) | ratio | callbacks | longest gap (ms) |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (name, board, limit) in boards {
        let mut plain = Vec::new();
        let mut with = Vec::new();
        let mut calls = 0;
        let mut longest = Duration::ZERO;
        let mut n = 0usize;
        for _ in 0..5 {
            let start = Instant::now();
            // SAFETY: 81 readable bytes and a writable size_t.
            let rc = unsafe {
                sudoku_count_solutions(board.as_ptr().cast(), limit, &mut n, core::ptr::null_mut())
            };
            plain.push(start.elapsed());
            assert_eq!(rc, 0);
            let mut gaps = Gaps {
                last: Instant::now(),
                longest: Duration::ZERO,
                calls: 0,
            };
            let start = gaps.last;
            let mut m = 0usize;
            // SAFETY: as above; the callback reads the context as the `Gaps` it is.
            let rc = unsafe {
                sudoku_count_solutions_with_progress(
                    board.as_ptr().cast(),
                    limit,
                    &mut m,
                    core::ptr::null_mut(),
                    Some(note),
                    (&raw mut gaps).cast(),
                )
            };
            let end = Instant::now();
            with.push(end - start);
            assert_eq!((rc, m), (0, n));
            longest = longest.max(gaps.longest).max(end - gaps.last);
            calls = gaps.calls;
        }
        let (p, w) = (median(plain), median(with));
        println!(
            "| {name} | {limit} | {:.1} | {:.1} | {:.3} | {calls} | {:.1} |",
            p.as_secs_f64() * 1e3,
            w.as_secs_f64() * 1e3,
            w.as_secs_f64() / p.as_secs_f64(),
            longest.as_secs_f64() * 1e3
        );
    }
    println!();
}

fn generation(seeds: u64) {
    println!("| level | seeds | mean (ms) | slowest seed | its time (ms) |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for difficulty in Difficulty::ALL {
        let (level, name) = (difficulty.code(), difficulty.name());
        let mut total = Duration::ZERO;
        let mut slowest = (0, Duration::ZERO);
        for seed in 0..seeds {
            let mut puzzle = [0u8; CELLS];
            let start = Instant::now();
            // SAFETY: an 81-byte writable buffer; NULL solution allowed.
            let rc = unsafe {
                sudoku_generate(
                    seed,
                    level,
                    puzzle.as_mut_ptr().cast(),
                    core::ptr::null_mut(),
                )
            };
            let took = start.elapsed();
            assert_eq!(rc, 0);
            total += took;
            if took > slowest.1 {
                slowest = (seed, took);
            }
        }
        println!(
            "| {name} | {seeds} | {:.2} | {} | {:.2} |",
            total.as_secs_f64() * 1e3 / seeds as f64,
            slowest.0,
            slowest.1.as_secs_f64() * 1e3
        );
    }
    println!();
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wants = |set: &str| args.is_empty() || args.iter().any(|a| a == set);
    if wants("progress") {
        progress();
    }
    if wants("gen") {
        let seeds = args
            .iter()
            .skip_while(|a| *a != "gen")
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(200);
        generation(seeds);
    }
    if wants("bundled") {
        bench("bundled", &puzzles(|_| true));
    }
    if wants("easy") {
        bench("easy", &puzzles(|kind| kind == "near-complete"));
    }
}
