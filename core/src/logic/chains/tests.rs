use super::alternating;
use super::forcing;
use super::*;
use crate::units::{ALL_DIGITS, PEERS, PEER_MASK, UNITS, UNIT_MASK};

/// The grid of a caller's digits and candidates, as a player's grid may hold them: an open
/// cell's candidates lose the digits of its filled peers; `None` when two filled cells of a
/// unit hold the same digit or a cell holds no digit (no completion: nothing to find).
fn grid(digits: &[u8; 81], cands: &[u16; 81]) -> Option<Grid> {
    let mut filled = [0u128; 9];
    for (c, &d) in digits.iter().enumerate() {
        match d {
            0 => {}
            1..=9 => {
                let d = d as usize - 1;
                if filled[d] & PEER_MASK[c] != 0 {
                    return None;
                }
                filled[d] |= 1 << c;
            }
            _ => return None,
        }
    }
    let cand = core::array::from_fn(|c| {
        if digits[c] != 0 {
            return 0;
        }
        let mut m = cands[c] & ALL_DIGITS;
        for (d, f) in filled.iter().enumerate() {
            if f & PEER_MASK[c] != 0 {
                m &= !(1 << d);
            }
        }
        m
    });
    Some(Grid::from_parts(*digits, cand))
}

/// The chain searches on a caller's grid ([`grid`]).
fn x_chain(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    alternating::x_chain(&grid(digits, cands)?)
}

fn xy_chain(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    super::xy_chain(&grid(digits, cands)?)
}

fn aic(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    super::aic(&grid(digits, cands)?)
}

/// [`forcing_chain`] where memory does not run out.
fn forcing(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    forcing_chain(&grid(digits, cands)?).expect("the tests have memory")
}

fn cell_unit_forcing(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    forcing::cell_unit_forcing(&grid(digits, cands)?)
}

fn nishio(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    super::nishio(&grid(digits, cands)?)
}

fn dynamic(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    super::dynamic(&grid(digits, cands)?).expect("the tests have memory")
}

fn nested(digits: &[u8; 81], cands: &[u16; 81]) -> Option<ChainFind> {
    super::nested(&grid(digits, cands)?).expect("the tests have memory")
}

use crate::Board;

/// The tests' reader of the bundled sets and of the corpora in `../shared/data`.
#[path = "../../../../tests/common/corpora.rs"]
#[allow(dead_code, unreachable_pub)] // the chain tests read boards only
mod corpora;

/// The bundled puzzles that are boards.
fn bundled() -> Vec<Board> {
    corpora::bundled()
        .iter()
        .filter_map(|(_, _, p)| Board::from_bytes(p).ok())
        .collect()
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
        for d in 0..9 {
            let mut pos = 0u128;
            for c in 0..81 {
                if digits[c] == 0 && cands[c] >> d & 1 != 0 {
                    pos |= 1 << c;
                }
            }
            for &bm in &UNIT_MASK[18..] {
                for &lm in &UNIT_MASK[..18] {
                    let inter = bm & lm;
                    for (from, to) in [(bm, lm), (lm, bm)] {
                        let p = pos & from;
                        if inter != 0 && p != 0 && p & !inter == 0 {
                            let mut rm = pos & to & !inter;
                            pos &= !rm;
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

/// A candidate grid written as 81 space-separated cells: a filled cell as `=d`, an
/// empty one as its candidate digits.
fn parse_grid(text: &str) -> ([u8; 81], [u16; 81]) {
    let mut digits = [0u8; 81];
    let mut cands = [0u16; 81];
    let cells: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(cells.len(), 81);
    for (c, cell) in cells.iter().enumerate() {
        let filled = cell.starts_with('=');
        let mut m = 0u16;
        for ch in cell.trim_start_matches('=').bytes() {
            m |= 1 << (ch - b'1');
        }
        if filled {
            digits[c] = m.trailing_zeros() as u8 + 1;
        }
        cands[c] = m;
    }
    (digits, cands)
}

/// The (cell, digit) pairs of a per-cell mask array.
fn pairs(masks: &[u16; 81]) -> Vec<(usize, u8)> {
    let mut v = Vec::new();
    for (c, &m) in masks.iter().enumerate() {
        for d in 0..9 {
            if m >> d & 1 != 0 {
                v.push((c, d as u8 + 1));
            }
        }
    }
    v
}

/// Checks a technique's step on a fixed grid: the removals and placement expected, each
/// sound against the grid's solution, the ends of the chain in the pattern.
fn expect_step(
    t: fn(&[u8; 81], &[u16; 81]) -> Option<ChainFind>,
    grid: &str,
    removed: &[(usize, u8)],
    place: Option<(usize, u8)>,
) -> ChainFind {
    let (digits, cands) = parse_grid(grid);
    let f = t(&digits, &cands).expect("a step");
    assert_eq!(pairs(&f.removed), removed);
    assert_eq!(f.place, place);
    let sol = *crate::solve(&Board::from_digits(digits).unwrap())
        .unwrap()
        .digits();
    let (mut d2, mut c2) = (digits, cands);
    check_apply("expected step", &f, &mut d2, &mut c2, &sol);
    assert!(pairs(&f.pattern).len() >= 2);
    // Deterministic.
    assert_eq!(t(&digits, &cands), Some(f.clone()));
    f
}

/// X-chain on digit 4: six nodes (r2c5, r2c9, r5c9, r5c3, r9c3, r9c5), five links, and
/// r9c5 sees r2c5: a continuous loop. The chain's ends remove 4 from r3c5 (cell 22); the
/// loop's weak links, each now holding exactly one 4, remove it from r3c9, r6c3, r6c9 and
/// r8c3.
const X_CHAIN_GRID: &str = "
    35 =4 79 578 =1 67 =2 368 35689
    256 2568 268 =3 246 =9 15 =7 146
    2356 =1 79 578 24567 24 589 3468 34689
    125 2579 12 =4 =3 57 =6 128 1289
    =8 267 234 =9 67 167 17 =5 2347
    1456 679 1346 =2 =8 1567 179 134 13479
    =7 =3 =5 =1 =9 =8 =4 26 26
    124 28 1248 =6 57 24 =3 =9 57
    =9 26 246 57 24 =3 1578 18 1578";

#[test]
fn x_chain_finds_a_six_node_loop() {
    let f = expect_step(
        x_chain,
        X_CHAIN_GRID,
        &[(22, 4), (26, 4), (47, 4), (53, 4), (65, 4)],
        None,
    );
    assert_eq!(
        pairs(&f.pattern),
        [(13, 4), (17, 4), (38, 4), (44, 4), (74, 4), (76, 4)]
    );
}

#[test]
fn xy_chain_finds_a_four_cell_chain() {
    let grid = "
        =8 =1 =9 46 2456 2456 =3 567 57
        246 234 2346 =7 35 =1 248 589 589
        =5 234 =7 89 36 89 246 16 12
        149 =7 148 3458 45 3458 189 =2 =6
        =3 248 12468 468 =9 24678 178 1578 1578
        269 2589 2568 =1 267 2678 789 =4 =3
        179 =6 1358 =2 157 3579 178 13789 =4
        12479 2349 1234 3469 =8 34679 =5 13679 1279
        12479 234589 123458 34569 14567 345679 12678 136789 12789";
    let f = expect_step(xy_chain, grid, &[(4, 4), (30, 4), (39, 4)], None);
    assert_eq!(
        pairs(&f.pattern),
        [
            (3, 4),
            (3, 6),
            (13, 3),
            (13, 5),
            (22, 3),
            (22, 6),
            (31, 4),
            (31, 5)
        ]
    );
    // The X-chain search sees no single-digit chain here that the XY-chain makes.
    assert_ne!(
        x_chain(&parse_grid(grid).0, &parse_grid(grid).1).map(|f| f.removed),
        Some(f.removed)
    );
}

#[test]
fn aic_finds_a_two_digit_chain() {
    let grid = "
        356 =4 79 3578 =1 367 =2 3689 35689
        2356 2568 268 35 2456 =9 145 =7 1346
        2356 =1 79 3578 24567 23467 4589 34689 345689
        125 2579 12 =4 =3 57 =6 1289 1289
        =8 2367 2346 179 679 167 147 =5 12347
        1456 5679 1346 =2 =8 1567 1479 1349 13479
        =7 236 =5 139 249 =8 149 12469 12469
        124 28 1248 =6 2579 1247 =3 12489 579
        =9 2368 123468 1357 2457 1234 1578 12468 1245678";
    let f = expect_step(aic, grid, &[(46, 5)], None);
    assert_eq!(
        pairs(&f.pattern),
        [(28, 7), (28, 9), (32, 5), (32, 7), (46, 9), (50, 5)]
    );
}

#[test]
fn forcing_chain_finds_a_contradiction() {
    let grid = "
        =7 126 =8 459 4569 4569 =3 1456 1259
        469 36 3469 =2 34569 =1 4679 45678 5789
        =5 1236 123469 78 3469 78 12469 146 129
        189 =4 1579 3579 59 3579 178 =2 =6
        =3 1267 12679 479 =8 24679 147 1457 157
        268 25678 2567 =1 2456 24567 478 =9 =3
        128 =9 12357 =6 125 2358 127 1378 =4
        12468 12368 12346 3489 =7 23489 =5 1368 1289
        12468 1235678 1234567 34589 12459 234589 12679 13678 12789";
    let f = expect_step(forcing, grid, &[(73, 2)], None);
    assert_eq!(f.pattern[73], 1 << 1, "the assumption is in the pattern");
    // Assuming 2 in r9c2 places 2 in r1c9, r3c3 and r5c6 by singles (traced back: only
    // the placements the contradiction needs): then row 8 has no place left for 2 (its
    // places r8c1-r8c3, r8c6, r8c9 are in the pattern).
    assert_eq!(
        pairs(&f.pattern),
        [
            (8, 2),
            (20, 2),
            (41, 2),
            (63, 2),
            (64, 2),
            (65, 2),
            (68, 2),
            (71, 2),
            (73, 2)
        ]
    );
}

#[test]
fn cell_forcing_places_a_digit() {
    let grid = "
        =5 1489 12489 =7 124 1239 =6 134 3489
        129 14679 =3 =8 12456 1269 4579 1457 4579
        189 146789 146789 3569 1456 1369 =2 13457 345789
        =6 =2 1589 =4 1578 13789 3578 357 357
        38 3458 458 2356 25678 23678 34578 =9 =1
        =7 134589 14589 359 158 1389 3458 23456 23456
        129 1679 12679 126 =3 =5 479 =8 24679
        =4 3569 2569 26 2678 2678 =1 2356 23569
        1238 135678 125678 126 =9 =4 357 23567 23567";
    // r6c8 is 2 or 6; either way r6c9 takes the other digit, and then 4, locked in
    // column 8 by box 3 (r1c8, r2c8, r3c8), has one place left in a unit: r7c9.
    let f = expect_step(cell_unit_forcing, grid, &[], Some((62, 4)));
    assert_eq!(
        pairs(&f.pattern),
        [
            (7, 4),
            (16, 4),
            (25, 4),
            (52, 2),
            (52, 6),
            (53, 2),
            (53, 6),
            (62, 4)
        ]
    );
}

#[test]
fn nothing_on_hostile_grids() {
    let all: [Technique; 7] = [
        ("x_chain", x_chain),
        ("xy_chain", xy_chain),
        ("aic", aic),
        ("forcing", forcing),
        ("nishio", nishio),
        ("dynamic", dynamic),
        ("nested", nested),
    ];
    // Clashing digits, a non-digit, no candidates at all, every candidate everywhere.
    let mut clash = [0u8; 81];
    clash[0] = 5;
    clash[1] = 5;
    let mut junk = [0u8; 81];
    junk[40] = 200;
    for (name, t) in all {
        assert_eq!(t(&clash, &[0x1FF; 81]), None, "{name}");
        assert_eq!(t(&junk, &[0xFFFF; 81]), None, "{name}");
        assert_eq!(t(&[0; 81], &[0; 81]), None, "{name}");
        // The empty board: every candidate is some completion's digit.
        assert_eq!(t(&[0; 81], &[0x1FF; 81]), None, "{name}");
        assert_eq!(t(&[0; 81], &[0xFFFF; 81]), None, "{name}");
    }
}

/// Random candidate masks on random partial boards: never a panic, and on a board with a
/// solution every step is checked against it.
#[test]
fn random_grids_never_panic_and_stay_sound() {
    let boards = bundled();
    let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15u64);
    let mut next = move || rng.next_u64();
    let all: [Technique; 7] = [
        ("x_chain", x_chain),
        ("xy_chain", xy_chain),
        ("aic", aic),
        ("forcing", forcing),
        ("nishio", nishio),
        ("dynamic", dynamic),
        ("nested", nested),
    ];
    for b in boards.iter().take(120) {
        let Ok(sol) = crate::solve(b) else { continue };
        let sol = *sol.digits();
        let digits = *b.digits();
        // Candidates: the peers' cleaning plus random extra digits, keeping the solution's.
        let mut cands = peer_candidates(&digits);
        for c in 0..81 {
            if digits[c] == 0 {
                cands[c] |= (next() & 0x1FF) as u16 | bit(sol[c]);
            }
        }
        for (name, t) in all {
            if let Some(f) = t(&digits, &cands) {
                let (mut d, mut c) = (digits, cands);
                check_apply(name, &f, &mut d, &mut c, &sol);
            }
            // Fully random masks and digits: only no panic.
            let mut rd = [0u8; 81];
            let mut rc = [0u16; 81];
            for c in 0..81 {
                let r = next();
                rd[c] = if r % 5 == 0 { (r >> 8) as u8 % 10 } else { 0 };
                rc[c] = (r >> 16) as u16;
            }
            let _ = t(&rd, &rc);
        }
    }
}

/// Many random boards and masks, partly consistent (digits of a solution grid, masks
/// keeping the solution's digit): never a panic, every step on a consistent grid sound.
#[test]
#[ignore = "long random run"]
fn random_grids_many() {
    let sols: Vec<[u8; 81]> = bundled()
        .iter()
        .filter_map(|b| crate::solve(b).ok())
        .map(|s| *s.digits())
        .take(50)
        .collect();
    let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1Du64);
    let mut next = move || rng.next_u64();
    let all: [Technique; 8] = [
        ("x_chain", x_chain),
        ("xy_chain", xy_chain),
        ("aic", aic),
        ("forcing", forcing),
        ("cell_unit_forcing", cell_unit_forcing),
        ("nishio", nishio),
        ("dynamic", dynamic),
        ("nested", nested),
    ];
    let rounds: usize = std::env::var("CHAINS_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    for i in 0..rounds {
        let sol = sols[i % sols.len()];
        let mut digits = [0u8; 81];
        let mut cands = [0u16; 81];
        let keep = next() % 50;
        for c in 0..81 {
            let r = next();
            if r % 100 < keep {
                digits[c] = sol[c];
                cands[c] = bit(sol[c]);
            } else {
                cands[c] = (r >> 8) as u16 & 0x1FF | bit(sol[c]);
            }
        }
        for (name, t) in all {
            if let Some(f) = t(&digits, &cands) {
                let (mut d, mut c) = (digits, cands);
                check_apply(name, &f, &mut d, &mut c, &sol);
            }
        }
    }
}

/// Bit of digit `d` (1-9).
fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

fn soundness(name: &'static str, t: fn(&[u8; 81], &[u16; 81]) -> Option<ChainFind>) {
    let mut boards = bundled();
    boards.extend(corpora::first_boards("puzzles3_magictour_top1465", 300));
    boards.extend(corpora::first_boards("puzzles6_forum_hardest_1106", 100));
    boards.extend(corpora::first_boards("puzzles2_17_clue", 100));
    assert!(boards.len() > 100);
    let mut steps = [0];
    for b in &boards {
        walk(b, &[(name, t)], &mut steps);
    }
    assert!(steps[0] > 0);
    eprintln!("{name}: {} steps on {} puzzles", steps[0], boards.len());
}

#[test]
fn x_chain_soundness_on_bundled_and_corpus_puzzles() {
    soundness("x_chain", x_chain);
}

#[test]
fn xy_chain_soundness_on_bundled_and_corpus_puzzles() {
    soundness("xy_chain", xy_chain);
}

#[test]
fn aic_soundness_on_bundled_and_corpus_puzzles() {
    soundness("aic", aic);
}

#[test]
fn forcing_chain_soundness_on_bundled_and_corpus_puzzles() {
    soundness("forcing", forcing);
}

#[test]
fn cell_and_unit_forcing_soundness_on_bundled_and_corpus_puzzles() {
    soundness("cell_unit_forcing", cell_unit_forcing);
}

#[test]
fn nishio_soundness_on_bundled_and_corpus_puzzles() {
    soundness("nishio", nishio);
}

#[test]
fn dynamic_forcing_soundness_on_bundled_and_corpus_puzzles() {
    soundness("dynamic", dynamic);
}

/// Nested chains where they are meant to run: after the forcing and dynamic chains, on
/// the forum's hardest puzzles (run alone from the givens they would take minutes).
#[test]
fn nested_forcing_soundness_on_the_hardest_puzzles() {
    let mut boards = corpora::first_boards("puzzles6_forum_hardest_1106", 40);
    boards.extend(corpora::first_boards("puzzles5_forum_hardest_1905_11+", 40));
    if boards.is_empty() {
        eprintln!("skipped: no corpora in ../shared/data");
        return;
    }
    let mut steps = [0; 3];
    let mut walked = 0;
    for b in &boards {
        let all: [Technique; 3] = [
            ("forcing", forcing),
            ("dynamic", dynamic),
            ("nested", nested),
        ];
        if walk(b, &all, &mut steps) {
            walked += 1;
        }
    }
    eprintln!(
        "forcing, dynamic, nested: {steps:?} steps on {} puzzles",
        boards.len()
    );
    assert!(steps[2] > 0, "no nested step");
    assert_eq!(walked, boards.len(), "every puzzle walked to the end");
}
