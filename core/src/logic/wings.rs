//! Wings: XY-Wing, XYZ-Wing, W-Wing.

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::board::CELLS;
use crate::units::{sees, Bits, PEERS, PEER_MASK, UNITS};

/// The step of technique `t` that removes digit bit `z` from every open cell (but those of
/// `wing`) that sees every cell of `wing`, whose candidates make the pattern.
fn remove_seen_by_all(g: &Grid, t: Technique, z: u16, wing: &[usize]) -> Option<Step> {
    // A cell sees another when it is one of its peers (never itself).
    let mut m = g.cells_with(z);
    for &w in wing {
        m &= PEER_MASK[w];
    }
    for &w in wing {
        m &= !(1u128 << w);
    }
    if m == 0 {
        return None;
    }
    let mut s = Step::of(t);
    while m != 0 {
        s.removed[m.trailing_zeros() as usize] = z;
        m &= m - 1;
    }
    for &w in wing {
        s.pattern[w] = g.cand[w];
    }
    Some(s)
}

/// A pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves the cells that see both pincers.
// Cells, lines and units are numbers that index several tables at once.
#[allow(clippy::needless_range_loop)]
pub(crate) fn xy_wing(g: &Grid) -> Option<Step> {
    for p in 0..CELLS {
        let pc = g.cand[p];
        if !pc.is_pair() {
            continue;
        }
        for &a in &PEERS[p] {
            let a = a as usize;
            let ac = g.cand[a];
            if !ac.is_pair() || !(ac & pc).is_single() {
                continue;
            }
            let z = ac & !pc;
            for &b in &PEERS[p] {
                let b = b as usize;
                if b <= a {
                    continue;
                }
                let bc = g.cand[b];
                // b holds the pivot's other digit and z.
                if bc != (pc & !ac) | z {
                    continue;
                }
                if let Some(s) = remove_seen_by_all(g, Technique::XyWing, z, &[a, b]) {
                    let mut s = s;
                    s.pattern[p] = pc;
                    return Some(s);
                }
            }
        }
    }
    None
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: z leaves the cells that see all three.
// Cells, lines and units are numbers that index several tables at once.
#[allow(clippy::needless_range_loop)]
pub(crate) fn xyz_wing(g: &Grid) -> Option<Step> {
    for p in 0..CELLS {
        let pc = g.cand[p];
        if pc.count_ones() != 3 {
            continue;
        }
        for &a in &PEERS[p] {
            let a = a as usize;
            let ac = g.cand[a];
            if !ac.is_pair() || ac & !pc != 0 {
                continue;
            }
            for &b in &PEERS[p] {
                let b = b as usize;
                let bc = g.cand[b];
                if b <= a || !bc.is_pair() || bc & !pc != 0 || bc == ac {
                    continue;
                }
                let z = ac & bc;
                if let Some(s) = remove_seen_by_all(g, Technique::XyzWing, z, &[p, a, b]) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// Two cells {x,y} that do not see each other, joined by a strong link on x (a unit with
/// exactly two places for x, one seeing each cell): y leaves the cells that see both.
pub(crate) fn w_wing(g: &Grid) -> Option<Step> {
    for a in 0..CELLS {
        let ac = g.cand[a];
        if !ac.is_pair() {
            continue;
        }
        for b in a + 1..CELLS {
            if g.cand[b] != ac || sees(a, b) {
                continue;
            }
            for x in [ac & ac.wrapping_neg(), ac & (ac - 1)] {
                let y = ac & !x;
                for (u, unit) in UNITS.iter().enumerate() {
                    let places = g.places(u, x);
                    if !places.is_pair() {
                        continue;
                    }
                    let e1 = unit[places.trailing_zeros() as usize] as usize;
                    let e2 = unit[15 - places.leading_zeros() as usize] as usize;
                    let linked = (sees(e1, a) && sees(e2, b)) || (sees(e1, b) && sees(e2, a));
                    if !linked || [e1, e2].iter().any(|e| *e == a || *e == b) {
                        continue;
                    }
                    if let Some(mut s) = remove_seen_by_all(g, Technique::WWing, y, &[a, b]) {
                        s.pattern[e1] = x;
                        s.pattern[e2] = x;
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}
