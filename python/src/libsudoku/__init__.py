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

import atexit
import ctypes
import enum
import importlib.machinery
import math
import operator
import os
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

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
    "SeRating",
    "rate_se",
    "generate",
    "Symmetry",
    "canonical",
    "automorphisms",
    "transform",
    "canonical_batch",
    "dedupe",
    "candidates_from_sukaku",
    "count_solutions_sukaku",
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
SUDOKU_NOT_FOUND = 4
SUDOKU_ERR_NULL = -1
SUDOKU_ERR_INVALID_CHAR = -2
SUDOKU_ERR_CONFLICT = -3
SUDOKU_ERR_INVALID_ARGUMENT = -4
SUDOKU_ERR_NO_MEMORY = -5
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


class _CSeRating(ctypes.Structure):
    """SudokuSeRating: ER, EP and ED in tenths."""

    _fields_ = [("er", ctypes.c_int32), ("ep", ctypes.c_int32), ("ed", ctypes.c_int32)]


_lib.sudoku_rate_se.argtypes = [ctypes.c_char_p, ctypes.POINTER(_CSeRating)]
_lib.sudoku_rate_se_with_progress.argtypes = [
    ctypes.c_char_p,
    ctypes.POINTER(_CSeRating),
    _PROGRESS,
    ctypes.c_void_p,
]
_lib.sudoku_rate_se.restype = ctypes.c_int
_lib.sudoku_rate_se_with_progress.restype = ctypes.c_int
_lib.sudoku_generate.argtypes = [ctypes.c_uint64, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p]
_lib.sudoku_generate.restype = ctypes.c_int

class _CGenerateOptions(ctypes.Structure):
    _fields_ = [
        ("difficulty", ctypes.c_int32),
        ("symmetry", ctypes.c_int32),
        ("min_givens", ctypes.c_int32),
        ("max_givens", ctypes.c_int32),
        ("pattern", ctypes.c_char_p),
        ("se_min", ctypes.c_int32),
        ("se_max", ctypes.c_int32),
        ("technique", ctypes.c_int32),
        ("max_tries", ctypes.c_uint64),
    ]


_lib.sudoku_generate_with.argtypes = [
    ctypes.c_uint64,
    ctypes.POINTER(_CGenerateOptions),
    ctypes.c_char_p,
    ctypes.c_char_p,
]
_lib.sudoku_generate_with.restype = ctypes.c_int
_lib.sudoku_generate_with_progress.argtypes = [
    ctypes.c_uint64,
    ctypes.POINTER(_CGenerateOptions),
    ctypes.c_char_p,
    ctypes.c_char_p,
    _PROGRESS,
    ctypes.c_void_p,
]
_lib.sudoku_generate_with_progress.restype = ctypes.c_int
_lib.sudoku_canonical.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint32)]
_lib.sudoku_canonical.restype = ctypes.c_int
_lib.sudoku_transform.argtypes = [ctypes.c_char_p, ctypes.c_uint64, ctypes.c_char_p]
_lib.sudoku_transform.restype = ctypes.c_int
_lib.sudoku_canonical_batch.argtypes = [
    ctypes.POINTER(ctypes.c_char),
    ctypes.c_size_t,
    ctypes.POINTER(ctypes.c_int),
    ctypes.c_size_t,
]
_lib.sudoku_canonical_batch.restype = ctypes.c_int
_lib.sudoku_candidates_from_sukaku.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint16)]
_lib.sudoku_candidates_from_sukaku.restype = ctypes.c_int
_lib.sudoku_count_solutions_sukaku.argtypes = [
    ctypes.c_char_p,
    ctypes.c_size_t,
    ctypes.POINTER(ctypes.c_size_t),
    ctypes.c_char_p,
]
_lib.sudoku_count_solutions_sukaku.restype = ctypes.c_int

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
    SUDOKU_NOT_FOUND: "SUDOKU_NOT_FOUND",
    SUDOKU_ERR_NULL: "SUDOKU_ERR_NULL",
    SUDOKU_ERR_INVALID_CHAR: "SUDOKU_ERR_INVALID_CHAR",
    SUDOKU_ERR_CONFLICT: "SUDOKU_ERR_CONFLICT",
    SUDOKU_ERR_INVALID_ARGUMENT: "SUDOKU_ERR_INVALID_ARGUMENT",
    SUDOKU_ERR_NO_MEMORY: "SUDOKU_ERR_NO_MEMORY",
    SUDOKU_ERR_INTERNAL: "SUDOKU_ERR_INTERNAL",
}


def status_name(status: int) -> str:
    """The name of a status code in sudoku.h ('SUDOKU_OK', 'SUDOKU_ERR_CONFLICT', ...), or
    'unknown status code' for any other int."""
    if not isinstance(status, int) or isinstance(status, bool):
        raise TypeError("a status is an int, not %s" % type(status).__name__)
    return _STATUS_NAMES.get(status, _UNKNOWN_STATUS)


class SudokuError(ValueError):
    """What libsudoku refused: `status` is the SUDOKU_* code, str() its message (and, for an
    argument this module refuses before the library could truncate it, what was wrong)."""

    status: int

    def __init__(self, status: int, detail: Optional[str] = None) -> None:
        self.status = status
        message = status_message(status)
        super().__init__("%s: %s" % (message, detail) if detail else message)


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
    long one stops with TimeoutError after `timeout` seconds (when not None). An exception
    raised meanwhile by a signal handler (KeyboardInterrupt on Ctrl-C, or any handler's own)
    stops the count and propagates as itself. Raises SudokuError for a bad character
    (SUDOKU_ERR_INVALID_CHAR) or clashing givens (SUDOKU_ERR_CONFLICT).
    """
    board = _board(puzzle)
    limit = _size(limit, "limit")
    deadline = _deadline(timeout)
    count = ctypes.c_size_t(0)

    def call(callback: Any) -> int:
        return int(
            _lib.sudoku_count_solutions_with_progress(
                board, limit, ctypes.byref(count), None, callback, None
            )
        )

    _check(_stoppable(call, deadline, "the count took longer than %s seconds" % timeout))
    return count.value


def _deadline(timeout: Optional[float]) -> Optional[float]:
    """The monotonic time at which a call given `timeout` seconds stops (None: never)."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError("a timeout is a number of seconds, not %s" % type(timeout).__name__)
    if not timeout >= 0:
        raise ValueError("a timeout is a number of seconds >= 0, got %r" % timeout)
    return time.monotonic() + timeout


def _stoppable(
    call: Callable[[Any], int], deadline: Optional[float], late: str, quick_first: bool = True
) -> int:
    """Runs `call(progress)`, one of the library's calls with a progress callback, so that
    it stops at `deadline` (raising TimeoutError with the message `late`) and when a signal
    handler raises (the exception propagates as itself). Returns the call's status.

    `quick_first`: in the main thread, try the call there first, stopping it at its first
    progress call; for calls whose first progress call comes after milliseconds of work
    (counts, generation), so that quick calls need no thread. The SE rating calls after
    every step of its walk and passes False: it goes to the other thread at once."""
    owner = threading.get_ident()
    if threading.current_thread() is threading.main_thread():
        # Signal handlers run in the main thread, between bytecodes: in a Python callback
        # one could raise before the callback's first line, where ctypes can only print the
        # exception. So the main thread calls first with a callback of no Python code that
        # stops at its first call (a call that ends sooner has its answer), then waits,
        # running handlers, while another thread makes the call.
        status = SUDOKU_CANCELLED
        if quick_first:
            status = _guarded_call(call, _STOP_AT_FIRST_CALL, owner)
            if status == SUDOKU_CANCELLED and deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError(late)
        if status == SUDOKU_CANCELLED:
            status, state = _call_in_other_thread(call, _LongCall(owner, deadline))
    else:
        state = _LongCall(owner, deadline)
        status = _guarded_call(call, _PROGRESS(state.progress), owner)
    if status == SUDOKU_CANCELLED:
        if state.error is not None:
            raise state.error
        if state.exiting:
            _stay_until_exit()
        if state.timed_out:
            raise TimeoutError(late)
    return status


class _LongCall:
    """One long call (a count, a rating): its progress callback, and why the callback
    stopped it."""

    def __init__(self, owner: int, deadline: Optional[float]) -> None:
        self.owner = owner
        self.deadline = deadline
        # Set by the thread that waits for the call when it must stop.
        self.cancel = False
        self.timed_out = False
        self.exiting = False
        self.error: Optional[BaseException] = None

    def progress(self, done: int, context: Any) -> int:
        try:
            if self.cancel:
                return 1
            if not _may_call(self.owner):
                self.exiting = True
                return 1
            if self.deadline is not None and time.monotonic() >= self.deadline:
                self.timed_out = True
                return 1
            return 0
        except BaseException as e:  # e.g. an exception another thread set in this one
            self.error = e
            return 1


# int (*)(size_t, void *) that returns nonzero without running Python code: operator.is_not
# gets (done, None) and answers True.
_STOP_AT_FIRST_CALL = _PROGRESS(operator.is_not)


def _call_in_other_thread(call: Callable[[Any], int], state: _LongCall) -> Tuple[int, _LongCall]:
    """`call` on a thread of its own while this one (the main thread) waits, running the
    signal handlers: one that raises stops the call, and its exception is raised here once
    the call has returned. Returns the status and the state of the call that ran."""
    callback = _PROGRESS(state.progress)
    done = threading.Event()
    outcome: List[Any] = []

    def work() -> None:
        try:
            outcome.append(_guarded_call(call, callback, state.owner))
        except BaseException as e:
            outcome.append(e)
        finally:
            done.set()

    worker = threading.Thread(target=work, name="libsudoku count", daemon=True)
    try:
        try:
            worker.start()
        except RuntimeError:
            # No new thread (newer Pythons refuse them while the interpreter exits): count
            # here, as other threads do. A worker that started after all stops at once.
            state.cancel = True
            here = _LongCall(state.owner, state.deadline)
            return _guarded_call(call, _PROGRESS(here.progress), here.owner), here
        # A timed wait, so that handlers run on every platform (a plain one is interrupted
        # by signals on POSIX only).
        while not done.wait(0.1):
            pass
    except BaseException:
        # Also when the exception came while the worker was starting: it may be counting.
        state.cancel = True
        later: Optional[BaseException] = None
        since = time.monotonic()
        # Until the worker is done (a worker that never started: as long as it could take
        # to start).
        while not done.is_set() and (worker.is_alive() or time.monotonic() - since < 1.0):
            try:
                done.wait(0.01)
            except BaseException as e:  # another signal: raised in place of the first
                later = e
        if later is not None:
            raise later
        raise
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    return int(result), state


# The calls with a progress callback (counts, ratings, searches) inside the library, and
# whether the interpreter is exiting. At exit, CPython ends a daemon thread that asks for
# the GIL, which a ctypes callback does, with pthread_exit: an unwind the library's panic
# boundary cannot let through, which aborts the process. So once the exit begins, the
# progress callbacks of other threads stop their calls, the exit waits for them to leave
# the library, and those threads then stay where they are until the process ends (as
# CPython leaves daemon threads).
_calls = threading.Condition()
_calls_inside = 0
_exiting_thread: Optional[int] = None
# How long the exit waits for calls to leave the library (each returns within a few
# milliseconds of its callback's answer).
_EXIT_WAIT = 10.0


def _may_call(owner: int) -> bool:
    """Whether a call that `owner` started may go on: until the interpreter exits, and
    for the exiting thread itself (an atexit hook may count or rate)."""
    exiting = _exiting_thread
    return exiting is None or exiting == owner


def _guarded_call(call: Callable[[Any], int], callback: Any, owner: int) -> int:
    """`call(callback)`, counted in `_calls_inside` while it runs; SUDOKU_CANCELLED without
    calling once the interpreter exits."""
    global _calls_inside
    inside = False
    try:
        with _calls:
            if _may_call(owner):
                _calls_inside += 1
                inside = True
        if inside:
            return call(callback)
    finally:
        if inside:
            with _calls:
                _calls_inside -= 1
                _calls.notify_all()
    _stay_until_exit()
    return SUDOKU_CANCELLED


def _stay_until_exit() -> None:
    """Blocks a thread whose call the interpreter's exit stopped, until the process ends."""
    threading.Event().wait()


@atexit.register
def _stop_calls_at_exit() -> None:
    """Stops the other threads' calls and waits until they have left the library."""
    global _exiting_thread
    with _calls:
        _exiting_thread = threading.get_ident()
        _calls.wait_for(lambda: _calls_inside == 0, _EXIT_WAIT)


def _after_fork_in_child() -> None:
    """The child of a fork has only the forking thread: no call is inside the library."""
    global _calls, _calls_inside
    _calls = threading.Condition()
    _calls_inside = 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


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
    return _batch_array(np, boards, threads, _lib.sudoku_solve_batch)


def _batch_array(np: Any, boards: Any, threads: int, call: Any) -> Any:
    """A C batch call (solve or canonical) on a numpy array's own buffer."""
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
        call(
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


class SeRating(NamedTuple):
    """Sudoku Explainer's ratings of a proper puzzle, as serate 1.2.1.3 gives them, to one
    decimal: `er`, the hardest step of the whole solution; `ep`, the hardest step up to and
    including the first that places a digit; `ed`, the rating of the first step."""

    er: float
    ep: float
    ed: float


def rate_se(puzzle: str, timeout: Optional[float] = None) -> SeRating:
    """The Sudoku Explainer ratings (ER, EP, ED) of a puzzle with exactly one solution.

    A complete grid rates SeRating(0.0, 0.0, 0.0). Raises SudokuError as rate does, and
    with SUDOKU_ERR_NO_MEMORY when the chain searches cannot have their memory. The hardest
    puzzles take a second or more: with a `timeout` (seconds) the rating stops with
    TimeoutError after it, and, timeout or not, an exception raised meanwhile by a signal
    handler (KeyboardInterrupt on Ctrl-C) stops it at the end of the step being walked and
    propagates as itself. (Called from the main thread, the rating runs on a thread of its
    own while the main thread waits, running the handlers: a thread started a call.)
    """
    board = _board(puzzle)
    deadline = _deadline(timeout)
    rating = _CSeRating(0, 0, 0)

    def call(callback: Any) -> int:
        return int(_lib.sudoku_rate_se_with_progress(board, ctypes.byref(rating), callback, None))

    late = "the rating took longer than %s seconds" % timeout
    _check(_stoppable(call, deadline, late, quick_first=False))
    return SeRating(rating.er / 10, rating.ep / 10, rating.ed / 10)


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


class Symmetry(enum.IntEnum):
    """Which given positions of a generated puzzle must go together (SudokuSymmetry)."""

    NONE = 0
    ROTATE_180 = 1
    ROTATE_90 = 2
    MIRROR_LEFT_RIGHT = 3
    MIRROR_TOP_BOTTOM = 4
    MIRROR_BOTH = 5
    DIAGONAL = 6
    ANTIDIAGONAL = 7
    BOTH_DIAGONALS = 8
    DIHEDRAL = 9


def _seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("a seed is an int, not %s" % type(seed).__name__)
    if not 0 <= seed < 1 << 64:
        raise ValueError("a seed is between 0 and 2**64 - 1, got %d" % seed)
    return seed


def _int32(value: Any, what: str) -> int:
    """An option that the library checks itself: out-of-range values are its
    SUDOKU_ERR_INVALID_ARGUMENT, values that do not fit an int32 too."""
    if isinstance(value, str) and what == "symmetry":
        try:
            return Symmetry[value.upper().replace("-", "_")].value
        except KeyError:
            raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT, "no symmetry %r" % value) from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s is an int, not %s" % (what, type(value).__name__))
    if not -(1 << 31) <= value < 1 << 31:
        raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT, "%s out of range" % what)
    return int(value)


def _se_tenths(value: Any, what: str) -> int:
    """An SE bound (7.5, 10, 0) in the tenths the C options take; its range is the
    library's to check."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError("%s is a number, not %s" % (what, type(value).__name__))
    if not math.isfinite(value) or abs(value) >= 1 << 27:
        raise SudokuError(SUDOKU_ERR_INVALID_ARGUMENT, "%s out of range" % what)
    tenths = round(value * 10)
    # One decimal: `value * 10` is then within a rounding error of an integer, far below
    # this bound for every rating the library takes.
    if abs(value * 10 - tenths) > 1e-9:
        raise ValueError("%s has at most one decimal, not %r" % (what, value))
    return _int32(int(tenths), what)


def generate(
    seed: int,
    difficulty: Union[Difficulty, int, str, None] = None,
    *,
    symmetry: Union[Symmetry, int, str] = Symmetry.NONE,
    min_givens: int = 0,
    max_givens: int = 0,
    pattern: Optional[str] = None,
    technique: int = 0,
    max_tries: int = 0,
    se_min: float = 0,
    se_max: float = 0,
    timeout: Optional[float] = None,
) -> Tuple[str, str]:
    """A puzzle and its solution: (puzzle, solution).

    With only a seed and a difficulty (a Difficulty, 1-6, or 'easy' to 'extreme') this is
    sudoku_generate: the puzzle ('.' blanks) has exactly one solution, is minimal and rates
    exactly `difficulty`; the same seed (0 to 2**64 - 1) and difficulty give the same
    puzzle on every run and machine.

    With keyword options, or no difficulty (any level; 0 with options means any level
    too), it is sudoku_generate_with: the
    givens are invariant under `symmetry` (a Symmetry, its value or name such as
    'rotate_180'); with `pattern` (81 characters) they are exactly where a character is
    not '.', else the puzzle is minimal under the symmetry; it has `min_givens` to
    `max_givens` givens (0: no bound); the walk of hints uses `technique` (a technique
    code, 0: any); its Sudoku Explainer ER (rate_se(puzzle).er) is at least `se_min` and
    at most `se_max`, ratings such as 7.5 with at most one decimal, 0.0 to 20.0 (0: no
    bound on that side); at most `max_tries` tries (0: the library's default). Raises
    ValueError for an SE bound with more than one decimal, SudokuError with
    SUDOKU_ERR_INVALID_ARGUMENT for options that name nothing or contradict each other
    (an SE bound below 0 or above 20.0, se_min above a nonzero se_max among them),
    SUDOKU_NOT_FOUND when no try met them.

    A search with options can take long (with SE bounds each try is rated): with a
    `timeout` (seconds; sudoku_generate_with_progress) it stops with TimeoutError past it,
    and, timeout or not, a signal handler's exception (KeyboardInterrupt on Ctrl-C) stops
    it, as for count_solutions. A plain generation (a difficulty alone) takes milliseconds and is
    made whole: the timeout bounds only the search with options.
    """
    _seed(seed)
    deadline = _deadline(timeout)
    level = 0 if difficulty is None else _level(difficulty)
    # Every option is checked and put in the library's terms first: whether they are all at
    # their defaults (a plain generation) is then asked of what they mean, not how they
    # are spelled ('none' is Symmetry.NONE).
    if not isinstance(max_tries, int) or isinstance(max_tries, bool):
        raise TypeError("max_tries is an int, not %s" % type(max_tries).__name__)
    if not 0 <= max_tries < 1 << 64:
        raise ValueError("max_tries is between 0 and 2**64 - 1, got %d" % max_tries)
    keep = _board(pattern) if pattern is not None else None
    options = _CGenerateOptions(
        level,
        _int32(symmetry, "symmetry"),
        _int32(min_givens, "min_givens"),
        _int32(max_givens, "max_givens"),
        ctypes.cast(keep, ctypes.c_char_p) if keep is not None else None,
        _se_tenths(se_min, "se_min"),
        _se_tenths(se_max, "se_max"),
        _int32(technique, "technique"),
        max_tries,
    )
    plain = (
        difficulty is not None
        and keep is None
        and (
            options.symmetry,
            options.min_givens,
            options.max_givens,
            options.se_min,
            options.se_max,
            options.technique,
            options.max_tries,
        )
        == (0,) * 7
    )
    puzzle = ctypes.create_string_buffer(CELLS)
    solution = ctypes.create_string_buffer(CELLS)
    if plain:
        _check(_lib.sudoku_generate(seed, level, puzzle, solution))
        return puzzle.raw.decode("ascii"), solution.raw.decode("ascii")

    def call(callback: Any) -> int:
        return int(
            _lib.sudoku_generate_with_progress(
                seed, ctypes.byref(options), puzzle, solution, callback, None
            )
        )

    _check(_stoppable(call, deadline, "the generation took longer than %s seconds" % timeout))
    return puzzle.raw.decode("ascii"), solution.raw.decode("ascii")


def _canonical(puzzle: str) -> Tuple[str, int]:
    board = _board(puzzle)
    form = ctypes.create_string_buffer(CELLS)
    count = ctypes.c_uint32(0)
    _check(_lib.sudoku_canonical(board, form, ctypes.byref(count)))
    return form.raw.decode("ascii"), count.value


def canonical(puzzle: str) -> str:
    """The canonical form of a board ('.' blanks): the smallest of all boards equivalent to
    it under the 3,359,232 geometric transformations and the relabellings of the digits.
    Two boards are equivalent exactly when their forms are equal. Raises SudokuError with
    SUDOKU_ERR_INVALID_CHAR or SUDOKU_ERR_CONFLICT for a bad board."""
    return _canonical(puzzle)[0]


def automorphisms(puzzle: str) -> int:
    """How many of the geometric transformations map the board onto itself, up to a
    relabelling of the digits (1 for most puzzles)."""
    return _canonical(puzzle)[1]


def transform(puzzle: str, seed: int) -> str:
    """A board equivalent to `puzzle`, drawn at random from `seed` (the same puzzle and
    seed give the same board)."""
    board = _board(puzzle)
    out = ctypes.create_string_buffer(CELLS)
    _check(_lib.sudoku_transform(board, _seed(seed), out))
    return out.raw.decode("ascii")


def canonical_batch(puzzles: Any, threads: int = 0) -> Any:
    """The canonical forms of many boards, on `threads` threads (0: one per core).

    Given a sequence of str, returns one BatchResult per board (its form as `solution`
    when the status is 0). Given a numpy array of shape (n, 81) and dtype uint8 (as
    solve_batch takes), replaces each good row by its form in place and returns the
    statuses as a numpy array of n C ints.
    """
    np = sys.modules.get("numpy")
    if np is not None and isinstance(puzzles, np.ndarray):
        return _batch_array(np, puzzles, threads, _lib.sudoku_canonical_batch)
    raws = [_raw(p) for p in puzzles]
    n = len(raws)
    workers = _size(threads, "threads")
    boards = ctypes.create_string_buffer(b"".join(raws), n * CELLS)
    statuses = (ctypes.c_int * n)()
    _check(_lib.sudoku_canonical_batch(boards, n, statuses, workers))
    raw = boards.raw
    return [
        BatchResult(s, raw[i * CELLS : (i + 1) * CELLS].decode("ascii") if s == SUDOKU_OK else None)
        for i, s in enumerate(statuses)
    ]


def dedupe(puzzles: Sequence[str], threads: int = 0) -> List[str]:
    """The puzzles with every equivalent copy after the first dropped, in order (their
    canonical forms computed in one batch on all cores). Raises SudokuError for the first
    bad board."""
    items = list(puzzles)
    seen = set()
    kept = []
    for puzzle, result in zip(items, canonical_batch(items, threads)):
        if result.status != SUDOKU_OK:
            raise SudokuError(result.status, "board %r" % puzzle)
        if result.solution not in seen:
            seen.add(result.solution)
            kept.append(puzzle)
    return kept


def _sukaku(sukaku: str) -> "ctypes.Array[ctypes.c_char]":
    if not isinstance(sukaku, str):
        raise TypeError("a sukaku is a str of 729 characters, not %s" % type(sukaku).__name__)
    if len(sukaku) != 9 * CELLS:
        raise ValueError("a sukaku is exactly 729 characters, got %d" % len(sukaku))
    return ctypes.create_string_buffer(sukaku.encode("latin-1", errors="replace"), 9 * CELLS)


def candidates_from_sukaku(sukaku: str) -> List[int]:
    """The 81 candidate masks (bit d-1 for digit d) of a 729-character pencil-mark puzzle
    (cell by cell, digit by digit: 'd' a candidate, '.' or '0' excluded), in the form hint
    and apply_step take: hint('.' * 81, masks) gives the steps of a pencil-mark puzzle with
    one solution. Raises SudokuError with SUDOKU_ERR_INVALID_CHAR for a bad character,
    SUDOKU_NO_SOLUTION for a cell without candidates."""
    masks = (ctypes.c_uint16 * CELLS)()
    _check(_lib.sudoku_candidates_from_sukaku(_sukaku(sukaku), masks))
    return list(masks)


def count_solutions_sukaku(sukaku: str, limit: int = 2) -> Tuple[int, Optional[str]]:
    """(min(number of solutions, limit), the first solution or None) of a pencil-mark
    puzzle; raises as candidates_from_sukaku."""
    count = ctypes.c_size_t(0)
    solution = ctypes.create_string_buffer(CELLS)
    _check(
        _lib.sudoku_count_solutions_sukaku(
            _sukaku(sukaku), _size(limit, "limit"), ctypes.byref(count), solution
        )
    )
    return count.value, solution.raw.decode("ascii") if count.value > 0 else None


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
        """The C SudokuStep of this step; every field is checked against its C range first
        (TypeError for a value that is no integer, ValueError for masks that are not 81,
        SudokuError with SUDOKU_ERR_INVALID_ARGUMENT for a value out of range), so that
        nothing is truncated on its way to C."""
        technique = _integer(self.technique, "a step's technique")
        if technique_name(technique) == _UNKNOWN_TECHNIQUE:
            raise SudokuError(
                SUDOKU_ERR_INVALID_ARGUMENT,
                "a step's technique is a SUDOKU_TECHNIQUE_* value, got %d" % technique,
            )
        difficulty = _integer(self.difficulty, "a step's difficulty")
        if not 0 <= difficulty <= max(Difficulty):
            raise SudokuError(
                SUDOKU_ERR_INVALID_ARGUMENT,
                "a step's difficulty is 0 to %d, got %d" % (max(Difficulty), difficulty),
            )
        cell = _integer(self.cell, "a step's cell")
        if not -1 <= cell < CELLS:
            raise SudokuError(
                SUDOKU_ERR_INVALID_ARGUMENT, "a step's cell is -1 to 80, got %d" % cell
            )
        digit = _integer(self.digit, "a step's digit")
        if not 0 <= digit <= 9:
            raise SudokuError(
                SUDOKU_ERR_INVALID_ARGUMENT, "a step's digit is 0 to 9, got %d" % digit
            )
        removed = _masks(self.removed, "a step's removed masks")
        pattern = _masks(self.pattern, "a step's pattern masks")
        return _CStep(technique, difficulty, cell, digit, removed, pattern)


_UNKNOWN_TECHNIQUE = "Unknown technique"


def _integer(value: Any, what: str) -> int:
    """An int, or an integer of another type (numpy's, for one), as an int; TypeError for
    anything else, bool included."""
    if isinstance(value, bool):
        raise TypeError("%s is an int, not %s" % (what, type(value).__name__))
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s is an int, not %s" % (what, type(value).__name__)) from None


def technique_name(technique: int) -> str:
    """The name of a SUDOKU_TECHNIQUE_* value ("Hidden Single", "X-Wing", ...), and
    "Unknown technique" for any other integer. Raises TypeError for a value that is no
    integer."""
    technique = _integer(technique, "a technique")
    if not _INT_MIN <= technique <= _INT_MAX:
        return _UNKNOWN_TECHNIQUE
    name: bytes = _lib.sudoku_technique_name(technique)
    return name.decode("ascii")


# The bits of a candidate mask: bit d-1 for digit d.
_ALL_DIGITS = 0x1FF


def _masks(masks: Any, what: str = "candidates") -> "ctypes.Array[ctypes.c_uint16]":
    """81 candidate masks (any sequence of integers: a list, a tuple, a numpy array of
    any integer dtype) as a C array. Raises TypeError for something that is no sequence of
    integers, ValueError unless there are 81 of them, SudokuError with
    SUDOKU_ERR_INVALID_ARGUMENT for a mask outside 0 to 0x1FF (bits 0-8)."""
    if isinstance(masks, (str, bytes, bytearray)):
        raise TypeError("%s are a sequence of 81 int masks, not %s" % (what, type(masks).__name__))
    try:
        values = list(masks)
    except TypeError:
        raise TypeError(
            "%s are a sequence of 81 int masks, not %s" % (what, type(masks).__name__)
        ) from None
    if len(values) != CELLS:
        raise ValueError("%s are 81 masks, got %d" % (what, len(values)))
    out = _Masks()
    for i, value in enumerate(values):
        mask = _integer(value, "a mask")
        if not 0 <= mask <= _ALL_DIGITS:
            raise SudokuError(
                SUDOKU_ERR_INVALID_ARGUMENT,
                "%s: the mask of cell %d is not within 0 to 0x1FF: %d" % (what, i, mask),
            )
        out[i] = mask
    return out


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
    the player's candidates: 81 masks in any sequence of integers, a numpy array of uint16
    for one (None: those of `candidates(puzzle)`).

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
    has, a technique that is no SUDOKU_TECHNIQUE_* value, a difficulty outside 0-6, a mask
    outside 0-0x1FF), or for a bad board or masks; TypeError for a field or mask that is
    no integer. Every value is checked before it reaches C: none is truncated.
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
    line ('#' lines and blank lines skipped, spaces around a line and a UTF-8 byte order
    mark at the start ignored, as the command line does): prints each solution, reports
    each refused puzzle on standard error (a byte that is not ASCII is a bad character
    there, not an error of the whole file). Returns 1 if any puzzle was refused, 2 if the
    file cannot be read, else 0."""
    argv = sys.argv if argv is None else argv
    try:
        source = open(argv[1], "rb") if len(argv) > 1 and argv[1] != "-" else sys.stdin.buffer
        failed = 0
        with source:
            for number, raw in enumerate(source, 1):
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                # Latin-1 maps each byte to one character: a line's length is its bytes',
                # and a byte beyond ASCII is a character the library refuses.
                line = raw.decode("latin-1").strip(" \t\r\n")
                if not line or line.startswith("#"):
                    continue
                try:
                    print(solve(line))
                except (SudokuError, ValueError) as e:
                    print("line %d: %s" % (number, e), file=sys.stderr)
                    failed += 1
    except OSError as e:
        print("libsudoku: %s" % e, file=sys.stderr)
        return 2
    return 1 if failed else 0
