"""libsudoku from Python, through ctypes.

    >>> import sudoku
    >>> sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[:9]
    '534678912'
    >>> sudoku.count_solutions("....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 10)
    2
    >>> sudoku.rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    <Difficulty.EASY: 1>
    >>> puzzle, solution = sudoku.generate(42, "hard")
    >>> sudoku.is_unique(puzzle), sudoku.rate(puzzle).label, sudoku.solve(puzzle) == solution
    (True, 'hard', True)
    >>> [r.status for r in sudoku.solve_batch([puzzle, "55" + puzzle[2:], "." * 81])]
    [0, -3, 0]

The shared library is found through the SUDOKU_LIB environment variable (a path to
libsudoku.so), else in the project's target/release or target/debug directory beside this
file. Run as a script, it solves the puzzles of a file (or standard input), one per line.
"""

import ctypes
import enum
import os
import sys
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

__all__ = [
    "SudokuError",
    "Difficulty",
    "BatchResult",
    "solve",
    "count_solutions",
    "is_unique",
    "solve_batch",
    "rate",
    "generate",
    "version",
    "status_message",
]

# Status codes, as in sudoku.h.
SUDOKU_OK = 0
SUDOKU_NO_SOLUTION = 1
SUDOKU_MULTIPLE_SOLUTIONS = 2
SUDOKU_ERR_NULL = -1
SUDOKU_ERR_INVALID_CHAR = -2
SUDOKU_ERR_CONFLICT = -3
SUDOKU_ERR_INVALID_ARGUMENT = -4
SUDOKU_ERR_INTERNAL = -99


class Difficulty(enum.IntEnum):
    """How hard a puzzle is for a player (SUDOKU_DIFFICULTY_* in sudoku.h): the level of the
    hardest technique a logical solver needs, applying the simplest one that makes progress
    at every step. EASY: naked and hidden singles; MEDIUM: also locked candidates; HARD: also
    naked and hidden pairs and triples; EXPERT: anything beyond."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4

    @property
    def label(self) -> str:
        """The lowercase name: 'easy', 'medium', 'hard' or 'expert'."""
        return self.name.lower()

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
_lib.sudoku_count_solutions.argtypes = [
    ctypes.c_char_p,
    ctypes.c_size_t,
    ctypes.POINTER(ctypes.c_size_t),
    ctypes.c_char_p,
]
_lib.sudoku_count_solutions.restype = ctypes.c_int
_lib.sudoku_solve_batch.argtypes = [
    ctypes.c_char_p,
    ctypes.c_size_t,
    ctypes.POINTER(ctypes.c_int),
    ctypes.c_size_t,
]
_lib.sudoku_solve_batch.restype = ctypes.c_int
_lib.sudoku_rate.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
_lib.sudoku_rate.restype = ctypes.c_int
_lib.sudoku_generate.argtypes = [ctypes.c_uint64, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p]
_lib.sudoku_generate.restype = ctypes.c_int
_lib.sudoku_status_str.argtypes = [ctypes.c_int]
_lib.sudoku_status_str.restype = ctypes.c_char_p
_lib.sudoku_version.argtypes = []
_lib.sudoku_version.restype = ctypes.c_char_p


def status_message(status):
    """The library's message for a status code."""
    return _lib.sudoku_status_str(status).decode("ascii")


class SudokuError(ValueError):
    """What libsudoku refused: `status` is the SUDOKU_* code, str() its message."""

    def __init__(self, status):
        self.status = status
        super().__init__(status_message(status))


def _raw(puzzle):
    """The 81 bytes of a puzzle string."""
    if not isinstance(puzzle, str):
        raise TypeError("a puzzle is a str of 81 characters, not %s" % type(puzzle).__name__)
    if len(puzzle) != CELLS:
        raise ValueError("a puzzle is exactly 81 characters, got %d" % len(puzzle))
    # Characters outside Latin-1 become '?', which the library rejects like any bad byte.
    return puzzle.encode("latin-1", errors="replace")


def _board(puzzle):
    """The 81-byte buffer of a puzzle string."""
    return ctypes.create_string_buffer(_raw(puzzle), CELLS)


def _check(status):
    if status != SUDOKU_OK:
        raise SudokuError(status)


def _size(value, what):
    """A non-negative int that fits a size_t (bool is refused: it is no count)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s is an int, not %s" % (what, type(value).__name__))
    if not 0 <= value < 1 << (8 * ctypes.sizeof(ctypes.c_size_t)):
        raise ValueError("%s must be between 0 and SIZE_MAX, got %d" % (what, value))
    return value


def solve(puzzle: str) -> str:
    """Returns the solution of an 81-character puzzle ('1'-'9' givens, '.' or '0' blanks).

    Raises SudokuError, carrying the status and its message, when the puzzle has a bad
    character, clashing givens or no solution.
    """
    board = _board(puzzle)
    _check(_lib.sudoku_solve(board))
    return board.raw.decode("ascii")


def count_solutions(puzzle: str, limit: int = 2) -> int:
    """The number of solutions of a puzzle, counted up to `limit`: min(solutions, limit).

    0 means no grid completes the givens (not an error); with limit 2 (the default) the
    answer tells none (0), unique (1) or several (2). Counting is as long as the count, so
    keep the limit small on boards with few givens. Raises SudokuError for a bad character
    (SUDOKU_ERR_INVALID_CHAR) or clashing givens (SUDOKU_ERR_CONFLICT).
    """
    board = _board(puzzle)
    count = ctypes.c_size_t(0)
    _check(_lib.sudoku_count_solutions(board, _size(limit, "limit"), ctypes.byref(count), None))
    return count.value


def is_unique(puzzle: str) -> bool:
    """Whether the puzzle has exactly one solution. Raises as count_solutions does."""
    return count_solutions(puzzle, 2) == 1


class BatchResult(NamedTuple):
    """One board of solve_batch: its status and, when the status is SUDOKU_OK, its solution
    (else None)."""

    status: int
    solution: Optional[str]

    @property
    def ok(self) -> bool:
        return self.status == SUDOKU_OK

    @property
    def message(self) -> str:
        """The library's message for the status."""
        return status_message(self.status)


def solve_batch(puzzles: Sequence[str], threads: int = 0) -> List[BatchResult]:
    """Solves many puzzles at once on `threads` threads (0: one per core), in the library.

    Returns one BatchResult per puzzle, in order; a bad or unsolvable puzzle is reported in
    its own result, not raised. Raises TypeError or ValueError, before solving anything, if
    an item is not a str of 81 characters.
    """
    raws = [_raw(p) for p in puzzles]
    n = len(raws)
    boards = ctypes.create_string_buffer(b"".join(raws), n * CELLS)
    statuses = (ctypes.c_int * n)()
    _check(_lib.sudoku_solve_batch(boards, n, statuses, _size(threads, "threads")))
    raw = boards.raw
    return [
        BatchResult(s, raw[i * CELLS : (i + 1) * CELLS].decode("ascii") if s == SUDOKU_OK else None)
        for i, s in enumerate(statuses)
    ]


def rate(puzzle: str) -> Difficulty:
    """The difficulty of a puzzle with exactly one solution (see Difficulty).

    Raises SudokuError with SUDOKU_NO_SOLUTION or SUDOKU_MULTIPLE_SOLUTIONS for a puzzle with
    none or several, SUDOKU_ERR_INVALID_CHAR or SUDOKU_ERR_CONFLICT for a bad one.
    """
    board = _board(puzzle)
    level = ctypes.c_int(0)
    _check(_lib.sudoku_rate(board, ctypes.byref(level)))
    return Difficulty(level.value)


def _level(difficulty):
    """The C code of a difficulty given as a Difficulty, an int or a name."""
    if isinstance(difficulty, str):
        try:
            return Difficulty[difficulty.upper()].value
        except KeyError:
            raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT) from None
    if not isinstance(difficulty, int) or isinstance(difficulty, bool):
        kind = type(difficulty).__name__
        raise TypeError("a difficulty is a Difficulty, an int or a name, not %s" % kind)
    if not -(1 << 31) <= difficulty < 1 << 31:
        raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT)
    return int(difficulty)


def generate(seed: int, difficulty: Union[Difficulty, int, str]) -> Tuple[str, str]:
    """A puzzle of the given difficulty and its solution: (puzzle, solution).

    The puzzle ('.' blanks) has exactly one solution, is minimal and rates exactly
    `difficulty` (a Difficulty, 1-4, or 'easy', 'medium', 'hard', 'expert'). The same seed
    (0 to 2**64 - 1) and difficulty give the same puzzle on every run and machine. Raises
    SudokuError with SUDOKU_ERR_INVALID_ARGUMENT for any other difficulty, ValueError for a
    seed out of range.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("a seed is an int, not %s" % type(seed).__name__)
    if not 0 <= seed < 1 << 64:
        raise ValueError("a seed is between 0 and 2**64 - 1, got %d" % seed)
    level = _level(difficulty)
    puzzle = ctypes.create_string_buffer(CELLS)
    solution = ctypes.create_string_buffer(CELLS)
    _check(_lib.sudoku_generate(seed, level, puzzle, solution))
    return puzzle.raw.decode("ascii"), solution.raw.decode("ascii")


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
