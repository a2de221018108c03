//! The C status enum (`SudokuStatus`): the core's errors as C sees them, with success and
//! the errors that exist only at the C boundary (a NULL pointer, a caught panic).

use core::ffi::CStr;
use core::fmt;

/// The outcome of a libsudoku call.
///
/// Zero is success, positive values are answers about a well-formed board, negative values
/// are errors in the arguments. Every function returns one of these as an `int`; on every
/// status but `SUDOKU_OK` the caller's board is left exactly as it was.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Success: the board now holds a complete valid grid that keeps every given.
    Ok = 0,
    /// The givens clash nowhere, yet no grid completes them.
    NoSolution = 1,
    /// The givens clash nowhere and admit more than one solution (the puzzle is not
    /// proper); returned by the calls that need a unique solution, such as `sudoku_rate`.
    MultipleSolutions = 2,
    /// A progress callback returned nonzero (`sudoku_count_solutions_with_progress`,
    /// `sudoku_rate_se_with_progress`, `sudoku_generate_with_progress`): the call stopped,
    /// and nothing was written.
    Cancelled = 3,
    /// `sudoku_generate_with` found no puzzle meeting its options within `max_tries`
    /// tries; nothing was written.
    NotFound = 4,
    /// A required pointer argument was NULL.
    ErrNull = -1,
    /// A byte of the board is not '1'-'9', '.' or '0'. All 81 bytes are checked before
    /// anything else, so this status wins over `SUDOKU_ERR_CONFLICT`.
    ErrInvalidChar = -2,
    /// Two equal givens share a row, a column or a box.
    ErrConflict = -3,
    /// An argument other than a board is out of its range: a difficulty outside 1-6, a
    /// candidate mask that does not fit the board (a filled cell's mask other than its
    /// digit's bit, or a bit above digit 9), a step that does not fit the board, a board
    /// count whose byte size overflows, or batch statuses overlapping the boards.
    ErrInvalidArgument = -4,
    /// Memory ran out where a call needs the heap. Only the calls whose chain searches
    /// allocate (fallibly) return it: `sudoku_hint` (its forcing chains, a few hundred
    /// KiB), `sudoku_rate_se` and `sudoku_rate_se_with_progress`, and
    /// `sudoku_generate_with` and `sudoku_generate_with_progress` (the hint walk of a
    /// required technique, the SE rating). Nothing was written.
    ErrNoMemory = -5,
    /// An internal error was caught at the library boundary (a bug in libsudoku); the
    /// caller's data is unchanged.
    ErrInternal = -99,
}

impl Status {
    /// Every status, in declaration order.
    pub const ALL: [Status; 11] = [
        Status::Ok,
        Status::NoSolution,
        Status::MultipleSolutions,
        Status::Cancelled,
        Status::NotFound,
        Status::ErrNull,
        Status::ErrInvalidChar,
        Status::ErrConflict,
        Status::ErrInvalidArgument,
        Status::ErrNoMemory,
        Status::ErrInternal,
    ];

    /// The integer code of this status, as C sees it.
    pub const fn code(self) -> i32 {
        self as i32
    }

    /// The status with this code, if there is one.
    pub fn from_code(code: i32) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Whether this status reports an error in the arguments (a negative code).
    pub const fn is_error(self) -> bool {
        self.code() < 0
    }

    /// A static, human-readable message, NUL-terminated for C.
    pub const fn c_message(self) -> &'static CStr {
        match self {
            Status::Ok => c"success: the board holds a solution",
            Status::NoSolution => {
                c"no solution: the givens clash nowhere, yet no grid completes them"
            }
            Status::MultipleSolutions => {
                c"multiple solutions: the givens clash nowhere, yet more than one grid completes them"
            }
            Status::Cancelled => c"cancelled: the progress callback stopped the call",
            Status::NotFound => {
                c"not found: no try within the bound met the options; nothing was written"
            }
            Status::ErrNull => c"invalid argument: a required pointer is NULL",
            Status::ErrInvalidChar => c"invalid character: a board byte is not '1'-'9', '.' or '0'",
            Status::ErrConflict => {
                c"conflicting givens: two equal digits share a row, a column or a box"
            }
            Status::ErrInvalidArgument => {
                c"invalid argument: a value is out of range (difficulty not 1-6, candidates or step not fitting the board, board count too large, or statuses overlapping the boards)"
            }
            Status::ErrNoMemory => {
                c"out of memory: the heap the call needs could not be had; nothing was written"
            }
            Status::ErrInternal => c"internal error in libsudoku (please report it)",
        }
    }

    /// The message of a code that names no status.
    pub const UNKNOWN_MESSAGE: &'static CStr = c"unknown status code";

    /// A static, human-readable message.
    pub fn message(self) -> &'static str {
        // The messages are ASCII literals, so this never takes the fallback.
        self.c_message().to_str().unwrap_or("")
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Status {}

impl From<sudoku_core::Error> for Status {
    fn from(e: sudoku_core::Error) -> Status {
        use sudoku_core::Error as E;
        match e {
            E::NoSolution => Status::NoSolution,
            E::MultipleSolutions => Status::MultipleSolutions,
            E::Cancelled => Status::Cancelled,
            E::NotFound => Status::NotFound,
            E::InvalidChar => Status::ErrInvalidChar,
            E::Conflict => Status::ErrConflict,
            E::InvalidArgument => Status::ErrInvalidArgument,
            E::NoMemory => Status::ErrNoMemory,
            E::Internal => Status::ErrInternal,
        }
    }
}

impl Status {
    /// The status of a core result: [`Status::Ok`] or the error's status.
    pub fn of(result: Result<(), sudoku_core::Error>) -> Status {
        result.map_or_else(Status::from, |()| Status::Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_documented_values() {
        assert_eq!(Status::Ok.code(), 0);
        assert_eq!(Status::NoSolution.code(), 1);
        assert_eq!(Status::ErrNull.code(), -1);
        assert_eq!(Status::ErrInvalidChar.code(), -2);
        assert_eq!(Status::ErrConflict.code(), -3);
        assert_eq!(Status::MultipleSolutions.code(), 2);
        assert_eq!(Status::Cancelled.code(), 3);
        assert_eq!(Status::NotFound.code(), 4);
        assert_eq!(Status::ErrInvalidArgument.code(), -4);
        assert_eq!(Status::ErrNoMemory.code(), -5);
        assert_eq!(Status::ErrInternal.code(), -99);
    }

    #[test]
    fn all_lists_every_status_once() {
        let mut codes: Vec<i32> = Status::ALL.iter().map(|s| s.code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes, [-99, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4]);
    }

    #[test]
    fn codes_round_trip_and_unknown_codes_are_none() {
        for s in Status::ALL {
            assert_eq!(Status::from_code(s.code()), Some(s));
        }
        for code in [-1000, -98, -6, 5, 42, i32::MIN, i32::MAX] {
            assert_eq!(Status::from_code(code), None, "code {code}");
        }
    }

    #[test]
    fn messages_are_distinct_and_nonempty() {
        let mut seen: Vec<&str> = Status::ALL.iter().map(|s| s.message()).collect();
        seen.push(Status::UNKNOWN_MESSAGE.to_str().unwrap());
        for m in &seen {
            assert!(!m.is_empty());
        }
        let n = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), n, "two statuses share a message");
    }

    #[test]
    fn every_core_error_has_its_own_failing_status() {
        let mut codes: Vec<i32> = sudoku_core::Error::ALL
            .iter()
            .map(|&e| Status::from(e).code())
            .collect();
        assert!(!codes.contains(&Status::Ok.code()));
        let n = codes.len();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), n, "two core errors share a status");
        assert_eq!(Status::of(Ok(())), Status::Ok);
        assert_eq!(
            Status::of(Err(sudoku_core::Error::Conflict)),
            Status::ErrConflict
        );
    }

    #[test]
    fn only_negative_codes_are_errors() {
        assert!(!Status::Ok.is_error());
        assert!(!Status::NoSolution.is_error());
        assert!(!Status::MultipleSolutions.is_error());
        assert!(!Status::Cancelled.is_error());
        assert!(!Status::NotFound.is_error());
        assert!(Status::ErrNull.is_error());
        assert!(Status::ErrInvalidArgument.is_error());
        assert!(Status::ErrConflict.is_error());
    }
}
