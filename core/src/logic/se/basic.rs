//! The rules of the Sudoku Explainer scale up to the XYZ-Wing and the quads: singles, the
//! "direct" rules that end in a hidden single, locked candidates, subsets, fish and wings.
//! Where a rule is the library's own technique, its search is the one of `logic/`.

use super::rule::SeRule;
use super::Found;
use crate::logic::grid::Grid;
use crate::logic::intersections::{box_columns, box_rows, confined, segments};
use crate::logic::singles::lone_digits;
use crate::logic::subsets::{each_hidden, each_naked};
use crate::logic::technique::Technique;
use crate::logic::{fish, wings};
use crate::units::{Bits, ALL_CELLS, CELL_UNITS, UNITS, UNIT_MASK};

/// The units in the order Sudoku Explainer scans them: blocks, rows, columns.
pub(crate) const SE_UNITS: [usize; 27] = {
    let mut order = [0usize; 27];
    let mut k = 0;
    while k < 27 {
        order[k] = if k < 9 { 18 + k } else { k - 9 };
        k += 1;
    }
    order
};

/// Whether unit `u` of [`UNITS`] is a block.
fn is_block(u: usize) -> bool {
    u >= 18
}

/// The first hidden single in blocks, then rows, then columns: 1.0 when it is the unit's
/// last open cell, else 1.2 in a block and 1.5 in a line.
pub(crate) fn hidden_single(g: &Grid) -> Option<Found> {
    let filled = g.filled.iter().fold(0u128, |m, &f| m | f);
    let open_cells = ALL_CELLS & !filled;
    for u in SE_UNITS {
        let open = open_cells & UNIT_MASK[u];
        if open.is_single() {
            let c = open.trailing_zeros() as usize;
            if g.cand[c].count_ones() == 1 {
                let d = g.cand[c].trailing_zeros() as u8 + 1;
                return Some(Found::placing(SeRule::LastValue, 10, c, d));
            }
        }
    }
    for u in SE_UNITS {
        let single = lone_digits(g, &UNITS[u]);
        if single != 0 {
            let d = single.trailing_zeros() as usize;
            let cell = (g.pos[d] & UNIT_MASK[u]).trailing_zeros() as usize;
            let open = (open_cells & UNIT_MASK[u]).count_ones();
            let (rule, rating) = match (open, is_block(u)) {
                (1, _) => (SeRule::LastValue, 10),
                (_, true) => (SeRule::HiddenSingle, 12),
                (_, false) => (SeRule::HiddenSingle, 15),
            };
            return Some(Found::placing(rule, rating, cell, d as u8 + 1));
        }
    }
    None
}

/// The first cell with a single candidate (2.3).
pub(crate) fn naked_single(g: &Grid) -> Option<Found> {
    (0..81)
        .find(|&c| g.digit[c] == 0 && g.cand[c].count_ones() == 1)
        .map(|c| {
            Found::placing(
                SeRule::NakedSingle,
                23,
                c,
                g.cand[c].trailing_zeros() as u8 + 1,
            )
        })
}

/// After removing `removed` from `g`, the first hidden single of digit bit `bit` in the
/// block of a cell that lost it (the "direct" rules place a single of their block).
fn single_after(g: &Grid, removed: &[u16; 81], bit: u16) -> Option<(usize, u8)> {
    let mut after = *g;
    for (c, &r) in removed.iter().enumerate() {
        if r != 0 {
            after.eliminate(c, r);
        }
    }
    for (c, &r) in removed.iter().enumerate() {
        if r & bit == 0 {
            continue;
        }
        {
            let u = CELL_UNITS[c][2];
            let places = after.cells_with(bit) & UNIT_MASK[usize::from(u)];
            if places.is_single() {
                let cell = places.trailing_zeros() as usize;
                return Some((cell, bit.trailing_zeros() as u8 + 1));
            }
        }
    }
    None
}

/// Locked candidates: pointing (a digit of a block in one of its rows or columns) and then
/// claiming (a digit of a line in one block). `direct`: only those whose removals leave
/// the digit one place in a unit, placing it there (1.7 and 1.9); else any that removes
/// something (2.6 and 2.8). Only the digits of `digits` (bit `d - 1` for digit `d`) are
/// looked at.
pub(crate) fn locking(g: &Grid, direct: bool, digits: u16) -> Option<Found> {
    first(|f| each_locking(g, direct, &[digits; 27], f))
}

/// The first conclusion an `each_*` search gives.
fn first(each: impl FnOnce(&mut dyn FnMut(Found, Basis) -> bool)) -> Option<Found> {
    let mut first = None;
    each(&mut |f, _| {
        first = Some(f);
        true
    });
    first
}

/// What a conclusion rests on where a nested chain applies it: the candidates `digits` of
/// the cells `cells` (Sudoku Explainer's "rule parents": of those, the ones the chain has
/// removed).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Basis {
    pub(crate) cells: u128,
    pub(crate) digits: u16,
}

impl Basis {
    /// Adds the candidates it names to `rests` (per cell, a mask of digits).
    pub(crate) fn mark(self, rests: &mut [u16; 81]) {
        let mut m = self.cells;
        while m != 0 {
            rests[m.trailing_zeros() as usize] |= self.digits;
            m &= m - 1;
        }
    }
}

/// Every locked candidate (pointing, then claiming) with what it rests on (the digit in
/// the rest of the unit it is confined in), in order, until `f` returns true: those that
/// rest on a digit of `units` in its unit (the block pointing, the line claiming).
pub(crate) fn each_locking(
    g: &Grid,
    direct: bool,
    units: &[u16; 27],
    f: &mut dyn FnMut(Found, Basis) -> bool,
) {
    let (pointing, claiming) = if direct {
        ((SeRule::DirectPointing, 17), (SeRule::DirectClaiming, 19))
    } else {
        ((SeRule::Pointing, 26), (SeRule::Claiming, 28))
    };
    // Pointing: block b, its rows (lines 0-8) and columns (9-17).
    for b in (0..9).filter(|&b| units[18 + b] != 0) {
        for (groups, first_line) in [(box_rows(b), b / 3 * 3), (box_columns(b), 9 + b % 3 * 3)] {
            let conf = confined(g, groups);
            for (k, &digits) in conf.iter().enumerate() {
                let line = first_line + k;
                let base = UNIT_MASK[18 + b];
                let digits = digits & units[18 + b];
                if locked(g, digits, &groups[k], (base, line), pointing, direct, f) {
                    return;
                }
            }
        }
    }
    // Claiming: line l (rows, then columns) and its three blocks.
    for (line, &base) in UNIT_MASK.iter().enumerate().take(18) {
        if units[line] == 0 {
            continue;
        }
        let groups = segments(line);
        let conf = confined(g, groups);
        for (k, &digits) in conf.iter().enumerate() {
            let b = crate::board::BOX[groups[k][0]] as usize;
            let digits = digits & units[line];
            if locked(g, digits, &groups[k], (base, 18 + b), claiming, direct, f) {
                return;
            }
        }
    }
}

/// Each digit of `digits` confined to `cells` of the unit of mask `base` that leaves the
/// rest of unit `other`, given to `f` until it returns true; whether it did.
fn locked(
    g: &Grid,
    digits: u16,
    cells: &[usize; 3],
    (base, other): (u128, usize),
    (rule, rating): (SeRule, i32),
    direct: bool,
    f: &mut dyn FnMut(Found, Basis) -> bool,
) -> bool {
    let inside = cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
    let mut ds = digits;
    while ds != 0 {
        let d = ds.trailing_zeros() as usize;
        let bit = 1u16 << d;
        ds &= ds - 1;
        let mut gone = g.pos[d] & UNIT_MASK[other] & !inside;
        if gone == 0 {
            continue;
        }
        let mut removed = [0u16; 81];
        while gone != 0 {
            removed[gone.trailing_zeros() as usize] = bit;
            gone &= gone - 1;
        }
        let basis = Basis {
            cells: base & !inside,
            digits: bit,
        };
        if direct {
            if let Some((cell, digit)) = single_after(g, &removed, bit) {
                if f(Found::placing(rule, rating, cell, digit), basis) {
                    return true;
                }
            }
        } else if f(Found::removing(rule, rating, removed), basis) {
            return true;
        }
    }
    false
}

/// A hidden pair (`size` 2) or triple (3) whose removals leave one of the removed digits a
/// single place in its unit, placing it there (2.0 and 2.5), in the units of `units` (bit
/// `u` for unit `u` of [`UNITS`]).
pub(crate) fn direct_hidden(g: &Grid, size: usize, units: u32) -> Option<Found> {
    let (rule, rating) = match size {
        2 => (SeRule::DirectHiddenPair, 20),
        _ => (SeRule::DirectHiddenTriplet, 25),
    };
    for u in SE_UNITS.into_iter().filter(|&u| units >> u & 1 != 0) {
        let unit = &UNITS[u];
        let found = each_hidden(&mut &*g, unit, size, &mut |g, cells, keep| {
            let mut after = **g;
            let mut lost = 0u16;
            for (k, &c) in unit.iter().enumerate() {
                if cells & (1 << k) != 0 {
                    let other = g.cand[c as usize] & !keep;
                    lost |= other;
                    after.eliminate(c as usize, other);
                }
            }
            let mut ds = lost;
            while ds != 0 {
                let d = ds.trailing_zeros();
                ds &= ds - 1;
                let places = after.pos[d as usize] & UNIT_MASK[u];
                if places.is_single() {
                    let cell = places.trailing_zeros() as usize;
                    return Some(Found::placing(rule, rating, cell, d as u8 + 1));
                }
            }
            None
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Naked subsets of `size` cells (3.0, 3.6, 5.0), in blocks, rows, columns, of the units
/// of `units` (bit `u` for unit `u` of [`UNITS`]).
pub(crate) fn naked_set(g: &Grid, size: usize, units: u32) -> Option<Found> {
    first(|f| each_naked_set(g, size, &digits_in(units), f))
}

/// Per unit of [`UNITS`], every digit where `units` has the unit, else none: the `units`
/// argument of the `each_` functions.
fn digits_in(units: u32) -> [u16; 27] {
    core::array::from_fn(|u| if units >> u & 1 != 0 { 0x1FF } else { 0 })
}

/// Every naked subset of `size` cells in the units where `units` names a digit, with what
/// it rests on (the set's cells' other candidates), in order, until `f` returns true.
pub(crate) fn each_naked_set(
    g: &Grid,
    size: usize,
    units: &[u16; 27],
    f: &mut dyn FnMut(Found, Basis) -> bool,
) {
    let (rule, rating) = match size {
        2 => (SeRule::NakedPair, 30),
        3 => (SeRule::NakedTriplet, 36),
        _ => (SeRule::NakedQuad, 50),
    };
    for u in SE_UNITS.into_iter().filter(|&u| units[u] != 0) {
        let unit = &UNITS[u];
        let found = each_naked(&mut &*g, unit, size, &mut |g, cells, union| {
            let mut removed = [0u16; 81];
            let mut any = false;
            for &c in unit {
                let c = c as usize;
                if !cells.contains(&c) && g.cand[c] & union != 0 {
                    removed[c] = g.cand[c] & union;
                    any = true;
                }
            }
            let basis = Basis {
                cells: cells.iter().fold(0u128, |m, &c| m | 1u128 << c),
                digits: 0x1FF & !union,
            };
            (any && f(Found::removing(rule, rating, removed), basis)).then_some(())
        });
        if found.is_some() {
            return;
        }
    }
}

/// Hidden subsets of `size` digits (3.4, 4.0, 5.4), in blocks, rows, columns, of the units
/// of `units` (bit `u` for unit `u` of [`UNITS`]).
pub(crate) fn hidden_set(g: &Grid, size: usize, units: u32) -> Option<Found> {
    first(|f| each_hidden_set(g, size, &digits_in(units), f))
}

/// Every hidden subset of `size` digits with what it rests on (the set's digits in the
/// unit's other cells), in order, until `f` returns true: those holding a digit `units`
/// names in their unit.
pub(crate) fn each_hidden_set(
    g: &Grid,
    size: usize,
    units: &[u16; 27],
    f: &mut dyn FnMut(Found, Basis) -> bool,
) {
    let (rule, rating) = match size {
        2 => (SeRule::HiddenPair, 34),
        3 => (SeRule::HiddenTriplet, 40),
        _ => (SeRule::HiddenQuad, 54),
    };
    for u in SE_UNITS.into_iter().filter(|&u| units[u] != 0) {
        let unit = &UNITS[u];
        let found = each_hidden(&mut &*g, unit, size, &mut |g, cells, keep| {
            if keep & units[u] == 0 {
                return None;
            }
            let mut removed = [0u16; 81];
            let mut any = false;
            let mut others = 0u128;
            for (k, &c) in unit.iter().enumerate() {
                let c = c as usize;
                if cells & (1 << k) == 0 {
                    others |= 1u128 << c;
                } else if g.cand[c] & !keep != 0 {
                    removed[c] = g.cand[c] & !keep;
                    any = true;
                }
            }
            let basis = Basis {
                cells: others,
                digits: keep,
            };
            (any && f(Found::removing(rule, rating, removed), basis)).then_some(())
        });
        if found.is_some() {
            return;
        }
    }
}

/// Basic fish of `size` lines (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2) of the digits of
/// `digits` (bit `d - 1` for digit `d`).
pub(crate) fn fish(g: &Grid, size: usize, digits: u16) -> Option<Found> {
    let (rule, rating, t) = fish_rule(size);
    fish::basic(g, size, t, digits).map(|s| Found::of_step(rule, rating, &s))
}

/// [`fish()`] with what its conclusion rests on: the digit in the base lines outside the
/// cover lines (the lines of the pattern that hold no removal are the base).
pub(crate) fn fish_with_basis(g: &Grid, size: usize, digits: u16) -> Option<(Found, Basis)> {
    let (rule, rating, t) = fish_rule(size);
    let s = fish::basic(g, size, t, digits)?;
    let digits = s.removed.iter().fold(0u16, |m, &r| m | r);
    let (mut rows, mut cols, mut removed_rows) = (0u128, 0u128, 0u128);
    for (c, units) in CELL_UNITS.iter().enumerate() {
        let (r, k) = (usize::from(units[0]), usize::from(units[1]));
        if s.pattern[c] != 0 {
            rows |= UNIT_MASK[r];
            cols |= UNIT_MASK[k];
        }
        if s.removed[c] != 0 {
            removed_rows |= UNIT_MASK[r];
        }
    }
    // Removals lie in the cover lines, outside the base lines.
    let (base, cover) = if removed_rows & rows == 0 {
        (rows, cols)
    } else {
        (cols, rows)
    };
    Some((
        Found::of_step(rule, rating, &s),
        Basis {
            cells: base & !cover,
            digits,
        },
    ))
}

/// The rule, rating and library technique of a basic fish of `size` lines.
fn fish_rule(size: usize) -> (SeRule, i32, Technique) {
    match size {
        2 => (SeRule::XWing, 32, Technique::XWing),
        3 => (SeRule::Swordfish, 38, Technique::Swordfish),
        _ => (SeRule::Jellyfish, 52, Technique::Jellyfish),
    }
}

/// XY-Wing (4.2) and XYZ-Wing (4.4).
pub(crate) fn wing(g: &Grid, xyz: bool) -> Option<Found> {
    if xyz {
        wings::xyz_wing(g).map(|s| Found::of_step(SeRule::XyzWing, 44, &s))
    } else {
        wings::xy_wing(g).map(|s| Found::of_step(SeRule::XyWing, 42, &s))
    }
}
