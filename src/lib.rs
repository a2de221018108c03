//! libsudoku's C library: the `extern "C"` functions of `sudoku.h` over the safe core
//! ([`sudoku_core`]).
//!
//! The C interface (see `include/sudoku.h`, generated from [`ffi`] by cbindgen) works on
//! flat 81-byte boards, row by row, `'1'`-`'9'` for givens and `'.'` or `'0'` for blanks,
//! and reports a [`Status`]. Rust programs use [`sudoku_core`] directly; this crate is what
//! C, C++, Python (ctypes) and other languages link.
//!
//! Modules: [`ffi`] (every export), `boundary` (the panic boundary and the checked pointer
//! arguments every export goes through), [`status`] (the C status enum), [`c_types`] (the
//! header's difficulty and technique enums, step struct and SE rating struct) and `names`
//! (the core's names as static C strings).

mod boundary;
pub mod c_types;
pub mod ffi;
mod names;
pub mod status;

pub use c_types::{Difficulty, SeRating, Step, Technique};
pub use status::Status;
