//! Helpers shared by the fuzz targets: turning fuzz input into boards, boards placed
//! against inaccessible pages, and the contract oracle of the test suite.

#![deny(unsafe_op_in_unsafe_fn)]

/// The contract oracle shared with the integration tests.
#[path = "../../tests/common/contract.rs"]
pub mod contract;

use std::sync::OnceLock;
use sudoku_core::{Board, CELLS};

/// Steps the plain reference may take to confirm an answer before the fuzz targets settle
/// for the engine paths agreeing with each other: SUDOKU_FUZZ_REFERENCE_STEPS, 0 meaning no
/// bound, 20 000 by default (about 20 ms uninstrumented; nearly every board needs under a
/// thousand). A few clash-free boards without a solution take the reference far more (see
/// tests/regressions.rs): unbounded, they would eat most of a fuzzing run.
pub fn reference_steps() -> usize {
    static STEPS: OnceLock<usize> = OnceLock::new();
    *STEPS.get_or_init(|| {
        match std::env::var("SUDOKU_FUZZ_REFERENCE_STEPS").map(|v| v.parse::<usize>()) {
            Ok(Ok(0)) => usize::MAX,
            Ok(Ok(n)) => n,
            _ => 20_000,
        }
    })
}

/// How a fuzz input's board is encoded and placed, from an optional byte after it.
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    /// Bit 0: every byte is mapped onto a board character (`'0'`-`'9'` or `'.'`), so the
    /// fuzzer reaches the solver as easily as the validation; otherwise bytes pass as
    /// they are.
    pub mapped: bool,
    /// Bit 1: the board starts right after an inaccessible page; otherwise it ends right
    /// before one.
    pub low: bool,
    /// The whole byte: targets read their own flags from bits 2-7.
    pub bits: u8,
}

impl Mode {
    /// Whether bit `k` of the mode byte is set.
    pub fn bit(self, k: u32) -> bool {
        self.bits >> k & 1 == 1
    }
}

/// The 81 bytes of a board from fuzz input and its [`Mode`] (the 82nd byte, all bits clear
/// when absent), or `None` when the input is shorter than 81 bytes.
pub fn board_bytes(data: &[u8]) -> Option<([u8; CELLS], Mode)> {
    let mut bytes: [u8; CELLS] = data.get(..CELLS)?.try_into().ok()?;
    let m = data.get(CELLS).copied().unwrap_or(0);
    let mode = Mode {
        mapped: m & 1 == 1,
        low: m & 2 == 2,
        bits: m,
    };
    if mode.mapped {
        for b in &mut bytes {
            *b = b"0123456789."[usize::from(*b) % 11];
        }
    }
    Some((bytes, mode))
}

/// A clash-free board from any bytes: byte `k` gives cell `k` a digit (`'1'`-`'9'` their
/// digit, `'.'` and `'0'` a blank, any other byte `byte % 10`, 0 being a blank), and a
/// digit that would clash with an earlier given is dropped.
pub fn clash_free_board(data: &[u8]) -> Board {
    let mut cells = [0u8; CELLS];
    for (i, &b) in data.iter().take(CELLS).enumerate() {
        let d = match b {
            b'.' => 0,
            b'0'..=b'9' => b - b'0',
            _ => b % 10,
        };
        let clashes = (0..i).any(|j| cells[j] == d && contract::share_unit(i, j));
        cells[i] = if clashes { 0 } else { d };
    }
    Board::from_digits(cells).unwrap_or(Board::EMPTY)
}

/// A byte region between two `PROT_NONE` pages: a slice placed flush against either guard
/// makes every read or write one byte past it fault at once.
pub struct Guarded {
    mapping: *mut u8,
    length: usize,
    page: usize,
    inner: usize,
}

impl Guarded {
    /// Maps room for at least `capacity` bytes between two guard pages. Aborts the process
    /// (a fuzz finding would be meaningless) if the mapping fails.
    pub fn new(capacity: usize) -> Guarded {
        // SAFETY: sysconf has no preconditions.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
        let inner = capacity.max(1).div_ceil(page) * page;
        let length = inner + 2 * page;
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing.
        let mapping = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                length,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(mapping != libc::MAP_FAILED, "mmap failed");
        let mapping = mapping.cast::<u8>();
        // SAFETY: both ranges are whole pages inside the mapping just made.
        let guarded = unsafe {
            libc::mprotect(mapping.cast(), page, libc::PROT_NONE) == 0
                && libc::mprotect(mapping.add(page + inner).cast(), page, libc::PROT_NONE) == 0
        };
        assert!(guarded, "mprotect failed");
        Guarded {
            mapping,
            length,
            page,
            inner,
        }
    }

    /// `len` bytes whose last byte is the last one before the upper guard page.
    pub fn high(&mut self, len: usize) -> &mut [u8] {
        assert!(len <= self.inner, "the region holds {} bytes", self.inner);
        // SAFETY: the `inner` bytes after the lower guard page are mapped read-write and
        // borrowed mutably through `self`; `len <= inner`.
        unsafe {
            core::slice::from_raw_parts_mut(self.mapping.add(self.page + self.inner - len), len)
        }
    }

    /// `len` bytes whose first byte is the first one after the lower guard page.
    pub fn low(&mut self, len: usize) -> &mut [u8] {
        assert!(len <= self.inner, "the region holds {} bytes", self.inner);
        // SAFETY: as in `high`.
        unsafe { core::slice::from_raw_parts_mut(self.mapping.add(self.page), len) }
    }

    /// `len` bytes against the lower guard page if `low`, else against the upper one.
    pub fn flush(&mut self, len: usize, low: bool) -> &mut [u8] {
        if low {
            self.low(len)
        } else {
            self.high(len)
        }
    }

    /// Makes the region between the guard pages read-only (`true`) or writable again
    /// (`false`): while it is read-only, any write into it faults at once, which shows
    /// that a function given a `const` buffer there never writes it. The slices `high`
    /// and `low` hand out borrow `self`, so none is alive while the protection changes;
    /// pass a pointer taken from one before (it stays valid: the mapping does not move).
    pub fn set_read_only(&mut self, read_only: bool) {
        let prot = if read_only {
            libc::PROT_READ
        } else {
            libc::PROT_READ | libc::PROT_WRITE
        };
        // SAFETY: the `inner` bytes after the lower guard page are whole pages of the
        // mapping made in `new`; no reference into them is alive (`&mut self`).
        let done = unsafe { libc::mprotect(self.mapping.add(self.page).cast(), self.inner, prot) };
        assert!(done == 0, "mprotect failed");
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `new`, which nothing borrows any more.
        unsafe { libc::munmap(self.mapping.cast(), self.length) };
    }
}

/// Calls the exported `sudoku_solve` on a copy of `input` placed in `region` (which must
/// be exactly 81 bytes), and returns the status with the bytes the call left there.
pub fn ffi_solve(input: &[u8; CELLS], region: &mut [u8]) -> (i32, [u8; CELLS]) {
    region.copy_from_slice(input);
    // SAFETY: `region` is 81 bytes the caller may read and write, used by no one else.
    let code = unsafe { sudoku::ffi::sudoku_solve(region.as_mut_ptr().cast()) };
    let mut output = [0u8; CELLS];
    output.copy_from_slice(region);
    (code, output)
}
