//! Lookup tables of the grid's structure for the toolkit: the 27 units as lists of cells,
//! and the 20 peers of each cell. Computed at compile time from the row, column and box
//! tables of [`crate::board`].

#![forbid(unsafe_code)]

use crate::board::{BOX, CELLS, COL, ROW};

/// The 27 units as lists of cells: rows 0-8, then columns 0-8 (indices 9-17), then boxes
/// 0-8 (indices 18-26). Cells are in increasing order within each unit.
pub(crate) const UNITS: [[u8; 9]; 27] = {
    let mut u = [[0u8; 9]; 27];
    let mut fill = [0usize; 27];
    let mut i = 0;
    while i < CELLS {
        let idx = [ROW[i] as usize, 9 + COL[i] as usize, 18 + BOX[i] as usize];
        let mut k = 0;
        while k < 3 {
            u[idx[k]][fill[idx[k]]] = i as u8;
            fill[idx[k]] += 1;
            k += 1;
        }
        i += 1;
    }
    u
};

/// The 20 cells that share a row, a column or a box with each cell, in increasing order.
pub(crate) const PEERS: [[u8; 20]; CELLS] = {
    let mut p = [[0u8; 20]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut n = 0;
        let mut j = 0;
        while j < CELLS {
            if j != i && (ROW[i] == ROW[j] || COL[i] == COL[j] || BOX[i] == BOX[j]) {
                p[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    p
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_three_units_and_has_twenty_distinct_peers() {
        let mut seen = [0; CELLS];
        for unit in &UNITS {
            let mut u = unit.to_vec();
            u.dedup();
            assert_eq!(u.len(), 9);
            for &c in unit {
                seen[c as usize] += 1;
            }
        }
        assert_eq!(seen, [3; CELLS]);
        assert_eq!(UNITS[4], [36, 37, 38, 39, 40, 41, 42, 43, 44]);
        assert_eq!(UNITS[9 + 2], [2, 11, 20, 29, 38, 47, 56, 65, 74]);
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        for (i, peers) in PEERS.iter().enumerate() {
            let mut p = peers.to_vec();
            p.dedup();
            assert_eq!(p.len(), 20);
            assert!(!p.contains(&(i as u8)));
            for &q in peers {
                let q = q as usize;
                assert!(ROW[i] == ROW[q] || COL[i] == COL[q] || BOX[i] == BOX[q]);
            }
        }
    }
}
