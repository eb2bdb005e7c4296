"""Offline: the service worker caches everything; a second visit works with the server gone;
a new build replaces the cache."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

from conftest import App, Server, Watch, open_context, wait_until
from playwright.sync_api import Browser, Page
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
        wait_until(app.page, "() => navigator.serviceWorker.ready.then(() => true)")
        app.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                   timeout=60_000)
        build = app.page.evaluate("fetch('site-manifest.json').then(r => r.json())")["build"]
        keys = app.page.evaluate("caches.keys()")
        assert f"sudoku-core-{build}" in keys
        # The runtime came from the server once (the engine read the service worker's copy),
        # and a memory snapshot of it waits in the build's cache for the next start.
        wasm = [p for p, code in server.httpd.served if p.endswith("/pyodide.asm.wasm")]
        assert len(wasm) == 1, server.httpd.served
        wait_until(app.page, """build => caches.open('sudoku-core-' + build)
                .then(c => c.match('pyodide/runtime.snapshot')).then(r => !!r)""", build)
        server.stop()
        app.page.reload()
        app.wait_ready()
        app.expect_line(CLASSIC)
        app.click("Solve")
        app.wait_message("Solved.")
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


def new_build(site: Path, old: str) -> str:
    """Turn the copy of a site into a new build (one file changed); return the new build id."""
    css = site / "app.css"
    css.write_text(css.read_text() + "\n/* new build */\n")
    manifest = json.loads((site / "site-manifest.json").read_text())
    data = css.read_bytes()
    manifest["files"]["app.css"] = {"sha256": hashlib.sha256(data).hexdigest(),
                                    "size": len(data)}
    build = hashlib.sha256(json.dumps(manifest["files"], sort_keys=True).encode()).hexdigest()[:12]
    manifest["build"] = build
    (site / "site-manifest.json").write_text(json.dumps(manifest))
    sw = site / "sw.js"
    sw.write_text(sw.read_text().replace(old, build))
    return build


# What a failed wait needs to tell a stuck install from a cache brought back.
WORKER_STATE = """async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const state = (w) => (w ? w.state : null);
    const caches_ = {};
    for (const key of await caches.keys()) {
        caches_[key] = (await (await caches.open(key)).keys()).length;
    }
    return { installing: state(r?.installing), waiting: state(r?.waiting),
             active: state(r?.active), caches: caches_ };
}"""


def worker_state(page: Page) -> Any:
    return page.evaluate(WORKER_STATE)


def test_a_new_build_replaces_the_cache(
    browser: Browser, site: Path, watch: Watch, tmp_path: Path
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = Server(copy).start()
    ctx = open_context(browser, server, watch, service_workers="allow")
    cache_keys = "caches.keys().then(k => k.filter(n => n.startsWith('sudoku-core-')))"
    try:
        app = App(ctx.new_page(), server, watch)
        app.open("#p=" + CLASSIC)
        app.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                   timeout=60_000)
        old = app.page.evaluate("fetch('site-manifest.json').then(r => r.json())")["build"]
        build = new_build(copy, old)
        # The old worker serves this visit and finds the new one, which caches the new build,
        # takes over and drops the old cache (snapshot included).
        app.page.reload()
        app.wait_ready()
        # The new worker downloads the whole site (17 MB) while both engines start: on a
        # loaded machine that took over a minute once. Its cache exists from its install on,
        # and a failed install deletes it: with no worker installing or waiting, it took over.
        took_over = """build => navigator.serviceWorker.getRegistration()
            .then(async r => r && !r.installing && !r.waiting && r.active?.state === 'activated'
                             && await caches.has('sudoku-core-' + build))"""
        try:
            wait_until(app.page, took_over, build, timeout=120.0)
        except AssertionError:
            # Installed and waiting: Chromium activates it once the old worker has no fetch in
            # flight, and the engine's runtime download can keep one open for this whole visit
            # (seen on a quiet CI machine). The next visit is where it must have taken over.
            state = worker_state(app.page)
            assert state["waiting"] == "installed", f"service worker state: {state}"
            app.page.reload()
            app.wait_ready()
            try:
                wait_until(app.page, took_over, build, timeout=60.0)
            except AssertionError as err:
                raise AssertionError(f"{err}\nservice worker state: "
                                     f"{worker_state(app.page)}") from None
        # A request the old worker was still answering may have brought its cache back, as this
        # one does: the next visit drops every other build's cache.
        app.page.evaluate("caches.open('sudoku-core-0ld0ld0ld0ld').then(() => true)")
        app.page.reload()
        app.wait_ready()
        wait_until(app.page, f"() => {cache_keys}.then(k => k.length === 1 && "
                             f"k[0] === 'sudoku-core-{build}')", timeout=30.0)
        assert "new build" in app.page.evaluate("fetch('app.css').then(r => r.text())")
        app.click("Solve")
        app.wait_message("Solved.")
        app.expect_line(CLASSIC_SOLUTION)
    finally:
        ctx.close()
        server.stop()
    assert watch.outside == []
    assert watch.errors == []
