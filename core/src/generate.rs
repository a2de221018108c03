//! Seeded generation of proper, minimal puzzles of a chosen difficulty.
//!
//! Each try draws a complete grid with a seeded randomized fill (never a solution some
//! engine found first, which could differ between engine paths), or from Expert on takes
//! the grid of the try before for up to eight tries, and thins it out in a seeded random
//! order: a given goes when the puzzle keeps exactly one solution and stays
//! within the target level, and stays when removing it leaves several solutions. The
//! result is minimal. Whether a removal keeps one solution is a fact about the puzzle,
//! established by exact shortcuts (an unavoidable set, whose digits can be rearranged into
//! another valid grid, left without givens means several solutions; logic that fills the
//! removed cell again means one) or else by counting solutions. No decision depends on
//! which solution an engine finds, so the same seed gives the same puzzle on every
//! platform, engine and CPU path.
//!
//! The rating only grows as givens go (see [`crate::logic`]). So a removal that needs
//! techniques above the target can never be undone by later removals: such a given is kept
//! for now and the try fails unless later removals made it needed. Medium and Hard are
//! rare among minimal puzzles (docs/performance.md gives the share of each level among the
//! minimal puzzles of a corpus), so their last removals are steered: from 32 givens on, each round tries every given that may still go and takes
//! one that makes the puzzle need the target's techniques if there is one, else the easier
//! one that the logic takes longest to fill again. A try that ends at another level is
//! dropped.

#![forbid(unsafe_code)]

use crate::board::{Board, BOX, CELLS, COL, ROW};
use crate::count::count_clash_free;
use crate::difficulty::Difficulty;
use crate::logic::closure::{fill_level, solve_logically};
use crate::logic::{rate_at_most, Techniques};
use crate::unavoidable::{CellSet, Unavoidable, ALL_CELLS};
use crate::units::{PEERS, UNITS};

pub(crate) use crate::rng::SplitMix64 as Rng;

/// The rating of `p`, whose only solution is `solution`, when it is at most `cap`.
fn rate_unique_at_most(p: &Board, solution: &Board, cap: Difficulty) -> Option<Difficulty> {
    rate_at_most(p, solution.digits(), cap)
}

/// A complete valid grid drawn from `rng`: a depth-first fill that takes the open cell with
/// the fewest candidates (the first such cell in row-major order) and tries its digits in
/// random order.
pub(crate) fn random_grid(rng: &mut Rng) -> Board {
    let mut cand = [0x1FFu16; CELLS];
    let mut grid = [0u8; CELLS];
    if fill(&mut cand, &mut grid, rng) {
        if let Some(b) = Board::from_digits(grid) {
            return b;
        }
    }
    // An empty grid always has a completion, so this is never reached; a fixed valid
    // grid keeps the function total without a panic.
    Board::from_digits(core::array::from_fn(|i| {
        let (r, c) = (i / 9, i % 9);
        ((r * 3 + r / 3 + c) % 9 + 1) as u8
    }))
    .unwrap_or(Board::EMPTY)
}

fn fill(cand: &mut [u16; CELLS], grid: &mut [u8; CELLS], rng: &mut Rng) -> bool {
    let mut best: Option<(u32, usize)> = None;
    for i in 0..CELLS {
        if grid[i] == 0 {
            let n = cand[i].count_ones();
            if best.is_none_or(|(b, _)| n < b) {
                best = Some((n, i));
                if n <= 1 {
                    break;
                }
            }
        }
    }
    let Some((n, cell)) = best else {
        return true;
    };
    if n == 0 {
        return false;
    }
    let mut digits = [0u8; 9];
    let mut k = 0;
    for d in 1..=9u8 {
        if cand[cell] & (1 << (d - 1)) != 0 {
            digits[k] = d;
            k += 1;
        }
    }
    let digits = &mut digits[..k];
    rng.shuffle(digits);
    for &d in digits.iter() {
        let (saved_cand, saved_grid) = (*cand, *grid);
        let bit = 1u16 << (d - 1);
        grid[cell] = d;
        cand[cell] = 0;
        for &p in &PEERS[cell] {
            cand[p as usize] &= !bit;
        }
        if fill(cand, grid, rng) {
            return true;
        }
        *cand = saved_cand;
        *grid = saved_grid;
    }
    false
}

/// Removes givens of `puzzle` (whose only solution is `solution`) in the order of `order`,
/// keeping each removal that leaves exactly one solution. The result is minimal: a given
/// that could not go when it was tried cannot go later either, since removing givens only
/// adds solutions. The plain form of what [`generate`] does, for tests.
#[cfg(test)]
pub(crate) fn minimize(puzzle: &Board, order: &[usize]) -> Board {
    use crate::count::{uniqueness_clash_free, Uniqueness};
    let mut p = *puzzle;
    for &i in order {
        let d = p.get(i);
        if d == 0 {
            continue;
        }
        p.set(i, 0);
        if uniqueness_clash_free(&p) != Uniqueness::Unique {
            p.set(i, d);
        }
    }
    p
}

/// A random minimal puzzle and its solution (any difficulty).
#[cfg(test)]
pub(crate) fn random_minimal(rng: &mut Rng) -> (Board, Board) {
    let solution = random_grid(rng);
    let mut order: [usize; CELLS] = core::array::from_fn(|i| i);
    rng.shuffle(&mut order);
    (minimize(&solution, &order), solution)
}

/// The digits given in each row, column and box of a puzzle being thinned out.
pub(crate) struct UnitDigits {
    row: [u16; 9],
    col: [u16; 9],
    boxes: [u16; 9],
}

impl UnitDigits {
    pub(crate) fn of(p: &Board) -> UnitDigits {
        let mut u = UnitDigits {
            row: [0; 9],
            col: [0; 9],
            boxes: [0; 9],
        };
        for (i, &d) in p.digits().iter().enumerate() {
            if d != 0 {
                u.toggle(i, d);
            }
        }
        u
    }

    /// Adds digit `d` of cell `i` if it is not there, removes it if it is.
    pub(crate) fn toggle(&mut self, i: usize, d: u8) {
        let bit = 1 << (d - 1);
        self.row[ROW[i] as usize] ^= bit;
        self.col[COL[i] as usize] ^= bit;
        self.boxes[BOX[i] as usize] ^= bit;
    }

    /// The digits the givens rule out of cell `i`.
    fn seen(&self, i: usize) -> u16 {
        self.row[ROW[i] as usize] | self.col[COL[i] as usize] | self.boxes[BOX[i] as usize]
    }

    /// Whether blank cell `i` of `p` must hold `d` by the givens alone: a naked single (the
    /// givens rule out every other digit) or a hidden single (they rule `d` out of every
    /// other blank cell of one of its units). Such a given can always go: singles put it
    /// straight back.
    pub(crate) fn forces(&self, p: &Board, i: usize, d: u8) -> bool {
        if self.seen(i).count_ones() == 8 {
            return true;
        }
        let bit = 1 << (d - 1);
        let units = [ROW[i] as usize, 9 + COL[i] as usize, 18 + BOX[i] as usize];
        units.iter().any(|&u| {
            UNITS[u].iter().all(|&j| {
                let j = j as usize;
                j == i || p.get(j) != 0 || self.seen(j) & bit != 0
            })
        })
    }
}

/// Whether `p`, whose cell `i` is blank and whose givens have a solution with `d` there,
/// has another solution: one with some other digit in cell `i`. Decided by counting (to 1)
/// the solutions of `p` with each other digit that the peers of `i` allow put in `i`,
/// which is cheaper than counting the solutions of `p` to 2.
fn has_other_solution(p: &Board, i: usize, d: u8) -> bool {
    let mut seen = 1u16 << (d - 1);
    for &q in &PEERS[i] {
        let g = p.get(q as usize);
        if g != 0 {
            seen |= 1 << (g - 1);
        }
    }
    let mut other = *p;
    (1..=9u8).filter(|a| seen & (1 << (a - 1)) == 0).any(|a| {
        other.set(i, a);
        count_clash_free(&other, 1).count > 0
    })
}

/// What a removal of one part of the givens (a given, or an orbit of givens under a
/// symmetry) does to a puzzle that the techniques up to the target fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Removal {
    /// Several solutions: the part is needed, now and after any later removal.
    Needed,
    /// One solution, and techniques below the target still fill the grid, in `steps` steps
    /// of the logical solver to fill a removed cell again (0 when the givens force it).
    Below { steps: u32 },
    /// One solution, and the target's techniques fill the grid but easier ones do not.
    AtTarget,
    /// One solution, but it needs techniques above the target.
    TooHard,
}

/// A puzzle thinned one part of its givens at a time (part `k`: a given, or an orbit), as
/// [`steer`] drives it.
pub(crate) trait Thins {
    /// Whether part `k` is still given and may still go.
    fn may_go(&self, k: usize) -> bool;
    /// What removing part `k` would do, the puzzle left as it was; unless `steering`, every
    /// removal within the target is [`Removal::Below`].
    fn try_removal(&mut self, k: usize, steering: bool) -> Removal;
    /// Removes part `k`.
    fn remove(&mut self, k: usize);
    /// What the thinning knows of the parts that stay.
    fn kept(&self) -> &Kept;
    /// The same, to record in.
    fn kept_mut(&mut self) -> &mut Kept;

    /// Whether the puzzle needs the target's techniques.
    fn reached(&self) -> bool {
        self.kept().reached
    }

    /// Tries to remove part `k`: removes it when that keeps one solution within the
    /// target, else records why it stays.
    fn thin(&mut self, k: usize) {
        match self.try_removal(k, false) {
            why @ (Removal::Needed | Removal::TooHard) => self.kept_mut().keep(k, why),
            Removal::Below { .. } => self.remove(k),
            Removal::AtTarget => {
                self.remove(k);
                self.kept_mut().reached = true;
            }
        }
    }
}

/// What a thinning knows of the parts that stay (bit `k` for part `k`: a given, or an
/// orbit of givens), and whether the puzzle already needs the target's techniques.
pub(crate) struct Kept {
    /// Parts known to be needed (removing them leaves several solutions).
    pub(crate) needed: u128,
    /// Parts whose removal was too hard when tried; each must turn out needed in the end.
    pub(crate) too_hard: u128,
    /// Whether the puzzle needs the target's techniques.
    pub(crate) reached: bool,
}

impl Kept {
    /// Nothing kept yet; `reached` when the target needs no steering.
    pub(crate) fn new(reached: bool) -> Kept {
        Kept {
            needed: 0,
            too_hard: 0,
            reached,
        }
    }

    /// Whether part `k` is known to stay.
    pub(crate) fn stays(&self, k: usize) -> bool {
        (self.needed | self.too_hard) & (1 << k) != 0
    }

    /// Records that part `k` stays, and why ([`Removal::Needed`] or [`Removal::TooHard`]).
    fn keep(&mut self, k: usize, why: Removal) {
        if why == Removal::TooHard {
            self.too_hard |= 1 << k;
        } else {
            self.needed |= 1 << k;
        }
    }
}

/// Steers a thinning towards the target, in the order of `order`: while the puzzle does not
/// yet need the target's techniques, each round tries every part that may still go and
/// removes one that makes the puzzle need them if there is one, else the one, among those
/// that keep it easier, that the logic takes the most steps to fill again; once it needs
/// them, one pass thins it to minimal (a part that cannot go now cannot go later either).
/// `false` when it became minimal while easier than the target.
pub(crate) fn steer<T: Thins>(t: &mut T, order: &[usize]) -> bool {
    loop {
        if t.reached() {
            for &k in order {
                if t.may_go(k) {
                    t.thin(k);
                }
            }
            return true;
        }
        // The removal that keeps the puzzle easier but takes the logic longest to undo:
        // the likeliest to lead towards the target.
        let mut easier: Option<(u32, usize)> = None;
        for &k in order {
            if !t.may_go(k) {
                continue;
            }
            match t.try_removal(k, true) {
                why @ (Removal::Needed | Removal::TooHard) => t.kept_mut().keep(k, why),
                Removal::Below { steps } => {
                    if easier.is_none_or(|(best, _)| steps > best) {
                        easier = Some((steps, k));
                    }
                }
                Removal::AtTarget => {
                    t.remove(k);
                    t.kept_mut().reached = true;
                    break;
                }
            }
        }
        if !t.reached() {
            match easier {
                Some((_, k)) => t.remove(k),
                None => return false,
            }
        }
    }
}

/// A puzzle being thinned out from its solution towards a minimal puzzle of one level.
///
/// Every decision is a fact about the puzzle, never which solution an engine found, so the
/// result depends on the solution grid and the order of the cells alone. Facts are
/// established cheapest first: an unavoidable set left without givens means several
/// solutions; a digit the givens force, or logic that fills the cell again, means one; only
/// then are solutions counted.
struct Thinning<'a> {
    solution: &'a Board,
    ua: &'a Unavoidable,
    target: Difficulty,
    /// The techniques whose filling the removed cell again proves a removal harmless: those
    /// up to the target; `None` from Expert on, where any removal that keeps one solution
    /// is harmless and the level is checked once at the end: there counting decides at
    /// once (it costs less than singles that often stall late in the thinning, and gives
    /// the same answer, so the same puzzles).
    proof: Option<Techniques>,
    /// The techniques below the target, for steering: `None` for Easy and Expert.
    below: Option<Techniques>,
    puzzle: Board,
    givens: CellSet,
    units: UnitDigits,
    /// The givens that stay (Easy and Expert need no steering: reached from the start).
    kept: Kept,
}

impl<'a> Thinning<'a> {
    fn new(solution: &'a Board, ua: &'a Unavoidable, target: Difficulty) -> Thinning<'a> {
        let below = Difficulty::from_code(target.code() - 1)
            .filter(|_| target <= Difficulty::Hard)
            .map(Techniques::up_to);
        Thinning {
            solution,
            ua,
            target,
            proof: (target <= Difficulty::Hard).then(|| Techniques::up_to(target)),
            below,
            puzzle: *solution,
            givens: ALL_CELLS,
            units: UnitDigits::of(solution),
            kept: Kept::new(below.is_none()),
        }
    }

    fn restore(&mut self, i: usize) {
        let d = self.solution.get(i);
        self.units.toggle(i, d);
        self.puzzle.set(i, d);
        self.givens |= 1 << i;
    }

    /// Thins the puzzle to a minimal one, in the order of `order`: plainly down to
    /// `steer_at` givens, then steered towards the target ([`steer`]). `None` when the
    /// result would not be a minimal puzzle of the target level.
    fn run(mut self, order: &[usize; CELLS], steer_at: u32) -> Option<Board> {
        // Plain thinning in order down to `steer_at` givens, then a look at the level.
        for &i in order {
            if self.givens.count_ones() <= steer_at {
                break;
            }
            Thins::thin(&mut self, i);
        }
        if let Some(below) = self.below {
            self.kept.reached = !solve_logically(&self.puzzle, below).solved;
        }
        if !steer(&mut self, order) {
            // Minimal, but easier than the target.
            return None;
        }
        // Givens that were too hard to remove must have become needed since.
        let mut rest = self.kept.too_hard;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let d = self.solution.get(i);
            self.remove(i);
            let needed =
                self.ua.uncovered(self.givens, i) || has_other_solution(&self.puzzle, i, d);
            self.restore(i);
            if !needed {
                return None;
            }
        }
        Some(self.puzzle)
    }
}

impl Thins for Thinning<'_> {
    fn may_go(&self, i: usize) -> bool {
        self.givens & (1 << i) != 0 && !self.kept.stays(i)
    }

    fn remove(&mut self, i: usize) {
        self.units.toggle(i, self.solution.get(i));
        self.puzzle.set(i, 0);
        self.givens &= !(1 << i);
    }

    fn kept(&self) -> &Kept {
        &self.kept
    }

    fn kept_mut(&mut self) -> &mut Kept {
        &mut self.kept
    }

    /// What removing given `i` would do; the puzzle is left as it was. Unless `steering`,
    /// every removal within the target is reported as [`Removal::Below`].
    fn try_removal(&mut self, i: usize, steering: bool) -> Removal {
        let d = self.solution.get(i);
        self.remove(i);
        let p = &self.puzzle;
        let outcome = if self.ua.uncovered(self.givens, i) {
            Removal::Needed
        } else if self.units.forces(p, i, d) {
            Removal::Below { steps: 0 }
        } else if let Some((level, steps)) = self.proof.and_then(|proof| fill_level(p, i, proof)) {
            if steering && self.below.is_some() && level == self.target {
                Removal::AtTarget
            } else {
                Removal::Below { steps }
            }
        } else if has_other_solution(p, i, d) {
            Removal::Needed
        } else if self.target >= Difficulty::Expert {
            Removal::Below { steps: 0 }
        } else {
            Removal::TooHard
        };
        self.restore(i);
        outcome
    }
}

/// The number of givens from which on the search steers towards the target level: for
/// Medium and Hard, whose puzzles are rare among minimal ones; never for Easy and Expert.
/// 32 took the fewest instructions per puzzle among 28 to 40 (callgrind, 150 seeds).
pub(crate) const fn steer_at(target: Difficulty) -> u32 {
    match target {
        Difficulty::Medium | Difficulty::Hard => STEER_AT,
        Difficulty::Easy | Difficulty::Expert | Difficulty::Master | Difficulty::Extreme => 0,
    }
}

const STEER_AT: u32 = 32;

/// How many orders of removal are tried on one grid before the next is drawn: several
/// from Expert on, whose tries mostly end at another level, so that drawing a grid and its
/// unavoidable sets is shared by several of them (docs/performance.md has its cost against
/// a try's); one for the levels below, whose puzzles per seed stay as they were.
const fn orders_per_grid(target: Difficulty) -> usize {
    match target {
        Difficulty::Easy | Difficulty::Medium | Difficulty::Hard => 1,
        Difficulty::Expert | Difficulty::Master | Difficulty::Extreme => ORDERS_PER_GRID,
    }
}

const ORDERS_PER_GRID: usize = 8;

/// Generates a puzzle of the given difficulty from `seed`: `(puzzle, solution)`.
///
/// The puzzle has exactly one solution, is minimal (removing any given leaves several) and
/// rates exactly `difficulty`; the same seed and difficulty give the same puzzle on every
/// run, platform and engine path. Each try draws a complete grid by a randomized fill (from
/// Expert on, one grid serves several tries) and thins it out in a random order, steering
/// the last removals towards the level for Medium and Hard; a try that ends at another
/// level is discarded.
pub fn generate(seed: u64, difficulty: Difficulty) -> (Board, Board) {
    let mut rng = Rng::new(seed ^ (difficulty.code() as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    loop {
        let solution = random_grid(&mut rng);
        let ua = Unavoidable::of(&solution);
        for _ in 0..orders_per_grid(difficulty) {
            let mut order: [usize; CELLS] = core::array::from_fn(|i| i);
            rng.shuffle(&mut order);
            let thinning = Thinning::new(&solution, &ua, difficulty);
            let Some(p) = thinning.run(&order, steer_at(difficulty)) else {
                continue;
            };
            // Easy, Medium and Hard are reached by construction (their removals were
            // proved with the closure that decides those levels of the rating); the harder
            // levels are found by trying, and checked by the rating capped at the target.
            if difficulty <= Difficulty::Hard
                || rate_unique_at_most(&p, &solution, difficulty) == Some(difficulty)
            {
                return (p, solution);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::count_solutions;

    #[test]
    fn random_grids_are_valid_deterministic_and_varied() {
        let grids: Vec<Board> = (0..50).map(|s| random_grid(&mut Rng::new(s))).collect();
        for (s, g) in grids.iter().enumerate() {
            assert!(g.is_solved(), "{g}");
            assert_eq!(*g, random_grid(&mut Rng::new(s as u64)));
        }
        let mut distinct = grids.clone();
        distinct.sort_by_key(|g| *g.digits());
        distinct.dedup();
        assert_eq!(distinct.len(), grids.len());
    }

    #[test]
    fn unit_digits_force_naked_and_hidden_singles_only() {
        let solution = random_grid(&mut Rng::new(3));
        // A full grid less one cell: a naked single.
        let mut p = solution;
        p.set(40, 0);
        let units = UnitDigits::of(&p);
        assert!(units.forces(&p, 40, solution.get(40)));
        // An empty grid forces nothing.
        let units = UnitDigits::of(&Board::EMPTY);
        assert!(!units.forces(&Board::EMPTY, 40, 1));
        // Digit 5 in rows 1 and 2 of the top-left band and in column 1 leaves cell 0 as the
        // only place for 5 in box 0 (a hidden single, not a naked one).
        let mut p = Board::EMPTY;
        p.set(9 + 4, 5); // row 1, column 4
        p.set(18 + 7, 5); // row 2, column 7
        p.set(27 + 1, 5); // row 3, column 1
        p.set(2, 7); // row 0, column 2
        let units = UnitDigits::of(&p);
        assert!(units.forces(&p, 0, 5));
        assert!(!units.forces(&p, 0, 4));
        assert!(!units.forces(&p, 54, 5)); // row 6, column 0: 5 fits, but not only there
    }

    /// Checks everything `generate` promises for one puzzle.
    fn check(seed: u64, level: Difficulty) -> (Board, Board) {
        let (puzzle, solution) = generate(seed, level);
        assert!(
            solution.is_solution_of(&puzzle),
            "{seed} {level:?}: {puzzle}"
        );
        assert_eq!(count_solutions(&puzzle, 2).map(|c| c.count), Ok(1));
        assert_eq!(crate::logic::rate(&puzzle), Ok(level), "{seed}: {puzzle}");
        for i in (0..CELLS).filter(|&i| puzzle.get(i) != 0) {
            let mut less = puzzle;
            less.set(i, 0);
            assert_eq!(
                count_solutions(&less, 2).map(|c| c.count),
                Ok(2),
                "{seed} {level:?}: given {i} of {puzzle} is not needed"
            );
        }
        (puzzle, solution)
    }

    #[test]
    fn generated_puzzles_are_proper_minimal_rated_and_deterministic() {
        for level in Difficulty::ALL {
            let mut seen = Vec::new();
            for seed in [0, 1, 2, 3, u64::MAX] {
                let made = check(seed, level);
                assert_eq!(
                    generate(seed, level),
                    made,
                    "seed {seed} is not deterministic"
                );
                seen.push(made.0);
            }
            seen.sort_by_key(|p| *p.digits());
            seen.dedup();
            assert_eq!(seen.len(), 5, "{level:?}: two seeds gave the same puzzle");
        }
    }

    #[test]
    fn steering_keeps_every_given_needed() {
        // The steered levels, on more seeds: minimality is the subtle part there.
        for seed in 10..16 {
            check(seed, Difficulty::Medium);
            check(seed, Difficulty::Hard);
        }
    }

    #[test]
    fn generation_is_pinned_to_golden_values() {
        // Made by this generator; the same on every platform, CPU path and engine (checked
        // against a second engine when this was written). A change here changes what every
        // seed gives users: do it on purpose only. (Expert, Master and Extreme changed when
        // those levels came to try several orders of removal on each grid.)
        let golden = [
            (
                Difficulty::Easy,
                0x1,
                "1..7.9........8..5..9.2.6.75.1..7..6.2........481..9....52.6.8....3.........5.7..",
                "156749328372618495489523617591837246623495871748162953935276184217384569864951732",
            ),
            (
                Difficulty::Easy,
                0xdeadbeef,
                "......7.9..4..3.8..8.....6.6..7...4....21...58.......2.5.1.....17....8...9.5....4",
                "361845729924673581587921463632759148749218635815364972458136297173492856296587314",
            ),
            (
                Difficulty::Medium,
                0x1,
                "86..1....4..9......3.74.....1.....6......9.8....5....4.7..2.3...82..6.7...1.9.8..",
                "869215743427963518135748692713482965254639187698571234976824351382156479541397826",
            ),
            (
                Difficulty::Medium,
                0xdeadbeef,
                "..5..2.417......5.....1.......5..98.2.6.38..5..9.2....8...67.13.6.........7......",
                "935672841718394256624815397371546982246938175589721634892467513463159728157283469",
            ),
            (
                Difficulty::Hard,
                0x1,
                ".....3.1...5.6.89...24.............1...2...4.9.18..23.7...184..6........5..9..18.",
                "897523614435167892162489375284735961376291548951846237729618453618354729543972186",
            ),
            (
                Difficulty::Hard,
                0xdeadbeef,
                "..836.........14.3.4..59....832...46.6..7.8.27..6.....4.....25.5.........7....3..",
                "218364597659721483347859621183295746965473812724618935496137258532986174871542369",
            ),
            (
                Difficulty::Expert,
                0x1,
                "5..2.9..........1.7....1......13.9.6.7....5....4.8.....6..9.78..2...5...1..7..3..",
                "516249873492873615783651294258137946671924538934586127365492781827315469149768352",
            ),
            (
                Difficulty::Expert,
                0xdeadbeef,
                ".2..6..1.8...4..3.91.3..2..38.79..21........3..5...9.8.........4...7..9..326.....",
                "523967814867241539914358276386795421249816753175432968691524387458173692732689145",
            ),
            (
                Difficulty::Master,
                0x1,
                "..361.........387.....89...9.....45..1....3.66..............2.....85...1..29..637",
                "783614529169523874245789163927136458514278396638495712491367285376852941852941637",
            ),
            (
                Difficulty::Master,
                0xdeadbeef,
                ".659...........8...1.283..65....83..6..5..2......3..6.1...2.....42..5..8...3.9.5.",
                "865941723293756841417283596524168379631597284978432165159824637342675918786319452",
            ),
            (
                Difficulty::Extreme,
                0x1,
                "....19.5.6....2....3......7......1..71.9.....5...6..244..2..618..1.48..5.....6...",
                "847619352659372841132485967284537196716924583593861724475293618961748235328156479",
            ),
            (
                Difficulty::Extreme,
                0xdeadbeef,
                ".3...5...5..7...4.7...4..51.......1..4.2..6.7...156..9..2.8.......3..9....6..9...",
                "234815796591763842768942351629437518145298637873156429952684173487321965316579284",
            ),
        ];
        for (level, seed, puzzle, solution) in golden {
            let (p, s) = generate(seed, level);
            assert_eq!(
                (p.to_string().as_str(), s.to_string().as_str()),
                (puzzle, solution),
                "{level:?} {seed}"
            );
        }
    }
}
