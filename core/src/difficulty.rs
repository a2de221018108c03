//! The difficulty levels that [`crate::rate`] returns and [`crate::generate()`] is asked for.

#![forbid(unsafe_code)]

/// How hard a puzzle is for a player: the level of the hardest technique in the walk that
/// applies the simplest step that makes progress ([`crate::hint`]) from the givens to the end.
/// Returned by [`crate::rate`] and asked of [`crate::generate()`].
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles (full house, naked and hidden singles) fill the grid.
    Easy = 1,
    /// Singles and locked candidates (pointing and claiming) fill the grid; singles alone
    /// do not.
    Medium = 2,
    /// Singles, locked candidates and naked and hidden pairs and triples fill the grid;
    /// the easier techniques alone do not.
    Hard = 3,
    /// The walk needs quads, fish (X-Wing, Swordfish, Jellyfish, finned), Skyscraper,
    /// 2-String Kite, wings (XY, XYZ, W), unique rectangles or BUG+1, and nothing harder.
    Expert = 4,
    /// The walk needs chains: X-chains, XY-chains or alternating inference chains, and
    /// nothing harder.
    Master = 5,
    /// The walk needs forcing chains, or the solution's digit (brute force) where no
    /// technique of the library makes progress.
    Extreme = 6,
}

impl Difficulty {
    /// Every level, from the easiest.
    pub const ALL: [Difficulty; 6] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Master,
        Difficulty::Extreme,
    ];

    /// The stable integer code of this level (1-6), the value the C library uses.
    pub const fn code(self) -> i32 {
        self as i32
    }

    /// The level with this code, if there is one.
    pub const fn from_code(code: i32) -> Option<Difficulty> {
        match code {
            1 => Some(Difficulty::Easy),
            2 => Some(Difficulty::Medium),
            3 => Some(Difficulty::Hard),
            4 => Some(Difficulty::Expert),
            5 => Some(Difficulty::Master),
            6 => Some(Difficulty::Extreme),
            _ => None,
        }
    }

    /// A lowercase name: `easy`, `medium`, `hard`, `expert`, `master`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Master => "master",
            Difficulty::Extreme => "extreme",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names() {
        let codes: Vec<i32> = Difficulty::ALL.iter().map(|d| d.code()).collect();
        assert_eq!(codes, [1, 2, 3, 4, 5, 6]);
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::from_code(d.code()), Some(d));
        }
        for c in [i32::MIN, -1, 0, 7, i32::MAX] {
            assert_eq!(Difficulty::from_code(c), None);
        }
        assert!(Difficulty::Easy < Difficulty::Expert && Difficulty::Master < Difficulty::Extreme);
        assert_eq!(Difficulty::Hard.name(), "hard");
        assert_eq!(Difficulty::Extreme.name(), "extreme");
    }
}
