//! WebAssembly SIMD128, the counterpart of the NEON and SSE4.1 code: `movemask` is
//! `i8x16.bitmask` (and `i32x4.bitmask` for words); NEON's `tst` is an AND compared with
//! zero; `tbl` with a fixed pattern is an `i8x16.shuffle` with the pattern as immediate;
//! there is no `pext` (as on SSE4.1 and NEON, minirows come from the table).
//!
//! This module exists only in a build with `-C target-feature=+simd128`, where every
//! function has the feature: the intrinsics are safe functions there, and the only
//! `unsafe` blocks are the loads and stores through pointers. Every function here is
//! `#[inline(always)]`, compiled inside the path's way in.

#![allow(unsafe_code)]

use super::{add_ninth, clear_ninth, digit_planes, minirows_scalar, scan_of_chunks, BandOps, Scan};
use crate::board::CELLS;
use crate::engine::path::Simd128;
use core::arch::wasm32::*;

/// Bit `i % 8` in byte `i`: the bit of its plane byte each output byte tests.
#[inline(always)]
fn byte_bits() -> v128 {
    u8x16(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
}

/// Compares 16 bytes with `base + 1` ..= `base + 9` and with the valid range.
#[inline(always)]
fn chunk_masks(v: v128, base: u8) -> ([u32; 9], u32) {
    let mut out = [0u32; 9];
    for (d, o) in out.iter_mut().enumerate() {
        let eq = u8x16_eq(v, u8x16_splat(base.wrapping_add(d as u8 + 1)));
        *o = u32::from(i8x16_bitmask(eq));
    }
    let in_range = u8x16_le(u8x16_sub(v, u8x16_splat(base)), u8x16_splat(9));
    let ok = v128_or(in_range, u8x16_eq(v, u8x16_splat(b'.')));
    (out, u32::from(i8x16_bitmask(ok)))
}

/// Words 0-3 and 4-7.
#[inline(always)]
fn two_quads(words: &[u32; 9]) -> (v128, v128) {
    let p = words.as_ptr();
    // SAFETY: `words` has 9 readable words, of which these read 0-3 and 4-7; `v128_load`
    // has no alignment requirement.
    unsafe { (v128_load(p.cast()), v128_load(p.add(4).cast())) }
}

/// The lanes of 4 words where `a & b` is nonzero, as a 4-bit mask.
#[inline(always)]
fn meeting(a: v128, b: v128) -> u32 {
    let hit = u32x4_ne(v128_and(a, b), u32x4_splat(0));
    u32::from(i32x4_bitmask(hit))
}

/// Folds (at least one, two, three) counts of 4 lanes into one value each: lane `i`
/// meets lane `i + 2`, then lane `i + 1`.
#[inline(always)]
fn fold_three(mut c: [v128; 3]) -> [u32; 3] {
    for step in 0..2 {
        let s = if step == 0 {
            c.map(|v| u32x4_shuffle::<2, 3, 0, 1>(v, v))
        } else {
            c.map(|v| u32x4_shuffle::<1, 2, 3, 0>(v, v))
        };
        let three = v128_or(
            v128_or(c[2], s[2]),
            v128_or(v128_and(c[1], s[0]), v128_and(c[0], s[1])),
        );
        let two = v128_or(v128_or(c[1], s[1]), v128_and(c[0], s[0]));
        c = [v128_or(c[0], s[0]), two, three];
    }
    c.map(|v| u32x4_extract_lane::<0>(v))
}

impl BandOps for Simd128 {
    #[inline(always)]
    fn minirows(self, cells: u32) -> u32 {
        minirows_scalar(cells)
    }

    #[inline(always)]
    fn scan(self, cells: &[u8; CELLS], base: u8) -> Scan {
        // Six 16-byte loads: cells 0-63, 64-79 and 65-80 (the last only for cell 80).
        let load = |at: usize| {
            let chunk: &[u8; 16] = cells[at..at + 16].try_into().unwrap_or(&[0; 16]);
            // SAFETY: `chunk` is a reference to 16 readable bytes; `v128_load` has no
            // alignment requirement.
            unsafe { v128_load(chunk.as_ptr().cast()) }
        };
        let parts = [0, 16, 32, 48, 64, 65].map(|at| chunk_masks(load(at), base));
        scan_of_chunks(&parts)
    }

    #[inline(always)]
    fn clear_band(self, words: &mut [u32; 9], cells: u32, keep: &[u32; 9]) -> u32 {
        let mut changed = 0;
        for half in 0..2 {
            let p = words[4 * half..4 * half + 4].as_mut_ptr();
            let k = keep[4 * half..4 * half + 4].as_ptr();
            // SAFETY: `p` and `k` point to 4 words of `words` and of `keep`, `p` readable
            // and writable, `k` readable; `v128_load` and `v128_store` have no alignment
            // requirement.
            let (old, gone) = unsafe {
                let (old, kept) = (v128_load(p.cast()), v128_load(k.cast()));
                let gone = v128_andnot(u32x4_splat(cells), kept);
                v128_store(p.cast(), v128_andnot(old, gone));
                (old, gone)
            };
            changed |= meeting(old, gone) << (4 * half);
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
                let mut acc = u8x16_splat(base);
                for (k, &plane) in planes.iter().enumerate() {
                    // Byte `i` takes byte `i / 8` (or `2 + i / 8`) of the plane and keeps
                    // its bit `i % 8`.
                    let v = u32x4_splat(plane);
                    let bytes = if half == 0 {
                        i8x16_shuffle::<0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1>(v, v)
                    } else {
                        i8x16_shuffle::<2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3>(v, v)
                    };
                    let set = u8x16_ne(v128_and(bytes, byte_bits()), u8x16_splat(0));
                    acc = u8x16_add(acc, v128_and(set, u8x16_splat(1 << k)));
                }
                // SAFETY: `dst` is 16 writable bytes; `v128_store` has no alignment
                // requirement.
                unsafe { v128_store(dst.as_mut_ptr().cast(), acc) };
            }
        }
        out.copy_from_slice(&buf[..CELLS]);
    }

    #[inline(always)]
    fn one_and_two(self, words: &[u32; 9]) -> (u32, u32) {
        let (a, b) = two_quads(words);
        let c = [v128_or(a, b), v128_and(a, b), u32x4_splat(0)];
        // The fold's third count is unused here, and compiled away.
        let [one, two, _] = fold_three(c);
        (one | words[8], two | one & words[8])
    }

    #[inline(always)]
    fn holding(self, words: &[u32; 9], cells: u32) -> u32 {
        let (a, b) = two_quads(words);
        let c = u32x4_splat(cells);
        meeting(a, c) | meeting(b, c) << 4 | ((words[8] & cells != 0) as u32) << 8
    }

    #[inline(always)]
    fn up_to_three(self, words: &[u32; 9]) -> [u32; 3] {
        let (a, b) = two_quads(words);
        let c = [v128_or(a, b), v128_and(a, b), u32x4_splat(0)];
        add_ninth(fold_three(c), words[8])
    }
}
