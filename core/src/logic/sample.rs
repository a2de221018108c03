//! Grids for the unit tests of the techniques: every grid along the walks of generated
//! puzzles, each also as a variant full of cells with two or three candidates.

use super::grid::Grid;
use super::{apply, next_step, Technique};
use crate::difficulty::Difficulty;
use crate::rng::SplitMix64;

/// Calls `f` on every grid along the walks of six Master and six Extreme puzzles, and on
/// a variant of each where every open cell with more than two candidates keeps its
/// solution's digit and one or two of its other candidates (seeded: the same grids on
/// every run).
pub(super) fn walk_grids(mut f: impl FnMut(&Grid)) {
    let mut rng = SplitMix64::new(37);
    for level in [Difficulty::Master, Difficulty::Extreme] {
        for seed in 0..6 {
            let (puzzle, solution) = crate::generate(seed, level);
            let solution = solution.digits();
            let mut g = Grid::new(&puzzle);
            while !g.full() {
                let mut cand = g.cand;
                for (c, m) in cand.iter_mut().enumerate() {
                    if m.count_ones() > 2 {
                        let mut keep = 1u16 << (solution[c] - 1);
                        for _ in 0..1 + rng.below(2) {
                            let others = *m & !keep;
                            let k = rng.below(others.count_ones() as usize);
                            let d = (0..9).filter(|&d| others >> d & 1 != 0).nth(k);
                            keep |= 1 << d.unwrap_or(0);
                        }
                        *m = keep;
                    }
                }
                f(&g);
                f(&Grid::from_parts(g.digit, cand));
                let step = next_step(&g, solution, Technique::FullHouse, None).expect("memory");
                apply(&mut g, &step);
            }
        }
    }
}
