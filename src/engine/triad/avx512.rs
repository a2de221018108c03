//! The AVX-512 backend: the AVX2 register layout (a box vector is one 256-bit register,
//! one matrix row per 64-bit quarter), with the AVX-512VL/BW/BITALG instructions on it:
//! 64-bit rotates for rows, per-lane popcount, comparisons into mask registers, masked
//! blends, word permutes, and three-input logic (which LLVM forms from the plain logic).
//!
//! Every primitive is `#[inline(always)]` and is only ever inlined into
//! [`count_avx512`]/[`descend_avx512`], which are compiled with the feature set.

use super::backend::Backend;
use super::solver::{self, Dead, Engine, Outcome, Search, State};
use crate::board::Board;
use crate::engine::Path;
use core::arch::x86_64::*;

/// The AVX-512 backend token: a value exists only on a CPU with everything
/// [`Path::Avx512`] requires.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Avx512 {
    /// The token, if this CPU has the instruction set.
    pub(crate) fn new() -> Option<Avx512> {
        Path::Avx512.is_available().then_some(Avx512(()))
    }
}

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

/// Two-source word permutation for [`Backend::triads_shifted`]: index `i < 16` takes lane
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

/// Word permutations for [`Backend::narrowing`]: the first puts in every cell its row's
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

#[inline(always)]
fn words(t: &[u16; 16]) -> __m256i {
    // SAFETY: `t` is 32 readable bytes; unaligned loads are allowed; AVX is present (see
    // the token).
    unsafe { _mm256_loadu_si256(t.as_ptr().cast()) }
}

// SAFETY (for every `unsafe` block below that only calls register intrinsics): a value of
// `Avx512` exists only on a CPU with AVX-512 F/BW/VL/BITALG and AVX2 (see
// `Avx512::new`), and the intrinsics have no other precondition.
impl Backend for Avx512 {
    type Box = __m256i;
    /// Bit `i` for lane `i`, as the comparisons produce it.
    type Mask = __mmask16;

    #[inline(always)]
    fn load(self, lanes: &[u16; 16]) -> __m256i {
        words(lanes)
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
        // SAFETY: see the impl.
        unsafe { _mm256_set1_epi16(v as i16) }
    }
    #[inline(always)]
    fn and(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_and_si256(a, b) }
    }
    #[inline(always)]
    fn or(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_or_si256(a, b) }
    }
    #[inline(always)]
    fn and_not(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_andnot_si256(b, a) }
    }
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
        unsafe { _mm256_maskz_permutex2var_epi16(TRIAD_LANES, h, words(&Shift::<H, V>::INDEX), v) }
    }
    #[inline(always)]
    fn narrowed(self, x: __m256i, p: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe {
            let m1 = _mm256_permutexvar_epi16(words(&NARROW[0]), p);
            let m2 = _mm256_permutexvar_epi16(words(&NARROW[1]), p);
            // cells ? m1 & m2 : m1 | m2, then x & (that | corner)
            let m = _mm256_ternarylogic_epi64::<0x8E>(words(&CELL_WORDS), m1, m2);
            _mm256_ternarylogic_epi64::<0xE0>(x, m, words(&CORNER_WORDS))
        }
    }
    #[inline(always)]
    fn right_column(self, x: __m256i) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let g = _mm256_maskz_permutexvar_epi16(0b111, words(&RIGHT_COLUMN), x);
            _mm_cvtsi128_si64(_mm256_castsi256_si128(g)) as u64
        }
    }
    #[inline(always)]
    fn bottom_row(self, x: __m256i) -> u64 {
        // SAFETY: see the impl.
        unsafe {
            let g = _mm256_maskz_permutexvar_epi16(0b111, words(&BOTTOM_ROW), x);
            _mm_cvtsi128_si64(_mm256_castsi256_si128(g)) as u64
        }
    }
}

/// The search root of the AVX-512 path.
///
/// # Safety
/// The CPU must have everything [`Path::Avx512`] requires (a token proves it).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512bitalg")]
unsafe fn count_avx512(t: Avx512, board: &Board, limit: usize) -> Outcome {
    solver::count(t, board, limit)
}

/// The recursive step of the AVX-512 path.
///
/// # Safety
/// As for [`count_avx512`].
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512bitalg")]
unsafe fn descend_avx512(t: Avx512, ctx: &mut Search, s: &mut State<Avx512>) {
    solver::search(t, ctx, s)
}

/// Propagation on the Avx512 path.
///
/// # Safety
/// As for [`count_avx512`].
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512bitalg")]
unsafe fn propagate_avx512(
    t: Avx512,
    s: &mut State<Avx512>,
    dirty: u16,
    bands: u16,
) -> Result<(), Dead> {
    solver::propagate(t, s, dirty, bands)
}

impl Engine for Avx512 {
    #[inline(always)]
    fn count(self, board: &Board, limit: usize) -> Outcome {
        // SAFETY: the token proves the CPU has the features `count_avx512` is compiled for.
        unsafe { count_avx512(self, board, limit) }
    }
    #[inline(always)]
    fn descend(self, ctx: &mut Search, s: &mut State<Self>) {
        // SAFETY: as above.
        unsafe { descend_avx512(self, ctx, s) }
    }
    #[inline(always)]
    fn propagate(self, s: &mut State<Self>, dirty: u16, bands: u16) -> Result<(), Dead> {
        // SAFETY: as above.
        unsafe { propagate_avx512(self, s, dirty, bands) }
    }
}
