//! The router: the band engine first, the triad engine for what it gives up on, and the
//! two in turn on the boards each finds hard.

#![forbid(unsafe_code)]

use super::watch::{Progress, Unwatched, Watch};
use super::{band, triad, Candidates, Path};
use crate::board::Board;

/// A count stopped by its progress hook (see [`count_with_progress`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// What the router answers: the count and the first solution, or `Cancelled` when its
/// watch stopped it (never for [`Unwatched`]).
type Counted = Result<(usize, Option<Board>), Cancelled>;

/// Counts the solutions of `board` up to `limit` on the given path, returning the count
/// and the first solution found (`None` when the count is 0; clashing givens count 0).
///
/// Returns `None` if this CPU cannot run `path`.
pub fn count_with(path: Path, board: &Board, limit: usize) -> Option<(usize, Option<Board>)> {
    path.is_available()
        .then(|| route(path, board, limit, &mut Unwatched).unwrap_or_default())
}

/// Counts the solutions of `board` up to `limit` on the selected path (clashing givens
/// count 0).
pub(crate) fn count(board: &Board, limit: usize) -> (usize, Option<Board>) {
    route(Path::selected(), board, limit, &mut Unwatched).unwrap_or_default()
}

/// Counts the solutions of `board` up to `limit` like [`count_with`] on the selected path,
/// telling `progress` how many solutions were found so far at regular intervals of the
/// search: every 1024 guesses of either engine, which is well under a millisecond of work
/// on current CPUs (figures in docs/performance.md). When `progress` returns `true` the
/// count stops and returns [`Cancelled`]; a count that ends before the first call never
/// calls it. The number passed never decreases, and never exceeds `limit`.
///
/// Clashing givens count 0, as in [`count_with`]; check them first for an error instead.
pub fn count_with_progress(
    board: &Board,
    limit: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<(usize, Option<Board>), Cancelled> {
    route(Path::selected(), board, limit, &mut Progress::new(progress))
}

/// When the band engine gives up on `path` and hands the puzzle to the triad engine.
///
/// With vector instructions the triad engine is the faster one on hard puzzles, so the
/// band engine hands them on early. On the portable path the band engine is at least as
/// fast as the triad engine on every corpus, even the forum's hardest, where the triad
/// engine needs fewer than half its guesses but each costs several times more in portable
/// code; and a hand-off restarts the search. So the band engine keeps going much longer:
/// re-measured for the portable path (docs/performance.md), earlier hand-offs (the
/// vector paths' thresholds, a few hundred guesses, or a limit on open cells) were all
/// slower on the hard corpora. The budget still bounds the band engine's worst case: the
/// fuzzer found clash-free boards without a solution (tests/regressions.rs) that take it
/// most of a second to refute and the triad engine microseconds.
///
/// The vector paths' thresholds are where routed solves were fastest on magictour without
/// costing the easy and multi-solution corpora (figures in docs/performance.md). The
/// SIMD128 path keeps the portable path's, which has not been tuned for it. The band
/// engine takes the same decisions on every path, so the SIMD128 module then gives the
/// baseline module's answers, the first solution of a board with several included.
const fn handoff(path: Path) -> band::Budget {
    match path {
        Path::Portable | Path::Simd128 => band::Budget {
            guesses: 2000,
            open_at_first_guess: u32::MAX,
        },
        _ => band::Budget {
            guesses: 16,
            open_at_first_guess: 48,
        },
    }
}

/// The triad engine's budget, in branching decisions, when the band engine hands it a
/// puzzle: several times the most it takes on any puzzle of the corpora
/// (`triad::stats_with`; docs/performance.md), so that no hard puzzle reaches it, and
/// about a millisecond of search. A count to a large limit gets
/// [`GUESSES_PER_SOLUTION`] more for each solution asked for. The same budget on every
/// path: the triad engine takes the same decisions on each (only the time per decision
/// differs, several times longer in portable code), and on the portable path a puzzle
/// reaches it only after the band engine's 2000 guesses, which no corpus puzzle in file
/// order takes the band engine.
const TRIAD_BUDGET: usize = 4096;

/// The budget's allowance per solution asked for: finding `n` solutions takes at least
/// `n - 1` guesses, and counting the empty board's takes about one per solution.
const GUESSES_PER_SOLUTION: usize = 4;

/// A count to a limit of at least [`LARGE_LIMIT`] asks the triad engine for this many
/// solutions first: a board that has them has many, and the band engine counts many
/// solutions faster (docs/performance.md), so it takes the count over.
const FEW_SOLUTIONS: usize = 8;

/// The smallest limit at which a board with [`FEW_SOLUTIONS`] solutions goes back to the
/// band engine: below it, counting again from the givens costs more than it saves
/// (docs/performance.md).
const LARGE_LIMIT: usize = 64;

/// The router: the band engine first, the triad engine for what it gives up on. Each
/// engine tells `watch` of its guesses; when it asks to stop, the count is `Cancelled`.
#[inline]
fn route<W: Watch>(path: Path, board: &Board, limit: usize, watch: &mut W) -> Counted {
    let mut stats = band::SearchStats::default();
    match band::count_watched(path, board, limit, handoff(path), &mut stats, watch) {
        _ if watch.stopped() => Err(Cancelled),
        Some(Ok(result)) => Ok(result),
        Some(Err(band::GaveUp(candidates))) => in_turn(path, board, &candidates, limit, watch),
        // Only on a path this CPU cannot run, which no caller passes.
        None => Ok((0, None)),
    }
}

/// What the band engine hands on: the triad engine from the band engine's `candidates`,
/// within [`TRIAD_BUDGET`] (and its allowance per solution); past it, the band engine
/// again from the givens and the triad engine again, in turn, each with four times the
/// budget before. Each engine has boards the other finds easy (tests/regressions.rs keeps
/// them): some take the band engine tens of thousands to millions of guesses and the
/// triad engine none, one the other way round. Taking turns bounds such a board to a few times what the engine that finds it easy
/// needs, and never stops short of the answer (the budgets grow until one is unlimited).
///
/// A count to a large limit ([`LARGE_LIMIT`]) first asks the triad engine for
/// [`FEW_SOLUTIONS`]; if the board has that many, the band engine takes the first turn.
fn in_turn<W: Watch>(
    path: Path,
    board: &Board,
    candidates: &Candidates,
    limit: usize,
    watch: &mut W,
) -> Counted {
    let mut guesses = TRIAD_BUDGET.saturating_add(limit.saturating_mul(GUESSES_PER_SOLUTION));
    let mut triad_turn = true;
    if limit >= LARGE_LIMIT {
        let few = TRIAD_BUDGET + FEW_SOLUTIONS * GUESSES_PER_SOLUTION;
        match triad::count_from(path, candidates, FEW_SOLUTIONS, few, watch) {
            _ if watch.stopped() => return Err(Cancelled),
            Some(Ok((found, first))) if found < FEW_SOLUTIONS => return Ok((found, first)),
            // Many solutions (or a board the triad engine finds hard): the band engine's turn.
            _ => triad_turn = false,
        }
    }
    loop {
        if triad_turn {
            match triad::count_from(path, candidates, limit, guesses, watch) {
                _ if watch.stopped() => return Err(Cancelled),
                Some(Ok(result)) => return Ok(result),
                Some(Err(triad::GaveUp)) => {}
                // Only on a path this CPU cannot run, which no caller passes.
                None => return Ok((0, None)),
            }
        }
        triad_turn = true;
        let budget = band::Budget {
            guesses: u64::try_from(guesses).unwrap_or(u64::MAX),
            open_at_first_guess: u32::MAX,
        };
        let mut stats = band::SearchStats::default();
        match band::count_watched(path, board, limit, budget, &mut stats, watch) {
            _ if watch.stopped() => return Err(Cancelled),
            Some(Ok(result)) => return Ok(result),
            Some(Err(_)) => {}
            // Only on a path this CPU cannot run, which no caller passes.
            None => return Ok((0, None)),
        }
        guesses = guesses.saturating_mul(4);
    }
}

/// Counts the solutions of a candidate grid (bit `d - 1` of `masks[i]` for digit `d` in
/// cell `i`, no bits above digit 9: a pencil-mark puzzle) up to `limit` on the selected
/// path within `guesses`: the band engine from the state that holds the candidates, then
/// the triad engine from where it gave up, each with that budget. `None` when both give
/// up (a caller takes turns with searches of its own, [`crate::sukaku`]).
pub(crate) fn count_candidates_within(
    masks: &[u16; crate::CELLS],
    limit: usize,
    guesses: u64,
) -> Option<band::Solutions> {
    let path = Path::selected();
    let budget = band::Budget {
        guesses,
        open_at_first_guess: u32::MAX,
    };
    match band::count_candidates_within(path, masks, limit, budget)? {
        Ok(result) => Some(result),
        Err(band::GaveUp(candidates)) => {
            let guesses = usize::try_from(guesses).unwrap_or(usize::MAX);
            triad::count_from(path, &candidates, limit, guesses, &mut Unwatched)?.ok()
        }
    }
}

/// Solves an 81-byte board in place with the contract of [`crate::solve_bytes`], on the
/// selected path, through the router.
pub(crate) fn solve_bytes(bytes: &mut [u8; crate::CELLS]) -> Result<(), crate::Error> {
    let path = Path::selected();
    let mut stats = band::SearchStats::default();
    match band::solve_bytes(path, bytes, handoff(path), &mut stats) {
        Some(first) => finish_solve(path, bytes, first),
        // The selected path is always one this CPU can run.
        None => Err(crate::Error::Internal),
    }
}

/// Counts the solutions of an 81-byte board up to `limit` (at least 1) through the
/// router on the selected path, with the checks of [`crate::count::count_bytes`] made by
/// the band engine as it reads the board (bad characters first, then clashing givens),
/// as [`solve_bytes`] makes them: a board need not be read twice.
pub(crate) fn count_bytes(
    bytes: &[u8; crate::CELLS],
    limit: usize,
) -> Result<(usize, Option<Board>), crate::Error> {
    let path = Path::selected();
    let mut stats = band::SearchStats::default();
    match band::count_bytes(path, bytes, limit, handoff(path), &mut stats) {
        Some(Ok(counted)) => counted,
        // The band engine gives up only on a board of good bytes without clashes.
        Some(Err(band::GaveUp(candidates))) => {
            let board = Board::from_bytes(bytes)?;
            Ok(in_turn(path, &board, &candidates, limit, &mut Unwatched).unwrap_or_default())
        }
        // The selected path is always one this CPU can run.
        None => Err(crate::Error::Internal),
    }
}

/// [`crate::solve_bytes`] through the router on `path` (what `sudoku_solve` runs when
/// `path` is the selected one), for tests and benches. `None` if this CPU cannot run
/// `path`.
pub fn solve_bytes_with(
    path: Path,
    bytes: &mut [u8; crate::CELLS],
) -> Option<Result<(), crate::Error>> {
    let mut stats = band::SearchStats::default();
    let first = band::solve_bytes(path, bytes, handoff(path), &mut stats)?;
    Some(finish_solve(path, bytes, first))
}

/// The router's second half for `solve_bytes`: the band engine's answer, or the triad
/// engine's when the band engine gave up.
#[inline(always)]
fn finish_solve(
    path: Path,
    bytes: &mut [u8; crate::CELLS],
    first: Result<Result<(), crate::Error>, band::GaveUp>,
) -> Result<(), crate::Error> {
    match first {
        Ok(status) => status,
        // The band engine gives up only after checking every byte and every clash, and
        // leaves the board unchanged; the triad engine goes on from its candidates.
        Err(band::GaveUp(candidates)) => {
            let Ok(board) = Board::from_bytes(bytes) else {
                return Err(crate::Error::Internal);
            };
            match in_turn(path, &board, &candidates, 1, &mut Unwatched) {
                Ok((0, _)) => Err(crate::Error::NoSolution),
                Ok((_, Some(solution))) => {
                    solution.write_bytes(bytes);
                    Ok(())
                }
                Ok((_, None)) | Err(Cancelled) => Err(crate::Error::Internal),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;

    /// A board found by fuzzing `sudoku_solve_batch` (tests/regressions.rs): several
    /// solutions, far more guesses than its budget for the triad engine and a few for the
    /// band engine. On the paths whose hand-off limits the open cells (the native vector
    /// paths) the band engine hands it on (too many open cells at its first guess), the
    /// triad engine runs out of its budget, and the band engine, in turn, answers.
    #[test]
    fn a_board_past_the_triad_budget_goes_back_to_the_band_engine() {
        let text =
            "0.........0.345000000000001........................5346.07..00.........5.34500000";
        let board = Board::from_text(text).expect("a board");
        for path in Path::available() {
            let needed = triad::stats_with(path, &board, 1).expect("available");
            assert!(needed.guesses > TRIAD_BUDGET, "{path:?}: {needed:?}");
            let mut stats = band::SearchStats::default();
            let first = band::count_budgeted(path, &board, 2, handoff(path), &mut stats);
            assert_eq!(
                matches!(first, Some(Err(_))),
                handoff(path).open_at_first_guess < u32::MAX,
                "{path:?}: the band engine's first run {stats:?}"
            );
            let (n, solution) = count_with(path, &board, 2).expect("available");
            assert_eq!(n, 2, "{path:?}");
            assert!(
                solution.is_some_and(|s| s.is_solution_of(&board)),
                "{path:?}"
            );
            let mut bytes: [u8; crate::CELLS] = text.as_bytes().try_into().expect("81 bytes");
            assert_eq!(solve_bytes_with(path, &mut bytes), Some(Ok(())));
            let solved = Board::from_bytes(&bytes).expect("digits");
            assert!(solved.is_solution_of(&board), "{path:?}");
        }
    }

    /// A count to a large limit goes back to the band engine when the board has many
    /// solutions (its first solution is the band engine's), and stays with the triad
    /// engine when it has few (the triad engine's); the count agrees with the reference.
    #[test]
    fn a_large_count_with_many_solutions_goes_back_to_the_band_engine() {
        // A classic puzzle (one solution), and the same less its first two rows (many).
        let unique =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let many = format!("{}{}", ".".repeat(18), &unique[18..]);
        let limit = LARGE_LIMIT;
        for path in Path::available() {
            let board = Board::from_text(&many).expect("a board");
            let band_count = band::count(path, &board, limit).expect("available");
            assert_eq!(
                band_count.0, limit,
                "{path:?}: the board has many solutions"
            );
            let triad_first = triad::count(path, &board, limit).expect("available").1;
            assert_ne!(
                triad_first, band_count.1,
                "{path:?}: the engines tell apart"
            );
            let (n, first) = count_with(path, &board, limit).expect("available");
            assert_eq!(n, reference::count(&board, limit).0, "{path:?}");
            assert_eq!(first, band_count.1, "{path:?}: the band engine's count");
            let board = Board::from_text(unique).expect("a board");
            let (n, first) = count_with(path, &board, limit).expect("available");
            assert_eq!(n, 1, "{path:?}");
            assert!(first.is_some_and(|s| s.is_solution_of(&board)), "{path:?}");
        }
    }

    #[test]
    fn unavailable_paths_are_refused() {
        for p in Path::ALL {
            assert_eq!(count_with(p, &Board::EMPTY, 1).is_some(), p.is_available());
        }
    }

    /// The empty board counted far: the hook is called, with counts that never decrease
    /// and never exceed the limit, and a hook that never stops changes nothing.
    #[test]
    fn the_hook_is_called_on_a_long_count_of_the_empty_board() {
        let limit = 200_000;
        let mut seen = Vec::new();
        let mut hook = |found: usize| {
            seen.push(found);
            false
        };
        let (n, first) = count_with_progress(&Board::EMPTY, limit, &mut hook).expect("not stopped");
        assert_eq!(n, limit);
        assert!(first.is_some_and(|s| s.is_solution_of(&Board::EMPTY)));
        assert!(seen.len() >= 10, "{} calls", seen.len());
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert!(seen.iter().all(|&f| f <= limit));
        assert!(seen.last().is_some_and(|&f| f > 0));
    }

    /// A hook that asks to stop at its `k`-th call stops the count there.
    #[test]
    fn a_hook_cancels_the_count_at_its_kth_call() {
        for k in [1, 2, 5] {
            let mut calls = 0;
            let mut hook = |_: usize| {
                calls += 1;
                calls == k
            };
            let r = count_with_progress(&Board::EMPTY, usize::MAX, &mut hook);
            assert_eq!(r, Err(Cancelled), "k = {k}");
            assert_eq!(calls, k);
        }
    }

    /// With a hook that never stops, the count is the plain count, on boards each engine
    /// finds hard (the hook is called on them), a board with many solutions counted to a
    /// large limit, and small counts that end before any call.
    #[test]
    fn a_count_with_a_hook_that_never_stops_is_the_plain_count() {
        let unique =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let many = format!("{}{}", ".".repeat(18), &unique[18..]);
        // Whether the hook must be called: counting 5000 solutions takes at least 4999
        // guesses on any path; the small counts take far fewer than a call's 1024; how
        // many the hard board takes depends on the path (None: either way).
        let cases = [
            // The triad engine's hard board (see above), counted to 2.
            (
                "0.........0.345000000000001........................5346.07..00.........5.34500000",
                2,
                None,
            ),
            (many.as_str(), 5000, Some(true)),
            (unique, 2, Some(false)),
            (
                "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
                2,
                Some(false),
            ),
            (
                "11...............................................................................",
                2,
                Some(false),
            ),
        ];
        for (text, limit, long) in cases {
            let board = Board::from_text(text).expect("a board");
            let mut calls = 0;
            let mut hook = |_: usize| {
                calls += 1;
                false
            };
            let watched = count_with_progress(&board, limit, &mut hook);
            assert_eq!(watched, Ok(count(&board, limit)), "{text}");
            if let Some(long) = long {
                assert_eq!(calls > 0, long, "{text}: {calls} calls");
            }
        }
    }
}
