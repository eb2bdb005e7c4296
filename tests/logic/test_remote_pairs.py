"""Remote Pairs: sound on random candidate states, one step per chain, listed by `--all`."""

from __future__ import annotations

import random

from conftest import check_step, random_state
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.find_all import find_all, resolve
from sudoku_core.logic.techniques.remote_pairs import iter_remote_pair
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape

SHAPE = Shape(3, 3)


def cell(r: int, c: int) -> int:
    return (r - 1) * 9 + (c - 1)


def chain_state() -> Candidates:
    """Empty 9x9, every cell 3456789 except a {1,2} chain r1c1-r1c5-r5c5-r5c9 and three cells
    that also hold 1/2: r5c1 (sees both ends), r9c1 (sees r1c1 only), r9c9 (sees r5c9 only)."""
    marks = {i: {3, 4, 5, 6, 7, 8, 9} for i in range(81)}
    for rc in ((1, 1), (1, 5), (5, 5), (5, 9)):
        marks[cell(*rc)] = {1, 2}
    for rc in ((5, 1), (9, 1), (9, 9)):
        marks[cell(*rc)] = {1, 2, 3}
    return Candidates.from_marks(Grid.empty(SHAPE), marks)


def test_a_cell_that_sees_both_parities_loses_both_values() -> None:
    steps = list(iter_remote_pair(chain_state()))
    assert len(steps) == 1  # one chain, one step
    step = steps[0]
    assert step.technique == "Remote Pairs"
    assert set(step.eliminations) == {(cell(5, 1), 1), (cell(5, 1), 2)}
    on = frozenset(x for x, role in step.cells if role == "on")
    off = frozenset(x for x, role in step.cells if role == "off")
    assert {on, off} == {frozenset({cell(1, 1), cell(5, 5)}), frozenset({cell(1, 5), cell(5, 9)})}


def test_a_short_chain_or_an_odd_loop_is_no_remote_pair() -> None:
    c = chain_state()
    c.masks[cell(5, 9)] = 0b111111100  # three links left: an XY-Wing's reach, not listed
    assert list(iter_remote_pair(c)) == []
    c = chain_state()
    # r1c9 with the pair closes r1c1-r1c5-r1c9 in one row: three cells, one row, two values.
    c.masks[cell(1, 9)] = 0b11
    assert list(iter_remote_pair(c)) == []


def pair_state(seed: int, share: float, extra: float) -> tuple[Candidates, Grid]:
    """A random solution with every cell empty: a ``share`` of the cells whose value is a or b
    marked just {a, b}; every other cell marked its value plus each other value at ``extra``."""
    c, solution = random_state(SHAPE, seed, 1.0, 0.0)
    rng = random.Random(seed)
    a, b = rng.sample(range(1, 10), 2)
    pair = (1 << (a - 1)) | (1 << (b - 1))
    for x, v in enumerate(solution.cells):
        if v in (a, b) and rng.random() < share:
            c.masks[x] = pair
        else:
            c.masks[x] = (1 << (v - 1)) | sum(1 << (w - 1) for w in range(1, 10)
                                              if rng.random() < extra)
    return c, solution


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.3, 0.9), st.floats(0.1, 0.6))
def test_every_remote_pair_on_a_random_state_is_sound(seed: int, share: float,
                                                     extra: float) -> None:
    c, solution = pair_state(seed, share, extra)
    before = (c.values[:], c.masks[:])
    for step in iter_remote_pair(c):
        check_step(step, c, solution.cells, "Remote Pairs")
        chain = [x for x, role in step.cells if role in ("on", "off")]
        assert len(chain) >= 4 and len({c.masks[x] for x in chain}) == 1
    assert (c.values, c.masks) == before  # nothing applied


def test_random_states_do_hold_remote_pairs() -> None:
    # The soundness test above must not pass by finding nothing.
    found = 0
    for seed in range(40):
        c, solution = pair_state(seed, 0.6, 0.3)
        for step in iter_remote_pair(c):
            check_step(step, c, solution.cells, "Remote Pairs")
            found += 1
    assert found >= 20


def test_listed_by_name_and_by_hodoku_name() -> None:
    assert resolve("Remote Pair")[0].name == "Remote Pairs"
    found, cut = find_all(chain_state(), ["remote pairs"])
    assert [s.technique for s in found] == ["Remote Pairs"] and not cut
