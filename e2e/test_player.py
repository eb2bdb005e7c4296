"""What a player used to other apps expects: SudokuPad's keys, imports that keep the player's
work, a calm screen (the rest one tap away in the menu) that fits a phone, a size change that
asks and can be undone, and hints whose highlights show why."""

from __future__ import annotations

import json

import pytest
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser, expect
from puzzles import CLASSIC, CLASSIC_SOLUTION

from sudoku_core import parse
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64
from sudoku_core.logic.hint import hint

PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
MENU_BUTTONS = ("Check", "Validate", "Solve", "Steps", "Fill candidates", "Import / export",
                "Share", "Saved games", "Settings", "Restart")
IN_VIEW = ("Hint", "New puzzle", "Undo", "Redo", "Normal", "Corner", "Centre", "Colour", "Menu")


def test_sudokupad_keys(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    cell = app.cell(1, 3)
    cell.click()
    page.keyboard.press("Shift+Digit4")  # corner, as in SudokuPad
    expect(cell).to_have_attribute("data-corner", "4")
    expect(cell).to_have_attribute("data-centre", "")
    page.keyboard.press("Control+Digit5")  # centre
    expect(cell).to_have_attribute("data-centre", "5")
    page.keyboard.press("Meta+Digit6")  # Cmd on a Mac: centre too
    expect(cell).to_have_attribute("data-centre", "56")
    page.keyboard.press("Alt+Digit7")  # the page's older corner key still works
    expect(cell).to_have_attribute("data-corner", "47")
    page.keyboard.press("Control+Digit5")  # toggles off
    expect(cell).to_have_attribute("data-centre", "6")
    expect(cell).to_have_attribute("data-value", "")
    for key, mode in (("x", "Corner"), ("c", "Centre"), ("v", "Colour"), ("z", "Normal")):
        page.keyboard.press(key)
        expect(app.button(mode)).to_have_attribute("aria-pressed", "true")
    for mode in ("Corner", "Centre", "Colour", "Normal"):  # Space cycles
        page.keyboard.press(" ")
        expect(app.button(mode)).to_have_attribute("aria-pressed", "true")
    help_text = page.locator("#help").text_content() or ""
    assert "Shift+digit a corner mark" in help_text
    assert "Ctrl+digit" in help_text and "centre mark" in help_text
    assert "Z, X, C, V" in help_text and "Space cycles" in help_text


def _fpuzzles_data() -> tuple[str, dict[str, object]]:
    """f-puzzles data of CLASSIC with the player's work: an entry, marks and a colour."""
    n = 9
    rows: list[list[dict[str, object]]] = [
        [{"value": int(ch), "given": True} if ch != "." else {} for ch in CLASSIC[r * n:r * n + n]]
        for r in range(n)]
    rows[0][2] = {"value": 4}  # r1c3: the player's 4 (not a given)
    rows[0][3] = {"centerPencilMarks": [2, 6]}  # r1c4
    rows[0][5] = {"cornerPencilMarks": [1, "8"]}  # r1c6
    rows[1][1] = {"c": "#FFA0A0"}  # r2c2: red, the page's colour 1
    data = compress_to_base64(json.dumps({"size": 9, "grid": rows}))
    return data, {"givens": sum(ch != "." for ch in CLASSIC)}


@pytest.mark.parametrize("source", ["f-puzzles", "SudokuPad"])
def test_imported_link_keeps_the_players_work(app: App, source: str) -> None:
    data, facts = _fpuzzles_data()
    link = ("https://www.f-puzzles.com/?load=" + data if source == "f-puzzles"
            else "https://sudokupad.app/fpuzzles" + data)
    app.paste(link)
    said = app.wait_message("Loaded a 9×9 puzzle")
    assert f"{facts['givens']} givens" in said
    assert "1 of your entry" in said.replace("entries", "entry") and "4 marks" in said
    assert "1 coloured cell" in said
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    expect(app.cell(1, 3)).to_have_attribute("data-kind", "entry")
    expect(app.cell(1, 4)).to_have_attribute("data-centre", "26")
    expect(app.cell(1, 6)).to_have_attribute("data-corner", "18")
    expect(app.cell(2, 2)).to_have_attribute("data-colors", "1")
    assert app.kinds().count("given") == facts["givens"]
    # The page's own link, pasted, says what it brought too.
    app.open_menu()
    app.click("Share")
    url = app.page.get_by_label("Share link").input_value()
    app.show("#p=" + "." * 81)
    app.paste(url)
    said = app.wait_message("Opened the pasted link")
    assert "1 of your entry" in said and "4 marks" in said


def test_the_rest_is_one_tap_away_in_the_menu(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    for name in IN_VIEW:
        expect(app.button(name)).to_be_visible()
    for name in MENU_BUTTONS:
        hidden = page.get_by_role("button", name=name, exact=True, include_hidden=True)
        expect(hidden).to_be_hidden()
    expect(page.get_by_label("Size", exact=True).first).to_be_hidden()
    app.click("Menu")
    expect(app.button("Menu")).to_have_attribute("aria-expanded", "true")
    for name in MENU_BUTTONS:
        expect(app.button(name)).to_be_visible()
    expect(page.get_by_label("Size", exact=True).first).to_be_visible()
    page.keyboard.press("Escape")
    expect(app.button("Menu")).to_have_attribute("aria-expanded", "false")
    expect(app.button("Solve")).to_have_count(0)  # hidden again
    app.click("Check")  # the helper opens the menu; a choice closes it
    expect(app.button("Menu")).to_have_attribute("aria-expanded", "false")


def test_size_change_asks_and_undo_brings_the_puzzle_back(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.type_line("4", start=(1, 3))
    page = app.page
    size = page.get_by_label("Size", exact=True).first
    app.open_menu()
    size.select_option("6")
    expect(page.locator("#size-ask")).to_be_visible()
    assert app.cells().count() == 81  # nothing cleared before the answer
    app.click("Keep this puzzle")
    expect(page.locator("#size-ask")).to_be_hidden()
    assert app.cells().count() == 81 and size.input_value() == "9"
    size.select_option("6")
    app.click("Clear the grid")
    page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length === 36")
    app.close_menu()
    expect(app.button("Undo")).to_be_enabled()
    app.cell(1, 1).click()
    page.keyboard.press("Control+z")
    page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length === 81")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    assert app.line() == CLASSIC[:2] + "4" + CLASSIC[3:]
    app.wait_message("your puzzle is back")
    # Its own history came back too: one more Undo takes the 4 away.
    app.click("Undo")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "")


def test_phone_fits_without_scrolling(browser: Browser, server: Server, watch: Watch) -> None:
    ctx = open_context(browser, server, watch, **PHONE)
    try:
        app = App(ctx.new_page(), server, watch)
        app.open("#p=" + CLASSIC)
        page = app.page
        heights = page.evaluate("[document.documentElement.scrollHeight, innerHeight, "
                                "document.documentElement.scrollWidth]")
        assert heights[0] <= heights[1] == 667 and heights[2] <= 375, heights
        for selector in ("#grid", "#keypad", "#new", "#hint", "#menu", "#modes", "#undo"):
            b = page.locator(selector).bounding_box()
            assert b and b["y"] >= 0 and b["y"] + b["height"] <= 667, (selector, b)
            assert b["x"] >= 0 and b["x"] + b["width"] <= 375, (selector, b)
        keys = page.locator("#keypad button")
        assert keys.count() == 10
        for i in range(keys.count()):
            k = keys.nth(i).bounding_box()
            assert k and k["width"] >= 44 and k["height"] >= 44, (i, k)
        # The menu opens over the keypad and its buttons are tappable.
        page.get_by_role("button", name="Menu", exact=True).tap()
        solve = page.get_by_role("button", name="Solve", exact=True)
        b = solve.bounding_box()
        assert b and b["y"] + b["height"] <= 667
        solve.tap()
        app.wait_message("Solved.")
        # New puzzle: the page is left at the top, the whole grid in view.
        page.get_by_role("button", name="New puzzle", exact=True).tap()
        page.get_by_role("button", name="Generate", exact=True).tap()
        app.wait_message("New ")
        page.wait_for_function("() => scrollY === 0")
        g = page.locator("#grid").bounding_box()
        assert g and g["y"] >= 0 and g["y"] + g["height"] <= 667
    finally:
        ctx.close()


def _style(app: App, row: int, col: int) -> str:
    return str(app.cell(row, col).evaluate(
        "c => { const s = getComputedStyle(c); return s.backgroundColor + '|' + s.boxShadow; }"))


def test_hint_shows_its_causes_its_change_and_stays_above_the_selection(app: App) -> None:
    app.open("#p=" + CLASSIC)
    found = hint(parse(CLASSIC)).to_json("step")
    (target,) = [c["index"] for c in found["cells"] if c["role"] == "target"]
    causes = [c["index"] for c in found["causes"]]
    assert causes, "a hidden single has cells that rule the others out"
    tr, tc = divmod(target, 9)
    app.cell(tr + 1, tc + 1).click()  # the selection sits on the hint's target
    app.click("Hint")
    app.wait_message("Hint again says what to look for")
    app.click("Hint")
    app.wait_message("Hint again shows the step")
    app.click("Hint")
    app.wait_message("Hint again applies it")
    page = app.page
    got = page.eval_on_selector_all(
        "[role=gridcell][data-highlight]",
        "cs => cs.map(c => [c.getAttribute('aria-label').split(',')[0], c.dataset.highlight])")
    roles = {}
    for name, role in got:
        r, c = name[1:].split("c")
        roles[(int(r) - 1) * 9 + int(c) - 1] = role
    assert roles[target] == "target"
    assert sorted(c for c, r in roles.items() if r == "cause") == sorted(causes)
    assert all(CLASSIC[c] != "." for c in causes)  # givens that rule the other cells out
    unit = next(c for c, r in roles.items() if r == "unit")
    # Three styles; the selected target keeps the hint's look (the selection is a ring).
    cause_style = _style(app, causes[0] // 9 + 1, causes[0] % 9 + 1)
    target_style = _style(app, tr + 1, tc + 1)
    unit_style = _style(app, unit // 9 + 1, unit % 9 + 1)
    assert len({cause_style, target_style, unit_style}) == 3
    selected_bg = app.cell(tr + 1, tc + 1).evaluate("c => getComputedStyle(c).backgroundColor")
    plain_target = page.evaluate(
        "() => { const d = document.createElement('div'); d.className = 'cell';"
        " d.dataset.highlight = 'target'; document.body.append(d);"
        " const bg = getComputedStyle(d).backgroundColor; d.remove(); return bg; }")
    assert selected_bg == plain_target
    app.click("Hint")
    app.wait_message("Applied")
    value = CLASSIC_SOLUTION[target]
    expect(app.cell(tr + 1, tc + 1)).to_have_attribute("data-value", value)
    app.click("Undo")
    said = app.wait_message("Undone")
    assert "Applied" not in said
    expect(app.cell(tr + 1, tc + 1)).to_have_attribute("data-value", "")


def test_first_missing_mark_hint_shows_its_cell(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Fill candidates")
    app.wait_message("Candidates written as centre marks")
    cell = app.cell(1, 3)
    needed = CLASSIC_SOLUTION[2]
    expect(cell).to_have_attribute("data-centre", "124")
    cell.click()
    app.page.keyboard.press(f"Control+Digit{needed}")  # the needed mark removed
    expect(cell).to_have_attribute("data-centre", "12")
    app.click("Hint")  # where: the cell, not yet what is missing there
    app.wait_message("Look at r1c3")
    expect(cell).to_have_attribute("data-highlight", "target")
    app.click("Hint")
    app.wait_message("missing in r1c3")
    app.click("Hint")
    app.wait_message(f"{needed} in r1c3")
    expect(cell).to_have_attribute("data-highlight", "missing")
