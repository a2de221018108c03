//! Locked candidates: pointing and claiming.

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::board::{BOX, COL, ROW};
use crate::units::UNITS;

/// For box `b` and line unit `line` (a row or a column) that meet: when digit bit `bit` of
/// unit `base` (one of the two) lies only in the intersection and is a candidate in the
/// rest of unit `other`, the step that removes it there.
fn locked(g: &Grid, t: Technique, base: usize, other: usize, bit: u16) -> Option<Step> {
    let in_both = |c: usize| UNITS[base].contains(&(c as u8)) && UNITS[other].contains(&(c as u8));
    let mut any = false;
    for &c in &UNITS[base] {
        let c = c as usize;
        if g.cand[c] & bit != 0 {
            if !in_both(c) {
                return None;
            }
            any = true;
        }
    }
    if !any {
        return None;
    }
    let mut s = Step::of(t);
    let mut removes = false;
    for &c in &UNITS[other] {
        let c = c as usize;
        if g.cand[c] & bit != 0 {
            if in_both(c) {
                s.pattern[c] = bit;
            } else {
                s.removed[c] = bit;
                removes = true;
            }
        }
    }
    removes.then_some(s)
}

/// A box whose candidates of a digit lie in one row or column (boxes in order, digits,
/// then rows before columns): the digit leaves the rest of that line.
pub(crate) fn pointing(g: &Grid) -> Option<Step> {
    for b in 0..9 {
        let first = UNITS[18 + b][0] as usize;
        for d in 0..9 {
            let bit = 1 << d;
            for k in 0..3 {
                let row = ROW[first] as usize + k;
                if let Some(s) = locked(g, Technique::Pointing, 18 + b, row, bit) {
                    return Some(s);
                }
            }
            for k in 0..3 {
                let col = 9 + COL[first] as usize + k;
                if let Some(s) = locked(g, Technique::Pointing, 18 + b, col, bit) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// A row or column whose candidates of a digit lie in one box (rows, then columns): the
/// digit leaves the rest of that box.
// Cells, lines and units are numbers that index several tables at once.
#[allow(clippy::needless_range_loop)]
pub(crate) fn claiming(g: &Grid) -> Option<Step> {
    for line in 0..18 {
        for d in 0..9 {
            let bit = 1 << d;
            for k in 0..3 {
                let c = UNITS[line][3 * k] as usize;
                let b = 18 + BOX[c] as usize;
                if let Some(s) = locked(g, Technique::Claiming, line, b, bit) {
                    return Some(s);
                }
            }
        }
    }
    None
}
