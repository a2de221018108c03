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
//!   solutions of each clash-free board up to a small limit exactly as the reference does;
//! - the toolkit keeps its contract (`common::contract::check_count`, `check_rate`,
//!   `check_generate`, `check_batch`): `sudoku_count_solutions` counts as the reference at
//!   limits 0-5 and agrees with `sudoku_solve`, '.' and '0' blanks giving the same answer;
//!   `sudoku_rate` names the level an independent logical solver finds, on proper puzzles
//!   of every level, boards with several solutions and boards with none; `sudoku_rate_se`
//!   gives the statuses of `sudoku_rate`;
//!   `sudoku_generate` makes unique, minimal puzzles of the level asked for, the same for
//!   the same seed, and refuses every other difficulty; `sudoku_solve_batch` gives each
//!   board the status and bytes `sudoku_solve` gives it, at 0-8 threads, and refuses
//!   malformed calls in argument order. NULL arguments are drawn too.
//!
//! The library picks one engine path per process for the toolkit; the other paths are
//! compared on the same boards through `engine::count_with` (the counting properties).
//!
//! `PROPTEST_CASES=N` runs N cases per property instead of the default below; a failing
//! case is shrunk and its seed recorded in `tests/properties.proptest-regressions` (commit
//! that file: the case is then replayed first on every run).

mod common;

use common::contract::{self, check_counts, check_solve, expected_status, CountCall, RateCall};
use common::ffi;
use common::generate::{random_grid, Rng};
use proptest::prelude::*;
use std::ffi::{c_char, c_int};
use std::sync::OnceLock;
use sudoku::ffi::sudoku_solve_batch;
use sudoku::Status;
use sudoku_core::{Board, Difficulty, CELLS};

/// Cases per property when PROPTEST_CASES is not set: a few seconds for the whole file.
const CASES: u32 = 1000;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        ..ProptestConfig::default()
    }
}

/// For the properties that generate puzzles (about a millisecond each, then a count per
/// given to check minimality): a sixteenth of the cases, 62 by default.
fn generation_config() -> ProptestConfig {
    ProptestConfig {
        cases: cases().div_ceil(16),
        ..ProptestConfig::default()
    }
}

/// Steps the reference may take to confirm a count before the checks settle for every
/// engine path agreeing (see `contract::settled_count`): far more than any random board
/// here needs.
const REFERENCE_STEPS: usize = 2_000_000;

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

/// Checks every entry point on `input` against the contract, and every engine path on it
/// when it is a clash-free board; returns the status the contract names.
fn check_everything(input: &[u8; CELLS], limit: usize) -> Result<Status, TestCaseError> {
    let expected = expected_status(input).map_err(TestCaseError::fail)?;

    let (code, output) = ffi::solve(input);
    prop_assert_eq!(code, expected.code(), "sudoku_solve on {:?}", show(input));
    check_solve(input, code, &output).map_err(TestCaseError::fail)?;

    let mut bytes = *input;
    let status = Status::of(sudoku_core::solve_bytes(&mut bytes));
    prop_assert_eq!(status, expected, "solve_bytes on {:?}", show(input));
    check_solve(input, status.code(), &bytes).map_err(TestCaseError::fail)?;

    match Board::from_bytes(input) {
        Err(e) => prop_assert_eq!(Status::from(e), expected),
        Ok(board) => {
            match sudoku_core::solve(&board) {
                Ok(solution) => {
                    prop_assert_eq!(expected, Status::Ok);
                    prop_assert!(
                        solution.is_solution_of(&board),
                        "{} for {}",
                        solution,
                        board
                    );
                }
                Err(e) => prop_assert_eq!(Status::from(e), expected),
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
    /// every branch of the search is compared, not only the way to a first solution. Limits
    /// from 64 up take the router's way for large counts (core/src/engine/router.rs, `in_turn`).
    #[test]
    fn counts_match_the_reference_up_to_larger_limits(
        grid in grid(),
        keep in (0.3..=0.6f64)
            .prop_flat_map(|p| prop::collection::vec(prop::bool::weighted(p), CELLS)),
        limit in 1usize..=200,
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
    for status in contract::SOLVE_STATUSES {
        assert!(seen.contains(&status), "no generated board gets {status:?}");
    }
}

/// A board from a grid: a random subset of its cells as givens, blanks written '.' or
/// '0', then up to four cells overwritten (digits, blanks, now and then any byte). Every
/// status of the contract comes out of it (see `the_generators_reach_every_status`).
fn mutated_board() -> impl Strategy<Value = [u8; CELLS]> {
    (
        grid(),
        givens_mask(),
        prop::collection::vec(any::<bool>(), CELLS),
        prop::collection::vec((0..CELLS, board_byte()), 0..5),
    )
        .prop_map(|(grid, keep, zeros, mutations)| {
            let mut input = puzzle_bytes(&grid, &keep, &zeros);
            for (i, byte) in mutations {
                input[i] = byte;
            }
            input
        })
}

/// Which pointers of a call are NULL: mostly none, each of `k` now and then.
fn nulls(k: usize) -> impl Strategy<Value = Vec<bool>> {
    prop::collection::vec(prop::bool::weighted(0.1), k)
}

/// `input` with every blank written `blank`.
fn blanks_as(input: &[u8; CELLS], blank: u8) -> [u8; CELLS] {
    input.map(|b| if b == b'.' || b == b'0' { blank } else { b })
}

/// Proper puzzles of every level, with their solutions: four seeds per level, generated
/// once for the whole file.
fn proper_puzzles() -> &'static [(Difficulty, Board, Board)] {
    static PUZZLES: OnceLock<Vec<(Difficulty, Board, Board)>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        Difficulty::ALL
            .into_iter()
            .flat_map(|level| {
                (0..4u64).map(move |seed| {
                    let (p, s) = sudoku_core::generate(0x9E37 + seed, level);
                    (level, p, s)
                })
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(config())]

    /// `sudoku_count_solutions` on any board, at limits 0 to 5, with NULL arguments now
    /// and then: the contract's status, `*count` as the reference counts (unwritten on errors),
    /// a solution exactly when the count is not zero; every engine path counts the same;
    /// `sudoku_solve` agrees; '.' and '0' blanks give the same answer.
    #[test]
    fn count_follows_the_contract(
        input in mutated_board(),
        limit in 0usize..=5,
        null in nulls(3),
    ) {
        let (code, count, solution) = ffi::count(&input, limit, &null);
        let call = CountCall {
            board: (!null[0]).then_some(&input),
            limit,
            code,
            count,
            solution: (!null[2]).then_some((&ffi::FILL, &solution)),
        };
        contract::check_count(&call, REFERENCE_STEPS).map_err(TestCaseError::fail)?;
        if null[0] || null[1] {
            return Ok(());
        }
        let count = count.unwrap_or_default();
        let (solved, _) = ffi::solve(&input);
        if code == Status::Ok.code() {
            if limit > 0 {
                prop_assert_eq!(solved == Status::Ok.code(), count > 0);
            }
            let board = Board::from_bytes(&input).expect("an OK count means a good board");
            check_counts(&board, limit).map_err(TestCaseError::fail)?;
        } else {
            prop_assert_eq!(solved, code);
        }
        for blank in [b'.', b'0'] {
            prop_assert_eq!(
                ffi::count(&blanks_as(&input, blank), limit, &null),
                (code, Some(count), solution),
                "blanks written {:?}", blank as char
            );
        }
    }

    /// `sudoku_rate` on any board (bad bytes, clashes, none, one or many solutions), with
    /// NULL arguments now and then: the contract's status, the level the oracle's own
    /// logical solver names, `*difficulty` untouched on errors, '.' and '0' alike.
    #[test]
    fn rate_follows_the_contract(input in mutated_board(), null in nulls(2)) {
        let (code, level) = ffi::rate(&input, &null);
        let call = RateCall {
            board: (!null[0]).then_some(&input),
            code,
            difficulty: (!null[1]).then_some((ffi::LEVEL_FILL, level)),
        };
        contract::check_rate(&call, REFERENCE_STEPS).map_err(TestCaseError::fail)?;
        for blank in [b'.', b'0'] {
            prop_assert_eq!(ffi::rate(&blanks_as(&input, blank), &null), (code, level));
        }
    }

    /// Proper puzzles of every level with some cells of their solution added as givens:
    /// rated as the oracle's logical solver says, never harder than the puzzle they came
    /// from (adding givens never makes a puzzle harder), and the same through the Rust
    /// API.
    #[test]
    fn proper_puzzles_with_more_givens_are_rated_as_the_techniques_say(
        pick in 0usize..16,
        added in prop::collection::vec(prop::bool::weighted(0.15), CELLS),
    ) {
        let (base, puzzle, solution) = proper_puzzles()[pick];
        let mut more = puzzle;
        for (i, &add) in added.iter().enumerate() {
            if add {
                more.set(i, solution.get(i));
            }
        }
        let input = more.to_bytes();
        let (code, level) = ffi::rate(&input, &[false, false]);
        let call = RateCall { board: Some(&input), code, difficulty: Some((ffi::LEVEL_FILL, level)) };
        contract::check_rate(&call, REFERENCE_STEPS).map_err(TestCaseError::fail)?;
        prop_assert!(level <= base.code(), "{} rates {} above its puzzle's {:?}", more, level, base);
        prop_assert_eq!(sudoku_core::rate(&more).map(Difficulty::code), Ok(level));
    }

    /// Every difficulty outside 1-6 is SUDOKU_ERR_INVALID_ARGUMENT, whatever the pointers;
    /// a NULL puzzle with a good difficulty is SUDOKU_ERR_NULL; nothing is written.
    #[test]
    fn generate_refuses_bad_arguments_and_writes_nothing(
        difficulty in prop_oneof![i32::MIN..=0, 7..=i32::MAX, 1..=6],
        seed in any::<u64>(),
        null in prop::collection::vec(any::<bool>(), 2),
    ) {
        if (1..=6).contains(&difficulty) && !null[0] {
            return Ok(()); // a good call: the next property
        }
        let (code, _, _) = ffi::generate_checked(seed, difficulty, &null, REFERENCE_STEPS)
            .map_err(TestCaseError::fail)?;
        prop_assert_ne!(code, Status::Ok.code());
    }

    /// A batch of 0 to 20 boards of every kind at 0 to 8 threads: SUDOKU_OK, each board
    /// with the status and bytes `sudoku_solve` gives it, both checked against the
    /// contract; the Rust API agrees.
    #[test]
    fn batch_equals_single_calls(
        inputs in prop::collection::vec(mutated_board(), 0..=20),
        threads in 0usize..=8,
    ) {
        let (code, statuses, boards) = ffi::solve_batch(&inputs, threads);
        contract::check_batch(&inputs, code, &statuses, &boards, REFERENCE_STEPS)
            .map_err(TestCaseError::fail)?;
        for (i, input) in inputs.iter().enumerate() {
            prop_assert_eq!((statuses[i], boards[i]), ffi::solve(input), "board {}", i);
        }
        let mut rust = inputs.clone();
        let rust_statuses: Vec<c_int> =
            sudoku_core::solve_batch(&mut rust, threads).into_iter()
                .map(|r| Status::of(r).code())
                .collect();
        prop_assert_eq!(rust_statuses, statuses);
        prop_assert_eq!(rust, boards);
    }

    /// Malformed batch calls (NULL pointers, statuses overlapping the boards, counts no
    /// process can address) get the status of their first bad argument and touch nothing.
    #[test]
    fn batch_refuses_malformed_calls_in_argument_order(
        n in prop_oneof![
            0usize..=3,
            (isize::MAX as usize / CELLS - 2)..=(isize::MAX as usize / CELLS + 2),
            (usize::MAX / CELLS)..=usize::MAX,
        ],
        null_boards in any::<bool>(),
        null_statuses in any::<bool>(),
        overlap in 0usize..3 * CELLS,
        overlapping in any::<bool>(),
    ) {
        let Some(expected) =
            contract::batch_argument_status(n, null_boards, null_statuses, overlapping)
        else {
            return Ok(()); // a well-formed call with n <= 3: the property above
        };
        let mut boards = [b'.'; 3 * CELLS];
        let mut statuses = [0x55u8; 16];
        let boards_ptr: *mut c_char = if null_boards {
            core::ptr::null_mut()
        } else {
            boards.as_mut_ptr().cast()
        };
        // Overlapping statuses start at any byte of the boards (which the call must see
        // overlap whatever n is); the others lie in their own array.
        let statuses_ptr: *mut c_int = if null_statuses {
            core::ptr::null_mut()
        } else if overlapping {
            boards[overlap.min(n.saturating_mul(CELLS).saturating_sub(1))..].as_mut_ptr().cast()
        } else {
            statuses.as_mut_ptr().cast()
        };
        // SAFETY: a malformed call is refused before any access; n <= 3 calls are given
        // 3 boards and 3 ints.
        let code = unsafe { sudoku_solve_batch(boards_ptr, n, statuses_ptr, 2) };
        prop_assert_eq!(code, expected.code(), "n = {}", n);
        prop_assert_eq!(boards, [b'.'; 3 * CELLS]);
        prop_assert_eq!(statuses, [0x55u8; 16]);
    }
}

proptest! {
    #![proptest_config(generation_config())]

    /// `sudoku_rate_se` on any board, with NULL arguments now and then: the status
    /// `sudoku_rate` gives the same board, `*rating` untouched on errors, ED <= EP <= ER on
    /// success, '.' and '0' alike. (With the cases of generation: a rating on the Sudoku
    /// Explainer scale walks chains far longer than `sudoku_rate` does.)
    #[test]
    fn rate_se_gives_the_status_of_rate(input in mutated_board(), null in nulls(2)) {
        let (code, rating) = ffi::rate_se(&input, &null);
        prop_assert_eq!(code, ffi::rate(&input, &null).0);
        if code == Status::Ok.code() {
            prop_assert!(
                0 <= rating.ed && rating.ed <= rating.ep && rating.ep <= rating.er,
                "{:?}", rating
            );
        } else {
            prop_assert_eq!(rating, ffi::SE_FILL);
        }
        for blank in [b'.', b'0'] {
            prop_assert_eq!(ffi::rate_se(&blanks_as(&input, blank), &null), (code, rating));
        }
    }

    /// Any seed at every level: a unique, minimal puzzle that the oracle's logical solver
    /// and `sudoku_rate` both put at that level, with its solution; the same bytes for the
    /// same seed and level, and from the Rust API; another puzzle for a neighbouring seed.
    #[test]
    fn generated_puzzles_keep_every_promise(seed in any::<u64>(), level in 1i32..=6) {
        let (code, puzzle, solution) =
            ffi::generate_checked(seed, level, &[false, false], REFERENCE_STEPS)
                .map_err(TestCaseError::fail)?;
        prop_assert_eq!(ffi::rate(&puzzle, &[false, false]), (Status::Ok.code(), level));
        prop_assert_eq!(ffi::generate(seed, level, &[false, false]), (code, puzzle, solution));
        prop_assert_eq!(ffi::generate(seed, level, &[false, true]), (code, puzzle, ffi::FILL));
        let difficulty = Difficulty::from_code(level).expect("1-6");
        let (p, s) = sudoku_core::generate(seed, difficulty);
        prop_assert_eq!((p.to_bytes(), s.to_bytes()), (puzzle, solution));
        // Another seed, another puzzle (two random minimal puzzles coincide with a
        // negligible probability).
        let other = ffi::generate(seed ^ 1, level, &[false, true]).1;
        prop_assert_ne!(other, puzzle, "seeds {} and {} gave the same puzzle", seed, seed ^ 1);
    }
}

/// The strategies reach every status of the toolkit, so the properties above check each
/// of them: every level among the proper puzzles, and every count and rating status among
/// the mutated boards.
#[test]
fn the_toolkit_generators_reach_every_outcome() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let levels: std::collections::HashSet<i32> = proper_puzzles()
        .iter()
        .map(|(level, p, _)| {
            assert!(
                contract::level_agrees(contract::logic_level(p), level.code()),
                "{p}"
            );
            level.code()
        })
        .collect();
    assert_eq!(levels.len(), 6);
    let mut runner = TestRunner::deterministic();
    let strategy = mutated_board();
    let mut rated = std::collections::HashSet::new();
    for _ in 0..2000 {
        let input = strategy
            .new_tree(&mut runner)
            .expect("the strategy makes values")
            .current();
        rated.insert(ffi::rate(&input, &[false, false]).0);
    }
    for status in [
        Status::Ok,
        Status::NoSolution,
        Status::MultipleSolutions,
        Status::ErrInvalidChar,
        Status::ErrConflict,
    ] {
        assert!(rated.contains(&status.code()), "no board rates {status:?}");
    }
}
