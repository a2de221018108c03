//! The triad engine itself, generic over a [`BoxOps`].
//!
//! # The model
//!
//! Each box is a 4x4 matrix of digit sets ([`BoxOps::Box`]):
//!
//! ```text
//!   c0  c1  c2  H0        cells of the box, row-major;  H_r = digits that may be ABSENT
//!   c3  c4  c5  H1                                       from minirow r (negative triad)
//!   c6  c7  c8  H2
//!   V0  V1  V2  --        V_c = digits that may be absent from minicolumn c
//! ```
//!
//! Every matrix row but the last, and every matrix column but the last, holds each digit
//! exactly once: a digit is either in one cell of a minirow or absent from it. A cell
//! holds one digit and a negative triad six. Unit propagation over those rules gives
//! naked and hidden singles along minirows and minicolumns, and the 3-of-9 cardinality
//! of each minirow and minicolumn.
//!
//! Boxes talk only through *bands*. In a band of three boxes, a digit occupies one minirow
//! of each box and one of each row: a 3x3 permutation matrix, of which there are six (the
//! band's *configurations*). A band keeps, for each configuration, the digits that may
//! still take it; each box offers, for each of its minirows, the digits that may lie there
//! while being absent from its other two (its *triads*), and the band narrows each
//! minirow to the digits some surviving configuration puts there. That exchange carries
//! every constraint between boxes: rows, columns, the box's own exactly-once rule, and
//! locked candidates both ways.
//!
//! # Propagation
//!
//! Propagation runs in rounds over the whole grid, without branches inside a round: every
//! box that is new or that a band narrowed takes one step of its rules, then every band
//! whose boxes' triads moved (with `EAGER_BANDS`, every band of a stepped box)
//! recomputes its configurations and narrows its boxes. The nine boxes (and the six
//! bands) are independent within a round, which keeps the vector units busy; a round that
//! narrows no box ends propagation.
//!
//! A box is not stepped again for what its own step changed: that second step almost
//! always finds nothing new, and box steps are a large part of the cost (figures in
//! docs/performance.md). So
//! propagation stops short of the box rules' fixpoint; what it leaves is caught later, by
//! the box's bands, by its next step, or at the end, where a grid whose every band is
//! fixed counts only if each cell holds one digit (see [`State::solution`]).
//!
//! # Search
//!
//! The search branches on a band configuration: take the band with the fewest surviving
//! configurations, a digit with few of them, and either commit the digit to its lowest
//! configuration or rule that configuration out.

#![forbid(unsafe_code)]

use super::backend::BoxOps;
use crate::board::{Board, CELLS};
use crate::engine::path::{Enter, Run};
use crate::engine::watch::Watch;
use crate::engine::Candidates;

/// All nine digits.
const ALL: u16 = 0x1FF;

const F: u16 = 0xFFFF;
/// The corner lane's value, constant: all sixteen bits. It makes the row peers of a
/// vertical triad and the column peers of a horizontal triad all-ones, so that "the
/// digits no peer in some group holds" is `x & !(row_peers & col_peers)` for every lane.
const CORNER: u16 = F;
/// Lanes in rows 0-2 (the rows that are exactly-once groups).
const ROW_GROUP_LANES: [u16; 16] = [F, F, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, 0];
/// Lanes in columns 0-2 (the columns that are exactly-once groups).
const COL_GROUP_LANES: [u16; 16] = [F, F, F, 0, F, F, F, 0, F, F, F, 0, F, F, F, 0];
/// The horizontal triad lanes.
const H_LANES: [u16; 16] = [0, 0, 0, F, 0, 0, 0, F, 0, 0, 0, F, 0, 0, 0, 0];
/// The vertical triad lanes.
const V_LANES: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, F, F, F, 0];
/// The cell lanes.
const CELL_LANES: [u16; 16] = [F, F, F, 0, F, F, F, 0, F, F, F, 0, 0, 0, 0, 0];
/// The corner lane, with its constant value.
const CORNER_LANE: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, CORNER];
/// One in each cell lane: the size of a solved cell.
const CELL_ONES: [u16; 16] = [1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0];
/// Each lane's index.
const IOTA: [u16; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// All nine digits in every triad lane: configurations before any is ruled out.
const TRIADS_ALL: [u16; 16] = [0, 0, 0, ALL, 0, 0, 0, ALL, 0, 0, 0, ALL, ALL, ALL, ALL, 0];
/// How many digits each lane holds in a solution: one per cell, six per negative triad.
/// The corner is given 16, its constant size, so that no rule ever fires on it.
const TARGET: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 16];

/// The constant vectors of the engine, loaded once per search.
#[derive(Clone, Copy)]
struct Consts<B: BoxOps> {
    row_groups: B::Box,
    col_groups: B::Box,
    target: B::Box,
    digits: B::Box,
    zero: B::Box,
    h_ones: B::Box,
    v_ones: B::Box,
    h_lanes: B::Mask,
    cell_lanes: B::Mask,
    corner: B::Box,
    iota: B::Box,
    cell_ones: B::Box,
}

impl<B: BoxOps> Consts<B> {
    #[inline(always)]
    fn new(t: B) -> Self {
        let ones = t.splat(F);
        Consts {
            row_groups: t.load(&ROW_GROUP_LANES),
            col_groups: t.load(&COL_GROUP_LANES),
            target: t.load(&TARGET),
            digits: t.splat(ALL),
            zero: t.splat(0),
            h_ones: t.load(&H_LANES),
            v_ones: t.load(&V_LANES),
            h_lanes: t.eq(t.load(&H_LANES), ones),
            iota: t.load(&IOTA),
            cell_lanes: t.eq(t.load(&CELL_LANES), ones),
            corner: t.load(&CORNER_LANE),
            cell_ones: t.load(&CELL_ONES),
        }
    }
}

/// The search state.
#[derive(Clone, Copy)]
pub(crate) struct State<B: BoxOps> {
    /// The boxes, row-major: box `3 * i + j` is in horizontal band `i`, vertical band `j`.
    boxes: [B::Box; 9],
    /// Cyclic configurations: `cyc[k]` holds in lane `(r, 3)` the digits that may take
    /// the configuration of horizontal band `k` putting them in minirow `(j + r) % 3` of
    /// its box `j`, and in lane `(3, c)` those that may take the configuration of
    /// vertical band `k` putting them in minicolumn `(i + c) % 3` of its box `i`.
    cyc: [B::Box; 3],
    /// Anti-cyclic configurations, laid out like `cyc`, for minirow `(r - j) % 3` and
    /// minicolumn `(c - i) % 3`.
    anti: [B::Box; 3],
    /// Each box's triads (see [`triads`]) as its bands last saw them.
    triads: [B::Box; 9],
}

/// For each set of boxes (bit `b` for box `b`), the set of their bands (bit `i` for
/// horizontal band `i`, bit `3 + j` for vertical band `j`).
static BANDS_OF: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut b = 0;
        while b < 9 {
            if m >> b & 1 != 0 {
                t[m] |= 1 << (b / 3) | 1 << (3 + b % 3);
            }
            b += 1;
        }
        m += 1;
    }
    t
};

/// A contradiction: the state has no solution.
pub(crate) struct Dead;

/// A branching decision: in `band` (0-2 horizontal, 3-5 vertical), digit bit `digit`,
/// configuration field `field` (0-2 cyclic, 3-5 anti); `commit_first` is the order to
/// explore it in: with exactly two configurations left for the digit, the refutation
/// comes first.
#[derive(Clone, Copy)]
struct Choice {
    band: usize,
    digit: u16,
    field: usize,
    commit_first: bool,
}

/// One box after one step of its rules.
struct Step<B: BoxOps> {
    /// The box after the step.
    x: B::Box,
    /// Lanes found contradictory, before the step or by it.
    dead: B::Mask,
}

/// A box's triads: in lane `(r, 3)` the digits minirow `r` may hold while absent from
/// the other two minirows; in lane `(3, c)` likewise for minicolumns; zero elsewhere.
#[inline(always)]
fn triads<B: BoxOps>(t: B, k: &Consts<B>, x: B::Box) -> B::Box {
    let own = t.select(k.h_lanes, t.row_peers(x), t.col_peers(x));
    t.and(
        t.and(own, t.triads_shifted::<1, 1>(x, x)),
        t.triads_shifted::<2, 2>(x, x),
    )
}

/// One step of the box rules: lanes whose value is known (a cell with one candidate or a
/// digit no other lane of its row or column holds; a triad with six candidates or six
/// such digits) are set, and their digits removed from the other lanes of their rows and
/// columns. A lane left with fewer digits than it needs is dead at once: the box is not
/// stepped again for its own changes (see [`State::propagate`]).
#[inline(always)]
fn box_step<B: BoxOps>(t: B, k: &Consts<B>, x: B::Box) -> Step<B> {
    let rp = t.row_peers(x);
    let cp = t.col_peers(x);
    let both = t.and(rp, cp);
    // Digits that no other lane of one of its groups holds are asserted in a lane.
    let asserted = t.and_not(x, both);
    let sx = t.sizes(x);
    let sa = t.sizes(asserted);
    // More digits asserted in a lane than it holds is a contradiction. A lane with fewer
    // digits than it needs is found below, after the step, which only removes digits from
    // it. A row or column of the box that lost a digit altogether is left to the bands:
    // every triad of the box loses the digit, so its band, updated in this same round,
    // finds the digit without a configuration (leaving that check out changed no guess
    // and no answer on magictour, the two forum sets and 17-clue, on every path).
    let dead = t.gt(sa, k.target);
    let full_a = t.eq(sa, k.target);
    let full_x = t.eq(sx, k.target);
    // Lanes whose value is now known, and that value.
    let fixed = t.select(full_a, asserted, t.keep(full_x, x));
    let x1 = t.select(full_a, asserted, x);
    let elim = t.or(
        t.and(t.row_peers(fixed), k.row_groups),
        t.and(t.col_peers(fixed), k.col_groups),
    );
    let x2 = t.and_not(x1, elim);
    Step {
        x: x2,
        dead: t.mask_or(dead, t.gt(k.target, t.sizes(x2))),
    }
}

impl<B: BoxOps> State<B> {
    /// The state of `board` before any propagation: givens placed, and every other cell
    /// stripped of the digits given in its row, column and box. Branch-free: the pattern
    /// of givens is different for every puzzle.
    #[inline(always)]
    fn new(t: B, board: &Board) -> State<B> {
        let k = Consts::new(t);
        // A bit per given, row-major, and padding for the last minirow's 64-bit read.
        let mut bits = [0u16; CELLS + 3];
        for (bit, &d) in bits.iter_mut().zip(board.digits()) {
            // Digit `d` (1-9) to bit `d - 1`; a blank (0) to no bit.
            *bit = (1u16 << (d & 15)) >> 1;
        }
        let minirow =
            |at: usize| bits[at] as u64 | (bits[at + 1] as u64) << 16 | (bits[at + 2] as u64) << 32;
        // Loops rather than `array::map` and `from_fn` here and below: a closure is
        // compiled without the path's target features, so the intrinsics in it may not be
        // inlined.
        let mut g = [k.zero; 9];
        for (b, x) in g.iter_mut().enumerate() {
            let at = 27 * (b / 3) + 3 * (b % 3);
            *x = t.with_rows([minirow(at), minirow(at + 9), minirow(at + 18), 0]);
        }
        // The givens of each minirow across its row, and of each minicolumn down its
        // column (the triads and the corner are zero in `g`).
        let (mut rows, mut cols) = ([k.zero; 9], [k.zero; 9]);
        for b in 0..9 {
            rows[b] = t.or(g[b], t.row_peers(g[b]));
            cols[b] = t.or(g[b], t.col_peers(g[b]));
        }
        let mut boxes = [k.zero; 9];
        for (b, out) in boxes.iter_mut().enumerate() {
            let (i, j) = (b / 3, b % 3);
            let row = t.or(t.or(rows[3 * i], rows[3 * i + 1]), rows[3 * i + 2]);
            let col = t.or(t.or(cols[j], cols[j + 3]), cols[j + 6]);
            let block = t.or(rows[b], t.col_peers(rows[b]));
            let taken = t.or(t.or(row, col), block);
            let blank = t.eq(g[b], k.zero);
            let cells = t.select(blank, t.and_not(k.digits, taken), g[b]);
            let triads = t.and_not(k.digits, t.or(rows[b], cols[b]));
            *out = t.or(t.select(k.cell_lanes, cells, triads), k.corner);
        }
        State::with_boxes(t, boxes)
    }

    /// A state of these boxes whose band configurations are not yet known: every
    /// configuration of every band still open.
    #[inline(always)]
    fn with_boxes(t: B, boxes: [B::Box; 9]) -> State<B> {
        let all = t.load(&TRIADS_ALL);
        State {
            boxes,
            cyc: [all; 3],
            anti: [all; 3],
            triads: [all; 9],
        }
    }

    /// The state of the candidates `c` before any propagation: each cell keeps its
    /// candidates, and each negative triad every digit not fixed in its minirow or
    /// minicolumn.
    #[inline(always)]
    fn from_candidates(t: B, c: &Candidates) -> State<B> {
        let k = Consts::new(t);
        let mut boxes = [k.zero; 9];
        for (i, places) in c.0.iter().enumerate() {
            let band = t.band_cells(places);
            for (j, &x) in band.iter().enumerate() {
                // Fixed cells: one candidate (the triad lanes and the corner are zero in
                // `x`).
                let g = t.keep(t.eq(t.sizes(x), k.cell_ones), x);
                let triads = t.and_not(k.digits, t.or(t.row_peers(g), t.col_peers(g)));
                boxes[3 * i + j] = t.or(t.select(k.cell_lanes, x, triads), k.corner);
            }
        }
        State::with_boxes(t, boxes)
    }

    /// Recomputes the configurations of `band` (0-2 horizontal, 3-5 vertical) from its
    /// boxes' triads and narrows its boxes to the places those configurations allow;
    /// returns the boxes that changed.
    #[inline(always)]
    fn band_update(&mut self, t: B, band: usize) -> u16 {
        let mut changed = 0u16;
        macro_rules! update {
            ($vertical:literal, $k:expr, $boxes:expr) => {{
                let (k, b) = ($k, $boxes);
                let q = [self.triads[b[0]], self.triads[b[1]], self.triads[b[2]]];
                let (cyc, anti) = t.band_configs::<$vertical>(q, self.cyc[k], self.anti[k]);
                self.cyc[k] = cyc;
                self.anti[k] = anti;
                let x = [self.boxes[b[0]], self.boxes[b[1]], self.boxes[b[2]]];
                let nx = [
                    t.band_narrowed::<$vertical, 0>(x[0], cyc, anti),
                    t.band_narrowed::<$vertical, 1>(x[1], cyc, anti),
                    t.band_narrowed::<$vertical, 2>(x[2], cyc, anti),
                ];
                for p in 0..3 {
                    self.boxes[b[p]] = nx[p];
                    changed |= (!t.same(x[p], nx[p]) as u16) << b[p];
                }
            }};
        }
        if band < 3 {
            update!(false, band, [3 * band, 3 * band + 1, 3 * band + 2]);
        } else {
            let j = band - 3;
            update!(true, j, [j, j + 3, j + 6]);
        }
        changed
    }

    /// Propagates in rounds until a round narrows no box. A round steps every box in
    /// `dirty` once, then updates every band some of whose boxes' triads changed (and the
    /// bands in `bands`); the boxes the bands narrow are dirty for the next round.
    ///
    /// A box that only its own step changed is not: a second step almost always finds
    /// nothing new, and leaving it out was faster for a few more guesses.
    ///
    /// With [`BoxOps::EAGER_BANDS`] a round updates instead every band of every box it
    /// steps, whether its triads moved or not (an update of a band whose triads did not
    /// move changes nothing): which bands to update is then known when the round starts,
    /// not after the box steps, where the branches of the band loops were mispredicted
    /// late. Same decisions; faster on AVX-512, whose band updates are cheap, and slower on
    /// the other paths, whose band updates cost more (figures in docs/performance.md).
    #[inline(always)]
    fn propagate(
        &mut self,
        t: B,
        k: &Consts<B>,
        mut dirty: u16,
        mut bands: u16,
    ) -> Result<(), Dead> {
        loop {
            let mut next = 0u16;
            let mut dead = t.gt(k.zero, k.zero);
            let mut d = dirty;
            if B::EAGER_BANDS {
                // Every band of a box to step, known before the steps (see the doc).
                bands |= BANDS_OF[usize::from(dirty & 0x1FF)];
            }
            while d != 0 {
                let b = d.trailing_zeros() as usize;
                d &= d - 1;
                let s = box_step(t, k, self.boxes[b]);
                self.boxes[b] = s.x;
                dead = t.mask_or(dead, s.dead);
                let q = triads(t, k, s.x);
                if !B::EAGER_BANDS {
                    let (moved_h, moved_v) = t.triads_differ(q, self.triads[b]);
                    bands |= (moved_h as u16) << (b / 3) | (moved_v as u16) << (3 + b % 3);
                }
                self.triads[b] = q;
            }
            if t.mask_any(dead) {
                return Err(Dead);
            }
            // Horizontal bands, then vertical ones: two loops with one kind of body each.
            let mut h = bands & 7;
            while h != 0 {
                let band = h.trailing_zeros() as usize;
                h &= h - 1;
                next |= self.band_update(t, band);
            }
            let mut v = bands >> 3;
            while v != 0 {
                let band = v.trailing_zeros() as usize;
                v &= v - 1;
                next |= self.band_update(t, band + 3);
            }
            if bands != 0 && self.digit_without_configuration(t, k) {
                return Err(Dead);
            }
            bands = 0;
            if next == 0 {
                return Ok(());
            }
            dirty = next;
        }
    }

    /// Whether some band has a digit left without any configuration: a contradiction the
    /// box rules would find only in the next round, after narrowing emptied the digit from
    /// the band's boxes. Catching it here saves that round.
    #[inline(always)]
    fn digit_without_configuration(&self, t: B, k: &Consts<B>) -> bool {
        let mut lost = k.zero;
        for j in 0..3 {
            // Lane (3, 3) of the row peers is the union of the bottom row (vertical band
            // `j`), of the column peers the union of the right column (horizontal band `j`).
            let u = t.or(self.cyc[j], self.anti[j]);
            let cover = t.and(t.row_peers(u), t.col_peers(u));
            lost = t.or(lost, t.and_not(k.digits, cover));
        }
        !t.is_zero(t.and(lost, k.corner))
    }

    /// The configurations of `band` as packed triples `[cyclic, anti]`.
    #[inline(always)]
    fn configs(&self, t: B, band: usize) -> [u64; 2] {
        let (c, a) = (self.cyc[band % 3], self.anti[band % 3]);
        if band < 3 {
            [t.right_column(c), t.right_column(a)]
        } else {
            [t.bottom_row(c), t.bottom_row(a)]
        }
    }

    /// The branching decision, or `None` when every band is fixed (the grid is solved).
    /// Branch-free but for the final test: the band and the field are picked by minimum and
    /// bit scan, since the branches they would take are unpredictable.
    #[inline(always)]
    fn choose(&self, t: B) -> Option<Choice> {
        // A loop, not `array::from_fn`: a closure is compiled without the path's target
        // features, so the intrinsics in it may not be inlined.
        let mut cfgs = [[0u64; 2]; 6];
        for (band, cfg) in cfgs.iter_mut().enumerate() {
            *cfg = self.configs(t, band);
        }
        // The band with the fewest configurations but not fixed (9: one per digit), as the
        // least key `configurations * 8 + band`; a fixed band's key is out of reach.
        let mut best = u32::MAX;
        for (band, cfg) in cfgs.iter().enumerate() {
            let n = cfg[0].count_ones() + cfg[1].count_ones();
            let key = if n > 9 {
                n << 3 | band as u32
            } else {
                u32::MAX
            };
            best = best.min(key);
        }
        if best == u32::MAX {
            return None;
        }
        let band = (best & 7) as usize;
        let [cyc, anti] = cfgs[band];
        let fields = [
            cyc as u16,
            (cyc >> 16) as u16,
            (cyc >> 32) as u16,
            anti as u16,
            (anti >> 16) as u16,
            (anti >> 32) as u16,
        ];
        let (mut one, mut two, mut three) = (0u16, 0u16, 0u16);
        for f in fields {
            three |= two & f;
            two |= one & f;
            one |= f;
        }
        let pick = if two & !three != 0 { two & !three } else { two };
        let digit = pick & pick.wrapping_neg();
        // The digit's lowest configuration: the fields holding it, as bits, scanned.
        let mut holding = 0u32;
        for (i, f) in fields.iter().enumerate() {
            holding |= u32::from(f & digit != 0) << i;
        }
        let field = (holding | 1 << 6).trailing_zeros() as usize % 6;
        Some(Choice {
            band,
            digit,
            field,
            commit_first: holding.count_ones() != 2,
        })
    }

    /// Commits `c.digit` to configuration `c.field` of its band, or rules it out. Without
    /// branches on the choice: its band's kind, its field and whether it commits are as
    /// unpredictable as the search.
    #[inline(always)]
    fn apply(&mut self, t: B, c: Choice, commit: bool) {
        let k = Consts::new(t);
        let band = c.band % 3;
        let vertical = c.band >= 3;
        let lane = if vertical {
            12 + c.field % 3
        } else {
            4 * (c.field % 3) + 3
        };
        let digit = t.splat(c.digit);
        // The digit in the chosen configuration's lane, and in every lane of the band.
        let one = t.keep(t.eq(k.iota, t.splat(lane as u16)), digit);
        let horizontal = t.eq(t.splat(vertical as u16), k.zero);
        let all = t.and(t.select(horizontal, k.h_ones, k.v_ones), digit);
        // Committing takes the digit out of every configuration of the band and puts it
        // back in the chosen one; ruling out takes it out of the chosen one.
        let ruling_out = t.eq(t.splat(commit as u16), k.zero);
        let out = t.select(ruling_out, one, all);
        let back = t.select(ruling_out, k.zero, one);
        let out_of_other = t.select(ruling_out, k.zero, all);
        let in_cyc = t.eq(t.splat((c.field >= 3) as u16), k.zero);
        let (cyc, anti) = (self.cyc[band], self.anti[band]);
        self.cyc[band] = t.or(
            t.and_not(cyc, t.select(in_cyc, out, out_of_other)),
            t.keep(in_cyc, back),
        );
        self.anti[band] = t.or(
            t.and_not(anti, t.select(in_cyc, out_of_other, out)),
            t.select(in_cyc, k.zero, back),
        );
    }

    /// The solved grid, once every band is fixed and propagated; `None` if some cell does
    /// not hold exactly one digit, a contradiction propagation left to the end (see
    /// [`State::propagate`]).
    ///
    /// With every band fixed, each digit has one configuration per band, so narrowing has
    /// left it one cell in each box, in one minirow per row and one minicolumn per column
    /// of its bands: when every cell holds one digit, the grid is a solution.
    #[inline(always)]
    fn solution(&self, t: B) -> Option<Board> {
        let k = Consts::new(t);
        let mut cells = [0u8; CELLS];
        let mut single = true;
        for (b, &x) in self.boxes.iter().enumerate() {
            single &= t.same(t.and(t.sizes(x), k.cell_ones), k.cell_ones);
            let digits = t.lanes(t.lowest_digits(x));
            for r in 0..3 {
                let at = (3 * (b / 3) + r) * 9 + 3 * (b % 3);
                for c in 0..3 {
                    cells[at + c] = digits[4 * r + c] as u8;
                }
            }
        }
        if single {
            Board::from_digits(cells)
        } else {
            None
        }
    }
}

/// How far a count may go: it stops at `solutions` solutions, and gives up after
/// `guesses` branching decisions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub solutions: usize,
    pub guesses: usize,
}

impl Limits {
    /// At most `solutions` solutions and `guesses` branching decisions.
    pub(crate) const fn new(solutions: usize, guesses: usize) -> Limits {
        Limits { solutions, guesses }
    }
}

/// A search in progress: the solution limit, the count so far, the first solution, the
/// branching decisions taken and the most it may take, and the watch told of each.
pub(crate) struct Search<'w, W: Watch> {
    /// The solution limit; set to 0 when the search gives up, so that every level of the
    /// recursion returns at its next check of the count, with no test of its own.
    limit: usize,
    found: usize,
    first: Option<Board>,
    guesses: usize,
    max_guesses: usize,
    watch: &'w mut W,
}

/// What a count returns: the number of solutions found (at most the limit), the first
/// solution, the number of branching decisions taken, and whether it gave up (having
/// taken as many as its limits allowed) before it could tell.
pub(crate) struct Outcome {
    pub found: usize,
    pub first: Option<Board>,
    pub guesses: usize,
    pub gave_up: bool,
    /// Whether the count's watch stopped it before it could tell.
    pub stopped: bool,
}

/// Where a count starts: the givens of a clash-free board, or candidates another engine
/// reached by propagation.
#[derive(Clone, Copy)]
pub(crate) enum Start<'a> {
    /// The givens of a clash-free board.
    Board(&'a Board),
    /// Candidates every solution is consistent with.
    Candidates(&'a Candidates),
}

/// The engine's entry point for backend `t`: counts the solutions from `start` up to
/// `limit`. Inlined into the path's way in (`Enter::enter`), compiled with its target
/// features.
#[inline(always)]
pub(crate) fn count<B: Engine, W: Watch>(
    t: B,
    start: Start,
    limits: Limits,
    watch: &mut W,
) -> Outcome {
    if limits.solutions == 0 {
        return Outcome {
            found: 0,
            first: None,
            guesses: 0,
            gave_up: false,
            stopped: false,
        };
    }
    let mut s = match start {
        Start::Board(board) => State::new(t, board),
        Start::Candidates(c) => State::from_candidates(t, c),
    };
    let mut ctx = Search {
        limit: limits.solutions,
        found: 0,
        first: None,
        guesses: 0,
        max_guesses: limits.guesses,
        watch,
    };
    if t.enter(Propagate(&mut s, 0x1FF, 0)).is_ok() {
        t.enter(Descend(&mut ctx, &mut s));
    }
    Outcome {
        found: ctx.found,
        first: ctx.first,
        guesses: ctx.guesses,
        gave_up: ctx.guesses > ctx.max_guesses,
        stopped: ctx.watch.stopped(),
    }
}

/// The primitives of a path, and the way into its target features: what the engine runs
/// on. The recursive step and propagation are entered again through [`Enter::enter`] (so
/// that each is a function of its own, compiled with the path's features), which in
/// unoptimised builds keeps propagation's large frame off every level of the recursion.
pub(crate) trait Engine: BoxOps + Enter {}

impl<B: BoxOps + Enter> Engine for B {}

/// The recursive step, as code to enter: searches below a propagated state.
struct Descend<'a, 'b, 'w, B: BoxOps, W: Watch>(&'a mut Search<'w, W>, &'b mut State<B>);

impl<B: Engine, W: Watch> Run<B> for Descend<'_, '_, '_, B, W> {
    type Output = ();
    #[inline(always)]
    fn run(self, t: B) {
        search(t, self.0, self.1)
    }
}

/// Propagation, as code to enter (see [`propagate`]).
struct Propagate<'a, B: BoxOps>(&'a mut State<B>, u16, u16);

impl<B: Engine> Run<B> for Propagate<'_, B> {
    type Output = Result<(), Dead>;
    #[inline(always)]
    fn run(self, t: B) -> Result<(), Dead> {
        propagate(t, self.0, self.1, self.2)
    }
}

/// Propagates `s` in rounds, starting from the boxes in `dirty` and the bands in `bands`,
/// until a round narrows no box; `Err(Dead)` on a contradiction.
#[inline(always)]
pub(crate) fn propagate<B: BoxOps>(
    t: B,
    s: &mut State<B>,
    dirty: u16,
    bands: u16,
) -> Result<(), Dead> {
    s.propagate(t, &Consts::new(t), dirty, bands)
}

/// Propagates `s` after a change to the configurations of the bands in `bands`. Optimised
/// builds inline propagation into the search; unoptimised ones call it, so that its large
/// frame is not held by every level of the recursion.
#[inline(always)]
fn step<B: Engine>(t: B, s: &mut State<B>, bands: u16) -> Result<(), Dead> {
    #[cfg(debug_assertions)]
    let done = t.enter(Propagate(s, 0, bands));
    #[cfg(not(debug_assertions))]
    let done = propagate(t, s, 0, bands);
    done
}

/// Searches below the propagated, consistent state `s`, counting solutions into `ctx`.
#[inline(always)]
pub(crate) fn search<B: Engine, W: Watch>(t: B, ctx: &mut Search<W>, s: &mut State<B>) {
    loop {
        let Some(choice) = s.choose(t) else {
            // Not a solution: a contradiction propagation left to the end.
            if let Some(grid) = s.solution(t) {
                ctx.found += 1;
                if ctx.first.is_none() {
                    ctx.first = Some(grid);
                }
            }
            return;
        };
        ctx.guesses += 1;
        if ctx.guesses > ctx.max_guesses || ctx.watch.stop(ctx.found) {
            ctx.limit = 0;
            return;
        }
        let commit = choice.commit_first;
        let mut child = *s;
        child.apply(t, choice, commit);
        let band = 1 << choice.band;
        if step(t, &mut child, band).is_ok() {
            t.enter(Descend(ctx, &mut child));
            if ctx.found >= ctx.limit {
                return;
            }
        }
        s.apply(t, choice, !commit);
        if step(t, s, band).is_err() {
            return;
        }
    }
}
