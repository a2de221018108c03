//! Forcing chains: assumptions propagated by singles and locked candidates on per-digit
//! bitboards, contradictions first, then cell and unit forcing (see the parent module).

use super::{ChainFind, Grid, NODES};
use crate::units::{
    cell_bit, has_cell, rows_of, units_of, ALL_CELLS, ALL_UNITS, BOX_LINES, CELL_UNIT_BITS,
    PEER_MASK, UNITS, UNIT_MASK,
};

/// One line of reasoning from an assumption: per-digit candidate bitboards propagated with
/// naked and hidden singles.
#[derive(Clone, Copy)]
pub(super) struct Prop {
    /// Per digit, the open cells that still have it.
    pub(super) cand: [u128; 9],
    /// Per digit, the cells that hold it (filled or placed).
    pub(super) placed: [u128; 9],
    /// Open (unfilled) cells.
    pub(super) open: u128,
    /// Where this line stands.
    pub(super) state: Line,
    /// Where it failed: a cell left without candidates, or a unit (0-26) and digit (0-8)
    /// left without a place.
    pub(super) clash: Clash,
    /// Per digit, the units (bit `u` for `UNITS[u]`) where its candidates or placements
    /// changed since hidden singles last looked at them: only those can hold a new one.
    hidden_dirty: [u32; 9],
    /// The same since locked candidates last looked at them.
    locked_dirty: [u32; 9],
}

/// Where a propagation met a contradiction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Clash {
    /// None yet.
    No,
    /// A cell with no candidate left.
    Cell(u8),
    /// A unit and a digit with no place left.
    Unit(u8, u8),
}

/// The state of a propagation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Line {
    /// Singles may still follow.
    Running,
    /// No single left: a fixed point.
    Stalled,
    /// A cell has no candidate left or a digit no place in a unit.
    Contradiction,
}

impl Prop {
    pub(super) fn of(g: &Grid) -> Prop {
        let filled = g.filled.iter().fold(0u128, |a, &f| a | f);
        Prop {
            cand: g.pos,
            placed: g.filled,
            open: ALL_CELLS & !filled,
            state: Line::Running,
            clash: Clash::No,
            hidden_dirty: [ALL_UNITS; 9],
            locked_dirty: [ALL_UNITS; 9],
        }
    }

    /// Notes that digit `d` changed in `units` (bits of unit indices).
    fn touch(&mut self, d: usize, units: u32) {
        self.hidden_dirty[d] |= units;
        self.locked_dirty[d] |= units;
    }

    /// Puts digit `d` (0-8) in cell `c`: the cell's other candidates and the digit's
    /// candidates in its peers go. The units of the peers that lost the digit.
    pub(super) fn place(&mut self, c: usize, d: usize) -> u32 {
        let b = cell_bit(c);
        self.placed[d] |= b;
        self.open &= !b;
        // Without a branch per digit: whether the cell has a digit is as good as random,
        // and a mispredicted branch costs more than the few instructions that avoid it
        // (docs/performance.md).
        let units = CELL_UNIT_BITS[c];
        for e in 0..9 {
            let had = self.cand[e] & b;
            self.cand[e] ^= had;
            let t = if had != 0 { units } else { 0 };
            self.hidden_dirty[e] |= t;
            self.locked_dirty[e] |= t;
        }
        let touched = self.remove(d, PEER_MASK[c]);
        // The digit is placed in the cell's units: none of them can hold a hidden single, a
        // missing place or a locked candidate of it again.
        self.hidden_dirty[d] &= !CELL_UNIT_BITS[c];
        self.locked_dirty[d] &= !CELL_UNIT_BITS[c];
        touched
    }

    /// Removes digit `d` (0-8) from the cells of `cells`. The units of the cells it left.
    pub(super) fn remove(&mut self, d: usize, cells: u128) -> u32 {
        let gone = self.cand[d] & cells;
        if gone == 0 {
            return 0;
        }
        self.cand[d] &= !gone;
        let units = units_of(gone);
        self.touch(d, units);
        units
    }

    /// One round: checks for a contradiction, then places every naked and hidden single.
    pub(super) fn round(&mut self) -> Line {
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
                    if has_cell(self.cand[d], c) {
                        self.place(c, d);
                        progress = true;
                    }
                }
            }
        }
        // Hidden singles, unit by unit in order; a unit where nothing changed since it was
        // last looked at holds none (nor a digit without a place) and is skipped.
        // Only a unit with at most one place can act: those are found at once, and with
        // them, after each placement of the digit, the units it changed.
        for d in 0..9 {
            if self.hidden_dirty[d] == 0 {
                continue;
            }
            // Finding them at once costs about as much as looking at five units.
            let mut few = if self.hidden_dirty[d].count_ones() > 5 {
                units_with_few(self.cand[d])
            } else {
                ALL_UNITS
            };
            // The units from `from` on are still to be looked at; those from `clean` on that
            // are marked dirty were passed (looked at or skipped) since the last placement,
            // which alone marks units dirty, and are cleared at the next one or at the end.
            let (mut from, mut clean) = (0, 0);
            loop {
                let u =
                    (self.hidden_dirty[d] & few & (ALL_UNITS << from)).trailing_zeros() as usize;
                if u >= 27 {
                    // No unit left can act: what was looked at is clean.
                    self.hidden_dirty[d] &= !(ALL_UNITS << clean);
                    break;
                }
                from = u + 1;
                let um = UNIT_MASK[u];
                let m = self.cand[d] & um;
                if m == 0 {
                    if self.placed[d] & um == 0 {
                        self.hidden_dirty[d] &= !((ALL_UNITS << clean) & ((2 << u) - 1));
                        self.clash = Clash::Unit(u as u8, d as u8);
                        self.state = Line::Contradiction;
                        return self.state;
                    }
                } else if m & (m - 1) == 0 {
                    let k = m.trailing_zeros() as usize;
                    self.hidden_dirty[d] &= !((ALL_UNITS << clean) & ((2 << u) - 1));
                    clean = from;
                    // The units the placement changes for the digit may now have few places.
                    few |= CELL_UNIT_BITS[k] | self.place(k, d);
                    progress = true;
                }
            }
        }
        if !progress && !self.locked() {
            self.state = Line::Stalled;
            debug_assert!(
                self.settled(),
                "a stalled line with a single or a locked candidate"
            );
        }
        self.state
    }

    /// Whether no hidden single, digit without a place, or locked candidate is left: what a
    /// stalled line promises, checked on every unit (for debug builds).
    fn settled(&self) -> bool {
        let mut p = *self;
        p.hidden_dirty = [ALL_UNITS; 9];
        p.locked_dirty = [ALL_UNITS; 9];
        for d in 0..9 {
            for &um in &UNIT_MASK {
                let m = p.cand[d] & um;
                if (m == 0 && p.placed[d] & um == 0) || (m != 0 && m & (m - 1) == 0) {
                    return false;
                }
            }
        }
        !p.locked()
    }

    /// Locked candidates: a digit confined to one line within a box leaves the rest of the
    /// line, confined to one box within a line leaves the rest of the box, box by box and
    /// line by line in [`BOX_LINES`] order. Whether it removed anything.
    /// A digit whose units did not change since it was last looked at holds no new locked
    /// candidate and is skipped.
    fn locked(&mut self) -> bool {
        let mut progress = false;
        for d in 0..9 {
            if self.cand[d] == 0 || self.locked_dirty[d] == 0 {
                continue;
            }
            self.locked_dirty[d] = 0;
            let mut pairs = locked_pairs(self.cand[d]);
            while pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                let b = p / 6;
                let bx = UNIT_MASK[18 + b];
                let line = UNIT_MASK[usize::from(BOX_LINES[b][p % 6])];
                let inter = bx & line;
                if self.cand[d] & bx & !inter == 0 {
                    // Pointing: the box's places lie in the line.
                    self.remove(d, line & !inter);
                } else {
                    // Claiming: the line's places lie in the box.
                    self.remove(d, bx & !inter);
                }
                progress = true;
                // The removal can make or unmake a locked candidate at the pairs after it.
                pairs = locked_pairs(self.cand[d]) & (u64::MAX << (p + 1));
            }
        }
        progress
    }

    /// Runs the line until it stalls or fails.
    pub(super) fn run(&mut self) -> Line {
        while self.round() == Line::Running {}
        self.state
    }

    /// Where this line failed, as `base` showed it, as (cell, candidates) pairs: the
    /// failing cell with its candidates, or the digit's places in the failing unit; and
    /// how many pairs there are (none when the line did not fail).
    pub(super) fn clash_site(&self, base: &Prop) -> ([(usize, u16); 9], usize) {
        let mut site = [(0usize, 0u16); 9];
        let mut k = 0;
        match self.clash {
            Clash::Cell(cell) => {
                site[0] = (usize::from(cell), base.cand_of(usize::from(cell)));
                k = 1;
            }
            Clash::Unit(u, e) => {
                for &cell in &UNITS[usize::from(u)] {
                    if has_cell(base.cand[usize::from(e)], usize::from(cell)) {
                        site[k] = (usize::from(cell), 1 << e);
                        k += 1;
                    }
                }
            }
            Clash::No => {}
        }
        (site, k)
    }

    /// The candidates of cell `c` (bit d-1).
    pub(super) fn cand_of(&self, c: usize) -> u16 {
        let mut m = 0;
        for d in 0..9 {
            m |= u16::from(has_cell(self.cand[d], c)) << d;
        }
        m
    }

    /// Marks the placements this line made beyond `base` in `pattern`.
    pub(super) fn mark(&self, base: &Prop, pattern: &mut [u16; 81]) {
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

/// The units (bit `u` for `UNITS[u]`) where candidates `m` of one digit have at most one
/// place.
fn units_with_few(m: u128) -> u32 {
    let rows = rows_of(m);
    let (mut ones, mut twos) = (0u32, 0u32);
    let mut few = 0u32;
    for (r, &x) in rows.iter().enumerate() {
        few |= u32::from(x & x.wrapping_sub(1) == 0) << r;
        twos |= ones & x;
        ones |= x;
    }
    few |= (!twos & 0o777) << 9;
    for k in 0..3 {
        let [a, b, c] = [rows[3 * k], rows[3 * k + 1], rows[3 * k + 2]].map(|x| TRIADS[x as usize]);
        // Per box of the band, a row with two places in it or two rows with one.
        let many = (a | b | c) >> 3 | (a & b) | (a & c) | (b & c);
        few |= u32::from(!many & 7) << (18 + 3 * k);
    }
    few
}

/// Where candidates `m` of one digit hold a locked candidate: bit `6 * b + t` for box `b`
/// and its line `BOX_LINES[b][t]` when the box's places lie in the line and the line has
/// places outside the box (pointing), or the line's places lie in the box and the box has
/// places outside the line (claiming). For a box and a line through it, with "in" the places
/// in both, "box" those in the rest of the box and "line" those in the rest of the line,
/// either is "in" with exactly one of "box" and "line". Read from which of the 27 row
/// triads and 27 column triads (the three cells a line shares with a box) hold places:
/// nine per band or stack, looked up in [`ROW_PAIRS`] and [`COLUMN_PAIRS`].
fn locked_pairs(m: u128) -> u64 {
    let rows = rows_of(m);
    let mut pairs = 0u64;
    // Per band, its columns' places as nine bits.
    let mut cols = [0u32; 3];
    for k in 0..3 {
        let (a, b, c) = (rows[3 * k], rows[3 * k + 1], rows[3 * k + 2]);
        cols[k] = a | b | c;
        // The band's row triads, bit `3 * i + j` for row `i` of the band in stack `j`.
        let triads = u32::from(TRIADS[a as usize] & 7)
            | u32::from(TRIADS[b as usize] & 7) << 3
            | u32::from(TRIADS[c as usize] & 7) << 6;
        pairs |= ROW_PAIRS[triads as usize] << (18 * k);
    }
    for j in 0..3 {
        // The stack's column triads, bit `3 * k + i` for column `i` of the stack in band
        // `k`.
        let triads = (cols[0] >> (3 * j) & 7)
            | (cols[1] >> (3 * j) & 7) << 3
            | (cols[2] >> (3 * j) & 7) << 6;
        pairs |= COLUMN_PAIRS[triads as usize] << (6 * j);
    }
    pairs
}

/// Per row of nine cells (bit `k` for column `k`), the stacks it has cells in (bit `j` for
/// stack `j`), and those it has two or more cells in (bit `3 + j`).
const TRIADS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            let triad = x >> (3 * j) & 7;
            if triad != 0 {
                t[x] |= 1 << j;
            }
            if triad & triad.wrapping_sub(1) != 0 {
                t[x] |= 8 << j;
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// The locked candidates of the nine triads of one band or stack, from the triads that hold
/// places: bit `3 * line + box` (`by_rows`: a band, its rows and boxes in order) or
/// `3 * box + line` (a stack, its boxes and columns in order) set when that triad does.
/// A triad holds a locked candidate when it has places and exactly one of the rest of its
/// box and the rest of its line has some. The result has bit `6 * box + line` for a band's
/// row, `18 * box + 3 + line` for a stack's column: [`locked_pairs`] of the band's first box
/// or of the stack's top box, shifted to the band or stack.
const fn pair_table(by_rows: bool) -> [u64; 512] {
    const fn holds(x: usize, by_rows: bool, line: usize, bx: usize) -> bool {
        let bit = if by_rows {
            3 * line + bx
        } else {
            3 * bx + line
        };
        x >> bit & 1 != 0
    }
    let mut t = [0u64; 512];
    let mut x = 0;
    while x < 512 {
        let mut line = 0;
        while line < 3 {
            let mut bx = 0;
            while bx < 3 {
                let (mut rest_of_box, mut rest_of_line) = (false, false);
                let mut o = 0;
                while o < 3 {
                    rest_of_box |= o != line && holds(x, by_rows, o, bx);
                    rest_of_line |= o != bx && holds(x, by_rows, line, o);
                    o += 1;
                }
                if holds(x, by_rows, line, bx) && rest_of_box != rest_of_line {
                    t[x] |= 1
                        << if by_rows {
                            6 * bx + line
                        } else {
                            18 * bx + 3 + line
                        };
                }
                bx += 1;
            }
            line += 1;
        }
        x += 1;
    }
    t
}

/// [`pair_table`] of a band.
const ROW_PAIRS: [u64; 512] = pair_table(true);

/// [`pair_table`] of a stack.
const COLUMN_PAIRS: [u64; 512] = pair_table(false);

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
pub(super) fn with_room<T>(n: usize) -> Result<Vec<T>, NoMemory> {
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
            if e != d && has_cell(self.prop.cand[e], c) && self.cause[c * 9 + e] == 0 {
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
            let missing = ALL_UNITS & !units_of(p.cand[d] | p.placed[d]);
            if missing != 0 {
                p.clash = Clash::Unit(missing.trailing_zeros() as u8, d as u8);
                p.state = Line::Contradiction;
                return false;
            }
        }
        let single = ones & !twos;
        if single != 0 {
            let c = single.trailing_zeros() as usize;
            let d = (0..9).find(|&d| has_cell(p.cand[d], c)).unwrap_or(0);
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
        // The first locked candidate, box by box and line by line: pointing (from the box
        // to the line) or claiming (from the line to the box), whichever it is.
        for d in 0..9 {
            let pairs = locked_pairs(p.cand[d]);
            if pairs == 0 {
                continue;
            }
            let pair = pairs.trailing_zeros() as usize;
            let b = 18 + pair / 6;
            let l = usize::from(BOX_LINES[pair / 6][pair % 6]);
            let inter = UNIT_MASK[b] & UNIT_MASK[l];
            let (from, to) = if p.cand[d] & UNIT_MASK[b] & !inter == 0 {
                (b, l)
            } else {
                (l, b)
            };
            let rm = p.cand[d] & UNIT_MASK[to] & !inter;
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
            p.remove(d, rm);
            return true;
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
                        if e != d && has_cell(base.cand[e], c) {
                            want(c * 9 + e, &mut stack, &mut need);
                        }
                    }
                }
                Why::Hidden(u) => {
                    for &k in &UNITS[u as usize] {
                        let k = k as usize;
                        if k != c && has_cell(base.cand[d], k) {
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

/// Which forcing chain [`forcing_chain_of`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Forcing {
    /// An assumption that leads to a contradiction.
    Contradiction,
    /// Every candidate of a cell leads to the conclusion.
    Cell,
    /// Every place of a digit in a unit leads to the conclusion.
    Region,
}

/// [`forcing_chain_of`] without the kind.
#[cfg(test)]
pub(crate) fn forcing_chain(g: &Grid) -> Result<Option<ChainFind>, NoMemory> {
    Ok(forcing_chain_of(g)?.map(|(f, _)| f))
}

/// Forcing chains: contradiction chains (an assumed candidate that leads to a contradiction
/// by singles and locked candidates), then cell forcing chains (every candidate of a cell
/// leads to the same placement or removal) and unit forcing chains (likewise every place of a
/// digit in a unit). Shortest first: contradictions by the number of propagation rounds,
/// forcing chains by the number of branches. Its heap (the lines, a few hundred KiB) is
/// allocated fallibly: [`NoMemory`] when it cannot be had.
pub(crate) fn forcing_chain_of(g: &Grid) -> Result<Option<(ChainFind, Forcing)>, NoMemory> {
    let mut base = Prop::of(g);
    if base.run() == Line::Contradiction {
        return Ok(None);
    }
    // The nodes still possible after the base's singles, in node order.
    let mut nodes: Vec<u16> = with_room(NODES)?;
    for c in 0..81 {
        for d in 0..9 {
            if has_cell(base.cand[d], c) && g.cand[c] >> d & 1 != 0 {
                nodes.push((c * 9 + d) as u16);
            }
        }
    }
    let n = nodes.len();
    // Line i assumes node i true. (Assuming a node false never fails before the line of another
    // candidate of its cell, which removes it at once: no line for that.)
    let mut lines: Vec<Prop> = with_room(n)?;
    // Rounds in lockstep: the first line to fail is a shortest contradiction. Each line is
    // made just before its first round (copied into place once: a line built aside and
    // pushed is copied twice), so that none is made after a contradiction in the first.
    let mut running = false;
    for (i, &x) in nodes.iter().enumerate() {
        lines.push(base);
        let p = &mut lines[i];
        p.place(usize::from(x) / 9, usize::from(x) % 9);
        p.state = Line::Running;
        if p.round() == Line::Contradiction {
            return contradiction(&base, p, usize::from(x)).map(Some);
        }
        running |= p.state == Line::Running;
    }
    while running {
        running = false;
        for (p, &x) in lines.iter_mut().zip(&nodes) {
            if p.state != Line::Running {
                continue;
            }
            if p.round() == Line::Contradiction {
                return contradiction(&base, p, usize::from(x)).map(Some);
            }
            running |= p.state == Line::Running;
        }
    }
    // Every line stalled: forcing over the branches of a cell or of a digit in a unit.
    agree_stage(g, &base, &lines, &nodes, true)
}

/// The contradiction chain of `line`, which assumed node `x` and failed: `x` goes, the
/// pattern holds the steps the contradiction rests on, traced back to the assumption, and
/// the contradiction (the candidates the cell or unit had before).
fn contradiction(base: &Prop, line: &Prop, x: usize) -> Result<(ChainFind, Forcing), NoMemory> {
    let (c, d) = (x / 9, x % 9);
    let mut f = ChainFind::empty();
    f.pattern[c] |= 1 << d;
    let t = Trace::new(base, x)?;
    let (site, k) = t.prop.clash_site(base);
    if t.prop.state == Line::Contradiction {
        t.explain(base, &site[..k], None, &mut f.pattern)?;
        for &(cell, m) in &site[..k] {
            f.pattern[cell] |= m;
        }
    } else {
        line.mark(base, &mut f.pattern);
    }
    f.removed[c] = 1 << d;
    Ok((f, Forcing::Contradiction))
}

/// Cell and unit forcing alone (every line run to its end, failed ones included), for tests:
/// [`forcing_chain`] reaches it only when no assumption fails.
#[cfg(test)]
pub(super) fn cell_unit_forcing(g: &Grid) -> Option<ChainFind> {
    let mut base = Prop::of(g);
    if base.run() == Line::Contradiction {
        return None;
    }
    let mut nodes = Vec::new();
    let mut lines = Vec::new();
    for c in 0..81 {
        for d in 0..9 {
            if has_cell(base.cand[d], c) {
                nodes.push((c * 9 + d) as u16);
                let mut p = base;
                p.place(c, d);
                p.state = Line::Running;
                p.run();
                lines.push(p);
            }
        }
    }
    agree_stage(g, &base, &lines, &nodes, true)
        .expect("the tests have memory")
        .map(|(f, _)| f)
}

/// Cell and unit forcing over lines run to their end: the first cell or unit (fewest branches
/// first, then cells before units, each in order) whose branches agree on something new.
/// `traced`: the lines are those of [`Prop::run`], whose steps a [`Trace`] retraces for the
/// pattern; otherwise the pattern shows each branch's placements.
pub(super) fn agree_stage(
    g: &Grid,
    base: &Prop,
    lines: &[Prop],
    nodes: &[u16],
    traced: bool,
) -> Result<Option<(ChainFind, Forcing)>, NoMemory> {
    // The lines of the nodes given (those with one), into `branches`; how many.
    let gather = |of: &mut dyn Iterator<Item = usize>, branches: &mut [usize; 9]| {
        let mut k = 0;
        for x in of {
            if let Ok(i) = nodes.binary_search(&(x as u16)) {
                branches[k] = i;
                k += 1;
            }
        }
        k
    };
    let mut branches = [0usize; 9];
    for size in 2..=9u32 {
        for c in 0..81 {
            if !has_cell(base.open, c) {
                continue;
            }
            let mut of = (0..9)
                .filter(|&d| has_cell(base.cand[d], c))
                .map(|d| c * 9 + d);
            let k = gather(&mut of, &mut branches);
            if k as u32 == size {
                if let Some(f) = agree(g, base, lines, &branches[..k], nodes, traced)? {
                    return Ok(Some((f, Forcing::Cell)));
                }
            }
        }
        for d in 0..9 {
            for um in UNIT_MASK {
                let m = base.cand[d] & um;
                if base.placed[d] & um != 0 || m.count_ones() != size {
                    continue;
                }
                let mut of = (0..81).filter(|&c| has_cell(m, c)).map(|c| c * 9 + d);
                let k = gather(&mut of, &mut branches);
                if k as u32 == size {
                    if let Some(f) = agree(g, base, lines, &branches[..k], nodes, traced)? {
                        return Ok(Some((f, Forcing::Region)));
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
    traced: bool,
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
    let mut f = ChainFind::empty();
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
            if traced {
                let t = Trace::new(base, x)?;
                if t.prop.state == Line::Stalled {
                    t.explain(base, &gone_list[..k], placed, &mut f.pattern)?;
                    continue;
                }
            }
            lines[i].mark(base, &mut f.pattern);
        }
    }
    Ok(Some(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The boxes and lines through them that hold a locked candidate of `m`, pair by pair,
    /// as [`locked_pairs`] numbers them.
    fn locked_pairwise(m: u128) -> u64 {
        let mut pairs = 0;
        for (b, lines) in BOX_LINES.iter().enumerate() {
            let bx = UNIT_MASK[18 + b];
            for (t, &l) in lines.iter().enumerate() {
                let line = UNIT_MASK[usize::from(l)];
                let inter = bx & line;
                let (in_box, in_line) = (m & bx, m & line);
                if (in_box != 0 && in_box & !inter == 0 && in_line & !inter != 0)
                    || (in_line != 0 && in_line & !inter == 0 && in_box & !inter != 0)
                {
                    pairs |= 1 << (6 * b + t);
                }
            }
        }
        pairs
    }

    /// Candidate masks of one digit from `seed`: sparse, half full and dense by turns, as
    /// propagation leaves them.
    fn masks(seed: u64) -> impl FnMut(usize) -> u128 {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut next = move || rng.next_u64();
        move |k| {
            let mut half = || [next() & next() & next(), next(), next() | next()][k % 3];
            let (a, b) = (half(), half());
            (u128::from(a) | u128::from(b) << 64) & ALL_CELLS
        }
    }

    #[test]
    fn units_with_few_agrees_with_every_unit() {
        let mut mask = masks(0x2545_F491_4F6C_DD1D);
        let (mut some, mut none) = (0, 0);
        for k in 0..100_000 {
            let m = mask(k);
            let want = UNIT_MASK
                .iter()
                .enumerate()
                .filter(|(_, &um)| (m & um).count_ones() <= 1)
                .fold(0u32, |acc, (u, _)| acc | 1 << u);
            assert_eq!(units_with_few(m), want, "{m:#x}");
            if want == 0 {
                none += 1;
            } else {
                some += 1;
            }
        }
        assert!(some > 1000 && none > 1000, "{some} {none}");
    }

    #[test]
    fn locked_pairs_agree_with_every_box_and_line() {
        let mut mask = masks(0x9E37_79B9_7F4A_7C15);
        let (mut hits, mut misses) = (0, 0);
        for k in 0..200_000 {
            let m = mask(k);
            let want = locked_pairwise(m);
            assert_eq!(locked_pairs(m), want, "{m:#x}");
            if want != 0 {
                hits += 1;
            } else {
                misses += 1;
            }
        }
        assert!(hits > 1000 && misses > 1000, "{hits} {misses}");
    }
}
