"""Runs python/examples/dask_solve.py on a local cluster of 2 worker processes.

Skipped when dask or distributed is not installed (`pip install './python[dask]'`), unless
LIBSUDOKU_EXPECT_DASK is set (as CI does).
"""

import os
import subprocess
import sys
import tempfile
import unittest

import libsudoku

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "dask_solve.py")
PUZZLES = os.path.join(HERE, "..", "..", "c_examples", "puzzles.txt")

try:
    import dask  # noqa: F401
    import distributed  # noqa: F401

    HAVE_DASK = True
except ImportError:
    if os.environ.get("LIBSUDOKU_EXPECT_DASK"):
        raise
    HAVE_DASK = False


def expected_line(puzzle):
    """What dask_solve.py writes for a puzzle: its solution or its status name."""
    if len(puzzle) != 81:
        return "SUDOKU_ERR_INVALID_ARGUMENT"
    try:
        return libsudoku.solve(puzzle)
    except libsudoku.SudokuError as e:
        return libsudoku.status_name(e.status)


@unittest.skipUnless(HAVE_DASK, "dask[distributed] is not installed")
class DaskExampleTest(unittest.TestCase):
    def test_two_workers_write_every_answer_in_input_order(self):
        with open(PUZZLES) as f:
            bundled = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        generated = [libsudoku.generate(seed, "medium")[0] for seed in range(40)]
        clash = "55" + bundled[0][2:]
        puzzles = generated[:20] + bundled + [clash, bundled[0][:80] + "x", "1" * 80] + generated[20:]
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "in.txt")
            target = os.path.join(tmp, "out.txt")
            with open(source, "w") as f:
                f.write("# a comment line, skipped\n")
                for k, p in enumerate(puzzles):
                    f.write(p + "\n")
                    if k % 17 == 0:
                        f.write("\n# another comment\n")
            # Small partitions, so that the answers come from many partitions on both workers.
            run = subprocess.run(
                [sys.executable, EXAMPLE, source, target, "--workers", "2", "--partition-size", "8"],
                cwd=tmp,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                universal_newlines=True,
                timeout=600,
            )
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertIn("on 2 local workers", run.stderr)
            with open(target) as f:
                got = f.read().splitlines()
        want = [expected_line(p) for p in puzzles]
        self.assertEqual(len(got), len(puzzles))
        self.assertEqual(got, want)
        self.assertIn("SUDOKU_ERR_CONFLICT", got)
        self.assertIn("SUDOKU_ERR_INVALID_CHAR", got)
        self.assertIn("SUDOKU_ERR_INVALID_ARGUMENT", got)
        self.assertEqual(sum(len(line) == 81 for line in got), len(puzzles) - 3)


if __name__ == "__main__":
    unittest.main()
