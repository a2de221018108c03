//! The logical solver: candidates, hints (the simplest step that makes progress), applying
//! steps, and the rating, which is the hardest level of the walk that applies hints from
//! the givens to the end.
//!
//! | level | techniques, simplest first |
//! | --- | --- |
//! | [`Difficulty::Easy`] | full house, naked single, hidden single |
//! | [`Difficulty::Medium`] | pointing, claiming |
//! | [`Difficulty::Hard`] | naked pair, hidden pair, naked triple, hidden triple |
//! | [`Difficulty::Expert`] | naked and hidden quads, X-Wing, Skyscraper, 2-String Kite, XY-Wing, XYZ-Wing, W-Wing, Swordfish, Jellyfish, finned X-Wing, Swordfish and Jellyfish, unique rectangles 1 and 2, BUG+1 |
//! | [`Difficulty::Master`] | X-chain, XY-chain, AIC |
//! | [`Difficulty::Extreme`] | Nishio forcing chain, forcing chain, cell and region forcing chains, dynamic and nested forcing chains, brute force |
//!
//! A hint is the first technique of [`Technique::ALL`] that makes progress, at its first
//! instance in a fixed scan order: the same input gives the same step. Every step is
//! checked against the board's unique solution before it is returned (a placed digit is
//! the solution's, no removed candidate is), so a hint is always true.
//!
//! The rating walks the same steps. Between harder steps it settles levels Easy to Hard
//! with their batch closure (`closure.rs`), which ends in the very grid the one-step-at-a-
//! time walk reaches: so [`rate`] returns exactly the hardest level of the walk of
//! [`hint`]s, at the cost of the old rating on puzzles of those levels. A walk also
//! remembers where its searches above Hard found nothing (`memo.rs`) and does not search
//! those parts of the grid again while they stay as they were: the same steps, found
//! sooner.

#![forbid(unsafe_code)]

pub(crate) mod chains;
pub(crate) mod closure;
mod fish;
mod grid;
mod intersections;
mod memo;
#[cfg(test)]
mod sample;
pub mod se;
mod singles;
mod step;
mod subsets;
mod technique;
pub(crate) mod uniqueness;
mod wings;

pub use step::Step;
pub use technique::Technique;
pub(crate) use technique::Techniques;

use crate::board::{Board, CELLS};
use crate::count::count_clash_free;
use crate::difficulty::Difficulty;
use crate::error::Error;
use crate::units::{ALL_DIGITS, PEERS};
use grid::Grid;
use memo::{Keys, Memo, Scope};

/// Per cell, bit `d - 1` set when digit `d` is not excluded by a filled cell of its row,
/// column or box; a filled cell holds its own digit's bit.
pub fn candidates(board: &Board) -> [u16; CELLS] {
    grid::candidates_of(board)
}

/// [`candidates`] of an 81-byte board, validated as `sudoku_candidates` does: bad
/// characters ([`Error::InvalidChar`]), then clashing givens ([`Error::Conflict`]).
pub fn candidates_bytes(bytes: &[u8; CELLS]) -> Result<[u16; CELLS], Error> {
    let board = Board::from_bytes(bytes)?;
    board.check_conflicts()?;
    Ok(candidates(&board))
}

/// The board's unique solution: [`Error::NoSolution`] or [`Error::MultipleSolutions`]
/// otherwise. The board's givens must not clash.
fn unique_solution(board: &Board) -> Result<[u8; CELLS], Error> {
    let c = count_clash_free(board, 2);
    match (c.count, c.first) {
        (1, Some(s)) => Ok(*s.digits()),
        (0, _) => Err(Error::NoSolution),
        _ => Err(Error::MultipleSolutions),
    }
}

/// The one grid that fits `g`'s digits and candidates (a pencil-mark puzzle's):
/// [`Error::NoSolution`] or [`Error::MultipleSolutions`] otherwise.
fn unique_within(g: &Grid) -> Result<[u8; CELLS], Error> {
    let c = crate::sukaku::count_candidates(&g.masks(), 2)?;
    match (c.count, c.first) {
        (1, Some(s)) => Ok(*s.digits()),
        (0, _) => Err(Error::NoSolution),
        _ => Err(Error::MultipleSolutions),
    }
}

/// What technique `t` finds first on `g` within `scope`, unchecked. Only the forcing
/// chains allocate, fallibly: [`Error::NoMemory`] when their heap cannot be had.
fn find(
    g: &Grid,
    t: Technique,
    solution: &[u8; CELLS],
    scope: Scope,
) -> Result<Option<Step>, Error> {
    use Technique as T;
    let Scope { digits, units, .. } = scope;
    Ok(match t {
        T::None => None,
        T::FullHouse => singles::full_house(g),
        T::NakedSingle => singles::naked_single(g),
        T::HiddenSingle => singles::hidden_single(g),
        T::Pointing => intersections::pointing(g),
        T::Claiming => intersections::claiming(g),
        T::NakedPair => subsets::naked(g, 2, t, units),
        T::HiddenPair => subsets::hidden(g, 2, t, units),
        T::NakedTriple => subsets::naked(g, 3, t, units),
        T::HiddenTriple => subsets::hidden(g, 3, t, units),
        T::NakedQuad => subsets::naked(g, 4, t, units),
        T::HiddenQuad => subsets::hidden(g, 4, t, units),
        T::XWing => fish::basic(g, 2, t, digits),
        T::Skyscraper => fish::skyscraper(g, digits),
        T::TwoStringKite => fish::two_string_kite(g, digits),
        T::XyWing => wings::xy_wing(g),
        T::XyzWing => wings::xyz_wing(g),
        T::WWing => wings::w_wing(g),
        T::Swordfish => fish::basic(g, 3, t, digits),
        T::Jellyfish => fish::basic(g, 4, t, digits),
        T::FinnedXWing => fish::finned(g, 2, t, digits),
        T::FinnedSwordfish => fish::finned(g, 3, t, digits),
        T::FinnedJellyfish => fish::finned(g, 4, t, digits),
        T::UniqueRectangle1 => uniqueness::unique_rectangle_1(g),
        T::UniqueRectangle2 => uniqueness::unique_rectangle_2(g),
        T::BugPlusOne => uniqueness::bug_plus_one(g),
        T::XChain => chains::x_chain_of(g, digits).map(|found| chain_found(g, t, found)),
        T::XyChain => chains::xy_chain(g).map(|found| chain_found(g, t, found)),
        T::Aic => chains::aic(g).map(|found| chain_found(g, t, found)),
        T::NishioForcingChain => chains::nishio_of(g, digits).map(|found| chain_found(g, t, found)),
        // One search finds contradictions, then cell and region forcing by the number of
        // branches; the step is named after what it found.
        T::ForcingChain => chains::forcing_chain_of(g)
            .map_err(|chains::NoMemory| Error::NoMemory)?
            .map(|(found, kind)| {
                let t = match kind {
                    chains::Forcing::Contradiction => T::ForcingChain,
                    chains::Forcing::Cell => T::CellForcingChain,
                    chains::Forcing::Region => T::RegionForcingChain,
                };
                chain_found(g, t, found)
            }),
        T::CellForcingChain | T::RegionForcingChain => None,
        T::DynamicForcingChain => chains::dynamic(g)
            .map_err(|chains::NoMemory| Error::NoMemory)?
            .map(|found| chain_found(g, t, found)),
        T::NestedForcingChain => chains::nested(g)
            .map_err(|chains::NoMemory| Error::NoMemory)?
            .map(|found| chain_found(g, t, found)),
        T::BruteForce => brute_force(g, solution),
    })
}

/// The step of chain technique `t` for what a chain search found on `g`.
fn chain_found(g: &Grid, t: Technique, found: chains::ChainFind) -> Step {
    let mut s = match found.place {
        Some((cell, digit)) => Step::placing(t, cell, digit),
        None => Step::of(t),
    };
    for c in 0..CELLS {
        s.removed[c] = found.removed[c] & g.cand[c];
        s.pattern[c] = found.pattern[c];
    }
    s
}

/// The solution's digit in the first open cell with the fewest candidates.
fn brute_force(g: &Grid, solution: &[u8; CELLS]) -> Option<Step> {
    let cell = (0..CELLS)
        .filter(|&c| g.digit[c] == 0)
        .min_by_key(|&c| g.cand[c].count_ones())?;
    let mut s = Step::placing(Technique::BruteForce, cell, solution[cell]);
    s.pattern[cell] = g.cand[cell];
    Some(s)
}

/// Whether `s` is true on `g` with this solution and changes something: a placement on an
/// open cell of a candidate digit that is the solution's, removals of present candidates
/// that are not the solution's.
// Cells, lines and units are numbers that index several tables at once.
#[allow(clippy::needless_range_loop)]
fn is_true(g: &Grid, s: &Step, solution: &[u8; CELLS]) -> bool {
    let mut changes = false;
    if let Some((cell, digit)) = s.placement {
        if cell >= CELLS || !(1..=9).contains(&digit) {
            return false;
        }
        if g.digit[cell] != 0 || g.cand[cell] & (1 << (digit - 1)) == 0 || solution[cell] != digit {
            return false;
        }
        changes = true;
    }
    for c in 0..CELLS {
        let r = s.removed[c];
        if r == 0 {
            continue;
        }
        if g.digit[c] != 0 || r & !g.cand[c] != 0 || r & (1 << (solution[c] - 1)) != 0 {
            return false;
        }
        changes = true;
    }
    changes
}

/// The simplest true step on `g` from technique `from` on (in [`Technique::ALL`] order);
/// [`Technique::None`] when the grid is full. `g` must hold `solution`; `memo`, for a walk,
/// is what the walk that reached `g` knows of its searches ([`Memo`]).
fn next_step(
    g: &Grid,
    solution: &[u8; CELLS],
    from: Technique,
    memo: Option<&mut Memo>,
) -> Result<Step, Error> {
    next_step_by(g, solution, from, memo, Rules::All)
}

/// Which techniques a search may use: all of them when the givens alone have one
/// solution, all but those that rest on it ([`Technique::rests_on_uniqueness`]) when the
/// player's candidates are what leave one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rules {
    All,
    WithoutUniqueness,
}

impl Rules {
    fn allow(self, t: Technique) -> bool {
        self == Rules::All || !t.rests_on_uniqueness()
    }
}

/// [`next_step`] with the techniques `rules` allows.
fn next_step_by(
    g: &Grid,
    solution: &[u8; CELLS],
    from: Technique,
    memo: Option<&mut Memo>,
    rules: Rules,
) -> Result<Step, Error> {
    if g.full() {
        return Ok(Step::of(Technique::None));
    }
    // Brute force always applies on an open grid that holds the solution.
    Ok(
        next_step_within(g, solution, from, Technique::BruteForce, memo, rules)?
            .or_else(|| brute_force(g, solution))
            .unwrap_or_default(),
    )
}

/// The simplest true step on open grid `g` among the techniques `from` to `to`; `None`
/// when none of them makes progress. A walk's `memo` skips the searches known to find
/// nothing and learns of those that find nothing here; a single hint needs none.
fn next_step_within(
    g: &Grid,
    solution: &[u8; CELLS],
    from: Technique,
    to: Technique,
    mut memo: Option<&mut Memo>,
    rules: Rules,
) -> Result<Option<Step>, Error> {
    // What the remembered searches read, computed at the first of them.
    let mut keys = None;
    for t in Technique::ALL
        .into_iter()
        .filter(|&t| from <= t && t <= to && rules.allow(t))
    {
        let (scope, remembered) = match memo.as_deref_mut().filter(|_| Memo::remembers(t)) {
            Some(m) => {
                let k = &*keys.get_or_insert_with(|| Keys::of(g));
                match m.scope(t, k) {
                    Some(scope) => (scope, Some((m, k))),
                    None => continue,
                }
            }
            None => (Scope::ALL, None),
        };
        match find(g, t, solution, scope)? {
            Some(s) => {
                if is_true(g, &s, solution) {
                    return Ok(Some(s));
                }
                debug_assert!(false, "{t:?} found a false step");
            }
            None => {
                if let Some((m, k)) = remembered {
                    m.found_nothing(t, scope, k);
                }
            }
        }
    }
    Ok(None)
}

/// Applies a step already checked to fit `g`.
fn apply(g: &mut Grid, s: &Step) {
    if let Some((cell, digit)) = s.placement {
        if g.digit[cell] == 0 {
            g.place(cell, digit);
        }
    }
    for c in 0..CELLS {
        if s.removed[c] != 0 {
            g.eliminate(c, s.removed[c]);
        }
    }
}

/// The simplest step that makes progress on `board` with the player's candidates
/// (`None`: those of [`candidates`]).
///
/// When the givens leave several grids but the candidates leave one (a pencil-mark
/// puzzle, [`crate::sukaku`]), the candidates are the puzzle: the step is true for that
/// grid, and the techniques that rest on the givens alone having one solution
/// ([`Technique::rests_on_uniqueness`]) are not used.
///
/// Fails with [`Error::Conflict`] for clashing givens, [`Error::InvalidArgument`]
/// for a filled cell whose mask is not its digit's bit (or a mask with bits above 8),
/// [`Error::NoSolution`] when no grid completes the board, or when the candidates lost a
/// digit of its solution (of every one of its solutions, when it has several), and
/// [`Error::MultipleSolutions`] when several grids complete it and, with candidates,
/// several of those fit them. On a complete board the step is [`Technique::None`].
pub fn hint(board: &Board, candidates: Option<&[u16; CELLS]>) -> Result<Step, Error> {
    board.check_conflicts()?;
    let g = match candidates {
        Some(c) => Grid::with_candidates(board, c)?,
        None => Grid::new(board),
    };
    let (solution, rules) = match unique_solution(board) {
        Ok(s) => (s, Rules::All),
        Err(Error::MultipleSolutions) if candidates.is_some() => {
            (unique_within(&g)?, Rules::WithoutUniqueness)
        }
        Err(e) => return Err(e),
    };
    if !g.holds(&solution) {
        return Err(Error::NoSolution);
    }
    next_step_by(&g, &solution, Technique::FullHouse, None, rules)
}

/// [`hint`] on an 81-byte board, bad characters first ([`Error::InvalidChar`]).
pub fn hint_bytes(bytes: &[u8; CELLS], candidates: Option<&[u16; CELLS]>) -> Result<Step, Error> {
    hint(&Board::from_bytes(bytes)?, candidates)
}

/// Applies `step` to an 81-byte board and its candidates, as `sudoku_apply_step` does:
/// places the step's digit (its cell then holds only that candidate, and the cell's row,
/// column and box lose it) and removes the step's candidates. Writes nothing and fails with
/// [`Error::InvalidChar`] or [`Error::Conflict`] for a bad board,
/// [`Error::InvalidArgument`] for masks as [`hint`] refuses them, or a step that does
/// not fit: cell or digit out of range, a placement on a filled cell or of a digit the cell
/// no longer has (not in its mask, or held by a filled peer), removed masks with bits
/// above 8, or a removal of a filled cell's digit.
pub fn apply_step(
    bytes: &mut [u8; CELLS],
    candidates: &mut [u16; CELLS],
    step: &Step,
) -> Result<(), Error> {
    let board = Board::from_bytes(bytes)?;
    board.check_conflicts()?;
    for (i, &mask) in candidates.iter().enumerate() {
        let bad = match board.get(i) {
            0 => mask & !ALL_DIGITS != 0,
            d => mask != 1 << (d - 1),
        };
        if bad {
            return Err(Error::InvalidArgument);
        }
    }
    let place = if let Some((cell, digit)) = step.placement {
        if cell >= CELLS || !(1..=9).contains(&digit) {
            return Err(Error::InvalidArgument);
        }
        // The cell must be open and still have the digit: in its mask, and not held by a
        // filled peer (which would make the placement clash).
        let held_by_peer = PEERS[cell].iter().any(|&p| board.get(p as usize) == digit);
        if board.get(cell) != 0 || candidates[cell] & (1 << (digit - 1)) == 0 || held_by_peer {
            return Err(Error::InvalidArgument);
        }
        Some((cell, digit))
    } else {
        None
    };
    let mut new_bytes = *bytes;
    let mut new_cands = *candidates;
    if let Some((cell, digit)) = place {
        let bit = 1u16 << (digit - 1);
        new_bytes[cell] = b'0' + digit;
        new_cands[cell] = bit;
        for &p in &PEERS[cell] {
            let p = p as usize;
            if new_bytes[p] == b'.' || new_bytes[p] == b'0' {
                new_cands[p] &= !bit;
            }
        }
    }
    for c in 0..CELLS {
        let r = step.removed[c];
        if r & !ALL_DIGITS != 0 {
            return Err(Error::InvalidArgument);
        }
        let filled = new_bytes[c] != b'.' && new_bytes[c] != b'0';
        if filled && r & new_cands[c] != 0 {
            return Err(Error::InvalidArgument);
        }
        new_cands[c] &= !r;
    }
    *bytes = new_bytes;
    *candidates = new_cands;
    Ok(())
}

/// The whole walk: the hints applied one after the other from the givens until the grid
/// is full (none on a complete board). Fails as [`hint`] does, and with
/// [`Error::NoMemory`] when the heap of the steps (or of a forcing chain) cannot be had.
pub fn walk(board: &Board) -> Result<Vec<Step>, Error> {
    board.check_conflicts()?;
    let solution = unique_solution(board)?;
    let mut g = Grid::new(board);
    let mut steps = Vec::new();
    let mut memo = Memo::new();
    while !g.full() {
        let s = next_step(&g, &solution, Technique::FullHouse, Some(&mut memo))?;
        apply(&mut g, &s);
        // Grows as `push` would, but answers the failure instead of aborting.
        steps.try_reserve(1).map_err(|_| Error::NoMemory)?;
        steps.push(s);
    }
    Ok(steps)
}

/// [`walk`] on an 81-byte board, bad characters first ([`Error::InvalidChar`]).
pub fn walk_bytes(bytes: &[u8; CELLS]) -> Result<Vec<Step>, Error> {
    walk(&Board::from_bytes(bytes)?)
}

/// Rates a puzzle: the level of the hardest step in the walk of hints from its givens.
///
/// Fails with [`Error::Conflict`] if two equal givens share a unit,
/// [`Error::NoSolution`] if no grid completes the givens, and
/// [`Error::MultipleSolutions`] if more than one does (decided by counting solutions up
/// to 2 before any logic is applied). A complete grid rates Easy.
pub fn rate(board: &Board) -> Result<Difficulty, Error> {
    board.check_conflicts()?;
    let solution = unique_solution(board)?;
    Ok(rate_with(board, &solution))
}

/// Rates an 81-byte board (`'1'`-`'9'`, `'.'` or `'0'`) with the validation of the C
/// `sudoku_rate`: bad characters first ([`Error::InvalidChar`]), then clashes, then
/// the count (see [`rate`]).
pub fn rate_bytes(bytes: &[u8; CELLS]) -> Result<Difficulty, Error> {
    rate(&Board::from_bytes(bytes)?)
}

/// The rating of a board whose unique solution is `solution`: the walk, with levels Easy
/// to Hard settled in batches between the harder steps (see the module docs).
pub(crate) fn rate_with(board: &Board, solution: &[u8; CELLS]) -> Difficulty {
    // Short of `to_end` the walk searches no forcing chain, so it allocates nothing and
    // cannot fail.
    rating_walk(board, solution, Difficulty::Extreme, false, &mut |_| {})
        .unwrap_or(None)
        .unwrap_or(Difficulty::Extreme)
}

/// The rating of a board whose unique solution is `solution` when it is at most `cap`,
/// `None` when it is harder. The walk stops at the first step it would need above `cap`
/// (up to there it is the walk of [`rate_with`]), so no time goes into harder techniques.
pub(crate) fn rate_at_most(
    board: &Board,
    solution: &[u8; CELLS],
    cap: Difficulty,
) -> Option<Difficulty> {
    // As in `rate_with`: no forcing chain is searched, so nothing can fail.
    rating_walk(board, solution, cap, false, &mut |_| {}).unwrap_or(None)
}

/// The walk behind the ratings, calling `seen` with each step above Hard: levels Easy to
/// Hard settled in batches between the harder steps, the rating `None` as soon as the
/// walk would need a step above `cap`. Unless `to_end`, it stops where it would take its
/// first step of the hardest level, Extreme, which no later step can exceed, without
/// looking for that step. Never inlined, so that its memo is not on the stack while the
/// solution is counted. Only a walk `to_end` searches forcing chains, and so only such a
/// walk can fail ([`Error::NoMemory`]).
#[inline(never)]
fn rating_walk(
    board: &Board,
    solution: &[u8; CELLS],
    cap: Difficulty,
    to_end: bool,
    seen: &mut dyn FnMut(Technique),
) -> Result<Option<Difficulty>, Error> {
    // The hardest technique to look for: up to the cap, and short of the Extreme ones,
    // since when nothing up to Master applies the step is Extreme (a forcing chain or
    // brute force) whichever it is.
    let last = Technique::ALL
        .into_iter()
        .filter(|t| t.level().is_some_and(|l| l <= cap.min(Difficulty::Master)))
        .max();
    let Some(last) = last else {
        return Ok(None);
    };
    let mut g = Grid::new(board);
    let mut level = Difficulty::Easy;
    let mut memo = Memo::new();
    loop {
        if let Some(l) = closure::settle(&mut g) {
            level = level.max(l);
        }
        if level > cap {
            return Ok(None);
        }
        if g.full() {
            return Ok(Some(level));
        }
        let s = if to_end {
            next_step(&g, solution, Technique::NakedQuad, Some(&mut memo))?
        } else {
            // Up to Hard, `last` comes before NakedQuad and nothing is searched.
            match next_step_within(
                &g,
                solution,
                Technique::NakedQuad,
                last,
                Some(&mut memo),
                Rules::All,
            )? {
                Some(s) => s,
                // The step is harder than `last`: Extreme, or above the cap.
                None => return Ok((cap == Difficulty::Extreme).then_some(Difficulty::Extreme)),
            }
        };
        level = level.max(s.level().unwrap_or(Difficulty::Extreme));
        seen(s.technique);
        apply(&mut g, &s);
    }
}

/// [`rate`], with the techniques above Hard that the walk used, in the order of their
/// first use (for instance whether it needed [`Technique::BruteForce`]).
pub fn rate_walk(board: &Board) -> Result<(Difficulty, Vec<Technique>), Error> {
    board.check_conflicts()?;
    let solution = unique_solution(board)?;
    let mut used = Vec::new();
    let mut note = |t| {
        if !used.contains(&t) {
            used.push(t);
        }
    };
    let level = rating_walk(board, &solution, Difficulty::Extreme, true, &mut note)?;
    Ok((level.unwrap_or(Difficulty::Extreme), used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_capped_rating_agrees_with_the_rating() {
        for level in Difficulty::ALL {
            for seed in 0..3 {
                let (p, sol) = crate::generate(seed, level);
                let rated = rate(&p).unwrap();
                assert_eq!(rated, level);
                for cap in Difficulty::ALL {
                    let want = (rated <= cap).then_some(rated);
                    assert_eq!(rate_at_most(&p, sol.digits(), cap), want, "{p} {cap:?}");
                }
                let (walked, used) = rate_walk(&p).unwrap();
                assert_eq!(walked, rated);
                assert_eq!(
                    used.iter()
                        .filter_map(|t| t.level())
                        .max()
                        .unwrap_or(Difficulty::Easy)
                        .max(if rated <= Difficulty::Hard {
                            rated
                        } else {
                            Difficulty::Easy
                        }),
                    rated
                );
            }
        }
    }

    fn board(text: &str) -> Board {
        Board::from_bytes(text.as_bytes().try_into().expect("81 bytes")).expect("a board")
    }

    /// A proper puzzle whose walk takes a unique rectangle.
    const RECTANGLE: &str =
        ".6.7..5..5.1.34...2............7...39.31..8....65....4...4..7.5187.....2....1..6.";

    /// The puzzle as a pencil-mark puzzle (every cell open, a given's cell holding its
    /// digit alone) is walked by hints to its solution, every step true; unique
    /// rectangles and BUG+1 come only once the digits placed have one solution of their
    /// own.
    #[test]
    fn hints_walk_a_pencil_mark_puzzle_to_its_solution() {
        let puzzle = board(RECTANGLE);
        let solution = unique_solution(&puzzle).unwrap();
        assert!(walk(&puzzle)
            .unwrap()
            .iter()
            .any(|s| s.technique.rests_on_uniqueness()));
        let mut bytes = [b'.'; CELLS];
        let mut cand = candidates(&puzzle);
        // The givens alone (none) leave many grids: without the candidates, no hint.
        assert_eq!(hint_bytes(&bytes, None), Err(Error::MultipleSolutions));
        let mut steps = 0;
        loop {
            let step = hint_bytes(&bytes, Some(&cand)).unwrap();
            if step.technique == Technique::None {
                break;
            }
            if step.technique.rests_on_uniqueness() {
                let placed = Board::from_bytes(&bytes).unwrap();
                assert_eq!(unique_solution(&placed), Ok(solution));
            }
            if let Some((c, d)) = step.placement {
                assert_eq!(d, solution[c]);
            }
            for (c, &r) in step.removed.iter().enumerate() {
                assert_eq!(r & 1 << (solution[c] - 1), 0, "{:?}", step.technique);
            }
            apply_step(&mut bytes, &mut cand, &step).unwrap();
            steps += 1;
        }
        assert!(steps >= 81, "{steps}");
        assert!(bytes.iter().zip(solution).all(|(&b, d)| b == b'0' + d));
    }

    #[test]
    fn a_pencil_mark_puzzle_without_one_fitting_grid_has_no_hint() {
        let puzzle = board(RECTANGLE);
        let solution = unique_solution(&puzzle).unwrap();
        let open = [b'.'; CELLS];
        // No grid fits: the first cell lost its solution's digit.
        let mut none = candidates(&puzzle);
        none[0] &= !(1 << (solution[0] - 1));
        assert_eq!(hint_bytes(&open, Some(&none)), Err(Error::NoSolution));
        // Several fit: every candidate of every cell.
        let all = [0x1FF; CELLS];
        assert_eq!(hint_bytes(&open, Some(&all)), Err(Error::MultipleSolutions));
    }

    /// Where a unique rectangle or BUG+1 is the simplest step, the search without them
    /// finds another true step.
    #[test]
    fn searches_without_uniqueness_pass_over_it() {
        let mut passed = 0;
        for seed in 0..40 {
            let (puzzle, solution) = crate::generate(seed, Difficulty::Expert);
            let solution = solution.digits();
            let mut g = Grid::new(&puzzle);
            while !g.full() {
                let step = next_step(&g, solution, Technique::FullHouse, None).unwrap();
                if step.technique.rests_on_uniqueness() {
                    let rules = Rules::WithoutUniqueness;
                    let other =
                        next_step_by(&g, solution, Technique::FullHouse, None, rules).unwrap();
                    assert!(!other.technique.rests_on_uniqueness());
                    assert!(is_true(&g, &other, solution));
                    passed += 1;
                }
                apply(&mut g, &step);
            }
        }
        assert!(passed > 0);
    }
}
