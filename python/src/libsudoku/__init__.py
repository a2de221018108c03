"""libsudoku from Python: the Rust library's C ABI through ctypes.

    >>> import libsudoku
    >>> libsudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[:9]
    '534678912'
    >>> libsudoku.count_solutions("....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 10)
    2
    >>> libsudoku.rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    <Difficulty.EASY: 1>
    >>> puzzle, solution = libsudoku.generate(42, "hard")
    >>> libsudoku.is_unique(puzzle), libsudoku.rate(puzzle).label, libsudoku.solve(puzzle) == solution
    (True, 'hard', True)
    >>> [r.status for r in libsudoku.solve_batch([puzzle, "55" + puzzle[2:], "." * 81])]
    [0, -3, 0]

The shared library is looked for, in this order: at the path in the SUDOKU_LIB environment
variable when it is set; inside this package's directory (where `pip install` puts it); in
target/release or target/debug of the checkout this file belongs to (when the package is
used from a checkout without being installed, e.g. with PYTHONPATH=python/src).

`solve_batch` also takes a numpy array of shape (n, 81) and dtype uint8 holding ASCII
boards, and solves it in place (`pip install 'libsudoku[numpy]'`).

Run as `python -m libsudoku [FILE]`, it solves the puzzles of a file (or standard input),
one per line.
"""

from __future__ import annotations

import ctypes
import enum
import importlib.machinery
import os
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    import numpy
    import numpy.typing

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
    "Step",
    "candidates",
    "hint",
    "apply_step",
    "technique_name",
    "version",
    "cpu_path",
    "status_message",
    "status_name",
    "library_path",
]

# Status codes, as in sudoku.h.
SUDOKU_OK = 0
SUDOKU_NO_SOLUTION = 1
SUDOKU_MULTIPLE_SOLUTIONS = 2
SUDOKU_CANCELLED = 3
SUDOKU_ERR_NULL = -1
SUDOKU_ERR_INVALID_CHAR = -2
SUDOKU_ERR_CONFLICT = -3
SUDOKU_ERR_INVALID_ARGUMENT = -4
SUDOKU_ERR_INTERNAL = -99

CELLS = 81

# What sudoku_status_str answers for a code it does not know; also the message of a value
# that does not fit a C int, which the library could not be asked about.
_UNKNOWN_STATUS = "unknown status code"
_INT_MIN = -(1 << (8 * ctypes.sizeof(ctypes.c_int) - 1))
_INT_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_int) - 1)) - 1


class Difficulty(enum.IntEnum):
    """How hard a puzzle is for a player (SUDOKU_DIFFICULTY_* in sudoku.h): the level of the
    hardest technique a logical solver needs, applying the simplest one that makes progress
    at every step (the walk of `hint` from the givens). EASY: singles; MEDIUM: also locked
    candidates; HARD: also naked and hidden pairs and triples; EXPERT: also quads, fish,
    Skyscraper, 2-String Kite, wings, unique rectangles, BUG+1; MASTER: also X-chains,
    XY-chains, AIC; EXTREME: forcing chains or brute force."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    MASTER = 5
    EXTREME = 6

    @property
    def label(self) -> str:
        """The lowercase name: 'easy', 'medium', 'hard', 'expert', 'master' or 'extreme'."""
        return self.name.lower()


def _library_names() -> List[str]:
    """The file names the shared library has in a cargo target directory on this system."""
    if sys.platform == "darwin":
        return ["libsudoku.dylib"]
    if sys.platform == "win32":
        return ["sudoku.dll"]
    return ["libsudoku.so"]


def _find_library() -> str:
    explicit = os.environ.get("SUDOKU_LIB")
    if explicit:
        return explicit
    here = os.path.dirname(os.path.abspath(__file__))
    # Installed: setuptools-rust names the library like an extension module of this package.
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = os.path.join(here, "_libsudoku" + suffix)
        if os.path.exists(candidate):
            return candidate
    # Used from a checkout: python/src/libsudoku/ is three levels below the crate's root.
    root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    if os.path.exists(os.path.join(root, "Cargo.toml")):
        for profile in ("release", "debug"):
            for name in _library_names():
                candidate = os.path.join(root, "target", profile, name)
                if os.path.exists(candidate):
                    return candidate
    raise OSError(
        "the libsudoku shared library was not found in %s: install the package with "
        "`pip install ./python`, or build the library with `cargo build --release`, "
        "or set SUDOKU_LIB to its path" % here
    )


_path = _find_library()
_lib = ctypes.CDLL(_path)
_lib.sudoku_solve.argtypes = [ctypes.c_char_p]
_lib.sudoku_solve.restype = ctypes.c_int
_lib.sudoku_count_solutions.argtypes = [
    ctypes.c_char_p,
    ctypes.c_size_t,
    ctypes.POINTER(ctypes.c_size_t),
    ctypes.c_char_p,
]
_lib.sudoku_count_solutions.restype = ctypes.c_int
# int (*progress)(size_t found, void *context)
_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_size_t, ctypes.c_void_p)
_lib.sudoku_count_solutions_with_progress.argtypes = [
    ctypes.c_char_p,
    ctypes.c_size_t,
    ctypes.POINTER(ctypes.c_size_t),
    ctypes.c_char_p,
    _PROGRESS,
    ctypes.c_void_p,
]
_lib.sudoku_count_solutions_with_progress.restype = ctypes.c_int
# Boards as a char pointer rather than c_char_p, so that a numpy array's own buffer can be
# passed as well as a ctypes buffer.
_lib.sudoku_solve_batch.argtypes = [
    ctypes.POINTER(ctypes.c_char),
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
_lib.sudoku_cpu_path.argtypes = []
_lib.sudoku_cpu_path.restype = ctypes.c_char_p


class _CStep(ctypes.Structure):
    """The C SudokuStep."""

    _fields_ = [
        ("technique", ctypes.c_int32),
        ("difficulty", ctypes.c_int32),
        ("cell", ctypes.c_int32),
        ("digit", ctypes.c_int32),
        ("removed", ctypes.c_uint16 * CELLS),
        ("pattern", ctypes.c_uint16 * CELLS),
    ]


_Masks = ctypes.c_uint16 * CELLS
_lib.sudoku_candidates.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint16)]
_lib.sudoku_candidates.restype = ctypes.c_int
_lib.sudoku_hint.argtypes = [
    ctypes.c_char_p,
    ctypes.POINTER(ctypes.c_uint16),
    ctypes.POINTER(_CStep),
]
_lib.sudoku_hint.restype = ctypes.c_int
_lib.sudoku_apply_step.argtypes = [
    ctypes.c_char_p,
    ctypes.POINTER(ctypes.c_uint16),
    ctypes.POINTER(_CStep),
]
_lib.sudoku_apply_step.restype = ctypes.c_int
_lib.sudoku_technique_name.argtypes = [ctypes.c_int]
_lib.sudoku_technique_name.restype = ctypes.c_char_p


def library_path() -> str:
    """The path of the shared library this module loaded."""
    return _path


def status_message(status: int) -> str:
    """The library's message for a status code ("unknown status code" for any int that is
    not one, including values that do not fit a C int)."""
    if not isinstance(status, int) or isinstance(status, bool):
        raise TypeError("a status is an int, not %s" % type(status).__name__)
    if not _INT_MIN <= status <= _INT_MAX:
        return _UNKNOWN_STATUS
    message: bytes = _lib.sudoku_status_str(status)
    return message.decode("ascii")


_STATUS_NAMES = {
    SUDOKU_OK: "SUDOKU_OK",
    SUDOKU_NO_SOLUTION: "SUDOKU_NO_SOLUTION",
    SUDOKU_MULTIPLE_SOLUTIONS: "SUDOKU_MULTIPLE_SOLUTIONS",
    SUDOKU_CANCELLED: "SUDOKU_CANCELLED",
    SUDOKU_ERR_NULL: "SUDOKU_ERR_NULL",
    SUDOKU_ERR_INVALID_CHAR: "SUDOKU_ERR_INVALID_CHAR",
    SUDOKU_ERR_CONFLICT: "SUDOKU_ERR_CONFLICT",
    SUDOKU_ERR_INVALID_ARGUMENT: "SUDOKU_ERR_INVALID_ARGUMENT",
    SUDOKU_ERR_INTERNAL: "SUDOKU_ERR_INTERNAL",
}


def status_name(status: int) -> str:
    """The name of a status code in sudoku.h ('SUDOKU_OK', 'SUDOKU_ERR_CONFLICT', ...), or
    'unknown status code' for any other int."""
    if not isinstance(status, int) or isinstance(status, bool):
        raise TypeError("a status is an int, not %s" % type(status).__name__)
    return _STATUS_NAMES.get(status, _UNKNOWN_STATUS)


class SudokuError(ValueError):
    """What libsudoku refused: `status` is the SUDOKU_* code, str() its message."""

    status: int

    def __init__(self, status: int) -> None:
        self.status = status
        super().__init__(status_message(status))


def _raw(puzzle: str) -> bytes:
    """The 81 bytes of a puzzle string."""
    if not isinstance(puzzle, str):
        raise TypeError("a puzzle is a str of 81 characters, not %s" % type(puzzle).__name__)
    if len(puzzle) != CELLS:
        raise ValueError("a puzzle is exactly 81 characters, got %d" % len(puzzle))
    # Characters outside Latin-1 become '?', which the library rejects like any bad byte.
    return puzzle.encode("latin-1", errors="replace")


def _board(puzzle: str) -> "ctypes.Array[ctypes.c_char]":
    """The 81-byte buffer of a puzzle string."""
    return ctypes.create_string_buffer(_raw(puzzle), CELLS)


def _check(status: int) -> None:
    if status != SUDOKU_OK:
        raise SudokuError(status)


def _size(value: int, what: str) -> int:
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


def count_solutions(puzzle: str, limit: int = 2, timeout: Optional[float] = None) -> int:
    """The number of solutions of a puzzle, counted up to `limit`: min(solutions, limit).

    0 means no grid completes the givens (not an error); with limit 2 (the default) the
    answer tells none (0), unique (1) or several (2). Counting is as long as the count: a
    long one stops with TimeoutError after `timeout` seconds (when not None), and with
    KeyboardInterrupt on Ctrl-C. Raises SudokuError for a bad character
    (SUDOKU_ERR_INVALID_CHAR) or clashing givens (SUDOKU_ERR_CONFLICT).
    """
    board = _board(puzzle)
    limit = _size(limit, "limit")
    deadline = None
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise TypeError("a timeout is a number of seconds, not %s" % type(timeout).__name__)
        if not timeout >= 0:
            raise ValueError("a timeout is a number of seconds >= 0, got %r" % timeout)
        deadline = time.monotonic() + timeout
    # Why the count stopped: the deadline (None) or an exception raised in the callback.
    stopped: List[Optional[BaseException]] = []
    interrupted: List[int] = []

    def progress(found: int, context: Any) -> int:
        try:
            if interrupted:
                return 1
            if deadline is not None and time.monotonic() >= deadline:
                stopped.append(None)
                return 1
            return 0
        except BaseException as e:  # Ctrl-C under another handler, or any other
            stopped.append(e)
            return 1

    callback = _PROGRESS(progress)
    count = ctypes.c_size_t(0)
    # Ctrl-C during the call: the default handler would raise KeyboardInterrupt wherever
    # the callback happens to be (perhaps where ctypes can only print it); a handler that
    # notes it lets the callback stop the count, and KeyboardInterrupt is raised here.
    previous = None
    if (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    ):
        previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(signum))
    try:
        status = _lib.sudoku_count_solutions_with_progress(
            board, limit, ctypes.byref(count), None, callback, None
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt
    if status == SUDOKU_CANCELLED:
        if stopped and stopped[0] is not None:
            raise stopped[0]
        raise TimeoutError("the count took longer than %s seconds" % timeout)
    _check(status)
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
        """Whether the board was solved (status SUDOKU_OK)."""
        return self.status == SUDOKU_OK

    @property
    def message(self) -> str:
        """The library's message for the status."""
        return status_message(self.status)


@overload
def solve_batch(puzzles: Sequence[str], threads: int = 0) -> List[BatchResult]: ...


@overload
def solve_batch(
    puzzles: "numpy.typing.NDArray[numpy.uint8]", threads: int = 0
) -> "numpy.typing.NDArray[numpy.intc]": ...


def solve_batch(puzzles: Any, threads: int = 0) -> Any:
    """Solves many puzzles at once on `threads` threads (0: one per core), in the library.

    Given a sequence of str, returns one BatchResult per puzzle, in order; a bad or
    unsolvable puzzle is reported in its own result, not raised. Raises TypeError or
    ValueError, before solving anything, if an item is not a str of 81 characters.

    Given a numpy array (C-contiguous, writable, dtype uint8, shape (n, 81), each row the
    ASCII bytes of a board), solves it in place, with no copy: each row whose status is 0
    (SUDOKU_OK) holds its solution afterwards, the other rows are left as they were.
    Returns the statuses as a numpy array of n C ints. Raises TypeError for another dtype,
    ValueError for another shape or an array that is not C-contiguous or is read-only,
    before anything is written.
    """
    np = sys.modules.get("numpy")
    if np is not None and isinstance(puzzles, np.ndarray):
        return _solve_array(np, puzzles, threads)
    raws = [_raw(p) for p in puzzles]
    n = len(raws)
    workers = _size(threads, "threads")
    boards = ctypes.create_string_buffer(b"".join(raws), n * CELLS)
    statuses = (ctypes.c_int * n)()
    _check(_lib.sudoku_solve_batch(boards, n, statuses, workers))
    raw = boards.raw
    return [
        BatchResult(s, raw[i * CELLS : (i + 1) * CELLS].decode("ascii") if s == SUDOKU_OK else None)
        for i, s in enumerate(statuses)
    ]


def _solve_array(np: Any, boards: Any, threads: int) -> Any:
    """solve_batch on a numpy array: the C batch call on the array's own buffer."""
    if boards.dtype != np.uint8:
        raise TypeError("a board array has dtype uint8, not %s" % boards.dtype)
    if boards.ndim != 2 or boards.shape[1] != CELLS:
        raise ValueError("a board array has shape (n, 81), not %s" % (boards.shape,))
    if not boards.flags.c_contiguous:
        raise ValueError("a board array must be C-contiguous (numpy.ascontiguousarray makes one)")
    if not boards.flags.writeable:
        raise ValueError("a board array must be writable: it is solved in place")
    workers = _size(threads, "threads")
    n = boards.shape[0]
    statuses = np.zeros(n, dtype=np.intc)
    _check(
        _lib.sudoku_solve_batch(
            boards.ctypes.data_as(ctypes.POINTER(ctypes.c_char)),
            n,
            statuses.ctypes.data_as(ctypes.POINTER(ctypes.c_int)),
            workers,
        )
    )
    return statuses


def rate(puzzle: str) -> Difficulty:
    """The difficulty of a puzzle with exactly one solution (see Difficulty).

    Raises SudokuError with SUDOKU_NO_SOLUTION or SUDOKU_MULTIPLE_SOLUTIONS for a puzzle with
    none or several, SUDOKU_ERR_INVALID_CHAR or SUDOKU_ERR_CONFLICT for a bad one.
    """
    board = _board(puzzle)
    level = ctypes.c_int(0)
    _check(_lib.sudoku_rate(board, ctypes.byref(level)))
    return Difficulty(level.value)


def _level(difficulty: Union[Difficulty, int, str]) -> int:
    """The C code of a difficulty given as a Difficulty, an int or a name."""
    if isinstance(difficulty, str):
        try:
            return Difficulty[difficulty.upper()].value
        except KeyError:
            raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT) from None
    if not isinstance(difficulty, int) or isinstance(difficulty, bool):
        kind = type(difficulty).__name__
        raise TypeError("a difficulty is a Difficulty, an int or a name, not %s" % kind)
    if not _INT_MIN <= difficulty <= _INT_MAX:
        raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT)
    return int(difficulty)


def generate(seed: int, difficulty: Union[Difficulty, int, str]) -> Tuple[str, str]:
    """A puzzle of the given difficulty and its solution: (puzzle, solution).

    The puzzle ('.' blanks) has exactly one solution, is minimal and rates exactly
    `difficulty` (a Difficulty, 1-6, or 'easy' to 'extreme'). The same seed
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


class Step(NamedTuple):
    """One step of the logical solver (the C SudokuStep), with its technique's name.

    `technique` is a SUDOKU_TECHNIQUE_* value (0 when the board is complete), `difficulty`
    its level (0 for none); `cell` (0-80) and `digit` (1-9) the digit it places, -1 and 0
    when it only removes candidates; `removed` and `pattern` hold 81 masks each (bit d-1
    for digit d): the candidates it removes and those of the pattern behind it.
    """

    technique: int
    name: str
    difficulty: int
    cell: int
    digit: int
    removed: Tuple[int, ...]
    pattern: Tuple[int, ...]

    @property
    def level(self) -> Optional[Difficulty]:
        """The technique's level, None when the board was complete."""
        return Difficulty(self.difficulty) if self.difficulty else None

    def _c(self) -> _CStep:
        if len(self.removed) != CELLS or len(self.pattern) != CELLS:
            raise ValueError("a step has 81 removed and 81 pattern masks")
        try:
            return _CStep(
                self.technique,
                self.difficulty,
                self.cell,
                self.digit,
                _Masks(*self.removed),
                _Masks(*self.pattern),
            )
        except (TypeError, OverflowError) as e:
            raise ValueError("a step's fields are ints that fit C: %s" % e) from None


def technique_name(technique: int) -> str:
    """The name of a SUDOKU_TECHNIQUE_* value ("Hidden Single", "X-Wing", ...)."""
    if not _INT_MIN <= technique <= _INT_MAX:
        return "Unknown technique"
    return _lib.sudoku_technique_name(technique).decode("ascii")


def _masks(candidates: Sequence[int]) -> "ctypes.Array[ctypes.c_uint16]":
    """81 masks as a C array; ValueError unless there are 81 ints of 0 to 0xFFFF."""
    if len(candidates) != CELLS:
        raise ValueError("candidates are 81 masks, got %d" % len(candidates))
    if not all(isinstance(m, int) and 0 <= m <= 0xFFFF for m in candidates):
        raise ValueError("a candidate mask is an int from 0 to 0xFFFF")
    return _Masks(*candidates)


def candidates(puzzle: str) -> List[int]:
    """The 81 candidate masks of a puzzle: bit d-1 set when no filled cell of the cell's
    row, column or box holds d; a filled cell holds its own digit's bit.

    >>> masks = candidates("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> [d for d in range(1, 10) if masks[2] >> (d - 1) & 1]
    [1, 2, 4]

    Raises SudokuError for a bad character or clashing givens.
    """
    out = _Masks()
    _check(_lib.sudoku_candidates(_board(puzzle), out))
    return list(out)


def hint(puzzle: str, candidates: Optional[Sequence[int]] = None) -> Step:
    """The next logical step: the simplest technique that makes progress on the puzzle and
    the player's candidates (None: those of `candidates(puzzle)`).

    Raises SudokuError with SUDOKU_NO_SOLUTION (no solution, or candidates that lost a
    digit of it), SUDOKU_MULTIPLE_SOLUTIONS, SUDOKU_ERR_INVALID_ARGUMENT (a filled cell's
    mask not its digit's bit), or for a bad board.
    """
    masks = None if candidates is None else _masks(candidates)
    out = _CStep()
    _check(_lib.sudoku_hint(_board(puzzle), masks, ctypes.byref(out)))
    return Step(
        out.technique,
        technique_name(out.technique),
        out.difficulty,
        out.cell,
        out.digit,
        tuple(out.removed),
        tuple(out.pattern),
    )


def apply_step(puzzle: str, candidates: Sequence[int], step: Step) -> Tuple[str, List[int]]:
    """Applies a step to a puzzle and its candidates: (new puzzle, new candidates). Places
    the step's digit (its cell keeps only that candidate, its row, column and box lose it)
    and removes the step's candidates.

    Raises SudokuError with SUDOKU_ERR_INVALID_ARGUMENT for a step that does not fit (cell
    or digit out of range, a placement on a filled cell or of a digit the cell no longer
    has), or for a bad board or masks.
    """
    board = _board(puzzle)
    masks = _masks(candidates)
    _check(_lib.sudoku_apply_step(board, masks, ctypes.byref(step._c())))
    return board.raw.decode("ascii"), list(masks)


def version() -> str:
    """The library version."""
    text: bytes = _lib.sudoku_version()
    return text.decode("ascii")


def cpu_path() -> str:
    """The code path in use: "portable", "sse4.1", "avx2", "avx512" or "neon", chosen once
    per process for this CPU (the environment variable SUDOKU_FORCE_PATH, read at the first
    call, can force one the CPU runs). Worth giving in a bug report."""
    text: bytes = _lib.sudoku_cpu_path()
    return text.decode("ascii")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Solves the puzzles of a file (argv[1], or standard input when absent or '-'), one per
    line ('#' lines and blank lines skipped): prints each solution, reports each refused
    puzzle on standard error. Returns 1 if any puzzle was refused, else 0."""
    argv = sys.argv if argv is None else argv
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
