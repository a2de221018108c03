//! Batch solving: many boards solved in place on several threads.
//!
//! Each board is solved exactly as [`crate::solve_bytes`] (and so the C `sudoku_solve`)
//! would, and gets its own status. Work is shared dynamically: the boards are cut into small
//! chunks that the threads take one at a time from a shared queue, so a thread that drew
//! easy boards simply takes more chunks. The calling thread is one of the workers; the
//! others are started for the call and joined before it returns, with their work described
//! on the caller's stack: a batch allocates nothing on the heap. A thread that cannot be
//! started (no memory, a thread limit, a target without threads) is no error: the threads
//! that run, the calling thread at least, take its share. A panic while solving one board
//! (a bug) is caught there: that board keeps its bytes and gets [`Error::Internal`].
//!
//! With `threads = 0` the calling thread starts alone, and other threads are started only
//! when it has spent [`SOLO_TIME`] on the batch and boards are left: a batch shorter than
//! that costs what a loop of single solves costs, and a longer one pays a thread's start
//! (and join) at most once per [`SOLO_TIME`] of work, a few percent, when the threads gain
//! nothing (see docs/boundary.md for the measurements).

#![forbid(unsafe_code)]

use crate::board::CELLS;
use crate::error::Error;
use crate::platform as sys;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The most threads a batch ever uses, whatever is asked for.
pub const MAX_THREADS: usize = 256;

/// How long the calling thread of a batch with `threads = 0` works alone before it starts
/// other threads for the boards that are left: about 25 times what starting and joining a
/// thread costs (docs/boundary.md), so that the threads cost a few percent at worst.
pub const SOLO_TIME: Duration = Duration::from_millis(1);

/// How many boards the calling thread solves between two looks at the clock while it
/// works alone (a look costs far less than the cheapest board).
const CLOCK_EVERY: usize = 8;

/// The most boards in one chunk of work.
const MAX_CHUNK: usize = 64;

/// The number of cores available to this process (1 if it cannot be told): the CPUs it
/// may run on, bounded by its cgroup's CPU quota on Linux. Detected once per process
/// (without the heap) and remembered.
pub fn available_cores() -> usize {
    sys::available_cores()
}

/// The most threads a batch of `n` boards uses when `requested` are asked for:
/// `requested`, or one per available core when it is 0 (those start only after
/// [`SOLO_TIME`]), but never more than the boards (at least 1) nor more than
/// [`MAX_THREADS`].
pub fn effective_threads(requested: usize, n: usize) -> usize {
    let wanted = if requested == 0 {
        available_cores()
    } else {
        requested
    };
    wanted.min(n).clamp(1, MAX_THREADS)
}

/// The outcome of one board of a batch: what [`crate::solve_bytes`] gives for it.
pub type BoardResult = Result<(), Error>;

/// Solves every board in place on `threads` threads (0: one per available core) and
/// returns their results, in order.
pub fn solve_batch(boards: &mut [[u8; CELLS]], threads: usize) -> Vec<BoardResult> {
    let mut results = vec![Err(Error::Internal); boards.len()];
    run(boards, &mut results, threads, |s| s);
    results
}

/// Solves every board in place on `threads` threads (0: one per available core), writing
/// the result of `boards[i]` to `results[i]`.
///
/// Fails with [`Error::InvalidArgument`], touching nothing, if the two slices differ
/// in length.
pub fn solve_batch_into(
    boards: &mut [[u8; CELLS]],
    results: &mut [BoardResult],
    threads: usize,
) -> Result<(), Error> {
    if boards.len() != results.len() {
        return Err(Error::InvalidArgument);
    }
    run(boards, results, threads, |s| s);
    Ok(())
}

/// Solves `boards[i]` in place and writes `code(result)` to `out[i]` for every `i` below
/// the shorter length, on up to [`effective_threads`] threads (with `threads = 0`, after
/// [`SOLO_TIME`] alone), without heap allocation: the machinery under [`solve_batch`],
/// for callers that keep results in a form of their own (the C library writes status
/// codes into the caller's array).
pub fn run<T: Send>(
    boards: &mut [[u8; CELLS]],
    out: &mut [T],
    threads: usize,
    code: impl Fn(BoardResult) -> T + Sync,
) {
    run_op(boards, out, threads, crate::solve_bytes, code);
}

/// What a batch does to each board in place: writes it only on `Ok`.
pub type BoardOp = fn(&mut [u8; CELLS]) -> BoardResult;

/// [`run`] with another operation than solving: `op(&mut boards[i])` for every board (for
/// instance the canonical form in place), on the same threads, with the same guarantees.
pub fn run_op<T: Send>(
    boards: &mut [[u8; CELLS]],
    out: &mut [T],
    threads: usize,
    op: BoardOp,
    code: impl Fn(BoardResult) -> T + Sync,
) {
    let n = boards.len().min(out.len());
    let workers = effective_threads(threads, n);
    let solo = if threads == 0 {
        SOLO_TIME
    } else {
        Duration::ZERO
    };
    run_with(&mut boards[..n], &mut out[..n], workers, solo, op, &code);
}

/// The canonical form of `board` in place ([`crate::canonical::canonical_bytes`]): the
/// operation of a canonical batch.
pub fn canonical_in_place(board: &mut [u8; CELLS]) -> BoardResult {
    let (form, _) = crate::canonical::canonical_bytes(board)?;
    *board = form.to_bytes();
    Ok(())
}

/// [`run`] on `workers` threads at most, the calling thread working alone for `solo`
/// first (no other thread starts when it finishes the batch within that time).
fn run_with<T: Send>(
    boards: &mut [[u8; CELLS]],
    out: &mut [T],
    workers: usize,
    solo: Duration,
    op: BoardOp,
    code: &(impl Fn(BoardResult) -> T + Sync),
) {
    if workers <= 1 || !sys::THREADS {
        solve_all(boards, out, op, code);
        return;
    }
    let mut done = 0;
    if !solo.is_zero() {
        let start = Instant::now();
        while done < boards.len() {
            let end = (done + CLOCK_EVERY).min(boards.len());
            solve_all(&mut boards[done..end], &mut out[done..end], op, code);
            done = end;
            if start.elapsed() >= solo {
                break;
            }
        }
    }
    let left = boards.len() - done;
    if left == 0 {
        return;
    }
    let queue = Mutex::new(Queue {
        boards: &mut boards[done..],
        out: &mut out[done..],
        workers: workers.min(left),
    });
    let work = || loop {
        // Nothing panics while the lock is held, but a poisoned queue is still usable.
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).take();
        let Some((boards, out)) = next else { break };
        solve_all(boards, out, op, code);
    };
    sys::run_on_threads(workers.min(left) - 1, &work);
}

/// The boards of a batch that no thread has taken yet, and their status slots.
struct Queue<'a, T> {
    boards: &'a mut [[u8; CELLS]],
    out: &'a mut [T],
    workers: usize,
}

impl<'a, T> Queue<'a, T> {
    /// The next chunk of work: a quarter of an even share of what is left (so that the
    /// chunks shrink towards the end and the threads finish close together), at least one
    /// board and at most [`MAX_CHUNK`].
    fn take(&mut self) -> Option<(&'a mut [[u8; CELLS]], &'a mut [T])> {
        if self.boards.is_empty() {
            return None;
        }
        let size = (self.boards.len() / (4 * self.workers)).clamp(1, MAX_CHUNK);
        let (boards, rest) = core::mem::take(&mut self.boards).split_at_mut(size);
        self.boards = rest;
        let (out, rest) = core::mem::take(&mut self.out).split_at_mut(size);
        self.out = rest;
        Some((boards, out))
    }
}

/// Solves each board of `boards` in place, writing `code(result)` to its slot of `out`.
fn solve_all<T>(
    boards: &mut [[u8; CELLS]],
    out: &mut [T],
    op: BoardOp,
    code: &impl Fn(BoardResult) -> T,
) {
    for (board, slot) in boards.iter_mut().zip(out) {
        *slot = code(solve_one(board, op));
    }
}

/// Solves one board in place as `sudoku_solve` would, turning a panic into
/// [`Error::Internal`] with the board unchanged (it is written only on success).
fn solve_one(board: &mut [u8; CELLS], op: BoardOp) -> BoardResult {
    catch_unwind(AssertUnwindSafe(|| op(board))).unwrap_or(Err(Error::Internal))
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
        let want: Vec<BoardResult> = expected.iter_mut().map(crate::solve_bytes).collect();
        assert!(want.contains(&Ok(())));
        assert!(want.contains(&Err(Error::NoSolution)));
        assert!(want.contains(&Err(Error::Conflict)));
        assert!(want.contains(&Err(Error::InvalidChar)));
        for threads in [0, 1, 2, 3, 7, 500] {
            let mut boards = input.clone();
            assert_eq!(solve_batch(&mut boards, threads), want, "{threads} threads");
            assert_eq!(boards, expected, "{threads} threads");
            let mut boards = input.clone();
            let mut statuses = vec![Err(Error::Cancelled); boards.len()];
            assert_eq!(
                solve_batch_into(&mut boards, &mut statuses, threads),
                Ok(())
            );
            assert_eq!(statuses, want);
            assert_eq!(boards, expected);
        }
    }

    #[test]
    fn the_calling_thread_hands_over_after_any_solo_time() {
        let input = mixed(203);
        let mut expected = input.clone();
        let want: Vec<BoardResult> = expected.iter_mut().map(crate::solve_bytes).collect();
        for solo in [
            Duration::ZERO,
            Duration::from_nanos(1),
            Duration::from_micros(30),
        ] {
            for workers in [1, 2, 3, 9] {
                let mut boards = input.clone();
                let mut statuses = vec![Err(Error::Cancelled); boards.len()];
                run_with(
                    &mut boards,
                    &mut statuses,
                    workers,
                    solo,
                    crate::solve_bytes,
                    &|s| s,
                );
                assert_eq!(statuses, want, "{workers} workers after {solo:?}");
                assert_eq!(boards, expected, "{workers} workers after {solo:?}");
            }
        }
    }

    #[test]
    fn chunks_shrink_and_cover_every_board_once() {
        let mut boards = mixed(1000);
        let mut out = vec![0u8; 1000];
        let mut queue = Queue {
            boards: &mut boards,
            out: &mut out,
            workers: 2,
        };
        let mut sizes = Vec::new();
        while let Some((b, o)) = queue.take() {
            assert_eq!(b.len(), o.len());
            sizes.push(b.len());
        }
        assert_eq!(sizes.iter().sum::<usize>(), 1000);
        assert_eq!(sizes[0], MAX_CHUNK);
        assert_eq!(sizes.last(), Some(&1));
        assert!(sizes.windows(2).all(|w| w[0] >= w[1]));
    }

    #[test]
    fn mismatched_lengths_touch_nothing() {
        let mut boards = mixed(3);
        let mut statuses = vec![Err(Error::Cancelled); 2];
        assert_eq!(
            solve_batch_into(&mut boards, &mut statuses, 1),
            Err(Error::InvalidArgument)
        );
        assert_eq!(boards, mixed(3));
        assert_eq!(statuses, [Err(Error::Cancelled); 2]);
    }

    #[test]
    fn empty_batches_are_fine() {
        assert!(solve_batch(&mut [], 0).is_empty());
        assert_eq!(solve_batch_into(&mut [], &mut [], 4), Ok(()));
    }
}
