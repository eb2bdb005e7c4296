"""Placed rules in the page (docs/constraints.md): a puzzle whose rules the page does not draw
yet (a thermometer, an f-puzzles link with dots) keeps them; Solve obeys them, and the share
link carries them, so no rule is lost on the way through the page."""

from __future__ import annotations

import json
from urllib.parse import quote, unquote

from conftest import App
from playwright.sync_api import expect

from sudoku_core import parse
from sudoku_core.formats.links import format_site_link
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json

THERMO = {"thermometers": [{"cells": [0, 1, 2, 3]}, {"cells": [12, 8, 4]}]}


def test_a_thermometer_from_a_link_is_kept_and_solved_to(app: App) -> None:
    app.open("#p=" + "." * 16 + "&v=" + quote(json.dumps(THERMO), safe=""))
    app.wait_message("Opened")
    assert app.page.locator("[role=grid]").get_attribute("data-variant") == "thermometers"
    app.click("Solve")
    app.wait_message("Solved")
    values = [int(v) for v in app.values()]
    assert values[0] < values[1] < values[2] < values[3]  # classic alone would not force it
    assert values[12] < values[8] < values[4]
    app.click("Share")
    link = app.page.get_by_label("Share link").input_value()
    assert json.loads(unquote(link.split("&v=")[1].split("&")[0])) == THERMO


def test_an_fpuzzles_link_with_dots_is_checked_with_its_dots(app: App) -> None:
    rules = variant_from_json({"white_dots": [{"cells": [0, 1]}]}, 4)
    link = format_site_link(Grid(Shape(2, 2, rules), (1, 3) + (0,) * 14), "f-puzzles")
    assert parse(link).shape.variant == rules
    app.paste(link)
    app.wait_message("Loaded")
    app.click("Check")
    said = app.wait_message("white dot")  # 1 and 3 beside a white dot: the engine names it
    assert "r1c1" in said
    expect(app.cell(1, 1)).to_have_attribute("aria-invalid", "true")
