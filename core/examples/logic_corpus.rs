//! Measurements of the logical solver on the corpora of `../shared/data` (beside the
//! checkout, or `$SUDOKU_SHARED_DATA`; `SUDOKU_TEST_CORPUS_SAMPLE` cuts each to a sample),
//! through the public API:
//!
//! - `cargo run --release -p sudoku-core --example logic_corpus -- share`: per corpus, the
//!   share of puzzles whose walk needs no brute force, the steps of each technique above
//!   Hard, and the time per rating and per whole walk (mean and slowest);
//! - `... -- rate [PUZZLES] [ROUNDS]`: the rating's throughput, `sudoku_core::rate` on the
//!   first PUZZLES (default 1000) puzzles of each corpus, the best of ROUNDS (default 5)
//!   rounds, in microseconds a puzzle;
//! - `... -- forcing [PUZZLES]`: the time of a hint where the step is a forcing chain, on
//!   the walk states of the first PUZZLES (default 200) puzzles of
//!   `$CHAINS_CORPUS` (default `puzzles5_forum_hardest_1905_11+`), five rounds (for a
//!   profiler);
//! - `... -- all`: walks every puzzle of every corpus of proper puzzles (no sample) on all
//!   cores and prints, per corpus, the puzzles walked without brute force, the steps of the
//!   forcing chains and the slowest walk;
//! - `... -- examples`: prints the first forcing-chain steps (three that place a digit, three
//!   that remove candidates) on the walks of `puzzles3_magictour_top1465`, with the grid
//!   they were found on.

/// The tests' reader of the corpora in ../shared/data (it notes an absent file).
#[path = "../../tests/common/corpora.rs"]
#[allow(dead_code)] // the example only reads puzzles
mod corpora;

use std::time::{Duration, Instant};
use sudoku_core::{Board, Step, Technique, CELLS};

/// The walk's states: the board and candidates each step was found on, with the step.
fn states(board: &Board) -> Vec<([u8; CELLS], [u16; CELLS], Step)> {
    let Ok(walk) = sudoku_core::walk(board) else {
        return Vec::new();
    };
    let mut bytes = board.to_bytes();
    let mut cands = sudoku_core::candidates(board);
    let mut out = Vec::new();
    for s in walk {
        out.push((bytes, cands, s));
        sudoku_core::apply_step(&mut bytes, &mut cands, &s).expect("a walk's step fits");
    }
    out
}

fn share() {
    for (name, limit) in [
        ("puzzles3_magictour_top1465", usize::MAX),
        ("puzzles6_forum_hardest_1106", usize::MAX),
        ("puzzles5_forum_hardest_1905_11+", 500),
        ("puzzles2_17_clue", 1000),
    ] {
        let boards = corpora::first_boards(name, limit);
        if boards.is_empty() {
            continue;
        }
        let mut steps = [0usize; 36];
        let (mut logic, mut rate_time, mut walk_time, mut slowest) =
            (0, Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for b in &boards {
            let t0 = Instant::now();
            let rated = sudoku_core::logic::rate_walk(b);
            rate_time += t0.elapsed();
            if rated.is_ok_and(|(_, used)| !used.contains(&Technique::BruteForce)) {
                logic += 1;
            }
            let t0 = Instant::now();
            let walk = sudoku_core::walk(b).unwrap_or_default();
            let spent = t0.elapsed();
            walk_time += spent;
            slowest = slowest.max(spent);
            for s in &walk {
                steps[s.technique.code() as usize] += 1;
            }
        }
        let n = boards.len() as u32;
        println!(
            "{name} ({n} puzzles): {logic} walked without brute force ({:.2}%), rate_walk {:?} \
             a puzzle, walk {:?} a puzzle (slowest {slowest:?})",
            100.0 * f64::from(logic) / f64::from(n),
            rate_time / n,
            walk_time / n
        );
        let above_hard: Vec<String> = Technique::ALL
            .iter()
            .filter(|t| t.level() > Some(sudoku_core::Difficulty::Hard))
            .filter(|t| steps[t.code() as usize] > 0)
            .map(|t| format!("{} {}", t.name(), steps[t.code() as usize]))
            .collect();
        println!("  steps above Hard: {}", above_hard.join(", "));
    }
}

/// Every proper puzzle of every corpus, walked on all cores.
fn all() {
    let proper = corpora::CORPORA
        .iter()
        .filter(|(_, known)| *known == corpora::Known::Unique);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for &(name, _) in proper {
        let Some(entries) = corpora::read_all(name) else {
            continue;
        };
        let t0 = Instant::now();
        let chunk = entries.len().div_ceil(threads).max(1);
        let results: Vec<(usize, [usize; 36], Duration, Vec<String>)> = std::thread::scope(|s| {
            let handles: Vec<_> = entries
                .chunks(chunk)
                .map(|part| {
                    s.spawn(move || {
                        let mut logic = 0;
                        let mut steps = [0usize; 36];
                        let mut slowest = Duration::ZERO;
                        let mut brute = Vec::new();
                        for e in part {
                            let t = Instant::now();
                            let walk = sudoku_core::walk(&e.board).unwrap_or_default();
                            slowest = slowest.max(t.elapsed());
                            let mut by_logic = !walk.is_empty();
                            for st in &walk {
                                steps[st.technique.code() as usize] += 1;
                                by_logic &= st.technique != Technique::BruteForce;
                            }
                            if by_logic {
                                logic += 1;
                            } else {
                                brute.push(e.board.to_string());
                            }
                        }
                        (logic, steps, slowest, brute)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a walk thread"))
                .collect()
        });
        let logic: usize = results.iter().map(|r| r.0).sum();
        let slowest = results.iter().map(|r| r.2).max().unwrap_or_default();
        let mut steps = [0usize; 36];
        for r in &results {
            for (k, n) in r.1.iter().enumerate() {
                steps[k] += n;
            }
        }
        let chains: Vec<String> = Technique::ALL
            .iter()
            .filter(|t| t.level() == Some(sudoku_core::Difficulty::Extreme))
            .map(|t| format!("{} {}", t.name(), steps[t.code() as usize]))
            .collect();
        println!(
            "{name}: {logic} of {} walked without brute force, in {:?} on {threads} threads \
             (slowest walk {slowest:?}); {}",
            entries.len(),
            t0.elapsed(),
            chains.join(", ")
        );
        for r in &results {
            for b in &r.3 {
                println!("  not by logic alone: {b}");
            }
        }
    }
}

fn rate(puzzles: usize, rounds: usize) {
    let mut total = 0.0;
    let proper = corpora::CORPORA
        .iter()
        .filter(|(_, known)| *known == corpora::Known::Unique);
    for &(name, _) in proper {
        let boards = corpora::first_boards(name, puzzles);
        if boards.is_empty() {
            continue;
        }
        let mut best = Duration::MAX;
        for _ in 0..rounds {
            let t0 = Instant::now();
            for b in &boards {
                std::hint::black_box(sudoku_core::rate(b).ok());
            }
            best = best.min(t0.elapsed());
        }
        let us = best.as_secs_f64() * 1e6 / boards.len() as f64;
        total += us;
        println!("{name:<32} {us:>8.1} us/puzzle ({} puzzles)", boards.len());
    }
    println!("{:<32} {total:>8.1} us (sum of the means)", "all");
}

fn forcing(puzzles: usize) {
    let name = std::env::var("CHAINS_CORPUS").unwrap_or("puzzles5_forum_hardest_1905_11+".into());
    let mut grids = Vec::new();
    for b in corpora::first_boards(&name, puzzles) {
        for (bytes, cands, s) in states(&b) {
            if s.technique == Technique::ForcingChain {
                grids.push((Board::from_bytes(&bytes).expect("a walk's board"), cands));
            }
        }
    }
    let t0 = Instant::now();
    for _ in 0..5 {
        for (b, c) in &grids {
            std::hint::black_box(sudoku_core::hint(b, Some(c)).ok());
        }
    }
    println!(
        "{name}: {} forcing-chain states, {:?} a hint",
        grids.len(),
        t0.elapsed() / (5 * grids.len().max(1)) as u32
    );
}

/// A candidate grid as 81 space-separated cells: `=d` for a filled cell, the candidate
/// digits of an open one.
fn format_grid(bytes: &[u8; CELLS], cands: &[u16; CELLS]) -> String {
    let mut out = String::new();
    for c in 0..CELLS {
        if c % 9 == 0 {
            out.push('\n');
        }
        if bytes[c] != b'.' && bytes[c] != b'0' {
            out.push('=');
            out.push(bytes[c] as char);
        } else {
            for d in 0..9 {
                if cands[c] >> d & 1 != 0 {
                    out.push((b'1' + d) as char);
                }
            }
        }
        out.push(' ');
    }
    out
}

/// The (cell, digit) pairs of per-cell masks.
fn pairs(masks: &[u16; CELLS]) -> Vec<(usize, u8)> {
    (0..CELLS)
        .flat_map(|c| {
            (0..9)
                .filter(move |d| masks[c] >> d & 1 != 0)
                .map(move |d| (c, d + 1))
        })
        .collect()
}

fn examples() {
    // Per kind (placing a digit, removing candidates only), the steps shown so far.
    let mut shown = [0; 2];
    for b in corpora::first_boards("puzzles3_magictour_top1465", usize::MAX) {
        for (bytes, cands, s) in states(&b) {
            let kind = usize::from(s.placement.is_none());
            if s.technique == Technique::ForcingChain && shown[kind] < 3 {
                shown[kind] += 1;
                println!(
                    "{}\n removed {:?} place {:?}\n pattern {:?}",
                    format_grid(&bytes, &cands),
                    pairs(&s.removed),
                    s.placement,
                    pairs(&s.pattern)
                );
            }
        }
        if shown == [3, 3] {
            break;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    match args.first().map(String::as_str) {
        Some("share") | None => share(),
        Some("rate") => rate(number(1, 1000), number(2, 5)),
        Some("forcing") => forcing(number(1, 200)),
        Some("examples") => examples(),
        Some("all") => all(),
        Some(other) => {
            eprintln!("unknown mode {other}: share, rate [PUZZLES] [ROUNDS], forcing [PUZZLES], all or examples");
        }
    }
}
