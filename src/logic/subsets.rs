//! Naked and hidden subsets: pairs, triples and quads.

use super::grid::{Grid, ALL_DIGITS};
use super::step::Step;
use super::technique::Technique;
use crate::units::UNITS;

/// Calls `f` with every `k`-combination of `items` (in lexicographic order) until it
/// returns `Some`.
pub(crate) fn combinations<T: Copy, R>(
    items: &[T],
    k: usize,
    f: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy, R>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        f: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return f(chosen);
        }
        let need = k - chosen.len();
        for i in start..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen.push(items[i]);
            let r = go(items, k, i + 1, chosen, f);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f)
}

/// `size` open cells of a unit whose candidates together are `size` digits: those digits
/// leave the unit's other cells (units: rows, columns, boxes).
pub(crate) fn naked(g: &Grid, size: usize, t: Technique) -> Option<Step> {
    for unit in &UNITS {
        let small: Vec<usize> = unit
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.cand[c] != 0 && g.cand[c].count_ones() as usize <= size)
            .collect();
        let found = combinations(&small, size, &mut |cells| {
            let union = cells.iter().fold(0, |a, &c| a | g.cand[c]);
            if union.count_ones() as usize != size {
                return None;
            }
            let mut s = Step::of(t);
            let mut removes = false;
            for &c in unit {
                let c = c as usize;
                if cells.contains(&c) {
                    s.pattern[c] = g.cand[c];
                } else if g.cand[c] & union != 0 {
                    s.removed[c] = g.cand[c] & union;
                    removes = true;
                }
            }
            removes.then_some(s)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `size` digits of a unit that fit only in the same `size` cells: every other candidate
/// leaves those cells (units: rows, columns, boxes).
pub(crate) fn hidden(g: &Grid, size: usize, t: Technique) -> Option<Step> {
    for (u, unit) in UNITS.iter().enumerate() {
        let places: [u16; 9] = core::array::from_fn(|d| g.places(u, 1 << d));
        let digits: Vec<usize> = (0..9)
            .filter(|&d| places[d] != 0 && places[d].count_ones() as usize <= size)
            .collect();
        let found = combinations(&digits, size, &mut |ds| {
            let cells = ds.iter().fold(0, |a, &d| a | places[d]);
            if cells.count_ones() as usize != size {
                return None;
            }
            let keep = ds.iter().fold(0u16, |a, &d| a | 1 << d);
            let mut s = Step::of(t);
            let mut removes = false;
            for (k, &c) in unit.iter().enumerate() {
                let c = c as usize;
                if cells & (1 << k) != 0 {
                    s.pattern[c] = g.cand[c] & keep;
                    let other = g.cand[c] & !keep & ALL_DIGITS;
                    if other != 0 {
                        s.removed[c] = other;
                        removes = true;
                    }
                }
            }
            removes.then_some(s)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
