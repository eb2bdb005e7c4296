"""End-to-end fixtures: one built site, one static server and one Chromium per session.

Every page is opened in a fresh browser context that aborts (and records) any request leaving
the site's origin and records uncaught page errors; a test fails if either list is not empty.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402
import serve  # noqa: E402
from ensure_browser import LAUNCH_ARGS, browser_executable  # noqa: E402

SITE = ROOT / "build" / "site"
READY_TIMEOUT = 90_000  # ms: Pyodide starts in a few seconds, more on a loaded machine
JOB_TIMEOUT = 60_000  # ms for a solve or validation to answer


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site (built here when `make site` has not run)."""
    if not (SITE / "site-manifest.json").is_file():
        build_site.build(SITE, ROOT / "build" / "cache")
    return SITE


@dataclass
class Server:
    """A static server in a thread; `url` ends with '/'."""

    root: Path
    prefix: str = "/"
    httpd: Any = None
    url: str = ""

    def start(self) -> Server:
        self.httpd = serve.make_server(self.root, port=0, prefix=self.prefix, quiet=True)
        serve.start(self.httpd)
        host, port = self.httpd.server_address[:2]
        self.url = f"http://{host}:{port}{self.prefix}"
        return self

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    @property
    def origin(self) -> str:
        return self.url.split("/", 3)[0] + "//" + self.url.split("/", 3)[2]


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    """The shared server for the built site, on a random free port."""
    s = Server(site).start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium: Playwright's own if installed, else the system's."""
    executable = browser_executable()  # before sync_playwright(): it may start its own
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        yield b
        b.close()


@dataclass
class Watch:
    """What a context saw that it should not have."""

    outside: list[str] = field(default_factory=list)  # requests not to the site's origin
    errors: list[str] = field(default_factory=list)  # uncaught page errors
    requests: list[str] = field(default_factory=list)  # every request made


def wait_until(page: Page, script: str, arg: Any = None, timeout: float = 60.0) -> Any:
    """Evaluate ``script`` until it gives a truthy value (a promise is awaited: page.evaluate
    awaits it, where page.wait_for_function takes the promise itself as truthy); its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still falsy after {timeout} s: {script}")
        page.wait_for_timeout(50)


def open_context(browser: Browser, server: Server, watch: Watch, **options: Any) -> BrowserContext:
    """A fresh context whose requests outside the server's origin are aborted and recorded."""
    options.setdefault("service_workers", "block")
    ctx = browser.new_context(**options)
    origin = server.origin

    def guard(route: Route) -> None:
        url = route.request.url
        watch.requests.append(url)
        if url.startswith(origin + "/") or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            watch.outside.append(url)
            route.abort()

    ctx.route("**/*", guard)
    return ctx


class App:
    """A page of the app with the helpers the scenarios share."""

    def __init__(self, page: Page, server: Server, watch: Watch, shared: bool = False) -> None:
        self.page = page
        self.server = server
        self.watch = watch
        self.shared = shared  # one page for many tests: open() switches links, no reload
        page.on("pageerror", lambda err: watch.errors.append(str(err)))

    def open(self, hash: str = "", path: str = "index.html", ready: bool = True) -> App:
        """Load the page (a fresh page), or on the shared page switch links without reloading."""
        if self.shared:
            self.show(hash or "#p=" + "." * 81)
            return self
        self.page.goto(self.server.url + path + hash)
        if ready:
            self.wait_ready()
        return self

    def show(self, hash: str) -> None:
        """Open a link in the loaded page (hashchange), and wait until it is drawn."""
        for h in ("#reset", hash):
            self.page.evaluate(
                """h => new Promise(resolve => {
                    addEventListener('hashchange',
                        () => requestAnimationFrame(() => resolve()), {once: true});
                    location.hash = h;
                })""", h)
        self.wait_ready()

    def reset(self) -> None:
        """Back to an empty 9x9 grid with closed panels (between tests on the shared page)."""
        self.wait_ready()
        for name in ("io", "new", "games", "settings"):
            button = self.page.locator(f"#{name}")
            if button.get_attribute("aria-expanded") == "true":
                if name != "new":
                    self.open_menu()
                button.click()
        self.close_menu()
        self.show("#p=" + "." * 81)
        self.page.locator("#message").evaluate("el => el.blur && el.blur()")

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-engine='ready']", timeout=READY_TIMEOUT)

    def cells(self) -> Any:
        return self.page.get_by_role("gridcell")

    def cell(self, row: int, col: int) -> Any:
        """The cell at 1-based row and column, found by its accessible name."""
        return self.page.locator(f"[role=gridcell][aria-label^='r{row}c{col},']")

    def values(self) -> list[str]:
        """data-value of every cell, row-major."""
        return list(self.page.eval_on_selector_all(
            "[role=gridcell]", "cells => cells.map(c => c.dataset.value)"))

    def line(self) -> str:
        """The grid as a one-line string ('.' for empty)."""
        return "".join(v or "." for v in self.values())

    def expect_line(self, expected: str, prefix: bool = False, timeout: int = 10_000) -> None:
        """Wait until the grid reads `expected` (or starts with it); fail with both lines."""
        try:
            self.page.wait_for_function(
                """([expected, prefix]) => {
                    const line = [...document.querySelectorAll('[role=gridcell]')]
                        .map(c => c.dataset.value || '.').join('');
                    return prefix ? line.startsWith(expected) : line === expected;
                }""",
                arg=[expected, prefix], timeout=timeout)
        except Exception:
            got = self.line()
            raise AssertionError(f"grid is {got!r}, expected {expected!r}") from None

    def kinds(self) -> list[str]:
        return list(self.page.eval_on_selector_all(
            "[role=gridcell]", "cells => cells.map(c => c.dataset.kind)"))

    def invalid(self) -> list[str]:
        """Names (r1c1) of the cells marked aria-invalid."""
        return list(self.page.eval_on_selector_all(
            "[role=gridcell][aria-invalid=true]",
            "cells => cells.map(c => c.getAttribute('aria-label').split(',')[0])"))

    def status(self) -> Any:
        return self.page.get_by_role("status")

    def button(self, name: str) -> Any:
        return self.page.get_by_role("button", name=name, exact=True)

    def open_menu(self) -> None:
        """Open the menu (where Check, Solve, Share, Settings, Size ... are), if closed."""
        menu = self.page.locator("#menu")
        if menu.get_attribute("aria-expanded") != "true":
            menu.click()

    def close_menu(self) -> None:
        menu = self.page.locator("#menu")
        if menu.get_attribute("aria-expanded") == "true":
            self.page.locator("#menu-close").click()

    def click(self, name: str) -> None:
        """Click a button by its visible name, opening the menu first when it is in there."""
        in_menu = self.page.locator("#menu-panel").get_by_role(
            "button", name=name, exact=True, include_hidden=True)
        if in_menu.count():
            self.open_menu()
        self.button(name).click()

    def type_line(self, line: str, start: tuple[int, int] = (1, 1)) -> None:
        """Type a one-line puzzle cell by cell with the keyboard ('.' skips forward)."""
        self.cell(*start).click()
        n = round(len(line) ** 0.5)
        for i, ch in enumerate(line):
            if ch not in ".0":
                self.page.keyboard.press(ch)
            if (i + 1) % n:
                self.page.keyboard.press("ArrowRight")
            else:
                self.page.keyboard.press("ArrowDown")
                for _ in range(n - 1):
                    self.page.keyboard.press("ArrowLeft")

    def paste(self, text: str) -> None:
        """Fire a paste event with `text` at the document (as Ctrl+V does)."""
        self.page.evaluate(
            """text => {
                const data = new DataTransfer();
                data.setData('text/plain', text);
                document.body.dispatchEvent(new ClipboardEvent('paste',
                    {clipboardData: data, bubbles: true, cancelable: true}));
            }""",
            text,
        )

    def wait_message(self, text: str, timeout: int = JOB_TIMEOUT) -> str:
        """Wait until the live region contains `text`; return its whole text."""
        self.page.wait_for_function(
            "t => document.querySelector('[role=status]').textContent.includes(t)",
            arg=text, timeout=timeout)
        return str(self.status().inner_text())

    def stored(self) -> Any:
        """This tab's saved game ({doc, past, future, source, game}), or None."""
        return json.loads(self.page.evaluate(
            "localStorage.getItem('sudoku-core:game:' + sessionStorage.getItem('sudoku-core:tab'))")
            or "null")


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def context(browser: Browser, server: Server, watch: Watch) -> Iterator[BrowserContext]:
    """A fresh context (no service worker) that fails the test on outside requests or errors."""
    ctx = open_context(browser, server, watch)
    yield ctx
    ctx.close()
    assert watch.outside == [], f"requests left the origin: {watch.outside[:5]}"
    assert watch.errors == [], f"uncaught page errors: {watch.errors[:5]}"


@pytest.fixture
def fresh_app(context: BrowserContext, server: Server, watch: Watch) -> App:
    """A page of the app in a fresh context, not yet opened (call open()); for reloads."""
    return App(context.new_page(), server, watch)


@pytest.fixture(scope="session")
def shared_app(browser: Browser, server: Server) -> Iterator[App]:
    """One loaded page for the scenarios that need no reload (Pyodide starts once)."""
    watch = Watch()
    ctx = open_context(browser, server, watch)
    app = App(ctx.new_page(), server, watch, shared=False)
    app.open()
    app.shared = True
    yield app
    ctx.close()


@pytest.fixture
def app(shared_app: App) -> Iterator[App]:
    """The shared page reset to an empty 9x9 grid; fails on outside requests or page errors."""
    watch = shared_app.watch
    watch.outside.clear()
    watch.errors.clear()
    shared_app.reset()
    yield shared_app
    assert watch.outside == [], f"requests left the origin: {watch.outside[:5]}"
    assert watch.errors == [], f"uncaught page errors: {watch.errors[:5]}"


@pytest.fixture(scope="session")
def corpora() -> Path | None:
    for candidate in (ROOT.parent / "shared" / "corpora",
                      ROOT.parent.parent / "shared" / "corpora"):
        if candidate.is_dir():
            return candidate
    return None


# New puzzle: a new grid is on screen once the status says "New ..." and the cells changed, or
# the tab plays a new game (a sparse Killer may show the same givens as the grid before it).
NEW_GRID_SHOWN = """([line, game]) =>
    document.querySelector('[role=status]').textContent.startsWith('New ')
    && ([...document.querySelectorAll('[role=gridcell]')]
        .map(c => c.dataset.value || '.').join('') !== line
        || sessionStorage.getItem('sudoku-core:tab') !== game)"""


def new_puzzle(app: App, size: str, level: str, variant: str | None = None) -> str:
    """New puzzle -> (variant,) size and level -> Generate; the status once the new grid is
    shown. `variant`: a key of banks/variants.json, "" for Classic, None to leave the menu."""
    before = [app.line(), app.page.evaluate("() => sessionStorage.getItem('sudoku-core:tab')")]
    open_new_panel(app)
    if variant is not None:
        app.page.get_by_label("Variant").select_option(variant)
    app.page.locator("#new-size").select_option(size)
    app.page.get_by_label("Difficulty").select_option(level)
    app.click("Generate")
    wait_until(app.page, NEW_GRID_SHOWN, before, timeout=10)
    return str(app.status().inner_text())


def menu(app: App, select: str) -> list[str]:
    """The values of a select's options, in order."""
    values: list[str] = app.page.eval_on_selector(select, "s => [...s.options].map(o => o.value)")
    return values


def open_new_panel(app: App) -> None:
    """The New puzzle panel, open (Generate closes it)."""
    if app.page.locator("#new").get_attribute("aria-expanded") != "true":
        app.click("New puzzle")


def grid_point(page: Page, r: float, c: float, dx: float = 0, dy: float = 0
               ) -> tuple[float, float]:
    """The page position of cell (r, c)'s centre plus an offset in cells (r or c may be -1 or
    N: a spot beside the grid); the grid's outer line is 3 px (app.css)."""
    box = page.locator("#grid").bounding_box()
    assert box is not None
    n = int(page.locator("#grid").get_attribute("data-size") or "9")
    unit = (box["width"] - 6) / n
    return box["x"] + 3 + (c + 0.5 + dx) * unit, box["y"] + 3 + (r + 0.5 + dy) * unit


def press_path(page: Page, points: list[tuple[float, float]], touch: bool) -> None:
    """A press at the first point, a slide through the others, a release: by mouse, or by
    touch (Chrome's touch events through CDP, which the page hears as pointer events of type
    touch; one point is a tap)."""
    if not touch:
        page.mouse.move(*points[0])
        page.mouse.down()
        for x, y in points[1:]:
            page.mouse.move(x, y, steps=2)
        page.mouse.up()
        return
    if len(points) == 1:
        page.touchscreen.tap(*points[0])
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


SETTER_TIMEOUT = 60_000  # ms for the setter's tools and reports on a loaded machine


def setting(app: App, least: int = 5) -> None:
    """Set mode on, with the engine's tools for the grid's size loaded (more than ``least``)."""
    page = app.page
    if page.locator("#setter-panel").is_hidden():
        app.click("Set puzzle")
    page.wait_for_function("n => document.querySelectorAll('#setter-tool option').length > n",
                           arg=least, timeout=SETTER_TIMEOUT)


def done_setting(app: App) -> None:
    """Set mode off: Done setting, or on a phone the menu's Set puzzle toggle."""
    done = app.page.locator("#setter-done")
    if done.is_visible():
        done.click()
    else:  # the panel's own Menu button stands for the main one
        app.page.locator("#setter-menu").click()
        app.page.locator("#set-puzzle").click()
    app.page.wait_for_selector("#setter-panel", state="hidden")


def choose_tool(app: App, key: str) -> None:
    """A setter's tool chosen, and the grid laid out for it (a clue outside the grid gives
    every side room) before any press: the points to press are read after that."""
    app.page.select_option("#setter-tool", key)
    app.page.wait_for_function(
        "k => !k || (document.documentElement.dataset.setterTool || '') !== ''", arg=key)
    app.page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
