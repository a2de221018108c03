//! Batch solving: many boards solved in place on several threads.
//!
//! Each board is solved exactly as [`crate::solve_bytes`] (and so the C `sudoku_solve`)
//! would, and gets its own status. Work is shared dynamically: the boards are cut into small
//! chunks that the threads take one at a time from a shared queue, so a thread that drew
//! easy boards simply takes more chunks. Threads are scoped to the call (none outlives it);
//! the calling thread is one of the workers. A panic while solving one board (a bug) is
//! caught there: that board keeps its bytes and gets [`Status::ErrInternal`].

use crate::board::CELLS;
use crate::status::Status;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, PoisonError};

/// The most threads a batch ever uses, whatever is asked for.
pub const MAX_THREADS: usize = 256;

/// The most boards in one chunk of work.
const MAX_CHUNK: usize = 64;

/// The number of cores available to this process (1 if it cannot be told).
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The number of threads a batch of `n` boards uses when `requested` are asked for:
/// `requested`, or one per available core when it is 0, but never more than the boards
/// (at least 1) nor more than [`MAX_THREADS`].
pub fn effective_threads(requested: usize, n: usize) -> usize {
    let wanted = if requested == 0 {
        available_cores()
    } else {
        requested
    };
    wanted.min(n).clamp(1, MAX_THREADS)
}

/// Solves every board in place on `threads` threads (0: one per available core) and
/// returns their statuses, in order.
pub fn solve_batch(boards: &mut [[u8; CELLS]], threads: usize) -> Vec<Status> {
    let mut statuses = vec![Status::ErrInternal; boards.len()];
    run(boards, &mut statuses, threads, |s| s);
    statuses
}

/// Solves every board in place on `threads` threads (0: one per available core), writing
/// the status of `boards[i]` to `statuses[i]`.
///
/// Fails with [`Status::ErrInvalidArgument`], touching nothing, if the two slices differ
/// in length.
pub fn solve_batch_into(
    boards: &mut [[u8; CELLS]],
    statuses: &mut [Status],
    threads: usize,
) -> Result<(), Status> {
    if boards.len() != statuses.len() {
        return Err(Status::ErrInvalidArgument);
    }
    run(boards, statuses, threads, |s| s);
    Ok(())
}

/// Solves `boards[i]` in place and writes `code(status)` to `out[i]` for every `i` below
/// the shorter length, on [`effective_threads`] threads.
pub(crate) fn run<T: Send>(
    boards: &mut [[u8; CELLS]],
    out: &mut [T],
    threads: usize,
    code: impl Fn(Status) -> T + Sync,
) {
    let n = boards.len().min(out.len());
    if n == 0 {
        return;
    }
    let workers = effective_threads(threads, n);
    // Small enough chunks that the threads finish close together (at least 32 per thread),
    // large enough that taking one costs nothing next to solving it.
    let chunk = (n / (workers * 32)).clamp(1, MAX_CHUNK);
    let queue = Mutex::new(
        boards[..n]
            .chunks_mut(chunk)
            .zip(out[..n].chunks_mut(chunk)),
    );
    let work = || loop {
        // Nothing panics while the lock is held, but a poisoned queue is still usable.
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
        let Some((boards, out)) = next else { break };
        for (board, slot) in boards.iter_mut().zip(out) {
            *slot = code(solve_one(board));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            // A thread that cannot be spawned is no error: the others, the calling thread
            // at least, take its share of the queue.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
}

/// Solves one board in place as `sudoku_solve` would, turning a panic into
/// [`Status::ErrInternal`] with the board unchanged (it is written only on success).
fn solve_one(board: &mut [u8; CELLS]) -> Status {
    catch_unwind(AssertUnwindSafe(|| crate::solve_bytes(board))).unwrap_or(Status::ErrInternal)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLES: [&[u8; 81]; 5] = [
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        b"12345678.........9...............................................................",
        b"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
    ];

    fn mixed(n: usize) -> Vec<[u8; CELLS]> {
        (0..n).map(|i| *PUZZLES[i * 7 % PUZZLES.len()]).collect()
    }

    #[test]
    fn thread_counts_are_capped() {
        assert_eq!(effective_threads(1, 100), 1);
        assert_eq!(effective_threads(3, 100), 3);
        assert_eq!(effective_threads(8, 2), 2);
        assert_eq!(effective_threads(8, 0), 1);
        assert_eq!(
            effective_threads(0, 1000),
            available_cores().min(MAX_THREADS)
        );
        assert_eq!(effective_threads(usize::MAX, usize::MAX), MAX_THREADS);
    }

    #[test]
    fn batch_equals_one_by_one_at_every_thread_count() {
        let input = mixed(203);
        let mut expected = input.clone();
        let want: Vec<Status> = expected.iter_mut().map(crate::solve_bytes).collect();
        assert!(want.contains(&Status::Ok));
        assert!(want.contains(&Status::NoSolution));
        assert!(want.contains(&Status::ErrConflict));
        assert!(want.contains(&Status::ErrInvalidChar));
        for threads in [0, 1, 2, 3, 7, 500] {
            let mut boards = input.clone();
            assert_eq!(solve_batch(&mut boards, threads), want, "{threads} threads");
            assert_eq!(boards, expected, "{threads} threads");
            let mut boards = input.clone();
            let mut statuses = vec![Status::ErrNull; boards.len()];
            assert_eq!(
                solve_batch_into(&mut boards, &mut statuses, threads),
                Ok(())
            );
            assert_eq!(statuses, want);
            assert_eq!(boards, expected);
        }
    }

    #[test]
    fn mismatched_lengths_touch_nothing() {
        let mut boards = mixed(3);
        let mut statuses = vec![Status::ErrNull; 2];
        assert_eq!(
            solve_batch_into(&mut boards, &mut statuses, 1),
            Err(Status::ErrInvalidArgument)
        );
        assert_eq!(boards, mixed(3));
        assert_eq!(statuses, [Status::ErrNull; 2]);
    }

    #[test]
    fn empty_batches_are_fine() {
        assert!(solve_batch(&mut [], 0).is_empty());
        assert_eq!(solve_batch_into(&mut [], &mut [], 4), Ok(()));
    }
}
