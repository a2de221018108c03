//! libsudoku for WebAssembly: the safe core (`sudoku_core`) behind a static exchange area.
//!
//! The module has no imports and needs no glue code generator. JavaScript writes its
//! arguments into the [`Exchange`] (boards as 81 ASCII bytes, candidate masks, a step),
//! calls an export, reads the status it returns (the C library's `SUDOKU_*` values, see
//! [`status`]) and, on `SUDOKU_OK` only, the results the export wrote back into the
//! exchange. On any other status nothing in the exchange has changed: a failed call leaves
//! the arguments where they were, as the C library leaves the caller's buffers.
//!
//! The exchange is made of atomics, so the statics that JavaScript writes between calls are
//! ordinary safe Rust: the module is single-threaded and the atomics compile to plain loads
//! and stores. The exports themselves (wasm32 only, in `exports`) are one call each of a
//! function here, which the native unit tests call on an exchange of their own.
//!
//! A walk ([`walk`]) answers more than the exchange holds: its steps go into a [`Walked`],
//! a vector of fixed-size [`StepRecord`]s owned by the module, which JavaScript reads in
//! place from the address and count the exports give.
//!
//! The npm package in `js/` loads one of two builds of this crate: the baseline and one
//! compiled with `-C target-feature=+simd128`, chosen at load time, in which the engines run
//! their SIMD128 path; [`cpu_path`] names the path.

#![deny(unsafe_code)]

pub mod status;

#[cfg(target_arch = "wasm32")]
mod alloc;
#[cfg(target_arch = "wasm32")]
pub mod exports;

use core::sync::atomic::{AtomicI32, AtomicU16, AtomicU32, AtomicU8, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard, PoisonError};
use sudoku_core::sukaku::SUKAKU_BYTES;
use sudoku_core::{Difficulty, Error, GenerateOptions, Step, Technique, CELLS};

/// The bytes of [`Exchange::text`]: room for the longest message, name or version.
pub const TEXT_BYTES: usize = 256;

/// The exchange area: what JavaScript writes before a call and reads after it.
///
/// `repr(C)` so that the layout is fixed; the exports give the address of each field.
#[repr(C)]
pub struct Exchange {
    /// The board of every call, 81 ASCII bytes (`'1'`-`'9'`, `'.'` or `'0'`): read by all,
    /// written with the solution by `solve`, with the puzzle by `generate`, with the new
    /// board by `apply_step`.
    pub board: [AtomicU8; CELLS],
    /// The solution `generate` writes.
    pub solution: [AtomicU8; CELLS],
    /// 81 candidate masks (bit d-1 for digit d): written by `candidates` and `apply_step`,
    /// read by `hint` (when asked to) and `apply_step`.
    pub masks: [AtomicU16; CELLS],
    /// A step's technique code, difficulty code, cell (-1 for none) and digit (0 for none):
    /// written by `hint`, read by `apply_step` (cell and digit only).
    pub step: [AtomicI32; 4],
    /// A step's removed candidates: written by `hint`, read by `apply_step`.
    pub removed: [AtomicU16; CELLS],
    /// A step's pattern: written by `hint`.
    pub pattern: [AtomicU16; CELLS],
    /// A number answered: the count of `count` and `count_sukaku`, the level code of
    /// `rate`, the automorphisms of `canonical`.
    pub value: AtomicU32,
    /// The Sudoku Explainer ratings `rate_se` writes, in tenths: ER, EP, ED.
    pub rating: [AtomicI32; 3],
    /// A pencil-mark puzzle (729 bytes, as the C library's sukaku calls take), read by
    /// `candidates_from_sukaku` and `count_sukaku`.
    pub sukaku: [AtomicU8; SUKAKU_BYTES],
    /// The pattern of givens `generate_with` follows when asked to: 81 bytes, a given
    /// where a byte is not `'.'`.
    pub given_pattern: [AtomicU8; CELLS],
    /// The bytes of a text answered (a message, a name, the version); the export returns
    /// its length.
    pub text: [AtomicU8; TEXT_BYTES],
}

impl Exchange {
    /// An exchange with every byte zero.
    pub const fn new() -> Exchange {
        Exchange {
            board: [const { AtomicU8::new(0) }; CELLS],
            solution: [const { AtomicU8::new(0) }; CELLS],
            masks: [const { AtomicU16::new(0) }; CELLS],
            step: [const { AtomicI32::new(0) }; 4],
            removed: [const { AtomicU16::new(0) }; CELLS],
            pattern: [const { AtomicU16::new(0) }; CELLS],
            value: AtomicU32::new(0),
            rating: [const { AtomicI32::new(0) }; 3],
            sukaku: [const { AtomicU8::new(0) }; SUKAKU_BYTES],
            given_pattern: [const { AtomicU8::new(0) }; CELLS],
            text: [const { AtomicU8::new(0) }; TEXT_BYTES],
        }
    }
}

impl Default for Exchange {
    fn default() -> Exchange {
        Exchange::new()
    }
}

fn read8(area: &[AtomicU8; CELLS]) -> [u8; CELLS] {
    core::array::from_fn(|i| area[i].load(Relaxed))
}

fn write8(area: &[AtomicU8; CELLS], bytes: &[u8; CELLS]) {
    for (cell, &b) in area.iter().zip(bytes) {
        cell.store(b, Relaxed);
    }
}

fn read16(area: &[AtomicU16; CELLS]) -> [u16; CELLS] {
    core::array::from_fn(|i| area[i].load(Relaxed))
}

fn write16(area: &[AtomicU16; CELLS], masks: &[u16; CELLS]) {
    for (cell, &m) in area.iter().zip(masks) {
        cell.store(m, Relaxed);
    }
}

/// Writes `text` (cut to [`TEXT_BYTES`]) into the exchange's text area; returns its length.
pub(crate) fn write_text(x: &Exchange, text: &str) -> u32 {
    let bytes = &text.as_bytes()[..text.len().min(TEXT_BYTES)];
    for (cell, &b) in x.text.iter().zip(bytes) {
        cell.store(b, Relaxed);
    }
    bytes.len() as u32
}

/// The status of a result: 0 or the error's code.
fn status_of(result: Result<(), Error>) -> i32 {
    result.map_or_else(status::of, |()| status::OK)
}

/// Solves the board in place: on `SUDOKU_OK` the board holds its first solution.
pub fn solve(x: &Exchange) -> i32 {
    let mut board = read8(&x.board);
    status_of(sudoku_core::solve_bytes(&mut board).map(|()| write8(&x.board, &board)))
}

/// Counts the board's solutions up to `limit` into [`Exchange::value`] (0 when none
/// completes the board: not an error).
pub fn count(x: &Exchange, limit: u32) -> i32 {
    let board = read8(&x.board);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    status_of(sudoku_core::count::count_bytes(&board, limit).map(|c| {
        x.value
            .store(u32::try_from(c.count).unwrap_or(u32::MAX), Relaxed)
    }))
}

/// Rates the board (a proper puzzle): its level code (1-6) into [`Exchange::value`].
pub fn rate(x: &Exchange) -> i32 {
    let board = read8(&x.board);
    status_of(
        sudoku_core::logic::rate_bytes(&board)
            .map(|level| x.value.store(level.code() as u32, Relaxed)),
    )
}

/// Generates the puzzle of `seed` at level `level` (1-6): the puzzle into the board, its
/// solution into [`Exchange::solution`]. `SUDOKU_ERR_INVALID_ARGUMENT` for another level.
pub fn generate(x: &Exchange, seed: u64, level: i32) -> i32 {
    let Some(level) = Difficulty::from_code(level) else {
        return status::of(Error::InvalidArgument);
    };
    let (puzzle, solution) = sudoku_core::generate(seed, level);
    write8(&x.board, &puzzle.to_bytes());
    write8(&x.solution, &solution.to_bytes());
    status::OK
}

/// Generates the puzzle of `seed` that meets the options (the C library's
/// `sudoku_generate_with`, with the same codes: `difficulty` 0 for any level, a symmetry
/// code, givens bounds, SE bounds in tenths, a technique code, `max_tries` 0 for the
/// default; the pattern is [`Exchange::given_pattern`] when `use_pattern` is nonzero):
/// the puzzle into the board, its solution into [`Exchange::solution`].
/// `SUDOKU_ERR_INVALID_ARGUMENT` for options that name nothing or contradict each other,
/// `SUDOKU_NOT_FOUND` when no try met them, `SUDOKU_ERR_NO_MEMORY` when a rating or walk
/// the options need cannot have its heap.
#[allow(clippy::too_many_arguments)]
pub fn generate_with(
    x: &Exchange,
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
    let pattern = (use_pattern != 0).then(|| read8(&x.given_pattern));
    let made = GenerateOptions::from_codes(
        difficulty,
        symmetry,
        min_givens,
        max_givens,
        pattern.as_ref(),
        se_min,
        se_max,
        technique,
        max_tries,
    )
    .and_then(|options| sudoku_core::generate_with(seed, &options, &mut |_| false));
    status_of(made.map(|(puzzle, solution)| {
        write8(&x.board, &puzzle.to_bytes());
        write8(&x.solution, &solution.to_bytes());
    }))
}

/// Rates the board (a proper puzzle) on the Sudoku Explainer scale: ER, EP and ED in
/// tenths into [`Exchange::rating`]. The statuses of `rate`, and `SUDOKU_ERR_NO_MEMORY`
/// when the chain searches cannot have their heap.
pub fn rate_se(x: &Exchange) -> i32 {
    let board = read8(&x.board);
    status_of(sudoku_core::logic::se::rate_se_bytes(&board).map(|r| {
        for (slot, v) in x.rating.iter().zip([r.er, r.ep, r.ed]) {
            slot.store(v, Relaxed);
        }
    }))
}

/// The canonical form of the board in place, and the number of its automorphisms into
/// [`Exchange::value`] (the C library's `sudoku_canonical`).
pub fn canonical(x: &Exchange) -> i32 {
    let board = read8(&x.board);
    status_of(
        sudoku_core::canonical::canonical_bytes(&board).map(|(form, automorphisms)| {
            write8(&x.board, &form.to_bytes());
            x.value.store(automorphisms, Relaxed);
        }),
    )
}

/// The board of `seed`'s random transformation, in place (the C library's
/// `sudoku_transform`).
pub fn transform(x: &Exchange, seed: u64) -> i32 {
    let board = read8(&x.board);
    status_of(
        sudoku_core::canonical::transform_bytes(&board, seed)
            .map(|moved| write8(&x.board, &moved.to_bytes())),
    )
}

fn read_sukaku(x: &Exchange) -> [u8; SUKAKU_BYTES] {
    core::array::from_fn(|i| x.sukaku[i].load(Relaxed))
}

/// The candidates of the pencil-mark puzzle of [`Exchange::sukaku`] into
/// [`Exchange::masks`] (the C library's `sudoku_candidates_from_sukaku`).
pub fn candidates_from_sukaku(x: &Exchange) -> i32 {
    let sukaku = read_sukaku(x);
    status_of(sudoku_core::sukaku::candidates_from_sukaku(&sukaku).map(|m| write16(&x.masks, &m)))
}

/// Counts the solutions of the pencil-mark puzzle of [`Exchange::sukaku`] up to `limit`
/// into [`Exchange::value`], and the first one found (when there is one) into
/// [`Exchange::solution`] (the C library's `sudoku_count_solutions_sukaku`).
pub fn count_sukaku(x: &Exchange, limit: u32) -> i32 {
    let sukaku = read_sukaku(x);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    status_of(
        sudoku_core::sukaku::count_sukaku(&sukaku, limit).map(|found| {
            x.value
                .store(u32::try_from(found.count).unwrap_or(u32::MAX), Relaxed);
            if let Some(first) = found.first {
                write8(&x.solution, &first.to_bytes());
            }
        }),
    )
}

/// The candidates of the board into [`Exchange::masks`].
pub fn candidates(x: &Exchange) -> i32 {
    let board = read8(&x.board);
    status_of(sudoku_core::logic::candidates_bytes(&board).map(|m| write16(&x.masks, &m)))
}

/// The next logical step on the board, with the candidates of [`Exchange::masks`] when
/// `use_masks` is nonzero (else those of the board), into [`Exchange::step`],
/// [`Exchange::removed`] and [`Exchange::pattern`].
pub fn hint(x: &Exchange, use_masks: i32) -> i32 {
    let board = read8(&x.board);
    let masks = (use_masks != 0).then(|| read16(&x.masks));
    status_of(sudoku_core::logic::hint_bytes(&board, masks.as_ref()).map(|s| write_step(x, &s)))
}

fn write_step(x: &Exchange, s: &Step) {
    let r = StepRecord::of(s);
    for (slot, &v) in x.step.iter().zip(&r.step) {
        slot.store(v, Relaxed);
    }
    write16(&x.removed, &r.removed);
    write16(&x.pattern, &r.pattern);
}

/// The bytes of a [`StepRecord`], the stride of a walk's steps in memory.
pub const STEP_RECORD_BYTES: usize = 340;

/// One step as JavaScript reads it: what `hint` writes into [`Exchange::step`],
/// [`Exchange::removed`] and [`Exchange::pattern`], in one record of
/// [`STEP_RECORD_BYTES`] bytes: the four i32 at offset 0, the removed masks (81 u16) at
/// 16, the pattern masks at 178.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepRecord {
    /// The technique code, the difficulty code (0 for none), the cell (-1 for none) and
    /// the digit (0 for none).
    pub step: [i32; 4],
    /// The candidates the step removes.
    pub removed: [u16; CELLS],
    /// The candidates of the step's pattern.
    pub pattern: [u16; CELLS],
}

const _: () = assert!(core::mem::size_of::<StepRecord>() == STEP_RECORD_BYTES);
const _: () = assert!(core::mem::offset_of!(StepRecord, removed) == 16);
const _: () = assert!(core::mem::offset_of!(StepRecord, pattern) == 16 + 2 * CELLS);

impl StepRecord {
    /// The record of a core step.
    pub fn of(s: &Step) -> StepRecord {
        let (cell, digit) = s
            .placement
            .map_or((-1, 0), |(c, d)| (c as i32, i32::from(d)));
        let level = s.level().map_or(0, Difficulty::code);
        StepRecord {
            step: [s.technique.code(), level, cell, digit],
            removed: s.removed,
            pattern: s.pattern,
        }
    }
}

/// The steps of the last walk that succeeded, kept in the module's memory until the next
/// one for JavaScript to read in place.
///
/// The mutex only gives the static interior mutability in safe Rust: the module is
/// single-threaded, so it is never contended.
pub struct Walked {
    records: Mutex<Vec<StepRecord>>,
}

impl Walked {
    /// No steps yet.
    pub const fn new() -> Walked {
        Walked {
            records: Mutex::new(Vec::new()),
        }
    }

    fn records(&self) -> MutexGuard<'_, Vec<StepRecord>> {
        // A panic aborts the module, so the lock is never poisoned; if it were, the
        // records are whole (they are only ever replaced in one assignment).
        self.records.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The address of the first record (aligned, and dangling when there are none).
    pub fn address(&self) -> usize {
        self.records().as_ptr() as usize
    }

    /// The number of records.
    pub fn count(&self) -> usize {
        self.records().len()
    }

    /// A copy of the records (for tests).
    pub fn to_vec(&self) -> Vec<StepRecord> {
        self.records().clone()
    }
}

impl Default for Walked {
    fn default() -> Walked {
        Walked::new()
    }
}

/// The whole hint walk of the board (`sudoku_core::walk`: the steps `hint` gives one after
/// the other, each applied, from the candidates of the givens until the grid is full; none
/// on a complete board) into `out`, replacing the last walk's steps. On any status but
/// `SUDOKU_OK` nothing is written: `SUDOKU_ERR_NO_MEMORY` when the heap of the steps (or
/// of a forcing chain) cannot be had, else the statuses of `hint` without candidates.
pub fn walk(x: &Exchange, out: &Walked) -> i32 {
    let board = read8(&x.board);
    status_of(walk_records(&board).map(|records| *out.records() = records))
}

fn walk_records(board: &[u8; CELLS]) -> Result<Vec<StepRecord>, Error> {
    let steps = sudoku_core::logic::walk_bytes(board)?;
    let mut records = Vec::new();
    records
        .try_reserve_exact(steps.len())
        .map_err(|_| Error::NoMemory)?;
    records.extend(steps.iter().map(StepRecord::of));
    Ok(records)
}

/// Applies the step of [`Exchange::step`] (its cell and digit) and [`Exchange::removed`]
/// to the board and [`Exchange::masks`], both updated in place on `SUDOKU_OK`.
pub fn apply_step(x: &Exchange) -> i32 {
    let mut board = read8(&x.board);
    let mut masks = read16(&x.masks);
    let placement = match (x.step[2].load(Relaxed), x.step[3].load(Relaxed)) {
        (-1, 0) => None,
        (cell, digit) => Some((
            usize::try_from(cell).unwrap_or(usize::MAX),
            u8::try_from(digit).unwrap_or(u8::MAX),
        )),
    };
    let mut step = Step::of(Technique::None);
    step.placement = placement;
    step.removed = read16(&x.removed);
    status_of(
        sudoku_core::apply_step(&mut board, &mut masks, &step).map(|()| {
            write8(&x.board, &board);
            write16(&x.masks, &masks);
        }),
    )
}

/// The message of a status code into the text area (the C library's
/// `sudoku_status_str`); returns its length.
pub fn status_message(x: &Exchange, code: i32) -> u32 {
    write_text(x, status::message(code))
}

/// The name of a technique code into the text area ("Unknown technique" for a code that
/// is none); returns its length.
pub fn technique_name(x: &Exchange, code: i32) -> u32 {
    write_text(
        x,
        Technique::from_code(code).map_or("Unknown technique", Technique::name),
    )
}

/// The version of this crate (the library's) into the text area; returns its length.
pub fn version(x: &Exchange) -> u32 {
    write_text(x, env!("CARGO_PKG_VERSION"))
}

/// The name of the code path the engines run in this module: `"wasm-simd128"` where they
/// run their SIMD128 path (`sudoku_core::engine::Path::Simd128`, which exists in the module
/// compiled with the `simd128` target feature), `"wasm"` otherwise (the baseline module,
/// where they run the portable path).
pub fn cpu_path() -> &'static str {
    match sudoku_core::engine::Path::selected() {
        sudoku_core::engine::Path::Simd128 => "wasm-simd128",
        _ => "wasm",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &[u8; CELLS] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &[u8; CELLS] =
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn with_board(board: &[u8; CELLS]) -> Exchange {
        let x = Exchange::new();
        write8(&x.board, board);
        x
    }

    /// Every byte of the exchange, to check that a failed call wrote nothing.
    fn snapshot(x: &Exchange) -> Vec<u32> {
        let mut v: Vec<u32> = Vec::new();
        v.extend(read8(&x.board).map(u32::from));
        v.extend(read8(&x.solution).map(u32::from));
        v.extend(read16(&x.masks).map(u32::from));
        v.extend(x.step.iter().map(|s| s.load(Relaxed) as u32));
        v.extend(read16(&x.removed).map(u32::from));
        v.extend(read16(&x.pattern).map(u32::from));
        v.push(x.value.load(Relaxed));
        v.extend(x.rating.iter().map(|r| r.load(Relaxed) as u32));
        v.extend(x.sukaku.iter().map(|b| u32::from(b.load(Relaxed))));
        v.extend(read8(&x.given_pattern).map(u32::from));
        v.extend(x.text.iter().map(|t| u32::from(t.load(Relaxed))));
        v
    }

    #[test]
    fn solve_writes_the_solution_and_nothing_on_failure() {
        let x = with_board(PUZZLE);
        assert_eq!(solve(&x), status::OK);
        assert_eq!(&read8(&x.board), SOLUTION);
        let mut bad = *PUZZLE;
        bad[1] = b'5';
        let x = with_board(&bad);
        let before = snapshot(&x);
        assert_eq!(solve(&x), -3);
        assert_eq!(snapshot(&x), before);
        bad[80] = b'x';
        let x = with_board(&bad);
        assert_eq!(solve(&x), -2, "a bad character wins over a clash");
        assert_eq!(snapshot(&x), snapshot(&with_board(&bad)));
    }

    #[test]
    fn count_and_rate_answer_in_value() {
        let x = with_board(&[b'.'; CELLS]);
        assert_eq!(count(&x, 10), status::OK);
        assert_eq!(x.value.load(Relaxed), 10);
        let x = with_board(PUZZLE);
        assert_eq!(count(&x, u32::MAX), status::OK);
        assert_eq!(x.value.load(Relaxed), 1);
        assert_eq!(rate(&x), status::OK);
        assert_eq!(x.value.load(Relaxed), 1);
        let x = with_board(&[b'.'; CELLS]);
        x.value.store(77, Relaxed);
        assert_eq!(rate(&x), 2, "several solutions");
        assert_eq!(x.value.load(Relaxed), 77);
    }

    #[test]
    fn generate_is_the_cores_and_refuses_bad_levels() {
        let x = Exchange::new();
        assert_eq!(generate(&x, 42, 3), status::OK);
        let (p, s) = sudoku_core::generate(42, Difficulty::Hard);
        assert_eq!(read8(&x.board), p.to_bytes());
        assert_eq!(read8(&x.solution), s.to_bytes());
        let before = snapshot(&x);
        for level in [0, 7, -1, i32::MIN] {
            assert_eq!(generate(&x, 42, level), -4);
        }
        assert_eq!(snapshot(&x), before);
    }

    /// The puzzle of seed 42 at Hard: js/test/api.test.js checks that both WebAssembly
    /// builds make this one too.
    const HARD_42: &[u8; CELLS] =
        b"..3...7.4..19...38..4..7......1.6.....5.82..34.....8......5..8.28..9..5.......2..";

    #[test]
    fn the_golden_puzzle_is_the_native_cores() {
        let x = Exchange::new();
        assert_eq!(generate(&x, 42, 3), status::OK);
        assert_eq!(&read8(&x.board), HARD_42);
    }

    #[test]
    fn hint_and_apply_step_walk_to_the_solution() {
        let x = with_board(PUZZLE);
        assert_eq!(candidates(&x), status::OK);
        let mut steps = 0;
        loop {
            let core = sudoku_core::logic::hint_bytes(&read8(&x.board), Some(&read16(&x.masks)));
            assert_eq!(hint(&x, 1), status::OK);
            assert_eq!(x.step[0].load(Relaxed), core.unwrap().technique.code());
            if x.step[0].load(Relaxed) == 0 {
                break;
            }
            assert_eq!(apply_step(&x), status::OK);
            steps += 1;
            assert!(steps < 100);
        }
        assert_eq!(&read8(&x.board), SOLUTION);
        assert_eq!(x.step.map(|s| s.load(Relaxed)), [0, 0, -1, 0]);
    }

    #[test]
    fn hint_writes_the_cores_step() {
        let x = with_board(PUZZLE);
        assert_eq!(hint(&x, 0), status::OK);
        let s = sudoku_core::logic::hint_bytes(PUZZLE, None).unwrap();
        let (cell, digit) = s.placement.unwrap();
        assert_eq!(
            x.step.map(|v| v.load(Relaxed)),
            [s.technique.code(), 1, cell as i32, i32::from(digit)]
        );
        assert_eq!(read16(&x.removed), s.removed);
        assert_eq!(read16(&x.pattern), s.pattern);
    }

    #[test]
    fn refused_masks_and_steps_write_nothing() {
        let x = with_board(PUZZLE);
        assert_eq!(candidates(&x), status::OK);
        x.masks[0].store(0x1FF, Relaxed);
        let before = snapshot(&x);
        assert_eq!(hint(&x, 1), -4, "a filled cell's mask must be its digit's");
        assert_eq!(apply_step(&x), -4);
        assert_eq!(snapshot(&x), before);
        let x = with_board(PUZZLE);
        assert_eq!(candidates(&x), status::OK);
        for (cell, digit) in [(0, 5), (2, 9), (81, 1), (-2, 1), (2, 10), (-1, 3)] {
            x.step[2].store(cell, Relaxed);
            x.step[3].store(digit, Relaxed);
            let before = snapshot(&x);
            assert_eq!(apply_step(&x), -4, "cell {cell} digit {digit}");
            assert_eq!(snapshot(&x), before);
        }
        x.step[2].store(-1, Relaxed);
        x.step[3].store(0, Relaxed);
        x.removed[2].store(0x200, Relaxed);
        assert_eq!(apply_step(&x), -4);
    }

    /// Puzzles whose walks reach forcing chains (js/test/api.test.js's `FORCING`).
    const FORCING: [&[u8; CELLS]; 2] = [
        b"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ];

    /// The steps of `hint` and `apply_step` on an exchange, from the candidates of the
    /// givens to the end (the final step of technique 0 left out).
    fn hint_loop(board: &[u8; CELLS]) -> Vec<StepRecord> {
        let x = with_board(board);
        assert_eq!(candidates(&x), status::OK);
        let mut steps = Vec::new();
        loop {
            assert_eq!(hint(&x, 1), status::OK);
            let r = StepRecord {
                step: x.step.each_ref().map(|s| s.load(Relaxed)),
                removed: read16(&x.removed),
                pattern: read16(&x.pattern),
            };
            if r.step[0] == 0 {
                return steps;
            }
            steps.push(r);
            assert_eq!(apply_step(&x), status::OK);
            assert!(steps.len() < 500);
        }
    }

    #[test]
    fn walk_is_the_hint_loop() {
        let out = Walked::new();
        for board in [PUZZLE, HARD_42, FORCING[0], FORCING[1]] {
            let x = with_board(board);
            assert_eq!(walk(&x, &out), status::OK);
            let steps = out.to_vec();
            assert_eq!(steps, hint_loop(board));
            assert_eq!(out.count(), steps.len());
            assert_eq!(out.address() % 4, 0, "JavaScript reads the i32 in place");
            assert_eq!(&read8(&x.board), board, "the board is only read");
            let placed = steps.iter().filter(|r| r.step[2] >= 0).count();
            let open = board.iter().filter(|&&b| b == b'.').count();
            assert_eq!(placed, open, "every open cell is filled once");
            if FORCING.contains(&board) {
                let forcing = |r: &StepRecord| {
                    Technique::from_code(r.step[0]).is_some_and(|t| t.name().contains("Forcing"))
                };
                assert!(
                    steps.iter().any(forcing),
                    "the walk reaches a forcing chain"
                );
                assert_eq!(rate(&x), status::OK);
                assert_eq!(x.value.load(Relaxed), Difficulty::Extreme.code() as u32);
            }
        }
        assert_eq!(walk(&with_board(SOLUTION), &out), status::OK);
        assert_eq!(out.count(), 0, "a complete board takes no step");
    }

    #[test]
    fn walk_refuses_as_hint_does_and_writes_nothing() {
        let out = Walked::new();
        assert_eq!(walk(&with_board(PUZZLE), &out), status::OK);
        let kept = out.to_vec();
        let mut clash = *PUZZLE;
        clash[1] = b'5';
        let mut bad = clash;
        bad[80] = b'x';
        let mut two = *PUZZLE;
        two[..2].copy_from_slice(b"..");
        let mut none = [b'.'; CELLS];
        none[..8].copy_from_slice(b"12345678");
        none[17] = b'9';
        for (board, expected) in [(&clash, -3), (&bad, -2), (&two, 2), (&none, 1)] {
            let x = with_board(board);
            let before = snapshot(&x);
            assert_eq!(walk(&x, &out), expected);
            assert_eq!(hint(&with_board(board), 0), expected, "as hint answers");
            assert_eq!(snapshot(&x), before);
            assert_eq!(out.to_vec(), kept, "the last walk's steps stay");
        }
    }

    /// Two puzzles of benches/puzzles.txt with serate's ratings (tests/data/serate_bundled.txt).
    const RATED: [(&[u8; CELLS], [i32; 3]); 2] = [
        (
            b"....3..2.8...4......47.93...5...7......6..9..37..1..5.1......69248.....1....7...2",
            [72, 12, 12],
        ),
        (
            b".45......7...1....8..4.....9.8..6.2......7.8..3.9...6.5...321.....1..5...89...7..",
            [42, 12, 12],
        ),
    ];

    #[test]
    fn rate_se_answers_in_rating_and_writes_nothing_on_failure() {
        for (board, want) in RATED {
            let x = with_board(board);
            assert_eq!(rate_se(&x), status::OK);
            assert_eq!(x.rating.each_ref().map(|r| r.load(Relaxed)), want);
            assert_eq!(&read8(&x.board), board, "the board is only read");
        }
        let mut clash = *PUZZLE;
        clash[1] = b'5';
        let mut two = *PUZZLE;
        two[..2].copy_from_slice(b"..");
        for (board, expected) in [(&clash, -3), (&two, 2), (&[b'x'; CELLS], -2)] {
            let x = with_board(board);
            x.rating[0].store(-7, Relaxed);
            let before = snapshot(&x);
            assert_eq!(rate_se(&x), expected);
            assert_eq!(snapshot(&x), before);
        }
    }

    #[test]
    fn generate_with_is_the_cores_and_refuses_bad_options() {
        let x = Exchange::new();
        // Rotate180, Medium, 24 to 30 givens.
        assert_eq!(
            generate_with(&x, 5, 2, 1, 24, 30, 0, 0, 0, 0, 0),
            status::OK
        );
        let options = GenerateOptions::from_codes(2, 1, 24, 30, None, 0, 0, 0, 0).unwrap();
        let (p, s) = sudoku_core::generate_with(5, &options, &mut |_| false).unwrap();
        assert_eq!(read8(&x.board), p.to_bytes());
        assert_eq!(read8(&x.solution), s.to_bytes());
        // A pattern: the givens of PUZZLE.
        write8(&x.given_pattern, PUZZLE);
        assert_eq!(generate_with(&x, 9, 0, 0, 0, 0, 1, 0, 0, 0, 0), status::OK);
        let board = read8(&x.board);
        for i in 0..CELLS {
            assert_eq!(board[i] == b'.', PUZZLE[i] == b'.', "cell {i}");
        }
        let before = snapshot(&x);
        // A level 7, a symmetry 10, a negative bound, an SE bound above 20.0, min above
        // max, a pattern that is not symmetric.
        for args in [
            (7, 0, 0, 0, 0, 0, 0),
            (0, 10, 0, 0, 0, 0, 0),
            (0, 0, -1, 0, 0, 0, 0),
            (0, 0, 0, 0, 0, 201, 0),
            (0, 0, 0, 0, 0, 80, 70),
            (0, 2, 0, 0, 1, 0, 0),
        ] {
            let (d, sym, lo, hi, pat, se_min, se_max) = args;
            assert_eq!(
                generate_with(&x, 1, d, sym, lo, hi, pat, se_min, se_max, 0, 0),
                -4,
                "{args:?}"
            );
        }
        // 17 givens in one try.
        assert_eq!(
            generate_with(&x, 1, 0, 0, 17, 17, 0, 0, 0, 0, 1),
            4,
            "not found"
        );
        assert_eq!(snapshot(&x), before);
    }

    #[test]
    fn canonical_and_transform_work_in_place() {
        let x = with_board(PUZZLE);
        assert_eq!(transform(&x, 11), status::OK);
        let moved = read8(&x.board);
        assert_ne!(&moved, PUZZLE);
        assert_eq!(canonical(&x), status::OK);
        let form = read8(&x.board);
        let (core, automorphisms) = sudoku_core::canonical::canonical_bytes(PUZZLE).unwrap();
        assert_eq!(
            form,
            core.to_bytes(),
            "a transformed board has the same form"
        );
        assert_eq!(x.value.load(Relaxed), automorphisms);
        let x = with_board(&[b'.'; CELLS]);
        assert_eq!(canonical(&x), status::OK);
        assert_eq!(x.value.load(Relaxed), 3_359_232);
        let mut clash = *PUZZLE;
        clash[1] = b'5';
        for board in [&clash, &[b'x'; CELLS]] {
            let x = with_board(board);
            let before = snapshot(&x);
            assert!(canonical(&x) < 0);
            assert!(transform(&x, 3) < 0);
            assert_eq!(snapshot(&x), before);
        }
    }

    fn with_sukaku(bytes: &[u8; SUKAKU_BYTES]) -> Exchange {
        let x = Exchange::new();
        for (cell, &b) in x.sukaku.iter().zip(bytes) {
            cell.store(b, Relaxed);
        }
        x
    }

    #[test]
    fn sukaku_calls_are_the_cores() {
        let masks = sudoku_core::logic::candidates_bytes(PUZZLE).unwrap();
        let bytes = sudoku_core::sukaku::sukaku_of(&masks);
        let x = with_sukaku(&bytes);
        assert_eq!(candidates_from_sukaku(&x), status::OK);
        assert_eq!(read16(&x.masks), masks);
        assert_eq!(count_sukaku(&x, 5), status::OK);
        assert_eq!(x.value.load(Relaxed), 1);
        assert_eq!(&read8(&x.solution), SOLUTION);
        let x = with_sukaku(&[b'.'; SUKAKU_BYTES]);
        let before = snapshot(&x);
        assert_eq!(candidates_from_sukaku(&x), 1, "cells without candidates");
        assert_eq!(count_sukaku(&x, 5), 1);
        let mut bad = bytes;
        bad[3] = b'7';
        let y = with_sukaku(&bad);
        let kept = snapshot(&y);
        assert_eq!(candidates_from_sukaku(&y), -2);
        assert_eq!(count_sukaku(&y, 5), -2);
        assert_eq!(snapshot(&x), before);
        assert_eq!(snapshot(&y), kept);
        let all = with_sukaku(&sudoku_core::sukaku::sukaku_of(&[0x1FF; CELLS]));
        assert_eq!(count_sukaku(&all, 0), status::OK);
        assert_eq!(all.value.load(Relaxed), 0);
        assert_eq!(
            read8(&all.solution),
            [0; CELLS],
            "no solution written for none counted"
        );
        assert_eq!(count_sukaku(&all, 1000), status::OK);
        assert_eq!(all.value.load(Relaxed), 1000);
    }

    #[test]
    fn texts_are_the_librarys() {
        let x = Exchange::new();
        let read = |x: &Exchange, n: u32| -> String {
            x.text[..n as usize]
                .iter()
                .map(|b| char::from(b.load(Relaxed)))
                .collect()
        };
        let n = technique_name(&x, 3);
        assert_eq!(read(&x, n), "Hidden Single");
        let n = technique_name(&x, 99);
        assert_eq!(read(&x, n), "Unknown technique");
        let n = version(&x);
        let package = include_str!("../../js/package.json");
        let expected = format!("\"version\": \"{}\"", read(&x, n));
        assert!(
            package.contains(&expected),
            "js/package.json has {expected}"
        );
        let n = status_message(&x, -3);
        assert_eq!(read(&x, n), status::message(-3));
        assert_eq!(cpu_path(), "wasm");
    }
}
