//! What static chains can reach: for every node of a grid (each candidate on and off), the
//! set of nodes a static search with X and Y links reaches from it, found for all nodes at
//! once. A search of [`super::chaining`] reaches a subset of that set (it may stop at a
//! contradiction or at a complexity limit), so a start whose set holds no conclusion need
//! not be searched.
//!
//! Static links do not depend on the order nodes are followed in, so the reached sets are
//! those of the implication graph: its strongly connected components (Tarjan's algorithm)
//! share one set, built from the components below them, one bitset over the grid's
//! candidates each.

use super::nodes::{cancelled, each_other, node, parts, NODES, NODE_WORDS};
use crate::board::CELLS;
use crate::error::Error;
use crate::logic::grid::Grid;
use crate::units::{cells_of, Bits, ALL_CELLS, CELL_UNITS, PEER_MASK, UNIT_MASK};

/// The most links out of a node: an "on" node's 8 other candidates and 20 peers.
const MOST_LINKS: usize = 28;
/// Not a node of the grid, or not yet numbered.
const NONE: u32 = u32::MAX;

/// The reached sets of every node of one grid.
pub(super) struct Reach {
    /// The candidates of the grid the sets are for.
    of: [u16; CELLS],
    /// Whether `of` holds the sets' grid.
    valid: bool,
    /// Per node, its index among the grid's nodes, or [`NONE`].
    index: Vec<u32>,
    /// Per index, the node.
    nodes: Vec<u16>,
    /// Per index, where its links start in `links` (one more entry at the end).
    first: Vec<u32>,
    /// The links, as indices.
    links: Vec<u32>,
    /// Per index, its component.
    comp: Vec<u32>,
    /// 64-bit words a set takes.
    words: usize,
    /// Per component, its reached set (bit `i` for index `i`).
    sets: Vec<u64>,
    /// Tarjan's scratch: per index, its number and lowest link; the stack of indices,
    /// whether each is on it, and the stack of (index, next link) of the walk.
    num: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    on_stack: Vec<bool>,
    calls: Vec<(u32, u32)>,
    /// Per component, the last component whose set took its set.
    merged: Vec<u32>,
    /// Per component, whether a loop within it could remove a candidate
    /// ([`Reach::may_cancel`]).
    cancels: Vec<bool>,
}

/// Reserves room for `n` in `v`, or [`Error::NoMemory`].
fn room<T>(v: &mut Vec<T>, n: usize) -> Result<(), Error> {
    v.try_reserve(n.saturating_sub(v.len()))
        .map_err(|_| Error::NoMemory)
}

/// Whether the component of `members` (indices of `nodes`) holds nodes of a loop that
/// could remove a candidate of `g`: a loop has four nodes or more, and a digit leaves a
/// cell that sees a node of the loop where it is on and one where it is off. Worked out
/// for every node of the component and every cell, loop or not, so that it holds for
/// every loop within it.
fn cancels_within(g: &Grid, members: &[u32], nodes: &[u16]) -> bool {
    members.len() >= 4
        && cancelled(
            g,
            members
                .iter()
                .filter_map(|&i| nodes.get(i as usize).copied()),
            ALL_CELLS,
        )
        .iter()
        .any(|&m| m != 0)
}

/// The strong links of one grid, which a static search follows from its "off" nodes: the
/// cells with two candidates and, per digit, the units where it has two places. Found
/// once a grid rather than at every node a search follows.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Strong {
    /// Bit `c`: cell `c` has two candidates.
    pub(super) bivalue: u128,
    /// Per digit, bit `u`: the digit has two places in unit `u` of [`UNITS`](crate::units::UNITS).
    pub(super) pairs: [u32; 9],
}

impl Strong {
    pub(super) fn of(g: &Grid) -> Strong {
        let mut strong = Strong::default();
        for (c, &cand) in g.cand.iter().enumerate() {
            strong.bivalue |= u128::from(cand.is_pair()) << c;
        }
        for (d, pairs) in strong.pairs.iter_mut().enumerate() {
            for (u, &unit) in UNIT_MASK.iter().enumerate() {
                *pairs |= u32::from((g.pos[d] & unit).is_pair()) << u;
            }
        }
        strong
    }
}

/// Calls `f` with each node a static search with X and Y links goes to from node `n` of
/// `g`: from a candidate on, the cell's other candidates off and the digit off in the
/// cell's peers; from a candidate off, a bivalue cell's other candidate on and the
/// digit's other place on in each unit where it has two (read from `strong`, the strong
/// links of `g`).
pub(super) fn each_static_link(g: &Grid, strong: &Strong, n: u16, f: impl FnMut(u16)) {
    let (cell, d, on) = parts(n);
    if on {
        each_on_link(g, (cell, d), f);
    } else {
        let bivalue = strong.bivalue >> cell & 1 != 0;
        each_off_link(g, (cell, d), (bivalue, strong.pairs[d]), f);
    }
}

/// [`each_static_link`] from candidate (`cell`, `d`) on.
fn each_on_link(g: &Grid, (cell, d): (usize, usize), mut f: impl FnMut(u16)) {
    each_other(g, cell, 1 << d, &mut f);
    for p in cells_of(g.pos[d] & PEER_MASK[cell]) {
        f(node(p, d, false));
    }
}

/// [`each_static_link`] from candidate (`cell`, `d`) off, given whether the cell is
/// bivalue and the digit's units with two places (bit `u` of `pairs`).
fn each_off_link(
    g: &Grid,
    (cell, d): (usize, usize),
    (bivalue, pairs): (bool, u32),
    mut f: impl FnMut(u16),
) {
    if bivalue {
        let e = (g.cand[cell] & !(1 << d)).trailing_zeros() as usize;
        f(node(cell, e, true));
    }
    for u in CELL_UNITS[cell].map(usize::from) {
        if pairs >> u & 1 != 0 {
            let p = (g.pos[d] & UNIT_MASK[u] & !(1u128 << cell)).trailing_zeros() as usize;
            f(node(p, d, true));
        }
    }
}

impl Reach {
    /// Room for the sets of any grid (what any grid needs is reserved here, fallibly, so
    /// that making the sets never allocates); none made yet.
    pub(super) fn new() -> Result<Reach, Error> {
        let mut r = Reach {
            of: [0; CELLS],
            valid: false,
            index: Vec::new(),
            nodes: Vec::new(),
            first: Vec::new(),
            links: Vec::new(),
            comp: Vec::new(),
            words: 0,
            sets: Vec::new(),
            num: Vec::new(),
            low: Vec::new(),
            stack: Vec::new(),
            on_stack: Vec::new(),
            calls: Vec::new(),
            merged: Vec::new(),
            cancels: Vec::new(),
        };
        room(&mut r.index, NODES)?;
        r.index.resize(NODES, NONE);
        room(&mut r.nodes, NODES)?;
        room(&mut r.first, NODES + 1)?;
        room(&mut r.links, NODES / 2 * (MOST_LINKS + 4))?;
        room(&mut r.comp, NODES)?;
        room(&mut r.sets, NODES * NODE_WORDS)?;
        room(&mut r.num, NODES)?;
        room(&mut r.low, NODES)?;
        room(&mut r.stack, NODES)?;
        room(&mut r.on_stack, NODES)?;
        room(&mut r.calls, NODES)?;
        room(&mut r.merged, NODES)?;
        room(&mut r.cancels, NODES)?;
        Ok(r)
    }

    /// Makes the sets of `g` (whose strong links are `strong`), unless they are made.
    pub(super) fn make(&mut self, g: &Grid, strong: &Strong) {
        if self.valid && self.of == g.cand {
            return;
        }
        self.of = g.cand;
        self.valid = true;
        for &n in &self.nodes {
            self.index[usize::from(n)] = NONE;
        }
        self.nodes.clear();
        for cell in 0..CELLS {
            let mut m = g.cand[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                for on in [false, true] {
                    let n = node(cell, d, on);
                    self.index[usize::from(n)] = self.nodes.len() as u32;
                    self.nodes.push(n);
                }
            }
        }
        self.link(g, strong);
        self.components(g);
    }

    /// The links of every node ([`each_static_link`]), cell by cell in the order
    /// [`Reach::make`] numbers the nodes (each candidate off, then on), whether each cell
    /// is bivalue read once.
    fn link(&mut self, g: &Grid, strong: &Strong) {
        self.first.clear();
        self.links.clear();
        let (index, links, first) = (&self.index, &mut self.links, &mut self.first);
        for cell in 0..CELLS {
            let bivalue = strong.bivalue >> cell & 1 != 0;
            let mut ds = g.cand[cell];
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                first.push(links.len() as u32);
                each_off_link(g, (cell, d), (bivalue, strong.pairs[d]), |n| {
                    links.push(index[usize::from(n)])
                });
                first.push(links.len() as u32);
                each_on_link(g, (cell, d), |n| links.push(index[usize::from(n)]));
            }
        }
        first.push(links.len() as u32);
    }

    /// Tarjan's components, each set made when its component closes: every component it
    /// links to has closed before it.
    fn components(&mut self, g: &Grid) {
        let count = self.nodes.len();
        self.words = count.div_ceil(64);
        let w = self.words;
        self.sets.clear();
        self.num.clear();
        self.num.resize(count, NONE);
        self.low.clear();
        self.low.resize(count, 0);
        self.comp.clear();
        self.comp.resize(count, NONE);
        self.on_stack.clear();
        self.on_stack.resize(count, false);
        self.merged.clear();
        self.merged.resize(count, NONE);
        self.cancels.clear();
        self.stack.clear();
        let mut next = 0u32;
        let mut comps = 0u32;
        for root in 0..count as u32 {
            if self.num[root as usize] != NONE || self.leaf(root as usize) {
                continue;
            }
            self.enter(root, &mut next);
            while let Some(&(v, at)) = self.calls.last() {
                let vi = v as usize;
                if at < self.first[vi + 1] {
                    if let Some(top) = self.calls.last_mut() {
                        top.1 += 1;
                    }
                    let x = self.links[at as usize];
                    if self.leaf(x as usize) {
                        // Its own set, which the sets above it take directly.
                        continue;
                    }
                    if self.num[x as usize] == NONE {
                        self.enter(x, &mut next);
                    } else if self.on_stack[x as usize] {
                        self.low[vi] = self.low[vi].min(self.num[x as usize]);
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(p, _)) = self.calls.last() {
                    self.low[p as usize] = self.low[p as usize].min(self.low[vi]);
                }
                if self.low[vi] != self.num[vi] {
                    continue;
                }
                // v closes a component: the stack from v up.
                let id = comps;
                comps += 1;
                let base = id as usize * w;
                self.sets.resize(base + w, 0);
                let from = self.stack.iter().rposition(|&x| x == v).unwrap_or(0);
                for k in from..self.stack.len() {
                    let m = self.stack[k];
                    self.comp[m as usize] = id;
                    self.on_stack[m as usize] = false;
                }
                let cancels = cancels_within(g, &self.stack[from..], &self.nodes);
                self.cancels.push(cancels);
                let (below, mine) = self.sets.split_at_mut(base);
                for k in from..self.stack.len() {
                    let m = self.stack[k] as usize;
                    mine[m / 64] |= 1 << (m % 64);
                    for l in self.first[m]..self.first[m + 1] {
                        let x = self.links[l as usize] as usize;
                        let c = self.comp[x];
                        if self.first[x] == self.first[x + 1] {
                            // A node without links (most "off" nodes) reaches itself only.
                            mine[x / 64] |= 1 << (x % 64);
                        } else if c != id && self.merged[c as usize] != id {
                            self.merged[c as usize] = id;
                            let other = &below[c as usize * w..c as usize * w + w];
                            for (a, b) in mine.iter_mut().zip(other) {
                                *a |= b;
                            }
                        }
                    }
                }
                self.stack.truncate(from);
            }
        }
    }

    /// Numbers index `v` and starts following its links.
    fn enter(&mut self, v: u32, next: &mut u32) {
        self.num[v as usize] = *next;
        self.low[v as usize] = *next;
        *next += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.calls.push((v, self.first[v as usize]));
    }

    /// Whether index `i` has no links (most "off" nodes): it reaches itself only, and has
    /// no component or set of its own.
    fn leaf(&self, i: usize) -> bool {
        self.first[i] == self.first[i + 1]
    }

    /// Node `n` of the grid: its index, and its reached set unless it is a leaf.
    fn set(&self, n: u16) -> Option<(usize, Option<&[u64]>)> {
        let i = *self.index.get(usize::from(n))?;
        if i == NONE {
            return None;
        }
        let i = i as usize;
        if self.leaf(i) {
            return Some((i, None));
        }
        let c = self.comp[i] as usize;
        Some((i, self.sets.get(c * self.words..(c + 1) * self.words)))
    }

    /// Whether a loop of static links through `n` could remove a candidate: its nodes lie
    /// in `n`'s component (each reaches `n` and is reached from it), and a loop removes a
    /// digit from a cell that sees a node of the loop where the digit is on and one where
    /// it is off; without such a cell for the component's nodes, no loop through `n`
    /// removes anything.
    pub(super) fn may_cancel(&self, n: u16) -> bool {
        match self.index.get(usize::from(n)) {
            Some(&i) if i != NONE && !self.leaf(i as usize) => self
                .cancels
                .get(self.comp[i as usize] as usize)
                .is_some_and(|&c| c),
            _ => false,
        }
    }

    /// Whether a static search from `from` can reach `to`.
    pub(super) fn reaches(&self, from: u16, to: u16) -> bool {
        let (Some((f, s)), Some(&i)) = (self.set(from), self.index.get(usize::from(to))) else {
            return false;
        };
        match s {
            _ if i == NONE => false,
            Some(s) => s[i as usize / 64] >> (i % 64) & 1 == 1,
            None => f == i as usize,
        }
    }

    /// Whether static searches from every node of `from` (one or more) can all reach one
    /// node.
    pub(super) fn meet(&self, from: impl IntoIterator<Item = u16>) -> bool {
        let mut acc = [u64::MAX; NODE_WORDS];
        let acc = &mut acc[..self.words];
        let mut any = false;
        for n in from {
            any = true;
            match self.set(n) {
                None => return false,
                Some((_, Some(s))) => {
                    for (a, b) in acc.iter_mut().zip(s) {
                        *a &= b;
                    }
                }
                Some((i, None)) => {
                    for (k, a) in acc.iter_mut().enumerate() {
                        *a &= if k == i / 64 { 1 << (i % 64) } else { 0 };
                    }
                }
            }
        }
        any && acc.iter().any(|&a| a != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::se::links::static_links_by_cells;

    /// The nodes a plain breadth-first search over the same links reaches from `start`.
    fn reached_by_search(g: &Grid, start: u16) -> Vec<bool> {
        let mut seen = vec![false; NODES];
        let mut todo = vec![start];
        seen[usize::from(start)] = true;
        while let Some(n) = todo.pop() {
            let next = static_links_by_cells(g, n, true, true);
            for m in next {
                if !seen[usize::from(m)] {
                    seen[usize::from(m)] = true;
                    todo.push(m);
                }
            }
        }
        seen
    }

    #[test]
    fn the_sets_are_what_a_search_reaches() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        ];
        let mut r = Reach::new().expect("memory");
        let (mut negations, mut meetings) = (0, 0);
        for p in puzzles {
            let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
            let g = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
            r.make(&g, &Strong::of(&g));
            for cell in 0..CELLS {
                for d in 0..9 {
                    if g.cand[cell] >> d & 1 == 0 {
                        continue;
                    }
                    for on in [false, true] {
                        let start = node(cell, d, on);
                        let seen = reached_by_search(&g, start);
                        for t in 0..NODES as u16 {
                            assert_eq!(
                                r.reaches(start, t),
                                seen[usize::from(t)],
                                "{p} {start} {t}"
                            );
                        }
                        negations += usize::from(seen[usize::from(start ^ 1)]);
                    }
                }
                // A cell's candidates on meet where their searches reach one node.
                let ons: Vec<u16> = (0..9)
                    .filter(|&d| g.cand[cell] >> d & 1 == 1)
                    .map(|d| node(cell, d, true))
                    .collect();
                let sets: Vec<Vec<bool>> = ons.iter().map(|&n| reached_by_search(&g, n)).collect();
                let common = (0..NODES).any(|t| sets.iter().all(|s| s[t]));
                assert_eq!(
                    r.meet(ons.iter().copied()),
                    common && !ons.is_empty(),
                    "{p} {cell}"
                );
                meetings += usize::from(common && ons.len() > 1);
            }
        }
        // The boards have starts that reach their own negation, and cells whose candidates
        // meet, so both answers are checked.
        assert!(negations > 0 && meetings > 0, "{negations} {meetings}");
    }
}
