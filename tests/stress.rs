//! Thread stress: 8 threads call the C ABI at once, for SUDOKU_STRESS_SECS seconds (2 by
//! default; set it higher for a long run), on a shared pool of boards that mixes solvable
//! puzzles ('.' and '0' blanks, one or several solutions), bad bytes, clashing givens and
//! clash-free boards without a solution. Every answer is checked against what the
//! independent oracle computed once, before the threads start: for `sudoku_solve` the
//! status, a valid solution keeping every given on success, the board byte for byte
//! unchanged on failure; for `sudoku_count_solutions` (limit 2) the status, the count and a
//! valid first solution; for `sudoku_solve_batch` (a random run of the pool, 0-4
//! threads, shorter and longer than the time after which `threads` = 0 starts threads) the same as
//! `sudoku_solve` board by board; for `sudoku_rate` the status and the
//! level; for `sudoku_generate` (seeds and levels from a table made before the threads
//! start, and checked against the contract then) the very same bytes.
//!
//! Each thread runs one kind of call from `CALLS`, round robin: with 8 threads and 6 kinds,
//! solve and count get two threads each, and one thread makes batch calls (which start
//! threads of their own) while the others make single calls of every kind (counts with
//! progress among them: to a limit, or stopped by their callback).

mod common;

use common::contract::{self, expected_status, is_solution, logic_level};
use common::ffi;
use common::generate::{blank_some, change_one_given, random_grid, Rng};
use std::ffi::c_int;
use std::sync::{Barrier, Mutex, OnceLock};
use std::time::{Duration, Instant};
use sudoku::Status;
use sudoku_core::engine::reference;
use sudoku_core::{Board, Difficulty, CELLS};

const THREADS: usize = 8;

/// One board of the pool and what the contract names for it.
struct Case {
    input: [u8; CELLS],
    /// The status of `sudoku_solve`.
    expected: Status,
    /// The status and count of `sudoku_count_solutions` at limit 2.
    count: (Status, usize),
    /// The status of `sudoku_rate`, with the level on SUDOKU_OK (else `*difficulty` is
    /// left as it was, `ffi::LEVEL_FILL`).
    rating: (Status, c_int),
}

impl Case {
    fn new(input: [u8; CELLS]) -> Case {
        let expected = expected_status(&input).unwrap_or_else(|e| panic!("oracle: {e}"));
        let (count, rating) = match Board::from_bytes(&input) {
            Ok(board) if expected != Status::ErrConflict => match reference::count(&board, 2).0 {
                0 => ((Status::Ok, 0), (Status::NoSolution, ffi::LEVEL_FILL)),
                1 => ((Status::Ok, 1), (Status::Ok, logic_level(&board).code())),
                n => (
                    (Status::Ok, n),
                    (Status::MultipleSolutions, ffi::LEVEL_FILL),
                ),
            },
            // On an error `*count` keeps what the caller put there.
            _ => (
                (expected, contract::COUNT_FILL),
                (expected, ffi::LEVEL_FILL),
            ),
        };
        Case {
            input,
            expected,
            count,
            rating,
        }
    }
}

/// The shared pool: a few hundred boards of every kind, made from a fixed seed.
fn pool() -> Vec<Case> {
    let mut rng = Rng::new(0x5EED_5742);
    let mut inputs: Vec<[u8; CELLS]> = Vec::new();
    for n in 0..240 {
        let grid = random_grid(&mut rng);
        let puzzle = blank_some(&mut rng, &grid, 20 + n % 60);
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
                if let Some(changed) = change_one_given(&mut rng, &puzzle) {
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
    // Proper puzzles of every level, for the rater.
    inputs.extend(generated().iter().map(|g| g.puzzle));
    inputs.into_iter().map(Case::new).collect()
}

/// A puzzle made by `sudoku_generate`, with what made it.
struct Generated {
    seed: u64,
    level: c_int,
    puzzle: [u8; CELLS],
    solution: [u8; CELLS],
}

/// Three seeds per level, generated and checked against the contract once per process.
fn generated() -> &'static [Generated] {
    static TABLE: OnceLock<Vec<Generated>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::new();
        for level in 1..=4 {
            for seed in [
                level as u64,
                0xC0FFEE ^ level as u64,
                u64::MAX - level as u64,
            ] {
                let (_, puzzle, solution) =
                    ffi::generate_checked(seed, level, &[false, false], usize::MAX)
                        .unwrap_or_else(|e| panic!("sudoku_generate: {e}"));
                table.push(Generated {
                    seed,
                    level,
                    puzzle,
                    solution,
                });
            }
        }
        table
    })
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
    let (code, board) = ffi::solve(&case.input);
    check(case, code, &board).map(|()| case.expected)
}

/// `sudoku_count_solutions` at limit 2 on one board of the pool.
fn call_count(pool: &[Case], rng: &mut Rng) -> Result<Status, String> {
    let case = &pool[rng.below(pool.len())];
    let (code, count, solution) = ffi::count(&case.input, 2, &[false; 3]);
    let count = count.unwrap_or(usize::MAX);
    let show = String::from_utf8_lossy(&case.input);
    let (status, expected) = case.count;
    if (code, count) != (status.code(), expected) {
        return Err(format!(
            "count: status {code} count {count}, expected {status:?} {expected} for {show}"
        ));
    }
    let solution_ok = if status == Status::Ok && count > 0 {
        is_solution(&case.input, &solution)
    } else {
        solution == ffi::FILL
    };
    if !solution_ok {
        return Err(format!(
            "count {count} left {} for {show}",
            String::from_utf8_lossy(&solution)
        ));
    }
    Ok(status)
}

/// `sudoku_solve_batch` on 0-4 threads and a random run of the pool's boards (wrapping
/// around): up to 32 boards, or half the time up to 1000, long enough that a batch with
/// `threads` = 0 sometimes outlasts `SOLO_TIME` and starts threads.
fn call_batch(pool: &[Case], rng: &mut Rng) -> Result<Status, String> {
    let start = rng.below(pool.len());
    let most = if rng.below(2) == 0 { 32 } else { 1000 };
    let len = 1 + rng.below(most);
    let cases: Vec<&Case> = (start..start + len)
        .map(|i| &pool[i % pool.len()])
        .collect();
    let inputs: Vec<[u8; CELLS]> = cases.iter().map(|c| c.input).collect();
    let threads = rng.below(5);
    let (code, statuses, boards) = ffi::solve_batch(&inputs, threads);
    if code != Status::Ok.code() {
        return Err(format!("batch of {} returned {code}", boards.len()));
    }
    for ((case, board), &status) in cases.iter().zip(&boards).zip(&statuses) {
        check(case, status, board).map_err(|e| format!("batch ({threads} threads): {e}"))?;
    }
    Ok(Status::Ok)
}

/// `sudoku_rate` on one board of the pool.
fn call_rate(pool: &[Case], rng: &mut Rng) -> Result<Status, String> {
    let case = &pool[rng.below(pool.len())];
    let (code, level) = ffi::rate(&case.input, &[false; 2]);
    let (status, expected) = case.rating;
    let agrees = match Difficulty::from_code(expected) {
        Some(model) if status == Status::Ok => contract::level_agrees(model, level),
        _ => level == expected,
    };
    if code != status.code() || !agrees {
        return Err(format!(
            "rate: status {code} level {level}, expected {status:?} {expected} for {}",
            String::from_utf8_lossy(&case.input)
        ));
    }
    Ok(status)
}

/// `sudoku_generate` on a seed and level of the table: the same bytes as before.
fn call_generate(_: &[Case], rng: &mut Rng) -> Result<Status, String> {
    let table = generated();
    let g = &table[rng.below(table.len())];
    let (code, puzzle, solution) = ffi::generate(g.seed, g.level, &[false, false]);
    if (code, puzzle, solution) != (Status::Ok.code(), g.puzzle, g.solution) {
        return Err(format!(
            "generate(seed {:#x}, level {}) gave status {code} and {}, not {}",
            g.seed,
            g.level,
            String::from_utf8_lossy(&puzzle),
            String::from_utf8_lossy(&g.puzzle)
        ));
    }
    Ok(Status::Ok)
}

/// The progress callback of the stress test: counts its calls, stops at the call whose
/// number the context's second field holds.
unsafe extern "C" fn stop_at(_found: usize, context: *mut std::ffi::c_void) -> c_int {
    // SAFETY: the calls below pass a `(usize, usize)` as the context.
    let state = unsafe { &mut *context.cast::<(usize, usize)>() };
    state.0 += 1;
    c_int::from(state.0 >= state.1)
}

/// `sudoku_count_solutions_with_progress`: a board of the pool at limit 2 (the answer of
/// `sudoku_count_solutions`), or the empty board counted to 20,000 (never stopped) or to
/// SIZE_MAX stopped at the 1st-3rd callback (SUDOKU_CANCELLED, nothing written).
fn call_count_progress(pool: &[Case], rng: &mut Rng) -> Result<Status, String> {
    let (input, limit, stop, expected) = match rng.below(4) {
        0 => ([b'.'; CELLS], 20_000, usize::MAX, (Status::Ok, 20_000)),
        1 => {
            let k = 1 + rng.below(3);
            (
                [b'.'; CELLS],
                usize::MAX,
                k,
                (Status::Cancelled, contract::COUNT_FILL),
            )
        }
        _ => {
            let case = &pool[rng.below(pool.len())];
            (case.input, 2, usize::MAX, case.count)
        }
    };
    let mut count = contract::COUNT_FILL;
    let mut solution = ffi::FILL;
    let mut state = (0usize, stop);
    // SAFETY: 81 readable bytes, a writable size_t, 81 writable bytes; the callback reads
    // the context as the tuple it is.
    let code = unsafe {
        sudoku::ffi::sudoku_count_solutions_with_progress(
            input.as_ptr().cast(),
            limit,
            &mut count,
            solution.as_mut_ptr().cast(),
            Some(stop_at),
            (&raw mut state).cast(),
        )
    };
    let show = String::from_utf8_lossy(&input);
    if (code, count) != (expected.0.code(), expected.1) {
        return Err(format!(
            "count with progress: status {code} count {count}, expected {expected:?} for {show}"
        ));
    }
    let written = solution != ffi::FILL;
    let want_written = expected.0 == Status::Ok && count > 0;
    if written != want_written || (written && !is_solution(&input, &solution)) {
        return Err(format!(
            "count with progress {count} left {}",
            String::from_utf8_lossy(&solution)
        ));
    }
    Ok(expected.0)
}

/// The kinds of call the threads make, round robin: (name, one call on a random case).
type Call = fn(&[Case], &mut Rng) -> Result<Status, String>;
const CALLS: &[(&str, Call)] = &[
    ("sudoku_solve", call_solve),
    ("sudoku_count_solutions", call_count),
    ("sudoku_count_solutions_with_progress", call_count_progress),
    ("sudoku_solve_batch", call_batch),
    ("sudoku_rate", call_rate),
    ("sudoku_generate", call_generate),
];

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
    for s in contract::SOLVE_STATUSES {
        assert!(kinds.contains(&s), "the pool has no board with {s:?}");
    }
    let rated: std::collections::HashSet<(Status, c_int)> = pool.iter().map(|c| c.rating).collect();
    for level in 1..=4 {
        assert!(
            rated.contains(&(Status::Ok, level)),
            "no level {level} board"
        );
    }
    assert!(rated.contains(&(Status::MultipleSolutions, ffi::LEVEL_FILL)));
    assert!(rated.contains(&(Status::NoSolution, ffi::LEVEL_FILL)));

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
    let per_kind: Vec<String> = CALLS
        .iter()
        .map(|(kind, _)| {
            let n: usize = calls.iter().filter(|c| c.1 == *kind).map(|c| c.2).sum();
            format!("{kind} {n}")
        })
        .collect();
    eprintln!(
        "stress: {total} calls from {THREADS} threads in {:.1}s ({}), all answers right",
        run_for.as_secs_f64(),
        per_kind.join(", ")
    );
}
