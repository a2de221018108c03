//! Thread stress: 8 threads call the C ABI at once, for SUDOKU_STRESS_SECS seconds (2 by
//! default; set it higher for a long run), on a shared pool of boards that mixes solvable
//! puzzles ('.' and '0' blanks), bad bytes, clashing givens and clash-free boards without a
//! solution. Every answer is checked: the status the contract names (computed once,
//! before the threads start, by the independent oracle), a valid solution keeping every
//! given on success, the board byte for byte unchanged on failure.
//!
//! Each thread runs one kind of call from `CALLS`, round robin, so that when more entry
//! points are added to that table their calls overlap with each other in time.

mod common;

use common::contract::{expected_status, is_solution};
use common::{random_grid, with_blanks, with_changed_given, Rng};
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};
use sudoku::{Status, CELLS};

const THREADS: usize = 8;

/// One board of the pool and the status the contract names for it.
struct Case {
    input: [u8; CELLS],
    expected: Status,
}

/// The shared pool: a few hundred boards of every kind, made from a fixed seed.
fn pool() -> Vec<Case> {
    let mut rng = Rng::new(0x5EED_5742);
    let mut inputs: Vec<[u8; CELLS]> = Vec::new();
    for n in 0..240 {
        let grid = random_grid(&mut rng);
        let puzzle = with_blanks(&mut rng, &grid, 20 + n % 60);
        let mut bytes = puzzle.to_bytes();
        match n % 6 {
            // Solvable, blanks written '0'.
            0 => bytes
                .iter_mut()
                .filter(|b| **b == b'.')
                .for_each(|b| *b = b'0'),
            // A bad byte somewhere (and maybe a clash too: the bad byte must win).
            1 => {
                bytes[rng.below(CELLS)] = [0u8, b' ', b'x', 0xFF, b'/', b':'][rng.below(6)];
                if n % 12 == 1 {
                    let (i, j) = (rng.below(9), rng.below(9));
                    bytes[i] = b'1';
                    bytes[j] = b'1';
                }
            }
            // Clashing givens: a copy of one given into a peer cell.
            2 => {
                let i = rng.below(CELLS);
                let peer = if i % 9 == 8 { i - 1 } else { i + 1 };
                bytes[i] = grid.to_bytes()[i];
                bytes[peer] = bytes[i];
            }
            // Clash-free with one given changed: usually no solution.
            3 => {
                if let Some(changed) = with_changed_given(&mut rng, &puzzle) {
                    bytes = changed.to_bytes();
                }
            }
            // Solvable, '.' blanks.
            _ => {}
        }
        inputs.push(bytes);
    }
    inputs.push([b'.'; CELLS]);
    inputs.push(random_grid(&mut rng).to_bytes());
    inputs
        .into_iter()
        .map(|input| {
            let expected = expected_status(&input).unwrap_or_else(|e| panic!("oracle: {e}"));
            Case { input, expected }
        })
        .collect()
}

/// Checks one answer: `code` and `output` for `case`.
fn check(case: &Case, code: i32, output: &[u8; CELLS]) -> Result<(), String> {
    let show = |b: &[u8; CELLS]| String::from_utf8_lossy(b).into_owned();
    if code != case.expected.code() {
        return Err(format!(
            "status {code}, expected {:?} for {}",
            case.expected,
            show(&case.input)
        ));
    }
    let ok = if case.expected == Status::Ok {
        is_solution(&case.input, output)
    } else {
        output == &case.input
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{} left {}", show(&case.input), show(output)))
    }
}

/// `sudoku_solve` on one board of the pool, in this thread's own buffer.
fn call_solve(pool: &[Case], rng: &mut Rng) -> Result<Status, String> {
    let case = &pool[rng.below(pool.len())];
    let mut board = case.input;
    // SAFETY: `board` is 81 bytes owned by this thread.
    let code = unsafe { sudoku::ffi::sudoku_solve(board.as_mut_ptr().cast()) };
    check(case, code, &board).map(|()| case.expected)
}

/// The kinds of call the threads make, round robin: (name, one call on a random case).
type Call = fn(&[Case], &mut Rng) -> Result<Status, String>;
const CALLS: &[(&str, Call)] = &[("sudoku_solve", call_solve)];

fn duration() -> Duration {
    let secs = std::env::var("SUDOKU_STRESS_SECS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(2.0);
    Duration::from_secs_f64(secs)
}

#[test]
fn eight_threads_at_once_get_every_answer_right() {
    let pool = pool();
    let kinds: std::collections::HashSet<Status> = pool.iter().map(|c| c.expected).collect();
    for s in [
        Status::Ok,
        Status::NoSolution,
        Status::ErrInvalidChar,
        Status::ErrConflict,
    ] {
        assert!(kinds.contains(&s), "the pool has no board with {s:?}");
    }

    let run_for = duration();
    let start = Barrier::new(THREADS);
    let errors = Mutex::new(Vec::<String>::new());
    let calls: Vec<(usize, &str, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let (pool, start, errors) = (&pool, &start, &errors);
                scope.spawn(move || {
                    let (name, call) = CALLS[t % CALLS.len()];
                    let mut rng = Rng::new(t as u64 + 1);
                    let mut n = 0usize;
                    start.wait();
                    let until = Instant::now() + run_for;
                    while Instant::now() < until {
                        if let Err(e) = call(pool, &mut rng) {
                            errors.lock().unwrap_or_else(|p| p.into_inner()).push(e);
                            break;
                        }
                        n += 1;
                    }
                    (t, name, n)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a stress thread panicked"))
            .collect()
    });
    let errors = errors.into_inner().unwrap_or_else(|p| p.into_inner());
    assert!(
        errors.is_empty(),
        "wrong answers under stress:\n{}",
        errors.join("\n")
    );
    let total: usize = calls.iter().map(|c| c.2).sum();
    for (t, name, n) in &calls {
        assert!(*n > 0, "thread {t} ({name}) made no call");
    }
    eprintln!(
        "stress: {total} calls from {THREADS} threads in {:.1}s, all answers right",
        run_for.as_secs_f64()
    );
}
