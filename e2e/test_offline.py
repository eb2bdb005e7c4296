"""Offline: the service worker caches everything; a second visit works with the server gone."""

from __future__ import annotations

from pathlib import Path

from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser
from puzzles import CLASSIC, CLASSIC_SOLUTION


def test_second_visit_works_with_the_server_stopped(
    browser: Browser, site: Path, watch: Watch
) -> None:
    server = Server(site).start()  # its own server: this test stops it
    ctx = open_context(browser, server, watch, service_workers="allow")
    try:
        app = App(ctx.new_page(), server, watch)
        app.open("#p=" + CLASSIC)
        # The service worker caches everything, then takes control; only then the engine loads.
        app.page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)",
            timeout=60_000)
        app.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                   timeout=60_000)
        build = app.page.evaluate("fetch('site-manifest.json').then(r => r.json())")["build"]
        keys = app.page.evaluate("caches.keys()")
        assert f"sudoku-core-{build}" in keys
        # The runtime came from the server once (the engine read the service worker's copy),
        # and a memory snapshot of it waits in the build's cache for the next start.
        wasm = [p for p, code in server.httpd.served if p.endswith("/pyodide.asm.wasm")]
        assert len(wasm) == 1, server.httpd.served
        app.page.wait_for_function(
            """build => caches.open('sudoku-core-' + build)
                .then(c => c.match('pyodide/runtime.snapshot')).then(r => !!r)""",
            arg=build, timeout=30_000)
        server.stop()
        app.page.reload()
        app.wait_ready()
        app.expect_line(CLASSIC)
        app.click("Solve")
        app.wait_message("Solved in")
        app.expect_line(CLASSIC_SOLUTION)
        # A fresh tab in the same profile, server still gone.
        page2 = ctx.new_page()
        page2.on("pageerror", lambda err: watch.errors.append(str(err)))
        page2.goto(server.url)
        page2.wait_for_selector("html[data-engine='ready']", timeout=90_000)
    finally:
        ctx.close()
        server.stop()
    assert watch.outside == []
    assert watch.errors == []
