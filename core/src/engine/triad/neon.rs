//! The NEON backend (aarch64): the SSE4.1 layout, a box vector as a pair of 128-bit
//! registers, rows 0-1 in the first and rows 2-3 in the second, one matrix row per 64-bit
//! half.
//!
//! Where NEON lacks an SSE instruction: byte shuffles (`pshufb`) are `tbl`
//! (`vqtbl1q_u8`, which also gives 0 for an index out of range); the nibble-table popcount
//! is `cnt` on bytes added pairwise into 16-bit lanes (`vcntq_u8`, `vpaddlq_u8`); `ptest`
//! and `movemask` tests become a horizontal maximum (`vmaxvq_u16`) of the lanes to test;
//! the unsigned comparison needs no bias (`vcgtq_u16`); `blendv` is `bsl`.
//!
//! Every primitive is `#[inline(always)]` and is only ever inlined into the engine
//! entered on the path (`crate::engine::path`), compiled with NEON.

#![allow(unsafe_code)]

use super::backend::BoxOps;
use super::half::{
    BottomShift, CELLS_HIGH, CELLS_LOW, CORNER_HIGH, H_HIGH, H_LOW, RIGHT_LANES_LOW,
    RIGHT_LANE_HIGH, ROW_TRIAD_TO_CELLS, TOP_FIELD,
};
use crate::engine::path::Neon;
use core::arch::aarch64::*;

/// A box vector: rows 0-1, rows 2-3.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair(uint16x8_t, uint16x8_t);

/// The vertical-triad lanes of the high half (lanes 12-14 of the box).
const V_HIGH: [u16; 8] = [0, 0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0];

/// A byte-shuffle pattern in a register (for `tbl`).
#[inline(always)]
fn pattern(_: Neon, t: &[i8; 16]) -> uint8x16_t {
    // SAFETY: `t` is 16 readable bytes; NEON is proven by the token.
    unsafe { vld1q_u8(t.as_ptr().cast()) }
}

/// Eight words in a register.
#[inline(always)]
fn words(_: Neon, t: &[u16; 8]) -> uint16x8_t {
    // SAFETY: `t` is 16 readable bytes; NEON is proven by the token.
    unsafe { vld1q_u16(t.as_ptr()) }
}

/// The bytes of `x` shuffled by `p` (`tbl`: index -1 gives 0).
#[inline(always)]
fn shuffled(t: Neon, x: uint16x8_t, p: &[i8; 16]) -> uint16x8_t {
    // SAFETY: NEON intrinsics, proven by the token.
    unsafe { vreinterpretq_u16_u8(vqtbl1q_u8(vreinterpretq_u8_u16(x), pattern(t, p))) }
}

/// Rows 0-2 rotated up by `H` (row `r` takes row `(r + H) % 3`); row 3 of the result is
/// unspecified.
#[inline(always)]
fn rows_rotated<const H: usize>(_: Neon, x: Pair) -> Pair {
    // SAFETY: NEON intrinsics, proven by the token.
    unsafe {
        let (a, b) = (vreinterpretq_u8_u16(x.0), vreinterpretq_u8_u16(x.1));
        match H {
            0 => x,
            // rows 1, 2 | 0, _
            1 => Pair(vreinterpretq_u16_u8(vextq_u8::<8>(a, b)), x.0),
            // rows 2, 0 | 1, _
            _ => Pair(
                vcombine_u16(vget_low_u16(x.1), vget_low_u16(x.0)),
                vreinterpretq_u16_u8(vextq_u8::<8>(a, a)),
            ),
        }
    }
}

/// Whether any lane of `x` is nonzero (what `ptest` tells on x86).
#[inline(always)]
fn any(_: Neon, x: uint16x8_t) -> bool {
    // SAFETY: NEON intrinsics, proven by the token.
    unsafe { vmaxvq_u16(x) != 0 }
}

// SAFETY (for every `unsafe` block below that only calls register intrinsics): a value of
// `Neon` exists only on a CPU with NEON (see `Neon::detect`), and the intrinsics have no
// other precondition.
impl BoxOps for Neon {
    type Box = Pair;
    type Mask = Pair;

    #[inline(always)]
    fn load(self, lanes: &[u16; 16]) -> Pair {
        // SAFETY: `lanes` is 32 readable bytes, read as two halves of 16; NEON loads have
        // no alignment requirement beyond the element's.
        unsafe {
            let p = lanes.as_ptr();
            Pair(vld1q_u16(p), vld1q_u16(p.add(8)))
        }
    }
    #[inline(always)]
    fn with_rows(self, rows: [u64; 4]) -> Pair {
        // SAFETY: `rows` is 32 readable bytes, read as two halves of 16; see the impl.
        unsafe {
            let p = rows.as_ptr();
            Pair(
                vreinterpretq_u16_u64(vld1q_u64(p)),
                vreinterpretq_u16_u64(vld1q_u64(p.add(2))),
            )
        }
    }
    #[inline(always)]
    fn lanes(self, x: Pair) -> [u16; 16] {
        let mut out = [0u16; 16];
        // SAFETY: `out` is 32 writable bytes, written as two halves of 16.
        unsafe {
            let p = out.as_mut_ptr();
            vst1q_u16(p, x.0);
            vst1q_u16(p.add(8), x.1);
        }
        out
    }
    #[inline(always)]
    fn splat(self, v: u16) -> Pair {
        // SAFETY: see the impl.
        let s = unsafe { vdupq_n_u16(v) };
        Pair(s, s)
    }
    #[inline(always)]
    fn and(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe { Pair(vandq_u16(a.0, b.0), vandq_u16(a.1, b.1)) }
    }
    #[inline(always)]
    fn or(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe { Pair(vorrq_u16(a.0, b.0), vorrq_u16(a.1, b.1)) }
    }
    #[inline(always)]
    fn and_not(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe { Pair(vbicq_u16(a.0, b.0), vbicq_u16(a.1, b.1)) }
    }
    #[inline(always)]
    fn select(self, mask: Pair, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe { Pair(vbslq_u16(mask.0, a.0, b.0), vbslq_u16(mask.1, a.1, b.1)) }
    }
    #[inline(always)]
    fn keep(self, mask: Pair, x: Pair) -> Pair {
        self.and(mask, x)
    }
    #[inline(always)]
    fn row_peers(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe {
            // Lane c ^ 2 (32-bit halves of each row swapped), then c ^ 1 and c ^ 3.
            let r32 = |h: uint16x8_t| vreinterpretq_u16_u32(vrev64q_u32(vreinterpretq_u32_u16(h)));
            let (a, b) = (r32(x.0), r32(x.1));
            Pair(
                vorrq_u16(vrev32q_u16(vorrq_u16(x.0, a)), a),
                vorrq_u16(vrev32q_u16(vorrq_u16(x.1, b)), b),
            )
        }
    }
    #[inline(always)]
    fn col_peers(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe {
            let swap = |h: uint16x8_t| {
                let b = vreinterpretq_u8_u16(h);
                vreinterpretq_u16_u8(vextq_u8::<8>(b, b))
            };
            let (lo_swapped, hi_swapped) = (swap(x.0), swap(x.1)); // rows 1, 0 | 3, 2
            Pair(
                vorrq_u16(lo_swapped, vorrq_u16(x.1, hi_swapped)),
                vorrq_u16(hi_swapped, vorrq_u16(x.0, lo_swapped)),
            )
        }
    }
    #[inline(always)]
    fn sizes(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe {
            let count = |h: uint16x8_t| vpaddlq_u8(vcntq_u8(vreinterpretq_u8_u16(h)));
            Pair(count(x.0), count(x.1))
        }
    }
    #[inline(always)]
    fn lowest_digits(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        let marked = unsafe {
            let one = vdupq_n_u16(1);
            Pair(
                veorq_u16(x.0, vsubq_u16(x.0, one)),
                veorq_u16(x.1, vsubq_u16(x.1, one)),
            )
        };
        self.sizes(marked)
    }
    #[inline(always)]
    fn eq(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe { Pair(vceqq_u16(a.0, b.0), vceqq_u16(a.1, b.1)) }
    }
    #[inline(always)]
    fn gt(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe { Pair(vcgtq_u16(a.0, b.0), vcgtq_u16(a.1, b.1)) }
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
        // SAFETY: see the impl.
        !any(self, unsafe { vorrq_u16(x.0, x.1) })
    }
    #[inline(always)]
    fn triads_differ(self, a: Pair, b: Pair) -> (bool, bool) {
        // SAFETY: see the impl.
        let (h, v) = unsafe {
            let (d0, d1) = (veorq_u16(a.0, b.0), veorq_u16(a.1, b.1));
            let h = vorrq_u16(
                vandq_u16(d0, words(self, &H_LOW)),
                vandq_u16(d1, words(self, &H_HIGH)),
            );
            (h, vandq_u16(d1, words(self, &V_HIGH)))
        };
        (any(self, h), any(self, v))
    }
    #[inline(always)]
    fn same(self, a: Pair, b: Pair) -> bool {
        // SAFETY: see the impl.
        !any(self, unsafe {
            vorrq_u16(veorq_u16(a.0, b.0), veorq_u16(a.1, b.1))
        })
    }
    #[inline(always)]
    fn triads_shifted<const H: usize, const V: usize>(self, h: Pair, v: Pair) -> Pair {
        let h = rows_rotated::<H>(self, h);
        let v = shuffled(self, v.1, &BottomShift::<V>::PATTERN);
        // SAFETY: see the impl.
        unsafe {
            Pair(
                vandq_u16(h.0, words(self, &H_LOW)),
                vorrq_u16(vandq_u16(h.1, words(self, &H_HIGH)), v),
            )
        }
    }
    #[inline(always)]
    fn narrowed(self, x: Pair, p: Pair) -> Pair {
        let (r1, r2) = (rows_rotated::<1>(self, p), rows_rotated::<2>(self, p));
        let row_triads = (
            shuffled(self, p.0, &ROW_TRIAD_TO_CELLS),
            shuffled(self, p.1, &ROW_TRIAD_TO_CELLS),
        );
        let v = (
            shuffled(self, p.1, &BottomShift::<1>::PATTERN),
            shuffled(self, p.1, &BottomShift::<2>::PATTERN),
        );
        // SAFETY: see the impl.
        unsafe {
            // Row 3 in both rows of a half.
            let col_triad = vreinterpretq_u16_u64(vdupq_laneq_u64::<1>(vreinterpretq_u64_u16(p.1)));
            let lo = vorrq_u16(
                vandq_u16(vandq_u16(row_triads.0, col_triad), words(self, &CELLS_LOW)),
                vandq_u16(vorrq_u16(r1.0, r2.0), words(self, &H_LOW)),
            );
            let hi = vorrq_u16(
                vorrq_u16(
                    vandq_u16(vandq_u16(row_triads.1, col_triad), words(self, &CELLS_HIGH)),
                    vandq_u16(vorrq_u16(r1.1, r2.1), words(self, &H_HIGH)),
                ),
                vorrq_u16(vorrq_u16(v.0, v.1), words(self, &CORNER_HIGH)),
            );
            Pair(vandq_u16(x.0, lo), vandq_u16(x.1, hi))
        }
    }
    #[inline(always)]
    fn right_column(self, x: Pair) -> u64 {
        let lo = shuffled(self, x.0, &RIGHT_LANES_LOW);
        let hi = shuffled(self, x.1, &RIGHT_LANE_HIGH);
        // SAFETY: see the impl.
        unsafe { vgetq_lane_u64::<0>(vreinterpretq_u64_u16(vorrq_u16(lo, hi))) }
    }
    #[inline(always)]
    fn bottom_row(self, x: Pair) -> u64 {
        // SAFETY: see the impl.
        unsafe { vgetq_lane_u64::<1>(vreinterpretq_u64_u16(x.1)) & !TOP_FIELD }
    }
}
