"""XY-Wing and W-Wing across the placed rules' weak links (``wings``): sound on every
4x4 grid the rules keep, found at all, and absent without placed rules.

(Named with the Killer tests of this change; the wings read dots, thermometers and the other
placed rules, not cages, whose sums make no pair links.)
"""

from __future__ import annotations

import random

from brute4 import all_grids
from hypothesis import given, settings
from hypothesis import strategies as st
from rules4 import keeps as _keeps
from rules4 import rules_of_grid as _rules

from sudoku_core.logic.techniques.placed import iter_variant_rule
from sudoku_core.logic.techniques.wings import (
    iter_w_wing,
    iter_xy_wing,
    rule_w_wings,
    rule_xy_wings,
)
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json

FINDERS = (rule_xy_wings, rule_w_wings)


def setup(index: int, seed: int, drop: float) -> tuple[Candidates, list[tuple[int, ...]]] | None:
    """A 4x4 puzzle with rules read off one grid, its candidates narrowed by the rules and by
    random removals no grid keeping the rules needs, and every grid that keeps it."""
    rng = random.Random(seed)
    solution = all_grids()[index]
    rules = _rules(solution, rng)
    if not rules:
        return None
    givens = tuple(v if rng.random() < 0.1 else 0 for v in solution)
    grid = Grid(Shape(2, 2, variant_from_json(rules, 4)), givens)
    keeps = [g for g in all_grids() if _keeps(g, rules)
             and all(not v or g[i] == v for i, v in enumerate(givens))]
    c = Candidates.from_grid(grid)
    for _ in range(4):
        steps = list(iter_variant_rule(c))
        if not steps:
            break
        c.apply(steps[0])
    # Bivalue cells make wings: drop candidates that no grid keeping the puzzle holds.
    for x in range(16):
        for v in c.candidates_of(x):
            if all(g[x] != v for g in keeps) and rng.random() < drop:
                c.eliminate(x, v)
    return c, keeps


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 287), st.integers(0, 10**6), st.floats(0.0, 0.9))
def test_no_rule_wing_removes_a_true_candidate(index: int, seed: int, drop: float) -> None:
    found = setup(index, seed, drop)
    if found is None:
        return
    c, keeps = found
    for finder in FINDERS:
        for step in finder(c):
            for x, v in step.eliminations:
                assert all(g[x] != v for g in keeps), (step.text, x, v)


def test_rule_wings_are_found_and_named_as_the_wings_they_are() -> None:
    # Over a fixed run of puzzles both kinds must turn up, else the test above tested little.
    seen = {"XY-Wing": 0, "W-Wing": 0}
    new = 0  # removals no classic wing of the state makes
    for seed in range(300):
        found = setup(seed % 288, seed, 0.7)
        if found is None:
            continue
        c, _ = found
        classic = {e for finder in (iter_xy_wing, iter_w_wing) for s in finder(c)
                   if "placed rules" not in s.text for e in s.eliminations}
        for finder in FINDERS:
            for step in finder(c):
                seen[step.technique] += 1
                assert "(with the placed rules' links)" in step.text
                assert step.eliminations and step.cells and step.region
                new += bool(set(step.eliminations) - classic)
    assert all(seen.values()) and new, (seen, new)


def test_the_classic_finders_list_them_after_their_own() -> None:
    for seed in range(300):
        found = setup(seed % 288, seed, 0.7)
        if found is None:
            continue
        c, _ = found
        rule = [s.text for s in rule_xy_wings(c)]
        if rule:
            texts = [s.text for s in iter_xy_wing(c)]
            assert texts[-len(rule):] == rule
            return
    raise AssertionError("no rule XY-Wing in 300 puzzles")


def test_no_placed_rules_no_rule_wings() -> None:
    c = Candidates.from_grid(Grid.empty(Shape(3, 3)))
    for cell, digits in ((0, (1, 2)), (4, (1, 3)), (27, (2, 3))):
        c.masks[cell] = sum(1 << (d - 1) for d in digits)
    assert list(rule_xy_wings(c)) == [] and list(rule_w_wings(c)) == []
    assert [s.technique for s in iter_xy_wing(c)] == ["XY-Wing"]
    assert list(iter_w_wing(c)) == []
