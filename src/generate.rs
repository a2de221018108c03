//! Seeded generation of proper, minimal puzzles of a chosen difficulty.

use crate::board::{Board, CELLS};
use crate::count::{uniqueness_clash_free, Uniqueness};
use crate::rate::{rate_unique, rate_unique_at_most, solve_logically, Difficulty, Techniques};
use crate::units::PEERS;

/// A small, fast, deterministic pseudo-random generator (SplitMix64).
///
/// The same seed gives the same sequence on every platform: generation depends on nothing
/// else.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-and-shift.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A complete valid grid drawn from `rng`: a depth-first fill that takes the open cell with
/// the fewest candidates (the first such cell in row-major order) and tries its digits in
/// random order.
pub(crate) fn random_grid(rng: &mut Rng) -> Board {
    let mut cand = [0x1FFu16; CELLS];
    let mut grid = [0u8; CELLS];
    if fill(&mut cand, &mut grid, rng) {
        if let Some(b) = Board::from_digits(grid) {
            return b;
        }
    }
    // An empty grid always has a completion, so this is never reached; a fixed valid
    // grid keeps the function total without a panic.
    Board::from_digits(core::array::from_fn(|i| {
        let (r, c) = (i / 9, i % 9);
        ((r * 3 + r / 3 + c) % 9 + 1) as u8
    }))
    .unwrap_or(Board::EMPTY)
}

fn fill(cand: &mut [u16; CELLS], grid: &mut [u8; CELLS], rng: &mut Rng) -> bool {
    let mut best: Option<(u32, usize)> = None;
    for i in 0..CELLS {
        if grid[i] == 0 {
            let n = cand[i].count_ones();
            if best.is_none_or(|(b, _)| n < b) {
                best = Some((n, i));
                if n <= 1 {
                    break;
                }
            }
        }
    }
    let Some((n, cell)) = best else {
        return true;
    };
    if n == 0 {
        return false;
    }
    let mut digits = [0u8; 9];
    let mut k = 0;
    for d in 1..=9u8 {
        if cand[cell] & (1 << (d - 1)) != 0 {
            digits[k] = d;
            k += 1;
        }
    }
    let digits = &mut digits[..k];
    rng.shuffle(digits);
    for &d in digits.iter() {
        let (saved_cand, saved_grid) = (*cand, *grid);
        let bit = 1u16 << (d - 1);
        grid[cell] = d;
        cand[cell] = 0;
        for &p in &PEERS[cell] {
            cand[p as usize] &= !bit;
        }
        if fill(cand, grid, rng) {
            return true;
        }
        *cand = saved_cand;
        *grid = saved_grid;
    }
    false
}

/// Removes givens of `puzzle` (whose only solution is `solution`) in the order of `order`,
/// keeping each removal that leaves exactly one solution. The result is minimal: a given
/// that could not go when it was tried cannot go later either, since removing givens only
/// adds solutions.
pub(crate) fn minimize(puzzle: &Board, order: &[usize]) -> Board {
    let mut p = *puzzle;
    for &i in order {
        let d = p.get(i);
        if d == 0 {
            continue;
        }
        p.set(i, 0);
        if uniqueness_clash_free(&p) != Uniqueness::Unique {
            p.set(i, d);
        }
    }
    p
}

/// A random minimal puzzle and its solution (any difficulty).
#[cfg(test)]
pub(crate) fn random_minimal(rng: &mut Rng) -> (Board, Board) {
    let solution = random_grid(rng);
    let mut order: [usize; CELLS] = core::array::from_fn(|i| i);
    rng.shuffle(&mut order);
    (minimize(&solution, &order), solution)
}

/// Whether blank cell `i` of `p` is a naked single of the givens: its peers hold the eight
/// other digits. Such a given can always go: singles put it straight back.
fn forced_by_peers(p: &Board, i: usize) -> bool {
    let mut seen = 0u16;
    for &q in &PEERS[i] {
        let d = p.get(q as usize);
        if d != 0 {
            seen |= 1 << (d - 1);
        }
    }
    seen.count_ones() == 8
}

/// One try at a minimal puzzle of the solution `solution` rated at most `max`: givens go in
/// the order of `order` while the techniques up to `max` still fill the grid, and stay when
/// removing them leaves several solutions. `None` when a removal keeps one solution but
/// needs more than `max`: such a given must go for minimality, and the rating never drops
/// again as givens go, so the try cannot succeed.
fn minimize_at_most(solution: &Board, order: &[usize], max: Difficulty) -> Option<Board> {
    let allowed = Techniques::up_to(max);
    let mut p = *solution;
    for &i in order {
        let d = p.get(i);
        p.set(i, 0);
        if forced_by_peers(&p, i) || solve_logically(&p, allowed).solved {
            continue;
        }
        match uniqueness_clash_free(&p) {
            Uniqueness::Unique => return None,
            _ => p.set(i, d),
        }
    }
    Some(p)
}

/// Generates a puzzle of the given difficulty from `seed`: `(puzzle, solution)`.
pub fn generate(seed: u64, difficulty: Difficulty) -> (Board, Board) {
    let mut rng = Rng::new(seed ^ (difficulty.code() as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    loop {
        let solution = random_grid(&mut rng);
        let mut order: [usize; CELLS] = core::array::from_fn(|i| i);
        rng.shuffle(&mut order);
        if difficulty == Difficulty::Expert {
            let p = minimize(&solution, &order);
            if rate_unique(&p) == difficulty {
                return (p, solution);
            }
            continue;
        }
        let Some(p) = minimize_at_most(&solution, &order, difficulty) else {
            continue;
        };
        let easier = Difficulty::from_code(difficulty.code() - 1);
        if easier.is_none_or(|e| rate_unique_at_most(&p, e).is_none()) {
            return (p, solution);
        }
    }
}
