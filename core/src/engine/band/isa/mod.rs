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
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
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
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
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
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
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
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
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
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
fn add_ninth([one, two, three]: [u32; 3], w: u32) -> [u32; 3] {
    [one | w, two | one & w, three | two & w]
}

#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(target_arch = "aarch64")]
mod neon;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;

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

    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[test]
    fn simd128_matches_the_scalar_model() {
        let isa = crate::engine::path::Simd128::detect().expect("a SIMD128 build runs SIMD128");
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
