//! Uniqueness rules of the Sudoku Explainer scale: unique rectangles and unique loops of 6
//! to 18 cells (types 1 to 4, type 3 with a naked or a hidden set) and the bivalue
//! universal grave (types 1 to 4). Sound on a board with one solution, the only boards the
//! walk rates. BUG+1 and the enumeration of rectangles are those of `logic/uniqueness.rs`;
//! a rectangle or loop here, as in Sudoku Explainer, has both its digits in every cell.
//!
//! Among rectangles and loops Sudoku Explainer takes the lowest rating, then the lowest
//! type, then the loop it meets first: its search starts from each cell with only the
//! loop's two digits in turn, in row-major order. [`Rank`] is that order.

use super::rule::SeRule;
use super::Found;
use crate::board::{BOX, CELLS, COL, ROW};
use crate::logic::grid::Grid;
use crate::logic::uniqueness as lib;
use crate::units::{cell_bit, cells_of, Bits, CELL_UNITS, PEER_MASK, UNITS, UNIT_MASK};

/// The order of a rectangle or loop step: its rating, its type (1 to 4), the lowest cell of
/// the loop with only its two digits (where Sudoku Explainer's search meets it first).
type Rank = (i32, u8, usize);

/// The step of lowest [`Rank`] offered so far; of equal ranks, the first.
#[derive(Default)]
struct Best(Option<(Rank, Found)>);

impl Best {
    /// Keeps `f`, a step of type `ty` on a loop whose lowest cell with only its two digits
    /// is `start`, if it ranks before the step kept so far.
    fn offer(&mut self, ty: u8, start: usize, f: Option<Found>) {
        if let Some(f) = f {
            let rank = (f.rating, ty, start);
            if self.0.as_ref().is_none_or(|(r, _)| rank < *r) {
                self.0 = Some((rank, f));
            }
        }
    }

    /// The rating of the step kept, if any.
    fn rating(&self) -> Option<i32> {
        self.0.as_ref().map(|(r, _)| r.0)
    }

    /// Offers the type 3 steps of a loop on `pair` rated `base` whose only cells with
    /// more than the pair are `roof`, two cells of a unit, the loop's lowest cell with
    /// only the pair `start`: the naked sets first, as Sudoku Explainer lists them.
    fn offer_type_3(&mut self, g: &Grid, roof: [usize; 2], pair: u16, base: i32, start: usize) {
        self.offer(3, start, type_3_naked(g, roof, pair, base));
        self.offer(3, start, type_3_hidden(g, roof, pair, base));
    }
}

/// The rating of a unique rectangle: the base of every rectangle step (4.5).
const RECTANGLE: i32 = 45;

/// The easiest unique rectangle or loop: rectangles of types 1, 2 and 4 (4.5), type 3 with a
/// naked set (4.6 for a naked pair, one cell beside the rectangle, a tenth more for each
/// further cell) or a hidden set (4.5 for a hidden pair, a tenth more for each further
/// cell); loops of 6 to 18 cells from 4.6. Every cell of a rectangle or loop holds both its
/// digits, as in Sudoku Explainer.
pub(crate) fn unique_loops(g: &Grid) -> Option<Found> {
    let mut best = Best::default();
    each_rectangle(g, &mut |corners, floor, pair| {
        // The floor's first corner is its lowest cell.
        let start = corners[0];
        if floor == 3 {
            // Type 1: the fourth corner loses both digits.
            let mut removed = [0u16; CELLS];
            removed[corners[3]] = pair;
            let f = Found::removing(SeRule::UniqueLoop, RECTANGLE, removed);
            best.offer(1, start, Some(f));
            return;
        }
        let roof = [corners[2], corners[3]];
        let roof_cells = 1u128 << roof[0] | 1u128 << roof[1];
        best.offer(2, start, loop_type_2(g, pair, roof_cells, RECTANGLE));
        best.offer_type_3(g, roof, pair, RECTANGLE, start);
        best.offer(4, start, type_4(g, roof, pair, RECTANGLE));
    });
    // A loop of more than four cells rates 4.6 or more.
    if best.rating().is_none_or(|r| r > RECTANGLE) {
        longer_loop(g, &mut best);
    }
    best.0.map(|(_, f)| f)
}

/// The longest loop there is, in cells: each of its cells lies in three units and each unit
/// holds none of its cells or two, so it has at most 2 * 27 / 3 cells.
const MAX_LOOP: usize = 18;

/// Unique loops of 6 to [`MAX_LOOP`] cells on two digits: a closed path of cells that all
/// hold both digits, each unit holding none of its cells or two at an odd distance along
/// it (so that the digits could alternate along it). Type 1: one cell holds more and loses
/// the two digits; type 2: the cells with more hold one extra digit, the same, which leaves
/// the cells that see them all; types 3 and 4: two cells of one unit hold more, as a
/// rectangle's roof. Rated by [`loop_rating`] (a type 3 a tenth more for each cell of its
/// set, as a rectangle's). Offers each to `best`. Only the cells that can lie on such a loop
/// are searched ([`usable`], [`loop_cells`]).
fn longer_loop(g: &Grid, best: &mut Best) {
    longer_loop_on(g, best, |g, pair, cells| loop_cells(usable(g, pair, cells)));
}

/// [`longer_loop`] on the cells `narrow` keeps of those holding both digits of each pair.
fn longer_loop_on(g: &Grid, best: &mut Best, narrow: impl Fn(&Grid, u16, u128) -> u128) {
    for a in 0..9 {
        for b in a + 1..9 {
            let pair = (1u16 << a) | (1 << b);
            let cells = narrow(g, pair, g.pos[a] & g.pos[b]);
            if cells.count_ones() < 6 {
                continue;
            }
            let mut m = cells;
            while m != 0 {
                let start = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut path = [0usize; MAX_LOOP];
                path[0] = start;
                let more = g.cand[start] & !pair;
                let extras = (usize::from(more != 0), more);
                extend(g, cells, pair, (&mut path, 1, 1 << start), extras, best);
            }
        }
    }
}

/// Extends the loop `path[..len]` (cells of `cells`, `path[0]` the lowest, `on_path` the
/// same cells as a set) by one cell along a unit where the path has only its last cell, or
/// closes it back to `path[0]`; `n_extra` of its cells hold digits beyond the pair, `extra`
/// all those digits.
fn extend(
    g: &Grid,
    cells: u128,
    pair: u16,
    (path, len, on_path): (&mut [usize; MAX_LOOP], usize, u128),
    (n_extra, extra): (usize, u16),
    best: &mut Best,
) {
    let last = path[len - 1];
    let first = path[0];
    for u in crate::units::CELL_UNITS[last] {
        let unit = UNIT_MASK[usize::from(u)];
        let inside = on_path & unit;
        if len > 1 && inside == (1u128 << last) | (1 << first) {
            // The unit holds the first cell and the last alone: the loop may close.
            if len >= 6 && len.is_multiple_of(2) && closes(path, len) {
                loop_found(g, pair, &path[..len], best);
            }
            continue;
        }
        // Only a unit where the path has its last cell alone can take the next, a cell
        // after the first (the lowest), off the path.
        if inside != 1u128 << last || len == MAX_LOOP {
            continue;
        }
        let mut next = cells & unit & !on_path & !((1u128 << first) - 1);
        while next != 0 {
            let q = next.trailing_zeros() as usize;
            next &= next - 1;
            // The loop closes with an even number of cells, at most MAX_LOOP: the last cell
            // sees the first, and the one before it a cell that does.
            let reach_first = match MAX_LOOP - (len + 1) {
                0 => PEER_MASK[q] >> first & 1 != 0,
                1 => PEER_MASK[q] & PEER_MASK[first] & cells != 0,
                _ => true,
            };
            if !reach_first {
                continue;
            }
            // No unit may hold more than two cells of the loop.
            let clash = crate::units::CELL_UNITS[q].iter().any(|&v| {
                let w = on_path & UNIT_MASK[usize::from(v)];
                w & w.wrapping_sub(1) != 0
            });
            if clash {
                continue;
            }
            // Type 1 has one cell with more digits, type 2 several with the same one extra
            // digit, types 3 and 4 two in one unit: any other path leads nowhere.
            let more = g.cand[q] & !pair;
            let extras = (n_extra + usize::from(more != 0), extra | more);
            if extras.0 >= 2 && !extras.1.is_single() {
                if extras.0 > 2 {
                    continue;
                }
                // The second cell with more shares a unit with the first.
                let first = path[..len].iter().find(|&&c| g.cand[c] != pair);
                if more != 0 && first.is_none_or(|&c| shared_units(c, q).next().is_none()) {
                    continue;
                }
            }
            path[len] = q;
            extend(
                g,
                cells,
                pair,
                (path, len + 1, on_path | 1 << q),
                extras,
                best,
            );
        }
    }
}

/// The cells of `cells` (those holding both digits of `pair`) that a loop with a step can
/// hold, by the counts of its cells with more than the pair: a loop of type 1 has one and at
/// least five with only the pair, one of types 3 and 4 two and at least four, and one of
/// type 2 only cells with the pair and one extra digit, the same. So with fewer than four
/// cells of only the pair, only type 2 can close, on the cells with the pair and an extra
/// digit of which, with them, there are six or more.
fn usable(g: &Grid, pair: u16, cells: u128) -> u128 {
    let mut only = 0u128;
    let mut with = [0u128; 9];
    for c in cells_of(cells) {
        let more = g.cand[c] & !pair;
        if more == 0 {
            only |= cell_bit(c);
        } else if more.is_single() {
            with[more.trailing_zeros() as usize] |= cell_bit(c);
        }
    }
    let n = only.count_ones();
    if n >= 4 {
        return cells;
    }
    with.iter()
        .filter(|w| n + w.count_ones() >= 6)
        .fold(only, |u, w| u | w)
}

/// The cells of `cells` that can lie on a loop of them: a unit holds none of a loop's cells
/// or two, so each cell of a loop has another in each of its three units. A cell left
/// without one in some unit, once all such cells are taken out, is on no loop.
fn loop_cells(mut cells: u128) -> u128 {
    loop {
        let mut left = cells;
        for c in cells_of(cells) {
            let others = cells & !cell_bit(c);
            if CELL_UNITS[c]
                .iter()
                .any(|&u| others & UNIT_MASK[usize::from(u)] == 0)
            {
                left &= !cell_bit(c);
            }
        }
        if left == cells {
            return cells;
        }
        cells = left;
    }
}

/// Whether the closed path holds, in every unit, none of its cells or two at an odd
/// distance along it (the two digits alternating along the loop would fill such a unit's
/// cells with both).
fn closes(path: &[usize; MAX_LOOP], len: usize) -> bool {
    let mut even = 0u128;
    let mut odd = 0u128;
    for (k, &c) in path[..len].iter().enumerate() {
        if k % 2 == 0 {
            even |= 1 << c;
        } else {
            odd |= 1 << c;
        }
    }
    UNIT_MASK.iter().all(|&w| {
        let (e, o) = (even & w, odd & w);
        (e, o) == (0, 0) || e.is_single() && o.is_single()
    })
}

/// The rating of a loop of `len` cells as Sudoku Explainer gives it: 4.6 for 6 cells, 4.7
/// for 8, 5.0 for 10 or more (its solver rates loops of 12 to 18 cells 5.0 too: the tests'
/// grids).
fn loop_rating(len: usize) -> i32 {
    match len {
        ..=4 => RECTANGLE,
        6 => 46,
        8 => 47,
        _ => 50,
    }
}

/// Offers to `best` the step of a closed loop on `pair`, if its type removes something.
fn loop_found(g: &Grid, pair: u16, path: &[usize], best: &mut Best) {
    let rating = loop_rating(path.len());
    let mut extras = 0u128;
    for &c in path {
        if g.cand[c] != pair {
            extras |= 1 << c;
        }
    }
    // The loop's lowest cell with only the pair.
    let start = path
        .iter()
        .copied()
        .filter(|&c| g.cand[c] == pair)
        .min()
        .unwrap_or(path[0]);
    let mut removed = [0u16; CELLS];
    if extras.count_ones() == 1 {
        let c = extras.trailing_zeros() as usize;
        removed[c] = pair;
        let f = Found::removing(SeRule::UniqueLoop, rating, removed);
        best.offer(1, start, Some(f));
        return;
    }
    best.offer(2, start, loop_type_2(g, pair, extras, rating));
    if extras.count_ones() == 2 {
        let r1 = extras.trailing_zeros() as usize;
        let r2 = (extras & (extras - 1)).trailing_zeros() as usize;
        if shared_units(r1, r2).next().is_some() {
            best.offer_type_3(g, [r1, r2], pair, rating, start);
            best.offer(4, start, type_4(g, [r1, r2], pair, rating));
        }
    }
}

/// Type 2 of a loop on `pair` whose cells `extras` hold more than the pair: they hold one
/// extra digit, the same, which leaves the cells that see them all.
fn loop_type_2(g: &Grid, pair: u16, extras: u128, rating: i32) -> Option<Found> {
    let mut removed = [0u16; CELLS];
    let mut x = 0u16;
    let mut m = extras;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        let more = g.cand[c] & !pair;
        if more.count_ones() != 1 || (x != 0 && more != x) {
            return None;
        }
        x = more;
    }
    if x == 0 {
        return None;
    }
    let d = x.trailing_zeros() as usize;
    let mut seeing = g.pos[d] & !extras;
    let mut m = extras;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        seeing &= PEER_MASK[c];
    }
    if seeing == 0 {
        return None;
    }
    while seeing != 0 {
        let c = seeing.trailing_zeros() as usize;
        seeing &= seeing - 1;
        removed[c] = x;
    }
    Some(Found::removing(SeRule::UniqueLoop, rating, removed))
}

/// Every rectangle of open cells over two rows, two columns and two boxes, with each pair
/// of digits all four corners hold, two or three of them ("floor") with only those two,
/// the others ("roof") with more: `f(corners, floor, pair)`, the corners floor first, each
/// part in corner order (row-major).
fn each_rectangle(g: &Grid, f: &mut impl FnMut([usize; 4], usize, u16)) {
    lib::rectangles(g, &mut |cs| {
        let common = cs.iter().fold(0x1FF, |a, &c| a & g.cand[c]);
        let mut pairs = common;
        while pairs != 0 {
            let a = pairs.trailing_zeros();
            pairs &= pairs - 1;
            let mut rest = pairs;
            while rest != 0 {
                let b = rest.trailing_zeros();
                rest &= rest - 1;
                let pair = (1u16 << a) | (1 << b);
                // Floor cells first, then the roof, each in corner order.
                let mut sorted = [0usize; 4];
                let mut k = 0;
                for floor in [true, false] {
                    for &c in &cs {
                        if (g.cand[c] == pair) == floor {
                            sorted[k] = c;
                            k += 1;
                        }
                    }
                }
                let floor = cs.iter().filter(|&&c| g.cand[c] == pair).count();
                if floor == 2 || floor == 3 {
                    f(sorted, floor, pair);
                }
            }
        }
        None::<()>
    });
}

/// The units (indices of [`UNITS`]) that hold both cells: box, row, column, the order in
/// which Sudoku Explainer meets a type 3's sets.
fn shared_units(a: usize, b: usize) -> impl Iterator<Item = usize> {
    let mut v = [usize::MAX; 3];
    if BOX[a] == BOX[b] {
        v[0] = 18 + BOX[a] as usize;
    }
    if ROW[a] == ROW[b] {
        v[1] = ROW[a] as usize;
    }
    if COL[a] == COL[b] {
        v[2] = 9 + COL[a] as usize;
    }
    v.into_iter().filter(|&u| u != usize::MAX)
}

/// Type 4, rated `rating`: the roof shares a unit where one digit of the pair fits only in
/// the roof: the other digit leaves the roof.
fn type_4(g: &Grid, [r1, r2]: [usize; 2], pair: u16, rating: i32) -> Option<Found> {
    for u in shared_units(r1, r2) {
        for bit in [pair & pair.wrapping_neg(), pair & (pair - 1)] {
            let places = (0..9)
                .filter(|&k| g.cand[UNITS[u][k] as usize] & bit != 0)
                .count();
            if places == 2 {
                let other = pair & !bit;
                let mut removed = [0u16; CELLS];
                removed[r1] = other;
                removed[r2] = other;
                return Some(Found::removing(SeRule::UniqueLoop, rating, removed));
            }
        }
    }
    None
}

/// Keeps `f` in `best` if it rates lower than the step kept so far.
fn keep_easier(best: &mut Option<Found>, f: Found) {
    if best.as_ref().is_none_or(|b| f.rating < b.rating) {
        *best = Some(f);
    }
}

/// The open cells of unit `u` other than the two `roof` cells.
fn beside(g: &Grid, u: usize, [r1, r2]: [usize; 2]) -> u128 {
    UNITS[u]
        .iter()
        .map(|&c| usize::from(c))
        .filter(|&c| c != r1 && c != r2 && g.digit[c] == 0)
        .fold(0u128, |m, c| m | 1 << c)
}

/// Type 3 with a naked set: one of the two roof cells holds one of their extra digits, so
/// the roof acts as one cell with those digits; with other cells of a unit it shares it
/// makes a naked set, whose digits leave the unit's other cells. Sudoku Explainer looks
/// only for sets of no more digits than half the unit's open cells, the roof's two
/// counted. `base` plus a tenth for each other cell (one to three): 4.6 for a rectangle's
/// naked pair.
fn type_3_naked(g: &Grid, [r1, r2]: [usize; 2], pair: u16, base: i32) -> Option<Found> {
    let extra = (g.cand[r1] | g.cand[r2]) & !pair;
    let mut best: Option<Found> = None;
    for u in shared_units(r1, r2) {
        let mut others = [0usize; 9];
        let mut n = 0;
        let mut m = beside(g, u, [r1, r2]);
        while m != 0 {
            others[n] = m.trailing_zeros() as usize;
            m &= m - 1;
            n += 1;
        }
        let others = &others[..n];
        // Subsets of `k` other cells with the roof as one more cell, a set of `k + 1`
        // digits in a unit of `n + 2` open cells.
        for mask in 1u32..(1 << n) {
            let k = mask.count_ones() as usize;
            if 2 * (k + 1) > n + 2 {
                continue;
            }
            let union = (0..n)
                .filter(|&i| mask >> i & 1 != 0)
                .fold(extra, |a, i| a | g.cand[others[i]]);
            if union.count_ones() as usize != k + 1 {
                continue;
            }
            let mut removed = [0u16; CELLS];
            let mut any = false;
            for (i, &c) in others.iter().enumerate() {
                if mask >> i & 1 == 0 && g.cand[c] & union != 0 {
                    removed[c] = g.cand[c] & union;
                    any = true;
                }
            }
            if any {
                let f = Found::removing(SeRule::UniqueLoop, base + k as i32, removed);
                keep_easier(&mut best, f);
            }
        }
    }
    best
}

/// Type 3 with a hidden set: one of the two roof cells holds one of their extra digits, so
/// in a unit the roof shares, the pair's two digits and `k - 1` digits that are neither
/// in the pair nor extra fit only in the other roof cell and `k` other cells (1 to 3);
/// those `k` cells keep only the set's digits. Sudoku Explainer looks only for sets of
/// no fewer digits than the roof has extra ones and of fewer than half the unit's open
/// cells, the roof's two counted (so of 2 to 4 digits). `base` plus a tenth for each other
/// cell beyond the first: 4.5 for a rectangle's hidden pair.
fn type_3_hidden(g: &Grid, [r1, r2]: [usize; 2], pair: u16, base: i32) -> Option<Found> {
    let extra = (g.cand[r1] | g.cand[r2]) & !pair;
    let (a, b) = (
        pair.trailing_zeros() as usize,
        (pair & (pair - 1)).trailing_zeros() as usize,
    );
    let mut best: Option<Found> = None;
    for u in shared_units(r1, r2) {
        let beside = beside(g, u, [r1, r2]);
        let pair_cells = (g.pos[a] | g.pos[b]) & beside;
        // The digits that may join the pair: open in the unit, not in the roof.
        let free = (0..9)
            .filter(|&d| (1u16 << d) & (pair | extra) == 0 && g.pos[d] & beside != 0)
            .fold(0u16, |m, d| m | 1 << d);
        // The unit's open cells, the roof's two counted.
        let n = beside.count_ones() + 2;
        // Every subset of `free`, the empty one first, whose set has as many digits as the
        // roof has extra ones at least, and fewer than half the unit's open cells.
        let mut joined = 0u16;
        loop {
            let size = joined.count_ones() + 2;
            if size >= extra.count_ones() && 2 * size < n {
                let cells = (0..9)
                    .filter(|&d| joined >> d & 1 != 0)
                    .fold(pair_cells, |m, d| m | (g.pos[d] & beside));
                let k = cells.count_ones();
                if k == joined.count_ones() + 1 {
                    let set = pair | joined;
                    let mut removed = [0u16; CELLS];
                    let mut any = false;
                    let mut m = cells;
                    while m != 0 {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        removed[c] = g.cand[c] & !set;
                        any |= removed[c] != 0;
                    }
                    if any {
                        let f = Found::removing(SeRule::UniqueLoop, base + k as i32 - 1, removed);
                        keep_easier(&mut best, f);
                    }
                }
            }
            if joined == free {
                break;
            }
            // The next subset of `free`, in increasing order.
            joined = (joined.wrapping_sub(free)) & free;
        }
    }
    best
}

/// The bivalue universal grave: type 1 (5.6), one cell with three candidates, whose digit
/// found three times in its units goes there; type 2 (5.7), several cells with three
/// candidates that share the extra digit: without it every unit would hold each digit
/// twice or not at all, so it is true in one of them and leaves the cells that see them
/// all; then types 4 and 3 ([`bug_in_one_unit`]).
pub(crate) fn bug(g: &Grid) -> Option<Found> {
    if let Some(s) = lib::bug_plus_one(g) {
        return Some(Found::of_step(SeRule::Bug, 56, &s));
    }
    bug_type_2(g).or_else(|| bug_in_one_unit(g))
}

/// Type 2 of the grave: several cells with three candidates that share the extra digit.
fn bug_type_2(g: &Grid) -> Option<Found> {
    let mut poly = 0u128;
    let mut common = 0x1FFu16;
    for c in 0..CELLS {
        if g.digit[c] != 0 {
            continue;
        }
        match g.cand[c].count_ones() {
            2 => {}
            3 => {
                poly |= 1 << c;
                common &= g.cand[c];
            }
            _ => return None,
        }
    }
    if poly.count_ones() < 2 {
        return None;
    }
    let mut xs = common;
    while xs != 0 {
        let x = xs.trailing_zeros() as usize;
        xs &= xs - 1;
        let grave = (0..27).all(|u| {
            (0..9).all(|d| {
                let mut places = g.pos[d] & UNIT_MASK[u];
                if d == x {
                    places &= !poly;
                }
                matches!(places.count_ones(), 0 | 2)
            })
        });
        if !grave {
            continue;
        }
        let mut seeing = g.pos[x] & !poly;
        let mut m = poly;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            seeing &= PEER_MASK[c];
        }
        if seeing == 0 {
            continue;
        }
        let mut removed = [0u16; CELLS];
        while seeing != 0 {
            let c = seeing.trailing_zeros() as usize;
            seeing &= seeing - 1;
            removed[c] = 1 << x;
        }
        return Some(Found::removing(SeRule::Bug, 57, removed));
    }
    None
}

/// The grave under the cells with more than two candidates (its "BUG cells"): the digits
/// each of them holds beyond the two the grave leaves it, when there is exactly one way to
/// leave every open cell two candidates and every digit two places in each unit where it is
/// not placed. Where there are two ways, no step: Sudoku Explainer's solver took none of
/// the grave on the two such grids of our walks it was given.
struct Grave {
    /// The BUG cells.
    cells: u128,
    /// Per BUG cell, its extra digits.
    extra: [u16; CELLS],
}

/// The most BUG cells a grave is looked for under. Without a bound the search costs the
/// walk at every step that gets this far: on 40 magictour puzzles, with no bound and ten
/// times the trials below, the rating took twice the instructions (callgrind, 2.68 G
/// against 1.30 G).
const GRAVE_CELLS: u32 = 8;

/// Trials the search for a grave may make before it gives up: far more than the graves
/// under a few BUG cells need (their digits are nearly all forced), so that the walk's
/// time stays bounded on any grid.
const GRAVE_TRIALS: u32 = 10_000;

impl Grave {
    fn of(g: &Grid) -> Option<Grave> {
        let mut cells = 0u128;
        let mut two = 0u128;
        for c in 0..CELLS {
            if g.digit[c] != 0 {
                continue;
            }
            match g.cand[c].count_ones() {
                0 | 1 => return None,
                2 => two |= 1 << c,
                _ => cells |= 1 << c,
            }
        }
        if cells == 0 || cells.count_ones() > GRAVE_CELLS {
            return None;
        }
        // How many BUG cells of each unit keep each digit: two places in all.
        let mut need = [[0u8; 9]; 27];
        for (u, row) in need.iter_mut().enumerate() {
            for (d, n) in row.iter_mut().enumerate() {
                let places = g.pos[d] & UNIT_MASK[u];
                if places == 0 {
                    continue;
                }
                let kept = (places & two).count_ones();
                if kept > 2 || (places & cells).count_ones() + kept < 2 {
                    return None;
                }
                *n = (2 - kept) as u8;
            }
        }
        let mut list = [0usize; CELLS];
        let mut n = 0;
        let mut m = cells;
        while m != 0 {
            list[n] = m.trailing_zeros() as usize;
            m &= m - 1;
            n += 1;
        }
        let mut search = GraveSearch {
            g,
            cells: &list[..n],
            need,
            kept: [0u16; CELLS],
            found: 0,
            first: [0u16; CELLS],
            trials: 0,
        };
        search.run(0);
        if search.found != 1 || search.trials > GRAVE_TRIALS {
            return None;
        }
        let mut extra = [0u16; CELLS];
        for &c in &list[..n] {
            extra[c] = g.cand[c] & !search.first[c];
        }
        Some(Grave { cells, extra })
    }
}

/// The depth-first search of [`Grave::of`]: two digits kept in each BUG cell in turn, each
/// unit's count of a digit never past its need.
struct GraveSearch<'a> {
    g: &'a Grid,
    cells: &'a [usize],
    /// Per unit and digit, the BUG cells still to keep it.
    need: [[u8; 9]; 27],
    /// The two digits kept in each BUG cell so far.
    kept: [u16; CELLS],
    /// The ways found, counted to two.
    found: u32,
    /// The first way found.
    first: [u16; CELLS],
    trials: u32,
}

impl GraveSearch<'_> {
    fn run(&mut self, i: usize) {
        if self.found > 1 || self.trials > GRAVE_TRIALS {
            return;
        }
        self.trials += 1;
        let Some(&c) = self.cells.get(i) else {
            if self.need.iter().all(|row| row.iter().all(|&n| n == 0)) {
                self.found += 1;
                if self.found == 1 {
                    self.first = self.kept;
                }
            }
            return;
        };
        let units = CELL_UNITS[c].map(usize::from);
        // The digits the cell may keep: those its units still need.
        let mut open = 0u16;
        let mut ds = self.g.cand[c];
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if units.iter().all(|&u| self.need[u][d] > 0) {
                open |= 1 << d;
            }
        }
        let mut ps = open;
        while ps != 0 {
            let p = ps.trailing_zeros() as usize;
            ps &= ps - 1;
            let mut qs = ps;
            while qs != 0 {
                let q = qs.trailing_zeros() as usize;
                qs &= qs - 1;
                for &u in &units {
                    self.need[u][p] -= 1;
                    self.need[u][q] -= 1;
                }
                self.kept[c] = 1 << p | 1 << q;
                self.run(i + 1);
                for &u in &units {
                    self.need[u][p] += 1;
                    self.need[u][q] += 1;
                }
            }
        }
        self.kept[c] = 0;
    }
}

/// Types 4 (5.7) and 3 (5.6 and a tenth a cell of the set) of the grave, whose BUG cells lie
/// in one unit; the units in Sudoku Explainer's order, box, row, column.
///
/// One of the BUG cells holds one of its extra digits. Type 4, two BUG cells: where a digit
/// both keep has no other place in their unit, one of them holds it and the other an extra
/// digit, so neither holds the other digit it keeps. Type 3: the extra digits, as one
/// cell, and other cells of the unit make a naked set; its digits leave the unit's other
/// cells but the BUG cells. The smallest set, then the first unit, then the first cells.
fn bug_in_one_unit(g: &Grid) -> Option<Found> {
    let grave = Grave::of(g)?;
    let cells = grave.cells;
    if cells.count_ones() < 2 {
        return None;
    }
    let first = cells.trailing_zeros() as usize;
    let units = [18 + BOX[first], ROW[first], 9 + COL[first]].map(usize::from);
    let shared = units.into_iter().filter(|&u| cells & !UNIT_MASK[u] == 0);
    if cells.count_ones() == 2 {
        let second = (cells & (cells - 1)).trailing_zeros() as usize;
        let keeps = |c: usize| g.cand[c] & !grave.extra[c];
        for u in shared.clone() {
            let mut vs = keeps(first) & keeps(second);
            while vs != 0 {
                let v = vs.trailing_zeros() as usize;
                vs &= vs - 1;
                if g.pos[v] & UNIT_MASK[u] == cells {
                    let mut removed = [0u16; CELLS];
                    removed[first] = keeps(first) & !(1 << v);
                    removed[second] = keeps(second) & !(1 << v);
                    return Some(Found::removing(SeRule::Bug, 57, removed));
                }
            }
        }
    }
    let mut extra = 0u16;
    let mut m = cells;
    while m != 0 {
        extra |= grave.extra[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    let mut best: Option<(usize, Found)> = None;
    for u in shared {
        let mut others = [0usize; 9];
        let mut n = 0;
        for &c in &UNITS[u] {
            let c = usize::from(c);
            if g.digit[c] == 0 && cells >> c & 1 == 0 {
                others[n] = c;
                n += 1;
            }
        }
        // Sets of the extra digits' cell and `k - 1` others, smallest first, each size's
        // subsets of `others` in increasing order; a later unit only with a smaller set.
        let limit = best.as_ref().map_or(n + 1, |(k, _)| k - 1);
        'sizes: for k in 2..=limit.min(n) {
            let mut pick = (1u32 << (k - 1)) - 1;
            while pick < 1 << n {
                let mut digits = extra;
                for (i, &c) in others[..n].iter().enumerate() {
                    if pick >> i & 1 != 0 {
                        digits |= g.cand[c];
                    }
                }
                if digits.count_ones() as usize == k {
                    let mut removed = [0u16; CELLS];
                    let mut any = false;
                    for (i, &c) in others[..n].iter().enumerate() {
                        if pick >> i & 1 == 0 {
                            removed[c] = g.cand[c] & digits;
                            any |= removed[c] != 0;
                        }
                    }
                    if any {
                        let rating = 56 + k as i32;
                        best = Some((k, Found::removing(SeRule::Bug, rating, removed)));
                        break 'sizes;
                    }
                }
                // The next subset of as many bits, in increasing order (Gosper's hack).
                let low = pick & pick.wrapping_neg();
                let up = pick + low;
                pick = (((up ^ pick) >> 2) / low) | up;
            }
        }
    }
    best.map(|(_, f)| f)
}

#[cfg(test)]
mod tests {
    use super::super::marks::{grid, removals};
    use super::*;

    /// gen_minimal line 23644 after 28 steps. serate rates the puzzle 4.5/1.2/1.2, and
    /// Sudoku Explainer's own unique loop search on this grid (run outside the project)
    /// lists first the rectangle r2c7, r2c9, r9c7, r9c9 on 1 and 8 of type 3 with a hidden
    /// pair, 4.5: in row 2, 1 and 8 fit only in the roof and r2c3, so r2c3 loses 2. A type
    /// 4 of the same rectangle, also 4.5, comes after it.
    #[test]
    fn a_hidden_pair_rates_as_a_rectangle_and_ranks_before_type_4() {
        let g = grid(
            "[5] [4] [1] 39 [8] [6] [7] 39 [2]
             [6] [3] 28 59 29 [7] 1589 [4] 189
             28 [7] [9] 345 234 [1] 358 358 [6]
             [7] [5] [6] [2] [1] 39 [4] 89 389
             [1] [9] 34 [8] [6] 34 [2] [7] [5]
             48 [2] 348 [7] [5] 349 [6] [1] 39
             29 [1] 257 [6] 79 [8] 359 359 [4]
             [3] [8] 45 [1] 49 [2] 59 [6] [7]
             49 [6] 47 349 3479 [5] 18 [2] 18",
        );
        let f = unique_loops(&g).expect("a unique rectangle");
        assert_eq!(f.rating, 45);
        assert_eq!(removals(&f), [(2, 3, vec![2])]);
    }

    /// gen_minimal line 62575 after 18 steps, its hardest step: serate rates the puzzle
    /// 4.6/1.2/1.2. The rectangle r4c2, r4c4, r6c2, r6c4 on 1 and 3 is of type 3 with a
    /// hidden triplet: in column 2, 1, 3 and 7 fit only in the roof and r1c2, r2c2, which
    /// keep only those (4.6). Its naked quad in the same column rates 4.8.
    #[test]
    fn a_hidden_triplet_is_the_hardest_step_of_a_puzzle() {
        let g = grid(
            "1269 12479 2469 25679 25 69 459 [3] [8]
             389 34789 [5] 789 [1] 89 49 [2] [6]
             2689 289 2689 25689 [4] [3] 59 [7] [1]
             [4] 135 36 13 [8] [2] [7] 56 [9]
             268 258 268 [4] [9] [7] [1] 56 [3]
             139 139 [7] 13 [6] [5] [8] [4] [2]
             39 [6] 349 59 [7] [1] [2] [8] 45
             [7] 2489 2489 25689 25 689 [3] [1] 45
             [5] 28 [1] 28 [3] [4] [6] [9] [7]",
        );
        let f = unique_loops(&g).expect("a unique rectangle");
        assert_eq!(f.rating, 46);
        assert_eq!(removals(&f), [(1, 2, vec![2, 4, 9]), (2, 2, vec![4, 8, 9])]);
    }

    /// puzzles3_magictour_top1465 line 347 after 13 steps. Sudoku Explainer's own search
    /// (run outside the project) gives one step, the rectangle r7c2, r8c2, r7c5, r8c5 on 2
    /// and 4 of type 3 with a hidden triplet, 4.6: in box 8, 2, 4 and 7 fit only in the
    /// roof and r7c6, r8c6, which lose 1 and 8. The naked quad of the roof with r9c4, r9c5
    /// and r9c6 (the same removals) is not on its list: a naked set may hold half the
    /// unit's 7 open cells at most.
    #[test]
    fn a_hidden_triplet_rates_a_tenth_more() {
        let g = grid(
            "[8] [5] 4679 37 346 34 479 [2] [1]
             247 [3] [1] 278 248 [9] [5] 78 [6]
             24679 69 4679 1278 12468 [5] [3] 789 478
             59 [7] 39 [4] 12358 1238 128 [6] 358
             456 18 346 12358 [7] 12368 1248 1358 [9]
             456 18 [2] 1358 [9] 1368 1478 13578 34578
             [3] 24 [8] [6] 124 1247 179 1579 57
             [1] 24 [5] [9] 248 2478 [6] 378 378
             679 69 679 1358 1358 138 18 [4] [2]",
        );
        let f = unique_loops(&g).expect("a unique rectangle");
        assert_eq!(f.rating, 46);
        assert_eq!(removals(&f), [(7, 6, vec![1]), (8, 6, vec![8])]);
    }

    /// gen_minimal line 12210 after 31 steps, its hardest step: serate rates the puzzle
    /// 4.6/1.2/1.2. The rectangle r1c2, r1c3, r8c2, r8c3 on 7 and 8 is of type 3 with a
    /// naked pair, the roof's 1 and 6 with r1c7's: 1 and 6 leave the rest of row 1.
    #[test]
    fn a_naked_pair_rates_a_tenth_more_than_a_rectangle() {
        let g = grid(
            "[9] 678 178 [2] 1478 [3] 16 468 [5]
             [5] 378 178 47 1478 [6] [2] 348 [9]
             36 [4] [2] [9] [5] 18 136 [7] 38
             [7] [1] [4] 36 [9] [5] 36 28 28
             [2] [9] [6] 14 348 48 [7] [5] 13
             [8] [5] [3] 17 67 [2] [4] [9] 16
             [1] 36 [9] [8] 24 [7] [5] 236 2346
             36 78 78 [5] 124 14 [9] 236 2346
             [4] [2] [5] 36 36 [9] [8] [1] [7]",
        );
        let f = unique_loops(&g).expect("a unique rectangle");
        assert_eq!(f.rating, 46);
        assert_eq!(removals(&f), [(1, 5, vec![1]), (1, 8, vec![6])]);
    }

    /// gen_minimal line 1755 after 26 steps, its hardest step: serate rates the puzzle
    /// 4.6/1.2/1.2. The loop r4c3, r4c4, r6c4, r6c1, r9c1, r9c3 on 5 and 9 is of type 4:
    /// in column 4, 9 fits only in r4c4 and r6c4, which lose 5 (4.6, a loop of 6 cells).
    #[test]
    fn a_loop_of_type_4_is_the_hardest_step_of_a_puzzle() {
        let g = grid(
            "[8] [7] [6] [3] 45 45 [1] [2] [9]
             [2] [5] [3] [6] [1] [9] 48 [7] 48
             [4] [9] [1] [2] [8] [7] [5] [6] [3]
             [1] [6] 59 4589 45 238 [7] 348 248
             [7] 23 [8] 14 [6] 1234 [9] [5] 124
             59 23 [4] 1589 [7] 12358 68 138 1268
             [6] [1] [7] 458 [2] 458 [3] [9] 458
             [3] [8] [2] [7] [9] 145 46 14 1456
             59 [4] 59 18 [3] [6] [2] 18 [7]",
        );
        let f = unique_loops(&g).expect("a unique loop");
        assert_eq!(f.rating, 46);
        assert_eq!(removals(&f), [(4, 4, vec![5]), (6, 4, vec![5])]);
    }

    /// gen_minimal line 7240 after 35 steps (serate rates the puzzle 7.1/1.2/1.2). Sudoku
    /// Explainer's own search (run outside the project) gives one step: the loop of 10
    /// cells r1c6, r3c6, r3c2, r6c2, r6c9, r2c9, r2c8, r4c8, r4c1, r1c1 on 5 and 7, of
    /// type 3 with a naked pair in box 1 (the roof r1c1, r3c2's 2 and 8 with r2c2's): r1c2
    /// loses 8. A loop of 10 cells rates 5.0, the pair a tenth more.
    #[test]
    fn a_loop_of_ten_cells_rates_5_0() {
        let g = grid(
            "578 5678 569 48 14 57 19 [2] [3]
             [1] 28 [4] [3] [9] 28 [6] 57 57
             [3] 257 59 [6] 12 57 19 [4] [8]
             57 [1] [3] [2] [8] [9] [4] 57 [6]
             [9] [4] [2] [7] [5] [6] [3] [8] [1]
             [6] 57 [8] [1] [3] [4] [2] [9] 57
             [4] [9] [1] [5] [7] [3] [8] [6] [2]
             25 [3] 56 48 246 28 [7] [1] [9]
             28 68 [7] [9] 26 [1] [5] [3] [4]",
        );
        let f = unique_loops(&g).expect("a unique loop");
        assert_eq!(f.rating, 51);
        assert_eq!(removals(&f), [(1, 2, vec![8])]);
    }

    /// A six-cell loop on 1 and 2 at random places (rows in three bands, the three
    /// columns of one stack: each row, column and box holds two of its cells or none),
    /// its cells in loop order, the first two in one row and box.
    fn six_cell_loop(rng: &mut crate::rng::SplitMix64) -> [usize; 6] {
        let stack = rng.below(3) * 3;
        let mut cols = [stack, stack + 1, stack + 2];
        rng.shuffle(&mut cols);
        let mut rows = [rng.below(3), 3 + rng.below(3), 6 + rng.below(3)];
        rng.shuffle(&mut rows);
        let [c1, c2, c3] = cols;
        let [r1, r2, r3] = rows;
        [(r1, c1), (r1, c2), (r2, c2), (r2, c3), (r3, c3), (r3, c1)].map(|(r, c)| r * 9 + c)
    }

    /// Planted six-cell loops on 1 and 2 at the edges of what [`usable`] keeps, of types 1,
    /// 2 and 4, each giving a step, among filled cells and cells of 1 and 2 with more off
    /// the loop: the narrowed search finds the same step as the search on every cell, and
    /// finds one.
    #[test]
    fn the_narrowed_loop_search_finds_what_the_search_on_every_cell_finds() {
        let mut rng = crate::rng::SplitMix64::new(0x5EED_100B);
        for round in 0..600 {
            let lp = six_cell_loop(&mut rng);
            let mut digit = [0u8; CELLS];
            let mut cand = [0u16; CELLS];
            for c in 0..CELLS {
                if rng.below(5) == 0 {
                    cand[c] = 0b11 | 1 << (2 + rng.below(7)) | 1 << (2 + rng.below(7));
                } else {
                    digit[c] = 3 + rng.below(7) as u8;
                }
            }
            // The off-loop cells of the loop's rows and boxes hold no 1 or 2.
            for &c in &lp {
                // The row and the box, not the column.
                for u in [CELL_UNITS[c][0], CELL_UNITS[c][2]] {
                    for &p in &crate::units::UNITS[usize::from(u)] {
                        cand[usize::from(p)] &= !0b11;
                    }
                }
            }
            for &c in &lp {
                digit[c] = 0;
                cand[c] = 0b11;
            }
            let x = 1u16 << (2 + rng.below(7));
            match round % 3 {
                // Type 1: five cells of only the pair, one with two more digits.
                0 => {
                    cand[lp[rng.below(6)]] |= x | 0b1_0000_0000;
                }
                // Type 2: three cells of only the pair, three with the same one more,
                // and a cell that sees those three that loses it.
                1 => {
                    for k in [0, 1, 5] {
                        cand[lp[k]] |= x;
                    }
                    let (r1, c1) = (lp[0] / 9, lp[0] % 9);
                    let r = (r1 / 3) * 3 + (r1 + 1) % 3;
                    digit[r * 9 + c1] = 0;
                    cand[r * 9 + c1] = x | 0b1_0000_0000;
                }
                // Type 4: the roof in one row and box holds two more digits each, and 1
                // only there in its row.
                _ => {
                    cand[lp[0]] |= x | 0b1_0000_0000;
                    cand[lp[1]] |= x | 0b0_1000_0000;
                }
            }
            let g = Grid::from_parts(digit, cand);
            let mut narrowed = Best::default();
            longer_loop(&g, &mut narrowed);
            // The search on every cell with both digits, which the narrowing must not change.
            let mut every = Best::default();
            longer_loop_on(&g, &mut every, |_, _, cells| cells);
            assert_eq!(narrowed.0, every.0, "{cand:?}");
            let ((rating, _, _), _) = narrowed.0.expect("the planted loop gives a step");
            assert_eq!(rating, 46, "a step of a six-cell loop: {cand:?}");
        }
    }

    /// The cells that can lie on a loop: those of the loop, not those hanging off it.
    #[test]
    fn cells_off_every_loop_are_left_out() {
        // Rows 1, 4 and 7, columns 1 to 3.
        let lp = [0, 1, 28, 29, 56, 54];
        let on_loop = lp.iter().fold(0u128, |m, &c| m | 1 << c);
        // A cell in row 1 of another box, and one in its column below.
        let hanging = on_loop | 1 << 5 | 1 << 50;
        assert_eq!(loop_cells(hanging), on_loop);
        assert_eq!(loop_cells(on_loop), on_loop);
    }

    /// Made-up grids, each with one loop on 1 and 2 (of 12, 14, 16 and 18 cells: the longest
    /// a loop can be) and one cell of it with a 3 besides, which loses 1 and 2 (type 1). The
    /// other cells of the last two are filled with no regard to the rules. Sudoku
    /// Explainer's own search (run outside the project) lists each loop, as "Unique Loop
    /// 12 type 1" and so on, rated 5.0.
    #[test]
    fn loops_of_12_to_18_cells_rate_5_0() {
        let cases = [
            (
                "123 12 [3] [4] [5] [6] [7] [8] [9]
                 [4] [7] [8] 12 12 [9] [3] [5] [6]
                 [5] [6] [9] [3] [7] [8] [1] [2] [4]
                 [3] 12 12 [5] [4] [7] [6] [9] [8]
                 [6] [8] [4] [9] 12 12 [5] [3] [7]
                 [7] [9] [5] [6] [8] [3] [2] [4] [1]
                 [8] [3] 12 12 [6] [4] [9] [7] [5]
                 12 [5] [7] [8] [9] 12 [4] [6] [3]
                 [9] [4] [6] [7] [3] [5] [8] [1] [2]",
                (1, 1),
            ),
            (
                "123 12 [3] [4] [5] [6] [7] [8] [9]
                 [4] [7] [8] 12 12 [9] [3] [5] [6]
                 [5] [6] [9] [3] [7] [8] [4] [1] [2]
                 [3] 12 12 [5] [6] [4] [8] [9] [7]
                 [6] [8] [7] [9] 12 12 [5] [3] [4]
                 [9] [4] [5] [7] [8] [3] [6] [2] [1]
                 [7] [3] 12 12 [4] [5] [9] [6] [8]
                 [8] [5] [4] [6] [9] 12 12 [7] [3]
                 12 [9] [6] [8] [3] [7] 12 [4] [5]",
                (1, 1),
            ),
            (
                "12 12 [5] [6] [7] [8] [9] [3] [4]
                 [6] [7] [8] 12 12 [4] [5] [6] [7]
                 [9] [3] [4] [5] [6] [7] 12 12 [3]
                 [6] 12 12 [9] [3] [4] [5] [6] [7]
                 [9] [3] [4] [5] 12 12 [8] [9] [3]
                 [5] [6] [7] [8] [9] [3] [4] [5] [6]
                 [9] [3] 12 123 [6] [7] [8] [9] [3]
                 [5] [6] [7] [8] [9] 12 12 [5] [6]
                 12 [9] [3] [4] [5] [6] [7] 12 [9]",
                (7, 4),
            ),
            (
                "12 12 [5] [6] [7] [8] [9] [3] [4]
                 [6] [7] [8] 12 12 [4] [5] [6] [7]
                 [9] [3] [4] [5] [6] [7] 12 12 [3]
                 [6] 12 12 [9] [3] [4] [5] [6] [7]
                 [9] [3] [4] [5] 12 123 [8] [9] [3]
                 [5] [6] [7] [8] [9] [3] [4] 12 12
                 [9] [3] 12 12 [6] [7] [8] [9] [3]
                 [5] [6] [7] [8] [9] 12 12 [5] [6]
                 12 [9] [3] [4] [5] [6] [7] [8] 12",
                (5, 6),
            ),
        ];
        for (text, (row, col)) in cases {
            let f = unique_loops(&grid(text)).expect("a unique loop");
            assert_eq!(f.rating, 50);
            assert_eq!(removals(&f), [(row, col, vec![1, 2])]);
        }
    }

    /// puzzles2_17_clue line 25048 after 36 steps, its hardest step: serate rates the
    /// puzzle 4.8/1.2/1.2. The rectangle r1c4, r1c5, r9c4, r9c5 on 6 and 9 has a naked
    /// quad in box 2 (the roof's 3, 4, 5 and 8 with r1c6, r2c4 and r2c5), 4.8. The hidden
    /// pair of 6 and 9 with r3c6 and the hidden quad of 2, 6, 7 and 9 with r3c4, r3c5 and
    /// r3c6 remove the same 8 but are not on Sudoku Explainer's list: a hidden set holds
    /// no fewer digits than the roof's 4 extra ones and fewer than half the box's 8 open
    /// cells.
    #[test]
    fn hidden_sets_are_bounded_by_the_extra_digits_and_the_unit() {
        let g = grid(
            "58 [7] [2] 4569 34689 35 34689 [1] 3489
             58 [6] [9] 45 348 [1] 348 [7] [2]
             [1] [3] [4] 27 27 689 689 [5] 89
             [9] [4] [7] [1] 268 68 35 28 35
             [3] [5] [6] 249 2489 89 [1] 28 [7]
             [2] [8] [1] [3] [5] [7] 49 [6] 49
             [6] [2] 38 57 37 [4] 58 [9] [1]
             [4] [9] [5] [8] [1] [2] [7] [3] [6]
             [7] [1] 38 69 69 35 [2] [4] 58",
        );
        let f = unique_loops(&g).expect("a unique rectangle");
        assert_eq!(f.rating, 48);
        assert_eq!(removals(&f), [(3, 6, vec![8])]);
    }

    /// gen_minimal line 1940, serate 6.8/1.2/1.2: on this grid of an earlier walk Sudoku
    /// Explainer finds no unique rectangle. The rectangle r2c7, r2c9, r7c7, r7c9 on 2 and 7
    /// has a naked triplet in row 7 (the roof's 1, 4 and 8 with r7c6 and r7c8), but the
    /// row has 5 open cells, and a naked set holds half of them at most.
    #[test]
    fn naked_sets_are_bounded_by_the_unit() {
        let g = grid(
            "[7] [6] [2] [1] [8] [5] [4] [9] [3]
             48 1458 15 [9] [6] [3] 27 18 27
             [3] 18 [9] [4] [2] [7] [5] [6] 18
             248 [9] 48 28 [1] [6] [3] [7] [5]
             [6] 27 [3] 27 [5] [9] [8] 14 14
             [1] 578 57 78 [3] [4] [9] [2] [6]
             [5] 2478 [6] [3] [9] 18 127 48 2478
             89 178 17 [5] [4] [2] [6] [3] 789
             2489 [3] 48 [6] [7] 18 12 [5] 2489",
        );
        assert_eq!(unique_loops(&g), None);
    }

    /// puzzles2_17_clue line 8050, serate 6.6/1.5/1.5: on this grid of an earlier walk
    /// Sudoku Explainer finds no unique rectangle. r1c4, r1c5 and r7c4 hold only 3 and 8,
    /// but r7c5 holds 3 and 7: a rectangle needs both digits in all four corners.
    #[test]
    fn every_corner_holds_both_digits() {
        let g = grid(
            "[9] [2] [6] 38 38 [1] [7] [4] [5]
             [4] [8] [5] 69 67 79 [3] [1] [2]
             [7] [1] [3] [2] [4] [5] [6] 89 89
             [3] [4] 28 [5] 268 89 [1] [7] 69
             [5] 79 78 69 [1] [3] [4] [2] 689
             [1] [6] 29 [7] 28 [4] 89 [5] [3]
             [6] 79 [4] 38 37 [2] [5] 89 [1]
             [2] [3] 79 [1] [5] 78 89 [6] [4]
             [8] [5] [1] [4] [9] [6] [2] [3] [7]",
        );
        assert_eq!(unique_loops(&g), None);
    }

    // Grids reached by our walk on gen_minimal puzzles. On each, Sudoku Explainer's solver
    // (run outside the project) lists the grave's steps; the first of the lowest rating is
    // the one asserted. Every open cell but the BUG cells has two candidates.

    /// BUG cells r5c6 (extra 7) and r5c7 (extra 5), row 5. 1 has no other place in the row:
    /// type 4 (5.7) leaves each cell 1 and its extra digit. Type 3, the extra digits 5 and 7
    /// with r5c2 (5.8), comes after it.
    #[test]
    fn a_grave_of_type_4_ranks_before_type_3() {
        let g = grid(
            "[1] [2] [7] [8] [4] [9] [6] [3] [5]
             [6] [3] [5] [7] [1] [2] 49 49 [8]
             48 [9] 48 [6] [3] [5] [7] [1] [2]
             [3] 58 18 [9] [6] [4] 15 [2] [7]
             [2] 57 [9] [3] 78 178 145 45 [6]
             47 [6] 14 [2] [5] 17 [3] [8] [9]
             [9] [1] [6] [5] [2] [3] [8] [7] [4]
             78 [4] [2] [1] 78 [6] 59 59 [3]
             [5] 78 [3] [4] [9] 78 [2] [6] [1]",
        );
        let f = bug(&g).expect("a grave");
        assert_eq!(f.rating, 57);
        assert_eq!(removals(&f), [(5, 6, vec![8]), (5, 7, vec![4])]);
    }

    /// Three BUG cells in row 2 (r2c1, r2c4, r2c5); their extra digits 4 and 9 make a naked
    /// pair with r2c6: type 3 (5.8) removes 9 from r2c7 and 4 from r2c9, not from the BUG
    /// cells.
    #[test]
    fn a_grave_of_type_3_is_a_naked_set_with_the_extra_digits() {
        let g = grid(
            "[3] 46 [7] 48 19 [2] 69 18 [5]
             468 [5] 12 348 139 49 69 [7] 24
             48 [9] 12 [5] [6] [7] [3] 18 24
             [1] [2] [6] 34 39 49 [8] [5] [7]
             [7] [8] [9] [2] [5] [6] [1] [4] [3]
             [5] [3] [4] [1] [7] [8] [2] [6] [9]
             [2] [7] [3] [6] [8] [5] [4] [9] [1]
             [9] [1] [8] [7] [4] [3] [5] [2] [6]
             46 46 [5] [9] [2] [1] [7] [3] [8]",
        );
        let f = bug(&g).expect("a grave");
        assert_eq!(f.rating, 58);
        assert_eq!(removals(&f), [(2, 7, vec![9]), (2, 9, vec![4])]);
    }

    /// Four BUG cells r8c8, r8c9, r9c8, r9c9 in box 9, whose extra digits can be 9, 8, 8, 9
    /// or 8, 9, 9, 8: two graves, and Sudoku Explainer takes no step of the grave.
    #[test]
    fn two_graves_give_no_step() {
        let g = grid(
            "[4] [1] [7] [9] [2] [6] [8] [3] [5]
             [5] 69 36 [7] [8] 34 14 19 [2]
             [8] [2] 39 14 13 [5] 47 [6] 79
             29 [7] [4] [6] 59 [1] 23 58 38
             26 59 [1] [3] 59 [8] 26 [7] [4]
             [3] 56 [8] [2] [4] [7] [9] 15 16
             [1] [8] [2] [5] [6] [9] 37 [4] 37
             [7] [4] 69 18 13 23 [5] 289 689
             69 [3] [5] 48 [7] 24 16 289 189",
        );
        assert!(Grave::of(&g).is_none());
        assert!(bug(&g).is_none());
    }
}
