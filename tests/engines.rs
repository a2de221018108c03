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
use sudoku_core::engine::{band, triad, Path};

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

/// `band::solve_bytes` without a budget on every path: the status the contract names, a solution
/// written on success, the board unchanged on failure; on the generated puzzles in wire
/// form ('.' and '0' blanks, now and then a bad byte) and on a corpus sample.
#[test]
fn the_band_engine_keeps_the_solve_bytes_contract_on_every_path() {
    fn solve(
        path: Path,
        bytes: &mut [u8; sudoku_core::CELLS],
    ) -> Option<Result<(), sudoku_core::Error>> {
        let mut stats = band::SearchStats::default();
        let unlimited = band::Budget::UNLIMITED;
        let r = band::solve_bytes(path, bytes, unlimited, &mut stats)?;
        Some(r.expect("an unlimited search does not give up"))
    }
    check::solve_bytes_on_every_path(solve, 77, puzzle_set());
}

/// A budgeted run of the band engine (what the router uses) either gives up, having
/// reached its budget, or gives the reference's count within it; on every path the budget
/// bites on some generated puzzles.
#[test]
fn a_band_budget_only_ever_gives_up_or_agrees() {
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

/// A budgeted run of the triad engine (what the router uses after the band engine) either
/// gives up or gives the reference's count, and its answer does not depend on the budget:
/// every clash-free generated puzzle, at budgets of 0, 1, 4 and 64 guesses, on every path;
/// the small budgets bite on some puzzles, and with enough budget every puzzle is answered.
#[test]
fn a_triad_budget_only_ever_gives_up_or_agrees() {
    for path in Path::available() {
        for guesses in [0, 1, 4, 64] {
            let mut gave_up = 0;
            let mut answered = 0;
            for p in puzzle_set().iter().filter(|p| !p.clashing).step_by(2) {
                match triad::count_budgeted(path, &p.board, 2, guesses).expect("available") {
                    Err(triad::GaveUp) => gave_up += 1,
                    Ok(got) => {
                        answered += 1;
                        check::answer(got, &p.board, p.solutions.min(2)).unwrap_or_else(|e| {
                            panic!(
                                "{} {} budget {guesses}: {e}: {}",
                                path.name(),
                                p.kind,
                                p.board
                            )
                        });
                        let needed = triad::stats_with(path, &p.board, 2).expect("available");
                        assert!(needed.guesses <= guesses, "{needed:?} within {guesses}");
                    }
                }
            }
            eprintln!(
                "{} budget {guesses}: {gave_up} gave up, {answered} answered",
                path.name()
            );
            assert!(
                answered > 0,
                "{} budget {guesses}: none answered",
                path.name()
            );
            if guesses <= 4 {
                assert!(gave_up > 0, "{} budget {guesses}: never bit", path.name());
            } else {
                assert_eq!(gave_up, 0, "{} budget {guesses}", path.name());
            }
        }
    }
}
