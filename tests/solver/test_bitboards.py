"""The shared bitboards: masks built from coordinates, singles equal to a plain set-based model."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques.single_digit import peer_masks, unit_masks
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from sudoku_core.solver.bitboards import assume, common, singles, state_of, tables

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from record_steps import FIXTURE, grid_of  # noqa: E402

PUZZLES = [(p["line"], p["box"]) for p in json.loads(FIXTURE.read_text())["puzzles"]]


@pytest.mark.parametrize("box", ["2x2", "2x3", "3x3", "3x4", "4x4", "5x3"])
def test_tables_from_coordinates(box: str) -> None:
    shape = Shape.parse(box)
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    t = tables(shape)

    def unit_keys(i: int) -> tuple[int, int, int]:
        r, c = divmod(i, n)
        return r, n + c, 2 * n + (r // br) * (n // bc) + c // bc

    units = [0] * (3 * n)
    for i in range(n * n):
        for u in unit_keys(i):
            units[u] |= 1 << i
    assert list(t.units) == units
    for i in range(n * n):
        peers = {j for j in range(n * n) if j != i and set(unit_keys(i)) & set(unit_keys(j))}
        assert t.keep[i] == sum(1 << j for j in range(n * n) if j not in peers)
        assert t.peers[i] == sum(1 << j for j in peers)
    # The techniques' masks are these tables, not a second build of them (one build of them).
    assert unit_masks(shape) is t.units and peer_masks(shape) is t.peers
    assert len(t.segments) == n * (br + bc)  # a box meets br rows and bc columns
    for (seg, box_rest, line_rest), (b, line) in zip(t.segments, t.unit_of_segment, strict=True):
        assert seg == units[b] & units[line] != 0
        assert box_rest == units[b] & ~seg and line_rest == units[line] & ~seg
    for i in range(n * n):
        assert t.unit_masks_of[i] == tuple(units[u] for u in unit_keys(i))
    for (seg, box_rest, line_rest, span), (b, line) in zip(t.segment_spans, t.unit_of_segment,
                                                           strict=True):
        assert (seg, box_rest, line_rest) == (units[b] & units[line], units[b] & ~units[line],
                                              units[line] & ~units[b])
        assert span == units[b] | units[line]


def model_singles(c: Candidates, cell: int, value: int) -> list[set[int]] | None:
    """Singles to a fixed point on candidate sets after placing ``value`` at ``cell``."""
    geo = c.geometry
    cands = [{v} if v else set(c.candidates_of(x)) for x, v in enumerate(c.values)]
    solved = {x for x, v in enumerate(c.values) if v}

    def place(x: int, v: int) -> None:
        cands[x] = {v}
        solved.add(x)
        for p in geo.peers[x]:
            cands[p].discard(v)

    place(cell, value)
    while True:
        if any(not s for s in cands):
            return None
        todo = [(x, next(iter(s))) for x, s in enumerate(cands) if x not in solved and len(s) == 1]
        for unit in geo.units:
            for v in range(1, c.size + 1):
                where = [x for x in unit if v in cands[x]]
                if not where:
                    return None
                if len(where) == 1 and where[0] not in solved:
                    todo.append((where[0], v))
        if not todo:
            return cands
        x, v = todo[0]
        if v not in cands[x]:
            return None
        place(x, v)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(PUZZLES) - 1), st.integers(0, 10**6))
def test_singles_match_the_model(index: int, seed: int) -> None:
    c = Candidates.from_grid(grid_of(*PUZZLES[index]))
    rng = random.Random(seed)
    cell = rng.choice([x for x, m in enumerate(c.masks) if m])
    value = rng.choice(c.candidates_of(cell))
    boards, unsolved = state_of(c)
    unsolved = assume(boards, unsolved, cell, value - 1, tables(c.shape).keep)
    left = singles(boards, unsolved, tables(c.shape), 10**6)
    expected = model_singles(c, cell, value)
    if expected is None:
        assert left is None
        return
    assert left is not None
    assert [sum(1 << x for x, s in enumerate(expected) if d + 1 in s) for d in range(c.size)] \
        == boards
    assert left == sum(1 << x for x, s in enumerate(expected) if len(s) > 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(PUZZLES) - 1), st.integers(0, 10**6), st.integers(1, 4))
def test_common_is_what_every_branch_implies(index: int, seed: int, count: int) -> None:
    c = Candidates.from_grid(grid_of(*PUZZLES[index]))
    t = tables(c.shape)
    rng = random.Random(seed)
    root = state_of(c)
    branches = []
    for _ in range(count):
        cell = rng.choice([x for x, m in enumerate(c.masks) if m])
        boards, unsolved = state_of(c)
        unsolved = assume(boards, unsolved, cell, rng.choice(c.candidates_of(cell)) - 1, t.keep)
        left = singles(boards, unsolved, t, rng.randrange(1, 6))
        if left is not None:
            branches.append((boards, left))
    if not branches:
        return  # the finders ask only about live branches, one at least
    places, elims = common(root, branches)
    open_cells = [x for x, m in enumerate(c.masks) if m]
    expected = sorted((x, v) for x in open_cells for v in c.candidates_of(x)
                      if all(not left >> x & 1 and b[v - 1] >> x & 1 for b, left in branches))
    done = {x for x, _ in expected}
    gone = sorted((x, v) for x in open_cells if x not in done for v in c.candidates_of(x)
                  if all(not b[v - 1] >> x & 1 for b, _ in branches))
    assert places == expected
    assert elims == gone
