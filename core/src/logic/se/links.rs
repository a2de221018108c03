//! The static links of one grid, listed per node in the order a static chain search
//! follows them (Sudoku Explainer's), so that the searches' inner loop reads a list rather
//! than working the links out again at every node it follows.
//!
//! From a candidate on: the cell's other candidates off (links within the cell), then the
//! digit off in the cell's block, in its row outside the block and in its column outside
//! the block (each in cell order). From a candidate off: a bivalue cell's other candidate
//! on, then the digit's other place on in the block, row and column where it has two
//! (each place once).
//!
//! An "off" node with neither is a dead end. A search that reads only the way to its
//! target (the unary chains and cycles) follows, from a candidate on, the list less its
//! dead ends ([`Links::onward_from`]): 46% of the links listed from candidates on, rating
//! the first 301 puzzles of gen_minimal.

use super::nodes::{has, insert, node, NodeSet, NODES, NODE_WORDS};
use super::reach::Strong;
use crate::board::CELLS;
use crate::error::Error;
use crate::logic::grid::Grid;
use crate::units::{cells_of, CELL_UNITS, UNIT_MASK};

/// Per cell, its peers in the order a chain turns them off: the block's, then the row's
/// outside the block, then the column's outside the block.
pub(super) const SE_PEERS: [[u128; 3]; CELLS] = {
    let mut peers = [[0u128; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let [row, col, block] = CELL_UNITS[c];
        let block = UNIT_MASK[block as usize] & !(1u128 << c);
        peers[c] = [
            block,
            UNIT_MASK[row as usize] & !block & !(1u128 << c),
            UNIT_MASK[col as usize] & !block & !(1u128 << c),
        ];
        c += 1;
    }
    peers
};

/// The block, row and column of `cell` (indices of [`crate::units::UNITS`]), in Sudoku
/// Explainer's order.
pub(super) fn se_units(cell: usize) -> [usize; 3] {
    let u = CELL_UNITS[cell];
    [usize::from(u[2]), usize::from(u[0]), usize::from(u[1])]
}

/// Room in [`Links::to`] per candidate: its "on" node's links, then its "off" node's.
const ROOM: usize = 32;
/// Where an "off" node's links start in its candidate's room.
const OFF_AT: usize = 28;

/// Where a node's links are listed.
#[derive(Clone, Copy, Default)]
struct List {
    /// The number of the grid the list was made for.
    grid: u32,
    /// Where its links start in [`Links::to`], where those out of the cell start (those
    /// within it come first), and where they end: kept, although the start follows from
    /// the node, because working the bounds out at every follow cost 4% of a gen_minimal
    /// rating (callgrind).
    start: u16,
    split: u16,
    end: u16,
}

/// Where the links of node `n` start in [`Links::to`].
fn room_of(n: usize) -> usize {
    (n >> 1) * ROOM + (!n & 1) * OFF_AT
}

/// The static links of one grid, each node's listed when a search first follows it (most
/// grids a nested chain makes see few searches).
pub(super) struct Links {
    /// The grid's candidates, per cell and per digit.
    cand: [u16; CELLS],
    pos: [u128; 9],
    /// Its strong links.
    strong: Strong,
    /// The grid's number; 0 before the first.
    grid: u32,
    /// Per node, its list.
    lists: Vec<List>,
    /// Per candidate, [`ROOM`] places: its nodes' links.
    to: Vec<u16>,
    /// The "off" nodes with a link onward within their cell (the cell is bivalue), and
    /// those with one along a unit (the digit has two places there). (Kept as sets rather
    /// than read off `strong` at each link: reading them off took 1.5% more instructions
    /// rating the first 301 puzzles of gen_minimal, callgrind.)
    onward_y: NodeSet,
    onward_x: NodeSet,
    /// Per "on" node and kind of link ([`kind_of`]), the grid its list of links to "off"
    /// nodes with a link onward was made for, where the list starts in `onward_to` and its
    /// length.
    onward_lists: Vec<(u32, u16, u8)>,
    /// Those lists of the grid, one after the other as they are made: room for all of them
    /// is made once, so that making one never allocates (or writes room it does not use).
    onward_to: Vec<u16>,
}

/// The kinds of link a search follows, numbered: X only 0, Y only 1, both 2.
fn kind_of(x: bool, y: bool) -> usize {
    match (x, y) {
        (true, false) => 0,
        (false, true) => 1,
        _ => 2,
    }
}

impl Links {
    /// Room for the links of any grid; no grid yet.
    pub(super) fn new() -> Result<Links, Error> {
        let (mut lists, mut to) = (Vec::new(), Vec::new());
        let (mut onward_lists, mut onward_to) = (Vec::new(), Vec::new());
        lists
            .try_reserve_exact(NODES)
            .and(to.try_reserve_exact(CELLS * 9 * ROOM))
            .and(onward_lists.try_reserve_exact(CELLS * 9 * 3))
            .and(onward_to.try_reserve_exact(CELLS * 9 * 3 * OFF_AT))
            .map_err(|_| Error::NoMemory)?;
        lists.resize(NODES, List::default());
        to.resize(CELLS * 9 * ROOM, 0);
        onward_lists.resize(CELLS * 9 * 3, (0, 0, 0));
        Ok(Links {
            cand: [0; CELLS],
            pos: [0; 9],
            strong: Strong::default(),
            grid: 0,
            lists,
            to,
            onward_y: [0; NODE_WORDS],
            onward_x: [0; NODE_WORDS],
            onward_lists,
            onward_to,
        })
    }

    /// Takes grid `g`, whose strong links are `strong`: the lists of another grid are not
    /// read again.
    pub(super) fn make(&mut self, g: &Grid, strong: &Strong) {
        self.cand = g.cand;
        self.pos = g.pos;
        self.strong = *strong;
        self.onward_y = [0; NODE_WORDS];
        self.onward_x = [0; NODE_WORDS];
        self.onward_to.clear();
        for c in cells_of(strong.bivalue) {
            let mut m = g.cand[c];
            while m != 0 {
                insert(
                    &mut self.onward_y,
                    node(c, m.trailing_zeros() as usize, false),
                );
                m &= m - 1;
            }
        }
        for (d, &pairs) in strong.pairs.iter().enumerate() {
            let mut us = pairs;
            while us != 0 {
                let u = us.trailing_zeros() as usize;
                us &= us - 1;
                for c in cells_of(g.pos[d] & UNIT_MASK[u]) {
                    insert(&mut self.onward_x, node(c, d, false));
                }
            }
        }
        if self.grid == u32::MAX {
            self.lists.iter_mut().for_each(|l| l.grid = 0);
            self.onward_lists.iter_mut().for_each(|l| l.0 = 0);
            self.grid = 0;
        }
        self.grid += 1;
    }

    /// Lists the links of node `n` (a node of the grid) in its room of `to`: how many are
    /// within the cell, and how many in all.
    fn list(&mut self, n: usize) -> (usize, usize) {
        let (cell, d, on) = (n / 18, n / 2 % 9, n % 2 == 1);
        let at = room_of(n);
        let mut k = 0;
        let within;
        let Some(to) = self
            .to
            .get_mut(at..at + if on { OFF_AT } else { ROOM - OFF_AT })
        else {
            return (0, 0);
        };
        let cands = self.cand[cell];
        if cands >> d & 1 == 0 {
            return (0, 0);
        }
        if on {
            // The cell's other candidates, then the digit's places among the peers.
            let mut m = cands & !(1 << d);
            while m != 0 {
                to[k] = node(cell, m.trailing_zeros() as usize, false);
                k += 1;
                m &= m - 1;
            }
            within = k;
            for part in SE_PEERS[cell] {
                let mut m = self.pos[d] & part;
                while m != 0 && k < to.len() {
                    to[k] = node(m.trailing_zeros() as usize, d, false);
                    k += 1;
                    m &= m - 1;
                }
            }
        } else {
            // A bivalue cell's other candidate, then the other place in each unit where
            // the digit has two.
            if self.strong.bivalue >> cell & 1 != 0 {
                to[k] = node(cell, (cands & !(1 << d)).trailing_zeros() as usize, true);
                k += 1;
            }
            within = k;
            for u in se_units(cell) {
                if self.strong.pairs[d] >> u & 1 != 0 {
                    let p = (self.pos[d] & UNIT_MASK[u] & !(1u128 << cell)).trailing_zeros();
                    let m = node(p as usize, d, true);
                    if !to[within..k].contains(&m) && k < to.len() {
                        to[k] = m;
                        k += 1;
                    }
                }
            }
        }
        (within, k)
    }

    /// Whether "off" node `n` has a link onward on the links of kind X and/or Y: without
    /// one it is a dead end of a static search.
    pub(super) fn leads_on(&self, n: u16, x: bool, y: bool) -> bool {
        x && has(&self.onward_x, n) || y && has(&self.onward_y, n)
    }

    /// [`Links::from`] "on" node `n`, less the "off" nodes that are dead ends on the links
    /// of kind X and/or Y ([`Links::leads_on`]).
    pub(super) fn onward_from(&mut self, n: u16, x: bool, y: bool) -> &[u16] {
        debug_assert!(n % 2 == 1, "{n} is not an on node");
        let k = usize::from(n) / 2 * 3 + kind_of(x, y);
        let Some(&(grid, mut at, mut len)) = self.onward_lists.get(k) else {
            return &[];
        };
        if grid != self.grid {
            let (lo, hi) = self.bounds(usize::from(n), x, y);
            let begin = self.onward_to.len();
            for i in lo..hi {
                let Some(&m) = self.to.get(i) else { break };
                // A list is made once a grid and is at most [`OFF_AT`] long: the room
                // holds every list.
                if self.leads_on(m, x, y) {
                    debug_assert!(self.onward_to.len() < self.onward_to.capacity());
                    if self.onward_to.len() < self.onward_to.capacity() {
                        self.onward_to.push(m);
                    }
                }
            }
            (at, len) = (begin as u16, (self.onward_to.len() - begin) as u8);
            self.onward_lists[k] = (self.grid, at, len);
        }
        let at = usize::from(at);
        self.onward_to.get(at..at + usize::from(len)).unwrap_or(&[])
    }

    /// The nodes a static search goes to from node `n`, in order: with `y`, the links
    /// within the cell; the links to the peers from a candidate on; with `x`, the links to
    /// the digit's other places from a candidate off.
    pub(super) fn from(&mut self, n: u16, x: bool, y: bool) -> &[u16] {
        let (lo, hi) = self.bounds(usize::from(n), x, y);
        self.to.get(lo..hi).unwrap_or(&[])
    }

    /// Where [`Links::from`] node `n` lies in [`Links::to`], the list made if it is not.
    /// (Inlined: a search calls it at every node it follows; as a call, rating the first
    /// 301 puzzles of gen_minimal took 1.8% more instructions, callgrind.)
    #[inline(always)]
    fn bounds(&mut self, n: usize, x: bool, y: bool) -> (usize, usize) {
        let Some(&list) = self.lists.get(n) else {
            return (0, 0);
        };
        let list = if list.grid == self.grid {
            list
        } else {
            let (within, len) = self.list(n);
            let start = room_of(n);
            let list = List {
                grid: self.grid,
                start: start as u16,
                split: (start + within) as u16,
                end: (start + len) as u16,
            };
            self.lists[n] = list;
            list
        };
        let lo = if y { list.start } else { list.split };
        let hi = if x || n % 2 == 1 {
            list.end
        } else {
            list.split
        };
        (usize::from(lo), usize::from(hi))
    }
}

/// The links a static search in mode `x`/`y` follows from node `n` of `g`, found by
/// looking at every cell and unit, in the order of the module's comment: the plain
/// reference the tests of the lists, the static reach and the fresh links compare with.
#[cfg(test)]
pub(super) fn static_links_by_cells(g: &Grid, n: u16, x: bool, y: bool) -> Vec<u16> {
    let n = usize::from(n);
    let (cell, d, on) = (n / 18, n / 2 % 9, n % 2 == 1);
    let mut next = Vec::new();
    if g.cand[cell] >> d & 1 == 0 {
        return next;
    }
    let [row, col, block] = CELL_UNITS[cell].map(usize::from);
    let in_unit = |u: usize, p: usize| UNIT_MASK[u] >> p & 1 == 1;
    if on {
        if y {
            next.extend(
                (0..9)
                    .filter(|&e| e != d && g.cand[cell] >> e & 1 == 1)
                    .map(|e| node(cell, e, false)),
            );
        }
        let peer_in = |u: usize, p: usize| p != cell && in_unit(u, p) && g.cand[p] >> d & 1 == 1;
        next.extend(
            (0..CELLS)
                .filter(|&p| peer_in(block, p))
                .map(|p| node(p, d, false)),
        );
        next.extend(
            (0..CELLS)
                .filter(|&p| peer_in(row, p) && !in_unit(block, p))
                .map(|p| node(p, d, false)),
        );
        next.extend(
            (0..CELLS)
                .filter(|&p| peer_in(col, p) && !in_unit(block, p))
                .map(|p| node(p, d, false)),
        );
    } else {
        let others: Vec<usize> = (0..9)
            .filter(|&e| e != d && g.cand[cell] >> e & 1 == 1)
            .collect();
        if y && others.len() == 1 {
            next.push(node(cell, others[0], true));
        }
        if x {
            for u in [block, row, col] {
                let places: Vec<usize> = (0..CELLS)
                    .filter(|&p| in_unit(u, p) && g.cand[p] >> d & 1 == 1)
                    .collect();
                if places.len() == 2 {
                    let p = if places[0] == cell {
                        places[1]
                    } else {
                        places[0]
                    };
                    if !next.contains(&node(p, d, true)) {
                        next.push(node(p, d, true));
                    }
                }
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn the_lists_hold_the_links_in_the_searches_order() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..9....6.27.65....8...9.......23.......1..6....4...9........82..2.4.7...7..9.35.4",
        ];
        let mut links = Links::new().expect("memory");
        let mut again = Links::new().expect("memory");
        for p in puzzles {
            let board = Board::from_bytes(p.as_bytes().try_into().expect("81")).expect("a board");
            let mut g = Grid::new(&board);
            // Made-up removals too, for more bivalue cells and conjugate pairs.
            for c in (0..CELLS).step_by(7) {
                let low = g.cand[c] & g.cand[c].wrapping_neg();
                if g.cand[c].count_ones() > 2 {
                    g.eliminate(c, low);
                }
            }
            links.make(&g, &Strong::of(&g));
            again.make(&g, &Strong::of(&g));
            for n in 0..NODES as u16 {
                for (x, y) in [(true, true), (true, false), (false, true)] {
                    assert_eq!(
                        links.from(n, x, y),
                        static_links_by_cells(&g, n, x, y),
                        "node {n}, x {x}, y {y}"
                    );
                }
            }
            // Less the dead ends: the "off" nodes with no links onward.
            for n in (1..NODES as u16).step_by(2) {
                for (x, y) in [(true, true), (true, false), (false, true)] {
                    let onward: Vec<u16> = static_links_by_cells(&g, n, x, y)
                        .into_iter()
                        .filter(|&m| !static_links_by_cells(&g, m, x, y).is_empty())
                        .collect();
                    assert_eq!(links.onward_from(n, x, y), onward, "node {n}, x {x}, y {y}");
                }
            }
            for n in (0..NODES as u16).step_by(2) {
                for (x, y) in [(true, true), (true, false), (false, true)] {
                    let onward = !static_links_by_cells(&g, n, x, y).is_empty();
                    assert_eq!(links.leads_on(n, x, y), onward, "node {n}, x {x}, y {y}");
                }
            }
            // Listed in another order, from the lists of the grid before.
            for n in (0..NODES as u16).rev() {
                assert_eq!(
                    again.from(n, false, true),
                    static_links_by_cells(&g, n, false, true),
                    "node {n}"
                );
            }
        }
    }
}
