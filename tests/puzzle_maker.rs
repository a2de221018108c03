//! The puzzle maker's contracts through the C ABI: `sudoku_generate_with` (symmetry of the
//! givens, minimality under the symmetry, patterns, levels, techniques, SE ranges,
//! determinism, the status rules), `sudoku_canonical` and `sudoku_transform` (equivalence, on transformed
//! copies of corpus puzzles), and the sukaku functions. Every check here is independent of
//! the core's code: symmetries are the turns and mirrors written out again, minimality and
//! uniqueness are counts through `sudoku_count_solutions`, the technique is read off the
//! walk of `sudoku_hint`. Tests that read `../shared/data` skip (with a note) when it is
//! absent.

mod common;

use common::corpora;
use std::ffi::{c_char, c_int, c_void};
use sudoku::c_types::GenerateOptions;
use sudoku::ffi::{
    sudoku_apply_step, sudoku_candidates, sudoku_candidates_from_sukaku, sudoku_canonical,
    sudoku_count_solutions, sudoku_count_solutions_sukaku, sudoku_generate_with,
    sudoku_generate_with_progress, sudoku_hint, sudoku_rate, sudoku_rate_se, sudoku_transform,
};
use sudoku::{SeRating, Status, Step};
use sudoku_core::CELLS;

const FILL: [u8; CELLS] = [0xAA; CELLS];

fn options() -> GenerateOptions {
    GenerateOptions {
        difficulty: 0,
        symmetry: 0,
        min_givens: 0,
        max_givens: 0,
        pattern: std::ptr::null(),
        se_min: 0,
        se_max: 0,
        technique: 0,
        max_tries: 0,
    }
}

/// `sudoku_generate_with`: the status, the puzzle and the solution buffers.
fn generate(seed: u64, o: &GenerateOptions) -> (Status, [u8; CELLS], [u8; CELLS]) {
    let (mut p, mut s) = (FILL, FILL);
    // SAFETY: `o` is a valid options struct (its pattern NULL or 81 bytes the caller
    // keeps alive), and the buffers are 81 bytes each.
    let code =
        unsafe { sudoku_generate_with(seed, o, p.as_mut_ptr().cast(), s.as_mut_ptr().cast()) };
    (Status::from_code(code).expect("a known status"), p, s)
}

/// A generated puzzle that must exist.
fn made(seed: u64, o: &GenerateOptions) -> ([u8; CELLS], [u8; CELLS]) {
    let (status, p, s) = generate(seed, o);
    assert_eq!(status, Status::Ok, "seed {seed} {o:?}");
    (p, s)
}

fn count(board: &[u8; CELLS], limit: usize) -> usize {
    let mut n = 0usize;
    // SAFETY: 81 readable bytes and a writable size_t.
    let code = unsafe {
        sudoku_count_solutions(board.as_ptr().cast(), limit, &mut n, std::ptr::null_mut())
    };
    assert_eq!(code, 0);
    n
}

fn rate(board: &[u8; CELLS]) -> c_int {
    let mut d = -1;
    // SAFETY: 81 readable bytes and a writable int.
    assert_eq!(unsafe { sudoku_rate(board.as_ptr().cast(), &mut d) }, 0);
    d
}

/// The turns and mirrors of each SudokuSymmetry, written out as maps of (row, column).
/// A map of cells, (row, column) to (row, column).
type Map = fn(usize, usize) -> (usize, usize);

fn maps(symmetry: i32) -> Vec<Map> {
    let r180: Map = |r, c| (8 - r, 8 - c);
    let r90: Map = |r, c| (c, 8 - r);
    let r270: Map = |r, c| (8 - c, r);
    let lr: Map = |r, c| (r, 8 - c);
    let tb: Map = |r, c| (8 - r, c);
    let d: Map = |r, c| (c, r);
    let a: Map = |r, c| (8 - c, 8 - r);
    match symmetry {
        0 => vec![],
        1 => vec![r180],
        2 => vec![r90, r180, r270],
        3 => vec![lr],
        4 => vec![tb],
        5 => vec![lr, tb, r180],
        6 => vec![d],
        7 => vec![a],
        8 => vec![d, a, r180],
        9 => vec![r90, r180, r270, lr, tb, d, a],
        _ => unreachable!(),
    }
}

/// The orbit of each cell under the maps of `symmetry`.
fn orbit(symmetry: i32, i: usize) -> Vec<usize> {
    let mut cells = vec![i];
    for m in maps(symmetry) {
        let (r, c) = m(i / 9, i % 9);
        if !cells.contains(&(r * 9 + c)) {
            cells.push(r * 9 + c);
        }
    }
    cells
}

fn given(p: &[u8; CELLS], i: usize) -> bool {
    p[i] != b'.'
}

/// Proper, its solution, its givens invariant and minimal under `symmetry`.
fn check_symmetric_minimal(p: &[u8; CELLS], s: &[u8; CELLS], symmetry: i32) {
    let text = String::from_utf8_lossy(p).into_owned();
    assert!(
        p.iter().all(|&b| b == b'.' || (b'1'..=b'9').contains(&b)),
        "{text}"
    );
    assert!(s.iter().all(|&b| (b'1'..=b'9').contains(&b)));
    assert!((0..CELLS).all(|i| !given(p, i) || p[i] == s[i]), "{text}");
    assert_eq!(count(p, 2), 1, "{text}");
    for i in (0..CELLS).filter(|&i| given(p, i)) {
        let o = orbit(symmetry, i);
        assert!(
            o.iter().all(|&j| given(p, j)),
            "symmetry {symmetry}: {text}, cell {i}"
        );
        let mut less = *p;
        for &j in &o {
            less[j] = b'.';
        }
        assert_eq!(
            count(&less, 2),
            2,
            "symmetry {symmetry}: orbit of {i} can go: {text}"
        );
    }
}

#[test]
fn every_symmetry_gives_symmetric_minimal_deterministic_puzzles() {
    for symmetry in 0..10 {
        let o = GenerateOptions {
            symmetry,
            ..options()
        };
        let mut seen = Vec::new();
        for seed in [0, 1, u64::MAX] {
            let (p, s) = made(seed, &o);
            check_symmetric_minimal(&p, &s, symmetry);
            assert_eq!(
                made(seed, &o),
                (p, s),
                "symmetry {symmetry}: not deterministic"
            );
            seen.push(p);
        }
        seen.sort();
        seen.dedup();
        assert_eq!(
            seen.len(),
            3,
            "symmetry {symmetry}: two seeds gave one puzzle"
        );
    }
}

#[test]
fn levels_are_met_with_symmetry() {
    for level in 1..=5 {
        let o = GenerateOptions {
            difficulty: level,
            symmetry: 1,
            ..options()
        };
        let (p, s) = made(level as u64, &o);
        check_symmetric_minimal(&p, &s, 1);
        assert_eq!(rate(&p), level);
    }
    let o = GenerateOptions {
        difficulty: 3,
        symmetry: 9,
        ..options()
    };
    let (p, s) = made(2, &o);
    check_symmetric_minimal(&p, &s, 9);
    assert_eq!(rate(&p), 3);
}

/// The techniques of the walk of `sudoku_hint` from the givens of a proper puzzle.
fn walk(p: &[u8; CELLS]) -> Vec<i32> {
    let mut board = *p;
    let mut cands = [0u16; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let code = unsafe { sudoku_candidates(board.as_ptr().cast(), cands.as_mut_ptr()) };
    assert_eq!(code, 0);
    let mut used = Vec::new();
    loop {
        let mut step = Step::default();
        // SAFETY: 81 bytes, 81 masks and a writable step.
        let code = unsafe { sudoku_hint(board.as_ptr().cast(), cands.as_ptr(), &mut step) };
        assert_eq!(code, 0);
        if step.technique == 0 {
            return used;
        }
        used.push(step.technique);
        // SAFETY: as above, all readable and writable.
        let code =
            unsafe { sudoku_apply_step(board.as_mut_ptr().cast(), cands.as_mut_ptr(), &step) };
        assert_eq!(code, 0);
    }
}

#[test]
fn the_walk_uses_the_technique_asked_for() {
    // Pointing (4) at any level, a naked pair (6) at Hard, an X-Wing (12) at Expert.
    for (technique, difficulty, symmetry) in [(4, 0, 0), (6, 3, 1), (12, 4, 0)] {
        let o = GenerateOptions {
            technique,
            difficulty,
            symmetry,
            ..options()
        };
        let (p, s) = made(9, &o);
        check_symmetric_minimal(&p, &s, symmetry);
        assert!(
            walk(&p).contains(&technique),
            "technique {technique}: {:?}",
            walk(&p)
        );
        if difficulty != 0 {
            assert_eq!(rate(&p), difficulty);
        }
    }
}

#[test]
fn pattern_puzzles_have_their_givens_exactly_on_the_pattern() {
    // A symmetric puzzle's givens and some more symmetric cells, written with 'x' and
    // digits: any byte but '.' marks a cell.
    let (base, _) = made(
        5,
        &GenerateOptions {
            symmetry: 1,
            ..options()
        },
    );
    let mut pattern = [b'.'; CELLS];
    for i in (0..CELLS).filter(|&i| given(&base, i)) {
        pattern[i] = if i % 2 == 0 { b'x' } else { b'7' };
    }
    let mut extra = 0;
    for i in 0..CELLS {
        if extra < 10 && pattern[i] == b'.' && pattern[80 - i] == b'.' {
            pattern[i] = b'x';
            pattern[80 - i] = b'x';
            extra += 1 + usize::from(i != 40);
        }
    }
    let o = GenerateOptions {
        pattern: pattern.as_ptr().cast(),
        symmetry: 1,
        ..options()
    };
    let (p, s) = made(3, &o);
    for i in 0..CELLS {
        assert_eq!(given(&p, i), pattern[i] != b'.', "cell {i}");
        if given(&p, i) {
            assert_eq!(p[i], s[i]);
        }
    }
    assert_eq!(count(&p, 2), 1);
    assert_eq!(made(3, &o), (p, s));
}

#[test]
fn results_are_the_same_on_every_thread() {
    let o = GenerateOptions {
        difficulty: 2,
        symmetry: 2,
        ..options()
    };
    let here = made(77, &o);
    let there: Vec<_> = (0..3)
        .map(|_| {
            std::thread::spawn(move || {
                let o = GenerateOptions {
                    difficulty: 2,
                    symmetry: 2,
                    ..options()
                };
                made(77, &o)
            })
        })
        .collect();
    for t in there {
        assert_eq!(t.join().unwrap(), here);
    }
}

#[test]
fn bad_options_null_not_found_and_cancel_write_nothing() {
    let asym = {
        let mut p = [b'.'; CELLS];
        for cell in p.iter_mut().take(20) {
            *cell = b'x';
        }
        p
    };
    let sparse = {
        let mut p = [b'.'; CELLS];
        for cell in p.iter_mut().take(16) {
            *cell = b'x';
        }
        p
    };
    let bad = [
        GenerateOptions {
            difficulty: 7,
            ..options()
        },
        GenerateOptions {
            difficulty: -1,
            ..options()
        },
        GenerateOptions {
            symmetry: 10,
            ..options()
        },
        GenerateOptions {
            symmetry: -1,
            ..options()
        },
        GenerateOptions {
            technique: 36,
            ..options()
        },
        GenerateOptions {
            technique: -2,
            ..options()
        },
        GenerateOptions {
            min_givens: -1,
            ..options()
        },
        GenerateOptions {
            max_givens: 82,
            ..options()
        },
        GenerateOptions {
            max_givens: 16,
            ..options()
        },
        GenerateOptions {
            min_givens: 30,
            max_givens: 25,
            ..options()
        },
        GenerateOptions {
            se_min: -1,
            ..options()
        },
        GenerateOptions {
            se_max: 201,
            ..options()
        },
        GenerateOptions {
            se_min: 75,
            se_max: 70,
            ..options()
        },
        GenerateOptions {
            difficulty: 1,
            technique: 4,
            ..options()
        },
        GenerateOptions {
            pattern: asym.as_ptr().cast(),
            symmetry: 1,
            ..options()
        },
        GenerateOptions {
            pattern: sparse.as_ptr().cast(),
            ..options()
        },
        GenerateOptions {
            pattern: asym.as_ptr().cast(),
            max_givens: 19,
            ..options()
        },
    ];
    for o in &bad {
        let (status, p, s) = generate(1, o);
        assert_eq!(status, Status::ErrInvalidArgument, "{o:?}");
        assert_eq!((p, s), (FILL, FILL));
        // Options come before the puzzle pointer.
        // SAFETY: a valid options struct; NULL outputs are reported.
        let code =
            unsafe { sudoku_generate_with(1, o, std::ptr::null_mut(), std::ptr::null_mut()) };
        assert_eq!(code, Status::ErrInvalidArgument.code());
    }
    let mut p = FILL;
    // SAFETY: NULL options is reported before anything is read.
    let code = unsafe {
        sudoku_generate_with(
            1,
            std::ptr::null(),
            p.as_mut_ptr().cast(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!((code, p), (Status::ErrNull.code(), FILL));
    // SAFETY: valid options; NULL puzzle is reported.
    let code =
        unsafe { sudoku_generate_with(1, &options(), std::ptr::null_mut(), p.as_mut_ptr().cast()) };
    assert_eq!((code, p), (Status::ErrNull.code(), FILL));

    // A bound that no minimal puzzle meets within two tries.
    let o = GenerateOptions {
        max_givens: 17,
        max_tries: 2,
        ..options()
    };
    assert_eq!(generate(1, &o), (Status::NotFound, FILL, FILL));

    // Cancel at each of the first tries; the calls count the tries.
    extern "C" fn stop_at(tries: usize, context: *mut c_void) -> c_int {
        // SAFETY: the context is the (calls, stop, last tries) of the test below.
        let state = unsafe { &mut *context.cast::<(usize, usize, usize)>() };
        assert_eq!(tries, state.0, "tries reported in order from 0");
        state.0 += 1;
        state.2 = tries;
        c_int::from(state.0 > state.1)
    }
    let hard = GenerateOptions {
        max_givens: 17,
        max_tries: 5,
        ..options()
    };
    for stop in 0..3 {
        let mut state = (0usize, stop, 0usize);
        let (mut p, mut s) = (FILL, FILL);
        // SAFETY: valid options, 81-byte buffers, and a callback whose context is `state`.
        let code = unsafe {
            sudoku_generate_with_progress(
                1,
                &hard,
                p.as_mut_ptr().cast(),
                s.as_mut_ptr().cast(),
                Some(stop_at),
                (&mut state as *mut (usize, usize, usize)).cast(),
            )
        };
        assert_eq!((code, p, s), (Status::Cancelled.code(), FILL, FILL));
        assert_eq!(state.0, stop + 1);
    }
    // Never stopping: every try is reported, then NOT_FOUND.
    let mut state = (0usize, usize::MAX, 0usize);
    let mut p = FILL;
    // SAFETY: as above.
    let code = unsafe {
        sudoku_generate_with_progress(
            1,
            &hard,
            p.as_mut_ptr().cast(),
            std::ptr::null_mut(),
            Some(stop_at),
            (&mut state as *mut (usize, usize, usize)).cast(),
        )
    };
    assert_eq!((code, p, state.0), (Status::NotFound.code(), FILL, 5));
    // With a callback that never stops, the same puzzle as without.
    let mut state = (0usize, usize::MAX, 0usize);
    let mut p = FILL;
    // SAFETY: as above.
    let code = unsafe {
        sudoku_generate_with_progress(
            4,
            &options(),
            p.as_mut_ptr().cast(),
            std::ptr::null_mut(),
            Some(stop_at),
            (&mut state as *mut (usize, usize, usize)).cast(),
        )
    };
    assert_eq!((code, p), (0, made(4, &options()).0));
}

fn rate_se_er(board: &[u8; CELLS]) -> i32 {
    let mut r = SeRating::default();
    // SAFETY: 81 readable bytes and a writable SudokuSeRating.
    assert_eq!(unsafe { sudoku_rate_se(board.as_ptr().cast(), &mut r) }, 0);
    r.er
}

#[test]
fn se_ranges_are_met_deterministic_and_stoppable_in_the_rating() {
    for (se_min, se_max) in [(20, 30), (0, 20), (30, 0), (70, 75)] {
        let o = GenerateOptions {
            se_min,
            se_max,
            ..options()
        };
        for seed in 1..=2 {
            let (p, s) = made(seed, &o);
            check_symmetric_minimal(&p, &s, 0);
            let er = rate_se_er(&p);
            assert!(er >= se_min, "{} {er}", String::from_utf8_lossy(&p));
            assert!(
                se_max == 0 || er <= se_max,
                "{} {er}",
                String::from_utf8_lossy(&p)
            );
            assert_eq!(made(seed, &o), (p, s));
        }
    }
    // The SE band and a level together.
    let o = GenerateOptions {
        difficulty: 2,
        se_min: 20,
        se_max: 40,
        symmetry: 1,
        ..options()
    };
    let (p, s) = made(5, &o);
    check_symmetric_minimal(&p, &s, 1);
    assert_eq!(rate(&p), 2);
    assert!((20..=40).contains(&rate_se_er(&p)));
    // A band no minimal puzzle reaches within two tries: NOT_FOUND, nothing written.
    let o = GenerateOptions {
        se_min: 200,
        max_tries: 2,
        ..options()
    };
    assert_eq!(generate(1, &o), (Status::NotFound, FILL, FILL));

    // The callback is called during a try's SE rating too, with that try's number: a stop
    // on its second call (in the rating of the first try) cancels, nothing written.
    extern "C" fn second_call_stops(tries: usize, context: *mut c_void) -> c_int {
        // SAFETY: the context is the call count of the test below.
        let calls = unsafe { &mut *context.cast::<usize>() };
        assert_eq!(tries, 0, "still the first try");
        *calls += 1;
        c_int::from(*calls == 2)
    }
    let o = GenerateOptions {
        se_min: 10,
        ..options()
    };
    let mut calls = 0usize;
    let (mut p, mut s) = (FILL, FILL);
    // SAFETY: valid options, 81-byte buffers, and a callback whose context is `calls`.
    let code = unsafe {
        sudoku_generate_with_progress(
            1,
            &o,
            p.as_mut_ptr().cast(),
            s.as_mut_ptr().cast(),
            Some(second_call_stops),
            (&mut calls as *mut usize).cast(),
        )
    };
    assert_eq!(
        (code, p, s, calls),
        (Status::Cancelled.code(), FILL, FILL, 2)
    );
}

fn canonical(board: &[u8; CELLS]) -> (Status, [u8; CELLS], u32) {
    let mut form = FILL;
    let mut autos = 0xDEAD_BEEF_u32;
    // SAFETY: 81 readable bytes, 81 writable bytes and a writable uint32_t.
    let code =
        unsafe { sudoku_canonical(board.as_ptr().cast(), form.as_mut_ptr().cast(), &mut autos) };
    (Status::from_code(code).unwrap(), form, autos)
}

fn transform(board: &[u8; CELLS], seed: u64) -> [u8; CELLS] {
    let mut out = FILL;
    // SAFETY: 81 readable and 81 writable bytes.
    let code = unsafe { sudoku_transform(board.as_ptr().cast(), seed, out.as_mut_ptr().cast()) };
    assert_eq!(code, 0);
    out
}

/// The bytes with blanks read as '0', for comparing boards as the canonical form does.
fn key(b: &[u8; CELLS]) -> Vec<u8> {
    b.iter()
        .map(|&c| if c == b'.' { b'0' } else { c })
        .collect()
}

#[test]
fn canonical_forms_are_shared_by_transformed_copies_of_corpus_puzzles() {
    let Some(all) = corpora::read("puzzles2_17_clue") else {
        eprintln!("skipped: ../shared/data/puzzles2_17_clue is absent");
        return;
    };
    let sample: Vec<[u8; CELLS]> = corpora::sample(&all, 60).map(|e| e.bytes).collect();
    assert!(sample.len() >= 50);
    let mut forms = Vec::new();
    for (k, p) in sample.iter().enumerate() {
        let (status, form, autos) = canonical(p);
        assert_eq!(status, Status::Ok);
        assert!(autos >= 1);
        // The form is an equivalent board no larger than the puzzle or any copy.
        assert_eq!(form.iter().filter(|&&b| b != b'.').count(), 17);
        assert!(key(&form) <= key(p));
        assert_eq!(canonical(&form).1, form, "the form of a form is itself");
        for seed in 0..6 {
            let copy = transform(p, seed * 1000 + k as u64);
            assert_eq!(count(&copy, 2), 1);
            assert!(key(&form) <= key(&copy));
            assert_eq!(canonical(&copy), (Status::Ok, form, autos), "{k} {seed}");
        }
        // And of its solution grid.
        let mut grid = *p;
        // SAFETY: 81 readable and writable bytes.
        let code = unsafe { sudoku::ffi::sudoku_solve(grid.as_mut_ptr().cast()) };
        assert_eq!(code, 0);
        let (_, grid_form, _) = canonical(&grid);
        assert_eq!(canonical(&transform(&grid, k as u64)).1, grid_form);
        forms.push(form);
    }
    // The batch gives the same forms, on one thread and on several.
    for threads in [1, 3] {
        let mut boards: Vec<[u8; CELLS]> = sample.clone();
        boards.push([b'x'; CELLS]);
        let mut statuses = vec![-7 as c_int; boards.len()];
        // SAFETY: `boards.len()` boards of 81 bytes and as many ints, not overlapping.
        let code = unsafe {
            sudoku::ffi::sudoku_canonical_batch(
                boards.as_mut_ptr().cast(),
                boards.len(),
                statuses.as_mut_ptr(),
                threads,
            )
        };
        assert_eq!(code, 0);
        assert_eq!(&boards[..sample.len()], &forms[..]);
        assert!(statuses[..sample.len()].iter().all(|&s| s == 0));
        assert_eq!(statuses[sample.len()], Status::ErrInvalidChar.code());
        assert_eq!(boards[sample.len()], [b'x'; CELLS]);
    }
    // The 17-clue corpus lists puzzles that are not equivalent to each other.
    forms.sort();
    forms.dedup();
    assert_eq!(forms.len(), sample.len());
}

#[test]
fn canonical_and_transform_statuses_write_nothing() {
    let mut bad = [b'.'; CELLS];
    bad[0] = b'x';
    assert_eq!(canonical(&bad), (Status::ErrInvalidChar, FILL, 0xDEAD_BEEF));
    let mut clash = [b'.'; CELLS];
    clash[0] = b'5';
    clash[1] = b'5';
    assert_eq!(canonical(&clash), (Status::ErrConflict, FILL, 0xDEAD_BEEF));
    let empty = [b'.'; CELLS];
    assert_eq!(canonical(&empty), (Status::Ok, empty, 3_359_232));
    let mut out = FILL;
    for (board, status) in [
        (&bad, Status::ErrInvalidChar),
        (&clash, Status::ErrConflict),
    ] {
        // SAFETY: 81 readable and 81 writable bytes.
        let code = unsafe { sudoku_transform(board.as_ptr().cast(), 1, out.as_mut_ptr().cast()) };
        assert_eq!((code, out), (status.code(), FILL));
    }
    // SAFETY: NULL is reported before anything is read or written.
    unsafe {
        assert_eq!(
            sudoku_canonical(
                std::ptr::null(),
                out.as_mut_ptr().cast(),
                std::ptr::null_mut()
            ),
            -1
        );
        assert_eq!(
            sudoku_canonical(
                empty.as_ptr().cast(),
                std::ptr::null_mut(),
                std::ptr::null_mut()
            ),
            -1
        );
        assert_eq!(
            sudoku_transform(std::ptr::null(), 1, out.as_mut_ptr().cast()),
            -1
        );
        assert_eq!(
            sudoku_transform(empty.as_ptr().cast(), 1, std::ptr::null_mut()),
            -1
        );
    }
    assert_eq!(out, FILL);
    // In place, and NULL automorphisms.
    let (p, _) = made(1, &options());
    let mut inplace = p;
    // SAFETY: the same 81 bytes read then written.
    let code = unsafe {
        sudoku_canonical(
            inplace.as_ptr().cast(),
            inplace.as_mut_ptr().cast(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!((code, inplace), (0, canonical(&p).1));
}

/// The 729-byte sukaku of candidate masks.
fn sukaku_of(masks: &[u16; CELLS]) -> Vec<u8> {
    let mut out = vec![b'.'; CELLS * 9];
    for (i, &m) in masks.iter().enumerate() {
        for d in 0..9 {
            if m & (1 << d) != 0 {
                out[i * 9 + d] = b'1' + d as u8;
            }
        }
    }
    out
}

fn from_sukaku(s: &[u8]) -> (Status, [u16; CELLS]) {
    let mut masks = [0xFFFFu16; CELLS];
    // SAFETY: 729 readable bytes and 81 writable masks.
    let code =
        unsafe { sudoku_candidates_from_sukaku(s.as_ptr().cast::<c_char>(), masks.as_mut_ptr()) };
    (Status::from_code(code).unwrap(), masks)
}

fn count_sukaku(s: &[u8], limit: usize) -> (Status, usize, [u8; CELLS]) {
    let mut n = 777usize;
    let mut sol = FILL;
    // SAFETY: 729 readable bytes, a writable size_t and 81 writable bytes.
    let code = unsafe {
        sudoku_count_solutions_sukaku(s.as_ptr().cast(), limit, &mut n, sol.as_mut_ptr().cast())
    };
    (Status::from_code(code).unwrap(), n, sol)
}

#[test]
fn sukaku_parsing_and_counting() {
    let (p, s) = made(6, &options());
    let mut masks = [0u16; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let code = unsafe { sudoku_candidates(p.as_ptr().cast(), masks.as_mut_ptr()) };
    assert_eq!(code, 0);
    let text = sukaku_of(&masks);
    assert_eq!(from_sukaku(&text), (Status::Ok, masks));
    assert_eq!(count_sukaku(&text, 2), (Status::Ok, 1, s));
    // '0' excludes as '.' does.
    let zeros: Vec<u8> = text
        .iter()
        .map(|&b| if b == b'.' { b'0' } else { b })
        .collect();
    assert_eq!(from_sukaku(&zeros), (Status::Ok, masks));
    // The empty grid's candidates: every digit everywhere, many solutions.
    let all: Vec<u8> = (0..CELLS * 9).map(|k| b'1' + (k % 9) as u8).collect();
    assert_eq!(from_sukaku(&all), (Status::Ok, [0x1FF; CELLS]));
    let (status, n, grid) = count_sukaku(&all, 5);
    assert_eq!((status, n), (Status::Ok, 5));
    assert_eq!(count(&grid, 2), 1, "the solution is a complete grid");
    assert_eq!(count_sukaku(&all, 0), (Status::Ok, 0, FILL));
    // Dropping one of the solution's candidates: no solution, count 0.
    let mut wrong = text.clone();
    let open = (0..CELLS).find(|&i| !given(&p, i)).unwrap();
    wrong[open * 9 + (s[open] - b'1') as usize] = b'.';
    assert_eq!(count_sukaku(&wrong, 2), (Status::Ok, 0, FILL));
    // Bad bytes: a digit out of its place, a letter, a NUL; all before empty cells.
    for (k, b) in [(0usize, b'2'), (100, b'x'), (728, 0)] {
        let mut bad = text.clone();
        bad[k] = b;
        for j in 0..9 {
            bad[400 + j] = b'.';
        }
        assert_eq!(
            from_sukaku(&bad),
            (Status::ErrInvalidChar, [0xFFFF; CELLS]),
            "{k}"
        );
        assert_eq!(count_sukaku(&bad, 2), (Status::ErrInvalidChar, 777, FILL));
    }
    // A cell without candidates.
    let mut empty_cell = text.clone();
    for j in 0..9 {
        empty_cell[9 * 40 + j] = b'.';
    }
    assert_eq!(
        from_sukaku(&empty_cell),
        (Status::NoSolution, [0xFFFF; CELLS])
    );
    assert_eq!(
        count_sukaku(&empty_cell, 2),
        (Status::NoSolution, 777, FILL)
    );
    // NULL.
    let mut n = 0usize;
    // SAFETY: NULL is reported before anything is read or written.
    unsafe {
        assert_eq!(
            sudoku_candidates_from_sukaku(std::ptr::null(), masks.as_mut_ptr()),
            -1
        );
        assert_eq!(
            sudoku_candidates_from_sukaku(text.as_ptr().cast(), std::ptr::null_mut()),
            -1
        );
        assert_eq!(
            sudoku_count_solutions_sukaku(std::ptr::null(), 2, &mut n, std::ptr::null_mut()),
            -1
        );
        assert_eq!(
            sudoku_count_solutions_sukaku(
                text.as_ptr().cast(),
                2,
                std::ptr::null_mut(),
                std::ptr::null_mut()
            ),
            -1
        );
    }
}
