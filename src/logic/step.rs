//! One step of the logical solver, laid out for C (`SudokuStep`).

use super::technique::Technique;
use crate::board::CELLS;
use crate::difficulty::Difficulty;

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
    fn default() -> Step {
        Step::of(Technique::None)
    }
}

impl Step {
    /// An empty step of technique `t`: nothing placed, nothing removed, no pattern.
    pub const fn of(t: Technique) -> Step {
        Step {
            technique: t.code(),
            difficulty: match t.level() {
                Some(level) => level.code(),
                None => 0,
            },
            cell: -1,
            digit: 0,
            removed: [0; CELLS],
            pattern: [0; CELLS],
        }
    }

    /// A step of technique `t` that places `digit` in `cell`.
    pub(crate) fn placing(t: Technique, cell: usize, digit: u8) -> Step {
        let mut s = Step::of(t);
        s.cell = cell as i32;
        s.digit = i32::from(digit);
        s
    }

    /// The technique, if `technique` holds a known value.
    pub fn technique(&self) -> Option<Technique> {
        Technique::from_code(self.technique)
    }

    /// The level of the technique, `None` for NONE or an unknown value.
    pub fn level(&self) -> Option<Difficulty> {
        self.technique().and_then(Technique::level)
    }

    /// The cell and digit the step places, if it places one (and they are in range).
    pub fn placement(&self) -> Option<(usize, u8)> {
        let cell = usize::try_from(self.cell).ok().filter(|&c| c < CELLS)?;
        let digit = u8::try_from(self.digit)
            .ok()
            .filter(|d| (1..=9).contains(d))?;
        Some((cell, digit))
    }

    /// The cells the step involves: its cell, the cells it removes candidates from and the
    /// cells of its pattern, in increasing order.
    pub fn cells(&self) -> Vec<usize> {
        let placed = self.placement().map(|(c, _)| c);
        (0..CELLS)
            .filter(|&c| Some(c) == placed || self.removed[c] != 0 || self.pattern[c] != 0)
            .collect()
    }
}
