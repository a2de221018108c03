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
//! holds and every candidate that sees both (is weakly linked to both) goes. The search is a
//! breadth-first walk from every start node in a fixed order, so the chain reported is a
//! shortest one, the first in that order among those of its length.
//!
//! Forcing chains assume a candidate and propagate naked and hidden singles (on per-digit
//! bitboards). An assumption that empties a cell or leaves a digit no place in a unit is false
//! (contradiction); an assumed removal that does so makes the candidate true. When no
//! assumption fails, every candidate of a cell (cell forcing) or every place of a digit in a
//! unit (unit forcing) is tried: what all branches agree on holds.
//!
//! Nothing here assumes the puzzle has a unique solution: every step holds in every completion
//! of the board that keeps the candidates' solution digits.

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

/// The 27 units as bitboards.
const UNIT_MASK: [u128; 27] = {
    let mut m = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        while k < 9 {
            m[u] |= 1u128 << UNITS[u][k];
            k += 1;
        }
        u += 1;
    }
    m
};

/// The 20 peers of each cell as a bitboard.
const PEER_MASK: [u128; 81] = {
    let mut m = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 20 {
            m[c] |= 1u128 << PEERS[c][k];
            k += 1;
        }
        c += 1;
    }
    m
};

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
                // Not a digit: a filled cell of unknown digit, outside every chain.
                _ => {}
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

/// The shortest alternating chain of `mode` (at least three links) that removes something.
fn chain_search(digits: &[u8; 81], cands: &[u16; 81], mode: Mode) -> Option<ChainFind> {
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
    for a in 0..NODES {
        if !g.node_ok(mode, a) {
            continue;
        }
        if matches!(best, Some((3, _))) {
            break;
        }
        let limit = best.as_ref().map_or(u8::MAX, |b| b.0);
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
                    let mut removed = [0u16; 81];
                    if g.common(mode, a, m, &mut removed) {
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
pub(crate) fn x_chain(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    chain_search(digits, cands, Mode::X)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use std::path::PathBuf;

    /// The puzzles of a file: one 81-character board at the start of a line, other lines
    /// (comments) skipped.
    fn read_puzzles(path: &std::path::Path, limit: usize) -> Vec<Board> {
        let Ok(text) = std::fs::read_to_string(path) else {
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
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
        dir.is_dir().then_some(dir)
    }

    fn bundled() -> Vec<Board> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
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
            for b in 18..27 {
                for l in 0..18 {
                    let inter = UNIT_MASK[b] & UNIT_MASK[l];
                    if inter == 0 {
                        continue;
                    }
                    for d in 0..9 {
                        let mut pos = 0u128;
                        for c in 0..81 {
                            if digits[c] == 0 && cands[c] >> d & 1 != 0 {
                                pos |= 1 << c;
                            }
                        }
                        for (from, to) in [(b, l), (l, b)] {
                            let p = pos & UNIT_MASK[from];
                            if p != 0 && p & !inter == 0 {
                                let mut rm = pos & UNIT_MASK[to] & !inter;
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
        let Ok(sol) = crate::solve(board) else {
            return false;
        };
        let sol = *sol.digits();
        let mut digits = *board.digits();
        let mut cands = peer_candidates(&digits);
        'walk: loop {
            basics(&mut digits, &mut cands, &sol);
            if digits.iter().all(|&d| d != 0) {
                return true;
            }
            for (i, (name, t)) in techniques.iter().enumerate() {
                if let Some(f) = t(&digits, &cands) {
                    check_apply(name, &f, &mut digits, &mut cands, &sol);
                    steps[i] += 1;
                    continue 'walk;
                }
            }
            return false;
        }
    }

    fn corpus_sample(name: &str, limit: usize) -> Vec<Board> {
        shared_data().map_or_else(Vec::new, |d| read_puzzles(&d.join(name), limit))
    }

    /// Bit of digit `d` (1-9).
    fn bit(d: u8) -> u16 {
        1 << (d - 1)
    }

    fn grid_of(puzzle: &str) -> ([u8; 81], [u16; 81]) {
        let b = Board::from_text(puzzle).unwrap();
        let digits = *b.digits();
        (digits, peer_candidates(&digits))
    }

    #[test]
    fn x_chain_soundness_on_bundled_and_corpus_puzzles() {
        let mut boards = bundled();
        boards.extend(corpus_sample("puzzles3_magictour_top1465", 300));
        boards.extend(corpus_sample("puzzles6_forum_hardest_1106", 100));
        assert!(boards.len() > 100);
        let mut steps = [0];
        for b in &boards {
            walk(b, &[("x_chain", x_chain)], &mut steps);
        }
        assert!(steps[0] > 0);
        eprintln!("x_chain: {} steps on {} puzzles", steps[0], boards.len());
    }

    #[test]
    #[ignore = "prints example steps found on the corpus"]
    fn print_examples() {
        let techniques: [Technique; 1] = [("x_chain", x_chain)];
        for b in corpus_sample("puzzles3_magictour_top1465", 50) {
            let sol = *crate::solve(&b).unwrap().digits();
            let mut digits = *b.digits();
            let mut cands = peer_candidates(&digits);
            basics(&mut digits, &mut cands, &sol);
            for (name, t) in &techniques {
                if let Some(f) = t(&digits, &cands) {
                    let text: String = digits.iter().map(|&d| (b'0' + d) as char).collect();
                    eprintln!(
                        "{name} {text}\n cands {cands:?}\n removed {:?} place {:?}\n pattern {:?}",
                        f.removed
                            .iter()
                            .enumerate()
                            .filter(|x| *x.1 != 0)
                            .collect::<Vec<_>>(),
                        f.place,
                        f.pattern
                            .iter()
                            .enumerate()
                            .filter(|x| *x.1 != 0)
                            .collect::<Vec<_>>()
                    );
                }
            }
        }
    }
}
