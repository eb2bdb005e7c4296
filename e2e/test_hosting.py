"""Hosting: a sub-path (GitHub Pages project site), no request leaving the origin, manifest."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import App, Server, Watch, open_context, wait_until
from playwright.sync_api import Browser
from puzzles import SMALL, SMALL_SOLUTION


def test_served_from_a_sub_path(browser: Browser, site: Path, watch: Watch) -> None:
    server = Server(site, prefix="/someone/sudoku/").start()
    ctx = open_context(browser, server, watch, service_workers="allow")
    try:
        app = App(ctx.new_page(), server, watch)
        app.open("#p=" + SMALL, path="")
        app.click("Solve")
        app.wait_message("Solved.")
        app.expect_line(SMALL_SOLUTION)
        wait_until(app.page, "() => navigator.serviceWorker.ready.then(() => true)")
    finally:
        ctx.close()
        server.stop()
    prefix = server.url
    assert watch.requests and all(u.startswith(prefix) for u in watch.requests), [
        u for u in watch.requests if not u.startswith(prefix)][:5]
    assert watch.outside == [] and watch.errors == []


def test_no_request_leaves_the_origin(app: App) -> None:
    """Everything outside the origin is aborted (conftest); the engine still becomes ready."""
    watch = app.watch
    app.open("#p=" + SMALL)
    app.click("Solve")
    app.wait_message("Solved.")
    names = {u.rsplit("/", 1)[-1].split("#")[0] for u in watch.requests}
    assert {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= names
    assert any(n.startswith("sudoku_core-") and n.endswith(".whl") for n in names)
    # The worker unpacks the wheel itself: loading micropip would cost about 2 s of start.
    assert not any(n.startswith("micropip-") for n in names)
    assert watch.outside == []


def test_manifest_and_runtime_files(site: Path) -> None:
    manifest = json.loads((site / "site-manifest.json").read_text())
    assert manifest["pyodide"] == "314.0.7"
    for name in ("index.html", "sw.js", "js/worker.js", manifest["wheel"], manifest["micropip"],
                 "pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json"):
        assert name in manifest["files"], name
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == {"micropip"}
    assert lock["packages"]["micropip"]["sha256"] == manifest["files"][manifest["micropip"]][
        "sha256"]
    assert "__BUILD__" not in (site / "sw.js").read_text()
    html = (site / "index.html").read_text()
    assert 'src="/' not in html and 'href="/' not in html and "http" not in html.split(
        "<body>")[1]


def test_web_app_manifest(fresh_app: App) -> None:
    app = fresh_app
    app.open(ready=False)
    href = app.page.locator("link[rel=manifest]").get_attribute("href")
    data = app.page.evaluate(f"fetch({href!r}).then(r => r.json())")
    assert data["start_url"] == "./" and data["display"] == "standalone"
    assert any(i["sizes"] == "512x512" for i in data["icons"])
    app.wait_ready()


def test_no_console_errors(fresh_app: App) -> None:
    app = fresh_app
    errors: list[str] = []
    app.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    app.open("#p=" + SMALL)
    app.click("Validate")
    app.wait_message("Valid")
    assert errors == []


def test_engine_loading_state_is_visible_and_grid_editable_at_once(
    browser: Browser, server: Server, watch: Watch
) -> None:
    ctx = open_context(browser, server, watch)
    try:
        page = ctx.new_page()
        # Hold back the runtime so "loading" lasts; the grid must work meanwhile.
        held: list = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto(server.url + "index.html")
        assert page.locator("html").get_attribute("data-engine") == "loading"
        # Solve is in the (closed) menu: found by its name among hidden buttons too.
        assert page.get_by_role("button", name="Solve", include_hidden=True).is_disabled()
        # A first visit opens a shipped puzzle: playable before the engine is there.
        assert page.locator("[role=gridcell][data-kind=given]").count() > 0
        # An empty cell in a row that holds a given (for the conflict below).
        label = page.evaluate("""() => [...document.querySelectorAll('[role=row]')]
            .filter(r => r.querySelector('[data-kind=given]'))
            .map(r => r.querySelector('[data-kind=empty]')).find(c => c)
            .getAttribute('aria-label').split(',')[0]""")
        empty = page.locator(f"[role=gridcell][aria-label^='{label},']")
        empty.click()
        page.keyboard.press("4")
        cell = page.locator(f"[role=gridcell][aria-label^='{label},']")
        assert cell.get_attribute("data-value") == "4"
        # Marks, colours, undo and conflict marking too, all before the engine is there.
        page.get_by_role("button", name="Undo", exact=True).click()
        assert cell.get_attribute("data-value") == ""
        for mode, key, attr in (("Corner", "1", "data-corner"), ("Centre", "2", "data-centre"),
                                ("Colour", "3", "data-colors")):
            page.get_by_role("button", name=mode, exact=True).click()
            page.keyboard.press(key)
            assert cell.get_attribute(attr) == key, (mode, cell.get_attribute(attr))
        page.get_by_role("button", name="Normal", exact=True).click()
        row = int(label[1:].split("c")[0])
        given = page.locator(f"[role=gridcell][aria-label^='r{row}c'][data-kind=given]").first
        page.keyboard.press(given.get_attribute("data-value") or "")
        assert cell.get_attribute("aria-invalid") == "true"
        assert given.get_attribute("aria-invalid") == "true"
        assert page.locator("html").get_attribute("data-engine") == "loading"
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")
        if not held:
            page.wait_for_timeout(100)
        page.wait_for_selector("html[data-engine='ready']", timeout=90_000)
        assert page.get_by_role("button", name="Solve", include_hidden=True).is_enabled()
    finally:
        ctx.close()
