//! What a walk already knows of its searches: the parts of the grid where a technique found
//! nothing, so that its next search skips them.
//!
//! A walk's grid only loses candidates (a step removes candidates or fills a cell), and
//! each technique remembered here reads the grid in one of three ways:
//!
//! - **One digit at a time** (the fish, Skyscraper, 2-String Kite, X-chains, Nishio forcing
//!   chains): the search of a digit reads that digit's open places and filled cells alone,
//!   so it finds nothing again while both are as they were.
//! - **One unit at a time** (naked and hidden pairs, triples and quads): the same for the
//!   unit's nine masks.
//! - **Patterns of cells with few candidates** (bivalue cells for XY-Wing, XY-chains and
//!   unique rectangles of type 1, cells with two or three candidates for XYZ-Wing and
//!   unique rectangles of type 2, bivalue cells and the units where a digit has two places
//!   for W-Wing and AIC), removing from cells that can only have lost candidates since:
//!   while those cells are as they were, every pattern is one the search already tried and
//!   found nothing to remove with, so it finds nothing again. An AIC's nodes are
//!   candidates with a strong link (a bivalue cell's, or a digit's in a unit where it has
//!   two places), and every other candidate its search meets is a dead end: with the same
//!   strong links it meets the same nodes in the same order, and an end or loop that
//!   removed nothing removes nothing from fewer candidates. (A type 1 rectangle's fourth
//!   corner, the one cell it reads outside the pattern, found nothing because it had none
//!   of the pair's digits or nothing else; losing candidates keeps it so.)
//!
//! A search is then made only on the parts that changed since it last found nothing. The
//! searches return the first instance in a fixed order (the shortest X-chain or Nishio
//! line over all digits, the first in order among those), and the parts skipped hold
//! none: the walk takes exactly the steps it takes without the memo.

use super::grid::Grid;
use super::technique::Technique;
use crate::board::CELLS;
use crate::units::{Bits, ALL_CELLS, ALL_DIGITS, ALL_UNITS, UNITS, UNIT_MASK};

/// The parts of the grid a search looks at: digits (bit `d - 1` for digit `d`), units
/// (bit `u` for unit `u` of [`UNITS`]) and cells (bit `c`; read only by the Sudoku
/// Explainer walk's aligned pair exclusion). Searches that read none of these ways look
/// at everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scope {
    pub(crate) digits: u16,
    pub(crate) units: u32,
    pub(crate) cells: u128,
}

impl Scope {
    /// The whole grid.
    pub(crate) const ALL: Scope = Scope {
        digits: ALL_DIGITS,
        units: ALL_UNITS,
        cells: ALL_CELLS,
    };
}

/// How a technique reads the grid, with its slot in the memo.
enum Reads {
    /// One digit at a time.
    Digits(usize),
    /// One unit at a time.
    Units(usize),
    /// Patterns of bivalue cells.
    Bivalue(usize),
    /// Patterns of cells with two or three candidates.
    Small(usize),
    /// Patterns of bivalue cells and units where a digit has two places.
    BivalueAndBilocal(usize),
    /// The whole grid, in a way the memo does not follow.
    Everything,
}

fn reads(t: Technique) -> Reads {
    use Technique as T;
    match t {
        T::XWing => Reads::Digits(0),
        T::Skyscraper => Reads::Digits(1),
        T::TwoStringKite => Reads::Digits(2),
        T::Swordfish => Reads::Digits(3),
        T::Jellyfish => Reads::Digits(4),
        T::FinnedXWing => Reads::Digits(5),
        T::FinnedSwordfish => Reads::Digits(6),
        T::FinnedJellyfish => Reads::Digits(7),
        T::XChain => Reads::Digits(8),
        T::NishioForcingChain => Reads::Digits(9),
        T::NakedPair => Reads::Units(0),
        T::HiddenPair => Reads::Units(1),
        T::NakedTriple => Reads::Units(2),
        T::HiddenTriple => Reads::Units(3),
        T::NakedQuad => Reads::Units(4),
        T::HiddenQuad => Reads::Units(5),
        T::XyWing => Reads::Bivalue(0),
        T::XyChain => Reads::Bivalue(1),
        T::XyzWing => Reads::Small(0),
        T::UniqueRectangle1 => Reads::Bivalue(2),
        T::UniqueRectangle2 => Reads::Small(1),
        T::WWing => Reads::BivalueAndBilocal(0),
        T::Aic => Reads::BivalueAndBilocal(1),
        _ => Reads::Everything,
    }
}

const DIGIT_SLOTS: usize = 10;
const UNIT_SLOTS: usize = 6;
const BIVALUE_SLOTS: usize = 3;
const SMALL_SLOTS: usize = 2;
const BIVALUE_AND_BILOCAL_SLOTS: usize = 2;

/// A digit's open places and filled cells (bit `c` for cell `c`).
type DigitKey = (u128, u128);

/// What the searches of one grid read, computed once for all of them.
pub(crate) struct Keys {
    digit: [DigitKey; 9],
    /// Each open cell's candidates where it has exactly two, else 0.
    bivalue: [u16; CELLS],
    /// Each open cell's candidates where it has two or three, else 0.
    small: [u16; CELLS],
    /// Per digit, the units where it has exactly two open places.
    bilocal: [u32; 9],
    /// Each unit's nine masks.
    units: [[u16; 9]; 27],
}

impl Keys {
    pub(crate) fn of(g: &Grid) -> Keys {
        let digit: [DigitKey; 9] = core::array::from_fn(|d| (g.pos[d], g.filled[d]));
        let mut bivalue = [0u16; CELLS];
        let mut small = [0u16; CELLS];
        for c in 0..CELLS {
            let m = g.cand[c];
            match m.count_ones() {
                2 => {
                    bivalue[c] = m;
                    small[c] = m;
                }
                3 => small[c] = m,
                _ => {}
            }
        }
        let bilocal = core::array::from_fn(|d| {
            let mut units = 0;
            for (u, &mask) in UNIT_MASK.iter().enumerate() {
                if (digit[d].0 & mask).is_pair() {
                    units |= 1 << u;
                }
            }
            units
        });
        Keys {
            digit,
            bivalue,
            small,
            bilocal,
            units: core::array::from_fn(|u| core::array::from_fn(|k| g.cand[UNITS[u][k] as usize])),
        }
    }
}

/// Where each remembered technique last found nothing.
pub(crate) struct Memo {
    /// Per slot, the digits with a known key, and the key of each.
    digit_known: [u16; DIGIT_SLOTS],
    digit: [[DigitKey; 9]; DIGIT_SLOTS],
    /// Per slot, the units with known masks, and the masks of each.
    unit_known: [u32; UNIT_SLOTS],
    unit: [[[u16; 9]; 27]; UNIT_SLOTS],
    bivalue: [Option<[u16; CELLS]>; BIVALUE_SLOTS],
    small: [Option<[u16; CELLS]>; SMALL_SLOTS],
    bivalue_and_bilocal: [Option<([u16; CELLS], [u32; 9])>; BIVALUE_AND_BILOCAL_SLOTS],
}

impl Memo {
    /// A memo that knows nothing yet.
    pub(crate) fn new() -> Memo {
        Memo {
            digit_known: [0; DIGIT_SLOTS],
            digit: [[(0, 0); 9]; DIGIT_SLOTS],
            unit_known: [0; UNIT_SLOTS],
            unit: [[[0; 9]; 27]; UNIT_SLOTS],
            bivalue: [None; BIVALUE_SLOTS],
            small: [None; SMALL_SLOTS],
            bivalue_and_bilocal: [None; BIVALUE_AND_BILOCAL_SLOTS],
        }
    }

    /// Whether the searches of `t` are remembered (the others are always made in full).
    pub(crate) fn remembers(t: Technique) -> bool {
        !matches!(reads(t), Reads::Everything)
    }

    /// What the search of `t` on a grid whose keys are `keys` must look at; `None` when it
    /// is known to find nothing.
    pub(crate) fn scope(&self, t: Technique, keys: &Keys) -> Option<Scope> {
        match reads(t) {
            Reads::Digits(s) => {
                let mut digits = ALL_DIGITS;
                for d in 0..9 {
                    if self.digit_known[s] >> d & 1 != 0 && self.digit[s][d] == keys.digit[d] {
                        digits &= !(1 << d);
                    }
                }
                (digits != 0).then_some(Scope {
                    digits,
                    ..Scope::ALL
                })
            }
            Reads::Units(s) => {
                let mut units = ALL_UNITS;
                for u in 0..27 {
                    if self.unit_known[s] >> u & 1 != 0 && self.unit[s][u] == keys.units[u] {
                        units &= !(1 << u);
                    }
                }
                (units != 0).then_some(Scope {
                    units,
                    ..Scope::ALL
                })
            }
            Reads::Bivalue(s) => (self.bivalue[s] != Some(keys.bivalue)).then_some(Scope::ALL),
            Reads::Small(s) => (self.small[s] != Some(keys.small)).then_some(Scope::ALL),
            Reads::BivalueAndBilocal(s) => (self.bivalue_and_bilocal[s]
                != Some((keys.bivalue, keys.bilocal)))
            .then_some(Scope::ALL),
            Reads::Everything => Some(Scope::ALL),
        }
    }

    /// Notes that the search of `t` over `scope`, on a grid whose keys are `keys`, found
    /// nothing.
    pub(crate) fn found_nothing(&mut self, t: Technique, scope: Scope, keys: &Keys) {
        match reads(t) {
            Reads::Digits(s) => {
                for d in 0..9 {
                    if scope.digits >> d & 1 != 0 {
                        self.digit[s][d] = keys.digit[d];
                        self.digit_known[s] |= 1 << d;
                    }
                }
            }
            Reads::Units(s) => {
                for u in 0..27 {
                    if scope.units >> u & 1 != 0 {
                        self.unit[s][u] = keys.units[u];
                        self.unit_known[s] |= 1 << u;
                    }
                }
            }
            Reads::Bivalue(s) => self.bivalue[s] = Some(keys.bivalue),
            Reads::Small(s) => self.small[s] = Some(keys.small),
            Reads::BivalueAndBilocal(s) => {
                self.bivalue_and_bilocal[s] = Some((keys.bivalue, keys.bilocal));
            }
            Reads::Everything => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{apply, find, next_step};
    use super::*;
    use crate::difficulty::Difficulty;

    /// Along whole walks of generated puzzles of the levels the memo serves, every
    /// remembered technique is searched at every state both in full and as the memo has
    /// it: a skipped search must find nothing, and a narrowed one the same step.
    #[test]
    fn the_memo_skips_only_searches_that_find_nothing() {
        let remembered: Vec<Technique> = Technique::ALL
            .into_iter()
            .filter(|&t| Memo::remembers(t))
            .collect();
        assert_eq!(remembered.len(), 23);
        let (mut skipped, mut narrowed) = (0, 0);
        for level in [Difficulty::Expert, Difficulty::Master, Difficulty::Extreme] {
            for seed in 0..4 {
                let (puzzle, solution) = crate::generate(seed, level);
                let solution = solution.digits();
                let mut g = Grid::new(&puzzle);
                let mut memo = Memo::new();
                while !g.full() {
                    let keys = Keys::of(&g);
                    for &t in &remembered {
                        let full = find(&g, t, solution, Scope::ALL).expect("memory");
                        match memo.scope(t, &keys) {
                            None => {
                                assert_eq!(full, None, "{t:?} skipped on {puzzle}");
                                skipped += 1;
                            }
                            Some(scope) => {
                                let part = find(&g, t, solution, scope).expect("memory");
                                assert_eq!(part, full, "{t:?} narrowed on {puzzle}");
                                if scope != Scope::ALL {
                                    narrowed += 1;
                                }
                                if part.is_none() {
                                    memo.found_nothing(t, scope, &keys);
                                }
                            }
                        }
                    }
                    let step = next_step(&g, solution, Technique::FullHouse, None).expect("memory");
                    apply(&mut g, &step);
                }
            }
        }
        // The walks gave the memo something to skip and to narrow.
        assert!(skipped > 300 && narrowed > 1000, "{skipped} {narrowed}");
    }
}
