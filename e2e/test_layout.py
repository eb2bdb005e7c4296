"""Layouts: the phone screen holds grid, modes, keypad, Undo and message; the desktop grid takes
the screen's height; no layout shift while loading; print shows the grid alone."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser
from puzzles import CLASSIC, HARD25

PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def box(app: App, selector: str) -> dict[str, float]:
    b = app.page.locator(selector).first.bounding_box()
    assert b, selector
    return b


def on_screen(app: App, selector: str, width: int, height: int) -> None:
    b = box(app, selector)
    assert b["x"] >= 0 and b["y"] >= 0, (selector, b)
    right, bottom = b["x"] + b["width"], b["y"] + b["height"]
    assert right <= width + 0.5 and bottom <= height + 0.5, (selector, b)


def page_with(browser: Browser, server: Server, watch: Watch, **options: Any) -> tuple[Any, App]:
    ctx = open_context(browser, server, watch, **options)
    return ctx, App(ctx.new_page(), server, watch)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_one_screen(browser: Browser, server: Server, watch: Watch, scheme: str) -> None:
    ctx, app = page_with(browser, server, watch, color_scheme=scheme, **PHONE)
    try:
        app.open("#p=" + CLASSIC)
        for sel in ("#grid", "#message", "#modes", "#keypad", "#undo",
                    "button[aria-label='Erase']"):
            on_screen(app, sel, 375, 667)
        assert app.cell(1, 3).bounding_box()["width"] >= 36  # type: ignore[index]
        app.cell(1, 3).tap()
        app.page.get_by_role("button", name="Enter 4").tap()
        app.page.get_by_role("button", name="Undo", exact=True).tap()
        assert app.page.evaluate("scrollY") == 0
        assert app.page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        ctx.close()


def test_phone_landscape(browser: Browser, server: Server, watch: Watch) -> None:
    ctx, app = page_with(browser, server, watch, viewport={"width": 667, "height": 375},
                         is_mobile=True, has_touch=True)
    try:
        app.open("#p=" + CLASSIC)
        for sel in ("#grid", "#message", "#modes", "#undo"):
            on_screen(app, sel, 667, 375)
        grid, message = box(app, "#grid"), box(app, "#message")
        assert grid["x"] + grid["width"] <= message["x"]  # side by side, nothing drawn over
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=["1366", "1920"])
def test_desktop_grid_takes_the_height(browser: Browser, server: Server, watch: Watch,
                                       size: tuple[int, int]) -> None:
    w, h = size
    ctx, app = page_with(browser, server, watch, viewport={"width": w, "height": h})
    try:
        app.open("#p=" + HARD25)
        grid = box(app, "#grid")
        assert grid["height"] >= h - 90 and grid["y"] + grid["height"] <= h, grid
        cell = app.cell(1, 1)
        assert cell.bounding_box()["width"] >= 24  # type: ignore[index]
        font = float(app.page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('[role=gridcell]')).fontSize)"))
        assert font >= 14
        for sel in ("#keypad", "#hint", "#undo", "#message"):
            on_screen(app, sel, w, h)
    finally:
        ctx.close()


def test_no_layout_shift_while_loading(browser: Browser, server: Server, watch: Watch) -> None:
    ctx, app = page_with(browser, server, watch, **PHONE)
    try:
        app.page.add_init_script("""
            window.__cls = 0;
            new PerformanceObserver(list => {
                for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
            }).observe({type: 'layout-shift', buffered: true});
        """)
        app.open("#p=" + CLASSIC)
        app.page.wait_for_timeout(300)
        assert app.page.evaluate("window.__cls") < 0.1
    finally:
        ctx.close()


def test_print_shows_the_grid_alone(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.page.emulate_media(media="print")
    try:
        assert app.page.locator("#grid").is_visible()
        for sel in ("#keypad", "#hint", "#message", "header"):
            assert not app.page.locator(sel).is_visible(), sel
        assert "9×9" in app.page.locator("#print-level").inner_text()
    finally:
        app.page.emulate_media(media="screen")


def test_phone_import_error_is_seen(browser: Browser, server: Server, watch: Watch) -> None:
    # The import panel sits below the grid on a phone: its error must come into view.
    ctx, app = page_with(browser, server, watch, **PHONE)
    try:
        app.open("#p=" + CLASSIC)
        app.open_menu()
        app.page.get_by_role("button", name="Import / export").tap()
        text = app.page.get_by_label("Puzzle text")
        text.scroll_into_view_if_needed()
        text.fill("this is no puzzle at all")
        app.page.get_by_role("button", name="Import", exact=True).tap()
        app.wait_message("not")
        b = box(app, "#message")
        assert b["y"] + b["height"] > 0 and b["y"] < 667, b
    finally:
        ctx.close()
