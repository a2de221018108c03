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
use sudoku_core::{Difficulty, Error, Step, Technique, CELLS};

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
    /// A number answered: the count of `count`, the level code of `rate`.
    pub value: AtomicU32,
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
    let (cell, digit) = s
        .placement
        .map_or((-1, 0), |(c, d)| (c as i32, i32::from(d)));
    let level = s.level().map_or(0, Difficulty::code);
    for (slot, v) in x.step.iter().zip([s.technique.code(), level, cell, digit]) {
        slot.store(v, Relaxed);
    }
    write16(&x.removed, &s.removed);
    write16(&x.pattern, &s.pattern);
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
