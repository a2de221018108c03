//! The SSE4.1 backend: a box vector is a pair of 128-bit registers, rows 0-1 in the first
//! and rows 2-3 in the second, one matrix row per 64-bit half.
//!
//! Every primitive is `#[inline(always)]` and is only ever inlined into the engine
//! entered on the path (`crate::engine::path`), compiled with SSE4.1 (and SSSE3, POPCNT).

#![allow(unsafe_code)]

use super::backend::BoxOps;
use super::half::{
    BottomShift, CELLS_HIGH, CELLS_LOW, CORNER_HIGH, H_HIGH, H_LOW, RIGHT_LANES_LOW,
    RIGHT_LANE_HIGH, ROW_TRIAD_TO_CELLS, TOP_FIELD,
};
use crate::engine::path::Sse41;
use core::arch::x86_64::*;

/// A box vector: rows 0-1, rows 2-3.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair(__m128i, __m128i);

/// Byte shuffle swapping neighbouring 16-bit lanes (lane `c` takes lane `c ^ 1`).
const SWAP16: [i8; 16] = [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13];
/// Nibble popcounts.
const NIBBLE_COUNTS: [i8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

#[inline(always)]
fn bytes(t: &[i8; 16]) -> __m128i {
    // SAFETY: `t` is 16 readable bytes; unaligned loads are allowed; SSE2 is baseline.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

#[inline(always)]
fn words(t: &[u16; 8]) -> __m128i {
    // SAFETY: `t` is 16 readable bytes; unaligned loads are allowed; SSE2 is baseline.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

/// Rows 0-2 rotated up by `H` (row `r` takes row `(r + H) % 3`); row 3 of the result is
/// unspecified.
#[inline(always)]
fn rows_rotated<const H: usize>(_: Sse41, x: Pair) -> Pair {
    // SAFETY: SSSE3 is present (the token proves it).
    unsafe {
        match H {
            0 => x,
            // rows 1, 2 | 0, _
            1 => Pair(_mm_alignr_epi8::<8>(x.1, x.0), _mm_unpacklo_epi64(x.0, x.0)),
            // rows 2, 0 | 1, _
            _ => Pair(_mm_unpacklo_epi64(x.1, x.0), _mm_unpackhi_epi64(x.0, x.0)),
        }
    }
}

/// Applies `f` to both halves.
#[inline(always)]
fn each(x: Pair, f: impl Fn(__m128i) -> __m128i) -> Pair {
    Pair(f(x.0), f(x.1))
}

/// Applies `f` to both halves of two pairs.
#[inline(always)]
fn each2(a: Pair, b: Pair, f: impl Fn(__m128i, __m128i) -> __m128i) -> Pair {
    Pair(f(a.0, b.0), f(a.1, b.1))
}

// SAFETY (for every `unsafe` block below that only calls register intrinsics): a value of
// `Sse41` exists only on a CPU with SSE4.1, SSSE3 and POPCNT (see `Sse41::detect`), and the
// intrinsics have no other precondition.
impl BoxOps for Sse41 {
    type Box = Pair;
    type Mask = Pair;

    #[inline(always)]
    fn load(self, lanes: &[u16; 16]) -> Pair {
        // SAFETY: `lanes` is 32 readable bytes; unaligned loads are allowed.
        unsafe {
            let p = lanes.as_ptr();
            Pair(_mm_loadu_si128(p.cast()), _mm_loadu_si128(p.add(8).cast()))
        }
    }
    #[inline(always)]
    fn with_rows(self, rows: [u64; 4]) -> Pair {
        let [a, b, c, d] = rows.map(|r| r as i64);
        // SAFETY: see the impl.
        unsafe { Pair(_mm_set_epi64x(b, a), _mm_set_epi64x(d, c)) }
    }
    #[inline(always)]
    fn lanes(self, x: Pair) -> [u16; 16] {
        let mut out = [0u16; 16];
        // SAFETY: `out` is 32 writable bytes; unaligned stores are allowed.
        unsafe {
            let p = out.as_mut_ptr();
            _mm_storeu_si128(p.cast(), x.0);
            _mm_storeu_si128(p.add(8).cast(), x.1);
        }
        out
    }
    #[inline(always)]
    fn splat(self, v: u16) -> Pair {
        // SAFETY: see the impl.
        let s = unsafe { _mm_set1_epi16(v as i16) };
        Pair(s, s)
    }
    #[inline(always)]
    fn and(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        each2(a, b, |a, b| unsafe { _mm_and_si128(a, b) })
    }
    #[inline(always)]
    fn or(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        each2(a, b, |a, b| unsafe { _mm_or_si128(a, b) })
    }
    #[inline(always)]
    fn and_not(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        each2(a, b, |a, b| unsafe { _mm_andnot_si128(b, a) })
    }
    #[inline(always)]
    fn select(self, mask: Pair, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        Pair(unsafe { _mm_blendv_epi8(b.0, a.0, mask.0) }, unsafe {
            _mm_blendv_epi8(b.1, a.1, mask.1)
        })
    }
    #[inline(always)]
    fn keep(self, mask: Pair, x: Pair) -> Pair {
        self.and(mask, x)
    }
    #[inline(always)]
    fn row_peers(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        each(x, |x| unsafe {
            let r32 = _mm_shuffle_epi32::<0xB1>(x); // lane c ^ 2
            let pair = _mm_or_si128(x, r32);
            let r16 = _mm_shuffle_epi8(pair, bytes(&SWAP16)); // lanes c ^ 1, c ^ 3
            _mm_or_si128(r16, r32)
        })
    }
    #[inline(always)]
    fn col_peers(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        unsafe {
            let lo_swapped = _mm_shuffle_epi32::<0x4E>(x.0); // rows 1, 0
            let hi_swapped = _mm_shuffle_epi32::<0x4E>(x.1); // rows 3, 2
            Pair(
                _mm_or_si128(lo_swapped, _mm_or_si128(x.1, hi_swapped)),
                _mm_or_si128(hi_swapped, _mm_or_si128(x.0, lo_swapped)),
            )
        }
    }
    #[inline(always)]
    fn sizes(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        each(x, |x| unsafe {
            let nib = _mm_set1_epi8(0x0F);
            let lut = bytes(&NIBBLE_COUNTS);
            let lo = _mm_shuffle_epi8(lut, _mm_and_si128(x, nib));
            let hi = _mm_shuffle_epi8(lut, _mm_and_si128(_mm_srli_epi16::<4>(x), nib));
            _mm_maddubs_epi16(_mm_add_epi8(lo, hi), _mm_set1_epi8(1))
        })
    }
    #[inline(always)]
    fn lowest_digits(self, x: Pair) -> Pair {
        // SAFETY: see the impl.
        let marked = each(x, |x| unsafe {
            _mm_xor_si128(x, _mm_sub_epi16(x, _mm_set1_epi16(1)))
        });
        self.sizes(marked)
    }
    #[inline(always)]
    fn eq(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        each2(a, b, |a, b| unsafe { _mm_cmpeq_epi16(a, b) })
    }
    #[inline(always)]
    fn gt(self, a: Pair, b: Pair) -> Pair {
        // SAFETY: see the impl.
        each2(a, b, |a, b| unsafe {
            let bias = _mm_set1_epi16(i16::MIN);
            _mm_cmpgt_epi16(_mm_xor_si128(a, bias), _mm_xor_si128(b, bias))
        })
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
        unsafe {
            let u = _mm_or_si128(x.0, x.1);
            _mm_testz_si128(u, u) != 0
        }
    }
    #[inline(always)]
    fn triads_differ(self, a: Pair, b: Pair) -> (bool, bool) {
        // SAFETY: see the impl.
        let (lo, hi) = unsafe {
            (
                _mm_movemask_epi8(_mm_cmpeq_epi8(a.0, b.0)) as u32,
                _mm_movemask_epi8(_mm_cmpeq_epi8(a.1, b.1)) as u32,
            )
        };
        // Two mask bits per lane: lanes 3, 7 (low half), 11 (lane 3 of the high half);
        // lanes 12-14 (lanes 4-6 of the high half).
        (!lo & 0xC0C0 != 0 || !hi & 0x00C0 != 0, !hi & 0x3F00 != 0)
    }
    #[inline(always)]
    fn same(self, a: Pair, b: Pair) -> bool {
        // SAFETY: see the impl.
        unsafe {
            let e = _mm_and_si128(_mm_cmpeq_epi8(a.0, b.0), _mm_cmpeq_epi8(a.1, b.1));
            _mm_movemask_epi8(e) == 0xFFFF
        }
    }
    #[inline(always)]
    fn triads_shifted<const H: usize, const V: usize>(self, h: Pair, v: Pair) -> Pair {
        let h = rows_rotated::<H>(self, h);
        // SAFETY: see the impl.
        unsafe {
            let v = _mm_shuffle_epi8(v.1, bytes(&BottomShift::<V>::PATTERN));
            Pair(
                _mm_and_si128(h.0, words(&H_LOW)),
                _mm_or_si128(_mm_and_si128(h.1, words(&H_HIGH)), v),
            )
        }
    }
    #[inline(always)]
    fn narrowed(self, x: Pair, p: Pair) -> Pair {
        let (r1, r2) = (rows_rotated::<1>(self, p), rows_rotated::<2>(self, p));
        // SAFETY: see the impl.
        unsafe {
            let spread = bytes(&ROW_TRIAD_TO_CELLS);
            let col_triad = _mm_shuffle_epi32::<0xEE>(p.1); // row 3 in both rows
            let cells = |half: __m128i, mask: &[u16; 8]| {
                let row_triad = _mm_shuffle_epi8(half, spread);
                _mm_and_si128(_mm_and_si128(row_triad, col_triad), words(mask))
            };
            let v = _mm_or_si128(
                _mm_shuffle_epi8(p.1, bytes(&BottomShift::<1>::PATTERN)),
                _mm_shuffle_epi8(p.1, bytes(&BottomShift::<2>::PATTERN)),
            );
            let lo = _mm_or_si128(
                cells(p.0, &CELLS_LOW),
                _mm_and_si128(_mm_or_si128(r1.0, r2.0), words(&H_LOW)),
            );
            let hi = _mm_or_si128(
                _mm_or_si128(
                    cells(p.1, &CELLS_HIGH),
                    _mm_and_si128(_mm_or_si128(r1.1, r2.1), words(&H_HIGH)),
                ),
                _mm_or_si128(v, words(&CORNER_HIGH)),
            );
            Pair(_mm_and_si128(x.0, lo), _mm_and_si128(x.1, hi))
        }
    }
    #[inline(always)]
    fn right_column(self, x: Pair) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let lo = _mm_shuffle_epi8(x.0, bytes(&RIGHT_LANES_LOW));
            let hi = _mm_shuffle_epi8(x.1, bytes(&RIGHT_LANE_HIGH));
            _mm_cvtsi128_si64(_mm_or_si128(lo, hi)) as u64
        }
    }
    #[inline(always)]
    fn bottom_row(self, x: Pair) -> u64 {
        // SAFETY: see the impl.
        unsafe { _mm_extract_epi64::<1>(x.1) as u64 & !TOP_FIELD }
    }
}
