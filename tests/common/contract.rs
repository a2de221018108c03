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

use sudoku::Status;
use sudoku_core::engine::{self, reference, Path};
use sudoku_core::{Board, Difficulty, CELLS};

/// Every status `sudoku_solve` may give a board (NULL aside; `ErrInternal` never): the
/// generators of every test that checks the contract must reach each of them.
pub const SOLVE_STATUSES: [Status; 4] = [
    Status::Ok,
    Status::NoSolution,
    Status::ErrInvalidChar,
    Status::ErrConflict,
];

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
    // Once every byte is a digit, each unit must hold all nine (nine cells, nine digits).
    let units_full = || {
        (0..27).all(|u| {
            unit_cells(u)
                .iter()
                .fold(0u16, |seen, &i| seen | 1 << (grid[i] - b'0'))
                == 0b11_1111_1110
        })
    };
    complete && keeps && units_full()
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

/// The number of solutions of the clash-free `board` up to `limit`, with a first solution
/// when there is one, and whether the plain reference settled it within `max_steps` steps
/// (`true`). When the reference runs out of steps, every engine path must agree
/// ([`paths_agree`]) and the count is theirs, the first solution the portable path's.
pub fn settled_count(
    board: &Board,
    limit: usize,
    max_steps: usize,
) -> Result<(usize, Option<Board>, bool), String> {
    if let Some((n, first)) = reference::count_within(board, limit, max_steps) {
        return Ok((n, first, true));
    }
    let n = paths_agree(board, limit)?;
    let first = engine::count_with(Path::Portable, board, limit).and_then(|(_, first)| first);
    Ok((n, first, false))
}

fn show(bytes: &[u8; CELLS]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The status an argument check names: `Ok(())` when `code` is `expected`.
fn expect_status(code: i32, expected: Status, what: &str) -> Result<(), String> {
    if code == expected.code() {
        Ok(())
    } else {
        Err(format!(
            "status {code} ({:?}), the contract says {expected:?} for {what}",
            Status::from_code(code)
        ))
    }
}

/// An output buffer of 81 bytes as the caller saw it: before and after the call.
pub type Buffer<'a> = (&'a [u8; CELLS], &'a [u8; CELLS]);

/// Checks that an output buffer (NULL when `None`) was left as it was.
fn untouched(buffer: Option<Buffer<'_>>, what: &str) -> Result<(), String> {
    match buffer {
        Some((before, after)) if before != after => Err(format!(
            "{what} was written on failure: {} became {}",
            show(before),
            show(after)
        )),
        _ => Ok(()),
    }
}

/// What callers of `sudoku_count_solutions` put in `*count` before the call: a value no
/// count at the limits the tests use reaches, so a write on failure shows.
pub const COUNT_FILL: usize = usize::MAX;

/// One call of `sudoku_count_solutions`, as its caller saw it.
#[derive(Clone, Copy, Debug)]
pub struct CountCall<'a> {
    /// The board passed, `None` for NULL.
    pub board: Option<&'a [u8; CELLS]>,
    /// The limit passed.
    pub limit: usize,
    /// The status returned.
    pub code: i32,
    /// What `*count` held after the call, `None` when `count` was NULL. Callers fill it
    /// with [`COUNT_FILL`] before the call.
    pub count: Option<usize>,
    /// The solution buffer before and after the call, `None` when it was NULL.
    pub solution: Option<Buffer<'a>>,
}

/// Checks one call of `sudoku_count_solutions` against its contract: NULL `board` or
/// `count` is `SUDOKU_ERR_NULL`; then bad characters, then clashes, as for `sudoku_solve`;
/// else `SUDOKU_OK` with `*count` = min(number of solutions, limit), as the reference
/// (within `max_steps` steps, else every engine path) counts them. `*count` keeps its
/// [`COUNT_FILL`] on every other status. The solution buffer holds a solution of the board when the count is not
/// zero, and is untouched otherwise. Returns whether the reference settled the count.
pub fn check_count(call: &CountCall<'_>, max_steps: usize) -> Result<bool, String> {
    let fail = |status: Status, what: &str| -> Result<bool, String> {
        expect_status(call.code, status, what)?;
        if let Some(n) = call.count.filter(|&n| n != COUNT_FILL) {
            return Err(format!("*count was written ({n}) on {status:?} for {what}"));
        }
        untouched(call.solution, "the solution")?;
        Ok(true)
    };
    let (Some(input), Some(count)) = (call.board, call.count) else {
        return fail(Status::ErrNull, "a NULL board or count");
    };
    if let Some(status) = argument_error(input)? {
        return fail(status, &show(input));
    }
    expect_status(call.code, Status::Ok, &show(input))?;
    let board = Board::from_bytes(input).map_err(|s| format!("from_bytes refused {s:?}"))?;
    let (expected, _, verified) = settled_count(&board, call.limit, max_steps)?;
    if count != expected {
        return Err(format!(
            "*count is {count}, expected {expected} (limit {}) for {}",
            call.limit,
            show(input)
        ));
    }
    match call.solution {
        Some((_, after)) if count > 0 && !is_solution(input, after) => Err(format!(
            "count {count} came with {}, no solution of {}",
            show(after),
            show(input)
        )),
        Some(_) if count > 0 => Ok(verified),
        _ => untouched(call.solution, "the solution with a count of 0").map(|_| verified),
    }
}

/// One call of `sudoku_rate`, as its caller saw it.
#[derive(Clone, Copy, Debug)]
pub struct RateCall<'a> {
    /// The board passed, `None` for NULL.
    pub board: Option<&'a [u8; CELLS]>,
    /// The status returned.
    pub code: i32,
    /// `*difficulty` before and after the call, `None` when `difficulty` was NULL.
    pub difficulty: Option<(i32, i32)>,
}

/// Checks one call of `sudoku_rate` against its contract: NULL arguments are
/// `SUDOKU_ERR_NULL`; then bad characters, then clashes; then the number of solutions up
/// to 2 (the reference's within `max_steps` steps, else every engine path's) decides: none
/// is `SUDOKU_NO_SOLUTION`, several `SUDOKU_MULTIPLE_SOLUTIONS`, one `SUDOKU_OK` with the
/// level [`logic_level`] names. `*difficulty` is untouched on every other status. Returns
/// whether the reference settled the count.
pub fn check_rate(call: &RateCall<'_>, max_steps: usize) -> Result<bool, String> {
    let fail = |status: Status, what: &str| -> Result<bool, String> {
        expect_status(call.code, status, what)?;
        match call.difficulty {
            Some((before, after)) if before != after => Err(format!(
                "*difficulty became {after} (was {before}) on {status:?} for {what}"
            )),
            _ => Ok(true),
        }
    };
    let (Some(input), Some((_, level))) = (call.board, call.difficulty) else {
        return fail(Status::ErrNull, "a NULL board or difficulty");
    };
    if let Some(status) = argument_error(input)? {
        return fail(status, &show(input));
    }
    let board = Board::from_bytes(input).map_err(|s| format!("from_bytes refused {s:?}"))?;
    let (n, _, verified) = settled_count(&board, 2, max_steps)?;
    match n {
        0 => fail(Status::NoSolution, &show(input)).map(|_| verified),
        1 => {
            expect_status(call.code, Status::Ok, &show(input))?;
            let expected = logic_level(&board);
            if level_agrees(expected, level) {
                Ok(verified)
            } else {
                Err(format!(
                    "rated {level}, the techniques name {expected:?} for {}",
                    show(input)
                ))
            }
        }
        _ => fail(Status::MultipleSolutions, &show(input)).map(|_| verified),
    }
}

/// One call of `sudoku_generate`, as its caller saw it.
#[derive(Clone, Copy, Debug)]
pub struct GenerateCall<'a> {
    /// The seed passed.
    pub seed: u64,
    /// The difficulty passed.
    pub difficulty: i32,
    /// The status returned.
    pub code: i32,
    /// The puzzle buffer before and after the call, `None` when it was NULL.
    pub puzzle: Option<Buffer<'a>>,
    /// The solution buffer before and after the call, `None` when it was NULL.
    pub solution: Option<Buffer<'a>>,
}

/// Checks one call of `sudoku_generate` against its contract: a difficulty outside 1-6 is
/// `SUDOKU_ERR_INVALID_ARGUMENT` (whatever the pointers), then NULL `puzzle` is
/// `SUDOKU_ERR_NULL`, and nothing is written on either. On `SUDOKU_OK` the puzzle holds
/// only `'1'`-`'9'` and `'.'`, has exactly one solution (the reference's count within
/// `max_steps` steps, else every engine path's), which is what the solution buffer holds
/// when given; it is minimal (every given removed leaves several solutions) and the
/// techniques name exactly the difficulty asked for ([`logic_level`]). Returns whether the
/// reference settled every count.
pub fn check_generate(call: &GenerateCall<'_>, max_steps: usize) -> Result<bool, String> {
    let what = format!("seed {:#x}, difficulty {}", call.seed, call.difficulty);
    let fail = |status: Status| -> Result<bool, String> {
        expect_status(call.code, status, &what)?;
        untouched(call.puzzle, "the puzzle")?;
        untouched(call.solution, "the solution")?;
        Ok(true)
    };
    let Some(level) = Difficulty::from_code(call.difficulty) else {
        return fail(Status::ErrInvalidArgument);
    };
    let Some((_, puzzle)) = call.puzzle else {
        return fail(Status::ErrNull);
    };
    expect_status(call.code, Status::Ok, &what)?;
    let what = format!("{what}: {}", show(puzzle));
    if !puzzle
        .iter()
        .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b))
    {
        return Err(format!("a byte other than '1'-'9' or '.' in {what}"));
    }
    if has_clash(puzzle) {
        return Err(format!("clashing givens in {what}"));
    }
    let board = Board::from_bytes(puzzle).map_err(|s| format!("from_bytes refused {s:?}"))?;
    let (n, first, mut verified) = settled_count(&board, 2, max_steps)?;
    let unique = match (n, first) {
        (1, Some(s)) => s.to_bytes(),
        _ => return Err(format!("{n} solutions (up to 2) for {what}")),
    };
    if let Some((_, solution)) = call.solution {
        if solution != &unique {
            return Err(format!(
                "the solution written is {}, the puzzle's only one is {} ({what})",
                show(solution),
                show(&unique)
            ));
        }
    }
    for i in (0..CELLS).filter(|&i| board.get(i) != 0) {
        let mut fewer = board;
        fewer.set(i, 0);
        let (n, _, settled) = settled_count(&fewer, 2, max_steps)?;
        verified &= settled;
        if n != 2 {
            return Err(format!("not minimal: given {i} can go ({what})"));
        }
    }
    let rated = logic_level(&board);
    if !level_agrees(rated, level.code()) {
        return Err(format!(
            "the techniques name {rated:?}, asked {level:?} ({what})"
        ));
    }
    Ok(verified)
}

/// The status `sudoku_solve_batch` must return, touching nothing, for `n` boards when
/// `boards` is NULL or not, `statuses` NULL or not and overlapping the boards or not:
/// `None` when the call is well formed and solves the boards. In argument order: `n = 0`
/// is OK whatever the pointers; NULL `boards`; `n * 81` bytes (or `n` ints) more than an
/// object may span (`isize::MAX` bytes); NULL `statuses`; `statuses` overlapping the
/// boards. Alignment is no condition: `statuses` may start at any address.
pub fn batch_argument_status(
    n: usize,
    null_boards: bool,
    null_statuses: bool,
    overlapping: bool,
) -> Option<Status> {
    let addressable = |size: usize| {
        n.checked_mul(size)
            .is_some_and(|b| b <= isize::MAX as usize)
    };
    if n == 0 {
        Some(Status::Ok)
    } else if null_boards {
        Some(Status::ErrNull)
    } else if !addressable(CELLS) || !addressable(core::mem::size_of::<i32>()) {
        Some(Status::ErrInvalidArgument)
    } else if null_statuses {
        Some(Status::ErrNull)
    } else if overlapping {
        Some(Status::ErrInvalidArgument)
    } else {
        None
    }
}

/// Checks one well-formed call of `sudoku_solve_batch` (n boards, both pointers valid):
/// it returned `SUDOKU_OK` and every (status, board) pair meets the `sudoku_solve`
/// contract ([`check_solve_within`]). Returns whether every answer is verified.
pub fn check_batch(
    inputs: &[[u8; CELLS]],
    code: i32,
    statuses: &[i32],
    outputs: &[[u8; CELLS]],
    max_steps: usize,
) -> Result<bool, String> {
    expect_status(code, Status::Ok, &format!("a batch of {}", inputs.len()))?;
    if statuses.len() != inputs.len() || outputs.len() != inputs.len() {
        return Err("the batch's inputs, statuses and outputs differ in length".into());
    }
    let mut verified = true;
    for (i, ((input, &status), output)) in inputs.iter().zip(statuses).zip(outputs).enumerate() {
        verified &= check_solve_within(input, status, output, max_steps)
            .map_err(|e| format!("batch board {i}: {e}"))?;
    }
    Ok(verified)
}

/// The cells of unit `u`: rows 0-8, columns 9-17, boxes 18-26.
fn unit_cells(u: usize) -> [usize; 9] {
    core::array::from_fn(|k| match u {
        0..=8 => u * 9 + k,
        9..=17 => k * 9 + (u - 9),
        _ => {
            let b = u - 18;
            (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3
        }
    })
}

/// The candidates (bit `d` for digit `d`) and digits of a grid being filled by logic.
struct Logic {
    cand: [u16; CELLS],
    digit: [u8; CELLS],
}

impl Logic {
    fn new(board: &Board) -> Logic {
        let digit = *board.digits();
        let cand = core::array::from_fn(|i| {
            if digit[i] != 0 {
                return 0;
            }
            let seen = (0..CELLS)
                .filter(|&j| share_unit(i, j))
                .fold(0u16, |m, j| m | 1 << digit[j]);
            0b11_1111_1110 & !seen
        });
        Logic { cand, digit }
    }

    fn place(&mut self, i: usize, d: u8) {
        self.digit[i] = d;
        self.cand[i] = 0;
        for j in (0..CELLS).filter(|&j| share_unit(i, j)) {
            self.cand[j] &= !(1 << d);
        }
    }

    fn remove(&mut self, i: usize, mask: u16) -> bool {
        let had = self.cand[i] & mask != 0;
        self.cand[i] &= !mask;
        had
    }

    /// Naked and hidden singles, once over the grid.
    fn singles(&mut self) -> bool {
        let mut progress = false;
        for i in 0..CELLS {
            if self.digit[i] == 0 && self.cand[i].count_ones() == 1 {
                self.place(i, self.cand[i].trailing_zeros() as u8);
                progress = true;
            }
        }
        for u in 0..27 {
            let cells = unit_cells(u);
            for d in 1..=9u8 {
                let places: Vec<usize> = cells
                    .into_iter()
                    .filter(|&i| self.cand[i] & (1 << d) != 0)
                    .collect();
                if let [i] = places[..] {
                    self.place(i, d);
                    progress = true;
                }
            }
        }
        progress
    }

    /// Pointing (a box's candidates for a digit in one line) and claiming (a line's in
    /// one box): the digit leaves the rest of the other unit.
    fn locked_candidates(&mut self) -> bool {
        let mut progress = false;
        for d in 1..=9u8 {
            for a in 0..27 {
                let places: Vec<usize> = unit_cells(a)
                    .into_iter()
                    .filter(|&i| self.cand[i] & (1 << d) != 0)
                    .collect();
                if places.is_empty() {
                    continue;
                }
                // Every other unit that holds all of those places: the digit leaves the
                // rest of it.
                for b in (0..27).filter(|&b| b != a) {
                    let other = unit_cells(b);
                    if places.iter().all(|i| other.contains(i)) {
                        for i in other.into_iter().filter(|i| !places.contains(i)) {
                            progress |= self.remove(i, 1 << d);
                        }
                    }
                }
            }
        }
        progress
    }

    /// Naked and hidden pairs and triples in every unit.
    fn subsets(&mut self) -> bool {
        let mut progress = false;
        for u in 0..27 {
            let open: Vec<usize> = unit_cells(u)
                .into_iter()
                .filter(|&i| self.digit[i] == 0)
                .collect();
            let missing: Vec<u8> = (1..=9u8)
                .filter(|&d| open.iter().any(|&i| self.cand[i] & (1 << d) != 0))
                .collect();
            for k in 2..=3 {
                // Naked: k open cells whose candidates are k digits leave the other cells.
                for cells in combinations(open.len(), k) {
                    let cells: Vec<usize> = cells.iter().map(|&c| open[c]).collect();
                    let union = cells.iter().fold(0u16, |m, &i| m | self.cand[i]);
                    if union.count_ones() as usize == k {
                        for &i in open.iter().filter(|i| !cells.contains(i)) {
                            progress |= self.remove(i, union);
                        }
                    }
                }
                // Hidden: k digits whose places are k cells leave those cells to them.
                for digits in combinations(missing.len(), k) {
                    let mask = digits.iter().fold(0u16, |m, &d| m | 1 << missing[d]);
                    let places: Vec<usize> = open
                        .iter()
                        .copied()
                        .filter(|&i| self.cand[i] & mask != 0)
                        .collect();
                    if places.len() == k {
                        for i in places {
                            progress |= self.remove(i, !mask);
                        }
                    }
                }
            }
        }
        progress
    }

    fn full(&self) -> bool {
        self.digit.iter().all(|&d| d != 0)
    }
}

/// Every `k`-subset of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    (0..n)
        .flat_map(|first| {
            combinations(n.saturating_sub(first + 1), k - 1)
                .into_iter()
                .map(move |rest| {
                    std::iter::once(first)
                        .chain(rest.into_iter().map(|r| r + first + 1))
                        .collect()
                })
        })
        .collect()
}

/// Whether the level `sudoku_rate` gave (`code`) agrees with the one [`logic_level`] names:
/// the same, or, where the model says only "beyond Hard" (Expert), any of Expert, Master
/// and Extreme, which the library tells apart with techniques this model does not have.
pub fn level_agrees(model: Difficulty, code: i32) -> bool {
    code == model.code()
        || (model == Difficulty::Expert
            && (Difficulty::Expert.code()..=Difficulty::Extreme.code()).contains(&code))
}

/// Whether naked and hidden singles alone fill the grid of `board` (the Easy level's
/// techniques; plain code, independent of the library's rater).
pub fn singles_fill(board: &Board) -> bool {
    let mut grid = Logic::new(board);
    while !grid.full() && grid.singles() {}
    grid.full()
}

/// The level the rating's definition names for a board with exactly one solution, found
/// independently of the library's rater: the easiest level whose techniques, applied in
/// any order until none makes progress, fill the grid (Expert when those of Hard do not:
/// "beyond Hard", which the library splits into Expert, Master and Extreme; compare with
/// [`level_agrees`]).
/// Since every technique only removes candidates that cannot be in the solution and stays
/// valid as candidates disappear, where they end does not depend on the order, and that
/// level is the hardest technique a solver needs when it applies the simplest one that
/// makes progress at every step. Plain code: candidates kept per cell, units scanned,
/// every combination of cells and digits tried.
pub fn logic_level(board: &Board) -> Difficulty {
    let mut grid = Logic::new(board);
    type Techniques = fn(&mut Logic) -> bool;
    let levels: [(Difficulty, Techniques); 3] = [
        (Difficulty::Easy, Logic::singles),
        (Difficulty::Medium, Logic::locked_candidates),
        (Difficulty::Hard, Logic::subsets),
    ];
    for top in 0..levels.len() {
        // Each level starts where the easier ones stopped: its techniques include theirs.
        while !grid.full() && levels[..=top].iter().any(|(_, t)| t(&mut grid)) {}
        if grid.full() {
            return levels[top].0;
        }
    }
    Difficulty::Expert
}
