//! The band engine: a JCZ-family solver built for easy, invalid and multi-solution puzzles.
//!
//! State: for each (band, digit) a 27-bit mask of the band's cells where the digit may
//! go (module `state`). Propagation, driven by a worklist of changed masks per band: one table
//! lookup keeps only the cells of some complete placement of the digit in the band (locked
//! candidates both ways inside the band, exactly); a box confined to one column claims that
//! column from the other bands; a cell alone in its row is fixed (hidden singles in rows
//! and boxes). A bit-sliced scan finds naked singles, cells without candidates and the
//! bivalue cells. Before the first guess a column pass adds column hidden singles and
//! column claiming. Search (module `search`) guesses on a bivalue cell first and counts up to a
//! limit.
//!
//! Input: the engine reads the 81 bytes itself (`Isa::scan`): one pass finds bad
//! characters and the givens of each digit; clashing givens are found by counting while
//! the state is built (`State::from_clues`).
//!
//! The code is generic over an `Isa` backend and compiled once per [`Path`] inside
//! a `#[target_feature]` function, so `count_ones`, `trailing_zeros`, `pext` and the SIMD
//! primitives become single instructions on the paths that have them. AVX2 uses `pext`
//! only where it is fast (not on AMD before Zen 3).
//!
//! Entries: [`count`] (full search), [`count_budgeted`] and [`solve_bytes_budgeted`] (give
//! up on a budget, for a router that hands hard puzzles to another engine; `_selected`
//! variants skip the per-call CPU check), [`solve_bytes_with`] and the crate's
//! `solve_bytes` (the C contract: char check, clash check and solve in one pass).

mod isa;
mod search;
mod state;
mod tables;

pub use search::{GaveUp, SearchStats};

use super::Path;
use crate::board::{Board, CELLS};
use crate::status::Status;
use isa::{Isa, Portable};
use search::{search, Limits};
use state::State;
use std::sync::OnceLock;

#[cfg(target_arch = "x86_64")]
use isa::{Avx2, Sse41};

/// Why a run produced no count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Failure {
    /// A byte is not a digit or `'.'`.
    InvalidChar,
    /// Two equal givens share a unit.
    Conflict,
    /// The guess budget ran out; the candidates of the first guess.
    GaveUp(GaveUp),
}

/// Limits of a budgeted run (see [`count_budgeted`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Give up after this many guesses.
    pub guesses: u64,
    /// Give up at the first guess if more cells than this are open.
    pub open_at_first_guess: u32,
}

impl Budget {
    /// No budget: search to the end.
    pub const UNLIMITED: Budget = Budget {
        guesses: u64::MAX,
        open_at_first_guess: u32::MAX,
    };
}

/// The whole engine on one backend: reads `cells` (`base + d` for digit `d`), counts up to
/// `limits.solutions` and writes the first solution over `cells`.
#[inline(always)]
fn run<I: Isa>(
    isa: I,
    cells: &mut [u8; CELLS],
    base: u8,
    limits: Limits,
    stats: &mut SearchStats,
) -> Result<usize, Failure> {
    let scan = isa.scan(cells, base);
    if !scan.valid {
        return Err(Failure::InvalidChar);
    }
    let mut root = State::from_clues(&scan.clues).map_err(|_| Failure::Conflict)?;
    let Ok(dirty) = root.parallel_passes(isa) else {
        return Ok(0);
    };
    search(isa, root, dirty, limits, cells, base, stats).map_err(Failure::GaveUp)
}

/// Defines the entry of one path: [`run`] compiled with the path's target features.
macro_rules! path_entry {
    ($(#[$attr:meta])* $name:ident, $isa:ty) => {
        $(#[$attr])*
        fn $name(
            isa: $isa,
            cells: &mut [u8; CELLS],
            base: u8,
            limits: Limits,
            stats: &mut SearchStats,
        ) -> Result<usize, Failure> {
            run(isa, cells, base, limits, stats)
        }
    };
}

path_entry!(run_portable, Portable);
path_entry!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse4.1,popcnt")]
    run_sse41,
    Sse41
);
path_entry!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    run_avx2,
    Avx2<true>
);
path_entry!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    run_avx2_tables,
    Avx2<false>
);

/// A backend token for a path this CPU can run.
#[derive(Clone, Copy, Debug)]
enum Backend {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Sse41(Sse41),
    /// AVX2 with `pext`.
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2<true>),
    /// AVX2 with tables instead of `pext` (which is slow on AMD before Zen 3).
    #[cfg(target_arch = "x86_64")]
    Avx2Tables(Avx2<false>),
}

impl Backend {
    /// The token for `path`, if this CPU can run it.
    fn of(path: Path) -> Option<Backend> {
        match path {
            Path::Portable => Some(Backend::Portable),
            #[cfg(target_arch = "x86_64")]
            Path::Sse41 => Sse41::new().map(Backend::Sse41),
            // The band engine has no AVX-512 code of its own: on that path it runs its AVX2
            // code (the AVX-512 path requires everything the AVX2 path does).
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 | Path::Avx512 if !path.is_available() => None,
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 | Path::Avx512 if isa::pext_is_fast() => Avx2::new().map(Backend::Avx2),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 | Path::Avx512 => Avx2::new().map(Backend::Avx2Tables),
            #[cfg(not(target_arch = "x86_64"))]
            Path::Sse41 | Path::Avx2 | Path::Avx512 => None,
        }
    }

    /// The token of [`Path::selected`], made once per process.
    fn selected() -> Backend {
        static SELECTED: OnceLock<Backend> = OnceLock::new();
        *SELECTED.get_or_init(|| Backend::of(Path::selected()).unwrap_or(Backend::Portable))
    }

    /// Runs the engine on this backend.
    #[inline]
    fn run(
        self,
        cells: &mut [u8; CELLS],
        base: u8,
        limits: Limits,
        stats: &mut SearchStats,
    ) -> Result<usize, Failure> {
        match self {
            Backend::Portable => run_portable(Portable, cells, base, limits, stats),
            // SAFETY: the token proves the CPU has the features `run_sse41` enables.
            #[cfg(target_arch = "x86_64")]
            Backend::Sse41(isa) => unsafe { run_sse41(isa, cells, base, limits, stats) },
            // SAFETY: the token proves the CPU has the features `run_avx2` enables.
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2(isa) => unsafe { run_avx2(isa, cells, base, limits, stats) },
            // SAFETY: the token proves the CPU has the features `run_avx2_tables` enables.
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2Tables(isa) => unsafe { run_avx2_tables(isa, cells, base, limits, stats) },
        }
    }
}

/// Counts solutions of `board` on `backend`, within `limits`.
fn count_on(
    backend: Backend,
    board: &Board,
    limits: Limits,
    stats: &mut SearchStats,
) -> Result<(usize, Option<Board>), Failure> {
    if limits.solutions == 0 {
        return Ok((0, None));
    }
    let mut cells = *board.digits();
    let n = backend.run(&mut cells, 0, limits, stats)?;
    Ok((
        n,
        if n > 0 {
            Board::from_digits(cells)
        } else {
            None
        },
    ))
}

/// Counts the solutions of `board` up to `limit` on `path`, returning the count and the
/// first solution found; clashing givens count as no solution. `None` if this CPU cannot
/// run `path`.
pub fn count(path: Path, board: &Board, limit: usize) -> Option<(usize, Option<Board>)> {
    let backend = Backend::of(path)?;
    let mut stats = SearchStats::default();
    Some(count_unlimited(backend, board, limit, &mut stats))
}

fn count_unlimited(
    backend: Backend,
    board: &Board,
    limit: usize,
    stats: &mut SearchStats,
) -> (usize, Option<Board>) {
    // A board cannot hold a bad byte and an unlimited search does not give up, so the
    // only failure is clashing givens: no solution.
    count_on(backend, board, Limits::count(limit), stats).unwrap_or_default()
}

/// The limits of a search run with `budget`.
fn limits(solutions: usize, budget: Budget) -> Limits {
    Limits {
        solutions,
        guesses: budget.guesses,
        open_at_first_guess: budget.open_at_first_guess,
    }
}

/// Counts like [`count`] but gives up when `budget` runs out: for a router that runs this
/// engine first and hands hard puzzles to another. The statistics of the run (given up or
/// not) go to `stats`. `None` if this CPU cannot run `path`.
pub fn count_budgeted(
    path: Path,
    board: &Board,
    limit: usize,
    budget: Budget,
    stats: &mut SearchStats,
) -> Option<Result<(usize, Option<Board>), GaveUp>> {
    Some(count_within(
        Backend::of(path)?,
        board,
        limit,
        budget,
        stats,
    ))
}

/// [`count_budgeted`] on the selected path (no CPU check per call): a router's entry.
pub fn count_budgeted_selected(
    board: &Board,
    limit: usize,
    budget: Budget,
    stats: &mut SearchStats,
) -> Result<(usize, Option<Board>), GaveUp> {
    count_within(Backend::selected(), board, limit, budget, stats)
}

fn count_within(
    backend: Backend,
    board: &Board,
    limit: usize,
    budget: Budget,
    stats: &mut SearchStats,
) -> Result<(usize, Option<Board>), GaveUp> {
    match count_on(backend, board, limits(limit, budget), stats) {
        Ok(r) => Ok(r),
        Err(Failure::GaveUp(g)) => Err(g),
        // Clashing givens (a board holds no bad byte): no solution.
        Err(Failure::InvalidChar | Failure::Conflict) => Ok((0, None)),
    }
}

/// [`crate::solve_bytes`] on `path`; `None` if this CPU cannot run it.
pub fn solve_bytes_with(path: Path, bytes: &mut [u8; CELLS]) -> Option<Status> {
    let mut stats = SearchStats::default();
    let r = solve_bytes_on(Backend::of(path)?, bytes, Budget::UNLIMITED, &mut stats);
    Some(r.unwrap_or(Status::ErrInternal))
}

/// [`crate::solve_bytes`] within `budget` on `path`: `Err(GaveUp)`, with the board unchanged,
/// when the budget ran out first (bad characters and clashing givens are reported before
/// any search). `None` if this CPU cannot run `path`.
pub fn solve_bytes_budgeted(
    path: Path,
    bytes: &mut [u8; CELLS],
    budget: Budget,
    stats: &mut SearchStats,
) -> Option<Result<Status, GaveUp>> {
    Some(solve_bytes_on(Backend::of(path)?, bytes, budget, stats))
}

/// [`solve_bytes_budgeted`] on the selected path (no CPU check per call): a router's
/// entry for `sudoku_solve`.
pub fn solve_bytes_budgeted_selected(
    bytes: &mut [u8; CELLS],
    budget: Budget,
    stats: &mut SearchStats,
) -> Result<Status, GaveUp> {
    solve_bytes_on(Backend::selected(), bytes, budget, stats)
}

#[inline]
fn solve_bytes_on(
    backend: Backend,
    bytes: &mut [u8; CELLS],
    budget: Budget,
    stats: &mut SearchStats,
) -> Result<Status, GaveUp> {
    // The board is written only when a solution is found, which is success.
    match backend.run(bytes, b'0', limits(1, budget), stats) {
        Ok(0) => Ok(Status::NoSolution),
        Ok(_) => Ok(Status::Ok),
        Err(Failure::InvalidChar) => Ok(Status::ErrInvalidChar),
        Err(Failure::Conflict) => Ok(Status::ErrConflict),
        Err(Failure::GaveUp(g)) => Err(g),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;

    const PUZZLES: [&str; 4] = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ".................................................................................",
    ];

    #[test]
    fn every_path_agrees_with_the_reference_on_classic_puzzles() {
        for path in Path::available() {
            for text in PUZZLES {
                let p = Board::from_text(text).unwrap();
                for limit in [1, 2, 5] {
                    let (n, s) = count(path, &p, limit).unwrap();
                    assert_eq!(n, reference::count(&p, limit).0, "{path:?} {text}");
                    assert!(s.unwrap().is_solution_of(&p), "{path:?} {text}");
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_path_without_pext_agrees_too() {
        let Some(isa) = Avx2::<false>::new() else {
            eprintln!("note: this CPU lacks AVX2; its table variant is not tested here");
            return;
        };
        let bundled = include_str!("../../../benches/puzzles.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| &l[..81]);
        for text in PUZZLES.into_iter().chain(bundled) {
            let p = Board::from_text(text).unwrap();
            for limit in [1, 2, 20] {
                let mut stats = SearchStats::default();
                let tables = Backend::Avx2Tables(isa);
                let (n, s) = count_on(tables, &p, Limits::count(limit), &mut stats).unwrap();
                assert_eq!(n, count(Path::Portable, &p, limit).unwrap().0, "{text}");
                if let Some(s) = s {
                    assert!(s.is_solution_of(&p), "{text}");
                }
            }
        }
    }

    #[test]
    fn solve_bytes_reports_each_status_and_keeps_failed_boards() {
        for path in Path::available() {
            let mut ok = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
            assert_eq!(solve_bytes_with(path, &mut ok), Some(Status::Ok));
            assert_eq!(&ok[..9], b"534678912");
            let mut bad = [b'.'; CELLS];
            bad[0] = b'1';
            bad[1] = b'1';
            bad[80] = b'x';
            let before = bad;
            assert_eq!(
                solve_bytes_with(path, &mut bad),
                Some(Status::ErrInvalidChar)
            );
            assert_eq!(bad, before);
            bad[80] = b'0';
            let before = bad;
            assert_eq!(solve_bytes_with(path, &mut bad), Some(Status::ErrConflict));
            assert_eq!(bad, before);
            let mut none = *b"12345678.........................................................................";
            none[80] = b'9';
            let before = none;
            assert_eq!(solve_bytes_with(path, &mut none), Some(Status::NoSolution));
            assert_eq!(none, before);
        }
    }

    #[test]
    fn a_budget_gives_up_on_hard_puzzles_only() {
        let hard = Board::from_text(PUZZLES[1]).unwrap();
        let easy = Board::from_text(PUZZLES[0]).unwrap();
        let tight = Budget {
            guesses: 0,
            open_at_first_guess: 81,
        };
        let mut stats = SearchStats::default();
        let r = count_budgeted(Path::Portable, &hard, 1, tight, &mut stats);
        assert!(matches!(r, Some(Err(GaveUp(_)))));
        assert!(stats.open_at_first_guess > 0);
        let mut stats = SearchStats::default();
        let r = count_budgeted(Path::Portable, &easy, 1, tight, &mut stats).unwrap();
        assert_eq!(r.map(|x| x.0), Ok(1));
        assert_eq!(stats.guesses, 0);
        let few_open = Budget {
            guesses: u64::MAX,
            open_at_first_guess: 10,
        };
        let mut stats = SearchStats::default();
        let r = count_budgeted(Path::Portable, &hard, 1, few_open, &mut stats);
        assert!(matches!(r, Some(Err(GaveUp(_)))));
        assert_eq!(stats.guesses, 0);
        let mut bytes = hard.to_bytes();
        let before = bytes;
        let r = solve_bytes_budgeted(Path::Portable, &mut bytes, few_open, &mut stats);
        assert!(matches!(r, Some(Err(GaveUp(_)))));
        assert_eq!(bytes, before);
        let mut stats = SearchStats::default();
        let r = solve_bytes_budgeted_selected(&mut bytes, Budget::UNLIMITED, &mut stats);
        assert_eq!(r, Ok(Status::Ok));
        assert!(Board::from_bytes(&bytes).unwrap().is_solution_of(&hard));
        assert!(stats.guesses > 0);
        let r = count_budgeted_selected(&hard, 2, Budget::UNLIMITED, &mut stats);
        assert_eq!(r.map(|x| x.0), Ok(1));
    }
}
