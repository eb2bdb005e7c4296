"""Playing like in the best apps: highlights, selection, marks and colours, modes, restart."""

from __future__ import annotations

import re

from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC

from sudoku_core import Shape
from sudoku_core.model.grid import geometry


def attr_cells(app: App, selector: str) -> set[int]:
    """0-based indices of the cells matching an attribute selector."""
    return set(app.page.eval_on_selector_all(
        f"[role=gridcell]{selector}", "cells => cells.map(c => Number(c.dataset.cell))"))


def test_peers_and_same_value(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(5, 5).click()  # empty
    geo = geometry(Shape(3, 3))
    cell = 4 * 9 + 4
    assert attr_cells(app, "[data-peer=true]") == set(geo.peers[cell])
    assert attr_cells(app, "[aria-selected=true]") == {cell}
    assert attr_cells(app, "[data-same=true]") == set()
    app.page.keyboard.press("Control+Digit5")  # centre marks 5 and 7 in r5c5, corner 5 in r5c7
    app.page.keyboard.press("Control+Digit7")
    app.cell(5, 7).click()
    app.page.keyboard.press("Alt+Digit5")
    app.cell(1, 1).click()  # the given 5
    fives = {i for i, ch in enumerate(CLASSIC) if ch == "5"}
    assert attr_cells(app, "[data-same=true]") == fives
    assert attr_cells(app, "[data-peer=true]") == set(geo.peers[0])
    # Every mark of that value stands out too, and only those.
    same_marks = app.page.eval_on_selector_all(
        "[role=gridcell] .same", "ms => ms.map(m => m.closest('[role=gridcell]')"
        ".getAttribute('aria-label').split(',')[0] + ':' + m.textContent)")
    assert sorted(same_marks) == ["r5c5:5", "r5c7:5"]


def test_multi_select_and_marks_in_every_mode(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    app.cell(1, 3).click()
    app.cell(1, 4).click(modifiers=["Shift"])
    app.cell(2, 2).click(modifiers=["Control"])
    assert attr_cells(app, "[aria-selected=true]") == {2, 3, 10}
    app.click("Corner")
    expect(app.button("Corner")).to_have_attribute("aria-pressed", "true")
    expect(app.button("Normal")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("2")
    page.keyboard.press("1")
    for r, c in ((1, 3), (1, 4), (2, 2)):
        expect(app.cell(r, c)).to_have_attribute("data-corner", "12")
    app.click("Centre")
    page.keyboard.press("7")
    expect(app.cell(1, 4)).to_have_attribute("data-centre", "7")
    page.keyboard.press("7")  # toggled off again in every selected cell
    expect(app.cell(1, 4)).to_have_attribute("data-centre", "")
    app.click("Colour")
    page.keyboard.press("3")
    page.keyboard.press("5")
    expect(app.cell(1, 3)).to_have_attribute("data-colors", "3 5")
    expect(app.cell(2, 2)).to_have_attribute("data-colors", "3 5")
    # Marks never replace a value: a given cell in the selection keeps its value.
    app.click("Corner")
    app.cell(1, 1).click(modifiers=["Shift"])
    page.keyboard.press("4")
    expect(app.cell(1, 1)).to_have_attribute("data-value", "5")
    expect(app.cell(1, 1)).to_have_attribute("data-corner", "")
    expect(app.cell(1, 3)).to_have_attribute("data-corner", "124")
    # The corner and centre marks look different from each other and from the candidates.
    app.click("Candidates")
    page.wait_for_function("() => document.querySelector('[aria-label^=\"r3c1,\"] .cands')")
    app.click("Centre")
    app.cell(3, 1).click()
    page.keyboard.press("1")
    styles = page.evaluate(
        """() => ['.corner span', '.centre', '.cands span'].map(s => {
            const el = document.querySelector('[role=gridcell] ' + s);
            const st = getComputedStyle(el);
            return [st.color, st.fontSize, el.getBoundingClientRect().top].join('/');
        })""")
    assert len(set(styles)) == 3, styles
    app.click("Candidates")
    # Undo takes back the marks one action at a time; redo brings them back.
    app.click("Undo")
    expect(app.cell(3, 1)).to_have_attribute("data-centre", "")
    app.click("Redo")
    expect(app.cell(3, 1)).to_have_attribute("data-centre", "1")
    # Focus is back on the grid after a button: typing goes on at once.
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"


def test_mode_keys_and_drag(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    app.cell(1, 3).click()
    page.keyboard.press("x")  # corner mode
    expect(app.button("Corner")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(" ")  # cycles to centre
    expect(app.button("Centre")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("z")
    expect(app.button("Normal")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowDown")
    assert attr_cells(app, "[aria-selected=true]") == {2, 3, 12}
    # Drag across r6c2..r6c4 selects the three cells.
    a = app.cell(6, 2).bounding_box()
    b = app.cell(6, 4).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + 5, a["y"] + 5)
    page.mouse.down()
    page.mouse.move(b["x"] + 5, b["y"] + 5, steps=8)
    page.mouse.up()
    assert attr_cells(app, "[aria-selected=true]") == {46, 47, 48}
    page.keyboard.press("Alt+Digit9")  # a corner mark in all three
    for c in (2, 3, 4):
        expect(app.cell(6, c)).to_have_attribute("data-corner", "9")


def test_restart_keeps_givens(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    app.page.keyboard.press("Control+Digit2")  # no effect on a filled cell
    app.cell(1, 4).click()
    app.page.keyboard.press("Control+Digit6")
    app.click("Restart")
    app.expect_line(CLASSIC)
    expect(app.cell(1, 4)).to_have_attribute("data-centre", "")
    assert set(app.kinds()) == {"given", "empty"}
    app.click("Undo")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    expect(app.cell(1, 4)).to_have_attribute("data-centre", "6")


def test_share_link_keeps_marks_colours_and_candidates(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    app.cell(1, 3).click()
    page.keyboard.press("Alt+Digit1")
    page.keyboard.press("Control+Digit2")
    app.click("Colour")
    page.keyboard.press("4")
    app.click("Normal")
    app.click("Share")
    expect(page.get_by_label("Share link")).to_have_value(re.compile("&k="))
    url = page.get_by_label("Share link").input_value()
    app.show("#p=" + "." * 81)
    app.show("#" + url.split("#", 1)[1])
    expect(app.cell(1, 3)).to_have_attribute("data-corner", "1")
    expect(app.cell(1, 3)).to_have_attribute("data-centre", "2")
    expect(app.cell(1, 3)).to_have_attribute("data-colors", "4")


def test_pasting_the_page_link_opens_it(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    app.click("Share")
    url = app.page.get_by_label("Share link").input_value()
    app.show("#p=" + "." * 81)
    app.paste(url)
    app.wait_message("Opened the pasted link")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    expect(app.cell(1, 3)).to_have_attribute("data-kind", "entry")


def test_keypad_in_each_mode(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    app.cell(1, 3).click()
    app.click("Colour")
    page.get_by_role("button", name="Paint 3 (yellow)").click()
    page.get_by_role("button", name="Paint 9 (grey)").click()
    expect(app.cell(1, 3)).to_have_attribute("data-colors", "3 9")
    app.click("Corner")
    page.get_by_role("button", name="Enter 8").click()
    expect(app.cell(1, 3)).to_have_attribute("data-corner", "8")
    app.click("Centre")
    page.get_by_role("button", name="Enter 2").click()
    expect(app.cell(1, 3)).to_have_attribute("data-centre", "2")
    app.click("Normal")
    page.get_by_role("button", name="Enter 4").click()
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    app.click("Centre")
    page.get_by_role("button", name="Enter 1").click()  # never replaces the value
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    app.click("Normal")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("r1c3")
