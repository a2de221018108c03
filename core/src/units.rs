//! Lookup tables of the grid's structure for the toolkit, in one place: the 27 units and
//! the 20 peers of each cell as lists of cells and as bitboards (bit `c` for cell `c`),
//! the units of each cell, the lines through each box, and the masks of every digit and
//! every cell. Computed at compile time from the row, column and box tables of
//! [`crate::board`].

#![forbid(unsafe_code)]

use crate::board::{BOX, CELLS, COL, ROW};

/// Every digit as a candidate mask (bit `d - 1` for digit `d`).
pub(crate) const ALL_DIGITS: u16 = 0x1FF;

/// Every cell of the grid as a bitboard (bit `c` for cell `c`).
pub(crate) const ALL_CELLS: u128 = (1u128 << CELLS) - 1;

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

/// Each list of cells as a bitboard (bit `c` for cell `c`).
const fn bitboards<const N: usize, const K: usize>(lists: &[[u8; K]; N]) -> [u128; N] {
    let mut m = [0u128; N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < K {
            m[i] |= 1u128 << lists[i][k];
            k += 1;
        }
        i += 1;
    }
    m
}

/// The 27 units as bitboards, in the order of [`UNITS`].
pub(crate) const UNIT_MASK: [u128; 27] = bitboards(&UNITS);

/// The 20 peers of each cell as a bitboard.
pub(crate) const PEER_MASK: [u128; CELLS] = bitboards(&PEERS);

/// The row, column and box unit indices (into [`UNITS`]) of each cell.
pub(crate) const CELL_UNITS: [[u8; 3]; CELLS] = {
    let mut m = [[0u8; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        m[c] = [ROW[c], 9 + COL[c], 18 + BOX[c]];
        c += 1;
    }
    m
};

/// Every unit as bits of unit indices (bit `u` for `UNITS[u]`).
pub(crate) const ALL_UNITS: u32 = (1 << 27) - 1;

/// Per cell, its row, column and box as bits of unit indices (bit `u` for `UNITS[u]`).
pub(crate) const CELL_UNIT_BITS: [u32; CELLS] = {
    let mut m = [0u32; CELLS];
    let mut c = 0;
    while c < CELLS {
        let u = CELL_UNITS[c];
        m[c] = 1 << u[0] | 1 << u[1] | 1 << u[2];
        c += 1;
    }
    m
};

/// The units (bits of unit indices) of the cells of `cells` (a bitboard), read band by
/// band with constant shifts and no branch: per band its three rows, the columns its
/// cells are in, and the stacks those are in (one box each).
pub(crate) fn units_of(cells: u128) -> u32 {
    const BAND: u32 = 0o777_777_777;
    let mut units = 0u32;
    let mut columns = 0u32;
    let bands = [
        cells as u32 & BAND,
        (cells >> 27) as u32 & BAND,
        (cells >> 54) as u32 & BAND,
    ];
    for (k, &x) in bands.iter().enumerate() {
        let (a, b, c) = (x & 0o777, x >> 9 & 0o777, x >> 18);
        let cols = a | b | c;
        columns |= cols;
        let rows = u32::from(a != 0) | u32::from(b != 0) << 1 | u32::from(c != 0) << 2;
        let stacks = u32::from(cols & 0o7 != 0)
            | u32::from(cols & 0o70 != 0) << 1
            | u32::from(cols & 0o700 != 0) << 2;
        units |= rows << (3 * k) | stacks << (18 + 3 * k);
    }
    units | columns << 9
}

/// The unit indices of the three rows and three columns through each box.
pub(crate) const BOX_LINES: [[u8; 6]; 9] = {
    let mut m = [[0u8; 6]; 9];
    let mut b = 0;
    while b < 9 {
        let (r, c) = (b / 3 * 3, b % 3 * 3);
        m[b] = [
            r as u8,
            r as u8 + 1,
            r as u8 + 2,
            9 + c as u8,
            10 + c as u8,
            11 + c as u8,
        ];
        b += 1;
    }
    m
};

/// The bitboard of cell `c` alone (bit `c`), built from 64-bit halves: a 128-bit shift by a
/// variable amount is a library call in WebAssembly.
#[inline]
pub(crate) const fn cell_bit(c: usize) -> u128 {
    let half = 1u64 << (c & 63);
    if c < 64 {
        half as u128
    } else {
        (half as u128) << 64
    }
}

/// Whether bitboard `m` has cell `c` (bit `c`), read from its 64-bit halves as [`cell_bit`].
#[inline]
pub(crate) const fn has_cell(m: u128, c: usize) -> bool {
    let half = if c < 64 { m as u64 } else { (m >> 64) as u64 };
    half >> (c & 63) & 1 != 0
}

/// The nine rows of bitboard `m`, each as nine bits (bit `k` for column `k`), read with
/// constant shifts (a variable 128-bit shift is a library call in WebAssembly).
#[inline]
pub(crate) const fn rows_of(m: u128) -> [u32; 9] {
    [
        m as u32 & 0o777,
        (m >> 9) as u32 & 0o777,
        (m >> 18) as u32 & 0o777,
        (m >> 27) as u32 & 0o777,
        (m >> 36) as u32 & 0o777,
        (m >> 45) as u32 & 0o777,
        (m >> 54) as u32 & 0o777,
        (m >> 63) as u32 & 0o777,
        (m >> 72) as u32 & 0o777,
    ]
}

/// The cells of bitboard `m`, in increasing order.
pub(crate) fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        let c = m.trailing_zeros() as usize;
        m &= m.wrapping_sub(1);
        (c < 128).then_some(c)
    })
}

/// Whether cells `a` and `b` (distinct) share a row, a column or a box.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    has_cell(PEER_MASK[a], b)
}

/// Small bit counts by bit operations, for candidate masks and bitboards: the logic is not
/// built per CPU path, and on baseline x86-64 (no population-count instruction)
/// `count_ones` is a software count in its hot loops.
pub(crate) trait Bits: Copy {
    /// Whether exactly one bit is set.
    fn is_single(self) -> bool;
    /// Whether exactly two bits are set.
    fn is_pair(self) -> bool;
}

macro_rules! bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            fn is_single(self) -> bool {
                self != 0 && self & (self - 1) == 0
            }
            fn is_pair(self) -> bool {
                let rest = self & self.wrapping_sub(1);
                rest != 0 && rest & (rest - 1) == 0
            }
        }
    )*};
}
bits!(u16, u32, u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard_halves_agree_with_wide_shifts() {
        let m = PEER_MASK[40] | PEER_MASK[63] | PEER_MASK[64] | 1 << 80;
        for c in 0..CELLS {
            assert_eq!(cell_bit(c), 1u128 << c);
            assert_eq!(has_cell(m, c), m >> c & 1 != 0, "cell {c}");
        }
        for (r, &row) in rows_of(m).iter().enumerate() {
            assert_eq!(row, (m >> (9 * r)) as u32 & 0o777, "row {r}");
        }
    }

    /// The units (bits of unit indices) with a cell of `m`, unit by unit.
    fn units_met(m: u128) -> u32 {
        UNIT_MASK
            .iter()
            .enumerate()
            .filter(|(_, &um)| m & um != 0)
            .fold(0u32, |acc, (u, _)| acc | 1 << u)
    }

    #[test]
    fn units_of_cells_are_the_units_they_meet() {
        let mut rng = crate::rng::SplitMix64::new(0x3C6E_F372_FE94_F82B);
        let mut next = move || rng.next_u64();
        let mut sizes = [0usize; 4];
        for _ in 0..50_000 {
            // Up to seven cells, anywhere on the grid (both 64-bit halves).
            let k = (next() % 8) as usize;
            let mut m = 0u128;
            for _ in 0..k {
                m |= cell_bit((next() % CELLS as u64) as usize);
            }
            sizes[m.count_ones().min(3) as usize] += 1;
            let want = units_met(m);
            assert_eq!(units_of(m), want, "{m:#x}");
        }
        assert!(sizes.iter().all(|&n| n > 1000), "{sizes:?}");
        // Dense sets too (a digit's places and placements together, where the forcing
        // chains look for a unit with none): some meet every unit, some miss one.
        let (mut every, mut missed) = (0, 0);
        for i in 0..60_000 {
            // A quarter, half or three quarters of the cells.
            let mut half = || match i % 3 {
                0 => next() & next(),
                1 => next(),
                _ => next() | next(),
            };
            let (a, b) = (half(), half());
            let m = (u128::from(a) | u128::from(b) << 64) & ALL_CELLS;
            let want = units_met(m);
            assert_eq!(units_of(m), want, "{m:#x}");
            if want == ALL_UNITS {
                every += 1;
            } else {
                missed += 1;
            }
        }
        assert!(every > 1000 && missed > 1000, "{every} {missed}");
    }

    #[test]
    fn single_bits_agree_with_count_ones_on_dense_and_sparse_words() {
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut values = vec![0u128, 1, 2, 3, 1 << 127, (1 << 127) | 1, u128::MAX];
        for _ in 0..2000 {
            let x = u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64;
            // Dense words and sparse ones: the chain searches' tests mostly see one to three
            // bits.
            values.push(x);
            values.push(x & (x >> 3) & (x >> 7) & (x >> 11));
            values.push(1u128 << (x % 128) | 1u128 << (x / 7 % 128));
        }
        for v in values {
            assert_eq!(v.is_single(), v.count_ones() == 1, "{v:#x}");
        }
    }

    #[test]
    fn small_bit_counts_agree_with_count_ones() {
        for m in 0..=u16::MAX {
            assert_eq!(m.is_single(), m.count_ones() == 1, "{m:#x}");
            assert_eq!(m.is_pair(), m.count_ones() == 2, "{m:#x}");
        }
        // Bitboards with bits far apart, at both ends and across the 64-bit halves.
        let mut rng = crate::rng::SplitMix64::new(0xF39C_C060_5CED_C834);
        let mut seen = [0usize; 4];
        for _ in 0..100_000 {
            let x = rng.next_u64();
            let bits = (x % 4) as usize;
            let mut m = 0u128;
            for k in 0..bits {
                m |= 1 << ((x >> (8 + 7 * k)) % 128);
            }
            seen[m.count_ones() as usize] += 1;
            assert_eq!(m.is_single(), m.count_ones() == 1, "{m:#x}");
            assert_eq!(m.is_pair(), m.count_ones() == 2, "{m:#x}");
            let w = m as u32;
            assert_eq!(w.is_single(), w.count_ones() == 1, "{w:#x}");
            assert_eq!(w.is_pair(), w.count_ones() == 2, "{w:#x}");
        }
        assert!(
            seen.iter().all(|&n| n > 0),
            "every count from 0 to 3 was tried: {seen:?}"
        );
    }

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
        for (u, unit) in UNITS.iter().enumerate() {
            assert_eq!(UNIT_MASK[u].count_ones(), 9);
            for &c in unit {
                assert_ne!(UNIT_MASK[u] >> c & 1, 0);
                assert!(CELL_UNITS[c as usize].contains(&(u as u8)));
            }
        }
        for (b, lines) in BOX_LINES.iter().enumerate() {
            for &l in lines {
                assert_eq!((UNIT_MASK[18 + b] & UNIT_MASK[l as usize]).count_ones(), 3);
            }
        }
        for (i, peers) in PEERS.iter().enumerate() {
            assert_eq!(PEER_MASK[i].count_ones(), 20);
            assert_eq!(ALL_CELLS >> i & 1, 1);
            let mut p = peers.to_vec();
            p.dedup();
            assert_eq!(p.len(), 20);
            assert!(!p.contains(&(i as u8)));
            for &q in peers {
                let q = q as usize;
                assert!(ROW[i] == ROW[q] || COL[i] == COL[q] || BOX[i] == BOX[q]);
                assert!(sees(i, q) && sees(q, i));
            }
        }
    }
}
