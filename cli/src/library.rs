//! Every call into the Sudoku library, in one place: the rest of the command line sees only
//! the types and functions of this module.

use std::cell::RefCell;
use sudoku_core::SeRater;

pub use sudoku_core::Difficulty;

/// The cells of a board.
pub const CELLS: usize = 81;

/// An 81-byte board, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks.
pub type Bytes = [u8; CELLS];

/// Why the library refused a puzzle.
pub type Error = sudoku_core::Error;

/// The status a line that is not 81 characters long gets: the library's own answer for a
/// text of the wrong length (`Board::from_text`).
pub const WRONG_LENGTH: Error = sudoku_core::Error::InvalidChar;

/// The name of success as `sudoku.h` spells it.
pub const OK_NAME: &str = "SUDOKU_OK";

/// The name of an error as `sudoku.h` spells it (`SUDOKU_ERR_CONFLICT`, ...).
pub fn error_name(e: Error) -> &'static str {
    use sudoku_core::Error as E;
    match e {
        E::NoSolution => "SUDOKU_NO_SOLUTION",
        E::MultipleSolutions => "SUDOKU_MULTIPLE_SOLUTIONS",
        E::Cancelled => "SUDOKU_CANCELLED",
        E::NotFound => "SUDOKU_NOT_FOUND",
        E::InvalidChar => "SUDOKU_ERR_INVALID_CHAR",
        E::Conflict => "SUDOKU_ERR_CONFLICT",
        E::InvalidArgument => "SUDOKU_ERR_INVALID_ARGUMENT",
        E::NoMemory => "SUDOKU_ERR_NO_MEMORY",
        E::Internal => "SUDOKU_ERR_INTERNAL",
    }
}

/// The library's message for an error.
pub fn error_message(e: Error) -> String {
    e.to_string()
}

/// Solves every board in place on `threads` threads (0: the library's default, one per
/// core), writing `Ok(())` or the board's error to its slot of `results` (which is resized
/// to the boards). A board is written only when it is solved.
pub fn solve_batch(boards: &mut [Bytes], results: &mut Vec<Result<(), Error>>, threads: usize) {
    results.clear();
    results.resize(boards.len(), Err(sudoku_core::Error::Internal));
    // The two slices have the same length, the one thing solve_batch_into checks.
    if let Err(e) = sudoku_core::solve_batch_into(boards, results, threads) {
        results.iter_mut().for_each(|r| *r = Err(e));
    }
}

/// `f()`, with a panic (a bug in the library) turned into the library's internal error for
/// this one puzzle; the panic's message is still printed by the panic hook.
fn guard<R>(f: impl FnOnce() -> Result<R, Error>) -> Result<R, Error> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or(Err(sudoku_core::Error::Internal))
}

/// The number of solutions of `puzzle` up to `limit`.
pub fn count(puzzle: &Bytes, limit: usize) -> Result<usize, Error> {
    guard(|| sudoku_core::count::count_bytes(puzzle, limit).map(|c| c.count))
}

/// The level of a proper puzzle.
pub fn rate(puzzle: &Bytes) -> Result<Difficulty, Error> {
    guard(|| sudoku_core::logic::rate_bytes(puzzle))
}

/// Sudoku Explainer's ratings of a proper puzzle (ER, EP, ED), in tenths.
pub use sudoku_core::SeRating;

thread_local! {
    /// Each thread's rater, kept from one puzzle to the next: its searches are made once
    /// a thread rather than at every puzzle (`SeRater`).
    static SE_RATER: RefCell<SeRater> = RefCell::new(SeRater::new());
}

/// The Sudoku Explainer ratings of a proper puzzle, with the calling thread's rater. A
/// panic in the library leaves the thread a new rater.
pub fn rate_se(puzzle: &Bytes) -> Result<SeRating, Error> {
    SE_RATER.with(|rater| {
        // A rating never re-enters this function, so the rater is free; were it not, a
        // new one rates.
        let Ok(mut rater) = rater.try_borrow_mut() else {
            return guard(|| sudoku_core::logic::se::rate_se_bytes(puzzle));
        };
        let rated = guard(|| rater.rate_bytes(puzzle));
        if rated == Err(sudoku_core::Error::Internal) {
            // After a panic (or a false step) the searches are in no known state.
            *rater = SeRater::new();
        }
        rated
    })
}

/// A proper, minimal puzzle of level `level` from `seed`, and its solution.
pub fn generate(seed: u64, level: Difficulty) -> (Bytes, Bytes) {
    let (puzzle, solution) = sudoku_core::generate(seed, level);
    (puzzle.to_bytes(), solution.to_bytes())
}

/// The symmetries the givens of a generated puzzle can have.
pub use sudoku_core::symmetry::Symmetry;
/// What a puzzle maker asks of a generated puzzle (symmetry, pattern, givens, technique).
pub use sudoku_core::GenerateOptions;
/// The techniques of the logical solver.
pub use sudoku_core::Technique;

/// A proper puzzle from `seed` that meets `options`, and its solution: the library's
/// `generate_with`, without progress.
pub fn generate_with(seed: u64, options: &GenerateOptions) -> Result<(Bytes, Bytes), Error> {
    guard(|| {
        let (puzzle, solution) = sudoku_core::generate_with(seed, options, &mut |_| false)?;
        Ok((puzzle.to_bytes(), solution.to_bytes()))
    })
}

/// The technique whose name is `name` ("X-Wing", "hidden single": case, spaces, '-' and
/// '_' do not count), or whose code (1-30, as `sudoku.h` numbers them) it is.
pub fn technique_named(name: &str) -> Option<Technique> {
    let key = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    if let Ok(code) = name.trim().parse::<i32>() {
        return Technique::from_code(code).filter(|&t| t != Technique::None);
    }
    let wanted = key(name);
    Technique::ALL
        .into_iter()
        .find(|t| *t != Technique::None && key(t.name()) == wanted)
}

/// One step of the logical solver, as the command line shows it.
#[derive(Debug, Clone)]
pub struct Move {
    /// The technique's name (`Hidden Single`, `X-Wing`, ...).
    pub technique: &'static str,
    /// The technique's level.
    pub level: Difficulty,
    /// The cell (0-80) and digit (1-9) the step places, if it places one.
    pub place: Option<(usize, u8)>,
    /// Per cell, the candidates the step removes (bit `d - 1` for digit `d`).
    pub removed: [u16; CELLS],
    /// Per cell, the candidates of the pattern behind the step.
    pub pattern: [u16; CELLS],
}

impl Move {
    fn of(step: &sudoku_core::Step) -> Option<Move> {
        let technique = step.technique;
        let level = technique.level()?;
        Some(Move {
            technique: technique.name(),
            level,
            place: step.placement,
            removed: step.removed,
            pattern: step.pattern,
        })
    }
}

/// The simplest step that makes progress on `puzzle` (with the candidates its filled cells
/// leave), `None` when the board is complete.
pub fn hint(puzzle: &Bytes) -> Result<Option<Move>, Error> {
    guard(|| {
        let board = sudoku_core::Board::from_bytes(puzzle)?;
        let step = sudoku_core::hint(&board, None)?;
        Ok(Move::of(&step))
    })
}

/// The steps of hints applied one after the other from the givens of `puzzle` to the end.
pub fn walk(puzzle: &Bytes) -> Result<Vec<Move>, Error> {
    guard(|| {
        let board = sudoku_core::Board::from_bytes(puzzle)?;
        let steps = sudoku_core::walk(&board)?;
        Ok(steps.iter().filter_map(Move::of).collect())
    })
}

/// The canonical form of `puzzle` (the smallest board, blanks read as `0`, of all boards
/// equivalent to it under the 3,359,232 geometric transformations and the relabellings of
/// digits) and how many of those transformations map it onto itself.
pub fn canonical(puzzle: &Bytes) -> Result<(Bytes, u32), Error> {
    guard(|| sudoku_core::canonical::canonical_bytes(puzzle).map(|(form, n)| (form.to_bytes(), n)))
}
