//! Aligned pair and triplet exclusion.

use super::Found;
use crate::logic::grid::Grid;

/// Aligned pair exclusion (6.2).
pub(crate) fn aligned_pair(_g: &Grid) -> Option<Found> {
    None
}
