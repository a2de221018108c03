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
//! Input: the engine reads the 81 bytes itself (`BandOps::scan`): one pass finds bad
//! characters and the givens of each digit; clashing givens are found by counting while
//! the state is built (`State::from_clues`).
//!
//! The code is generic over `BandOps`, implemented for each path's token, and compiled
//! once per [`Path`] inside the path's way in (`crate::engine::path`), so `count_ones`,
//! `trailing_zeros`, `pext` and the SIMD primitives become single instructions on the
//! paths that have them. AVX2 uses `pext` only where it is fast (not on AMD before Zen 3).
//!
//! Entries: [`count`] (full search), [`count_budgeted`] and [`solve_bytes`] (give up on a
//! budget, for a router that hands hard puzzles to another engine; [`solve_bytes`] has the
//! C contract: char check, clash check and solve in one pass).

mod isa;
mod search;
mod state;
mod tables;

use search::Guess;
pub use search::{GaveUp, SearchStats};

use super::binding::{Engine, Job, Token};
use super::watch::{Unwatched, Watch};
use super::Path;
use crate::board::{Board, CELLS};
use crate::error::Error;
pub(crate) use isa::BandOps;
use search::{search, Limits};
use state::State;

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

impl Failure {
    /// The status of a board the run refused, or the candidates it gave up with.
    fn refused(self) -> Result<Error, GaveUp> {
        match self {
            Failure::InvalidChar => Ok(Error::InvalidChar),
            Failure::Conflict => Ok(Error::Conflict),
            Failure::GaveUp(g) => Err(g),
        }
    }
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

    /// The limits of a search on `path` for `solutions` solutions within the budget.
    const fn limits(self, path: Path, solutions: usize) -> Limits {
        Limits {
            solutions,
            guesses: self.guesses,
            open_at_first_guess: self.open_at_first_guess,
            guess: guess_on(path),
        }
    }
}

/// Which bivalue cell a guess takes on `path`.
///
/// The bivalue cell where they are most ([`Guess::MostPairs`]) makes fewer guesses on hard
/// puzzles and finds a first solution of a puzzle with several later. On AVX-512, where
/// a guess costs least, the fewer guesses do not pay and the first bivalue cell is the
/// faster on puzzles with several solutions; on the other paths the fewer guesses pay on
/// the hard corpora (peer-bench, docs/performance.md).
const fn guess_on(path: Path) -> Guess {
    match path {
        Path::Avx512 => Guess::FirstPair,
        _ => Guess::MostPairs,
    }
}

/// The whole engine with one path's primitives: reads `cells` (`base + d` for digit `d`),
/// counts up to `limits.solutions` and writes the first solution over `cells`.
#[inline(always)]
fn run<I: BandOps, W: Watch>(
    isa: I,
    cells: &mut [u8; CELLS],
    base: u8,
    limits: Limits,
    stats: &mut SearchStats,
    watch: &mut W,
) -> Result<usize, Failure> {
    let scan = isa.scan(cells, base);
    if !scan.valid {
        return Err(Failure::InvalidChar);
    }
    let mut root = State::from_clues(&scan.clues).map_err(|_| Failure::Conflict)?;
    let Ok(dirty) = root.parallel_passes(isa) else {
        return Ok(0);
    };
    search(isa, root, dirty, limits, cells, base, stats, watch).map_err(Failure::GaveUp)
}

/// One run of the engine, as a job for any path.
struct Run<'a, W: Watch> {
    cells: &'a mut [u8; CELLS],
    base: u8,
    limits: Limits,
    stats: &'a mut SearchStats,
    watch: &'a mut W,
}

impl<W: Watch> Job for Run<'_, W> {
    const ENGINE: Engine = Engine::Band;
    type Output = Result<usize, Failure>;
    #[inline(always)]
    fn run<T: Token>(self, t: T) -> Self::Output {
        let band = t.band();
        run(
            band,
            self.cells,
            self.base,
            self.limits,
            self.stats,
            self.watch,
        )
    }
}

/// The engine from a candidate grid's state ([`State::from_masks`]): counts up to
/// `limits.solutions` and writes the first solution over `cells` (digits 1-9).
#[inline(always)]
fn run_masks<I: BandOps>(
    isa: I,
    masks: &[u16; CELLS],
    cells: &mut [u8; CELLS],
    limits: Limits,
) -> Result<usize, GaveUp> {
    let mut root = State::from_masks(masks);
    let Ok(dirty) = root.parallel_passes(isa) else {
        return Ok(0);
    };
    let mut stats = SearchStats::default();
    search(
        isa,
        root,
        dirty,
        limits,
        cells,
        0,
        &mut stats,
        &mut Unwatched,
    )
}

/// One run of the engine on a candidate grid, as a job for any path.
struct FromMasks<'a> {
    masks: &'a [u16; CELLS],
    cells: &'a mut [u8; CELLS],
    limits: Limits,
}

impl Job for FromMasks<'_> {
    const ENGINE: Engine = Engine::Band;
    type Output = Result<usize, GaveUp>;
    #[inline(always)]
    fn run<T: Token>(self, t: T) -> Self::Output {
        run_masks(t.band(), self.masks, self.cells, self.limits)
    }
}

/// Counts the solutions of a candidate grid (bit `d - 1` of `masks[i]` for digit `d` in
/// cell `i`: the complete grids whose every digit is a candidate of its cell) up to
/// `limit` on `path` within `budget`, with the first solution found; `Err(GaveUp)` when
/// the budget ran out first. The masks must not have bits above digit 9. `None` if this
/// CPU cannot run `path`.
pub(crate) fn count_candidates_within(
    path: Path,
    masks: &[u16; CELLS],
    limit: usize,
    budget: Budget,
) -> Option<Result<Solutions, GaveUp>> {
    if limit == 0 {
        return path.is_available().then_some(Ok((0, None)));
    }
    let mut cells = [0u8; CELLS];
    let job = FromMasks {
        masks,
        cells: &mut cells,
        limits: budget.limits(path, limit),
    };
    Some(path.run(job)?.map(|n| {
        (
            n,
            if n > 0 {
                Board::from_digits(cells)
            } else {
                None
            },
        )
    }))
}

/// [`count_candidates_within`] to the end of the search.
#[cfg(test)]
pub(crate) fn count_candidates(
    path: Path,
    masks: &[u16; CELLS],
    limit: usize,
) -> Option<Solutions> {
    // An unlimited search does not give up.
    count_candidates_within(path, masks, limit, Budget::UNLIMITED).map(Result::unwrap_or_default)
}

/// Counts solutions of `board` on `path`, within `limits`; `None` if this CPU cannot run
/// `path`.
fn count_on<W: Watch>(
    path: Path,
    board: &Board,
    limits: Limits,
    stats: &mut SearchStats,
    watch: &mut W,
) -> Option<Result<(usize, Option<Board>), Failure>> {
    if limits.solutions == 0 {
        return path.is_available().then_some(Ok((0, None)));
    }
    let mut cells = *board.digits();
    let job = Run {
        cells: &mut cells,
        base: 0,
        limits,
        stats,
        watch,
    };
    let n = match path.run(job)? {
        Ok(n) => n,
        Err(failure) => return Some(Err(failure)),
    };
    let first = if n > 0 {
        Board::from_digits(cells)
    } else {
        None
    };
    Some(Ok((n, first)))
}

/// Counts the solutions of `board` up to `limit` on `path`, returning the count and the
/// first solution found; clashing givens count as no solution. `None` if this CPU cannot
/// run `path`.
pub fn count(path: Path, board: &Board, limit: usize) -> Option<(usize, Option<Board>)> {
    let mut stats = SearchStats::default();
    let r = count_budgeted(path, board, limit, Budget::UNLIMITED, &mut stats)?;
    // An unlimited search does not give up.
    Some(r.unwrap_or_default())
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
    count_watched(path, board, limit, budget, stats, &mut Unwatched)
}

/// [`count_budgeted`] telling `watch` of every guess: it gives up (`Err(GaveUp)`) as soon
/// as the watch asks to stop.
pub(crate) fn count_watched<W: Watch>(
    path: Path,
    board: &Board,
    limit: usize,
    budget: Budget,
    stats: &mut SearchStats,
    watch: &mut W,
) -> Option<Result<(usize, Option<Board>), GaveUp>> {
    Some(
        match count_on(path, board, budget.limits(path, limit), stats, watch)? {
            Ok(r) => Ok(r),
            Err(Failure::GaveUp(g)) => Err(g),
            // Clashing givens (a board holds no bad byte): no solution.
            Err(Failure::InvalidChar | Failure::Conflict) => Ok((0, None)),
        },
    )
}

/// [`crate::solve_bytes`] within `budget` on `path`: `Err(GaveUp)`, with the board
/// unchanged, when the budget ran out first (bad characters and clashing givens are
/// reported before any search). `None` if this CPU cannot run `path`.
pub fn solve_bytes(
    path: Path,
    bytes: &mut [u8; CELLS],
    budget: Budget,
    stats: &mut SearchStats,
) -> Option<Result<Result<(), Error>, GaveUp>> {
    let job = Run {
        cells: bytes,
        base: b'0',
        limits: budget.limits(path, 1),
        stats,
        watch: &mut Unwatched,
    };
    // The board is written only when a solution is found, which is success.
    Some(match path.run(job)? {
        Ok(0) => Ok(Err(Error::NoSolution)),
        Ok(_) => Ok(Ok(())),
        Err(failure) => failure.refused().map(Err),
    })
}

/// A count, and the first solution found when it is not 0.
pub(crate) type Solutions = (usize, Option<Board>);

/// Counts the solutions of an 81-byte board (`'1'`-`'9'`, `'.'` or `'0'`) up to `limit`
/// (at least 1) on `path` within `budget`, with the checks of the C
/// `sudoku_count_solutions` in one pass: bad characters first, then clashing givens.
/// `Err(GaveUp)` when the budget ran out first. `None` if this CPU cannot run `path`.
pub(crate) fn count_bytes(
    path: Path,
    bytes: &[u8; CELLS],
    limit: usize,
    budget: Budget,
    stats: &mut SearchStats,
) -> Option<Result<Result<Solutions, Error>, GaveUp>> {
    let mut cells = *bytes;
    let job = Run {
        cells: &mut cells,
        base: b'0',
        limits: budget.limits(path, limit.max(1)),
        stats,
        watch: &mut Unwatched,
    };
    Some(match path.run(job)? {
        Ok(0) => Ok(Ok((0, None))),
        // The engine wrote its first solution over `cells`, one digit character a cell.
        Ok(n) => Ok(Ok((n, Board::from_bytes(&cells).ok()))),
        Err(failure) => failure.refused().map(Err),
    })
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

    /// The AVX2 path runs with `pext` or with tables depending on the CPU; each must
    /// agree with the portable path.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_path_with_and_without_pext_agrees_too() {
        use crate::engine::binding::OnToken;
        use crate::engine::path::{Avx2, Entry};
        let (Some(pext), Some(tables)) = (Avx2::<true>::detect(), Avx2::<false>::detect()) else {
            eprintln!("note: this CPU lacks AVX2; its variants are not tested here");
            return;
        };
        let bundled = include_str!("../../../../benches/puzzles.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| &l[..81]);
        for text in PUZZLES.into_iter().chain(bundled) {
            let p = Board::from_text(text).unwrap();
            for limit in [1, 2, 20] {
                let expected = count(Path::Portable, &p, limit).unwrap();
                for entry in [Entry::Avx2(pext), Entry::Avx2Tables(tables)] {
                    let mut cells = *p.digits();
                    let mut stats = SearchStats::default();
                    let job = Run {
                        cells: &mut cells,
                        base: 0,
                        limits: Budget::UNLIMITED.limits(Path::Avx2, limit),
                        stats: &mut stats,
                        watch: &mut Unwatched,
                    };
                    assert_eq!(entry.run(OnToken(job)), Ok(expected.0), "{text}");
                    if expected.0 > 0 {
                        let s = Board::from_digits(cells).unwrap();
                        assert!(s.is_solution_of(&p), "{text}");
                    }
                }
            }
        }
    }

    fn solve(path: Path, bytes: &mut [u8; CELLS]) -> Option<Result<(), Error>> {
        let mut stats = SearchStats::default();
        let r = solve_bytes(path, bytes, Budget::UNLIMITED, &mut stats)?;
        Some(r.expect("an unlimited search does not give up"))
    }

    #[test]
    fn solve_bytes_reports_each_status_and_keeps_failed_boards() {
        for path in Path::available() {
            let mut ok = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
            assert_eq!(solve(path, &mut ok), Some(Ok(())));
            assert_eq!(&ok[..9], b"534678912");
            let mut bad = [b'.'; CELLS];
            bad[0] = b'1';
            bad[1] = b'1';
            bad[80] = b'x';
            let before = bad;
            assert_eq!(solve(path, &mut bad), Some(Err(Error::InvalidChar)));
            assert_eq!(bad, before);
            bad[80] = b'0';
            let before = bad;
            assert_eq!(solve(path, &mut bad), Some(Err(Error::Conflict)));
            assert_eq!(bad, before);
            let mut none = *b"12345678.........................................................................";
            none[80] = b'9';
            let before = none;
            assert_eq!(solve(path, &mut none), Some(Err(Error::NoSolution)));
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
        let r = solve_bytes(Path::Portable, &mut bytes, few_open, &mut stats);
        assert!(matches!(r, Some(Err(GaveUp(_)))));
        assert_eq!(bytes, before);
        let mut stats = SearchStats::default();
        let r = solve_bytes(Path::selected(), &mut bytes, Budget::UNLIMITED, &mut stats);
        assert_eq!(r, Some(Ok(Ok(()))));
        assert!(Board::from_bytes(&bytes).unwrap().is_solution_of(&hard));
        assert!(stats.guesses > 0);
        let r = count_budgeted(Path::selected(), &hard, 2, Budget::UNLIMITED, &mut stats);
        assert_eq!(r.map(|r| r.map(|x| x.0)), Some(Ok(1)));
    }
}
