//! Chain techniques: X-chains (single-digit chains, simple colouring included), XY-chains
//! (chains of bivalue cells), alternating inference chains (AIC) and forcing chains.
//!
//! A candidate is a node `cell * 9 + digit - 1`. Two nodes are *strongly* linked when at
//! least one of them is true (the two candidates of a bivalue cell; the two places of a digit
//! in a unit where it has exactly two and is not yet filled) and *weakly* linked when at most
//! one is true (two candidates of one cell; one digit in two cells that see each other).
//!
//! An alternating chain starts with a strong link and alternates strong and weak links, ending
//! with a strong one: if its first node A is false then its last node B is true, so A or B
//! holds and every candidate that sees both (is weakly linked to both) goes. When B and A are
//! weakly linked too, the chain closes into a continuous loop: exactly one node of each of its
//! weak links is true, and what sees both nodes of any of them goes as well. The search is a
//! breadth-first walk from every start node in a fixed order, so the chain reported is a
//! shortest one, the first in that order among those of its length.
//!
//! Forcing chains assume a candidate and propagate naked and hidden singles and locked
//! candidates (on per-digit bitboards, all assumptions in lockstep, one round at a time, so
//! the first failure is a shortest one). An assumption that empties a cell or leaves a digit
//! no place in a unit is false (contradiction). When no assumption fails, every candidate of a
//! cell (cell forcing) or every place of a digit in a unit (unit forcing) is tried: what all
//! branches agree on holds.
//!
//! The grid: filled cells are outside every chain; an empty cell's candidates first lose the
//! digits of its filled peers (a player's grid may keep them); only candidates present are
//! removed. Alternating chains have at least three links (a single strong link only gives
//! locked candidates). Each function also finds what a simpler technique would (an XY-chain
//! of two cells is a naked pair): callers try the simpler techniques first.
//!
//! Patterns: for an alternating chain, every node of the chain; for a forcing chain, the
//! assumption (or each branch's), the placements and locked groups the conclusion rests on,
//! traced back step by step, and for a contradiction the candidates of the failing cell or of
//! the digit in the failing unit.
//!
//! Nothing here assumes the puzzle has a unique solution: every step holds in every completion
//! of the board that keeps the candidates' solution digits. An inconsistent grid (clashing
//! digits, a value above 9, a contradiction by singles) gives `None` or a step that holds
//! vacuously; nothing panics.

use crate::board::{BOX, COL, ROW};
use crate::units::{PEERS, UNITS};

/// What a chain technique found. `removed[c]`: candidates (bit d-1) removed from cell c (only
/// candidates present in `cands`); `pattern[c]`: the candidates making up the chain (what a
/// player must look at to see it); `place`: Some((cell, digit)) when the step places a digit
/// (forcing chains may), else None.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChainFind {
    pub(crate) removed: [u16; 81],
    pub(crate) pattern: [u16; 81],
    pub(crate) place: Option<(usize, u8)>,
}

/// Every cell of the grid as a bitboard (bit c for cell c).
const ALL_CELLS: u128 = (1u128 << 81) - 1;

/// Each list of cells as a bitboard (bit c for cell c).
const fn bitboards<const N: usize, const K: usize>(lists: &[[u8; K]; N]) -> [u128; N] {
    let mut m = [0u128; N];
    let mut i = 0;
    while i < N {
        let mut k = 0;
        while k < K {
            m[i] |= 1u128 << lists[i][k];
            k += 1;
        }
        i += 1;
    }
    m
}

/// The 27 units as bitboards.
pub(crate) const UNIT_MASK: [u128; 27] = bitboards(&UNITS);

/// The 20 peers of each cell as a bitboard.
pub(crate) const PEER_MASK: [u128; 81] = bitboards(&PEERS);

/// The row, column and box unit indices (into [`UNITS`]) of each cell.
const CELL_UNITS: [[u8; 3]; 81] = {
    let mut m = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        m[c] = [ROW[c], 9 + COL[c], 18 + BOX[c]];
        c += 1;
    }
    m
};

/// The unit indices of the three rows and three columns through each box.
const BOX_LINES: [[u8; 6]; 9] = {
    let mut m = [[0u8; 6]; 9];
    let mut b = 0;
    while b < 9 {
        let (r, c) = (b / 3 * 3, b % 3 * 3);
        m[b] = [
            r as u8,
            r as u8 + 1,
            r as u8 + 2,
            9 + c as u8,
            10 + c as u8,
            11 + c as u8,
        ];
        b += 1;
    }
    m
};

/// Number of candidate nodes (cell * 9 + digit - 1).
const NODES: usize = 729;

/// The board as the chains see it: candidates of the empty cells with every digit of a filled
/// peer removed, and per digit the cells holding it as a candidate or as a filled digit.
struct Grid {
    /// Candidates of each empty cell (bit d-1); 0 for a filled cell.
    cand: [u16; 81],
    /// Per digit (0-8), the empty cells that have it as a candidate.
    pos: [u128; 9],
    /// Per digit, the cells where it is filled.
    filled: [u128; 9],
}

impl Grid {
    /// Reads the caller's grid; `None` when two filled cells of a unit hold the same digit
    /// (no completion: nothing to find).
    fn new(digits: &[u8; 81], cands: &[u16; 81]) -> Option<Grid> {
        let mut filled = [0u128; 9];
        let mut open = 0u128;
        for (c, &d) in digits.iter().enumerate() {
            match d {
                0 => open |= 1 << c,
                1..=9 => {
                    let d = d as usize - 1;
                    if filled[d] & PEER_MASK[c] != 0 {
                        return None;
                    }
                    filled[d] |= 1 << c;
                }
                // Not a digit: no completion, nothing to find.
                _ => return None,
            }
        }
        let mut cand = [0u16; 81];
        let mut pos = [0u128; 9];
        for c in 0..81 {
            if open >> c & 1 == 0 {
                continue;
            }
            let mut m = cands[c] & 0x1FF;
            for (d, f) in filled.iter().enumerate() {
                if f & PEER_MASK[c] != 0 {
                    m &= !(1 << d);
                }
            }
            cand[c] = m;
            for (d, p) in pos.iter_mut().enumerate() {
                if m >> d & 1 != 0 {
                    *p |= 1 << c;
                }
            }
        }
        Some(Grid { cand, pos, filled })
    }

    fn has(&self, n: usize) -> bool {
        self.cand[n / 9] >> (n % 9) & 1 != 0
    }

    /// The other place of digit `d` in unit `u` when `d` has exactly two places there and is
    /// not filled in it.
    fn bilocal_partner(&self, c: usize, d: usize, u: usize) -> Option<usize> {
        if self.filled[d] & UNIT_MASK[u] != 0 {
            return None;
        }
        let m = self.pos[d] & UNIT_MASK[u];
        if m.count_ones() != 2 {
            return None;
        }
        let o = (m & !(1u128 << c)).trailing_zeros() as usize;
        (o < 81 && o != c).then_some(o)
    }

    /// Nodes strongly linked to node `n` under `mode`, in a fixed order.
    fn strong(&self, mode: Mode, n: usize, out: &mut [u16; 4]) -> usize {
        let (c, d) = (n / 9, n % 9);
        let mut k = 0;
        if mode != Mode::X && self.cand[c].count_ones() == 2 {
            let e = (self.cand[c] & !(1 << d)).trailing_zeros() as usize;
            if e < 9 && e != d {
                out[k] = (c * 9 + e) as u16;
                k += 1;
            }
        }
        if mode != Mode::Xy {
            for &u in &CELL_UNITS[c] {
                if let Some(o) = self.bilocal_partner(c, d, u as usize) {
                    let m = (o * 9 + d) as u16;
                    if !out[..k].contains(&m) {
                        out[k] = m;
                        k += 1;
                    }
                }
            }
        }
        k
    }

    /// Nodes weakly linked to node `n` under `mode`, in a fixed order.
    fn weak(&self, mode: Mode, n: usize, out: &mut [u16; 28]) -> usize {
        let (c, d) = (n / 9, n % 9);
        let mut k = 0;
        if mode == Mode::Aic {
            for e in 0..9 {
                if e != d && self.cand[c] >> e & 1 != 0 {
                    out[k] = (c * 9 + e) as u16;
                    k += 1;
                }
            }
        }
        for &p in &PEERS[c] {
            let p = p as usize;
            if self.cand[p] >> d & 1 != 0 && (mode != Mode::Xy || self.cand[p].count_ones() == 2) {
                out[k] = (p * 9 + d) as u16;
                k += 1;
            }
        }
        k
    }

    /// The candidates that see both nodes `a` and `b` (weakly linked to each), `a` or `b`
    /// being true.
    fn common(&self, mode: Mode, a: usize, b: usize, removed: &mut [u16; 81]) -> bool {
        let (ca, da, cb, db) = (a / 9, a % 9, b / 9, b % 9);
        let mut any = false;
        if a == b {
            return false;
        }
        if da == db {
            let mut m = PEER_MASK[ca] & PEER_MASK[cb] & self.pos[da];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                removed[c] |= 1 << da;
                any = true;
            }
        } else if mode == Mode::Aic {
            if ca == cb {
                let m = self.cand[ca] & !(1 << da | 1 << db);
                if m != 0 {
                    removed[ca] |= m;
                    any = true;
                }
            } else if PEER_MASK[ca] >> cb & 1 != 0 {
                if self.cand[cb] >> da & 1 != 0 {
                    removed[cb] |= 1 << da;
                    any = true;
                }
                if self.cand[ca] >> db & 1 != 0 {
                    removed[ca] |= 1 << db;
                    any = true;
                }
            }
        }
        any
    }

    /// Whether [`Grid::common`] finds something for nodes `a` and `b`, without writing it.
    fn any_common(&self, mode: Mode, a: usize, b: usize) -> bool {
        let (ca, da, cb, db) = (a / 9, a % 9, b / 9, b % 9);
        if a == b {
            return false;
        }
        if da == db {
            PEER_MASK[ca] & PEER_MASK[cb] & self.pos[da] != 0
        } else if mode == Mode::Aic {
            if ca == cb {
                self.cand[ca] & !(1 << da | 1 << db) != 0
            } else {
                PEER_MASK[ca] >> cb & 1 != 0
                    && (self.cand[cb] >> da & 1 != 0 || self.cand[ca] >> db & 1 != 0)
            }
        } else {
            false
        }
    }

    /// Per digit, the cells whose node may be part of a chain of `mode` ([`Grid::node_ok`]).
    fn ok_nodes(&self, mode: Mode) -> [u128; 9] {
        let mut ok = self.pos;
        if mode == Mode::Xy {
            let mut bivalue = 0u128;
            for (c, &m) in self.cand.iter().enumerate() {
                if m.count_ones() == 2 {
                    bivalue |= 1 << c;
                }
            }
            for o in &mut ok {
                *o &= bivalue;
            }
        }
        ok
    }

    /// Whether the breadth-first search of [`chain_search`] from node `a` may find a chain
    /// shorter than `limit`: false only when it certainly finds none. The same search on
    /// sets of nodes (per digit, a bitboard of cells), one depth at a time: the nodes first
    /// reached at each depth are the same whatever the order within a depth, since a node
    /// is marked seen when first reached. At each odd depth of 3 or more it answers true
    /// as soon as a node there has candidates that see it and `a` ([`Grid::any_common`]) or
    /// closes a loop with `a` (whose removals depend on the path: the search decides).
    fn may_find(
        &self,
        mode: Mode,
        a: usize,
        limit: u8,
        ok: &[u128; 9],
        bilocal: &[u32; 9],
    ) -> bool {
        let mut seen = [0u128; 9];
        let mut layer = [0u128; 9];
        seen[a % 9] |= 1 << (a / 9);
        layer[a % 9] |= 1 << (a / 9);
        let mut depth = 0u8;
        while depth.saturating_add(1) < limit {
            let mut next = [0u128; 9];
            for (d, &cells) in layer.iter().enumerate() {
                let mut cells = cells;
                while cells != 0 {
                    let c = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    if depth.is_multiple_of(2) {
                        self.strong_into(mode, c, d, bilocal, &mut next);
                    } else {
                        self.weak_into(mode, c, d, &mut next);
                    }
                }
            }
            let mut any = false;
            for d in 0..9 {
                next[d] &= ok[d] & !seen[d];
                seen[d] |= next[d];
                any |= next[d] != 0;
            }
            if !any {
                return false;
            }
            depth += 1;
            if depth % 2 == 1 && depth >= 3 {
                for (d, &cells) in next.iter().enumerate() {
                    let mut cells = cells;
                    while cells != 0 {
                        let m = cells.trailing_zeros() as usize * 9 + d;
                        cells &= cells - 1;
                        if self.weakly_linked(mode, a, m) || self.any_common(mode, a, m) {
                            return true;
                        }
                    }
                }
            }
            layer = next;
        }
        false
    }

    /// Per digit, the units (bit `u` for unit `u`) where it has exactly two places and is
    /// not filled: where [`Grid::bilocal_partner`] finds a partner.
    fn bilocal_units(&self) -> [u32; 9] {
        core::array::from_fn(|d| {
            let mut units = 0;
            for (u, &mask) in UNIT_MASK.iter().enumerate() {
                if self.filled[d] & mask == 0 && (self.pos[d] & mask).count_ones() == 2 {
                    units |= 1 << u;
                }
            }
            units
        })
    }

    /// Adds to `next` the nodes strongly linked to node (`c`, `d`) ([`Grid::strong`]);
    /// `bilocal` from [`Grid::bilocal_units`].
    fn strong_into(
        &self,
        mode: Mode,
        c: usize,
        d: usize,
        bilocal: &[u32; 9],
        next: &mut [u128; 9],
    ) {
        if mode != Mode::X && self.cand[c].count_ones() == 2 {
            let e = (self.cand[c] & !(1 << d)).trailing_zeros() as usize;
            if e < 9 && e != d {
                next[e] |= 1 << c;
            }
        }
        if mode != Mode::Xy {
            for &u in &CELL_UNITS[c] {
                if bilocal[d] >> u & 1 != 0 {
                    // The unit's two places of the digit, `c` among them: the other one
                    // (and `c`, already seen).
                    next[d] |= self.pos[d] & UNIT_MASK[u as usize];
                }
            }
        }
    }

    /// Adds to `next` the nodes weakly linked to node (`c`, `d`) ([`Grid::weak`]; only
    /// present candidates, and for XY-chains only bivalue cells, are kept by the caller).
    fn weak_into(&self, mode: Mode, c: usize, d: usize, next: &mut [u128; 9]) {
        if mode == Mode::Aic {
            let mut others = self.cand[c] & !(1 << d);
            while others != 0 {
                next[others.trailing_zeros() as usize] |= 1 << c;
                others &= others - 1;
            }
        }
        next[d] |= PEER_MASK[c] & self.pos[d];
    }

    /// Whether nodes `a` and `b` are weakly linked under `mode` (both present).
    fn weakly_linked(&self, mode: Mode, a: usize, b: usize) -> bool {
        let (ca, da, cb, db) = (a / 9, a % 9, b / 9, b % 9);
        if ca == cb {
            mode == Mode::Aic && da != db
        } else {
            da == db && PEER_MASK[ca] >> cb & 1 != 0
        }
    }

    /// Whether node `n` may be part of a chain of `mode`.
    fn node_ok(&self, mode: Mode, n: usize) -> bool {
        self.has(n) && (mode != Mode::Xy || self.cand[n / 9].count_ones() == 2)
    }
}

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// One digit: strong links from bilocal units, weak links between peers.
    X,
    /// Bivalue cells: strong links inside a cell, weak links between peers with one digit.
    Xy,
    /// Both kinds of strong link, and weak links inside cells and between peers.
    Aic,
}

/// The shortest alternating chain of `mode` (at least three links) that removes something,
/// from start nodes of the digits of `starts` (bit `d` for digit `d + 1`).
fn chain_search(
    digits: &[u8; 81],
    cands: &[u16; 81],
    mode: Mode,
    starts: u16,
) -> Option<ChainFind> {
    let g = Grid::new(digits, cands)?;
    // Per node: the BFS generation that reached it (0: never), its parent and depth.
    let mut seen = [0u16; NODES];
    let mut parent = [0u16; NODES];
    let mut depth = [0u8; NODES];
    let mut queue = [0u16; NODES];
    let mut generation = 0u16;
    let mut best: Option<(u8, ChainFind)> = None;
    let mut strong = [0u16; 4];
    let mut weak = [0u16; 28];
    let ok = g.ok_nodes(mode);
    let bilocal = g.bilocal_units();
    for a in 0..NODES {
        if starts >> (a % 9) & 1 == 0 || !g.node_ok(mode, a) {
            continue;
        }
        if matches!(best, Some((3, _))) {
            break;
        }
        let limit = best.as_ref().map_or(u8::MAX, |b| b.0);
        if !g.may_find(mode, a, limit, &ok, &bilocal) {
            // No chain from `a` shorter than `limit` can remove anything: the search below
            // would find nothing.
            continue;
        }
        generation += 1;
        seen[a] = generation;
        depth[a] = 0;
        parent[a] = a as u16;
        let (mut head, mut tail) = (0, 1);
        queue[0] = a as u16;
        'bfs: while head < tail {
            let n = queue[head] as usize;
            head += 1;
            let dn = depth[n];
            if dn + 1 >= limit {
                break;
            }
            // Even depth: the node is false, so a strong link makes the next one true.
            let (list, k): (&[u16], usize) = if dn % 2 == 0 {
                let k = g.strong(mode, n, &mut strong);
                (&strong[..], k)
            } else {
                let k = g.weak(mode, n, &mut weak);
                (&weak[..], k)
            };
            for &m in &list[..k] {
                let m = m as usize;
                if seen[m] == generation || !g.node_ok(mode, m) {
                    continue;
                }
                seen[m] = generation;
                parent[m] = n as u16;
                depth[m] = dn + 1;
                queue[tail] = m as u16;
                tail += 1;
                if dn % 2 == 0 && dn + 1 >= 3 {
                    let closes = g.weakly_linked(mode, a, m);
                    if !closes && !g.any_common(mode, a, m) {
                        // Nothing sees both ends, and no loop: nothing to remove.
                        continue;
                    }
                    let mut removed = [0u16; 81];
                    let mut found = g.common(mode, a, m, &mut removed);
                    if closes {
                        // A continuous loop: the weak link back from the end to the start
                        // closes it, and then exactly one node of every weak link of the loop
                        // is true, so what sees both nodes of one goes.
                        let mut x = m;
                        while x != a {
                            let p = parent[x] as usize;
                            if depth[x] % 2 == 0 {
                                found |= g.common(mode, p, x, &mut removed);
                            }
                            x = p;
                        }
                    }
                    if found {
                        let mut pattern = [0u16; 81];
                        let mut x = m;
                        loop {
                            pattern[x / 9] |= 1 << (x % 9);
                            if x == a {
                                break;
                            }
                            x = parent[x] as usize;
                        }
                        best = Some((
                            dn + 1,
                            ChainFind {
                                removed,
                                pattern,
                                place: None,
                            },
                        ));
                        break 'bfs;
                    }
                }
            }
        }
    }
    best.map(|b| b.1)
}

/// Single-digit chains (X-chains; simple colouring's eliminations are X-chains): strong links
/// from units where the digit has two places, weak links between peers. Removes the digit from
/// the cells that see both ends.
#[cfg(test)]
pub(crate) fn x_chain(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    x_chain_of(digits, cands, 0x1FF)
}

/// [`x_chain`] on the digits of `of` only (bit `d` for digit `d + 1`): the same chain as on
/// all digits when the others have none, since an X-chain keeps to one digit.
pub(crate) fn x_chain_of(digits: &[u8; 81], cands: &[u16; 81], of: u16) -> Option<ChainFind> {
    chain_search(digits, cands, Mode::X, of)
}

/// Chains of bivalue cells (XY-chains): inside a cell one candidate is false and the other
/// true; between cells one digit is weakly linked. Removes the digit the two ends share from
/// the cells that see both ends.
pub(crate) fn xy_chain(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    chain_search(digits, cands, Mode::Xy, 0x1FF)
}

/// Alternating inference chains over several digits: strong links from bivalue cells and from
/// units where a digit has two places, weak links inside cells and between peers. Removes
/// every candidate that sees both ends (the ends' digit from common peers; with two digits,
/// the other candidates of a shared cell, or each end's digit from the other end's cell).
pub(crate) fn aic(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    chain_search(digits, cands, Mode::Aic, 0x1FF)
}

/// One line of reasoning from an assumption: per-digit candidate bitboards propagated with
/// naked and hidden singles.
#[derive(Clone, Copy)]
struct Prop {
    /// Per digit, the open cells that still have it.
    cand: [u128; 9],
    /// Per digit, the cells that hold it (filled or placed).
    placed: [u128; 9],
    /// Open (unfilled) cells.
    open: u128,
    /// Where this line stands.
    state: Line,
    /// Where it failed: a cell left without candidates, or a unit (0-26) and digit (0-8)
    /// left without a place.
    clash: Clash,
}

/// Where a propagation met a contradiction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Clash {
    /// None yet.
    No,
    /// A cell with no candidate left.
    Cell(u8),
    /// A unit and a digit with no place left.
    Unit(u8, u8),
}

/// The state of a propagation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Line {
    /// Singles may still follow.
    Running,
    /// No single left: a fixed point.
    Stalled,
    /// A cell has no candidate left or a digit no place in a unit.
    Contradiction,
}

impl Prop {
    fn of(g: &Grid) -> Prop {
        let filled = g.filled.iter().fold(0u128, |a, &f| a | f);
        Prop {
            cand: g.pos,
            placed: g.filled,
            open: ALL_CELLS & !filled,
            state: Line::Running,
            clash: Clash::No,
        }
    }

    fn place(&mut self, c: usize, d: usize) {
        let b = 1u128 << c;
        self.placed[d] |= b;
        self.open &= !b;
        for m in self.cand.iter_mut() {
            *m &= !b;
        }
        self.cand[d] &= !PEER_MASK[c];
    }

    /// One round: checks for a contradiction, then places every naked and hidden single.
    fn round(&mut self) -> Line {
        if self.state != Line::Running {
            return self.state;
        }
        let (mut ones, mut twos) = (0u128, 0u128);
        for &m in &self.cand {
            twos |= ones & m;
            ones |= m;
        }
        if self.open & !ones != 0 {
            self.clash = Clash::Cell((self.open & !ones).trailing_zeros() as u8);
            self.state = Line::Contradiction;
            return self.state;
        }
        let mut progress = false;
        let single = ones & !twos;
        if single != 0 {
            for d in 0..9 {
                let mut s = single & self.cand[d];
                while s != 0 {
                    let c = s.trailing_zeros() as usize;
                    s &= s - 1;
                    if self.cand[d] >> c & 1 != 0 {
                        self.place(c, d);
                        progress = true;
                    }
                }
            }
        }
        for d in 0..9 {
            for (u, &um) in UNIT_MASK.iter().enumerate() {
                let m = self.cand[d] & um;
                if m == 0 {
                    if self.placed[d] & um == 0 {
                        self.clash = Clash::Unit(u as u8, d as u8);
                        self.state = Line::Contradiction;
                        return self.state;
                    }
                } else if m & (m - 1) == 0 {
                    self.place(m.trailing_zeros() as usize, d);
                    progress = true;
                }
            }
        }
        if !progress && !self.locked() {
            self.state = Line::Stalled;
        }
        self.state
    }

    /// Locked candidates: a digit confined to one line within a box leaves the rest of the
    /// line, confined to one box within a line leaves the rest of the box. Whether it removed
    /// anything.
    fn locked(&mut self) -> bool {
        let mut progress = false;
        for m in self.cand.iter_mut() {
            if *m == 0 {
                continue;
            }
            for (b, lines) in BOX_LINES.iter().enumerate() {
                let bx = UNIT_MASK[18 + b];
                for &l in lines {
                    let line = UNIT_MASK[l as usize];
                    let inter = bx & line;
                    let (in_box, in_line) = (*m & bx, *m & line);
                    if in_box != 0 && in_box & !inter == 0 && in_line & !inter != 0 {
                        *m &= !(line & !inter);
                        progress = true;
                    } else if in_line != 0 && in_line & !inter == 0 && in_box & !inter != 0 {
                        *m &= !(bx & !inter);
                        progress = true;
                    }
                }
            }
        }
        progress
    }

    fn run(&mut self) -> Line {
        while self.round() == Line::Running {}
        self.state
    }

    /// The candidates of cell `c` (bit d-1).
    fn cand_of(&self, c: usize) -> u16 {
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.cand[d] >> c & 1) as u16) << d;
        }
        m
    }

    /// Marks the placements this line made beyond `base` in `pattern`.
    fn mark(&self, base: &Prop, pattern: &mut [u16; 81]) {
        for d in 0..9 {
            let mut m = self.placed[d] & !base.placed[d];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                pattern[c] |= 1 << d;
            }
        }
    }
}

/// How a traced line derived something.
#[derive(Clone, Copy)]
enum Why {
    /// The assumption.
    Assumed,
    /// A naked single: the cell's other candidates were gone.
    Naked,
    /// A hidden single in the unit: the digit's other places in it were gone.
    Hidden(u8),
    /// Locked candidates: the digit's places in unit `.0` outside unit `.1` were gone.
    Locked(u8, u8),
}

/// One step of a traced line: a placement (`node`), or for [`Why::Locked`] the removal of a
/// digit (`node % 9`) from part of a unit.
#[derive(Clone, Copy)]
struct Event {
    node: u16,
    why: Why,
}

/// A line propagated one deduction at a time, remembering for every removed candidate the
/// step that removed it, so that the steps a conclusion rests on can be traced back.
struct Trace {
    prop: Prop,
    /// Per node, 1 + the index of the event that removed it (0: not removed by this line).
    cause: [u16; NODES],
    events: Vec<Event>,
}

/// The most events of one line: every event removes at least one of the 729 candidates,
/// and a placement (at most one per cell) may come on top of its removals.
const EVENTS: usize = NODES + 81;

/// The heap a forcing-chain search needed could not be had (the search allocates
/// fallibly, so that a host whose allocator fails gets an error, not an abort).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NoMemory;

/// An empty vector with room for `n` elements, allocated fallibly.
fn with_room<T>(n: usize) -> Result<Vec<T>, NoMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| NoMemory)?;
    Ok(v)
}

/// Records an event of a [`Trace`] within the room reserved for it (never reallocating).
fn record(events: &mut Vec<Event>, e: Event) {
    debug_assert!(events.len() < EVENTS, "more events than candidates");
    if events.len() < events.capacity() {
        events.push(e);
    }
}

impl Trace {
    /// Runs the line that assumes `node` (from `base`) to its end, one deduction at a time.
    /// Its events are kept in room reserved at once for [`EVENTS`], so no push reallocates.
    fn new(base: &Prop, node: usize) -> Result<Trace, NoMemory> {
        let mut t = Trace {
            prop: *base,
            cause: [0; NODES],
            events: with_room(EVENTS)?,
        };
        t.prop.state = Line::Running;
        t.prop.clash = Clash::No;
        t.place(node / 9, node % 9, Why::Assumed);
        while t.step() {}
        Ok(t)
    }

    fn place(&mut self, c: usize, d: usize, why: Why) {
        let ev = self.events.len() as u16 + 1;
        record(
            &mut self.events,
            Event {
                node: (c * 9 + d) as u16,
                why,
            },
        );
        for e in 0..9 {
            if e != d && self.prop.cand[e] >> c & 1 != 0 && self.cause[c * 9 + e] == 0 {
                self.cause[c * 9 + e] = ev;
            }
        }
        let mut m = self.prop.cand[d] & PEER_MASK[c];
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.cause[k * 9 + d] == 0 {
                self.cause[k * 9 + d] = ev;
            }
        }
        self.prop.place(c, d);
    }

    /// One deduction (or the contradiction); false when the line has ended.
    fn step(&mut self) -> bool {
        let p = &mut self.prop;
        let (mut ones, mut twos) = (0u128, 0u128);
        for &m in &p.cand {
            twos |= ones & m;
            ones |= m;
        }
        if p.open & !ones != 0 {
            p.clash = Clash::Cell((p.open & !ones).trailing_zeros() as u8);
            p.state = Line::Contradiction;
            return false;
        }
        for d in 0..9 {
            for (u, &um) in UNIT_MASK.iter().enumerate() {
                if p.cand[d] & um == 0 && p.placed[d] & um == 0 {
                    p.clash = Clash::Unit(u as u8, d as u8);
                    p.state = Line::Contradiction;
                    return false;
                }
            }
        }
        let single = ones & !twos;
        if single != 0 {
            let c = single.trailing_zeros() as usize;
            let d = (0..9).find(|&d| p.cand[d] >> c & 1 != 0).unwrap_or(0);
            self.place(c, d, Why::Naked);
            return true;
        }
        for d in 0..9 {
            for (u, &um) in UNIT_MASK.iter().enumerate() {
                let m = p.cand[d] & um;
                if m != 0 && m & (m - 1) == 0 {
                    self.place(m.trailing_zeros() as usize, d, Why::Hidden(u as u8));
                    return true;
                }
            }
        }
        for d in 0..9 {
            for (b, lines) in BOX_LINES.iter().enumerate() {
                let bu = 18 + b;
                for &l in lines {
                    let l = l as usize;
                    let inter = UNIT_MASK[bu] & UNIT_MASK[l];
                    for (from, to) in [(bu, l), (l, bu)] {
                        let inside = p.cand[d] & UNIT_MASK[from];
                        let rm = p.cand[d] & UNIT_MASK[to] & !inter;
                        if inside != 0 && inside & !inter == 0 && rm != 0 {
                            let ev = self.events.len() as u16 + 1;
                            record(
                                &mut self.events,
                                Event {
                                    node: d as u16,
                                    why: Why::Locked(from as u8, to as u8),
                                },
                            );
                            let mut m = rm;
                            while m != 0 {
                                let k = m.trailing_zeros() as usize;
                                m &= m - 1;
                                if self.cause[k * 9 + d] == 0 {
                                    self.cause[k * 9 + d] = ev;
                                }
                            }
                            p.cand[d] &= !rm;
                            return true;
                        }
                    }
                }
            }
        }
        p.state = Line::Stalled;
        false
    }

    /// Marks in `pattern` what the removal of `nodes` (given as cell, digit mask pairs) rests
    /// on: every placement on the way back to the assumption, which `base` did not have.
    fn explain(
        &self,
        base: &Prop,
        gone: &[(usize, u16)],
        placed: Option<usize>,
        pattern: &mut [u16; 81],
    ) -> Result<(), NoMemory> {
        let mut need = with_room(self.events.len())?;
        need.resize(self.events.len(), false);
        // Each event is pushed at most once (when it is first needed).
        let mut stack: Vec<usize> = with_room(self.events.len())?;
        let want = |x: usize, stack: &mut Vec<usize>, need: &mut Vec<bool>| {
            let e = self.cause[x] as usize;
            if e != 0 && !need[e - 1] {
                need[e - 1] = true;
                stack.push(e - 1);
            }
        };
        for &(c, mask) in gone {
            for d in 0..9 {
                if mask >> d & 1 != 0 {
                    want(c * 9 + d, &mut stack, &mut need);
                }
            }
        }
        if let Some(x) = placed {
            if let Some(i) = self
                .events
                .iter()
                .position(|e| e.node as usize == x && !matches!(e.why, Why::Locked(..)))
            {
                need[i] = true;
                stack.push(i);
            }
        }
        while let Some(i) = stack.pop() {
            let ev = self.events[i];
            let x = ev.node as usize;
            let (c, d) = (x / 9, x % 9);
            match ev.why {
                Why::Assumed => {}
                Why::Naked => {
                    for e in 0..9 {
                        if e != d && base.cand[e] >> c & 1 != 0 {
                            want(c * 9 + e, &mut stack, &mut need);
                        }
                    }
                }
                Why::Hidden(u) => {
                    for &k in &UNITS[u as usize] {
                        let k = k as usize;
                        if k != c && base.cand[d] >> k & 1 != 0 {
                            want(k * 9 + d, &mut stack, &mut need);
                        }
                    }
                }
                Why::Locked(from, to) => {
                    let d = x;
                    let outside = UNIT_MASK[from as usize] & !UNIT_MASK[to as usize];
                    let mut m = base.cand[d] & outside;
                    while m != 0 {
                        let k = m.trailing_zeros() as usize;
                        m &= m - 1;
                        want(k * 9 + d, &mut stack, &mut need);
                    }
                }
            }
        }
        for (i, ev) in self.events.iter().enumerate() {
            if need[i] {
                let x = ev.node as usize;
                match ev.why {
                    Why::Locked(from, to) => {
                        // The locked group: the digit's places left in the intersection then.
                        let inter = UNIT_MASK[from as usize] & UNIT_MASK[to as usize];
                        let mut m = base.cand[x] & inter;
                        while m != 0 {
                            let k = m.trailing_zeros() as usize;
                            m &= m - 1;
                            let cause = self.cause[k * 9 + x] as usize;
                            if cause == 0 || cause - 1 > i {
                                pattern[k] |= 1 << x;
                            }
                        }
                    }
                    _ => pattern[x / 9] |= 1 << (x % 9),
                }
            }
        }
        Ok(())
    }
}

/// Forcing chains: contradiction chains (an assumed candidate that leads to a contradiction
/// by singles and locked candidates), then cell forcing chains (every candidate of a cell
/// leads to the same placement or removal) and unit forcing chains (likewise every place of a
/// digit in a unit). Shortest first: contradictions by the number of propagation rounds,
/// forcing chains by the number of branches. Its heap (the lines, a few hundred KiB) is
/// allocated fallibly: [`NoMemory`] when it cannot be had.
pub(crate) fn forcing_chain(
    digits: &[u8; 81],
    cands: &[u16; 81],
) -> Result<Option<ChainFind>, NoMemory> {
    let Some(g) = Grid::new(digits, cands) else {
        return Ok(None);
    };
    let mut base = Prop::of(&g);
    if base.run() == Line::Contradiction {
        return Ok(None);
    }
    // The nodes still possible after the base's singles, in node order.
    let mut nodes: Vec<u16> = with_room(NODES)?;
    for c in 0..81 {
        for d in 0..9 {
            if base.cand[d] >> c & 1 != 0 && g.cand[c] >> d & 1 != 0 {
                nodes.push((c * 9 + d) as u16);
            }
        }
    }
    let n = nodes.len();
    // Line i assumes node i true. (Assuming a node false never fails before the line of another
    // candidate of its cell, which removes it at once: no line for that.)
    let mut lines: Vec<Prop> = with_room(n)?;
    for &x in &nodes {
        let mut p = base;
        p.place(x as usize / 9, x as usize % 9);
        p.state = Line::Running;
        lines.push(p);
    }
    // Rounds in lockstep: the first line to fail is a shortest contradiction.
    loop {
        let mut running = false;
        for i in 0..lines.len() {
            if lines[i].state != Line::Running {
                continue;
            }
            if lines[i].round() == Line::Contradiction {
                let x = nodes[i] as usize;
                let (c, d) = (x / 9, x % 9);
                let mut f = ChainFind {
                    removed: [0; 81],
                    pattern: [0; 81],
                    place: None,
                };
                f.pattern[c] |= 1 << d;
                // The steps the contradiction rests on, traced back to the assumption, and
                // the contradiction: the candidates the cell or unit had before.
                let t = Trace::new(&base, x)?;
                let mut site = [(0usize, 0u16); 9];
                let mut k = 0;
                match t.prop.clash {
                    Clash::Cell(cell) => {
                        site[0] = (cell as usize, base.cand_of(cell as usize));
                        k = 1;
                    }
                    Clash::Unit(u, e) => {
                        for &cell in &UNITS[u as usize] {
                            if base.cand[e as usize] >> cell & 1 != 0 {
                                site[k] = (cell as usize, 1 << e);
                                k += 1;
                            }
                        }
                    }
                    Clash::No => {}
                }
                if t.prop.state == Line::Contradiction {
                    t.explain(&base, &site[..k], None, &mut f.pattern)?;
                    for &(cell, m) in &site[..k] {
                        f.pattern[cell] |= m;
                    }
                } else {
                    lines[i].mark(&base, &mut f.pattern);
                }
                f.removed[c] = 1 << d;
                return Ok(Some(f));
            }
            running |= lines[i].state == Line::Running;
        }
        if !running {
            break;
        }
    }
    // Every line stalled: forcing over the branches of a cell or of a digit in a unit.
    agree_stage(&g, &base, &lines, &nodes)
}

/// Cell and unit forcing alone (every line run to its end, failed ones included), for tests:
/// [`forcing_chain`] reaches it only when no assumption fails.
#[cfg(test)]
fn cell_unit_forcing(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    let g = Grid::new(digits, cands)?;
    let mut base = Prop::of(&g);
    if base.run() == Line::Contradiction {
        return None;
    }
    let mut nodes = Vec::new();
    let mut lines = Vec::new();
    for c in 0..81 {
        for d in 0..9 {
            if base.cand[d] >> c & 1 != 0 {
                nodes.push((c * 9 + d) as u16);
                let mut p = base;
                p.place(c, d);
                p.state = Line::Running;
                p.run();
                lines.push(p);
            }
        }
    }
    agree_stage(&g, &base, &lines, &nodes).expect("the tests have memory")
}

/// Cell and unit forcing over lines run to their end: the first cell or unit (fewest branches
/// first, then cells before units, each in order) whose branches agree on something new.
fn agree_stage(
    g: &Grid,
    base: &Prop,
    lines: &[Prop],
    nodes: &[u16],
) -> Result<Option<ChainFind>, NoMemory> {
    let index = |x: usize| nodes.binary_search(&(x as u16)).ok();
    let mut branches = [0usize; 9];
    for size in 2..=9u32 {
        for c in 0..81 {
            if base.open >> c & 1 == 0 {
                continue;
            }
            let mut k = 0;
            for d in 0..9 {
                if base.cand[d] >> c & 1 != 0 {
                    if let Some(i) = index(c * 9 + d) {
                        branches[k] = i;
                        k += 1;
                    }
                }
            }
            if k as u32 == size {
                if let Some(f) = agree(g, base, lines, &branches[..k], nodes)? {
                    return Ok(Some(f));
                }
            }
        }
        for d in 0..9 {
            for um in UNIT_MASK {
                if base.placed[d] & um != 0 || (base.cand[d] & um).count_ones() != size {
                    continue;
                }
                let mut m = base.cand[d] & um;
                let mut k = 0;
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if let Some(i) = index(c * 9 + d) {
                        branches[k] = i;
                        k += 1;
                    }
                }
                if k as u32 == size {
                    if let Some(f) = agree(g, base, lines, &branches[..k], nodes)? {
                        return Ok(Some(f));
                    }
                }
            }
        }
    }
    Ok(None)
}

/// What every branch (one of which holds) agrees on and the grid does not show yet: the first
/// common placement, or else every common removal.
fn agree(
    g: &Grid,
    base: &Prop,
    lines: &[Prop],
    branches: &[usize],
    nodes: &[u16],
) -> Result<Option<ChainFind>, NoMemory> {
    let mut placed = [ALL_CELLS; 9];
    let mut gone = [ALL_CELLS; 9];
    // A branch that fails is false in every completion: it does not restrict the others.
    if branches
        .iter()
        .all(|&i| lines[i].state == Line::Contradiction)
    {
        return Ok(None);
    }
    for &i in branches {
        let l = &lines[i];
        if l.state == Line::Contradiction {
            continue;
        }
        for d in 0..9 {
            placed[d] &= l.placed[d] & !base.placed[d];
            gone[d] &= g.pos[d] & !(l.cand[d] | l.placed[d]);
        }
    }
    let mut f = ChainFind {
        removed: [0; 81],
        pattern: [0; 81],
        place: None,
    };
    for (d, &m) in placed.iter().enumerate() {
        if m != 0 {
            let c = m.trailing_zeros() as usize;
            f.place = Some((c, d as u8 + 1));
            break;
        }
    }
    if f.place.is_none() {
        for (d, &m) in gone.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                f.removed[c] |= 1 << d;
            }
        }
        if f.removed.iter().all(|&r| r == 0) {
            return Ok(None);
        }
    }
    let mut gone_list = [(0usize, 0u16); 81];
    let mut k = 0;
    for (c, &m) in f.removed.iter().enumerate() {
        if m != 0 {
            gone_list[k] = (c, m);
            k += 1;
        }
    }
    let placed = f.place.map(|(c, d)| c * 9 + d as usize - 1);
    for &i in branches {
        let x = nodes[i] as usize;
        f.pattern[x / 9] |= 1 << (x % 9);
        if lines[i].state != Line::Contradiction {
            // What the conclusion rests on in this branch.
            let t = Trace::new(base, x)?;
            if t.prop.state == Line::Stalled {
                t.explain(base, &gone_list[..k], placed, &mut f.pattern)?;
            } else {
                lines[i].mark(base, &mut f.pattern);
            }
        }
    }
    Ok(Some(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`forcing_chain`] where memory does not run out.
    fn forcing(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
        forcing_chain(digits, cands).expect("the tests have memory")
    }
    use crate::Board;
    use std::path::PathBuf;

    /// The puzzles of a file: one 81-character board at the start of a line, other lines
    /// (comments) skipped.
    fn read_puzzles(path: &std::path::Path, limit: usize) -> Vec<Board> {
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("note: {} is absent; skipped", path.display());
            return Vec::new();
        };
        text.lines()
            .filter_map(|l| l.get(..81))
            .filter_map(|l| Board::from_text(l).ok())
            .take(limit)
            .collect()
    }

    /// `../shared/data` beside the project (or `$SUDOKU_SHARED_DATA`), if present.
    fn shared_data() -> Option<PathBuf> {
        let dir = std::env::var_os("SUDOKU_SHARED_DATA")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"));
        dir.is_dir().then_some(dir)
    }

    fn bundled() -> Vec<Board> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut v = read_puzzles(&root.join("benches/puzzles.txt"), usize::MAX);
        v.extend(read_puzzles(
            &root.join("c_examples/puzzles.txt"),
            usize::MAX,
        ));
        v
    }

    /// Candidates of the empty cells: every digit no filled peer holds.
    fn peer_candidates(digits: &[u8; 81]) -> [u16; 81] {
        let mut cands = [0u16; 81];
        for c in 0..81 {
            if digits[c] != 0 {
                cands[c] = 1 << (digits[c] - 1);
                continue;
            }
            let mut m = 0x1FF;
            for &p in &PEERS[c] {
                let d = digits[p as usize];
                if d != 0 {
                    m &= !(1 << (d - 1));
                }
            }
            cands[c] = m;
        }
        cands
    }

    fn place(digits: &mut [u8; 81], cands: &mut [u16; 81], c: usize, d: u8) {
        digits[c] = d;
        cands[c] = 1 << (d - 1);
        for &p in &PEERS[c] {
            if digits[p as usize] == 0 {
                cands[p as usize] &= !(1 << (d - 1));
            }
        }
    }

    /// Naked and hidden singles and locked candidates to a fixed point; every placement and
    /// removal is checked against `sol`.
    fn basics(digits: &mut [u8; 81], cands: &mut [u16; 81], sol: &[u8; 81]) {
        loop {
            let mut progress = false;
            for c in 0..81 {
                if digits[c] == 0 && cands[c].count_ones() == 1 {
                    let d = cands[c].trailing_zeros() as u8 + 1;
                    assert_eq!(d, sol[c]);
                    place(digits, cands, c, d);
                    progress = true;
                }
            }
            for unit in &UNITS {
                for d in 0..9u8 {
                    let places: Vec<usize> = unit
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| cands[c] >> d & 1 != 0)
                        .collect();
                    if places.len() == 1 && digits[places[0]] == 0 {
                        assert_eq!(d + 1, sol[places[0]]);
                        place(digits, cands, places[0], d + 1);
                        progress = true;
                    }
                }
            }
            // Locked candidates: a digit confined to one box-line intersection of a unit
            // leaves the rest of the other unit.
            for d in 0..9 {
                let mut pos = 0u128;
                for c in 0..81 {
                    if digits[c] == 0 && cands[c] >> d & 1 != 0 {
                        pos |= 1 << c;
                    }
                }
                for &bm in &UNIT_MASK[18..] {
                    for &lm in &UNIT_MASK[..18] {
                        let inter = bm & lm;
                        for (from, to) in [(bm, lm), (lm, bm)] {
                            let p = pos & from;
                            if inter != 0 && p != 0 && p & !inter == 0 {
                                let mut rm = pos & to & !inter;
                                pos &= !rm;
                                while rm != 0 {
                                    let c = rm.trailing_zeros() as usize;
                                    rm &= rm - 1;
                                    assert_ne!(sol[c], d as u8 + 1);
                                    cands[c] &= !(1 << d);
                                    progress = true;
                                }
                            }
                        }
                    }
                }
            }
            if !progress {
                return;
            }
        }
    }

    /// Checks a finding against the solution and applies it.
    fn check_apply(
        name: &str,
        f: &ChainFind,
        digits: &mut [u8; 81],
        cands: &mut [u16; 81],
        sol: &[u8; 81],
    ) {
        let mut changed = false;
        for c in 0..81 {
            assert_eq!(
                f.removed[c] & !cands[c],
                0,
                "{name}: removes absent candidates"
            );
            if f.removed[c] != 0 {
                assert_eq!(digits[c], 0, "{name}: removes from a filled cell");
                assert_eq!(
                    f.removed[c] >> (sol[c] - 1) & 1,
                    0,
                    "{name}: removes the solution digit {} of cell {c}",
                    sol[c]
                );
                cands[c] &= !f.removed[c];
                changed = true;
            }
        }
        if let Some((c, d)) = f.place {
            assert_eq!(digits[c], 0, "{name}: places on a filled cell");
            assert_ne!(
                cands[c] >> (d - 1) & 1,
                0,
                "{name}: places a missing candidate"
            );
            assert_eq!(d, sol[c], "{name}: places a wrong digit");
            place(digits, cands, c, d);
            changed = true;
        }
        assert!(changed, "{name}: a finding that changes nothing");
    }

    type Technique = (&'static str, fn(&[u8; 81], &[u16; 81]) -> Option<ChainFind>);

    /// Walks a puzzle with basics between steps and the techniques in order, checking each
    /// step; returns whether the grid was filled and how many steps each technique made.
    fn walk(board: &Board, techniques: &[Technique], steps: &mut [usize]) -> bool {
        let mut time = [std::time::Duration::ZERO; 8];
        walk_timed(board, techniques, steps, &mut time, false) == Some(0)
    }

    /// [`walk`], adding the time spent in each technique to `time`; with `brute`, a stall
    /// places the solution's digit in an empty cell with fewest candidates and goes on.
    /// The number of such placements when the grid was filled, `None` when it stalled.
    fn walk_timed(
        board: &Board,
        techniques: &[Technique],
        steps: &mut [usize],
        time: &mut [std::time::Duration],
        brute: bool,
    ) -> Option<usize> {
        let Ok(sol) = crate::solve(board) else {
            return None;
        };
        let mut brute_steps = 0;
        let sol = *sol.digits();
        let mut digits = *board.digits();
        let mut cands = peer_candidates(&digits);
        'walk: loop {
            basics(&mut digits, &mut cands, &sol);
            if digits.iter().all(|&d| d != 0) {
                return Some(brute_steps);
            }
            for (i, (name, t)) in techniques.iter().enumerate() {
                let t0 = std::time::Instant::now();
                let found = t(&digits, &cands);
                time[i] += t0.elapsed();
                if let Some(f) = found {
                    check_apply(name, &f, &mut digits, &mut cands, &sol);
                    steps[i] += 1;
                    continue 'walk;
                }
            }
            if !brute {
                return None;
            }
            let c = (0..81)
                .filter(|&c| digits[c] == 0)
                .min_by_key(|&c| cands[c].count_ones())
                .unwrap();
            place(&mut digits, &mut cands, c, sol[c]);
            brute_steps += 1;
        }
    }

    fn corpus_sample(name: &str, limit: usize) -> Vec<Board> {
        shared_data().map_or_else(
            || {
                eprintln!("note: ../shared/data is absent; the {name} sample is skipped");
                Vec::new()
            },
            |d| read_puzzles(&d.join(name), limit),
        )
    }

    /// A candidate grid written as 81 space-separated cells: a filled cell as `=d`, an
    /// empty one as its candidate digits.
    fn parse_grid(text: &str) -> ([u8; 81], [u16; 81]) {
        let mut digits = [0u8; 81];
        let mut cands = [0u16; 81];
        let cells: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(cells.len(), 81);
        for (c, cell) in cells.iter().enumerate() {
            let filled = cell.starts_with('=');
            let mut m = 0u16;
            for ch in cell.trim_start_matches('=').bytes() {
                m |= 1 << (ch - b'1');
            }
            if filled {
                digits[c] = m.trailing_zeros() as u8 + 1;
            }
            cands[c] = m;
        }
        (digits, cands)
    }

    fn format_grid(digits: &[u8; 81], cands: &[u16; 81]) -> String {
        let mut out = String::new();
        for c in 0..81 {
            if c % 9 == 0 {
                out.push('\n');
            }
            if digits[c] != 0 {
                out.push('=');
                out.push((b'0' + digits[c]) as char);
            } else {
                for d in 0..9 {
                    if cands[c] >> d & 1 != 0 {
                        out.push((b'1' + d) as char);
                    }
                }
            }
            out.push(' ');
        }
        out
    }

    /// The (cell, digit) pairs of a per-cell mask array.
    fn pairs(masks: &[u16; 81]) -> Vec<(usize, u8)> {
        let mut v = Vec::new();
        for (c, &m) in masks.iter().enumerate() {
            for d in 0..9 {
                if m >> d & 1 != 0 {
                    v.push((c, d as u8 + 1));
                }
            }
        }
        v
    }

    /// Checks a technique's step on a fixed grid: the removals and placement expected, each
    /// sound against the grid's solution, the ends of the chain in the pattern.
    fn expect_step(
        t: fn(&[u8; 81], &[u16; 81]) -> Option<ChainFind>,
        grid: &str,
        removed: &[(usize, u8)],
        place: Option<(usize, u8)>,
    ) -> ChainFind {
        let (digits, cands) = parse_grid(grid);
        let f = t(&digits, &cands).expect("a step");
        assert_eq!(pairs(&f.removed), removed);
        assert_eq!(f.place, place);
        let sol = *crate::solve(&Board::from_digits(digits).unwrap())
            .unwrap()
            .digits();
        let (mut d2, mut c2) = (digits, cands);
        check_apply("expected step", &f, &mut d2, &mut c2, &sol);
        assert!(pairs(&f.pattern).len() >= 2);
        // Deterministic.
        assert_eq!(t(&digits, &cands), Some(f.clone()));
        f
    }

    /// X-chain on digit 4: six nodes (r2c5, r2c9, r5c9, r5c3, r9c3, r9c5), five links, and
    /// r9c5 sees r2c5: a continuous loop. The chain's ends remove 4 from r3c5 (cell 22); the
    /// loop's weak links, each now holding exactly one 4, remove it from r3c9, r6c3, r6c9 and
    /// r8c3.
    const X_CHAIN_GRID: &str = "
        35 =4 79 578 =1 67 =2 368 35689
        256 2568 268 =3 246 =9 15 =7 146
        2356 =1 79 578 24567 24 589 3468 34689
        125 2579 12 =4 =3 57 =6 128 1289
        =8 267 234 =9 67 167 17 =5 2347
        1456 679 1346 =2 =8 1567 179 134 13479
        =7 =3 =5 =1 =9 =8 =4 26 26
        124 28 1248 =6 57 24 =3 =9 57
        =9 26 246 57 24 =3 1578 18 1578";

    #[test]
    fn x_chain_finds_a_six_node_loop() {
        let f = expect_step(
            x_chain,
            X_CHAIN_GRID,
            &[(22, 4), (26, 4), (47, 4), (53, 4), (65, 4)],
            None,
        );
        assert_eq!(
            pairs(&f.pattern),
            [(13, 4), (17, 4), (38, 4), (44, 4), (74, 4), (76, 4)]
        );
    }

    #[test]
    fn xy_chain_finds_a_four_cell_chain() {
        let grid = "
            =8 =1 =9 46 2456 2456 =3 567 57
            246 234 2346 =7 35 =1 248 589 589
            =5 234 =7 89 36 89 246 16 12
            149 =7 148 3458 45 3458 189 =2 =6
            =3 248 12468 468 =9 24678 178 1578 1578
            269 2589 2568 =1 267 2678 789 =4 =3
            179 =6 1358 =2 157 3579 178 13789 =4
            12479 2349 1234 3469 =8 34679 =5 13679 1279
            12479 234589 123458 34569 14567 345679 12678 136789 12789";
        let f = expect_step(xy_chain, grid, &[(4, 4), (30, 4), (39, 4)], None);
        assert_eq!(
            pairs(&f.pattern),
            [
                (3, 4),
                (3, 6),
                (13, 3),
                (13, 5),
                (22, 3),
                (22, 6),
                (31, 4),
                (31, 5)
            ]
        );
        // The X-chain search sees no single-digit chain here that the XY-chain makes.
        assert_ne!(
            x_chain(&parse_grid(grid).0, &parse_grid(grid).1).map(|f| f.removed),
            Some(f.removed)
        );
    }

    #[test]
    fn aic_finds_a_two_digit_chain() {
        let grid = "
            356 =4 79 3578 =1 367 =2 3689 35689
            2356 2568 268 35 2456 =9 145 =7 1346
            2356 =1 79 3578 24567 23467 4589 34689 345689
            125 2579 12 =4 =3 57 =6 1289 1289
            =8 2367 2346 179 679 167 147 =5 12347
            1456 5679 1346 =2 =8 1567 1479 1349 13479
            =7 236 =5 139 249 =8 149 12469 12469
            124 28 1248 =6 2579 1247 =3 12489 579
            =9 2368 123468 1357 2457 1234 1578 12468 1245678";
        let f = expect_step(aic, grid, &[(46, 5)], None);
        assert_eq!(
            pairs(&f.pattern),
            [(28, 7), (28, 9), (32, 5), (32, 7), (46, 9), (50, 5)]
        );
    }

    #[test]
    fn forcing_chain_finds_a_contradiction() {
        let grid = "
            =7 126 =8 459 4569 4569 =3 1456 1259
            469 36 3469 =2 34569 =1 4679 45678 5789
            =5 1236 123469 78 3469 78 12469 146 129
            189 =4 1579 3579 59 3579 178 =2 =6
            =3 1267 12679 479 =8 24679 147 1457 157
            268 25678 2567 =1 2456 24567 478 =9 =3
            128 =9 12357 =6 125 2358 127 1378 =4
            12468 12368 12346 3489 =7 23489 =5 1368 1289
            12468 1235678 1234567 34589 12459 234589 12679 13678 12789";
        let f = expect_step(forcing, grid, &[(73, 2)], None);
        assert_eq!(f.pattern[73], 1 << 1, "the assumption is in the pattern");
        // Assuming 2 in r9c2 places 2 in r1c9, r3c3 and r5c6 by singles (traced back: only
        // the placements the contradiction needs): then row 8 has no place left for 2 (its
        // places r8c1-r8c3, r8c6, r8c9 are in the pattern).
        assert_eq!(
            pairs(&f.pattern),
            [
                (8, 2),
                (20, 2),
                (41, 2),
                (63, 2),
                (64, 2),
                (65, 2),
                (68, 2),
                (71, 2),
                (73, 2)
            ]
        );
    }

    #[test]
    fn cell_forcing_places_a_digit() {
        let grid = "
            =5 1489 12489 =7 124 1239 =6 134 3489
            129 14679 =3 =8 12456 1269 4579 1457 4579
            189 146789 146789 3569 1456 1369 =2 13457 345789
            =6 =2 1589 =4 1578 13789 3578 357 357
            38 3458 458 2356 25678 23678 34578 =9 =1
            =7 134589 14589 359 158 1389 3458 23456 23456
            129 1679 12679 126 =3 =5 479 =8 24679
            =4 3569 2569 26 2678 2678 =1 2356 23569
            1238 135678 125678 126 =9 =4 357 23567 23567";
        // r6c8 is 2 or 6; either way r6c9 takes the other digit, and then 4, locked in
        // column 8 by box 3 (r1c8, r2c8, r3c8), has one place left in a unit: r7c9.
        let f = expect_step(cell_unit_forcing, grid, &[], Some((62, 4)));
        assert_eq!(
            pairs(&f.pattern),
            [
                (7, 4),
                (16, 4),
                (25, 4),
                (52, 2),
                (52, 6),
                (53, 2),
                (53, 6),
                (62, 4)
            ]
        );
    }

    #[test]
    fn nothing_on_hostile_grids() {
        let all: [Technique; 4] = [
            ("x_chain", x_chain),
            ("xy_chain", xy_chain),
            ("aic", aic),
            ("forcing", forcing),
        ];
        // Clashing digits, a non-digit, no candidates at all, every candidate everywhere.
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[1] = 5;
        let mut junk = [0u8; 81];
        junk[40] = 200;
        for (name, t) in all {
            assert_eq!(t(&clash, &[0x1FF; 81]), None, "{name}");
            assert_eq!(t(&junk, &[0xFFFF; 81]), None, "{name}");
            assert_eq!(t(&[0; 81], &[0; 81]), None, "{name}");
            // The empty board: every candidate is some completion's digit.
            assert_eq!(t(&[0; 81], &[0x1FF; 81]), None, "{name}");
            assert_eq!(t(&[0; 81], &[0xFFFF; 81]), None, "{name}");
        }
    }

    /// Random candidate masks on random partial boards: never a panic, and on a board with a
    /// solution every step is checked against it.
    #[test]
    fn random_grids_never_panic_and_stay_sound() {
        let boards = bundled();
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15u64);
        let mut next = move || rng.next_u64();
        let all: [Technique; 4] = [
            ("x_chain", x_chain),
            ("xy_chain", xy_chain),
            ("aic", aic),
            ("forcing", forcing),
        ];
        for b in boards.iter().take(120) {
            let Ok(sol) = crate::solve(b) else { continue };
            let sol = *sol.digits();
            let digits = *b.digits();
            // Candidates: the peers' cleaning plus random extra digits, keeping the solution's.
            let mut cands = peer_candidates(&digits);
            for c in 0..81 {
                if digits[c] == 0 {
                    cands[c] |= (next() & 0x1FF) as u16 | bit(sol[c]);
                }
            }
            for (name, t) in all {
                if let Some(f) = t(&digits, &cands) {
                    let (mut d, mut c) = (digits, cands);
                    check_apply(name, &f, &mut d, &mut c, &sol);
                }
                // Fully random masks and digits: only no panic.
                let mut rd = [0u8; 81];
                let mut rc = [0u16; 81];
                for c in 0..81 {
                    let r = next();
                    rd[c] = if r % 5 == 0 { (r >> 8) as u8 % 10 } else { 0 };
                    rc[c] = (r >> 16) as u16;
                }
                let _ = t(&rd, &rc);
            }
        }
    }

    /// Many random boards and masks, partly consistent (digits of a solution grid, masks
    /// keeping the solution's digit): never a panic, every step on a consistent grid sound.
    #[test]
    #[ignore = "long random run"]
    fn random_grids_many() {
        let sols: Vec<[u8; 81]> = bundled()
            .iter()
            .filter_map(|b| crate::solve(b).ok())
            .map(|s| *s.digits())
            .take(50)
            .collect();
        let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1Du64);
        let mut next = move || rng.next_u64();
        let all: [Technique; 5] = [
            ("x_chain", x_chain),
            ("xy_chain", xy_chain),
            ("aic", aic),
            ("forcing", forcing),
            ("cell_unit_forcing", cell_unit_forcing),
        ];
        let rounds: usize = std::env::var("CHAINS_FUZZ")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2000);
        for i in 0..rounds {
            let sol = sols[i % sols.len()];
            let mut digits = [0u8; 81];
            let mut cands = [0u16; 81];
            let keep = next() % 50;
            for c in 0..81 {
                let r = next();
                if r % 100 < keep {
                    digits[c] = sol[c];
                    cands[c] = bit(sol[c]);
                } else {
                    cands[c] = (r >> 8) as u16 & 0x1FF | bit(sol[c]);
                }
            }
            for (name, t) in all {
                if let Some(f) = t(&digits, &cands) {
                    let (mut d, mut c) = (digits, cands);
                    check_apply(name, &f, &mut d, &mut c, &sol);
                }
            }
        }
    }

    /// Bit of digit `d` (1-9).
    fn bit(d: u8) -> u16 {
        1 << (d - 1)
    }

    fn soundness(name: &'static str, t: fn(&[u8; 81], &[u16; 81]) -> Option<ChainFind>) {
        let mut boards = bundled();
        boards.extend(corpus_sample("puzzles3_magictour_top1465", 300));
        boards.extend(corpus_sample("puzzles6_forum_hardest_1106", 100));
        boards.extend(corpus_sample("puzzles2_17_clue", 100));
        assert!(boards.len() > 100);
        let mut steps = [0];
        for b in &boards {
            walk(b, &[(name, t)], &mut steps);
        }
        assert!(steps[0] > 0);
        eprintln!("{name}: {} steps on {} puzzles", steps[0], boards.len());
    }

    #[test]
    fn x_chain_soundness_on_bundled_and_corpus_puzzles() {
        soundness("x_chain", x_chain);
    }

    #[test]
    fn xy_chain_soundness_on_bundled_and_corpus_puzzles() {
        soundness("xy_chain", xy_chain);
    }

    #[test]
    fn aic_soundness_on_bundled_and_corpus_puzzles() {
        soundness("aic", aic);
    }

    #[test]
    fn forcing_chain_soundness_on_bundled_and_corpus_puzzles() {
        soundness("forcing", forcing);
    }

    #[test]
    fn cell_and_unit_forcing_soundness_on_bundled_and_corpus_puzzles() {
        soundness("cell_unit_forcing", cell_unit_forcing);
    }

    #[test]
    #[ignore = "prints a cell or unit forcing example"]
    fn print_cell_unit_forcing_example() {
        for b in corpus_sample("puzzles3_magictour_top1465", 20) {
            let sol = *crate::solve(&b).unwrap().digits();
            let mut digits = *b.digits();
            let mut cands = peer_candidates(&digits);
            basics(&mut digits, &mut cands, &sol);
            if let Some(f) = cell_unit_forcing(&digits, &cands) {
                eprintln!(
                    "{}\n removed {:?} place {:?}\n pattern {:?}",
                    format_grid(&digits, &cands),
                    pairs(&f.removed),
                    f.place,
                    pairs(&f.pattern)
                );
            }
        }
    }

    /// The share of corpus puzzles the chains finish with basics (singles, locked candidates)
    /// between steps, the time spent in the chain functions per puzzle, and the time each
    /// function takes on the grids where the basics first stall.
    #[test]
    #[ignore = "measurement: run with --ignored --nocapture"]
    fn corpus_share_and_timing() {
        use std::time::{Duration, Instant};
        let chains: [Technique; 4] = [
            ("x_chain", x_chain),
            ("xy_chain", xy_chain),
            ("aic", aic),
            ("forcing", forcing),
        ];
        let forcing: [Technique; 1] = [("forcing", forcing)];
        for (corpus, limit) in [
            ("puzzles3_magictour_top1465", usize::MAX),
            ("puzzles6_forum_hardest_1106", usize::MAX),
            ("puzzles5_forum_hardest_1905_11+", 500),
            ("puzzles2_17_clue", 1000),
        ] {
            let boards = corpus_sample(corpus, limit);
            if boards.is_empty() {
                continue;
            }
            for (label, techniques) in [("chains", &chains[..]), ("forcing only", &forcing[..])] {
                let mut steps = [0; 4];
                let (mut solved, mut total, mut max) = (0, Duration::ZERO, Duration::ZERO);
                let mut brutes = 0;
                for b in &boards {
                    let mut time = [Duration::ZERO; 4];
                    let brute = walk_timed(b, techniques, &mut steps, &mut time, true).unwrap();
                    solved += usize::from(brute == 0);
                    brutes += brute;
                    let spent: Duration = time.iter().sum();
                    total += spent;
                    max = max.max(spent);
                }
                eprintln!(
                    "{corpus} ({} puzzles), {label}: {solved} walked without brute force \
                     ({:.2}%), steps {:?} + {brutes} brute force, time in the techniques per \
                     walk: mean {:?}, max {:?}",
                    boards.len(),
                    100.0 * solved as f64 / boards.len() as f64,
                    &steps[..techniques.len()],
                    total / boards.len() as u32,
                    max
                );
            }
            let mut grids = Vec::new();
            for b in &boards {
                let sol = *crate::solve(b).unwrap().digits();
                let mut digits = *b.digits();
                let mut cands = peer_candidates(&digits);
                basics(&mut digits, &mut cands, &sol);
                if digits.contains(&0) {
                    grids.push((digits, cands));
                }
            }
            for (name, t) in &chains {
                let t0 = Instant::now();
                let mut found = 0;
                for (d, c) in &grids {
                    found += usize::from(t(d, c).is_some());
                }
                eprintln!(
                    "  {name}: {:?} a call on the first stalled grids ({found}/{} find a step)",
                    t0.elapsed() / grids.len().max(1) as u32,
                    grids.len()
                );
            }
        }
    }

    /// Forcing chains on the stalled grids of a corpus, many times (for a profiler).
    #[test]
    #[ignore = "profiling loop"]
    fn profile_forcing() {
        let corpus =
            std::env::var("CHAINS_CORPUS").unwrap_or("puzzles5_forum_hardest_1905_11+".into());
        let mut grids = Vec::new();
        for b in corpus_sample(&corpus, 200) {
            let sol = *crate::solve(&b).unwrap().digits();
            let mut digits = *b.digits();
            let mut cands = peer_candidates(&digits);
            basics(&mut digits, &mut cands, &sol);
            grids.push((digits, cands));
        }
        let t0 = std::time::Instant::now();
        let mut found = 0;
        for _ in 0..5 {
            for (d, c) in &grids {
                found += usize::from(forcing(d, c).is_some());
            }
        }
        eprintln!(
            "{found} found, {:?} a call",
            t0.elapsed() / (5 * grids.len().max(1)) as u32
        );
    }

    #[test]
    #[ignore = "prints example steps found on the corpus"]
    fn print_examples() {
        let techniques: [Technique; 4] = [
            ("x_chain", x_chain),
            ("xy_chain", xy_chain),
            ("aic", aic),
            ("forcing", forcing),
        ];
        let mut shown = [0; 4];
        for b in corpus_sample("puzzles3_magictour_top1465", 1465) {
            let sol = *crate::solve(&b).unwrap().digits();
            let mut digits = *b.digits();
            let mut cands = peer_candidates(&digits);
            loop {
                basics(&mut digits, &mut cands, &sol);
                let Some((i, f)) = techniques
                    .iter()
                    .enumerate()
                    .find_map(|(i, (_, t))| t(&digits, &cands).map(|f| (i, f)))
                else {
                    break;
                };
                if shown[i] < 3 && (i == 3 && f.place.is_some()) {
                    shown[i] += 1;
                    eprintln!(
                        "{} {}\n removed {:?} place {:?}\n pattern {:?}",
                        techniques[i].0,
                        format_grid(&digits, &cands),
                        pairs(&f.removed),
                        f.place,
                        pairs(&f.pattern)
                    );
                }
                check_apply("example", &f, &mut digits, &mut cands, &sol);
            }
        }
    }
}
