//! Depth-first search over band states, counting solutions up to a limit.
//!
//! The search is a loop over an explicit stack rather than recursion, so that one function
//! body (inlined into each path's `#[target_feature]` entry) holds the whole engine. A
//! guess takes a bivalue cell when there is one, else an open cell with few candidates
//! ([`choose_cell`] says which): it pushes the state with the first candidate removed and goes on with the first
//! candidate placed.

#![allow(unsafe_code)]

use super::isa::BandOps;
use super::state::{Fixpoint, State};
use super::tables::ROW_COUNT;
use crate::board::CELLS;
use crate::engine::watch::Watch;
use crate::engine::Candidates;
use core::mem::MaybeUninit;

/// Stack capacity. Every guess fixes a cell in the state it leads to, so a path from the
/// root holds at most 81 guesses with alternatives left.
const DEPTH: usize = CELLS;

/// What a search reports besides its count: how much guessing it needed. A search adds
/// its guesses to `guesses` (so one value can sum over many searches) and sets
/// `open_at_first_guess` when it got to a guess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Guesses made (each bivalue branch counts once).
    pub guesses: u64,
    /// Open cells when the first guess was made (or was refused); 0 if no search so far
    /// needed a guess.
    pub open_at_first_guess: u32,
}

/// Limits of a search, and how it guesses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Stop once this many solutions are found (at least 1).
    pub solutions: usize,
    /// Give up after this many guesses.
    pub guesses: u64,
    /// Give up at the first guess if more cells than this are open.
    pub open_at_first_guess: u32,
    /// Which bivalue cell a guess takes.
    pub guess: Guess,
}

/// Which bivalue cell a guess takes (see [`choose_cell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Guess {
    /// The first one, band by band: the cheapest choice, and the one that reaches a first
    /// solution of a puzzle with several soonest.
    FirstPair,
    /// The first one in the row with the most of the band with the most: fewer guesses on
    /// hard puzzles, for the price of looking at every band at each guess.
    MostPairs,
}

/// A budgeted search gave up: its guess budget ran out, or too many cells were open at
/// its first guess. The puzzle should go to an engine built for hard puzzles, which can
/// start from the candidates carried here: the propagated state the search made its first
/// guess from (every solution of the puzzle is consistent with it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GaveUp(pub Candidates);

/// One saved alternative: a state and its worklist.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    dirty: u32,
}

/// Counts the solutions from `root` (with worklist `dirty`) up to `limits.solutions`,
/// writing the first one into `out` as `base + digit`. Returns the count, or `GaveUp` if
/// the guess limits were hit first or `watch` asked to stop (then `watch.stopped()`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn search<I: BandOps, W: Watch>(
    isa: I,
    root: State,
    dirty: u32,
    limits: Limits,
    out: &mut [u8; CELLS],
    base: u8,
    stats: &mut SearchStats,
    watch: &mut W,
) -> Result<usize, GaveUp> {
    let mut stack: [MaybeUninit<Frame>; DEPTH] = [const { MaybeUninit::uninit() }; DEPTH];
    let mut depth = 0usize;
    let mut state = root;
    let mut dirty = dirty;
    let mut found = 0usize;
    let mut rescan = true;
    let mut guesses = 0u64;
    let mut open_at_first_guess = 0;
    // The state of the first guess, once there is one (a valid hand-off before that too).
    let mut first_guess = root.f;
    let result = loop {
        let fixpoint = state.propagate(isa, dirty, guesses == 0, rescan);
        rescan = false;
        match fixpoint {
            Ok(Fixpoint::Solved) => {
                if found == 0 {
                    isa.write_digits(&state.f, out, base);
                }
                found += 1;
                if found >= limits.solutions {
                    break Ok(found);
                }
            }
            Ok(Fixpoint::Stuck) => {
                if guesses == 0 {
                    first_guess = state.f;
                    open_at_first_guess = state.unsolved.iter().map(|u| u.count_ones()).sum();
                    if open_at_first_guess > limits.open_at_first_guess {
                        break Err(GaveUp(Candidates(first_guess)));
                    }
                }
                if guesses >= limits.guesses {
                    break Err(GaveUp(Candidates(first_guess)));
                }
                guesses += 1;
                if watch.stop(found) {
                    break Err(GaveUp(Candidates(first_guess)));
                }
                let (b, p) = choose_cell(isa, &state, limits.guess);
                let d = isa.holding(&state.f[b], 1 << p).trailing_zeros() as usize;
                let Some(slot) = stack.get_mut(depth) else {
                    break Err(GaveUp(Candidates(first_guess)));
                };
                // The alternative is edited in its slot: editing a copy first and then
                // moving it would read freshly stored words with wide loads.
                let alt = slot.write(Frame { state, dirty: 0 });
                alt.dirty = alt.state.eliminate(b, p, d);
                depth += 1;
                dirty = state.place(isa, b, p, d);
                continue;
            }
            Err(_) => {}
        }
        // Backtrack to the latest alternative.
        if depth == 0 {
            break Ok(found);
        }
        depth -= 1;
        // SAFETY: every slot below the old `depth` was written by `slot.write` above before
        // `depth` grew past it, and `Frame` is `Copy`, so reading it out again is sound.
        let frame = unsafe { stack[depth].assume_init_read() };
        state = frame.state;
        dirty = frame.dirty;
    };
    stats.guesses += guesses;
    if guesses > 0 || open_at_first_guess > 0 {
        stats.open_at_first_guess = open_at_first_guess;
    }
    result
}

/// The cell to guess on.
///
/// A bivalue cell when there is one: with [`Guess::FirstPair`] the first one; with
/// [`Guess::MostPairs`], of the band with the most bivalue cells, the first one in the
/// band's row with the most (the first band and row on a tie). Without one (mostly at the
/// root of a hard puzzle), the first open cell of some band, the one with the fewest
/// candidates of the three (the first band's on a tie).
///
/// No cheap rule is best on every puzzle; these made the fewest guesses of the rules
/// tried on the forum's hardest corpora and magictour, with relabelled digits, at a cost
/// per guess of a few popcounts (docs/performance.md has the counts). A guess where
/// bivalue cells are many propagates furthest.
#[inline(always)]
fn choose_cell<I: BandOps>(isa: I, state: &State, guess: Guess) -> (usize, u32) {
    if guess == Guess::FirstPair {
        for b in 0..3 {
            let pairs = state.pairs(isa, b);
            if pairs != 0 {
                return (b, pairs.trailing_zeros());
            }
        }
    }
    let pairs = [
        state.pairs(isa, 0),
        state.pairs(isa, 1),
        state.pairs(isa, 2),
    ];
    if pairs != [0; 3] {
        // The index of the largest of three counts, the first on a tie.
        let most = |n: [u32; 3]| {
            if n[0] >= n[1] && n[0] >= n[2] {
                0
            } else if n[1] >= n[2] {
                1
            } else {
                2
            }
        };
        let rows = pairs.map(|p| [0, 9, 18].map(|r| ROW_COUNT[(p >> r & 0x1FF) as usize] as u32));
        let b = most(rows.map(|n| n[0] + n[1] + n[2]));
        let r = most(rows[b]);
        return (
            b,
            (pairs[b] >> (9 * r) & 0x1FF).trailing_zeros() + 9 * r as u32,
        );
    }
    let mut best = (u32::MAX, 0, 0);
    for (b, &open) in state.unsolved.iter().enumerate() {
        if open != 0 {
            let p = open.trailing_zeros();
            let n = ROW_COUNT[isa.holding(&state.f[b], 1 << p) as usize & 0x1FF] as u32;
            if n < best.0 {
                best = (n, b, p);
            }
        }
    }
    (best.1, best.2)
}
