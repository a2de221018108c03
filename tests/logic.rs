//! The logical solver through its C functions: `sudoku_candidates`, `sudoku_hint`,
//! `sudoku_apply_step`, `sudoku_technique_name`, and the agreement of the hint walk with
//! `sudoku_rate`.
//!
//! Every step of the walks of the bundled puzzles (`benches/puzzles.txt`,
//! `c_examples/puzzles.txt`) and of corpus samples (when `../shared/data` is present) is
//! checked against the solution: a placed digit is the solution's, no removed candidate
//! is, `removed` holds only candidates that were there, every step changes something, and
//! the walk's hardest level is what `sudoku_rate` says.

mod common;

use common::corpora;
use common::ffi::{self, marker_step};
use std::ffi::{c_char, c_int, CStr};
use sudoku::ffi::{sudoku_apply_step, sudoku_candidates, sudoku_hint, sudoku_technique_name};
use sudoku::{Status, Step};
use sudoku_core::engine::reference;
use sudoku_core::{Board, Difficulty, Technique, CELLS};

fn name(t: c_int) -> String {
    // SAFETY: the function returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(sudoku_technique_name(t)) }
        .to_str()
        .unwrap()
        .to_owned()
}

/// Checks one step against the grid it was found on and the solution.
fn check_step(board: &[u8; CELLS], cands: &[u16; CELLS], s: &Step, sol: &[u8; CELLS], what: &str) {
    let t = Technique::from_code(s.technique).unwrap_or_else(|| panic!("{what}: bad technique"));
    assert_ne!(t, Technique::None, "{what}: NONE on an open board");
    assert_eq!(s.difficulty, t.level().unwrap().code(), "{what}: {t:?}");
    let mut changes = false;
    if s.cell != -1 || s.digit != 0 {
        let (cell, digit) = s
            .placement()
            .unwrap_or_else(|| panic!("{what}: bad placement"));
        assert!(
            board[cell] == b'.' || board[cell] == b'0',
            "{what}: on a filled cell"
        );
        assert_eq!(
            digit,
            sol[cell] - b'0',
            "{what}: {t:?} placed a wrong digit"
        );
        assert_ne!(
            cands[cell] & (1 << (digit - 1)),
            0,
            "{what}: not a candidate"
        );
        changes = true;
    }
    for c in 0..CELLS {
        let r = s.removed[c];
        assert_eq!(
            r & !cands[c],
            0,
            "{what}: {t:?} removed absent candidates at {c}"
        );
        if r != 0 {
            assert!(
                board[c] == b'.' || board[c] == b'0',
                "{what}: removal on a given"
            );
            let bit = 1 << (sol[c] - b'1');
            assert_eq!(
                r & bit,
                0,
                "{what}: {t:?} removed the solution's digit at {c}"
            );
            changes = true;
        }
    }
    assert!(changes, "{what}: {t:?} changes nothing");
    assert!(
        s.pattern.iter().any(|&p| p != 0),
        "{what}: {t:?} has no pattern"
    );
    assert!(!name(s.technique).is_empty());
}

/// Walks `puzzle` with sudoku_hint and sudoku_apply_step, checking every step; returns the
/// hardest level and the techniques used, after checking that level against sudoku_rate.
fn walk(puzzle: &[u8; CELLS], what: &str) -> (Difficulty, Vec<Technique>) {
    let sol = reference::solve(&Board::from_bytes(puzzle).unwrap())
        .unwrap_or_else(|| panic!("{what}: no solution"))
        .to_bytes();
    let mut board = *puzzle;
    let (rc, mut cands) = ffi::candidates(&board);
    assert_eq!(rc, 0, "{what}");
    let mut level = Difficulty::Easy;
    let mut used = Vec::new();
    for n in 0.. {
        assert!(n <= 81 * 9, "{what}: the walk does not end");
        let (rc, s) = ffi::hint(&board, Some(&cands));
        assert_eq!(rc, 0, "{what}: step {n}");
        if s.technique == 0 {
            assert!(
                board.iter().all(|&b| b != b'.' && b != b'0'),
                "{what}: NONE early"
            );
            assert_eq!((s.cell, s.digit, s.difficulty), (-1, 0, 0));
            break;
        }
        check_step(&board, &cands, &s, &sol, &format!("{what}: step {n}"));
        let t = Technique::from_code(s.technique).unwrap();
        level = level.max(t.level().unwrap());
        used.push(t);
        assert_eq!(
            ffi::apply_step(&mut board, &mut cands, &s),
            0,
            "{what}: step {n}"
        );
    }
    assert_eq!(board, sol, "{what}");
    assert_eq!(
        ffi::rate(puzzle, &[false; 2]),
        (0, level.code()),
        "{what}: walk and rate disagree"
    );
    (level, used)
}

#[test]
fn every_step_of_the_bundled_walks_is_true_and_agrees_with_rate() {
    let mut n = 0;
    for (file, k, p) in corpora::bundled() {
        let Ok(board) = Board::from_bytes(&p) else {
            continue;
        };
        if board.conflict().is_some() || reference::count(&board, 2).0 != 1 {
            continue;
        }
        walk(&p, &format!("{file} #{k}"));
        n += 1;
    }
    assert!(n >= 10, "only {n} proper bundled puzzles");
}

#[test]
fn every_step_of_corpus_sample_walks_is_true_and_agrees_with_rate() {
    let per_corpus: usize = std::env::var("LOGIC_SAMPLE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    for (name, known) in corpora::CORPORA {
        if known != corpora::Known::Unique {
            continue;
        }
        let Some(entries) = corpora::read(name) else {
            continue;
        };
        let mut levels = [0usize; 7];
        for e in corpora::sample(&entries, per_corpus) {
            let (level, _) = walk(&e.bytes, &format!("{name}:{}", e.line));
            levels[level.code() as usize] += 1;
        }
        eprintln!("{name}: levels 1-6 {:?}", &levels[1..]);
    }
}

/// The rating against the Rust walk (`sudoku_core::walk`, the hints applied from the givens) on
/// more corpus puzzles than the C walk above checks (`LOGIC_RATE_SAMPLE` per corpus,
/// default 150), and on generated puzzles of every level: the rating settles levels Easy to
/// Hard in batches and stops at its first Extreme step, and must still say exactly the
/// walk's hardest level.
#[test]
fn rate_is_the_hardest_level_of_the_walk_on_larger_samples() {
    let per_corpus: usize = std::env::var("LOGIC_RATE_SAMPLE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let hardest = |b: &Board| {
        sudoku_core::walk(b)
            .unwrap()
            .iter()
            .filter_map(sudoku_core::Step::level)
            .max()
            .unwrap_or(Difficulty::Easy)
    };
    for (name, known) in corpora::CORPORA {
        if known != corpora::Known::Unique {
            continue;
        }
        let Some(entries) = corpora::read(name) else {
            continue;
        };
        for e in corpora::sample(&entries, per_corpus) {
            assert_eq!(
                sudoku_core::rate(&e.board),
                Ok(hardest(&e.board)),
                "{name}:{}",
                e.line
            );
        }
    }
    for level in Difficulty::ALL {
        for seed in 10..16 {
            let (p, _) = sudoku_core::generate(seed, level);
            assert_eq!(hardest(&p), level, "{level:?} seed {seed}: {p}");
            assert_eq!(
                sudoku_core::rate(&p),
                Ok(level),
                "{level:?} seed {seed}: {p}"
            );
        }
    }
}

/// The hints are pinned: a hash of every step (technique, level, cell, digit, removed and
/// pattern masks) of the walks of the bundled puzzles. Making a technique's search faster
/// must not change which step it finds; a change here changes what users see.
#[test]
fn bundled_walks_are_pinned() {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3);
    let mut steps = 0;
    for (_, _, p) in corpora::bundled() {
        let Ok(board) = Board::from_bytes(&p) else {
            continue;
        };
        let Ok(walk) = sudoku_core::walk(&board) else {
            continue;
        };
        for s in walk.iter().map(Step::of) {
            for x in [s.technique, s.difficulty, s.cell, s.digit] {
                mix(x as u64);
            }
            for &m in s.removed.iter().chain(&s.pattern) {
                mix(u64::from(m));
            }
            steps += 1;
        }
    }
    assert_eq!((steps, h), (10_856, 13_260_925_649_292_160_643));
}

/// The proof that a change to the logic changes no step and no rating: FNV-1a hashes of
/// every step of the walks (technique, placement, removed and pattern masks), of the
/// ratings and of the hints on players' candidate grids, over the bundled puzzles, each
/// corpus of `../shared/data` and generated puzzles. A change to a pinned value changes
/// what users see.
mod pinned {
    use super::*;
    use sudoku_core::Error;

    /// FNV-1a over 64-bit words.
    pub(super) struct Hash(u64);

    impl Hash {
        pub(super) fn new() -> Hash {
            Hash(0xcbf2_9ce4_8422_2325)
        }

        pub(super) fn mix(&mut self, x: u64) {
            self.0 = (self.0 ^ x).wrapping_mul(0x0000_0100_0000_01b3);
        }

        pub(super) fn value(&self) -> u64 {
            self.0
        }

        /// Every field of a step.
        pub(super) fn step(&mut self, s: &sudoku_core::Step) {
            self.mix(s.technique.code() as u64);
            let (cell, digit) = s.placement.map_or((0, 0), |(c, d)| (c + 1, d));
            self.mix(cell as u64);
            self.mix(u64::from(digit));
            for &m in s.removed.iter().chain(&s.pattern) {
                self.mix(u64::from(m));
            }
        }

        /// An error, apart from every level and technique code.
        pub(super) fn error(&mut self, e: Error) {
            let k = Error::ALL.iter().position(|&x| x == e).unwrap_or(99);
            self.mix(1000 + k as u64);
        }

        /// A rating or its error.
        pub(super) fn rating(&mut self, r: Result<Difficulty, Error>) {
            match r {
                Ok(d) => self.mix(d.code() as u64),
                Err(e) => self.error(e),
            }
        }
    }

    /// A small seeded generator (xorshift64*) for the players' candidate grids.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    /// What the hashes of a set of puzzles come to.
    #[derive(Debug, PartialEq, Eq)]
    pub(super) struct Pins {
        /// Puzzles walked, and the steps of their walks.
        pub(super) walks: usize,
        pub(super) steps: usize,
        /// The walks' steps.
        pub(super) walk: u64,
        /// `rate` and `rate_walk` (the level and the techniques above Hard) of the walked
        /// puzzles, and `rate` of the rated ones.
        pub(super) rating: u64,
        /// The hints on candidate grids along the walks.
        pub(super) hint: u64,
        /// Puzzles rated.
        pub(super) rated: usize,
    }

    /// Walks each of `walked`, hashing its steps, its ratings and hints on candidate grids
    /// met along the way: every fourth state of the walk as it is (where the hint must be
    /// the walk's step) and with some wrong candidates gone at random (the player's own
    /// eliminations); then rates each of `rated`.
    pub(super) fn pins<'a>(
        walked: impl Iterator<Item = &'a Board>,
        rated: impl Iterator<Item = &'a Board>,
    ) -> Pins {
        let (mut walk_h, mut rating_h, mut hint_h) = (Hash::new(), Hash::new(), Hash::new());
        let (mut walks, mut steps) = (0, 0);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for board in walked {
            walks += 1;
            rating_h.rating(sudoku_core::rate(board));
            match sudoku_core::logic::rate_walk(board) {
                Ok((level, used)) => {
                    rating_h.mix(level.code() as u64);
                    for t in used {
                        rating_h.mix(t.code() as u64);
                    }
                }
                Err(e) => rating_h.error(e),
            }
            let walk = match sudoku_core::walk(board) {
                Ok(w) => w,
                Err(e) => {
                    walk_h.error(e);
                    continue;
                }
            };
            let solution = reference::solve(board).expect("a walked board has a solution");
            let mut bytes = board.to_bytes();
            let mut cands = sudoku_core::candidates(board);
            for (n, s) in walk.iter().enumerate() {
                walk_h.step(s);
                steps += 1;
                if n % 4 == 0 {
                    let b = Board::from_bytes(&bytes).unwrap();
                    let h = sudoku_core::hint(&b, Some(&cands)).unwrap();
                    assert_eq!(
                        &h, s,
                        "the hint on the walk's grid is its step {n}: {board}"
                    );
                    // Each wrong candidate goes with probability 1/4.
                    let mut fewer = cands;
                    for (c, m) in fewer.iter_mut().enumerate() {
                        if bytes[c] == b'.' || bytes[c] == b'0' {
                            let wrong = *m & !(1 << (solution.get(c) - 1));
                            let r = rng.next();
                            let mut drop = 0;
                            for d in 0..9 {
                                if wrong >> d & 1 != 0 && r >> (2 * d) & 3 == 0 {
                                    drop |= 1 << d;
                                }
                            }
                            *m &= !drop;
                        }
                    }
                    match sudoku_core::hint(&b, Some(&fewer)) {
                        Ok(h) => hint_h.step(&h),
                        Err(e) => hint_h.error(e),
                    }
                }
                sudoku_core::apply_step(&mut bytes, &mut cands, s).unwrap();
            }
        }
        let mut n_rated = 0;
        for board in rated {
            rating_h.rating(sudoku_core::rate(board));
            n_rated += 1;
        }
        Pins {
            walks,
            steps,
            walk: walk_h.value(),
            rating: rating_h.value(),
            hint: hint_h.value(),
            rated: n_rated,
        }
    }
}

/// How many puzzles of each corpus the pinned hashes walk and rate (an evenly spread
/// sample of the whole file, whatever `SUDOKU_TEST_CORPUS_SAMPLE` says).
const PIN_WALKS: usize = 500;
const PIN_RATINGS: usize = 20_000;

/// The pinned hashes of each corpus: (corpus, walks, steps, walk hash, rating hash, hint
/// hash, ratings), recorded when the forcing chains of Nishio, cell, region, dynamic and
/// nested chains joined the hints.
const CORPUS_PINS: [(&str, usize, usize, u64, u64, u64, usize); 9] = [
    (
        "gen_easy",
        500,
        24478,
        14086949102358901385,
        14521710885919270558,
        1391526544164835359,
        20000,
    ),
    (
        "gen_minimal",
        500,
        30963,
        15480636591779342017,
        14809214121322406766,
        5395486387600508368,
        20000,
    ),
    (
        "puzzles2_17_clue",
        497,
        33143,
        8822015880816759449,
        10893871733323395813,
        10428510960869801965,
        16386,
    ),
    (
        "puzzles3_magictour_top1465",
        489,
        41747,
        3626146644073066548,
        1380721217354480574,
        145038223106007350,
        1465,
    ),
    (
        "puzzles5_forum_hardest_1905_11+",
        498,
        53933,
        12098072852101092776,
        16133379946866495801,
        12553125449410821420,
        16256,
    ),
    (
        "puzzles6_forum_hardest_1106",
        375,
        41513,
        18343133195789064741,
        11252797579733093363,
        10427077810176081939,
        375,
    ),
    (
        "puzzles7_serg_benchmark",
        500,
        0,
        17012684890054794009,
        9339703849782863277,
        14695981039346656037,
        10000,
    ),
    (
        "gen_invalid",
        500,
        0,
        7547140014456629237,
        2690696624243921669,
        14695981039346656037,
        10000,
    ),
    (
        "tdoku_test_puzzles",
        43,
        1456,
        2135174305847201802,
        4705020188811927239,
        15552180818629159132,
        43,
    ),
];

/// The walks, ratings and hints of every corpus are pinned ([`pinned`]).
#[test]
fn corpus_walks_ratings_and_hints_are_pinned() {
    if corpora::shared_data().is_none() {
        eprintln!("skipped: no /work/shared/data (../shared/data beside the checkout)");
        return;
    }
    if std::env::var_os(corpora::SAMPLE_VARIABLE).is_some() {
        // A slow run (an emulated target) asks for small samples; the pins are of fixed
        // large ones, about a minute natively.
        eprintln!("skipped: {} is set", corpora::SAMPLE_VARIABLE);
        return;
    }
    let mut wrong = Vec::new();
    for (name, walks, steps, walk, rating, hint, rated) in CORPUS_PINS {
        let Some(entries) = corpora::read_all(name) else {
            wrong.push(format!("{name}: absent"));
            continue;
        };
        let start = std::time::Instant::now();
        let got = pinned::pins(
            corpora::sample(&entries, PIN_WALKS).map(|e| &e.board),
            corpora::sample(&entries, PIN_RATINGS).map(|e| &e.board),
        );
        eprintln!("{name}: {got:?} in {:?}", start.elapsed());
        let want = pinned::Pins {
            walks,
            steps,
            walk,
            rating,
            hint,
            rated,
        };
        if got != want {
            wrong.push(format!(
                "(\"{name}\", {}, {}, {}, {}, {}, {}),",
                got.walks, got.steps, got.walk, got.rating, got.hint, got.rated
            ));
        }
    }
    assert!(wrong.is_empty(), "pins differ:\n{}", wrong.join("\n"));
}

/// The bundled puzzles' ratings and hints on candidate grids are pinned as their walks are
/// ([`bundled_walks_are_pinned`]).
#[test]
fn bundled_ratings_and_hints_are_pinned() {
    let boards: Vec<Board> = corpora::bundled()
        .iter()
        .filter_map(|(_, _, p)| Board::from_bytes(p).ok())
        .collect();
    let got = pinned::pins(boards.iter(), boards.iter());
    let want = pinned::Pins {
        walks: 325,
        steps: 10_856,
        walk: 3_372_498_713_651_389_593,
        rating: 12_665_129_176_260_914_827,
        hint: 73_684_270_336_164_652,
        rated: 325,
    };
    assert_eq!(got, want);
}

/// Generated puzzles are pinned: seeds 0-7 of every level, the puzzle, its solution, its
/// rating and walk (`sudoku_core::generate`'s own golden values pin a few more).
#[test]
fn generated_puzzles_and_their_walks_are_pinned() {
    let mut h = pinned::Hash::new();
    let mut boards = Vec::new();
    for level in Difficulty::ALL {
        for seed in 0..8 {
            let (p, s) = sudoku_core::generate(seed, level);
            for &b in p.to_bytes().iter().chain(&s.to_bytes()) {
                h.mix(u64::from(b));
            }
            boards.push(p);
        }
    }
    let got = pinned::pins(boards.iter(), core::iter::empty());
    assert_eq!(
        (h.value(), got),
        (
            13_199_088_789_214_041_743,
            pinned::Pins {
                walks: 48,
                steps: 3116,
                walk: 15_684_049_186_841_636_812,
                rating: 14_121_315_787_556_937_034,
                hint: 7_616_559_913_988_506_094,
                rated: 0,
            }
        )
    );
}

#[test]
fn generated_puzzles_walk_to_their_level() {
    for level in Difficulty::ALL {
        for seed in [3, 4] {
            let (p, _) = sudoku_core::generate(seed, level);
            let (walked, _) = walk(&p.to_bytes(), &format!("{level:?} seed {seed}"));
            assert_eq!(walked, level, "{p}");
        }
    }
}

const LEETCODE: &[u8; CELLS] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn candidates_are_what_the_filled_cells_leave() {
    let (rc, c) = ffi::candidates(LEETCODE);
    assert_eq!(rc, 0);
    assert_eq!(c[0], 1 << 4); // the given 5
                              // Cell 2 (row 0, column 2): row has 5,3,7; column 8; box 5,3,6,9,8.
    let expect: u16 = [1u16, 2, 4].iter().map(|d| 1 << (d - 1)).sum();
    assert_eq!(c[2], expect);
    // Every empty cell of an empty board has every digit.
    assert_eq!(ffi::candidates(&[b'.'; CELLS]), (0, [0x1FF; CELLS]));
    // Statuses; nothing written on failure.
    let mut bad = *LEETCODE;
    bad[1] = b'5';
    assert_eq!(
        ffi::candidates(&bad),
        (Status::ErrConflict.code(), [0xFFFF; CELLS])
    );
    bad[3] = b'x';
    assert_eq!(
        ffi::candidates(&bad),
        (Status::ErrInvalidChar.code(), [0xFFFF; CELLS])
    );
    let mut out = [0xFFFFu16; CELLS];
    // SAFETY: NULLs are reported before anything is read or written.
    unsafe {
        assert_eq!(sudoku_candidates(core::ptr::null(), out.as_mut_ptr()), -1);
        assert_eq!(
            sudoku_candidates(LEETCODE.as_ptr().cast(), core::ptr::null_mut()),
            -1
        );
    }
    assert_eq!(out, [0xFFFF; CELLS]);
    // A board with no solution still has candidates.
    let mut none = [b'.'; CELLS];
    none[..8].copy_from_slice(b"12345678");
    none[80] = b'9';
    assert_eq!(ffi::candidates(&none).0, 0);
}

#[test]
fn hint_statuses_and_nothing_written_on_failure() {
    let fails = |board: &[u8; CELLS], cands: Option<&[u16; CELLS]>, want: Status| {
        let (rc, s) = ffi::hint(board, cands);
        assert_eq!(rc, want.code());
        assert_eq!(s, marker_step());
    };
    let mut step = marker_step();
    // SAFETY: NULL board or step is reported before anything is read or written.
    unsafe {
        let null_board: *const c_char = core::ptr::null();
        assert_eq!(sudoku_hint(null_board, core::ptr::null(), &mut step), -1);
        let rc = sudoku_hint(
            LEETCODE.as_ptr().cast(),
            core::ptr::null(),
            core::ptr::null_mut(),
        );
        assert_eq!(rc, -1);
    }
    assert_eq!(step, marker_step());
    let mut bad = *LEETCODE;
    bad[1] = b'5';
    fails(&bad, None, Status::ErrConflict);
    bad[2] = b'A';
    fails(&bad, None, Status::ErrInvalidChar);
    fails(&[b'.'; CELLS], None, Status::MultipleSolutions);
    let mut none = [b'.'; CELLS];
    none[..8].copy_from_slice(b"12345678");
    none[80] = b'9';
    fails(&none, None, Status::NoSolution);
    // A filled cell whose mask is not its digit's bit.
    let (_, mut c) = ffi::candidates(LEETCODE);
    c[0] = 0x1FF;
    fails(LEETCODE, Some(&c), Status::ErrInvalidArgument);
    c[0] = 0;
    fails(LEETCODE, Some(&c), Status::ErrInvalidArgument);
    // A mask with a bit above 8.
    let (_, mut c) = ffi::candidates(LEETCODE);
    c[2] |= 1 << 12;
    fails(LEETCODE, Some(&c), Status::ErrInvalidArgument);
    // The player's candidates lost a solution digit (cell 2 holds 4).
    let (_, mut c) = ffi::candidates(LEETCODE);
    c[2] &= !(1 << 3);
    fails(LEETCODE, Some(&c), Status::NoSolution);
    // An open cell with no candidate at all.
    let (_, mut c) = ffi::candidates(LEETCODE);
    c[2] = 0;
    fails(LEETCODE, Some(&c), Status::NoSolution);
    // Candidates a filled peer excludes count as removed: all 0x1FF on open cells gives
    // the same step as NULL.
    let (_, c) = ffi::candidates(LEETCODE);
    let loose: [u16; CELLS] =
        core::array::from_fn(|i| if LEETCODE[i] == b'.' { 0x1FF } else { c[i] });
    assert_eq!(ffi::hint(LEETCODE, Some(&loose)), ffi::hint(LEETCODE, None));
    assert_eq!(ffi::hint(LEETCODE, Some(&c)), ffi::hint(LEETCODE, None));
    // A complete board: NONE.
    let sol = reference::solve(&Board::from_bytes(LEETCODE).unwrap())
        .unwrap()
        .to_bytes();
    let (rc, s) = ffi::hint(&sol, None);
    assert_eq!((rc, s), (0, Step::default()));
    assert_eq!(name(0), "None");
    // Its walk has no step, and it rates the lowest level.
    assert_eq!(ffi::rate(&sol, &[false; 2]), (0, Difficulty::Easy.code()));
}

#[test]
fn hints_are_deterministic() {
    let (rc, a) = ffi::hint(LEETCODE, None);
    assert_eq!(rc, 0);
    for _ in 0..3 {
        assert_eq!(ffi::hint(LEETCODE, None), (0, a));
    }
}

#[test]
fn apply_step_refuses_steps_that_do_not_fit_and_writes_nothing() {
    let (_, cands) = ffi::candidates(LEETCODE);
    let refuse = |step: &Step, want: Status| {
        let mut b = *LEETCODE;
        let mut c = cands;
        assert_eq!(
            ffi::apply_step(&mut b, &mut c, step),
            want.code(),
            "{step:?}"
        );
        assert_eq!((b, c), (*LEETCODE, cands));
    };
    let place = |cell: i32, digit: i32| Step {
        cell,
        digit,
        ..Step::default()
    };
    refuse(&place(81, 1), Status::ErrInvalidArgument);
    refuse(&place(-2, 1), Status::ErrInvalidArgument);
    refuse(&place(2, 0), Status::ErrInvalidArgument);
    refuse(&place(2, 10), Status::ErrInvalidArgument);
    refuse(&place(-1, 4), Status::ErrInvalidArgument);
    refuse(&place(0, 5), Status::ErrInvalidArgument); // a filled cell
    refuse(&place(2, 9), Status::ErrInvalidArgument); // not a candidate of cell 2
                                                      // A digit left in the mask but held by a filled peer (the 5 of cell 0).
    let mut loose = cands;
    loose[2] |= 1 << 4;
    let mut b = *LEETCODE;
    let before = loose;
    assert_eq!(
        ffi::apply_step(&mut b, &mut loose, &place(2, 5)),
        Status::ErrInvalidArgument.code()
    );
    assert_eq!((b, loose), (*LEETCODE, before));
    let mut s = Step::default();
    s.removed[0] = 1 << 4; // the given's own digit
    refuse(&s, Status::ErrInvalidArgument);
    let mut s = Step::default();
    s.removed[2] = 1 << 9;
    refuse(&s, Status::ErrInvalidArgument);
    let mut s = place(2, 4);
    s.removed[2] = 1 << 3; // would remove the digit it places
    refuse(&s, Status::ErrInvalidArgument);
    // Bad board and masks.
    let mut bad_cands = cands;
    bad_cands[0] = 0x1FF;
    let mut b = *LEETCODE;
    let before = bad_cands;
    assert_eq!(
        ffi::apply_step(&mut b, &mut bad_cands, &place(2, 4)),
        Status::ErrInvalidArgument.code()
    );
    assert_eq!((b, bad_cands), (*LEETCODE, before));
    let mut clash = *LEETCODE;
    clash[1] = b'5';
    let mut c = cands;
    assert_eq!(
        ffi::apply_step(&mut clash, &mut c, &place(2, 4)),
        Status::ErrConflict.code()
    );
    // NULLs.
    let mut b = *LEETCODE;
    let mut c = cands;
    // SAFETY: NULLs are reported before anything is read or written.
    unsafe {
        let s = Step::default();
        assert_eq!(
            sudoku_apply_step(core::ptr::null_mut(), c.as_mut_ptr(), &s),
            -1
        );
        assert_eq!(
            sudoku_apply_step(b.as_mut_ptr().cast(), core::ptr::null_mut(), &s),
            -1
        );
        assert_eq!(
            sudoku_apply_step(b.as_mut_ptr().cast(), c.as_mut_ptr(), core::ptr::null()),
            -1
        );
    }
    assert_eq!((b, c), (*LEETCODE, cands));
    // A fitting placement: the cell keeps only its digit, the peers lose it.
    let mut b = *LEETCODE;
    let mut c = cands;
    assert_eq!(ffi::apply_step(&mut b, &mut c, &place(2, 4)), 0);
    assert_eq!(b[2], b'4');
    assert_eq!(c[2], 1 << 3);
    for peer in [3usize, 11, 20, 29, 74] {
        assert_eq!(c[peer] & (1 << 3), 0, "{peer}");
    }
    // A removal-only step.
    let mut s = Step::default();
    s.removed[3] = c[3];
    let mut b2 = b;
    assert_eq!(ffi::apply_step(&mut b2, &mut c, &s), 0);
    assert_eq!((b2, c[3]), (b, 0));
}

#[test]
fn technique_names_and_values() {
    assert_eq!(name(Technique::HiddenSingle.code()), "Hidden Single");
    assert_eq!(name(Technique::XWing.code()), "X-Wing");
    assert_eq!(name(Technique::BruteForce.code()), "Brute Force");
    for bad in [-1, 36, 1000, c_int::MIN, c_int::MAX] {
        assert_eq!(name(bad), "Unknown technique");
    }
    let mut names: Vec<String> = Technique::ALL.iter().map(|t| name(t.code())).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), Technique::ALL.len());
    assert_eq!(std::mem::size_of::<Step>(), 16 + 2 * 2 * CELLS);
}

/// One board per technique where it is the simplest step: (technique, puzzle, the number of
/// hints applied from its givens before, the step's cell and digit, its removals as (cell,
/// mask)). Found by `cargo run --release --example simplest_boards` on generated and corpus
/// puzzles. Brute force has none: nested forcing chains walk every proper puzzle of the
/// corpora to the end (the example finds no board for it).
type Simplest = (
    Technique,
    &'static str,
    usize,
    i32,
    i32,
    &'static [(usize, u16)],
);
const SIMPLEST: [Simplest; 34] = [
    (
        Technique::FullHouse,
        ".65.3.2.93...........752.6....24.8....2.....1.....54.............1..85..7.85...9.",
        6,
        42,
        9,
        &[],
    ),
    (
        Technique::NakedSingle,
        ".65.3.2.93...........752.6....24.8....2.....1.....54.............1..85..7.85...9.",
        2,
        15,
        1,
        &[],
    ),
    (
        Technique::HiddenSingle,
        ".65.3.2.93...........752.6....24.8....2.....1.....54.............1..85..7.85...9.",
        0,
        10,
        2,
        &[],
    ),
    (
        Technique::Pointing,
        "....5...75.9.76.....2.8........2...389...4..........8...43..1.6.56..24...3....9..",
        19,
        -1,
        0,
        &[(50, 0x004)],
    ),
    (
        Technique::Claiming,
        "8.67.3.5..7.5.......24......5.....98.84...3..9.....1...2...54.1....4.2...6.3.....",
        20,
        -1,
        0,
        &[(61, 0x040), (70, 0x040), (71, 0x040)],
    ),
    (
        Technique::NakedPair,
        ".....7..83..86.4....4..5..919..2..........1..5.........5..7....4.6...82...2.1.9.6",
        6,
        -1,
        0,
        &[(56, 0x001), (57, 0x008), (59, 0x008)],
    ),
    (
        Technique::HiddenPair,
        ".....7..83..86.4....4..5..919..2..........1..5.........5..7....4.6...82...2.1.9.6",
        15,
        -1,
        0,
        &[(2, 0x100), (11, 0x140)],
    ),
    (
        Technique::NakedTriple,
        "5..2.9..........1.7....1......13.9.6.7....5....4.8.....6..9.78..2...5...1..7..3..",
        40,
        -1,
        0,
        &[(8, 0x040), (26, 0x010)],
    ),
    (
        Technique::HiddenTriple,
        "3..8..4.5...23.8......5.....93..7.8..2..16.....1.....4..96.....8......2..7.....49",
        15,
        -1,
        0,
        &[(58, 0x002), (66, 0x015)],
    ),
    (
        Technique::NakedQuad,
        "..164.25...9.5.8......81.9.2189......53..........2.......37......5...6.432.4..9..",
        27,
        -1,
        0,
        &[(43, 0x008), (51, 0x008), (52, 0x008)],
    ),
    (
        Technique::HiddenQuad,
        "..........6....312....85.7..57..3..69...1.2...3.......6...9.8..3....17...9...7..1",
        41,
        -1,
        0,
        &[(66, 0x012), (75, 0x012)],
    ),
    (
        Technique::XWing,
        "9.........8...1..7.....264...92..1.5....9.....68.3.4...4...6.913.5.4.8...........",
        17,
        -1,
        0,
        &[
            (2, 0x002),
            (8, 0x002),
            (36, 0x002),
            (38, 0x002),
            (43, 0x002),
            (44, 0x002),
        ],
    ),
    (
        Technique::Skyscraper,
        ".......1...2.....6.8621.4.....8.......35..9.7.2.6.1...9.1...85..689..2......3....",
        33,
        -1,
        0,
        &[(3, 0x008), (10, 0x008)],
    ),
    (
        Technique::TwoStringKite,
        ".......1...2.....6.8621.4.....8.......35..9.7.2.6.1...9.1...85..689..2......3....",
        27,
        -1,
        0,
        &[(18, 0x004)],
    ),
    (
        Technique::XyWing,
        "5..2.9..........1.7....1......13.9.6.7....5....4.8.....6..9.78..2...5...1..7..3..",
        41,
        -1,
        0,
        &[(2, 0x004), (26, 0x004)],
    ),
    (
        Technique::XyzWing,
        "..5....8..8.5..7..6.1........6....91149.....3...2....7.2..685.....73......3..5...",
        34,
        -1,
        0,
        &[(69, 0x020)],
    ),
    (
        Technique::WWing,
        ".......3..4....7.8...5..4.1.9.....67...23......1.8....1..6....2236....4......9.8.",
        29,
        -1,
        0,
        &[(68, 0x010)],
    ),
    (
        Technique::Swordfish,
        ".....493..469.........3.1.........4.53.6...2.2....8..7.21......6..4.2.9...9...3..",
        37,
        -1,
        0,
        &[(76, 0x040)],
    ),
    (
        Technique::Jellyfish,
        "..5..4..78.4...........3.9....4.....7.2...9.4.8.2...352...685.....3.1...3.6....2.",
        51,
        -1,
        0,
        &[(18, 0x001), (55, 0x001)],
    ),
    (
        Technique::FinnedXWing,
        ".65..13.2....8..4..4....5.65.8.....4..4.97....2...3..1....2..6.6.1......9........",
        27,
        -1,
        0,
        &[(3, 0x040)],
    ),
    (
        Technique::FinnedSwordfish,
        ".65..13.2....8..4..4....5.65.8.....4..4.97....2...3..1....2..6.6.1......9........",
        28,
        -1,
        0,
        &[(60, 0x100)],
    ),
    (
        Technique::FinnedJellyfish,
        "...32....9.2...45.87.......7..2...4.2.1.5.96.........81.........8.1....95.4.9..7.",
        5,
        -1,
        0,
        &[(50, 0x004)],
    ),
    (
        Technique::UniqueRectangle1,
        "347.1.........3.1.........912..3...8....5........84.7..9.5..6.7......5....476..2.",
        27,
        -1,
        0,
        &[(42, 0x003)],
    ),
    (
        Technique::UniqueRectangle2,
        "4.....6.....6.8..3..7.4..1.3....57.4.........7.5.84.2..4.....91..8..63.....9.....",
        37,
        -1,
        0,
        &[(26, 0x002)],
    ),
    (
        Technique::BugPlusOne,
        ".9.......8.5..3.4....1.62.558.3....9....7..2.7.1...36........7..5.4..9..64......2",
        58,
        5,
        5,
        &[],
    ),
    (
        Technique::XChain,
        "........9..9.....65..1......82..5...1...9.36...6...2............1.84.6..3..61.87.",
        30,
        -1,
        0,
        &[(9, 0x008)],
    ),
    (
        Technique::XyChain,
        "1..5...7.........6.5..378...8.12...95..............23..9......3....9..2.3286..9.1",
        28,
        -1,
        0,
        &[(71, 0x080)],
    ),
    (
        Technique::Aic,
        "1..5...7.........6.5..378...8.12...95..............23..9......3....9..2.3286..9.1",
        22,
        -1,
        0,
        &[(46, 0x040)],
    ),
    (
        Technique::NishioForcingChain,
        "....5873.1..7.4........28...21..3...54......78.75........4...6....1..4.....2.75.8",
        25,
        -1,
        0,
        &[(72, 0x020)],
    ),
    (
        Technique::ForcingChain,
        "....5873.1..7.4........28...21..3...54......78.75........4...6....1..4.....2.75.8",
        17,
        -1,
        0,
        &[(15, 0x020)],
    ),
    (
        Technique::CellForcingChain,
        "9876..5..4..9..6...3..8....7......94..47...65......7..5..2..4.6..2.1.........6..2",
        22,
        -1,
        0,
        &[(45, 0x001)],
    ),
    (
        Technique::RegionForcingChain,
        "98.7..6..5...6..4...3.....74...2..9..1...8......3..1..2.....5.9..6.5.4.....2...6.",
        11,
        -1,
        0,
        &[(64, 0x040)],
    ),
    (
        Technique::DynamicForcingChain,
        "98.7..6..75.....9...6......4...3.2....95...6......4..1..76...8.....1...6.....23..",
        4,
        -1,
        0,
        &[(12, 0x080)],
    ),
    (
        Technique::NestedForcingChain,
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        0,
        -1,
        0,
        &[(2, 0x002)],
    ),
];

#[test]
fn each_technique_is_the_simplest_step_on_its_board() {
    let mut seen = Vec::new();
    for (t, puzzle, n, cell, digit, removed) in SIMPLEST {
        let p: &[u8; CELLS] = puzzle.as_bytes().try_into().unwrap();
        let sol = reference::solve(&Board::from_bytes(p).unwrap())
            .unwrap()
            .to_bytes();
        let mut board = *p;
        let (_, mut cands) = ffi::candidates(&board);
        for k in 0..n {
            let (rc, s) = ffi::hint(&board, Some(&cands));
            assert_eq!(rc, 0, "{t:?} step {k}");
            assert_ne!(
                s.technique,
                t.code(),
                "{t:?} first appears at step {n}, not {k}"
            );
            assert_eq!(ffi::apply_step(&mut board, &mut cands, &s), 0);
        }
        let (rc, s) = ffi::hint(&board, Some(&cands));
        assert_eq!(rc, 0);
        assert_eq!(s.technique(), Some(t), "{puzzle} after {n} steps");
        assert_eq!((s.cell, s.digit), (cell, digit), "{t:?}");
        let got: Vec<(usize, u16)> = (0..CELLS)
            .filter(|&c| s.removed[c] != 0)
            .map(|c| (c, s.removed[c]))
            .collect();
        assert_eq!(got, removed, "{t:?}");
        check_step(&board, &cands, &s, &sol, &format!("{t:?}"));
        // The pattern holds candidates of the grid (or the digits of filled cells).
        for (c, (&pattern, &cand)) in s.pattern.iter().zip(&cands).enumerate() {
            assert_eq!(pattern & !cand, 0, "{t:?}: pattern at {c}");
        }
        assert_eq!(name(t.code()), t.name());
        seen.push(t);
    }
    let logic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|&t| t != Technique::BruteForce)
        .collect();
    assert_eq!(
        seen, logic,
        "one board per technique but brute force, in order"
    );
}
