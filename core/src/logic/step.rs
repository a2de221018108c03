//! One step of the logical solver.

use super::technique::Technique;
use crate::board::CELLS;
use crate::difficulty::Difficulty;

/// One step of the logical solver: the technique, what it places or removes, and the
/// candidates that show why.
///
/// Candidate masks hold bit `d - 1` for digit `d`. A step places a digit, removes
/// candidates, or both (a forcing chain may place and remove).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The technique; [`Technique::None`] when the board is complete.
    pub technique: Technique,
    /// The cell (0-80) and digit (1-9) the step places, if it places one.
    pub placement: Option<(usize, u8)>,
    /// Per cell, the candidates the step removes.
    pub removed: [u16; CELLS],
    /// Per cell, the candidates that make up the pattern behind the step (a filled cell
    /// that belongs to the pattern is marked with its digit's bit).
    pub pattern: [u16; CELLS],
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
            technique: t,
            placement: None,
            removed: [0; CELLS],
            pattern: [0; CELLS],
        }
    }

    /// A step of technique `t` that places `digit` in `cell`.
    pub(crate) fn placing(t: Technique, cell: usize, digit: u8) -> Step {
        let mut s = Step::of(t);
        s.placement = Some((cell, digit));
        s
    }

    /// The level of the technique, `None` for [`Technique::None`].
    pub fn level(&self) -> Option<Difficulty> {
        self.technique.level()
    }

    /// The cells the step involves: its cell, the cells it removes candidates from and the
    /// cells of its pattern, in increasing order.
    pub fn cells(&self) -> Vec<usize> {
        let placed = self.placement.map(|(c, _)| c);
        (0..CELLS)
            .filter(|&c| Some(c) == placed || self.removed[c] != 0 || self.pattern[c] != 0)
            .collect()
    }
}
