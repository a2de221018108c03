//! Bench of small and large batches: what `sudoku_solve_batch` costs against a loop of
//! `sudoku_solve` on the same boards, at n = 1, 2, 4, ..., 4096, and whether starting
//! threads pays (the threshold `sudoku::batch::SOLO_TIME`).
//!
//! `cargo bench --bench batch` (or `-- SET` with SET `bundled` or `easy`). Sets: `bundled`
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
use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku::ffi::{sudoku_solve, sudoku_solve_batch};
use sudoku::CELLS;

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
        sudoku::batch::available_cores(),
        sudoku::batch::SOLO_TIME
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

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wants = |set: &str| args.is_empty() || args.iter().any(|a| a == set);
    if wants("bundled") {
        bench("bundled", &puzzles(|_| true));
    }
    if wants("easy") {
        bench("easy", &puzzles(|kind| kind == "near-complete"));
    }
}
