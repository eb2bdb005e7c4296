"""Helpers the test modules share (a test module never imports another test module).

Candidate states are built by hand in the community's words: ``cell("r3c5")`` is an index,
``only_in(c, 1, unit, ["r1c1", "r1c5"])`` leaves a digit in the named cells of a unit.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import islice

from conftest import check_step

from sudoku_core.logic.explain import steps
from sudoku_core.logic.techniques import (
    als,
    chains,
    colouring,
    franken,
    grouped_chains,
    sue_de_coq,
    uniqueness,
    wings,
)
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step

# From test_techniques_advanced.py
NINE = Shape(3, 3)


def cell(text: str, size: int = 9) -> int:
    """Index of ``r3c5``."""
    m = re.fullmatch(r"r(\d+)c(\d+)", text)
    assert m, text
    return (int(m[1]) - 1) * size + int(m[2]) - 1


def every_candidate(shape: Shape = NINE) -> Candidates:
    """Every candidate in every cell."""
    return Candidates.from_grid(Grid.empty(shape))


def only_in(c: Candidates, value: int, unit: int, keep: Iterable[str]) -> None:
    """Remove ``value`` from the unit's cells except the named ones (a conjugate pair etc.)."""
    kept = {cell(k, c.size) for k in keep}
    for x in c.geometry.units[unit]:
        if x not in kept:
            c.eliminate(x, value)


def set_cands(c: Candidates, name: str, values: Iterable[int]) -> None:
    """Give a cell exactly these candidates."""
    m = 0
    for v in values:
        m |= 1 << (v - 1)
    c.masks[cell(name, c.size)] = m


# From test_hint.py
PLATINUM = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


def before_first_trial(puzzle: Grid) -> Grid:
    """The grid after every placement the logical path makes before its first trial step."""
    cells = list(puzzle.cells)
    for step in steps(puzzle).steps:
        if step.trial:
            break
        for cell, value in step.placements:
            cells[cell] = value
    return Grid(puzzle.shape, tuple(cells))


# From test_forcing_chains.py
def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))


# From test_patterns.py
def digit_elims(value: int, names: Iterable[str]) -> set[tuple[int, int]]:
    return {(cell(x), value) for x in names}


def has_step(found: Iterator[Step], technique: str, expected: set[tuple[int, int]]) -> None:
    steps = list(found)
    match = [s for s in steps if s.technique == technique and set(s.eliminations) == expected]
    assert match, (technique, [(s.technique, s.eliminations) for s in steps][:10])
    assert match[0].text and match[0].cells and match[0].region


def rectangle(c: Candidates, corners: dict[str, set[int]]) -> None:
    for name, values in corners.items():
        set_cands(c, name, values)


COL5 = 9 + 4  # unit index of column 5


ROW2 = 1


# From test_patterns_soundness.py
Iter = Callable[[Candidates], Iterator[Step]]


NEW_FAMILIES: tuple[Iter, ...] = (
    wings.iter_wxyz_wing, colouring.iter_multi_colours, sue_de_coq.iter_sue_de_coq,
    als.iter_als_xz, als.iter_als_xy_wing, partial(als.iter_als_chain, max_sets=4),
    als.iter_death_blossom, partial(franken.iter_franken_fish, sizes=(2, 3)),
    partial(franken.iter_mutant_fish, sizes=(2,)), partial(franken.iter_siamese_fish, sizes=(2, 3)),
    partial(chains.iter_x_chain, max_nodes=20), partial(chains.iter_xy_chain, max_nodes=24),
    partial(chains.iter_aic, max_nodes=20), partial(grouped_chains.iter_grouped_aic, max_nodes=16),
    partial(als.iter_als_xz, max_cells=8), partial(als.iter_als_xy_wing, max_cells=8),
    partial(als.iter_death_blossom, max_cells=8, max_stem=4),
    partial(franken.iter_mutant_fish, sizes=(4,)),
)


UNIQUENESS_ITERS: tuple[Iter, ...] = (
    uniqueness.iter_unique_rectangle, uniqueness.iter_hidden_rectangle,
    uniqueness.iter_avoidable_rectangle, uniqueness.iter_bug_plus_one,
    uniqueness.iter_bug_plus_n,
)


PER_FINDER = 25  # instances checked per finder and state: enough to meet every variant


def name_of(f: Iter) -> str:
    return str(getattr(getattr(f, "func", f), "__name__", f))


def check_all(c: Candidates, solution: tuple[int, ...], finders: tuple[Iter, ...]) -> set[str]:
    """Check every listed instance (up to PER_FINDER per finder); the techniques seen."""
    before = c.copy()
    seen = set()
    for f in finders:
        for step in islice(f(c), PER_FINDER):
            check_step(step, c, solution, name_of(f))
            seen.add(step.technique)
        assert c == before, f"{name_of(f)} changed the state"
    return seen


def remove_wrong(c: Candidates, solution: tuple[int, ...], rng: random.Random,
                 drop: float) -> None:
    """Remove random candidates that are not the solution's (earlier steps, a user's marks)."""
    for cell, right in enumerate(solution):
        for v in c.candidates_of(cell):
            if v != right and rng.random() < drop:
                c.eliminate(cell, v)
