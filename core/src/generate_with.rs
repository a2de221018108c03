//! Seeded generation with options: a level or any level, a symmetry of the givens, a range
//! of the number of givens, a pattern the givens sit on exactly, a technique the hint walk
//! must use, a range of the Sudoku Explainer rating, and a bound on the work.
//!
//! Without a pattern, each try draws a complete grid (the seeded fill of
//! [`crate::generate()`]) and thins it out orbit by orbit of the symmetry, in a seeded random
//! order: an orbit of givens goes when the puzzle keeps exactly one solution (and, for
//! Easy to Hard, stays within the level), and stays when removing it leaves several
//! solutions. The result is minimal under the symmetry: no orbit of givens can be removed
//! keeping one solution (with [`Symmetry::None`] every orbit is one cell: plain minimal).
//! An orbit kept because its removal was too hard for the level must have become needed
//! by the end, else the try fails. With a pattern, each try draws a grid and keeps its
//! digits on the pattern's cells; the try succeeds when that puzzle has one solution.
//! Either way the try then checks the number of givens, the level, the technique and last
//! (the dearest check: milliseconds to seconds on a hard puzzle) the SE rating's ER, and
//! fails when one is not met.
//!
//! Every decision is a count of solutions, a rating or a hint walk, facts about the puzzle
//! that do not depend on which solution an engine finds first; the work is on the calling
//! thread. So the same seed and options give the same puzzle on every platform, engine
//! path and thread count. Nothing here allocates except the hint walk of a required
//! technique and the SE rating, whose chain searches allocate fallibly
//! ([`Error::NoMemory`]).

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS};
use crate::count::count_clash_free;
use crate::difficulty::Difficulty;
use crate::error::Error;
use crate::generate::{random_grid, steer, Kept, Removal, Rng, Thins, UnitDigits};
use crate::logic::closure::{fill_level_all, solve_logically};
use crate::logic::se::rate_se_with_progress;
use crate::logic::{apply_step, candidates, hint, rate_at_most, Technique, Techniques};
use crate::symmetry::{Cells, Symmetry};
use crate::unavoidable::{CellSet, Unavoidable, ALL_CELLS};

/// The number of tries made when the options' `max_tries` is 0. A try is one grid and one
/// thinning (or one grid on the pattern); 0.1 to 2 ms each (docs/performance.md).
pub const DEFAULT_MAX_TRIES: u64 = 10_000;

/// The highest SE bound accepted, in tenths (20.0); the hardest known puzzles rate below
/// 12.0 on the scale.
pub const MAX_SE_BOUND: i32 = 200;

/// The fewest givens a proper puzzle can have: no puzzle with 16 givens has one solution
/// (McGuire, Tugemann and Civario, 2012). A pattern of fewer cells, or a `max_givens`
/// below this, contradicts the options' demand of a proper puzzle.
pub const MIN_PROPER_GIVENS: usize = 17;

/// What [`generate_with`] must make. [`GenerateOptions::default`] asks for any proper,
/// minimal puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The level of the puzzle's rating; `None`: any level.
    pub difficulty: Option<Difficulty>,
    /// The symmetry the given positions must have.
    pub symmetry: Symmetry,
    /// The fewest givens (0: no lower bound).
    pub min_givens: usize,
    /// The most givens (0: no upper bound).
    pub max_givens: usize,
    /// The cells the givens must be exactly (bit `i` for cell `i`), or `None`.
    pub pattern: Option<Cells>,
    /// The lowest SE rating (ER of [`crate::logic::se::rate_se`]) in tenths, 0 to
    /// [`MAX_SE_BOUND`] (0: no lower bound).
    pub se_min: i32,
    /// The highest SE rating (ER) in tenths, 0 to [`MAX_SE_BOUND`] (0: no upper bound).
    pub se_max: i32,
    /// A technique the hint walk from the givens must use, or `None`.
    pub technique: Option<Technique>,
    /// The most tries (0: [`DEFAULT_MAX_TRIES`]).
    pub max_tries: u64,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            difficulty: None,
            symmetry: Symmetry::None,
            min_givens: 0,
            max_givens: 0,
            pattern: None,
            se_min: 0,
            se_max: 0,
            technique: None,
            max_tries: 0,
        }
    }
}

/// The cells of an 81-byte pattern: those whose byte is not `'.'`.
pub fn pattern_cells(bytes: &[u8; CELLS]) -> Cells {
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b != b'.')
        .fold(0, |set, (i, _)| set | 1 << i)
}

impl GenerateOptions {
    /// The options from the integer codes of the C `SudokuGenerateOptions`: `difficulty`
    /// 0 (any) or 1-6, `symmetry` 0-9, givens bounds 0 (none) or 1-81, `technique` 0
    /// (none) or 1-35. Fails with [`Error::InvalidArgument`] for a code that names nothing
    /// or a negative bound. (Contradictions are found by [`GenerateOptions::check`].)
    #[allow(clippy::too_many_arguments)]
    pub fn from_codes(
        difficulty: i32,
        symmetry: i32,
        min_givens: i32,
        max_givens: i32,
        pattern: Option<&[u8; CELLS]>,
        se_min: i32,
        se_max: i32,
        technique: i32,
        max_tries: u64,
    ) -> Result<GenerateOptions, Error> {
        let difficulty = match difficulty {
            0 => None,
            code => Some(Difficulty::from_code(code).ok_or(Error::InvalidArgument)?),
        };
        let symmetry = Symmetry::from_code(symmetry).ok_or(Error::InvalidArgument)?;
        let bound = |n: i32| usize::try_from(n).map_err(|_| Error::InvalidArgument);
        let technique = match technique {
            0 => None,
            code => Some(Technique::from_code(code).ok_or(Error::InvalidArgument)?),
        };
        Ok(GenerateOptions {
            difficulty,
            symmetry,
            min_givens: bound(min_givens)?,
            max_givens: bound(max_givens)?,
            pattern: pattern.map(pattern_cells),
            se_min,
            se_max,
            technique,
            max_tries,
        })
    }

    /// Whether the options can be asked for at all: [`Error::InvalidArgument`] when they
    /// contradict each other or name what does not exist. In order: an SE bound below 0 or
    /// above [`MAX_SE_BOUND`], `se_min` above a nonzero `se_max`; a givens bound above 81, a `max_givens` from 1 to 16 (no proper
    /// puzzle has so few), `min_givens` above a nonzero `max_givens`; a pattern of fewer
    /// than 17 cells, outside the givens bounds, or not invariant under the symmetry;
    /// [`Technique::None`] as the technique, or a technique above the level.
    pub fn check(&self) -> Result<(), Error> {
        let invalid = Err(Error::InvalidArgument);
        let se_bound = 0..=MAX_SE_BOUND;
        if !se_bound.contains(&self.se_min) || !se_bound.contains(&self.se_max) {
            return invalid;
        }
        if self.se_max != 0 && self.se_min > self.se_max {
            return invalid;
        }
        if self.min_givens > CELLS || self.max_givens > CELLS {
            return invalid;
        }
        if self.max_givens != 0 && self.max_givens < MIN_PROPER_GIVENS {
            return invalid;
        }
        if self.max_givens != 0 && self.min_givens > self.max_givens {
            return invalid;
        }
        if let Some(pattern) = self.pattern {
            let n = pattern.count_ones() as usize;
            if n < MIN_PROPER_GIVENS
                || n < self.min_givens
                || (self.max_givens != 0 && n > self.max_givens)
                || !self.symmetry.keeps(pattern)
            {
                return invalid;
            }
        }
        if let Some(t) = self.technique {
            let Some(level) = t.level() else {
                return invalid;
            };
            if self.difficulty.is_some_and(|d| level > d) {
                return invalid;
            }
        }
        Ok(())
    }

    fn tries(&self) -> u64 {
        if self.max_tries == 0 {
            DEFAULT_MAX_TRIES
        } else {
            self.max_tries
        }
    }
}

/// A seeded puzzle meeting `options`, and its solution: `(puzzle, solution)`. The puzzle
/// has exactly one solution; its givens are invariant under the symmetry; with a pattern
/// they are exactly the pattern's cells, and without one the puzzle is minimal under the
/// symmetry; it rates the level (when one is asked), has a number of givens within the
/// bounds, its hint walk uses the technique (when one is asked), and its SE rating's ER
/// lies within `se_min..=se_max` (each bound when nonzero). The same seed and options give
/// the same puzzle everywhere.
///
/// `progress` is called before each try with the number of tries made so far (0 first),
/// and again with that number after each step of a try's SE rating; when it returns
/// `true` the search stops with [`Error::Cancelled`].
///
/// Fails with [`Error::InvalidArgument`] for options [`GenerateOptions::check`] refuses,
/// [`Error::NotFound`] when no try of the `max_tries` met them, [`Error::Cancelled`], and
/// [`Error::NoMemory`] when the hint walk of a required technique or the SE rating runs
/// out of memory.
pub fn generate_with(
    seed: u64,
    options: &GenerateOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<(Board, Board), Error> {
    options.check()?;
    let mut rng = Rng::new(seed ^ 0x5EED_0F0B_7105_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (orbits, n_orbits) = options.symmetry.orbits();
    let orbits = &orbits[..n_orbits];
    for tries in 0..options.tries() {
        if progress(tries) {
            return Err(Error::Cancelled);
        }
        let solution = random_grid(&mut rng);
        let puzzle = match options.pattern {
            Some(pattern) => on_pattern(&solution, pattern),
            None => thin(&solution, orbits, options.difficulty, &mut rng),
        };
        let Some(puzzle) = puzzle else {
            continue;
        };
        if meets(&puzzle, &solution, options)?
            && se_within(&puzzle, options, &mut || progress(tries))?
        {
            return Ok((puzzle, solution));
        }
    }
    Err(Error::NotFound)
}

/// The puzzle of `solution`'s digits on `pattern`, when it has one solution.
fn on_pattern(solution: &Board, pattern: Cells) -> Option<Board> {
    let mut p = Board::EMPTY;
    for i in (0..CELLS).filter(|&i| pattern & (1 << i) != 0) {
        p.set(i, solution.get(i));
    }
    (count_clash_free(&p, 2).count == 1).then_some(p)
}

/// Whether the proper puzzle `p` (of solution `solution`) meets the options' givens bounds,
/// level and technique.
fn meets(p: &Board, solution: &Board, options: &GenerateOptions) -> Result<bool, Error> {
    let n = p.givens();
    if n < options.min_givens || (options.max_givens != 0 && n > options.max_givens) {
        return Ok(false);
    }
    let level = match options.difficulty {
        Some(d) => {
            if rate_at_most(p, solution.digits(), d) != Some(d) {
                return Ok(false);
            }
            d
        }
        None => Difficulty::Extreme,
    };
    match options.technique {
        Some(t) => walk_uses(p, t, level),
        None => Ok(true),
    }
}

/// Whether the SE rating's ER of the proper puzzle `p` lies within the options' SE bounds
/// (true without rating when there are none). `stop` is asked after each step of the
/// rating; `true` cancels it ([`Error::Cancelled`]).
fn se_within(
    p: &Board,
    options: &GenerateOptions,
    stop: &mut dyn FnMut() -> bool,
) -> Result<bool, Error> {
    if options.se_min == 0 && options.se_max == 0 {
        return Ok(true);
    }
    let er = rate_se_with_progress(p, &mut |_| !stop())?.er;
    Ok(er >= options.se_min && (options.se_max == 0 || er <= options.se_max))
}

/// Whether the hint walk from the givens of the proper puzzle `p` uses `technique`. The
/// walk is that of the public hint API, step by step; it stops early once a step above
/// `level` would be needed (it cannot then match) or the grid is full.
fn walk_uses(p: &Board, technique: Technique, level: Difficulty) -> Result<bool, Error> {
    let mut bytes = p.to_bytes();
    let mut cands = candidates(p);
    loop {
        let board = Board::from_bytes(&bytes)?;
        if board.is_complete() {
            return Ok(false);
        }
        let step = hint(&board, Some(&cands))?;
        if step.technique == technique {
            return Ok(true);
        }
        if step.technique == Technique::None || step.level().is_none_or(|l| l > level) {
            return Ok(false);
        }
        apply_step(&mut bytes, &mut cands, &step)?;
    }
}

/// A puzzle thinned out from `solution` orbit by orbit in a random order, minimal under the
/// orbits; for Easy to Hard every removal keeps the rating at most the level (and, for
/// Medium and Hard, the last removals are steered towards the level as in
/// [`crate::generate()`]), and `None` when an orbit kept for that reason is not needed in the
/// end or the thinning ends below the level.
fn thin(
    solution: &Board,
    orbits: &[Cells],
    level: Option<Difficulty>,
    rng: &mut Rng,
) -> Option<Board> {
    let ua = Unavoidable::of(solution);
    let mut order = [0usize; CELLS];
    for (k, o) in order.iter_mut().enumerate().take(orbits.len()) {
        *o = k;
    }
    let order = &mut order[..orbits.len()];
    rng.shuffle(order);
    if let Some(target) = level.filter(|&d| d <= Difficulty::Hard) {
        return OrbitThinning::new(solution, &ua, orbits, target).run(order);
    }
    let mut p = *solution;
    let mut givens: CellSet = ALL_CELLS;
    for &k in order.iter() {
        let orbit = orbits[k];
        let less = givens & !orbit;
        let mut q = p;
        for i in cells_of(orbit) {
            q.set(i, 0);
        }
        if cells_of(orbit).any(|i| ua.uncovered(less, i)) || count_clash_free(&q, 2).count != 1 {
            continue;
        }
        p = q;
        givens = less;
    }
    Some(p)
}

/// The number of givens from which on the thinning of symmetric puzzles steers towards
/// Medium and Hard (docs/performance.md, "Tuned constants").
const SYMMETRIC_STEER_AT: u32 = 32;

/// A puzzle being thinned out orbit by orbit towards a minimal puzzle (under the orbits)
/// of a level from Easy to Hard.
///
/// Whether a removal keeps one solution within the target is decided cheapest first: an
/// unavoidable set left without givens means several solutions; when the givens force each
/// removed cell, or the techniques up to the target fill each again, the puzzle still has
/// one solution and those techniques fill it (the batch closure of these techniques does
/// not depend on the order, so once it has filled the removed cells it fills all that the
/// puzzle before the removal filled), and its level is the hardest of the puzzle's before
/// and of those fills; only otherwise are solutions counted. Each is a fact about the
/// puzzle, so the result depends on the grid and the order alone.
struct OrbitThinning<'a> {
    solution: &'a Board,
    ua: &'a Unavoidable,
    orbits: &'a [Cells],
    target: Difficulty,
    /// The techniques up to the target.
    proof: Techniques,
    /// The techniques below the target, for steering: `None` for Easy.
    below: Option<Techniques>,
    puzzle: Board,
    givens: CellSet,
    units: UnitDigits,
    /// The orbits that stay (bit `k` for orbit `k`; Easy needs no steering: reached from
    /// the start).
    kept: Kept,
}

impl<'a> OrbitThinning<'a> {
    fn new(
        solution: &'a Board,
        ua: &'a Unavoidable,
        orbits: &'a [Cells],
        target: Difficulty,
    ) -> OrbitThinning<'a> {
        let below = Difficulty::from_code(target.code() - 1).map(Techniques::up_to);
        OrbitThinning {
            solution,
            ua,
            orbits,
            target,
            proof: Techniques::up_to(target),
            below,
            puzzle: *solution,
            givens: ALL_CELLS,
            units: UnitDigits::of(solution),
            kept: Kept::new(below.is_none()),
        }
    }

    fn restore(&mut self, k: usize) {
        for i in cells_of(self.orbits[k]) {
            let d = self.solution.get(i);
            self.units.toggle(i, d);
            self.puzzle.set(i, d);
        }
        self.givens |= self.orbits[k];
    }

    fn judge(&self, orbit: Cells, steering: bool) -> Removal {
        let p = &self.puzzle;
        if cells_of(orbit).any(|i| self.ua.uncovered(self.givens, i)) {
            return Removal::Needed;
        }
        // The removed cells the givens do not force (a naked or hidden single puts a
        // forced one straight back).
        let open = cells_of(orbit)
            .filter(|&i| !self.units.forces(p, i, self.solution.get(i)))
            .fold(0 as Cells, |set, i| set | 1 << i);
        let filled = if open == 0 {
            Some((Difficulty::Easy, 0))
        } else {
            fill_level_all(p, open, self.proof)
        };
        if let Some((level, steps)) = filled {
            if steering && self.below.is_some() && level == self.target {
                Removal::AtTarget
            } else {
                Removal::Below { steps }
            }
        } else if count_clash_free(p, 2).count != 1 {
            Removal::Needed
        } else {
            Removal::TooHard
        }
    }

    /// Thins the puzzle to one minimal under the orbits, in the order of `order`: plainly
    /// down to [`SYMMETRIC_STEER_AT`] givens, then steered towards the target ([`steer`]).
    /// `None` when the result would not be a minimal puzzle of the target level.
    fn run(mut self, order: &[usize]) -> Option<Board> {
        for &k in order {
            if self.givens.count_ones() <= SYMMETRIC_STEER_AT {
                break;
            }
            if self.may_go(k) {
                self.thin(k);
            }
        }
        if let Some(below) = self.below {
            self.kept.reached = !solve_logically(&self.puzzle, below).solved;
        }
        if !steer(&mut self, order) {
            // Minimal under the orbits, but easier than the target.
            return None;
        }
        // An orbit kept only because its removal was too hard must be needed now.
        let mut rest = self.kept.too_hard;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let orbit = self.orbits[k];
            let less = self.givens & !orbit;
            let mut q = self.puzzle;
            for i in cells_of(orbit) {
                q.set(i, 0);
            }
            if !cells_of(orbit).any(|i| self.ua.uncovered(less, i))
                && count_clash_free(&q, 2).count == 1
            {
                return None;
            }
        }
        Some(self.puzzle)
    }
}

impl Thins for OrbitThinning<'_> {
    fn may_go(&self, k: usize) -> bool {
        !self.kept.stays(k) && self.givens & self.orbits[k] != 0
    }

    /// What removing orbit `k` would do; the puzzle is left as it was. Unless `steering`,
    /// every removal within the target is reported as [`Removal::Below`].
    fn try_removal(&mut self, k: usize, steering: bool) -> Removal {
        let orbit = self.orbits[k];
        self.remove(k);
        let outcome = self.judge(orbit, steering);
        self.restore(k);
        outcome
    }

    fn remove(&mut self, k: usize) {
        for i in cells_of(self.orbits[k]) {
            self.units.toggle(i, self.solution.get(i));
            self.puzzle.set(i, 0);
        }
        self.givens &= !self.orbits[k];
    }

    fn kept(&self) -> &Kept {
        &self.kept
    }

    fn kept_mut(&mut self) -> &mut Kept {
        &mut self.kept
    }
}

fn cells_of(set: Cells) -> impl Iterator<Item = usize> {
    (0..CELLS).filter(move |&i| set & (1 << i) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::count_solutions;

    fn never(_: u64) -> bool {
        false
    }

    fn check_minimal(p: &Board, s: Symmetry) {
        let (orbits, n) = s.orbits();
        for &o in &orbits[..n] {
            let cells: Vec<usize> = cells_of(o).collect();
            if cells.iter().all(|&i| p.get(i) != 0) {
                let mut q = *p;
                for &i in &cells {
                    q.set(i, 0);
                }
                assert_eq!(count_solutions(&q, 2).unwrap().count, 2, "{p} {s:?}");
            }
        }
    }

    #[test]
    fn symmetric_puzzles_are_proper_symmetric_minimal_and_deterministic() {
        for s in Symmetry::ALL {
            let o = GenerateOptions {
                symmetry: s,
                ..GenerateOptions::default()
            };
            let (p, sol) = generate_with(7, &o, &mut never).unwrap();
            assert!(sol.is_solution_of(&p));
            assert_eq!(count_solutions(&p, 2).unwrap().count, 1);
            let givens = (0..CELLS)
                .filter(|&i| p.get(i) != 0)
                .fold(0 as Cells, |a, i| a | 1 << i);
            assert!(s.keeps(givens), "{s:?} {p}");
            check_minimal(&p, s);
            assert_eq!(generate_with(7, &o, &mut never).unwrap(), (p, sol));
        }
    }

    #[test]
    fn levels_and_techniques_are_met() {
        for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            let o = GenerateOptions {
                difficulty: Some(d),
                symmetry: Symmetry::Rotate180,
                ..GenerateOptions::default()
            };
            let (p, _) = generate_with(3, &o, &mut never).unwrap();
            assert_eq!(crate::rate(&p), Ok(d));
            check_minimal(&p, Symmetry::Rotate180);
        }
        let o = GenerateOptions {
            technique: Some(Technique::Pointing),
            ..GenerateOptions::default()
        };
        let (p, _) = generate_with(5, &o, &mut never).unwrap();
        assert!(crate::walk(&p)
            .unwrap()
            .iter()
            .any(|s| s.technique == Technique::Pointing));
    }

    #[test]
    fn bad_options_tiny_bounds_and_cancel() {
        let bad = [
            GenerateOptions {
                se_min: -1,
                ..GenerateOptions::default()
            },
            GenerateOptions {
                se_max: MAX_SE_BOUND + 1,
                ..GenerateOptions::default()
            },
            GenerateOptions {
                se_min: 40,
                se_max: 30,
                ..GenerateOptions::default()
            },
            GenerateOptions {
                min_givens: 30,
                max_givens: 25,
                ..GenerateOptions::default()
            },
            GenerateOptions {
                max_givens: 16,
                ..GenerateOptions::default()
            },
            GenerateOptions {
                pattern: Some(1),
                ..GenerateOptions::default()
            },
            GenerateOptions {
                difficulty: Some(Difficulty::Easy),
                technique: Some(Technique::XWing),
                ..GenerateOptions::default()
            },
        ];
        for o in bad {
            assert_eq!(
                generate_with(1, &o, &mut never),
                Err(Error::InvalidArgument)
            );
        }
        let o = GenerateOptions {
            max_givens: 17,
            max_tries: 2,
            ..GenerateOptions::default()
        };
        assert_eq!(generate_with(1, &o, &mut never), Err(Error::NotFound));
        let mut stop = |_| true;
        assert_eq!(
            generate_with(1, &GenerateOptions::default(), &mut stop),
            Err(Error::Cancelled)
        );
    }

    #[test]
    fn se_ranges_are_met_and_deterministic() {
        use crate::logic::se::rate_se;
        let bands = [(20, 26, 0), (0, 15, 0), (40, 0, 0), (60, 75, 2_000)];
        for (se_min, se_max, max_tries) in bands {
            let o = GenerateOptions {
                se_min,
                se_max,
                max_tries,
                ..GenerateOptions::default()
            };
            for seed in [1, 2] {
                let (p, sol) = generate_with(seed, &o, &mut never).unwrap();
                assert!(sol.is_solution_of(&p));
                assert_eq!(count_solutions(&p, 2).unwrap().count, 1);
                check_minimal(&p, Symmetry::None);
                let er = rate_se(&p).unwrap().er;
                assert!(er >= se_min, "{p} {er} {se_min}-{se_max}");
                assert!(se_max == 0 || er <= se_max, "{p} {er} {se_min}-{se_max}");
                assert_eq!(generate_with(seed, &o, &mut never).unwrap(), (p, sol));
            }
        }
        // With a level too: an SE band and a level both hold.
        let o = GenerateOptions {
            difficulty: Some(Difficulty::Easy),
            se_min: 10,
            se_max: 20,
            ..GenerateOptions::default()
        };
        let (p, _) = generate_with(3, &o, &mut never).unwrap();
        assert_eq!(crate::rate(&p), Ok(Difficulty::Easy));
        assert!((10..=20).contains(&rate_se(&p).unwrap().er));
        // A band no minimal puzzle reaches within two tries.
        let o = GenerateOptions {
            se_min: 190,
            max_tries: 2,
            ..GenerateOptions::default()
        };
        assert_eq!(generate_with(1, &o, &mut never), Err(Error::NotFound));
    }

    #[test]
    fn pattern_puzzles_sit_on_the_pattern() {
        // A generated puzzle's givens and ten more cells: a pattern random grids fit often.
        let (p, _) = crate::generate(4, Difficulty::Easy);
        let mut pattern = (0..CELLS)
            .filter(|&i| p.get(i) != 0)
            .fold(0 as Cells, |a, i| a | 1 << i);
        for i in (0..CELLS).filter(|&i| p.get(i) == 0).take(10) {
            pattern |= 1 << i;
        }
        let o = GenerateOptions {
            pattern: Some(pattern),
            ..GenerateOptions::default()
        };
        let (q, s) = generate_with(1, &o, &mut never).unwrap();
        assert!(s.is_solution_of(&q));
        assert_eq!(count_solutions(&q, 2).unwrap().count, 1);
        for i in 0..CELLS {
            assert_eq!(q.get(i) != 0, pattern & (1 << i) != 0);
        }
        assert_eq!(generate_with(1, &o, &mut never).unwrap(), (q, s));
    }
}
