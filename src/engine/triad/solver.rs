//! The triad engine itself, generic over a [`Backend`].
//!
//! # The model
//!
//! Each box is a 4x4 matrix of digit sets ([`Backend::Box`]):
//!
//! ```text
//!   c0  c1  c2  H0        cells of the box, row-major;  H_r = digits that may be ABSENT
//!   c3  c4  c5  H1                                       from minirow r (negative triad)
//!   c6  c7  c8  H2
//!   V0  V1  V2  --        V_c = digits that may be absent from minicolumn c
//! ```
//!
//! Every matrix row but the last, and every matrix column but the last, holds each digit
//! exactly once: a digit is either in one cell of a minirow or absent from it. The nine
//! cells hold each digit exactly once; a cell holds one digit and a negative triad six.
//! Unit propagation over those rules, run to a fixpoint inside one box, gives naked and
//! hidden singles and the 3-of-9 minirow cardinality rule.
//!
//! Boxes talk only through *bands*. In a band of three boxes, a digit occupies one minirow
//! of each box and one of each row: a 3x3 permutation matrix, of which there are six (the
//! band's *configurations*). A band keeps, for each configuration, the digits that may
//! still take it; each box sends it the digits each of its minirows may hold (its
//! *triads*), and the band sends back, for each minirow, the digits some surviving
//! configuration puts there. That exchange carries every constraint between boxes
//! (rows, columns, locked candidates both ways).
//!
//! The search branches on a band configuration: take the band with the fewest surviving
//! configurations, a digit with few of them, and either commit the digit to its lowest
//! configuration or rule that configuration out.

use super::backend::Backend;
use crate::board::{Board, CELLS};

/// All nine digits.
const ALL: u16 = 0x1FF;
/// The three low 16-bit fields of a `u64`.
const FIELDS3: u64 = 0xFFFF_FFFF_FFFF;
/// All nine digits in each of the three low fields.
const ALL3: u64 = 0x01FF_01FF_01FF;

const F: u16 = 0xFFFF;
/// The corner lane's value, constant: all sixteen bits. It makes the row peers of a
/// vertical triad and the column peers of a horizontal triad all-ones, so that "the
/// digits no peer in some group holds" is `x & !(row_peers & col_peers)` for every lane.
const CORNER: u16 = F;
/// Lanes in rows 0-2 (the rows that are exactly-once groups).
const ROW_GROUP_LANES: [u16; 16] = [F, F, F, F, F, F, F, F, F, F, F, F, 0, 0, 0, 0];
/// Lanes in columns 0-2 (the columns that are exactly-once groups).
const COL_GROUP_LANES: [u16; 16] = [F, F, F, 0, F, F, F, 0, F, F, F, 0, F, F, F, 0];
/// How many digits each lane holds in a solution: one per cell, six per negative triad.
/// The corner is given 16, its constant size, so that no rule ever fires on it.
const TARGET: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 16];

/// The constant box vectors of the engine, loaded once per search.
#[derive(Clone, Copy)]
struct Consts<B: Backend> {
    row_groups: B::Box,
    col_groups: B::Box,
    target: B::Box,
    ones: B::Box,
}

impl<B: Backend> Consts<B> {
    #[inline(always)]
    fn new(t: B) -> Self {
        Consts {
            row_groups: t.load(&ROW_GROUP_LANES),
            col_groups: t.load(&COL_GROUP_LANES),
            target: t.load(&TARGET),
            ones: t.splat(F),
        }
    }
}

/// Field `k` of a packed triple moved to field `k + 1` (mod 3): field `k` of the result
/// is field `k + 1` of `q`.
#[inline(always)]
fn rot1(q: u64) -> u64 {
    ((q >> 16) | (q << 32)) & FIELDS3
}

/// Field `k` of the result is field `k + 2` (mod 3) of `q`.
#[inline(always)]
fn rot2(q: u64) -> u64 {
    ((q >> 32) | (q << 16)) & FIELDS3
}

/// The union of the three fields of a packed triple.
#[inline(always)]
fn fold3(q: u64) -> u16 {
    (q | q >> 16 | q >> 32) as u16
}

/// The search state: boxes, the triads last sent to each band, and band configurations.
#[derive(Clone, Copy)]
pub(crate) struct State<B: Backend> {
    boxes: [B::Box; 9],
    /// `triads[b]`: per row of box `b`, the digits its minirow may hold, as last sent to
    /// the horizontal band; `triads[9 + b]`: the same per column, for the vertical band.
    triads: [u64; 18],
    /// Per box, the memo of known lanes (see [`box_fixpoint`]).
    known: [u32; 9],
    /// Per band (0-2 horizontal, top to bottom; 3-5 vertical, left to right), the digits
    /// that may take each configuration: `[cyclic, anti]`, field `k` of `cyclic` for the
    /// configuration that puts the digit in minirow `(i + k) % 3` of the band's box `i`,
    /// field `k` of `anti` for the one that puts it in minirow `(k - i) % 3`.
    configs: [[u64; 2]; 6],
}

/// A contradiction: the state has no solution.
pub(crate) struct Dead;

/// The three boxes of a band, in band order.
#[inline(always)]
fn band_boxes(band: usize) -> [usize; 3] {
    if band < 3 {
        [3 * band, 3 * band + 1, 3 * band + 2]
    } else {
        [band - 3, band, band + 3]
    }
}

/// A branching decision: in `band`, digit bit `digit`, configuration field `field`
/// (0-2 cyclic, 3-5 anti).
#[derive(Clone, Copy)]
struct Choice {
    band: usize,
    digit: u16,
    field: usize,
}

/// A box at its fixpoint, with its row and column peer unions.
struct Settled<B: Backend> {
    x: B::Box,
    rp: B::Box,
    cp: B::Box,
}

/// Runs one box to its fixpoint: naked and hidden singles in every row and column group
/// of the matrix, and the cardinality of the negative triads.
///
/// `known_memo` stands for the lanes whose value was known, and whose eliminations were
/// applied, when the box last settled: once an iteration finds no lane newly known, there
/// is nothing left to eliminate.
///
/// A group that has lost a digit altogether is not detected here: it empties the box's
/// triads for that digit, which its bands report as a contradiction.
#[inline(always)]
fn box_fixpoint<B: Backend>(
    t: B,
    k: &Consts<B>,
    mut x: B::Box,
    known_memo: &mut u32,
) -> Result<Settled<B>, Dead> {
    loop {
        let rp = t.row_peers(x);
        let cp = t.col_peers(x);
        // Digits that no other lane of one of its groups holds are asserted in a lane.
        let asserted = t.and_not(x, t.and(rp, cp));
        let sx = t.sizes(x);
        let sa = t.sizes(asserted);
        if t.mask_any(t.mask_or(t.gt(k.target, sx), t.gt(sa, k.target))) {
            return Err(Dead);
        }
        let full_a = t.eq(sa, k.target);
        let full_x = t.eq(sx, k.target);
        let known = t.mask_bits(t.mask_or(full_a, full_x));
        if known == *known_memo {
            return Ok(Settled { x, rp, cp });
        }
        *known_memo = known;
        // Lanes whose value is now known, and that value.
        let fixed = t.select(full_a, asserted, t.keep(full_x, x));
        let x1 = t.select(full_a, asserted, x);
        let elim = t.or(
            t.and(t.row_peers(fixed), k.row_groups),
            t.and(t.col_peers(fixed), k.col_groups),
        );
        let x2 = t.and_not(x1, elim);
        if t.same(x2, x) {
            return Ok(Settled { x, rp, cp });
        }
        x = x2;
    }
}

impl<B: Backend> State<B> {
    /// The state of `board` before any propagation: givens placed, and every other cell
    /// stripped of the digits given in its row, column and box.
    #[inline(always)]
    fn new(t: B, board: &Board) -> State<B> {
        let (mut rows, mut cols, mut blocks) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for (i, &d) in board.digits().iter().enumerate() {
            if (1..=9).contains(&d) {
                let bit = 1u16 << (d - 1);
                rows[i / 9] |= bit;
                cols[i % 9] |= bit;
                blocks[i / 27 * 3 + i % 9 / 3] |= bit;
            }
        }
        let mut boxes = [t.splat(0); 9];
        for (b, bx) in boxes.iter_mut().enumerate() {
            let mut lanes = [ALL; 16];
            lanes[15] = CORNER;
            for r in 0..3 {
                for c in 0..3 {
                    let (row, col) = (3 * (b / 3) + r, 3 * (b % 3) + c);
                    let d = board.get(row * 9 + col);
                    let v = if (1..=9).contains(&d) {
                        let bit = 1u16 << (d - 1);
                        lanes[4 * r + 3] &= !bit;
                        lanes[12 + c] &= !bit;
                        bit
                    } else {
                        ALL & !(rows[row] | cols[col] | blocks[b])
                    };
                    lanes[4 * r + c] = v;
                }
            }
            *bx = t.load(&lanes);
        }
        State {
            boxes,
            triads: [ALL3; 18],
            known: [0; 9],
            configs: [[ALL3; 2]; 6],
        }
    }

    /// Recomputes the configurations of `band` from its boxes' triads and narrows its
    /// boxes to match; returns the boxes that changed.
    #[inline(always)]
    fn band_update(&mut self, t: B, band: usize) -> Result<u16, Dead> {
        let ids = band_boxes(band);
        let off = if band < 3 { 0 } else { 9 };
        let q = [
            self.triads[off + ids[0]],
            self.triads[off + ids[1]],
            self.triads[off + ids[2]],
        ];
        let cyc = q[0] & rot1(q[1]) & rot2(q[2]) & self.configs[band][0];
        let anti = q[0] & rot2(q[1]) & rot1(q[2]) & self.configs[band][1];
        if fold3(cyc | anti) & ALL != ALL {
            return Err(Dead);
        }
        self.configs[band] = [cyc, anti];
        // For each box, the digits some configuration puts in each of its minirows.
        let places = [cyc | anti, rot2(cyc) | rot1(anti), rot1(cyc) | rot2(anti)];
        let mut dirty = 0u16;
        for (i, &b) in ids.iter().enumerate() {
            let p = places[i];
            let absent = rot1(p) | rot2(p);
            let mask = if band < 3 {
                t.by_rows(p, absent)
            } else {
                t.by_cols(p, absent)
            };
            let x = self.boxes[b];
            let nx = t.and(x, mask);
            if !t.same(nx, x) {
                self.boxes[b] = nx;
                dirty |= 1 << b;
            }
        }
        Ok(dirty)
    }

    /// Propagates until no box or band changes, starting from the boxes in `dirty`.
    #[inline(always)]
    fn propagate(&mut self, t: B, k: &Consts<B>, mut dirty: u16) -> Result<(), Dead> {
        loop {
            let mut bands = 0u16;
            while dirty != 0 {
                let b = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let Settled { x, rp, cp } = box_fixpoint(t, k, self.boxes[b], &mut self.known[b])?;
                self.boxes[b] = x;
                let nx = t.and_not(k.ones, x);
                let qh = t.right_column(t.and_not(rp, t.col_peers(nx)));
                let qv = t.bottom_row(t.and_not(cp, t.row_peers(nx)));
                if qh != self.triads[b] {
                    self.triads[b] = qh;
                    bands |= 1 << (b / 3);
                }
                if qv != self.triads[9 + b] {
                    self.triads[9 + b] = qv;
                    bands |= 1 << (3 + b % 3);
                }
            }
            if bands == 0 {
                return Ok(());
            }
            while bands != 0 {
                let band = bands.trailing_zeros() as usize;
                bands &= bands - 1;
                dirty |= self.band_update(t, band)?;
            }
        }
    }

    /// The branching decision, or `None` when every band is fixed (the grid is solved).
    #[inline(always)]
    fn choose(&self) -> Option<Choice> {
        let mut best = (u32::MAX, 0usize);
        for (band, [cyc, anti]) in self.configs.iter().enumerate() {
            let n = cyc.count_ones() + anti.count_ones();
            if n > 9 && n < best.0 {
                best = (n, band);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let band = best.1;
        let [cyc, anti] = self.configs[band];
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
        let field = fields.iter().position(|&f| f & digit != 0).unwrap_or(0);
        Some(Choice { band, digit, field })
    }

    /// Commits `c.digit` to configuration `c.field` of its band, or rules it out.
    #[inline(always)]
    fn apply(&mut self, c: Choice, commit: bool) {
        let spread = c.digit as u64 * 0x0000_0001_0001_0001;
        let one = (c.digit as u64) << (16 * (c.field % 3));
        let cfg = &mut self.configs[c.band];
        if commit {
            cfg[0] &= !spread;
            cfg[1] &= !spread;
            cfg[c.field / 3] |= one;
        } else {
            cfg[c.field / 3] &= !one;
        }
    }

    /// Whether committing first is the better order for this choice: with exactly two
    /// configurations the refutation is explored first.
    #[inline(always)]
    fn commit_first(&self, c: Choice) -> bool {
        let [cyc, anti] = self.configs[c.band];
        let spread = c.digit as u64 * 0x0000_0001_0001_0001;
        (cyc & spread).count_ones() + (anti & spread).count_ones() != 2
    }

    /// The solved grid, once every band is fixed and propagation is complete.
    #[inline(always)]
    fn solution(&self, t: B) -> Option<Board> {
        let mut cells = [0u8; CELLS];
        for (b, &x) in self.boxes.iter().enumerate() {
            let lanes = t.lanes(x);
            for r in 0..3 {
                for c in 0..3 {
                    let v = lanes[4 * r + c];
                    if v.count_ones() != 1 {
                        return None;
                    }
                    cells[(3 * (b / 3) + r) * 9 + 3 * (b % 3) + c] = v.trailing_zeros() as u8 + 1;
                }
            }
        }
        Board::from_digits(cells)
    }
}

/// A search in progress: the limit, the count so far and the first solution.
pub(crate) struct Search {
    limit: usize,
    found: usize,
    first: Option<Board>,
    /// Branching decisions taken.
    guesses: usize,
}

/// What a count returns: the number of solutions found (at most the limit), the first
/// solution, and the number of branching decisions taken.
pub(crate) type Outcome = (usize, Option<Board>, usize);

/// The engine's entry point for backend `t`: counts the solutions of `board` up to
/// `limit`. Inlined into each backend's root, compiled with its target features.
#[inline(always)]
pub(crate) fn count<B: Engine>(t: B, board: &Board, limit: usize) -> Outcome {
    if limit == 0 {
        return (0, None, 0);
    }
    let k = Consts::new(t);
    let mut s = State::new(t, board);
    let mut ctx = Search {
        limit,
        found: 0,
        first: None,
        guesses: 0,
    };
    if s.propagate(t, &k, 0x1FF).is_ok() {
        t.descend(&mut ctx, &mut s);
    }
    (ctx.found, ctx.first, ctx.guesses)
}

/// The engine compiled for one backend: each backend implements these by calling
/// [`count`] and [`search`] from functions compiled with its target features.
pub(crate) trait Engine: Backend {
    /// Counts the solutions of `board` up to `limit`.
    fn count(self, board: &Board, limit: usize) -> Outcome;
    /// Searches below the propagated state `s` (the recursive step).
    fn descend(self, ctx: &mut Search, s: &mut State<Self>);
}

/// Searches below the propagated, consistent state `s`, counting solutions into `ctx`.
#[inline(always)]
pub(crate) fn search<B: Engine>(t: B, ctx: &mut Search, s: &mut State<B>) {
    let k = Consts::new(t);
    loop {
        let Some(choice) = s.choose() else {
            match s.solution(t) {
                Some(grid) => {
                    ctx.found += 1;
                    if ctx.first.is_none() {
                        ctx.first = Some(grid);
                    }
                }
                None => debug_assert!(false, "fixed bands without a full grid"),
            }
            return;
        };
        ctx.guesses += 1;
        let commit = s.commit_first(choice);
        let mut child = *s;
        child.apply(choice, commit);
        if let Ok(dirty) = child.band_update(t, choice.band) {
            if child.propagate(t, &k, dirty).is_ok() {
                t.descend(ctx, &mut child);
                if ctx.found >= ctx.limit {
                    return;
                }
            }
        }
        s.apply(choice, !commit);
        match s.band_update(t, choice.band) {
            Ok(dirty) => {
                if s.propagate(t, &k, dirty).is_err() {
                    return;
                }
            }
            Err(Dead) => return,
        }
    }
}
