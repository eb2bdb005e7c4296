"""Dual 2-String Kite: two kites on the same box cells as one step, sound, listed by `--all`."""

from __future__ import annotations

from conftest import check_step, random_state
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.find_all import find_all
from sudoku_core.logic.techniques.dual_patterns import iter_dual_two_string_kite
from sudoku_core.logic.techniques.single_digit import iter_two_string_kite
from sudoku_core.model.grid import Shape


def kites_on(c, links):  # type: ignore[no-untyped-def]
    return [k for k in iter_two_string_kite(c)
            if frozenset(x for x, r in k.cells if r == "link") == links]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 5000), st.floats(0.6, 0.85), st.floats(0.3, 0.8))
def test_each_dual_is_two_kites_and_sound(seed: int, blank: float, drop: float) -> None:
    c, solution = random_state(Shape(3, 3), seed, blank, drop)
    for step in iter_dual_two_string_kite(c):
        check_step(step, c, solution.cells, "Dual 2-String Kite")
        links = frozenset(x for x, r in step.cells if r == "link")
        twins = kites_on(c, links)
        assert len(links) == 2 and len(twins) >= 2
        assert set(step.eliminations) == {e for k in twins[:2] for e in k.eliminations}


def test_duals_are_found_and_listed() -> None:
    found = 0
    for seed in range(300):
        c, solution = random_state(Shape(3, 3), seed, 0.8, 0.7)
        listed, _ = find_all(c, ["Dual 2-String Kite"])
        assert [s.text for s in listed] == [s.text for s in iter_dual_two_string_kite(c)]
        found += len(listed)
    assert found >= 1
