//! Alternating chains: X-chains, XY-chains and AIC (see the parent module for the links),
//! found by a breadth-first search from every start node in a fixed order.

use super::{ChainFind, Grid, NODES};
use crate::units::{
    cell_bit, has_cell, Bits, ALL_DIGITS, CELL_UNITS, CELL_UNIT_BITS, PEER_MASK, UNIT_MASK,
};

impl Grid {
    /// The other place of digit `d` in unit `u` when `d` has exactly two places there and is
    /// not filled in it.
    fn bilocal_partner(&self, c: usize, d: usize, u: usize) -> Option<usize> {
        if self.filled[d] & UNIT_MASK[u] != 0 {
            return None;
        }
        let m = self.pos[d] & UNIT_MASK[u];
        if !m.is_pair() {
            return None;
        }
        let o = (m & !cell_bit(c)).trailing_zeros() as usize;
        (o < 81 && o != c).then_some(o)
    }

    /// Nodes strongly linked to node `n` under `mode`, in a fixed order.
    fn strong(&self, mode: Mode, n: usize, out: &mut [u16; 4]) -> usize {
        let (c, d) = (n / 9, n % 9);
        let mut k = 0;
        if mode != Mode::X && self.cand[c].is_pair() {
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
        // The peers with the digit, in increasing order (as `PEERS` lists them).
        let mut peers = PEER_MASK[c] & self.pos[d];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            if mode != Mode::Xy || self.cand[p].is_pair() {
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
            } else if has_cell(PEER_MASK[ca], cb) {
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
                has_cell(PEER_MASK[ca], cb)
                    && (self.cand[cb] >> da & 1 != 0 || self.cand[ca] >> db & 1 != 0)
            }
        } else {
            false
        }
    }

    /// Per digit, the cells whose node may be part of a chain of `mode`: its candidates, of
    /// bivalue cells only for XY-chains (the tests' reference for [`Grid::linked_nodes`]).
    #[cfg(test)]
    fn ok_nodes(&self, mode: Mode) -> [u128; 9] {
        let mut ok = self.pos;
        if mode == Mode::Xy {
            let bivalue = self.cells_where(|m| m.is_pair());
            for o in &mut ok {
                *o &= bivalue;
            }
        }
        ok
    }

    /// The nodes with a strong link under `mode` ([`Grid::strongly_linked`]), per digit: the
    /// only nodes a search goes on from. A node reached by
    /// a weak link without one is a dead end, and no strong link reaches it, so leaving it
    /// out changes nothing else. `bilocal` from [`Grid::bilocal_units`].
    fn linked_nodes(&self, mode: Mode, bilocal: &[u32; 9]) -> [u128; 9] {
        let bivalue = if mode == Mode::X {
            0
        } else {
            self.cells_where(|m| m.is_pair())
        };
        core::array::from_fn(|d| {
            let mut linked = bivalue & self.pos[d];
            if mode != Mode::Xy {
                let mut units = bilocal[d];
                while units != 0 {
                    linked |= self.pos[d] & UNIT_MASK[units.trailing_zeros() as usize];
                    units &= units - 1;
                }
            }
            linked
        })
    }

    /// Whether the breadth-first search of [`chain_search`] from node `a` may find a chain
    /// shorter than `limit`: false only when it certainly finds none. The same search
    /// without paths, one depth at a time: the nodes first reached at each depth are the
    /// same whatever the order within a depth, since a node is marked seen when first
    /// reached. At each odd depth of 3 or more it answers true as soon as a node there has
    /// candidates that see it and `a` ([`Grid::any_common`]) or closes a loop with `a`
    /// (whose removals depend on the path: the search decides). The depths hold a few
    /// nodes each, so they are kept as lists (in `layers`, scratch room for every node)
    /// and only the digits of their nodes are looked at.
    fn may_find(
        &self,
        mode: Mode,
        a: usize,
        limit: u8,
        ok: &[u128; 9],
        bilocal: &[u32; 9],
        layers: &mut [u16; NODES],
    ) -> bool {
        // `ok`: per digit, the cells whose node the search may reach ([`Grid::linked_nodes`],
        // or in the tests every candidate a chain may use).
        // Per digit, the cells whose node was reached; the nodes of each depth one after the
        // other in `layers` (each node once), the last depth's at `start..end`.
        let mut seen = [0u128; 9];
        seen[a % 9] |= cell_bit(a / 9);
        layers[0] = a as u16;
        let (mut start, mut end) = (0, 1);
        let mut depth = 0u8;
        while depth.saturating_add(1) < limit {
            let mut tail = end;
            // Adds the nodes of digit `d` at `cells` not reached yet.
            let mut reach = |d: usize, cells: u128, layers: &mut [u16; NODES]| {
                let m = cells & ok[d] & !seen[d];
                seen[d] |= m;
                // By 64-bit halves: a 128-bit bit scan costs several instructions.
                for (base, half) in [(0, m as u64), (64, (m >> 64) as u64)] {
                    let mut h = half;
                    while h != 0 {
                        layers[tail] = ((base + h.trailing_zeros() as usize) * 9 + d) as u16;
                        tail += 1;
                        h &= h - 1;
                    }
                }
            };
            for i in start..end {
                let n = usize::from(layers[i]);
                let (c, d) = (n / 9, n % 9);
                if depth.is_multiple_of(2) {
                    // Strong links: a bivalue cell's other candidate, a unit's other place.
                    if mode != Mode::X && self.cand[c].is_pair() {
                        let e = (self.cand[c] & !(1 << d)).trailing_zeros() as usize;
                        if e < 9 {
                            reach(e, cell_bit(c), layers);
                        }
                    }
                    if mode != Mode::Xy {
                        let mut units = bilocal[d] & CELL_UNIT_BITS[c];
                        while units != 0 {
                            reach(
                                d,
                                self.pos[d] & UNIT_MASK[units.trailing_zeros() as usize],
                                layers,
                            );
                            units &= units - 1;
                        }
                    }
                } else {
                    // Weak links: the cell's other candidates, the digit in the peers.
                    if mode == Mode::Aic {
                        let mut others = self.cand[c] & !(1 << d);
                        while others != 0 {
                            let e = others.trailing_zeros() as usize;
                            others &= others - 1;
                            reach(e, cell_bit(c), layers);
                        }
                    }
                    reach(d, PEER_MASK[c] & self.pos[d], layers);
                }
            }
            if tail == end {
                return false;
            }
            depth += 1;
            if depth % 2 == 1 && depth >= 3 {
                for &m in &layers[end..tail] {
                    let m = usize::from(m);
                    if self.weakly_linked(mode, a, m) || self.any_common(mode, a, m) {
                        return true;
                    }
                }
            }
            (start, end) = (end, tail);
        }
        false
    }

    /// [`Grid::may_find`] one depth at a time on sets of nodes (per digit, a bitboard of
    /// cells), each reached from every node of the last depth by [`Grid::strong_into`] or
    /// [`Grid::weak_into`]: the reference the tests hold it to.
    #[cfg(test)]
    fn may_find_by_sets(
        &self,
        mode: Mode,
        a: usize,
        limit: u8,
        ok: &[u128; 9],
        bilocal: &[u32; 9],
    ) -> bool {
        let mut seen = [0u128; 9];
        let mut layer = [0u128; 9];
        seen[a % 9] |= cell_bit(a / 9);
        layer[a % 9] |= cell_bit(a / 9);
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

    /// Whether node `n` has a strong link under `mode` ([`Grid::strong`] finds one): a
    /// search from a node without one finds no chain. `bilocal` from
    /// [`Grid::bilocal_units`].
    fn strongly_linked(&self, mode: Mode, n: usize, bilocal: &[u32; 9]) -> bool {
        let (c, d) = (n / 9, n % 9);
        (mode != Mode::X && self.cand[c].is_pair())
            || (mode != Mode::Xy && bilocal[d] & CELL_UNIT_BITS[c] != 0)
    }

    /// Adds to `next` the nodes strongly linked to node (`c`, `d`) ([`Grid::strong`]);
    /// `bilocal` from [`Grid::bilocal_units`].
    #[cfg(test)]
    fn strong_into(
        &self,
        mode: Mode,
        c: usize,
        d: usize,
        bilocal: &[u32; 9],
        next: &mut [u128; 9],
    ) {
        if mode != Mode::X && self.cand[c].is_pair() {
            let e = (self.cand[c] & !(1 << d)).trailing_zeros() as usize;
            if e < 9 && e != d {
                next[e] |= cell_bit(c);
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
    #[cfg(test)]
    fn weak_into(&self, mode: Mode, c: usize, d: usize, next: &mut [u128; 9]) {
        if mode == Mode::Aic {
            let mut others = self.cand[c] & !(1 << d);
            while others != 0 {
                next[others.trailing_zeros() as usize] |= cell_bit(c);
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
            da == db && has_cell(PEER_MASK[ca], cb)
        }
    }

    /// Whether node `n` may be part of a chain of `mode` ([`Grid::ok_nodes`] node by node).
    #[cfg(test)]
    fn node_ok(&self, mode: Mode, n: usize) -> bool {
        self.has(n) && (mode != Mode::Xy || self.cand[n / 9].is_pair())
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
fn chain_search(g: &Grid, mode: Mode, starts: u16) -> Option<ChainFind> {
    // Per node: the BFS generation that reached it (0: never), its parent and depth.
    let mut seen = [0u16; NODES];
    let mut parent = [0u16; NODES];
    let mut depth = [0u8; NODES];
    let mut queue = [0u16; NODES];
    let mut layers = [0u16; NODES];
    let mut generation = 0u16;
    let mut best: Option<(u8, ChainFind)> = None;
    let mut strong = [0u16; 4];
    let mut weak = [0u16; 28];
    let bilocal = g.bilocal_units();
    let linked = g.linked_nodes(mode, &bilocal);
    // The start nodes in order: the candidates of the digits of `starts` that may be part of
    // a chain (of bivalue cells only for XY-chains).
    let mut start_nodes = [0u16; NODES];
    let mut n_starts = 0;
    for (c, &m) in g.cand.iter().enumerate() {
        if mode == Mode::Xy && !m.is_pair() {
            continue;
        }
        let mut ds = m & starts;
        while ds != 0 {
            start_nodes[n_starts] = (c * 9 + ds.trailing_zeros() as usize) as u16;
            n_starts += 1;
            ds &= ds - 1;
        }
    }
    for &a in &start_nodes[..n_starts] {
        let a = usize::from(a);
        if matches!(best, Some((3, _))) {
            break;
        }
        let limit = best.as_ref().map_or(u8::MAX, |b| b.0);
        if !g.strongly_linked(mode, a, &bilocal)
            || !g.may_find(mode, a, limit, &linked, &bilocal, &mut layers)
        {
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
                if seen[m] == generation || !has_cell(linked[m % 9], m / 9) {
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
pub(crate) fn x_chain(g: &Grid) -> Option<ChainFind> {
    x_chain_of(g, ALL_DIGITS)
}

/// The X-chains on the digits of `of` only (bit `d` for digit `d + 1`): the same chain as on
/// all digits when the others have none, since an X-chain keeps to one digit.
pub(crate) fn x_chain_of(g: &Grid, of: u16) -> Option<ChainFind> {
    chain_search(g, Mode::X, of)
}

/// Chains of bivalue cells (XY-chains): inside a cell one candidate is false and the other
/// true; between cells one digit is weakly linked. Removes the digit the two ends share from
/// the cells that see both ends.
pub(crate) fn xy_chain(g: &Grid) -> Option<ChainFind> {
    chain_search(g, Mode::Xy, ALL_DIGITS)
}

/// Alternating inference chains over several digits: strong links from bivalue cells and from
/// units where a digit has two places, weak links inside cells and between peers. Removes
/// every candidate that sees both ends (the ends' digit from common peers; with two digits,
/// the other candidates of a shared cell, or each end's digit from the other end's cell).
pub(crate) fn aic(g: &Grid) -> Option<ChainFind> {
    chain_search(g, Mode::Aic, ALL_DIGITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random grids (random digits and candidate masks, sparse enough for bivalue cells
    /// and bilocal units), the search of [`Grid::may_find`] node by node answers as the set
    /// search does, for every start node, mode and a few limits.
    #[test]
    fn may_find_agrees_with_the_set_search() {
        let mut rng = crate::rng::SplitMix64::new(0xA11C_E5EA_C4C4_0001);
        let mut next = move || rng.next_u64();
        let mut layers = [0u16; NODES];
        let (mut yes, mut no) = (0, 0);
        for _ in 0..300 {
            let density = next() % 4;
            let mut digit = [0u8; 81];
            let mut cand = [0u16; 81];
            for c in 0..81 {
                let r = next();
                if r % 4 == 0 {
                    digit[c] = (r >> 8) as u8 % 9 + 1;
                } else {
                    // Each digit kept with probability 1/4 to 1/2 by density.
                    let (x, y, z) = (r >> 8, r >> 20, r >> 32);
                    cand[c] = match density {
                        0 => x & y,
                        1 => x & (y | z),
                        _ => x & (y ^ z) | (x & y),
                    } as u16
                        & ALL_DIGITS;
                }
            }
            let g = Grid::from_parts(digit, cand);
            let bilocal = g.bilocal_units();
            for mode in [Mode::X, Mode::Xy, Mode::Aic] {
                let ok = g.ok_nodes(mode);
                for a in 0..NODES {
                    if !g.node_ok(mode, a) {
                        continue;
                    }
                    for limit in [u8::MAX, 4, 7] {
                        let want = g.may_find_by_sets(mode, a, limit, &ok, &bilocal);
                        let got = g.may_find(mode, a, limit, &ok, &bilocal, &mut layers);
                        assert_eq!(got, want, "{mode:?} {a} {limit} {cand:?} {digit:?}");
                        // The search's nodes with a strong link give the same answer.
                        let linked = g.linked_nodes(mode, &bilocal);
                        let got = g.may_find(mode, a, limit, &linked, &bilocal, &mut layers);
                        assert_eq!(got, want, "{mode:?} {a} {limit} linked");
                        if want {
                            yes += 1;
                        } else {
                            no += 1;
                        }
                    }
                }
            }
        }
        assert!(yes > 10_000 && no > 10_000, "{yes} {no}");
    }
}
