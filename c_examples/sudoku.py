"""libsudoku from Python, through ctypes.

    >>> import sudoku
    >>> sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[:9]
    '534678912'

The shared library is found through the SUDOKU_LIB environment variable (a path to
libsudoku.so), else in the project's target/release or target/debug directory beside this
file. Run as a script, it solves the puzzles of a file (or standard input), one per line.
"""

import ctypes
import os
import sys

__all__ = ["SudokuError", "solve", "version", "status_message"]

# Status codes, as in sudoku.h.
SUDOKU_OK = 0
SUDOKU_NO_SOLUTION = 1
SUDOKU_ERR_NULL = -1
SUDOKU_ERR_INVALID_CHAR = -2
SUDOKU_ERR_CONFLICT = -3

CELLS = 81


def _find_library():
    explicit = os.environ.get("SUDOKU_LIB")
    if explicit:
        return explicit
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for profile in ("release", "debug"):
        candidate = os.path.join(root, "target", profile, "libsudoku.so")
        if os.path.exists(candidate):
            return candidate
    raise OSError(
        "libsudoku.so not found: build it with `cargo build --release` "
        "or set SUDOKU_LIB to its path"
    )


_lib = ctypes.CDLL(_find_library())
_lib.sudoku_solve.argtypes = [ctypes.c_char_p]
_lib.sudoku_solve.restype = ctypes.c_int
_lib.sudoku_status_str.argtypes = [ctypes.c_int]
_lib.sudoku_status_str.restype = ctypes.c_char_p
_lib.sudoku_version.argtypes = []
_lib.sudoku_version.restype = ctypes.c_char_p


def status_message(status):
    """The library's message for a status code."""
    return _lib.sudoku_status_str(status).decode("ascii")


class SudokuError(ValueError):
    """A puzzle libsudoku could not solve; `status` is the SUDOKU_* code."""

    def __init__(self, status):
        self.status = status
        super().__init__(status_message(status))


def _board(puzzle):
    """The 81-byte buffer of a puzzle string."""
    if not isinstance(puzzle, str):
        raise TypeError("a puzzle is a str of 81 characters, not %s" % type(puzzle).__name__)
    if len(puzzle) != CELLS:
        raise ValueError("a puzzle is exactly 81 characters, got %d" % len(puzzle))
    # Characters outside Latin-1 become '?', which the library rejects like any bad byte.
    raw = puzzle.encode("latin-1", errors="replace")
    return ctypes.create_string_buffer(raw, CELLS)


def solve(puzzle: str) -> str:
    """Returns the solution of an 81-character puzzle ('1'-'9' givens, '.' or '0' blanks).

    Raises SudokuError, carrying the status and its message, when the puzzle has a bad
    character, clashing givens or no solution.
    """
    board = _board(puzzle)
    status = _lib.sudoku_solve(board)
    if status != SUDOKU_OK:
        raise SudokuError(status)
    return board.raw.decode("ascii")


def version() -> str:
    """The library version."""
    return _lib.sudoku_version().decode("ascii")


def _main(argv):
    source = open(argv[1]) if len(argv) > 1 and argv[1] != "-" else sys.stdin
    failed = 0
    with source:
        for number, line in enumerate(source, 1):
            line = line.rstrip("\r\n")
            if not line or line.startswith("#"):
                continue
            try:
                print(solve(line))
            except (SudokuError, ValueError) as e:
                print("line %d: %s" % (number, e), file=sys.stderr)
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv))
