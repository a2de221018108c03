//! Every primitive of every backend this CPU can run, against the scalar twin
//! ([`Model`]) on random inputs; and the whole engine on each backend against the
//! reference solver.

use super::backend::BoxOps;
use super::model::{Lanes, Model};
use super::solver::{self, Engine, Limits, Start};
use crate::board::Board;
use crate::engine::path::Portable;
use crate::engine::watch::Unwatched;
use crate::engine::{reference, Candidates};

/// The project's seeded generator, so failures reproduce.
pub(crate) struct Rng(pub(crate) crate::rng::SplitMix64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Random lanes: full 16-bit values, digit sets, sparse sets and small counts, mixed
    /// so that equalities and singletons actually occur.
    fn lanes(&mut self) -> Lanes {
        let kind = self.next() % 4;
        let mut out = [0u16; 16];
        for v in out.iter_mut() {
            let r = self.next();
            *v = match kind {
                0 => r as u16,
                1 => r as u16 & 0x1FF,
                2 => (r as u16 & (r >> 16) as u16 & (r >> 32) as u16) & 0x1FF,
                _ => r as u16 % 8,
            };
        }
        out
    }
}

fn mask_lanes<B: BoxOps>(t: B, m: B::Mask) -> Lanes {
    t.lanes(t.select(m, t.splat(0xFFFF), t.splat(0)))
}

/// Checks every primitive of `t` against the model on `rounds` random inputs.
pub(crate) fn check_primitives<B: BoxOps>(t: B, rounds: usize) {
    let m = Model;
    let mut rng = Rng(crate::rng::SplitMix64::new(0x5EED_0001));
    for _ in 0..rounds {
        let (a, b, c) = (rng.lanes(), rng.lanes(), rng.lanes());
        let (va, vb, vc) = (t.load(&a), t.load(&b), t.load(&c));
        assert_eq!(t.lanes(va), a, "load/lanes");
        let rows = [rng.next(), rng.next(), rng.next(), rng.next()];
        assert_eq!(t.lanes(t.with_rows(rows)), m.with_rows(rows), "with_rows");
        assert_eq!(t.lanes(t.splat(a[0])), m.splat(a[0]), "splat");
        assert_eq!(t.lanes(t.and(va, vb)), m.and(a, b), "and");
        assert_eq!(t.lanes(t.or(va, vb)), m.or(a, b), "or");
        assert_eq!(t.lanes(t.and_not(va, vb)), m.and_not(a, b), "and_not");
        assert_eq!(t.lanes(t.row_peers(va)), m.row_peers(a), "row_peers {a:?}");
        assert_eq!(t.lanes(t.col_peers(va)), m.col_peers(a), "col_peers {a:?}");
        assert_eq!(t.lanes(t.sizes(va)), m.sizes(a), "sizes {a:?}");
        assert_eq!(
            t.lanes(t.lowest_digits(va)),
            m.lowest_digits(a),
            "lowest_digits {a:?}"
        );
        // Masks: compare through select, keep and the lane forms.
        let eq = t.eq(va, vb);
        let meq = m.eq(a, b);
        assert_eq!(mask_lanes(t, eq), mask_lanes(m, meq), "eq");
        let (sa, sb) = (a.map(|v| v & 0x7FFF), b.map(|v| v & 0x7FFF));
        let gt = t.gt(t.load(&sa), t.load(&sb));
        let mgt = m.gt(sa, sb);
        assert_eq!(mask_lanes(t, gt), mask_lanes(m, mgt), "gt {sa:?} {sb:?}");
        assert_eq!(
            mask_lanes(t, t.mask_or(eq, gt)),
            mask_lanes(m, m.mask_or(meq, mgt)),
            "mask_or"
        );
        assert_eq!(t.mask_any(eq), m.mask_any(meq), "mask_any");
        assert_eq!(t.mask_any(gt), m.mask_any(mgt), "mask_any");
        assert_eq!(t.lanes(t.select(gt, vb, vc)), m.select(mgt, b, c), "select");
        assert_eq!(t.lanes(t.keep(eq, vc)), m.keep(meq, c), "keep");
        assert_eq!(t.is_zero(va), m.is_zero(a), "is_zero");
        let z = t.and_not(va, va);
        assert!(t.is_zero(z), "is_zero of zero");
        assert_eq!(t.same(va, vb), m.same(a, b), "same");
        let mut near = a;
        near[(rng.next() % 16) as usize] ^= 1 << (rng.next() % 16);
        assert_eq!(
            t.triads_differ(va, t.load(&near)),
            m.triads_differ(a, near),
            "triads_differ"
        );
        assert_eq!(
            t.triads_differ(va, vb),
            m.triads_differ(a, b),
            "triads_differ"
        );
        assert!(t.same(va, t.load(&a)), "same of equal");
        assert_eq!(t.right_column(va), m.right_column(a), "right_column");
        assert_eq!(t.bottom_row(va), m.bottom_row(a), "bottom_row");
        macro_rules! shifted {
            ($($h:literal $v:literal),*) => {$(
                assert_eq!(
                    t.lanes(t.triads_shifted::<$h, $v>(va, vb)),
                    m.triads_shifted::<$h, $v>(a, b),
                    "triads_shifted {} {}", $h, $v
                );
            )*};
        }
        shifted!(0 0, 0 1, 0 2, 1 0, 1 1, 1 2, 2 0, 2 1, 2 2);
        assert_eq!(t.lanes(t.narrowed(vb, va)), m.narrowed(b, a), "narrowed");
        let d = rng.lanes();
        let vd = t.load(&d);
        for (tv, mv) in [
            t.band_configs::<false>([va, vb, vc], vd, va),
            t.band_configs::<true>([va, vb, vc], vd, va),
        ]
        .into_iter()
        .zip([
            m.band_configs::<false>([a, b, c], d, a),
            m.band_configs::<true>([a, b, c], d, a),
        ]) {
            assert_eq!((t.lanes(tv.0), t.lanes(tv.1)), mv, "band_configs");
        }
        macro_rules! band_narrowed {
            ($($v:literal $pos:literal),*) => {$(
                assert_eq!(
                    t.lanes(t.band_narrowed::<$v, $pos>(va, vb, vc)),
                    m.band_narrowed::<$v, $pos>(a, b, c),
                    "band_narrowed {} {}", $v, $pos
                );
            )*};
        }
        band_narrowed!(false 0, false 1, false 2, true 0, true 1, true 2);
        let places: [u32; 9] = core::array::from_fn(|_| rng.next() as u32 & 0x7FF_FFFF);
        let (tb, mb) = (t.band_cells(&places), m.band_cells(&places));
        assert_eq!(tb.map(|x| t.lanes(x)), mb, "band_cells {places:?}");
    }
}

/// Candidates with no elimination at all: a given keeps its digit, a blank every digit.
fn candidates_of(p: &Board) -> Candidates {
    let mut c = Candidates([[0; 9]; 3]);
    for (i, &d) in p.digits().iter().enumerate() {
        let bit = 1 << (i % 27);
        for (e, places) in c.0[i / 27].iter_mut().enumerate() {
            if d == 0 || usize::from(d) == e + 1 {
                *places |= bit;
            }
        }
    }
    c
}

/// Runs `f` on a thread with a large stack: unoptimised builds give the recursive search
/// frames of tens of kilobytes.
///
/// Where the target cannot start threads (wasm32), `f` runs on the calling thread: its
/// stack is the module's (`-z stack-size` at link time).
pub(crate) fn on_big_stack(f: impl FnOnce() + Send) {
    if !crate::platform::THREADS {
        return f();
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, f)
            .expect("spawn a test thread")
            .join()
            .expect("the test thread ran to completion");
    });
}

/// Runs the engine on backend `t` over some classic puzzles and compares with the
/// reference.
pub(crate) fn check_engine<B: Engine + Send>(t: B) {
    on_big_stack(move || check_engine_here(t));
}

fn check_engine_here<B: Engine>(t: B) {
    for text in [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ".................................................................................",
    ] {
        let p = Board::from_text(text).unwrap_or_default();
        let c = candidates_of(&p);
        for limit in [1, 2, 5] {
            let (rn, _) = reference::count(&p, limit);
            for start in [Start::Board(&p), Start::Candidates(&c)] {
                let all = solver::count(t, start, Limits::new(limit, usize::MAX), &mut Unwatched);
                assert!(!all.gave_up, "{text} limit {limit}");
                assert_eq!(all.found, rn, "{text} limit {limit}");
                assert!(all.first.is_some_and(|s| s.is_solution_of(&p)), "{text}");
                // The same count within exactly the guesses it took, and one fewer.
                let exact =
                    solver::count(t, start, Limits::new(limit, all.guesses), &mut Unwatched);
                assert!(!exact.gave_up && exact.found == rn, "{text} limit {limit}");
                if all.guesses > 0 {
                    let short = solver::count(
                        t,
                        start,
                        Limits::new(limit, all.guesses - 1),
                        &mut Unwatched,
                    );
                    assert!(short.gave_up, "{text} limit {limit}");
                }
            }
        }
    }
    let none = solver::count(
        t,
        Start::Board(&Board::EMPTY),
        Limits::new(0, usize::MAX),
        &mut Unwatched,
    );
    assert!(none.found == 0 && none.first.is_none() && !none.gave_up);
}

#[test]
fn model_engine_agrees_with_the_reference() {
    check_engine(Model);
}

#[test]
fn swar_primitives_match_the_model() {
    check_primitives(Portable, 20_000);
    check_engine(Portable);
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse41_primitives_match_the_model() {
    match crate::engine::path::Sse41::detect() {
        Some(t) => {
            check_primitives(t, 20_000);
            check_engine(t);
        }
        None => eprintln!("note: this CPU has no SSE4.1; the SSE4.1 backend is not tested"),
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn avx2_primitives_match_the_model() {
    match crate::engine::path::Avx2::<true>::detect() {
        Some(t) => {
            check_primitives(t, 20_000);
            check_engine(t);
        }
        None => eprintln!("note: this CPU has no AVX2; the AVX2 backend is not tested"),
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_primitives_match_the_model() {
    match crate::engine::path::Avx512::detect() {
        Some(t) => {
            check_primitives(t, 20_000);
            check_engine(t);
        }
        None => {
            eprintln!("note: this CPU lacks AVX-512 F/BW/VL/BITALG; that backend is not tested")
        }
    }
}

#[cfg(target_arch = "aarch64")]
#[test]
fn neon_primitives_match_the_model() {
    let t = crate::engine::path::Neon::detect().expect("every aarch64 CPU has NEON");
    check_primitives(t, 20_000);
    check_engine(t);
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[test]
fn simd128_primitives_match_the_model() {
    let t = crate::engine::path::Simd128::detect().expect("a SIMD128 build runs SIMD128");
    check_primitives(t, 20_000);
    check_engine(t);
}
