//! Aligned pair exclusion: two cells that see each other, and the bivalue cells that see
//! both. Each combination of a digit for each cell is ruled out when the digits are equal
//! or when a bivalue cell that sees both holds exactly those two digits (it would be left
//! empty); a digit of a cell in no remaining combination leaves that cell.

use super::rule::SeRule;
use super::Found;
use crate::board::CELLS;
use crate::logic::grid::Grid;
use crate::units::{sees, PEER_MASK};

/// The first aligned pair exclusion (6.2), pairs of cells in increasing order.
pub(crate) fn aligned_pair(g: &Grid) -> Option<Found> {
    for a in 0..CELLS {
        if g.cand[a].count_ones() < 2 {
            continue;
        }
        for b in a + 1..CELLS {
            if g.cand[b].count_ones() < 2 || !sees(a, b) {
                continue;
            }
            if let Some(f) = exclude(g, a, b) {
                return Some(f);
            }
        }
    }
    None
}

/// The exclusion on cells `a` and `b`, if it removes anything.
fn exclude(g: &Grid, a: usize, b: usize) -> Option<Found> {
    // The candidate sets of the bivalue cells that see both.
    let mut pairs = [0u16; CELLS];
    let mut n = 0;
    let mut both = PEER_MASK[a] & PEER_MASK[b];
    while both != 0 {
        let c = both.trailing_zeros() as usize;
        both &= both - 1;
        if g.digit[c] == 0 && g.cand[c].count_ones() == 2 {
            pairs[n] = g.cand[c];
            n += 1;
        }
    }
    let pairs = &pairs[..n];
    // The digits of each cell that some remaining combination uses.
    let (mut keep_a, mut keep_b) = (0u16, 0u16);
    let mut da = g.cand[a];
    while da != 0 {
        let x = da & da.wrapping_neg();
        da &= da - 1;
        let mut db = g.cand[b];
        while db != 0 {
            let y = db & db.wrapping_neg();
            db &= db - 1;
            if x == y || pairs.contains(&(x | y)) {
                continue;
            }
            keep_a |= x;
            keep_b |= y;
        }
    }
    let mut removed = [0u16; CELLS];
    removed[a] = g.cand[a] & !keep_a;
    removed[b] = g.cand[b] & !keep_b;
    (removed[a] | removed[b] != 0)
        .then(|| Found::removing(SeRule::AlignedPairExclusion, 62, removed))
}
