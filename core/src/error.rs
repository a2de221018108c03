//! The one error type of the core: why an operation gave no answer.

#![forbid(unsafe_code)]

use core::fmt;

/// Why a call of the core gave no answer. Every fallible function returns
/// `Result<_, Error>`; on an error nothing the caller passed has been changed.
///
/// The C library maps each variant to a `SUDOKU_*` status of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Error {
    /// The givens clash nowhere, yet no grid completes them.
    NoSolution,
    /// The givens clash nowhere and admit more than one solution: the call needs a proper
    /// puzzle (rating, hints).
    MultipleSolutions,
    /// A progress callback asked the work to stop.
    Cancelled,
    /// A search within its bound found nothing that meets the options (generation with
    /// options that no try of `max_tries` met).
    NotFound,
    /// A byte of the board is not `'1'`-`'9'`, `'.'` or `'0'`. Every byte is checked before
    /// anything else, so this error wins over [`Error::Conflict`].
    InvalidChar,
    /// Two equal givens share a row, a column or a box.
    Conflict,
    /// An argument other than a board is out of its range: candidate masks or a step that
    /// do not fit the board, or slices of different lengths.
    InvalidArgument,
    /// Memory ran out where the work needs the heap (the forcing-chain searches of a
    /// hint); nothing the caller passed was changed.
    NoMemory,
    /// A bug in the library was caught (a panic in a batch's board, or a state the code
    /// holds impossible); nothing the caller passed was changed.
    Internal,
}

impl Error {
    /// Every error, in declaration order.
    pub const ALL: [Error; 9] = [
        Error::NoSolution,
        Error::MultipleSolutions,
        Error::Cancelled,
        Error::NotFound,
        Error::InvalidChar,
        Error::Conflict,
        Error::InvalidArgument,
        Error::NoMemory,
        Error::Internal,
    ];

    /// A short lowercase name, such as `no solution` or `conflict`.
    pub const fn name(self) -> &'static str {
        match self {
            Error::NoSolution => "no solution",
            Error::MultipleSolutions => "multiple solutions",
            Error::Cancelled => "cancelled",
            Error::NotFound => "not found",
            Error::InvalidChar => "invalid character",
            Error::Conflict => "conflicting givens",
            Error::InvalidArgument => "invalid argument",
            Error::NoMemory => "out of memory",
            Error::Internal => "internal error",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let detail = match self {
            Error::NoSolution => "the givens clash nowhere, yet no grid completes them",
            Error::MultipleSolutions => "more than one grid completes the givens",
            Error::Cancelled => "the progress callback stopped the work",
            Error::NotFound => "no try within the bound met the options",
            Error::InvalidChar => "a board byte is not '1'-'9', '.' or '0'",
            Error::Conflict => "two equal digits share a row, a column or a box",
            Error::InvalidArgument => "a value is out of range",
            Error::NoMemory => "the heap the work needs could not be had",
            Error::Internal => "a bug in libsudoku was caught (please report it)",
        };
        write!(f, "{}: {detail}", self.name())
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_shown_first() {
        for (k, a) in Error::ALL.iter().enumerate() {
            assert!(a.to_string().starts_with(a.name()));
            for b in &Error::ALL[k + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
        assert_eq!(
            Error::Conflict.to_string(),
            "conflicting givens: two equal digits share a row, a column or a box"
        );
    }
}
