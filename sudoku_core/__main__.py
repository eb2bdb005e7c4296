"""`python -m sudoku_core` is the `sudoku` command."""

import sys

from .cli import main

sys.exit(main())
