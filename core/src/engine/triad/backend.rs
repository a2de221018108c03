//! The vector primitives the triad engine is written in, named by what they mean.
//!
//! A *box vector* is a 4x4 matrix of 16-bit lanes, lane `4 * r + c` at row `r`, column
//! `c`, each holding a set of digits (bit `d - 1` for digit `d`). In the engine, the 3x3
//! top-left block holds the candidates of the box's cells, the right column holds the
//! *negative horizontal triads* (the digits that may be absent from each minirow), the
//! bottom row the *negative vertical triads*, and the bottom-right corner is unused. The
//! primitives themselves know nothing of that: they are plain lane-wise and row/column
//! operations on the matrix, specified by `model::Model`, the scalar twin every backend
//! is tested against.
//!
//! The primitives are implemented for the code paths' tokens (`crate::engine::path`): a
//! value of a SIMD token exists only on a CPU that has its instruction set (see each
//! token's `detect`), which is what makes its primitives sound to call.

#![forbid(unsafe_code)]

/// One implementation of the primitives. Every method is meant to be inlined into the
/// engine as entered on the path (`Enter::enter`), compiled with the path's target
/// features.
pub(crate) trait BoxOps: Copy {
    /// A box vector: 16 lanes of 16 bits in a 4x4 matrix.
    type Box: Copy;
    /// Whether a propagation round updates every band of the boxes it steps, rather than
    /// only the bands whose triads moved (see `State::propagate`): worth it where band
    /// updates are cheap next to a branch mispredicted late.
    const EAGER_BANDS: bool = false;
    /// A set of lanes (a per-lane boolean), as a comparison produces it.
    type Mask: Copy;

    /// The box vector holding `lanes` (lane `4 * r + c`).
    fn load(self, lanes: &[u16; 16]) -> Self::Box;
    /// The box vector whose matrix row `r` is `rows[r]`, lane `c` in bits `16 * c` to
    /// `16 * c + 15`.
    fn with_rows(self, rows: [u64; 4]) -> Self::Box;
    /// The lanes of `x`.
    fn lanes(self, x: Self::Box) -> [u16; 16];
    /// Every lane `v`.
    fn splat(self, v: u16) -> Self::Box;

    /// Lane-wise `a & b`.
    fn and(self, a: Self::Box, b: Self::Box) -> Self::Box;
    /// Lane-wise `a | b`.
    fn or(self, a: Self::Box, b: Self::Box) -> Self::Box;
    /// Lane-wise `a & !b`.
    fn and_not(self, a: Self::Box, b: Self::Box) -> Self::Box;
    /// Lane-wise `if mask { a } else { b }`.
    fn select(self, mask: Self::Mask, a: Self::Box, b: Self::Box) -> Self::Box;
    /// Lane-wise `if mask { x } else { 0 }`.
    fn keep(self, mask: Self::Mask, x: Self::Box) -> Self::Box;

    /// Union of row peers: each lane gets the union of the other three lanes of its row.
    fn row_peers(self, x: Self::Box) -> Self::Box;
    /// Union of column peers: each lane gets the union of the other three lanes of its
    /// column.
    fn col_peers(self, x: Self::Box) -> Self::Box;
    /// Set sizes: each lane gets the number of bits set in it.
    fn sizes(self, x: Self::Box) -> Self::Box;
    /// Digit numbers: each lane gets the number of its lowest digit (1 for bit 0, 9 for
    /// bit 8), that is `(v ^ (v - 1)).count_ones()` with wrapping subtraction (16 for an
    /// empty lane).
    fn lowest_digits(self, x: Self::Box) -> Self::Box;
    /// The lanes where `a == b`.
    fn eq(self, a: Self::Box, b: Self::Box) -> Self::Mask;
    /// The lanes where `a > b` (unsigned 16-bit).
    fn gt(self, a: Self::Box, b: Self::Box) -> Self::Mask;
    /// The lanes in `a` or in `b`.
    fn mask_or(self, a: Self::Mask, b: Self::Mask) -> Self::Mask;
    /// Whether `m` holds any lane.
    fn mask_any(self, m: Self::Mask) -> bool;
    /// Whether every lane of `x` is zero.
    fn is_zero(self, x: Self::Box) -> bool;
    /// Whether `a` and `b` differ in some horizontal-triad lane (`(r, 3)`, `r < 3`), and
    /// whether they differ in some vertical-triad lane (`(3, c)`, `c < 3`).
    fn triads_differ(self, a: Self::Box, b: Self::Box) -> (bool, bool);
    /// Whether `a` and `b` are equal in every lane.
    fn same(self, a: Self::Box, b: Self::Box) -> bool;

    /// Triads moved along their line: lane `(r, 3)` takes lane `((r + H) % 3, 3)` of
    /// `h`, lane `(3, c)` takes lane `(3, (c + V) % 3)` of `v`, for `r, c < 3`; every
    /// other lane is zero. (`H`, `V` < 3.)
    fn triads_shifted<const H: usize, const V: usize>(
        self,
        h: Self::Box,
        v: Self::Box,
    ) -> Self::Box;
    /// Box `x` narrowed to the places its bands allow, where `p` holds in lane `(r, 3)`
    /// the digits minirow `r` may hold and in lane `(3, c)` those minicolumn `c` may
    /// hold: cell `(r, c)` is intersected with `p(r, 3) & p(3, c)`; lane `(r, 3)` with
    /// `p((r + 1) % 3, 3) | p((r + 2) % 3, 3)` (the digits that may be absent from
    /// minirow `r`), lane `(3, c)` likewise along the bottom row; the corner is kept.
    fn narrowed(self, x: Self::Box, p: Self::Box) -> Self::Box;

    /// A band's configurations narrowed by its boxes' triads `q` (in band order). For a
    /// horizontal band (`VERTICAL` false), in lane `(r, 3)`, `r < 3`:
    /// `cyc & q[0](r) & q[1]((r + 1) % 3) & q[2]((r + 2) % 3)` and
    /// `anti & q[0](r) & q[1]((r + 2) % 3) & q[2]((r + 1) % 3)`, reading each `q[i](r)`
    /// in lane `(r, 3)`; for a vertical band likewise along lanes `(3, c)`. Every other
    /// lane of `cyc` and `anti` is returned unchanged.
    #[inline(always)]
    fn band_configs<const VERTICAL: bool>(
        self,
        q: [Self::Box; 3],
        cyc: Self::Box,
        anti: Self::Box,
    ) -> (Self::Box, Self::Box) {
        let ones = self.splat(0xFFFF);
        // The band's lanes all-ones, the others zero.
        let band = if VERTICAL {
            self.triads_shifted::<0, 0>(self.splat(0), ones)
        } else {
            self.triads_shifted::<0, 0>(ones, self.splat(0))
        };
        let (a1, a2, b1, b2) = if VERTICAL {
            let z = self.splat(0);
            (
                self.triads_shifted::<0, 1>(z, q[1]),
                self.triads_shifted::<0, 2>(z, q[2]),
                self.triads_shifted::<0, 2>(z, q[1]),
                self.triads_shifted::<0, 1>(z, q[2]),
            )
        } else {
            let z = self.splat(0);
            (
                self.triads_shifted::<1, 0>(q[1], z),
                self.triads_shifted::<2, 0>(q[2], z),
                self.triads_shifted::<2, 0>(q[1], z),
                self.triads_shifted::<1, 0>(q[2], z),
            )
        };
        let keep = self.and_not(ones, band);
        let zc = self.or(self.and(self.and(q[0], a1), a2), keep);
        let za = self.or(self.and(self.and(q[0], b1), b2), keep);
        (self.and(cyc, zc), self.and(anti, za))
    }
    /// Box `x`, at position `POS` of a band, narrowed to the places the band's
    /// configurations `cyc`, `anti` allow. For a horizontal band (`VERTICAL` false), with
    /// `places(r) = cyc((r + 3 - POS) % 3) | anti((r + POS) % 3)` read in lanes `(r, 3)`:
    /// cell `(r, c)` is intersected with `places(r)`, lane `(r, 3)` with
    /// `places((r + 1) % 3) | places((r + 2) % 3)`, and the bottom row is unchanged. For a
    /// vertical band likewise along the bottom row, the right column unchanged.
    #[inline(always)]
    fn band_narrowed<const VERTICAL: bool, const POS: usize>(
        self,
        x: Self::Box,
        cyc: Self::Box,
        anti: Self::Box,
    ) -> Self::Box {
        let (z, ones) = (self.splat(0), self.splat(0xFFFF));
        let places = if VERTICAL {
            let c = match POS {
                0 => self.triads_shifted::<0, 0>(z, cyc),
                1 => self.triads_shifted::<0, 2>(z, cyc),
                _ => self.triads_shifted::<0, 1>(z, cyc),
            };
            let a = match POS {
                0 => self.triads_shifted::<0, 0>(z, anti),
                1 => self.triads_shifted::<0, 1>(z, anti),
                _ => self.triads_shifted::<0, 2>(z, anti),
            };
            self.or(self.or(c, a), self.triads_shifted::<0, 0>(ones, z))
        } else {
            let c = match POS {
                0 => self.triads_shifted::<0, 0>(cyc, z),
                1 => self.triads_shifted::<2, 0>(cyc, z),
                _ => self.triads_shifted::<1, 0>(cyc, z),
            };
            let a = match POS {
                0 => self.triads_shifted::<0, 0>(anti, z),
                1 => self.triads_shifted::<1, 0>(anti, z),
                _ => self.triads_shifted::<2, 0>(anti, z),
            };
            self.or(self.or(c, a), self.triads_shifted::<0, 0>(z, ones))
        };
        self.narrowed(x, places)
    }

    /// The three boxes of a band with their cells' candidates, from the band's digits'
    /// places: `places[d]` holds bit `9 * r + c` when digit `d + 1` may go in row `r`,
    /// column `c` of the band. Box `j` gets in lane `(r, c)`, `r, c < 3`, the digits whose
    /// places hold bit `9 * r + 3 * j + c`; its other lanes are zero.
    #[inline(always)]
    fn band_cells(self, places: &[u32; 9]) -> [Self::Box; 3] {
        // Three bits of a minirow spread to the low bits of three 16-bit fields: the
        // products of the three shifts do not overlap, so no carry crosses a field.
        let spread = |bits: u32| ((bits as u64 & 7) * 0x4000_8001) & 0x0001_0001_0001;
        let mut rows = [[0u64; 4]; 3];
        for (d, &w) in places.iter().enumerate() {
            for (j, box_rows) in rows.iter_mut().enumerate() {
                for (r, row) in box_rows.iter_mut().take(3).enumerate() {
                    *row |= spread(w >> (9 * r + 3 * j)) << d;
                }
            }
        }
        [
            self.with_rows(rows[0]),
            self.with_rows(rows[1]),
            self.with_rows(rows[2]),
        ]
    }

    /// The right column (lanes 3, 7, 11) packed as three 16-bit fields of a `u64`, the top
    /// field zero.
    fn right_column(self, x: Self::Box) -> u64;
    /// The bottom row (lanes 12, 13, 14) packed as three 16-bit fields of a `u64`, the top
    /// field zero.
    fn bottom_row(self, x: Self::Box) -> u64;
}
