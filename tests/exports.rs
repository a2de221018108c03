//! The exports of `src/ffi.rs` called as a C caller would, through the wrappers of
//! `tests/common/ffi.rs`: solving in place, the status strings, counting with and without
//! progress, batches (argument order, unaligned statuses, agreement with single calls),
//! rating (levels and the Sudoku Explainer scale, with and without progress, on a small
//! thread stack), generation, the header's board size and the version.

mod common;

use common::contract::COUNT_FILL;
use common::ffi::{self, FILL, LEVEL_FILL, SE_FILL};
use std::ffi::{c_char, c_int, CStr};
use sudoku::ffi::{
    sudoku_count_solutions_with_progress, sudoku_generate, sudoku_rate, sudoku_rate_se,
    sudoku_rate_se_with_progress, sudoku_solve, sudoku_solve_batch, sudoku_status_str,
    sudoku_version,
};
use sudoku::{SeRating, Status};
use sudoku_core::{Difficulty, CELLS};

/// The status `sudoku_solve` gives `board`, solving it in place.
fn solve(board: &mut [u8; CELLS]) -> Status {
    let (code, out) = ffi::solve(board);
    *board = out;
    Status::from_code(code).expect("a known status")
}

const NO_NULL: [bool; 3] = [false; 3];

#[test]
fn null_board_is_reported() {
    // SAFETY: NULL is allowed and must be reported, not dereferenced.
    assert_eq!(unsafe { sudoku_solve(core::ptr::null_mut()) }, -1);
}

#[test]
fn solves_in_place() {
    let mut b = *LEETCODE;
    assert_eq!(solve(&mut b), Status::Ok);
    assert_eq!(
        &b,
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
}

#[test]
fn failures_leave_the_board_unchanged() {
    let cases: [(&[u8; 81], Status); 3] = [
        (
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
            Status::ErrInvalidChar,
        ),
        (
            b"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            Status::ErrConflict,
        ),
        (
            b"12345678.........9...............................................................",
            Status::NoSolution,
        ),
    ];
    for (input, expected) in cases {
        let mut b = *input;
        assert_eq!(solve(&mut b), expected);
        assert_eq!(&b, input);
    }
}

#[test]
fn status_strings_name_their_status_and_differ() {
    let text = |code: c_int| {
        // SAFETY: the function returns a static NUL-terminated string.
        let c = unsafe { CStr::from_ptr(sudoku_status_str(code)) };
        c.to_str().expect("ASCII").to_owned()
    };
    let mut seen = vec![text(12345), text(-5000)];
    assert_eq!(seen[0], seen[1], "every unknown code shares one message");
    assert_eq!(seen[0], "unknown status code");
    assert!(text(Status::Ok.code()).starts_with("success"));
    assert!(text(Status::ErrNull.code()).contains("NULL"));
    // Each failing status's message starts with the name of the core error it reports.
    for e in sudoku_core::Error::ALL {
        let m = text(Status::from(e).code());
        assert!(m.starts_with(e.name()), "{m:?} for {e:?}");
    }
    for s in Status::ALL {
        seen.push(text(s.code()));
    }
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen.len(),
        Status::ALL.len() + 1,
        "two statuses share a message"
    );
}

const LEETCODE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const NO_SOLUTION: &[u8; 81] =
    b"12345678........................................................................9";

/// `sudoku_count_solutions` on `board` to `limit`: the status, `*count` and the solution
/// buffer.
fn count(board: &[u8; 81], limit: usize) -> (c_int, usize, [u8; 81]) {
    let (code, n, sol) = ffi::count(board, limit, &NO_NULL);
    (code, n.expect("a count pointer"), sol)
}

#[test]
fn count_reports_nulls_and_writes_nothing() {
    let null = Status::ErrNull.code();
    assert_eq!(
        ffi::count(LEETCODE, 2, &[true, false, false]),
        (null, Some(COUNT_FILL), FILL)
    );
    assert_eq!(
        ffi::count(LEETCODE, 2, &[false, true, false]),
        (null, None, FILL)
    );
    assert_eq!(ffi::count(LEETCODE, 2, &[true, true, true]).0, null);
}

#[test]
fn count_validates_like_solve_and_counts_like_the_reference() {
    let mut bad = *LEETCODE;
    bad[1] = b'5'; // clash with cell 0
                   // On an error `*count` keeps what the caller put there.
    assert_eq!(
        count(&bad, 2),
        (Status::ErrConflict.code(), COUNT_FILL, FILL)
    );
    bad[80] = b'/'; // bad character wins over the clash
    assert_eq!(
        count(&bad, 2),
        (Status::ErrInvalidChar.code(), COUNT_FILL, FILL)
    );
    assert_eq!(count(NO_SOLUTION, 5), (0, 0, FILL));
    assert_eq!(count(LEETCODE, 0), (0, 0, FILL));
    let (rc, n, sol) = count(LEETCODE, 2);
    assert_eq!((rc, n), (0, 1));
    assert_eq!(
        &sol,
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    let empty = [b'.'; 81];
    let (rc, n, sol) = count(&empty, 1000);
    assert_eq!((rc, n), (0, 1000));
    assert!(sudoku_core::Board::from_bytes(&sol).unwrap().is_solved());
    // A NULL solution is fine.
    let (rc, n, _) = ffi::count(LEETCODE, 2, &[false, false, true]);
    assert_eq!((rc, n), (0, Some(1)));
}

/// [`ffi::count_with_progress`], checking that nothing is written on failure: the status,
/// the count and the callback's calls.
fn count_progress(board: &[u8; 81], limit: usize, stop: usize) -> (c_int, usize, usize) {
    let (rc, n, sol, calls) = ffi::count_with_progress(Some(board), limit, stop);
    if rc != 0 {
        assert_eq!((n, sol), (COUNT_FILL, FILL), "written on status {rc}");
    }
    (rc, n, calls)
}

#[test]
fn count_with_progress_reports_stops_and_writes_nothing_when_stopped() {
    // The empty board to SIZE_MAX: stopped at the k-th call.
    for k in [1, 2, 3] {
        let (rc, _, calls) = count_progress(&[b'.'; 81], usize::MAX, k);
        assert_eq!((rc, calls), (Status::Cancelled.code(), k));
    }
    // Never stopped: the count of sudoku_count_solutions, with calls on the way.
    let (rc, n, calls) = count_progress(&[b'.'; 81], 300_000, usize::MAX);
    assert_eq!((rc, n), (0, 300_000));
    assert!(calls > 0);
    assert_eq!(count_progress(LEETCODE, 2, usize::MAX).1, 1);
    let mut bad = *LEETCODE;
    bad[1] = b'5';
    assert_eq!(count_progress(&bad, 2, 1).0, Status::ErrConflict.code());
    // A NULL callback is sudoku_count_solutions.
    let mut n = 0usize;
    // SAFETY: 81 readable bytes and a writable size_t; NULL callback and solution.
    let rc = unsafe {
        sudoku_count_solutions_with_progress(
            [b'.'; 81].as_ptr().cast(),
            1000,
            &mut n,
            core::ptr::null_mut(),
            None,
            core::ptr::null_mut(),
        )
    };
    assert_eq!((rc, n), (0, 1000));
    // A NULL board: reported, the callback never called.
    assert_eq!(
        ffi::count_with_progress(None, 5, 1),
        (Status::ErrNull.code(), COUNT_FILL, FILL, 0)
    );
}

#[test]
fn batch_checks_its_arguments_in_order_and_touches_nothing_on_error() {
    let mut boards = *LEETCODE;
    let mut statuses = [42 as c_int; 2];
    let b = boards.as_mut_ptr().cast::<c_char>();
    let s = statuses.as_mut_ptr();
    let null_b = core::ptr::null_mut::<c_char>();
    let null_s = core::ptr::null_mut::<c_int>();
    // SAFETY: every call below fails its argument checks before touching memory, or
    // (n = 0) touches nothing.
    unsafe {
        assert_eq!(sudoku_solve_batch(null_b, 0, null_s, 0), 0);
        assert_eq!(sudoku_solve_batch(b, 0, s, 4), 0);
        assert_eq!(sudoku_solve_batch(null_b, 1, s, 0), Status::ErrNull.code());
        assert_eq!(sudoku_solve_batch(b, 1, null_s, 0), Status::ErrNull.code());
        assert_eq!(
            sudoku_solve_batch(null_b, usize::MAX, null_s, 0),
            Status::ErrNull.code()
        );
        let huge = usize::MAX / 81 + 1;
        assert_eq!(
            sudoku_solve_batch(b, huge, s, 0),
            Status::ErrInvalidArgument.code()
        );
        assert_eq!(
            sudoku_solve_batch(b, huge, null_s, 0),
            Status::ErrInvalidArgument.code()
        );
        let too_big = isize::MAX as usize / 81 + 1;
        assert_eq!(
            sudoku_solve_batch(b, too_big, s, 0),
            Status::ErrInvalidArgument.code()
        );
        // Statuses overlapping the boards, at either end or inside.
        for offset in [0, 1, 40, 77, 80] {
            let inside = b.add(offset).cast::<c_int>();
            assert_eq!(
                sudoku_solve_batch(b, 1, inside, 0),
                Status::ErrInvalidArgument.code(),
                "statuses at byte {offset} of the board"
            );
        }
        // Boards whose bytes would run past the end of memory.
        let top = core::ptr::without_provenance_mut::<c_char>(usize::MAX - 100);
        assert_eq!(
            sudoku_solve_batch(top, 2, s, 0),
            Status::ErrInvalidArgument.code()
        );
    }
    assert_eq!(&boards, LEETCODE);
    assert_eq!(statuses, [42; 2]);
}

#[test]
fn batch_statuses_may_be_unaligned_and_sit_right_beside_the_boards() {
    // One buffer: two boards, then two statuses starting at an odd address.
    let mut buffer = [0u8; 2 * CELLS + 2 * 4 + 8];
    let start = buffer.as_ptr().align_offset(4) + 1;
    let mut expected = [*LEETCODE, *NO_SOLUTION];
    let want = [
        solve(&mut expected[0]).code(),
        solve(&mut expected[1]).code(),
    ];
    let (boards, rest) = buffer[start..].split_at_mut(2 * CELLS);
    boards[..CELLS].copy_from_slice(LEETCODE);
    boards[CELLS..].copy_from_slice(NO_SOLUTION);
    let s = rest.as_mut_ptr().cast::<c_int>();
    assert!(!s.is_aligned());
    for threads in [1, 2] {
        // SAFETY: 2 boards of 81 bytes, then 8 writable bytes for 2 statuses.
        let rc = unsafe { sudoku_solve_batch(boards.as_mut_ptr().cast(), 2, s, threads) };
        assert_eq!(rc, 0);
        let got: Vec<c_int> = rest[..8]
            .chunks_exact(4)
            .map(|c| c_int::from_ne_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(got, want);
        assert_eq!(&boards[..CELLS], &expected[0]);
        assert_eq!(&boards[CELLS..], &expected[1]);
    }
}

#[test]
fn batch_equals_single_calls_at_every_thread_count() {
    let mut conflict = *LEETCODE;
    conflict[1] = b'5';
    let mut invalid = *LEETCODE;
    invalid[40] = b' ';
    let kinds = [
        *LEETCODE,
        *NO_SOLUTION,
        conflict,
        invalid,
        [b'.'; 81],
        [b'0'; 81],
    ];
    let input: Vec<[u8; 81]> = (0..150).map(|i| kinds[i * 5 % kinds.len()]).collect();
    let mut expected = input.clone();
    let want: Vec<c_int> = expected.iter_mut().map(|b| solve(b).code()).collect();
    for threads in [1, 2, 0, 3, 1000] {
        let (rc, statuses, boards) = ffi::solve_batch(&input, threads);
        assert_eq!(rc, 0);
        assert_eq!(statuses, want, "{threads} threads");
        assert_eq!(boards, expected, "{threads} threads");
    }
}

/// `sudoku_rate` on `board`: the status and `*difficulty`.
fn rate(board: &[u8; 81]) -> (c_int, c_int) {
    ffi::rate(board, &NO_NULL)
}

#[test]
fn rate_reports_every_status_and_writes_only_on_success() {
    assert_eq!(rate(LEETCODE), (0, Difficulty::Easy.code()));
    assert_eq!(
        rate(&[b'.'; 81]),
        (Status::MultipleSolutions.code(), LEVEL_FILL)
    );
    assert_eq!(rate(NO_SOLUTION), (Status::NoSolution.code(), LEVEL_FILL));
    let mut bad = *LEETCODE;
    bad[1] = b'5';
    assert_eq!(rate(&bad), (Status::ErrConflict.code(), LEVEL_FILL));
    bad[0] = b'A';
    assert_eq!(rate(&bad), (Status::ErrInvalidChar.code(), LEVEL_FILL));
    let null = Status::ErrNull.code();
    assert_eq!(ffi::rate(LEETCODE, &[true, false]), (null, LEVEL_FILL));
    assert_eq!(ffi::rate(LEETCODE, &[false, true]).0, null);
    // SAFETY: NULLs are reported before anything is read or written.
    let rc = unsafe { sudoku_rate(core::ptr::null(), core::ptr::null_mut()) };
    assert_eq!(rc, null);
}

/// The first of the bundled bench puzzles (`benches/puzzles.txt`), which `sudoku_rate` rates
/// EXTREME: its walk needs forcing chains.
const HARD: &[u8; 81] =
    b".2..1...6.4....73.7......5..7.46..2......8......7......1...6..2.69.2.3....8...4..";

/// A complete grid, the LeetCode puzzle's solution.
const SOLVED: &[u8; 81] =
    b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `sudoku_rate_se` on `board`: the status and `*rating`.
fn rate_se(board: &[u8; 81]) -> (c_int, SeRating) {
    ffi::rate_se(board, &NO_NULL)
}

/// Every way a board fails to be rated, with the status it gets: what `sudoku_rate` gives.
fn unratable_boards() -> Vec<([u8; 81], Status)> {
    let mut conflict = *LEETCODE;
    conflict[1] = b'5';
    let mut invalid = conflict;
    invalid[0] = b'A'; // a bad byte wins over the clash
    let mut late_invalid = *LEETCODE;
    late_invalid[80] = b'/';
    vec![
        ([b'.'; 81], Status::MultipleSolutions),
        (*NO_SOLUTION, Status::NoSolution),
        (conflict, Status::ErrConflict),
        (invalid, Status::ErrInvalidChar),
        (late_invalid, Status::ErrInvalidChar),
    ]
}

#[test]
fn rate_se_reports_every_status_and_writes_only_on_success() {
    for board in [LEETCODE, HARD, SOLVED] {
        let (rc, rating) = rate_se(board);
        assert_eq!(rc, 0, "{}", String::from_utf8_lossy(board));
        assert_ne!(rating, SE_FILL, "the rating was not written");
    }
    assert_eq!(
        rate_se(SOLVED),
        (0, SeRating::default()),
        "a complete grid rates 0/0/0"
    );
    for (board, status) in unratable_boards() {
        assert_eq!(rate_se(&board), (status.code(), SE_FILL), "{status:?}");
        // The status is the one sudoku_rate gives.
        assert_eq!(rate(&board), (status.code(), LEVEL_FILL), "{status:?}");
    }
    let null = Status::ErrNull.code();
    assert_eq!(ffi::rate_se(LEETCODE, &[true, false]), (null, SE_FILL));
    assert_eq!(ffi::rate_se(LEETCODE, &[false, true]).0, null);
    let mut bad = *LEETCODE;
    bad[0] = b'x';
    // A NULL rating is reported before the board is read.
    assert_eq!(ffi::rate_se(&bad, &[false, true]).0, null);
    // SAFETY: NULLs are reported before anything is read or written.
    let rc = unsafe { sudoku_rate_se(core::ptr::null(), core::ptr::null_mut()) };
    assert_eq!(rc, null);
}

#[test]
fn rate_se_writes_the_cores_rating_unaligned() {
    for board in [LEETCODE, HARD, SOLVED] {
        let want = sudoku_core::logic::se::rate_se_bytes(board).expect("a proper puzzle");
        let (rc, got) = rate_se(board);
        assert_eq!(rc, 0);
        assert_eq!((got.er, got.ep, got.ed), (want.er, want.ep, want.ed));
        // The struct may start at any address; the bytes around it stay as they were.
        let mut buffer = [0x5Au8; 3 * 4 + 2];
        let at = buffer[1..].as_mut_ptr().cast::<SeRating>();
        // SAFETY: 81 readable bytes; 12 writable bytes at an odd address.
        let rc = unsafe { sudoku_rate_se(board.as_ptr().cast(), at) };
        assert_eq!(rc, 0);
        let field = |k: usize| i32::from_ne_bytes(buffer[1 + 4 * k..5 + 4 * k].try_into().unwrap());
        assert_eq!((field(0), field(1), field(2)), (want.er, want.ep, want.ed));
        assert_eq!((buffer[0], buffer[13]), (0x5A, 0x5A));
    }
}

#[test]
fn rate_se_with_progress_is_rate_se_when_never_stopped() {
    for board in [LEETCODE, HARD, SOLVED] {
        let want = rate_se(board);
        let (rc, rating, calls) = ffi::rate_se_with_progress(Some(board), Some(usize::MAX));
        assert_eq!((rc, rating), want);
        if board != SOLVED {
            assert!(calls > 0, "no progress call on a walk with steps");
        }
        // A NULL callback is sudoku_rate_se.
        let (rc, rating, calls) = ffi::rate_se_with_progress(Some(board), None);
        assert_eq!((rc, rating, calls), (want.0, want.1, 0));
    }
    for (board, status) in unratable_boards() {
        for stop in [None, Some(1), Some(usize::MAX)] {
            let (rc, rating, _) = ffi::rate_se_with_progress(Some(&board), stop);
            assert_eq!(
                (rc, rating),
                (status.code(), SE_FILL),
                "{status:?}, {stop:?}"
            );
        }
    }
    // A NULL board or rating: reported, the callback never called.
    assert_eq!(
        ffi::rate_se_with_progress(None, Some(1)),
        (Status::ErrNull.code(), SE_FILL, 0)
    );
    let mut calls = (0usize, 1usize, 0usize);
    // SAFETY: 81 readable bytes, a NULL rating (reported), a callback that is not called.
    let rc = unsafe {
        sudoku_rate_se_with_progress(
            HARD.as_ptr().cast(),
            core::ptr::null_mut(),
            Some(count_calls),
            (&raw mut calls).cast(),
        )
    };
    assert_eq!((rc, calls.0), (Status::ErrNull.code(), 0));
}

/// A progress callback that counts its calls in the first field of a `(usize, usize, usize)`
/// and never stops.
unsafe extern "C" fn count_calls(_steps: usize, context: *mut std::ffi::c_void) -> c_int {
    // SAFETY: the callers pass a `(usize, usize, usize)` as the context.
    unsafe { (*context.cast::<(usize, usize, usize)>()).0 += 1 };
    0
}

#[test]
fn rate_se_with_progress_stops_and_writes_nothing_when_stopped() {
    for board in [LEETCODE, HARD] {
        for k in [1, 2] {
            let (rc, rating, calls) = ffi::rate_se_with_progress(Some(board), Some(k));
            assert_eq!(
                (rc, rating, calls),
                (Status::Cancelled.code(), SE_FILL, k),
                "stopped at call {k}"
            );
        }
    }
}

#[test]
fn rate_se_runs_on_a_64_kib_thread_stack() {
    // The Sudoku Explainer rating of a hard puzzle, on a thread whose stack is 64 KiB: the
    // call must end (a stack overflow kills the test) and give the rating it gives on the
    // main thread.
    let want = rate_se(HARD);
    assert_eq!(want.0, 0);
    let got = std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(|| {
            let plain = rate_se(HARD);
            let with_progress = ffi::rate_se_with_progress(Some(HARD), Some(usize::MAX));
            (plain, (with_progress.0, with_progress.1))
        })
        .expect("a thread with a 64 KiB stack starts")
        .join()
        .expect("the rating did not overflow its stack");
    assert_eq!(got, (want, want));
}

#[test]
fn generate_checks_difficulty_then_puzzle() {
    for bad in [0, 7, -1, i32::MIN, i32::MAX] {
        let invalid = Status::ErrInvalidArgument.code();
        assert_eq!(
            ffi::generate(1, bad, &[false, false]),
            (invalid, FILL, FILL)
        );
        assert_eq!(ffi::generate(1, bad, &[true, true]).0, invalid);
    }
    assert_eq!(
        ffi::generate(1, 1, &[true, false]),
        (Status::ErrNull.code(), FILL, FILL)
    );
    // SAFETY: the NULL puzzle is reported before anything is written.
    let rc = unsafe { sudoku_generate(1, 1, core::ptr::null_mut(), core::ptr::null_mut()) };
    assert_eq!(rc, Status::ErrNull.code());
}

#[test]
fn generate_writes_what_the_rust_api_makes() {
    for d in Difficulty::ALL {
        let (rc, p, s) = ffi::generate(11, d.code(), &[false, false]);
        assert_eq!(rc, 0);
        let (want_p, want_s) = sudoku_core::generate(11, d);
        assert_eq!(p, want_p.to_bytes());
        assert_eq!(s, want_s.to_bytes());
        assert_eq!(rate(&p), (0, d.code()));
        // A NULL solution is allowed.
        assert_eq!(ffi::generate(11, d.code(), &[false, true]), (0, p, FILL));
    }
}

#[test]
fn the_header_defines_the_board_size() {
    let header = include_str!("../include/sudoku.h");
    assert!(header.contains(&format!("#define SUDOKU_CELLS {CELLS}\n")));
}

#[test]
fn version_is_the_released_version_of_both_crates() {
    // SAFETY: the function returns a static NUL-terminated string.
    let v = unsafe { CStr::from_ptr(sudoku_version()) }
        .to_str()
        .unwrap();
    let parts: Vec<&str> = v.split('.').collect();
    assert_eq!(parts.len(), 3, "{v} is not MAJOR.MINOR.PATCH");
    assert!(parts.iter().all(|p| p.parse::<u32>().is_ok()), "{v}");
    // The C library and its core are released together, with one version.
    let core_manifest = include_str!("../core/Cargo.toml");
    assert!(
        core_manifest.contains(&format!("\nversion = \"{v}\"\n")),
        "core/Cargo.toml is not at version {v}"
    );
}
