//! Uniqueness techniques: unique rectangles types 1 and 2, BUG+1. Sound on a board with
//! exactly one solution (the only boards the hints and the rating reason about): four open
//! cells over two rows, two columns and two boxes that could hold only two digits would
//! let those digits swap into a second solution.

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::board::{BOX, CELLS, COL, ROW};
use crate::units::{rows_of, Bits, PEER_MASK, UNITS};

/// Every rectangle of open cells over exactly two boxes: its corners in the order
/// (r1,c1), (r1,c2), (r2,c1), (r2,c2), until `f` returns `Some`.
pub(crate) fn rectangles<R>(g: &Grid, f: &mut impl FnMut([usize; 4]) -> Option<R>) -> Option<R> {
    rectangles_in(g, |_, _| 0x1FF, f)
}

/// [`rectangles`] whose columns are both in `columns(r1, r2)` (bit `c` for column `c`), in
/// the same order: for searches that know which columns a pair of rows can use.
fn rectangles_in<R>(
    g: &Grid,
    columns: impl Fn(usize, usize) -> u32,
    f: &mut impl FnMut([usize; 4]) -> Option<R>,
) -> Option<R> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            let cols = columns(r1, r2);
            let mut m1 = cols;
            while m1 != 0 {
                let c1 = m1.trailing_zeros() as usize;
                m1 &= m1 - 1;
                let mut m2 = m1;
                while m2 != 0 {
                    let c2 = m2.trailing_zeros() as usize;
                    m2 &= m2 - 1;
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    if corners.iter().any(|&c| g.digit[c] != 0) {
                        continue;
                    }
                    if let Some(s) = f(corners) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

/// Three corners hold only {a,b}: a and b leave the fourth.
pub(crate) fn unique_rectangle_1(g: &Grid) -> Option<Step> {
    // Three bivalue corners: a column with two, and each column with one at least.
    let two = rows_of(g.cells_where(|m| m.is_pair()));
    unique_rectangle_1_in(g, |r1, r2| {
        if two[r1] & two[r2] == 0 {
            0
        } else {
            two[r1] | two[r2]
        }
    })
}

/// [`unique_rectangle_1`] on the rectangles of [`rectangles_in`] with `columns`.
fn unique_rectangle_1_in(g: &Grid, columns: impl Fn(usize, usize) -> u32) -> Option<Step> {
    rectangles_in(g, columns, &mut |corners| {
        // Three corners with two candidates each are needed.
        if corners.iter().filter(|&&c| g.cand[c].is_pair()).count() < 3 {
            return None;
        }
        for k in 0..4 {
            let others: [usize; 3] =
                core::array::from_fn(|j| corners[if j < k { j } else { j + 1 }]);
            let m = g.cand[others[0]];
            if !m.is_pair() || others.iter().any(|&c| g.cand[c] != m) {
                continue;
            }
            let fourth = corners[k];
            if g.cand[fourth] & m == 0 || g.cand[fourth] & !m == 0 {
                continue;
            }
            let mut s = Step::of(Technique::UniqueRectangle1);
            s.removed[fourth] = g.cand[fourth] & m;
            // The fourth corner may have lost one of the two digits already.
            for &c in &corners {
                s.pattern[c] = m & g.cand[c];
            }
            return Some(s);
        }
        None
    })
}

/// Two corners hold only {a,b}, the two others only {a,b,c}: c leaves the cells that see
/// both of those.
pub(crate) fn unique_rectangle_2(g: &Grid) -> Option<Step> {
    // Corners of two or three candidates.
    // Two or three candidates: with the lowest one gone, one or two.
    let small = rows_of(g.cells_where(|m| (m & m.wrapping_sub(1)).is_pair() || m.is_pair()));
    unique_rectangle_2_in(g, |r1, r2| small[r1] & small[r2])
}

/// [`unique_rectangle_2`] on the rectangles of [`rectangles_in`] with `columns`.
fn unique_rectangle_2_in(g: &Grid, columns: impl Fn(usize, usize) -> u32) -> Option<Step> {
    rectangles_in(g, columns, &mut |corners| {
        // Two corners with two candidates and two with three are needed.
        let count = |n: u32| {
            corners
                .iter()
                .filter(|&&c| g.cand[c].count_ones() == n)
                .count()
        };
        if count(2) != 2 || count(3) != 2 {
            return None;
        }
        for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            let floor = [corners[i], corners[j]];
            let mut rest = (0..4).filter(|&k| k != i && k != j).map(|k| corners[k]);
            let (Some(r0), Some(r1)) = (rest.next(), rest.next()) else {
                continue;
            };
            let roof = [r0, r1];
            let m = g.cand[floor[0]];
            if !m.is_pair() || g.cand[floor[1]] != m {
                continue;
            }
            let r = g.cand[roof[0]];
            if g.cand[roof[1]] != r || r & m != m || r.count_ones() != 3 {
                continue;
            }
            let z = r & !m;
            // A cell sees another when it is one of its peers (never itself).
            let mut m = g.cells_with(z) & PEER_MASK[roof[0]] & PEER_MASK[roof[1]];
            if m == 0 {
                continue;
            }
            let mut s = Step::of(Technique::UniqueRectangle2);
            while m != 0 {
                s.removed[m.trailing_zeros() as usize] = z;
                m &= m - 1;
            }
            for &c in &corners {
                s.pattern[c] = g.cand[c];
            }
            return Some(s);
        }
        None
    })
}

/// Every open cell holds two candidates but one, which holds three, and every digit is a
/// candidate of exactly two cells of every unit where it is one, but for one digit of that
/// cell, three times in each of its units: that digit goes there.
pub(crate) fn bug_plus_one(g: &Grid) -> Option<Step> {
    let mut tri = None;
    for c in 0..CELLS {
        if g.digit[c] != 0 {
            continue;
        }
        match g.cand[c].count_ones() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let cell = tri?;
    let units = [
        ROW[cell] as usize,
        9 + COL[cell] as usize,
        18 + BOX[cell] as usize,
    ];
    // The extra digit: three places in each unit of the cell.
    let mut extra = None;
    for d in 0..9 {
        let bit = 1u16 << d;
        if g.cand[cell] & bit != 0 && units.iter().all(|&u| g.places(u, bit).count_ones() == 3) {
            extra = Some(bit);
        }
    }
    let extra = extra?;
    for (u, unit) in UNITS.iter().enumerate() {
        for d in 0..9 {
            let bit = 1u16 << d;
            let mut n = g.places(u, bit).count_ones();
            if bit == extra && unit.contains(&(cell as u8)) {
                n -= 1;
            }
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let mut s = Step::placing(
        Technique::BugPlusOne,
        cell,
        extra.trailing_zeros() as u8 + 1,
    );
    for c in 0..CELLS {
        s.pattern[c] = g.cand[c];
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the grids of [`super::super::sample::walk_grids`], the rectangles' searches over
    /// the columns each pair of rows can use find what they find over every column: the
    /// same step, or none.
    #[test]
    fn narrowed_rectangle_searches_find_what_the_full_ones_find() {
        let (mut found_1, mut found_2) = (0, 0);
        super::super::sample::walk_grids(|g| {
            let one = unique_rectangle_1(g);
            assert_eq!(one, unique_rectangle_1_in(g, |_, _| 0x1FF));
            let two = unique_rectangle_2(g);
            assert_eq!(two, unique_rectangle_2_in(g, |_, _| 0x1FF));
            found_1 += usize::from(one.is_some());
            found_2 += usize::from(two.is_some());
        });
        // The grids gave both searches something to find.
        assert!(found_1 > 50 && found_2 > 20, "{found_1} {found_2}");
    }

    /// A step's pattern marks only candidates its cells still have: a type 1 rectangle
    /// whose fourth corner lost one of the two digits marks only the other there.
    #[test]
    fn patterns_mark_only_present_candidates() {
        let (mut found, mut narrowed) = (0, 0);
        super::super::sample::walk_grids(|g| {
            let steps = [
                unique_rectangle_1(g),
                unique_rectangle_2(g),
                bug_plus_one(g),
            ];
            for s in steps.into_iter().flatten() {
                found += 1;
                for c in 0..CELLS {
                    assert_eq!(s.pattern[c] & !g.cand[c], 0, "{:?} at {c}", s.technique);
                }
                if s.technique == Technique::UniqueRectangle1 {
                    narrowed += usize::from(s.pattern.iter().any(|&p| p.count_ones() == 1));
                }
            }
        });
        assert!(found > 70, "{found}");
        // The grids hold rectangles whose fourth corner has one of the two digits.
        assert!(narrowed > 0, "{narrowed}");
    }
}
