//! The router: the band engine first, the triad engine for what it gives up on, and the
//! two in turn on the boards each finds hard.

use super::{band, triad, Candidates, Path};
use crate::board::Board;

/// Counts the solutions of `board` up to `limit` on the given path, returning the count
/// and the first solution found (`None` when the count is 0; clashing givens count 0).
///
/// Returns `None` if this CPU cannot run `path`.
pub fn count_with(path: Path, board: &Board, limit: usize) -> Option<(usize, Option<Board>)> {
    path.is_available().then(|| route(path, board, limit))
}

/// Counts the solutions of `board` up to `limit` on the selected path (clashing givens
/// count 0).
pub(crate) fn count(board: &Board, limit: usize) -> (usize, Option<Board>) {
    route(Path::selected(), board, limit)
}

/// When the band engine gives up on `path` and hands the puzzle to the triad engine.
///
/// With vector instructions the triad engine is the faster one on hard puzzles, so the
/// band engine hands them on early. On the portable path the band engine is the faster one
/// (the triad engine's portable code takes about 1.8x its time on the forum's hardest
/// puzzles), so it keeps going much longer; the budget still bounds its worst case: the
/// fuzzer found clash-free boards without a solution (tests/regressions.rs) that take the
/// band engine most of a second to refute and the triad engine microseconds.
///
/// The vector paths' thresholds are measured: 16 guesses and 48 open cells are where
/// routed solves are fastest on magictour without costing the easy and multi-solution
/// corpora (same-process alternating runs on AVX-512, against 50 open cells: magictour
/// -1.7%, 17-clue, gen_minimal, serg and gen_invalid within 0.5%; 46 cost serg 4%).
const fn handoff(path: Path) -> band::Budget {
    match path {
        Path::Portable => band::Budget {
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
/// puzzle: 7.4 times the most it takes on any puzzle of the corpora (551, in
/// `puzzles5_forum_hardest_1905_11+`; `triad::stats_with`), so that no hard puzzle reaches
/// it, and about a millisecond of search. A count to a large limit gets
/// [`GUESSES_PER_SOLUTION`] more for each solution asked for.
const TRIAD_BUDGET: usize = 4096;

/// The budget's allowance per solution asked for: finding `n` solutions takes at least
/// `n - 1` guesses, and counting the empty board's takes about one per solution.
const GUESSES_PER_SOLUTION: usize = 4;

/// A count to a limit of at least [`LARGE_LIMIT`] asks the triad engine for this many
/// solutions first: a board that has them has many, and the band engine counts many
/// solutions faster (1.5-3x on the vector paths: the empty board, multi-solution corpus
/// puzzles and 17-clue puzzles less a clue, counted to 1000), so it takes the count over.
const FEW_SOLUTIONS: usize = 8;

/// The smallest limit at which a board with [`FEW_SOLUTIONS`] solutions goes back to the
/// band engine: below it, counting again from the givens costs more than it saves.
/// Measured on AVX-512 (the empty board, serg puzzles, 17-clue puzzles less a given),
/// against the triad engine alone: at limit 32 the hand-back took 11.1-12.7 us against
/// 10.5-12.0, at 64 it took 14.4-19.2 us against 18.3-21.9.
const LARGE_LIMIT: usize = 64;

/// The router: the band engine first, the triad engine for what it gives up on.
fn route(path: Path, board: &Board, limit: usize) -> (usize, Option<Board>) {
    let mut stats = band::SearchStats::default();
    match band::count_budgeted(path, board, limit, handoff(path), &mut stats) {
        Some(Ok(result)) => result,
        Some(Err(band::GaveUp(candidates))) => in_turn(path, board, &candidates, limit),
        // Only on a path this CPU cannot run, which no caller passes.
        None => (0, None),
    }
}

/// What the band engine hands on: the triad engine from the band engine's `candidates`,
/// within [`TRIAD_BUDGET`] (and its allowance per solution); past it, the band engine
/// again from the givens and the triad engine again, in turn, each with four times the
/// budget before. Each engine has boards the other finds easy (tests/regressions.rs keeps
/// them; counted to 2 on AVX-512): two take the band engine 40,476 and 4,086,721 guesses
/// and the triad engine none, one takes the triad engine 368,130 and the band engine 26.
/// Taking turns bounds such a board to a few times what the engine that finds it easy
/// needs, and never stops short of the answer (the budgets grow until one is unlimited).
///
/// A count to a large limit ([`LARGE_LIMIT`]) first asks the triad engine for
/// [`FEW_SOLUTIONS`]; if the board has that many, the band engine takes the first turn.
fn in_turn(
    path: Path,
    board: &Board,
    candidates: &Candidates,
    limit: usize,
) -> (usize, Option<Board>) {
    let mut guesses = TRIAD_BUDGET.saturating_add(limit.saturating_mul(GUESSES_PER_SOLUTION));
    let mut triad_turn = true;
    if limit >= LARGE_LIMIT {
        let few = TRIAD_BUDGET + FEW_SOLUTIONS * GUESSES_PER_SOLUTION;
        match triad::count_from(path, candidates, FEW_SOLUTIONS, few) {
            Some(Ok((found, first))) if found < FEW_SOLUTIONS => return (found, first),
            // Many solutions (or a board the triad engine finds hard): the band engine's turn.
            _ => triad_turn = false,
        }
    }
    loop {
        if triad_turn {
            match triad::count_from(path, candidates, limit, guesses) {
                Some(Ok(result)) => return result,
                Some(Err(triad::GaveUp)) => {}
                // Only on a path this CPU cannot run, which no caller passes.
                None => return (0, None),
            }
        }
        triad_turn = true;
        let budget = band::Budget {
            guesses: u64::try_from(guesses).unwrap_or(u64::MAX),
            open_at_first_guess: u32::MAX,
        };
        let mut stats = band::SearchStats::default();
        if let Some(Ok(result)) = band::count_budgeted(path, board, limit, budget, &mut stats) {
            return result;
        }
        guesses = guesses.saturating_mul(4);
    }
}

/// Solves an 81-byte board in place with the contract of [`crate::solve_bytes`], on the
/// selected path, through the router.
pub(crate) fn solve_bytes(bytes: &mut [u8; crate::CELLS]) -> crate::Status {
    let path = Path::selected();
    let mut stats = band::SearchStats::default();
    match band::solve_bytes(path, bytes, handoff(path), &mut stats) {
        Some(first) => finish_solve(path, bytes, first),
        // The selected path is always one this CPU can run.
        None => crate::Status::ErrInternal,
    }
}

/// [`crate::solve_bytes`] through the router on `path` (what `sudoku_solve` runs when
/// `path` is the selected one), for tests and benches. `None` if this CPU cannot run
/// `path`.
pub fn solve_bytes_with(path: Path, bytes: &mut [u8; crate::CELLS]) -> Option<crate::Status> {
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
    first: Result<crate::Status, band::GaveUp>,
) -> crate::Status {
    match first {
        Ok(status) => status,
        // The band engine gives up only after checking every byte and every clash, and
        // leaves the board unchanged; the triad engine goes on from its candidates.
        Err(band::GaveUp(candidates)) => {
            let Ok(board) = Board::from_bytes(bytes) else {
                return crate::Status::ErrInternal;
            };
            match in_turn(path, &board, &candidates, 1) {
                (0, _) => crate::Status::NoSolution,
                (_, Some(solution)) => {
                    solution.write_bytes(bytes);
                    crate::Status::Ok
                }
                (_, None) => crate::Status::ErrInternal,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;

    /// A board found by fuzzing `sudoku_solve_batch` (tests/regressions.rs): several
    /// solutions, 368,130 guesses for the triad engine and two dozen for the band engine.
    /// On the vector paths the band engine hands it on (64 open cells at its first guess),
    /// the triad engine runs out of its budget, and the band engine, in turn, answers.
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
                path != Path::Portable,
                "{path:?}: the band engine's first run {stats:?}"
            );
            let (n, solution) = count_with(path, &board, 2).expect("available");
            assert_eq!(n, 2, "{path:?}");
            assert!(
                solution.is_some_and(|s| s.is_solution_of(&board)),
                "{path:?}"
            );
            let mut bytes: [u8; crate::CELLS] = text.as_bytes().try_into().expect("81 bytes");
            assert_eq!(solve_bytes_with(path, &mut bytes), Some(crate::Status::Ok));
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
}
