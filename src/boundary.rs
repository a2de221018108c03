//! The one boundary every export goes through, and the checked pointer arguments.
//!
//! Every `extern "C"` function of [`crate::ffi`] is a call of [`export`] around a body
//! written in safe Rust: the body returns a [`Result`] (or a static string), a panic in it
//! becomes `SUDOKU_ERR_INTERNAL` (or the string getter's fallback), and nothing else
//! crosses into C.
//!
//! Inside a body, pointer arguments are taken with the macros of this module: [`arg!`]
//! reads the caller's value (a board, masks, a step) into a local copy, [`out!`] checks an
//! output pointer and gives an [`Out`] that is written only when the body succeeds, and
//! [`optional_out!`] the same for an output that may be NULL. A NULL where a value is
//! required makes the body return `SUDOKU_ERR_NULL` at once, before anything is read or
//! written. These macros hold the only `unsafe` blocks of the exports: each rests on the
//! one rule every export documents, that a pointer argument is NULL or valid for its type
//! for the whole call (see [`read`] and [`Out::new`]).

use crate::status::Status;
use core::ffi::{c_char, c_int, CStr};
use core::ptr::NonNull;
use std::panic::{catch_unwind, UnwindSafe};

/// What the body of an export returns, and what C gets for it.
pub(crate) trait Answer {
    /// The C return type.
    type C;
    /// The C value of this answer.
    fn into_c(self) -> Self::C;
    /// The C value when the body panicked (a bug in libsudoku).
    fn on_panic() -> Self::C;
}

impl Answer for Result<(), Status> {
    type C = c_int;
    fn into_c(self) -> c_int {
        self.map_or_else(Status::code, |()| Status::Ok.code())
    }
    fn on_panic() -> c_int {
        Status::ErrInternal.code()
    }
}

/// A static NUL-terminated string (the string getters' answer).
impl Answer for &'static CStr {
    type C = *const c_char;
    fn into_c(self) -> *const c_char {
        self.as_ptr()
    }
    fn on_panic() -> *const c_char {
        c"".as_ptr()
    }
}

/// Runs the body of an export as the panic boundary: its answer in C, or the answer for a
/// panic when it panicked. Every export is one call of this.
pub(crate) fn export<A: Answer>(body: impl FnOnce() -> A + UnwindSafe) -> A::C {
    catch_unwind(body).map_or_else(|_| A::on_panic(), A::into_c)
}

/// Values that every bit pattern of their size is: what can be read from and written to
/// caller memory byte for byte.
///
/// # Safety
/// Implementors must have no padding, no invalid bit patterns and no references.
pub(crate) unsafe trait Plain: Copy {}

// SAFETY: arrays and plain integers: no padding, every bit pattern valid.
unsafe impl Plain for [u8; 81] {}
// SAFETY: as above.
unsafe impl Plain for [u16; 81] {}
// SAFETY: as above.
unsafe impl Plain for usize {}
// SAFETY: as above.
unsafe impl Plain for c_int {}
// SAFETY: as above.
unsafe impl Plain for u32 {}
// SAFETY: `Step` is `repr(C)` of four i32 then two [u16; 81]: 16 + 324 bytes, no padding
// (its size is checked below), integers only.
unsafe impl Plain for crate::c_types::Step {}
const _: () = assert!(core::mem::size_of::<crate::c_types::Step>() == 16 + 2 * 2 * 81);
// SAFETY: a byte array: no padding, every bit pattern valid.
unsafe impl Plain for [u8; 729] {}
// SAFETY: `SeRating` is `repr(C)` of three i32: 12 bytes, no padding (its size is checked
// below), integers only.
unsafe impl Plain for crate::c_types::SeRating {}
const _: () = assert!(core::mem::size_of::<crate::c_types::SeRating>() == 3 * 4);

/// Values that can be read from caller memory byte for byte: every bit pattern of their
/// bytes other than padding is a value. Every [`Plain`] type is one.
///
/// # Safety
/// Implementors must have no invalid bit patterns outside padding and no references.
pub(crate) unsafe trait Readable: Copy {}

// SAFETY: a `Plain` type has no padding and no invalid bit patterns.
unsafe impl<T: Plain> Readable for T {}
// SAFETY: `GenerateOptions` is `repr(C)` of integers and a raw pointer (any bit pattern is
// a raw pointer; it is only read through `arg!`-style checks later), with padding before
// `max_tries`, which a read leaves undefined and nothing looks at.
unsafe impl Readable for crate::c_types::GenerateOptions {}

/// The caller's value at `ptr`, read unaligned into a local copy; `None` for NULL.
///
/// # Safety
/// `ptr` must be NULL or valid for reading a `T` (at any alignment), not written by
/// another thread during the read.
pub(crate) unsafe fn read<T: Readable>(ptr: *const T) -> Option<T> {
    // SAFETY: non-NULL, and by this function's contract readable; any bit pattern is a
    // `T` (`Plain`), and the read does not need alignment.
    (!ptr.is_null()).then(|| unsafe { ptr.read_unaligned() })
}

/// An output argument of an export, checked not to be NULL: written at most once, by
/// [`Out::write`], when the export succeeds.
pub(crate) struct Out<T: Plain>(NonNull<T>);

impl<T: Plain> Out<T> {
    /// The output at `ptr`; `None` for NULL.
    ///
    /// # Safety
    /// `ptr` must be NULL or valid for writing a `T` (at any alignment) until the export
    /// returns, and not be accessed by another thread meanwhile.
    pub(crate) unsafe fn new(ptr: *mut T) -> Option<Out<T>> {
        NonNull::new(ptr).map(Out)
    }

    /// Writes `value` to the caller's memory (unaligned, byte for byte).
    pub(crate) fn write(self, value: T) {
        // SAFETY: `Out::new`'s contract: the pointer is valid for writing a `T` at any
        // alignment for the rest of the call.
        unsafe { self.0.as_ptr().write_unaligned(value) }
    }
}

/// Reads a required pointer argument into a local value, or makes the export's body
/// return `Err(Status::ErrNull)` when it is NULL. `$ptr` must be a pointer argument of the
/// export (cast to the type it points to).
macro_rules! arg {
    ($ptr:expr) => {
        // SAFETY: every pointer argument of an export is, by the export's documented
        // contract, NULL or valid for reading its type during the call.
        match unsafe { $crate::boundary::read($ptr) } {
            Some(value) => value,
            None => return Err($crate::status::Status::ErrNull),
        }
    };
}

/// Checks a required output argument: an [`Out`], or the export's body returns
/// `Err(Status::ErrNull)` when it is NULL. `$ptr` must be a pointer argument of the export
/// (cast to the type it points to).
macro_rules! out {
    ($ptr:expr) => {
        // SAFETY: every pointer argument of an export is, by the export's documented
        // contract, NULL or valid for writing its type until the export returns.
        match unsafe { $crate::boundary::Out::new($ptr) } {
            Some(out) => out,
            None => return Err($crate::status::Status::ErrNull),
        }
    };
}

/// An output argument that may be NULL: `Some(Out)` or `None`. `$ptr` must be a pointer
/// argument of the export (cast to the type it points to).
macro_rules! optional_out {
    ($ptr:expr) => {
        // SAFETY: every pointer argument of an export is, by the export's documented
        // contract, NULL or valid for writing its type until the export returns.
        unsafe { $crate::boundary::Out::new($ptr) }
    };
}

/// An input argument that may be NULL: `Some(value)` or `None`. `$ptr` must be a pointer
/// argument of the export (cast to the type it points to).
macro_rules! optional_arg {
    ($ptr:expr) => {
        // SAFETY: every pointer argument of an export is, by the export's documented
        // contract, NULL or valid for reading its type during the call.
        unsafe { $crate::boundary::read($ptr) }
    };
}

pub(crate) use {arg, optional_arg, optional_out, out};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_internal_status_or_the_empty_string() {
        let code = export(|| -> Result<(), Status> { panic!("a bug") });
        assert_eq!(code, Status::ErrInternal.code());
        assert_eq!(export(|| Err(Status::NoSolution)), 1);
        assert_eq!(export(|| Ok(())), 0);
        let text = export(|| -> &'static CStr { panic!("a bug") });
        // SAFETY: the fallback is a static NUL-terminated string.
        assert_eq!(unsafe { CStr::from_ptr(text) }, c"");
    }

    #[test]
    fn reads_and_writes_are_unaligned_and_null_is_none() {
        let mut buffer = [0u8; 2 * core::mem::size_of::<usize>()];
        let odd = buffer[1..].as_mut_ptr().cast::<usize>();
        // SAFETY: `odd` points into `buffer` with room for a usize.
        let out = unsafe { Out::new(odd) }.expect("not NULL");
        out.write(0x0102_0304);
        // SAFETY: as above.
        assert_eq!(unsafe { read(odd.cast_const()) }, Some(0x0102_0304));
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { read(core::ptr::null::<usize>()) }, None);
        // SAFETY: NULL is allowed.
        assert!(unsafe { Out::new(core::ptr::null_mut::<usize>()) }.is_none());
    }
}
