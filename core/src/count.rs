//! Counting solutions: how many grids complete a board, up to a limit.
//!
//! A thin, validated layer over the engine's `count`, which stops as soon as it has found
//! `limit` solutions. With `limit = 2` this is the uniqueness check that the rater and the
//! generator rely on; they use only the count, never which solution was found first, so
//! their answers do not depend on the engine's code path.

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS};
use crate::engine;
use crate::error::Error;

/// The result of counting the solutions of a board up to a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// min(number of solutions, limit).
    pub count: usize,
    /// The first solution the engine found, when `count > 0`. Which solution comes first
    /// depends on the engine (and its code path); only the count is path-independent.
    pub first: Option<Board>,
}

impl Count {
    /// The count of an engine that was asked for `limit` solutions, found `count` and
    /// `first`. The engine never reports more than it was asked for; the contract is kept
    /// even if a future engine overshoots.
    fn of(count: usize, first: Option<Board>, limit: usize) -> Count {
        let count = count.min(limit);
        Count {
            count,
            first: if count > 0 { first } else { None },
        }
    }
}

/// How many solutions a board has, as far as a uniqueness check can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// No grid completes the givens.
    None,
    /// Exactly one grid completes the givens: the puzzle is proper.
    Unique,
    /// Two or more grids complete the givens.
    Multiple,
}

/// Counts the solutions of `board`, stopping at `limit` (`limit = 0` counts nothing).
///
/// Fails with [`Error::Conflict`] if two equal givens share a unit. A board with no
/// solution is not an error: its count is 0.
pub fn count_solutions(board: &Board, limit: usize) -> Result<Count, Error> {
    board.check_conflicts()?;
    Ok(count_clash_free(board, limit))
}

/// Counts the solutions of an 81-byte board (`'1'`-`'9'`, `'.'` or `'0'`), with the
/// validation of the C `sudoku_count_solutions`: bad characters first
/// ([`Error::InvalidChar`]), then clashes ([`Error::Conflict`]).
pub fn count_bytes(bytes: &[u8; CELLS], limit: usize) -> Result<Count, Error> {
    if limit == 0 {
        return count_solutions(&Board::from_bytes(bytes)?, limit);
    }
    // The engine checks the bytes and the givens as it reads them, in that order.
    let (count, first) = engine::count_bytes(bytes, limit)?;
    Ok(Count::of(count, first, limit))
}

/// Whether `board` has no, one or several solutions (a count with limit 2).
///
/// Fails with [`Error::Conflict`] if two equal givens share a unit.
pub fn uniqueness(board: &Board) -> Result<Uniqueness, Error> {
    board.check_conflicts()?;
    Ok(uniqueness_clash_free(board))
}

/// Counts the solutions of `board` up to `limit` as [`count_solutions`] does, calling
/// `progress` with the number of solutions found so far as the count goes on: every few
/// milliseconds of a long count (a quick count may end without a call). When `progress`
/// returns `true` the count stops and fails with [`Error::Cancelled`].
///
/// Fails with [`Error::Conflict`] if two equal givens share a unit.
pub fn count_solutions_with_progress(
    board: &Board,
    limit: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Count, Error> {
    board.check_conflicts()?;
    // The engine calls its hook far more often than needed; the caller's callback (perhaps
    // a Python function) is called at most every PROGRESS_EVERY, so that it costs nothing
    // next to the count.
    let mut last_call = Clock::now();
    let mut hook = |found: usize| {
        if !last_call.due() {
            return false;
        }
        last_call = Clock::now();
        progress(found)
    };
    let (count, first) = engine::count_with_progress(board, limit, &mut hook)
        .map_err(|engine::Cancelled| Error::Cancelled)?;
    Ok(Count::of(count, first, limit))
}

/// [`count_solutions_with_progress`] on an 81-byte board, validated as [`count_bytes`].
pub fn count_bytes_with_progress(
    bytes: &[u8; CELLS],
    limit: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Count, Error> {
    count_solutions_with_progress(&Board::from_bytes(bytes)?, limit, progress)
}

/// How often, at most, the caller's progress callback is called (where time can be read).
const PROGRESS_EVERY: core::time::Duration = core::time::Duration::from_millis(2);

/// When the progress callback was last called: a time where the target can read one,
/// else nothing (every look is then due).
#[derive(Clone, Copy)]
struct Clock(#[cfg(not(target_family = "wasm"))] std::time::Instant);

impl Clock {
    fn now() -> Clock {
        Clock(
            #[cfg(not(target_family = "wasm"))]
            std::time::Instant::now(),
        )
    }

    /// Whether [`PROGRESS_EVERY`] has passed since this time.
    fn due(self) -> bool {
        #[cfg(not(target_family = "wasm"))]
        {
            self.0.elapsed() >= PROGRESS_EVERY
        }
        #[cfg(target_family = "wasm")]
        {
            let _ = PROGRESS_EVERY;
            true
        }
    }
}

/// [`count_solutions`] for a board already known to be clash-free.
pub(crate) fn count_clash_free(board: &Board, limit: usize) -> Count {
    let (count, first) = engine::count(board, limit);
    Count::of(count, first, limit)
}

/// [`uniqueness`] for a board already known to be clash-free.
pub(crate) fn uniqueness_clash_free(board: &Board) -> Uniqueness {
    match count_clash_free(board, 2).count {
        0 => Uniqueness::None,
        1 => Uniqueness::Unique,
        _ => Uniqueness::Multiple,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The LeetCode puzzle with its last `k` givens removed.
    fn with_fewer_givens(k: usize) -> Board {
        let mut b = Board::from_text(LEETCODE).unwrap();
        let givens: Vec<usize> = (0..CELLS).filter(|&i| b.get(i) != 0).collect();
        for &i in givens.iter().rev().take(k) {
            b.set(i, 0);
        }
        b
    }

    #[test]
    fn counts_match_the_reference_at_every_limit() {
        let mut no_solution = Board::EMPTY;
        for k in 0..8 {
            no_solution.set(k, k as u8 + 1);
        }
        no_solution.set(80, 9); // cell 8 has no candidate
        let boards = [
            no_solution,
            Board::from_text(LEETCODE).unwrap(),
            with_fewer_givens(8),
            with_fewer_givens(14),
        ];
        for board in boards {
            let (all, _) = reference::count(&board, 100_000);
            for limit in [0, 1, 2, 3, 10, 1000, 100_000] {
                let got = count_solutions(&board, limit).unwrap();
                assert_eq!(got.count, all.min(limit), "{board} limit {limit}");
                match got.first {
                    Some(s) => assert!(s.is_solution_of(&board)),
                    None => assert_eq!(got.count, 0),
                }
            }
        }
    }

    #[test]
    fn uniqueness_reads_a_limit_two_count() {
        let unique = Board::from_text(LEETCODE).unwrap();
        assert_eq!(uniqueness(&unique), Ok(Uniqueness::Unique));
        assert_eq!(uniqueness(&Board::EMPTY), Ok(Uniqueness::Multiple));
        let mut none = Board::EMPTY;
        for k in 0..8 {
            none.set(k, k as u8 + 1);
        }
        none.set(80, 9);
        assert_eq!(uniqueness(&none), Ok(Uniqueness::None));
    }

    #[test]
    fn counts_with_progress_equal_plain_counts_and_stop_when_asked() {
        let boards = [
            Board::EMPTY,
            Board::from_text(LEETCODE).unwrap(),
            with_fewer_givens(14),
            with_fewer_givens(24),
        ];
        for board in boards {
            for limit in [0, 1, 2, 4095, 4096, 4097, 12_295, 50_000] {
                let plain = count_solutions(&board, limit).unwrap();
                let mut seen = Vec::new();
                let got = count_solutions_with_progress(&board, limit, &mut |found| {
                    seen.push(found);
                    false
                })
                .unwrap();
                assert_eq!(got.count, plain.count, "{board} limit {limit}");
                match got.first {
                    Some(s) => assert!(s.is_solution_of(&board) && got.count > 0),
                    None => assert_eq!(got.count, 0),
                }
                assert!(seen.windows(2).all(|w| w[0] <= w[1]));
                assert!(seen.iter().all(|&f| f <= got.count));
            }
        }
        // The empty board to a large limit reports progress, and stops at the k-th call.
        let mut calls = 0;
        let got = count_solutions_with_progress(&Board::EMPTY, 400_000, &mut |_| {
            calls += 1;
            false
        });
        assert_eq!(got.map(|c| c.count), Ok(400_000));
        assert!(calls > 0);
        for k in [1, 2, 5] {
            let mut calls = 0;
            let got = count_solutions_with_progress(&Board::EMPTY, usize::MAX, &mut |_| {
                calls += 1;
                calls >= k
            });
            assert_eq!(got, Err(Error::Cancelled));
            assert_eq!(calls, k);
        }
        let mut clash = Board::EMPTY;
        clash.set(0, 1);
        clash.set(1, 1);
        assert_eq!(
            count_solutions_with_progress(&clash, 5, &mut |_| false),
            Err(Error::Conflict)
        );
    }

    /// `count_bytes` reads the board in the engine; it must answer as a count of the
    /// parsed board does, for every status, limit and kind of board (a hard one that the
    /// band engine hands on included), with `'0'` blanks as `'.'`.
    #[test]
    fn counts_of_bytes_equal_counts_of_boards() {
        let hard =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let mut boards: Vec<[u8; CELLS]> = [LEETCODE, hard]
            .iter()
            .map(|t| t.as_bytes().try_into().unwrap())
            .collect();
        boards.push(with_fewer_givens(14).to_bytes());
        boards.push(Board::EMPTY.to_bytes());
        let mut no_solution = [b'.'; CELLS];
        no_solution[..8].copy_from_slice(b"12345678");
        no_solution[80] = b'9';
        boards.push(no_solution);
        let zeros = boards[1].map(|b| if b == b'.' { b'0' } else { b });
        boards.push(zeros);
        for (clash_a, clash_b) in [(0, 1), (0, 9), (0, 20), (40, 80)] {
            let mut b = [b'.'; CELLS];
            b[clash_a] = b'7';
            b[clash_b] = b'7';
            boards.push(b);
        }
        let mut bad = boards[0];
        bad[40] = b' ';
        boards.push(bad);
        for bytes in &boards {
            let parsed = Board::from_bytes(bytes);
            for limit in [0, 1, 2, 3, 100] {
                let want = parsed.and_then(|b| count_solutions(&b, limit));
                let got = count_bytes(bytes, limit);
                let text = String::from_utf8_lossy(bytes);
                assert_eq!(
                    got.map(|c| c.count),
                    want.map(|c| c.count),
                    "{text} {limit}"
                );
                if let (Ok(got), Ok(board)) = (got, parsed) {
                    match got.first {
                        Some(s) => assert!(s.is_solution_of(&board), "{text} {limit}"),
                        None => assert_eq!(got.count, 0, "{text} {limit}"),
                    }
                }
            }
        }
    }

    #[test]
    fn bad_boards_are_reported_in_order() {
        let mut bytes =
            *b"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(count_bytes(&bytes, 2), Err(Error::Conflict));
        bytes[80] = b'x';
        assert_eq!(count_bytes(&bytes, 2), Err(Error::InvalidChar));
        assert_eq!(count_bytes(&bytes, 0), Err(Error::InvalidChar));
    }
}
