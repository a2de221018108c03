//! Property tests of the contract, with proptest: random complete grids (a fixed valid grid
//! under a seeded validity-preserving transformation), random subsets of their cells as
//! givens, random mutations of those boards and random bytes.
//!
//! For every input the status the contract names is computed independently
//! (`common::contract`: allowed bytes, a pairwise clash check, the plain reference for
//! solvability), and each property checks:
//! - the C ABI (`sudoku_solve`), `solve_bytes` and `solve` all return that status; a solved
//!   board is a complete valid grid keeping every given; a failed board is unchanged;
//! - every engine path this CPU can run, forced through `engine::count_with`, counts the
//!   solutions of each clash-free board up to a small limit exactly as the reference does.
//!
//! `PROPTEST_CASES=N` runs N cases per property instead of the default below; a failing
//! case is shrunk and its seed recorded in `tests/properties.proptest-regressions` (commit
//! that file: the case is then replayed first on every run).

mod common;

use common::contract::{check_counts, check_solve, expected_status};
use common::{random_grid, Rng};
use proptest::prelude::*;
use sudoku::{Board, Status, CELLS};

/// Cases per property when PROPTEST_CASES is not set: a few seconds for the whole file.
const CASES: u32 = 1000;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// A random complete grid, from a seed.
fn grid() -> impl Strategy<Value = Board> {
    any::<u64>().prop_map(|seed| random_grid(&mut Rng::new(seed)))
}

/// Which cells keep their digit: a random density, then a random subset of that density.
fn givens_mask() -> impl Strategy<Value = Vec<bool>> {
    (0.0..=1.0f64).prop_flat_map(|p| prop::collection::vec(prop::bool::weighted(p), CELLS))
}

/// The wire form of `grid` keeping the cells of `keep`, blanks written `'.'` or `'0'` as
/// `zeros` says cell by cell.
fn puzzle_bytes(grid: &Board, keep: &[bool], zeros: &[bool]) -> [u8; CELLS] {
    let solved = grid.to_bytes();
    core::array::from_fn(|i| match (keep[i], zeros[i]) {
        (true, _) => solved[i],
        (false, true) => b'0',
        (false, false) => b'.',
    })
}

/// A byte that is mostly a board character: digits, both blanks, and now and then any
/// byte at all.
fn board_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        6 => b'1'..=b'9',
        3 => Just(b'.'),
        1 => Just(b'0'),
        1 => any::<u8>(),
    ]
}

/// Calls the exported C function on a copy of `input`: its status and the bytes it left.
fn ffi_solve(input: &[u8; CELLS]) -> (i32, [u8; CELLS]) {
    let mut board = *input;
    // SAFETY: `board` is 81 bytes this test owns, readable and writable.
    let code = unsafe { sudoku::ffi::sudoku_solve(board.as_mut_ptr().cast()) };
    (code, board)
}

/// Checks every entry point on `input` against the contract, and every engine path on it
/// when it is a clash-free board; returns the status the contract names.
fn check_everything(input: &[u8; CELLS], limit: usize) -> Result<Status, TestCaseError> {
    let expected = expected_status(input).map_err(TestCaseError::fail)?;

    let (code, output) = ffi_solve(input);
    prop_assert_eq!(code, expected.code(), "sudoku_solve on {:?}", show(input));
    check_solve(input, code, &output).map_err(TestCaseError::fail)?;

    let mut bytes = *input;
    let status = sudoku::solve_bytes(&mut bytes);
    prop_assert_eq!(status, expected, "solve_bytes on {:?}", show(input));
    check_solve(input, status.code(), &bytes).map_err(TestCaseError::fail)?;

    match Board::from_bytes(input) {
        Err(status) => prop_assert_eq!(status, expected),
        Ok(board) => {
            match sudoku::solve(&board) {
                Ok(solution) => {
                    prop_assert_eq!(expected, Status::Ok);
                    prop_assert!(
                        solution.is_solution_of(&board),
                        "{} for {}",
                        solution,
                        board
                    );
                }
                Err(status) => prop_assert_eq!(status, expected),
            }
            if board.conflict().is_none() {
                check_counts(&board, limit).map_err(TestCaseError::fail)?;
            }
        }
    }
    Ok(expected)
}

fn show(bytes: &[u8; CELLS]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

proptest! {
    #![proptest_config(config())]

    /// Any subset of a complete grid's cells, blanks written either way, is solved, and
    /// every path counts its solutions as the reference does.
    #[test]
    fn givens_from_a_grid_are_solved(
        grid in grid(),
        keep in givens_mask(),
        zeros in prop::collection::vec(any::<bool>(), CELLS),
        limit in 1usize..=3,
    ) {
        let input = puzzle_bytes(&grid, &keep, &zeros);
        prop_assert_eq!(check_everything(&input, limit)?, Status::Ok);
    }

    /// Boards from a grid with a middling number of givens have from one to very many
    /// solutions: every path counts them as the reference does up to larger limits, so
    /// every branch of the search is compared, not only the way to a first solution.
    #[test]
    fn counts_match_the_reference_up_to_larger_limits(
        grid in grid(),
        keep in (0.3..=0.6f64)
            .prop_flat_map(|p| prop::collection::vec(prop::bool::weighted(p), CELLS)),
        limit in 1usize..=64,
    ) {
        let input = puzzle_bytes(&grid, &keep, &[false; CELLS]);
        let board = Board::from_bytes(&input).expect("a grid's digits and blanks");
        check_counts(&board, limit).map_err(TestCaseError::fail)?;
    }

    /// A board from a grid with some cells overwritten (digits, blanks, any byte) gets
    /// exactly the status the contract names, whatever it is.
    #[test]
    fn mutated_boards_get_the_contract_status(
        grid in grid(),
        keep in givens_mask(),
        mutations in prop::collection::vec((0..CELLS, board_byte()), 1..6),
        limit in 1usize..=3,
    ) {
        let mut input = puzzle_bytes(&grid, &keep, &[false; CELLS]);
        for (i, byte) in mutations {
            input[i] = byte;
        }
        check_everything(&input, limit)?;
    }

    /// A clash-free board with one given changed to a digit its units lack (so usually
    /// without a solution) gets the contract's status on every path.
    #[test]
    fn changed_givens_are_refuted_or_solved(
        grid in grid(),
        keep in givens_mask(),
        cell in 0..CELLS,
        shift in 1u8..9,
    ) {
        let mut input = puzzle_bytes(&grid, &keep, &[false; CELLS]);
        let digit = grid.get(cell);
        input[cell] = b'0' + (digit - 1 + shift) % 9 + 1;
        check_everything(&input, 2)?;
    }

    /// Random bytes, mostly board characters, with a random density of givens.
    #[test]
    fn random_bytes_get_the_contract_status(
        bytes in (0.0..=1.0f64).prop_flat_map(|p| prop::collection::vec(
            prop::bool::weighted(p).prop_flat_map(|given| {
                if given {
                    board_byte().boxed()
                } else {
                    prop_oneof![Just(b'.'), Just(b'0')].boxed()
                }
            }),
            CELLS,
        )),
        limit in 1usize..=3,
    ) {
        let input: [u8; CELLS] = bytes.try_into().expect("81 bytes");
        check_everything(&input, limit)?;
    }

    /// Entirely arbitrary bytes: nearly always a bad character, which must win.
    #[test]
    fn arbitrary_bytes_get_the_contract_status(
        bytes in prop::collection::vec(any::<u8>(), CELLS),
    ) {
        let input: [u8; CELLS] = bytes.try_into().expect("81 bytes");
        check_everything(&input, 1)?;
    }
}

/// The generators reach every status the contract names for `sudoku_solve` (but NULL),
/// so the properties above check each of them.
#[test]
fn the_generators_reach_every_status() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = (
        grid(),
        givens_mask(),
        prop::collection::vec((0..CELLS, board_byte()), 1..6),
    );
    let mut seen = std::collections::HashSet::new();
    for _ in 0..2000 {
        let (grid, keep, mutations) = strategy
            .new_tree(&mut runner)
            .expect("the strategy makes values")
            .current();
        let mut input = puzzle_bytes(&grid, &keep, &[false; CELLS]);
        for (i, byte) in mutations {
            input[i] = byte;
        }
        seen.insert(expected_status(&input).expect("the oracle is consistent"));
    }
    for status in [
        Status::Ok,
        Status::NoSolution,
        Status::ErrInvalidChar,
        Status::ErrConflict,
    ] {
        assert!(seen.contains(&status), "no generated board gets {status:?}");
    }
}
