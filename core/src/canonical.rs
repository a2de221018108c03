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
//! A complete grid takes a second way, since there the first row (always `123456789`) tells
//! no columns apart: the top band of the result decides the column order but for a few
//! candidates (see "complete grids" below), and the other rows follow from it. Neither
//! way allocates.

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
    if board.is_complete() {
        let (form, count) = grid_form(digits);
        return Ok((Board::from_digits(form).ok_or(Error::Internal)?, count));
    }
    let mut search = Search {
        boards: [*digits, transposed(digits)],
        best: [0; CELLS],
        best_len: 0,
        count: 0,
    };
    search.puzzles();
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

/// [`transform`] of an 81-byte board, with the checks of the C calls: bad bytes
/// ([`Error::InvalidChar`]) before clashes ([`Error::Conflict`]).
pub fn transform_bytes(bytes: &[u8; CELLS], seed: u64) -> Result<Board, Error> {
    let board = Board::from_bytes(bytes)?;
    board.check_conflicts()?;
    Ok(transform(&board, seed))
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
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

// ---- complete grids ---------------------------------------------------------------------
//
// The first row of a complete grid's form is always `123456789`: the relabelling numbers
// the digits of the first source row by the position of their column. The transformation
// that gives the form takes one of the 6 bands (3 bands of rows, 3 stacks read as rows)
// to the top, in one of its 6 row orders, with one of the 1,296 column orders that keep
// stacks together; the top band of the form is the smallest of those. With the first two
// source rows chosen, let f(c) be the column of the first row holding the second row's
// digit in column c: the second row of the result is the column order's conjugate of f,
// and f sends the three columns of a stack into the other two stacks.
//
// Either the second row's three digits in each box are the first row's digits of one
// stack (a "pure" band; then every row of the band is so), or every stack sends two
// columns into one stack (N) and one into the other. In the second case the smallest
// second row starts `457`: slot 0 holds a stack A whose two columns bound for N(A) come
// first, slot 1 holds N(A) with their two images first, and the image of A's third column
// opens slot 2. That fixes the whole column order but for A and the order of those two
// columns (6 choices), since the second row then fixes the last stack's other columns. A
// pure band's smallest second row starts `456789`: A and the order of its columns fix the
// others through f (18 choices). Pure bands come before mixed ones, so a grid with a pure
// band only tries those.
//
// Each candidate fixes the column order and the relabelling; the other six rows then go
// in the order of their digit in the first column (it differs in every row; the bands by
// their smallest). Every candidate that reaches the smallest grid is one transformation
// mapping the grid onto its form, so their number is the automorphism count.

/// The canonical form of a complete, valid grid and the number of transformations that
/// give it.
fn grid_form(digits: &[u8; CELLS]) -> ([u8; CELLS], u32) {
    use core::cmp::Ordering;
    let view = GridView::new(digits);
    let pure: [bool; 6] = core::array::from_fn(|band| view.pure(band));
    let any_pure = pure.contains(&true);
    // The smallest rows 2-3 so far and the candidates that give them, each as its top
    // (band and row order) times 18 plus its number among the top's candidates.
    let mut band = [u8::MAX; 18];
    let mut ties = [0u16; MAX_CANDIDATES];
    let mut n = 0;
    for t in 0..36 {
        if pure[t / 6] != any_pure {
            continue;
        }
        let top = view.top(t);
        for k in 0..top.candidates() {
            // Most candidates lose at the first cell that differs between them.
            if top.first_cell(k) > band[top.fixed()] {
                continue;
            }
            let at = top.column_order(k);
            let id = (t * 18 + k) as u16;
            match view.compare_band(&top, &at, &mut band) {
                Ordering::Less => {
                    ties[0] = id;
                    n = 1;
                }
                Ordering::Equal => {
                    // At most MAX_CANDIDATES candidates are tried in all.
                    if let Some(slot) = ties.get_mut(n) {
                        *slot = id;
                        n += 1;
                    }
                }
                Ordering::Greater => {}
            }
        }
    }
    let mut rest = [u8::MAX; 54];
    let mut count = 0;
    for &id in &ties[..n] {
        let top = view.top(id as usize / 18);
        let at = top.column_order(id as usize % 18);
        match view.compare_rest(&top, &at, &mut rest) {
            Ordering::Less => count = 1,
            Ordering::Equal => count += 1,
            Ordering::Greater => {}
        }
    }
    let mut out = [0u8; CELLS];
    for (j, x) in out[..9].iter_mut().enumerate() {
        *x = j as u8 + 1;
    }
    out[9..27].copy_from_slice(&band);
    out[27..].copy_from_slice(&rest);
    (out, count)
}

/// The most candidates a grid can have: 36 tops of 18 (pure bands; mixed ones have 6).
const MAX_CANDIDATES: usize = 36 * 18;

/// A complete grid as given and transposed, with the column of each digit in each row.
struct GridView {
    g: [[u8; CELLS]; 2],
    col_of: [[[u8; 10]; 9]; 2],
}

/// A top band being tried: the orientation, its source rows, whether the band is pure,
/// and for the second row the column of the first row holding each of its digits.
struct Top {
    o: usize,
    rows: [usize; 3],
    pure: bool,
    f: [u8; 9],
}

impl Top {
    /// How many column orders are candidates.
    fn candidates(&self) -> usize {
        if self.pure {
            18
        } else {
            6
        }
    }

    /// Candidate `k`: the column order (the source column of each column of the result).
    fn column_order(&self, k: usize) -> [u8; 9] {
        let f = &self.f;
        let stack = |c: u8| c / 3;
        let mut at = [0u8; 9];
        if self.pure {
            let first = (k / 6) as u8 * 3;
            let perm = &PERMS3[k % 6];
            for i in 0..3 {
                at[i] = first + perm[i];
                at[3 + i] = f[at[i] as usize];
                at[6 + i] = f[at[3 + i] as usize];
            }
            return at;
        }
        let a = (k / 2) as u8;
        let first = a * 3;
        let (x, y, single, n) = self.mixed_start(k);
        let other = 3 - a - n;
        at[0] = first + x;
        at[1] = first + y;
        at[2] = first + single;
        at[3] = f[at[0] as usize];
        at[4] = f[at[1] as usize];
        at[5] = n * 3 + 3 - at[3] % 3 - at[4] % 3;
        at[6] = f[at[2] as usize];
        // The last stack's second column: the first of its columns but at[6] that the
        // middle stack's columns send to (one of them does: two go to that stack).
        let mut next = at[6];
        for &c in &at[3..6] {
            let t = f[c as usize];
            if stack(t) == other && t != at[6] {
                next = t;
                break;
            }
        }
        at[7] = next;
        at[8] = other * 3 + 3 - at[6] % 3 - at[7] % 3;
        at
    }

    /// For candidate `k` of a mixed band, with A = stack `k / 2`: the places in A of its
    /// first two columns (the two f sends to one stack, in the order `k` says) and of its
    /// column sent alone, and the stack N(A) the two go to.
    fn mixed_start(&self, k: usize) -> (u8, u8, u8, u8) {
        let first = (k / 2) * 3;
        let s: [u8; 3] = core::array::from_fn(|i| self.f[first + i] / 3);
        let (single, p, q) = if s[0] == s[1] {
            (2, 0, 1)
        } else if s[0] == s[2] {
            (1, 0, 2)
        } else {
            (0, 1, 2)
        };
        let (x, y) = if k.is_multiple_of(2) { (p, q) } else { (q, p) };
        (x, y, single, s[p as usize])
    }

    /// Cell `fixed()` of the second row for candidate `k`, without the whole column order.
    fn first_cell(&self, k: usize) -> u8 {
        let f = &self.f;
        if self.pure {
            // Cell 6 holds the column of the first stack that f^3 sends its first column to.
            let first = (k / 6) as u8 * 3;
            let perm = &PERMS3[k % 6];
            let t = f[f[f[(first + perm[0]) as usize] as usize] as usize];
            let i = (0..3).position(|i| first + perm[i] == t).unwrap_or(2);
            return i as u8 + 1;
        }
        let first = (k / 2) as u8 * 3;
        let (x, y, single, _) = self.mixed_start(k);
        // Cell 3 holds f(f(at[0])): a column of the first stack (1-3 by its place there)
        // or of the last (7 if it is f(at[2]), 8 otherwise).
        let t = f[f[(first + x) as usize] as usize];
        if t == first + x {
            1
        } else if t == first + y {
            2
        } else if t == first + single {
            3
        } else if t == f[(first + single) as usize] {
            7
        } else {
            8
        }
    }

    /// The cells of the second row that are the same for every candidate.
    fn fixed(&self) -> usize {
        // 456789 for a pure band, 457 for a mixed one.
        if self.pure {
            6
        } else {
            3
        }
    }
}

impl GridView {
    fn new(digits: &[u8; CELLS]) -> GridView {
        let g = [*digits, transposed(digits)];
        let mut col_of = [[[0u8; 10]; 9]; 2];
        for (o, grid) in g.iter().enumerate() {
            for r in 0..9 {
                for c in 0..9 {
                    col_of[o][r][grid[r * 9 + c] as usize] = c as u8;
                }
            }
        }
        GridView { g, col_of }
    }

    /// Whether band `band` (0-2: bands of rows, 3-5: stacks) is pure: its second row's
    /// digits in the first box are its first row's digits of some stack.
    fn pure(&self, band: usize) -> bool {
        let g = &self.g[band / 3];
        let r = (band % 3) * 3;
        let mask = |row: usize, stack: usize| -> u16 {
            g[row * 9 + stack * 3..row * 9 + stack * 3 + 3]
                .iter()
                .fold(0, |m, &d| m | 1 << d)
        };
        let m = mask(r + 1, 0);
        m == mask(r, 1) || m == mask(r, 2)
    }

    /// Top `t`: band `t / 6` in row order `t % 6`.
    fn top(&self, t: usize) -> Top {
        let o = t / 18;
        let base = (t / 6 % 3) * 3;
        let rows = PERMS3[t % 6].map(|r| base + usize::from(r));
        let g = &self.g[o];
        let col_of = &self.col_of[o][rows[0]];
        Top {
            o,
            rows,
            pure: self.pure(t / 6),
            f: core::array::from_fn(|c| col_of[g[rows[1] * 9 + c] as usize]),
        }
    }

    /// Compares rows 2-3 of the grid the column order `at` gives with `best`, which it
    /// replaces if they are smaller.
    fn compare_band(&self, top: &Top, at: &[u8; 9], best: &mut [u8; 18]) -> core::cmp::Ordering {
        use core::cmp::Ordering;
        let mut pos = [0u8; 9];
        for (j, &c) in at.iter().enumerate() {
            pos[c as usize] = j as u8;
        }
        let g = &self.g[top.o];
        let col_of = &self.col_of[top.o][top.rows[0]];
        let third = &g[top.rows[2] * 9..top.rows[2] * 9 + 9];
        // Cell k of rows 2-3: the position of the column of the first row holding its digit.
        let cell = |k: usize| -> u8 {
            let t = if k < 9 {
                top.f[at[k] as usize]
            } else {
                col_of[third[at[k - 9] as usize] as usize]
            };
            pos[t as usize] + 1
        };
        for k in top.fixed()..18 {
            let v = cell(k);
            if v != best[k] {
                if v > best[k] {
                    return Ordering::Greater;
                }
                for (m, x) in best.iter_mut().enumerate() {
                    *x = cell(m);
                }
                return Ordering::Less;
            }
        }
        Ordering::Equal
    }

    /// Compares rows 4-9 of the grid the column order `at` gives with `best`, which it
    /// replaces if they are smaller.
    fn compare_rest(&self, top: &Top, at: &[u8; 9], best: &mut [u8; 54]) -> core::cmp::Ordering {
        use core::cmp::Ordering;
        let g = &self.g[top.o];
        let col_of = &self.col_of[top.o][top.rows[0]];
        let mut pos = [0u8; 9];
        for (j, &c) in at.iter().enumerate() {
            pos[c as usize] = j as u8;
        }
        let mut label = [0u8; 10];
        for d in 1..10 {
            label[d] = pos[col_of[d] as usize] + 1;
        }
        let row = |r: usize| -> [u8; 9] {
            let src = &g[r * 9..r * 9 + 9];
            core::array::from_fn(|j| label[src[at[j] as usize] as usize])
        };
        // The other rows by their digit in the first column, the bands by their smallest.
        let key = |r: usize| label[g[r * 9 + at[0] as usize] as usize];
        let mut order = [0usize; 6];
        let mut firsts = [0u8; 2];
        for (slot, b) in (0..3).filter(|&b| b != top.rows[0] / 3).enumerate() {
            let mut rows = [b * 3, b * 3 + 1, b * 3 + 2];
            rows.sort_unstable_by_key(|&r| key(r));
            order[slot * 3..slot * 3 + 3].copy_from_slice(&rows);
            firsts[slot] = key(rows[0]);
        }
        if firsts[1] < firsts[0] {
            order.rotate_left(3);
        }
        for (k, &r) in order.iter().enumerate() {
            let values = row(r);
            match values[..].cmp(&best[k * 9..k * 9 + 9]) {
                Ordering::Greater => return Ordering::Greater,
                Ordering::Less => {
                    for (m, &r) in order.iter().enumerate().skip(k) {
                        best[m * 9..m * 9 + 9].copy_from_slice(&row(r));
                    }
                    return Ordering::Less;
                }
                Ordering::Equal => {}
            }
        }
        Ordering::Equal
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
            board(MOST_SYMMETRIC),
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

    /// The canonical form by the search for boards with blanks, which works on any board.
    fn general(board: &Board) -> (Board, u32) {
        let digits = board.digits();
        let mut search = Search {
            boards: [*digits, transposed(digits)],
            best: [0; CELLS],
            best_len: 0,
            count: 0,
        };
        search.puzzles();
        (
            Board::from_digits(search.best).unwrap(),
            u32::try_from(search.count).unwrap(),
        )
    }

    /// The grid whose rows are the first shifted by 0, 3, 6, 1, 4, 7, 2, 5, 8 cells.
    fn pattern_grid() -> Board {
        Board::from_digits(core::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u8
        }))
        .unwrap()
    }

    /// A grid that 648 transformations map onto itself, the most any grid has.
    const MOST_SYMMETRIC: &str =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

    /// Swaps two digits on one connected part of the cells holding them (cells linked
    /// when they share a unit): every unit of the part holds both, so the grid stays valid.
    fn swap_part(grid: &mut Board, rng: &mut Rng) {
        let x = 1 + rng.below(9) as u8;
        let y = 1 + (x as usize + rng.below(8)) % 9;
        let y = y as u8;
        let cells: Vec<usize> = (0..CELLS)
            .filter(|&i| grid.get(i) == x || grid.get(i) == y)
            .collect();
        let linked = |a: usize, b: usize| {
            a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
        };
        let mut part = vec![cells[rng.below(cells.len())]];
        let mut k = 0;
        while k < part.len() {
            let a = part[k];
            for &b in &cells {
                if !part.contains(&b) && linked(a, b) {
                    part.push(b);
                }
            }
            k += 1;
        }
        for &i in &part {
            grid.set(i, if grid.get(i) == x { y } else { x });
        }
        assert!(grid.is_solved());
    }

    #[test]
    fn complete_grids_match_the_general_search() {
        let mut rng = Rng::new(2024);
        let mut grids = vec![pattern_grid(), board(MOST_SYMMETRIC)];
        for _ in 0..40 {
            grids.push(random_grid(&mut rng));
        }
        // Grids near the pattern grid, many with automorphisms.
        for n in 1..=60 {
            let mut g = pattern_grid();
            for _ in 0..1 + n % 4 {
                swap_part(&mut g, &mut rng);
            }
            grids.push(g);
        }
        let mut symmetric = 0;
        let mut pure = 0;
        for (k, g) in grids.iter().enumerate() {
            let reference = general(g);
            if reference.1 > 1 {
                symmetric += 1;
            }
            let view = GridView::new(g.digits());
            if (0..6).any(|b| view.pure(b)) {
                pure += 1;
            }
            for seed in 0..4 {
                let t = transform(g, k as u64 * 4 + seed);
                assert_eq!(canonical(&t).unwrap(), reference, "{g} seed {seed}: {t}");
            }
        }
        assert_eq!(general(&pattern_grid()).1, 54);
        assert_eq!(general(&board(MOST_SYMMETRIC)).1, 648);
        assert!(symmetric >= 20, "only {symmetric} grids with automorphisms");
        assert!(pure >= 10, "only {pure} grids with a pure band");
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
        assert_eq!(transform_bytes(&bytes, 1), Err(Error::InvalidChar));
        bytes[3] = b'.';
        bytes[0] = b'4';
        bytes[8] = b'4';
        assert_eq!(transform_bytes(&bytes, 1), Err(Error::Conflict));
        bytes[8] = b'.';
        let board = Board::from_bytes(&bytes).unwrap();
        assert_eq!(transform_bytes(&bytes, 7), Ok(transform(&board, 7)));
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
