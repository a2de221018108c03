//! Fish: X-Wing, Swordfish, Jellyfish and their finned forms; Skyscraper and 2-String
//! Kite (the two-strong-link turbot fish).

use super::grid::Grid;
use super::step::Step;
use super::technique::Technique;
use crate::board::BOX;
use crate::units::{Bits, ALL_DIGITS, PEER_MASK};

/// The digits (0-8) of mask `digits` (bit `d` for digit `d + 1`), in increasing order.
fn each_digit(digits: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |d| digits >> d & 1 != 0)
}

/// The cell at line `line`, position `pos`: row `line`, column `pos` when `by_rows`, else
/// column `line`, row `pos`.
fn at(by_rows: bool, line: usize, pos: usize) -> usize {
    if by_rows {
        line * 9 + pos
    } else {
        pos * 9 + line
    }
}

/// Per line (rows when `by_rows`, else columns), where digit bit `bit` is a candidate: bit
/// `p` for position `p` along the line.
fn line_masks(g: &Grid, bit: u16, by_rows: bool) -> [u16; 9] {
    core::array::from_fn(|line| {
        let mut m = 0;
        for pos in 0..9 {
            if g.cand[at(by_rows, line, pos)] & bit != 0 {
                m |= 1 << pos;
            }
        }
        m
    })
}

/// The lines (bit `l` for line `l`) whose mask in `m` is not empty and has at most `most`
/// positions, as a list.
fn lines_with(m: &[u16; 9], most: u32) -> ([usize; 9], usize) {
    let mut lines = [0usize; 9];
    let mut n = 0;
    for (l, &mask) in m.iter().enumerate() {
        if mask != 0 && mask.count_ones() <= most {
            lines[n] = l;
            n += 1;
        }
    }
    (lines, n)
}

/// The positions of the lines in `m` that are not in `base` (a set of lines, bit `l` for
/// line `l`) and that `keep` lets through (bit `l`), masked by `positions`.
fn outside(m: &[u16; 9], base: u16, keep: u16, positions: u16) -> u16 {
    let mut r = 0;
    for (l, &mask) in m.iter().enumerate() {
        if (base | !keep) & (1 << l) == 0 {
            r |= mask;
        }
    }
    r & positions
}

/// Calls `f` with every `size`-combination of `lines` (in lexicographic order, as
/// [`super::subsets::combinations`] gives them) whose masks in `m` together make a union
/// that `fits`, until it returns `Some`. `fits` must reject every superset of a union it
/// rejects: a prefix whose union does not fit is not extended, since no combination that
/// starts with it could be passed on.
fn bases(
    lines: &[usize],
    m: &[u16; 9],
    size: usize,
    fits: impl Fn(u16, usize) -> bool,
    f: &mut impl FnMut(&[usize]) -> Option<Step>,
) -> Option<Step> {
    /// The search's fixed inputs.
    struct Bases<'a, F> {
        lines: &'a [usize],
        m: &'a [u16; 9],
        size: usize,
        fits: F,
    }
    impl<F: Fn(u16, usize) -> bool> Bases<'_, F> {
        /// The combinations that extend `chosen[..k]` (whose masks make `union`) with
        /// lines from position `start` on.
        fn go(
            &self,
            start: usize,
            union: u16,
            chosen: &mut [usize; 4],
            k: usize,
            f: &mut impl FnMut(&[usize]) -> Option<Step>,
        ) -> Option<Step> {
            if k == self.size {
                return f(&chosen[..k]);
            }
            for i in start..self.lines.len() {
                if self.lines.len() - i < self.size - k {
                    break;
                }
                let u = union | self.m[self.lines[i]];
                if !(self.fits)(u, self.size) {
                    continue;
                }
                chosen[k] = self.lines[i];
                let r = self.go(i + 1, u, chosen, k + 1, f);
                if r.is_some() {
                    return r;
                }
            }
            None
        }
    }
    if size == 0 || size > 4 {
        return None;
    }
    let b = Bases {
        lines,
        m,
        size,
        fits,
    };
    b.go(0, 0, &mut [0; 4], 0, f)
}

/// Whether base lines whose positions make `union` may be a basic fish of `size` lines:
/// at most `size` cover lines.
fn basic_fits(union: u16, size: usize) -> bool {
    union.count_ones() as usize <= size
}

/// Whether base lines whose positions make `union` may be a finned fish of `size` lines
/// that removes something: at most `size` + 3 positions, and fewer than `size` outside one
/// group of three (a box's positions along the lines), where the fins are. The positions
/// outside the group are cover lines, and a cover line inside the group is needed for a
/// removal (the digit leaves cover lines in the fins' box only).
fn finned_fits(union: u16, size: usize) -> bool {
    union.count_ones() as usize <= size + 3
        && (0..3).any(|g| (union & !(0b111u16 << (3 * g))).count_ones() < size as u32)
}

/// A basic fish of `size` lines: for each digit of `digits` (rows as base, then columns),
/// `size` base lines whose candidates lie in `size` cover lines; the digit leaves the cover
/// lines' other cells.
pub(crate) fn basic(g: &Grid, size: usize, t: Technique, digits: u16) -> Option<Step> {
    for d in each_digit(digits) {
        let bit = 1u16 << d;
        for by_rows in [true, false] {
            let m = line_masks(g, bit, by_rows);
            let (lines, n) = lines_with(&m, size as u32);
            let found = bases(&lines[..n], &m, size, basic_fits, &mut |base| {
                let cover = base.iter().fold(0u16, |a, &l| a | m[l]);
                if cover.count_ones() as usize != size {
                    return None;
                }
                let base_set = base.iter().fold(0u16, |a, &l| a | 1 << l);
                if outside(&m, base_set, ALL_DIGITS, cover) == 0 {
                    return None;
                }
                let mut s = Step::of(t);
                for line in 0..9 {
                    for pos in (0..9).filter(|p| cover & (1 << p) != 0) {
                        let c = at(by_rows, line, pos);
                        if g.cand[c] & bit == 0 {
                            continue;
                        }
                        if base.contains(&line) {
                            s.pattern[c] = bit;
                        } else {
                            s.removed[c] = bit;
                        }
                    }
                }
                Some(s)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// A finned fish of `size` lines: `size` base lines whose candidates lie in `size` cover
/// lines except for fins, all in one box; the digit leaves the cells of the cover lines in
/// that box outside the base lines (either a fin is the digit, or the plain fish holds).
/// Digits of `digits` only.
pub(crate) fn finned(g: &Grid, size: usize, t: Technique, digits: u16) -> Option<Step> {
    for d in each_digit(digits) {
        let bit = 1u16 << d;
        for by_rows in [true, false] {
            let m = line_masks(g, bit, by_rows);
            let (lines, n) = lines_with(&m, size as u32 + 3);
            let found = bases(&lines[..n], &m, size, finned_fits, &mut |base| {
                let union = base.iter().fold(0u16, |a, &l| a | m[l]);
                let n = union.count_ones() as usize;
                if n <= size || n > size + 3 {
                    return None;
                }
                for group in 0..3 {
                    let group_bits = 0b111u16 << (3 * group);
                    // Every position outside the group must be a cover line, and one
                    // cover line must be in the group for a removal.
                    if (union & !group_bits).count_ones() as usize >= size {
                        continue;
                    }
                    let in_group = union & group_bits;
                    // The fins: every subset of the group's positions of the right size
                    // (submasks of `in_group`, in increasing order).
                    let mut fin_mask: u16 = 0;
                    loop {
                        fin_mask = fin_mask.wrapping_sub(in_group) & in_group;
                        if fin_mask == 0 {
                            break;
                        }
                        if fin_mask.count_ones() as usize != n - size {
                            continue;
                        }
                        if !finned_removes(&m, base, union, fin_mask, group_bits) {
                            continue;
                        }
                        if let Some(s) = finned_with(g, t, bit, by_rows, base, union, fin_mask) {
                            return Some(s);
                        }
                    }
                }
                None
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Whether the finned fish of `base` lines with fins at positions `fin_mask` (within the
/// positions `group_bits` of one box column or row; the rest of `union` covers) has its
/// fins in one box and removes something: the line masks alone tell what
/// [`finned_with`] finds. A fin cell's box is that of its line's band and the group, so
/// the fins share a box when their lines share a band; the digit then leaves the other
/// lines of that band at the cover positions of the group.
fn finned_removes(
    m: &[u16; 9],
    base: &[usize],
    union: u16,
    fin_mask: u16,
    group_bits: u16,
) -> bool {
    let mut band = None;
    for &l in base {
        if m[l] & fin_mask != 0 {
            if band.is_some_and(|b| b != l / 3) {
                return false;
            }
            band = Some(l / 3);
        }
    }
    let Some(band) = band else {
        return false;
    };
    let base_set = base.iter().fold(0u16, |a, &l| a | 1 << l);
    outside(
        m,
        base_set,
        0b111 << (3 * band),
        union & !fin_mask & group_bits,
    ) != 0
}

/// The finned fish of `base` lines with fins at positions `fin_mask` (the rest of `union`
/// covers): the step, when its fins share one box and something goes.
fn finned_with(
    g: &Grid,
    t: Technique,
    bit: u16,
    by_rows: bool,
    base: &[usize],
    union: u16,
    fin_mask: u16,
) -> Option<Step> {
    let cover = union & !fin_mask;
    // The fin cells, which must share one box.
    let mut fin_box = None;
    for &l in base {
        for p in (0..9).filter(|p| fin_mask & (1 << p) != 0) {
            let c = at(by_rows, l, p);
            if g.cand[c] & bit != 0 {
                let b = BOX[c];
                if fin_box.is_some_and(|fb| fb != b) {
                    return None;
                }
                fin_box = Some(b);
            }
        }
    }
    let fin_box = fin_box?;
    let mut s = Step::of(t);
    let mut removes = false;
    for line in (0..9).filter(|l| !base.contains(l)) {
        for pos in (0..9).filter(|p| cover & (1 << p) != 0) {
            let c = at(by_rows, line, pos);
            if BOX[c] == fin_box && g.cand[c] & bit != 0 {
                s.removed[c] = bit;
                removes = true;
            }
        }
    }
    if !removes {
        return None;
    }
    for &l in base {
        for pos in 0..9 {
            let c = at(by_rows, l, pos);
            if g.cand[c] & bit != 0 {
                s.pattern[c] = bit;
            }
        }
    }
    Some(s)
}

/// The step that removes digit bit `bit` from every cell (but `ends`) that sees both
/// `ends`, with `pattern` cells marked; `None` when nothing goes. `with_bit`: the cells that
/// have the digit ([`Grid::cells_with`]).
fn sees_both(
    t: Technique,
    bit: u16,
    with_bit: u128,
    ends: [usize; 2],
    pattern: &[usize],
) -> Option<Step> {
    // A cell sees another when it is one of its peers (never itself).
    let mut m = with_bit & PEER_MASK[ends[0]] & PEER_MASK[ends[1]];
    if m == 0 {
        return None;
    }
    let mut s = Step::of(t);
    while m != 0 {
        s.removed[m.trailing_zeros() as usize] = bit;
        m &= m - 1;
    }
    for &c in pattern {
        s.pattern[c] = bit;
    }
    Some(s)
}

/// Two rows (then columns) with exactly two places for a digit, one end of each in the
/// same column (row), the other ends in different ones: the digit leaves the cells that
/// see both other ends. Digits of `digits` only.
pub(crate) fn skyscraper(g: &Grid, digits: u16) -> Option<Step> {
    for d in each_digit(digits) {
        let bit = 1u16 << d;
        let with_bit = g.cells_with(bit);
        for by_rows in [true, false] {
            let m = line_masks(g, bit, by_rows);
            for l1 in 0..9 {
                if !m[l1].is_pair() {
                    continue;
                }
                for l2 in l1 + 1..9 {
                    if !m[l2].is_pair() || !(m[l1] & m[l2]).is_single() {
                        continue;
                    }
                    let shared = (m[l1] & m[l2]).trailing_zeros() as usize;
                    let e1 = (m[l1] & !m[l2]).trailing_zeros() as usize;
                    let e2 = (m[l2] & !m[l1]).trailing_zeros() as usize;
                    let ends = [at(by_rows, l1, e1), at(by_rows, l2, e2)];
                    let cells = [
                        ends[0],
                        ends[1],
                        at(by_rows, l1, shared),
                        at(by_rows, l2, shared),
                    ];
                    if let Some(s) = sees_both(Technique::Skyscraper, bit, with_bit, ends, &cells) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

/// The two positions of a mask with two bits, lower first.
fn ends_of(m: u16) -> [usize; 2] {
    [m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize]
}

/// A row and a column with exactly two places for a digit, sharing no cell, one end of
/// each in the same box: the digit leaves the cells that see both other ends. Digits of
/// `digits` only.
// Cells, lines and units are numbers that index several tables at once.
#[allow(clippy::needless_range_loop)]
pub(crate) fn two_string_kite(g: &Grid, digits: u16) -> Option<Step> {
    for d in each_digit(digits) {
        let bit = 1u16 << d;
        let rows = line_masks(g, bit, true);
        let cols = line_masks(g, bit, false);
        let with_bit = g.cells_with(bit);
        for r in 0..9 {
            if !rows[r].is_pair() {
                continue;
            }
            let rc = ends_of(rows[r]).map(|p| r * 9 + p);
            for c in 0..9 {
                if !cols[c].is_pair() {
                    continue;
                }
                let cc = ends_of(cols[c]).map(|p| p * 9 + c);
                if rc.iter().any(|x| cc.contains(x)) {
                    continue;
                }
                for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if BOX[rc[i]] != BOX[cc[j]] {
                        continue;
                    }
                    let ends = [rc[1 - i], cc[1 - j]];
                    let cells = [rc[0], rc[1], cc[0], cc[1]];
                    if let Some(s) =
                        sees_both(Technique::TwoStringKite, bit, with_bit, ends, &cells)
                    {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}
