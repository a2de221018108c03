//! The Sudoku Explainer scale: the ratings serate (Sudoku Explainer 1.2.1.3) gives a proper
//! puzzle, from a walk that applies, at each step, the easiest step on that scale.
//!
//! - ER: the rating of the hardest step of the whole walk;
//! - EP: the hardest step up to and including the first that places a digit;
//! - ED: the rating of the first step.
//!
//! Ratings are in tenths (`72` is 7.2). The walk tries the rules of [`SeRule`] in order and
//! takes the first that applies; a rule whose rating varies (the uniqueness rules, the
//! chains) gives its easiest instance. The rules work on the one grid model of `logic/`;
//! below the chains, a memo (`memo.rs`) spares each rule the parts of the grid where it
//! found nothing and that have not changed since.

mod basic;
mod chaining;
mod exclusion;
mod fresh;
mod gather;
mod links;
#[cfg(test)]
mod marks;
mod memo;
mod nodes;
mod reach;
mod rule;
mod uniqueness;

pub use rule::SeRule;

use crate::board::{Board, CELLS};
use crate::error::Error;
use crate::logic::grid::Grid;
use crate::logic::memo::Scope;
use crate::logic::step::Step;
use memo::{Reads, RuleMemo};

/// Sudoku Explainer's three ratings of a proper puzzle, in tenths (`72` is 7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeRating {
    /// The rating of the hardest step of the whole solution.
    pub er: i32,
    /// The hardest step up to and including the first that places a digit.
    pub ep: i32,
    /// The rating of the first step.
    pub ed: i32,
}

/// One step of the walk on the Sudoku Explainer scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeStep {
    /// The rule.
    pub rule: SeRule,
    /// Its rating, in tenths.
    pub rating: i32,
    /// The cell (0-80) and digit (1-9) the step places, if it places one.
    pub placement: Option<(usize, u8)>,
    /// Per cell, the candidates the step removes (bit `d - 1` for digit `d`).
    pub removed: [u16; CELLS],
}

/// What a rule found: the step, before it is checked and applied.
pub(crate) type Found = SeStep;

impl SeStep {
    /// A step of `rule` rated `rating` that places `digit` in `cell`.
    pub(crate) fn placing(rule: SeRule, rating: i32, cell: usize, digit: u8) -> SeStep {
        SeStep {
            rule,
            rating,
            placement: Some((cell, digit)),
            removed: [0; CELLS],
        }
    }

    /// A step of `rule` rated `rating` that removes `removed`.
    pub(crate) fn removing(rule: SeRule, rating: i32, removed: [u16; CELLS]) -> SeStep {
        SeStep {
            rule,
            rating,
            placement: None,
            removed,
        }
    }

    /// The step of `rule` rated `rating` that does what the library's step `s` does.
    pub(crate) fn of_step(rule: SeRule, rating: i32, s: &Step) -> SeStep {
        SeStep {
            rule,
            rating,
            placement: s.placement,
            removed: s.removed,
        }
    }
}

/// Rates a proper puzzle on the Sudoku Explainer scale.
///
/// Fails with [`Error::Conflict`] for clashing givens, [`Error::NoSolution`] or
/// [`Error::MultipleSolutions`] for a board without exactly one solution (counted before
/// any logic), and [`Error::NoMemory`] when the chain searches cannot have their heap. A
/// complete grid rates 0/0/0.
pub fn rate_se(board: &Board) -> Result<SeRating, Error> {
    SeRater::new().rate(board)
}

/// [`rate_se`] on an 81-byte board, bad characters first ([`Error::InvalidChar`]).
pub fn rate_se_bytes(bytes: &[u8; CELLS]) -> Result<SeRating, Error> {
    rate_se(&Board::from_bytes(bytes)?)
}

/// [`rate_se`], calling `progress` with the number of steps walked so far after each step
/// of the walk; when it returns `false` the rating stops with [`Error::Cancelled`].
pub fn rate_se_with_progress(
    board: &Board,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<SeRating, Error> {
    SeRater::new().rate_with_progress(board, progress)
}

/// Rates puzzles on the Sudoku Explainer scale as [`rate_se`] does, keeping its working
/// memory from one rating to the next.
///
/// [`rate_se`] makes one for each puzzle, and its chain searches allocate their memory
/// anew each time. A program that rates many puzzles on one thread can keep one `SeRater`
/// instead: the searches are made once and reused, with the same ratings. In a process
/// that rates puzzle after puzzle this spares the allocator giving the memory back and
/// faulting it in again at every puzzle (figures in docs/performance.md). The memory kept
/// grows with the puzzles rated, a search per start the walks needed, until the rater is
/// dropped: measured with the command line (one thread), about 15 MB more resident
/// memory after 3,000 gen_minimal puzzles or 300 magictour ones, about 28 MB more after
/// 100 of the forum's hardest.
///
/// ```
/// use sudoku_core::{Board, SeRater};
///
/// let mut rater = SeRater::new();
/// for line in [
///     "..9....6.27.65....8...9.......23.......1..6....4...9........82..2.4.7...7..9.35.4",
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// ] {
///     let board = Board::from_bytes(line.as_bytes().try_into().unwrap()).unwrap();
///     assert_eq!(rater.rate(&board), sudoku_core::rate_se(&board));
/// }
/// ```
pub struct SeRater {
    chains: chaining::Chains,
}

impl core::fmt::Debug for SeRater {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SeRater").finish_non_exhaustive()
    }
}

impl Default for SeRater {
    fn default() -> SeRater {
        SeRater::new()
    }
}

impl SeRater {
    /// A rater that has allocated nothing yet.
    pub fn new() -> SeRater {
        SeRater {
            chains: chaining::Chains::new(),
        }
    }

    /// [`rate_se`] with this rater's memory.
    pub fn rate(&mut self, board: &Board) -> Result<SeRating, Error> {
        self.rate_with_progress(board, &mut |_| true)
    }

    /// [`rate_se_bytes`] with this rater's memory.
    pub fn rate_bytes(&mut self, bytes: &[u8; CELLS]) -> Result<SeRating, Error> {
        self.rate(&Board::from_bytes(bytes)?)
    }

    /// [`rate_se_with_progress`] with this rater's memory.
    pub fn rate_with_progress(
        &mut self,
        board: &Board,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Result<SeRating, Error> {
        let mut rating = SeRating::default();
        let mut placed = false;
        let mut steps = 0;
        walk_se_with(board, &mut self.chains, &mut |s| {
            if steps == 0 {
                rating.ed = s.rating;
            }
            rating.er = rating.er.max(s.rating);
            if !placed {
                rating.ep = rating.ep.max(s.rating);
                placed = s.placement.is_some();
            }
            steps += 1;
            progress(steps)
        })?;
        Ok(rating)
    }
}

/// [`rate_se_with_progress`] on an 81-byte board, bad characters first.
pub fn rate_se_bytes_with_progress(
    bytes: &[u8; CELLS],
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<SeRating, Error> {
    rate_se_with_progress(&Board::from_bytes(bytes)?, progress)
}

/// The walk on the Sudoku Explainer scale from the givens to the solution: at each step the
/// easiest step on the scale. Fails as [`rate_se`] does.
pub fn walk_se(board: &Board) -> Result<Vec<SeStep>, Error> {
    let mut steps = Vec::new();
    walk_se_with(board, &mut chaining::Chains::new(), &mut |s| {
        steps.push(*s);
        true
    })?;
    Ok(steps)
}

/// The walk with the chain searches of `chains` (made by earlier walks or not), handing
/// each step to `seen`; stops with [`Error::Cancelled`] when `seen` returns `false`.
fn walk_se_with(
    board: &Board,
    chains: &mut chaining::Chains,
    seen: &mut dyn FnMut(&SeStep) -> bool,
) -> Result<(), Error> {
    board.check_conflicts()?;
    // The count is the deepest part of a rating on a nearly empty board (the engines'
    // search, docs/boundary.md): made here, in a small frame, and not under the walk's.
    let solution = super::unique_solution(board)?;
    walk_from(board, &solution, chains, seen)
}

/// [`walk_se_with`] on a clash-free board with one solution, `solution`.
#[inline(never)]
fn walk_from(
    board: &Board,
    solution: &[u8; CELLS],
    chains: &mut chaining::Chains,
    seen: &mut dyn FnMut(&SeStep) -> bool,
) -> Result<(), Error> {
    let mut g = Grid::new(board);
    chains.start_walk();
    let mut memo = RuleMemo::new(READS);
    while !g.full() {
        let s = next(&g, chains, &mut memo)?.ok_or(Error::Internal)?;
        if !holds(&g, &s, solution) {
            debug_assert!(false, "{:?} found a false step", s.rule);
            return Err(Error::Internal);
        }
        apply(&mut g, &s, &mut memo);
        if !seen(&s) {
            return Err(Error::Cancelled);
        }
    }
    Ok(())
}

/// Applies step `s` (true on `g`) to `g`, noting in `memo` what its cells lose.
fn apply(g: &mut Grid, s: &SeStep, memo: &mut RuleMemo<20>) {
    if let Some((cell, digit)) = s.placement {
        memo.lose(cell, g.cand[cell]);
        let peers = g.place(cell, digit);
        memo.lose_places(usize::from(digit - 1), peers);
    }
    for (c, &r) in s.removed.iter().enumerate() {
        if r != 0 {
            memo.lose(c, g.cand[c] & r);
            g.eliminate(c, r);
        }
    }
}

/// Whether step `s` is true on `g` and changes it: the hints' own check
/// (`logic::is_true`) on the same placement and removals.
fn holds(g: &Grid, s: &SeStep, solution: &[u8; CELLS]) -> bool {
    let mut step = Step::of(crate::logic::technique::Technique::None);
    step.placement = s.placement;
    step.removed = s.removed;
    super::is_true(g, &step, solution)
}

/// A rule below the chains: how it reads the grid, and its search over a part of it.
type Rule = (Reads, fn(&Grid, Scope) -> Option<SeStep>);

/// The rules below the chains, easiest first on the scale.
const RULES: [Rule; 20] = [
    (Reads::Everything, |g, _| basic::hidden_single(g)),
    (Reads::Digits, |g, s| basic::locking(g, true, s.digits)),
    (Reads::Units, |g, s| basic::direct_hidden(g, 2, s.units)),
    (Reads::Everything, |g, _| basic::naked_single(g)),
    (Reads::Units, |g, s| basic::direct_hidden(g, 3, s.units)),
    (Reads::Digits, |g, s| basic::locking(g, false, s.digits)),
    (Reads::Units, |g, s| basic::naked_set(g, 2, s.units)),
    (Reads::Digits, |g, s| basic::fish(g, 2, s.digits)),
    (Reads::Units, |g, s| basic::hidden_set(g, 2, s.units)),
    (Reads::Units, |g, s| basic::naked_set(g, 3, s.units)),
    (Reads::Digits, |g, s| basic::fish(g, 3, s.digits)),
    (Reads::Units, |g, s| basic::hidden_set(g, 3, s.units)),
    (Reads::Bivalue, |g, _| basic::wing(g, false)),
    (Reads::Small, |g, _| basic::wing(g, true)),
    (Reads::Everything, |g, _| uniqueness::unique_loops(g)),
    (Reads::Units, |g, s| basic::naked_set(g, 4, s.units)),
    (Reads::Digits, |g, s| basic::fish(g, 4, s.digits)),
    (Reads::Units, |g, s| basic::hidden_set(g, 4, s.units)),
    (Reads::Everything, |g, _| uniqueness::bug(g)),
    (Reads::Cells, |g, s| exclusion::aligned_pair(g, s.cells)),
];

/// How each rule of [`RULES`] reads the grid.
const READS: [Reads; 20] = {
    let mut reads = [Reads::Everything; 20];
    let mut k = 0;
    while k < 20 {
        reads[k] = RULES[k].0;
        k += 1;
    }
    reads
};

/// The easiest step on the scale on open grid `g`: the first rule that applies, each
/// searched where `memo` does not know it finds nothing (and noted there when it does).
fn next(
    g: &Grid,
    chains: &mut chaining::Chains,
    memo: &mut RuleMemo<20>,
) -> Result<Option<SeStep>, Error> {
    for (k, &(_, rule)) in RULES.iter().enumerate() {
        let Some(scope) = memo.scope(k, g) else {
            continue;
        };
        if let Some(step) = rule(g, scope) {
            return Ok(Some(step));
        }
        memo.found_nothing(k, scope);
    }
    chains.next(g)
}
