//! Canonical forms and equivalent boards.
//!
//! Two boards are equivalent when one becomes the other under a geometric transformation
//! (a permutation of the bands, of the rows inside each band, of the stacks, of the columns
//! inside each stack, and optionally a transposition: 2 * 6^8 = 3,359,232 of them) followed
//! by a relabelling of the digits (9! of them). The canonical form of a board is the
//! lexicographically smallest equivalent board, reading blanks as `0`: equivalent boards
//! have the same canonical form and no others do.
//!
//! For a given geometric transformation the best relabelling is fixed: the digits are
//! numbered 1, 2, 3, ... in the order they first appear, row by row. So the search is over
//! the geometric transformations only, and it never enumerates them: it builds the rows of
//! the result one at a time, keeps only the choices that make the row so far as small as
//! possible, and leaves the order of columns undecided for as long as no row tells them
//! apart (columns that are blank in every row so far, stacks that look the same so far).
//! A complete grid takes a second search that picks the first two rows and the column
//! order together, since there the first row (always `123456789`) tells no columns apart.
//! Neither search allocates.

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS};
use crate::error::Error;
use crate::rng::SplitMix64;

/// The number of geometric transformations: 2 (transposed or not) times 6^8 (the orders of
/// bands, stacks, rows in each band and columns in each stack).
pub const TRANSFORMATIONS: u32 = 3_359_232;

/// The class of a digit not numbered yet, above every number (1-9) and the blank (0).
const NEW: u8 = 10;

/// The canonical form of `board` and how many of the [`TRANSFORMATIONS`] map it onto
/// itself (up to a relabelling of its digits): 1 for most puzzles, [`TRANSFORMATIONS`] for
/// the empty board.
///
/// Works on any clash-free board, solved or not, with any number of solutions. Fails with
/// [`Error::Conflict`] if two equal givens share a unit.
pub fn canonical(board: &Board) -> Result<(Board, u32), Error> {
    board.check_conflicts()?;
    let digits = board.digits();
    let mut search = Search {
        boards: [*digits, transposed(digits)],
        best: [0; CELLS],
        best_len: 0,
        count: 0,
    };
    if board.is_complete() {
        search.grids();
    } else {
        search.puzzles();
    }
    let form = Board::from_digits(search.best).ok_or(Error::Internal)?;
    // The count is at most the number of transformations by construction; saturate rather
    // than wrap if that were ever wrong.
    Ok((form, u32::try_from(search.count).unwrap_or(u32::MAX)))
}

/// The canonical form of an 81-byte board, with the checks of the C calls: bad bytes
/// ([`Error::InvalidChar`]) before clashes ([`Error::Conflict`]).
pub fn canonical_bytes(bytes: &[u8; CELLS]) -> Result<(Board, u32), Error> {
    canonical(&Board::from_bytes(bytes)?)
}

/// One geometric transformation and a relabelling of the digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transformation {
    /// Whether the board is transposed first.
    pub transpose: bool,
    /// The source row of each row of the result (bands and rows in bands permuted).
    pub rows: [u8; 9],
    /// The source column of each column of the result (stacks and columns permuted).
    pub cols: [u8; 9],
    /// The digit each digit becomes (`relabel[0]` is unused: blanks stay blank).
    pub relabel: [u8; 10],
}

impl Transformation {
    /// A random transformation drawn from `rng`: each of the 3,359,232 geometric ones and
    /// each of the 9! relabellings equally likely.
    pub fn random(rng: &mut SplitMix64) -> Transformation {
        let transpose = rng.next_u64() & 1 == 1;
        let line_order = |rng: &mut SplitMix64| {
            let mut groups = [0u8, 1, 2];
            rng.shuffle(&mut groups);
            let mut order = [0u8; 9];
            for (g, &group) in groups.iter().enumerate() {
                let mut inner = [0u8, 1, 2];
                rng.shuffle(&mut inner);
                for (k, &i) in inner.iter().enumerate() {
                    order[g * 3 + k] = group * 3 + i;
                }
            }
            order
        };
        let rows = line_order(rng);
        let cols = line_order(rng);
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        let mut relabel = [0u8; 10];
        relabel[1..].copy_from_slice(&digits);
        Transformation {
            transpose,
            rows,
            cols,
            relabel,
        }
    }

    /// The board this transformation makes of `board`.
    pub fn apply(&self, board: &Board) -> Board {
        let d = board.digits();
        let src = if self.transpose { transposed(d) } else { *d };
        let mut out = [0u8; CELLS];
        for (i, &r) in self.rows.iter().enumerate() {
            for (j, &c) in self.cols.iter().enumerate() {
                out[i * 9 + j] = self.relabel[src[r as usize * 9 + c as usize] as usize];
            }
        }
        // Every value is a relabelled digit 0-9.
        Board::from_digits(out).unwrap_or(*board)
    }
}

/// A board equivalent to `board`, drawn at random from `seed`: the same seed and board
/// always give the same result.
pub fn transform(board: &Board, seed: u64) -> Board {
    Transformation::random(&mut SplitMix64::new(seed)).apply(board)
}

fn transposed(d: &[u8; CELLS]) -> [u8; CELLS] {
    core::array::from_fn(|i| d[(i % 9) * 9 + i / 9])
}

/// How the columns of the result are decided so far: `order` holds a source column at each
/// position; the columns of a run of positions without a break between them are not told
/// apart yet (any order of them gives the same rows so far), and the stacks of a run of
/// slots without a stack break are not told apart yet either.
#[derive(Clone, Copy)]
struct Cols {
    order: [u8; 9],
    /// Bit `j`: a group of columns starts at position `j` (always set at 0, 3 and 6).
    breaks: u16,
    /// Bit `k`: a group of stacks starts at slot `k` (always set at 0).
    stack_breaks: u8,
}

const SLOT_STARTS: u16 = 1 | 1 << 3 | 1 << 6;

impl Cols {
    const START: Cols = Cols {
        order: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        breaks: SLOT_STARTS,
        stack_breaks: 1,
    };

    /// Puts the stacks of slots `start..start + perm.len()` in the order `perm` (of those
    /// slots), each keeping its columns and their groups.
    fn permute_slots(&mut self, start: usize, perm: &[u8]) {
        let old = *self;
        for (i, &p) in perm.iter().enumerate() {
            let (to, from) = ((start + i) * 3, (start + p as usize) * 3);
            self.order[to..to + 3].copy_from_slice(&old.order[from..from + 3]);
            let inner = (old.breaks >> from) & 0b110;
            self.breaks = (self.breaks & !(0b110 << to)) | (inner << to);
        }
    }
}

const PERMS2: [[u8; 3]; 2] = [[0, 1, 2], [1, 0, 2]];
const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

fn perms(n: usize) -> &'static [[u8; 3]] {
    match n {
        2 => &PERMS2,
        3 => &PERMS3,
        _ => &PERMS3[..1],
    }
}

/// A run of positions (or of stack slots) whose order decides which digits get which new
/// numbers: every order is tried.
#[derive(Clone, Copy, Default)]
struct Site {
    start: u8,
    len: u8,
    stacks: bool,
}

/// A partial result of the puzzle search: the first rows of the result are decided.
#[derive(Clone, Copy)]
struct Node {
    /// 0: as given, 1: transposed.
    orientation: u8,
    /// The source row of each decided row.
    rows: [u8; 9],
    used: u16,
    cols: Cols,
    /// The number of each digit seen so far (0: not numbered yet).
    labels: [u8; 10],
    next: u8,
    /// How many transformations this node stands for (empty rows and bands that are
    /// interchangeable are searched once).
    weight: u64,
}

struct Search {
    boards: [[u8; CELLS]; 2],
    /// The smallest result so far; only `best[..best_len]` is decided.
    best: [u8; CELLS],
    best_len: usize,
    /// How many transformations give `best` so far.
    count: u64,
}

/// A candidate row worked out: its source row, its values, the columns sorted for it.
#[derive(Clone, Copy)]
struct Arranged {
    row: u8,
    weight: u64,
    values: [u8; 9],
    classes: [u8; 9],
    cols: Cols,
}

impl Search {
    /// Compares `values` with the best result at cells `at..at + values.len()`: `None` when
    /// worse (prune); otherwise the best is updated when `values` is better (and what came
    /// after it forgotten) and `Some(())` returned.
    fn offer(&mut self, at: usize, values: &[u8]) -> Option<()> {
        let n = values.len();
        if at < self.best_len {
            match values.cmp(&self.best[at..at + n]) {
                core::cmp::Ordering::Greater => return None,
                core::cmp::Ordering::Equal => return Some(()),
                core::cmp::Ordering::Less => {}
            }
        }
        self.best[at..at + n].copy_from_slice(values);
        self.best_len = at + n;
        self.count = 0;
        Some(())
    }

    // ---- boards with blanks -------------------------------------------------------------

    fn puzzles(&mut self) {
        for orientation in 0..2u8 {
            let node = Node {
                orientation,
                rows: [0; 9],
                used: 0,
                cols: Cols::START,
                labels: [0; 10],
                next: 1,
                weight: 1,
            };
            self.row(&node, 0);
        }
    }

    /// The candidate source rows for result row `depth`, with the number of
    /// interchangeable rows each stands for.
    fn candidates(&self, node: &Node, depth: usize) -> ([(u8, u64); 9], usize) {
        let g = &self.boards[node.orientation as usize];
        let empty = |r: usize| g[r * 9..r * 9 + 9].iter().all(|&d| d == 0);
        let mut out = [(0u8, 0u64); 9];
        let mut n = 0;
        let bands: [usize; 3] = [0, 1, 2];
        let band_free = |b: usize| node.used & (0b111 << (b * 3)) == 0;
        let (band_list, fresh): (&[usize], bool) = if depth.is_multiple_of(3) {
            (&bands, true)
        } else {
            let b = node.rows[depth - 1] as usize / 3;
            (&bands[b..b + 1], false)
        };
        let empty_bands = bands
            .iter()
            .filter(|&&b| band_free(b) && (0..3).all(|k| empty(b * 3 + k)))
            .count() as u64;
        let mut empty_band_seen = false;
        for &b in band_list {
            if fresh && !band_free(b) {
                continue;
            }
            let band_empty = (0..3).all(|k| empty(b * 3 + k));
            let mut factor = 1;
            if fresh && band_empty {
                if empty_band_seen {
                    continue;
                }
                empty_band_seen = true;
                factor = empty_bands;
            }
            let free_empty = (0..3)
                .map(|k| b * 3 + k)
                .filter(|&r| node.used & (1 << r) == 0 && empty(r))
                .count() as u64;
            let mut empty_seen = false;
            for r in b * 3..b * 3 + 3 {
                if node.used & (1 << r) != 0 {
                    continue;
                }
                let w = if empty(r) {
                    if empty_seen {
                        continue;
                    }
                    empty_seen = true;
                    free_empty
                } else {
                    1
                };
                out[n] = (r as u8, factor * w);
                n += 1;
            }
        }
        (out, n)
    }

    /// Sorts the columns of `node` for source row `r`: the smallest row the undecided
    /// column orders allow.
    fn arrange(&self, node: &Node, r: usize, weight: u64) -> Arranged {
        let g = &self.boards[node.orientation as usize];
        let mut cols = node.cols;
        let class = |c: u8| {
            let d = g[r * 9 + c as usize];
            match (d, node.labels[d as usize]) {
                (0, _) => 0,
                (_, 0) => NEW,
                (_, l) => l,
            }
        };
        let mut v: [u8; 9] = core::array::from_fn(|j| class(cols.order[j]));
        // Within each group of columns: blanks first, then numbered digits in order, then
        // new digits.
        for k in 0..3 {
            let s = k * 3;
            for j in s + 1..s + 3 {
                let mut p = j;
                while p > s && cols.breaks & (1 << p) == 0 && v[p - 1] > v[p] {
                    v.swap(p - 1, p);
                    cols.order.swap(p - 1, p);
                    p -= 1;
                }
            }
        }
        for p in 0..9 {
            if p % 3 != 0 && v[p] != v[p - 1] {
                cols.breaks |= 1 << p;
            }
        }
        // Within each group of stacks: the stacks in the order of their sorted values.
        for k in 1..3 {
            let mut q = k;
            while q > 0
                && cols.stack_breaks & (1 << q) == 0
                && v[q * 3 - 3..q * 3] > v[q * 3..q * 3 + 3]
            {
                let perm = [1u8, 0];
                cols.permute_slots(q - 1, &perm);
                let (a, b) = v.split_at_mut(q * 3);
                a[q * 3 - 3..].swap_with_slice(&mut b[..3]);
                q -= 1;
            }
        }
        for k in 1..3 {
            if v[k * 3 - 3..k * 3] != v[k * 3..k * 3 + 3] {
                cols.stack_breaks |= 1 << k;
            }
        }
        let mut values = v;
        let mut next = node.next;
        for x in values.iter_mut() {
            if *x == NEW {
                *x = next;
                next += 1;
            }
        }
        Arranged {
            row: r as u8,
            weight,
            values,
            classes: v,
            cols,
        }
    }

    fn row(&mut self, node: &Node, depth: usize) {
        if depth == 9 {
            // Columns still together are blank in every row, stacks still together look
            // the same in every row: each of their orders maps the board onto the result.
            let mut w = node.weight;
            let mut run = 1u64;
            for p in 1..10 {
                if p < 9 && node.cols.breaks & (1 << p) == 0 {
                    run += 1;
                } else {
                    w *= factorial(run);
                    run = 1;
                }
            }
            let mut run = 1u64;
            for k in 1..4 {
                if k < 3 && node.cols.stack_breaks & (1 << k) == 0 {
                    run += 1;
                } else {
                    w *= factorial(run);
                    run = 1;
                }
            }
            self.count += w;
            return;
        }
        let (cands, n) = self.candidates(node, depth);
        let mut arranged = [None::<Arranged>; 9];
        let mut min: Option<[u8; 9]> = None;
        for (slot, &(r, w)) in arranged.iter_mut().zip(&cands[..n]) {
            let a = self.arrange(node, r as usize, w);
            if min.is_none_or(|m| a.values < m) {
                min = Some(a.values);
            }
            *slot = Some(a);
        }
        let Some(min) = min else { return };
        if self.offer(depth * 9, &min).is_none() {
            return;
        }
        for a in arranged.iter().flatten() {
            if a.values != min {
                continue;
            }
            // The ties that decide which digit gets which new number.
            let mut sites = [Site::default(); 6];
            let mut ns = 0;
            let mut cols = a.cols;
            let mut p = 0;
            while p < 9 {
                let mut q = p + 1;
                while q < 9 && cols.breaks & (1 << q) == 0 {
                    q += 1;
                }
                if a.classes[p] == NEW && q - p > 1 {
                    sites[ns] = Site {
                        start: p as u8,
                        len: (q - p) as u8,
                        stacks: false,
                    };
                    ns += 1;
                    for b in p + 1..q {
                        cols.breaks |= 1 << b;
                    }
                }
                p = q;
            }
            let mut k = 0;
            while k < 3 {
                let mut m = k + 1;
                while m < 3 && cols.stack_breaks & (1 << m) == 0 {
                    m += 1;
                }
                if m - k > 1 && a.classes[k * 3..k * 3 + 3].contains(&NEW) {
                    sites[ns] = Site {
                        start: k as u8,
                        len: (m - k) as u8,
                        stacks: true,
                    };
                    ns += 1;
                    for b in k + 1..m {
                        cols.stack_breaks |= 1 << b;
                    }
                }
                k = m;
            }
            let mut child = *node;
            child.rows[depth] = a.row;
            child.used |= 1 << a.row;
            child.weight = node.weight * a.weight;
            child.cols = cols;
            self.expand(&child, a.row as usize, &sites[..ns], depth);
        }
    }

    /// Tries every order of the first tie site, then the next, ...; then numbers the new
    /// digits of the row and goes on to the next row.
    fn expand(&mut self, node: &Node, r: usize, sites: &[Site], depth: usize) {
        let Some((site, rest)) = sites.split_first() else {
            let g = &self.boards[node.orientation as usize];
            let mut child = *node;
            for j in 0..9 {
                let d = g[r * 9 + child.cols.order[j] as usize] as usize;
                if d != 0 && child.labels[d] == 0 {
                    child.labels[d] = child.next;
                    child.next += 1;
                }
            }
            self.row(&child, depth + 1);
            return;
        };
        for perm in perms(site.len as usize) {
            let perm = &perm[..site.len as usize];
            let mut child = *node;
            let s = site.start as usize;
            if site.stacks {
                child.cols.permute_slots(s, perm);
            } else {
                for (i, &p) in perm.iter().enumerate() {
                    child.cols.order[s + i] = node.cols.order[s + p as usize];
                }
            }
            self.expand(&child, r, rest, depth);
        }
    }

    // ---- complete grids ------------------------------------------------------------------

    /// Complete grids: the first row of the result is always `123456789`, so the search
    /// picks the first two source rows and then builds the column order position by
    /// position, keeping the second row as small as possible.
    fn grids(&mut self) {
        self.best[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        self.best_len = 9;
        for orientation in 0..2 {
            let g = self.boards[orientation];
            for r0 in 0..9 {
                let mut column_of = [0u8; 10];
                for c in 0..9 {
                    column_of[g[r0 * 9 + c] as usize] = c as u8;
                }
                for r1 in (r0 / 3 * 3..r0 / 3 * 3 + 3).filter(|&r| r != r0) {
                    let f: [u8; 9] = core::array::from_fn(|c| column_of[g[r1 * 9 + c] as usize]);
                    let grid = GridRows { g: &g, r0, r1, f };
                    self.columns(&grid, ColumnOrder::START, 0);
                }
            }
        }
    }

    fn columns(&mut self, grid: &GridRows, order: ColumnOrder, j: usize) {
        if j == 9 {
            self.finish_grid(grid, &order);
            return;
        }
        let slot = j / 3;
        let mut choices = [0u8; 9];
        let mut n = 0;
        if order.at[j] != NONE {
            choices[0] = order.at[j];
            n = 1;
        } else if order.stack_at[slot] != NONE {
            let s = order.stack_at[slot] as usize;
            for c in s * 3..s * 3 + 3 {
                if order.pos[c] == NONE {
                    choices[n] = c as u8;
                    n += 1;
                }
            }
        } else {
            for c in 0..9 {
                if order.slot_of[c / 3] == NONE {
                    choices[n] = c as u8;
                    n += 1;
                }
            }
        }
        for &c in &choices[..n] {
            let mut o = order;
            o.put(c as usize, j);
            let target = grid.f[c as usize] as usize;
            if o.pos[target] == NONE {
                o.put_first_free(target);
            }
            let value = o.pos[target] + 1;
            if self.offer(9 + j, &[value]).is_some() {
                self.columns(grid, o, j + 1);
            }
        }
    }

    fn finish_grid(&mut self, grid: &GridRows, order: &ColumnOrder) {
        let g = grid.g;
        let mut label = [0u8; 10];
        for (j, &c) in order.at.iter().enumerate() {
            label[g[grid.r0 * 9 + c as usize] as usize] = j as u8 + 1;
        }
        let out = |r: usize| -> [u8; 9] {
            core::array::from_fn(|j| label[g[r * 9 + order.at[j] as usize] as usize])
        };
        let band = grid.r0 / 3;
        // The band's third row.
        let r2 = band * 3 + 3 - grid.r0 % 3 - grid.r1 % 3;
        if self.offer(18, &out(r2)).is_none() {
            return;
        }
        // The other bands: each sorted by rows, the band with the smaller first row first
        // (two rows of a grid never read the same).
        let mut bands = [[[0u8; 9]; 3]; 2];
        for (slot, b) in bands.iter_mut().zip((0..3).filter(|&b| b != band)) {
            let mut rows = [out(b * 3), out(b * 3 + 1), out(b * 3 + 2)];
            rows.sort_unstable();
            *slot = rows;
        }
        if bands[1][0] < bands[0][0] {
            bands.swap(0, 1);
        }
        let mut rest = [0u8; 54];
        for (i, row) in bands.iter().flatten().enumerate() {
            rest[i * 9..i * 9 + 9].copy_from_slice(row);
        }
        if self.offer(27, &rest).is_some() {
            self.count += 1;
        }
    }
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

const NONE: u8 = u8::MAX;

/// The two first source rows of a grid search, and for each column the column of the
/// first row that holds the second row's digit there.
struct GridRows<'a> {
    g: &'a [u8; CELLS],
    r0: usize,
    r1: usize,
    f: [u8; 9],
}

/// A column order being built: `at[j]` the source column at position `j`, `pos[c]` the
/// position of source column `c`, and which stack sits in which slot.
#[derive(Clone, Copy)]
struct ColumnOrder {
    at: [u8; 9],
    pos: [u8; 9],
    stack_at: [u8; 3],
    slot_of: [u8; 3],
}

impl ColumnOrder {
    const START: ColumnOrder = ColumnOrder {
        at: [NONE; 9],
        pos: [NONE; 9],
        stack_at: [NONE; 3],
        slot_of: [NONE; 3],
    };

    fn put(&mut self, c: usize, j: usize) {
        self.at[j] = c as u8;
        self.pos[c] = j as u8;
        self.stack_at[j / 3] = (c / 3) as u8;
        self.slot_of[c / 3] = (j / 3) as u8;
    }

    /// Puts column `c` at the first position its stack may still take.
    fn put_first_free(&mut self, c: usize) {
        let slot = match self.slot_of[c / 3] {
            NONE => (0..3).find(|&k| self.stack_at[k] == NONE).unwrap_or(2),
            k => k as usize,
        };
        let j = (slot * 3..slot * 3 + 3)
            .find(|&j| self.at[j] == NONE)
            .unwrap_or(slot * 3);
        self.put(c, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_grid, Rng};

    /// The canonical form by trying every geometric transformation, with the count of
    /// those that give it.
    fn brute_force(board: &Board) -> (Board, u32) {
        let mut best = [u8::MAX; CELLS];
        let mut count = 0u32;
        let orders: Vec<[u8; 9]> = {
            let mut v = Vec::new();
            for g in PERMS3 {
                for a in PERMS3 {
                    for b in PERMS3 {
                        for c in PERMS3 {
                            let inner = [a, b, c];
                            let mut o = [0u8; 9];
                            for i in 0..9 {
                                o[i] = g[i / 3] * 3 + inner[i / 3][i % 3];
                            }
                            v.push(o);
                        }
                    }
                }
            }
            v
        };
        let d = board.digits();
        for src in [*d, transposed(d)] {
            for rows in &orders {
                for cols in &orders {
                    let mut label = [0u8; 10];
                    let mut next = 1;
                    let mut cmp = core::cmp::Ordering::Equal;
                    let mut out = [0u8; CELLS];
                    'cells: for i in 0..9 {
                        for j in 0..9 {
                            let x = src[rows[i] as usize * 9 + cols[j] as usize] as usize;
                            let v = if x == 0 {
                                0
                            } else {
                                if label[x] == 0 {
                                    label[x] = next;
                                    next += 1;
                                }
                                label[x]
                            };
                            let k = i * 9 + j;
                            out[k] = v;
                            if cmp == core::cmp::Ordering::Equal {
                                cmp = v.cmp(&best[k]);
                                if cmp == core::cmp::Ordering::Greater {
                                    break 'cells;
                                }
                            }
                        }
                    }
                    match cmp {
                        core::cmp::Ordering::Less => {
                            best = out;
                            count = 1;
                        }
                        core::cmp::Ordering::Equal => count += 1,
                        core::cmp::Ordering::Greater => {}
                    }
                }
            }
        }
        (Board::from_digits(best).unwrap(), count)
    }

    fn puzzle_of(rng: &mut Rng, givens: usize) -> Board {
        let grid = random_grid(rng);
        let mut cells: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut cells);
        let mut p = Board::EMPTY;
        for &i in &cells[..givens] {
            p.set(i, grid.get(i));
        }
        p
    }

    fn board(s: &str) -> Board {
        Board::from_text(s).unwrap()
    }

    #[test]
    fn matches_brute_force_on_puzzles_grids_and_symmetric_boards() {
        let mut rng = Rng::new(24);
        let mut boards = vec![
            puzzle_of(&mut rng, 17),
            puzzle_of(&mut rng, 5),
            puzzle_of(&mut rng, 30),
            random_grid(&mut rng),
            // A grid with many automorphisms: the pattern grid.
            Board::from_digits(core::array::from_fn(|i| {
                let (r, c) = (i / 9, i % 9);
                ((r * 3 + r / 3 + c) % 9 + 1) as u8
            }))
            .unwrap(),
            board(&format!("1{}", ".".repeat(80))),
        ];
        // A board symmetric under a half turn.
        let mut sym = Board::EMPTY;
        let g = random_grid(&mut rng);
        for i in [0, 10, 20, 4, 40, 30, 33] {
            sym.set(i, g.get(i));
            sym.set(80 - i, g.get(80 - i));
        }
        boards.push(sym);
        for b in &boards {
            let fast = canonical(b).unwrap();
            let slow = brute_force(b);
            assert_eq!(fast, slow, "{b}");
        }
    }

    #[test]
    fn the_empty_board_is_fixed_by_every_transformation() {
        assert_eq!(
            canonical(&Board::EMPTY),
            Ok((Board::EMPTY, TRANSFORMATIONS))
        );
    }

    #[test]
    fn equivalent_boards_share_their_form_and_others_do_not() {
        let mut rng = Rng::new(7);
        let mut forms = Vec::new();
        for k in 0..40 {
            let b = if k % 4 == 0 {
                random_grid(&mut rng)
            } else {
                puzzle_of(&mut rng, 17 + k % 20)
            };
            let (form, aut) = canonical(&b).unwrap();
            assert!(aut >= 1);
            assert_eq!(form.givens(), b.givens());
            assert_eq!(canonical(&form).unwrap(), (form, aut), "{b}");
            for seed in 0..8 {
                let t = transform(&b, seed);
                assert_eq!(t.givens(), b.givens());
                assert_eq!(canonical(&t).unwrap(), (form, aut), "{b} seed {seed}: {t}");
            }
            forms.push(form);
        }
        let n = forms.len();
        forms.sort_by_key(|f| *f.digits());
        forms.dedup();
        assert_eq!(forms.len(), n, "two random boards were found equivalent");
    }

    #[test]
    fn a_changed_given_changes_the_form() {
        let mut rng = Rng::new(9);
        let p = puzzle_of(&mut rng, 25);
        let (form, _) = canonical(&p).unwrap();
        // Dropping a given can never give an equivalent board (fewer givens).
        let i = (0..CELLS).find(|&i| p.get(i) != 0).unwrap();
        let mut q = p;
        q.set(i, 0);
        assert_ne!(canonical(&q).unwrap().0, form);
    }

    #[test]
    fn transform_is_seeded_and_keeps_validity() {
        let mut rng = Rng::new(3);
        let g = random_grid(&mut rng);
        assert_eq!(transform(&g, 5), transform(&g, 5));
        assert_ne!(transform(&g, 5), transform(&g, 6));
        assert!(transform(&g, 5).is_solved());
        assert_eq!(transform(&Board::EMPTY, 1), Board::EMPTY);
    }

    #[test]
    fn clashing_and_malformed_boards_are_refused() {
        let mut b = Board::EMPTY;
        b.set(0, 4);
        b.set(8, 4);
        assert_eq!(canonical(&b), Err(Error::Conflict));
        let mut bytes = [b'.'; CELLS];
        bytes[3] = b'x';
        assert_eq!(canonical_bytes(&bytes), Err(Error::InvalidChar));
    }
}
/// Speed on the 17-clue corpus and its solution grids, printed; ignored by default since it
/// needs the corpus outside the repository: run with
/// `cargo test --lib corpus_speed -- --ignored --nocapture`.
#[cfg(test)]
mod corpus_speed {
    #[test]
    #[ignore = "needs ../shared/data/puzzles2_17_clue; prints speeds"]
    fn canonical_forms_per_second() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/puzzles2_17_clue"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("note: {path} is absent; skipped");
            return;
        };
        let boards: Vec<crate::Board> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .filter_map(|l| crate::Board::from_text(&l[..81]).ok())
            .collect();
        for _ in 0..3 {
            let t = std::time::Instant::now();
            let mut n = 0u64;
            for b in &boards {
                n += super::canonical(b).unwrap().1 as u64;
            }
            let s = t.elapsed().as_secs_f64();
            println!(
                "17-clue: {} boards {:.3}s {:.0}/s aut {}",
                boards.len(),
                s,
                boards.len() as f64 / s,
                n
            );
            let grids: Vec<crate::Board> = boards
                .iter()
                .take(20000)
                .map(|b| crate::solve(b).unwrap())
                .collect();
            let t = std::time::Instant::now();
            let mut m = 0u64;
            for g in &grids {
                m += super::canonical(g).unwrap().1 as u64;
            }
            let s = t.elapsed().as_secs_f64();
            println!(
                "grids: {} {:.3}s {:.0}/s aut {m}",
                grids.len(),
                s,
                grids.len() as f64 / s
            );
        }
    }
}
