//! The exports of `src/ffi.rs` called as a C caller would, through the wrappers of
//! `tests/common/ffi.rs`: solving in place, the status strings, counting with and without
//! progress, batches (argument order, unaligned statuses, agreement with single calls),
//! rating, generation, the header's board size and the version.

mod common;

use common::contract::COUNT_FILL;
use common::ffi::{self, FILL, LEVEL_FILL};
use std::ffi::{c_char, c_int, CStr};
use sudoku::ffi::{
    sudoku_count_solutions_with_progress, sudoku_generate, sudoku_rate, sudoku_solve,
    sudoku_solve_batch, sudoku_status_str, sudoku_version,
};
use sudoku::Status;
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
