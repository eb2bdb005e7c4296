"""Pattern grids: a complete grid of any box shape, built by a formula and shuffled, not searched.

The exact solver answers an empty grid above 25x25 with one (a search there costs seconds) and
the generator falls back on one; the isomorphisms' line shuffles (``make/isomorph.py``) are
the same :func:`shuffled_lines`. They live on the solver's floor because the solver uses them.
"""

from __future__ import annotations

import random

from ..model.grid import Grid, Shape


def shuffled_lines(groups: int, per_group: int, rng: random.Random) -> list[int]:
    """A permutation of lines that keeps groups (bands or stacks) together."""
    order = list(range(groups))
    rng.shuffle(order)
    lines: list[int] = []
    for g in order:
        inner = list(range(g * per_group, (g + 1) * per_group))
        rng.shuffle(inner)
        lines.extend(inner)
    return lines


def pattern_solution(shape: Shape, rng: random.Random) -> Grid:
    """A shuffled pattern grid: always valid and fast, but from a narrower family of grids.

    Base pattern: value(r, c) = (bc * (r % br) + r // br + c) mod N, which is a valid grid
    for br x bc boxes; then shuffle bands, rows within bands, stacks, columns within stacks
    and symbols, and transpose when the boxes are square.
    """
    br, bc, n = shape.box_rows, shape.box_cols, shape.size
    rows = shuffled_lines(bc, br, rng)  # bc bands of br rows
    cols = shuffled_lines(br, bc, rng)  # br stacks of bc columns
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)
    flip = br == bc and rng.random() < 0.5
    cells = [0] * (n * n)
    for r in range(n):
        for c in range(n):
            pr, pc = rows[r], cols[c]
            v = symbols[(bc * (pr % br) + pr // br + pc) % n]
            cells[(c * n + r) if flip else (r * n + c)] = v
    return Grid(shape, tuple(cells))
