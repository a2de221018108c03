//! Uniqueness rules of the Sudoku Explainer scale: unique rectangles (types 1 to 4), unique
//! loops of 6 to 10 cells (types 1 and 2) and the bivalue universal grave (types 1 and 2). Sound on a board with one solution, the only boards the
//! walk rates. Types 1 and 2 and BUG+1 are the searches of `logic/uniqueness.rs`.

use super::rule::SeRule;
use super::Found;
use crate::board::{BOX, CELLS, COL, ROW};
use crate::logic::grid::Grid;
use crate::logic::uniqueness as lib;
use crate::units::{PEER_MASK, UNITS, UNIT_MASK};

/// The easiest unique rectangle: types 1, 2 and 4 (4.5), type 3 (4.5 for a naked pair with
/// one cell beside the rectangle, a tenth more for each further cell).
pub(crate) fn unique_loops(g: &Grid) -> Option<Found> {
    if let Some(s) = lib::unique_rectangle_1(g) {
        return Some(Found::of_step(SeRule::UniqueLoop, 45, &s));
    }
    if let Some(s) = lib::unique_rectangle_2(g) {
        return Some(Found::of_step(SeRule::UniqueLoop, 45, &s));
    }
    let mut best: Option<Found> = None;
    each_rectangle(g, &mut |corners, pair| {
        for f in [type_4(g, corners, pair), type_3(g, corners, pair)]
            .into_iter()
            .flatten()
        {
            if best.as_ref().is_none_or(|b| f.rating < b.rating) {
                best = Some(f);
            }
        }
    });
    if best.is_none() {
        best = longer_loop(g);
    }
    best
}

/// The longest loop searched, in cells.
const MAX_LOOP: usize = 10;

/// Unique loops of 6 to [`MAX_LOOP`] cells on two digits: a closed path of cells that all
/// hold both digits, each unit holding none of its cells or two at an odd distance along
/// it (so that the digits could alternate along it). Type 1: one cell holds more and loses the two
/// digits; type 2: the cells with more hold one extra digit, the same, which leaves the
/// cells that see them all. 4.5 plus a tenth for every two cells beyond four.
fn longer_loop(g: &Grid) -> Option<Found> {
    let mut best: Option<Found> = None;
    for a in 0..9 {
        for b in a + 1..9 {
            let pair = (1u16 << a) | (1 << b);
            let cells = g.pos[a] & g.pos[b];
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
                extend(g, cells, pair, &mut path, 1, extras, &mut best);
            }
        }
    }
    best
}

/// Extends the loop `path[..len]` (cells of `cells`, `path[0]` the lowest) by one cell
/// along a unit where the path has only its last cell, or closes it back to `path[0]`;
/// `n_extra` of its cells hold digits beyond the pair, `extra` all those digits.
fn extend(
    g: &Grid,
    cells: u128,
    pair: u16,
    path: &mut [usize; MAX_LOOP],
    len: usize,
    (n_extra, extra): (usize, u16),
    best: &mut Option<Found>,
) {
    let last = path[len - 1];
    let first = path[0];
    let on_path = path[..len].iter().fold(0u128, |m, &c| m | 1 << c);
    for u in crate::units::CELL_UNITS[last] {
        let unit = UNIT_MASK[usize::from(u)];
        let inside = on_path & unit;
        let mut next = cells & unit & !(1u128 << last);
        while next != 0 {
            let q = next.trailing_zeros() as usize;
            next &= next - 1;
            if q == first {
                let closing = inside == (1u128 << last) | (1 << first);
                if closing && len >= 6 && len.is_multiple_of(2) && closes(path, len) {
                    if let Some(f) = loop_found(g, pair, &path[..len]) {
                        if best.as_ref().is_none_or(|b| f.rating < b.rating) {
                            *best = Some(f);
                        }
                    }
                }
                continue;
            }
            if inside != 1u128 << last || on_path >> q & 1 != 0 || len == MAX_LOOP || q < first {
                continue;
            }
            // No unit may hold more than two cells of the loop.
            let clash = crate::units::CELL_UNITS[q].iter().any(|&v| {
                let w = UNIT_MASK[usize::from(v)];
                (on_path & w).count_ones() >= 2
            });
            if clash {
                continue;
            }
            // Type 1 has one cell with more digits, type 2 several with the same one extra
            // digit: any other path leads nowhere.
            let more = g.cand[q] & !pair;
            let extras = (n_extra + usize::from(more != 0), extra | more);
            if extras.0 >= 2 && extras.1.count_ones() != 1 {
                continue;
            }
            path[len] = q;
            extend(g, cells, pair, path, len + 1, extras, best);
        }
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
        let (e, o) = ((even & w).count_ones(), (odd & w).count_ones());
        (e, o) == (0, 0) || (e, o) == (1, 1)
    })
}

/// The step of a closed loop on `pair`, if its type removes something.
fn loop_found(g: &Grid, pair: u16, path: &[usize]) -> Option<Found> {
    let rating = 45 + (path.len() as i32 - 4) / 2;
    let mut extras = 0u128;
    for &c in path {
        if g.cand[c] != pair {
            extras |= 1 << c;
        }
    }
    let mut removed = [0u16; CELLS];
    if extras.count_ones() == 1 {
        let c = extras.trailing_zeros() as usize;
        removed[c] = pair;
        return Some(Found::removing(SeRule::UniqueLoop, rating, removed));
    }
    // Type 2: one extra digit, the same in every cell with more.
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
/// of digits all four corners hold, two of them ("floor") with only those two, the other
/// two ("roof") with more: `f(corners as [floor, floor, roof, roof], pair)`.
fn each_rectangle(g: &Grid, f: &mut impl FnMut([usize; 4], u16)) {
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
                if floor == 2 {
                    f(sorted, pair);
                }
            }
        }
        None::<()>
    });
}

/// The units (indices of [`UNITS`]) that hold both cells.
fn shared_units(a: usize, b: usize) -> impl Iterator<Item = usize> {
    let mut v = [usize::MAX; 3];
    if ROW[a] == ROW[b] {
        v[0] = ROW[a] as usize;
    }
    if COL[a] == COL[b] {
        v[1] = 9 + COL[a] as usize;
    }
    if BOX[a] == BOX[b] {
        v[2] = 18 + BOX[a] as usize;
    }
    v.into_iter().filter(|&u| u != usize::MAX)
}

/// Type 4: the roof shares a unit where one digit of the pair fits only in the roof: the
/// other digit leaves the roof (4.5).
fn type_4(g: &Grid, [_, _, r1, r2]: [usize; 4], pair: u16) -> Option<Found> {
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
                return Some(Found::removing(SeRule::UniqueLoop, 45, removed));
            }
        }
    }
    None
}

/// Type 3: the roof's extra digits and other cells of a unit the roof shares make a naked
/// subset: its digits leave the unit's other cells (4.5 with one other cell, a tenth more
/// for each further one).
fn type_3(g: &Grid, [_, _, r1, r2]: [usize; 4], pair: u16) -> Option<Found> {
    let extra = (g.cand[r1] | g.cand[r2]) & !pair;
    let mut best: Option<Found> = None;
    for u in shared_units(r1, r2) {
        let mut others = [0usize; 9];
        let mut n = 0;
        for &c in &UNITS[u] {
            let c = c as usize;
            if c != r1 && c != r2 && g.digit[c] == 0 {
                others[n] = c;
                n += 1;
            }
        }
        let others = &others[..n];
        // Subsets of 1 to 3 other cells with the roof as one more cell.
        for mask in 1u32..(1 << n) {
            let k = mask.count_ones() as usize;
            if k > 3 {
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
                let f = Found::removing(SeRule::UniqueLoop, 45 + k as i32 - 1, removed);
                if best.as_ref().is_none_or(|b| f.rating < b.rating) {
                    best = Some(f);
                }
            }
        }
    }
    best
}

/// The bivalue universal grave: type 1 (5.6), one cell with three candidates, whose digit
/// found three times in its units goes there; type 2 (5.7), several cells with three
/// candidates that share the extra digit: without it every unit would hold each digit
/// twice or not at all, so it is true in one of them and leaves the cells that see them
/// all.
pub(crate) fn bug(g: &Grid) -> Option<Found> {
    if let Some(s) = lib::bug_plus_one(g) {
        return Some(Found::of_step(SeRule::Bug, 56, &s));
    }
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
