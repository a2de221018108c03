//! The C ABI: every `extern "C"` function of the library, and the only module that
//! touches raw pointers.
//!
//! Each function is one call of `export` (the panic boundary, `src/boundary.rs`) around
//! a safe body: it takes its pointer arguments with the boundary's checked readers
//! (`arg!`, `out!`), which copy the caller's bytes into local values, calls the core, and
//! writes a result back only on success. `sudoku_solve_batch` views the caller's arrays as
//! slices instead (after checking their size and alignment) and solves each board through a
//! local copy, written back only on that board's success. `include/sudoku.h` is generated from this
//! file by `build.rs`.
//!
//! Argument rule shared by every function: the arguments are checked in the order they are
//! declared, all of them before any board byte is read, and the first bad one decides the
//! status (the one exception: `sudoku_solve_batch` with `n = 0` is OK whatever the
//! pointers). Then the board is validated as `sudoku_solve` does: all 81 bytes for bad
//! characters first, then clashing givens.

use crate::boundary::{arg, export, optional_arg, optional_out, out, Out};
use crate::c_types::Step;
use crate::status::Status;
use core::ffi::{c_char, c_int, c_void, CStr};
use core::mem::MaybeUninit;
use sudoku_core::count::Count;
use sudoku_core::CELLS;

/// A board as the caller's 81 bytes.
type Board = [u8; CELLS];

/// The caller's 81 candidate masks.
type Masks = [u16; CELLS];

/// Writes a successful count's results: `*count`, and the first solution into `solution`
/// when there is one and a solution was found.
fn write_count(count: Out<usize>, solution: Option<Out<Board>>, found: &Count) {
    count.write(found.count);
    if let (Some(first), Some(out)) = (found.first, solution) {
        out.write(first.to_bytes());
    }
}

/// Solves a Sudoku board in place.
///
/// `board` points to exactly 81 bytes, row by row: '1'-'9' are givens, '.' or '0' are
/// blanks. No terminating NUL is needed, and no byte outside those 81 is read or written.
///
/// Returns SUDOKU_OK when the board now holds a complete valid grid that keeps every given
/// (for a board with several solutions, one of them); SUDOKU_NO_SOLUTION when the givens
/// clash nowhere yet no grid completes them; SUDOKU_ERR_NULL for a NULL board;
/// SUDOKU_ERR_INVALID_CHAR when any byte is not a digit or '.' (checked on all 81 bytes
/// first, so it wins over the next); SUDOKU_ERR_CONFLICT when two equal givens share a
/// row, a column or a box. On every status but SUDOKU_OK the 81 bytes are unchanged.
///
/// Thread-safe: no global mutable state, no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 bytes the caller may read and write, not written
/// by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve(board: *mut c_char) -> c_int {
    export(|| {
        let mut local = arg!(board.cast::<Board>().cast_const());
        sudoku_core::solve_bytes(&mut local)?;
        out!(board.cast::<Board>()).write(local);
        Ok(())
    })
}

/// Counts the solutions of a board, stopping at `limit`.
///
/// `board` is 81 bytes as for sudoku_solve and is only read. On SUDOKU_OK, `*count` is
/// min(number of solutions, limit): 0 when no grid completes the givens (that is an answer,
/// not an error), and 0 when `limit` is 0 (nothing is counted). With `limit` = 2 this is the
/// uniqueness check: 0 none, 1 unique, 2 several. When `solution` is not NULL and a solution
/// was found (`*count` > 0), the first solution found is written there (81 bytes, digits
/// only; which solution comes first is not specified); otherwise `solution` is untouched.
///
/// Statuses: SUDOKU_OK; SUDOKU_ERR_NULL if `board` or `count` is NULL;
/// SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board as sudoku_solve.
/// `*count` and `solution` are written only on SUDOKU_OK.
///
/// Thread-safe, no heap allocation. Counting stops at `limit`, so a large limit on a board
/// with very many solutions (an empty board has about 6.7e21) takes as long as it counts:
/// sudoku_count_solutions_with_progress can report on such a count and stop it.
///
/// # Safety
/// `board` must point to 81 readable bytes; `count` to a writable size_t (any alignment);
/// `solution` must be NULL or point to 81 writable bytes. NULL `board` or `count` is
/// reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_count_solutions(
    board: *const c_char,
    limit: usize,
    count: *mut usize,
    solution: *mut c_char,
) -> c_int {
    export(|| {
        let count = out!(count);
        let local = arg!(board.cast::<Board>());
        let found = sudoku_core::count::count_bytes(&local, limit)?;
        write_count(count, optional_out!(solution.cast::<Board>()), &found);
        Ok(())
    })
}

/// Counts the solutions of a board as sudoku_count_solutions does, reporting progress and
/// stoppable.
///
/// While the count runs, `progress` (when not NULL) is called on the calling thread with
/// the number of solutions found so far and `context`: every few milliseconds of work in a
/// long count (a quick count may end without a call). A nonzero return stops the count,
/// which then returns SUDOKU_CANCELLED. A NULL `progress` makes this sudoku_count_solutions.
///
/// Statuses: those of sudoku_count_solutions, in the same order, and SUDOKU_CANCELLED.
/// `*count` and `solution` are written only on SUDOKU_OK: a cancelled count writes
/// nothing. The callback must return normally (no longjmp, no C++ exception and no
/// pthread_exit or thread cancellation through this call: the library's panic boundary
/// would stop that unwinding, and glibc then aborts); to stop, return nonzero. It may call
/// any libsudoku function.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// As sudoku_count_solutions; `progress` must be NULL or a function that may be called
/// with `context` during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_count_solutions_with_progress(
    board: *const c_char,
    limit: usize,
    count: *mut usize,
    solution: *mut c_char,
    progress: Option<unsafe extern "C" fn(found: usize, context: *mut c_void) -> c_int>,
    context: *mut c_void,
) -> c_int {
    let Some(callback) = progress else {
        // SAFETY: the same contract as sudoku_count_solutions, which this forwards to.
        return unsafe { sudoku_count_solutions(board, limit, count, solution) };
    };
    export(|| {
        let count = out!(count);
        let local = arg!(board.cast::<Board>());
        let mut report = |found: usize| {
            // SAFETY: by contract, `callback` may be called with `context` during the call.
            unsafe { callback(found, context) != 0 }
        };
        let found = sudoku_core::count::count_bytes_with_progress(&local, limit, &mut report)?;
        write_count(count, optional_out!(solution.cast::<Board>()), &found);
        Ok(())
    })
}

/// Solves `n` boards in place on several threads.
///
/// `boards` holds `n` boards of 81 bytes back to back (`n * 81` bytes). Each is solved in
/// place exactly as sudoku_solve would (left unchanged unless its status is SUDOKU_OK), and
/// `statuses[i]` gets the status of board `i`. `threads` = 0 means one per available core;
/// the call never uses more threads than boards, nor more than 256; the calling thread is
/// one of them, and no thread outlives the call. Work is shared dynamically in small chunks.
///
/// Returns SUDOKU_OK whenever the call itself is well formed (bad boards are reported in
/// their own statuses). `n` = 0 is SUDOKU_OK with any pointers, NULL included, and touches
/// nothing. Otherwise, in argument order: SUDOKU_ERR_NULL for NULL `boards`;
/// SUDOKU_ERR_INVALID_ARGUMENT when `n * 81` bytes (or `n` ints) cannot be addressed;
/// SUDOKU_ERR_NULL for NULL `statuses`; SUDOKU_ERR_INVALID_ARGUMENT when the `n` ints of
/// `statuses` overlap the boards' bytes. On those errors no board and no status is touched.
/// `statuses` need not be aligned, nor initialised.
///
/// Thread-safe. With `threads` = 0 the calling thread works alone for the first
/// millisecond, and starts the other threads only if boards are left then: a short batch
/// costs what a loop of sudoku_solve costs. The batch itself allocates
/// nothing; when a thread cannot be started (no memory, a thread limit) the threads that
/// run, the calling thread at least, solve its share, so the call never fails or aborts
/// for want of memory or threads.
///
/// # Safety
/// `boards` must point to `n * 81` bytes the caller may read and write, and `statuses` to
/// `n` writable ints (any alignment), neither accessed by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_batch(
    boards: *mut c_char,
    n: usize,
    statuses: *mut c_int,
    threads: usize,
) -> c_int {
    // SAFETY: the contract of this function is that of `batch`.
    unsafe { batch(boards, n, statuses, threads, sudoku_core::solve_bytes) }
}

/// A batch call (sudoku_solve_batch, sudoku_canonical_batch): `op` on each board in place,
/// with the checks and the threads of sudoku_solve_batch.
///
/// # Safety
/// The contract of sudoku_solve_batch.
unsafe fn batch(
    boards: *mut c_char,
    n: usize,
    statuses: *mut c_int,
    threads: usize,
    op: sudoku_core::batch::BoardOp,
) -> c_int {
    export(|| {
        if n == 0 {
            return Ok(());
        }
        if boards.is_null() {
            return Err(Status::ErrNull);
        }
        // The byte ranges of both arrays, refused when they cannot be addressed: larger
        // than an object may be (isize::MAX bytes) or running past the end of memory.
        let span = |start: usize, size: usize| {
            n.checked_mul(size)
                .filter(|&bytes| bytes <= isize::MAX as usize)
                .and_then(|bytes| Some(start..start.checked_add(bytes)?))
        };
        let board_bytes = span(boards.addr(), CELLS).ok_or(Status::ErrInvalidArgument)?;
        if n.checked_mul(STATUS_BYTES)
            .is_none_or(|bytes| bytes > isize::MAX as usize)
        {
            return Err(Status::ErrInvalidArgument);
        }
        if statuses.is_null() {
            return Err(Status::ErrNull);
        }
        let status_bytes = span(statuses.addr(), STATUS_BYTES).ok_or(Status::ErrInvalidArgument)?;
        if status_bytes.start < board_bytes.end && board_bytes.start < status_bytes.end {
            return Err(Status::ErrInvalidArgument);
        }
        // SAFETY: `boards` is non-null and, by contract, `n * 81` bytes (a range checked to
        // be addressable) readable and writable, used by no one else during the call;
        // `[u8; 81]` has alignment 1.
        let boards = unsafe { core::slice::from_raw_parts_mut(boards.cast::<Board>(), n) };
        // SAFETY: `statuses` is non-null and, by contract, `n` writable ints (a range
        // checked to be addressable and not to overlap `boards`). They are viewed as
        // possibly uninitialised bytes, alignment 1, so neither their contents nor their
        // alignment matter.
        let statuses =
            unsafe { core::slice::from_raw_parts_mut(statuses.cast::<StatusBytes>(), n) };
        sudoku_core::batch::run_op(boards, statuses, threads, op, |result| {
            Status::of(result)
                .code()
                .to_ne_bytes()
                .map(MaybeUninit::new)
        });
        Ok(())
    })
}

/// Replaces `n` boards in place by their canonical forms (sudoku_canonical) on several
/// threads: the batch form of sudoku_canonical, for removing equivalent copies from a
/// collection (equal forms, equivalent boards).
///
/// Everything else is as sudoku_solve_batch: `boards` holds `n` boards of 81 bytes back to
/// back, each replaced by its form ('.' blanks) only when its status `statuses[i]` is
/// SUDOKU_OK (SUDOKU_ERR_INVALID_CHAR or SUDOKU_ERR_CONFLICT for a bad board, left as it
/// was); `threads` = 0 means one per available core; the same statuses for the call itself
/// (SUDOKU_ERR_NULL, SUDOKU_ERR_INVALID_ARGUMENT), in the same order; no heap allocation by
/// the batch.
///
/// # Safety
/// As sudoku_solve_batch.
#[no_mangle]
pub unsafe extern "C" fn sudoku_canonical_batch(
    boards: *mut c_char,
    n: usize,
    statuses: *mut c_int,
    threads: usize,
) -> c_int {
    // SAFETY: the contract of this function is that of `batch`.
    unsafe {
        batch(
            boards,
            n,
            statuses,
            threads,
            sudoku_core::batch::canonical_in_place,
        )
    }
}

/// The size of a C int, the element of a batch's `statuses`.
const STATUS_BYTES: usize = core::mem::size_of::<c_int>();

/// One element of a batch's `statuses`, as the bytes of a possibly uninitialised and
/// possibly unaligned int.
type StatusBytes = [MaybeUninit<u8>; STATUS_BYTES];

/// Rates a puzzle: the level of the hardest step in the walk that applies sudoku_hint
/// from the givens to the end (the simplest technique that makes progress at every step).
///
/// SUDOKU_DIFFICULTY_EASY: singles (full house, naked, hidden) fill the grid.
/// SUDOKU_DIFFICULTY_MEDIUM: also locked candidates (pointing, claiming).
/// SUDOKU_DIFFICULTY_HARD: also naked and hidden pairs and triples.
/// SUDOKU_DIFFICULTY_EXPERT: also quads, fish (X-Wing, Swordfish, Jellyfish, finned),
/// Skyscraper, 2-String Kite, XY-, XYZ- and W-Wings, unique rectangles, BUG+1.
/// SUDOKU_DIFFICULTY_MASTER: also X-chains, XY-chains, AIC. SUDOKU_DIFFICULTY_EXTREME:
/// forcing chains or brute force (the solution's digit for a cell).
///
/// `board` is 81 bytes as for sudoku_solve and is only read. On SUDOKU_OK, `*difficulty`
/// is the level (1-6). Statuses: SUDOKU_OK; SUDOKU_ERR_NULL if `board` or `difficulty` is
/// NULL; SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board;
/// SUDOKU_NO_SOLUTION if no grid completes the givens; SUDOKU_MULTIPLE_SOLUTIONS if more
/// than one does (decided by counting to 2 before any logic). `*difficulty` is written only
/// on SUDOKU_OK. A complete board, whose walk has no step, rates SUDOKU_DIFFICULTY_EASY.
///
/// Thread-safe.
///
/// # Safety
/// `board` must point to 81 readable bytes and `difficulty` to a writable int. NULL is
/// reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate(board: *const c_char, difficulty: *mut c_int) -> c_int {
    export(|| {
        let difficulty = out!(difficulty);
        let local = arg!(board.cast::<Board>());
        let level = sudoku_core::logic::rate_bytes(&local)?;
        difficulty.write(level.code());
        Ok(())
    })
}

/// Rates a puzzle on the Sudoku Explainer scale: the three ratings serate (Sudoku Explainer
/// 1.2.1.3) gives a proper puzzle, from the walk that applies, at each step, the easiest
/// step on that scale.
///
/// On SUDOKU_OK, `*rating` gets, each in tenths (72 is 7.2): `er`, the rating of the
/// hardest step of the whole solution; `ep`, the hardest step up to and including the
/// first that places a digit; `ed`, the rating of the first step. A complete board, whose
/// walk has no step, rates 0/0/0.
///
/// `board` is 81 bytes as for sudoku_solve and is only read. Statuses, as sudoku_rate:
/// SUDOKU_OK; SUDOKU_ERR_NULL if `board` or `rating` is NULL; SUDOKU_ERR_INVALID_CHAR,
/// then SUDOKU_ERR_CONFLICT, for a bad board; SUDOKU_NO_SOLUTION if no grid completes the
/// givens; SUDOKU_MULTIPLE_SOLUTIONS if more than one does (decided by counting to 2
/// before any logic); SUDOKU_ERR_NO_MEMORY when the heap of the chain searches cannot be
/// had. `*rating` is written only on SUDOKU_OK.
///
/// Thread-safe. A hard puzzle's rating can take long: sudoku_rate_se_with_progress can
/// report on it and stop it.
///
/// # Safety
/// `board` must point to 81 readable bytes and `rating` to a writable SudokuSeRating (any
/// alignment). NULL is reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_se(
    board: *const c_char,
    rating: *mut crate::c_types::SeRating,
) -> c_int {
    export(|| {
        let rating = out!(rating);
        let local = arg!(board.cast::<Board>());
        let found = sudoku_core::logic::se::rate_se_bytes(&local)?;
        rating.write(crate::c_types::SeRating::of(found));
        Ok(())
    })
}

/// Rates a puzzle as sudoku_rate_se does, reporting progress and stoppable.
///
/// While the rating runs, `progress` (when not NULL) is called on the calling thread after
/// each step of the walk with the number of steps made so far and `context`. A nonzero
/// return stops the rating, which then returns SUDOKU_CANCELLED. A NULL `progress` makes this
/// sudoku_rate_se.
///
/// Statuses: those of sudoku_rate_se, in the same order, and SUDOKU_CANCELLED. `*rating`
/// is written only on SUDOKU_OK: a cancelled rating writes nothing. The callback must
/// return normally (as for sudoku_count_solutions_with_progress); to stop, return nonzero.
/// It may call any libsudoku function.
///
/// Thread-safe.
///
/// # Safety
/// As sudoku_rate_se; `progress` must be NULL or a function that may be called with
/// `context` during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_se_with_progress(
    board: *const c_char,
    rating: *mut crate::c_types::SeRating,
    progress: Option<unsafe extern "C" fn(steps: usize, context: *mut c_void) -> c_int>,
    context: *mut c_void,
) -> c_int {
    let Some(callback) = progress else {
        // SAFETY: the same contract as sudoku_rate_se, which this forwards to.
        return unsafe { sudoku_rate_se(board, rating) };
    };
    export(|| {
        let rating = out!(rating);
        let local = arg!(board.cast::<Board>());
        let mut report = |steps: usize| {
            // SAFETY: by contract, `callback` may be called with `context` during the call.
            unsafe { callback(steps, context) == 0 }
        };
        let found = sudoku_core::logic::se::rate_se_bytes_with_progress(&local, &mut report)?;
        rating.write(crate::c_types::SeRating::of(found));
        Ok(())
    })
}

/// Generates a puzzle of a chosen difficulty from a seed.
///
/// Writes into `puzzle` 81 bytes ('1'-'9' givens, '.' blanks, no NUL) of a puzzle with
/// exactly one solution, minimal (removing any given leaves more than one solution), that
/// sudoku_rate rates exactly `difficulty` (a SudokuDifficulty, 1-6). Writes its solution
/// (81 digits) into `solution` when it is not NULL. The same seed and difficulty give the
/// same puzzle on every run, platform and CPU; different seeds give different puzzles.
///
/// Statuses, in argument order: SUDOKU_ERR_INVALID_ARGUMENT for a difficulty outside 1-6
/// (even when `puzzle` is NULL too); SUDOKU_ERR_NULL for NULL `puzzle`; else SUDOKU_OK.
/// Nothing is written on an error.
///
/// Thread-safe. The time depends on the seed and the level: MASTER and EXTREME puzzles
/// are rarer among minimal puzzles and take longer to find (docs/performance.md gives the
/// mean and the slowest of 200 seeds per level).
///
/// # Safety
/// `puzzle` must point to 81 writable bytes; `solution` must be NULL or point to 81
/// writable bytes. NULL `puzzle` is reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate(
    seed: u64,
    difficulty: c_int,
    puzzle: *mut c_char,
    solution: *mut c_char,
) -> c_int {
    export(|| {
        let Some(level) = sudoku_core::Difficulty::from_code(difficulty) else {
            return Err(Status::ErrInvalidArgument);
        };
        let puzzle = out!(puzzle.cast::<Board>());
        let solution = optional_out!(solution.cast::<Board>());
        let (p, s) = sudoku_core::generate(seed, level);
        puzzle.write(p.to_bytes());
        if let Some(out) = solution {
            out.write(s.to_bytes());
        }
        Ok(())
    })
}

/// Writes the candidates of a board: per cell, bit d-1 set when digit d is not excluded
/// by a filled cell of its row, column or box; a filled cell holds its own digit's bit.
///
/// `board` is 81 bytes as for sudoku_solve and is only read; `candidates` points to 81
/// uint16_t. Statuses, in order: SUDOKU_ERR_NULL if `board` or `candidates` is NULL;
/// SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board; else SUDOKU_OK (no
/// solution is needed). `candidates` is written only on SUDOKU_OK.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// `board` must point to 81 readable bytes and `candidates` to 81 writable uint16_t.
/// NULL is reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_candidates(board: *const c_char, candidates: *mut u16) -> c_int {
    export(|| {
        let candidates = out!(candidates.cast::<Masks>());
        let local = arg!(board.cast::<Board>());
        candidates.write(sudoku_core::logic::candidates_bytes(&local)?);
        Ok(())
    })
}

/// The next logical step: the simplest technique that makes progress on the board and
/// the player's candidates, what it places or removes, and the pattern behind it.
///
/// `board` is 81 bytes as for sudoku_solve and is only read. `candidates` is NULL (use
/// those of sudoku_candidates) or 81 uint16_t masks, only read: the player's marks, bit d-1
/// for digit d; a filled cell's mask must be its digit's bit; candidates that a filled cell
/// of the same row, column or box excludes count as removed even if the mask keeps them.
/// "Simplest" is the hint order of SudokuTechnique (by level, then by difficulty within the
/// level: the order of the values but for 29-35, as SudokuTechnique says); the same input
/// gives the same step. Every step is true: a placed digit is the solution's, no removed
/// candidate is the solution's, `removed` holds only candidates that were there, and the
/// step always changes something. On a complete board the step is SUDOKU_TECHNIQUE_NONE
/// (difficulty 0, cell -1, digit 0, empty masks).
///
/// The solution is the board's when its givens have one. When they have several and
/// `candidates` leave exactly one of them (a pencil-mark puzzle, from
/// sudoku_candidates_from_sukaku with a board of '.'), the candidates are the puzzle: the
/// step is true for that grid, and unique rectangles and BUG+1 (sound only when the givens
/// alone have one solution) are not used.
///
/// Statuses, in order: SUDOKU_ERR_NULL if `board` or `step` is NULL;
/// SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board;
/// SUDOKU_ERR_INVALID_ARGUMENT for a filled cell whose mask is not its digit's bit, or a
/// mask with bits above bit 8; SUDOKU_NO_SOLUTION when no grid completes the board, or when
/// the candidates lost a digit of its solution (of every solution, when it has several);
/// SUDOKU_MULTIPLE_SOLUTIONS when several grids complete it and, with `candidates`, several
/// of those fit them; SUDOKU_ERR_NO_MEMORY when the forcing-chain search (the one search that needs
/// the heap, about 240 KiB, allocated fallibly) cannot have its memory; else SUDOKU_OK.
/// `*step` is written only on SUDOKU_OK.
///
/// Thread-safe.
///
/// # Safety
/// `board` must point to 81 readable bytes, `candidates` be NULL or point to 81 readable
/// uint16_t, and `step` point to a writable SudokuStep. NULL `board` or `step` is reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_hint(
    board: *const c_char,
    candidates: *const u16,
    step: *mut Step,
) -> c_int {
    export(|| {
        let step = out!(step);
        let local = arg!(board.cast::<Board>());
        let masks = optional_arg!(candidates.cast::<Masks>());
        let found = sudoku_core::logic::hint_bytes(&local, masks.as_ref())?;
        step.write(Step::of(&found));
        Ok(())
    })
}

/// Applies a step (from sudoku_hint, or built by the caller) to a board and its
/// candidates: places the step's digit (its cell then holds only that candidate, and the
/// cell's row, column and box lose it), then removes the step's `removed` candidates.
///
/// `board` is 81 bytes as for sudoku_solve; `candidates` 81 uint16_t masks as for
/// sudoku_hint (a filled cell's mask is its digit's bit); both are updated in place.
/// `step->technique`, `difficulty` and `pattern` are not used. A step with `cell` -1 and
/// `digit` 0 only removes candidates.
///
/// Statuses, in order: SUDOKU_ERR_NULL if `board`, `candidates` or `step` is NULL;
/// SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board;
/// SUDOKU_ERR_INVALID_ARGUMENT for masks as sudoku_hint refuses them, or a step that does
/// not fit: cell or digit out of range, a placement on a filled cell or of a digit the
/// cell no longer has (not in its mask, or held by a filled cell of its row, column or
/// box), a removed mask with bits above bit 8, or a removal of a filled cell's digit;
/// else SUDOKU_OK. Nothing is written on any status but SUDOKU_OK.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// `board` must point to 81 readable and writable bytes, `candidates` to 81 readable and
/// writable uint16_t, and `step` to a readable SudokuStep. NULL is reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_apply_step(
    board: *mut c_char,
    candidates: *mut u16,
    step: *const Step,
) -> c_int {
    export(|| {
        let s = arg!(step);
        let mut local = arg!(board.cast::<Board>().cast_const());
        let mut masks = arg!(candidates.cast::<Masks>().cast_const());
        sudoku_core::apply_step(&mut local, &mut masks, &s.to_core())?;
        out!(board.cast::<Board>()).write(local);
        out!(candidates.cast::<Masks>()).write(masks);
        Ok(())
    })
}

/// The name of a technique ("Hidden Single", "X-Wing", ...; "None" for
/// SUDOKU_TECHNIQUE_NONE), and "Unknown technique" for a value that is no technique: a
/// static, NUL-terminated string that must not be freed.
#[no_mangle]
pub extern "C" fn sudoku_technique_name(technique: c_int) -> *const c_char {
    export(|| crate::names::technique(technique).unwrap_or(c"Unknown technique"))
}

/// Returns a static, NUL-terminated, human-readable message for a status code, and a
/// distinct message for a value that is no status. The string must not be freed.
#[no_mangle]
pub extern "C" fn sudoku_status_str(status: c_int) -> *const c_char {
    export(|| Status::from_code(status).map_or(Status::UNKNOWN_MESSAGE, Status::c_message))
}

/// The library version ("MAJOR.MINOR.PATCH"), as a static NUL-terminated string that must
/// not be freed.
#[no_mangle]
pub extern "C" fn sudoku_version() -> *const c_char {
    export(|| VERSION)
}

/// The name of the code path the solver runs on this CPU, as a static NUL-terminated
/// string that must not be freed: "portable", "sse4.1", "avx2", "avx512", "neon", or
/// "simd128" (a WebAssembly build with SIMD128).
///
/// The path is chosen once per process, at the first call into the library: the best one
/// this CPU can run, or the one named by the environment variable SUDOKU_FORCE_PATH (one of
/// the names above) when this CPU can run it; an unknown or unavailable name is ignored.
/// Bug reports should give it.
#[no_mangle]
pub extern "C" fn sudoku_cpu_path() -> *const c_char {
    export(|| crate::names::path(sudoku_core::engine::Path::selected()))
}

const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("the crate version contains a NUL byte"),
    };

/// The core's options of a C `SudokuGenerateOptions`: the pattern's 81 bytes read when it
/// is not NULL, every value checked (SUDOKU_ERR_INVALID_ARGUMENT for a value that names
/// nothing or options that contradict each other).
fn generate_options(
    options: &crate::c_types::GenerateOptions,
) -> Result<sudoku_core::GenerateOptions, Status> {
    let pattern = optional_arg!(options.pattern.cast::<Board>());
    let core = sudoku_core::GenerateOptions::from_codes(
        options.difficulty,
        options.symmetry,
        options.min_givens,
        options.max_givens,
        pattern.as_ref(),
        options.se_min,
        options.se_max,
        options.technique,
        options.max_tries,
    )?;
    core.check()?;
    Ok(core)
}

/// Generates a puzzle meeting a set of options from a seed.
///
/// Writes into `puzzle` 81 bytes ('1'-'9' givens, '.' blanks, no NUL) of a puzzle with
/// exactly one solution that meets every option of `*options`, and its solution (81
/// digits) into `solution` when it is not NULL:
/// - its given positions are invariant under `symmetry` (a SudokuSymmetry): a union of
///   the orbits of the turns and mirrors it names;
/// - with a `pattern` (81 bytes), the givens are exactly the cells whose byte is not '.';
///   without one the puzzle is minimal under the symmetry: no orbit of givens can be
///   removed keeping one solution (plain minimal with SUDOKU_SYMMETRY_NONE);
/// - sudoku_rate rates it `difficulty` (1-6; 0: any level);
/// - it has at least `min_givens` and at most `max_givens` givens (0: no bound);
/// - the walk of sudoku_hint from its givens uses `technique` (0: any);
/// - the ER of its sudoku_rate_se rating is at least `se_min` and at most `se_max`
///   (tenths, 0-200: 75 is 7.5; 0: no bound on that side).
///
/// The search makes at most `max_tries` tries (0: the default, 10,000), each a complete
/// grid drawn at random and thinned out orbit by orbit (or kept on the pattern), then
/// checked; the SE rating, the dearest check (milliseconds to seconds on a hard puzzle),
/// only once every other option is met. The same seed and options give the same puzzle
/// on every run, platform, CPU path and thread count.
///
/// Statuses, in argument order: SUDOKU_ERR_NULL for NULL `options`;
/// SUDOKU_ERR_INVALID_ARGUMENT for options that name no level, symmetry or technique, or
/// contradict each other: an SE bound below 0 or above 200, or `se_min` above a nonzero
/// `se_max`; a givens bound below 0 or above 81; `max_givens` from 1 to 16 (no proper
/// puzzle has so few givens) or below `min_givens`; a pattern of fewer than 17 cells,
/// outside the givens bounds, or not invariant under the symmetry; a technique above
/// `difficulty`; then SUDOKU_ERR_NULL for NULL `puzzle`;
/// SUDOKU_NOT_FOUND when no try met the options; SUDOKU_ERR_NO_MEMORY when the hint walk
/// of a required technique or the SE rating cannot have its memory; else SUDOKU_OK.
/// Nothing is written on any status but SUDOKU_OK.
///
/// Thread-safe. The work is on the calling thread; its heap is only that of the hint walk
/// of a required technique and of the SE rating (allocated fallibly).
///
/// # Safety
/// `options` must point to a readable SudokuGenerateOptions whose `pattern` is NULL or
/// points to 81 readable bytes; `puzzle` must point to 81 writable bytes; `solution` must
/// be NULL or point to 81 writable bytes. NULL `options` or `puzzle` is reported.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_with(
    seed: u64,
    options: *const crate::c_types::GenerateOptions,
    puzzle: *mut c_char,
    solution: *mut c_char,
) -> c_int {
    // SAFETY: the same contract as sudoku_generate_with_progress with a NULL progress.
    unsafe {
        sudoku_generate_with_progress(seed, options, puzzle, solution, None, core::ptr::null_mut())
    }
}

/// Generates a puzzle as sudoku_generate_with does, reporting the tries made and
/// stoppable.
///
/// `progress` (when not NULL) is called on the calling thread before each try with the
/// number of tries made so far (0 first) and `context`, and again with that number after
/// each step of a try's SE rating (with an SE bound), so that a long rating can be
/// stopped. A nonzero return stops the search,
/// which then returns SUDOKU_CANCELLED and writes nothing. A NULL `progress` makes this
/// sudoku_generate_with. The callback must return normally (as for
/// sudoku_count_solutions_with_progress); it may call any libsudoku function.
///
/// Statuses: those of sudoku_generate_with, in the same order, and SUDOKU_CANCELLED.
///
/// # Safety
/// As sudoku_generate_with; `progress` must be NULL or a function that may be called
/// with `context` during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_with_progress(
    seed: u64,
    options: *const crate::c_types::GenerateOptions,
    puzzle: *mut c_char,
    solution: *mut c_char,
    progress: Option<unsafe extern "C" fn(tries: usize, context: *mut c_void) -> c_int>,
    context: *mut c_void,
) -> c_int {
    export(|| {
        let options = generate_options(&arg!(options))?;
        let puzzle = out!(puzzle.cast::<Board>());
        let solution = optional_out!(solution.cast::<Board>());
        let mut report = |tries: u64| match progress {
            // SAFETY: by contract, `callback` may be called with `context` during the call.
            Some(callback) => unsafe {
                callback(usize::try_from(tries).unwrap_or(usize::MAX), context) != 0
            },
            None => false,
        };
        let (p, s) = sudoku_core::generate_with(seed, &options, &mut report)?;
        puzzle.write(p.to_bytes());
        if let Some(out) = solution {
            out.write(s.to_bytes());
        }
        Ok(())
    })
}

/// The canonical form of a board: the lexicographically smallest ('.' read as '0') of all
/// boards equivalent to `board` under the 3,359,232 geometric transformations (band,
/// stack, row-in-band and column-in-stack permutations, transposition) and the 9!
/// relabellings of digits. Two boards are equivalent exactly when their canonical forms
/// are equal. Works on any valid board, solved or not, unique or not.
///
/// `board` is 81 bytes as for sudoku_solve and is only read. On SUDOKU_OK, `canonical`
/// gets the 81 bytes of the form ('.' blanks) and `*automorphisms`, when `automorphisms`
/// is not NULL, how many of the geometric transformations map the board onto itself up to
/// a relabelling (1 for most puzzles, 3,359,232 for the empty board). `canonical` may be
/// `board` itself.
///
/// Statuses, in order: SUDOKU_ERR_NULL if `board` or `canonical` is NULL;
/// SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board; else SUDOKU_OK.
/// Nothing is written on any other status.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// `board` must point to 81 readable bytes, `canonical` to 81 writable bytes, and
/// `automorphisms` be NULL or point to a writable uint32_t (any alignment).
#[no_mangle]
pub unsafe extern "C" fn sudoku_canonical(
    board: *const c_char,
    canonical: *mut c_char,
    automorphisms: *mut u32,
) -> c_int {
    export(|| {
        if board.is_null() {
            return Err(Status::ErrNull);
        }
        let form_out = out!(canonical.cast::<Board>());
        let count_out = optional_out!(automorphisms);
        let local = arg!(board.cast::<Board>());
        let (form, count) = sudoku_core::canonical::canonical_bytes(&local)?;
        form_out.write(form.to_bytes());
        if let Some(out) = count_out {
            out.write(count);
        }
        Ok(())
    })
}

/// A board equivalent to `board`, drawn at random from `seed` among the transformations
/// of sudoku_canonical (each geometric transformation and each relabelling of the digits
/// equally likely): the same board and seed always give the same result.
///
/// `board` is 81 bytes as for sudoku_solve and is only read; `out` gets 81 bytes ('.'
/// blanks) and may be `board` itself. Statuses, in order: SUDOKU_ERR_NULL if `board` or
/// `out` is NULL; SUDOKU_ERR_INVALID_CHAR, then SUDOKU_ERR_CONFLICT, for a bad board; else
/// SUDOKU_OK. `out` is written only on SUDOKU_OK.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// `board` must point to 81 readable bytes and `out` to 81 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_transform(
    board: *const c_char,
    seed: u64,
    out: *mut c_char,
) -> c_int {
    export(|| {
        if board.is_null() {
            return Err(Status::ErrNull);
        }
        let dest = out!(out.cast::<Board>());
        let local = arg!(board.cast::<Board>());
        dest.write(sudoku_core::canonical::transform_bytes(&local, seed)?.to_bytes());
        Ok(())
    })
}

/// The candidates of a pencil-mark (sukaku) puzzle.
///
/// `sukaku` is 729 bytes, cell by cell (row by row) and digit by digit: byte 9*i + d - 1
/// is 'd' when digit d is still a candidate of cell i, '.' or '0' when it is excluded
/// (tdoku's format). On SUDOKU_OK, `candidates` gets 81 masks, bit d-1 for digit d, the
/// form sudoku_hint and sudoku_apply_step take: with a board of '.', sudoku_hint gives the
/// steps of the pencil-mark puzzle when it has one solution.
///
/// Statuses, in order: SUDOKU_ERR_NULL if `sukaku` or `candidates` is NULL;
/// SUDOKU_ERR_INVALID_CHAR when a byte is neither its position's digit nor '.' or '0'
/// (all 729 checked first); SUDOKU_NO_SOLUTION when a cell is left without candidates;
/// else SUDOKU_OK. `candidates` is written only on SUDOKU_OK.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// `sukaku` must point to 729 readable bytes and `candidates` to 81 writable uint16_t.
#[no_mangle]
pub unsafe extern "C" fn sudoku_candidates_from_sukaku(
    sukaku: *const c_char,
    candidates: *mut u16,
) -> c_int {
    export(|| {
        if sukaku.is_null() {
            return Err(Status::ErrNull);
        }
        let masks = out!(candidates.cast::<Masks>());
        let local = arg!(sukaku.cast::<Sukaku>());
        masks.write(sudoku_core::sukaku::candidates_from_sukaku(&local)?);
        Ok(())
    })
}

/// Counts the solutions of a pencil-mark (sukaku) puzzle, stopping at `limit`: the
/// complete valid grids whose every digit is a candidate of its cell.
///
/// `sukaku` is 729 bytes as for sudoku_candidates_from_sukaku and is only read. On
/// SUDOKU_OK, `*count` is min(number of solutions, limit) (0 when `limit` is 0), and when `solution` is not NULL and `*count` > 0
/// the first solution found (81 digits; always the same one for the same input) is
/// written there.
///
/// Statuses, in order: SUDOKU_ERR_NULL if `sukaku` or `count` is NULL;
/// SUDOKU_ERR_INVALID_CHAR for a bad byte, then SUDOKU_NO_SOLUTION for a cell without
/// candidates (both as sudoku_candidates_from_sukaku); else SUDOKU_OK. `*count` and `solution` are written only on SUDOKU_OK.
///
/// Thread-safe, no heap allocation.
///
/// # Safety
/// `sukaku` must point to 729 readable bytes, `count` to a writable size_t (any
/// alignment), and `solution` be NULL or point to 81 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_count_solutions_sukaku(
    sukaku: *const c_char,
    limit: usize,
    count: *mut usize,
    solution: *mut c_char,
) -> c_int {
    export(|| {
        if sukaku.is_null() {
            return Err(Status::ErrNull);
        }
        let count = out!(count);
        let solution = optional_out!(solution.cast::<Board>());
        let local = arg!(sukaku.cast::<Sukaku>());
        let found = sudoku_core::sukaku::count_sukaku(&local, limit)?;
        count.write(found.count);
        if let (Some(first), Some(out)) = (found.first, solution) {
            out.write(first.to_bytes());
        }
        Ok(())
    })
}

/// A sukaku as the caller's 729 bytes.
type Sukaku = [u8; sudoku_core::sukaku::SUKAKU_BYTES];
