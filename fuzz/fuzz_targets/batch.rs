//! `sudoku_solve_batch` through the C ABI. A well-formed call returns SUDOKU_OK and each
//! (status, board) pair meets the `sudoku_solve` contract (`contract::check_batch`), with
//! the status and bytes `sudoku_solve` gives on a copy of that board. A malformed call gets
//! the status of its first bad argument, in the documented order (n = 0 is SUDOKU_OK
//! whatever the pointers; then NULL `boards`; `n * 81` bytes not addressable; NULL
//! `statuses`; `statuses` overlapping the boards), and touches neither array: the size
//! check must come before any dereference, or the huge n would run past the guard pages.
//! Statuses one byte off int alignment are well formed (out-pointers need no alignment).
//!
//! The boards lie flush against one guard page and the statuses (prefilled) against the
//! other guard page of their own region, so any access past either array faults.
//!
//! Input: a count byte (n = byte % 17), a threads byte (byte % 10, so 0 = one per core up
//! to 9), a mode byte, then n boards of 81 bytes (fewer when the input is shorter). Mode:
//! bit 0 maps every board byte onto a board character; bit 1 puts the boards against the
//! lower guard page and the statuses against the upper one (else the other way round);
//! bit 2 alone misaligns the statuses by one byte; bit 3 alone repeats the boards to make a
//! batch of `TILED` (96; 0 boards stay 0); bits 6 and 7 both set make a malformed
//! call, whose bits 2-5 ask for NULL `boards`, NULL `statuses`, `statuses` inside the
//! boards (at a byte picked by the count byte) and a huge n (picked by the threads byte).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::ffi::{c_char, c_int};
use sudoku::Status;
use sudoku_core::CELLS;
use sudoku_fuzz::contract;
use sudoku_fuzz::{ffi_solve, reference_steps, Guarded};

const MAX_BOARDS: usize = 16;
/// The boards of a tiled batch: enough that every thread of a batch takes several chunks.
const TILED: usize = 96;
const INT: usize = core::mem::size_of::<c_int>();
/// What every status byte holds before the call.
const FILL: u8 = 0x55;

thread_local! {
    static BOARDS: RefCell<Guarded> = RefCell::new(Guarded::new(TILED * CELLS));
    static STATUSES: RefCell<Guarded> = RefCell::new(Guarded::new(TILED * INT + 1));
}

/// Counts of boards that no process can address, each a different overflow.
const HUGE: [usize; 4] = [
    usize::MAX,
    usize::MAX / CELLS + 1,          // n * 81 wraps around
    isize::MAX as usize / CELLS + 1, // n * 81 fits in usize, not in isize
    isize::MAX as usize / 4 + 1,
];

/// What a malformed call asks for.
#[derive(Clone, Copy, Default)]
struct Malformed {
    null_boards: bool,
    null_statuses: bool,
    overlapping: bool,
    huge: Option<usize>,
}

impl Malformed {
    /// The status the contract names for a call of `n` boards with these arguments, or
    /// `None` when the call is well formed and solves the boards.
    fn expected(self, n: usize) -> Option<Status> {
        contract::batch_argument_status(
            self.huge.unwrap_or(n),
            self.null_boards,
            self.null_statuses,
            self.overlapping,
        )
    }
}

fuzz_target!(|data: &[u8]| {
    let [count, threads, mode, rest @ ..] = data else {
        return;
    };
    let n = (usize::from(*count) % (MAX_BOARDS + 1)).min(rest.len() / CELLS);
    let threads = usize::from(*threads % 10);
    let mut inputs: Vec<[u8; CELLS]> = rest
        .chunks_exact(CELLS)
        .take(n)
        .map(|c| c.try_into().expect("81 bytes"))
        .collect();
    if mode & 1 == 1 {
        for b in inputs.iter_mut().flatten() {
            *b = b"0123456789."[usize::from(*b) % 11];
        }
    }
    let boards_low = mode & 2 != 0;
    let malformed = mode & 0xC0 == 0xC0;
    let misaligned = !malformed && mode & 4 != 0;
    let (n, inputs) = if !malformed && mode & 8 != 0 && n > 0 {
        (TILED, inputs.iter().copied().cycle().take(TILED).collect())
    } else {
        (n, inputs)
    };
    let bad = if malformed {
        Malformed {
            null_boards: mode & 4 != 0,
            null_statuses: mode & 8 != 0,
            overlapping: mode & 16 != 0,
            huge: (mode & 32 != 0).then(|| HUGE[usize::from(*count) % HUGE.len()]),
        }
    } else {
        Malformed::default()
    };

    BOARDS.with_borrow_mut(|board_region| {
        STATUSES.with_borrow_mut(|status_region| {
            let boards = board_region.flush(n * CELLS, boards_low);
            for (slot, input) in boards.chunks_exact_mut(CELLS).zip(&inputs) {
                slot.copy_from_slice(input);
            }
            let boards_ptr: *mut c_char = if bad.null_boards {
                core::ptr::null_mut()
            } else {
                boards.as_mut_ptr().cast()
            };
            // n statuses flush against the guard page; one byte more when misaligned, the
            // statuses starting one byte in (against the lower page) or at the region's
            // start (against the upper one).
            let len = n * INT + usize::from(misaligned);
            let statuses = status_region.flush(len, !boards_low);
            statuses.fill(FILL);
            let statuses_ptr: *mut c_int = if bad.null_statuses {
                core::ptr::null_mut()
            } else if bad.overlapping {
                // Any byte of the boards (the first when there are none).
                let at = usize::from(*count) % (n * CELLS).max(1);
                boards_ptr.wrapping_add(at).cast()
            } else if misaligned && !boards_low {
                statuses[1..].as_mut_ptr().cast()
            } else {
                statuses.as_mut_ptr().cast()
            };
            let calls_n = bad.huge.unwrap_or(n);
            // SAFETY: for a well-formed call, `boards_ptr` is n * 81 bytes and
            // `statuses_ptr` n ints (any alignment), both writable and not overlapping; a
            // malformed call is refused before any access (which is what is tested: an
            // access would run into a guard page).
            let code = unsafe {
                sudoku::ffi::sudoku_solve_batch(boards_ptr, calls_n, statuses_ptr, threads)
            };

            let outputs: Vec<[u8; CELLS]> = board_region
                .flush(n * CELLS, boards_low)
                .chunks_exact(CELLS)
                .map(|c| c.try_into().expect("81 bytes"))
                .collect();
            let raw = status_region.flush(len, !boards_low).to_vec();
            let show = || {
                inputs
                    .iter()
                    .map(|b| String::from_utf8_lossy(b).into_owned())
                    .collect::<Vec<_>>()
                    .join("\n  ")
            };
            if let Some(expected) = bad.expected(n) {
                assert_eq!(
                    code,
                    expected.code(),
                    "n = {calls_n}, null boards {}, null statuses {}, overlapping {}",
                    bad.null_boards,
                    bad.null_statuses,
                    bad.overlapping
                );
                assert_eq!(outputs, inputs, "a refused batch changed its boards");
                assert!(
                    raw.iter().all(|&b| b == FILL),
                    "a refused batch wrote statuses"
                );
                return;
            }
            let start = usize::from(misaligned && !boards_low);
            let statuses: Vec<c_int> = raw[start..start + n * INT]
                .chunks_exact(INT)
                .map(|c| c_int::from_ne_bytes(c.try_into().expect("an int")))
                .collect();
            if let Err(e) =
                contract::check_batch(&inputs, code, &statuses, &outputs, reference_steps())
            {
                panic!("sudoku_solve_batch ({threads} threads) broke its contract: {e}");
            }
            let mut single = [0u8; CELLS];
            for (i, input) in inputs.iter().enumerate() {
                let one = ffi_solve(input, &mut single);
                assert_eq!(
                    (statuses[i], outputs[i]),
                    one,
                    "board {i} of the batch differs from sudoku_solve; boards:\n  {}",
                    show()
                );
            }
        })
    });
});
