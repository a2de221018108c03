"""Tests of the libsudoku package.

Against the installed package (what CI does, from a directory outside the checkout):
    pip install './python[numpy,test]' && python -m pytest /path/to/python/tests
From the checkout, without installing (the package finds target/release):
    cargo build --release && PYTHONPATH=python/src python3 -m unittest discover -s python/tests
The numpy and Dask tests are skipped when those are not installed.
"""

import doctest
import os
import signal
import subprocess
import sys
import threading
import time
import unittest

try:
    import numpy
except ImportError:  # the numpy tests are skipped, unless CI says numpy must be there
    if os.environ.get("LIBSUDOKU_EXPECT_NUMPY"):
        raise
    numpy = None

import libsudoku as sudoku

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HERE = os.path.dirname(os.path.abspath(__file__))
PUZZLES = os.path.join(HERE, "..", "..", "c_examples", "puzzles.txt")


def is_solution(puzzle, grid):
    """Whether grid is a complete valid grid keeping every given of puzzle."""
    if len(grid) != 81 or any(c not in "123456789" for c in grid):
        return False
    if any(p not in ".0" and p != g for p, g in zip(puzzle, grid)):
        return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
    return all(sorted(grid[i] for i in u) == list("123456789") for u in units)


# Boards with a known number of solutions (the LeetCode example with givens removed;
# tests/toolkit.rs checks these counts against the reference solver).
NO_SOLUTION = "12345678." + "." * 71 + "9"
COUNTED = [
    (NO_SOLUTION, 0),
    (EXAMPLE, 1),
    ("....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 2),
    (".............95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 17),
    ("..............5....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 64),
    ("...................98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 2484),
]
CLASH = "55" + EXAMPLE[2:]
BAD_CHAR = EXAMPLE[:80] + "x"


def bundled_puzzles():
    with open(PUZZLES) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def mixed_puzzles():
    """150 boards: solvable, clashing, with a bad character, without a solution."""
    kinds = [EXAMPLE, CLASH, BAD_CHAR, NO_SOLUTION, "." * 81, COUNTED[3][0]] + bundled_puzzles()
    return [kinds[i * 7 % len(kinds)] for i in range(150)]


class SolveTest(unittest.TestCase):
    def test_leetcode_example(self):
        self.assertEqual(sudoku.solve(EXAMPLE), ANSWER)

    def test_zero_blanks(self):
        self.assertEqual(sudoku.solve(EXAMPLE.replace(".", "0")), ANSWER)

    def test_solved_grid_stays(self):
        self.assertEqual(sudoku.solve(ANSWER), ANSWER)

    def test_empty_grid(self):
        self.assertTrue(is_solution("." * 81, sudoku.solve("." * 81)))

    def test_bundled_puzzles(self):
        puzzles = bundled_puzzles()
        self.assertGreater(len(puzzles), 20)
        for p in puzzles:
            self.assertTrue(is_solution(p, sudoku.solve(p)), p)

    def test_bad_character_raises_with_status_and_message(self):
        for bad in ("x", " ", "\0", "-", "\u00e9", "\u4e00"):
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.solve(EXAMPLE[:40] + bad + EXAMPLE[41:])
            self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_CHAR)
            self.assertIn("invalid character", str(cm.exception))

    def test_conflict_raises(self):
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.solve("55" + EXAMPLE[2:])
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_CONFLICT)
        self.assertIn("conflicting givens", str(cm.exception))

    def test_bad_character_wins_over_conflict(self):
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.solve("55" + EXAMPLE[2:80] + "x")
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_CHAR)

    def test_no_solution_raises(self):
        # Row 0 needs a 9 in its last cell, but box 2 already holds one.
        puzzle = "12345678." + "........9" + "." * 63
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.solve(puzzle)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_NO_SOLUTION)
        self.assertIn("no solution", str(cm.exception))

    def test_wrong_length_and_type(self):
        with self.assertRaises(ValueError):
            sudoku.solve(EXAMPLE[:80])
        with self.assertRaises(ValueError):
            sudoku.solve(EXAMPLE + ".")
        with self.assertRaises(TypeError):
            sudoku.solve(EXAMPLE.encode())

    def test_cpu_path(self):
        self.assertIn(sudoku.cpu_path(), {"portable", "sse4.1", "avx2", "avx512", "neon"})
        # A fresh process with the portable path forced: every CPU runs it.
        script = "import libsudoku; print(libsudoku.cpu_path())"
        env = dict(os.environ, SUDOKU_FORCE_PATH="portable")
        run = subprocess.run(
            [sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, check=True
        )
        self.assertEqual(run.stdout.decode().strip(), "portable")

    def test_version_and_messages(self):
        self.assertRegex(sudoku.version(), r"^\d+\.\d+\.\d+")
        statuses = [
            sudoku.SUDOKU_OK,
            sudoku.SUDOKU_NO_SOLUTION,
            sudoku.SUDOKU_MULTIPLE_SOLUTIONS,
            sudoku.SUDOKU_CANCELLED,
            sudoku.SUDOKU_NOT_FOUND,
            sudoku.SUDOKU_ERR_NULL,
            sudoku.SUDOKU_ERR_INVALID_CHAR,
            sudoku.SUDOKU_ERR_CONFLICT,
            sudoku.SUDOKU_ERR_INVALID_ARGUMENT,
            sudoku.SUDOKU_ERR_NO_MEMORY,
            sudoku.SUDOKU_ERR_INTERNAL,
        ]
        self.assertEqual(statuses, [0, 1, 2, 3, 4, -1, -2, -3, -4, -5, -99])
        messages = [sudoku.status_message(s) for s in statuses + [12345]]
        self.assertEqual(len(set(messages)), len(messages), messages)

    def test_status_names(self):
        names = [sudoku.status_name(s) for s in (0, 1, 2, 3, 4, -1, -2, -3, -4, -5, -99)]
        self.assertEqual(
            names,
            [
                "SUDOKU_OK",
                "SUDOKU_NO_SOLUTION",
                "SUDOKU_MULTIPLE_SOLUTIONS",
                "SUDOKU_CANCELLED",
                "SUDOKU_NOT_FOUND",
                "SUDOKU_ERR_NULL",
                "SUDOKU_ERR_INVALID_CHAR",
                "SUDOKU_ERR_CONFLICT",
                "SUDOKU_ERR_INVALID_ARGUMENT",
                "SUDOKU_ERR_NO_MEMORY",
                "SUDOKU_ERR_INTERNAL",
            ],
        )
        for name in names:
            self.assertEqual(sudoku.status_name(getattr(sudoku, name)), name)
        for unknown in (5, -6, 12345, 2**32, -(2**40)):
            self.assertEqual(sudoku.status_name(unknown), "unknown status code")

    def test_status_values_outside_c_int_are_unknown_not_success(self):
        unknown = sudoku.status_message(12345)
        self.assertEqual(unknown, "unknown status code")
        # ctypes would truncate these to a C int (2**32 to 0, "success"): never asked.
        for value in (2**31, -(2**31) - 1, 2**32, 2**32 + 1, 2**40, -(2**40), 2**64, 10**30):
            self.assertEqual(sudoku.status_message(value), unknown, value)
            self.assertEqual(str(sudoku.SudokuError(value)), unknown, value)
            self.assertEqual(sudoku.SudokuError(value).status, value)
            self.assertNotEqual(sudoku.BatchResult(value, None).message, sudoku.status_message(0))
        self.assertEqual(sudoku.status_message(-(2**31)), unknown)
        self.assertEqual(sudoku.status_message(2**31 - 1), unknown)
        for bad in ("0", 0.0, None, True):
            with self.assertRaises(TypeError):
                sudoku.status_message(bad)

    def test_count_stops_at_its_timeout(self):
        start = time.monotonic()
        with self.assertRaises(TimeoutError):
            sudoku.count_solutions("." * 81, 2**63, timeout=0.2)
        self.assertLess(time.monotonic() - start, 5)
        # A count that ends in time gives its answer; a short one needs no callback.
        self.assertEqual(sudoku.count_solutions("." * 81, 100000, timeout=60), 100000)
        self.assertEqual(sudoku.count_solutions(EXAMPLE, timeout=0), 1)
        for bad in ("1", True, [1]):
            with self.assertRaises(TypeError):
                sudoku.count_solutions(EXAMPLE, 2, timeout=bad)
        for bad in (-1, float("nan")):
            with self.assertRaises(ValueError):
                sudoku.count_solutions(EXAMPLE, 2, timeout=bad)

    # "Easter Monster", a published puzzle serate rates 11.6/11.6/10.8: its rating walks
    # nested forcing chains for about half a second.
    EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

    def test_rate_se_stops_at_its_timeout(self):
        start = time.monotonic()
        with self.assertRaises(TimeoutError):
            sudoku.rate_se(self.EASTER_MONSTER, timeout=0.05)
        self.assertLess(time.monotonic() - start, 5)
        with self.assertRaises(TimeoutError):
            sudoku.rate_se(EXAMPLE, timeout=0)
        # A rating that ends in time is the rating without a timeout.
        self.assertEqual(
            sudoku.rate_se(self.EASTER_MONSTER, timeout=600), sudoku.SeRating(11.6, 11.6, 10.8)
        )
        self.assertEqual(sudoku.rate_se(EXAMPLE, timeout=600), sudoku.rate_se(EXAMPLE))
        self.assertEqual(sudoku.rate_se(ANSWER, timeout=0), sudoku.SeRating(0.0, 0.0, 0.0))
        with self.assertRaises(sudoku.SudokuError) as e:
            sudoku.rate_se("." * 81, timeout=600)
        self.assertEqual(e.exception.status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)
        for bad in ("1", True, [1]):
            with self.assertRaises(TypeError):
                sudoku.rate_se(EXAMPLE, timeout=bad)
        for bad in (-1, float("nan")):
            with self.assertRaises(ValueError):
                sudoku.rate_se(EXAMPLE, timeout=bad)

    def test_rate_se_timeout_in_another_thread(self):
        outcome = []

        def rate():
            try:
                sudoku.rate_se(self.EASTER_MONSTER, timeout=0.05)
            except BaseException as e:
                outcome.append(e)

        worker = threading.Thread(target=rate)
        worker.start()
        worker.join(30)
        self.assertFalse(worker.is_alive())
        self.assertEqual(len(outcome), 1)
        self.assertIsInstance(outcome[0], TimeoutError)

    def setUp(self):
        # A Python started with SIGINT ignored (a background job of a shell without job
        # control) keeps it ignored: the tests of Ctrl-C need Python's own handler.
        self.sigint = signal.signal(signal.SIGINT, signal.default_int_handler)

    def tearDown(self):
        signal.signal(signal.SIGINT, self.sigint)

    def assert_ctrl_c_stops(self, call, after, within=5):
        """A real SIGINT to this process `after` seconds into `call()` (on the main thread)
        makes it raise KeyboardInterrupt promptly (within `within` seconds of the call's
        start), and the handler in place before the call is back."""
        timer = threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        try:
            with self.assertRaises(KeyboardInterrupt):
                call()
        finally:
            timer.cancel()
        self.assertLess(time.monotonic() - start, within)
        self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)

    def test_ctrl_c_stops_a_count_with_keyboard_interrupt(self):
        self.assert_ctrl_c_stops(lambda: sudoku.count_solutions("." * 81, 2**63), 0.3)

    def test_ctrl_c_stops_a_rating_with_a_timeout(self):
        self.assert_ctrl_c_stops(lambda: sudoku.rate_se(self.EASTER_MONSTER, timeout=600), 0.1)

    def test_ctrl_c_stops_a_rating_without_a_timeout(self):
        # The forum's 11.9: its walk takes 3.7 s (Xeon, idle), no step of it 0.3 s.
        hardest = "12.3.....4.5...6...7.....2.6..1..3....453.........8..9...45.1.........8......2..7"
        self.assert_ctrl_c_stops(lambda: sudoku.rate_se(hardest), 0.1, within=2.5)

    def test_ctrl_c_stops_a_generation_with_options_without_a_timeout(self):
        # A technique few puzzles need (SUDOKU_TECHNIQUE_NESTED_FORCING_CHAIN): 20,000 tries
        # take 7 s (Xeon, idle).
        hard_to_meet = 35
        self.assert_ctrl_c_stops(
            lambda: sudoku.generate(1, technique=hard_to_meet, max_tries=20000), 0.3, within=3
        )

    def count_under_signal(self, signum, send):
        """Counts the empty board (without end) while `send` delivers signum to this process
        under a handler that raises: the handler's own exception is what the call raises,
        promptly, each of several times."""

        class Raised(Exception):
            pass

        def handler(number, frame):
            raise Raised(number)

        previous = signal.signal(signum, handler)
        try:
            for _ in range(5):
                start = time.monotonic()
                stop = None
                try:
                    with self.assertRaises(Raised) as cm:
                        stop = send()
                        sudoku.count_solutions("." * 81, 2**63)
                finally:
                    if stop is not None:
                        stop()
                self.assertEqual(cm.exception.args, (signum,))
                self.assertLess(time.monotonic() - start, 5)
        finally:
            signal.signal(signum, previous)

    @unittest.skipUnless(hasattr(signal, "SIGUSR1"), "no SIGUSR1 on this platform")
    def test_an_exception_of_a_signal_handler_stops_a_count_and_propagates(self):
        def kill_later(signum, delay):
            def send():
                timer = threading.Timer(delay, os.kill, (os.getpid(), signum))
                timer.start()
                return timer.cancel

            return send

        def alarm_later():
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            return lambda: signal.setitimer(signal.ITIMER_REAL, 0)

        # Sent soon (perhaps during the count's first part, whose callback runs no Python
        # code) and later.
        for delay in (0.002, 0.05, 0.3):
            self.count_under_signal(signal.SIGUSR1, kill_later(signal.SIGUSR1, delay))
        self.count_under_signal(signal.SIGINT, kill_later(signal.SIGINT, 0.05))
        self.count_under_signal(signal.SIGALRM, alarm_later)
        self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)

    @unittest.skipUnless(hasattr(signal, "setitimer"), "no setitimer on this platform")
    def test_signals_whose_handler_returns_leave_the_count_alone(self):
        seen = []
        previous = signal.signal(signal.SIGALRM, lambda number, frame: seen.append(number))
        signal.setitimer(signal.ITIMER_REAL, 0.005, 0.005)
        try:
            start = time.monotonic()
            got = sudoku.count_solutions("." * 81, 3_000_000)
            elapsed = time.monotonic() - start
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        self.assertEqual(got, 3_000_000)
        if elapsed > 0.1:
            self.assertGreater(len(seen), 0)

    def test_timeout_in_another_thread(self):
        raised = []

        def work():
            try:
                sudoku.count_solutions("." * 81, 2**63, timeout=0.2)
            except BaseException as e:
                raised.append(e)

        start = time.monotonic()
        thread = threading.Thread(target=work)
        thread.start()
        thread.join(30)
        self.assertFalse(thread.is_alive())
        self.assertEqual([type(e) for e in raised], [TimeoutError])
        self.assertLess(time.monotonic() - start, 5)

    def run_python(self, code):
        """Runs code in a fresh interpreter that imports this package as the tests did."""
        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(sudoku.__file__)))
        path = [package_parent] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
        return subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=120,
        )

    def test_interpreter_exit_with_daemon_threads_counting(self):
        # Daemon threads in long counts (in the library, or in their progress callback) when
        # the main thread returns; an atexit hook registered before the package, which runs
        # after the package's own, still counts on the exiting thread.
        code = """
import atexit, threading, time
atexit.register(lambda: print("at exit:", libsudoku.count_solutions("." * 81, 200000)))
import libsudoku
for n in range(%d):
    threading.Thread(
        target=libsudoku.count_solutions, args=("." * 81, 2**63, 3600), daemon=True
    ).start()
time.sleep(%r)
print("main done")
"""
        for threads, sleep in ((1, 0.3), (3, 0.05), (2, 0.0)):
            run = self.run_python(code % (threads, sleep))
            err = run.stderr.decode(errors="replace")
            self.assertEqual(run.returncode, 0, err)
            self.assertNotIn("FATAL", err)
            self.assertEqual(err, "")
            self.assertEqual(run.stdout.decode().split(), ["main", "done", "at", "exit:", "200000"])

    def test_error_is_a_value_error(self):
        self.assertTrue(issubclass(sudoku.SudokuError, ValueError))
        with self.assertRaises(ValueError):
            sudoku.solve("55" + EXAMPLE[2:])

    def test_doctests(self):
        failures, tried = doctest.testmod(sudoku)
        self.assertGreater(tried, 5)
        self.assertEqual(failures, 0)

    def test_threads(self):
        puzzles = bundled_puzzles()
        errors = []

        def work():
            for _ in range(20):
                for p in puzzles:
                    if not is_solution(p, sudoku.solve(p)):
                        errors.append(p)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


class CountTest(unittest.TestCase):
    def test_counts_match_known_values_at_every_limit(self):
        for board, known in COUNTED:
            for limit in (0, 1, 2, 3, 100, 10**6):
                self.assertEqual(sudoku.count_solutions(board, limit), min(known, limit), (board, limit))
            self.assertEqual(sudoku.count_solutions(board), min(known, 2))
            self.assertEqual(sudoku.is_unique(board), known == 1)

    def test_empty_board_counts_up_to_the_limit(self):
        self.assertEqual(sudoku.count_solutions("." * 81, 500), 500)
        self.assertEqual(sudoku.count_solutions("0" * 81, 2), 2)
        self.assertFalse(sudoku.is_unique("." * 81))

    def test_bundled_puzzles(self):
        # The file's last puzzle is the one with several solutions.
        puzzles = bundled_puzzles()
        self.assertEqual([sudoku.is_unique(p) for p in puzzles], [True] * (len(puzzles) - 1) + [False])

    def test_errors_carry_the_status_of_the_first_fault(self):
        for board, status in (
            (BAD_CHAR, sudoku.SUDOKU_ERR_INVALID_CHAR),
            (CLASH, sudoku.SUDOKU_ERR_CONFLICT),
            (CLASH[:80] + "x", sudoku.SUDOKU_ERR_INVALID_CHAR),
        ):
            for call in (lambda: sudoku.count_solutions(board, 2), lambda: sudoku.is_unique(board)):
                with self.assertRaises(sudoku.SudokuError) as cm:
                    call()
                self.assertEqual(cm.exception.status, status)
                self.assertEqual(str(cm.exception), sudoku.status_message(status))

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            sudoku.count_solutions(EXAMPLE[:80], 2)
        with self.assertRaises(ValueError):
            sudoku.count_solutions(EXAMPLE, -1)
        with self.assertRaises(TypeError):
            sudoku.count_solutions(EXAMPLE, 2.0)
        with self.assertRaises(TypeError):
            sudoku.is_unique(EXAMPLE.encode())


class RateTest(unittest.TestCase):
    def test_levels(self):
        self.assertEqual([int(d) for d in sudoku.Difficulty], [1, 2, 3, 4, 5, 6])
        labels = ["easy", "medium", "hard", "expert", "master", "extreme"]
        self.assertEqual([d.label for d in sudoku.Difficulty], labels)
        self.assertIs(sudoku.rate(EXAMPLE), sudoku.Difficulty.EASY)
        self.assertIs(sudoku.rate(EXAMPLE.replace(".", "0")), sudoku.Difficulty.EASY)

    def test_statuses(self):
        for board, status in (
            (NO_SOLUTION, sudoku.SUDOKU_NO_SOLUTION),
            ("." * 81, sudoku.SUDOKU_MULTIPLE_SOLUTIONS),
            (COUNTED[2][0], sudoku.SUDOKU_MULTIPLE_SOLUTIONS),
            (CLASH, sudoku.SUDOKU_ERR_CONFLICT),
            (BAD_CHAR, sudoku.SUDOKU_ERR_INVALID_CHAR),
        ):
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.rate(board)
            self.assertEqual(cm.exception.status, status, board)
            self.assertEqual(str(cm.exception), sudoku.status_message(status))
        self.assertIn("multiple solutions", sudoku.status_message(sudoku.SUDOKU_MULTIPLE_SOLUTIONS))


class RateSeTest(unittest.TestCase):
    def test_ratings_are_floats_in_order(self):
        for board in (EXAMPLE, EXAMPLE.replace(".", "0")):
            rating = sudoku.rate_se(board)
            self.assertIsInstance(rating, sudoku.SeRating)
            self.assertEqual(rating._fields, ("er", "ep", "ed"))
            for value in rating:
                self.assertIsInstance(value, float)
                # One decimal: tenths of the C struct divided by ten.
                self.assertEqual(value, round(value * 10) / 10)
            self.assertTrue(0 <= rating.ed <= rating.ep <= rating.er, rating)
            er, ep, ed = rating
            self.assertEqual((er, ep, ed), (rating.er, rating.ep, rating.ed))
        self.assertEqual(sudoku.rate_se(ANSWER), sudoku.SeRating(0.0, 0.0, 0.0))

    def test_statuses_are_those_of_rate(self):
        for board, status in (
            (NO_SOLUTION, sudoku.SUDOKU_NO_SOLUTION),
            ("." * 81, sudoku.SUDOKU_MULTIPLE_SOLUTIONS),
            (COUNTED[2][0], sudoku.SUDOKU_MULTIPLE_SOLUTIONS),
            (CLASH, sudoku.SUDOKU_ERR_CONFLICT),
            (BAD_CHAR, sudoku.SUDOKU_ERR_INVALID_CHAR),
        ):
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.rate_se(board)
            self.assertEqual(cm.exception.status, status, board)
            self.assertEqual(str(cm.exception), sudoku.status_message(status))
        with self.assertRaises(ValueError):
            sudoku.rate_se(EXAMPLE[:80])
        with self.assertRaises(TypeError):
            sudoku.rate_se(EXAMPLE.encode())


class GenerateTest(unittest.TestCase):
    def test_generated_puzzles_are_proper_minimal_and_rated_as_asked(self):
        for level in sudoku.Difficulty:
            for seed in (0, 1, 2**64 - 1):
                puzzle, solution = sudoku.generate(seed, level)
                self.assertEqual(len(puzzle), 81)
                self.assertTrue(set(puzzle) <= set(".123456789"), puzzle)
                self.assertTrue(is_solution(puzzle, solution))
                self.assertTrue(sudoku.is_unique(puzzle))
                self.assertEqual(sudoku.solve(puzzle), solution)
                self.assertIs(sudoku.rate(puzzle), level)
                for i, c in enumerate(puzzle):
                    if c != ".":
                        fewer = puzzle[:i] + "." + puzzle[i + 1 :]
                        self.assertEqual(sudoku.count_solutions(fewer, 2), 2, (puzzle, i))

    def test_deterministic_and_seeded(self):
        for level in sudoku.Difficulty:
            first = sudoku.generate(7, level)
            self.assertEqual(sudoku.generate(7, level), first)
            self.assertEqual(sudoku.generate(7, int(level)), first)
            self.assertEqual(sudoku.generate(7, level.label), first)
            self.assertEqual(sudoku.generate(7, level.label.upper()), first)
            self.assertNotEqual(sudoku.generate(8, level)[0], first[0])
        puzzles = {sudoku.generate(seed, "medium")[0] for seed in range(20)}
        self.assertEqual(len(puzzles), 20)

    def test_bad_difficulty_is_invalid_argument(self):
        for bad in (0, 7, -1, 2**31 - 1, -(2**31), 2**31, 10**30, "insane", ""):
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.generate(1, bad)
            self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_ARGUMENT, bad)
            self.assertIn("out of range", str(cm.exception))
        with self.assertRaises(TypeError):
            sudoku.generate(1, 2.0)

    def test_bad_seed(self):
        for bad in (-1, 2**64):
            with self.assertRaises(ValueError):
                sudoku.generate(bad, "easy")
        with self.assertRaises(TypeError):
            sudoku.generate("1", "easy")

    def test_threads_generate_what_one_thread_does(self):
        want = [sudoku.generate(seed, "hard") for seed in range(8)]
        got = [None] * 8

        def work(k):
            got[k] = sudoku.generate(k, "hard")

        threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(got, want)


class BatchTest(unittest.TestCase):
    def mixed(self):
        return mixed_puzzles()

    def test_batch_equals_single_calls(self):
        puzzles = self.mixed()
        want = []
        for p in puzzles:
            try:
                want.append((sudoku.SUDOKU_OK, sudoku.solve(p)))
            except sudoku.SudokuError as e:
                want.append((e.status, None))
        statuses = {s for s, _ in want}
        self.assertEqual(
            statuses,
            {0, sudoku.SUDOKU_ERR_CONFLICT, sudoku.SUDOKU_ERR_INVALID_CHAR, sudoku.SUDOKU_NO_SOLUTION},
        )
        for threads in (1, 2, 0, 5):
            got = sudoku.solve_batch(puzzles, threads=threads)
            self.assertEqual([tuple(r) for r in got], want, threads)
        results = sudoku.solve_batch(puzzles)
        self.assertTrue(results[puzzles.index(EXAMPLE)].ok)
        self.assertEqual(results[puzzles.index(EXAMPLE)].solution, ANSWER)
        clash = results[puzzles.index(CLASH)]
        self.assertFalse(clash.ok)
        self.assertIsNone(clash.solution)
        self.assertIn("conflicting givens", clash.message)

    def test_empty_batch(self):
        self.assertEqual(sudoku.solve_batch([]), [])
        self.assertEqual(sudoku.solve_batch((), threads=4), [])

    def test_bad_items_raise_before_solving(self):
        with self.assertRaises(ValueError):
            sudoku.solve_batch([EXAMPLE, EXAMPLE[:80]])
        with self.assertRaises(TypeError):
            sudoku.solve_batch([EXAMPLE, EXAMPLE.encode()])
        with self.assertRaises(ValueError):
            sudoku.solve_batch([EXAMPLE], threads=-1)


class PackageTest(unittest.TestCase):
    def test_library_location(self):
        package_dir = os.path.dirname(os.path.abspath(sudoku.__file__))
        path = sudoku.library_path()
        self.assertTrue(os.path.isfile(path), path)
        if os.environ.get("SUDOKU_LIB"):
            self.assertEqual(path, os.environ["SUDOKU_LIB"])
        elif os.environ.get("LIBSUDOKU_EXPECT_INSTALLED"):
            # CI sets this when it tests a pip-installed package: the library is the one
            # inside the package directory, and nothing comes from a checkout.
            self.assertEqual(os.path.dirname(os.path.abspath(path)), package_dir)
            self.assertTrue(os.path.basename(path).startswith("_libsudoku."), path)
            root = os.path.dirname(os.path.dirname(os.path.dirname(package_dir)))
            self.assertFalse(os.path.exists(os.path.join(root, "Cargo.toml")), root)
        self.assertTrue(os.path.isfile(os.path.join(package_dir, "py.typed")))

    def test_the_module_solves_a_file_and_reports_each_refused_line(self):
        import contextlib
        import io
        import tempfile

        lines = [
            b"\xef\xbb\xbf" + EXAMPLE.encode(),  # a byte order mark first
            b"\xff\xfe",  # not text
            b"# a comment",
            b"",
            b"  " + EXAMPLE.encode() + b"\t\r",
            b"5\xe9" + EXAMPLE[2:].encode(),  # 81 bytes, one beyond ASCII
            b"55" + EXAMPLE[2:].encode(),
        ]
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "puzzles.txt")
            with open(path, "wb") as f:
                f.write(b"\n".join(lines) + b"\n")
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = sudoku.main(["libsudoku", path])
            self.assertEqual(status, 1)
            self.assertEqual(out.getvalue(), ANSWER + "\n" + ANSWER + "\n")
            refused = err.getvalue().splitlines()
            self.assertEqual([r.split(":")[0] for r in refused], ["line 2", "line 6", "line 7"])
            self.assertIn("81 characters", refused[0])
            self.assertIn(sudoku.status_message(sudoku.SUDOKU_ERR_INVALID_CHAR), refused[1])
            self.assertIn(sudoku.status_message(sudoku.SUDOKU_ERR_CONFLICT), refused[2])
            for unreadable in (os.path.join(folder, "absent.txt"), folder):
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    self.assertEqual(sudoku.main(["libsudoku", unreadable]), 2)
                self.assertTrue(err.getvalue().startswith("libsudoku: "), err.getvalue())

    def test_version_matches_the_distribution(self):
        try:
            from importlib.metadata import PackageNotFoundError, version
        except ImportError:  # Python 3.7
            self.skipTest("importlib.metadata is Python 3.8+")
        try:
            installed = version("libsudoku")
        except PackageNotFoundError:
            if os.environ.get("LIBSUDOKU_EXPECT_INSTALLED"):
                raise
            self.skipTest("the package is used from the checkout, not installed")
        self.assertEqual(sudoku.version(), installed)


def as_array(puzzles):
    """A fresh (n, 81) uint8 array of the ASCII bytes of the puzzles."""
    raw = "".join(puzzles).encode("latin-1", errors="replace")
    return numpy.frombuffer(raw, dtype=numpy.uint8).reshape(len(puzzles), 81).copy()


@unittest.skipIf(numpy is None, "numpy is not installed")
class NumpyBatchTest(unittest.TestCase):
    def puzzles(self):
        return mixed_puzzles()

    def test_solves_in_place_as_the_list_call_does(self):
        puzzles = self.puzzles()
        want = sudoku.solve_batch(puzzles)
        for threads in (1, 2, 0):
            boards = as_array(puzzles)
            address = boards.ctypes.data
            statuses = sudoku.solve_batch(boards, threads=threads)
            self.assertIsInstance(statuses, numpy.ndarray)
            self.assertEqual(statuses.dtype, numpy.intc)
            self.assertEqual(statuses.shape, (len(puzzles),))
            self.assertEqual(statuses.tolist(), [r.status for r in want])
            self.assertEqual(boards.ctypes.data, address)
            for row, puzzle, result in zip(boards, puzzles, want):
                text = row.tobytes().decode("latin-1")
                self.assertEqual(text, result.solution if result.ok else puzzle)

    def test_no_copy_rows_of_a_bigger_array(self):
        # A C-contiguous slice of rows is a view: solving it writes the parent's rows.
        puzzles = [EXAMPLE, CLASH, EXAMPLE, EXAMPLE]
        parent = as_array(puzzles)
        statuses = sudoku.solve_batch(parent[1:3])
        self.assertEqual(statuses.tolist(), [sudoku.SUDOKU_ERR_CONFLICT, 0])
        rows = [r.tobytes().decode("ascii") for r in parent]
        self.assertEqual(rows, [EXAMPLE, CLASH, ANSWER, EXAMPLE])

    def test_empty(self):
        statuses = sudoku.solve_batch(numpy.zeros((0, 81), dtype=numpy.uint8))
        self.assertEqual(statuses.shape, (0,))

    def assert_refused(self, boards, error, **kwargs):
        before = boards.copy()
        with self.assertRaises(error):
            sudoku.solve_batch(boards, **kwargs)
        self.assertTrue(numpy.array_equal(boards, before))

    def test_wrong_dtype_is_a_type_error(self):
        good = as_array([EXAMPLE, EXAMPLE])
        for dtype in (numpy.int8, numpy.uint16, numpy.int32, numpy.float64):
            self.assert_refused(good.astype(dtype), TypeError)
        self.assert_refused(numpy.array([[EXAMPLE]]), TypeError)

    def test_wrong_shape_is_a_value_error(self):
        flat = as_array([EXAMPLE, EXAMPLE])
        for shape in ((162,), (2, 9, 9), (1, 162), (18, 9), (1, 2, 81)):
            self.assert_refused(flat.reshape(shape), ValueError)
        self.assert_refused(as_array([EXAMPLE])[:, :80].copy(), ValueError)
        self.assert_refused(numpy.zeros((2, 82), dtype=numpy.uint8), ValueError)

    def test_non_contiguous_is_a_value_error_and_nothing_is_written(self):
        parent = as_array([EXAMPLE, CLASH, EXAMPLE, CLASH])
        snapshot = parent.copy()
        for view in (parent[::2], numpy.asfortranarray(parent), parent[:, ::-1]):
            with self.assertRaises(ValueError):
                sudoku.solve_batch(view)
            self.assertTrue(numpy.array_equal(parent, snapshot))
        wide = numpy.zeros((2, 100), dtype=numpy.uint8)
        wide[:, :81] = as_array([EXAMPLE, EXAMPLE])
        self.assert_refused(wide[:, :81], ValueError)

    def test_read_only_is_a_value_error(self):
        boards = as_array([EXAMPLE, EXAMPLE])
        boards.setflags(write=False)
        self.assert_refused(boards, ValueError)
        raw = numpy.frombuffer((EXAMPLE * 2).encode(), dtype=numpy.uint8).reshape(2, 81)
        self.assert_refused(raw, ValueError)

    def test_bad_threads_writes_nothing(self):
        boards = as_array([EXAMPLE])
        self.assert_refused(boards, ValueError, threads=-1)
        self.assert_refused(boards, TypeError, threads=1.0)


class HintTest(unittest.TestCase):
    """candidates, hint, apply_step and Step: walks checked against the solution."""

    def walk(self, puzzle):
        answer = sudoku.solve(puzzle)
        board, cands = puzzle, sudoku.candidates(puzzle)
        hardest = 0
        for _ in range(81 * 9):
            step = sudoku.hint(board, cands)
            if step.technique == 0:
                break
            self.assertEqual(step.name, sudoku.technique_name(step.technique))
            self.assertIsInstance(step.level, sudoku.Difficulty)
            if step.cell >= 0:
                self.assertEqual(str(step.digit), answer[step.cell])
            for c in range(81):
                self.assertEqual(step.removed[c] & ~cands[c], 0)
                self.assertEqual(step.removed[c] >> (int(answer[c]) - 1) & 1, 0)
            hardest = max(hardest, step.difficulty)
            board, cands = sudoku.apply_step(board, cands, step)
        self.assertEqual(board, answer)
        self.assertEqual(sudoku.rate(puzzle), hardest)

    def test_walks_are_true_and_agree_with_rate(self):
        self.walk(EXAMPLE)
        for level in ("expert", "master", "extreme"):
            puzzle, _ = sudoku.generate(7, level)
            self.walk(puzzle)

    def test_candidates(self):
        cands = sudoku.candidates(EXAMPLE)
        self.assertEqual(len(cands), 81)
        self.assertEqual(cands[0], 1 << 4)
        self.assertEqual(cands[2], 0b1011)
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.candidates(CLASH)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_CONFLICT)

    def test_hint_statuses(self):
        first = sudoku.hint(EXAMPLE)
        self.assertEqual(first, sudoku.hint(EXAMPLE, sudoku.candidates(EXAMPLE)))
        self.assertEqual(sudoku.hint(ANSWER).technique, 0)
        self.assertEqual(sudoku.hint(ANSWER).name, "None")
        self.assertIsNone(sudoku.hint(ANSWER).level)
        cases = [
            ("." * 81, None, sudoku.SUDOKU_MULTIPLE_SOLUTIONS),
            (NO_SOLUTION, None, sudoku.SUDOKU_NO_SOLUTION),
            (CLASH, None, sudoku.SUDOKU_ERR_CONFLICT),
            (BAD_CHAR, None, sudoku.SUDOKU_ERR_INVALID_CHAR),
        ]
        lost = sudoku.candidates(EXAMPLE)
        lost[2] &= ~(1 << 3)  # the solution's 4
        cases.append((EXAMPLE, lost, sudoku.SUDOKU_NO_SOLUTION))
        wrong = sudoku.candidates(EXAMPLE)
        wrong[0] = 0x1FF  # a given whose mask is not its digit's bit
        cases.append((EXAMPLE, wrong, sudoku.SUDOKU_ERR_INVALID_ARGUMENT))
        for puzzle, cands, status in cases:
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.hint(puzzle, cands)
            self.assertEqual(cm.exception.status, status, puzzle)
        with self.assertRaises(ValueError):
            sudoku.hint(EXAMPLE, [0] * 80)

    def test_apply_step_refuses_what_does_not_fit(self):
        cands = sudoku.candidates(EXAMPLE)
        step = sudoku.hint(EXAMPLE)
        for bad in (step._replace(cell=81), step._replace(cell=0, digit=5), step._replace(digit=10)):
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.apply_step(EXAMPLE, cands, bad)
            self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_ARGUMENT)
        board, after = sudoku.apply_step(EXAMPLE, cands, step)
        self.assertEqual(board[step.cell], str(step.digit))
        self.assertEqual(after[step.cell], 1 << (step.digit - 1))
        self.assertEqual(sudoku.technique_name(12), "X-Wing")
        self.assertEqual(sudoku.technique_name(-5), "Unknown technique")
        self.assertEqual(sudoku.technique_name(2**40), "Unknown technique")

    def test_apply_step_checks_every_field_before_c(self):
        # ctypes would truncate these to 32 or 16 bits (cell + 2**32 to the cell itself,
        # 0x10001 to 0x0001, 2**40 to 0): each is refused, with nothing applied.
        cands = sudoku.candidates(EXAMPLE)
        step = sudoku.hint(EXAMPLE)
        self.assertGreaterEqual(step.cell, 0)
        removing = step._replace(cell=-1, digit=0)
        some = next(c for c in range(81) if EXAMPLE[c] == "." and cands[c] & (cands[c] - 1))
        lowest = cands[some] & -cands[some]
        removed = [0] * 81
        removed[some] = lowest
        removing = removing._replace(removed=tuple(removed))
        self.assertEqual(sudoku.apply_step(EXAMPLE, cands, removing)[1][some], cands[some] & ~lowest)

        def masks_with(value):
            masks = [0] * 81
            masks[some] = value
            return tuple(masks)

        out_of_range = [
            step._replace(cell=step.cell + 2**32),
            step._replace(cell=step.cell - 2**32),
            step._replace(cell=-2),
            step._replace(cell=2**31),
            step._replace(digit=step.digit + 2**32),
            step._replace(digit=-1),
            step._replace(technique=2**40),
            step._replace(technique=2**32 + step.technique),
            step._replace(technique=-1),
            step._replace(technique=36),
            step._replace(difficulty=7),
            step._replace(difficulty=-1),
            step._replace(difficulty=2**32 + 1),
            removing._replace(removed=masks_with(lowest | 0x10000)),
            removing._replace(removed=masks_with(0x200)),
            removing._replace(removed=masks_with(-1)),
            step._replace(pattern=masks_with(0x10000)),
            step._replace(pattern=masks_with(0x200)),
        ]
        for bad in out_of_range:
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.apply_step(EXAMPLE, cands, bad)
            self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_ARGUMENT, bad)
            self.assertIn("a step's", str(cm.exception))
        not_integers = [
            step._replace(cell=float(step.cell)),
            step._replace(digit=str(step.digit)),
            step._replace(technique=None),
            step._replace(difficulty=True),
            step._replace(removed=masks_with(1.0)),
            step._replace(pattern="." * 81),
            step._replace(removed=5),
        ]
        for bad in not_integers:
            with self.assertRaises(TypeError):
                sudoku.apply_step(EXAMPLE, cands, bad)
        for bad in (step._replace(removed=(0,) * 80), step._replace(pattern=(0,) * 82)):
            with self.assertRaises(ValueError):
                sudoku.apply_step(EXAMPLE, cands, bad)
        # In range, the step is applied exactly once, as given.
        board, after = sudoku.apply_step(EXAMPLE, cands, step)
        self.assertEqual(board, EXAMPLE[: step.cell] + str(step.digit) + EXAMPLE[step.cell + 1 :])

    def test_candidate_masks_are_checked_not_truncated(self):
        cands = sudoku.candidates(EXAMPLE)
        step = sudoku.hint(EXAMPLE, cands)
        blank = EXAMPLE.index(".")
        for value in (cands[blank] | 0x10000, 0x10000, 0x200, -1, 2**64):
            bad = list(cands)
            bad[blank] = value
            for call in (lambda: sudoku.hint(EXAMPLE, bad), lambda: sudoku.apply_step(EXAMPLE, bad, step)):
                with self.assertRaises(sudoku.SudokuError) as cm:
                    call()
                self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_ARGUMENT, value)
        for bad in ([1.0] * 81, [None] * 81, "1" * 81, 81):
            with self.assertRaises(TypeError):
                sudoku.hint(EXAMPLE, bad)
        # Any sequence of integers will do.
        self.assertEqual(sudoku.hint(EXAMPLE, tuple(cands)), step)
        self.assertEqual(sudoku.hint(EXAMPLE, iter(cands)), step)

    def test_technique_name_takes_integers_only(self):
        for bad in (1.5, "3", None, True, 12.0):
            with self.assertRaises(TypeError):
                sudoku.technique_name(bad)
        self.assertEqual(sudoku.technique_name(0), "None")
        self.assertEqual(sudoku.technique_name(-(2**40)), "Unknown technique")


@unittest.skipIf(numpy is None, "numpy is not installed")
class NumpyHintTest(unittest.TestCase):
    def test_numpy_candidate_arrays(self):
        cands = sudoku.candidates(EXAMPLE)
        want = sudoku.hint(EXAMPLE, cands)
        for dtype in (numpy.uint16, numpy.int32, numpy.int64, numpy.uint64):
            array = numpy.array(cands, dtype=dtype)
            self.assertEqual(sudoku.hint(EXAMPLE, array), want, dtype)
            self.assertEqual(
                sudoku.apply_step(EXAMPLE, array, want), sudoku.apply_step(EXAMPLE, cands, want)
            )
        # A step with numpy integers in its fields is the same step.
        numpy_step = want._replace(
            cell=numpy.int32(want.cell),
            digit=numpy.uint8(want.digit),
            removed=numpy.array(want.removed, dtype=numpy.uint16),
        )
        self.assertEqual(
            sudoku.apply_step(EXAMPLE, cands, numpy_step), sudoku.apply_step(EXAMPLE, cands, want)
        )
        self.assertEqual(sudoku.technique_name(numpy.int64(12)), "X-Wing")
        wide = numpy.array(cands, dtype=numpy.int64)
        wide[EXAMPLE.index(".")] |= 1 << 40
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.hint(EXAMPLE, wide)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_ARGUMENT)
        for bad in (numpy.array(cands, dtype=numpy.float64), numpy.array(cands, dtype=bool)):
            with self.assertRaises(TypeError):
                sudoku.hint(EXAMPLE, bad)
        with self.assertRaises(ValueError):
            sudoku.hint(EXAMPLE, numpy.array(cands, dtype=numpy.uint16).reshape(9, 9))


def givens(puzzle):
    return [i for i, c in enumerate(puzzle) if c not in ".0"]


class PuzzleMakerTest(unittest.TestCase):
    def test_symmetric_generation_with_keyword_options(self):
        for symmetry in sudoku.Symmetry:
            puzzle, solution = sudoku.generate(3, symmetry=symmetry)
            self.assertTrue(is_solution(puzzle, solution))
            self.assertTrue(sudoku.is_unique(puzzle))
            cells = set(givens(puzzle))
            if symmetry == sudoku.Symmetry.ROTATE_180:
                self.assertEqual(cells, {80 - i for i in cells})
            if symmetry == sudoku.Symmetry.MIRROR_LEFT_RIGHT:
                self.assertEqual(cells, {i - i % 9 + 8 - i % 9 for i in cells})
            self.assertEqual(sudoku.generate(3, symmetry=symmetry), (puzzle, solution))
        puzzle, _ = sudoku.generate(5, "medium", symmetry="rotate_180")
        self.assertEqual(sudoku.rate(puzzle), sudoku.Difficulty.MEDIUM)
        # Without options, generate is sudoku_generate, as before.
        self.assertEqual(sudoku.rate(sudoku.generate(42, "hard")[0]), sudoku.Difficulty.HARD)

    def test_a_search_with_options_stops_at_its_timeout(self):
        start = time.monotonic()
        with self.assertRaises(TimeoutError):
            # ER 11.0 or more: a try in many thousands, each rated on the SE scale.
            sudoku.generate(1, se_min=11.0, max_tries=10**9, timeout=0.2)
        self.assertLess(time.monotonic() - start, 5)
        with self.assertRaises(TimeoutError):
            sudoku.generate(1, symmetry="rotate_180", timeout=0)
        # A search that ends in time makes the puzzle it makes without a timeout.
        options = dict(symmetry=sudoku.Symmetry.ROTATE_180, se_min=2.0, se_max=4.0)
        self.assertEqual(
            sudoku.generate(7, **options, timeout=600), sudoku.generate(7, **options)
        )
        # A plain generation is made whole, as without a timeout.
        self.assertEqual(sudoku.generate(7, "hard", timeout=0), sudoku.generate(7, "hard"))
        with self.assertRaises(sudoku.SudokuError) as e:
            sudoku.generate(1, min_givens=17, max_givens=17, max_tries=1, timeout=600)
        self.assertEqual(e.exception.status, sudoku.SUDOKU_NOT_FOUND)
        for bad in ("1", True):
            with self.assertRaises(TypeError):
                sudoku.generate(1, symmetry=1, timeout=bad)
        with self.assertRaises(ValueError):
            sudoku.generate(1, "easy", timeout=-1)

    def test_pattern_and_status_rules(self):
        base, _ = sudoku.generate(8, symmetry=sudoku.Symmetry.ROTATE_180)
        pattern = "".join("x" if c != "." or i % 7 == 0 or (80 - i) % 7 == 0 else "." for i, c in enumerate(base))
        puzzle, solution = sudoku.generate(1, pattern=pattern, max_tries=50000)
        self.assertEqual(givens(puzzle), [i for i, c in enumerate(pattern) if c != "."])
        self.assertTrue(sudoku.is_unique(puzzle))
        for bad in (
            dict(symmetry=10),
            dict(min_givens=30, max_givens=25),
            dict(se_min=-0.1),
            dict(se_max=20.1),
            dict(se_min=7.5, se_max=7.0),
            dict(technique=99),
            dict(difficulty=1, technique=4),
        ):
            with self.assertRaises(sudoku.SudokuError) as cm:
                sudoku.generate(1, **bad)
            self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_INVALID_ARGUMENT, bad)
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.generate(1, max_givens=17, max_tries=1)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_NOT_FOUND)

    def test_options_at_their_defaults_are_a_plain_generation(self):
        # However a default is spelled: the plain sudoku_generate, the same puzzle.
        for level in ("easy", "hard"):
            plain = sudoku.generate(3, level)
            for options in (
                {"symmetry": "none"},
                {"symmetry": "NONE"},
                {"symmetry": sudoku.Symmetry.NONE},
                {"symmetry": 0, "min_givens": 0, "max_tries": 0, "se_min": 0.0, "se_max": 0},
            ):
                self.assertEqual(sudoku.generate(3, level, **options), plain, options)
        # Every option is checked, defaults included, whichever way the call goes.
        for options in ({"max_tries": 0.0}, {"max_tries": True}, {"min_givens": 0.0}, {"technique": None}):
            with self.assertRaises(TypeError):
                sudoku.generate(1, "easy", **options)
        with self.assertRaises(ValueError):
            sudoku.generate(1, "easy", max_tries=-1)
        with self.assertRaises(ValueError):
            sudoku.generate(1, max_tries=1 << 64)

    def test_se_range(self):
        for low, high in ((2.0, 3.0), (1.5, 0), (0, 2.5)):
            puzzle, solution = sudoku.generate(4, se_min=low, se_max=high)
            self.assertTrue(is_solution(puzzle, solution))
            self.assertTrue(sudoku.is_unique(puzzle))
            er = sudoku.rate_se(puzzle).er
            self.assertGreaterEqual(er, low)
            if high:
                self.assertLessEqual(er, high)
            self.assertEqual(sudoku.generate(4, se_min=low, se_max=high), (puzzle, solution))
        puzzle, _ = sudoku.generate(2, "medium", se_min=2, se_max=3.2)
        self.assertEqual(sudoku.rate(puzzle), sudoku.Difficulty.MEDIUM)
        self.assertTrue(2.0 <= sudoku.rate_se(puzzle).er <= 3.2)
        with self.assertRaises(ValueError):
            sudoku.generate(1, se_min=7.25)
        with self.assertRaises(ValueError):
            sudoku.generate(1, se_min=7.3000000001)
        with self.assertRaises(TypeError):
            sudoku.generate(1, se_min="7.5")
        # A bound with one decimal whose float is not exact is taken.
        self.assertEqual(sudoku._se_tenths(0.1 * 3, "se_min"), 3)
        self.assertEqual(sudoku._se_tenths(7.3, "se_min"), 73)
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.generate(1, se_min=19.9, max_tries=2)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_NOT_FOUND)

    def test_canonical_transform_and_dedupe(self):
        form = sudoku.canonical(EXAMPLE)
        self.assertEqual(sudoku.canonical(form), form)
        self.assertGreaterEqual(sudoku.automorphisms(EXAMPLE), 1)
        copies = [sudoku.transform(EXAMPLE, seed) for seed in range(20)]
        for copy in copies:
            self.assertEqual(sudoku.canonical(copy), form)
            self.assertEqual(sudoku.count_solutions(copy), 1)
        self.assertEqual(sudoku.transform(EXAMPLE, 7), copies[7])
        other = sudoku.generate(2, "easy")[0]
        batch = [EXAMPLE, other] + copies + [sudoku.transform(other, 1)]
        self.assertEqual(sudoku.dedupe(batch), [EXAMPLE, other])
        self.assertEqual(sudoku.dedupe(batch, threads=1), [EXAMPLE, other])
        results = sudoku.canonical_batch([EXAMPLE, "x" * 81])
        self.assertEqual(results[0], (0, form))
        self.assertEqual(results[1].status, sudoku.SUDOKU_ERR_INVALID_CHAR)
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.canonical("55" + "." * 79)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_ERR_CONFLICT)
        with self.assertRaises(sudoku.SudokuError):
            sudoku.dedupe([EXAMPLE, "x" * 81])

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy_canonical_batch(self):
        boards = numpy.frombuffer((EXAMPLE + sudoku.transform(EXAMPLE, 3)).encode(), dtype=numpy.uint8).reshape(2, 81).copy()
        statuses = sudoku.canonical_batch(boards)
        self.assertEqual(list(statuses), [0, 0])
        form = sudoku.canonical(EXAMPLE).encode()
        self.assertEqual(boards[0].tobytes(), form)
        self.assertEqual(boards[1].tobytes(), form)

    def test_sukaku(self):
        cands = sudoku.candidates(EXAMPLE)
        text = "".join(str(d + 1) if m >> d & 1 else "." for m in cands for d in range(9))
        self.assertEqual(sudoku.candidates_from_sukaku(text), cands)
        self.assertEqual(sudoku.count_solutions_sukaku(text), (1, ANSWER))
        for bad, status in (
            ("x" + text[1:], sudoku.SUDOKU_ERR_INVALID_CHAR),
            ("." * 9 + text[9:], sudoku.SUDOKU_NO_SOLUTION),
        ):
            for call in (sudoku.candidates_from_sukaku, sudoku.count_solutions_sukaku):
                with self.assertRaises(sudoku.SudokuError) as cm:
                    call(bad)
                self.assertEqual(cm.exception.status, status)
        with self.assertRaises(ValueError):
            sudoku.candidates_from_sukaku(text[:-1])

    def test_hints_walk_a_pencil_mark_puzzle(self):
        # The example's candidates as a pencil-mark puzzle: no givens, one solution.
        cands = sudoku.candidates(EXAMPLE)
        text = "".join(str(d + 1) if m >> d & 1 else "." for m in cands for d in range(9))
        board, masks = "." * 81, sudoku.candidates_from_sukaku(text)
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.hint(board)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)
        steps = 0
        while True:
            step = sudoku.hint(board, masks)
            if step.technique == 0:
                break
            if step.cell >= 0:
                self.assertEqual(step.digit, int(ANSWER[step.cell]))
            board, masks = sudoku.apply_step(board, masks, step)
            steps += 1
        self.assertEqual(board, ANSWER)
        self.assertGreaterEqual(steps, 81)
        # Every candidate of every cell: many grids fit.
        with self.assertRaises(sudoku.SudokuError) as cm:
            sudoku.hint("." * 81, [0x1FF] * 81)
        self.assertEqual(cm.exception.status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)


if __name__ == "__main__":
    unittest.main()
