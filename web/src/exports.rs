//! The module's exports (wasm32 only): the exchange's addresses, then one call each of the
//! crate's functions on the one static exchange.
//!
//! `#[no_mangle]` is what the `unsafe_code` lint flags here: it puts each function under
//! its own name in the module's export table. Every name is prefixed `sudoku_`, and the
//! module links nothing else that could define one.

#![allow(unsafe_code)]

use crate::{Exchange, Walked};

/// The one exchange area JavaScript writes into and reads from.
static EXCHANGE: Exchange = Exchange::new();

/// The steps of the last walk, which JavaScript reads in place.
static WALKED: Walked = Walked::new();

/// The address of a field, as a wasm32 pointer.
fn address<T>(field: &T) -> u32 {
    core::ptr::from_ref(field) as usize as u32
}

/// The address of the board area (81 bytes).
#[no_mangle]
pub extern "C" fn sudoku_board() -> u32 {
    address(&EXCHANGE.board)
}

/// The address of the solution area (81 bytes).
#[no_mangle]
pub extern "C" fn sudoku_solution() -> u32 {
    address(&EXCHANGE.solution)
}

/// The address of the candidate masks (81 little-endian u16).
#[no_mangle]
pub extern "C" fn sudoku_masks() -> u32 {
    address(&EXCHANGE.masks)
}

/// The address of the step's four i32: technique, difficulty, cell, digit.
#[no_mangle]
pub extern "C" fn sudoku_step() -> u32 {
    address(&EXCHANGE.step)
}

/// The address of the step's removed masks (81 u16).
#[no_mangle]
pub extern "C" fn sudoku_removed() -> u32 {
    address(&EXCHANGE.removed)
}

/// The address of the step's pattern masks (81 u16).
#[no_mangle]
pub extern "C" fn sudoku_pattern() -> u32 {
    address(&EXCHANGE.pattern)
}

/// The address of the answered number (one u32).
#[no_mangle]
pub extern "C" fn sudoku_value() -> u32 {
    address(&EXCHANGE.value)
}

/// The address of the text area (`TEXT_BYTES` bytes).
#[no_mangle]
pub extern "C" fn sudoku_text() -> u32 {
    address(&EXCHANGE.text)
}

/// See [`crate::solve`].
#[no_mangle]
pub extern "C" fn sudoku_solve() -> i32 {
    crate::solve(&EXCHANGE)
}

/// See [`crate::count`].
#[no_mangle]
pub extern "C" fn sudoku_count_solutions(limit: u32) -> i32 {
    crate::count(&EXCHANGE, limit)
}

/// See [`crate::rate`].
#[no_mangle]
pub extern "C" fn sudoku_rate() -> i32 {
    crate::rate(&EXCHANGE)
}

/// See [`crate::generate`]; the seed is a 64-bit integer (a BigInt in JavaScript).
#[no_mangle]
pub extern "C" fn sudoku_generate(seed: u64, level: i32) -> i32 {
    crate::generate(&EXCHANGE, seed, level)
}

/// The address of the SE ratings (three i32: ER, EP, ED).
#[no_mangle]
pub extern "C" fn sudoku_rating() -> u32 {
    address(&EXCHANGE.rating)
}

/// The address of the pencil-mark area (729 bytes).
#[no_mangle]
pub extern "C" fn sudoku_sukaku() -> u32 {
    address(&EXCHANGE.sukaku)
}

/// The address of the pattern of givens `sudoku_generate_with` may follow (81 bytes).
#[no_mangle]
pub extern "C" fn sudoku_given_pattern() -> u32 {
    address(&EXCHANGE.given_pattern)
}

/// See [`crate::generate_with`]; the seed and `max_tries` are 64-bit integers (BigInts in
/// JavaScript).
#[allow(clippy::too_many_arguments)]
#[no_mangle]
pub extern "C" fn sudoku_generate_with(
    seed: u64,
    difficulty: i32,
    symmetry: i32,
    min_givens: i32,
    max_givens: i32,
    use_pattern: i32,
    se_min: i32,
    se_max: i32,
    technique: i32,
    max_tries: u64,
) -> i32 {
    crate::generate_with(
        &EXCHANGE,
        seed,
        difficulty,
        symmetry,
        min_givens,
        max_givens,
        use_pattern,
        se_min,
        se_max,
        technique,
        max_tries,
    )
}

/// See [`crate::rate_se`].
#[no_mangle]
pub extern "C" fn sudoku_rate_se() -> i32 {
    crate::rate_se(&EXCHANGE)
}

/// See [`crate::canonical`].
#[no_mangle]
pub extern "C" fn sudoku_canonical() -> i32 {
    crate::canonical(&EXCHANGE)
}

/// See [`crate::transform`]; the seed is a 64-bit integer (a BigInt in JavaScript).
#[no_mangle]
pub extern "C" fn sudoku_transform(seed: u64) -> i32 {
    crate::transform(&EXCHANGE, seed)
}

/// See [`crate::candidates_from_sukaku`].
#[no_mangle]
pub extern "C" fn sudoku_candidates_from_sukaku() -> i32 {
    crate::candidates_from_sukaku(&EXCHANGE)
}

/// See [`crate::count_sukaku`].
#[no_mangle]
pub extern "C" fn sudoku_count_solutions_sukaku(limit: u32) -> i32 {
    crate::count_sukaku(&EXCHANGE, limit)
}

/// See [`crate::candidates`].
#[no_mangle]
pub extern "C" fn sudoku_candidates() -> i32 {
    crate::candidates(&EXCHANGE)
}

/// See [`crate::hint`].
#[no_mangle]
pub extern "C" fn sudoku_hint(use_masks: i32) -> i32 {
    crate::hint(&EXCHANGE, use_masks)
}

/// See [`crate::apply_step`].
#[no_mangle]
pub extern "C" fn sudoku_apply_step() -> i32 {
    crate::apply_step(&EXCHANGE)
}

/// See [`crate::walk`]: the steps of the board's walk into the module's memory, read with
/// `sudoku_walk_steps` and `sudoku_walk_count`.
#[no_mangle]
pub extern "C" fn sudoku_walk() -> i32 {
    crate::walk(&EXCHANGE, &WALKED)
}

/// The address of the last walk's steps: `sudoku_walk_count` records of
/// `STEP_RECORD_BYTES` bytes each (see [`crate::StepRecord`]), valid until the next walk.
#[no_mangle]
pub extern "C" fn sudoku_walk_steps() -> u32 {
    WALKED.address() as u32
}

/// The number of the last walk's steps.
#[no_mangle]
pub extern "C" fn sudoku_walk_count() -> u32 {
    WALKED.count() as u32
}

/// See [`crate::status_message`].
#[no_mangle]
pub extern "C" fn sudoku_status_str(code: i32) -> u32 {
    crate::status_message(&EXCHANGE, code)
}

/// See [`crate::technique_name`].
#[no_mangle]
pub extern "C" fn sudoku_technique_name(code: i32) -> u32 {
    crate::technique_name(&EXCHANGE, code)
}

/// See [`crate::version`].
#[no_mangle]
pub extern "C" fn sudoku_version() -> u32 {
    crate::version(&EXCHANGE)
}

/// The name of this build ([`crate::cpu_path`]) into the text area; returns its length.
#[no_mangle]
pub extern "C" fn sudoku_cpu_path() -> u32 {
    crate::write_text(&EXCHANGE, crate::cpu_path())
}

/// A test hook: while `fail` is nonzero every heap allocation fails, as when the module's
/// memory cannot grow; the calls that need the heap then answer `SUDOKU_ERR_NO_MEMORY`.
#[no_mangle]
pub extern "C" fn sudoku_fail_allocations(fail: i32) {
    crate::alloc::fail_allocations(fail != 0);
}
