//! Uniqueness rules of the Sudoku Explainer scale: unique rectangles and loops, and the
//! bivalue universal grave.

use super::Found;
use crate::logic::grid::Grid;

/// The easiest unique rectangle or loop.
pub(crate) fn unique_loops(_g: &Grid) -> Option<Found> {
    None
}

/// The bivalue universal grave.
pub(crate) fn bug(_g: &Grid) -> Option<Found> {
    None
}
