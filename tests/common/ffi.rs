//! The exported C functions called the way a C caller would, wrapped once for every test:
//! each wrapper passes buffers it owns (or NULL where asked), prefilled with a marker so
//! that a write on failure shows, and returns the status with what the call left in them.

use super::contract::{self, check_generate, GenerateCall};
use std::ffi::{c_char, c_int, c_void};
use sudoku::ffi::{
    sudoku_apply_step, sudoku_candidates, sudoku_count_solutions,
    sudoku_count_solutions_with_progress, sudoku_generate, sudoku_hint, sudoku_rate,
    sudoku_rate_se, sudoku_rate_se_with_progress, sudoku_solve, sudoku_solve_batch,
};
use sudoku::{SeRating, Step};
use sudoku_core::CELLS;

/// What an output board buffer holds before a call.
pub(crate) const FILL: [u8; CELLS] = [0xAA; CELLS];
/// What `*difficulty` holds before a call of `sudoku_rate`.
pub(crate) const LEVEL_FILL: c_int = -7;
/// What each status holds before a call of `sudoku_solve_batch`.
pub(crate) const STATUS_FILL: c_int = 0x55;

/// `sudoku_solve` on a copy of `input`: the status and the bytes it left.
pub(crate) fn solve(input: &[u8; CELLS]) -> (i32, [u8; CELLS]) {
    let mut board = *input;
    // SAFETY: `board` is 81 bytes this function owns, readable and writable.
    let code = unsafe { sudoku_solve(board.as_mut_ptr().cast()) };
    (code, board)
}

/// `sudoku_count_solutions` on `input` (NULL board, count or solution where `null[0]`,
/// `null[1]` or `null[2]` says): the status, `*count` (`None` when NULL; prefilled with
/// [`contract::COUNT_FILL`]) and the solution buffer (prefilled with [`FILL`]).
pub(crate) fn count(
    input: &[u8; CELLS],
    limit: usize,
    null: &[bool],
) -> (i32, Option<usize>, [u8; CELLS]) {
    let mut count = contract::COUNT_FILL;
    let mut solution = FILL;
    let board_ptr: *const c_char = if null[0] {
        core::ptr::null()
    } else {
        input.as_ptr().cast()
    };
    let count_ptr: *mut usize = if null[1] {
        core::ptr::null_mut()
    } else {
        &mut count
    };
    let solution_ptr: *mut c_char = if null[2] {
        core::ptr::null_mut()
    } else {
        solution.as_mut_ptr().cast()
    };
    // SAFETY: each pointer is NULL or points to a buffer of the size the function needs.
    let code = unsafe { sudoku_count_solutions(board_ptr, limit, count_ptr, solution_ptr) };
    (code, (!null[1]).then_some(count), solution)
}

/// `sudoku_rate` on `input` (NULL board or difficulty where `null[0]` or `null[1]` says):
/// the status and `*difficulty` (prefilled with [`LEVEL_FILL`]).
pub(crate) fn rate(input: &[u8; CELLS], null: &[bool]) -> (i32, c_int) {
    let mut level = LEVEL_FILL;
    let board_ptr: *const c_char = if null[0] {
        core::ptr::null()
    } else {
        input.as_ptr().cast()
    };
    let level_ptr: *mut c_int = if null[1] {
        core::ptr::null_mut()
    } else {
        &mut level
    };
    // SAFETY: each pointer is NULL or points to what the function needs.
    let code = unsafe { sudoku_rate(board_ptr, level_ptr) };
    (code, level)
}

/// What `*rating` holds before a call of `sudoku_rate_se`.
pub(crate) const SE_FILL: SeRating = SeRating {
    er: -7,
    ep: 0x5A5A,
    ed: i32::MIN,
};

/// `sudoku_rate_se` on `input` (NULL board or rating where `null[0]` or `null[1]` says):
/// the status and `*rating` (prefilled with [`SE_FILL`]).
pub(crate) fn rate_se(input: &[u8; CELLS], null: &[bool]) -> (i32, SeRating) {
    let mut rating = SE_FILL;
    let board_ptr: *const c_char = if null[0] {
        core::ptr::null()
    } else {
        input.as_ptr().cast()
    };
    let rating_ptr: *mut SeRating = if null[1] {
        core::ptr::null_mut()
    } else {
        &mut rating
    };
    // SAFETY: each pointer is NULL or points to what the function needs.
    let code = unsafe { sudoku_rate_se(board_ptr, rating_ptr) };
    (code, rating)
}

/// The progress callback of [`rate_se_with_progress`]: its context is (calls so far, the
/// call that stops, the last step count seen), and the step counts it is given must never
/// go backwards.
unsafe extern "C" fn stop_rating_at(steps: usize, context: *mut c_void) -> c_int {
    // SAFETY: `rate_se_with_progress` passes a `(usize, usize, usize)` as the context.
    let state = unsafe { &mut *context.cast::<(usize, usize, usize)>() };
    assert!(steps >= state.2, "the step count went backwards");
    state.2 = steps;
    state.0 += 1;
    c_int::from(state.0 >= state.1)
}

/// `sudoku_rate_se_with_progress` on `input` (NULL for `None`) with a callback that stops
/// the rating at its `stop`-th call (`usize::MAX`: never; `None`: a NULL callback): the
/// status, `*rating` (prefilled with [`SE_FILL`]) and how many times the callback was
/// called.
pub(crate) fn rate_se_with_progress(
    input: Option<&[u8; CELLS]>,
    stop: Option<usize>,
) -> (i32, SeRating, usize) {
    let board_ptr: *const c_char = input.map_or(core::ptr::null(), |b| b.as_ptr().cast());
    let mut rating = SE_FILL;
    let mut state = (0usize, stop.unwrap_or(usize::MAX), 0usize);
    let callback: Option<unsafe extern "C" fn(usize, *mut c_void) -> c_int> =
        stop.map(|_| stop_rating_at as unsafe extern "C" fn(usize, *mut c_void) -> c_int);
    // SAFETY: NULL or 81 readable bytes and a writable rating; the callback reads the
    // context as the tuple it is.
    let code = unsafe {
        sudoku_rate_se_with_progress(board_ptr, &mut rating, callback, (&raw mut state).cast())
    };
    (code, rating, state.0)
}

/// `sudoku_generate` (NULL puzzle or solution where `null[0]` or `null[1]` says): the
/// status and the two buffers (prefilled with [`FILL`]).
pub(crate) fn generate(
    seed: u64,
    difficulty: c_int,
    null: &[bool],
) -> (i32, [u8; CELLS], [u8; CELLS]) {
    let (mut puzzle, mut solution) = (FILL, FILL);
    let puzzle_ptr: *mut c_char = if null[0] {
        core::ptr::null_mut()
    } else {
        puzzle.as_mut_ptr().cast()
    };
    let solution_ptr: *mut c_char = if null[1] {
        core::ptr::null_mut()
    } else {
        solution.as_mut_ptr().cast()
    };
    // SAFETY: each pointer is NULL or 81 writable bytes.
    let code = unsafe { sudoku_generate(seed, difficulty, puzzle_ptr, solution_ptr) };
    (code, puzzle, solution)
}

/// [`generate`] checked against the contract (`contract::check_generate`, the plain
/// reference bounded by `reference_steps`): the status and the two buffers, or what the
/// oracle found wrong.
pub(crate) fn generate_checked(
    seed: u64,
    difficulty: c_int,
    null: &[bool],
    reference_steps: usize,
) -> Result<(i32, [u8; CELLS], [u8; CELLS]), String> {
    let (code, puzzle, solution) = generate(seed, difficulty, null);
    let call = GenerateCall {
        seed,
        difficulty,
        code,
        puzzle: (!null[0]).then_some((&FILL, &puzzle)),
        solution: (!null[1]).then_some((&FILL, &solution)),
    };
    check_generate(&call, reference_steps)?;
    Ok((code, puzzle, solution))
}

/// `sudoku_solve_batch` on copies of `inputs` with `threads` threads: the status, each
/// board's status (prefilled with [`STATUS_FILL`]) and the boards it left.
pub(crate) fn solve_batch(
    inputs: &[[u8; CELLS]],
    threads: usize,
) -> (i32, Vec<c_int>, Vec<[u8; CELLS]>) {
    let mut boards = inputs.to_vec();
    let mut statuses = vec![STATUS_FILL; boards.len()];
    // SAFETY: n boards of 81 writable bytes and n writable ints, not overlapping.
    let code = unsafe {
        sudoku_solve_batch(
            boards.as_mut_ptr().cast(),
            boards.len(),
            statuses.as_mut_ptr(),
            threads,
        )
    };
    (code, statuses, boards)
}

/// The progress callback of [`count_with_progress`]: its context is (calls so far, the call
/// that stops, the last count seen), and the counts it is given must never go backwards.
unsafe extern "C" fn stop_at(found: usize, context: *mut c_void) -> c_int {
    // SAFETY: `count_with_progress` passes a `(usize, usize, usize)` as the context.
    let state = unsafe { &mut *context.cast::<(usize, usize, usize)>() };
    assert!(found >= state.2, "the count went backwards");
    state.2 = found;
    state.0 += 1;
    c_int::from(state.0 >= state.1)
}

/// `sudoku_count_solutions_with_progress` on `input` (NULL for `None`) to `limit`, with a callback that stops
/// the count at its `stop`-th call (`usize::MAX`: never): the status, `*count` (prefilled
/// with [`contract::COUNT_FILL`]), the solution buffer (prefilled with [`FILL`]) and how
/// many times the callback was called.
pub(crate) fn count_with_progress(
    input: Option<&[u8; CELLS]>,
    limit: usize,
    stop: usize,
) -> (i32, usize, [u8; CELLS], usize) {
    let board_ptr: *const c_char = input.map_or(core::ptr::null(), |b| b.as_ptr().cast());
    let mut count = contract::COUNT_FILL;
    let mut solution = FILL;
    let mut state = (0usize, stop, 0usize);
    // SAFETY: NULL or 81 readable bytes, a writable size_t, 81 writable bytes; the callback
    // reads the context as the tuple it is.
    let code = unsafe {
        sudoku_count_solutions_with_progress(
            board_ptr,
            limit,
            &mut count,
            solution.as_mut_ptr().cast(),
            Some(stop_at),
            (&raw mut state).cast(),
        )
    };
    (code, count, solution, state.0)
}

/// What each candidate mask holds before a call of `sudoku_candidates`.
pub(crate) const MASK_FILL: u16 = 0xFFFF;

/// `sudoku_candidates` on `input`: the status and the masks (prefilled with
/// [`MASK_FILL`]).
pub(crate) fn candidates(input: &[u8; CELLS]) -> (i32, [u16; CELLS]) {
    let mut out = [MASK_FILL; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let code = unsafe { sudoku_candidates(input.as_ptr().cast(), out.as_mut_ptr()) };
    (code, out)
}

/// A step full of a marker, to show a write on failure.
pub(crate) fn marker_step() -> Step {
    Step {
        technique: 0x5A5A,
        difficulty: 0x5A5A,
        cell: 0x5A5A,
        digit: 0x5A5A,
        removed: [0xA5A5; CELLS],
        pattern: [0xA5A5; CELLS],
    }
}

/// `sudoku_hint` on `input` with the player's candidates (NULL for `None`): the status and
/// the step (prefilled with [`marker_step`]).
pub(crate) fn hint(input: &[u8; CELLS], cands: Option<&[u16; CELLS]>) -> (i32, Step) {
    let mut step = marker_step();
    let c = cands.map_or(core::ptr::null(), |c| c.as_ptr());
    // SAFETY: 81 readable bytes, NULL or 81 readable masks, a writable step.
    let code = unsafe { sudoku_hint(input.as_ptr().cast(), c, &mut step) };
    (code, step)
}

/// `sudoku_apply_step` on `board` and `cands`, in place: the status.
pub(crate) fn apply_step(board: &mut [u8; CELLS], cands: &mut [u16; CELLS], step: &Step) -> i32 {
    // SAFETY: 81 writable bytes, 81 writable masks, a readable step.
    unsafe { sudoku_apply_step(board.as_mut_ptr().cast(), cands.as_mut_ptr(), step) }
}
