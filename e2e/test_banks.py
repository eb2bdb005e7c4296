"""New puzzle from the banks: every size and level the menus offer gives a puzzle at once, at its
level, never "not reached"; the menus offer only what the banks hold."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import App, menu, new_puzzle
from conftest import open_new_panel as open_panel

from sudoku_core import Grid, Shape
from sudoku_core.logic.rate import rate
from sudoku_core.solver.exact import count_solutions


def cells(box: str) -> int:
    """The size of a box shape "RxC"."""
    r, c = box.split("x")
    return int(r) * int(c)


def test_every_offered_size_and_level_gives_a_puzzle_at_once(fresh_app: App, site: Path) -> None:
    app = fresh_app
    app.open()
    index = json.loads((site / "banks" / "index.json").read_text())
    app.click("New puzzle")
    sizes = menu(app, "#new-size")
    assert "9" in sizes and "25" in sizes
    assert "36" not in sizes and "49" not in sizes  # no bank: not offered
    offered = 0
    for size in sizes:
        open_panel(app)
        app.page.locator("#new-size").select_option(size)
        levels = menu(app, "#new-level")
        box = next(k for k in index if cells(k) == int(size))
        # Exactly the levels the bank holds (the 4x4 grid has no level above Easy).
        assert [lv.capitalize() for lv in levels] == list(index[box]), size
        for level in levels:
            text = new_puzzle(app, size, level)
            assert text.startswith(f"New {level.capitalize()} puzzle ({size}×{size})"), text
            assert "not reached" not in text and "closest" not in text
            assert app.cells().count() == int(size) ** 2
            offered += 1
    assert offered >= 20


def test_new_puzzles_are_new_unique_and_at_their_level(fresh_app: App) -> None:
    # Served through isomorphisms: the same bank puzzle comes back as another grid, still with
    # one solution and rated at the level asked for.
    app = fresh_app
    app.open()
    app.wait_ready()
    seen = set()
    for _ in range(4):
        new_puzzle(app, "9", "expert")
        line = app.line()
        seen.add(line)
        grid = Grid(Shape(3, 3), tuple(0 if ch == "." else int(ch) for ch in line))
        assert count_solutions(grid, 2, time_limit=30) == 1
        assert rate(grid, time_limit=30).level == "Expert"
    assert len(seen) == 4


def test_the_levels_follow_the_size(fresh_app: App) -> None:
    app = fresh_app
    app.open()
    app.click("New puzzle")
    app.page.locator("#new-size").select_option("9")
    app.page.get_by_label("Difficulty").select_option("extreme")
    app.page.locator("#new-size").select_option("4")
    assert menu(app, "#new-level") == ["easy"]
    assert app.page.get_by_label("Difficulty").input_value() == "easy"
    app.page.locator("#new-size").select_option("9")
    assert menu(app, "#new-level") == ["easy", "medium", "hard", "expert", "extreme"]


def test_a_background_engine_starts_after_new_puzzle(fresh_app: App) -> None:
    # Fresh puzzles are made in a worker of their own, so that the player's requests never
    # wait behind a generation: it starts with the first New puzzle, not with the page.
    app = fresh_app
    app.open()
    app.wait_ready()

    def workers() -> int:  # the one that works ahead on hints and steps (#ahead) aside
        return len([w for w in app.page.workers if not w.url.endswith("#ahead")])

    assert workers() == 1
    new_puzzle(app, "6", "easy")
    for _ in range(300):  # it starts 10 s after the last New puzzle
        if workers() == 2:
            break
        app.page.wait_for_timeout(100)
    assert workers() == 2
