//! NEON, the 128-bit counterpart of the SSE4.1 code. Where NEON lacks an SSE
//! instruction: `movemask` becomes an AND with each lane's bit weight and an add
//! across the lanes (`vaddv`); `pshufb` is `tbl`; there is no `pext` (as on SSE4.1,
//! minirows come from the table). Every function here is `#[inline(always)]`, compiled
//! inside the path's way in; each `unsafe` block only calls NEON intrinsics, which the
//! token (`self`, or the one it is given) proves, unless its comment says more.

#![allow(unsafe_code)]

use super::{add_ninth, clear_ninth, digit_planes, minirows_scalar, scan_of_chunks, BandOps, Scan};
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
