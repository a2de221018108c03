//! The layout of a box vector in two 128-bit registers (rows 0-1 in the first, rows 2-3
//! in the second, one matrix row per 64-bit half), shared by the SSE4.1, NEON and SIMD128
//! paths: lane masks, and byte-shuffle patterns where -1 zeroes a byte (`pshufb` and NEON's
//! `tbl` both give 0 for an index with its top bit set; SIMD128 writes its shuffles as
//! immediates instead).

#![forbid(unsafe_code)]

/// Byte shuffle copying lane 3 of each row into lanes 0-2 of the row; lane 3 zeroed.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(super) const ROW_TRIAD_TO_CELLS: [i8; 16] =
    [6, 7, 6, 7, 6, 7, -1, -1, 14, 15, 14, 15, 14, 15, -1, -1];
/// Byte shuffle gathering lanes 3 and 7 of a half into lanes 0 and 1.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(super) const RIGHT_LANES_LOW: [i8; 16] =
    [6, 7, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1];
/// Byte shuffle moving lane 3 of a half into lane 2.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(super) const RIGHT_LANE_HIGH: [i8; 16] =
    [-1, -1, -1, -1, 6, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1];
/// All-ones in the cell lanes of a half holding rows 0-1, and of one holding rows 2-3.
pub(super) const CELLS_LOW: [u16; 8] = [0xFFFF, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0];
pub(super) const CELLS_HIGH: [u16; 8] = [0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0, 0];
/// All-ones in lane 3 of each row of a half (the horizontal triads), for rows 0-1, and
/// for rows 2-3 (row 3 has none).
pub(super) const H_LOW: [u16; 8] = [0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF];
pub(super) const H_HIGH: [u16; 8] = [0, 0, 0, 0xFFFF, 0, 0, 0, 0];
/// All-ones in the corner (lane 7 of the high half).
pub(super) const CORNER_HIGH: [u16; 8] = [0, 0, 0, 0, 0, 0, 0, 0xFFFF];

/// Byte shuffle for the high half moving, in row 3, lane `c` to take lane `(c + v) % 3`,
/// for `c < 3`; every other byte zero.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const fn bottom_row_shift(v: usize) -> [i8; 16] {
    let mut p = [-1i8; 16];
    let mut c = 0;
    while c < 3 {
        let src = 4 + (c + v) % 3;
        p[2 * (4 + c)] = (2 * src) as i8;
        p[2 * (4 + c) + 1] = (2 * src + 1) as i8;
        c += 1;
    }
    p
}

/// [`bottom_row_shift`] as a constant per shift.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(super) struct BottomShift<const V: usize>;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
impl<const V: usize> BottomShift<V> {
    pub(super) const PATTERN: [i8; 16] = bottom_row_shift(V);
}

/// The top field of a packed triple, all ones.
pub(super) const TOP_FIELD: u64 = 0xFFFF << 48;
