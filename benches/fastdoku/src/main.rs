//! libsudoku (`sudoku_solve`, `sudoku_count_solutions` to 2, loaded from a built shared
//! library) against fastdoku (its `auto` engine as its command line routes puzzles: the
//! band engine first, the triad engine for what it defers) on the same corpora, one thread.
//!
//! usage: fastdoku-bench --lib PATH/libsudoku.so [--rounds N] CORPUS...
//!
//! Every answer of both is checked first (a valid grid keeping the givens; the same count
//! to 2). Then, per corpus, rounds alternate ours and fastdoku's, solving and then counting
//! to 2, each round over the corpus with its digits relabelled by a fresh permutation; the
//! best round of each is kept, in microseconds a puzzle.

use std::os::raw::{c_char, c_int};
use std::time::Instant;

type SolveFn = unsafe extern "C" fn(*mut c_char) -> c_int;
type CountFn = unsafe extern "C" fn(*const c_char, usize, *mut usize, *mut c_char) -> c_int;

fn load(path: &str) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| {
            let mut b = [0u8; 81];
            b.copy_from_slice(&l.as_bytes()[..81]);
            b
        })
        .collect()
}

/// A permutation of the digits 1-9 drawn from `seed`.
fn permutation(seed: u64) -> [u8; 10] {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut p: [u8; 10] = core::array::from_fn(|i| i as u8);
    for i in (2..10).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p.swap(i, 1 + (x % i as u64) as usize);
    }
    p
}

fn relabel(p: &[u8; 81], perm: &[u8; 10]) -> [u8; 81] {
    p.map(|c| {
        if (b'1'..=b'9').contains(&c) {
            b'0' + perm[(c - b'0') as usize]
        } else {
            c
        }
    })
}

/// fastdoku's input: 0 for a blank, 1-9 for a given.
fn digits(p: &[u8; 81]) -> [u8; 81] {
    p.map(|c| {
        if (b'1'..=b'9').contains(&c) {
            c - b'0'
        } else {
            0
        }
    })
}

fn valid(puzzle: &[u8; 81], out: &[u8; 81]) -> bool {
    let given = |i: usize| (b'1'..=b'9').contains(&puzzle[i]);
    if (0..81).any(|i| !(1..=9).contains(&out[i]) || (given(i) && puzzle[i] - b'0' != out[i])) {
        return false;
    }
    (0..9).all(|u| {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for k in 0..9 {
            r |= 1 << out[u * 9 + k];
            c |= 1 << out[k * 9 + u];
            b |= 1 << out[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        r == 0x3fe && c == 0x3fe && b == 0x3fe
    })
}

#[cfg(any(
    target_arch = "aarch64",
    all(target_arch = "x86_64", target_feature = "avx2")
))]
fn fd_solve(clues: &[u8; 81]) -> Option<[u8; 81]> {
    use fastdoku::jcz::{run, Outcome};
    match run(
        clues,
        1,
        fastdoku::HYBRID_MAX_UNSOLVED,
        fastdoku::HYBRID_GUESS_BUDGET,
    ) {
        Outcome::Done(n, sol) => sol.filter(|_| n > 0),
        Outcome::Deferred => fastdoku::triad_solve_grid(clues),
    }
}

#[cfg(any(
    target_arch = "aarch64",
    all(target_arch = "x86_64", target_feature = "avx2")
))]
fn fd_count(clues: &[u8; 81], limit: u64) -> u64 {
    use fastdoku::jcz::{run, Outcome};
    match run(
        clues,
        limit,
        fastdoku::HYBRID_MAX_UNSOLVED,
        fastdoku::HYBRID_GUESS_BUDGET,
    ) {
        Outcome::Done(n, _) => n,
        Outcome::Deferred => fastdoku::triad_count_solutions(clues, limit),
    }
}

#[cfg(not(any(
    target_arch = "aarch64",
    all(target_arch = "x86_64", target_feature = "avx2")
)))]
fn fd_solve(clues: &[u8; 81]) -> Option<[u8; 81]> {
    fastdoku::jcz_solve_grid(clues)
}

#[cfg(not(any(
    target_arch = "aarch64",
    all(target_arch = "x86_64", target_feature = "avx2")
)))]
fn fd_count(clues: &[u8; 81], limit: u64) -> u64 {
    fastdoku::jcz_count_solutions(clues, limit)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut lib, mut rounds, mut corpora) = (None, 5usize, Vec::new());
    while let Some(a) = args.next() {
        match a.as_str() {
            "--lib" => lib = args.next(),
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .expect("--rounds N")
            }
            _ => corpora.push(a),
        }
    }
    let lib = lib.expect("--lib PATH/libsudoku.so");
    // SAFETY: loading the project's own library, whose initialisers are sound.
    let so = unsafe { libloading::Library::new(&lib) }.expect("load libsudoku");
    // SAFETY: the symbols have these C signatures (include/sudoku.h).
    let solve: libloading::Symbol<SolveFn> =
        unsafe { so.get(b"sudoku_solve\0") }.expect("sudoku_solve");
    // SAFETY: as above.
    let count: libloading::Symbol<CountFn> =
        unsafe { so.get(b"sudoku_count_solutions\0") }.expect("sudoku_count_solutions");
    let ours_solve = |p: &[u8; 81]| -> Option<[u8; 81]> {
        let mut b = *p;
        // SAFETY: `b` is 81 writable bytes.
        let rc = unsafe { solve(b.as_mut_ptr().cast()) };
        (rc == 0).then(|| b.map(|c| c - b'0'))
    };
    let ours_count = |p: &[u8; 81]| -> usize {
        let mut n = 0usize;
        // SAFETY: `p` is 81 readable bytes, `n` a writable count, the solution not wanted.
        let rc = unsafe { count(p.as_ptr().cast(), 2, &mut n, std::ptr::null_mut()) };
        if rc == 0 {
            n
        } else {
            0
        }
    };
    println!(
        "{:<34} {:>8} {:>10} {:>10} {:>7} {:>10} {:>10} {:>7}",
        "corpus", "puzzles", "ours us", "fastdoku", "lead", "ours c2", "fd c2", "lead"
    );
    for path in &corpora {
        let name = path.rsplit('/').next().unwrap_or(path);
        let puzzles = load(path);
        for p in &puzzles {
            let (a, b) = (ours_solve(p), fd_solve(&digits(p)));
            assert_eq!(
                a.is_some(),
                b.is_some(),
                "{name}: solvable? {}",
                String::from_utf8_lossy(p)
            );
            if let (Some(a), Some(b)) = (a, b) {
                assert!(valid(p, &a) && valid(p, &b), "{name}: a wrong grid");
            }
            assert_eq!(
                ours_count(p) as u64,
                fd_count(&digits(p), 2),
                "{name}: counts differ"
            );
        }
        let mut best = [f64::MAX; 4];
        for r in 0..=rounds {
            let perm = permutation(r as u64 + 1);
            let ours: Vec<[u8; 81]> = puzzles.iter().map(|p| relabel(p, &perm)).collect();
            let theirs: Vec<[u8; 81]> = ours.iter().map(digits).collect();
            let time = |f: &mut dyn FnMut() -> u64| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64
            };
            let t = [
                time(&mut || {
                    ours.iter()
                        .map(|p| ours_solve(p).map_or(0, |s| u64::from(s[0])))
                        .sum()
                }),
                time(&mut || {
                    theirs
                        .iter()
                        .map(|p| fd_solve(p).map_or(0, |s| u64::from(s[0])))
                        .sum()
                }),
                time(&mut || ours.iter().map(|p| ours_count(p) as u64).sum()),
                time(&mut || theirs.iter().map(|p| fd_count(p, 2)).sum()),
            ];
            if r > 0 {
                for k in 0..4 {
                    best[k] = best[k].min(t[k]);
                }
            }
        }
        println!(
            "{name:<34} {:>8} {:>10.3} {:>10.3} {:>6.2}x {:>10.3} {:>10.3} {:>6.2}x",
            puzzles.len(),
            best[0],
            best[1],
            best[1] / best[0],
            best[2],
            best[3],
            best[3] / best[2]
        );
    }
}
