"""Set mode pauses the work done ahead (web/js/ahead.js): the second engine would work on a
puzzle being edited, and take a core from the setter's own engine. <html data-walk> says
"paused" while setting, no request reaches the second engine's worker (counted by a wrapper
around Worker put in before the page's scripts run), and leaving Set mode resumes the work."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import App, Server, Watch, open_context, wait_until
from playwright.sync_api import Browser

NINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WORK_TIMEOUT = 120.0  # s: the second engine starts (Pyodide) on a loaded machine

# Every message the page posts to the work-ahead worker ("worker.js#ahead") is counted.
COUNT_AHEAD = """(() => {
  const Base = window.Worker;
  window.__aheadPosts = 0;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.ahead = String(url).endsWith('#ahead');
    }
    postMessage(message, transfer) {
      if (this.ahead) window.__aheadPosts += 1;
      return transfer === undefined ? super.postMessage(message)
        : super.postMessage(message, transfer);
    }
  };
})();"""


@pytest.fixture
def app(browser: Browser, server: Server) -> Iterator[App]:
    watch = Watch()
    ctx = open_context(browser, server, watch)
    ctx.add_init_script(COUNT_AHEAD)
    page = ctx.new_page()
    yield App(page, server, watch).open("#p=" + NINE)
    ctx.close()
    assert watch.errors == [], watch.errors[:5]


def walk(app: App) -> str:
    return str(app.page.evaluate("document.documentElement.dataset.walk || ''"))


def posts(app: App) -> int:
    return int(app.page.evaluate("window.__aheadPosts"))


def test_set_mode_pauses_the_work_ahead_and_leaving_resumes_it(app: App) -> None:
    page = app.page
    # The work ahead runs on the puzzle (its worker asked something).
    wait_until(page, "() => ['hints', 'ready'].includes(document.documentElement.dataset.walk)"
               " && window.__aheadPosts > 0", timeout=WORK_TIMEOUT)
    app.click("Set puzzle")
    page.wait_for_selector("html[data-walk='paused']")
    page.wait_for_timeout(1000)  # a slice in flight when Set mode began ends meanwhile
    before = posts(app)
    # Givens typed while setting: each a new grid, which the work ahead would turn to.
    for col, digit in ((3, "4"), (4, "6"), (6, "8")):  # the solution's
        app.cell(1, col).click()
        page.keyboard.press(digit)
    page.wait_for_timeout(2000)
    assert walk(app) == "paused"
    assert posts(app) == before, "the work ahead asked its engine while Set mode was on"
    # Done setting: the work ahead turns to the edited puzzle.
    page.locator("#setter-done").click()
    page.wait_for_selector("#setter-panel", state="hidden")
    wait_until(page, "n => window.__aheadPosts > n", before, timeout=WORK_TIMEOUT)
    wait_until(page, "() => ['working', 'hints', 'ready']"
               ".includes(document.documentElement.dataset.walk)", timeout=WORK_TIMEOUT)
