//! Locked candidates: pointing and claiming. [`confined`] is the search, which the hint
//! ([`pointing`], [`claiming`]) and the batch sweep of the rating and generation
//! (`closure.rs`) share.

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::board::{BOX, COL, ROW};
use crate::units::{cells_of, UNITS, UNIT_MASK};

/// Three groups of three cells: the intersections of a unit with three others.
pub(crate) type Groups = [[usize; 3]; 3];

/// The three rows of box `b` within it, top first.
pub(crate) fn box_rows(b: usize) -> Groups {
    let first = (b / 3 * 3) * 9 + b % 3 * 3;
    [0, 1, 2].map(|k| {
        let r = first + 9 * k;
        [r, r + 1, r + 2]
    })
}

/// The three columns of box `b` within it, left first.
pub(crate) fn box_columns(b: usize) -> Groups {
    let first = (b / 3 * 3) * 9 + b % 3 * 3;
    [0, 1, 2].map(|k| {
        let c = first + k;
        [c, c + 9, c + 18]
    })
}

/// The three boxes of line unit `line` (a row 0-8 or a column 9-17 of [`UNITS`]) within
/// it, in the line's order.
pub(crate) fn segments(line: usize) -> Groups {
    let u = &UNITS[line];
    [0, 1, 2].map(|k| [0, 1, 2].map(|j| u[3 * k + j] as usize))
}

/// Per group of `groups` (the three intersections of one unit with three others), the
/// digits whose candidates in the unit lie in that group alone: the one search of locked
/// candidates.
pub(crate) fn confined(g: &Grid, groups: Groups) -> [u16; 3] {
    let u = groups.map(|c| g.cand[c[0]] | g.cand[c[1]] | g.cand[c[2]]);
    [0, 1, 2].map(|k| u[k] & !u[(k + 1) % 3] & !u[(k + 2) % 3])
}

/// The step of technique `t` for digit bit `bit` confined, within unit `base`, to its
/// intersection with unit `other`: the digit leaves the rest of `other`; `None` when it has
/// no candidate there.
fn locked(g: &Grid, t: Technique, base: usize, other: usize, bit: u16) -> Option<Step> {
    let places = g.pos[bit.trailing_zeros() as usize] & UNIT_MASK[other];
    let outside = places & !UNIT_MASK[base];
    if outside == 0 {
        return None;
    }
    let mut s = Step::of(t);
    for c in cells_of(places & UNIT_MASK[base]) {
        s.pattern[c] = bit;
    }
    for c in cells_of(outside) {
        s.removed[c] = bit;
    }
    Some(s)
}

/// A box whose candidates of a digit lie in one row or column (boxes in order, digits,
/// then rows before columns): the digit leaves the rest of that line.
pub(crate) fn pointing(g: &Grid) -> Option<Step> {
    for b in 0..9 {
        let first = UNITS[18 + b][0] as usize;
        let rows = confined(g, box_rows(b));
        let cols = confined(g, box_columns(b));
        for d in 0..9 {
            let bit = 1 << d;
            for (k, &confined_here) in rows.iter().enumerate() {
                let row = ROW[first] as usize + k;
                if confined_here & bit != 0 {
                    if let Some(s) = locked(g, Technique::Pointing, 18 + b, row, bit) {
                        return Some(s);
                    }
                }
            }
            for (k, &confined_here) in cols.iter().enumerate() {
                let col = 9 + COL[first] as usize + k;
                if confined_here & bit != 0 {
                    if let Some(s) = locked(g, Technique::Pointing, 18 + b, col, bit) {
                        return Some(s);
                    }
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
        let segs = confined(g, segments(line));
        for d in 0..9 {
            let bit = 1 << d;
            for (k, &seg) in segs.iter().enumerate() {
                let c = UNITS[line][3 * k] as usize;
                let b = 18 + BOX[c] as usize;
                if seg & bit != 0 {
                    if let Some(s) = locked(g, Technique::Claiming, line, b, bit) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    // Lines are numbers that index several tables at once.
    #[allow(clippy::needless_range_loop)]
    fn the_groups_are_the_intersections() {
        for b in 0..9 {
            for (k, (row, col)) in box_rows(b).iter().zip(box_columns(b)).enumerate() {
                for &c in row {
                    assert_eq!(BOX[c] as usize, b);
                    assert_eq!(ROW[c] as usize, b / 3 * 3 + k);
                }
                for c in col {
                    assert_eq!(BOX[c] as usize, b);
                    assert_eq!(COL[c] as usize, b % 3 * 3 + k);
                }
            }
        }
        for line in 0..18 {
            for (k, seg) in segments(line).iter().enumerate() {
                for &c in seg {
                    assert!(UNITS[line].contains(&(c as u8)));
                    let band_or_stack = if line < 9 { COL[c] } else { ROW[c] } as usize / 3;
                    assert_eq!(band_or_stack, k);
                }
            }
        }
    }

    /// The plain [`locked`]: the cells of `other`, each read and placed by whether it lies
    /// in `base` too.
    fn plain_locked(g: &Grid, t: Technique, base: usize, other: usize, bit: u16) -> Option<Step> {
        let mut s = Step::of(t);
        let mut removes = false;
        for &c in &UNITS[other] {
            let c = usize::from(c);
            if g.cand[c] & bit != 0 {
                if UNITS[base].contains(&(c as u8)) {
                    s.pattern[c] = bit;
                } else {
                    s.removed[c] = bit;
                    removes = true;
                }
            }
        }
        removes.then_some(s)
    }

    /// On the grids of [`super::super::sample::walk_grids`], the locked candidates of every
    /// box with each line through it, every digit, read from bitboards, are those the
    /// plain reading finds.
    #[test]
    // Units are numbers that index several tables at once.
    #[allow(clippy::needless_range_loop)]
    fn locked_reads_what_the_cells_hold() {
        let mut found = 0;
        super::super::sample::walk_grids(|g| {
            for b in 18..27 {
                for line in 0..18 {
                    if !UNITS[line].iter().any(|c| UNITS[b].contains(c)) {
                        continue;
                    }
                    for d in 0..9 {
                        for (t, base, other) in [
                            (Technique::Pointing, b, line),
                            (Technique::Claiming, line, b),
                        ] {
                            let s = locked(g, t, base, other, 1 << d);
                            assert_eq!(s, plain_locked(g, t, base, other, 1 << d));
                            found += usize::from(s.is_some());
                        }
                    }
                }
            }
        });
        assert!(found > 10_000, "{found}");
    }
}
