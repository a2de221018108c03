//! The forcing chains tried around those of `forcing.rs`: Nishio chains (one digit, before
//! them); dynamic chains, whose lines also apply naked and hidden pairs and X-Wings where
//! singles and locked candidates stop, from candidates assumed present or absent; and nested
//! chains, whose lines remove, where singles stop, every candidate that a forcing chain of
//! its own refutes.
//!
//! Each search is sound on any grid that a completion fits: a line that ends in a
//! contradiction refutes its assumption, and what both an assumption and its negation (or
//! every branch of a cell or unit) imply holds. Patterns show the assumption, the placements
//! of the line (or of each branch) and, for a contradiction, the cell or unit where it is.

use super::forcing::{agree_stage, with_room, Line, NoMemory, Prop};
use super::{ChainFind, Grid, NODES};
use crate::units::{
    cell_bit, has_cell, units_of, Bits, ALL_UNITS, CELL_UNIT_BITS, PEER_MASK, UNIT_MASK,
};

/// The line of digit `d` alone from its candidate in cell `c` assumed: the digit leaves the
/// cell's peers, and a unit where it has one place left gets it there. The number of rounds
/// and the unit where the digit has no place left, if it comes to that, and the cells that
/// hold the digit at the end.
///
/// A round looks at the units without the digit in order, each as the round has left it;
/// a unit whose places did not change since it was last looked at cannot act and is
/// skipped.
fn digit_line(g: &Grid, c: usize, d: usize) -> (Option<(usize, usize)>, u128) {
    let mut places = g.pos[d] & !cell_bit(c) & !PEER_MASK[c];
    let mut placed = g.filled[d] | cell_bit(c);
    let mut open = ALL_UNITS & !units_of(placed);
    let mut dirty = open;
    let mut rounds = 0;
    loop {
        rounds += 1;
        let mut progress = false;
        let mut from = 0;
        loop {
            let rest = dirty & open & (ALL_UNITS << from);
            if rest == 0 {
                break;
            }
            let u = rest.trailing_zeros() as usize;
            dirty &= !(1 << u);
            from = u + 1;
            let m = places & UNIT_MASK[u];
            if m == 0 {
                return (Some((rounds, u)), placed);
            }
            if m & (m - 1) == 0 {
                let k = m.trailing_zeros() as usize;
                placed |= cell_bit(k);
                open &= !CELL_UNIT_BITS[k];
                let gone = places & (cell_bit(k) | PEER_MASK[k]);
                places &= !gone;
                dirty |= units_of(gone);
                progress = true;
            }
        }
        if !progress {
            return (None, placed);
        }
    }
}

/// [`nishio_of`] on every digit.
#[cfg(test)]
pub(crate) fn nishio(g: &Grid) -> Option<ChainFind> {
    nishio_of(g, crate::units::ALL_DIGITS)
}

/// Nishio forcing chains: a candidate whose digit, assumed there, is left with no place in a
/// unit by hidden singles of that digit alone goes. The shortest line (fewest rounds) wins,
/// the first in cell and digit order on a tie. On the candidates of the digits of `of` only
/// (bit `d` for digit `d + 1`): the same chain as on all digits when the others have none,
/// since a line reads its digit's places and filled cells alone.
pub(crate) fn nishio_of(g: &Grid, of: u16) -> Option<ChainFind> {
    let mut best: Option<(usize, usize, usize, usize)> = None;
    for c in 0..81 {
        let mut ds = g.cand[c] & of;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if let (Some((rounds, u)), _) = digit_line(g, c, d) {
                if best.is_none_or(|b| rounds < b.0) {
                    best = Some((rounds, c, d, u));
                }
            }
        }
    }
    let (_, c, d, u) = best?;
    let (_, placed) = digit_line(g, c, d);
    let mut f = ChainFind::empty();
    f.removed[c] = 1 << d;
    let mut m = (placed & !g.filled[d]) | (g.pos[d] & UNIT_MASK[u]);
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        f.pattern[k] |= 1 << d;
    }
    Some(f)
}

/// Marks where line `p` failed, as its base showed it ([`Prop::clash_site`]).
fn mark_clash(base: &Prop, p: &Prop, pattern: &mut [u16; 81]) {
    let (site, k) = p.clash_site(base);
    for &(cell, m) in &site[..k] {
        pattern[cell] |= m;
    }
}

/// The candidates of `base` that grid `g` has, as nodes (`cell * 9 + digit - 1`) in order.
fn nodes_of(g: &Grid, base: &Prop) -> Result<Vec<u16>, NoMemory> {
    let mut nodes: Vec<u16> = with_room(NODES)?;
    for c in 0..81 {
        for d in 0..9 {
            if has_cell(base.cand[d], c) && g.cand[c] >> d & 1 != 0 {
                nodes.push((c * 9 + d) as u16);
            }
        }
    }
    Ok(nodes)
}

/// How a line propagates beyond singles and locked candidates ([`Prop::run`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Depth {
    /// Naked and hidden pairs and X-Wings where those stop ([`plus`]).
    Plus,
    /// Forcing chains nested where those stop ([`run_nested`]).
    Nested,
}

/// Runs `p` to its end at `depth`.
fn run(p: &mut Prop, depth: Depth) -> Line {
    p.state = Line::Running;
    match depth {
        Depth::Plus => loop {
            if p.run() == Line::Contradiction {
                return Line::Contradiction;
            }
            if !plus(p) {
                p.state = Line::Stalled;
                return Line::Stalled;
            }
            p.state = Line::Running;
        },
        Depth::Nested => run_nested(p),
    }
}

/// Naked and hidden pairs in every unit, and X-Wings on every digit, applied to line `p`:
/// whether anything was removed.
fn plus(p: &mut Prop) -> bool {
    let mut progress = false;
    // The cells with two candidates, found again after every removal.
    let mut pairs = bivalue(p);
    for um in UNIT_MASK {
        // Naked pairs: two open cells of the unit with the same two candidates.
        let open = p.open & um;
        let mut a = open;
        while a != 0 {
            let c1 = a.trailing_zeros() as usize;
            a &= a - 1;
            if pairs >> c1 & 1 == 0 {
                continue;
            }
            let m = p.cand_of(c1);
            let mut b = a;
            while b != 0 {
                let c2 = b.trailing_zeros() as usize;
                b &= b - 1;
                if pairs >> c2 & 1 == 0 || p.cand_of(c2) != m {
                    continue;
                }
                let others = um & !(1u128 << c1) & !(1u128 << c2);
                for d in 0..9 {
                    if m >> d & 1 != 0 && p.cand[d] & others != 0 {
                        p.remove(d, others);
                        pairs = bivalue(p);
                        progress = true;
                    }
                }
            }
        }
        // Hidden pairs: two digits with the same two places in the unit.
        for d1 in 0..9 {
            let m = p.cand[d1] & um;
            if !m.is_pair() || p.placed[d1] & um != 0 {
                continue;
            }
            for d2 in d1 + 1..9 {
                if p.cand[d2] & um != m || p.placed[d2] & um != 0 {
                    continue;
                }
                for d in 0..9 {
                    if d != d1 && d != d2 && p.cand[d] & m != 0 {
                        p.remove(d, m);
                        pairs = bivalue(p);
                        progress = true;
                    }
                }
            }
        }
    }
    // X-Wings: a digit whose places in two rows (columns) are the same two columns (rows)
    // leaves the rest of those columns (rows).
    for d in 0..9 {
        for (lines, across) in [(0..9, 9..18), (9..18, 0..9)] {
            let lines: [usize; 9] = core::array::from_fn(|k| lines.start + k);
            for (i, &l1) in lines.iter().enumerate() {
                let m1 = p.cand[d] & UNIT_MASK[l1];
                if !m1.is_pair() {
                    continue;
                }
                let cross: u128 = across
                    .clone()
                    .filter(|&x| m1 & UNIT_MASK[x] != 0)
                    .fold(0, |acc, x| acc | UNIT_MASK[x]);
                for &l2 in &lines[i + 1..] {
                    let m2 = p.cand[d] & UNIT_MASK[l2];
                    if !m2.is_pair() || m2 & !cross != 0 {
                        continue;
                    }
                    let rm = p.cand[d] & cross & !UNIT_MASK[l1] & !UNIT_MASK[l2];
                    if rm != 0 {
                        p.remove(d, rm);
                        progress = true;
                    }
                }
            }
        }
    }
    progress
}

/// The open cells of line `p` with exactly two candidates.
fn bivalue(p: &Prop) -> u128 {
    let (mut ones, mut twos, mut more) = (0u128, 0u128, 0u128);
    for &m in &p.cand {
        more |= twos & m;
        twos |= ones & m;
        ones |= m;
    }
    twos & !more & p.open
}

/// Singles and locked candidates; where they stop, every candidate whose own line (singles
/// and locked candidates from it assumed) fails is removed, and the propagation goes on.
fn run_nested(p: &mut Prop) -> Line {
    loop {
        if p.run() == Line::Contradiction {
            return Line::Contradiction;
        }
        let mut removed = false;
        for d in 0..9 {
            let mut m = p.cand[d];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut q = *p;
                q.place(c, d);
                q.state = Line::Running;
                if q.run() == Line::Contradiction {
                    p.remove(d, cell_bit(c));
                    removed = true;
                }
            }
        }
        if !removed {
            p.state = Line::Stalled;
            return Line::Stalled;
        }
        p.state = Line::Running;
    }
}

/// The line of node `x` (`cell * 9 + digit - 1`) from `base`, assumed present (`on`) or
/// absent, run to its end at `depth`.
fn line(base: &Prop, x: usize, on: bool, depth: Depth) -> Prop {
    let (c, d) = (x / 9, x % 9);
    let mut p = *base;
    if on {
        p.place(c, d);
    } else {
        p.remove(d, cell_bit(c));
    }
    run(&mut p, depth);
    p
}

/// What the two lines of one candidate, present and absent, agree on that `g` and `base` do
/// not show: the first common placement, or else every common removal.
fn both_ways(g: &Grid, base: &Prop, on: &Prop, off: &Prop) -> Option<ChainFind> {
    let mut f = ChainFind::empty();
    for d in 0..9 {
        let m = on.placed[d] & off.placed[d] & !base.placed[d];
        if m != 0 {
            f.place = Some((m.trailing_zeros() as usize, d as u8 + 1));
            return Some(f);
        }
    }
    let mut any = false;
    for d in 0..9 {
        let mut m = g.pos[d] & !(on.cand[d] | on.placed[d]) & !(off.cand[d] | off.placed[d]);
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            f.removed[c] |= 1 << d;
            any = true;
        }
    }
    any.then_some(f)
}

/// The chains from each candidate of `g` present and absent at `depth`: a candidate whose
/// presence fails goes, then one whose absence fails is placed; then cell and unit forcing
/// over the lines of the candidates present; then what a candidate's presence and absence
/// agree on holds.
fn search(g: &Grid, depth: Depth) -> Result<Option<ChainFind>, NoMemory> {
    let mut base = Prop::of(g);
    if run(&mut base, depth) == Line::Contradiction {
        return Ok(None);
    }
    let nodes = nodes_of(g, &base)?;
    let mut ons: Vec<Prop> = with_room(nodes.len())?;
    for &x in &nodes {
        let x = usize::from(x);
        let p = line(&base, x, true, depth);
        if p.state == Line::Contradiction {
            let mut f = ChainFind::empty();
            f.removed[x / 9] = 1 << (x % 9);
            f.pattern[x / 9] |= 1 << (x % 9);
            p.mark(&base, &mut f.pattern);
            mark_clash(&base, &p, &mut f.pattern);
            return Ok(Some(f));
        }
        ons.push(p);
    }
    let mut offs: Vec<Prop> = with_room(nodes.len())?;
    for &x in &nodes {
        let x = usize::from(x);
        let p = line(&base, x, false, depth);
        if p.state == Line::Contradiction {
            let mut f = ChainFind::empty();
            f.place = Some((x / 9, (x % 9) as u8 + 1));
            f.pattern[x / 9] |= 1 << (x % 9);
            p.mark(&base, &mut f.pattern);
            mark_clash(&base, &p, &mut f.pattern);
            return Ok(Some(f));
        }
        offs.push(p);
    }
    if let Some((f, _)) = agree_stage(g, &base, &ons, &nodes, false)? {
        return Ok(Some(f));
    }
    for ((&x, on), off) in nodes.iter().zip(&ons).zip(&offs) {
        let x = usize::from(x);
        if let Some(mut f) = both_ways(g, &base, on, off) {
            f.pattern[x / 9] |= 1 << (x % 9);
            on.mark(&base, &mut f.pattern);
            off.mark(&base, &mut f.pattern);
            return Ok(Some(f));
        }
    }
    Ok(None)
}

/// Dynamic forcing chains: lines propagated by singles, locked candidates, naked and hidden
/// pairs and X-Wings, from each candidate present (a contradiction removes it) and absent (a
/// contradiction places it), then cell and unit forcing, then what a candidate's presence
/// and absence both lead to. The heap is fallible.
pub(crate) fn dynamic(g: &Grid) -> Result<Option<ChainFind>, NoMemory> {
    search(g, Depth::Plus)
}

/// Nested forcing chains: the lines of `forcing.rs` propagated with a forcing chain nested
/// where singles stop (see [`run_nested`]): contradictions of a
/// candidate present, then absent, then cell and unit forcing, then both ways. The heap is
/// fallible.
pub(crate) fn nested(g: &Grid) -> Result<Option<ChainFind>, NoMemory> {
    search(g, Depth::Nested)
}
