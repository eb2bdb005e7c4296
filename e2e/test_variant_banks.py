"""New puzzle with rules, from the variant banks: the Variant menu lists what the banks hold, the
sizes and levels follow the variant chosen, and each choice gives a puzzle of that variant at
once, at the level asked."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import NEW_GRID_SHOWN, App, menu, wait_until
from conftest import open_new_panel as open_panel
from playwright.sync_api import expect


def new_variant_puzzle(app: App, key: str, size: str, level: str) -> str:
    before = app.line()
    open_panel(app)
    app.page.get_by_label("Variant").select_option(key)
    app.page.locator("#new-size").select_option(size)
    app.page.get_by_label("Difficulty").select_option(level)
    app.click("Generate")
    wait_until(app.page, NEW_GRID_SHOWN, before, timeout=10)
    return str(app.status().inner_text())


def test_every_variant_size_and_level_offered_is_served(fresh_app: App, site: Path) -> None:
    app = fresh_app
    app.open()
    index = json.loads((site / "banks" / "variants.json").read_text())
    app.click("New puzzle")
    assert menu(app, "#new-variant") == ["", *index]
    served = 0
    for k, (key, entry) in enumerate(index.items()):
        open_panel(app)
        app.page.get_by_label("Variant").select_option(key)
        sizes = {str(int(b[0]) * int(b[2])): b for b in entry["boxes"]}
        assert sorted(menu(app, "#new-size"), key=int) == sorted(sizes, key=int), key
        for size, box in sizes.items():
            open_panel(app)  # Generate closed it
            app.page.get_by_label("Variant").select_option(key)
            app.page.locator("#new-size").select_option(size)
            levels = [lv.lower() for lv in entry["boxes"][box]]
            assert menu(app, "#new-level") == levels, (key, size)
            level = levels[k % len(levels)]  # a different level for each variant
            text = new_variant_puzzle(app, key, size, level)
            assert text.startswith(f"New {level.capitalize()} {entry['words']} puzzle "
                                   f"({size}×{size})"), text
            assert "not reached" not in text and "closest" not in text
            expect(app.page.locator("[role=grid]")).not_to_have_attribute("data-variant", "")
            assert app.cells().count() == int(size) ** 2
            served += 1
    assert served >= 2 * len(index) - 2


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
