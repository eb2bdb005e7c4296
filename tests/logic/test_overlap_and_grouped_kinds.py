"""Overlapping almost locked sets (ALS-XY-Wing, ALS Chain, Death Blossom) and grouped chains
listed under HoDoKu's names (Grouped AIC, Grouped Continuous / Discontinuous Nice Loop).

Each hand-picked state is one where the step fires; every elimination is checked by brute
force (no completion of the candidate state keeps the removed digit), and the overlapping
steps are checked to need the overlap (the finders without it do not list them).
"""

from __future__ import annotations

from conftest import SHAPES, random_state
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.find_all import candidates_from_text, find_all, resolve
from sudoku_core.logic.techniques import TECHNIQUES
from sudoku_core.logic.techniques.als import (
    iter_als_chain,
    iter_als_xy_wing,
    iter_death_blossom,
)
from sudoku_core.logic.techniques.grouped_chains import KIND_NAMES, iter_grouped_aic
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from sudoku_core.model.step import Step

# A 9x9 state mid-solve (a calibration puzzle after the walker's early steps).
ALS_STATE = """\
| 1489 2 3 5 7 148 89 469 4689 |
| 478 4578 6 9 248 348 278 2347 1 |
| 14789 1478 1479 123468 2468 1348 5 234679 346789 |
| 5 9 147 34678 468 348 78 467 2 |
| 3467 347 47 34678 9 2 1 4567 45678 |
| 2467 47 8 467 1 45 3 45679 45679 |
| 123479 1347 12479 124 245 1459 6 8 3579 |
| 12489 6 1249 1248 3 7 29 1259 59 |
| 123789 1378 5 128 28 6 4 12379 379 |"""

GROUPED_STATE = """\
| 158 258 3 568 456 7 28 9 2568 |
| 4 258 6 9 3 58 278 1 2578 |
| 5789 58 5789 1 56 2 378 3568 4 |
| 2 568 58 3 569 1 4 7 689 |
| 37 346 1 67 8 469 5 2 369 |
| 3578 9 578 2567 2456 456 138 368 1368 |
| 3589 1 4 258 7 3589 6 358 23589 |
| 3589 2358 2589 4 12569 35689 123789 358 1235789 |
| 6 7 2589 258 1259 3589 12389 3458 123589 |"""

LOOP_STATE = """\
| 1 258 3 568 4 7 28 9 2568 |
| 4 258 6 9 3 58 278 1 2578 |
| 5789 58 5789 1 56 2 378 3568 4 |
| 2 568 58 3 569 1 4 7 689 |
| 37 4 1 67 8 69 5 2 369 |
| 3578 9 578 2567 256 456 138 368 1368 |
| 3589 1 4 258 7 3589 6 358 23589 |
| 3589 2358 2589 4 12569 35689 123789 358 1235789 |
| 6 7 2589 258 1259 3589 12389 3458 123589 |"""


def completes(c: Candidates, cell: int, v: int) -> bool:
    """True if some filling of every empty cell from its candidates, each unit's digits all
    different (given values included), puts ``v`` at ``cell``: plain backtracking."""
    peers = c.geometry.peers
    values = list(c.values)
    masks = list(c.masks)
    if not masks[cell] >> (v - 1) & 1:
        return False
    masks[cell] = 1 << (v - 1)

    def free(x: int) -> int:
        m = masks[x]
        for p in peers[x]:
            if values[p]:
                m &= ~(1 << (values[p] - 1))
        return m

    def fill() -> bool:
        empty = [x for x in range(len(values)) if not values[x]]
        if not empty:
            return True
        best = min(empty, key=lambda x: free(x).bit_count())
        m = free(best)
        while m:
            low = m & -m
            m ^= low
            values[best] = low.bit_length()
            if fill():
                return True
        values[best] = 0
        return False

    return fill()


def holds(c: Candidates, step: Step) -> None:
    assert step.eliminations
    for cell, v in step.eliminations:
        assert c.has(cell, v)
        assert not completes(c, cell, v), f"{step.text}: {v} at cell {cell} completes"


def shared_cells(step: Step) -> bool:
    """Some cell belongs to two of the step's sets (the sets list their cells one by one)."""
    cells = [x for x, role in step.cells if role == "base"]
    return len(cells) != len(set(cells))


def test_overlapping_sets_are_listed_and_hold() -> None:
    c = candidates_from_text(ALS_STATE)
    cases = [("ALS-XY-Wing", iter_als_xy_wing, {(29, 4), (29, 7)}),
             ("ALS-XY-Chain", iter_als_chain, {(25, 9)}),
             ("Death Blossom", iter_death_blossom, {(25, 6), (26, 6)})]
    for name, finder, elims in cases:
        listed, _ = find_all(c, [name], time_limit=60)
        hits = [s for s in listed if set(s.eliminations) == elims and shared_cells(s)]
        assert hits, f"{name}: no step with overlapping sets removes {sorted(elims)}"
        for step in hits:
            holds(c, step)
        # Without the overlap no single step draws this conclusion.
        plain = [s for s in finder(c, max_cells=8) if elims <= set(s.eliminations)]
        assert plain == [], name
        assert not any(shared_cells(s) for s in finder(c, max_cells=8))


def test_the_walker_keeps_its_sets_apart() -> None:
    # Overlap is a listing option: the walk (and so every rating) is the one it was.
    rows = {t.name: t for t in TECHNIQUES}
    for name in ("ALS-XY-Wing", "ALS Chain", "Death Blossom"):
        assert not rows[name].walk.get("overlap")
        assert rows[name].listing.get("overlap")
    c = candidates_from_text(ALS_STATE)
    step = rows["ALS-XY-Wing"].find(c)
    assert step is None or not shared_cells(step)


def test_grouped_chains_carry_hodoku_names() -> None:
    wanted = {GROUPED_STATE: {"Grouped AIC": {(64, 2)},
                              "Grouped Discontinuous Nice Loop": {(10, 8)}},
              LOOP_STATE: {"Grouped Continuous Nice Loop": {(31, 6), (35, 6)}}}
    for text, kinds in wanted.items():
        c = candidates_from_text(text)
        # The entry's own name lists every kind; the walker's steps keep the one name.
        every, _ = find_all(c, ["Grouped AIC"], time_limit=60)
        assert {s.technique for s in every} <= set(KIND_NAMES)
        assert {s.technique for s in iter_grouped_aic(c)} <= {"Grouped AIC"}
        for name, elims in kinds.items():
            hits = [s for s in every if s.technique == name and elims <= set(s.eliminations)]
            assert hits, f"{name}: nothing removes {sorted(elims)}"
            for step in hits:
                holds(c, step)
                assert any(len(n.cells) > 1 for ch in step.chain_list() for n in ch.nodes)
                kind = step.chain_list()[0].kind
                assert (kind == "loop") == (name == "Grouped Continuous Nice Loop")
    # A kind's name lists that kind only, the same steps the entry lists under it.
    c = candidates_from_text(LOOP_STATE)
    loops, _ = find_all(c, ["Grouped Continuous Nice Loop"], time_limit=60)
    every, _ = find_all(c, ["Grouped AIC"], time_limit=60)
    assert loops and loops == [s for s in every if s.technique == "Grouped Continuous Nice Loop"]


def test_hodoku_names_resolve_to_their_kind() -> None:
    for name in KIND_NAMES[1:]:
        tech, kind = resolve(name)
        assert tech.name == "Grouped AIC" and kind == name.lower()
    assert resolve("ALS-XY-Chain")[0].name == "ALS Chain"


@settings(max_examples=25, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6),
       blank=st.floats(0.4, 0.8), drop=st.floats(0.0, 0.6))
def test_overlap_and_kinds_are_sound(shape: Shape, seed: int, blank: float,
                                     drop: float) -> None:
    # Random states with marks dropped at random (never the solution's digit).
    c, solution = random_state(shape, seed, blank, drop)
    names = ["ALS-XY-Wing", "ALS-XY-Chain", "Death Blossom", *KIND_NAMES]
    for name in names:
        for step in find_all(c, [name], time_limit=0.5)[0]:
            for cell, v in step.eliminations:
                assert c.has(cell, v) and solution.cells[cell] != v, step.text
            for cell, v in step.placements:
                assert solution.cells[cell] == v, step.text
