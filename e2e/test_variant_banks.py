"""New puzzle with rules, from the variant banks: the Variant menu lists what the banks hold, the
sizes and levels follow the variant chosen, and each choice gives a puzzle of that variant at
once, at the level asked: its status says that level, and the grid on screen, read back from
its Share link, is rated at that level by the engine here (never another one)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

from conftest import App, menu, new_puzzle
from conftest import open_new_panel as open_panel
from playwright.sync_api import expect

from sudoku_core.logic.rate import rate
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json

LEVELS = ("easy", "medium", "hard", "expert", "extreme")


def grid_on_screen(app: App) -> Grid:
    """The puzzle on screen (givens and rules), read from the Share link the page writes."""
    app.click("Share")
    link = app.page.get_by_label("Share link")
    expect(link).to_have_value(re.compile(r"#p=.*&v="))
    fragment = link.input_value().split("#", 1)[1]
    parts = dict(part.split("=", 1) for part in fragment.split("&"))
    app.page.keyboard.press("Escape")
    line = parts["p"]
    n = round(len(line) ** 0.5)
    box = parts.get("box")
    shape = Shape(*map(int, box.split("x"))) if box else Shape.for_size(n)
    variant = variant_from_json(json.loads(unquote(parts["v"])), n)
    cells = tuple(0 if ch == "." else int(ch) for ch in line)
    return Grid(shape.with_variant(variant), cells)


def offered(index: dict[str, dict[str, object]], key: str) -> dict[str, list[str]]:
    """Size -> levels (lower case, easy first) the index holds for a variant: the menus'
    choices, as web/js/variant_puzzles.js reads them (a box counts as its size's default)."""
    out = {}
    boxes: dict[str, dict[str, int]] = index[key]["boxes"]  # type: ignore[assignment]
    for box, levels in boxes.items():
        r, c = (int(x) for x in box.split("x"))
        default = Shape.for_size(r * c)
        if (default.box_rows, default.box_cols) == (r, c):
            out[str(r * c)] = [lv for lv in LEVELS if levels.get(lv.capitalize(), 0) > 0]
    return out


def test_every_variant_size_and_level_offered_is_served_at_that_level(
        fresh_app: App, site: Path) -> None:
    app = fresh_app
    app.open()
    index = json.loads((site / "banks" / "variants.json").read_text())
    app.click("New puzzle")
    assert menu(app, "#new-variant") == ["", *index]
    served = []
    for key, entry in index.items():
        sizes = offered(index, key)
        open_panel(app)
        app.page.get_by_label("Variant").select_option(key)
        assert sorted(menu(app, "#new-size"), key=int) == sorted(sizes, key=int), key
        for size, levels in sizes.items():
            open_panel(app)  # Generate closed it
            app.page.get_by_label("Variant").select_option(key)
            app.page.locator("#new-size").select_option(size)
            assert menu(app, "#new-level") == levels, (key, size)
            for level in levels:
                text = new_puzzle(app, size, level, key)
                assert text.startswith(f"New {level.capitalize()} {entry['words']} puzzle "
                                       f"({size}×{size})"), text
                assert "not reached" not in text and "closest" not in text
                expect(app.page.locator("[role=grid]")).not_to_have_attribute("data-variant", "")
                assert app.cells().count() == int(size) ** 2
                grid = grid_on_screen(app)
                rating = rate(grid, time_limit=120)
                assert rating.level == level.capitalize(), (key, size, level, rating.level)
                served.append((key, size, level))
    assert len(served) >= 4 * len(index)


def test_classic_brings_back_the_classic_sizes(fresh_app: App) -> None:
    app = fresh_app
    app.open()
    app.click("New puzzle")
    app.page.get_by_label("Variant").select_option("thermometer")
    assert sorted(menu(app, "#new-size"), key=int) == ["6", "9"]
    app.page.get_by_label("Variant").select_option("")
    assert "25" in menu(app, "#new-size") and "4" in menu(app, "#new-size")
    app.page.locator("#new-size").select_option("4")
    assert menu(app, "#new-level") == ["easy"]
