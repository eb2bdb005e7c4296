"""Every 4x4 sudoku grid (2x2 boxes), enumerated once: an independent count for variant tests.

A variant test writes its rule as a plain test of a whole grid (from the rule's words, sharing
no code with the package) and counts the grids that pass: the exact search must agree.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import cache


@cache
def all_grids() -> tuple[tuple[int, ...], ...]:
    """The 288 grids of 4x4 sudoku, each a tuple of 16 values in row-major order."""
    rows = list(itertools.permutations(range(1, 5)))
    found = []
    for a, b, c, d in itertools.product(rows, repeat=4):
        grid = a + b + c + d
        cols_ok = all(len({grid[r * 4 + k] for r in range(4)}) == 4 for k in range(4))
        boxes_ok = all(len({grid[(br + r) * 4 + bc + c] for r in range(2) for c in range(2)})
                       == 4 for br in (0, 2) for bc in (0, 2))
        if cols_ok and boxes_ok:
            found.append(grid)
    return tuple(found)


def brute_count(holds: Callable[[Sequence[int]], bool], givens: Sequence[int] = ()) -> int:
    """How many 4x4 grids agree with ``givens`` (0 = empty) and pass ``holds``."""
    return sum(1 for g in all_grids()
               if all(not v or g[i] == v for i, v in enumerate(givens)) and holds(g))
