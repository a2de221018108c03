//! The closure of the techniques of levels Easy to Hard (singles, locked candidates, naked
//! and hidden pairs and triples), applied in batches: each technique wherever it applies
//! on the current candidates.
//!
//! These techniques only remove candidates that cannot be in the solution, and what they
//! find stays true as candidates disappear, so applying them until none makes progress
//! ends in the same grid whatever the order: the same grid the hint walk reaches when it
//! applies them one step at a time. The rating uses that to settle these levels fast
//! between the harder steps, and the generator uses it to tell cheaply whether a removed
//! given comes back by logic (which proves it was not needed) and with which level. A
//! puzzle needs at most level L (L up to Hard) exactly when these techniques of levels up
//! to L fill its grid.

use super::grid::Grid;
use super::intersections;
use super::singles;
use super::subsets;
use super::technique::{Technique, Techniques};
use crate::board::{Board, CELLS};
use crate::difficulty::Difficulty;
use crate::units::{ALL_DIGITS, UNITS};

/// What the logical solver achieved on a board with a given set of techniques.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Deduction {
    /// Whether the techniques filled the whole grid.
    pub(crate) solved: bool,
    /// The techniques that made progress at least once.
    pub(crate) used: Techniques,
    /// The grid as far as the techniques filled it.
    pub(crate) grid: Board,
}

/// Runs the logical solver on `board` with only the `allowed` techniques, applying the
/// simplest allowed technique that makes progress at every step until the grid is full or
/// no allowed technique makes progress.
///
/// Meant for boards whose givens clash nowhere; on a board with no solution it stops (with
/// `solved == false`) when it meets a contradiction.
pub(crate) fn solve_logically(board: &Board, allowed: Techniques) -> Deduction {
    let mut grid = Sweep::new(board);
    let mut used = Techniques::NONE;
    let solved = loop {
        if grid.open == 0 {
            break true;
        }
        match grid.step(allowed) {
            Ok(Some(t)) => used = used.with(t),
            Ok(None) | Err(Dead) => break false,
        }
    };
    Deduction {
        solved,
        used,
        grid: Board::from_digits(grid.digit).unwrap_or(*board),
    }
}

/// Whether the logical solver with the `allowed` techniques fills cell `cell` of `board`,
/// and if so the level of the hardest technique it used until then (Easy when it used
/// none).
///
/// When the techniques fill the grid of `board` with `cell` given (its solution digit),
/// this tells whether they fill the grid of `board`, and the level they need for it: once
/// the cell is filled the solver knows everything the given told it, and as the techniques
/// only remove candidates that cannot be in the solution, it goes on to fill the grid with
/// no harder technique than it needed with the given. It is cheaper, since the solver stops
/// as soon as the cell is filled. And as the solver applies a harder technique only when
/// the easier ones stall, a level L here means the techniques below L alone do not fill
/// the cell.
pub(crate) fn fill_level(
    board: &Board,
    cell: usize,
    allowed: Techniques,
) -> Option<(Difficulty, u32)> {
    let mut grid = Sweep::new(board);
    grid.target = cell;
    let mut level = Difficulty::Easy;
    let mut steps = 0;
    loop {
        if grid.digit[cell] != 0 {
            return Some((level, steps));
        }
        steps += 1;
        match grid.step(allowed) {
            Ok(Some(t)) => level = level.max(t.level().unwrap_or(Difficulty::Easy)),
            Ok(None) | Err(Dead) => return None,
        }
    }
}

/// [`fill_level`] for a set of cells (bit `i` for cell `i`): whether the logical solver with
/// the `allowed` techniques fills every one of `cells` of `board`, and if so the level of
/// the hardest technique it used until then (Easy when it used none) and the number of
/// steps it took. By the same argument as for one cell, the level is the least level whose
/// techniques fill all of them, and when the techniques fill the grid of `board` with
/// `cells` given, they fill the grid of `board` with no harder technique than that level
/// and the one they needed with the cells given.
pub(crate) fn fill_level_all(
    board: &Board,
    cells: u128,
    allowed: Techniques,
) -> Option<(Difficulty, u32)> {
    let mut grid = Sweep::new(board);
    let mut level = Difficulty::Easy;
    let mut steps = 0;
    loop {
        let Some(open) = (0..CELLS).find(|&i| cells & (1 << i) != 0 && grid.digit[i] == 0) else {
            return Some((level, steps));
        };
        // A sweep stops once it fills the cell it is after, so that no time goes into
        // the rest of the grid; the next open cell of the set is the next target.
        grid.target = open;
        steps += 1;
        match grid.step(allowed) {
            Ok(Some(t)) => level = level.max(t.level().unwrap_or(Difficulty::Easy)),
            Ok(None) | Err(Dead) => return None,
        }
    }
}

/// Applies the techniques of levels Easy to Hard to `grid` until none makes progress (or
/// the grid is full, or a contradiction shows); the level of the hardest one that made
/// progress, `None` when none did.
pub(crate) fn settle(grid: &mut Grid) -> Option<Difficulty> {
    settle_with(grid).hardest()
}

/// [`settle`], returning the techniques that made progress (singles tagged as the first
/// allowed single, since the batch does not tell them apart).
pub(crate) fn settle_with(grid: &mut Grid) -> Techniques {
    let mut g = Sweep::of(*grid);
    let allowed = Techniques::up_to(Difficulty::Hard);
    let mut used = Techniques::NONE;
    while g.open > 0 {
        match g.step(allowed) {
            Ok(Some(t)) => used = used.with(t),
            Ok(None) | Err(Dead) => break,
        }
    }
    *grid = g.grid;
    used
}

/// The solver found that the board has no solution (a cell without candidates or a digit
/// without a place in some unit).
struct Dead;

/// The batch solver's state: the grid ([`Grid`], the logical solver's, read through this
/// state) with what a sweep needs beside it.
#[derive(Clone, Copy)]
struct Sweep {
    grid: Grid,
    open: usize,
    /// Open cells left with at most one candidate (bit `i` for cell `i`), for naked
    /// singles to place without scanning the grid.
    single: u128,
    /// A cell whose filling ends a technique's sweep early ([`fill_level`]); `CELLS` for
    /// none.
    target: usize,
}

impl core::ops::Deref for Sweep {
    type Target = Grid;

    fn deref(&self) -> &Grid {
        &self.grid
    }
}

impl Sweep {
    fn new(board: &Board) -> Sweep {
        Sweep::of(Grid::new(board))
    }

    /// The sweep of `grid`: its open cells, and those with at most one candidate.
    fn of(grid: Grid) -> Sweep {
        let mut g = Sweep {
            grid,
            open: 0,
            single: 0,
            target: CELLS,
        };
        for i in 0..CELLS {
            let c = grid.cand[i];
            if grid.digit[i] == 0 {
                g.open += 1;
                if c & c.wrapping_sub(1) == 0 {
                    g.single |= 1 << i;
                }
            }
        }
        g
    }

    /// Puts `digit` (1-9) in open cell `i` and removes it from the candidates of its peers.
    fn place(&mut self, i: usize, digit: u8) {
        let mut lose = self.grid.place(i, digit);
        self.open = self.open.saturating_sub(1);
        self.single &= !(1 << i);
        while lose != 0 {
            let p = lose.trailing_zeros() as usize;
            lose &= lose - 1;
            let c = self.grid.cand[p];
            if c & c.wrapping_sub(1) == 0 {
                self.single |= 1 << p;
            }
        }
    }

    /// Removes the candidates in `mask` from cell `i`; whether any was there.
    fn eliminate(&mut self, i: usize, mask: u16) -> bool {
        let removed = self.grid.eliminate(i, mask);
        let after = self.grid.cand[i];
        if after & after.wrapping_sub(1) == 0 && self.grid.digit[i] == 0 {
            self.single |= 1 << i;
        }
        removed
    }

    /// Applies the simplest allowed technique that makes progress; which one, or `None`
    /// when none does.
    fn step(&mut self, allowed: Techniques) -> Result<Option<Technique>, Dead> {
        for t in Technique::ALL {
            if allowed.contains(t) && self.apply(t)? {
                return Ok(Some(t));
            }
        }
        Ok(None)
    }

    /// Applies `t` wherever it applies on the current candidates; whether it made progress.
    fn apply(&mut self, t: Technique) -> Result<bool, Dead> {
        Ok(match t {
            Technique::FullHouse | Technique::NakedSingle => self.naked_singles()?,
            Technique::HiddenSingle => self.hidden_singles()?,
            Technique::Pointing => self.pointing(),
            Technique::Claiming => self.claiming(),
            Technique::NakedPair => self.naked_subsets(2),
            Technique::HiddenPair => self.hidden_subsets(2),
            Technique::NakedTriple => self.naked_subsets(3),
            Technique::HiddenTriple => self.hidden_subsets(3),
            _ => false,
        })
    }

    /// Places every naked single, and those they create in turn.
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut progress = false;
        while self.single != 0 {
            let i = self.single.trailing_zeros() as usize;
            self.single &= self.single - 1;
            if self.digit[i] != 0 {
                continue;
            }
            let c = self.cand[i];
            if c == 0 {
                return Err(Dead);
            }
            self.place(i, c.trailing_zeros() as u8 + 1);
            progress = true;
            if i == self.target {
                break;
            }
        }
        Ok(progress)
    }

    /// Places every hidden single ([`singles::lone_digits`]), unit by unit.
    fn hidden_singles(&mut self) -> Result<bool, Dead> {
        let mut progress = false;
        // A digit with no place left in a unit is a contradiction that this sweep does not
        // look for: no digit is placed for it, so the solver stalls without filling the
        // grid, and every placement stays a candidate of its cell.
        for unit in &UNITS {
            let mut hidden = singles::lone_digits(self, unit);
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // Placing another hidden single of this unit can only take this digit's
                // cell when two digits claim the same cell: a contradiction.
                let cell = unit
                    .iter()
                    .map(|&i| i as usize)
                    .find(|&i| self.cand[i] & bit != 0)
                    .ok_or(Dead)?;
                self.place(cell, bit.trailing_zeros() as u8 + 1);
                progress = true;
                if cell == self.target {
                    return Ok(true);
                }
            }
        }
        Ok(progress)
    }

    /// Locked candidates, pointing ([`intersections::confined`]): in each box, digits whose
    /// candidates lie in one of its rows (columns) leave the rest of that row (column).
    fn pointing(&mut self) -> bool {
        let mut progress = false;
        for b in 0..9 {
            let (r0, c0) = (b / 3 * 3, b % 3 * 3);
            let rows = intersections::confined(self, intersections::box_rows(b));
            let cols = intersections::confined(self, intersections::box_columns(b));
            for k in 0..3 {
                let only_row = rows[k];
                if only_row != 0 {
                    for c in (0..9).filter(|c| c / 3 != b % 3) {
                        progress |= self.eliminate((r0 + k) * 9 + c, only_row);
                    }
                }
                let only_col = cols[k];
                if only_col != 0 {
                    for r in (0..9).filter(|r| r / 3 != b / 3) {
                        progress |= self.eliminate(r * 9 + c0 + k, only_col);
                    }
                }
            }
        }
        progress
    }

    /// Locked candidates, claiming ([`intersections::confined`]): in each row (column),
    /// digits whose candidates lie in one box leave the rest of that box.
    fn claiming(&mut self) -> bool {
        let mut progress = false;
        for line in 0..9 {
            let row_segs = intersections::confined(self, intersections::segments(line));
            let col_segs = intersections::confined(self, intersections::segments(9 + line));
            for k in 0..3 {
                let only = row_segs[k];
                if only != 0 {
                    // The box of row `line`, stack `k`: its other two rows.
                    for r in (line / 3 * 3..line / 3 * 3 + 3).filter(|&r| r != line) {
                        for c in 3 * k..3 * k + 3 {
                            progress |= self.eliminate(r * 9 + c, only);
                        }
                    }
                }
                let only = col_segs[k];
                if only != 0 {
                    // The box of column `line`, band `k`: its other two columns.
                    for c in (line / 3 * 3..line / 3 * 3 + 3).filter(|&c| c != line) {
                        for r in 3 * k..3 * k + 3 {
                            progress |= self.eliminate(r * 9 + c, only);
                        }
                    }
                }
            }
        }
        progress
    }

    /// Naked pairs (`size` 2) or triples (`size` 3), found by [`subsets::each_naked`]:
    /// `size` open cells of a unit whose candidates together are `size` digits remove those
    /// digits from the unit's other cells.
    fn naked_subsets(&mut self, size: usize) -> bool {
        let mut progress = false;
        for unit in &UNITS {
            subsets::each_naked(self, unit, size, &mut |g, cells, digits| {
                for &i in unit {
                    let i = i as usize;
                    if !cells.contains(&i) {
                        progress |= g.eliminate(i, digits);
                    }
                }
                None::<()>
            });
        }
        progress
    }

    /// Hidden pairs (`size` 2) or triples (`size` 3), found by [`subsets::each_hidden`]:
    /// `size` digits of a unit that fit only in the same `size` cells leave those cells no
    /// other candidate.
    fn hidden_subsets(&mut self, size: usize) -> bool {
        let mut progress = false;
        for unit in &UNITS {
            subsets::each_hidden(self, unit, size, &mut |g, cells, keep| {
                for (k, &i) in unit.iter().enumerate() {
                    if cells & (1 << k) != 0 {
                        progress |= g.eliminate(i as usize, !keep & ALL_DIGITS);
                    }
                }
                None::<()>
            });
        }
        progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference;
    use crate::error::Error;
    use crate::logic::{rate, rate_bytes};

    /// Every technique the closure applies.
    const ALL: Techniques = Techniques::up_to(Difficulty::Hard);

    /// Puzzles that need exactly one named technique beyond singles: singles plus that
    /// technique fill the grid, while every other technique of levels up to its own does not.
    /// Found by searching random minimal puzzles of this crate's generator
    /// (`generate::random_minimal` on `Rng::new(7)`, attempt number in the comment); the
    /// test below re-checks each claim, so they stay valid whatever the generator becomes.
    const NEEDS: [(Technique, &str); 12] = [
        // attempt 5
        (
            Technique::Pointing,
            ".......59..18..46.8.6.9....9..3...8..6......423......5.2.5.1........86......7..23",
        ),
        // attempt 126
        (
            Technique::Pointing,
            ".983.1.45.....52...2.7........8..4...1.........56.9..875...........3..9...6.5...3",
        ),
        // attempt 29
        (
            Technique::Claiming,
            "7.4.2...6.825...3...3.......1....2..3.764.1.....8...6......65.....4.98.....7.1.9.",
        ),
        // attempt 116
        (
            Technique::Claiming,
            ".3...5.....4.2..151.8....6.5..27.1...9...6.2....5.....86....9.72...........7...8.",
        ),
        // attempt 1745
        (
            Technique::NakedPair,
            "...4......7..2...956.......2....375...5...8..3....1....1....9.6..31...7.....4.53.",
        ),
        // attempt 7947
        (
            Technique::NakedPair,
            ".1....3.9.379...1.8..3.5....2.6..5....8...7.26....4.......6.1.8.....2.5...65..2.3",
        ),
        // attempt 131
        (
            Technique::HiddenPair,
            "1......7.8....7....42.....6..9..32...1..98......27.1........3.....8.1.5.97..6....",
        ),
        // attempt 2716
        (
            Technique::HiddenPair,
            "......7..7..1..4...3.8....9.8..2...6...5.7.........24..62..8..33....15..5........",
        ),
        // attempt 3348
        (
            Technique::NakedTriple,
            "..15.2...4.5....3..8...1..5..9....56.....3..7.6.7.82........76.........4...63.9..",
        ),
        // attempt 7008
        (
            Technique::NakedTriple,
            "...7....4....6......2.....31.58...7.8....9.3.6....3.1..4.51.76..8.3...5..........",
        ),
        // attempt 11013
        (
            Technique::HiddenTriple,
            ".8....7..3.......59....76..4.23...9....92.......6...8..23.9....84.5..2.3..6......",
        ),
        // attempt 11848
        (
            Technique::HiddenTriple,
            "......9.3.9.65...7.....4..17.5...3.....36......17.2...8.6.........9.74.........5.",
        ),
    ];

    /// Singles alone fill these (the LeetCode 37 example and a published easy puzzle).
    const SINGLES_ONLY: [&str; 2] = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ];

    /// Beyond every technique here: A. Inkala's published "hardest" puzzle, and a random
    /// minimal puzzle of this crate's generator (`Rng::new(7)`, attempt 2).
    const BEYOND: [&str; 2] = [
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "..8......63.....8...7..6.5...35......41..3..28...7.3....695...8...1.46......2...4",
    ];

    fn board(text: &str) -> Board {
        Board::from_text(text).unwrap()
    }

    #[test]
    fn singles_only_puzzles_are_easy() {
        for text in SINGLES_ONLY {
            let p = board(text);
            assert_eq!(rate(&p), Ok(Difficulty::Easy), "{text}");
            let d = solve_logically(&p, Techniques::SINGLES);
            assert!(d.solved);
            assert_eq!(Some(d.grid), reference::solve(&p));
        }
    }

    #[test]
    fn each_named_technique_is_needed_where_claimed() {
        let mut seen = Techniques::NONE;
        for (t, text) in NEEDS {
            let p = board(text);
            assert_eq!(reference::count(&p, 2).0, 1, "{text}");
            let only = solve_logically(&p, Techniques::SINGLES.with(t));
            assert!(only.solved, "singles + {} should solve {text}", t.name());
            assert!(only.used.contains(t));
            assert_eq!(Some(only.grid), reference::solve(&p));
            assert!(!solve_logically(&p, Techniques::SINGLES).solved, "{text}");
            let level = t.level().unwrap();
            let others = Techniques::up_to(level).without(t);
            assert!(
                !solve_logically(&p, others).solved,
                "{} not needed: {text}",
                t.name()
            );
            assert_eq!(rate(&p), Ok(level), "{text}");
            seen = seen.with(t);
        }
        assert_eq!(
            seen,
            ALL.without(Technique::FullHouse)
                .without(Technique::NakedSingle)
                .without(Technique::HiddenSingle)
        );
    }

    #[test]
    fn the_found_puzzles_come_from_where_the_comments_say() {
        let mut rng = crate::generate::Rng::new(7);
        let attempts: Vec<String> = (0..30)
            .map(|_| crate::generate::random_minimal(&mut rng).0.to_string())
            .collect();
        assert_eq!(attempts[2], BEYOND[1]);
        assert_eq!(attempts[5], NEEDS[0].1);
        assert_eq!(attempts[29], NEEDS[2].1);
    }

    #[test]
    fn puzzles_beyond_the_techniques_are_expert() {
        for text in BEYOND {
            let p = board(text);
            assert!(!solve_logically(&p, ALL).solved);
            // Beyond Hard: Expert or a harder level, now that those are told apart.
            assert!(rate(&p).unwrap() >= Difficulty::Expert, "{text}");
        }
    }

    #[test]
    fn bad_boards_get_their_status() {
        assert_eq!(rate(&Board::EMPTY), Err(Error::MultipleSolutions));
        let mut none = Board::EMPTY;
        for k in 0..8 {
            none.set(k, k as u8 + 1);
        }
        none.set(80, 9);
        assert_eq!(rate(&none), Err(Error::NoSolution));
        let mut clash = none;
        clash.set(1, 1);
        assert_eq!(rate(&clash), Err(Error::Conflict));
        let mut bytes = clash.to_bytes();
        assert_eq!(rate_bytes(&bytes), Err(Error::Conflict));
        bytes[40] = b'a';
        assert_eq!(rate_bytes(&bytes), Err(Error::InvalidChar));
        // A full grid needs no technique at all.
        let solved = reference::solve(&board(SINGLES_ONLY[0])).unwrap();
        assert_eq!(rate(&solved), Ok(Difficulty::Easy));
    }

    #[test]
    fn the_logical_solver_stops_on_a_contradiction() {
        // Clash-free givens with no solution: cell 8 has no candidate.
        let mut none = Board::EMPTY;
        for k in 0..8 {
            none.set(k, k as u8 + 1);
        }
        none.set(80, 9);
        assert!(!solve_logically(&none, ALL).solved);
    }

    /// Independent, naive checks of the stalled state: nothing the techniques describe is
    /// left to do, and every candidate removed was wrong.
    mod stall {
        use super::*;

        /// The open cells of unit `u` and their candidates.
        fn open(g: &Sweep, u: usize) -> Vec<(usize, u16)> {
            UNITS[u]
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| g.digit[i] == 0)
                .map(|i| (i, g.cand[i]))
                .collect()
        }

        fn combos(n: usize, k: usize) -> Vec<Vec<usize>> {
            if k == 0 {
                return vec![vec![]];
            }
            (0..n)
                .flat_map(|first| {
                    combos(n - first - 1, k - 1).into_iter().map(move |rest| {
                        let mut v = vec![first];
                        v.extend(rest.into_iter().map(|x| x + first + 1));
                        v
                    })
                })
                .collect()
        }

        /// Some technique of `allowed` still applies, by brute force over its definition.
        fn something_applies(g: &Sweep) -> Option<&'static str> {
            for u in 0..27 {
                let cells = open(g, u);
                for &(_, c) in &cells {
                    if c.count_ones() == 1 {
                        return Some("naked single");
                    }
                }
                for d in 0..9 {
                    if cells.iter().filter(|&&(_, c)| c & (1 << d) != 0).count() == 1 {
                        return Some("hidden single");
                    }
                }
                for k in 2..=3 {
                    for combo in combos(cells.len(), k) {
                        let union = combo.iter().fold(0, |a, &x| a | cells[x].1);
                        let outside_hit = (0..cells.len())
                            .any(|x| !combo.contains(&x) && cells[x].1 & union != 0);
                        if union.count_ones() as usize == k && outside_hit {
                            return Some("naked subset");
                        }
                    }
                    let digits: Vec<u16> = (0..9)
                        .filter(|d| cells.iter().any(|&(_, c)| c & (1 << d) != 0))
                        .collect();
                    for combo in combos(digits.len(), k) {
                        let mask = combo.iter().fold(0u16, |a, &x| a | 1 << digits[x]);
                        let holders: Vec<u16> = cells
                            .iter()
                            .map(|&(_, c)| c)
                            .filter(|c| c & mask != 0)
                            .collect();
                        if holders.len() == k && holders.iter().any(|c| c & !mask != 0) {
                            return Some("hidden subset");
                        }
                    }
                }
            }
            // Locked candidates: a box and a line that meet; a digit of the intersection
            // absent from the rest of one of them but present in the rest of the other.
            for boxed in &UNITS[18..] {
                for line in &UNITS[..18] {
                    let inter: Vec<usize> = boxed
                        .iter()
                        .filter(|c| line.contains(c))
                        .map(|&c| c as usize)
                        .collect();
                    if inter.is_empty() {
                        continue;
                    }
                    let rest = |unit: &[u8; 9], d: u16| {
                        unit.iter()
                            .map(|&c| c as usize)
                            .any(|c| !inter.contains(&c) && g.cand[c] & (1 << d) != 0)
                    };
                    for d in 0..9 {
                        if inter.iter().any(|&c| g.cand[c] & (1 << d) != 0)
                            && rest(boxed, d) != rest(line, d)
                        {
                            return Some("locked candidates");
                        }
                    }
                }
            }
            None
        }

        #[test]
        fn stalled_states_have_nothing_left_and_lost_no_true_candidate() {
            let mut rng = crate::generate::Rng::new(99);
            let mut stalls = 0;
            for _ in 0..60 {
                let (p, s) = crate::generate::random_minimal(&mut rng);
                let mut g = Sweep::new(&p);
                while g.open > 0 && matches!(g.step(ALL), Ok(Some(_))) {}
                for i in 0..CELLS {
                    if g.digit[i] == 0 {
                        assert_ne!(
                            g.cand[i] & (1 << (s.get(i) - 1)),
                            0,
                            "{p}: lost the answer at {i}"
                        );
                    } else {
                        assert_eq!(g.digit[i], s.get(i), "{p}: wrong digit at {i}");
                    }
                }
                if g.open > 0 {
                    stalls += 1;
                    assert_eq!(something_applies(&g), None, "{p}");
                }
            }
            assert!(stalls > 5, "only {stalls} stalls: the check is too weak");
        }
    }
}
