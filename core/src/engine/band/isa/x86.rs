//! SSE4.1 and AVX2. Every function here is `#[inline(always)]`, compiled inside the
//! path's way in; each `unsafe` block only calls intrinsics of the features the token
//! it is given (or its method's `self`) proves, unless its comment says more.

#![allow(unsafe_code)]

use super::{
    add_ninth, bands_of, clear_ninth, digit_planes, minirows_scalar, scan_of_chunks, BandOps, Scan,
};
use crate::board::CELLS;
use crate::engine::band::tables::MINIROW_LOW;
use crate::engine::path::{Avx2, Sse41};
use core::arch::x86_64::*;

/// Compares 16 bytes with `base + 1` ..= `base + 9` and with the valid range.
#[inline(always)]
fn chunk_masks_sse(_: Sse41, v: __m128i, base: u8) -> ([u32; 9], u32) {
    let mut out = [0u32; 9];
    // SAFETY: SSE2 intrinsics (SSE4.1 is proven by the token).
    unsafe {
        for (d, o) in out.iter_mut().enumerate() {
            let k = _mm_set1_epi8(base.wrapping_add(d as u8 + 1) as i8);
            *o = _mm_movemask_epi8(_mm_cmpeq_epi8(v, k)) as u32;
        }
        let off = _mm_sub_epi8(v, _mm_set1_epi8(base as i8));
        let in_range = _mm_cmpeq_epi8(_mm_min_epu8(off, _mm_set1_epi8(9)), off);
        let dot = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8));
        let valid = _mm_movemask_epi8(_mm_or_si128(in_range, dot)) as u32;
        (out, valid)
    }
}

/// One byte per bit of `mask` (bytes 0-15 from bits 0-15 when `high` is false, from
/// bits 16-31 when it is true): `weight` where the bit is set, 0 elsewhere.
#[inline(always)]
fn bits_to_bytes_sse(_: Sse41, mask: u32, high: bool, weight: u8) -> __m128i {
    // SAFETY: SSSE3 and SSE2 intrinsics, proven by the token.
    unsafe {
        let v = _mm_set1_epi32(mask as i32);
        let shuf = if high {
            _mm_setr_epi8(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3)
        } else {
            _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1)
        };
        let sel = _mm_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
        let set = _mm_cmpeq_epi8(_mm_and_si128(_mm_shuffle_epi8(v, shuf), sel), sel);
        _mm_and_si128(set, _mm_set1_epi8(weight as i8))
    }
}

/// Folds (at least one, at least two) lane pairs of two 4-lane vectors into lane 0.
#[inline(always)]
fn fold_one_two_sse(_: Sse41, one: __m128i, two: __m128i) -> (u32, u32) {
    // SAFETY: SSE2 intrinsics.
    unsafe {
        let (s1, s2) = (
            _mm_shuffle_epi32::<0b01_00_11_10>(one),
            _mm_shuffle_epi32::<0b01_00_11_10>(two),
        );
        let two = _mm_or_si128(_mm_or_si128(two, s2), _mm_and_si128(one, s1));
        let one = _mm_or_si128(one, s1);
        let (s1, s2) = (
            _mm_shuffle_epi32::<0b10_11_00_01>(one),
            _mm_shuffle_epi32::<0b10_11_00_01>(two),
        );
        let two = _mm_or_si128(_mm_or_si128(two, s2), _mm_and_si128(one, s1));
        let one = _mm_or_si128(one, s1);
        (_mm_cvtsi128_si32(one) as u32, _mm_cvtsi128_si32(two) as u32)
    }
}

/// Folds (at least one, two, three) counts of 4 lanes into lane 0.
#[inline(always)]
fn fold_three_sse(_: Sse41, mut c: [__m128i; 3]) -> [u32; 3] {
    // SAFETY: SSE2 intrinsics.
    unsafe {
        for step in 0..2 {
            let s = c.map(|v| {
                if step == 0 {
                    _mm_shuffle_epi32::<0b01_00_11_10>(v)
                } else {
                    _mm_shuffle_epi32::<0b10_11_00_01>(v)
                }
            });
            let three = _mm_or_si128(
                _mm_or_si128(c[2], s[2]),
                _mm_or_si128(_mm_and_si128(c[1], s[0]), _mm_and_si128(c[0], s[1])),
            );
            let two = _mm_or_si128(_mm_or_si128(c[1], s[1]), _mm_and_si128(c[0], s[0]));
            c = [_mm_or_si128(c[0], s[0]), two, three];
        }
        c.map(|v| _mm_cvtsi128_si32(v) as u32)
    }
}

/// Words 0-3 and 4-7.
#[inline(always)]
fn two_quads(_: Sse41, words: &[u32; 9]) -> (__m128i, __m128i) {
    let (a, b) = (words[..4].as_ptr(), words[4..8].as_ptr());
    // SAFETY: `a` and `b` point to 4 readable words each; loadu has no alignment
    // requirement.
    unsafe { (_mm_loadu_si128(a.cast()), _mm_loadu_si128(b.cast())) }
}

/// Words 0-7.
#[inline(always)]
fn eight<const PEXT: bool>(_: Avx2<PEXT>, words: &[u32; 9]) -> __m256i {
    let p = words[..8].as_ptr().cast::<__m256i>();
    // SAFETY: `p` points to 8 readable words; loadu has no alignment requirement; the
    // token proves AVX2.
    unsafe { _mm256_loadu_si256(p) }
}

impl BandOps for Sse41 {
    #[inline(always)]
    fn minirows(self, cells: u32) -> u32 {
        minirows_scalar(cells)
    }

    #[inline(always)]
    fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
        // Six 16-byte loads: cells 0-63, 64-79 and 65-80 (the last only for cell 80).
        let load = |at: usize| {
            let chunk: &[u8; 16] = cells[at..at + 16].try_into().unwrap_or(&[0; 16]);
            // SAFETY: `chunk` is a reference to 16 readable bytes; loadu has no
            // alignment requirement.
            unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
        };
        let parts = [0, 16, 32, 48, 64, 65].map(|at| chunk_masks_sse(self, load(at), base));
        scan_of_chunks(&parts)
    }

    #[inline(always)]
    fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
        let mut changed = 0;
        for half in 0..2 {
            let p = words[4 * half..4 * half + 4].as_mut_ptr().cast::<__m128i>();
            let k = keep[4 * half..4 * half + 4].as_ptr().cast::<__m128i>();
            // SAFETY: `p` and `k` point to 4 words of `words` and of `keep`, `p`
            // readable and writable, `k` readable; loadu and storeu have no alignment
            // requirement; SSE2 intrinsics otherwise.
            unsafe {
                let (old, kept) = (_mm_loadu_si128(p), _mm_loadu_si128(k));
                let gone = _mm_andnot_si128(kept, _mm_set1_epi32(cells as i32));
                let hit = _mm_cmpeq_epi32(_mm_and_si128(old, gone), _mm_setzero_si128());
                changed |= ((!_mm_movemask_ps(_mm_castsi128_ps(hit)) & 0xF) as u32) << (4 * half);
                _mm_storeu_si128(p, _mm_andnot_si128(gone, old));
            }
        }
        changed | clear_ninth(words, cells, keep)
    }

    #[inline(always)]
    fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
        let mut buf = [0u8; 96];
        for (b, words) in f.iter().enumerate() {
            let planes = digit_planes(words);
            for (half, high) in [false, true].into_iter().enumerate() {
                let at = b * 27 + half * 16;
                let dst = &mut buf[at..at + 16];
                // SAFETY: `dst` is 16 writable bytes; storeu has no alignment
                // requirement; SSE2 intrinsics otherwise.
                unsafe {
                    let mut acc = _mm_set1_epi8(base as i8);
                    for (k, &plane) in planes.iter().enumerate() {
                        let bytes = bits_to_bytes_sse(self, plane, high, 1 << k);
                        acc = _mm_add_epi8(acc, bytes);
                    }
                    _mm_storeu_si128(dst.as_mut_ptr().cast(), acc);
                }
            }
        }
        out.copy_from_slice(&buf[..CELLS]);
    }

    #[inline(always)]
    fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
        let (a, b) = two_quads(self, words);
        // SAFETY: SSE2 intrinsics.
        let (or, and) = unsafe { (_mm_or_si128(a, b), _mm_and_si128(a, b)) };
        let (one, two) = fold_one_two_sse(self, or, and);
        (one | words[8], two | one & words[8])
    }

    #[inline(always)]
    fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
        let (a, b) = two_quads(self, words);
        // SAFETY: SSE2 intrinsics.
        let none = unsafe {
            let c = _mm_set1_epi32(cells as i32);
            let zero = _mm_setzero_si128();
            let none_a = _mm_cmpeq_epi32(_mm_and_si128(a, c), zero);
            let none_b = _mm_cmpeq_epi32(_mm_and_si128(b, c), zero);
            _mm_movemask_ps(_mm_castsi128_ps(none_a))
                | _mm_movemask_ps(_mm_castsi128_ps(none_b)) << 4
        };
        (!none as u32 & 0xFF) | ((words[8] & cells != 0) as u32) << 8
    }

    #[inline(always)]
    fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
        let (a, b) = two_quads(self, words);
        // SAFETY: SSE2 intrinsics.
        let c = unsafe { [_mm_or_si128(a, b), _mm_and_si128(a, b), _mm_setzero_si128()] };
        add_ninth(fold_three_sse(self, c), words[8])
    }
}

impl<const PEXT: bool> BandOps for Avx2<PEXT> {
    #[inline(always)]
    fn minirows(self, cells: u32) -> u32 {
        if !PEXT {
            return minirows_scalar(cells);
        }
        // The mask is free and tells the compiler the result indexes a 512-entry
        // table.
        // SAFETY: BMI2, proven by the token.
        unsafe { _pext_u32(cells | cells >> 1 | cells >> 2, MINIROW_LOW) & 0x1FF }
    }

    #[inline(always)]
    fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
        // Three 32-byte loads: cells 0-31, 32-63 and 49-80.
        let load = |at: usize| {
            let chunk: &[u8; 32] = cells[at..at + 32].try_into().unwrap_or(&[0; 32]);
            // SAFETY: `chunk` is a reference to 32 readable bytes; loadu has no
            // alignment requirement; AVX is proven by the token.
            unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }
        };
        let v = [load(0), load(32), load(49)];
        // Plain loops, not closures: a closure is compiled without the path's features,
        // so the intrinsics in it may not be inlined.
        let mut clues = [0u32; 27];
        let mut ok = [0u32; 3];
        // SAFETY: AVX2 intrinsics.
        unsafe {
            for d in 0..9 {
                let k = _mm256_set1_epi8(base.wrapping_add(d as u8 + 1) as i8);
                let mut m = [0u32; 3];
                for (m, &x) in m.iter_mut().zip(&v) {
                    *m = _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, k)) as u32;
                }
                let lo = m[0] as u64 | (m[1] as u64) << 32;
                let hi = (m[2] >> 15) as u64;
                let bands = bands_of(lo, hi);
                for (b, m) in bands.into_iter().enumerate() {
                    clues[b * 9 + d] = m;
                }
            }
            let nine = _mm256_set1_epi8(9);
            let basev = _mm256_set1_epi8(base as i8);
            let dot = _mm256_set1_epi8(b'.' as i8);
            for (ok, &x) in ok.iter_mut().zip(&v) {
                let off = _mm256_sub_epi8(x, basev);
                let in_range = _mm256_cmpeq_epi8(_mm256_min_epu8(off, nine), off);
                let valid = _mm256_or_si256(in_range, _mm256_cmpeq_epi8(x, dot));
                *ok = _mm256_movemask_epi8(valid) as u32;
            }
        }
        Scan {
            clues,
            valid: ok[0] & ok[1] & ok[2] == u32::MAX,
        }
    }

    #[inline(always)]
    fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
        let p = words[..8].as_mut_ptr().cast::<__m256i>();
        let k = keep[..8].as_ptr().cast::<__m256i>();
        // SAFETY: `p` and `k` point to the first 8 words of `words` and of `keep`, `p`
        // readable and writable, `k` readable; loadu and storeu have no alignment
        // requirement; AVX2 intrinsics otherwise.
        let changed = unsafe {
            let (old, kept) = (_mm256_loadu_si256(p), _mm256_loadu_si256(k));
            let gone = _mm256_andnot_si256(kept, _mm256_set1_epi32(cells as i32));
            let hit = _mm256_cmpeq_epi32(_mm256_and_si256(old, gone), _mm256_setzero_si256());
            _mm256_storeu_si256(p, _mm256_andnot_si256(gone, old));
            !_mm256_movemask_ps(_mm256_castsi256_ps(hit)) as u32 & 0xFF
        };
        changed | clear_ninth(words, cells, keep)
    }

    #[inline(always)]
    fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
        let mut buf = [0u8; 96];
        for (b, words) in f.iter().enumerate() {
            // Each band's 32-byte store runs 5 bytes into the next band, which the next
            // store overwrites; the last one ends inside `buf`.
            let at = b * 27;
            let dst = &mut buf[at..at + 32];
            // SAFETY: `dst` is 32 writable bytes; storeu has no alignment requirement;
            // AVX2 intrinsics otherwise.
            unsafe {
                let shuf = _mm256_setr_epi8(
                    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3,
                    3, 3, 3, 3, 3, 3,
                );
                let sel = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
                let mut acc = _mm256_set1_epi8(base as i8);
                for (k, &plane) in digit_planes(words).iter().enumerate() {
                    let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(plane as i32), shuf);
                    let set = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, sel), sel);
                    let weight = _mm256_and_si256(set, _mm256_set1_epi8(1 << k));
                    acc = _mm256_add_epi8(acc, weight);
                }
                _mm256_storeu_si256(dst.as_mut_ptr().cast(), acc);
            }
        }
        out.copy_from_slice(&buf[..CELLS]);
    }

    #[inline(always)]
    fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
        let v = eight(self, words);
        // SAFETY: AVX2 intrinsics.
        let (or, and) = unsafe {
            let (lo, hi) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            (_mm_or_si128(lo, hi), _mm_and_si128(lo, hi))
        };
        let (one, two) = fold_one_two_sse(self.into(), or, and);
        (one | words[8], two | one & words[8])
    }

    #[inline(always)]
    fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
        let v = eight(self, words);
        // SAFETY: AVX2 intrinsics.
        let c = unsafe {
            let (lo, hi) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            [
                _mm_or_si128(lo, hi),
                _mm_and_si128(lo, hi),
                _mm_setzero_si128(),
            ]
        };
        add_ninth(fold_three_sse(self.into(), c), words[8])
    }

    #[inline(always)]
    fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
        let v = eight(self, words);
        // SAFETY: AVX2 intrinsics.
        let none = unsafe {
            let c = _mm256_set1_epi32(cells as i32);
            let none = _mm256_cmpeq_epi32(_mm256_and_si256(v, c), _mm256_setzero_si256());
            _mm256_movemask_ps(_mm256_castsi256_ps(none))
        };
        (!none as u32 & 0xFF) | ((words[8] & cells != 0) as u32) << 8
    }
}
