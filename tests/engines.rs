//! Each engine alone, on every code path this CPU can run (each forced), against the plain
//! reference solver: the band engine (`engine::band::count`, no budget) and the triad
//! engine (`engine::triad::count`, given clash-free boards only, as its callers do).
//!
//! - On the generated puzzle set (`common::generate::puzzle_set`: unique, several, none,
//!   empty, near-complete, sparse, clashing): counts at limits 1, 2, 10 and 20 equal the
//!   reference's, each first solution completes its puzzle.
//! - The empty board counted to limits 0-500.
//! - A sample of every corpus of `../shared/data` (about 150 puzzles each) and the whole of
//!   `tdoku_test_puzzles` (exact counts up to 1000, listed solutions); every puzzle on
//!   every path with `cargo test --test engines -- --ignored`.
//! - The band engine's own entries: `solve_bytes_with` (the C contract on bytes) on every
//!   path, and a budget that only ever gives up or agrees.
//!
//! The router and the public API over them: `tests/router.rs`.

mod common;

use common::check::{self, BAND, TRIAD};
use common::generate::puzzle_set;
use sudoku::engine::{band, Path};

#[test]
fn the_band_engine_alone_counts_like_the_reference_on_every_path() {
    BAND.check_generated(puzzle_set());
}

#[test]
fn the_triad_engine_alone_counts_like_the_reference_on_every_path() {
    TRIAD.check_generated(puzzle_set());
}

#[test]
fn each_engine_counts_the_empty_board_to_its_limit() {
    BAND.check_empty_board();
    TRIAD.check_empty_board();
}

#[test]
fn each_engine_on_a_sample_of_every_corpus() {
    BAND.check_corpora(Some(150));
    TRIAD.check_corpora(Some(150));
}

#[test]
#[ignore = "every corpus puzzle: cargo test --test engines -- --ignored"]
fn each_engine_on_every_corpus_puzzle() {
    BAND.check_corpora(None);
    TRIAD.check_corpora(None);
}

/// `band::solve_bytes_with` on every path: the status the contract names, a solution
/// written on success, the board unchanged on failure; on the generated puzzles in wire
/// form ('.' and '0' blanks, now and then a bad byte) and on a corpus sample.
#[test]
fn the_band_engine_keeps_the_solve_bytes_contract_on_every_path() {
    check::solve_bytes_on_every_path(band::solve_bytes_with, 77, puzzle_set());
}

/// A budgeted run of the band engine (what the router uses) either gives up, having
/// reached its budget, or gives the reference's count within it; on every path the budget
/// bites on some generated puzzles.
#[test]
fn a_budget_only_ever_gives_up_or_agrees() {
    let budget = band::Budget {
        guesses: 3,
        open_at_first_guess: 50,
    };
    for path in Path::available() {
        let mut gave_up = 0;
        for p in puzzle_set().iter().step_by(3) {
            let mut stats = band::SearchStats::default();
            let r = band::count_budgeted(path, &p.board, 2, budget, &mut stats)
                .expect("an available path");
            match r {
                Err(band::GaveUp(_)) => {
                    gave_up += 1;
                    assert!(
                        stats.guesses == 3 || stats.open_at_first_guess > 50,
                        "{} {}: gave up with {stats:?}",
                        path.name(),
                        p.kind
                    );
                }
                Ok(got) => {
                    check::answer(got, &p.board, p.solutions.min(2))
                        .unwrap_or_else(|e| panic!("{} {}: {e}: {}", path.name(), p.kind, p.board));
                    assert!(stats.guesses <= 3, "{stats:?}");
                }
            }
        }
        assert!(gave_up > 0, "{}: the budget never bit", path.name());
    }
}
