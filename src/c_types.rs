//! The C types of the header beside the status enum: the difficulty and technique enums,
//! the step struct and the SE rating struct, laid out for C. cbindgen writes them into
//! `sudoku.h` from here; the core's own types ([`sudoku_core::Difficulty`],
//! [`sudoku_core::Technique`], [`sudoku_core::Step`], [`sudoku_core::SeRating`]) are what
//! the library computes with, and the conversions below are the only bridge between the
//! two.

use sudoku_core::CELLS;

/// How hard a puzzle is for a player: the level of the hardest technique in the walk that
/// applies the simplest step that makes progress (`sudoku_hint`) from the givens to the end.
/// Returned by `sudoku_rate` and asked of `sudoku_generate`.
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

    /// The C value of a core level (the same integer as [`sudoku_core::Difficulty::code`]).
    pub const fn of(level: sudoku_core::Difficulty) -> Difficulty {
        use sudoku_core::Difficulty as D;
        match level {
            D::Easy => Difficulty::Easy,
            D::Medium => Difficulty::Medium,
            D::Hard => Difficulty::Hard,
            D::Expert => Difficulty::Expert,
            D::Master => Difficulty::Master,
            D::Extreme => Difficulty::Extreme,
        }
    }
}

/// A solving technique of the logical solver, as C sees it (`SudokuTechnique`): the value
/// of `SudokuStep::technique`. A hint is the first technique that makes progress in the
/// hint order: the order of the values up to SUDOKU_TECHNIQUE_AIC (28) (by level, then by
/// difficulty within the level), then Nishio (31), forcing chains (29), cell (32), region
/// (33), dynamic (34) and nested (35) forcing chains, and brute force (30) last: values 31-35
/// came after brute force and keep their numbers.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
    /// place: it goes (Nishio). Tried before `SUDOKU_TECHNIQUE_FORCING_CHAIN`.
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
    /// forcing chain of its own refutes, and go on. The last technique before brute force.
    NestedForcingChain = 35,
}

impl Technique {
    /// Every value, NONE first, then the techniques simplest first.
    pub const ALL: [Technique; 36] = [
        Technique::None,
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

    /// The C value of a core technique (the same integer as [`sudoku_core::Technique::code`]).
    pub const fn of(t: sudoku_core::Technique) -> Technique {
        use sudoku_core::Technique as T;
        match t {
            T::None => Technique::None,
            T::FullHouse => Technique::FullHouse,
            T::NakedSingle => Technique::NakedSingle,
            T::HiddenSingle => Technique::HiddenSingle,
            T::Pointing => Technique::Pointing,
            T::Claiming => Technique::Claiming,
            T::NakedPair => Technique::NakedPair,
            T::HiddenPair => Technique::HiddenPair,
            T::NakedTriple => Technique::NakedTriple,
            T::HiddenTriple => Technique::HiddenTriple,
            T::NakedQuad => Technique::NakedQuad,
            T::HiddenQuad => Technique::HiddenQuad,
            T::XWing => Technique::XWing,
            T::Skyscraper => Technique::Skyscraper,
            T::TwoStringKite => Technique::TwoStringKite,
            T::XyWing => Technique::XyWing,
            T::XyzWing => Technique::XyzWing,
            T::WWing => Technique::WWing,
            T::Swordfish => Technique::Swordfish,
            T::Jellyfish => Technique::Jellyfish,
            T::FinnedXWing => Technique::FinnedXWing,
            T::FinnedSwordfish => Technique::FinnedSwordfish,
            T::FinnedJellyfish => Technique::FinnedJellyfish,
            T::UniqueRectangle1 => Technique::UniqueRectangle1,
            T::UniqueRectangle2 => Technique::UniqueRectangle2,
            T::BugPlusOne => Technique::BugPlusOne,
            T::XChain => Technique::XChain,
            T::XyChain => Technique::XyChain,
            T::Aic => Technique::Aic,
            T::ForcingChain => Technique::ForcingChain,
            T::BruteForce => Technique::BruteForce,
            T::NishioForcingChain => Technique::NishioForcingChain,
            T::CellForcingChain => Technique::CellForcingChain,
            T::RegionForcingChain => Technique::RegionForcingChain,
            T::DynamicForcingChain => Technique::DynamicForcingChain,
            T::NestedForcingChain => Technique::NestedForcingChain,
        }
    }
}
/// One step of the logical solver (`SudokuStep` in C): the technique, what it places or
/// removes, and the candidates that show why.
///
/// Candidate masks hold bit `d - 1` for digit `d`. A step either places a digit (`cell`
/// 0-80, `digit` 1-9) or only removes candidates (`cell` -1, `digit` 0); `removed` may be
/// non-empty in both cases (a forcing chain may place and remove).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// A `SudokuTechnique`; `SUDOKU_TECHNIQUE_NONE` (0) when the board is complete.
    pub technique: i32,
    /// The `SUDOKU_DIFFICULTY_*` level of that technique; 0 for NONE.
    pub difficulty: i32,
    /// 0-80: the cell the step fills; -1 when it only removes candidates.
    pub cell: i32,
    /// 1-9: the digit it places; 0 when it only removes candidates.
    pub digit: i32,
    /// Per cell, the candidates the step removes.
    pub removed: [u16; 81],
    /// Per cell, the candidates that make up the pattern behind the step (a filled cell
    /// that belongs to the pattern is marked with its digit's bit).
    pub pattern: [u16; 81],
}

impl Default for Step {
    /// The step of a complete board: SUDOKU_TECHNIQUE_NONE, nothing placed or removed.
    fn default() -> Step {
        Step::of(&sudoku_core::Step::default())
    }
}

impl Step {
    /// The C form of a core step.
    pub fn of(s: &sudoku_core::Step) -> Step {
        let (cell, digit) = match s.placement {
            // A core step's cell is below 81 and its digit at most 9: both fit an int.
            Some((cell, digit)) => (cell as i32, i32::from(digit)),
            None => (-1, 0),
        };
        Step {
            technique: Technique::of(s.technique) as i32,
            difficulty: s.level().map_or(0, |l| Difficulty::of(l) as i32),
            cell,
            digit,
            removed: s.removed,
            pattern: s.pattern,
        }
    }

    /// The technique, if `technique` holds a known value.
    pub fn technique(&self) -> Option<sudoku_core::Technique> {
        sudoku_core::Technique::from_code(self.technique)
    }

    /// The level of the technique, `None` for NONE or an unknown value.
    pub fn level(&self) -> Option<sudoku_core::Difficulty> {
        self.technique().and_then(sudoku_core::Technique::level)
    }

    /// The cell and digit the step places, if it places one (and they are in range).
    pub fn placement(&self) -> Option<(usize, u8)> {
        let cell = usize::try_from(self.cell).ok().filter(|&c| c < CELLS)?;
        let digit = u8::try_from(self.digit)
            .ok()
            .filter(|d| (1..=9).contains(d))?;
        Some((cell, digit))
    }

    /// The core step this C step asks to apply: its placement (`cell` -1 with `digit` 0
    /// for none) and its removals. `technique`, `difficulty` and `pattern` are not used
    /// when a step is applied, so they are not read. A cell or digit out of range is kept
    /// out of range (as `usize::MAX` or `u8::MAX`), for `sudoku_core::apply_step` to refuse
    /// it after it has checked the board, in the order the C contract gives.
    pub fn to_core(&self) -> sudoku_core::Step {
        let placement = match (self.cell, self.digit) {
            (-1, 0) => None,
            (cell, digit) => Some((
                usize::try_from(cell).unwrap_or(usize::MAX),
                u8::try_from(digit).unwrap_or(u8::MAX),
            )),
        };
        let mut s = sudoku_core::Step::of(sudoku_core::Technique::None);
        s.placement = placement;
        s.removed = self.removed;
        s
    }
}

const _: () = assert!(CELLS == 81);

/// Which given positions of a generated puzzle must go together (`SudokuSymmetry`): the
/// givens are a union of the orbits of the turns and mirrors named. The values are the
/// core's [`sudoku_core::symmetry::Symmetry`] codes.
#[repr(i32)]
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    None = 0,
    /// A half turn about the centre.
    Rotate_180 = 1,
    /// Quarter turns about the centre.
    Rotate_90 = 2,
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

impl Symmetry {
    /// Every symmetry, in code order.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotate_180,
        Symmetry::Rotate_90,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorBoth,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
    ];
}

/// What `sudoku_generate_with` must make (`SudokuGenerateOptions`). All zero (and a NULL
/// `pattern`) asks for any proper puzzle, minimal, with no symmetry.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateOptions {
    /// 1-6 (a `SudokuDifficulty`), or 0: any level.
    pub difficulty: i32,
    /// A `SudokuSymmetry`.
    pub symmetry: i32,
    /// The fewest givens; 0: no lower bound.
    pub min_givens: i32,
    /// The most givens; 0: no upper bound.
    pub max_givens: i32,
    /// NULL, or 81 bytes: the givens are exactly where a byte is not '.'.
    pub pattern: *const core::ffi::c_char,
    /// The lowest SE rating (the ER of `sudoku_rate_se`), in tenths, 0-200; 0: no lower
    /// bound.
    pub se_min: i32,
    /// The highest SE rating (ER), in tenths, 0-200; 0: no upper bound.
    pub se_max: i32,
    /// 0, or a `SudokuTechnique` the hint walk from the givens must use.
    pub technique: i32,
    /// The most tries; 0: the library's default bound (10,000).
    pub max_tries: u64,
}

/// Sudoku Explainer's ratings of a proper puzzle (`SudokuSeRating` in C), as serate
/// 1.2.1.3 gives them, each in tenths: 72 is 7.2. Written by `sudoku_rate_se`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeRating {
    /// ER, in tenths: the rating of the hardest step of the whole solution.
    pub er: i32,
    /// EP, in tenths: the hardest step up to and including the first that places a digit.
    pub ep: i32,
    /// ED, in tenths: the rating of the first step.
    pub ed: i32,
}

impl SeRating {
    /// The C form of the core's ratings (the same tenths).
    pub const fn of(r: sudoku_core::SeRating) -> SeRating {
        SeRating {
            er: r.er,
            ep: r.ep,
            ed: r.ed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_c_values_are_the_core_codes() {
        for t in sudoku_core::Technique::ALL
            .into_iter()
            .chain([sudoku_core::Technique::None])
        {
            assert_eq!(Technique::of(t) as i32, t.code(), "{t:?}");
        }
        let mut values: Vec<i32> = Technique::ALL.iter().map(|&t| t as i32).collect();
        assert_eq!(values.len(), sudoku_core::Technique::ALL.len() + 1);
        values.sort_unstable();
        assert_eq!(values, (0..=35).collect::<Vec<_>>());
        assert_eq!(Difficulty::ALL.map(|d| d as i32), [1, 2, 3, 4, 5, 6]);
        for (c, core) in Symmetry::ALL
            .iter()
            .zip(sudoku_core::symmetry::Symmetry::ALL)
        {
            assert_eq!(*c as i32, core.code(), "{core:?}");
        }
        for d in sudoku_core::Difficulty::ALL {
            assert_eq!(Difficulty::of(d) as i32, d.code(), "{d:?}");
        }
    }

    #[test]
    fn se_ratings_keep_their_tenths() {
        let core = sudoku_core::SeRating {
            er: 72,
            ep: 15,
            ed: 12,
        };
        let c = SeRating::of(core);
        assert_eq!((c.er, c.ep, c.ed), (72, 15, 12));
        assert_eq!(core::mem::size_of::<SeRating>(), 12);
    }

    #[test]
    fn steps_convert_both_ways() {
        let mut core = sudoku_core::Step::of(sudoku_core::Technique::XWing);
        core.removed[4] = 0b101;
        core.pattern[7] = 0b10;
        let c = Step::of(&core);
        assert_eq!((c.technique, c.difficulty, c.cell, c.digit), (12, 4, -1, 0));
        assert_eq!((c.removed, c.pattern), (core.removed, core.pattern));
        let back = c.to_core();
        assert_eq!((back.placement, back.removed), (None, core.removed));
        core.placement = Some((80, 9));
        assert_eq!((Step::of(&core).cell, Step::of(&core).digit), (80, 9));
        assert_eq!(Step::of(&core).to_core().placement, Some((80, 9)));
        for (cell, digit) in [(-1, 5), (3, 0), (81, 1), (-7, 2), (i32::MAX, i32::MIN)] {
            let c = Step {
                cell,
                digit,
                ..Step::of(&core)
            };
            let (k, d) = c.to_core().placement.expect("kept as a placement");
            assert!(k >= CELLS || !(1..=9).contains(&d), "({cell}, {digit})");
        }
    }
}
