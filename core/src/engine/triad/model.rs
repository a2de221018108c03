//! The scalar twin: every primitive of [`BoxOps`] written lane by lane, as plainly as
//! possible. It specifies the primitives; the tests check every other backend against it.

#![forbid(unsafe_code)]

use super::backend::BoxOps;

/// The plain lane-by-lane backend; runs everywhere.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Model;

impl crate::engine::path::Enter for Model {
    fn enter<J: crate::engine::path::Run<Self>>(self, job: J) -> J::Output {
        job.run(self)
    }
}

/// A box vector as an array of lanes, lane `4 * r + c`.
pub(crate) type Lanes = [u16; 16];

fn map(x: Lanes, f: impl Fn(usize, u16) -> u16) -> Lanes {
    let mut out = [0; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(i, x[i]);
    }
    out
}

fn zip(a: Lanes, b: Lanes, f: impl Fn(u16, u16) -> u16) -> Lanes {
    map(a, |i, v| f(v, b[i]))
}

fn pack(f: [u16; 3]) -> u64 {
    f[0] as u64 | (f[1] as u64) << 16 | (f[2] as u64) << 32
}

impl BoxOps for Model {
    type Box = Lanes;
    /// Bit `i` for lane `i`.
    type Mask = u16;

    fn load(self, lanes: &Lanes) -> Lanes {
        *lanes
    }
    fn with_rows(self, rows: [u64; 4]) -> Lanes {
        map([0; 16], |i, _| (rows[i / 4] >> (16 * (i % 4))) as u16)
    }
    fn lanes(self, x: Lanes) -> Lanes {
        x
    }
    fn splat(self, v: u16) -> Lanes {
        [v; 16]
    }
    fn and(self, a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |a, b| a & b)
    }
    fn or(self, a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |a, b| a | b)
    }
    fn and_not(self, a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |a, b| a & !b)
    }
    fn select(self, mask: u16, a: Lanes, b: Lanes) -> Lanes {
        map(a, |i, v| if mask >> i & 1 != 0 { v } else { b[i] })
    }
    fn keep(self, mask: u16, x: Lanes) -> Lanes {
        self.select(mask, x, [0; 16])
    }
    fn row_peers(self, x: Lanes) -> Lanes {
        map(x, |i, _| {
            let (r, c) = (i / 4, i % 4);
            (0..4).filter(|&k| k != c).fold(0, |u, k| u | x[4 * r + k])
        })
    }
    fn col_peers(self, x: Lanes) -> Lanes {
        map(x, |i, _| {
            let (r, c) = (i / 4, i % 4);
            (0..4).filter(|&k| k != r).fold(0, |u, k| u | x[4 * k + c])
        })
    }
    fn sizes(self, x: Lanes) -> Lanes {
        map(x, |_, v| v.count_ones() as u16)
    }
    fn lowest_digits(self, x: Lanes) -> Lanes {
        map(x, |_, v| (v ^ v.wrapping_sub(1)).count_ones() as u16)
    }
    fn eq(self, a: Lanes, b: Lanes) -> u16 {
        (0..16).fold(0, |m, i| m | ((a[i] == b[i]) as u16) << i)
    }
    fn gt(self, a: Lanes, b: Lanes) -> u16 {
        (0..16).fold(0, |m, i| m | ((a[i] > b[i]) as u16) << i)
    }
    fn mask_or(self, a: u16, b: u16) -> u16 {
        a | b
    }
    fn mask_any(self, m: u16) -> bool {
        m != 0
    }
    fn is_zero(self, x: Lanes) -> bool {
        x.iter().all(|&v| v == 0)
    }
    fn triads_differ(self, a: Lanes, b: Lanes) -> (bool, bool) {
        let h = [3, 7, 11].iter().any(|&i| a[i] != b[i]);
        let v = [12, 13, 14].iter().any(|&i| a[i] != b[i]);
        (h, v)
    }
    fn same(self, a: Lanes, b: Lanes) -> bool {
        a == b
    }
    fn triads_shifted<const H: usize, const V: usize>(self, h: Lanes, v: Lanes) -> Lanes {
        map([0; 16], |i, _| match (i / 4, i % 4) {
            (r, 3) if r < 3 => h[4 * ((r + H) % 3) + 3],
            (3, c) if c < 3 => v[12 + (c + V) % 3],
            _ => 0,
        })
    }
    fn narrowed(self, x: Lanes, p: Lanes) -> Lanes {
        map(x, |i, v| {
            v & match (i / 4, i % 4) {
                (3, 3) => 0xFFFF,
                (r, 3) => p[4 * ((r + 1) % 3) + 3] | p[4 * ((r + 2) % 3) + 3],
                (3, c) => p[12 + (c + 1) % 3] | p[12 + (c + 2) % 3],
                (r, c) => p[4 * r + 3] & p[12 + c],
            }
        })
    }
    fn band_configs<const VERTICAL: bool>(
        self,
        q: [Lanes; 3],
        cyc: Lanes,
        anti: Lanes,
    ) -> (Lanes, Lanes) {
        let lane = |k: usize| {
            if VERTICAL {
                12 + k % 3
            } else {
                4 * (k % 3) + 3
            }
        };
        let (mut c, mut a) = (cyc, anti);
        for k in 0..3 {
            c[lane(k)] &= q[0][lane(k)] & q[1][lane(k + 1)] & q[2][lane(k + 2)];
            a[lane(k)] &= q[0][lane(k)] & q[1][lane(k + 2)] & q[2][lane(k + 1)];
        }
        (c, a)
    }
    fn band_narrowed<const VERTICAL: bool, const POS: usize>(
        self,
        x: Lanes,
        cyc: Lanes,
        anti: Lanes,
    ) -> Lanes {
        let lane = |k: usize| {
            if VERTICAL {
                12 + k % 3
            } else {
                4 * (k % 3) + 3
            }
        };
        let places = |k: usize| cyc[lane(k + 3 - POS)] | anti[lane(k + POS)];
        map(x, |i, v| {
            let (r, c) = (i / 4, i % 4);
            let (along, across) = if VERTICAL { (c, r) } else { (r, c) };
            match (along, across) {
                (3, _) => v,
                (k, 3) => v & (places(k + 1) | places(k + 2)),
                (k, _) => v & places(k),
            }
        })
    }
    fn band_cells(self, places: &[u32; 9]) -> [Lanes; 3] {
        core::array::from_fn(|j| {
            map([0; 16], |i, _| match (i / 4, i % 4) {
                (r, c) if r < 3 && c < 3 => (0..9)
                    .filter(|&d| places[d] >> (9 * r + 3 * j + c) & 1 != 0)
                    .fold(0, |u, d| u | 1 << d),
                _ => 0,
            })
        })
    }
    fn right_column(self, x: Lanes) -> u64 {
        pack([x[3], x[7], x[11]])
    }
    fn bottom_row(self, x: Lanes) -> u64 {
        pack([x[12], x[13], x[14]])
    }
}
