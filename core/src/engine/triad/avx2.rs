//! The AVX2 backend: a box vector is one 256-bit register, one matrix row per 64-bit
//! quarter (rows 0-1 in the low 128 bits, rows 2-3 in the high).
//!
//! Every primitive is `#[inline(always)]` and is only ever inlined into the engine
//! entered on the path (`crate::engine::path`), compiled with the AVX2 feature set. The
//! primitives the AVX-512 path shares with this one are written once, in
//! [`shared_256_ops`].

#![allow(unsafe_code)]

use super::backend::BoxOps;
use crate::engine::path::{Avx2, Avx512};
use core::arch::x86_64::*;

/// A token proving AVX2 (and the SSE levels below it): the AVX2 and AVX-512 paths' ones.
pub(super) trait HasAvx2: Copy {}
impl<const PEXT: bool> HasAvx2 for Avx2<PEXT> {}
impl HasAvx2 for Avx512 {}

/// Byte shuffle swapping neighbouring 16-bit lanes (lane `c` takes lane `c ^ 1`).
const SWAP16: [i8; 32] = [
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14,
    15, 12, 13,
];

/// Byte shuffle gathering lanes 3 and 7 into lanes 0 and 1 of the low half, and lane 11
/// into lane 2 of the high half; -1 zeroes a byte.
const RIGHT_COLUMN: [i8; 32] = [
    6, 7, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 6, 7, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1,
];

/// Byte shuffle moving, in row 3 (the high half's upper quarter), lane `c` to take lane
/// `(c + v) % 3`, for `c < 3`; every other byte zero.
const fn bottom_row_shift(v: usize) -> [i8; 32] {
    let mut p = [-1i8; 32];
    let mut c = 0;
    while c < 3 {
        let src = 4 + (c + v) % 3;
        p[16 + 2 * (4 + c)] = (2 * src) as i8;
        p[16 + 2 * (4 + c) + 1] = (2 * src + 1) as i8;
        c += 1;
    }
    p
}

/// [`bottom_row_shift`] as a constant per shift.
struct BottomShift<const V: usize>;
impl<const V: usize> BottomShift<V> {
    const PATTERN: [i8; 32] = bottom_row_shift(V);
}

/// Byte shuffle copying lane 3 of rows 0-2 into lanes 0-2 of the same row; every other
/// byte zero.
const ROW_TRIAD_TO_CELLS: [i8; 32] = [
    6, 7, 6, 7, 6, 7, -1, -1, 14, 15, 14, 15, 14, 15, -1, -1, 6, 7, 6, 7, 6, 7, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1,
];

const H_WORDS: [u16; 16] = [
    0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0,
];
const CELL_WORDS: [u16; 16] = [
    0xFFFF, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0, 0,
];
const CORNER_WORDS: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFFFF];

/// Rows 0-2 rotated up by `h` (row `r` takes row `(r + h) % 3`), row 3 kept.
#[inline(always)]
fn rows_rotated<const H: usize>(_: impl HasAvx2, x: __m256i) -> __m256i {
    // SAFETY: AVX2 is present (the token proves it).
    unsafe {
        match H {
            0 => x,
            1 => _mm256_permute4x64_epi64::<0xC9>(x),
            _ => _mm256_permute4x64_epi64::<0xD2>(x),
        }
    }
}

/// Nibble popcounts, for both halves.
const NIBBLE_COUNTS: [i8; 32] = [
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
];

/// The top field of a packed triple, all ones.
const TOP_FIELD: u64 = 0xFFFF << 48;

/// The 32 bytes of `t` in a register.
#[inline(always)]
fn bytes(_: impl HasAvx2, t: &[i8; 32]) -> __m256i {
    // SAFETY: `t` is 32 readable bytes; unaligned loads are allowed; AVX is present (the
    // token proves it).
    unsafe { _mm256_loadu_si256(t.as_ptr().cast()) }
}

/// The 16 words of `t` in a register.
#[inline(always)]
pub(super) fn words(_: impl HasAvx2, t: &[u16; 16]) -> __m256i {
    // SAFETY: `t` is 32 readable bytes; unaligned loads are allowed; AVX is present (the
    // token proves it).
    unsafe { _mm256_loadu_si256(t.as_ptr().cast()) }
}

/// The primitives the AVX2 and AVX-512 paths share (one 256-bit register per box
/// vector, the same instructions), written once for both `impl BoxOps` blocks. Every
/// `unsafe` block only calls AVX intrinsics, which the token (`self`) proves.
macro_rules! shared_256_ops {
    () => {
        #[inline(always)]
        fn load(self, lanes: &[u16; 16]) -> __m256i {
            super::avx2::words(self, lanes)
        }
        #[inline(always)]
        fn with_rows(self, rows: [u64; 4]) -> __m256i {
            let [a, b, c, d] = rows.map(|r| r as i64);
            // SAFETY: AVX intrinsics, proven by the token.
            unsafe { _mm256_set_epi64x(d, c, b, a) }
        }
        #[inline(always)]
        fn lanes(self, x: __m256i) -> [u16; 16] {
            let mut out = [0u16; 16];
            // SAFETY: `out` is 32 writable bytes; unaligned stores are allowed; AVX present.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), x) };
            out
        }
        #[inline(always)]
        fn splat(self, v: u16) -> __m256i {
            // SAFETY: AVX intrinsics, proven by the token.
            unsafe { _mm256_set1_epi16(v as i16) }
        }
        #[inline(always)]
        fn and(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: AVX intrinsics, proven by the token.
            unsafe { _mm256_and_si256(a, b) }
        }
        #[inline(always)]
        fn or(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: AVX intrinsics, proven by the token.
            unsafe { _mm256_or_si256(a, b) }
        }
        #[inline(always)]
        fn and_not(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: AVX intrinsics, proven by the token.
            unsafe { _mm256_andnot_si256(b, a) }
        }
    };
}
pub(super) use shared_256_ops;

// SAFETY (for every `unsafe` block below that only calls register intrinsics): a value of
// `Avx2` exists only on a CPU with AVX2 (see `Avx2::detect`), and the intrinsics have no
// other precondition.
impl<const PEXT: bool> BoxOps for Avx2<PEXT> {
    type Box = __m256i;
    type Mask = __m256i;

    shared_256_ops!();
    #[inline(always)]
    fn select(self, mask: __m256i, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_or_si256(_mm256_and_si256(mask, a), _mm256_andnot_si256(mask, b)) }
    }
    #[inline(always)]
    fn keep(self, mask: __m256i, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_and_si256(mask, x) }
    }
    #[inline(always)]
    fn row_peers(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let r32 = _mm256_shuffle_epi32::<0xB1>(x); // lane c ^ 2
            let pair = _mm256_or_si256(x, r32);
            let r16 = _mm256_shuffle_epi8(pair, bytes(self, &SWAP16)); // lanes c ^ 1, c ^ 3
            _mm256_or_si256(r16, r32)
        }
    }
    #[inline(always)]
    fn col_peers(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let r1 = _mm256_shuffle_epi32::<0x4E>(x); // row r ^ 1
            let r2 = _mm256_permute4x64_epi64::<0x4E>(x); // row r ^ 2
            let r3 = _mm256_permute4x64_epi64::<0x1B>(x); // row r ^ 3
            _mm256_or_si256(r1, _mm256_or_si256(r2, r3))
        }
    }
    #[inline(always)]
    fn sizes(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let nib = _mm256_set1_epi8(0x0F);
            let lut = bytes(self, &NIBBLE_COUNTS);
            let lo = _mm256_shuffle_epi8(lut, _mm256_and_si256(x, nib));
            let hi = _mm256_shuffle_epi8(lut, _mm256_and_si256(_mm256_srli_epi16::<4>(x), nib));
            _mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1))
        }
    }
    #[inline(always)]
    fn lowest_digits(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        let marked = unsafe { _mm256_xor_si256(x, _mm256_sub_epi16(x, _mm256_set1_epi16(1))) };
        self.sizes(marked)
    }
    #[inline(always)]
    fn eq(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_cmpeq_epi16(a, b) }
    }
    #[inline(always)]
    fn gt(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let bias = _mm256_set1_epi16(i16::MIN);
            _mm256_cmpgt_epi16(_mm256_xor_si256(a, bias), _mm256_xor_si256(b, bias))
        }
    }
    #[inline(always)]
    fn mask_or(self, a: __m256i, b: __m256i) -> __m256i {
        self.or(a, b)
    }
    #[inline(always)]
    fn mask_any(self, m: __m256i) -> bool {
        !self.is_zero(m)
    }
    #[inline(always)]
    fn is_zero(self, x: __m256i) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm256_testz_si256(x, x) != 0 }
    }
    #[inline(always)]
    fn triads_differ(self, a: __m256i, b: __m256i) -> (bool, bool) {
        // SAFETY: see the impl.
        let equal = unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) } as u32;
        // Two mask bits per lane: lanes 3, 7, 11 and lanes 12, 13, 14.
        (!equal & 0x00C0_C0C0 != 0, !equal & 0x3F00_0000 != 0)
    }
    #[inline(always)]
    fn same(self, a: __m256i, b: __m256i) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) == -1 }
    }
    #[inline(always)]
    fn triads_shifted<const H: usize, const V: usize>(self, h: __m256i, v: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let h = _mm256_and_si256(rows_rotated::<H>(self, h), words(self, &H_WORDS));
            let v = _mm256_shuffle_epi8(v, bytes(self, &BottomShift::<V>::PATTERN));
            _mm256_or_si256(h, v)
        }
    }
    #[inline(always)]
    fn narrowed(self, x: __m256i, p: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let row_triad = _mm256_shuffle_epi8(p, bytes(self, &ROW_TRIAD_TO_CELLS));
            let col_triad = _mm256_permute4x64_epi64::<0xFF>(p);
            let cells = _mm256_and_si256(
                _mm256_and_si256(row_triad, col_triad),
                words(self, &CELL_WORDS),
            );
            let h = _mm256_and_si256(
                _mm256_or_si256(rows_rotated::<1>(self, p), rows_rotated::<2>(self, p)),
                words(self, &H_WORDS),
            );
            let v = _mm256_or_si256(
                _mm256_shuffle_epi8(p, bytes(self, &BottomShift::<1>::PATTERN)),
                _mm256_shuffle_epi8(p, bytes(self, &BottomShift::<2>::PATTERN)),
            );
            let mask = _mm256_or_si256(
                _mm256_or_si256(cells, h),
                _mm256_or_si256(v, words(self, &CORNER_WORDS)),
            );
            _mm256_and_si256(x, mask)
        }
    }
    #[inline(always)]
    fn right_column(self, x: __m256i) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let g = _mm256_shuffle_epi8(x, bytes(self, &RIGHT_COLUMN));
            let v = _mm_or_si128(_mm256_castsi256_si128(g), _mm256_extracti128_si256::<1>(g));
            _mm_cvtsi128_si64(v) as u64
        }
    }
    #[inline(always)]
    fn bottom_row(self, x: __m256i) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let hi = _mm256_extracti128_si256::<1>(x);
            _mm_extract_epi64::<1>(hi) as u64 & !TOP_FIELD
        }
    }
}
