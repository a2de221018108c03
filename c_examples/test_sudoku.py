"""Tests of the Python module against the built library: python3 -m unittest test_sudoku"""

import os
import threading
import unittest

import sudoku

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HERE = os.path.dirname(os.path.abspath(__file__))


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
    with open(os.path.join(HERE, "puzzles.txt")) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


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

    def test_version_and_messages(self):
        self.assertRegex(sudoku.version(), r"^\d+\.\d+\.\d+")
        statuses = [
            sudoku.SUDOKU_OK,
            sudoku.SUDOKU_NO_SOLUTION,
            sudoku.SUDOKU_MULTIPLE_SOLUTIONS,
            sudoku.SUDOKU_ERR_NULL,
            sudoku.SUDOKU_ERR_INVALID_CHAR,
            sudoku.SUDOKU_ERR_CONFLICT,
            sudoku.SUDOKU_ERR_INVALID_ARGUMENT,
            sudoku.SUDOKU_ERR_INTERNAL,
        ]
        self.assertEqual(statuses, [0, 1, 2, -1, -2, -3, -4, -99])
        messages = [sudoku.status_message(s) for s in statuses + [12345]]
        self.assertEqual(len(set(messages)), len(messages), messages)

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
        self.assertEqual([int(d) for d in sudoku.Difficulty], [1, 2, 3, 4])
        self.assertEqual([d.label for d in sudoku.Difficulty], ["easy", "medium", "hard", "expert"])
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
        kinds = [EXAMPLE, CLASH, BAD_CHAR, NO_SOLUTION, "." * 81, COUNTED[3][0]] + bundled_puzzles()
        return [kinds[i * 7 % len(kinds)] for i in range(150)]

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


if __name__ == "__main__":
    unittest.main()
