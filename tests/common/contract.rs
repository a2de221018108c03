//! The contract of the C ABI written as an oracle, for the property tests, the thread
//! stress test and the fuzz targets (which include this file by path).
//!
//! Everything the contract says about a call is computed here from the input alone,
//! independently of the library's own validation: which bytes are allowed, which givens
//! clash (a pairwise check, cross-checked against `Board::conflict`), and, only when the
//! solver reports no solution, whether the plain reference solver finds one. A status of
//! `SUDOKU_OK` needs no reference: the returned grid is checked to be a complete valid grid
//! keeping every given, which proves the board solvable.
#![allow(dead_code)] // each user takes its own subset

use sudoku::engine::{self, reference, Path};
use sudoku::{Board, Status, CELLS};

/// Whether `byte` may stand in a board on the wire: `'1'`-`'9'`, `'.'` or `'0'`.
pub fn is_board_byte(byte: u8) -> bool {
    matches!(byte, b'0'..=b'9' | b'.')
}

/// The digit a wire byte stands for, 0 for a blank (only for board bytes).
fn digit(byte: u8) -> u8 {
    if byte == b'.' {
        0
    } else {
        byte - b'0'
    }
}

/// Whether cells `i` and `j` (0-80) share a row, a column or a box.
pub fn share_unit(i: usize, j: usize) -> bool {
    i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3)
}

/// Whether two equal givens of a board of board bytes share a unit: every pair of cells
/// is looked at, nothing is shared with the library's unit tables.
pub fn has_clash(bytes: &[u8; CELLS]) -> bool {
    (0..CELLS).any(|i| {
        let d = digit(bytes[i]);
        d != 0 && (i + 1..CELLS).any(|j| digit(bytes[j]) == d && share_unit(i, j))
    })
}

/// Whether `grid` is a complete valid grid (every byte `'1'`-`'9'`, each row, column and
/// box holding nine different digits) that keeps every given of `puzzle`.
pub fn is_solution(puzzle: &[u8; CELLS], grid: &[u8; CELLS]) -> bool {
    let complete = grid.iter().all(|b| (b'1'..=b'9').contains(b));
    let keeps = puzzle
        .iter()
        .zip(grid)
        .all(|(&p, &g)| p == b'.' || p == b'0' || p == g);
    complete && keeps && !has_clash(grid)
}

/// The statuses `sudoku_solve` may return for `input` before looking for a solution:
/// `Some(ErrInvalidChar)` if any byte is not a board byte (wins over clashes),
/// `Some(ErrConflict)` if givens clash, `None` when the board is well formed.
pub fn argument_error(input: &[u8; CELLS]) -> Result<Option<Status>, String> {
    if !input.iter().all(|&b| is_board_byte(b)) {
        return Ok(Some(Status::ErrInvalidChar));
    }
    let clash = has_clash(input);
    let board = Board::from_bytes(input).map_err(|s| format!("from_bytes refused {s:?}"))?;
    if board.conflict().is_some() != clash {
        return Err(format!(
            "Board::conflict says {:?}, the pairwise check says {clash}",
            board.conflict()
        ));
    }
    Ok(clash.then_some(Status::ErrConflict))
}

/// Checks one call of the `sudoku_solve` contract: `input` went in, the call returned
/// `code` and left `output` in the caller's buffer.
pub fn check_solve(input: &[u8; CELLS], code: i32, output: &[u8; CELLS]) -> Result<(), String> {
    check_solve_within(input, code, output, usize::MAX).map(|_| ())
}

/// [`check_solve`] giving the reference at most `max_steps` steps to confirm a reported
/// `SUDOKU_NO_SOLUTION`. Returns whether the answer is verified: `false` only when the
/// reference ran out of steps, in which case every engine path must at least agree that
/// there is no solution.
pub fn check_solve_within(
    input: &[u8; CELLS],
    code: i32,
    output: &[u8; CELLS],
    max_steps: usize,
) -> Result<bool, String> {
    let status = Status::from_code(code).ok_or_else(|| format!("unknown status {code}"))?;
    let show = |b: &[u8; CELLS]| String::from_utf8_lossy(b).into_owned();
    if status != Status::Ok && output != input {
        return Err(format!(
            "{status:?} changed the board: {} became {}",
            show(input),
            show(output)
        ));
    }
    match argument_error(input)? {
        Some(expected) if status != expected => Err(format!(
            "status {status:?}, the contract says {expected:?} for {}",
            show(input)
        )),
        Some(_) => Ok(true),
        None => match status {
            Status::Ok if is_solution(input, output) => Ok(true),
            Status::Ok => Err(format!(
                "{} is no solution of {}",
                show(output),
                show(input)
            )),
            Status::NoSolution => {
                let board = Board::from_bytes(input).map_err(|s| format!("{s:?}"))?;
                match reference::count_within(&board, 1, max_steps) {
                    Some((_, Some(s))) => {
                        Err(format!("no solution reported, the reference found {s}"))
                    }
                    Some((_, None)) => Ok(true),
                    None => paths_agree(&board, 1).map(|_| false),
                }
            }
            other => Err(format!(
                "status {other:?} for the well-formed {}",
                show(input)
            )),
        },
    }
}

/// The status the contract names for `input`, computed without the library's solvers
/// (the reference decides solvability; slow on boards that need a deep search).
pub fn expected_status(input: &[u8; CELLS]) -> Result<Status, String> {
    Ok(match argument_error(input)? {
        Some(s) => s,
        None => {
            let board = Board::from_bytes(input).map_err(|s| format!("{s:?}"))?;
            if reference::count(&board, 1).0 == 0 {
                Status::NoSolution
            } else {
                Status::Ok
            }
        }
    })
}

/// Checks that every available engine path counts the solutions of the clash-free
/// `board` up to `limit` exactly as the reference does, and that the first solution each
/// reports is a solution of `board` (present exactly when the count is not zero).
pub fn check_counts(board: &Board, limit: usize) -> Result<(), String> {
    check_counts_within(board, limit, usize::MAX).map(|_| ())
}

/// [`check_counts`] giving the reference at most `max_steps` steps. Returns whether the
/// counts are verified by the reference: `false` when it ran out of steps, in which case
/// the paths must still agree with each other and give valid solutions.
pub fn check_counts_within(board: &Board, limit: usize, max_steps: usize) -> Result<bool, String> {
    let count = paths_agree(board, limit)?;
    match reference::count_within(board, limit, max_steps) {
        Some((expected, _)) if expected != count => Err(format!(
            "the paths count {count} solutions up to {limit}, the reference {expected}, for {board}"
        )),
        Some(_) => Ok(true),
        None => Ok(false),
    }
}

/// Counts the solutions of the clash-free `board` up to `limit` on every available path,
/// checks that they agree and that each first solution solves `board` (and is there
/// exactly when the count is not zero); returns the count.
pub fn paths_agree(board: &Board, limit: usize) -> Result<usize, String> {
    let mut agreed: Option<(Path, usize)> = None;
    for path in Path::available() {
        let (n, first) = engine::count_with(path, board, limit)
            .ok_or_else(|| format!("{} is available but refused", path.name()))?;
        match first {
            Some(s) if n > 0 && is_solution(&board.to_bytes(), &s.to_bytes()) => {}
            None if n == 0 => {}
            other => {
                return Err(format!(
                    "{}: count {n} came with first solution {other:?} for {board}",
                    path.name()
                ))
            }
        }
        match agreed {
            Some((p, m)) if m != n => {
                return Err(format!(
                    "{} counts {n} solutions up to {limit}, {} counts {m}, for {board}",
                    path.name(),
                    p.name()
                ))
            }
            Some(_) => {}
            None => agreed = Some((path, n)),
        }
    }
    agreed
        .map(|(_, n)| n)
        .ok_or_else(|| "no engine path is available".to_string())
}
