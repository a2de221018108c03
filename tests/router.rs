//! The router (the band engine first, the triad engine for the puzzles it gives up on) on
//! every code path this CPU can run, and the public API over it, against the plain
//! reference solver.
//!
//! - The router forced onto each path (`engine::count_with`) on the generated puzzle set
//!   (`common::generate::puzzle_set`: unique, several, none, empty, near-complete, sparse,
//!   clashing): counts at limits 1, 2, 10 and 20, first solutions; the set holds puzzles the
//!   band engine hands on, so both engines answer through the router.
//! - The empty board counted to limits 0-500; a sample of every corpus (about 150 puzzles
//!   each) and the whole of `tdoku_test_puzzles` (exact counts, listed solutions); every
//!   puzzle on every path with `cargo test --test router -- --ignored`.
//! - The routed `solve_bytes` (the C contract on bytes) forced onto each path, on the
//!   generated set in wire form and a sample of every corpus.
//! - The public API on the path this CPU selects: `solve`, `solve_bytes` (the C contract:
//!   '.' and '0' blanks, bad bytes, clashes; a failed board unchanged) and
//!   `count_solutions` on every generated puzzle, and `solve_bytes` on every puzzle of
//!   every corpus.
//!
//! Each engine alone: `tests/engines.rs`.

mod common;

use common::check::{self, expected_status, wire_form, ROUTER};
use common::contract::is_solution;
use common::corpora;
use common::generate::{puzzle_set, Rng};
use sudoku::Status;
use sudoku_core::engine::{self, band, Path};
use sudoku_core::Error;

#[test]
fn the_router_counts_like_the_reference_on_every_path() {
    ROUTER.check_generated(puzzle_set());
}

/// The generated set exercises both engines through the router: on every vector path some
/// of its puzzles exceed the budget with which the router runs the band engine there
/// (`handoff` in core/src/engine/router.rs: 16 guesses, or more than 48 open cells at the first
/// guess), so the triad engine answers them. (On the portable path the band engine keeps
/// going for 2000 guesses, which no generated puzzle needs.)
#[test]
fn the_router_hands_generated_puzzles_to_both_engines() {
    let handoff = band::Budget {
        guesses: 16,
        open_at_first_guess: 48,
    };
    for path in Path::available().filter(|&p| p != Path::Portable) {
        let handed_on = puzzle_set()
            .iter()
            .filter(|p| {
                let mut stats = band::SearchStats::default();
                let r = band::count_budgeted(path, &p.board, 2, handoff, &mut stats);
                r.expect("an available path").is_err()
            })
            .count();
        eprintln!("{}: {handed_on} puzzles handed on", path.name());
        assert!(handed_on > 100, "{}: {handed_on} handed on", path.name());
    }
}

#[test]
fn the_router_counts_the_empty_board_to_its_limit() {
    ROUTER.check_empty_board();
}

#[test]
fn the_router_on_a_sample_of_every_corpus() {
    ROUTER.check_corpora(Some(150));
}

#[test]
#[ignore = "every corpus puzzle: cargo test --test router -- --ignored"]
fn the_router_on_every_corpus_puzzle() {
    ROUTER.check_corpora(None);
}

/// `engine::solve_bytes_with` (what `sudoku_solve` runs) forced onto every path: the
/// status the contract names, a solution written on success, the board unchanged on
/// failure; on the generated puzzles in wire form (both engines answer, and on the vector
/// paths the triad engine goes on from the band engine's candidates) and a corpus sample.
#[test]
fn the_routed_solve_keeps_the_solve_bytes_contract_on_every_path() {
    check::solve_bytes_on_every_path(engine::solve_bytes_with, 79, puzzle_set());
}

/// `solve`, `solve_bytes` and `count_solutions` on every generated puzzle: the statuses
/// the contract names (clashes, no solution), valid solutions, counts at limits 0-20 as
/// the reference's; `solve_bytes` on the wire form ('.' and '0' blanks, now and then a bad
/// byte) leaves a failed board unchanged.
#[test]
fn the_public_api_agrees_with_the_reference() {
    let mut rng = Rng::new(78);
    for (i, p) in puzzle_set().iter().enumerate() {
        let what = format!("{} #{i}: {}", p.kind, p.board);
        let input = wire_form(&mut rng, &p.board);
        let mut output = input;
        let status = Status::of(sudoku_core::solve_bytes(&mut output));
        check::solved_bytes(&input, status, &output, expected_status(&input, p))
            .unwrap_or_else(|e| panic!("solve_bytes, {what}: {e}"));

        match sudoku_core::solve(&p.board) {
            Ok(s) => assert!(
                !p.clashing && p.solutions > 0 && is_solution(&p.board.to_bytes(), &s.to_bytes()),
                "solve gave {s} for {what}"
            ),
            Err(Error::Conflict) => assert!(p.clashing, "solve: ErrConflict for {what}"),
            Err(Error::NoSolution) => assert!(
                !p.clashing && p.solutions == 0,
                "solve: NoSolution for {what}"
            ),
            Err(other) => panic!("solve: {other:?} for {what}"),
        }

        for limit in [0, 1, 2, 20] {
            let right = match (sudoku_core::count_solutions(&p.board, limit), p.clashing) {
                (Ok(c), false) => {
                    check::answer((c.count, c.first), &p.board, p.solutions.min(limit))
                }
                (Err(Error::Conflict), true) => Ok(()),
                (other, _) => Err(format!("{other:?}")),
            };
            right.unwrap_or_else(|e| panic!("count_solutions to {limit}, {what}: {e}"));
        }
    }
}

/// Every puzzle of every corpus through `solve_bytes`: solved into a valid grid, or (for
/// `gen_invalid` and the unsolvable listed puzzles) `NoSolution` with the board unchanged.
#[test]
fn every_corpus_puzzle_through_the_public_api() {
    for (name, _) in corpora::CORPORA {
        let Some(entries) = corpora::read(name) else {
            continue;
        };
        for e in &entries {
            let mut output = e.bytes;
            let status = Status::of(sudoku_core::solve_bytes(&mut output));
            check::solved_bytes(&e.bytes, status, &output, check::corpus_status(e))
                .unwrap_or_else(|err| panic!("{name}:{}: {err}: {}", e.line, e.board));
        }
        eprintln!("{name}: {} puzzles solved", entries.len());
    }
}
