"""Accessibility (axe), phone viewport, dark mode."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser, expect
from puzzles import CLASSIC


def serious(results: object) -> list[str]:
    violations = results.response["violations"]  # type: ignore[attr-defined]
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)" for v in violations
            if v.get("impact") in ("serious", "critical")]


def test_axe_no_serious_violations(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")
    app.cell(1, 4).click()
    app.page.keyboard.press("1")  # a conflict on screen
    app.page.wait_for_function("() => document.querySelectorAll('[aria-invalid=true]').length > 0")
    app.click("Share")
    app.click("Import / export")
    assert serious(Axe().run(app.page)) == []


def test_axe_dark_mode(browser: Browser, server: Server, watch: Watch) -> None:
    ctx = open_context(browser, server, watch, color_scheme="dark")
    try:
        app = App(ctx.new_page(), server, watch)
        app.open("#p=" + CLASSIC)
        bg = app.page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert bg != "rgb(255, 255, 255)"
        app.click("Solve")
        app.wait_message("Solved")
        assert serious(Axe().run(app.page)) == []
    finally:
        ctx.close()


def test_phone_viewport(browser: Browser, server: Server, watch: Watch) -> None:
    ctx = open_context(browser, server, watch, viewport={"width": 375, "height": 667},
                       is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        app = App(ctx.new_page(), server, watch)
        app.open("#p=" + CLASSIC)
        page = app.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        box = page.locator("#grid").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375
        cell = app.cell(1, 3).bounding_box()
        assert cell and cell["width"] >= 30  # big enough to tap
        app.cell(1, 3).tap()
        page.get_by_role("button", name="Enter 4").tap()
        expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
        app.open_menu()  # Solve, Validate, Share and Size are in the menu
        page.get_by_role("button", name="Solve", exact=True).tap()
        app.wait_message("Solved.")
        app.open_menu()
        for name in ("Validate", "Share", "Undo"):
            b = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert b and b["x"] + b["width"] <= 375, name
        page.get_by_label("Size", exact=True).first.select_option("25")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        ctx.close()
