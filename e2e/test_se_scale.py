"""The page shows the Sudoku Explainer estimate beside the level it rates."""

from __future__ import annotations

import re

from conftest import App
from playwright.sync_api import expect

from sudoku_core.logic.rate import rate
from sudoku_core.model.grid import Grid, Shape

# An unbiased puzzle (SE 2.6) the build does not ship: the page rates it itself, quickly.
LINE = "1..8......561....2..9...65....295...89.......2..6..17..4....73....3........5.2..4"


def test_a_rated_puzzle_shows_its_se_number(fresh_app: App) -> None:
    r = rate(Grid(Shape(3, 3), tuple(0 if ch == "." else int(ch) for ch in LINE)))
    assert r.se is not None and r.level is not None
    fresh_app.open("#p=" + LINE)
    expect(fresh_app.page.locator("#level")).to_have_text(
        re.compile(rf"Level: {r.level} · SE {r.se.er:.1f}$"), timeout=30_000)
