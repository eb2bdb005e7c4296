"""Chains read the placed rules' weak links, and never remove a true candidate through them.

On 4x4 grids every solution is known (``brute4``), so each AIC conclusion is checked against
every grid that keeps the rules and the givens. The rules are read off one random grid (so
the puzzle has a solution), and the candidates are narrowed by the rules first, as a player
does, so the chains have pairs to link.
"""

from __future__ import annotations

import random

from brute4 import all_grids
from hypothesis import given, settings
from hypothesis import strategies as st
from rules4 import keeps as _keeps
from rules4 import rules_of_grid as _rules

from sudoku_core.logic.techniques.chains import iter_aic
from sudoku_core.logic.techniques.placed import iter_variant_rule
from sudoku_core.logic.techniques.rule_links import rule_weak_links
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.model.variants import variant_from_json


def _setup(index: int, seed: int) -> tuple[Candidates, list[tuple[int, ...]]] | None:
    rng = random.Random(seed)
    solution = all_grids()[index]
    rules = _rules(solution, rng)
    if not rules:
        return None
    givens = tuple(v if rng.random() < 0.15 else 0 for v in solution)
    grid = Grid(Shape(2, 2, variant_from_json(rules, 4)), givens)
    keeps = [g for g in all_grids() if _keeps(g, rules)
             and all(not v or g[i] == v for i, v in enumerate(givens))]
    c = Candidates.from_grid(grid)
    for _ in range(4):  # the rules' own steps first: what is left is for the chains
        steps = list(iter_variant_rule(c))
        if not steps:
            break
        c.apply(steps[0])
    return c, keeps


def _uses_a_rule_link(step: Step, n: int) -> bool:
    """True when a weak link of the chain joins two cells no unit joins, or two digits."""
    for chain in step.chains:
        for link in chain.links:
            a, b = chain.nodes[link.source], chain.nodes[link.target]
            if link.kind == "weak" and a.cells != b.cells and a.value != b.value:
                return True
    return False


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 287), st.integers(0, 10**6))
def test_no_chain_removes_a_true_candidate(index: int, seed: int) -> None:
    found = _setup(index, seed)
    if found is None:
        return
    c, keeps = found
    for step in iter_aic(c):
        for x, v in step.eliminations:
            assert all(g[x] != v for g in keeps), (step.text, x, v)
        for x, v in step.placements:
            assert all(g[x] == v for g in keeps), (step.text, x, v)


def test_chains_do_use_the_rules_links() -> None:
    # Over a fixed run of puzzles, some AIC must link two digits of two cells through a rule:
    # else the soundness test above tested nothing new.
    used = links = 0
    for seed in range(150):
        found = _setup(seed % 288, seed)
        if found is None:
            continue
        c, _ = found
        links += bool(rule_weak_links(c))
        used += any(_uses_a_rule_link(s, c.size) for s in iter_aic(c))
    assert links > 50 and used > 0, (links, used)


def test_a_white_dot_links_a_five_to_an_eight() -> None:
    grid = Grid(Shape(3, 3, variant_from_json({"white_dots": [{"cells": [0, 1]}]}, 9)),
                (0,) * 81)
    links = rule_weak_links(Candidates.from_grid(grid))
    five_r1c1 = 0 * 9 + 5 - 1
    assert 1 * 9 + 8 - 1 in links[five_r1c1]  # 5 and 8 differ by 3: not both
    assert 1 * 9 + 4 - 1 not in links[five_r1c1]  # 5 and 4 keep the dot
