//! Aligned pair and triplet exclusion, on the cells Sudoku Explainer takes. Pairs: any two
//! open cells that two bivalue cells or more see, and those cells. Triplets: any three open
//! cells of which one has two or three candidates and sees another of the three, that two
//! cells or more of two or three candidates see, and those cells. The cells of a pair or a
//! triplet need not share a unit (serate applies a pair exclusion on r7c9 and r8c4 in
//! gen_minimal line 71342; in puzzles2_17_clue line 18324 it finds no triplet exclusion on
//! r1c2, r2c2 and r3c2, of four candidates each). Each combination of a digit for each cell
//! is ruled out when two cells that see each other take the same digit or when it holds
//! every candidate of one of the cells that see them all (that cell would be left empty); a
//! digit of a cell in no remaining combination leaves that cell.

use super::rule::SeRule;
use super::Found;
use crate::board::CELLS;
use crate::logic::grid::Grid;
use crate::units::{Bits, CELL_UNITS, PEER_MASK, UNIT_MASK};

/// The first aligned pair exclusion (6.2), in Sudoku Explainer's order: pairs `x` before
/// `y` in increasing order of `y`, then of `x`. Only pairs that two bivalue cells or more
/// see are taken (Sudoku Explainer takes no pair with one), and among them only those with
/// a cell of `changed` or seen (both) by one: the others are known to exclude nothing
/// (their cells and the cells of two that see both are as they were when they excluded
/// nothing; [`super::memo`]). The two cells need not see each other.
pub(crate) fn aligned_pair(g: &Grid, changed: u128) -> Option<Found> {
    // The open cells with two candidates or more, and those with exactly two.
    let (mut many, mut bivalue) = (0u128, 0u128);
    for (c, &cand) in g.cand.iter().enumerate() {
        if g.digit[c] == 0 && cand & cand.wrapping_sub(1) != 0 {
            many |= 1 << c;
            bivalue |= u128::from(cand.is_pair()) << c;
        }
    }
    let mut m = many;
    while m != 0 {
        let y = m.trailing_zeros() as usize;
        m &= m - 1;
        // The cells before it that see a bivalue cell seeing it.
        let mut earlier = many & seeing_any(bivalue & PEER_MASK[y]) & ((1u128 << y) - 1);
        if changed >> y & 1 == 0 {
            // Where `y` is as it was: `x` changed, or sees a changed cell that sees `y`.
            earlier &= changed | seeing_any(changed & PEER_MASK[y]);
        }
        while earlier != 0 {
            let x = earlier.trailing_zeros() as usize;
            earlier &= earlier - 1;
            let seen = bivalue & PEER_MASK[x] & PEER_MASK[y];
            if seen.count_ones() >= 2 {
                if let Some(f) = exclude(g, x, y, seen) {
                    return Some(f);
                }
            }
        }
    }
    None
}

/// The exclusion on cells `a` and `b`, if it removes anything; `seen`: the bivalue cells
/// that see both.
fn exclude(g: &Grid, a: usize, b: usize, seen: u128) -> Option<Found> {
    // Per digit `x`, the digits `y` that may not go with it: the other digit of each
    // bivalue cell seeing both that holds `x` (and `x` itself where `a` and `b` see each
    // other).
    let ab = sees(a, b);
    let mut bad: [u16; 9] = core::array::from_fn(|x| 1 << x & ab);
    let mut m = seen;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        let pair = g.cand[c];
        let p = pair.trailing_zeros() as usize;
        let q = (pair & (pair - 1)).trailing_zeros() as usize;
        bad[p] |= 1 << q;
        bad[q] |= 1 << p;
    }
    // The digits of each cell that some remaining combination uses.
    let keep = |of: u16, with: u16| {
        let mut keep = 0u16;
        let mut ds = of;
        while ds != 0 {
            let x = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if with & !bad[x] != 0 {
                keep |= 1 << x;
            }
        }
        keep
    };
    let mut removed = [0u16; CELLS];
    removed[a] = g.cand[a] & !keep(g.cand[a], g.cand[b]);
    removed[b] = g.cand[b] & !keep(g.cand[b], g.cand[a]);
    (removed[a] | removed[b] != 0)
        .then(|| Found::removing(SeRule::AlignedPairExclusion, 62, removed))
}

/// Every cell, as the cells that changed.
const ALL_CELLS: u128 = (1 << CELLS) - 1;

/// Aligned triplet exclusion (7.5): three open cells, one of two or three candidates that
/// sees one of the other two, with two cells or more of two or three candidates that see
/// all three (not necessarily in one unit). A combination of digits for the three is ruled out when
/// two cells that see each other take the same digit or when the combination holds every
/// candidate of one of those cells; a digit of a cell in no remaining combination leaves
/// that cell. Triplets are tried in the order Sudoku Explainer lists them in
/// ([`triplets`]).
///
/// It is asked about the grids of one walk, one after the other: where the last grid it
/// was asked about had none and the grid now asked about only lost candidates since, the
/// triplets that can remove something now are those with a cell, or a cell that sees all
/// three, that changed (the others have the same cells and fewer of those that see them,
/// so rule out no more). Only those are searched.
pub(crate) struct Triplets {
    /// The candidates of the last grid asked about, if it had no exclusion.
    none_on: Option<[u16; CELLS]>,
}

impl Triplets {
    /// No grid asked about yet.
    pub(crate) fn new() -> Triplets {
        Triplets { none_on: None }
    }

    /// The first aligned triplet exclusion on `g`, in Sudoku Explainer's order.
    pub(crate) fn first(&mut self, g: &Grid) -> Option<Found> {
        let mut changed = 0u128;
        match &self.none_on {
            Some(before) => {
                for (c, (&now, &was)) in g.cand.iter().zip(before).enumerate() {
                    if now & !was != 0 {
                        // Not a later grid of the last.
                        changed = ALL_CELLS;
                        break;
                    }
                    changed |= u128::from(now != was) << c;
                }
            }
            None => changed = ALL_CELLS,
        }
        let found = triplets(g, changed, |_| true);
        self.none_on = found.is_none().then_some(g.cand);
        found
    }
}

/// Each aligned triplet exclusion that removes something, in Sudoku Explainer's order,
/// offered to `take` until it takes one: that one. A triplet is two cells `x` before `y`
/// and a third `z` of two or three candidates that sees `x` or `y`, with two cells or more
/// of two or three candidates that see all three (Sudoku Explainer takes none with one).
/// Pairs come in increasing order of `y`, then of `x`; for each, the thirds in `x`'s box,
/// row and column, then `y`'s, cells in increasing order within each unit, a cell once
/// (three cells with two such thirds come twice). Only the
/// triplets with a cell of `changed`, or seen (all three) by one of two or three candidates
/// there, are looked at.
fn triplets(g: &Grid, changed: u128, mut take: impl FnMut(&Found) -> bool) -> Option<Found> {
    // The cells that can exclude (two or three candidates) and the open cells that see one.
    let mut small = 0u128;
    for (c, &cand) in g.cand.iter().enumerate() {
        if g.digit[c] == 0 && matches!(cand.count_ones(), 2 | 3) {
            small |= 1 << c;
        }
    }
    let mut base = 0u128;
    for (c, &cand) in g.cand.iter().enumerate() {
        if g.digit[c] == 0 && cand.count_ones() >= 2 && PEER_MASK[c] & small != 0 {
            base |= 1 << c;
        }
    }
    let mut my = base;
    while my != 0 {
        let y = my.trailing_zeros() as usize;
        my &= my - 1;
        let ey = PEER_MASK[y] & small;
        // The first cells: those before `y` that see a cell seeing `y`.
        let mut mx = base & ((1u128 << y) - 1) & seeing_any(ey);
        while mx != 0 {
            let x = mx.trailing_zeros() as usize;
            mx &= mx - 1;
            let exy = ey & PEER_MASK[x];
            if exy.count_ones() < 2 {
                continue;
            }
            // The third cells: of two or three candidates, seeing `x` or `y` and a cell
            // that sees both (and, where neither `x` nor `y` changed, that changed or see
            // one that did).
            let mut thirds = small
                & (PEER_MASK[x] | PEER_MASK[y])
                & seeing_any(exy)
                & !(1u128 << x | 1u128 << y);
            if changed >> x & 1 == 0 && changed >> y & 1 == 0 {
                thirds &= changed | seeing_any(exy & changed);
            }
            if thirds == 0 {
                continue;
            }
            let bound = Bound::of(g, x, y, exy);
            for cell in [x, y] {
                let [row, column, boxed] = CELL_UNITS[cell];
                for unit in [boxed, row, column] {
                    let mut mz = thirds & UNIT_MASK[usize::from(unit)];
                    thirds &= !mz;
                    while mz != 0 {
                        let z = mz.trailing_zeros() as usize;
                        mz &= mz - 1;
                        let excluders = exy & PEER_MASK[z];
                        if excluders.count_ones() < 2 || !bound.may_remove(g.cand[z]) {
                            continue;
                        }
                        if let Some(f) = exclude_triplet(g, [x, y, z], excluders) {
                            if take(&f) {
                                return Some(f);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// What the cells of two or three candidates that see a triplet rule out: a combination
/// that holds every candidate of one of them.
struct Excluders {
    /// Per digit, the digits that with it make up a cell of two candidates.
    pairs: [u16; 9],
    /// The candidates of the cells of three.
    triples: [u16; 13],
    /// How many of `triples` are used.
    n: usize,
}

impl Excluders {
    /// The excluders among `cells` (cells of two or three candidates that see two given
    /// cells: 13 at most, the other cells of a row and a box that both share).
    fn of(g: &Grid, cells: u128) -> Self {
        // The room for the cells of three; release builds keep within it whatever comes.
        debug_assert!(cells.count_ones() <= 13, "more than 13 cells see two cells");
        let mut ex = Excluders {
            pairs: [0; 9],
            triples: [0; 13],
            n: 0,
        };
        let mut m = cells;
        while m != 0 {
            let cand = g.cand[m.trailing_zeros() as usize];
            m &= m - 1;
            if cand.is_pair() {
                let p = cand.trailing_zeros() as usize;
                let q = (cand & (cand - 1)).trailing_zeros() as usize;
                ex.pairs[p] |= 1 << q;
                ex.pairs[q] |= 1 << p;
            } else if ex.n < ex.triples.len() {
                ex.triples[ex.n] = cand;
                ex.n += 1;
            }
        }
        ex
    }

    /// The digits a third cell may not take with `x` and `y` (single-digit masks, equal or
    /// not) in the other two: every digit when `x` and `y` fill a cell of two.
    fn ruled_out(&self, x: u16, y: u16) -> u16 {
        let (i, j) = (x.trailing_zeros() as usize, y.trailing_zeros() as usize);
        if self.pairs[i] & y != 0 {
            return 0x1FF;
        }
        let mut out = self.pairs[i] | self.pairs[j];
        let xy = x | y;
        if x != y {
            for &t in &self.triples[..self.n] {
                if t & xy == xy {
                    out |= t & !xy;
                }
            }
        }
        out
    }
}

/// What a pair of cells `a`, `b` allows a third: the candidates of a third cell that let a
/// triplet on them remove something are a subset of one of `masks` or meet `all`. Worked
/// out with every excluder of the pair and as if the third cell saw both, so that it
/// bounds every triplet on the pair.
struct Bound {
    /// Per digit of `a` and of `b`, the digits a third cell must keep to, for that digit
    /// to leave.
    masks: [u16; 18],
    /// How many of `masks` are used.
    n: usize,
    /// The digits of a third cell that no combination of `a` and `b` allows.
    all: u16,
}

impl Bound {
    /// The bound of the pair `a`, `b`, whose excluders are `eab`.
    fn of(g: &Grid, a: usize, b: usize, eab: u128) -> Self {
        let ex = Excluders::of(g, eab);
        let ab = sees(a, b);
        let mut of_a = [0x1FFu16; 9];
        let mut of_b = [0x1FFu16; 9];
        let mut all = 0x1FFu16;
        let mut da = g.cand[a];
        while da != 0 {
            let x = da & da.wrapping_neg();
            da &= da - 1;
            let i = x.trailing_zeros() as usize;
            // A digit `y` that fills a cell of two with `x` rules out every third digit:
            // it narrows nothing.
            let mut db = g.cand[b] & !(x & ab) & !ex.pairs[i];
            while db != 0 {
                let y = db & db.wrapping_neg();
                db &= db - 1;
                let k = x | y | ex.ruled_out(x, y);
                of_a[i] &= k;
                of_b[y.trailing_zeros() as usize] &= k;
                all &= k;
            }
        }
        let mut bound = Bound {
            masks: [0; 18],
            n: 0,
            all,
        };
        // A third cell has two candidates or more: narrower masks never hold one.
        for (cell, of) in [(a, of_a), (b, of_b)] {
            let mut ds = g.cand[cell];
            while ds != 0 {
                let m = of[ds.trailing_zeros() as usize];
                ds &= ds - 1;
                if m.count_ones() >= 2 {
                    bound.masks[bound.n] = m;
                    bound.n += 1;
                }
            }
        }
        bound
    }

    /// Whether a triplet with a third cell of candidates `cand` may remove something.
    fn may_remove(&self, cand: u16) -> bool {
        cand & self.all != 0 || self.masks[..self.n].iter().any(|&m| cand & !m == 0)
    }
}

/// The cells that see one of `cells` at least.
fn seeing_any(cells: u128) -> u128 {
    let mut seeing = 0u128;
    let mut m = cells;
    while m != 0 {
        seeing |= PEER_MASK[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    seeing
}

/// Every digit if cells `p` and `q` see each other, else none.
fn sees(p: usize, q: usize) -> u16 {
    if PEER_MASK[p] >> q & 1 != 0 {
        0x1FF
    } else {
        0
    }
}

/// The exclusion on three cells, if it removes anything; `excluders`: the cells of two or
/// three candidates that see all three.
fn exclude_triplet(g: &Grid, cells: [usize; 3], excluders: u128) -> Option<Found> {
    let ex = Excluders::of(g, excluders);
    let [a, b, c] = cells;
    let (ab, ac, bc) = (sees(a, b), sees(a, c), sees(b, c));
    let mut keep = [0u16; 3];
    let mut da = g.cand[a];
    while da != 0 {
        let x = da & da.wrapping_neg();
        da &= da - 1;
        let mut db = g.cand[b] & !(x & ab);
        while db != 0 {
            let y = db & db.wrapping_neg();
            db &= db - 1;
            let zs = g.cand[c] & !(x & ac) & !(y & bc) & !ex.ruled_out(x, y);
            if zs != 0 {
                keep[0] |= x;
                keep[1] |= y;
                keep[2] |= zs;
            }
        }
    }
    let mut removed = [0u16; CELLS];
    let mut any = false;
    for (k, &cell) in cells.iter().enumerate() {
        removed[cell] = g.cand[cell] & !keep[k];
        any |= removed[cell] != 0;
    }
    any.then(|| Found::removing(SeRule::AlignedTripletExclusion, 75, removed))
}

#[cfg(test)]
mod tests {
    use super::super::marks::{grid, removals};
    use super::*;
    use crate::Board;

    /// Every triplet exclusion by the rule's words, in Sudoku Explainer's order: for every
    /// two open cells `x` before `y` (increasing `y`, then `x`), every third cell of two or
    /// three candidates in the box, row and column of `x`, then of `y`, once; with two cells
    /// or more of two or three candidates that see all three, their combinations one by
    /// one, each checked against those cells.
    fn triplets_by_combinations(g: &Grid) -> Vec<Vec<(usize, usize, Vec<u8>)>> {
        let open: Vec<usize> = (0..CELLS)
            .filter(|&c| g.digit[c] == 0 && g.cand[c].count_ones() >= 2)
            .collect();
        let sees = |p: usize, q: usize| PEER_MASK[p] >> q & 1 != 0;
        let mut found = Vec::new();
        for (j, &y) in open.iter().enumerate() {
            for &x in &open[..j] {
                let mut thirds: Vec<usize> = Vec::new();
                for cell in [x, y] {
                    let [row, column, boxed] = CELL_UNITS[cell];
                    for unit in [boxed, row, column] {
                        for &z in &crate::units::UNITS[usize::from(unit)] {
                            let z = usize::from(z);
                            if !thirds.contains(&z) {
                                thirds.push(z);
                            }
                        }
                    }
                }
                for z in thirds {
                    if z == x || z == y || !open.contains(&z) || g.cand[z].count_ones() > 3 {
                        continue;
                    }
                    let cells = [x, y, z];
                    let excluders: Vec<u16> = (0..CELLS)
                        .filter(|&e| cells.iter().all(|&c| sees(c, e)))
                        .filter(|&e| g.digit[e] == 0 && matches!(g.cand[e].count_ones(), 2 | 3))
                        .map(|e| g.cand[e])
                        .collect();
                    if excluders.len() < 2 {
                        continue;
                    }
                    let mut keep = [0u16; 3];
                    for dx in 0..9 {
                        for dy in 0..9 {
                            for dz in 0..9 {
                                let digits = [dx, dy, dz];
                                if (0..3).any(|k| g.cand[cells[k]] >> digits[k] & 1 == 0) {
                                    continue;
                                }
                                let repeats = (0..3).any(|k| {
                                    (k + 1..3)
                                        .any(|l| digits[k] == digits[l] && sees(cells[k], cells[l]))
                                });
                                let combo = (1 << dx) | (1 << dy) | (1 << dz);
                                if repeats || excluders.iter().any(|&e| e & !combo == 0) {
                                    continue;
                                }
                                for k in 0..3 {
                                    keep[k] |= 1 << digits[k];
                                }
                            }
                        }
                    }
                    let mut f = Found::removing(SeRule::AlignedTripletExclusion, 75, [0; CELLS]);
                    for k in 0..3 {
                        f.removed[cells[k]] = g.cand[cells[k]] & !keep[k];
                    }
                    if f.removed.iter().any(|&r| r != 0) {
                        found.push(removals(&f));
                    }
                }
            }
        }
        found
    }

    /// Puzzles whose grids, with candidates taken away, hold many cells of two and three
    /// candidates.
    const PUZZLES: [&str; 2] = [
        "8......21..1..95.6.....53...7.4...6.....7...9..2.9....3.86.....1.5.............42",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ];

    /// The search, with its bound on the third cell, finds what the rule's words find, in
    /// the same order, on grids with many cells of two and three candidates.
    #[test]
    fn the_search_finds_every_triplet_the_combinations_find() {
        let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut total = 0;
        for p in PUZZLES {
            let board = Board::from_bytes(p.as_bytes().try_into().expect("81")).expect("a board");
            for _ in 0..3 {
                let mut g = Grid::new(&board);
                // Made-up removals (not sound: the rule does not care), leaving two or three
                // candidates in most open cells.
                for c in 0..CELLS {
                    while g.digit[c] == 0 && g.cand[c].count_ones() > 2 {
                        let r = rng.next_u64();
                        if r.is_multiple_of(4) {
                            break;
                        }
                        let ds: Vec<u16> = (0..9).filter(|d| g.cand[c] >> d & 1 != 0).collect();
                        g.cand[c] &= !(1 << ds[(r >> 8) as usize % ds.len()]);
                    }
                }
                let want = triplets_by_combinations(&g);
                let mut got = Vec::new();
                assert!(triplets(&g, ALL_CELLS, |f| {
                    got.push(removals(f));
                    false
                })
                .is_none());
                assert_eq!(got, want);
                total += want.len();
            }
        }
        assert!(total > 20, "only {total} exclusions: the grids test little");
    }

    /// Asked about a grid after grid that lose candidates one by one (not soundly: the rule
    /// does not care), [`Triplets`] finds the first exclusion of a search of every triplet
    /// on each, and none where that finds none; a grid that is not a later one of the last
    /// is searched whole.
    #[test]
    fn triplets_on_later_grids_are_the_triplets_of_the_whole_grid() {
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.next_u64();
        let (mut found, mut none) = (0, 0);
        let mut memo = Triplets::new();
        for p in PUZZLES {
            let board = Board::from_bytes(p.as_bytes().try_into().expect("81")).expect("a board");
            for _ in 0..4 {
                let mut g = Grid::new(&board);
                for _ in 0..400 {
                    let want = triplets(&g, ALL_CELLS, |_| true).map(|f| removals(&f));
                    assert_eq!(memo.first(&g).map(|f| removals(&f)), want);
                    if want.is_some() {
                        found += 1;
                    } else {
                        none += 1;
                    }
                    // One candidate less in a cell of two or more.
                    let open: Vec<usize> = (0..CELLS)
                        .filter(|&c| g.digit[c] == 0 && g.cand[c].count_ones() >= 2)
                        .collect();
                    if open.is_empty() {
                        break;
                    }
                    let c = open[next() as usize % open.len()];
                    let ds: Vec<u16> = (0..9).filter(|d| g.cand[c] >> d & 1 != 0).collect();
                    g.eliminate(c, 1 << ds[next() as usize % ds.len()]);
                }
            }
        }
        assert!(
            found > 50 && none > 50,
            "{found} grids with one, {none} without"
        );
    }

    /// puzzles3_magictour_top1465 line 347 after 25 steps of our walk. Sudoku Explainer's
    /// solver, run on this grid outside the project, lists three aligned triplet exclusions,
    /// all on cells not in one unit: r1c5, r9c6 with r2c5, then with r1c5 as the third
    /// (r7c5, r8c5 and r9c5 see all three) removing 4 from r1c5, then r2c5, r3c5, r9c6
    /// removing 2 from r3c5.
    #[test]
    fn triplets_need_not_share_a_unit() {
        let g = grid(
            "[8] [5] 4679 37 346 34 479 [2] [1]
             247 [3] [1] 278 24 [9] [5] 78 [6]
             24679 69 4679 1278 1268 [5] [3] 789 47
             59 [7] 39 [4] 1358 128 128 [6] 38
             456 18 346 12358 [7] 12368 1248 135 [9]
             456 18 [2] 1358 [9] 1368 1478 1357 34578
             [3] 24 [8] [6] 124 47 179 159 57
             [1] 24 [5] [9] 28 247 [6] 37 378
             679 69 679 1358 135 138 18 [4] [2]",
        );
        let first = Triplets::new().first(&g).expect("a triplet exclusion");
        assert_eq!(first.rating, 75);
        assert_eq!(removals(&first), [(1, 5, vec![4])]);
        let mut all = Vec::new();
        assert!(triplets(&g, ALL_CELLS, |f| {
            all.push(removals(f));
            false
        })
        .is_none());
        assert_eq!(
            all,
            [
                vec![(1, 5, vec![4])],
                vec![(1, 5, vec![4])],
                vec![(3, 5, vec![2])]
            ]
        );
    }

    /// gen_minimal line 71342 after 31 steps of the walk (serate's walk reaches the same
    /// grid). serate applies an aligned pair exclusion on r7c9 and r8c4, which see no common
    /// unit: r7c4 (15), r7c6 (58) and r8c8 (57) see both and leave r8c4 no 5.
    #[test]
    fn pairs_need_not_see_each_other() {
        let g = grid(
            "17 578 1578 [4] 125 [6] [3] [9] 125
             12 [9] 125 [8] [7] [3] 15 [4] [6]
             [3] [6] [4] [9] 125 12 [8] 257 127
             [4] [1] 267 267 [3] [9] 56 [8] 25
             [5] 38 38 26 12 [4] [7] 126 [9]
             [9] 27 267 2567 [8] 125 [4] 12 [3]
             [6] 57 [9] 15 [4] 58 [2] [3] 178
             127 345 12357 1235 [6] 258 [9] 57 1478
             [8] 2345 1235 1235 [9] [7] 156 56 14",
        );
        let first = aligned_pair(&g, ALL_CELLS).expect("an aligned pair exclusion");
        assert_eq!(first.rating, 62);
        assert_eq!(removals(&first), [(8, 4, vec![5])]);
    }

    /// puzzles2_17_clue line 18324 after 39 steps of the walk (serate's walk reaches the
    /// same grid). r1c2 (6789), r2c2 (4679) and r3c2 (6789) would leave r2c2 no 7 (r2c3 78
    /// and r5c2 679 see all three), but serate takes no triplet of cells of four
    /// candidates or more; it finds this one once r3c2 has lost its 7.
    #[test]
    fn triplets_have_a_cell_of_two_or_three_candidates() {
        let mut g = grid(
            "[2] 6789 [5] 679 689 [4] 6789 [1] [3]
             469 4679 78 [3] 689 [1] 6789 [5] [2]
             [1] 6789 [3] [2] [5] 789 689 [4] 78
             689 [3] [1] 679 [2] 789 [4] 679 [5]
             [5] 679 [4] [1] [3] 79 28 269 78
             689 [2] 78 46 468 [5] [3] 679 [1]
             48 48 [6] [5] [7] [2] [1] [3] [9]
             [7] [1] [2] 49 49 [3] [5] [8] [6]
             [3] [5] [9] [8] [1] [6] 27 27 [4]",
        );
        let mut memo = Triplets::new();
        assert!(memo.first(&g).is_none());
        g.eliminate(19, 1 << 6);
        let first = memo.first(&g).expect("an aligned triplet exclusion");
        assert_eq!(removals(&first), [(2, 2, vec![7])]);
    }
}
