//! The SIMD128 backend (wasm32): the SSE4.1 and NEON layout (module `half`), a box vector
//! as a pair of 128-bit values, rows 0-1 in the first and rows 2-3 in the second, one
//! matrix row per 64-bit half.
//!
//! Every byte shuffle of the layout moves fixed lanes, so here each is an `i8x16.shuffle`
//! with its pattern as an immediate (`u16x8_shuffle`, `u64x2_shuffle`), which the engines
//! compile to the matching fixed shuffle of the CPU; where NEON's `tbl` zeroes bytes, the
//! result is masked (or the zeroed lanes are masked off by the code that reads them). The
//! popcount is `i8x16.popcnt` on bytes added pairwise into 16-bit lanes
//! (`u16x8_extadd_pairwise_u8x16`); `ptest` is `v128.any_true`; the unsigned comparison
//! is `i16x8.gt_u`; `blendv` is `v128.bitselect`.
//!
//! This module exists only in a build with `-C target-feature=+simd128`, where every
//! function has the feature: the intrinsics are safe functions there, and the only
//! `unsafe` blocks are the loads and stores through pointers.

#![allow(unsafe_code)]

use super::backend::BoxOps;
use super::half::{CELLS_HIGH, CELLS_LOW, CORNER_HIGH, H_HIGH, H_LOW, TOP_FIELD};
use crate::engine::path::Simd128;
use core::arch::wasm32::*;

/// A box vector: rows 0-1, rows 2-3.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair(v128, v128);

/// The vertical-triad lanes of the high half (lanes 12-14 of the box).
const V_HIGH: [u16; 8] = [0, 0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0];

/// Eight words as a vector (a constant, for the constant arrays it is given).
#[inline(always)]
fn words(t: &[u16; 8]) -> v128 {
    u16x8(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7])
}

/// Rows 0-2 rotated up by `H` (row `r` takes row `(r + H) % 3`); row 3 of the result is
/// unspecified.
#[inline(always)]
fn rows_rotated<const H: usize>(x: Pair) -> Pair {
    match H {
        0 => x,
        // rows 1, 2 | 0, _
        1 => Pair(u64x2_shuffle::<1, 2>(x.0, x.1), x.0),
        // rows 2, 0 | 1, _
        _ => Pair(
            u64x2_shuffle::<2, 0>(x.0, x.1),
            u64x2_shuffle::<1, 0>(x.0, x.0),
        ),
    }
}

/// The high half with row 3's lanes `c < 3` taking lane `(c + V) % 3` of row 3; the other
/// lanes are unspecified (whoever reads the result masks them).
#[inline(always)]
fn bottom_shifted<const V: usize>(x: v128) -> v128 {
    match V {
        0 => x,
        1 => u16x8_shuffle::<0, 1, 2, 3, 5, 6, 4, 7>(x, x),
        _ => u16x8_shuffle::<0, 1, 2, 3, 6, 4, 5, 7>(x, x),
    }
}

/// Each row's lane 3 copied into all four lanes of the row (lane 3 unchanged).
#[inline(always)]
fn row_triad_spread(x: v128) -> v128 {
    u16x8_shuffle::<3, 3, 3, 3, 7, 7, 7, 7>(x, x)
}

// Every intrinsic below but the loads and stores is a safe function in this build (see
// the module).
impl BoxOps for Simd128 {
    type Box = Pair;
    type Mask = Pair;

    #[inline(always)]
    fn load(self, lanes: &[u16; 16]) -> Pair {
        let p = lanes.as_ptr();
        // SAFETY: `lanes` is 32 readable bytes, read as two halves of 16; `v128_load` has
        // no alignment requirement (it loads with alignment 1).
        unsafe { Pair(v128_load(p.cast()), v128_load(p.add(8).cast())) }
    }
    #[inline(always)]
    fn with_rows(self, rows: [u64; 4]) -> Pair {
        Pair(u64x2(rows[0], rows[1]), u64x2(rows[2], rows[3]))
    }
    #[inline(always)]
    fn lanes(self, x: Pair) -> [u16; 16] {
        let mut out = [0u16; 16];
        let p = out.as_mut_ptr();
        // SAFETY: `out` is 32 writable bytes, written as two halves of 16; `v128_store`
        // has no alignment requirement.
        unsafe {
            v128_store(p.cast(), x.0);
            v128_store(p.add(8).cast(), x.1);
        }
        out
    }
    #[inline(always)]
    fn splat(self, v: u16) -> Pair {
        let s = u16x8_splat(v);
        Pair(s, s)
    }
    #[inline(always)]
    fn and(self, a: Pair, b: Pair) -> Pair {
        Pair(v128_and(a.0, b.0), v128_and(a.1, b.1))
    }
    #[inline(always)]
    fn or(self, a: Pair, b: Pair) -> Pair {
        Pair(v128_or(a.0, b.0), v128_or(a.1, b.1))
    }
    #[inline(always)]
    fn and_not(self, a: Pair, b: Pair) -> Pair {
        Pair(v128_andnot(a.0, b.0), v128_andnot(a.1, b.1))
    }
    #[inline(always)]
    fn select(self, mask: Pair, a: Pair, b: Pair) -> Pair {
        Pair(
            v128_bitselect(a.0, b.0, mask.0),
            v128_bitselect(a.1, b.1, mask.1),
        )
    }
    #[inline(always)]
    fn keep(self, mask: Pair, x: Pair) -> Pair {
        self.and(mask, x)
    }
    #[inline(always)]
    fn row_peers(self, x: Pair) -> Pair {
        // Lane c ^ 2 (32-bit halves of each row swapped), then c ^ 1 and c ^ 3.
        let peers = |h: v128| {
            let a = u16x8_shuffle::<2, 3, 0, 1, 6, 7, 4, 5>(h, h);
            let b = v128_or(h, a);
            v128_or(u16x8_shuffle::<1, 0, 3, 2, 5, 4, 7, 6>(b, b), a)
        };
        Pair(peers(x.0), peers(x.1))
    }
    #[inline(always)]
    fn col_peers(self, x: Pair) -> Pair {
        let swap = |h: v128| u64x2_shuffle::<1, 0>(h, h);
        let (lo_swapped, hi_swapped) = (swap(x.0), swap(x.1)); // rows 1, 0 | 3, 2
        Pair(
            v128_or(lo_swapped, v128_or(x.1, hi_swapped)),
            v128_or(hi_swapped, v128_or(x.0, lo_swapped)),
        )
    }
    #[inline(always)]
    fn sizes(self, x: Pair) -> Pair {
        let count = |h: v128| u16x8_extadd_pairwise_u8x16(i8x16_popcnt(h));
        Pair(count(x.0), count(x.1))
    }
    #[inline(always)]
    fn lowest_digits(self, x: Pair) -> Pair {
        let one = u16x8_splat(1);
        let marked = Pair(
            v128_xor(x.0, u16x8_sub(x.0, one)),
            v128_xor(x.1, u16x8_sub(x.1, one)),
        );
        self.sizes(marked)
    }
    #[inline(always)]
    fn eq(self, a: Pair, b: Pair) -> Pair {
        Pair(u16x8_eq(a.0, b.0), u16x8_eq(a.1, b.1))
    }
    #[inline(always)]
    fn gt(self, a: Pair, b: Pair) -> Pair {
        Pair(u16x8_gt(a.0, b.0), u16x8_gt(a.1, b.1))
    }
    #[inline(always)]
    fn mask_or(self, a: Pair, b: Pair) -> Pair {
        self.or(a, b)
    }
    #[inline(always)]
    fn mask_any(self, m: Pair) -> bool {
        !self.is_zero(m)
    }
    #[inline(always)]
    fn is_zero(self, x: Pair) -> bool {
        !v128_any_true(v128_or(x.0, x.1))
    }
    #[inline(always)]
    fn triads_differ(self, a: Pair, b: Pair) -> (bool, bool) {
        let (d0, d1) = (v128_xor(a.0, b.0), v128_xor(a.1, b.1));
        let h = v128_or(v128_and(d0, words(&H_LOW)), v128_and(d1, words(&H_HIGH)));
        let v = v128_and(d1, words(&V_HIGH));
        (v128_any_true(h), v128_any_true(v))
    }
    #[inline(always)]
    fn same(self, a: Pair, b: Pair) -> bool {
        !v128_any_true(v128_or(v128_xor(a.0, b.0), v128_xor(a.1, b.1)))
    }
    #[inline(always)]
    fn triads_shifted<const H: usize, const V: usize>(self, h: Pair, v: Pair) -> Pair {
        let h = rows_rotated::<H>(h);
        let v = v128_and(bottom_shifted::<V>(v.1), words(&V_HIGH));
        Pair(
            v128_and(h.0, words(&H_LOW)),
            v128_or(v128_and(h.1, words(&H_HIGH)), v),
        )
    }
    #[inline(always)]
    fn narrowed(self, x: Pair, p: Pair) -> Pair {
        let (r1, r2) = (rows_rotated::<1>(p), rows_rotated::<2>(p));
        // Lane 3 of each row is masked off below, with the other non-cell lanes.
        let row_triads = (row_triad_spread(p.0), row_triad_spread(p.1));
        let v = v128_or(bottom_shifted::<1>(p.1), bottom_shifted::<2>(p.1));
        // Row 3 in both rows of a half.
        let col_triad = u64x2_shuffle::<1, 1>(p.1, p.1);
        let lo = v128_or(
            v128_and(v128_and(row_triads.0, col_triad), words(&CELLS_LOW)),
            v128_and(v128_or(r1.0, r2.0), words(&H_LOW)),
        );
        let hi = v128_or(
            v128_or(
                v128_and(v128_and(row_triads.1, col_triad), words(&CELLS_HIGH)),
                v128_and(v128_or(r1.1, r2.1), words(&H_HIGH)),
            ),
            v128_or(v128_and(v, words(&V_HIGH)), words(&CORNER_HIGH)),
        );
        Pair(v128_and(x.0, lo), v128_and(x.1, hi))
    }
    #[inline(always)]
    fn right_column(self, x: Pair) -> u64 {
        // Lanes 3 and 7 of the low half and lane 3 of the high one; the fourth field is
        // cleared below.
        let packed = u16x8_shuffle::<3, 7, 11, 11, 0, 0, 0, 0>(x.0, x.1);
        u64x2_extract_lane::<0>(packed) & !TOP_FIELD
    }
    #[inline(always)]
    fn bottom_row(self, x: Pair) -> u64 {
        u64x2_extract_lane::<1>(x.1) & !TOP_FIELD
    }
}
