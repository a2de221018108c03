//! `sudoku_hint` and `sudoku_apply_step` through the C ABI, on random boards and candidate
//! masks.
//!
//! The board is either the input's 81 bytes as they are (bad bytes, clashes, several or no
//! solutions) or, when the mode's bit 0 is set, one of the bundled puzzles (byte 81 picks
//! it) with solution digits filled in where the input's bytes say. The masks are NULL (bit
//! 1), or the computed candidates with bits cleared by the input's bytes; with bit 2 only
//! bits that are not the solution's are cleared, so the hint must succeed on candidate
//! grids no walk would reach. Checked: nothing is written on any status but SUDOKU_OK; on
//! SUDOKU_OK the step is true (a placed digit is the solution's, no removed candidate is,
//! removed candidates were there, something changes; on a board with several solutions
//! whose masks leave one, a pencil-mark puzzle, true for that one), and applying it
//! succeeds; a random step is either applied or refused with SUDOKU_ERR_INVALID_ARGUMENT,
//! writing nothing.
//!
//! Input: 81 board bytes, a mode byte, a puzzle byte, then up to 162 bytes clearing mask
//! bits and up to 8 bytes of a random step.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ffi::c_char;
use sudoku::ffi::{sudoku_apply_step, sudoku_candidates, sudoku_hint};
use sudoku::{Status, Step};
use sudoku_core::engine::reference;
use sudoku_core::{Board, CELLS};
use sudoku_fuzz::reference_steps;

const BUNDLED: &str = include_str!("../../benches/puzzles.txt");

fn bundled() -> Vec<[u8; CELLS]> {
    BUNDLED
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= CELLS)
        .filter_map(|l| l.as_bytes()[..CELLS].try_into().ok())
        .collect()
}

fn marker() -> Step {
    Step {
        technique: 77,
        difficulty: 77,
        cell: 77,
        digit: 77,
        removed: [0xBEEF; CELLS],
        pattern: [0xBEEF; CELLS],
    }
}

fn hint(board: &[u8; CELLS], masks: Option<&[u16; CELLS]>) -> (i32, Step) {
    let mut step = marker();
    let m = masks.map_or(core::ptr::null(), |m| m.as_ptr());
    // SAFETY: 81 readable bytes, NULL or 81 readable masks, a writable step.
    let code = unsafe { sudoku_hint(board.as_ptr().cast::<c_char>(), m, &mut step) };
    (code, step)
}

fn apply(board: &mut [u8; CELLS], masks: &mut [u16; CELLS], step: &Step) -> i32 {
    // SAFETY: 81 writable bytes, 81 writable masks, a readable step.
    unsafe { sudoku_apply_step(board.as_mut_ptr().cast(), masks.as_mut_ptr(), step) }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < CELLS + 2 {
        return;
    }
    let mode = data[CELLS];
    let mut board: [u8; CELLS] = data[..CELLS].try_into().expect("81 bytes");
    let solution = if mode & 1 != 0 {
        let puzzles = bundled();
        let mut p = puzzles[data[CELLS + 1] as usize % puzzles.len()];
        let parsed = Board::from_bytes(&p).expect("bundled puzzles parse");
        let Some(s) = reference::solve(&parsed) else {
            return;
        };
        for i in 0..CELLS {
            if board[i] & 0x80 != 0 {
                p[i] = b'0' + s.get(i);
            }
        }
        board = p;
        Some(s)
    } else {
        None
    };
    let rest = &data[CELLS + 2..];
    let mut computed = [0u16; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let code = unsafe { sudoku_candidates(board.as_ptr().cast(), computed.as_mut_ptr()) };
    let masks = if mode & 2 != 0 || code != 0 {
        None
    } else {
        let mut m = computed;
        for (k, &b) in rest.iter().take(2 * CELLS).enumerate() {
            let cell = k % CELLS;
            let mut clear = u16::from(b) << (k / CELLS * 8) & 0x1FF;
            if mode & 4 != 0 {
                if let Some(s) = &solution {
                    clear &= !(1 << (s.get(cell) - 1));
                }
            }
            if board[cell] == b'.' || board[cell] == b'0' {
                m[cell] &= !clear;
            }
        }
        Some(m)
    };
    let (code, step) = hint(&board, masks.as_ref());
    if code != Status::Ok.code() {
        assert_eq!(step, marker(), "step written on status {code}");
        // A proper puzzle (the bundled ones include some with several solutions) whose
        // masks keep every solution digit has a hint. Counted only for those inputs, and
        // within the reference's step bound: on a sparse board of the fuzzer's own the
        // plain reference can search for minutes.
        if mode & 4 != 0 && solution.is_some() && masks.is_some() {
            let proper = Board::from_bytes(&board).is_ok_and(|b| {
                reference::count_within(&b, 2, reference_steps()).is_some_and(|(n, _)| n == 1)
            });
            assert!(
                !proper,
                "status {code} on a proper puzzle with its solution's candidates"
            );
        }
        return;
    }
    // OK: the board has one solution (the reference's, or past its step bound the
    // library's solver's: the engine paths are checked against the reference elsewhere),
    // or, with masks, the board has several and the masks leave one (a pencil-mark
    // puzzle, counted from the candidates).
    let parsed = Board::from_bytes(&board).expect("hint accepted the board");
    let cands = masks.unwrap_or(computed);
    let effective: [u16; CELLS] = core::array::from_fn(|i| cands[i] & computed[i]);
    let within_masks = || {
        let c = sudoku_core::sukaku::count_candidates(&effective, 2).expect("valid masks");
        assert_eq!(c.count, 1, "hint said the masks leave one solution");
        c.first.expect("one solution")
    };
    let s = match reference::count_within(&parsed, 2, reference_steps()) {
        Some((1, first)) => first.expect("one solution"),
        Some((0, _)) => panic!("hint answered on a board without a solution"),
        Some(_) => {
            assert!(
                masks.is_some(),
                "hint answered on a board with several solutions"
            );
            within_masks()
        }
        None if masks.is_some() => within_masks(),
        None => sudoku_core::solve(&parsed).expect("hint said it has a solution"),
    };
    if step.technique == 0 {
        assert!(parsed.is_complete(), "NONE on an open board");
        return;
    }
    let mut changes = false;
    if let Some((cell, digit)) = step.placement() {
        assert_eq!(
            digit,
            s.get(cell),
            "{:?} placed a wrong digit",
            step.technique()
        );
        assert_ne!(effective[cell] & 1 << (digit - 1), 0);
        changes = true;
    } else {
        assert_eq!((step.cell, step.digit), (-1, 0));
    }
    for (i, &r) in step.removed.iter().enumerate() {
        assert_eq!(r & !effective[i], 0, "removed absent candidates");
        assert_eq!(
            r & 1 << (s.get(i) - 1),
            0,
            "{:?} removed the solution",
            step.technique()
        );
        changes |= r != 0;
    }
    assert!(changes, "a step that changes nothing");
    // The step applies to the board and the effective candidates.
    let (mut b, mut m) = (board, effective);
    assert_eq!(apply(&mut b, &mut m, &step), 0);
    // A random step: applied or refused, nothing written on refusal.
    let tail = &rest[rest.len().saturating_sub(8)..];
    if tail.len() == 8 {
        let mut random = Step {
            cell: i32::from(tail[0] as i8),
            digit: i32::from(tail[1] as i8),
            ..Step::default()
        };
        random.removed[tail[2] as usize % CELLS] = u16::from_le_bytes([tail[3], tail[4]]);
        random.removed[tail[5] as usize % CELLS] = u16::from_le_bytes([tail[6], tail[7]]);
        let (mut b2, mut m2) = (board, effective);
        let code = apply(&mut b2, &mut m2, &random);
        if code != 0 {
            assert_eq!(code, Status::ErrInvalidArgument.code());
            assert_eq!((b2, m2), (board, effective), "written on refusal");
        }
    }
});
