"""Rules read off a 4x4 grid, and a check of them from their words (not from the package):
the variant rule steps' and the chains' soundness tests share them."""

from __future__ import annotations

import random

EDGES = [(a, a + 1) for a in range(16) if a % 4 < 3] + [(a, a + 4) for a in range(12)]


def rules_of_grid(grid: tuple[int, ...], rng: random.Random) -> dict[str, object]:
    """Rules that ``grid`` keeps: a rising line, white and black dots, an XV pair."""
    start = rng.randrange(16)
    line = [start]
    while len(line) < 4:
        nxt = [b for a, b in EDGES if a == line[-1] and b not in line] + [
            a for a, b in EDGES if b == line[-1] and a not in line]
        if not nxt:
            break
        line.append(rng.choice(nxt))
    line = sorted({grid[c]: c for c in line}.values(), key=lambda c: grid[c])  # rising
    out: dict[str, object] = {"thermometers": [{"cells": line}]} if len(line) > 1 else {}
    white = [{"cells": [a, b]} for a, b in EDGES if abs(grid[a] - grid[b]) == 1]
    black = [{"cells": [a, b]} for a, b in EDGES if grid[a] == 2 * grid[b] or
             grid[b] == 2 * grid[a]]
    xv = [{"cells": [a, b], "sum": 5} for a, b in EDGES if grid[a] + grid[b] == 5]
    for key, items in (("white_dots", white), ("black_dots", black), ("xv", xv)):
        if items and rng.random() < 0.6:
            out[key] = rng.sample(items, min(len(items), 2))
    return out


def keeps(g: tuple[int, ...], rules: dict[str, object]) -> bool:
    """The rules from their words, not from the package."""
    for item in rules.get("thermometers", []):  # type: ignore[attr-defined]
        cells = item["cells"]
        if any(g[a] >= g[b] for a, b in zip(cells, cells[1:], strict=False)):
            return False
    for item in rules.get("white_dots", []):  # type: ignore[attr-defined]
        a, b = item["cells"]
        if abs(g[a] - g[b]) != 1:
            return False
    for item in rules.get("black_dots", []):  # type: ignore[attr-defined]
        a, b = item["cells"]
        if g[a] != 2 * g[b] and g[b] != 2 * g[a]:
            return False
    for item in rules.get("xv", []):  # type: ignore[attr-defined]
        a, b = item["cells"]
        if g[a] + g[b] != item["sum"]:
            return False
    return True
