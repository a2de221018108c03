//! The solving techniques, in the fixed order of "simplest first" that hints follow.

use crate::difficulty::Difficulty;

/// A solving technique of the logical solver. The techniques are ordered by level, then by
/// difficulty within the level; a hint is the first technique in this order that makes
/// progress. Each has a stable code ([`Technique::code`]), the value the C library and the
/// other front doors use. Techniques compare in hint order (the order of
/// [`Technique::ALL`], [`Technique::None`] first), not by code.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Technique {
    /// No technique: the board is complete.
    None = 0,
    /// The last open cell of a row, column or box: place the missing digit.
    FullHouse = 1,
    /// An open cell has a single candidate: place it.
    NakedSingle = 2,
    /// A digit fits in a single cell of a row, column or box: place it there.
    HiddenSingle = 3,
    /// A digit's candidates in a box lie in one row (column): remove it from the rest of
    /// that row (column).
    Pointing = 4,
    /// A digit's candidates in a row (column) lie in one box: remove it from the rest of
    /// that box.
    Claiming = 5,
    /// Two cells of a unit hold only the same two candidates: remove those from the other
    /// cells of the unit.
    NakedPair = 6,
    /// Two digits of a unit fit only in the same two cells: remove every other candidate
    /// from those cells.
    HiddenPair = 7,
    /// Three cells of a unit hold only candidates among three digits: remove those from the
    /// other cells of the unit.
    NakedTriple = 8,
    /// Three digits of a unit fit only in the same three cells: remove every other
    /// candidate from those cells.
    HiddenTriple = 9,
    /// Four cells of a unit hold only candidates among four digits.
    NakedQuad = 10,
    /// Four digits of a unit fit only in the same four cells.
    HiddenQuad = 11,
    /// A digit fits in two rows only in the same two columns (or the reverse): remove it
    /// from the rest of those columns (rows).
    XWing = 12,
    /// Two rows (columns) each with exactly two places for a digit, one of them in a shared
    /// column (row): the digit leaves the cells that see both other ends.
    Skyscraper = 13,
    /// A row and a column each with exactly two places for a digit, one end of each in the
    /// same box: the digit leaves the cell that sees both other ends.
    TwoStringKite = 14,
    /// A pivot {x,y} that sees two pincers {x,z} and {y,z}: z leaves the cells that see
    /// both pincers.
    XyWing = 15,
    /// A pivot {x,y,z} that sees two pincers {x,z} and {y,z}: z leaves the cells that see
    /// all three.
    XyzWing = 16,
    /// Two cells {x,y} joined by a strong link on x: y leaves the cells that see both.
    WWing = 17,
    /// A digit fits in three rows only in the same three columns (or the reverse).
    Swordfish = 18,
    /// A digit fits in four rows only in the same four columns (or the reverse).
    Jellyfish = 19,
    /// An X-Wing with extra candidates (fins) in one box: the digit leaves the cells of the
    /// cover lines in that box.
    FinnedXWing = 20,
    /// A Swordfish with fins in one box.
    FinnedSwordfish = 21,
    /// A Jellyfish with fins in one box.
    FinnedJellyfish = 22,
    /// Unique rectangle type 1: three corners of a rectangle over two boxes hold only {a,b}:
    /// a and b leave the fourth corner (sound on a puzzle with one solution).
    UniqueRectangle1 = 23,
    /// Unique rectangle type 2: two corners hold only {a,b}, the two others {a,b,c}: c
    /// leaves the cells that see both of those (sound on a puzzle with one solution).
    UniqueRectangle2 = 24,
    /// Bivalue universal grave + 1: every open cell has two candidates but one with three;
    /// its digit that appears three times in its units goes there (sound on a puzzle with
    /// one solution).
    BugPlusOne = 25,
    /// A chain of one digit alternating strong and weak links (includes simple colouring).
    XChain = 26,
    /// A chain of bivalue cells.
    XyChain = 27,
    /// An alternating inference chain over several digits and cells.
    Aic = 28,
    /// An assumed candidate leads, by singles and locked candidates on every digit, to a
    /// contradiction: it goes.
    ForcingChain = 29,
    /// The solution's digit for one cell, where no technique of the library makes progress.
    BruteForce = 30,
    /// An assumed candidate leads, on its digit alone, to a unit where the digit has no
    /// place: it goes (Nishio).
    NishioForcingChain = 31,
    /// Every candidate of a cell leads by forcing chains to the same placement or removal.
    CellForcingChain = 32,
    /// Every place of a digit in a row, column or box leads by forcing chains to the same
    /// placement or removal.
    RegionForcingChain = 33,
    /// Chains from a candidate assumed absent: its removal leads to a contradiction (it is
    /// placed), or its presence and its absence lead to the same conclusion.
    DynamicForcingChain = 34,
    /// Forcing chains whose lines, where singles stop, remove every candidate that a
    /// forcing chain of its own refutes, and go on.
    NestedForcingChain = 35,
}

impl Technique {
    /// Every technique (not [`Technique::None`]), simplest first: the order of hints.
    pub const ALL: [Technique; 35] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::BugPlusOne,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::NishioForcingChain,
        Technique::ForcingChain,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicForcingChain,
        Technique::NestedForcingChain,
        Technique::BruteForce,
    ];

    /// The place of this technique in hint order: 0 for [`Technique::None`], then its
    /// place in [`Technique::ALL`] plus one.
    const fn rank(self) -> u8 {
        RANK[self as usize]
    }

    /// The technique with this code (0-35), if there is one.
    pub fn from_code(code: i32) -> Option<Technique> {
        if code == 0 {
            return Some(Technique::None);
        }
        Technique::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The stable integer code of this technique: 0 for [`Technique::None`], 1-30 in the
    /// order of [`Technique::ALL`] for the techniques up to [`Technique::BruteForce`], and
    /// 31-35 for the forcing chains added after it, which come before it in that order.
    pub const fn code(self) -> i32 {
        self as i32
    }

    /// The difficulty level this technique belongs to; `None` for [`Technique::None`].
    pub const fn level(self) -> Option<Difficulty> {
        use Technique as T;
        Some(match self {
            T::None => return None,
            T::FullHouse | T::NakedSingle | T::HiddenSingle => Difficulty::Easy,
            T::Pointing | T::Claiming => Difficulty::Medium,
            T::NakedPair | T::HiddenPair | T::NakedTriple | T::HiddenTriple => Difficulty::Hard,
            T::NakedQuad
            | T::HiddenQuad
            | T::XWing
            | T::Skyscraper
            | T::TwoStringKite
            | T::XyWing
            | T::XyzWing
            | T::WWing
            | T::Swordfish
            | T::Jellyfish
            | T::FinnedXWing
            | T::FinnedSwordfish
            | T::FinnedJellyfish
            | T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::BugPlusOne => Difficulty::Expert,
            T::XChain | T::XyChain | T::Aic => Difficulty::Master,
            T::NishioForcingChain
            | T::ForcingChain
            | T::CellForcingChain
            | T::RegionForcingChain
            | T::DynamicForcingChain
            | T::NestedForcingChain
            | T::BruteForce => Difficulty::Extreme,
        })
    }

    /// Whether the technique is sound only because the givens alone have one solution
    /// (unique rectangles and BUG+1: a pattern that would let two digits swap, or every
    /// cell bivalue, would give a second solution). [`hint`](crate::hint) leaves them out
    /// when the player's candidates, not the givens, make the solution unique (a
    /// pencil-mark puzzle).
    pub const fn rests_on_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1 | Technique::UniqueRectangle2 | Technique::BugPlusOne
        )
    }

    /// The name players know it by, such as "Hidden Single" or "X-Wing" ("None" for
    /// [`Technique::None`]).
    pub const fn name(self) -> &'static str {
        use Technique as T;
        match self {
            T::None => "None",
            T::FullHouse => "Full House",
            T::NakedSingle => "Naked Single",
            T::HiddenSingle => "Hidden Single",
            T::Pointing => "Pointing",
            T::Claiming => "Claiming",
            T::NakedPair => "Naked Pair",
            T::HiddenPair => "Hidden Pair",
            T::NakedTriple => "Naked Triple",
            T::HiddenTriple => "Hidden Triple",
            T::NakedQuad => "Naked Quad",
            T::HiddenQuad => "Hidden Quad",
            T::XWing => "X-Wing",
            T::Skyscraper => "Skyscraper",
            T::TwoStringKite => "2-String Kite",
            T::XyWing => "XY-Wing",
            T::XyzWing => "XYZ-Wing",
            T::WWing => "W-Wing",
            T::Swordfish => "Swordfish",
            T::Jellyfish => "Jellyfish",
            T::FinnedXWing => "Finned X-Wing",
            T::FinnedSwordfish => "Finned Swordfish",
            T::FinnedJellyfish => "Finned Jellyfish",
            T::UniqueRectangle1 => "Unique Rectangle Type 1",
            T::UniqueRectangle2 => "Unique Rectangle Type 2",
            T::BugPlusOne => "BUG+1",
            T::XChain => "X-Chain",
            T::XyChain => "XY-Chain",
            T::Aic => "AIC",
            T::ForcingChain => "Forcing Chain",
            T::BruteForce => "Brute Force",
            T::NishioForcingChain => "Nishio Forcing Chain",
            T::CellForcingChain => "Cell Forcing Chain",
            T::RegionForcingChain => "Region Forcing Chain",
            T::DynamicForcingChain => "Dynamic Forcing Chain",
            T::NestedForcingChain => "Nested Forcing Chain",
        }
    }

    /// Bit of this technique in a [`Techniques`] set.
    const fn bit(self) -> u64 {
        1 << self as u64
    }
}

/// [`Technique::rank`] by code, made from [`Technique::ALL`].
const RANK: [u8; Technique::ALL.len() + 1] = {
    let mut rank = [0u8; Technique::ALL.len() + 1];
    let mut k = 0;
    while k < Technique::ALL.len() {
        rank[Technique::ALL[k] as usize] = k as u8 + 1;
        k += 1;
    }
    rank
};

impl PartialOrd for Technique {
    fn partial_cmp(&self, other: &Technique) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Technique {
    fn cmp(&self, other: &Technique) -> core::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

/// A set of [`Technique`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Techniques(u64);

impl Techniques {
    /// No technique.
    pub(crate) const NONE: Techniques = Techniques(0);
    /// Full house, naked and hidden singles.
    #[cfg(test)]
    pub(crate) const SINGLES: Techniques = Techniques::up_to(Difficulty::Easy);

    /// The techniques of `level` and of every easier level.
    pub(crate) const fn up_to(level: Difficulty) -> Techniques {
        let mut bits = 0;
        let mut k = 0;
        while k < Technique::ALL.len() {
            let t = Technique::ALL[k];
            if let Some(l) = t.level() {
                if l as i32 <= level as i32 {
                    bits |= t.bit();
                }
            }
            k += 1;
        }
        Techniques(bits)
    }

    /// This set with `t` added.
    pub(crate) const fn with(self, t: Technique) -> Techniques {
        Techniques(self.0 | t.bit())
    }

    /// This set without `t`.
    #[cfg(test)]
    pub(crate) const fn without(self, t: Technique) -> Techniques {
        Techniques(self.0 & !t.bit())
    }

    /// Whether `t` is in the set.
    pub(crate) const fn contains(self, t: Technique) -> bool {
        self.0 & t.bit() != 0
    }

    /// The techniques of the set, simplest first.
    pub(crate) fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .into_iter()
            .filter(move |&t| self.contains(t))
    }

    /// The level of the hardest technique in the set, `None` for the empty set.
    pub(crate) fn hardest(self) -> Option<Difficulty> {
        self.iter().filter_map(Technique::level).max()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_levels_and_names() {
        let mut codes: Vec<i32> = Technique::ALL.iter().map(|t| t.code()).collect();
        for t in Technique::ALL {
            assert_eq!(Technique::from_code(t.code()), Some(t));
            assert!(!t.name().is_empty());
        }
        // The codes up to brute force keep the hint order; the later ones come before it.
        assert_eq!(&codes[..28], &(1..=28).collect::<Vec<_>>()[..]);
        assert_eq!(Technique::ALL[34], Technique::BruteForce);
        codes.sort_unstable();
        assert_eq!(codes, (1..=35).collect::<Vec<_>>());
        // Comparisons follow the hint order.
        for w in Technique::ALL.windows(2) {
            assert!(w[0] < w[1], "{:?} {:?}", w[0], w[1]);
        }
        assert!(Technique::None < Technique::FullHouse);
        for w in Technique::ALL.windows(2) {
            assert!(w[0].level() <= w[1].level(), "{:?} {:?}", w[0], w[1]);
        }
        assert_eq!(Technique::from_code(0), Some(Technique::None));
        for c in [-1, 36, i32::MIN, i32::MAX] {
            assert_eq!(Technique::from_code(c), None);
        }
        assert_eq!(Technique::HiddenSingle.name(), "Hidden Single");
        assert_eq!(Technique::XWing.name(), "X-Wing");
        assert_eq!(Technique::BruteForce.level(), Some(Difficulty::Extreme));
    }

    #[test]
    fn technique_sets() {
        assert_eq!(Techniques::SINGLES.iter().count(), 3);
        assert_eq!(Techniques::up_to(Difficulty::Medium).iter().count(), 5);
        assert_eq!(Techniques::up_to(Difficulty::Extreme).iter().count(), 35);
        assert_eq!(
            Techniques::up_to(Difficulty::Hard).hardest(),
            Some(Difficulty::Hard)
        );
        assert_eq!(Techniques::NONE.hardest(), None);
        let s = Techniques::SINGLES.with(Technique::Claiming);
        assert!(s.contains(Technique::Claiming) && !s.contains(Technique::Pointing));
        assert_eq!(s.without(Technique::Claiming), Techniques::SINGLES);
    }
}
