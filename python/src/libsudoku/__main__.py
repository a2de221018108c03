"""`python -m libsudoku [FILE]`: solves the puzzles of FILE (or standard input), one a line."""

import sys

from libsudoku import main

sys.exit(main())
