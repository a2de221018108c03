//! The solving engines and the choice between them.
//!
//! Every engine answers the same question, "count the solutions of this board up to a
//! limit, and give me the first one you find", for boards whose givens do not clash.

pub mod reference;
mod singles;

use crate::board::Board;

/// Counts the solutions of a clash-free `board` up to `limit`, returning the count and the
/// first solution found (`None` when the count is 0).
pub(crate) fn count(board: &Board, limit: usize) -> (usize, Option<Board>) {
    singles::count(board, limit)
}
