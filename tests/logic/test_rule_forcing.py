"""Rule Forcing Chain: an assumption that breaks a rule is false, and only then.

On 4x4 grids every solution is known (``brute4``): each step's removal is checked against
every grid that keeps the rules and the givens, on puzzles with placed rules and with cages.
"""

from __future__ import annotations

import random

from brute4 import all_grids
from hypothesis import given, settings
from hypothesis import strategies as st
from rules4 import keeps, rules_of_grid

from sudoku_core.logic.techniques.rule_forcing import RULE_FORCING, iter_rule_forcing_chain
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json


def _cages(grid: tuple[int, ...], rng: random.Random) -> list[dict[str, object]]:
    """Two-cell cages side by side with the grid's sums, a few of them."""
    pairs = [(a, a + 1) for a in range(16) if a % 4 < 3]
    rng.shuffle(pairs)
    used: set[int] = set()
    out: list[dict[str, object]] = []
    for a, b in pairs[:4]:
        if a not in used and b not in used:
            used |= {a, b}
            out.append({"cells": [a, b], "sum": grid[a] + grid[b]})
    return out


def _keeps_cages(g: tuple[int, ...], cages: list[dict[str, object]]) -> bool:
    for cage in cages:
        cells = cage["cells"]
        assert isinstance(cells, list)
        if len({g[c] for c in cells}) < len(cells) or sum(g[c] for c in cells) != cage["sum"]:
            return False
    return True


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 287), st.integers(0, 10**6), st.booleans())
def test_no_step_removes_a_true_candidate(index: int, seed: int, with_cages: bool) -> None:
    rng = random.Random(seed)
    solution = all_grids()[index]
    rules: dict[str, object] = dict(rules_of_grid(solution, rng))
    cages = _cages(solution, rng) if with_cages else []
    if cages:
        rules["cages"] = cages
    if not rules:
        return
    givens = tuple(v if rng.random() < 0.1 else 0 for v in solution)
    grid = Grid(Shape(2, 2, variant_from_json(rules, 4)), givens)
    truth = [g for g in all_grids() if keeps(g, rules) and _keeps_cages(g, cages)
             and all(not v or g[i] == v for i, v in enumerate(givens))]
    assert solution in truth
    c = Candidates.from_grid(grid)
    for step in iter_rule_forcing_chain(c):
        assert step.technique == RULE_FORCING and "so r" in step.text
        ((x, v),) = step.eliminations
        assert all(g[x] != v for g in truth), step.text


def test_a_false_digit_is_found_and_said() -> None:
    # A thermometer r1c1 -> r1c2 -> r1c3 on 4x4: r1c1 = 2 forces r1c2 = 3 and r1c3 = 4, and
    # then r1c4 = 1, which a white dot r1c4-r2c4 with r2c4 = 4 given cannot keep.
    rules = {"thermometers": [{"cells": [0, 1, 2]}], "white_dots": [{"cells": [3, 7]}]}
    grid = Grid(Shape(2, 2, variant_from_json(rules, 4)), (0,) * 7 + (4,) + (0,) * 8)
    steps = list(iter_rule_forcing_chain(Candidates.from_grid(grid)))
    removed = {s.eliminations[0] for s in steps}
    assert (0, 2) in removed
    text = next(s.text for s in steps if s.eliminations[0] == (0, 2))
    assert text.startswith("Rule Forcing Chain: if r1c1 were 2, singles and the rules")
    assert text.endswith("so r1c1 is not 2")


def test_classic_puzzles_are_left_to_the_other_chains() -> None:
    assert list(iter_rule_forcing_chain(Candidates.from_grid(Grid.empty(Shape(2, 2))))) == []

