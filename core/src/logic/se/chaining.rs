//! The chains of the Sudoku Explainer scale, from X-cycles to nested forcing chains.
//!
//! A chain's nodes are candidates assumed on or off. An "on" node turns off the cell's
//! other candidates (a Y link) and the digit in the cell's peers (an X link); an "off" node
//! turns on the cell's last candidate (Y) and a unit's last place for the digit (X). Static
//! chains read those "last" conditions on the grid as the chain began (a bivalue cell, a
//! conjugate pair); dynamic chains read them on the grid the chain has changed so far, so
//! that an "on" node may rest on several "off" nodes. Chains of "(+)" and nested chains
//! also apply, where the chain stops, rules to the changed grid as Sudoku Explainer does:
//! locked candidates, hidden and naked pairs, the X-Wing, then (nested) chains of a lower
//! level; every conclusion of the first of those rules that has any, each resting on the
//! candidates the chain removed where that rule reads the grid.
//!
//! A chain's rating is its rule's base rating plus [`length_bonus`] of its complexity: for
//! each end of the chain, the number of distinct nodes behind it; and once each, the
//! complexity of the nested chains among them. Each level finds every conclusion its chains
//! reach and gives the easiest.

use super::basic::{self, Basis};
use super::fresh::Fresh;
use super::gather::Gathered;
use super::links::{se_units, Links, SE_PEERS};
use super::nodes::{cancelled, has, insert, node, parts, NodeSet, NODES, NODE_WORDS};
use super::reach::{Reach, Strong};
use super::rule::{length_bonus, longest_within, SeRule};
use super::Found;
use crate::board::CELLS;
use crate::error::Error;
use crate::logic::grid::Grid;
use crate::units::{cells_of, Bits, CELL_UNITS, PEER_MASK, UNIT_MASK};

/// The search slots of a level that are not kept by start: 0 a unary chain's or a Nishio
/// chain's, 1 a cycle's, [`CELL_OFF`] the candidate off of a forcing chain's cell.
/// Searches from a candidate on that a forcing level reads several times come after them,
/// kept by their start ([`Nested::on_search`]).
const SEARCHES: usize = 3;
/// The slot of the search from the candidate off of a forcing chain's cell
/// ([`Nested::forcing`]).
const CELL_OFF: usize = 2;

/// The base rating of a forcing chain of bivalue cells.
const Y_CHAIN_BASE: i32 = 70;

/// The node's one parent is in [`Info::parent`], not in the arena.
const ONE_PARENT: u32 = u32::MAX - 1;

/// Every candidate of open grid `g` as (cell, digit index), cell by cell and digit by digit:
/// the order in which Sudoku Explainer starts its chains.
fn candidates(g: &Grid) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..CELLS).flat_map(move |cell| {
        (0..9)
            .filter(move |&d| g.cand[cell] & (1 << d) != 0)
            .map(move |d| (cell, d))
    })
}

/// How a search links its nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mode {
    /// Whether "last" conditions are read on the changed grid.
    dynamic: bool,
    /// Whether links within a cell (Y links: a cell's other candidates off, a bivalue
    /// cell's other candidate on) are used.
    y: bool,
    /// Whether a unit's last place for a digit turns on (X links; the digit leaving a
    /// cell's peers is always followed).
    x: bool,
    /// What is applied where the chain stops: 0 nothing, 1 the basic rules, 2 also static
    /// forcing chains, 3 also static multiple chains, 4 also dynamic chains.
    nested: u8,
    /// Whether a contradiction ends the search (all but the unary chains, which look for
    /// the start's own negation).
    stop: bool,
    /// Whether a static search leaves out the "off" nodes with no link onward, but for its
    /// target, and keeps no [`Search::order`]: it follows the same nodes in the same order
    /// without them, so a search that reads only the way to its target (the unary chains
    /// and cycles) loses nothing.
    skip_dead_ends: bool,
}

impl Mode {
    /// The unary chains' and cycles' searches on links of kind X and/or Y: static, to
    /// their target only (no contradiction ends them), without dead ends.
    fn unary(x: bool, y: bool) -> Mode {
        Mode {
            dynamic: false,
            y,
            x,
            nested: 0,
            stop: false,
            skip_dead_ends: true,
        }
    }
}

/// What a search holds of one node it reached, kept together so that reaching it touches
/// one place. It is read only while the node is in [`Search::reached_set`]: a search that
/// reaches the node again writes it anew.
#[derive(Debug, Clone, Copy)]
struct Info {
    /// The offset of its parent list in the search's arena, or [`ONE_PARENT`] when its one
    /// parent is `parent`.
    at: u32,
    /// Its parent, when it has one only (as every node of a static search but the start).
    parent: u16,
    /// The nested chain that gave it: 1 + its index in [`Search::nests`] (0: none).
    nest: u16,
    /// Its depth: the steps from the start along the nodes followed (at most its
    /// complexity less one).
    depth: u8,
}

/// What `info` holds before a node is first reached (never read).
const UNSET: Info = Info {
    at: ONE_PARENT,
    parent: 0,
    nest: 0,
    depth: 0,
};

/// A list of nodes, each at most once: its room made once, so that adding to it never
/// allocates.
struct Nodes(Vec<u16>);

impl Nodes {
    fn new() -> Result<Nodes, Error> {
        let mut room = Vec::new();
        reserve(&mut room, NODES)?;
        Ok(Nodes(room))
    }

    /// Adds `n` (not in the list: the list has room for it).
    fn push(&mut self, n: u16) {
        if self.0.len() < self.0.capacity() {
            self.0.push(n);
        }
    }

    fn clear(&mut self) {
        self.0.clear();
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn first(&self) -> Option<&u16> {
        self.0.first()
    }

    fn all(&self) -> &[u16] {
        &self.0
    }
}

/// The implications of one assumption: every node reached with its parents.
struct Search {
    /// Per node, where its parents are, its nested complexity and its depth.
    info: Vec<Info>,
    /// Parent lists: a length, then that many nodes.
    arena: Vec<u16>,
    /// Nodes reached but not yet followed, "on" nodes first.
    pending_on: Nodes,
    pending_off: Nodes,
    /// The nodes in the order they were reached.
    order: Nodes,
    /// The same nodes as a set (bit `n` for node `n`): what [`Search::reached`] reads and
    /// [`Nested::common`] intersects.
    reached_set: NodeSet,
    /// The grid as the chain changed it (dynamic searches).
    work: Grid,
    /// A node reached both on and off: (the on node, the off node). Static searches note
    /// it only where it ends them.
    contradiction: Option<(u16, u16)>,
    /// Whether the search ends at its first contradiction.
    stop: bool,
    /// A node the start may not reach directly (a cycle's closing node, which must be
    /// reached around the loop), or `u16::MAX`.
    banned: u16,
    /// A node whose reaching ends the search (all that is asked of it), or `u16::MAX`.
    target: u16,
    /// Whether the search has ended: `target` reached, or a contradiction where the
    /// search stops at one (checked once a node rather than worked out again).
    ended: bool,
    /// The depth of the node being followed.
    cur: u8,
    /// The most complexity a conclusion may have to matter: nodes are followed only while
    /// their children can stay within it.
    limit: usize,
    /// The largest least complexity of a child (depth plus two) of a node followed: the
    /// search follows the same nodes under any limit from this one up to below
    /// `shallowest_refused` ([`Search::same_under`]).
    deepest_followed: usize,
    /// The smallest least complexity of a child of a node the limit kept from being
    /// followed (`usize::MAX`: none).
    shallowest_refused: usize,
    /// The complexity of each nested chain the search applied, in order.
    nests: Vec<usize>,
    /// Scratch: the parents of the nodes a nested rule adds.
    scratch: Vec<u16>,
    /// Whether the arena could not grow (the search is then incomplete).
    no_memory: bool,
    /// For a search of [`Nested::on_search`]: the call of [`Nested::forcing`] it was made
    /// in.
    made: Option<u64>,
}

/// Per cell, the candidates a nested rule's conclusion rests on (of which those the chain
/// has removed become the parents of what it adds).
type Rests = [u16; CELLS];

/// Nested chains a conclusion counts once each, as Sudoku Explainer counts them; beyond
/// this many in one search (a set of bits on the stack marks them), each further one is
/// counted wherever it appears. Searches of the forum's hardest puzzles pass 256: with
/// that bound the 1106 list's line 94 rates 11.8 where serate rates 11.7
/// (docs/performance.md, "Tuned constants").
const NESTS_DEDUPED: usize = 4096;

/// Reserves `n` more places in `v`, or [`Error::NoMemory`].
fn reserve<T>(v: &mut Vec<T>, n: usize) -> Result<(), Error> {
    v.try_reserve(n.saturating_sub(v.len()))
        .map_err(|_| Error::NoMemory)
}

impl Search {
    fn new(g: &Grid) -> Result<Search, Error> {
        let mut s = Search {
            info: Vec::new(),
            // Empty until a parent list is stored: it grows (fallibly, in `store`) with
            // the lists of dynamic chains and nested rules, and a static search stores
            // none. Room for two parents a node in each of the hundreds of searches a walk
            // keeps made a magictour walk reserve megabytes it never used, and with them
            // each rating in a fresh process faulted its pages in anew (figures in
            // docs/performance.md).
            arena: Vec::new(),
            pending_on: Nodes::new()?,
            pending_off: Nodes::new()?,
            order: Nodes::new()?,
            reached_set: [0; NODE_WORDS],
            work: *g,
            contradiction: None,
            stop: true,
            banned: u16::MAX,
            target: u16::MAX,
            ended: false,
            cur: 0,
            limit: usize::MAX,
            deepest_followed: 0,
            shallowest_refused: usize::MAX,
            nests: Vec::new(),
            scratch: Vec::new(),
            no_memory: false,
            made: None,
        };
        reserve(&mut s.info, NODES)?;
        reserve(&mut s.scratch, NODES)?;
        reserve(&mut s.nests, 64)?;
        s.info.resize(NODES, UNSET);
        Ok(s)
    }

    /// Forgets every node; a dynamic search starts its changed grid from `g`. (A node's
    /// `info` is read only while it is reached, so it is left as it was: reaching the node
    /// again writes it.)
    fn reset(&mut self, g: &Grid, dynamic: bool) {
        self.arena.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.order.clear();
        self.reached_set = [0; NODE_WORDS];
        if dynamic {
            self.work = *g;
        }
        self.contradiction = None;
        self.ended = false;
        self.cur = 0;
        self.deepest_followed = 0;
        self.shallowest_refused = usize::MAX;
        self.nests.clear();
        self.no_memory = false;
    }

    /// The depth of `n` (reached).
    fn depth_of(&self, n: u16) -> u8 {
        self.info[usize::from(n)].depth
    }

    /// Whether `n` is reached (read from the set, a few cache lines, rather than from
    /// `info`).
    fn reached(&self, n: u16) -> bool {
        has(&self.reached_set, n)
    }

    fn parents(&self, n: u16) -> &[u16] {
        let i = &self.info[usize::from(n)];
        if i.at == ONE_PARENT {
            return core::slice::from_ref(&i.parent);
        }
        let at = i.at as usize;
        let len = usize::from(self.arena[at]);
        &self.arena[at + 1..at + 1 + len]
    }

    /// Whether `n` may be reached now: not yet reached, and the search goes on.
    fn open(&self, n: u16) -> bool {
        !(self.reached(n) || self.stop && self.contradiction.is_some())
    }

    /// Stores a parent list in the arena; its offset, or `None` when the arena cannot grow
    /// (noted in [`Search::no_memory`]).
    fn store(&mut self, parents: &[u16]) -> Option<u32> {
        let at = self.arena.len();
        if at + parents.len() + 1 > self.arena.capacity()
            && self.arena.try_reserve(parents.len() + 1).is_err()
        {
            self.no_memory = true;
            return None;
        }
        self.arena.push(parents.len() as u16);
        self.arena.extend_from_slice(parents);
        Some(at as u32)
    }

    /// Reaches `n` from `parents` unless it is reached; notes a contradiction when its
    /// opposite is reached.
    fn add(&mut self, n: u16, parents: &[u16], nest: u16) {
        if !self.open(n) {
            return;
        }
        if n == self.banned && parents.len() == 1 && self.order.first() == Some(&parents[0]) {
            return;
        }
        let (at, parent) = if let [p] = parents {
            (ONE_PARENT, *p)
        } else {
            match self.store(parents) {
                Some(at) => (at, 0),
                None => return,
            }
        };
        self.reach(n, at, parent, !parents.is_empty(), nest);
    }

    /// Records `n` as reached with the parent list at `at` (or the one `parent`).
    fn reach(&mut self, n: u16, at: u32, parent: u16, has_parents: bool, nest: u16) {
        self.info[usize::from(n)] = Info {
            at,
            parent,
            nest,
            depth: if !has_parents {
                0
            } else {
                self.cur.saturating_add(1)
            },
        };
        self.record(n);
        let on = n % 2 == 1;
        if on {
            self.pending_on.push(n);
        } else {
            self.pending_off.push(n);
        }
        if self.reached(n ^ 1) && self.contradiction.is_none() {
            self.contradiction = Some(if on { (n, n ^ 1) } else { (n ^ 1, n) });
            self.ended |= self.stop;
        }
        self.ended |= n == self.target;
    }

    /// Appends `n`, just reached, to `order` and `reached_set`.
    fn record(&mut self, n: u16) {
        self.order.push(n);
        insert(&mut self.reached_set, n);
    }

    /// Follows every node from `start` (already added) until nothing is left or a
    /// contradiction shows. Fails with [`Error::NoMemory`] when a parent list could not be
    /// stored, the start's included: the search is then incomplete, and what it reached
    /// may not be taken for its answer.
    fn run(
        &mut self,
        g0: &Grid,
        mode: Mode,
        links: &mut Links,
        depth: Option<&mut Nested>,
    ) -> Result<(), Error> {
        if !self.no_memory {
            self.follow_all(g0, mode, links, depth)?;
        }
        if self.no_memory {
            return Err(Error::NoMemory);
        }
        Ok(())
    }

    /// [`Search::run`] but for its last check of [`Search::no_memory`].
    fn follow_all(
        &mut self,
        g0: &Grid,
        mode: Mode,
        links: &mut Links,
        mut depth: Option<&mut Nested>,
    ) -> Result<(), Error> {
        if !mode.dynamic {
            // No level nests rules in a static search.
            debug_assert_eq!(mode.nested, 0);
            self.run_static(mode, links);
            return Ok(());
        }
        let mut on_at = 0;
        let mut off_at = 0;
        loop {
            if self.no_memory {
                return Err(Error::NoMemory);
            }
            if self.ended {
                return Ok(());
            }
            if on_at < self.pending_on.len() {
                let n = self.pending_on.all()[on_at];
                on_at += 1;
                if self.within(n) {
                    self.follow_on(n, mode);
                }
            } else if off_at < self.pending_off.len() {
                let n = self.pending_off.all()[off_at];
                off_at += 1;
                if self.within(n) {
                    self.follow_off(g0, n, mode);
                }
            } else if mode.nested > 0 {
                // What the nested rules add rests on nodes of unknown depth: depth 1 is a
                // lower bound.
                self.cur = 0;
                if !self.advance(g0, mode, depth.as_deref_mut())? {
                    return Ok(());
                }
            } else {
                return Ok(());
            }
        }
    }

    /// Whether `n`'s children can stay within the limit (a child's complexity is at least
    /// its depth plus one); if so, `n` becomes the node being followed.
    fn within(&mut self, n: u16) -> bool {
        let d = self.info[usize::from(n)].depth;
        let least = usize::from(d) + 2;
        if least > self.limit {
            self.shallowest_refused = self.shallowest_refused.min(least);
            return false;
        }
        self.deepest_followed = self.deepest_followed.max(least);
        self.cur = d;
        true
    }

    /// Whether the search, run again from its start on its grid with complexity limit
    /// `limit`, would follow the same nodes, and so reach the same nodes by the same
    /// parents: `limit` lets through every node it followed and none it refused. (The limit
    /// decides nothing else in a search.)
    fn same_under(&self, limit: usize) -> bool {
        let refuses_none = limit < self.shallowest_refused || self.shallowest_refused == usize::MAX;
        self.deepest_followed <= limit && refuses_none
    }

    /// [`Search::run`] for a static search: the links of [`Links`] its mode uses, each node
    /// with one parent.
    fn run_static(&mut self, mode: Mode, links: &mut Links) {
        let mut on_at = 0;
        let mut off_at = 0;
        let start = self.order.first().copied();
        // Without dead ends, a target that is one is looked for at each "on" node.
        // (No target, `u16::MAX`, is odd.)
        let lone_target = mode.skip_dead_ends
            && self.target & 1 == 0
            && !links.leads_on(self.target, mode.x, mode.y);
        while !self.ended {
            let n = if let Some(&n) = self.pending_on.all().get(on_at) {
                on_at += 1;
                n
            } else if let Some(&n) = self.pending_off.all().get(off_at) {
                off_at += 1;
                n
            } else {
                return;
            };
            if !self.within(n) {
                continue;
            }
            let depth = self.cur.saturating_add(1);
            let on = n % 2 == 1;
            if lone_target
                && on
                && links_to(n, self.target, mode.y)
                && self.take(self.target, n, depth, start, true)
            {
                return;
            }
            let next = if mode.skip_dead_ends && on {
                links.onward_from(n, mode.x, mode.y)
            } else {
                links.from(n, mode.x, mode.y)
            };
            for &m in next {
                if self.take(m, n, depth, start, mode.skip_dead_ends) {
                    return;
                }
            }
        }
    }

    /// Reaches `m` from `n` at `depth` in a static search from `start`, unless it is
    /// reached or is the banned node next to the start; whether a contradiction ends the
    /// search there. (Inlined: it runs for every link a static search follows; as a call,
    /// rating the first 301 puzzles of gen_minimal took 3.8% more instructions,
    /// callgrind.)
    #[inline(always)]
    fn take(&mut self, m: u16, n: u16, depth: u8, start: Option<u16>, lean: bool) -> bool {
        if self.reached(m) || m == self.banned && start == Some(n) {
            return false;
        }
        let Some(info) = self.info.get_mut(usize::from(m)) else {
            return false;
        };
        *info = Info {
            at: ONE_PARENT,
            parent: n,
            nest: 0,
            depth,
        };
        if lean {
            insert(&mut self.reached_set, m);
        } else {
            self.record(m);
        }
        if m % 2 == 1 {
            self.pending_on.push(m);
        } else {
            self.pending_off.push(m);
        }
        self.ended |= m == self.target;
        if self.stop && self.contradiction.is_none() && self.reached(m ^ 1) {
            self.contradiction = Some(if m % 2 == 1 { (m, m ^ 1) } else { (m ^ 1, m) });
            self.ended = true;
            return true;
        }
        false
    }

    /// Follows an "on" node of a dynamic search: the cell's other candidates off (Y), then
    /// the digit off in the cell's block, row and column, in Sudoku Explainer's order (as
    /// [`Links`] lists them for static searches).
    fn follow_on(&mut self, n: u16, mode: Mode) {
        let (cell, d, _) = parts(n);
        let grid = &self.work;
        let others = if mode.y {
            grid.cand[cell] & !(1 << d)
        } else {
            0
        };
        let places = grid.pos[d];
        let mut m = others;
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            self.add(node(cell, e, false), &[n], 0);
        }
        for part in SE_PEERS[cell] {
            let mut m = places & part;
            while m != 0 {
                let p = m.trailing_zeros() as usize;
                m &= m - 1;
                self.add(node(p, d, false), &[n], 0);
            }
        }
    }

    /// Follows an "off" node of a dynamic search: the cell's last candidate on (Y), then the
    /// digit's last place in the cell's block, row and column on (X), read on the grid as
    /// the chain changed it, the new node resting on every candidate the chain removed
    /// there (static searches read "last" as "the other of two" on the grid they began
    /// with: [`Links`]).
    fn follow_off(&mut self, g0: &Grid, n: u16, mode: Mode) {
        let (cell, d, _) = parts(n);
        // The changed grid loses a candidate when its "off" node is followed, so that a
        // unit's last two places turned off one after the other still give a
        // contradiction.
        self.work.eliminate(cell, 1 << d);
        if mode.y {
            let left = self.work.cand[cell];
            if left.is_single() && g0.digit[cell] == 0 {
                let e = left.trailing_zeros() as usize;
                let mut ps = [0u16; 9];
                let mut k = 0;
                let mut gone = g0.cand[cell] & !left;
                while gone != 0 {
                    ps[k] = node(cell, gone.trailing_zeros() as usize, false);
                    k += 1;
                    gone &= gone - 1;
                }
                self.add(node(cell, e, true), &ps[..k], 0);
            }
        }
        if mode.x {
            for u in se_units(cell) {
                let left = self.work.pos[d] & UNIT_MASK[u];
                if left.is_single() {
                    let p = left.trailing_zeros() as usize;
                    let mut ps = [0u16; 9];
                    let mut k = 0;
                    let mut gone = g0.pos[d] & UNIT_MASK[u] & !left;
                    while gone != 0 && k < 9 {
                        ps[k] = node(gone.trailing_zeros() as usize, d, false);
                        k += 1;
                        gone &= gone - 1;
                    }
                    self.add(node(p, d, true), &ps[..k], 0);
                }
            }
        }
    }

    /// Where the chain stops, applies the rules of the nesting level to the changed grid
    /// and adds what they remove (resting on every node that changed the cells they read);
    /// whether anything was added.
    fn advance(
        &mut self,
        g0: &Grid,
        mode: Mode,
        depth: Option<&mut Nested>,
    ) -> Result<bool, Error> {
        let before = self.order.len();
        // As Sudoku Explainer does: every conclusion of the first rule that has any resting
        // on what the chain removed, each resting on that.
        let work = self.work;
        // Per digit, the cells where the chain removed it: what a kept conclusion rests on.
        // A rule's conclusions rest on cells of the unit it reads (for locked candidates
        // and hidden sets, on their digits there), and a fish's on its digit: only units
        // and digits that lost a candidate are looked at.
        let lost: [u128; 9] = core::array::from_fn(|d| g0.pos[d] & !work.pos[d]);
        let mut units = [0u16; 27];
        for (d, &cells) in lost.iter().enumerate() {
            let mut m = cells;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                for u in CELL_UNITS[c] {
                    units[usize::from(u)] |= 1 << d;
                }
            }
        }
        for rule in 0..4 {
            let mut any = false;
            let mut apply = |f: Found, basis: Basis| {
                let mut rests = [0u16; CELLS];
                basis.mark(&mut rests);
                any |= self.add_found(g0, &f, &rests, None);
                false
            };
            match rule {
                0 => basic::each_locking(&work, false, &units, &mut apply),
                1 => basic::each_hidden_set(&work, 2, &units, &mut apply),
                2 => basic::each_naked_set(&work, 2, &units, &mut apply),
                _ => {
                    for d in (0..9).filter(|&d| lost[d] != 0) {
                        if let Some((f, b)) = basic::fish_with_basis(&work, 2, 1 << d) {
                            apply(f, b);
                        }
                    }
                }
            }
            if any {
                return Ok(self.order.len() > before);
            }
        }
        if mode.nested >= 2 {
            // The chains within: static forcing chains (and, below 4, static multiple
            // chains where those find nothing), or dynamic chains.
            let inner: &[Level] = match mode.nested {
                2 => &[Level::Forcing],
                3 => &[Level::Forcing, Level::Multiple],
                _ => &[Level::Dynamic],
            };
            let depth = depth.ok_or(Error::Internal)?;
            for &level in inner {
                depth.all(&work, level, &lost)?;
                let mut any = false;
                for h in depth.gathered.hints() {
                    any |= self.add_found(g0, &h.found, &h.rests, Some(h.complexity));
                }
                if any {
                    break;
                }
            }
        }
        Ok(self.order.len() > before)
    }

    /// Adds the removals and the placement of `f` (found on the changed grid), each resting
    /// on the candidates of `rests` the chain has removed; `nested`: the complexity of the
    /// nested chain `f` is, if it is one.
    fn add_found(&mut self, g0: &Grid, f: &Found, rests: &Rests, nested: Option<usize>) -> bool {
        let mut ps = core::mem::take(&mut self.scratch);
        ps.clear();
        for (c, &r) in rests.iter().enumerate() {
            let mut m = r & g0.cand[c] & !self.work.cand[c];
            while m != 0 {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                let p = node(c, e, false);
                if self.reached(p) && ps.len() < ps.capacity() {
                    ps.push(p);
                }
            }
        }
        if ps.is_empty() {
            // Sudoku Explainer passes over a conclusion that rests on nothing the chain did.
            self.scratch = ps;
            return false;
        }
        let nest = match nested {
            Some(cx)
                if self.nests.len() < self.nests.capacity()
                    || self.nests.try_reserve(1).is_ok() =>
            {
                self.nests.push(cx);
                self.nests.len().min(usize::from(u16::MAX)) as u16
            }
            Some(_) => {
                self.no_memory = true;
                0
            }
            None => 0,
        };
        // The nodes share one parent list.
        let shared = if ps.len() == 1 {
            Some((ONE_PARENT, ps[0]))
        } else {
            self.store(&ps).map(|at| (at, 0))
        };
        if let Some((at, parent)) = shared {
            // A placement removes the cell's other candidates, as Sudoku Explainer applies
            // a nested rule's conclusions.
            let mut removed = f.removed;
            if let Some((cell, digit)) = f.placement {
                removed[cell] |= self.work.cand[cell] & !(1 << (digit - 1));
            }
            for (c, &r) in removed.iter().enumerate() {
                let mut m = r & self.work.cand[c];
                while m != 0 {
                    let e = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let n = node(c, e, false);
                    if self.open(n) {
                        self.reach(n, at, parent, true, nest);
                    }
                }
            }
        }
        self.scratch = ps;
        true
    }

    /// The complexity of a conclusion resting on `n`: the number of distinct nodes behind
    /// it, itself included, and the complexity of each nested chain among them.
    fn complexity(&self, n: u16, seen: &mut [u64], stack: &mut Vec<u16>) -> usize {
        self.complexity_of(&[n], seen, stack)
    }

    /// The complexity of a conclusion resting on all of `targets` (as Sudoku Explainer
    /// counts it): for each, the number of distinct nodes behind it, itself included; and
    /// once, the complexity of each nested chain behind any of them. `seen` is scratch of
    /// [`NODES`] bits.
    fn complexity_of(&self, targets: &[u16], seen: &mut [u64], stack: &mut Vec<u16>) -> usize {
        let mut nests = [0u64; NESTS_DEDUPED / 64];
        let mut count = 0;
        for &n in targets {
            count += self.ancestors(n, seen, stack, &mut nests);
        }
        count
    }

    /// The distinct nodes behind `n`, itself included, plus the complexity of each nested
    /// chain among them not yet marked in `nests`.
    fn ancestors(
        &self,
        n: u16,
        seen: &mut [u64],
        stack: &mut Vec<u16>,
        nests: &mut [u64; NESTS_DEDUPED / 64],
    ) -> usize {
        let mut count = 0;
        self.each_behind(n, seen, stack, |m, _| {
            count += 1;
            let nest = usize::from(self.info[usize::from(m)].nest);
            if nest > 0 {
                let k = nest - 1;
                let new = k >= NESTS_DEDUPED || nests[k / 64] >> (k % 64) & 1 == 0;
                if new {
                    if k < NESTS_DEDUPED {
                        nests[k / 64] |= 1 << (k % 64);
                    }
                    count += self.nests.get(k).copied().unwrap_or(0);
                }
            }
        });
        count
    }

    /// Calls `visit` with each distinct node behind `n`, itself included, and its parents.
    /// `seen` is scratch of [`NODES`] bits.
    fn each_behind(
        &self,
        n: u16,
        seen: &mut [u64],
        stack: &mut Vec<u16>,
        mut visit: impl FnMut(u16, &[u16]),
    ) {
        seen.iter_mut().for_each(|w| *w = 0);
        stack.clear();
        stack.push(n);
        seen[usize::from(n) / 64] |= 1 << (n % 64);
        while let Some(m) = stack.pop() {
            let ps = self.parents(m);
            visit(m, ps);
            for &p in ps {
                let (w, b) = (usize::from(p) / 64, p % 64);
                if seen[w] >> b & 1 == 0 {
                    seen[w] |= 1 << b;
                    stack.push(p);
                }
            }
        }
    }

    /// Adds to `rests` what the "on" nodes behind `n` rest on, as Sudoku Explainer's nested
    /// chains read a chain: a node turned on as its cell's last candidate, the cell's
    /// candidates; as its unit's last place for its digit, that digit in the unit. `g0`
    /// is the grid the search began from.
    fn rests(&self, g0: &Grid, n: u16, seen: &mut [u64], stack: &mut Vec<u16>, rests: &mut Rests) {
        self.each_behind(n, seen, stack, |m, ps| {
            let (c, d, on) = parts(m);
            let Some(&p) = ps.first() else {
                return;
            };
            if !on {
                return;
            }
            if parts(p).0 == c {
                rests[c] = 0x1FF;
                return;
            }
            let cells = ps.iter().fold(1u128 << c, |a, &p| a | 1u128 << parts(p).0);
            if let Some(u) = se_units(c)
                .into_iter()
                .find(|&u| g0.pos[d] & UNIT_MASK[u] == cells)
            {
                Basis {
                    cells: UNIT_MASK[u],
                    digits: 1 << d,
                }
                .mark(rests);
            }
        });
    }

    /// The kinds of links on the path to `n` (a static chain's nodes have one parent each):
    /// (any conjugate link in a unit, any link within a cell). A chain without links
    /// within a cell is on one digit.
    fn links(&self, n: u16) -> (bool, bool) {
        let mut x = false;
        let mut y = false;
        let mut m = n;
        loop {
            let ps = self.parents(m);
            let Some(&p) = ps.first() else {
                return (x, y);
            };
            let (pc, pd, p_on) = parts(p);
            let (mc, md, m_on) = parts(m);
            if pc == mc && pd != md {
                // A link within a cell: the chain is not on one digit.
                y = true;
            } else if m_on && !p_on {
                x = true;
            }
            m = p;
        }
    }
}

/// The chain levels of the scale, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    /// Cycles and forcing chains on static links (6.5-7.x).
    Forcing,
    /// Nishio: dynamic, one digit, a contradiction from an assumption (7.5 and up).
    Nishio,
    /// Static double, cell and region forcing chains (8.0 and up).
    Multiple,
    /// The same, dynamic (8.5 and up).
    Dynamic,
    /// Dynamic, with the basic rules where a chain stops (9.0 and up).
    DynamicPlus,
    /// Dynamic, with static forcing chains where a chain stops (9.5 and up).
    Nested1,
    /// Dynamic, with static multiple chains where a chain stops (10.0 and up).
    Nested2,
    /// Dynamic, with dynamic chains where a chain stops (10.5 and up).
    Nested3,
}

/// A conclusion with the complexity behind it.
pub(super) struct Best {
    pub(super) found: Found,
    pub(super) complexity: usize,
    /// What the conclusion rests on where a nested chain applies it (found only below the
    /// top level).
    pub(super) rests: Rests,
    /// The order in which it was found, among the conclusions of one level.
    pub(super) seq: u32,
    /// Where Sudoku Explainer sorts the kind of chain among conclusions of the same
    /// rating and complexity ([`Kind`]); 0 for the unary chains and cycles.
    pub(super) key: u8,
}

/// The kinds of multiple forcing chains, as Sudoku Explainer orders conclusions of the
/// same rating and complexity: double chains first, then cell, region and contradiction
/// chains.
#[derive(Clone, Copy)]
#[repr(u8)]
enum Kind {
    Double = 1,
    Cell = 5,
    Region = 6,
    Contradiction = 7,
}

/// The searches of one nesting depth, and those below it.
struct Nested {
    searches: Vec<Search>,
    seen: Vec<u64>,
    stack: Vec<u16>,
    /// The nesting below, made when first needed (a vector of at most one, so that it is
    /// allocated fallibly).
    inner: Vec<Nested>,
    depth: u8,
    /// The most complexity a conclusion may have to beat the best one so far at this
    /// level ([`Nested::tighten`]).
    limit: usize,
    /// Whether the level gathers its conclusions into `gathered` (as a nested rule).
    gather: bool,
    /// The conclusions gathered that the outer chain can apply.
    gathered: Gathered,
    /// What static searches can reach on the grid of the last static level, to skip
    /// those that cannot conclude.
    reach: Reach,
    /// Below the top level, per digit, the cells where the outer chain removed it while
    /// [`Nested::all`] runs: a conclusion that rests on none of them is not kept.
    lost: Option<[u128; 9]>,
    /// The static chains that can pass a link the outer chain made, to skip the others.
    fresh: Fresh,
    /// Per node, the index in `searches` (from [`SEARCHES`] on) of the search from it that
    /// [`Nested::on_search`] keeps, or `u32::MAX`.
    pool: Vec<u32>,
    /// The number of calls of [`Nested::forcing`] so far: which one a kept search is of.
    call: u64,
    /// The strong links of the grid of the static level running ([`Nested::unary`], or
    /// [`Nested::forcing`] on static links).
    strong: Strong,
    /// The static links of that grid, which its searches follow.
    links: Links,
}

impl Nested {
    fn new(g: &Grid, depth: u8) -> Result<Nested, Error> {
        let mut searches = Vec::new();
        reserve(&mut searches, SEARCHES)?;
        for _ in 0..SEARCHES {
            searches.push(Search::new(g)?);
        }
        let mut seen = Vec::new();
        reserve(&mut seen, NODES / 64 + 1)?;
        seen.resize(NODES / 64 + 1, 0);
        let mut stack = Vec::new();
        reserve(&mut stack, NODES)?;
        let mut pool = Vec::new();
        reserve(&mut pool, NODES)?;
        pool.resize(NODES, u32::MAX);
        Ok(Nested {
            searches,
            seen,
            stack,
            inner: Vec::new(),
            depth,
            limit: usize::MAX,
            gather: false,
            gathered: Gathered::new()?,
            reach: Reach::new()?,
            lost: None,
            fresh: Fresh::new()?,
            pool,
            call: 0,
            strong: Strong::default(),
            links: Links::new()?,
        })
    }

    /// The nesting below this one, made when first needed.
    fn inner(&mut self, g: &Grid) -> Result<&mut Nested, Error> {
        if self.inner.is_empty() {
            if self.depth >= 3 {
                return Err(Error::Internal);
            }
            reserve(&mut self.inner, 1)?;
            let inner = Nested::new(g, self.depth + 1)?;
            self.inner.push(inner);
        }
        self.inner.first_mut().ok_or(Error::Internal)
    }

    /// The index in `searches` of the search from `start` (a candidate on) on `g` in
    /// `mode`, with the current complexity limit: the one made earlier in this call of
    /// [`Nested::forcing`] if it follows the same nodes under this limit (the limit only
    /// falls within a call, after a better conclusion), or a new one. A forcing level asks for most such searches several times (for the
    /// candidate's cell, and for the regions where it is not the first place), and the
    /// same search gives the same nodes.
    fn on_search(&mut self, g: &Grid, start: u16, mode: Mode) -> Result<usize, Error> {
        let k = match self.pool.get(usize::from(start)) {
            Some(&k) if k != u32::MAX => k as usize,
            _ => {
                let len = self.searches.len();
                reserve(&mut self.searches, len + 1)?;
                self.searches.push(Search::new(g)?);
                let k = self.searches.len() - 1;
                let slot = self
                    .pool
                    .get_mut(usize::from(start))
                    .ok_or(Error::Internal)?;
                *slot = k as u32;
                k
            }
        };
        let s = &self.searches[k];
        if s.made != Some(self.call) || !s.same_under(self.limit) {
            self.searches[k].made = None;
            self.search(k, g, start, mode)?;
            self.searches[k].made = Some(self.call);
        }
        Ok(k)
    }

    /// Runs search `k` from `start` on `g` in `mode`.
    fn search(&mut self, k: usize, g: &Grid, start: u16, mode: Mode) -> Result<(), Error> {
        let limit = self.limit;
        self.search_to(k, g, start, mode, (u16::MAX, u16::MAX), limit)
    }

    /// [`Nested::search`] where `start` may not reach `banned` directly, ending where it
    /// reaches `target` (`u16::MAX`: neither), under complexity `limit`.
    fn search_to(
        &mut self,
        k: usize,
        g: &Grid,
        start: u16,
        mode: Mode,
        (banned, target): (u16, u16),
        limit: usize,
    ) -> Result<(), Error> {
        if mode.nested >= 2 {
            self.inner(g)?;
        }
        let inner = self.inner.first_mut();
        let links = &mut self.links;
        let s = self.searches.get_mut(k).ok_or(Error::Internal)?;
        s.reset(g, mode.dynamic);
        s.stop = mode.stop;
        s.banned = banned;
        s.target = target;
        s.limit = limit;
        s.add(start, &[], 0);
        s.run(g, mode, links, inner)
    }

    /// Narrows the searches to what can still come before `best` at a level whose easiest
    /// rule is rated `base`: a conclusion rated no higher (one rated the same comes first
    /// with less complexity). Whether any conclusion still can.
    fn tighten(&mut self, best: &Option<Best>, base: i32) -> bool {
        if best.is_some() {
            self.limit = limit_below(best, base);
        }
        self.limit >= 2
    }

    /// Gathers into `gathered` the conclusions of `level` on `g` that a nested rule applies,
    /// easiest first (rating, complexity, kind, then the order found). `g` is a grid a
    /// chain made by removing, per digit, the cells of `lost`; conclusions that rest on
    /// none of them, or that come first for none of their candidates, are left out
    /// ([`Gathered`]).
    fn all(&mut self, g: &Grid, level: Level, lost: &[u128; 9]) -> Result<(), Error> {
        self.gathered.start(lost);
        self.gather = true;
        self.lost = Some(*lost);
        let best = self.best(g, level);
        self.gather = false;
        self.lost = None;
        if let Some(b) = best? {
            self.gathered.keep(g, b)?;
        }
        self.gathered.finish();
        Ok(())
    }

    /// The easiest conclusion of chains of `level` on `g`.
    fn best(&mut self, g: &Grid, level: Level) -> Result<Option<Best>, Error> {
        self.limit = usize::MAX;
        let (dynamic, nested, base, rule) = match level {
            Level::Forcing => return self.unary(g),
            Level::Nishio => return self.nishio(g),
            Level::Multiple => (false, 0, 80, SeRule::MultipleForcingChain),
            Level::Dynamic => (true, 0, 85, SeRule::DynamicForcingChain),
            Level::DynamicPlus => (true, 1, 90, SeRule::DynamicForcingChainPlus),
            Level::Nested1 => (true, 2, 95, SeRule::NestedForcingChain),
            Level::Nested2 => (true, 3, 100, SeRule::NestedForcingChain),
            Level::Nested3 => (true, 4, 105, SeRule::NestedForcingChain),
        };
        let mode = Mode {
            dynamic,
            y: true,
            x: true,
            nested,
            stop: true,
            skip_dead_ends: false,
        };
        self.forcing(g, mode, (base, rule))
    }

    /// Cycles and forcing chains on static links: from each candidate on, a chain back to
    /// itself (a cycle) or to its negation (the candidate goes); from each candidate off, a
    /// chain to the candidate on (it is placed).
    fn unary(&mut self, g: &Grid) -> Result<Option<Best>, Error> {
        let mut best: Option<Best> = None;
        // Gathered for a chain that removed `lost`, only chains through a link it made
        // can be kept ([`Fresh`]); otherwise only those the static reach allows can
        // conclude.
        let fresh = match self.lost {
            Some(lost) if self.gather => {
                if !self.fresh.find(g, &lost) {
                    return Ok(None);
                }
                self.strong = Strong::of(g);
                if !self.fresh.make(g, &self.strong)? {
                    return Ok(None);
                }
                true
            }
            _ => {
                self.strong = Strong::of(g);
                self.reach.make(g, &self.strong);
                false
            }
        };
        self.links.make(g, &self.strong);
        for (cell, d) in candidates(g) {
            // Chains on one kind of link reach what chains on both reach: the
            // restricted searches run only where the full one concludes, or (X links
            // only) where its chain was cut short by a forcing chain's limit. Sudoku
            // Explainer's order (X links, Y links, both; on, then off; the cycles before
            // the chain) only decides between conclusions of one kind of link, which
            // differ in their sort key: those come here in that order.
            const MODES: [(bool, bool); 3] = [(true, false), (false, true), (true, true)];
            // The cycle and the chain of one search, written in place (they are large).
            let mut found: [Option<Best>; 2] = [None, None];
            for on in [true, false] {
                let start = node(cell, d, on);
                if fresh && !self.fresh.chain_from(start) && !self.fresh.cycle_through(start) {
                    continue;
                }
                // Whether the search on both kinds of link concluded, and whether its
                // chain stopped short of a node under its limit.
                let mut full = (false, false);
                for m in [2, 0, 1] {
                    if (m == 0 && !full.0 && !full.1) || (m == 1 && !full.0) {
                        break;
                    }
                    let (x, y) = MODES[m];
                    // A chain on both kinds of link that uses only one of them is found
                    // by that kind's search (static searches reach each node at its
                    // distance, so with the same complexity) and comes first there by
                    // its key: only a chain rated as a forcing chain can come first.
                    let base = if m == 0 { 66 } else { 70 };
                    let limit = if self.gather {
                        usize::MAX
                    } else {
                        limit_below(&best, base)
                    };
                    let (any, cut) =
                        self.unary_at(g, (cell, d, on), (x, y), (fresh, limit), &mut found)?;
                    for slot in &mut found {
                        if let Some(mut b) = slot.take() {
                            // Sudoku Explainer's sort key of the search's links: X 2, Y 3,
                            // both 4.
                            b.key = m as u8 + 2;
                            self.offer(g, &mut best, Some(b))?;
                        }
                    }
                    if m == 2 {
                        full = (any, cut);
                    }
                }
            }
            if !self.gather && !self.tighten(&best, 65) {
                return Ok(best);
            }
        }
        Ok(best)
    }

    /// The easiest cycle through candidate (`cell`, `d`) when `on`, and its forcing chain,
    /// on static links of kind X and/or Y, into `found` (cycle, chain; `found` holds none
    /// on entry); whether either search concluded, and whether the chain's search, limited
    /// to `chain_limit` complexity (the cycles' to the level's limit), stopped short of a
    /// node. With `fresh`, only those that can pass a fresh link are searched; without,
    /// cycles only where a loop could remove something ([`Reach::may_cancel`]).
    fn unary_at(
        &mut self,
        g: &Grid,
        (cell, d, on): (usize, usize, bool),
        (x, y): (bool, bool),
        (fresh, chain_limit): (bool, usize),
        found: &mut [Option<Best>; 2],
    ) -> Result<(bool, bool), Error> {
        let mode = Mode::unary(x, y);
        let start = node(cell, d, on);
        let end = start ^ 1;
        // The static reach of the start with X and Y links holds what any of its searches
        // reaches: the chain is searched (to its end only) where the reach holds the
        // start's negation, and a cycle where the reach enters its closing node.
        let chain = if fresh {
            self.fresh.chain_from(start)
        } else {
            self.reach.reaches(start, end)
        };
        let mut any = false;
        let mut cut = false;
        if chain {
            let limit = chain_limit.min(self.limit);
            self.search_to(0, g, start, mode, (u16::MAX, end), limit)?;
            cut = !self.searches[0].same_under(usize::MAX);
        }
        // Every loop through `start` lies in its component of the static links: where no
        // loop there can remove anything, none is searched for (as no loop that closes
        // there matters to the restricted searches either: theirs lie in it too).
        let cycles = if fresh {
            self.fresh.cycle_through(start)
        } else {
            self.reach.may_cancel(start)
        };
        if on && cycles {
            any = self.cycles(g, start, mode, fresh, &mut found[0])?;
        }
        let s = &self.searches[0];
        if !chain || !s.reached(end) {
            return Ok((any, cut));
        }
        let complexity = s.complexity(end, &mut self.seen, &mut self.stack);
        let (base, rule) = match s.links(end) {
            (true, false) => (66, SeRule::ForcingXChain),
            (false, true) => (Y_CHAIN_BASE, SeRule::ForcingYChain),
            _ => (70, SeRule::ForcingChain),
        };
        let rating = base + length_bonus(complexity);
        let conclusion = if on {
            let mut removed = [0u16; CELLS];
            removed[cell] = 1 << d;
            Found::removing(rule, rating, removed)
        } else {
            Found::placing(rule, rating, cell, d as u8 + 1)
        };
        let mut rests = [0u16; CELLS];
        if self.depth > 0 {
            s.rests(g, end, &mut self.seen, &mut self.stack, &mut rests);
        }
        found[1] = Some(Best {
            found: conclusion,
            complexity,
            rests,
            seq: 0,
            key: 0,
        });
        Ok((true, cut))
    }

    /// The easiest cycle through `start` (on), into `best` (none on entry), and whether any
    /// closed: an "off" node with a link back to `start`, reached around a loop (search 1,
    /// tried where the static reach of `start` enters it), closes one; in a loop every weak
    /// link holds both ways, so what sees both ends of one leaves. With `fresh`, only loops
    /// whose way to the closing node can pass a fresh link.
    fn cycles(
        &mut self,
        g: &Grid,
        start: u16,
        mode: Mode,
        fresh: bool,
        best: &mut Option<Best>,
    ) -> Result<bool, Error> {
        let mut closed = false;
        for b in closers(g, start, mode) {
            if b == u16::MAX {
                continue;
            }
            let r = &self.reach;
            let can = if fresh {
                // The loop's way to `b` leaves `start` by another link than the one to
                // `b`, to some `f` (off): read backwards, the fresh link's near end
                // reaches `¬f`, an "on" node other than `¬b` with a link to `¬start`. It
                // then passes the fresh link and enters `b` from another node than `start`.
                self.fresh.passes(
                    start,
                    |reached| enters(g, b ^ 1, start ^ 1, mode, reached),
                    |reached| enters(g, start, b, mode, reached),
                )
            } else {
                enters(g, start, b, mode, |x| r.reaches(start, x))
            };
            if !can {
                continue;
            }
            let limit = self.limit;
            self.search_to(1, g, start, mode, (b, b), limit)?;
            let s = &self.searches[1];
            if !s.reached(b) {
                continue;
            }
            closed = true;
            // The loop: b back to start by single parents (into the scratch stack, which
            // has room for every node).
            let nodes = &mut self.stack;
            nodes.clear();
            let mut m = b;
            while nodes.len() < nodes.capacity() {
                nodes.push(m);
                match s.parents(m).first() {
                    Some(&p) => m = p,
                    None => break,
                }
            }
            let len = nodes.len();
            if len < 4 || nodes.last() != Some(&start) {
                continue;
            }
            let lp = &nodes[..];
            // As Sudoku Explainer cancels: a digit leaves the cells off the loop that see a
            // node of the loop where it is on and one where it is off.
            let loop_cells = lp.iter().fold(0u128, |m, &n| m | 1u128 << parts(n).0);
            let gone = cancelled(g, lp.iter().copied(), !loop_cells);
            let mut removed = [0u16; CELLS];
            let mut any = false;
            for (e, &cells) in gone.iter().enumerate() {
                let mut m = cells;
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    removed[c] |= 1 << e;
                    any = true;
                }
            }
            if !any {
                continue;
            }
            let mut x = false;
            let mut y = false;
            for w in 0..len {
                let (c1, _, on1) = parts(lp[w]);
                let (c0, _, on0) = parts(lp[(w + 1) % len]);
                // lp[w] follows lp[w + 1] in the loop's direction.
                if c1 == c0 {
                    y = true;
                } else if on1 && !on0 {
                    x = true;
                }
            }
            let (base, rule) = match (x, y) {
                (true, false) => (65, SeRule::XCycle),
                (false, true) => (65, SeRule::YCycle),
                _ => (70, SeRule::BidirectionalCycle),
            };
            let found = Found::removing(rule, base + length_bonus(len), removed);
            let mut rests = [0u16; CELLS];
            if self.depth > 0 {
                s.rests(g, b, &mut self.seen, &mut self.stack, &mut rests);
            }
            keep_simpler(
                best,
                Some(Best {
                    found,
                    complexity: len,
                    rests,
                    seq: 0,
                    key: 0,
                }),
            );
        }
        Ok(closed)
    }

    /// The contradiction of search `k` (from candidate (`cell`, `d`) on when `on`, off
    /// otherwise): the candidate is off, or on.
    fn contradiction(
        &mut self,
        g: &Grid,
        (cell, d, on): (usize, usize, bool),
        k: usize,
        (base, rule): (i32, SeRule),
    ) -> Option<Best> {
        let (a, b) = self.searches[k].contradiction?;
        let s = &self.searches[k];
        let complexity = s.complexity_of(&[a, b], &mut self.seen, &mut self.stack);
        let rating = base + length_bonus(complexity);
        let found = if on {
            let mut removed = [0u16; CELLS];
            removed[cell] = 1 << d;
            Found::removing(rule, rating, removed)
        } else {
            Found::placing(rule, rating, cell, d as u8 + 1)
        };
        let kind = Kind::Contradiction as u8;
        if self.gather
            && !self
                .gathered
                .may_come_first(g, &found, (rating, complexity, kind))
        {
            return None;
        }
        let mut rests = [0u16; CELLS];
        if self.depth > 0 {
            for t in [a, b] {
                s.rests(g, t, &mut self.seen, &mut self.stack, &mut rests);
            }
        }
        Some(Best {
            found,
            complexity,
            rests,
            seq: 0,
            key: kind,
        })
    }

    /// Nishio: from each candidate on, chains on its digit alone (dynamic) to a
    /// contradiction.
    fn nishio(&mut self, g: &Grid) -> Result<Option<Best>, Error> {
        let mode = Mode {
            dynamic: true,
            y: false,
            x: true,
            nested: 0,
            stop: true,
            skip_dead_ends: false,
        };
        let mut best: Option<Best> = None;
        for (cell, d) in candidates(g) {
            self.search(0, g, node(cell, d, true), mode)?;
            let r = self.contradiction(g, (cell, d, true), 0, (75, SeRule::NishioForcingChain));
            keep_simpler(&mut best, r);
            self.cap(&best);
        }
        Ok(best)
    }

    /// The forcing chains of one level, in the order Sudoku Explainer makes them: cell by
    /// cell (with three candidates or more for static chains, two or more for dynamic
    /// ones), and in each cell digit by digit, the contradictions of the candidate on and
    /// off and its double chains (dynamic chains only; double chains from three
    /// candidates), then the region chains of the units where the cell is the digit's
    /// first place; after the cell's digits, the cell chain. As Sudoku Explainer sorts
    /// them, the least complexity wins (the lowest rating with it), then the kind of
    /// chain ([`Kind`]), then the first made.
    fn forcing(
        &mut self,
        g: &Grid,
        mode: Mode,
        level: (i32, SeRule),
    ) -> Result<Option<Best>, Error> {
        let mut best: Option<Best> = None;
        if !mode.dynamic {
            self.strong = Strong::of(g);
            self.reach.make(g, &self.strong);
            self.links.make(g, &self.strong);
        }
        // The searches of the last call are not taken again.
        self.call += 1;
        for cell in 0..CELLS {
            let cands = g.cand[cell];
            let n = cands.count_ones();
            if n < 2 || (n == 2 && !mode.dynamic) {
                continue;
            }
            if !mode.dynamic && !self.may_meet(g, cell) {
                continue;
            }
            // `own`: the searches of the cell's candidates on, in order; CELL_OFF: the
            // current one off.
            let mut own = [0usize; 9];
            let mut k = 0;
            let mut ds = cands;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                own[k] = self.on_search(g, node(cell, d, true), mode)?;
                if mode.dynamic {
                    self.search(CELL_OFF, g, node(cell, d, false), mode)?;
                    let r = self.contradiction(g, (cell, d, true), own[k], level);
                    self.offer(g, &mut best, r)?;
                    let r = self.contradiction(g, (cell, d, false), CELL_OFF, level);
                    self.offer(g, &mut best, r)?;
                    if n >= 3 {
                        // A search cut short by a contradiction still counts what it
                        // reached.
                        let ks = [own[k], CELL_OFF];
                        let r =
                            self.common(g, &ks, level, (Kind::Double, Basis::default()), &best)?;
                        self.offer(g, &mut best, r)?;
                    }
                }
                self.regions(g, (cell, d), own[k], mode, level, &mut best)?;
                self.cap(&best);
                k += 1;
            }
            let r = self.common(
                g,
                &own[..k],
                level,
                (
                    Kind::Cell,
                    Basis {
                        cells: 1u128 << cell,
                        digits: 0x1FF,
                    },
                ),
                &best,
            )?;
            self.offer(g, &mut best, r)?;
        }
        Ok(best)
    }

    /// Whether the static cell chain of `cell` or a static region chain of one of its
    /// candidates (where `cell` is the digit's first place in the unit) can conclude: the
    /// static reach of their starts meets.
    fn may_meet(&self, g: &Grid, cell: usize) -> bool {
        let cands = g.cand[cell];
        let digits = (0..9).filter(move |&d| cands >> d & 1 == 1);
        if self.reach.meet(digits.clone().map(|d| node(cell, d, true))) {
            return true;
        }
        digits.into_iter().any(|d| {
            CELL_UNITS[cell].into_iter().any(|u| {
                let places = g.pos[d] & UNIT_MASK[usize::from(u)];
                first_of_several(places, cell)
                    && self.reach.meet(cells_of(places).map(|p| node(p, d, true)))
            })
        })
    }

    /// Takes conclusion `b`: kept among the gathered ones when gathering, else the new
    /// `best` if it comes first.
    fn offer(&mut self, g: &Grid, best: &mut Option<Best>, b: Option<Best>) -> Result<(), Error> {
        if self.gather {
            if let Some(b) = b {
                self.gathered.keep(g, b)?;
            }
        } else {
            keep_simpler(best, b);
        }
        Ok(())
    }

    /// Limits the searches to what can still come before `best` in Sudoku Explainer's
    /// order: a conclusion of no more complexity.
    fn cap(&mut self, best: &Option<Best>) {
        if self.gather {
            return;
        }
        if let Some(b) = best {
            self.limit = b.complexity;
        }
    }

    /// The region chains of digit `d` in the units where `cell` is its first place, with
    /// two places or more: every place on; search `k` is the one from `cell`. A
    /// conclusion that comes before `best` replaces it.
    fn regions(
        &mut self,
        g: &Grid,
        (cell, d): (usize, usize),
        k: usize,
        mode: Mode,
        level: (i32, SeRule),
        best: &mut Option<Best>,
    ) -> Result<(), Error> {
        let units = CELL_UNITS[cell];
        // Sudoku Explainer's region order: block, row, column.
        for u in [units[2], units[0], units[1]] {
            let u = usize::from(u);
            let places = g.pos[d] & UNIT_MASK[u];
            if !first_of_several(places, cell) {
                continue;
            }
            let mut ks = [0usize; 9];
            ks[0] = k;
            let mut n = 1;
            for p in cells_of(places & !(1u128 << cell)) {
                ks[n] = self.on_search(g, node(p, d, true), mode)?;
                n += 1;
            }
            let start = (
                Kind::Region,
                Basis {
                    cells: UNIT_MASK[u],
                    digits: 1 << d,
                },
            );
            let r = self.common(g, &ks[..n], level, start, best)?;
            self.offer(g, best, r)?;
        }
        Ok(())
    }

    /// The conclusion of kind `kind` reached by every search of `ks` that comes first in
    /// Sudoku Explainer's order, if it comes before `best`: a candidate on in all (placed)
    /// or off in all (removed) that changes `g`, the least complexity first, then the
    /// candidates on before those off, each in the order the first search reached them.
    /// A node whose depths already give too much complexity is not counted.
    fn common(
        &mut self,
        g: &Grid,
        ks: &[usize],
        (base, rule): (i32, SeRule),
        (kind, start): (Kind, Basis),
        best: &Option<Best>,
    ) -> Result<Option<Best>, Error> {
        if ks.len() < 2 {
            return Ok(None);
        }
        // The most complexity that comes before `best`: as much when this kind sorts
        // first, less otherwise.
        let mut cap = match best {
            _ if self.gather => usize::MAX,
            None => usize::MAX,
            Some(b) if (kind as u8) < b.key => b.complexity,
            Some(b) => b.complexity.saturating_sub(1),
        };
        // The first found so far: (complexity, node).
        let mut first: Option<(usize, u16)> = None;
        let lead = ks[0];
        // The nodes every search reached.
        let mut all = self.searches[lead].reached_set;
        for &k in &ks[1..] {
            for (a, &r) in all.iter_mut().zip(&self.searches[k].reached_set) {
                *a &= r;
            }
        }
        if all.iter().all(|&w| w == 0) {
            return Ok(None);
        }
        let order_len = self.searches[lead].order.len();
        for on in [true, false] {
            for i in 0..order_len {
                let n = self.searches[lead].order.all()[i];
                if (n % 2 == 1) != on || !has(&all, n) {
                    continue;
                }
                let (cell, d, _) = parts(n);
                if g.digit[cell] != 0 || g.cand[cell] & (1 << d) == 0 {
                    continue;
                }
                // A node's complexity in a search is at least its depth plus one.
                let least: usize = ks
                    .iter()
                    .map(|&k| usize::from(self.searches[k].depth_of(n)) + 1)
                    .sum();
                if least > cap {
                    continue;
                }
                // Gathered, a conclusion that cannot come first for its candidate is
                // not made.
                let order = |cx| (base + length_bonus(cx), cx, kind as u8);
                if self.gather && !self.gathered.node_may_come_first(g, n, order(least)) {
                    continue;
                }
                // Each search's count replaces its least one in turn; once the sum can no
                // longer come first, the rest are not counted.
                let mut complexity = least;
                let mut refused = false;
                for &k in ks {
                    let s = &self.searches[k];
                    let counted = s.complexity(n, &mut self.seen, &mut self.stack);
                    complexity =
                        (complexity + counted).saturating_sub(usize::from(s.depth_of(n)) + 1);
                    refused = if self.gather {
                        !self.gathered.node_may_come_first(g, n, order(complexity))
                    } else {
                        complexity > cap
                    };
                    if refused {
                        break;
                    }
                }
                if refused {
                    continue;
                }
                if self.gather {
                    let b = self.common_best(g, ks, (n, complexity), (base, rule), (kind, start));
                    self.gathered.keep(g, b)?;
                    continue;
                }
                first = Some((complexity, n));
                cap = complexity.saturating_sub(1);
            }
        }
        Ok(first.map(|(complexity, n)| {
            self.common_best(g, ks, (n, complexity), (base, rule), (kind, start))
        }))
    }

    /// The conclusion that node `n`, reached by every search of `ks` with `complexity`,
    /// gives; what it rests on is found below the top level.
    fn common_best(
        &mut self,
        g: &Grid,
        ks: &[usize],
        (n, complexity): (u16, usize),
        (base, rule): (i32, SeRule),
        (kind, start): (Kind, Basis),
    ) -> Best {
        let mut rests = [0u16; CELLS];
        if self.depth > 0 {
            start.mark(&mut rests);
            for &k in ks {
                self.searches[k].rests(g, n, &mut self.seen, &mut self.stack, &mut rests);
            }
        }
        let (cell, d, on) = parts(n);
        let rating = base + length_bonus(complexity);
        let found = if on {
            Found::placing(rule, rating, cell, d as u8 + 1)
        } else {
            let mut removed = [0u16; CELLS];
            removed[cell] = 1 << d;
            Found::removing(rule, rating, removed)
        };
        Best {
            found,
            complexity,
            rests,
            seq: 0,
            key: kind as u8,
        }
    }
}

/// Whether "on" node `n` has a static link to "off" node `t` (a candidate of the grid):
/// `t` is another candidate of its cell (with Y links) or its digit in a peer.
fn links_to(n: u16, t: u16, y: bool) -> bool {
    let (nc, nd, _) = parts(n);
    let (tc, td, _) = parts(t);
    if nc == tc {
        y && nd != td
    } else {
        nd == td && PEER_MASK[tc] >> nc & 1 == 1
    }
}

/// Whether the cells of `places` (a digit's places in one unit) are two or more and `cell`
/// is the first of them in the unit (a unit lists its cells in increasing order).
fn first_of_several(places: u128, cell: usize) -> bool {
    !places.is_single() && places.trailing_zeros() as usize == cell
}

/// The "off" nodes with a static link back to `start` (on), which can close a cycle through
/// it: the cell's other candidate when it is bivalue, the digit's other place in a unit
/// with two; `u16::MAX` in the unused places.
fn closers(g: &Grid, start: u16, mode: Mode) -> [u16; 4] {
    let (sc, sd, _) = parts(start);
    let mut closers = [u16::MAX; 4];
    if mode.y && g.cand[sc].count_ones() == 2 {
        let e = (g.cand[sc] & !(1 << sd)).trailing_zeros() as usize;
        closers[0] = node(sc, e, false);
    }
    if mode.x {
        for (k, u) in se_units(sc).into_iter().enumerate() {
            let places = g.pos[sd] & UNIT_MASK[u];
            if places.count_ones() == 2 {
                let p = (places & !(1u128 << sc)).trailing_zeros() as usize;
                let n = node(p, sd, false);
                if !closers.contains(&n) {
                    closers[k + 1] = n;
                }
            }
        }
    }
    closers
}

/// Whether a search from `start` that has `reached` an "on" node other than `start` with a
/// link to `b` (off): without one, no loop can close through `b`.
fn enters(g: &Grid, start: u16, b: u16, mode: Mode, reached: impl Fn(u16) -> bool) -> bool {
    let (bc, bd, _) = parts(b);
    let mut peers = g.pos[bd] & PEER_MASK[bc];
    while peers != 0 {
        let p = peers.trailing_zeros() as usize;
        peers &= peers - 1;
        let x = node(p, bd, true);
        if x != start && reached(x) {
            return true;
        }
    }
    if mode.y {
        let mut others = g.cand[bc] & !(1 << bd);
        while others != 0 {
            let x = node(bc, others.trailing_zeros() as usize, true);
            others &= others - 1;
            if x != start && reached(x) {
                return true;
            }
        }
    }
    false
}

/// Keeps `b` in `best` if it comes first: a lower rating, then less complexity, then a
/// lower sort key; of equal ones, the one kept (found first). Nothing is moved otherwise.
fn keep_simpler(best: &mut Option<Best>, b: Option<Best>) {
    let Some(b) = b else {
        return;
    };
    let first = best.as_ref().is_none_or(|a| {
        (b.found.rating, b.complexity, b.key) < (a.found.rating, a.complexity, a.key)
    });
    if first {
        *best = Some(b);
    }
}

/// The most complexity a conclusion of a rule rated `base` and up may have to come before
/// `best` (one rated the same comes first with less complexity); no limit without one.
fn limit_below(best: &Option<Best>, base: i32) -> usize {
    match best {
        Some(b) if b.found.rating < base => 0,
        Some(b) => longest_within(b.found.rating - base),
        None => usize::MAX,
    }
}

/// The chain searches of a walk, their heap made at the first chain and kept for the
/// walks after it ([`super::SeRater`]).
pub(crate) struct Chains {
    nested: Option<Nested>,
    /// Aligned triplet exclusion, tried between the static chains and Nishio.
    triplets: super::exclusion::Triplets,
}

impl Chains {
    /// No heap yet.
    pub(crate) fn new() -> Chains {
        Chains {
            nested: None,
            triplets: super::exclusion::Triplets::new(),
        }
    }

    /// Readies the searches for a new walk: what they keep of the last one is their
    /// memory, and the triplet exclusion forgets its last grid.
    pub(crate) fn start_walk(&mut self) {
        self.triplets = super::exclusion::Triplets::new();
    }

    /// The easiest chain step on `g`: the first level that concludes anything.
    pub(crate) fn next(&mut self, g: &Grid) -> Result<Option<Found>, Error> {
        if self.nested.is_none() {
            self.nested = Some(Nested::new(g, 0)?);
        }
        let Some(n) = self.nested.as_mut() else {
            return Err(Error::Internal);
        };
        for level in [
            Level::Forcing,
            Level::Nishio,
            Level::Multiple,
            Level::Dynamic,
            Level::DynamicPlus,
            Level::Nested1,
            Level::Nested2,
            Level::Nested3,
        ] {
            if let Some(b) = n.best(g, level)? {
                return Ok(Some(b.found));
            }
            // Sudoku Explainer tries aligned triplet exclusion between the static chains
            // and Nishio.
            if level == Level::Forcing {
                if let Some(f) = self.triplets.first(g) {
                    return Ok(Some(f));
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// A static search on X links, Y links or both reaches exactly the nodes a breadth-first
    /// walk of the rules' links reaches, each at its distance from the start, and a node's
    /// complexity is one more than that distance: what lets a chain's rating follow from
    /// the shortest chain on its kind of link ([`Nested::unary`]'s limits rest on it).
    /// Without dead ends it reaches the same nodes less those, and its target.
    #[test]
    fn a_static_search_reaches_each_node_at_its_distance() {
        let puzzles = [
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            "..93....7.1....3.8.7...2......4....15..6..2...96...............2....7..46.8..5..2",
        ];
        let mut checked = 0;
        let mut dead_end_targets = [0; 2];
        for p in puzzles {
            let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
            let g = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
            let mut n = Nested::new(&g, 0).expect("memory");
            n.strong = Strong::of(&g);
            n.links.make(&g, &n.strong);
            // The rules' links, read off the grid.
            let links = |m: u16, x: bool, y: bool| -> Vec<u16> {
                let (c, d, on) = parts(m);
                let mut out = Vec::new();
                if on {
                    for e in (0..9).filter(|&e| e != d && g.cand[c] >> e & 1 == 1) {
                        if y {
                            out.push(node(c, e, false));
                        }
                    }
                    for q in (0..CELLS).filter(|&q| q != c && PEER_MASK[c] >> q & 1 == 1) {
                        if g.pos[d] >> q & 1 == 1 {
                            out.push(node(q, d, false));
                        }
                    }
                } else {
                    if y && g.cand[c].count_ones() == 2 {
                        let e = (g.cand[c] & !(1 << d)).trailing_zeros() as usize;
                        out.push(node(c, e, true));
                    }
                    for u in CELL_UNITS[c] {
                        let places = g.pos[d] & UNIT_MASK[usize::from(u)];
                        if x && places.count_ones() == 2 {
                            out.push(node(
                                (places & !(1u128 << c)).trailing_zeros() as usize,
                                d,
                                true,
                            ));
                        }
                    }
                }
                out
            };
            for (cell, d) in candidates(&g).step_by(2) {
                for (x, y) in [(true, false), (false, true), (true, true)] {
                    let mode = Mode {
                        dynamic: false,
                        y,
                        x,
                        nested: 0,
                        stop: false,
                        skip_dead_ends: false,
                    };
                    for on in [true, false] {
                        let start = node(cell, d, on);
                        let mut dist = vec![usize::MAX; NODES];
                        dist[usize::from(start)] = 0;
                        let mut queue = std::collections::VecDeque::from([start]);
                        while let Some(m) = queue.pop_front() {
                            for l in links(m, x, y) {
                                if dist[usize::from(l)] == usize::MAX {
                                    dist[usize::from(l)] = dist[usize::from(m)] + 1;
                                    queue.push_back(l);
                                }
                            }
                        }
                        n.search(0, &g, start, mode).expect("memory");
                        let s = &n.searches[0];
                        for m in 0..NODES as u16 {
                            let want = dist[usize::from(m)];
                            assert_eq!(s.reached(m), want != usize::MAX, "{p} {start} {m}");
                            if want == usize::MAX {
                                continue;
                            }
                            assert_eq!(usize::from(s.depth_of(m)), want, "{p} {start} {m}");
                            let cx = s.complexity(m, &mut n.seen, &mut n.stack);
                            assert_eq!(cx, want + 1, "{p} {start} {m}");
                            checked += 1;
                        }
                        // Without dead ends, to a target (the start's negation, the
                        // farthest "off" node with a link onward, the farthest without):
                        // the search reaches what it reaches with them, less the "off"
                        // nodes with no link onward but for the target, each at the same
                        // depth from the same parent.
                        let farthest = |dead: bool| {
                            (0..NODES as u16)
                                .filter(|&m| m % 2 == 0 && dist[usize::from(m)] != usize::MAX)
                                .filter(|&m| links(m, x, y).is_empty() == dead)
                                .max_by_key(|&m| dist[usize::from(m)])
                        };
                        let ends = [Some(start ^ 1), farthest(false), farthest(true)];
                        for end in ends.into_iter().flatten() {
                            let ways = (u16::MAX, end);
                            n.search_to(1, &g, start, mode, ways, usize::MAX)
                                .expect("memory");
                            let lean = Mode {
                                skip_dead_ends: true,
                                ..mode
                            };
                            n.search_to(0, &g, start, lean, ways, usize::MAX)
                                .expect("memory");
                            let (s, all) = (&n.searches[0], &n.searches[1]);
                            let far = dist[usize::from(end)];
                            assert_eq!(s.reached(end), far != usize::MAX, "{p} {start}");
                            if far != usize::MAX && end != start {
                                assert_eq!(usize::from(s.depth_of(end)), far, "{p} {start}");
                                let cx = s.complexity(end, &mut n.seen, &mut n.stack);
                                assert_eq!(cx, far + 1, "{p} {start}");
                                let dead = end % 2 == 0 && links(end, x, y).is_empty();
                                dead_end_targets[usize::from(dead)] += 1;
                            }
                            for m in 0..NODES as u16 {
                                let dead = m % 2 == 0 && links(m, x, y).is_empty();
                                let kept = m == start || m == end || !dead;
                                let want = all.reached(m) && kept;
                                assert_eq!(s.reached(m), want, "{p} {start} {end} {m}");
                                if s.reached(m) {
                                    assert_eq!(s.depth_of(m), all.depth_of(m), "{p} {m}");
                                    assert_eq!(s.parents(m), all.parents(m), "{p} {m}");
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
        // Targets with a link onward and without one were both reached.
        assert!(
            dead_end_targets.iter().all(|&k| k > 50),
            "{dead_end_targets:?}"
        );
    }

    /// A search made under one limit, run again under another that [`Search::same_under`]
    /// allows, reaches the same nodes in the same order by the same parents at the same
    /// depths; under the others it differs in some (so that the test can tell).
    #[test]
    fn a_search_is_the_same_under_the_limits_it_allows() {
        let puzzles = [
            ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        let (mut same, mut differ) = (0, 0);
        for p in puzzles {
            let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
            let g = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
            let mut n = Nested::new(&g, 0).expect("memory");
            let starts = (0..CELLS)
                .flat_map(|c| (0..9).map(move |d| (c, d)))
                .filter(|&(c, d)| g.cand[c] >> d & 1 == 1)
                .step_by(5);
            for (cell, d) in starts {
                for nested in [0, 1] {
                    let mode = Mode {
                        dynamic: true,
                        y: true,
                        x: true,
                        nested,
                        stop: true,
                        skip_dead_ends: false,
                    };
                    let start = node(cell, d, true);
                    for made in [usize::MAX, 9, 6, 4] {
                        n.limit = made;
                        n.search(0, &g, start, mode).expect("memory");
                        for limit in 2..12 {
                            n.limit = limit;
                            n.search(1, &g, start, mode).expect("memory");
                            let (a, b) = (&n.searches[0], &n.searches[1]);
                            let alike = a.order.all() == b.order.all()
                                && a.order.all().iter().all(|&m| {
                                    a.parents(m) == b.parents(m) && a.depth_of(m) == b.depth_of(m)
                                });
                            if a.same_under(limit) {
                                assert!(
                                    alike,
                                    "{p} {start} made under {made}, again under {limit}"
                                );
                                same += 1;
                            } else {
                                differ += usize::from(!alike);
                            }
                        }
                    }
                }
            }
        }
        assert!(same > 100 && differ > 100, "{same} {differ}");
    }

    /// `reached_set` holds exactly the nodes of `order`, static search or dynamic, and every
    /// node reached has its parents reached before it: one search slot run again and again
    /// reads nothing of the searches before.
    #[test]
    fn the_reached_set_is_what_the_search_reached() {
        let p = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
        let g = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
        let mut n = Nested::new(&g, 0).expect("memory");
        n.strong = Strong::of(&g);
        n.links.make(&g, &n.strong);
        let mut reached = 0;
        for (cell, d) in candidates(&g).step_by(3) {
            for dynamic in [false, true] {
                let mode = Mode {
                    dynamic,
                    y: true,
                    x: true,
                    nested: u8::from(dynamic),
                    stop: true,
                    skip_dead_ends: false,
                };
                for on in [true, false] {
                    n.search(0, &g, node(cell, d, on), mode).expect("memory");
                    let s = &n.searches[0];
                    let mut at = vec![None; NODES];
                    for (i, &m) in s.order.all().iter().enumerate() {
                        at[usize::from(m)] = Some(i);
                    }
                    for m in 0..NODES as u16 {
                        let here = at[usize::from(m)];
                        assert_eq!(s.reached(m), here.is_some(), "{cell} {d} {on}: node {m}");
                        let Some(i) = here else { continue };
                        assert_eq!(s.parents(m).is_empty(), i == 0, "{cell} {d} {on}: {m}");
                        for &p in s.parents(m) {
                            let before = matches!(at[usize::from(p)], Some(j) if j < i);
                            assert!(before, "{cell} {d} {on}: {p} {m}");
                        }
                    }
                    reached += s.order.len();
                }
            }
        }
        assert!(reached > 1000, "{reached}");
    }

    /// Where the static links' component of a start holds no loop that could remove
    /// anything ([`Reach::may_cancel`]), its cycle searches, run anyway on X links, Y links
    /// and both, find no cycle that removes anything; on every grid of whole walks on the
    /// Sudoku Explainer scale.
    #[test]
    fn no_cycle_removes_anything_where_its_component_cannot() {
        use super::super::{apply, memo::RuleMemo, next, READS};
        // Rated 6.6, 6.7, 7.1 and 7.2 by serate: cycles and static chains.
        let puzzles = [
            ".....1.2...1.6.7........6.85.......1..38....4..419.5...7532....2.....9...8..7....",
            "...5....8....1...69..2.......5...7...9..6..141....4.3...68.24...5........3.4....9",
            ".......23372.5.9....6...8...1....5988...6.4...9....1...5.6...84.........4..9.3.5.",
            "......87..5..4..2..6381.4..4.2...6.......2.....9....1.8....5.32.9.6...8......1...",
        ];
        let (mut gated, mut removing) = (0, 0);
        for p in puzzles {
            let bytes: [u8; CELLS] = p.as_bytes().try_into().expect("81 bytes");
            let mut g = Grid::new(&Board::from_bytes(&bytes).expect("a board"));
            let mut chains = Chains::new();
            let mut memo = RuleMemo::new(READS);
            while !g.full() {
                let mut n = Nested::new(&g, 0).expect("memory");
                n.strong = Strong::of(&g);
                n.reach.make(&g, &n.strong);
                n.links.make(&g, &n.strong);
                for (cell, d) in candidates(&g) {
                    let start = node(cell, d, true);
                    for (x, y) in [(true, false), (false, true), (true, true)] {
                        let mode = Mode::unary(x, y);
                        let mut best = None;
                        n.cycles(&g, start, mode, false, &mut best).expect("memory");
                        if n.reach.may_cancel(start) {
                            removing += usize::from(best.is_some());
                        } else {
                            assert!(best.is_none(), "{p} {start} {x} {y}");
                            gated += 1;
                        }
                    }
                }
                let step = next(&g, &mut chains, &mut memo)
                    .expect("memory")
                    .expect("a step");
                apply(&mut g, &step, &mut memo);
            }
        }
        // Both answers are met: starts whose cycles are skipped, and others with a cycle
        // that removes something.
        assert!(gated > 1000 && removing > 10, "{gated} {removing}");
    }
}
