//! The symmetries a generated puzzle's givens may be asked to have.
//!
//! Each symmetry is a group of maps of the 81 cells onto themselves (turns and mirrors of
//! the square). Its orbits are the sets of cells the maps carry each cell to; a set of
//! givens is invariant under the symmetry exactly when it is a union of orbits.

#![forbid(unsafe_code)]

use crate::board::CELLS;

/// A set of cells, bit `i` for cell `i`.
pub type Cells = u128;

/// Which given positions must go together (the C `SudokuSymmetry`).
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    None = 0,
    /// A half turn about the centre.
    Rotate180 = 1,
    /// Quarter turns about the centre.
    Rotate90 = 2,
    /// The mirror that swaps left and right.
    MirrorLeftRight = 3,
    /// The mirror that swaps top and bottom.
    MirrorTopBottom = 4,
    /// Both mirrors (and so the half turn).
    MirrorBoth = 5,
    /// The mirror about the main diagonal (top left to bottom right).
    Diagonal = 6,
    /// The mirror about the anti-diagonal (top right to bottom left).
    Antidiagonal = 7,
    /// Both diagonal mirrors (and so the half turn).
    BothDiagonals = 8,
    /// Every turn and mirror of the square (eight maps).
    Dihedral = 9,
}

/// A map of cells: `(row, column) -> (row, column)`.
type Map = fn(usize, usize) -> (usize, usize);

const fn rot90(r: usize, c: usize) -> (usize, usize) {
    (c, 8 - r)
}
const fn rot180(r: usize, c: usize) -> (usize, usize) {
    (8 - r, 8 - c)
}
const fn left_right(r: usize, c: usize) -> (usize, usize) {
    (r, 8 - c)
}
const fn top_bottom(r: usize, c: usize) -> (usize, usize) {
    (8 - r, c)
}
const fn diagonal(r: usize, c: usize) -> (usize, usize) {
    (c, r)
}
const fn antidiagonal(r: usize, c: usize) -> (usize, usize) {
    (8 - c, 8 - r)
}

impl Symmetry {
    /// Every symmetry, in code order.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorBoth,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
    ];

    /// The integer code of this symmetry, as C sees it (0-9).
    pub const fn code(self) -> i32 {
        self as i32
    }

    /// The symmetry with this code, if there is one.
    pub fn from_code(code: i32) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.code() == code)
    }

    /// A lowercase name, such as `rotate180` or `mirror-left-right`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::MirrorLeftRight => "mirror-left-right",
            Symmetry::MirrorTopBottom => "mirror-top-bottom",
            Symmetry::MirrorBoth => "mirror-both",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// Maps that generate the group.
    fn generators(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[rot180],
            Symmetry::Rotate90 => &[rot90],
            Symmetry::MirrorLeftRight => &[left_right],
            Symmetry::MirrorTopBottom => &[top_bottom],
            Symmetry::MirrorBoth => &[left_right, top_bottom],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::Antidiagonal => &[antidiagonal],
            Symmetry::BothDiagonals => &[diagonal, antidiagonal],
            Symmetry::Dihedral => &[rot90, diagonal],
        }
    }

    /// The orbit of each cell: the cells the symmetry carries it to, itself included.
    pub fn orbit_of_each(self) -> [Cells; CELLS] {
        let mut orbit = [0 as Cells; CELLS];
        for (i, o) in orbit.iter_mut().enumerate() {
            // Closure under the generators; the groups have at most eight maps.
            let mut set: Cells = 1 << i;
            loop {
                let mut grown = set;
                let mut rest = set;
                while rest != 0 {
                    let j = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    for g in self.generators() {
                        let (r, c) = g(j / 9, j % 9);
                        grown |= 1 << (r * 9 + c);
                    }
                }
                if grown == set {
                    break;
                }
                set = grown;
            }
            *o = set;
        }
        orbit
    }

    /// The orbits, each once, ordered by their first cell; `orbits.1` of them are used.
    pub fn orbits(self) -> ([Cells; CELLS], usize) {
        let each = self.orbit_of_each();
        let mut out = [0 as Cells; CELLS];
        let mut n = 0;
        for (i, &o) in each.iter().enumerate() {
            if o.trailing_zeros() as usize == i {
                out[n] = o;
                n += 1;
            }
        }
        (out, n)
    }

    /// Whether the set of cells `cells` is a union of orbits.
    pub fn keeps(self, cells: Cells) -> bool {
        let each = self.orbit_of_each();
        (0..CELLS).all(|i| cells & (1 << i) == 0 || each[i] & !cells == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells_with_the_right_sizes() {
        let expected = [
            (Symmetry::None, 81),
            (Symmetry::Rotate180, 41),
            (Symmetry::Rotate90, 21),
            (Symmetry::MirrorLeftRight, 45),
            (Symmetry::MirrorTopBottom, 45),
            (Symmetry::MirrorBoth, 25),
            (Symmetry::Diagonal, 45),
            (Symmetry::Antidiagonal, 45),
            (Symmetry::BothDiagonals, 25),
            (Symmetry::Dihedral, 15),
        ];
        for (s, count) in expected {
            let (orbits, n) = s.orbits();
            assert_eq!(n, count, "{s:?}");
            let mut union: Cells = 0;
            for &o in &orbits[..n] {
                assert_eq!(union & o, 0, "{s:?}: orbits overlap");
                union |= o;
                assert!(s.keeps(o));
            }
            assert_eq!(union, (1 << CELLS) - 1);
        }
    }

    #[test]
    fn each_map_of_a_group_keeps_its_orbits() {
        let maps: [(Symmetry, &[Map]); 4] = [
            (Symmetry::Rotate90, &[rot90, rot180]),
            (Symmetry::MirrorBoth, &[left_right, top_bottom, rot180]),
            (Symmetry::BothDiagonals, &[diagonal, antidiagonal, rot180]),
            (
                Symmetry::Dihedral,
                &[
                    rot90,
                    rot180,
                    left_right,
                    top_bottom,
                    diagonal,
                    antidiagonal,
                ],
            ),
        ];
        for (s, ms) in maps {
            let each = s.orbit_of_each();
            for (i, orbit) in each.iter().enumerate() {
                for m in ms {
                    let (r, c) = m(i / 9, i % 9);
                    assert_ne!(orbit & (1 << (r * 9 + c)), 0, "{s:?} {i}");
                }
            }
        }
        assert!(!Symmetry::Rotate180.keeps(1));
        assert!(Symmetry::Rotate180.keeps(1 | 1 << 80));
        assert!(!Symmetry::Rotate90.keeps(1 | 1 << 80));
        assert!(Symmetry::None.keeps(1));
    }

    #[test]
    fn codes_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(Symmetry::from_code(s.code()), Some(s));
        }
        for c in [-1, 10, i32::MAX] {
            assert_eq!(Symmetry::from_code(c), None);
        }
    }
}
