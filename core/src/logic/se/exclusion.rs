//! Aligned pair and triplet exclusion. Pairs: two cells that see each other, and the
//! bivalue cells that see both. Each combination of a digit for each cell is ruled out when the digits are equal
//! or when a bivalue cell that sees both holds exactly those two digits (it would be left
//! empty); a digit of a cell in no remaining combination leaves that cell.

use super::rule::SeRule;
use super::Found;
use crate::board::CELLS;
use crate::logic::grid::Grid;
use crate::units::{Bits, PEER_MASK};

/// The first aligned pair exclusion (6.2), pairs of cells in increasing order.
pub(crate) fn aligned_pair(g: &Grid) -> Option<Found> {
    // The open cells with two candidates or more, and those with exactly two.
    let (mut many, mut bivalue) = (0u128, 0u128);
    for (c, &cand) in g.cand.iter().enumerate() {
        if g.digit[c] == 0 && cand & cand.wrapping_sub(1) != 0 {
            many |= 1 << c;
            bivalue |= u128::from(cand.is_pair()) << c;
        }
    }
    let mut m = many;
    while m != 0 {
        let a = m.trailing_zeros() as usize;
        m &= m - 1;
        // Its peers after it; a pair that no bivalue cell sees rules out only equal
        // digits, which leaves every digit of both cells (each has two or more).
        let mut later = many & PEER_MASK[a] & !((2u128 << a) - 1);
        while later != 0 {
            let b = later.trailing_zeros() as usize;
            later &= later - 1;
            let seen = bivalue & PEER_MASK[a] & PEER_MASK[b];
            if seen != 0 {
                if let Some(f) = exclude(g, a, b, seen) {
                    return Some(f);
                }
            }
        }
    }
    None
}

/// The exclusion on cells `a` and `b`, if it removes anything; `seen`: the bivalue cells
/// that see both.
fn exclude(g: &Grid, a: usize, b: usize, seen: u128) -> Option<Found> {
    // Per digit `x`, the digits `y` that may not go with it: the other digit of each
    // bivalue cell seeing both that holds `x` (and `x` itself).
    let mut bad: [u16; 9] = core::array::from_fn(|x| 1 << x);
    let mut m = seen;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        let pair = g.cand[c];
        let p = pair.trailing_zeros() as usize;
        let q = (pair & (pair - 1)).trailing_zeros() as usize;
        bad[p] |= 1 << q;
        bad[q] |= 1 << p;
    }
    // The digits of each cell that some remaining combination uses.
    let keep = |of: u16, with: u16| {
        let mut keep = 0u16;
        let mut ds = of;
        while ds != 0 {
            let x = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if with & !bad[x] != 0 {
                keep |= 1 << x;
            }
        }
        keep
    };
    let mut removed = [0u16; CELLS];
    removed[a] = g.cand[a] & !keep(g.cand[a], g.cand[b]);
    removed[b] = g.cand[b] & !keep(g.cand[b], g.cand[a]);
    (removed[a] | removed[b] != 0)
        .then(|| Found::removing(SeRule::AlignedPairExclusion, 62, removed))
}

/// Aligned triplet exclusion (7.5): three cells of one unit, and the cells with two or
/// three candidates that see all three. A combination of digits for the three is ruled
/// out when two of them are equal or when it holds every candidate of one of those cells;
/// a digit of a cell in no remaining combination leaves that cell.
pub(crate) fn aligned_triplet(g: &Grid) -> Option<Found> {
    for unit in &crate::units::UNITS {
        let mut open = [0usize; 9];
        let mut n = 0;
        for &c in unit {
            let c = usize::from(c);
            if g.cand[c].count_ones() >= 2 {
                open[n] = c;
                n += 1;
            }
        }
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    if let Some(f) = exclude_triplet(g, [open[i], open[j], open[k]]) {
                        return Some(f);
                    }
                }
            }
        }
    }
    None
}

/// The exclusion on three cells of a unit, if it removes anything.
fn exclude_triplet(g: &Grid, cells: [usize; 3]) -> Option<Found> {
    let mut sets = [0u16; CELLS];
    let mut n = 0;
    let mut all = PEER_MASK[cells[0]] & PEER_MASK[cells[1]] & PEER_MASK[cells[2]];
    while all != 0 {
        let c = all.trailing_zeros() as usize;
        all &= all - 1;
        if g.digit[c] == 0 && matches!(g.cand[c].count_ones(), 2 | 3) {
            sets[n] = g.cand[c];
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let sets = &sets[..n];
    let [a, b, c] = cells;
    let mut keep = [0u16; 3];
    let mut da = g.cand[a];
    while da != 0 {
        let x = da & da.wrapping_neg();
        da &= da - 1;
        let mut db = g.cand[b] & !x;
        while db != 0 {
            let y = db & db.wrapping_neg();
            db &= db - 1;
            let mut dc = g.cand[c] & !x & !y;
            while dc != 0 {
                let z = dc & dc.wrapping_neg();
                dc &= dc - 1;
                let combo = x | y | z;
                if sets.iter().any(|&s| s & !combo == 0) {
                    continue;
                }
                keep[0] |= x;
                keep[1] |= y;
                keep[2] |= z;
            }
        }
    }
    let mut removed = [0u16; CELLS];
    let mut any = false;
    for (k, &cell) in cells.iter().enumerate() {
        removed[cell] = g.cand[cell] & !keep[k];
        any |= removed[cell] != 0;
    }
    any.then(|| Found::removing(SeRule::AlignedTripletExclusion, 75, removed))
}
