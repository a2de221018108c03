//! Wings: XY-Wing, XYZ-Wing, W-Wing.

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::units::{cells_of, sees, Bits, PEER_MASK, UNIT_MASK};

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
pub(crate) fn xy_wing(g: &Grid) -> Option<Step> {
    let bivalue = g.cells_where(|m| m.is_pair());
    for p in cells_of(bivalue) {
        let pc = g.cand[p];
        // The pincers are bivalue peers of the pivot, in increasing order as in `PEERS`.
        let pincers = PEER_MASK[p] & bivalue;
        for a in cells_of(pincers) {
            let ac = g.cand[a];
            if !(ac & pc).is_single() {
                continue;
            }
            let z = ac & !pc;
            for b in cells_of(pincers & !((2u128 << a) - 1)) {
                // b holds the pivot's other digit and z.
                if g.cand[b] != (pc & !ac) | z {
                    continue;
                }
                if let Some(mut s) = remove_seen_by_all(g, Technique::XyWing, z, &[a, b]) {
                    s.pattern[p] = pc;
                    return Some(s);
                }
            }
        }
    }
    None
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: z leaves the cells that see all three.
pub(crate) fn xyz_wing(g: &Grid) -> Option<Step> {
    let bivalue = g.cells_where(|m| m.is_pair());
    for p in cells_of(g.cells_where(|m| (m & m.wrapping_sub(1)).is_pair())) {
        let pc = g.cand[p];
        // Bivalue peers of the pivot within its digits, in increasing order as in `PEERS`.
        let pincers = cells_of(PEER_MASK[p] & bivalue)
            .fold(0u128, |m, c| m | u128::from(g.cand[c] & !pc == 0) << c);
        for a in cells_of(pincers) {
            let ac = g.cand[a];
            for b in cells_of(pincers & !((2u128 << a) - 1)) {
                let bc = g.cand[b];
                if bc == ac {
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
    let bivalue = g.cells_where(|m| m.is_pair());
    // Per digit, the units where it has exactly two places, in unit order.
    let bilocal = g.bilocal_units();
    for a in cells_of(bivalue) {
        let ac = g.cand[a];
        for b in cells_of(bivalue & !((2u128 << a) - 1)) {
            if g.cand[b] != ac || sees(a, b) {
                continue;
            }
            // The cells that see both and could lose one of their digits: none, no step.
            let seen = PEER_MASK[a] & PEER_MASK[b] & g.cells_with(ac);
            if seen == 0 {
                continue;
            }
            for x in [ac & ac.wrapping_neg(), ac & (ac - 1)] {
                let y = ac & !x;
                if seen & g.pos[y.trailing_zeros() as usize] == 0 {
                    continue;
                }
                let dx = x.trailing_zeros() as usize;
                let mut units = bilocal[dx];
                while units != 0 {
                    let u = units.trailing_zeros() as usize;
                    units &= units - 1;
                    // The unit's two places, lowest first (a unit lists its cells in
                    // increasing order).
                    let places = g.pos[dx] & UNIT_MASK[u];
                    let e1 = places.trailing_zeros() as usize;
                    let e2 = 127 - places.leading_zeros() as usize;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CELLS;
    use crate::units::{PEERS, UNITS};

    /// The plain XY-Wing search: every pivot, then every pair of its peers.
    #[allow(clippy::needless_range_loop)]
    fn plain_xy_wing(g: &Grid) -> Option<Step> {
        for p in 0..CELLS {
            let pc = g.cand[p];
            if !pc.is_pair() {
                continue;
            }
            for &a in &PEERS[p] {
                let (a, ac) = (usize::from(a), g.cand[usize::from(a)]);
                if !ac.is_pair() || !(ac & pc).is_single() {
                    continue;
                }
                let z = ac & !pc;
                for &b in &PEERS[p] {
                    let b = usize::from(b);
                    if b <= a || g.cand[b] != (pc & !ac) | z {
                        continue;
                    }
                    if let Some(mut s) = remove_seen_by_all(g, Technique::XyWing, z, &[a, b]) {
                        s.pattern[p] = pc;
                        return Some(s);
                    }
                }
            }
        }
        None
    }

    /// The plain XYZ-Wing search.
    #[allow(clippy::needless_range_loop)]
    fn plain_xyz_wing(g: &Grid) -> Option<Step> {
        for p in 0..CELLS {
            let pc = g.cand[p];
            if pc.count_ones() != 3 {
                continue;
            }
            for &a in &PEERS[p] {
                let (a, ac) = (usize::from(a), g.cand[usize::from(a)]);
                if !ac.is_pair() || ac & !pc != 0 {
                    continue;
                }
                for &b in &PEERS[p] {
                    let (b, bc) = (usize::from(b), g.cand[usize::from(b)]);
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

    /// The plain W-Wing search: every pair of cells, every unit's places read cell by cell.
    fn plain_w_wing(g: &Grid) -> Option<Step> {
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
                    for (u, unit) in UNITS.iter().enumerate() {
                        let places = g.places(u, x);
                        if !places.is_pair() {
                            continue;
                        }
                        let e1 = usize::from(unit[places.trailing_zeros() as usize]);
                        let e2 = usize::from(unit[15 - places.leading_zeros() as usize]);
                        let linked = (sees(e1, a) && sees(e2, b)) || (sees(e1, b) && sees(e2, a));
                        if !linked || [e1, e2].iter().any(|e| *e == a || *e == b) {
                            continue;
                        }
                        if let Some(mut s) =
                            remove_seen_by_all(g, Technique::WWing, ac & !x, &[a, b])
                        {
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

    /// On the grids of [`super::super::sample::walk_grids`], the wings found from masks of
    /// cells are those the plain searches find first.
    #[test]
    fn wings_find_what_the_plain_searches_find() {
        let mut found = [0; 3];
        super::super::sample::walk_grids(|g| {
            let steps = [xy_wing(g), xyz_wing(g), w_wing(g)];
            assert_eq!(steps[0], plain_xy_wing(g));
            assert_eq!(steps[1], plain_xyz_wing(g));
            assert_eq!(steps[2], plain_w_wing(g));
            for (n, s) in found.iter_mut().zip(&steps) {
                *n += usize::from(s.is_some());
            }
        });
        // The grids gave every search something to find.
        assert!(found.iter().all(|&n| n > 50), "{found:?}");
    }
}
