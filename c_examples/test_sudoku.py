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
        self.assertNotEqual(sudoku.status_message(0), sudoku.status_message(12345))

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


if __name__ == "__main__":
    unittest.main()
