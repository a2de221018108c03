//! The band state and its propagation: band closure, column claims, hidden singles in rows
//! and boxes, naked singles, and (before the first guess) column hidden singles and column
//! claiming.
//!
//! For each band `b` and digit `d` one word `f[b][d]` holds the 27-bit mask of the band's
//! cells where digit `d + 1` may still go (a fixed cell stays in the mask of its digit and
//! leaves every other). `unsolved[b]` holds the band's cells not yet fixed. A word whose
//! mask changed and whose consequences are not yet drawn is *dirty*: bit `d` of the band's
//! worklist (bit `b * 9 + d` where the three are packed in one `u32`).
//!
//! The code is shaped by what was measured on the worklist loop, which is latency- and
//! branch-bound rather than instruction-bound: a new state gets rounds over all 27 words
//! at once ([`State::parallel_passes`]); each band has its own worklist, so an update
//! never waits for another band's; the cells an update fixes leave the band's other digits
//! once per band drain, not inside the update; and claims and the band flush are applied
//! without data-dependent branches.

#![forbid(unsafe_code)]

use super::isa::BandOps;
use super::tables::{BAND, CLAIMED_COLUMNS, CLOSURE, COLUMN_CLAIMS, ROW_BOX_PEERS};

/// [`ROW_BOX_PEERS`] padded with empty entries: index 27 stands for "no cell".
static PEERS_OR_NONE: [u32; 32] = {
    let mut t = [0; 32];
    let mut p = 0;
    while p < 27 {
        t[p] = ROW_BOX_PEERS[p];
        p += 1;
    }
    t
};

/// A contradiction: some digit has no place left in a band, or some cell no digit.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Dead;

/// Two equal givens share a row, a column or a box.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Clash;

/// The search state (128 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct State {
    /// Candidate cells of digit `d + 1` in band `b`, at `f[b][d]`.
    pub f: [[u32; 9]; 3],
    /// The cells of each band not yet fixed.
    pub unsolved: [u32; 3],
    /// Padding to 128 bytes.
    _pad: [u32; 2],
}

/// Where propagation stopped, when it did not find a contradiction.
pub(crate) enum Fixpoint {
    /// Every cell is fixed: the state is a solution.
    Solved,
    /// No more deductions: a guess is needed.
    Stuck,
}

impl State {
    /// The state for the givens in `clues` (see [`super::isa::Scan`]), nothing propagated
    /// yet (every word is to be updated); `Err(Clash)` if two equal givens share a unit.
    ///
    /// Written lane by lane over the 27 words, without lookups, so that it vectorises.
    /// Clashes are found by counting: with `n` givens, the rows and boxes holding a given
    /// of some digit number `2n` exactly when no two equal givens share a row or a box;
    /// columns are checked digit by digit across the bands.
    #[inline(always)]
    pub(crate) fn from_clues(clues: &[u32; 27]) -> Result<State, Clash> {
        const ROW: u32 = 0x1FF;
        const BOX: u32 = 7 | 7 << 9 | 7 << 18;
        let mut given = [0u32; 3];
        for (b, g) in given.iter_mut().enumerate() {
            *g = clues[b * 9..b * 9 + 9].iter().fold(0, |a, &p| a | p);
        }
        let mut cols = [0u32; 27];
        let mut peers = [0u32; 27];
        let mut occupied = 0u32;
        for i in 0..27 {
            let p = clues[i];
            let mut cover = 0;
            for unit in [ROW, ROW << 9, ROW << 18, BOX, BOX << 3, BOX << 6] {
                let hit = p & unit != 0;
                occupied += hit as u32;
                cover |= if hit { unit } else { 0 };
            }
            peers[i] = cover & !p;
            cols[i] = (p | p >> 9 | p >> 18) & ROW;
        }
        let mut col_clash = 0;
        for d in 0..9 {
            let (a, b, c) = (cols[d], cols[9 + d], cols[18 + d]);
            col_clash |= a & b | a & c | b & c;
        }
        let givens: u32 = given.iter().map(|g| g.count_ones()).sum();
        if col_clash != 0 || occupied != 2 * givens {
            return Err(Clash);
        }
        let mut s = State {
            f: [[0; 9]; 3],
            unsolved: [BAND & !given[0], BAND & !given[1], BAND & !given[2]],
            _pad: [0; 2],
        };
        for (b, words) in s.f.iter_mut().enumerate() {
            let (o1, o2) = ((b + 1) % 3 * 9, (b + 2) % 3 * 9);
            for (d, w) in words.iter_mut().enumerate() {
                let i = b * 9 + d;
                let other = cols[o1 + d] | cols[o2 + d];
                let other = other | other << 9 | other << 18;
                *w = (!given[b] | clues[i]) & !peers[i] & !other & BAND;
            }
        }
        Ok(s)
    }

    /// The state of a candidate grid (bit `d` of `masks[i]` for digit `d + 1` in cell
    /// `i`, a pencil-mark puzzle's): every word holds its digit's candidate cells, no cell
    /// is fixed yet, nothing is propagated (every word is to be updated). The state an
    /// empty board reaches by eliminations alone, so every rule of the engine holds on it.
    pub(crate) fn from_masks(masks: &[u16; 81]) -> State {
        let mut s = State {
            f: [[0; 9]; 3],
            unsolved: [BAND; 3],
            _pad: [0; 2],
        };
        for (i, &m) in masks.iter().enumerate() {
            let (b, p) = (i / 27, i % 27);
            for (d, w) in s.f[b].iter_mut().enumerate() {
                *w |= u32::from(m >> d & 1) << p;
            }
        }
        s
    }

    /// Propagation rounds over all 27 words at once ([`State::parallel_pass`]) while they
    /// leave many words dirty; returns the worklist for [`State::propagate`].
    ///
    /// A round costs about as much as a few updates of the worklist, which wait on each
    /// other (the worklist loop is latency-bound), so rounds pay while they leave many
    /// dirty words (the threshold's figures are in docs/performance.md).
    #[inline(always)]
    pub(crate) fn parallel_passes<I: BandOps>(&mut self, isa: I) -> Result<u32, Dead> {
        const MIN_DIRTY: u32 = 20;
        const MAX_ROUNDS: usize = 10;
        let mut dirty = self.parallel_pass(isa)?;
        for _ in 1..MAX_ROUNDS {
            if dirty.count_ones() < MIN_DIRTY {
                break;
            }
            dirty = self.parallel_pass(isa)?;
        }
        Ok(dirty)
    }

    /// One round of propagation over all 27 words at once, written without branches or
    /// loop-carried dependencies so that the words are processed in parallel: band
    /// closure of every word, then the columns each band claims, then cells alone in their
    /// row (hidden singles) leave the band's other digits. Returns the words changed after
    /// their closure (the worklist for [`State::propagate`]).
    // The bands are indexed: each one reads the claims of the two others.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn parallel_pass<I: BandOps>(&mut self, isa: I) -> Result<u32, Dead> {
        let mut closed = [[0u32; 9]; 3];
        let mut claims = [[0u32; 9]; 3];
        let mut empty = false;
        for ((words, closed), claims) in self.f.iter().zip(&mut closed).zip(&mut claims) {
            for ((&s, c), claim) in words.iter().zip(closed).zip(claims) {
                let s = s & CLOSURE[isa.minirows(s) as usize];
                empty |= s == 0;
                *c = s;
                *claim = CLAIMED_COLUMNS[((s | s >> 9 | s >> 18) & 0x1FF) as usize];
            }
        }
        if empty {
            return Err(Dead);
        }
        let mut dirty = 0;
        for b in 0..3 {
            let (o1, o2) = ((b + 1) % 3, (b + 2) % 3);
            let mut words = [0u32; 9];
            let (mut one, mut two) = (0u32, 0u32);
            for d in 0..9 {
                let s = closed[b][d] & !(claims[o1][d] | claims[o2][d]);
                words[d] = s;
                let own = isa.alone_in_row(s) & self.unsolved[b];
                two |= one & own;
                one |= own;
            }
            if two != 0 {
                // A cell two digits both need.
                return Err(Dead);
            }
            self.unsolved[b] &= !one;
            for d in 0..9 {
                let own = isa.alone_in_row(words[d]) & one;
                let s = words[d] & !(one & !own);
                self.f[b][d] = s;
                dirty |= ((s != closed[b][d]) as u32) << (b * 9 + d);
            }
        }
        Ok(dirty)
    }

    /// Draws the consequences of word `B * 9 + d` (band `B`, digit `d`): keeps only the
    /// cells of some placement of the digit in the band, removes the columns the band
    /// claims from the other bands, and fixes cells alone in their row (hidden singles).
    /// New dirty words go to `dirty`. Fixed cells are recorded in `solved[d]` and `pending`
    /// and leave the band's other digits later, in [`State::drain_band`]: so the next
    /// update never waits for that clearing.
    #[inline(always)]
    fn update<I: BandOps, const B: usize>(
        &mut self,
        isa: I,
        d: usize,
        dirty: &mut [u32; 3],
        solved: &mut [u32; 9],
        pending: &mut u32,
    ) -> Result<(), Dead> {
        let s = self.f[B][d];
        let s = s & CLOSURE[isa.minirows(s) as usize];
        if s == 0 {
            return Err(Dead);
        }
        self.f[B][d] = s;
        let claim = CLAIMED_COLUMNS[((s | s >> 9 | s >> 18) & 0x1FF) as usize];
        // Applied without a branch: whether a claim is news is unpredictable, and a
        // mispredicted test costs more than the stores.
        let (o1, o2) = ((B + 1) % 3, (B + 2) % 3);
        let (a, b) = (self.f[o1][d], self.f[o2][d]);
        self.f[o1][d] = a & !claim;
        self.f[o2][d] = b & !claim;
        dirty[o1] |= ((a & claim != 0) as u32) << d;
        dirty[o2] |= ((b & claim != 0) as u32) << d;
        // A cell fixed here leaves `unsolved` at once, so no other digit can fix it too.
        let newly = isa.alone_in_row(s) & self.unsolved[B];
        self.unsolved[B] &= !newly;
        solved[d] |= newly;
        *pending |= newly;
        Ok(())
    }

    /// Updates the dirty words of band `B` until none is left there, then removes the cells
    /// fixed on the way from the digits that did not fix them; the words this changes are
    /// left dirty for the next round over the bands (going on to the other bands first was
    /// faster than draining them at once). Returns 1 if there was any dirty
    /// word, else 0.
    #[inline(always)]
    fn drain_band<I: BandOps, const B: usize>(
        &mut self,
        isa: I,
        dirty: &mut [u32; 3],
    ) -> Result<u32, Dead> {
        if dirty[B] == 0 {
            return Ok(0);
        }
        let mut solved = [0u32; 9];
        let mut pending = 0u32;
        while dirty[B] != 0 {
            let mine = dirty[B];
            let d = mine.trailing_zeros() as usize;
            dirty[B] &= mine - 1;
            self.update::<I, B>(isa, d, dirty, &mut solved, &mut pending)?;
        }
        // Unconditional: an empty flush is cheaper than a mispredicted test.
        dirty[B] |= isa.clear_band(&mut self.f[B], pending, &solved);
        Ok(1)
    }

    /// Propagates from the worklist `dirty` until nothing changes, placing naked singles
    /// on the way; with `columns`, runs [`State::column_pass`] before giving up. `rescan`
    /// scans every band for naked singles; without it only the bands that change are (for
    /// a state derived from a stuck one).
    #[inline(always)]
    pub(crate) fn propagate<I: BandOps>(
        &mut self,
        isa: I,
        dirty: u32,
        columns: bool,
        rescan: bool,
    ) -> Result<Fixpoint, Dead> {
        // One worklist per band: an update in one band never waits on another's.
        let mut dirty = [dirty & 0x1FF, (dirty >> 9) & 0x1FF, dirty >> 18];
        // Bands whose words changed since their last naked-single scan (bit per band):
        // all of them for a new state, none for one that was stuck before the change
        // (every band was scanned then; the changed ones get drained, which marks them).
        let mut touched = if rescan { 0b111 } else { 0 };
        loop {
            while dirty[0] | dirty[1] | dirty[2] != 0 {
                touched |= self.drain_band::<I, 0>(isa, &mut dirty)?;
                touched |= self.drain_band::<I, 1>(isa, &mut dirty)? << 1;
                touched |= self.drain_band::<I, 2>(isa, &mut dirty)? << 2;
            }
            for (b, dirty) in dirty.iter_mut().enumerate() {
                if touched & (1 << b) != 0 {
                    *dirty |= self.naked_singles(isa, b)?;
                }
            }
            touched = 0;
            // Tested word by word: the words were just stored one by one, and a wider load
            // of them would wait for the stores.
            let none = |w: &[u32; 3]| w[0] | w[1] | w[2] == 0;
            if columns && none(&dirty) && !none(&self.unsolved) {
                dirty = self.column_pass()?;
            }
            if none(&dirty) {
                return Ok(if none(&self.unsolved) {
                    Fixpoint::Solved
                } else {
                    Fixpoint::Stuck
                });
            }
        }
    }

    /// Scans band `b` for cells without candidates (a contradiction) and places its naked
    /// singles; returns the band's dirty words (bit `d` for digit `d + 1`).
    #[inline(always)]
    fn naked_singles<I: BandOps>(&mut self, isa: I, b: usize) -> Result<u32, Dead> {
        let (one, two) = isa.one_and_two(&self.f[b]);
        if one != BAND {
            return Err(Dead);
        }
        let singles = self.unsolved[b] & !two;
        let mut dirty = 0;
        if singles != 0 {
            // Without a data-dependent branch in the usual case, where a digit has at most
            // one single in the band (entry 27 of the table is for none).
            for (d, w) in self.f[b].iter_mut().enumerate() {
                let c = singles & *w;
                let peers = if c & c.wrapping_sub(1) == 0 {
                    PEERS_OR_NONE[(c | 1 << 27).trailing_zeros() as usize & 31]
                } else {
                    // Several: each one's peers go, so two in one row or box empty it.
                    let (mut peers, mut rest) = (0, c);
                    while rest != 0 {
                        peers |= ROW_BOX_PEERS[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                    }
                    peers
                };
                *w &= !peers;
                dirty |= ((c != 0) as u32) << d;
            }
        }
        Ok(dirty)
    }

    /// The open cells of band `b` with exactly two candidates.
    #[inline(always)]
    pub(crate) fn pairs<I: BandOps>(&self, isa: I, b: usize) -> u32 {
        let [_, two, three] = isa.up_to_three(&self.f[b]);
        self.unsolved[b] & two & !three
    }

    /// Column deductions the band updates do not make, for when propagation is stuck: a
    /// column where a digit has no place is a contradiction, and a column only one band
    /// offers the digit confines the digit, in that band's box, to the column (column
    /// hidden singles and column claiming). Returns the dirty words.
    ///
    /// The column sets and the test for a possible deduction run over all words without
    /// lookups (so they vectorise); the table is consulted only for the words where a box
    /// holds an exclusive column besides others, or two exclusive columns.
    // The bands are indexed: each one reads the columns of the two others.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn column_pass(&mut self) -> Result<[u32; 3], Dead> {
        const GROUP_LOW: u32 = 0b001_001_001;
        let mut cols = [[0u32; 9]; 3];
        for b in 0..3 {
            for d in 0..9 {
                let s = self.f[b][d];
                cols[b][d] = (s | s >> 9 | s >> 18) & 0x1FF;
            }
        }
        let mut missing = 0;
        let mut work = [0u32; 3];
        for b in 0..3 {
            let (o1, o2) = ((b + 1) % 3, (b + 2) % 3);
            for d in 0..9 {
                let (c, others) = (cols[b][d], cols[o1][d] | cols[o2][d]);
                missing |= !(c | others) & 0x1FF;
                let only = c & !others;
                let stacks = (only | only >> 1 | only >> 2) & GROUP_LOW;
                let beside = c & (stacks * 7) & !only;
                let two = (only & only >> 1 | only & only >> 2 | only >> 1 & only >> 2) & GROUP_LOW;
                work[b] |= ((beside | two != 0) as u32) << d;
            }
        }
        if missing != 0 {
            return Err(Dead);
        }
        for b in 0..3 {
            let (o1, o2) = ((b + 1) % 3, (b + 2) % 3);
            let mut w = work[b];
            while w != 0 {
                let d = w.trailing_zeros() as usize;
                w &= w - 1;
                let only = cols[b][d] & !(cols[o1][d] | cols[o2][d]);
                self.f[b][d] &= COLUMN_CLAIMS[only as usize];
            }
        }
        Ok(work)
    }

    /// Fixes digit `d` (0-8) in cell `p` of band `b`; returns the dirty words.
    #[inline(always)]
    pub(crate) fn place<I: BandOps>(&mut self, isa: I, b: usize, p: u32, d: usize) -> u32 {
        // A static `keep` (not one built here): a vector load of freshly stored words
        // would stall on store forwarding.
        static KEEP_NONE: [u32; 9] = [0; 9];
        let bit = 1 << p;
        let word = self.f[b][d];
        let changed = isa.clear_band(&mut self.f[b], bit, &KEEP_NONE);
        self.f[b][d] = word & !ROW_BOX_PEERS[p as usize];
        self.unsolved[b] &= !bit;
        (changed | 1 << d) << (b * 9)
    }

    /// Removes digit `d` (0-8) from cell `p` of band `b`; returns the dirty words.
    #[inline(always)]
    pub(crate) fn eliminate(&mut self, b: usize, p: u32, d: usize) -> u32 {
        self.f[b][d] &= !(1 << p);
        1 << (b * 9 + d)
    }
}

#[cfg(test)]
mod tests {
    use super::super::isa::{scan_scalar, BandOps};
    use super::*;
    use crate::board::CELLS;
    use crate::engine::path::Portable;

    /// Every word of the worklist.
    const ALL_DIRTY: u32 = (1 << 27) - 1;

    fn state_of(text: &[u8; CELLS]) -> Result<(State, u32), Clash> {
        let scan = scan_scalar(text, b'0');
        assert!(scan.valid);
        State::from_clues(&scan.clues).map(|s| (s, ALL_DIRTY))
    }

    const PUZZLE: &[u8; CELLS] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &[u8; CELLS] =
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn clashes_are_found_in_rows_columns_and_boxes() {
        let at = |cells: &[(usize, u8)]| {
            let mut t = [b'.'; CELLS];
            for &(i, d) in cells {
                t[i] = b'0' + d;
            }
            state_of(&t).map(|_| ())
        };
        assert_eq!(at(&[(0, 3), (8, 3)]), Err(Clash));
        assert_eq!(at(&[(0, 3), (1, 3)]), Err(Clash));
        assert_eq!(at(&[(4, 7), (76, 7)]), Err(Clash));
        assert_eq!(at(&[(4, 7), (13, 7)]), Err(Clash));
        assert_eq!(at(&[(30, 1), (50, 1)]), Err(Clash));
        assert_eq!(at(&[(0, 1), (80, 1)]), Ok(()));
        assert_eq!(at(&[(0, 1), (1, 2)]), Ok(()));
        assert!(state_of(SOLUTION).is_ok());
    }

    #[test]
    fn an_easy_puzzle_propagates_to_its_solution() {
        let (mut s, dirty) = state_of(PUZZLE).unwrap();
        assert!(matches!(
            s.propagate(Portable, dirty, true, true),
            Ok(Fixpoint::Solved)
        ));
        let mut out = [0u8; CELLS];
        Portable.write_digits(&s.f, &mut out, b'0');
        assert_eq!(&out, SOLUTION);
    }

    #[test]
    fn a_cell_without_candidates_is_a_contradiction() {
        // Row 0 holds 1-8 and column 8 holds a 9 lower down.
        let mut t =
            *b"12345678.........................................................................";
        t[80] = b'9';
        let (mut s, dirty) = state_of(&t).unwrap();
        assert_eq!(s.propagate(Portable, dirty, true, true).err(), Some(Dead));
    }

    #[test]
    fn place_and_eliminate_touch_only_their_words() {
        let (mut s, _) = state_of(&[b'.'; CELLS]).unwrap();
        assert_eq!(Portable.holding(&s.f[1], 1 << 13), 0x1FF);
        let dirty = s.place(Portable, 1, 13, 4);
        assert_eq!(dirty, 0x1FF << 9);
        assert_eq!(Portable.holding(&s.f[1], 1 << 13), 1 << 4);
        assert_eq!(s.f[1][4] & ROW_BOX_PEERS[13], 0);
        assert_eq!(s.unsolved[1], BAND & !(1 << 13));
        assert_eq!(s.eliminate(0, 0, 2), 1 << 2);
        assert_eq!(Portable.holding(&s.f[0], 1), 0x1FF & !(1 << 2));
    }
}
