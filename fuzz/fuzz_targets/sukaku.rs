//! `sudoku_count_solutions_sukaku` and `sudoku_candidates_from_sukaku` through the C ABI,
//! on pencil-mark puzzles of 729 bytes.
//!
//! The first byte picks the limit (1 + byte % 4) and, in its bits 2-3, how the 729 bytes
//! are made: 0, the input's bytes as they are (bad bytes and cells without candidates
//! included); 1, a clash-free board of the next 81 bytes (`clash_free_board`) as a
//! pencil-mark puzzle, a given its digit alone and an open cell every digit; 2, that
//! puzzle with candidates of open cells removed by the bytes after the board (byte k
//! clears digit k / 81 % 9 + 1 of cell k % 81 when its low bit is set).
//!
//! Checked: the statuses in the documented order (a bad byte, then a cell without
//! candidates), computed here from the bytes; nothing written on any status but
//! SUDOKU_OK; on SUDOKU_OK, a count no greater than the limit, the masks of
//! `sudoku_candidates_from_sukaku` equal to the bytes, and a first solution exactly when
//! the count is not zero, a complete grid whose every digit is a candidate of its cell.
//! For a board's own pencil marks (1), the count and, for a unique board, the solution are
//! those of `sudoku_count_solutions` on the board (the solution when the limit shows it is
//! the only one): the engines entered from the givens and from the candidates. The
//! fuzzer's 10 s limit per input catches a count that searches too long.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::ffi::{
    sudoku_candidates_from_sukaku, sudoku_count_solutions, sudoku_count_solutions_sukaku,
};
use sudoku::Status;
use sudoku_core::sukaku::SUKAKU_BYTES;
use sudoku_core::CELLS;
use sudoku_fuzz::{clash_free_board, contract};

/// What the output buffers hold before a call.
const MARK: u8 = 0xA5;

fn expected_status(bytes: &[u8; SUKAKU_BYTES]) -> Status {
    let bad = bytes.iter().enumerate().any(|(k, &b)| {
        let digit = b'1' + (k % 9) as u8;
        b != digit && b != b'.' && b != b'0'
    });
    if bad {
        return Status::ErrInvalidChar;
    }
    let empty_cell = bytes
        .chunks(9)
        .any(|cell| cell.iter().all(|&b| b == b'.' || b == b'0'));
    if empty_cell {
        Status::NoSolution
    } else {
        Status::Ok
    }
}

fn is_grid(digits: &[u8; CELLS]) -> bool {
    (0..CELLS).all(|i| {
        (1..=9).contains(&digits[i])
            && (0..i).all(|j| !(digits[i] == digits[j] && contract::share_unit(i, j)))
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let limit = 1 + usize::from(first % 4);
    let kind = first >> 2 & 3;
    let mut board = None;
    let bytes: [u8; SUKAKU_BYTES] = match kind {
        0 => {
            let Some(raw) = rest.get(..SUKAKU_BYTES) else {
                return;
            };
            raw.try_into().expect("729 bytes")
        }
        _ => {
            let b = clash_free_board(rest);
            let digits = *b.digits();
            let mut out = [b'.'; SUKAKU_BYTES];
            for (k, byte) in out.iter_mut().enumerate() {
                let (cell, d) = (k / 9, (k % 9) as u8 + 1);
                if digits[cell] == 0 || digits[cell] == d {
                    *byte = b'0' + d;
                }
            }
            if kind >= 2 {
                for (k, &b) in rest.iter().skip(CELLS).enumerate() {
                    let (cell, d) = (k % CELLS, k / CELLS % 9);
                    if b & 1 == 1 && digits[cell] == 0 {
                        out[cell * 9 + d] = b'.';
                    }
                }
            } else {
                board = Some(b);
            }
            out
        }
    };
    let want = expected_status(&bytes);

    let mut masks = [0xA5A5u16; CELLS];
    // SAFETY: 729 readable bytes and 81 writable masks.
    let code = unsafe { sudoku_candidates_from_sukaku(bytes.as_ptr().cast(), masks.as_mut_ptr()) };
    assert_eq!(code, want.code(), "candidates_from_sukaku");
    if code == 0 {
        for (cell, &m) in masks.iter().enumerate() {
            let from_bytes = (0..9).fold(0u16, |acc, d| {
                acc | u16::from(bytes[cell * 9 + d] == b'1' + d as u8) << d
            });
            assert_eq!(m, from_bytes, "masks of cell {cell}");
        }
    } else {
        assert_eq!(masks, [0xA5A5u16; CELLS], "masks written on status {code}");
    }

    let mut count = usize::MAX;
    let mut solution = [MARK; CELLS];
    // SAFETY: 729 readable bytes, a writable size_t and 81 writable bytes.
    let code = unsafe {
        sudoku_count_solutions_sukaku(
            bytes.as_ptr().cast(),
            limit,
            &mut count,
            solution.as_mut_ptr().cast(),
        )
    };
    assert_eq!(code, want.code(), "count_solutions_sukaku");
    if code != 0 {
        assert_eq!(
            (count, solution),
            (usize::MAX, [MARK; CELLS]),
            "written on status {code}"
        );
        return;
    }
    assert!(count <= limit, "count {count} over the limit {limit}");
    if count == 0 {
        assert_eq!(
            solution, [MARK; CELLS],
            "a solution written with a count of 0"
        );
    } else {
        let digits: [u8; CELLS] = core::array::from_fn(|i| solution[i].wrapping_sub(b'0'));
        assert!(is_grid(&digits), "the solution is not a grid");
        for (cell, &d) in digits.iter().enumerate() {
            assert_eq!(
                bytes[cell * 9 + usize::from(d) - 1],
                b'0' + d,
                "not a candidate at {cell}"
            );
        }
    }
    if let Some(b) = board {
        let text = b.to_bytes();
        let (mut n, mut first) = (usize::MAX, [MARK; CELLS]);
        // SAFETY: 81 readable bytes, a writable size_t and 81 writable bytes.
        let status = unsafe {
            sudoku_count_solutions(
                text.as_ptr().cast(),
                limit,
                &mut n,
                first.as_mut_ptr().cast(),
            )
        };
        assert_eq!(status, 0, "a clash-free board");
        assert_eq!(count, n, "the sukaku count and the board's count differ");
        if n == 1 && limit >= 2 {
            assert_eq!(solution, first, "the one solution differs");
        }
    }
});
