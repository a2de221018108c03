//! The band engine's primitives on each code path.
//!
//! The engine is written once, generic over [`BandOps`], and compiled once per code path
//! inside the path's way in (`crate::engine::path`, `Enter::enter`), which is compiled
//! with the path's target features. The implementations are for the paths' tokens: a
//! SIMD token can only be made after the CPU was found to have its features, which is
//! what makes the `unsafe` blocks below sound. Each primitive has a scalar twin that the
//! tests compare it with.

#![allow(unsafe_code)]

use super::tables::{BAND, ROW_LONE, ROW_MINIROWS};
use crate::board::CELLS;
use crate::engine::path::Portable;

/// The givens of a board as the engine reads them, and whether its bytes were all valid.
#[derive(Clone, Copy)]
pub(crate) struct Scan {
    /// Bit `p` of word `band * 9 + digit - 1`: cell `p` of the band holds `digit`.
    pub clues: [u32; 27],
    /// Whether every byte was a digit (`base`..=`base + 9`) or `'.'`.
    pub valid: bool,
}

/// The primitives whose best instruction sequence depends on the code path.
pub(crate) trait BandOps: Copy {
    /// The minirows (bit `row * 3 + box`) of a band that hold at least one of `cells`.
    fn minirows(self, cells: u32) -> u32;

    /// Reads 81 cells where `base + d` stands for digit `d` (1-9) and any other byte is a
    /// blank: the positions of each digit in each band, and whether every byte is in
    /// `base..=base + 9` or is `'.'`.
    fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan;

    /// Removes `cells` from the nine words of a band, but for the cells `keep[k]` of word
    /// `k`; returns the words that changed (bit `k` for word `k`).
    fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32;

    /// Writes a solved grid (`f[band][d]`: the cells of digit `d + 1`) as 81 cells,
    /// `base + digit` each.
    fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8);

    /// The cells in at least one of the nine words, and the cells in at least two.
    fn one_and_two(self, words: &[u32; 9]) -> (u32, u32);

    /// The cells in at least one, at least two and at least three of the nine words.
    fn up_to_three(self, words: &[u32; 9]) -> [u32; 3];

    /// The words (bit `k` for word `k`) holding some of `cells`: for one cell, its
    /// candidate digits.
    fn holding(self, words: &[u32; 9], cells: u32) -> u32;

    /// The cells of `cells` (a band) that are alone in their row.
    #[inline(always)]
    fn alone_in_row(self, cells: u32) -> u32 {
        alone_in_row_select(cells)
    }
}

/// The cells alone in their row, by a select per row: what the vector paths compile to
/// conditional moves or vector blends.
#[inline(always)]
pub(crate) fn alone_in_row_select(cells: u32) -> u32 {
    let lone = |row: u32| {
        if row & row.wrapping_sub(1) == 0 {
            row
        } else {
            0
        }
    };
    lone(cells & 0x1FF) | lone(cells & 0x1FF << 9) | lone(cells & 0x1FF << 18)
}

/// The cells alone in their row, by three lookups: on a baseline x86-64 build the
/// compiler turns the selects of [`alone_in_row_select`] into branches in some loops,
/// which mispredict as often as rows hold one cell or several.
#[inline(always)]
pub(crate) fn alone_in_row_table(cells: u32) -> u32 {
    let row = |r: u32| ROW_LONE[((cells >> (9 * r)) & 0x1FF) as usize] as u32;
    row(0) | row(1) << 9 | row(2) << 18
}

/// The cells in at least one, two and three of nine words, one word at a time.
#[inline(always)]
pub(crate) fn up_to_three_scalar(words: &[u32; 9]) -> [u32; 3] {
    let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
    for &x in words {
        three |= two & x;
        two |= one & x;
        one |= x;
    }
    [one, two, three]
}

/// The words holding some of `cells`, one word at a time.
#[inline(always)]
pub(crate) fn holding_scalar(words: &[u32; 9], cells: u32) -> u32 {
    let mut out = 0;
    for (k, &w) in words.iter().enumerate() {
        out |= ((w & cells != 0) as u32) << k;
    }
    out
}

/// The cells in at least one and in at least two of nine words, one word at a time.
#[inline(always)]
pub(crate) fn one_and_two_scalar(words: &[u32; 9]) -> (u32, u32) {
    let (mut one, mut two) = (0u32, 0u32);
    for &x in words {
        two |= one & x;
        one |= x;
    }
    (one, two)
}

/// Writes a solved grid one placed digit at a time.
#[inline(always)]
pub(crate) fn write_digits_scalar(f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
    for (band, words) in out.chunks_exact_mut(27).zip(f) {
        for (d, &word) in words.iter().enumerate() {
            let digit = base.wrapping_add(d as u8 + 1);
            let mut m = word & BAND;
            while m != 0 {
                if let Some(o) = band.get_mut(m.trailing_zeros() as usize) {
                    *o = digit;
                }
                m &= m - 1;
            }
        }
    }
}

/// The four bit planes of the digits of a solved band: bit `p` of plane `k` is bit `k` of
/// the digit in cell `p`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn digit_planes(w: &[u32; 9]) -> [u32; 4] {
    [
        w[0] | w[2] | w[4] | w[6] | w[8],
        w[1] | w[2] | w[5] | w[6],
        w[3] | w[4] | w[5] | w[6],
        w[7] | w[8],
    ]
}

/// Removes cells from a band's nine words one word at a time.
#[inline(always)]
pub(crate) fn clear_band_scalar(words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
    let mut changed = 0;
    for (k, (w, &kept)) in words.iter_mut().zip(keep).enumerate() {
        let gone = cells & !kept;
        changed |= ((*w & gone != 0) as u32) << k;
        *w &= !gone;
    }
    changed
}

/// The minirows of a band, from three lookups in a 512-entry table (one per row).
#[inline(always)]
pub(crate) fn minirows_scalar(cells: u32) -> u32 {
    let row = |r: u32| ROW_MINIROWS[((cells >> (9 * r)) & 0x1FF) as usize] as u32;
    row(0) | row(1) << 3 | row(2) << 6
}

/// Reads the givens one byte at a time: the model the backends are tested against.
#[cfg(test)]
#[inline(always)]
pub(crate) fn scan_scalar(cells: &[u8; CELLS], base: u8) -> Scan {
    let mut clues = [0u32; 27];
    let mut valid = true;
    for (band, chunk) in cells.chunks_exact(27).enumerate() {
        for (p, &byte) in chunk.iter().enumerate() {
            let v = byte.wrapping_sub(base);
            valid &= v <= 9 || byte == b'.';
            if (1..=9).contains(&v) {
                clues[band * 9 + v as usize - 1] |= 1 << p;
            }
        }
    }
    Scan { clues, valid }
}

/// For `byte - base`, the slot of [`scan_slots`]: the digit for 1-9, 0 for anything else.
static SLOT: [u8; 256] = {
    let mut t = [0; 256];
    let mut v = 1;
    while v <= 9 {
        t[v] = v as u8;
        v += 1;
    }
    t
};

/// Reads the givens one byte at a time without a branch on the byte (whether a cell is
/// given is as unpredictable as the puzzle): each byte sets its bit in one of ten slots
/// per band, slots 1-9 for the digits and slot 0 for everything else.
#[inline(always)]
pub(crate) fn scan_slots(cells: &[u8; CELLS], base: u8) -> Scan {
    let mut slots = [[0u32; 10]; 3];
    let mut bad = 0u32;
    for (band, chunk) in slots.iter_mut().zip(cells.chunks_exact(27)) {
        for (p, &byte) in chunk.iter().enumerate() {
            let v = byte.wrapping_sub(base);
            bad |= ((v > 9) & (byte != b'.')) as u32;
            band[SLOT[v as usize] as usize] |= 1 << p;
        }
    }
    let mut clues = [0u32; 27];
    for (b, band) in slots.iter().enumerate() {
        clues[b * 9..b * 9 + 9].copy_from_slice(&band[1..]);
    }
    Scan {
        clues,
        valid: bad == 0,
    }
}

/// Splits an 81-bit cell mask (`lo` holds cells 0-63, `hi` cells 64-80) into its bands.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn bands_of(lo: u64, hi: u64) -> [u32; 3] {
    [
        (lo as u32) & BAND,
        ((lo >> 27) as u32) & BAND,
        ((lo >> 54) | (hi << 10)) as u32 & BAND,
    ]
}

impl BandOps for Portable {
    #[inline(always)]
    fn minirows(self, cells: u32) -> u32 {
        minirows_scalar(cells)
    }

    #[inline(always)]
    fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
        scan_slots(cells, base)
    }

    #[inline(always)]
    fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
        clear_band_scalar(words, cells, keep)
    }

    #[inline(always)]
    fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
        write_digits_scalar(f, out, base)
    }

    #[inline(always)]
    fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
        one_and_two_scalar(words)
    }

    #[inline(always)]
    fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
        holding_scalar(words, cells)
    }

    #[inline(always)]
    fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
        up_to_three_scalar(words)
    }

    #[inline(always)]
    fn alone_in_row(self, cells: u32) -> u32 {
        alone_in_row_table(cells)
    }
}

/// [`BandOps::clear_band`] on the ninth word, which the vector code leaves out: bit 8 set
/// if it changed.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn clear_ninth(words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
    let gone = cells & !keep[8];
    let changed = ((words[8] & gone != 0) as u32) << 8;
    words[8] &= !gone;
    changed
}

/// The scan of 81 cells from the masks of six 16-byte chunks (cells 0-63, 64-79 and
/// 65-80), each the cells of each digit and the valid cells, as the 128-bit paths read
/// them.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn scan_of_chunks(parts: &[([u32; 9], u32); 6]) -> Scan {
    let mut clues = [0u32; 27];
    for d in 0..9 {
        let lo = parts[0].0[d] as u64
            | (parts[1].0[d] as u64) << 16
            | (parts[2].0[d] as u64) << 32
            | (parts[3].0[d] as u64) << 48;
        let hi = parts[4].0[d] as u64 | ((parts[5].0[d] as u64) >> 15) << 16;
        let bands = bands_of(lo, hi);
        for (b, m) in bands.into_iter().enumerate() {
            clues[b * 9 + d] = m;
        }
    }
    let valid = parts.iter().all(|p| p.1 == 0xFFFF);
    Scan { clues, valid }
}

/// Adds the ninth word to (at least one, two, three) counts of the first eight.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn add_ninth([one, two, three]: [u32; 3], w: u32) -> [u32; 3] {
    [one | w, two | one & w, three | two & w]
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! SSE4.1 and AVX2. Every function here is `#[inline(always)]`, compiled inside the
    //! path's way in; each `unsafe` block only calls intrinsics of the features the token
    //! it is given (or its method's `self`) proves, unless its comment says more.

    use super::{
        add_ninth, bands_of, clear_ninth, digit_planes, minirows_scalar, scan_of_chunks, BandOps,
        Scan,
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
                    changed |=
                        ((!_mm_movemask_ps(_mm_castsi128_ps(hit)) & 0xF) as u32) << (4 * half);
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
                        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3,
                        3, 3, 3, 3, 3, 3, 3,
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
}

#[cfg(target_arch = "aarch64")]
mod arm {
    //! NEON, the 128-bit counterpart of the SSE4.1 code. Where NEON lacks an SSE
    //! instruction: `movemask` becomes an AND with each lane's bit weight and an add
    //! across the lanes (`vaddv`); `pshufb` is `tbl`; there is no `pext` (as on SSE4.1,
    //! minirows come from the table). Every function here is `#[inline(always)]`, compiled
    //! inside the path's way in; each `unsafe` block only calls NEON intrinsics, which the
    //! token (`self`, or the one it is given) proves, unless its comment says more.

    use super::{
        add_ninth, clear_ninth, digit_planes, minirows_scalar, scan_of_chunks, BandOps, Scan,
    };
    use crate::board::CELLS;
    use crate::engine::path::Neon;
    use core::arch::aarch64::*;

    /// Bit `i` of byte `i % 8`: the weights that turn a byte mask into a bit mask.
    const BYTE_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
    /// Bit `i` of lane `i`.
    const LANE_BITS: [u32; 4] = [1, 2, 4, 8];

    /// The top bits of 16 all-ones-or-zero bytes as a 16-bit mask (SSE's `movemask`).
    #[inline(always)]
    fn byte_mask(_: Neon, m: uint8x16_t) -> u32 {
        // SAFETY: `BYTE_BITS` is 16 readable bytes; NEON intrinsics otherwise.
        unsafe {
            let bits = vandq_u8(m, vld1q_u8(BYTE_BITS.as_ptr()));
            vaddv_u8(vget_low_u8(bits)) as u32 | (vaddv_u8(vget_high_u8(bits)) as u32) << 8
        }
    }

    /// The lanes of 4 all-ones-or-zero words as a 4-bit mask.
    #[inline(always)]
    fn lane_mask(_: Neon, m: uint32x4_t) -> u32 {
        // SAFETY: `LANE_BITS` is 16 readable bytes; NEON intrinsics otherwise.
        unsafe { vaddvq_u32(vandq_u32(m, vld1q_u32(LANE_BITS.as_ptr()))) }
    }

    /// Compares 16 bytes with `base + 1` ..= `base + 9` and with the valid range.
    #[inline(always)]
    fn chunk_masks(t: Neon, v: uint8x16_t, base: u8) -> ([u32; 9], u32) {
        let mut out = [0u32; 9];
        for (d, o) in out.iter_mut().enumerate() {
            // SAFETY: see the module.
            let eq = unsafe { vceqq_u8(v, vdupq_n_u8(base.wrapping_add(d as u8 + 1))) };
            *o = byte_mask(t, eq);
        }
        // SAFETY: see the module.
        let ok = unsafe {
            let in_range = vcleq_u8(vsubq_u8(v, vdupq_n_u8(base)), vdupq_n_u8(9));
            vorrq_u8(in_range, vceqq_u8(v, vdupq_n_u8(b'.')))
        };
        (out, byte_mask(t, ok))
    }

    /// Words 0-3 and 4-7.
    #[inline(always)]
    fn two_quads(_: Neon, words: &[u32; 9]) -> (uint32x4_t, uint32x4_t) {
        // SAFETY: `words` has 9 readable words, of which these read 0-3 and 4-7.
        unsafe { (vld1q_u32(words.as_ptr()), vld1q_u32(words.as_ptr().add(4))) }
    }

    /// Folds (at least one, two, three) counts of 4 lanes into one value each: lane `i`
    /// meets lane `i + 2`, then lane `i + 1`.
    #[inline(always)]
    fn fold_three(_: Neon, mut c: [uint32x4_t; 3]) -> [u32; 3] {
        // SAFETY: see the module.
        unsafe {
            for step in 0..2 {
                let s = if step == 0 {
                    c.map(|v| vextq_u32::<2>(v, v))
                } else {
                    c.map(|v| vextq_u32::<1>(v, v))
                };
                let three = vorrq_u32(
                    vorrq_u32(c[2], s[2]),
                    vorrq_u32(vandq_u32(c[1], s[0]), vandq_u32(c[0], s[1])),
                );
                let two = vorrq_u32(vorrq_u32(c[1], s[1]), vandq_u32(c[0], s[0]));
                c = [vorrq_u32(c[0], s[0]), two, three];
            }
            c.map(|v| vgetq_lane_u32::<0>(v))
        }
    }

    impl BandOps for Neon {
        #[inline(always)]
        fn minirows(self, cells: u32) -> u32 {
            minirows_scalar(cells)
        }

        #[inline(always)]
        fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
            // Six 16-byte loads: cells 0-63, 64-79 and 65-80 (the last only for cell 80).
            let load = |at: usize| {
                let chunk: &[u8; 16] = cells[at..at + 16].try_into().unwrap_or(&[0; 16]);
                // SAFETY: `chunk` is a reference to 16 readable bytes.
                unsafe { vld1q_u8(chunk.as_ptr()) }
            };
            let parts = [0, 16, 32, 48, 64, 65].map(|at| chunk_masks(self, load(at), base));
            scan_of_chunks(&parts)
        }

        #[inline(always)]
        fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
            let mut changed = 0;
            for half in 0..2 {
                let p = words[4 * half..4 * half + 4].as_mut_ptr();
                let k = keep[4 * half..4 * half + 4].as_ptr();
                // SAFETY: `p` and `k` point to 4 words of `words` and of `keep`, `p`
                // readable and writable, `k` readable; NEON intrinsics otherwise.
                let hit = unsafe {
                    let (old, kept) = (vld1q_u32(p), vld1q_u32(k));
                    let gone = vbicq_u32(vdupq_n_u32(cells), kept);
                    vst1q_u32(p, vbicq_u32(old, gone));
                    vtstq_u32(old, gone)
                };
                changed |= lane_mask(self, hit) << (4 * half);
            }
            changed | clear_ninth(words, cells, keep)
        }

        #[inline(always)]
        fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
            let mut buf = [0u8; 96];
            for (b, words) in f.iter().enumerate() {
                let planes = digit_planes(words);
                for half in 0..2 {
                    let at = b * 27 + half * 16;
                    let dst = &mut buf[at..at + 16];
                    // SAFETY: `dst` is 16 writable bytes, `BYTE_BITS` 16 readable ones;
                    // NEON intrinsics otherwise.
                    unsafe {
                        // Byte `i` takes byte `i / 8` (or `2 + i / 8`) of the plane and
                        // keeps its bit `i % 8`.
                        let pick =
                            vcombine_u8(vdup_n_u8(2 * half as u8), vdup_n_u8(2 * half as u8 + 1));
                        let sel = vld1q_u8(BYTE_BITS.as_ptr());
                        let mut acc = vdupq_n_u8(base);
                        for (k, &plane) in planes.iter().enumerate() {
                            let bytes = vqtbl1q_u8(vreinterpretq_u8_u32(vdupq_n_u32(plane)), pick);
                            let set = vtstq_u8(bytes, sel);
                            acc = vaddq_u8(acc, vandq_u8(set, vdupq_n_u8(1 << k)));
                        }
                        vst1q_u8(dst.as_mut_ptr(), acc);
                    }
                }
            }
            out.copy_from_slice(&buf[..CELLS]);
        }

        #[inline(always)]
        fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
            let (a, b) = two_quads(self, words);
            // SAFETY: see the module.
            let c = unsafe { [vorrq_u32(a, b), vandq_u32(a, b), vdupq_n_u32(0)] };
            // The fold's third count is unused here, and compiled away.
            let [one, two, _] = fold_three(self, c);
            (one | words[8], two | one & words[8])
        }

        #[inline(always)]
        fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
            let (a, b) = two_quads(self, words);
            // SAFETY: see the module.
            let (ha, hb) = unsafe {
                let c = vdupq_n_u32(cells);
                (vtstq_u32(a, c), vtstq_u32(b, c))
            };
            lane_mask(self, ha) | lane_mask(self, hb) << 4 | ((words[8] & cells != 0) as u32) << 8
        }

        #[inline(always)]
        fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
            let (a, b) = two_quads(self, words);
            // SAFETY: see the module.
            let c = unsafe { [vorrq_u32(a, b), vandq_u32(a, b), vdupq_n_u32(0)] };
            add_ninth(fold_three(self, c), words[8])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random 81-byte inputs mixing digits, blanks and some bad bytes.
    fn samples() -> Vec<([u8; CELLS], u8)> {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            x ^= x << 7;
            x ^= x >> 9;
            x
        };
        let mut out = Vec::new();
        for n in 0..400 {
            let base = if n % 2 == 0 { b'0' } else { 0 };
            let mut cells = [0u8; CELLS];
            for c in cells.iter_mut() {
                let r = next() % 16;
                *c = match r {
                    0..=9 => base + r as u8,
                    10..=13 => b'.',
                    _ => (next() % 256) as u8,
                };
            }
            out.push((cells, base));
        }
        out.push(([b'.'; CELLS], b'0'));
        out.push(([b'9'; CELLS], b'0'));
        out.push(([0; CELLS], 0));
        out
    }

    fn check<I: BandOps>(isa: I) {
        for (cells, base) in samples() {
            let (a, b) = (isa.scan(&cells, base), scan_scalar(&cells, base));
            assert_eq!(a.clues, b.clues);
            assert_eq!(a.valid, b.valid);
        }
        let mut x = 1u32;
        for _ in 0..2000 {
            let mut words = [0u32; 9];
            for w in words.iter_mut() {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                *w = x & BAND;
            }
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let cells = x & x >> 5 & BAND;
            let keep = words.map(|w| w & cells & x.rotate_left(w % 32));
            assert_eq!(isa.one_and_two(&words), one_and_two_scalar(&words));
            assert_eq!(isa.up_to_three(&words), up_to_three_scalar(&words));
            assert_eq!(isa.holding(&words, cells), holding_scalar(&words, cells));
            assert_eq!(isa.alone_in_row(cells), alone_in_row_select(cells));
            assert_eq!(isa.alone_in_row(words[0]), alone_in_row_select(words[0]));
            assert_eq!(
                isa.holding(&words, 1 << (x % 27)),
                holding_scalar(&words, 1 << (x % 27))
            );
            let (mut a, mut b) = (words, words);
            let changed = isa.clear_band(&mut a, cells, &keep);
            assert_eq!(changed, clear_band_scalar(&mut b, cells, &keep));
            assert_eq!(a, b);
            for k in 0..9 {
                assert_eq!(a[k], words[k] & !(cells & !keep[k]));
                assert_eq!(changed >> k & 1 == 1, a[k] != words[k]);
            }
        }
        // Solved grids: a valid grid with its digits relabelled.
        let grid =
            b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        for n in 0..50u8 {
            let mut f = [[0u32; 9]; 3];
            for (i, &c) in grid.iter().enumerate() {
                let d = ((c - b'1' + n) % 9) as usize;
                f[i / 27][d] |= 1 << (i % 27);
            }
            let base = if n % 2 == 0 { b'0' } else { 0 };
            let (mut a, mut b) = ([0xAAu8; CELLS], [0x55u8; CELLS]);
            isa.write_digits(&f, &mut a, base);
            write_digits_scalar(&f, &mut b, base);
            assert_eq!(a, b);
            assert!(a.iter().all(|&c| (base + 1..=base + 9).contains(&c)));
        }
        for _ in 0..5000 {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let cells = x & BAND;
            assert_eq!(
                isa.minirows(cells),
                super::super::tables::minirows_of(cells)
            );
        }
    }

    #[test]
    fn scalar_scan_reads_digits_blanks_and_bad_bytes() {
        let mut cells = [b'.'; CELLS];
        cells[0] = b'5';
        cells[28] = b'0';
        cells[80] = b'9';
        let s = scan_scalar(&cells, b'0');
        assert!(s.valid);
        assert_eq!(s.clues[4], 1);
        assert_eq!(s.clues[2 * 9 + 8], 1 << 26);
        assert_eq!(s.clues.iter().map(|c| c.count_ones()).sum::<u32>(), 2);
        cells[40] = b'x';
        assert!(!scan_scalar(&cells, b'0').valid);
    }

    #[test]
    fn portable_matches_the_scalar_model() {
        check(Portable);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse41_matches_the_scalar_model() {
        match crate::engine::path::Sse41::detect() {
            Some(isa) => check(isa),
            None => eprintln!("note: this CPU lacks SSE4.1; its backend is not tested here"),
        }
    }

    #[cfg(target_arch = "aarch64")]
    #[test]
    fn neon_matches_the_scalar_model() {
        let isa = crate::engine::path::Neon::detect().expect("every aarch64 CPU has NEON");
        check(isa);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_matches_the_scalar_model() {
        use crate::engine::path::Avx2;
        match (Avx2::<true>::detect(), Avx2::<false>::detect()) {
            (Some(with_pext), Some(with_tables)) => {
                check(with_pext);
                check(with_tables);
            }
            _ => eprintln!("note: this CPU lacks AVX2; its backend is not tested here"),
        }
        // The answer depends on the CPU; it must at least be stable.
        let fast = crate::engine::path::pext_is_fast();
        assert_eq!(fast, crate::engine::path::pext_is_fast());
    }
}
