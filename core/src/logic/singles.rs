//! Singles: full house, naked single, hidden single.

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::board::CELLS;
use crate::units::{Bits, ALL_DIGITS, PEERS, UNITS};

/// Marks in `pattern`, for each cell in `cells`, a filled peer holding a digit of `digits`
/// (the first in cell order): the givens that exclude those digits there.
fn mark_blockers(g: &Grid, pattern: &mut [u16; CELLS], cell: usize, digits: u16) {
    let mut left = digits;
    for &p in &PEERS[cell] {
        let p = p as usize;
        let d = g.digit[p];
        if d != 0 && left & (1 << (d - 1)) != 0 {
            pattern[p] = 1 << (d - 1);
            left &= !(1 << (d - 1));
        }
    }
}

/// The last open cell of a unit (rows, then columns, then boxes): the pattern is the
/// unit's filled cells and the cell.
pub(crate) fn full_house(g: &Grid) -> Option<Step> {
    for unit in &UNITS {
        let mut open = unit
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.digit[c] == 0);
        let (Some(cell), None) = (open.next(), open.next()) else {
            continue;
        };
        let c = g.cand[cell];
        if !c.is_single() {
            continue;
        }
        let mut s = Step::placing(Technique::FullHouse, cell, c.trailing_zeros() as u8 + 1);
        for &u in unit {
            let u = u as usize;
            s.pattern[u] = match g.digit[u] {
                0 => c,
                d => 1 << (d - 1),
            };
        }
        return Some(s);
    }
    None
}

/// The first open cell (row by row) with one candidate: the pattern is the cell and, for
/// each other digit, a filled peer holding it.
pub(crate) fn naked_single(g: &Grid) -> Option<Step> {
    let cell = (0..CELLS).find(|&i| g.digit[i] == 0 && g.cand[i].is_single())?;
    let c = g.cand[cell];
    let mut s = Step::placing(Technique::NakedSingle, cell, c.trailing_zeros() as u8 + 1);
    mark_blockers(g, &mut s.pattern, cell, !c & ALL_DIGITS);
    s.pattern[cell] = c;
    Some(s)
}

/// The digits with exactly one place in `unit` (bit `d - 1` for digit `d`): the one search
/// of hidden singles, which the hint, the batch sweep (`closure.rs`) and the Sudoku
/// Explainer walk (`se/basic.rs`) share.
pub(crate) fn lone_digits(g: &Grid, unit: &[u8; 9]) -> u16 {
    let (mut once, mut twice) = (0u16, 0u16);
    for &i in unit {
        let c = g.cand[i as usize];
        twice |= once & c;
        once |= c;
    }
    once & !twice
}

/// A digit with one place in a unit (boxes, then rows, then columns; the lowest such digit
/// of the first unit that has one): the pattern is the digit in that cell and, for the
/// unit's other open cells, a filled peer holding it.
pub(crate) fn hidden_single(g: &Grid) -> Option<Step> {
    for u in (18..27).chain(0..18) {
        let unit = &UNITS[u];
        let lone = lone_digits(g, unit);
        if lone != 0 {
            let d = lone.trailing_zeros();
            let bit = 1u16 << d;
            let places = g.places(u, bit);
            let cell = unit[places.trailing_zeros() as usize] as usize;
            let mut s = Step::placing(Technique::HiddenSingle, cell, d as u8 + 1);
            for &o in unit {
                let o = o as usize;
                if o != cell && g.digit[o] == 0 {
                    mark_blockers(g, &mut s.pattern, o, bit);
                }
            }
            s.pattern[cell] = bit;
            return Some(s);
        }
    }
    None
}
