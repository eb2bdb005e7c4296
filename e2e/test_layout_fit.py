"""One screen at every size: on a phone, a tablet and a 1366 laptop (with and without the
browser's bars) the page never scrolls, the whole grid is in view with New puzzle, Hint, Undo,
Redo and the keypad, and on touch screens every key is at least 44x44 px (WCAG target size)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

import pytest
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser, BrowserContext

from sudoku_core import Grid, Shape, solve

TOUCH = {"is_mobile": True, "has_touch": True}
SCREENS: dict[str, dict[str, Any]] = {
    "phone-375x667": {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2,
                      **TOUCH},
    "laptop-1366x768": {"viewport": {"width": 1366, "height": 768}},
    "laptop-1366x657": {"viewport": {"width": 1366, "height": 657}},  # 768 less the bars
    "tablet-768x1024": {"viewport": {"width": 768, "height": 1024}, **TOUCH},
}
SIZES = (4, 6, 9, 12, 16, 25)
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
ALWAYS = ("#new", "#hint", "#undo", "#redo")  # the calm screen's buttons, never scrolled to


def link(n: int) -> str:
    """An n x n puzzle: its first row given in order, the rest empty."""
    return "#p=" + SYMBOLS[:n] + "." * (n * n - n)


Opener = Callable[[str], App]


@pytest.fixture(scope="module")
def screen(browser: Browser, server: Server) -> Iterator[Opener]:
    """One loaded page per screen, opened on first use (the engine starts once per screen)."""
    opened: dict[str, tuple[BrowserContext, App]] = {}

    def get(name: str) -> App:
        if name not in opened:
            watch = Watch()
            ctx = open_context(browser, server, watch, **SCREENS[name])
            app = App(ctx.new_page(), server, watch)
            app.open(link(9))
            opened[name] = (ctx, app)
        app = opened[name][1]
        app.watch.errors.clear()
        app.watch.outside.clear()
        return app

    yield get
    for ctx, _ in opened.values():
        ctx.close()


def show(app: App, n: int) -> None:
    """Open the n x n puzzle and wait for its grid with the shape's lines (the grid is drawn
    again once the shape's geometry is loaded)."""
    app.show(link(n))
    app.page.wait_for_function(
        "n => document.querySelectorAll('[role=gridcell][data-region]').length === n", arg=n * n)


def rect(app: App, selector: str) -> dict[str, float]:
    b = app.page.locator(selector).first.bounding_box()
    assert b, f"{selector} is not drawn"
    return b


def inside(b: dict[str, float], width: int, height: int) -> bool:
    return (b["x"] >= -0.5 and b["y"] >= -0.5 and b["x"] + b["width"] <= width + 0.5
            and b["y"] + b["height"] <= height + 0.5)


def check_one_screen(app: App, n: int, touch: bool) -> None:
    page = app.page
    size = page.viewport_size
    assert size
    width, height = size["width"], size["height"]
    scroll = page.evaluate("""() => [document.scrollingElement.scrollHeight, innerHeight,
                                     document.scrollingElement.scrollWidth, innerWidth]""")
    assert scroll[0] <= scroll[1] + 1, f"{n}x{n}: the page scrolls down ({scroll})"
    assert scroll[2] <= scroll[3] + 1, f"{n}x{n}: the page scrolls sideways ({scroll})"
    grid = rect(app, "#grid")
    assert inside(grid, width, height), (n, "grid", grid)
    for sel in ("[role=gridcell]:first-child", "[role=row]:last-child [role=gridcell]:last-child"):
        assert inside(rect(app, sel), width, height), (n, sel)
    for sel in (*ALWAYS, "#keypad"):
        assert page.locator(sel).is_visible(), (n, sel)
        assert inside(rect(app, sel), width, height), (n, sel, rect(app, sel))
    keys = page.eval_on_selector_all(
        "#keypad button", "keys => keys.map(k => k.getBoundingClientRect().toJSON())")
    assert len(keys) == n + 1  # the values and Erase
    for k in keys:
        assert inside(k, width, height), (n, k)
    if touch:
        small = [k for k in keys if k["width"] < 44 or k["height"] < 44]
        assert not small, f"{n}x{n}: keys under 44x44 px: {small[:3]}"


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("name", list(SCREENS))
def test_one_screen_at_every_size(screen: Opener, name: str, n: int) -> None:
    app = screen(name)
    show(app, n)
    assert app.page.locator("#keypad button").count() == n + 1
    check_one_screen(app, n, touch=bool(SCREENS[name].get("has_touch")))
    assert app.watch.errors == [] and app.watch.outside == []


@pytest.mark.parametrize("name", ["phone-375x667", "tablet-768x1024"])
def test_modes_never_resize_the_grid(screen: Opener, name: str) -> None:
    # The colour keypad is shorter than a 25x25's: the grid keeps its size all the same.
    app = screen(name)
    show(app, 25)
    before = rect(app, "#grid")
    try:
        for mode in ("Colour", "Corner", "Normal"):
            app.button(mode).tap()
            app.page.wait_for_function(
                "m => document.querySelector('#keypad').dataset.mode === m", arg=mode.lower())
            assert rect(app, "#grid") == before, mode
            assert app.page.evaluate(
                "document.scrollingElement.scrollHeight <= innerHeight + 1"), mode
    finally:
        app.button("Normal").tap()


def test_cell_info_line_moves_nothing_on_a_phone(screen: Opener) -> None:
    # 16x16 and up spell the selected cell's candidates out under the grid: its line is kept
    # free, so selecting a cell moves no control and the page still does not scroll.
    app = screen("phone-375x667")
    show(app, 16)
    keypad = rect(app, "#keypad")
    candidates = app.page.locator("#candidates")
    if candidates.get_attribute("aria-pressed") != "true":
        candidates.tap()
    try:
        app.cell(2, 1).tap()
        info = app.page.locator("#cell-info")
        app.page.wait_for_function(
            "() => document.getElementById('cell-info').textContent.includes('candidates')")
        assert info.inner_text().startswith("r2c1: candidates")
        b = rect(app, "#cell-info")
        assert inside(b, 375, 667) and b["y"] >= rect(app, "#grid")["y"], b
        assert rect(app, "#keypad") == keypad
        check_one_screen(app, 16, touch=True)
    finally:
        if candidates.get_attribute("aria-pressed") == "true":
            candidates.tap()


def x_sum_link(seed: int = 1) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """A 9x9 X-Sum puzzle with its clues above the grid only (the frame is then taller than
    wide: no room is left beside it), made from a random solution; (hash, givens, solution)."""
    rng = random.Random(seed)
    found = solve(Grid.empty(Shape(3, 3)), rng=rng).solution
    assert found is not None
    sol = found.cells
    clues = []
    for c in range(9):
        column = [sol[r * 9 + c] for r in range(9)]
        clues.append({"column": c, "end": "start", "sum": sum(column[:column[0]])})
    givens = tuple(v if rng.random() < 0.35 else 0 for v in sol)
    line = "".join(str(v) if v else "." for v in givens)
    rules = quote(json.dumps({"x_sums": clues}, separators=(",", ":")))
    return f"#p={line}&v={rules}", givens, sol


def test_x_sum_with_a_long_message_and_restore_fits_a_phone(browser: Browser,
                                                             server: Server) -> None:
    # Clues outside the grid leave no slack under it; a failed check's long message and the
    # fifth action (Restore previous, after a link replaced a puzzle in progress) once made
    # the actions' row taller and the page scrolled by 5 px.
    watch = Watch()
    ctx = open_context(browser, server, watch, **SCREENS["phone-375x667"])
    try:
        app = App(ctx.new_page(), server, watch)
        app.open(link(9))
        app.cell(2, 2).tap()
        app.page.keyboard.press("5")  # work in progress: a link now keeps it to restore
        hash_, givens, sol = x_sum_link()
        app.show(hash_)
        app.page.wait_for_function(
            "() => (document.querySelector('#grid').dataset.constraints || '').includes('x')")
        empty = givens.index(0)
        app.cell(empty // 9 + 1, empty % 9 + 1).tap()
        app.page.keyboard.press(str(sol[empty] % 9 + 1))  # a wrong digit
        app.click("Check")
        text = app.wait_message("X-sum")
        assert len(text) > 60, text  # a long message (it scrolls inside its box)
        assert app.button("Restore previous").is_visible()
        check_one_screen(app, 9, touch=True)
        assert app.page.evaluate("scrollY") == 0
        buttons = app.page.eval_on_selector_all(
            ".main-actions button", """bs => bs.filter(b => b.offsetParent).map(b => ({id: b.id,
                box: b.getBoundingClientRect().toJSON(), over: b.scrollWidth > b.clientWidth
                || b.scrollHeight > b.clientHeight}))""")
        assert len(buttons) == 5, buttons
        assert {b["box"]["top"] for b in buttons} == {buttons[0]["box"]["top"]}, buttons
        assert {b["box"]["height"] for b in buttons} == {buttons[0]["box"]["height"]}
        assert not [b["id"] for b in buttons if b["over"]], buttons  # no word spills over
        for a, b in zip(buttons, buttons[1:], strict=False):
            assert a["box"]["right"] <= b["box"]["left"] + 0.5, (a, b)  # none overlap
        frame, message = rect(app, "#frame"), rect(app, "#message")
        toolbar = rect(app, ".toolbar")
        assert frame["y"] + frame["height"] <= message["y"] + 0.5, (frame, message)
        assert message["y"] + message["height"] <= toolbar["y"] + 0.5, (message, toolbar)
        assert watch.errors == [] and watch.outside == []
    finally:
        ctx.close()
