"""Solves the puzzles of a file (or standard input), one per line, with the Python package.

    python3 sudoku.py puzzles.txt

It runs the package of this checkout, python/src/libsudoku (`pip install ./python` installs
it), which finds the library through SUDOKU_LIB or in target/. `import sudoku` from this
directory gives the package's API under this name.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "src"))

import libsudoku  # noqa: E402
from libsudoku import *  # noqa: E402,F401,F403 - the package's API under this module's name

if __name__ == "__main__":
    sys.exit(libsudoku.main(sys.argv))
