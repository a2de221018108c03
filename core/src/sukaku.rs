//! Pencil-mark (sukaku) puzzles: a grid of candidates rather than of givens.
//!
//! On the wire a sukaku is 729 bytes, cell by cell (row-major) and digit by digit: byte
//! `9 * i + d - 1` is `'d'` when digit `d` is still a candidate of cell `i`, and `'.'` or
//! `'0'` when it is excluded. A solution is a complete valid grid whose every digit is a
//! candidate of its cell.
//!
//! Counting runs the engines from the state that holds the candidates, as a board's count
//! runs them from its givens (the band engine, then the triad engine from where it gave
//! up, on the selected path), in turn with a plain search of this module's own that also
//! checks each unit's matching: sparse grids without a solution can take either minutes
//! that the other refutes at once. Its unit tests check it against a plain search of its own over
//! candidate masks, and against the counts of ordinary boards.

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS};
use crate::error::Error;
use crate::units::{PEERS, UNITS};

/// The number of bytes of a sukaku on the wire.
pub const SUKAKU_BYTES: usize = CELLS * 9;

/// All nine candidates.
const ALL: u16 = 0x1FF;

/// The candidates of each cell of a 729-byte sukaku, bit `d - 1` for digit `d`.
///
/// Fails with [`Error::InvalidChar`] when a byte is neither its position's digit nor
/// `'.'` or `'0'` (every byte is checked first), and with [`Error::NoSolution`] when a cell
/// is left without candidates.
pub fn candidates_from_sukaku(bytes: &[u8; SUKAKU_BYTES]) -> Result<[u16; CELLS], Error> {
    let mut ok = true;
    let mut masks = [0u16; CELLS];
    for (i, mask) in masks.iter_mut().enumerate() {
        for d in 0..9 {
            let b = bytes[i * 9 + d];
            let digit = b'1' + d as u8;
            ok &= b == digit || b == b'.' || b == b'0';
            if b == digit {
                *mask |= 1 << d;
            }
        }
    }
    if !ok {
        return Err(Error::InvalidChar);
    }
    if masks.contains(&0) {
        return Err(Error::NoSolution);
    }
    Ok(masks)
}

/// The 729-byte sukaku of candidate masks (`'.'` for an excluded digit).
pub fn sukaku_of(candidates: &[u16; CELLS]) -> [u8; SUKAKU_BYTES] {
    let mut out = [b'.'; SUKAKU_BYTES];
    for (i, &m) in candidates.iter().enumerate() {
        for d in 0..9 {
            if m & (1 << d) != 0 {
                out[i * 9 + d] = b'1' + d as u8;
            }
        }
    }
    out
}

/// The result of counting the solutions of a sukaku.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SukakuCount {
    /// min(number of solutions, limit).
    pub count: usize,
    /// The first solution found (in the search's fixed order), when `count > 0`.
    pub first: Option<Board>,
}

/// Counts the solutions of a candidate grid (bit `d - 1` of `candidates[i]` for digit `d`
/// in cell `i`), stopping at `limit`. Fails with [`Error::InvalidArgument`] when a mask
/// has bits above digit 9.
pub fn count_candidates(candidates: &[u16; CELLS], limit: usize) -> Result<SukakuCount, Error> {
    if candidates.iter().any(|&m| m & !ALL != 0) {
        return Err(Error::InvalidArgument);
    }
    if limit == 0 {
        return Ok(SukakuCount {
            count: 0,
            first: None,
        });
    }
    // The engines and the plain search in turn, each turn with four times the budget of
    // the last: the fuzz targets found grids each refutes at once and the other takes
    // tens of seconds or more on (the plain search's matching sees a set of cells with
    // fewer candidates between them; the engines' propagation and search see the rest
    // sooner), and taking turns bounds a grid to a few times what the one that finds it
    // easy needs. The budget ends unlimited, so a count always ends.
    let mut guesses: u64 = FIRST_TURN;
    loop {
        if let Some((count, first)) =
            crate::engine::count_candidates_within(candidates, limit, guesses)
        {
            return Ok(SukakuCount { count, first });
        }
        if let Some(counted) = Counter::count(candidates, limit, guesses / PLAIN_COST) {
            return Ok(counted);
        }
        guesses = guesses.saturating_mul(4);
    }
}

/// The first turn's budget of [`count_candidates`], in guesses of each engine. A round
/// figure, not tuned.
const FIRST_TURN: u64 = 1024;

/// The plain search's turn looks at the budget over this many positions: a position of
/// it (singles over every cell and unit, and each unit's matching) does more work than an
/// engine's guess. A round figure, not measured or tuned.
const PLAIN_COST: u64 = 16;

/// A plain count over candidate masks: naked and hidden singles and a check that every
/// unit can take its nine digits (a matching), to a fixed point, then a branch on the open
/// cell with the fewest candidates. It takes turns with the engines (see
/// [`count_candidates`]) and is the unit tests' oracle.
struct Counter {
    limit: usize,
    count: usize,
    first: Option<Board>,
    /// Positions the search may still look at; when they run out it gives up.
    nodes_left: u64,
    gave_up: bool,
}

impl Counter {
    /// Singles to a fixed point: `false` when a contradiction shows.
    fn propagate(m: &mut [u16; CELLS], placed: &mut u128) -> bool {
        loop {
            let mut changed = false;
            for i in 0..CELLS {
                if *placed & (1 << i) != 0 {
                    continue;
                }
                let mask = m[i];
                if mask == 0 {
                    return false;
                }
                if mask & (mask - 1) == 0 {
                    *placed |= 1 << i;
                    for &p in &PEERS[i] {
                        let p = p as usize;
                        if m[p] & mask != 0 {
                            if *placed & (1 << p) != 0 {
                                return false;
                            }
                            m[p] &= !mask;
                            changed = true;
                        }
                    }
                }
            }
            // Hidden singles; a digit with no place in a unit is a contradiction.
            for unit in UNITS.iter() {
                let (mut once, mut twice) = (0u16, 0u16);
                for &c in unit {
                    let x = m[c as usize];
                    twice |= once & x;
                    once |= x;
                }
                if once != ALL {
                    return false;
                }
                let mut single = once & !twice;
                while single != 0 {
                    let bit = single & single.wrapping_neg();
                    single &= single - 1;
                    for &c in unit {
                        let c = c as usize;
                        if m[c] & bit != 0 && m[c] != bit {
                            m[c] = bit;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                // Each unit must still fit its nine digits into its nine cells: a set of
                // k cells with fewer than k candidates between them is a contradiction
                // that singles do not see, and on sparse grids without a solution the
                // search below would otherwise try every way around it.
                return UNITS
                    .iter()
                    .all(|unit| Counter::fits(&core::array::from_fn(|k| m[unit[k] as usize])));
            }
        }
    }

    /// Whether the nine digits can go into the nine cells of a unit, one a cell, each in
    /// a cell whose mask has it (a perfect matching, by augmenting paths).
    fn fits(masks: &[u16; 9]) -> bool {
        /// Finds a digit for `cell`, moving digits already given to other cells.
        fn augment(cell: usize, masks: &[u16; 9], owner: &mut [u8; 9], seen: &mut u16) -> bool {
            let mut m = masks[cell] & !*seen;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                *seen |= 1 << d;
                let other = owner[d];
                if other == u8::MAX || augment(usize::from(other), masks, owner, seen) {
                    owner[d] = cell as u8;
                    return true;
                }
                m &= !*seen;
            }
            false
        }
        let mut owner = [u8::MAX; 9];
        (0..9).all(|cell| augment(cell, masks, &mut owner, &mut 0))
    }

    /// Counts `masks` up to `limit` within `nodes` positions; `None` when they ran out.
    fn count(masks: &[u16; CELLS], limit: usize, nodes: u64) -> Option<SukakuCount> {
        let mut counter = Counter {
            limit,
            count: 0,
            first: None,
            nodes_left: nodes,
            gave_up: false,
        };
        if limit > 0 {
            counter.search(*masks);
        }
        (!counter.gave_up).then_some(SukakuCount {
            count: counter.count,
            first: counter.first,
        })
    }

    fn search(&mut self, mut m: [u16; CELLS]) {
        if self.nodes_left == 0 {
            self.gave_up = true;
            return;
        }
        self.nodes_left -= 1;
        let mut placed = 0u128;
        if !Counter::propagate(&mut m, &mut placed) {
            return;
        }
        let mut best: Option<(u32, usize)> = None;
        for (i, &mask) in m.iter().enumerate() {
            let n = mask.count_ones();
            if n > 1 && best.is_none_or(|(b, _)| n < b) {
                best = Some((n, i));
            }
        }
        let Some((_, cell)) = best else {
            // Every cell has one candidate and no peer shares it: a solution.
            self.count += 1;
            if self.first.is_none() {
                let digits = core::array::from_fn(|i| m[i].trailing_zeros() as u8 + 1);
                self.first = Board::from_digits(digits);
            }
            return;
        };
        let mut rest = m[cell];
        while rest != 0 && self.count < self.limit && !self.gave_up {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut next = m;
            next[cell] = bit;
            self.search(next);
        }
    }
}

/// [`count_candidates`] of a 729-byte sukaku, after the checks of
/// [`candidates_from_sukaku`] and with its errors: [`Error::InvalidChar`] for a bad byte,
/// [`Error::NoSolution`] for a cell without candidates (what every front door reports).
pub fn count_sukaku(bytes: &[u8; SUKAKU_BYTES], limit: usize) -> Result<SukakuCount, Error> {
    count_candidates(&candidates_from_sukaku(bytes)?, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::count_solutions;
    use crate::engine::{band, Path};
    use crate::generate::{random_grid, random_minimal, Rng};

    /// The 729 bytes of a sukaku written as nine lines of 81.
    fn grid(lines: [&str; 9]) -> [u8; SUKAKU_BYTES] {
        let text = lines.concat();
        text.as_bytes().try_into().expect("729 bytes")
    }

    /// The count of `bytes` up to 2, which must take well under 10 s.
    fn count_in_time(bytes: &[u8; SUKAKU_BYTES]) -> SukakuCount {
        let start = std::time::Instant::now();
        let c = count_sukaku(bytes, 2).expect("a valid sukaku");
        assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
        c
    }

    /// The plain count of `masks` up to `limit`.
    fn plain(masks: &[u16; CELLS], limit: usize) -> SukakuCount {
        Counter::count(masks, limit, u64::MAX).expect("an unlimited count")
    }

    #[test]
    fn parses_digits_dots_and_zeros_and_rejects_the_rest() {
        let mut s = [b'.'; SUKAKU_BYTES];
        for i in 0..CELLS {
            s[i * 9 + i % 9] = b'1' + (i % 9) as u8;
            s[i * 9 + 8] = b'9';
        }
        s[5] = b'0';
        let c = candidates_from_sukaku(&s).unwrap();
        assert_eq!(c[0], 1 | 1 << 8);
        assert_eq!(c[8], 1 << 8);
        assert_eq!(sukaku_of(&c)[..9], *b"1.......9");
        // A digit at another digit's place is a bad byte, as is anything else.
        for bad in [b'2', b'x', b' ', 0] {
            let mut t = s;
            t[0] = bad;
            assert_eq!(candidates_from_sukaku(&t), Err(Error::InvalidChar));
        }
        // A cell without candidates.
        let mut t = s;
        t[0] = b'.';
        t[8] = b'.';
        assert_eq!(candidates_from_sukaku(&t), Err(Error::NoSolution));
        assert_eq!(count_sukaku(&t, 5), Err(Error::NoSolution));
        // Bad bytes win over an empty cell.
        t[700] = b'x';
        assert_eq!(candidates_from_sukaku(&t), Err(Error::InvalidChar));
    }

    #[test]
    fn counts_agree_with_the_engine_on_the_candidates_of_boards() {
        let mut rng = Rng::new(11);
        for k in 0..30 {
            let (puzzle, solution) = random_minimal(&mut rng);
            // Fewer givens: some boards with several solutions.
            let mut p = puzzle;
            for _ in 0..k % 4 {
                let i = rng.below(CELLS);
                p.set(i, 0);
            }
            let cands = crate::logic::candidates(&p);
            let s = sukaku_of(&cands);
            for limit in [1, 2, 10] {
                let got = count_sukaku(&s, limit).unwrap();
                let want = count_solutions(&p, limit).unwrap().count;
                assert_eq!(got.count, want, "{p} limit {limit}");
                let first = got.first.unwrap();
                assert!(first.is_solution_of(&p));
                assert!((0..CELLS).all(|i| cands[i] & (1 << (first.get(i) - 1)) != 0));
            }
            assert_eq!(count_sukaku(&s, 0).unwrap().count, 0);
            // Taking the solution's digit out of one open cell's candidates leaves none
            // when the puzzle was proper.
            if p == puzzle {
                let i = (0..CELLS).find(|&i| p.get(i) == 0).unwrap();
                let mut c = cands;
                c[i] &= !(1 << (solution.get(i) - 1));
                assert_eq!(count_candidates(&c, 2).unwrap().count, 0, "{p}");
            }
        }
    }

    #[test]
    fn a_full_candidate_grid_has_many_solutions_and_masks_are_checked() {
        assert_eq!(count_candidates(&[ALL; CELLS], 50).unwrap().count, 50);
        let g = random_grid(&mut Rng::new(2));
        let one: [u16; CELLS] = core::array::from_fn(|i| 1 << (g.get(i) - 1));
        assert_eq!(
            count_candidates(&one, 2).unwrap(),
            SukakuCount {
                count: 1,
                first: Some(g)
            }
        );
        let mut bad = one;
        bad[3] |= 1 << 9;
        assert_eq!(count_candidates(&bad, 2), Err(Error::InvalidArgument));
    }

    #[test]
    fn a_unit_fits_its_digits_exactly_when_every_set_of_cells_has_enough_candidates() {
        let all = [ALL; 9];
        assert!(Counter::fits(&all));
        let mut three = all;
        three[..3].copy_from_slice(&[0b11, 0b11, 0b11]);
        assert!(!Counter::fits(&three));
        let mut chain = [0u16; 9];
        for (k, m) in chain.iter_mut().enumerate() {
            *m = 1 << k | 1 << ((k + 1) % 9);
        }
        assert!(Counter::fits(&chain));
        chain[4] = 1 << 4;
        chain[5] = 1 << 4;
        assert!(!Counter::fits(&chain));
    }

    /// A sparse grid with solutions that took the band engine alone 30 s to find the
    /// first of (found by the sukaku fuzz target): the triad engine takes it over.
    #[test]
    fn a_grid_the_band_engine_finds_hard_is_counted() {
        let bytes = &grid([
            "....5......3.......2.456789123456789......7..12.45678912345678912345678912.456789",
            ".....6...12345678912.4567891.34567891.34567891.345678912.45678912.4567891.3456789",
            ".2345678912.4567891.34567891234567891234567891.3456789.234567891234567891.3456789",
            ".23456789.234567891.34567891234567891234567891.34567891234567891234567891.3456789",
            "1234567891234567891.34567891234567891234567891234567891.34567891.3456789123456789",
            "1234567891234567891.3456789123456789123456789..3456789.234567891234567891.3456789",
            ".234567891234567891.3456789.2.......1234567891.34567891234567891234567891.3456789",
            "1234567891234567891.34567891234567891234567891.34567891234567891234567891.3456789",
            "......7..1234567891.34567891234567891................9....5....1234567891.3456789",
        ]);
        let c = count_in_time(bytes);
        assert_eq!(c.count, 2);
        let first = c.first.expect("a solution");
        let masks = candidates_from_sukaku(bytes).expect("valid");
        assert!((0..CELLS).all(|i| masks[i] >> (first.get(i) - 1) & 1 == 1));
        assert!(first.is_complete() && first.check_conflicts().is_ok());
    }

    /// A sparse grid without a solution that took the engines 55 s (found by the hint
    /// fuzz target): six cells of a row share five digits, which the plain search's
    /// matching sees at once.
    #[test]
    fn a_grid_the_engines_find_hard_is_refuted() {
        let bytes = &grid([
            "....5......3......12.4.6.8912.4.6.89......7..12.4.6.8912.4.6.8912.4.6.8912.4.6.89",
            "12.4.678912.4.678912.4.6789123456.89123456.89123456.891.3.56789123456789123456789",
            "12.4.678912.4.678912.4.6789123456.89123456.89123456.89123456789123456789123456789",
            "1234.67891...5.7891...5.7891...5.7891...5..891...5.7891...5.789123456789123456789",
            "1234.678912.456789123456789123.56789123456.89123456789123456789123456789123456789",
            "1234.678912.456789123456789123456789123456.891234567891234567891234..7891234..789",
            "1234.678912.456789123456789123456789123456.89123456789123456789123456789123456789",
            "1234.678912.456789123456789123456789123456.89123456789123456789123456789123456789",
            "1234.678912.456789123456789123456789123456.89123456789123456789123456789123456789",
        ]);
        let masks = candidates_from_sukaku(bytes).expect("valid");
        assert_eq!(
            crate::engine::count_candidates_within(&masks, 2, 1024),
            None
        );
        let c = count_in_time(bytes);
        assert_eq!((c.count, c.first), (0, None));
    }

    /// Sparse grids without a solution that took a plain search minutes (found by the
    /// hint and sukaku fuzz targets): the first one singles do not refute, the second
    /// one a matching of each unit does not either.
    #[test]
    fn sparse_grids_without_a_solution_are_refuted() {
        let bytes = &grid([
            "12.456789....5.....23456789........91.3456789.234567891..........3456789123456789",
            "1..........345678912345678912.4567891.3456789.2345678912.4567891.3456789123456789",
            "12.4567891.34567891234567891..........3456789123456789.2.4567891.3456789.23456789",
            "12.4567891.345678912345678912.4567891.345678912345678912.456789123456789123456789",
            "1..4567891234567891234567891..456789.23456789123456789.....6...1........123456789",
            "1..4567891........123456789...456789.234567891234567891..456789123456789123456789",
            "1..456789123456789.2.......1..4567891234567891........1..456789.2.456789123456789",
            "1.3456789.2.4567891........1.3456789.2.4567891234567891.3456789.2.456789123456789",
            "1.3456789.2.4567891234567891.3456789.2.4567891234567891.3456789.2.4567891........",
        ]);
        let c = count_in_time(bytes);
        assert_eq!((c.count, c.first), (0, None));
        let bytes = &grid([
            "....5......3......12.4.6.8912.4.6.89......7..12.4.6.8912.4.6.8912.4.6.8912.4.6.89",
            "12.4.678912.4.678912.4.6789123456.89123456.89123456.89123456789123456789123456789",
            "12.4.678912.4.678912.4.6789123456.89123456.89123456.891234567891234567891...5.789",
            "1.....7891...5.7891...5.7891...5.7891...5..89123456789123456789123456789123456789",
            "1234.678912.456789123456789123456789123456.89123456789123456789123456789123456789",
            "1234.678912.4567891234567891..45.7.91..45...91..45.7.91..45.7.91..45.7.91..45.7.9",
            "1..4..7.91..45.7.91..45.7.91..45.7.91..45...9123456789123456789123456789123456789",
            "1234.678912.4567891234567891234..7891234...89123456789123456789123456789123456789",
            "1234.678912.456789123456789123456789123456.89123456789123456789123456789123456789",
        ]);
        let c = count_in_time(bytes);
        assert_eq!((c.count, c.first), (0, None));
    }

    /// On every path, the engine's count of candidate grids near puzzles (the candidates
    /// of a puzzle with fewer givens, less some candidates, the solution's too at times)
    /// is the plain search's, and so is the solution of a grid that has one.
    #[test]
    fn the_engine_counts_candidate_grids_as_the_plain_search_does() {
        let mut rng = Rng::new(5);
        let mut seen = [0usize; 3];
        for k in 0..150 {
            let (mut p, _) = random_minimal(&mut rng);
            for _ in 0..k % 5 {
                p.set(rng.below(CELLS), 0);
            }
            let mut masks = crate::logic::candidates(&p);
            for _ in 0..rng.below(40) {
                let i = rng.below(CELLS);
                let cut = masks[i] & !(1 << rng.below(9));
                if cut != 0 && p.get(i) == 0 {
                    masks[i] = cut;
                }
            }
            for limit in [1, 2, 3] {
                let want = plain(&masks, limit);
                seen[want.count.min(2)] += 1;
                let routed = count_candidates(&masks, limit).unwrap();
                assert_eq!(routed.count, want.count, "routed, limit {limit} grid {k}");
                if limit >= 2 && want.count == 1 {
                    assert_eq!(routed.first, want.first, "routed, grid {k}");
                }
                for path in Path::available() {
                    let (n, first) = band::count_candidates(path, &masks, limit).unwrap();
                    assert_eq!(n, want.count, "{path:?} limit {limit} grid {k}");
                    if limit >= 2 && n == 1 {
                        assert_eq!(first, want.first, "{path:?} grid {k}");
                    }
                    if let Some(f) = first {
                        assert!((0..CELLS).all(|i| masks[i] >> (f.get(i) - 1) & 1 == 1));
                        assert!(f.is_complete() && f.check_conflicts().is_ok());
                    } else {
                        assert_eq!(n, 0);
                    }
                }
            }
        }
        // Grids of no solution, one and several were all compared.
        assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
    }
}
