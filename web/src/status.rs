//! The statuses the exports return: the C library's `SUDOKU_*` values and messages (the
//! tests check them against the C library's own table).

#![forbid(unsafe_code)]

use sudoku_core::Error;

/// `SUDOKU_OK`: the call answered and wrote its results.
pub const OK: i32 = 0;

/// The message of the C library's unknown codes.
pub const UNKNOWN: &str = "unknown status code";

/// The status code of a core error, as the C library maps it.
pub const fn of(e: Error) -> i32 {
    match e {
        Error::NoSolution => 1,
        Error::MultipleSolutions => 2,
        Error::Cancelled => 3,
        Error::NotFound => 4,
        Error::InvalidChar => -2,
        Error::Conflict => -3,
        Error::InvalidArgument => -4,
        Error::NoMemory => -5,
        Error::Internal => -99,
    }
}

/// The C library's message for a status code (`sudoku_status_str`), [`UNKNOWN`] for a code
/// that is none.
pub const fn message(code: i32) -> &'static str {
    match code {
        0 => "success: the board holds a solution",
        1 => "no solution: the givens clash nowhere, yet no grid completes them",
        2 => "multiple solutions: the givens clash nowhere, yet more than one grid completes them",
        3 => "cancelled: the progress callback stopped the call",
        4 => "not found: no try within the bound met the options; nothing was written",
        -1 => "invalid argument: a required pointer is NULL",
        -2 => "invalid character: a board byte is not '1'-'9', '.' or '0'",
        -3 => "conflicting givens: two equal digits share a row, a column or a box",
        -4 => "invalid argument: a value is out of range (difficulty not 1-6, candidates or step not fitting the board, board count too large, or statuses overlapping the boards)",
        -5 => "out of memory: the heap the call needs could not be had; nothing was written",
        -99 => "internal error in libsudoku (please report it)",
        _ => UNKNOWN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::status::Status;

    #[test]
    fn codes_and_messages_are_the_c_librarys() {
        for e in Error::ALL {
            assert_eq!(of(e), Status::from(e).code(), "{e:?}");
        }
        for s in Status::ALL {
            assert_eq!(message(s.code()), s.message(), "{s:?}");
        }
        for code in [-1000, -98, -6, 5, i32::MIN, i32::MAX] {
            assert_eq!(Status::from_code(code), None);
            assert_eq!(message(code), UNKNOWN);
        }
        assert_eq!(Status::UNKNOWN_MESSAGE.to_str(), Ok(UNKNOWN));
    }
}
