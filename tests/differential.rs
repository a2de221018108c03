//! The solver against the plain backtracking reference, on a few thousand puzzles the
//! test makes itself: it must agree on whether a solution exists, and every solution it
//! gives must be a complete valid grid keeping every given.

mod common;

use common::{random_grid, with_blanks, with_changed_given, Rng};
use sudoku::engine::reference;
use sudoku::{Board, Status};

/// Solves `puzzle` through the public API and checks the answer against the reference.
fn agrees(puzzle: &Board) {
    let solvable = reference::count(puzzle, 1).0 == 1;
    let mut bytes = puzzle.to_bytes();
    let status = sudoku::solve_bytes(&mut bytes);
    match sudoku::solve(puzzle) {
        Ok(solution) => {
            assert!(solvable, "solved a puzzle the reference cannot: {puzzle}");
            assert!(solution.is_solution_of(puzzle), "{solution} for {puzzle}");
            assert_eq!(status, Status::Ok);
            let solved = Board::from_bytes(&bytes).unwrap();
            assert!(solved.is_solution_of(puzzle), "{solved} for {puzzle}");
        }
        Err(Status::NoSolution) => {
            assert!(!solvable, "missed the solution of {puzzle}");
            assert_eq!(status, Status::NoSolution);
            assert_eq!(bytes, puzzle.to_bytes(), "board changed on failure");
        }
        Err(other) => panic!("{other:?} for the clash-free puzzle {puzzle}"),
    }
}

#[test]
fn agrees_on_puzzles_with_one_or_many_solutions() {
    let mut rng = Rng::new(1);
    for n in 0..2000 {
        let grid = random_grid(&mut rng);
        let blanks = 30 + n % 35; // 30 to 64 blanks: from easy to far from unique
        agrees(&with_blanks(&mut rng, &grid, blanks));
    }
}

#[test]
fn agrees_on_nearly_complete_and_nearly_empty_boards() {
    let mut rng = Rng::new(2);
    for n in 0..300 {
        let grid = random_grid(&mut rng);
        agrees(&with_blanks(&mut rng, &grid, n % 12));
        agrees(&with_blanks(&mut rng, &grid, 72 + n % 10));
    }
    agrees(&Board::EMPTY);
}

#[test]
fn agrees_on_clash_free_puzzles_without_a_solution() {
    let mut rng = Rng::new(3);
    let mut unsolvable = 0;
    for n in 0..1000 {
        let grid = random_grid(&mut rng);
        let puzzle = with_blanks(&mut rng, &grid, 35 + n % 20);
        let changed = with_changed_given(&mut rng, &puzzle).expect("a given can change");
        unsolvable += (reference::count(&changed, 1).0 == 0) as usize;
        agrees(&changed);
    }
    // Most of these have no solution; make sure the test really exercises that case.
    assert!(unsolvable > 500, "only {unsolvable} unsolvable puzzles");
}
