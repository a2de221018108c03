//! The portable backend: a box vector is four `u64`s, one matrix row each, lane `c` in
//! bits `16 * c..16 * c + 16` ("SIMD within a register"). Safe code, no target features.

#![forbid(unsafe_code)]

use super::backend::BoxOps;
use crate::engine::path::Portable;

/// A box vector: rows 0-3.
pub(crate) type Rows = [u64; 4];

/// The top bit of every 16-bit field.
const HIGH: u64 = 0x8000_8000_8000_8000;
/// The low 15 bits of every field.
const LOW15: u64 = 0x7FFF_7FFF_7FFF_7FFF;
/// Field 3 of a row (the right column).
const FIELD3: u64 = 0xFFFF << 48;
/// Fields 0-2 of a row.
const FIELDS012: u64 = !FIELD3;

#[inline(always)]
fn map(x: Rows, f: impl Fn(u64) -> u64) -> Rows {
    [f(x[0]), f(x[1]), f(x[2]), f(x[3])]
}

#[inline(always)]
fn zip(a: Rows, b: Rows, f: impl Fn(u64, u64) -> u64) -> Rows {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
}

/// Each field with its top bit set to all-ones, others to zero (`high` holds only top
/// bits of fields): the top bit, and below it the top bit less one, which borrows only
/// within its field. No multiplication, which is slow or a library call on some targets.
#[inline(always)]
fn spread(high: u64) -> u64 {
    high | (high - (high >> 15))
}

/// Field `k` of `w`.
#[inline(always)]
fn field(w: u64, k: usize) -> u64 {
    (w >> (16 * k)) & 0xFFFF
}

/// Fields 0-2 of a row rotated: field `c` takes field `(c + v) % 3`; field 3 zero.
#[inline(always)]
fn fields_rotated(w: u64, v: usize) -> u64 {
    match v % 3 {
        0 => w & FIELDS012,
        1 => ((w >> 16) & 0xFFFF_FFFF) | (field(w, 0) << 32),
        _ => field(w, 2) | ((w & 0xFFFF_FFFF) << 16),
    }
}

impl BoxOps for Portable {
    type Box = Rows;
    /// Lanes all-ones or zero.
    type Mask = Rows;

    #[inline(always)]
    fn load(self, lanes: &[u16; 16]) -> Rows {
        let row = |r: usize| (0..4).fold(0u64, |w, c| w | (lanes[4 * r + c] as u64) << (16 * c));
        [row(0), row(1), row(2), row(3)]
    }
    #[inline(always)]
    fn with_rows(self, rows: [u64; 4]) -> Rows {
        rows
    }
    #[inline(always)]
    fn lanes(self, x: Rows) -> [u16; 16] {
        let mut out = [0u16; 16];
        for (i, v) in out.iter_mut().enumerate() {
            *v = (x[i / 4] >> (16 * (i % 4))) as u16;
        }
        out
    }
    #[inline(always)]
    fn splat(self, v: u16) -> Rows {
        [v as u64 * 0x0001_0001_0001_0001; 4]
    }
    #[inline(always)]
    fn and(self, a: Rows, b: Rows) -> Rows {
        zip(a, b, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, a: Rows, b: Rows) -> Rows {
        zip(a, b, |a, b| a | b)
    }
    #[inline(always)]
    fn and_not(self, a: Rows, b: Rows) -> Rows {
        zip(a, b, |a, b| a & !b)
    }
    #[inline(always)]
    fn select(self, mask: Rows, a: Rows, b: Rows) -> Rows {
        [0, 1, 2, 3].map(|r| (mask[r] & a[r]) | (!mask[r] & b[r]))
    }
    #[inline(always)]
    fn keep(self, mask: Rows, x: Rows) -> Rows {
        self.and(mask, x)
    }
    #[inline(always)]
    fn row_peers(self, x: Rows) -> Rows {
        map(x, |w| {
            w.rotate_left(16) | w.rotate_left(32) | w.rotate_left(48)
        })
    }
    #[inline(always)]
    fn col_peers(self, x: Rows) -> Rows {
        let (a, b) = (x[0] | x[1], x[2] | x[3]);
        [x[1] | b, x[0] | b, x[3] | a, x[2] | a]
    }
    #[inline(always)]
    fn sizes(self, x: Rows) -> Rows {
        map(x, |w| {
            let w = w - ((w >> 1) & 0x5555_5555_5555_5555);
            let w = (w & 0x3333_3333_3333_3333) + ((w >> 2) & 0x3333_3333_3333_3333);
            let w = (w + (w >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
            (w + (w >> 8)) & 0x001F_001F_001F_001F
        })
    }
    #[inline(always)]
    fn lowest_digits(self, x: Rows) -> Rows {
        // Lane by lane: a field-wise decrement would borrow across empty fields.
        let lanes = self
            .lanes(x)
            .map(|v| (v ^ v.wrapping_sub(1)).count_ones() as u16);
        self.load(&lanes)
    }
    #[inline(always)]
    fn eq(self, a: Rows, b: Rows) -> Rows {
        zip(a, b, |a, b| {
            let z = a ^ b;
            // The top bit of a field is set iff the field is nonzero.
            let nonzero = ((z & LOW15) + LOW15) | z;
            spread(!nonzero & HIGH)
        })
    }
    #[inline(always)]
    fn gt(self, a: Rows, b: Rows) -> Rows {
        // Fields below 0x8000: `(a | 0x8000) - b - 1` keeps its top bit iff `a > b`, and
        // never borrows across fields.
        zip(a, b, |a, b| {
            spread(((a | HIGH) - b - 0x0001_0001_0001_0001) & HIGH)
        })
    }
    #[inline(always)]
    fn mask_or(self, a: Rows, b: Rows) -> Rows {
        self.or(a, b)
    }
    #[inline(always)]
    fn mask_any(self, m: Rows) -> bool {
        !self.is_zero(m)
    }
    #[inline(always)]
    fn is_zero(self, x: Rows) -> bool {
        (x[0] | x[1] | x[2] | x[3]) == 0
    }
    #[inline(always)]
    fn triads_differ(self, a: Rows, b: Rows) -> (bool, bool) {
        let d = [a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]];
        ((d[0] | d[1] | d[2]) & FIELD3 != 0, d[3] & FIELDS012 != 0)
    }
    #[inline(always)]
    fn same(self, a: Rows, b: Rows) -> bool {
        // Word by word: the compiler's array comparison loads the rows as vectors, which
        // wait for the scalar stores that just wrote them.
        ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0
    }
    #[inline(always)]
    fn triads_shifted<const H: usize, const V: usize>(self, h: Rows, v: Rows) -> Rows {
        [
            h[H % 3] & FIELD3,
            h[(1 + H) % 3] & FIELD3,
            h[(2 + H) % 3] & FIELD3,
            fields_rotated(v[3], V),
        ]
    }
    #[inline(always)]
    fn narrowed(self, x: Rows, p: Rows) -> Rows {
        let bottom = p[3] & FIELDS012;
        let row = |r: usize| {
            let triad = field(p[r], 3);
            let cells = (triad * 0x0000_0001_0001_0001) & bottom;
            let absent = (p[(r + 1) % 3] | p[(r + 2) % 3]) & FIELD3;
            x[r] & (cells | absent)
        };
        let absent = fields_rotated(p[3], 1) | fields_rotated(p[3], 2);
        [row(0), row(1), row(2), x[3] & (absent | FIELD3)]
    }
    #[inline(always)]
    fn right_column(self, x: Rows) -> u64 {
        field(x[0], 3) | field(x[1], 3) << 16 | field(x[2], 3) << 32
    }
    #[inline(always)]
    fn bottom_row(self, x: Rows) -> u64 {
        x[3] & FIELDS012
    }
}
