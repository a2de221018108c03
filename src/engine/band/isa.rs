//! The instruction-set backends of the band engine.
//!
//! The engine is written once, generic over [`Isa`], and compiled once per code path inside
//! a `#[target_feature]` function (see `super::entries`). A backend value is a token: the
//! SIMD ones can only be made after the CPU was found to have their features, which is what
//! makes their few `unsafe` blocks sound. Each primitive has a scalar twin that the tests
//! compare it with.

use super::tables::{BAND, ROW_MINIROWS};
use crate::board::CELLS;

/// The givens of a board as the engine reads them, and whether its bytes were all valid.
#[derive(Clone, Copy)]
pub(crate) struct Scan {
    /// Bit `p` of word `band * 9 + digit - 1`: cell `p` of the band holds `digit`.
    pub clues: [u32; 27],
    /// Whether every byte was a digit (`base`..=`base + 9`) or `'.'`.
    pub valid: bool,
}

/// The primitives whose best instruction sequence depends on the code path.
pub(crate) trait Isa: Copy {
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
#[cfg(target_arch = "x86_64")]
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

/// Reads the givens one byte at a time.
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

/// Splits an 81-bit cell mask (`lo` holds cells 0-63, `hi` cells 64-80) into its bands.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bands_of(lo: u64, hi: u64) -> [u32; 3] {
    [
        (lo as u32) & BAND,
        ((lo >> 27) as u32) & BAND,
        ((lo >> 54) | (hi << 10)) as u32 & BAND,
    ]
}

/// The portable backend: plain Rust, for every target.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn minirows(self, cells: u32) -> u32 {
        minirows_scalar(cells)
    }

    #[inline(always)]
    fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
        scan_scalar(cells, base)
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
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::{pext_is_fast, Avx2, Sse41};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{bands_of, digit_planes, minirows_scalar, Isa, Scan};
    use crate::board::CELLS;
    use crate::engine::band::tables::MINIROW_LOW;
    use core::arch::x86_64::*;

    /// The SSE4.1 backend (with POPCNT). Only [`Sse41::new`] makes one, after checking the
    /// CPU.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Sse41(());

    impl Sse41 {
        /// The token, if this CPU has SSE4.1 and POPCNT.
        pub(crate) fn new() -> Option<Sse41> {
            crate::engine::Path::Sse41
                .is_available()
                .then_some(Sse41(()))
        }
    }

    /// The AVX2 backend (with BMI1, BMI2, POPCNT and LZCNT). Only [`Avx2::new`] makes one,
    /// after checking the CPU. With `PEXT` it condenses minirows with `pext`, otherwise
    /// with the table the portable path uses: `pext` is microcoded and slow on AMD CPUs
    /// before Zen 3 (see [`pext_is_fast`]).
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2<const PEXT: bool>(());

    impl<const PEXT: bool> Avx2<PEXT> {
        /// The token, if this CPU has AVX2, BMI1, BMI2, POPCNT and LZCNT.
        pub(crate) fn new() -> Option<Avx2<PEXT>> {
            crate::engine::Path::Avx2.is_available().then_some(Avx2(()))
        }
    }

    /// Whether `pext` runs in a few cycles here: everywhere but on AMD and Hygon CPUs
    /// before family 0x19 (Zen 3), where it is microcoded (tens to hundreds of cycles).
    /// Found once per process: CPUID is slow (it traps to the hypervisor in a VM).
    pub(crate) fn pext_is_fast() -> bool {
        static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *FAST.get_or_init(read_pext_is_fast)
    }

    fn read_pext_is_fast() -> bool {
        // SAFETY: CPUID exists on every x86-64 CPU; leaves 0 and 1 always do.
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
        let name = [vendor.ebx, vendor.edx, vendor.ecx].map(u32::to_le_bytes);
        let slow_vendor = matches!(name.as_flattened(), b"AuthenticAMD" | b"HygonGenuine");
        let base = (signature.eax >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature.eax >> 20) & 0xFF)
        } else {
            base
        };
        !(slow_vendor && family < 0x19)
    }

    /// Compares 16 bytes with `base + 1` ..= `base + 9` and with the valid range.
    #[target_feature(enable = "sse4.1")]
    #[inline]
    fn chunk_masks_sse(v: __m128i, base: u8) -> ([u32; 9], u32) {
        let mut out = [0u32; 9];
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

    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn scan_sse41(cells: &[u8; CELLS], base: u8) -> Scan {
        // Six 16-byte loads: cells 0-63, 64-79 and 65-80 (the last only for cell 80).
        let load = |at: usize| {
            let chunk: &[u8; 16] = cells[at..at + 16].try_into().unwrap_or(&[0; 16]);
            // SAFETY: `chunk` is a reference to 16 readable bytes; loadu has no alignment
            // requirement.
            unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
        };
        let parts = [0, 16, 32, 48, 64, 65].map(|at| chunk_masks_sse(load(at), base));
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

    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn clear_band_sse41(words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
        let c = _mm_set1_epi32(cells as i32);
        let zero = _mm_setzero_si128();
        let mut changed = 0;
        for half in 0..2 {
            let p = words[4 * half..4 * half + 4].as_mut_ptr().cast::<__m128i>();
            let k = keep[4 * half..4 * half + 4].as_ptr().cast::<__m128i>();
            // SAFETY: `p` and `k` point to 4 words of `words` and of `keep`, `p` readable
            // and writable, `k` readable; loadu and storeu have no alignment requirement.
            let (old, kept) = unsafe { (_mm_loadu_si128(p), _mm_loadu_si128(k)) };
            let gone = _mm_andnot_si128(kept, c);
            let hit = _mm_cmpeq_epi32(_mm_and_si128(old, gone), zero);
            changed |= ((!_mm_movemask_ps(_mm_castsi128_ps(hit)) & 0xF) as u32) << (4 * half);
            // SAFETY: as above.
            unsafe { _mm_storeu_si128(p, _mm_andnot_si128(gone, old)) };
        }
        let gone = cells & !keep[8];
        changed |= ((words[8] & gone != 0) as u32) << 8;
        words[8] &= !gone;
        changed
    }

    /// One byte per bit of `mask` (bytes 0-15 from bits 0-15 when `high` is false, from
    /// bits 16-31 when it is true): `weight` where the bit is set, 0 elsewhere.
    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn bits_to_bytes_sse(mask: u32, high: bool, weight: u8) -> __m128i {
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

    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn write_digits_sse41(f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
        let mut buf = [0u8; 96];
        for (b, words) in f.iter().enumerate() {
            let planes = digit_planes(words);
            for (half, high) in [false, true].into_iter().enumerate() {
                let mut acc = _mm_set1_epi8(base as i8);
                for (k, &plane) in planes.iter().enumerate() {
                    acc = _mm_add_epi8(acc, bits_to_bytes_sse(plane, high, 1 << k));
                }
                let at = b * 27 + half * 16;
                let dst = &mut buf[at..at + 16];
                // SAFETY: `dst` is 16 writable bytes; storeu has no alignment requirement.
                unsafe { _mm_storeu_si128(dst.as_mut_ptr().cast(), acc) };
            }
        }
        out.copy_from_slice(&buf[..CELLS]);
    }

    /// Folds (at least one, at least two) lane pairs of two 4-lane vectors into lane 0.
    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn fold_one_two_sse(one: __m128i, two: __m128i) -> (u32, u32) {
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

    /// Folds (at least one, two, three) counts of 4 lanes into lane 0.
    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn fold_three_sse(mut c: [__m128i; 3]) -> [u32; 3] {
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

    /// Adds the ninth word to counts of the first eight.
    #[inline(always)]
    fn add_ninth([one, two, three]: [u32; 3], w: u32) -> [u32; 3] {
        [one | w, two | one & w, three | two & w]
    }

    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn up_to_three_sse41(words: &[u32; 9]) -> [u32; 3] {
        let (a, b) = (words[..4].as_ptr(), words[4..8].as_ptr());
        // SAFETY: `a` and `b` point to 4 readable words each; loadu has no alignment
        // requirement.
        let (a, b) = unsafe { (_mm_loadu_si128(a.cast()), _mm_loadu_si128(b.cast())) };
        let c = [_mm_or_si128(a, b), _mm_and_si128(a, b), _mm_setzero_si128()];
        add_ninth(fold_three_sse(c), words[8])
    }

    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn one_and_two_sse41(words: &[u32; 9]) -> (u32, u32) {
        let (a, b) = (words[..4].as_ptr(), words[4..8].as_ptr());
        // SAFETY: `a` and `b` point to 4 readable words each; loadu has no alignment
        // requirement.
        let (a, b) = unsafe { (_mm_loadu_si128(a.cast()), _mm_loadu_si128(b.cast())) };
        let (one, two) = fold_one_two_sse(_mm_or_si128(a, b), _mm_and_si128(a, b));
        (one | words[8], two | one & words[8])
    }

    #[target_feature(enable = "sse4.1,popcnt")]
    #[inline]
    fn holding_sse41(words: &[u32; 9], cells: u32) -> u32 {
        let c = _mm_set1_epi32(cells as i32);
        let (a, b) = (words[..4].as_ptr(), words[4..8].as_ptr());
        // SAFETY: `a` and `b` point to 4 readable words each; loadu has no alignment
        // requirement.
        let (a, b) = unsafe { (_mm_loadu_si128(a.cast()), _mm_loadu_si128(b.cast())) };
        let zero = _mm_setzero_si128();
        let none_a = _mm_cmpeq_epi32(_mm_and_si128(a, c), zero);
        let none_b = _mm_cmpeq_epi32(_mm_and_si128(b, c), zero);
        let none = _mm_movemask_ps(_mm_castsi128_ps(none_a))
            | _mm_movemask_ps(_mm_castsi128_ps(none_b)) << 4;
        (!none as u32 & 0xFF) | ((words[8] & cells != 0) as u32) << 8
    }

    impl Isa for Sse41 {
        #[inline(always)]
        fn minirows(self, cells: u32) -> u32 {
            minirows_scalar(cells)
        }

        #[inline(always)]
        fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
            // SAFETY: an `Sse41` token exists only if the CPU has SSE4.1 and POPCNT.
            unsafe { scan_sse41(cells, base) }
        }

        #[inline(always)]
        fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
            // SAFETY: an `Sse41` token exists only if the CPU has SSE4.1 and POPCNT.
            unsafe { clear_band_sse41(words, cells, keep) }
        }

        #[inline(always)]
        fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
            // SAFETY: an `Sse41` token exists only if the CPU has SSE4.1 and POPCNT.
            unsafe { write_digits_sse41(f, out, base) }
        }

        #[inline(always)]
        fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
            // SAFETY: an `Sse41` token exists only if the CPU has SSE4.1 and POPCNT.
            unsafe { one_and_two_sse41(words) }
        }

        #[inline(always)]
        fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
            // SAFETY: an `Sse41` token exists only if the CPU has SSE4.1 and POPCNT.
            unsafe { holding_sse41(words, cells) }
        }

        #[inline(always)]
        fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
            // SAFETY: an `Sse41` token exists only if the CPU has SSE4.1 and POPCNT.
            unsafe { up_to_three_sse41(words) }
        }
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn scan_avx2(cells: &[u8; CELLS], base: u8) -> Scan {
        // Three 32-byte loads: cells 0-31, 32-63 and 49-80.
        let load = |at: usize| {
            let chunk: &[u8; 32] = cells[at..at + 32].try_into().unwrap_or(&[0; 32]);
            // SAFETY: `chunk` is a reference to 32 readable bytes; loadu has no alignment
            // requirement.
            unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }
        };
        let v = [load(0), load(32), load(49)];
        let mut clues = [0u32; 27];
        for d in 0..9 {
            let k = _mm256_set1_epi8(base.wrapping_add(d as u8 + 1) as i8);
            let m = v.map(|x| _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, k)) as u32);
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
        let ok = v.map(|x| {
            let off = _mm256_sub_epi8(x, basev);
            let in_range = _mm256_cmpeq_epi8(_mm256_min_epu8(off, nine), off);
            _mm256_movemask_epi8(_mm256_or_si256(in_range, _mm256_cmpeq_epi8(x, dot))) as u32
        });
        Scan {
            clues,
            valid: ok[0] & ok[1] & ok[2] == u32::MAX,
        }
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn minirows_pext(cells: u32) -> u32 {
        // The mask is free and tells the compiler the result indexes a 512-entry table.
        _pext_u32(cells | cells >> 1 | cells >> 2, MINIROW_LOW) & 0x1FF
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn clear_band_avx2(words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
        let c = _mm256_set1_epi32(cells as i32);
        let p = words[..8].as_mut_ptr().cast::<__m256i>();
        let k = keep[..8].as_ptr().cast::<__m256i>();
        // SAFETY: `p` and `k` point to the first 8 words of `words` and of `keep`, `p`
        // readable and writable, `k` readable; loadu and storeu have no alignment
        // requirement.
        let (old, kept) = unsafe { (_mm256_loadu_si256(p), _mm256_loadu_si256(k)) };
        let gone = _mm256_andnot_si256(kept, c);
        let hit = _mm256_cmpeq_epi32(_mm256_and_si256(old, gone), _mm256_setzero_si256());
        let mut changed = !_mm256_movemask_ps(_mm256_castsi256_ps(hit)) as u32 & 0xFF;
        // SAFETY: as above.
        unsafe { _mm256_storeu_si256(p, _mm256_andnot_si256(gone, old)) };
        let gone = cells & !keep[8];
        changed |= ((words[8] & gone != 0) as u32) << 8;
        words[8] &= !gone;
        changed
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn write_digits_avx2(f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
        let shuf = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3,
            3, 3, 3,
        );
        let sel = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
        let mut buf = [0u8; 96];
        for (b, words) in f.iter().enumerate() {
            let mut acc = _mm256_set1_epi8(base as i8);
            for (k, &plane) in digit_planes(words).iter().enumerate() {
                let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(plane as i32), shuf);
                let set = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, sel), sel);
                acc = _mm256_add_epi8(acc, _mm256_and_si256(set, _mm256_set1_epi8(1 << k)));
            }
            // Each band's 32-byte store runs 5 bytes into the next band, which the next
            // store overwrites; the last one ends inside `buf`.
            let at = b * 27;
            let dst = &mut buf[at..at + 32];
            // SAFETY: `dst` is 32 writable bytes; storeu has no alignment requirement.
            unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), acc) };
        }
        out.copy_from_slice(&buf[..CELLS]);
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn one_and_two_avx2(words: &[u32; 9]) -> (u32, u32) {
        let p = words[..8].as_ptr().cast::<__m256i>();
        // SAFETY: `p` points to 8 readable words; loadu has no alignment requirement.
        let v = unsafe { _mm256_loadu_si256(p) };
        let (lo, hi) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let (one, two) = fold_one_two_sse(_mm_or_si128(lo, hi), _mm_and_si128(lo, hi));
        (one | words[8], two | one & words[8])
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn up_to_three_avx2(words: &[u32; 9]) -> [u32; 3] {
        let p = words[..8].as_ptr().cast::<__m256i>();
        // SAFETY: `p` points to 8 readable words; loadu has no alignment requirement.
        let v = unsafe { _mm256_loadu_si256(p) };
        let (lo, hi) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let c = [
            _mm_or_si128(lo, hi),
            _mm_and_si128(lo, hi),
            _mm_setzero_si128(),
        ];
        add_ninth(fold_three_sse(c), words[8])
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn holding_avx2(words: &[u32; 9], cells: u32) -> u32 {
        let p = words[..8].as_ptr().cast::<__m256i>();
        // SAFETY: `p` points to 8 readable words; loadu has no alignment requirement.
        let v = unsafe { _mm256_loadu_si256(p) };
        let c = _mm256_set1_epi32(cells as i32);
        let none = _mm256_cmpeq_epi32(_mm256_and_si256(v, c), _mm256_setzero_si256());
        (!_mm256_movemask_ps(_mm256_castsi256_ps(none)) as u32 & 0xFF)
            | ((words[8] & cells != 0) as u32) << 8
    }

    impl<const PEXT: bool> Isa for Avx2<PEXT> {
        #[inline(always)]
        fn minirows(self, cells: u32) -> u32 {
            if !PEXT {
                return minirows_scalar(cells);
            }
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { minirows_pext(cells) }
        }

        #[inline(always)]
        fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { scan_avx2(cells, base) }
        }

        #[inline(always)]
        fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { clear_band_avx2(words, cells, keep) }
        }

        #[inline(always)]
        fn write_digits(self, f: &[[u32; 9]; 3], out: &mut [u8; CELLS], base: u8) {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { write_digits_avx2(f, out, base) }
        }

        #[inline(always)]
        fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { one_and_two_avx2(words) }
        }

        #[inline(always)]
        fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { holding_avx2(words, cells) }
        }

        #[inline(always)]
        fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { up_to_three_avx2(words) }
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

    fn check<I: Isa>(isa: I) {
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
        match Sse41::new() {
            Some(isa) => check(isa),
            None => eprintln!("note: this CPU lacks SSE4.1; its backend is not tested here"),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_matches_the_scalar_model() {
        match (Avx2::<true>::new(), Avx2::<false>::new()) {
            (Some(with_pext), Some(with_tables)) => {
                check(with_pext);
                check(with_tables);
            }
            _ => eprintln!("note: this CPU lacks AVX2; its backend is not tested here"),
        }
        // The answer depends on the CPU; it must at least be stable.
        assert_eq!(x86::pext_is_fast(), x86::pext_is_fast());
    }
}
