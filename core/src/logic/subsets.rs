//! Naked and hidden subsets: pairs, triples and quads. [`each_naked`] and [`each_hidden`]
//! are the searches, which the hint ([`naked`], [`hidden`]) and the batch sweep of the
//! rating and generation (`closure.rs`) share.

use core::ops::Deref;

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::units::{ALL_DIGITS, UNITS};

/// Calls `f` with every `k`-combination of `items` (in lexicographic order of positions)
/// until it returns `Some`. `k` is at most 4 and `items` holds at most 9 entries (the
/// cells, digits or lines of one unit or digit): the combination is kept on the stack.
pub(crate) fn combinations<T: Copy + Default, R>(
    items: &[T],
    k: usize,
    f: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    const MAX: usize = 4;
    let n = items.len();
    if k == 0 || k > MAX || k > n {
        // No combination fits on the stack (k > 4 never happens) or exists (k > n); the
        // empty combination is never asked for.
        return None;
    }
    // The positions of the current combination, increasing; the first is [0, 1, .., k-1].
    let mut idx = [0usize; MAX];
    for (j, i) in idx.iter_mut().enumerate().take(k) {
        *i = j;
    }
    let mut chosen = [T::default(); MAX];
    loop {
        for j in 0..k {
            chosen[j] = items[idx[j]];
        }
        if let Some(r) = f(&chosen[..k]) {
            return Some(r);
        }
        // The next combination: the last position that can still move moves by one, and
        // those after it follow it.
        let mut j = k;
        loop {
            if j == 0 {
                return None;
            }
            j -= 1;
            if idx[j] < n - k + j {
                break;
            }
        }
        idx[j] += 1;
        for m in j + 1..k {
            idx[m] = idx[m - 1] + 1;
        }
    }
}

/// The units of mask `units` (bit `u` for unit `u` of [`UNITS`]), in order.
fn each_unit(units: u32) -> impl Iterator<Item = &'static [u8; 9]> {
    UNITS
        .iter()
        .enumerate()
        .filter(move |&(u, _)| units >> u & 1 != 0)
        .map(|(_, unit)| unit)
}

/// Calls `f` with every `size` open cells of `unit` whose candidates together are `size`
/// digits, and those digits, until it returns `Some`: the combinations (in lexicographic
/// order) of the unit's cells that had 1 to `size` candidates when the call began, each
/// one's candidates read when it comes. `f` may change the grid it is handed (the batch
/// sweep removes the digits from the unit's other cells as it goes, never from the cells
/// passed); the hint's search reads it only. The one search of naked subsets.
pub(crate) fn each_naked<G: Deref<Target = Grid>, R>(
    g: &mut G,
    unit: &[u8; 9],
    size: usize,
    f: &mut impl FnMut(&mut G, &[usize], u16) -> Option<R>,
) -> Option<R> {
    // The open cells that could be in such a subset, and the open cells with candidates:
    // a subset removes something only if other cells hold its digits.
    let mut small = [0usize; 9];
    let mut n = 0;
    let mut open = 0;
    for &c in unit {
        let m = g.cand[c as usize];
        if m != 0 {
            open += 1;
            if m.count_ones() as usize <= size {
                small[n] = c as usize;
                n += 1;
            }
        }
    }
    if n < size || open <= size {
        return None;
    }
    combinations(&small[..n], size, &mut |cells| {
        let union = cells.iter().fold(0, |a, &c| a | g.cand[c]);
        if union.count_ones() as usize != size {
            return None;
        }
        f(g, cells, union)
    })
}

/// Calls `f` with every `size` digits of `unit` that fit only in the same `size` cells,
/// given as the cells (bit `k` for the unit's `k`-th cell) and the digits (bit `d - 1` for
/// digit `d`), until it returns `Some`: the combinations (in lexicographic order) of the
/// digits with 1 to `size` places when the call began, their places as they were then.
/// `f` may change the grid it is handed (the batch sweep removes the cells' other
/// candidates as it goes). The one search of hidden subsets.
pub(crate) fn each_hidden<G: Deref<Target = Grid>, R>(
    g: &mut G,
    unit: &[u8; 9],
    size: usize,
    f: &mut impl FnMut(&mut G, u16, u16) -> Option<R>,
) -> Option<R> {
    // Where each digit fits (bit k: the unit's k-th cell), and the digits with at most
    // `size` places.
    let mut places = [0u16; 9];
    for (k, &c) in unit.iter().enumerate() {
        let mut m = g.cand[c as usize];
        while m != 0 {
            places[m.trailing_zeros() as usize] |= 1 << k;
            m &= m - 1;
        }
    }
    let mut digits = [0usize; 9];
    let mut n = 0;
    for (d, &p) in places.iter().enumerate() {
        if p != 0 && p.count_ones() as usize <= size {
            digits[n] = d;
            n += 1;
        }
    }
    if n < size {
        return None;
    }
    combinations(&digits[..n], size, &mut |ds| {
        let cells = ds.iter().fold(0, |a, &d| a | places[d]);
        if cells.count_ones() as usize != size {
            return None;
        }
        let keep = ds.iter().fold(0u16, |a, &d| a | 1 << d);
        f(g, cells, keep)
    })
}

/// `size` open cells of a unit whose candidates together are `size` digits: those digits
/// leave the unit's other cells (the units of mask `units`, bit `u` for unit `u` of
/// [`UNITS`]: rows, columns, boxes).
pub(crate) fn naked(g: &Grid, size: usize, t: Technique, units: u32) -> Option<Step> {
    for unit in each_unit(units) {
        let found = each_naked(&mut &*g, unit, size, &mut |g, cells, union| {
            let others = unit
                .iter()
                .map(|&c| c as usize)
                .filter(|c| !cells.contains(c))
                .fold(0, |a, c| a | g.cand[c]);
            if others & union == 0 {
                return None;
            }
            let mut s = Step::of(t);
            for &c in unit {
                let c = c as usize;
                if cells.contains(&c) {
                    s.pattern[c] = g.cand[c];
                } else if g.cand[c] & union != 0 {
                    s.removed[c] = g.cand[c] & union;
                }
            }
            Some(s)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `size` digits of a unit that fit only in the same `size` cells: every other candidate
/// leaves those cells (the units of mask `units`, as for [`naked`]).
pub(crate) fn hidden(g: &Grid, size: usize, t: Technique, units: u32) -> Option<Step> {
    for unit in each_unit(units) {
        let found = each_hidden(&mut &*g, unit, size, &mut |g, cells, keep| {
            let other = (0..9)
                .filter(|k| cells & (1 << k) != 0)
                .fold(0, |a, k| a | g.cand[unit[k] as usize])
                & !keep
                & ALL_DIGITS;
            if other == 0 {
                return None;
            }
            let mut s = Step::of(t);
            for (k, &c) in unit.iter().enumerate() {
                let c = c as usize;
                if cells & (1 << k) != 0 {
                    s.pattern[c] = g.cand[c] & keep;
                    s.removed[c] = g.cand[c] & !keep & ALL_DIGITS;
                }
            }
            Some(s)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
