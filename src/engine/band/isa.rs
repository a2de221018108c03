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
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::{Avx2, Sse41};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{bands_of, minirows_scalar, Isa, Scan};
    use crate::board::CELLS;
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
    /// after checking the CPU.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2(());

    impl Avx2 {
        /// The token, if this CPU has AVX2, BMI1, BMI2, POPCNT and LZCNT.
        pub(crate) fn new() -> Option<Avx2> {
            crate::engine::Path::Avx2.is_available().then_some(Avx2(()))
        }
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

    impl Isa for Avx2 {
        #[inline(always)]
        fn minirows(self, cells: u32) -> u32 {
            minirows_scalar(cells)
        }

        #[inline(always)]
        fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
            // SAFETY: an `Avx2` token exists only if the CPU has every feature enabled.
            unsafe { scan_avx2(cells, base) }
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
        match Avx2::new() {
            Some(isa) => check(isa),
            None => eprintln!("note: this CPU lacks AVX2; its backend is not tested here"),
        }
    }
}
