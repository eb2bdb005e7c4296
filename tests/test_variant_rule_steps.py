"""The Variant Rule technique: one placed rule read alone never removes a true candidate.

On 4x4 grids every solution is known (``brute4``), so each step's removals are checked against
every grid that keeps the rules and the givens; rules are read off one random grid, so each
puzzle has at least one solution.
"""

from __future__ import annotations

import random

from brute4 import all_grids
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques.placed import TECHNIQUE, iter_variant_rule
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json

EDGES = [(a, a + 1) for a in range(16) if a % 4 < 3] + [(a, a + 4) for a in range(12)]


def _rules(grid: tuple[int, ...], rng: random.Random) -> dict[str, object]:
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


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 287), st.integers(0, 10**6))
def test_no_step_removes_a_true_candidate(index: int, seed: int) -> None:
    rng = random.Random(seed)
    solution = all_grids()[index]
    rules = _rules(solution, rng)
    if not rules:
        return
    variant = variant_from_json(rules, 4)
    givens = tuple(v if rng.random() < 0.2 else 0 for v in solution)
    grid = Grid(Shape(2, 2, variant), givens)
    keeps = [g for g in all_grids() if _keeps(g, rules)
             and all(not v or g[i] == v for i, v in enumerate(givens))]
    assert solution in keeps
    c = Candidates.from_grid(grid)
    for _ in range(6):  # a few rounds: each reads the candidates the last one left
        steps = list(iter_variant_rule(c))
        if not steps:
            break
        for step in steps:
            assert step.technique == TECHNIQUE and step.text
            for x, v in step.eliminations:
                assert all(g[x] != v for g in keeps), (step.text, x, v)
        c.apply(steps[0])


def _keeps(g: tuple[int, ...], rules: dict[str, object]) -> bool:
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


def test_a_thermometer_step_says_the_rule_in_words() -> None:
    variant = variant_from_json({"thermometers": [{"cells": [0, 1, 2]}]}, 4)
    c = Candidates.from_grid(Grid.empty(Shape(2, 2, variant)))
    (step,) = list(iter_variant_rule(c))
    assert step.text.startswith("Thermometer at r1c1: digits on a thermometer increase")
    assert set(step.eliminations) == {(0, 3), (0, 4), (1, 1), (1, 4), (2, 1), (2, 2)}
