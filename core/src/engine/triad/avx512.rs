//! The AVX-512 backend: the AVX2 register layout (a box vector is one 256-bit register,
//! one matrix row per 64-bit quarter), with the AVX-512VL/BW/BITALG instructions on it:
//! 64-bit rotates for rows, per-lane popcount, comparisons into mask registers, masked
//! blends, word permutes, and three-input logic (which LLVM forms from the plain logic).
//!
//! Every primitive is `#[inline(always)]` and is only ever inlined into the engine
//! entered on the path (`crate::engine::path`), compiled with the path's feature set.

#![allow(unsafe_code)]

use super::avx2::{shared_256_ops, words};
use super::backend::BoxOps;
use crate::engine::path::Avx512;
use core::arch::x86_64::*;

/// Word permutation gathering lanes 3, 7, 11 (the right column) into lanes 0-2.
const RIGHT_COLUMN: [u16; 16] = [3, 7, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// Word permutation gathering lanes 12, 13, 14 (the bottom row) into lanes 0-2.
const BOTTOM_ROW: [u16; 16] = [12, 13, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// The triad lanes: (r, 3) and (3, c) for r, c < 3.
const TRIAD_LANES: __mmask16 = 0x7888;
/// All-ones in the corner lane.
const CORNER_WORDS: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFFFF];
/// All-ones in the cell lanes.
const CELL_WORDS: [u16; 16] = [
    0xFFFF, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0, 0,
];

/// Two-source word permutation for [`BoxOps::triads_shifted`]: index `i < 16` takes lane
/// `i` of the first source, `16 + i` lane `i` of the second.
struct Shift<const H: usize, const V: usize>;
impl<const H: usize, const V: usize> Shift<H, V> {
    const INDEX: [u16; 16] = {
        let mut idx = [0u16; 16];
        let mut k = 0;
        while k < 3 {
            idx[4 * k + 3] = (4 * ((k + H) % 3) + 3) as u16;
            idx[12 + k] = (16 + 12 + (k + V) % 3) as u16;
            k += 1;
        }
        idx
    };
}

/// Word permutations for [`BoxOps::narrowed`]: the first puts in every cell its row's
/// triad and in every triad the next one along its line; the second puts in every cell
/// its column's triad and in every triad the one after next.
const NARROW: [[u16; 16]; 2] = {
    let mut idx = [[0u16; 16]; 2];
    let mut r = 0;
    while r < 3 {
        let mut c = 0;
        while c < 3 {
            idx[0][4 * r + c] = (4 * r + 3) as u16;
            idx[1][4 * r + c] = (12 + c) as u16;
            c += 1;
        }
        idx[0][4 * r + 3] = (4 * ((r + 1) % 3) + 3) as u16;
        idx[1][4 * r + 3] = (4 * ((r + 2) % 3) + 3) as u16;
        idx[0][12 + r] = (12 + (r + 1) % 3) as u16;
        idx[1][12 + r] = (12 + (r + 2) % 3) as u16;
        r += 1;
    }
    idx
};

/// A band's lanes: the right column for a horizontal band, the bottom row for a vertical.
const fn band_lane(vertical: bool, k: usize) -> usize {
    if vertical {
        12 + k % 3
    } else {
        4 * (k % 3) + 3
    }
}

/// Permutations for [`BoxOps::band_configs`]: lane `k` of the band takes lane `k + 1`,
/// and lane `k + 2`, of the band.
struct Along<const VERTICAL: bool>;
impl<const VERTICAL: bool> Along<VERTICAL> {
    const NEXT: [[u16; 16]; 2] = {
        let mut idx = [[0u16; 16]; 2];
        let mut k = 0;
        while k < 3 {
            idx[0][band_lane(VERTICAL, k)] = band_lane(VERTICAL, k + 1) as u16;
            idx[1][band_lane(VERTICAL, k)] = band_lane(VERTICAL, k + 2) as u16;
            k += 1;
        }
        idx
    };
    /// All-ones in the band's lanes.
    const BAND: [u16; 16] = {
        let mut v = [0u16; 16];
        let mut k = 0;
        while k < 3 {
            v[band_lane(VERTICAL, k)] = 0xFFFF;
            k += 1;
        }
        v
    };
    /// All-ones outside the band's lanes.
    const NOT_BAND: [u16; 16] = {
        let mut v = [0xFFFFu16; 16];
        let mut k = 0;
        while k < 3 {
            v[band_lane(VERTICAL, k)] = 0;
            k += 1;
        }
        v
    };
}

/// Permutations for [`BoxOps::band_narrowed`] of the box at position `POS`: with
/// `places(k) = cyc(k + 3 - POS) | anti(k + POS)`, `[cyc, anti]` for the cells (each cell
/// takes its line's places) and for the triads (each takes its next line's), then
/// `[cyc, anti]` for the triads taking the line after next.
struct Narrow<const VERTICAL: bool, const POS: usize>;
impl<const VERTICAL: bool, const POS: usize> Narrow<VERTICAL, POS> {
    const INDEX: [[u16; 16]; 4] = {
        let mut idx = [[0u16; 16]; 4];
        let mut k = 0;
        while k < 3 {
            let mut m = 0;
            while m < 3 {
                let cell = if VERTICAL { 4 * m + k } else { 4 * k + m };
                idx[0][cell] = band_lane(VERTICAL, k + 3 - POS) as u16;
                idx[1][cell] = band_lane(VERTICAL, k + POS) as u16;
                m += 1;
            }
            let lane = band_lane(VERTICAL, k);
            idx[0][lane] = band_lane(VERTICAL, k + 1 + 3 - POS) as u16;
            idx[1][lane] = band_lane(VERTICAL, k + 1 + POS) as u16;
            idx[2][lane] = band_lane(VERTICAL, k + 2 + 3 - POS) as u16;
            idx[3][lane] = band_lane(VERTICAL, k + 2 + POS) as u16;
            k += 1;
        }
        idx
    };
}

/// All-ones in the lanes a band's narrowing keeps: the other kind of triads and the
/// corner (for a horizontal band, the bottom row).
const fn kept(vertical: bool) -> [u16; 16] {
    let mut v = [0u16; 16];
    let mut k = 0;
    while k < 4 {
        v[if vertical { 4 * k + 3 } else { 12 + k }] = 0xFFFF;
        k += 1;
    }
    v
}
const KEPT: [[u16; 16]; 2] = [kept(false), kept(true)];

/// Word permutations for [`BoxOps::band_cells`]: box `j` takes in lane `(r, c)` the band's
/// cell `9 * r + 3 * j + c`.
const BAND_CELLS: [[u16; 32]; 3] = {
    let mut idx = [[0u16; 32]; 3];
    let mut j = 0;
    while j < 3 {
        let mut r = 0;
        while r < 3 {
            let mut c = 0;
            while c < 3 {
                idx[j][4 * r + c] = (9 * r + 3 * j + c) as u16;
                c += 1;
            }
            r += 1;
        }
        j += 1;
    }
    idx
};
/// The cell lanes of a box, as a lane mask.
const CELL_LANES: __mmask32 = 0x777;

// SAFETY (for every `unsafe` block below that only calls register intrinsics): a value of
// `Avx512` exists only on a CPU with AVX-512 F/BW/VL/BITALG and AVX2 (see
// `Avx512::detect`), and the intrinsics have no other precondition.
impl BoxOps for Avx512 {
    type Box = __m256i;
    /// Band updates (word permutes) are cheap here; see `State::propagate`.
    const EAGER_BANDS: bool = true;
    /// Bit `i` for lane `i`, as the comparisons produce it.
    type Mask = __mmask16;

    shared_256_ops!();
    #[inline(always)]
    fn select(self, mask: __mmask16, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_mask_blend_epi16(mask, b, a) }
    }
    #[inline(always)]
    fn keep(self, mask: __mmask16, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_maskz_mov_epi16(mask, x) }
    }
    #[inline(always)]
    fn row_peers(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let r1 = _mm256_rol_epi64::<16>(x);
            let r2 = _mm256_rol_epi64::<32>(x);
            let r3 = _mm256_rol_epi64::<48>(x);
            _mm256_ternarylogic_epi64::<0xFE>(r1, r2, r3)
        }
    }
    #[inline(always)]
    fn col_peers(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let r1 = _mm256_shuffle_epi32::<0x4E>(x); // row r ^ 1
            let r2 = _mm256_permute4x64_epi64::<0x4E>(x); // row r ^ 2
            let r3 = _mm256_permute4x64_epi64::<0x1B>(x); // row r ^ 3
            _mm256_ternarylogic_epi64::<0xFE>(r1, r2, r3)
        }
    }
    #[inline(always)]
    fn sizes(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_popcnt_epi16(x) }
    }
    #[inline(always)]
    fn lowest_digits(self, x: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let below = _mm256_sub_epi16(x, _mm256_set1_epi16(1));
            _mm256_popcnt_epi16(_mm256_xor_si256(x, below))
        }
    }
    #[inline(always)]
    fn eq(self, a: __m256i, b: __m256i) -> __mmask16 {
        // SAFETY: see the impl.
        unsafe { _mm256_cmpeq_epu16_mask(a, b) }
    }
    #[inline(always)]
    fn gt(self, a: __m256i, b: __m256i) -> __mmask16 {
        // SAFETY: see the impl.
        unsafe { _mm256_cmpgt_epu16_mask(a, b) }
    }
    #[inline(always)]
    fn mask_or(self, a: __mmask16, b: __mmask16) -> __mmask16 {
        a | b
    }
    #[inline(always)]
    fn mask_any(self, m: __mmask16) -> bool {
        m != 0
    }
    #[inline(always)]
    fn is_zero(self, x: __m256i) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm256_testz_si256(x, x) != 0 }
    }
    #[inline(always)]
    fn triads_differ(self, a: __m256i, b: __m256i) -> (bool, bool) {
        // SAFETY: see the impl.
        let differ = unsafe { _mm256_cmpneq_epu16_mask(a, b) };
        (differ & 0x0888 != 0, differ & 0x7000 != 0)
    }
    #[inline(always)]
    fn same(self, a: __m256i, b: __m256i) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm256_cmpneq_epu64_mask(a, b) == 0 }
    }
    #[inline(always)]
    fn triads_shifted<const H: usize, const V: usize>(self, h: __m256i, v: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            _mm256_maskz_permutex2var_epi16(TRIAD_LANES, h, words(self, &Shift::<H, V>::INDEX), v)
        }
    }
    #[inline(always)]
    fn narrowed(self, x: __m256i, p: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let m1 = _mm256_permutexvar_epi16(words(self, &NARROW[0]), p);
            let m2 = _mm256_permutexvar_epi16(words(self, &NARROW[1]), p);
            // cells ? m1 & m2 : m1 | m2, then x & (that | corner)
            let m = _mm256_ternarylogic_epi64::<0x8E>(words(self, &CELL_WORDS), m1, m2);
            _mm256_ternarylogic_epi64::<0xE0>(x, m, words(self, &CORNER_WORDS))
        }
    }
    #[inline(always)]
    fn band_configs<const VERTICAL: bool>(
        self,
        q: [__m256i; 3],
        cyc: __m256i,
        anti: __m256i,
    ) -> (__m256i, __m256i) {
        let [next, after] = Along::<VERTICAL>::NEXT;
        // Single-source permutations, their other lanes don't care; the band's lanes are
        // then picked with the constant.
        // SAFETY: see the impl.
        unsafe {
            let q1n = _mm256_permutexvar_epi16(words(self, &next), q[1]);
            let q1a = _mm256_permutexvar_epi16(words(self, &after), q[1]);
            let q2n = _mm256_permutexvar_epi16(words(self, &next), q[2]);
            let q2a = _mm256_permutexvar_epi16(words(self, &after), q[2]);
            let not_band = words(self, &Along::<VERTICAL>::NOT_BAND);
            let zc = _mm256_ternarylogic_epi64::<0x80>(q[0], q1n, q2a);
            let za = _mm256_ternarylogic_epi64::<0x80>(q[0], q1a, q2n);
            // x & (z | not_band)
            (
                _mm256_ternarylogic_epi64::<0xE0>(cyc, zc, not_band),
                _mm256_ternarylogic_epi64::<0xE0>(anti, za, not_band),
            )
        }
    }
    #[inline(always)]
    fn band_narrowed<const VERTICAL: bool, const POS: usize>(
        self,
        x: __m256i,
        cyc: __m256i,
        anti: __m256i,
    ) -> __m256i {
        let [c1, a1, c2, a2] = Narrow::<VERTICAL, POS>::INDEX;
        // SAFETY: see the impl.
        unsafe {
            let m1c = _mm256_permutexvar_epi16(words(self, &c1), cyc);
            let m1a = _mm256_permutexvar_epi16(words(self, &a1), anti);
            let m2c = _mm256_permutexvar_epi16(words(self, &c2), cyc);
            let m2a = _mm256_permutexvar_epi16(words(self, &a2), anti);
            // Cells and the band's lanes from the first pair; the band's lanes also from
            // the second; the kept lanes all-ones.
            let kept = words(self, &KEPT[VERTICAL as usize]);
            let band = words(self, &Along::<VERTICAL>::BAND);
            let first = _mm256_ternarylogic_epi64::<0xFE>(m1c, m1a, kept);
            let second = _mm256_ternarylogic_epi64::<0xE0>(band, m2c, m2a);
            // x & (first | second)
            _mm256_ternarylogic_epi64::<0xE0>(x, first, second)
        }
    }
    #[inline(always)]
    fn band_cells(self, places: &[u32; 9]) -> [__m256i; 3] {
        // SAFETY: see the impl; the index tables are 64 readable bytes each.
        unsafe {
            // Lane `p` of `at[d]` holds digit bit `d` where the digit may go in cell `p`.
            // Loops, not closures: a closure is compiled without the path's features, so
            // the intrinsics in it may not be inlined.
            let mut cells = _mm512_setzero_si512();
            for (d, &p) in places.iter().enumerate() {
                let at = _mm512_maskz_mov_epi16(p, _mm512_set1_epi16(1 << d));
                cells = _mm512_or_si512(cells, at);
            }
            let mut out = [_mm256_setzero_si256(); 3];
            for (o, idx) in out.iter_mut().zip(&BAND_CELLS) {
                let idx = _mm512_loadu_si512(idx.as_ptr().cast());
                let spread = _mm512_maskz_permutexvar_epi16(CELL_LANES, idx, cells);
                *o = _mm512_castsi512_si256(spread);
            }
            out
        }
    }
    #[inline(always)]
    fn right_column(self, x: __m256i) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let g = _mm256_maskz_permutexvar_epi16(0b111, words(self, &RIGHT_COLUMN), x);
            _mm_cvtsi128_si64(_mm256_castsi256_si128(g)) as u64
        }
    }
    #[inline(always)]
    fn bottom_row(self, x: __m256i) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let g = _mm256_maskz_permutexvar_epi16(0b111, words(self, &BOTTOM_ROW), x);
            _mm_cvtsi128_si64(_mm256_castsi256_si128(g)) as u64
        }
    }
}
