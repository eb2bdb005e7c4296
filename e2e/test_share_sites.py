"""Share's f-puzzles and SudokuPad links (docs/page.md "Share and export"): written by the
engine for the puzzle on the page, read back by the library to the same givens and rules, a
shape those sites cannot draw said in the engine's words, and the panel inside a phone's and a
laptop's screen."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC, SIX

from sudoku_core.formats.links import format_site_link
from sudoku_core.formats.read import parse, read_parts
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.grid import Grid, Shape

X_KILLER = generate_puzzle(Shape(3, 3), ("x", "killer"), "easy", seed=3).grid
SITES = {"fpuzzles": "f-puzzles link", "sudokupad": "SudokuPad link"}


def rules(grid: Grid) -> object:
    variant = grid.shape.variant
    return variant.to_json() if variant is not None else None


def share(app: App) -> dict[str, str]:
    """Press Share; the page's own link and the two site links once the engine wrote them."""
    app.click("Share")
    links = {"page": app.page.get_by_label("Share link", exact=True).input_value()}
    for key, name in SITES.items():
        field = app.page.get_by_label(name, exact=True)
        expect(field).not_to_have_value("", timeout=30_000)
        assert field.get_attribute("readonly") is not None
        links[key] = field.input_value()
    return links


def assert_read_back(links: dict[str, str], givens: str, box: str, variant: object) -> None:
    """Both site links read back by the library as the page's own link does, and as expected."""
    page = parse(links["page"])
    assert (page.line(), str(page.shape.classic), rules(page)) == (givens, box, variant)
    assert links["fpuzzles"].startswith("https://www.f-puzzles.com/?load=")
    assert links["sudokupad"].startswith("https://sudokupad.app/fpuzzles")
    for site in SITES:
        grid = parse(links[site])
        assert (grid.line(), str(grid.shape.classic), rules(grid)) == (givens, box, variant), site


CASES = {
    "classic-9x9": ("#p=" + CLASSIC, CLASSIC, "3x3", None),
    "six-2x3": ("#p=" + SIX + "&box=2x3", SIX, "2x3", None),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_share_writes_site_links_of_a_link(app: App, case: tuple[str, str, str, None]) -> None:
    hash, givens, box, variant = case
    app.open(hash)
    app.expect_line(givens)
    assert_read_back(share(app), givens, box, variant)


def test_share_site_links_of_a_pasted_f_puzzles_x_killer(app: App) -> None:
    app.paste(format_site_link(X_KILLER, "f-puzzles"))
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "x,killer")
    app.expect_line(X_KILLER.line())
    assert rules(X_KILLER) is not None
    assert_read_back(share(app), X_KILLER.line(), "3x3", rules(X_KILLER))


def test_share_site_links_of_a_new_x_puzzle(app: App) -> None:
    app.click("New puzzle")
    app.page.locator("#new-size").select_option("9")
    app.page.get_by_label("Difficulty").select_option("easy")
    app.page.get_by_label("Variant").select_option("x")
    try:
        app.click("Generate")
        expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "x",
                                                                  timeout=90_000)
        givens = app.line()
        assert givens.count(".") < 81
        assert_read_back(share(app), givens, "3x3", {"diagonals": True})
    finally:  # back to classic for the next scenario on the shared page
        if app.page.locator("#new").get_attribute("aria-expanded") != "true":
            app.click("New puzzle")
        app.page.get_by_label("Variant").select_option("")
        app.click("New puzzle")


def test_site_links_keep_the_players_entries_apart(app: App) -> None:
    app.open("#p=" + SIX + "&box=2x3")
    app.cell(1, 1).click()
    app.page.keyboard.press("1")
    links = share(app)
    for site in SITES:
        read = read_parts(links[site])
        assert read.givens.line() == SIX, site
        assert read.entries is not None and read.entries.cells[0] == 1, site


def test_a_shape_the_sites_cannot_draw_is_said_in_words(app: App) -> None:
    app.open("#p=" + "1" + "." * 35 + "&box=3x2")
    app.click("Share")
    note = app.page.locator("#share-note")
    expect(note).to_be_visible(timeout=30_000)
    expect(note).to_contain_text("No f-puzzles or SudokuPad link")
    expect(note).to_contain_text("f-puzzles draws a 6x6 grid only with boxes of 2x3, not 3x2")
    for name in SITES.values():
        expect(app.page.get_by_label(name, exact=True)).to_be_hidden()
        expect(app.button(f"Copy {name}")).to_be_hidden()
    # The page's own link still holds it.
    assert parse(app.page.get_by_label("Share link", exact=True).input_value()).line() == \
        "1" + "." * 35


def test_copy_buttons_copy_the_links(app: App) -> None:
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                       origin=app.server.origin)
    try:
        app.open("#p=" + CLASSIC)
        links = share(app)
        for key, name in SITES.items():
            app.button(f"Copy {name}").click()
            app.wait_message(f"Copied the {name}")
            assert app.page.evaluate("navigator.clipboard.readText()") == links[key]
    finally:
        app.page.context.clear_permissions()


def test_an_edit_puts_the_site_links_away(app: App) -> None:
    app.open("#p=" + CLASSIC)
    share(app)
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    expect(app.page.locator("#share-panel")).to_be_hidden()
    app.click("Share")  # the next Share writes them afresh, never the old puzzle's
    field = app.page.get_by_label(SITES["fpuzzles"], exact=True)
    expect(field).not_to_have_value("", timeout=30_000)
    assert read_parts(field.input_value()).entries is not None


@pytest.mark.parametrize("width,height", [(1366, 768), (375, 667)])
def test_share_panel_fits_the_screen(app: App, width: int, height: int) -> None:
    page = app.page
    before = page.viewport_size
    page.set_viewport_size({"width": width, "height": height})
    try:
        text = json.dumps(rules(X_KILLER), separators=(",", ":"))
        app.open(f"#p={X_KILLER.line()}&v={quote(text, safe='')}")
        share(app)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow} px"
        panel = page.locator("#share-panel").bounding_box()
        assert panel is not None and panel["x"] >= 0 and panel["x"] + panel["width"] <= width
        for name in SITES.values():
            for part in (page.get_by_label(name, exact=True), app.button(f"Copy {name}")):
                box = part.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    finally:
        if before:
            page.set_viewport_size(before)
