//! Test grids written as pencil marks, and a step's removals in words, for the unit tests
//! of the rules.

use super::Found;
use crate::board::CELLS;
use crate::logic::grid::Grid;

/// The grid of 81 tokens: `[d]` a filled cell, else an open cell's candidates.
pub(super) fn grid(text: &str) -> Grid {
    let mut digit = [0u8; CELLS];
    let mut cand = [0u16; CELLS];
    let tokens: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(tokens.len(), CELLS);
    for (c, t) in tokens.iter().enumerate() {
        if let Some(d) = t.strip_prefix('[') {
            digit[c] = d.as_bytes()[0] - b'0';
        } else {
            cand[c] = t.bytes().fold(0, |m, b| m | 1 << (b - b'1'));
        }
    }
    Grid::from_parts(digit, cand)
}

/// The removals of `f` as (row, column, digits), 1-based.
pub(super) fn removals(f: &Found) -> Vec<(usize, usize, Vec<u8>)> {
    (0..CELLS)
        .filter(|&c| f.removed[c] != 0)
        .map(|c| {
            let ds = (0..9).filter(|d| f.removed[c] >> d & 1 != 0);
            (c / 9 + 1, c % 9 + 1, ds.map(|d| d as u8 + 1).collect())
        })
        .collect()
}
