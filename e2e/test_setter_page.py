"""Set mode: a setter draws one puzzle of each kind of drawing the engine's tools offer, by mouse
and by touch, types givens until the setter panel says "One solution", solves it, exports its
links and opens them again; the setter's screen fits a phone and a laptop without scrolling.

Every puzzle is a 4x4 whose solution is known (SOLUTION, or X_SOLUTION for the X rule): each
drawing holds in it, so givens taken from it in a fixed order make the puzzle unique."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    SETTER_TIMEOUT,
    App,
    Server,
    Watch,
    choose_tool,
    done_setting,
    grid_point,
    open_context,
    press_path,
    setting,
)
from playwright.sync_api import Browser, BrowserContext

from sudoku_core.web_api import handle

SHOTS = Path("/tmp/setter")
SOLUTION = "1234341221434321"  # r1 1234, r2 3412, r3 2143, r4 4321
X_SOLUTION = "1234341243212143"  # both long diagonals hold 1-4 too
EMPTY4 = "#p=" + "." * 16

# Each case: the tool's JSON key, the type the engine names it by (data-constraints), how it is
# drawn (cells as (row, col), 0-based, in drawing order; or a spot outside the grid with the
# tap's offset from the spot's centre) and the number typed, if any.
CASES: dict[str, dict[str, Any]] = {
    "thermometer": {"key": "thermometers", "type": "thermometer",
                    "cells": [(0, 0), (0, 1), (0, 2)]},
    "arrow": {"key": "arrows", "type": "arrow", "cells": [(1, 1), (1, 0), (0, 0)]},
    "cage": {"key": "cages", "type": "killer", "cells": [(0, 0), (0, 1)], "value": "3"},
    "white-dot": {"key": "white_dots", "type": "kropki-white", "cells": [(0, 0), (0, 1)]},
    "xv": {"key": "xv", "type": "xv", "cells": [(1, 1), (1, 2)], "value": "5"},
    "odd": {"key": "odd", "type": "odd", "cells": [(0, 0)]},
    "sandwich": {"key": "sandwiches", "type": "sandwich", "spot": (0, -1, 0.3, 0), "value": "5"},
    "skyscraper": {"key": "skyscrapers", "type": "skyscraper", "spot": (0, -1, 0.3, 0),
                   "value": "4"},
    "little-killer": {"key": "little_killers", "type": "little-killer", "spot": (-1, -1, 0.2, 0.2),
                      "value": "10"},
    "x": {"key": "diagonals", "type": "x", "flag": True, "solution": X_SOLUTION},
}
MOUSE = ["thermometer", "cage", "white-dot", "odd", "little-killer", "skyscraper", "x"]
TOUCH = ["arrow", "xv", "sandwich", "cage", "thermometer"]


@pytest.fixture(scope="module")
def screens(browser: Browser, server: Server) -> Iterator[dict[str, App]]:
    """A laptop page (mouse) and a phone page (touch), each with its engines started once."""
    opened: list[BrowserContext] = []
    apps: dict[str, App] = {}
    for name, options in (("mouse", {"viewport": {"width": 1366, "height": 768}}),
                          ("touch", {"viewport": {"width": 375, "height": 667},
                                     "is_mobile": True, "has_touch": True,
                                     "device_scale_factor": 2})):
        watch = Watch()
        ctx = open_context(browser, server, watch, **options)
        opened.append(ctx)
        app = App(ctx.new_page(), server, watch)
        app.open(EMPTY4)
        apps[name] = app
    yield apps
    for ctx in opened:
        ctx.close()



def report(app: App) -> str:
    """The setter panel's answer for the grid on the screen: 'none', 'one', 'several'."""
    app.page.wait_for_selector("#setter-panel[data-state='ready']", timeout=SETTER_TIMEOUT)
    return str(app.page.locator("#setter-panel").get_attribute("data-solutions"))


def constraints(app: App) -> list[str]:
    return (app.page.locator("#grid").get_attribute("data-constraints") or "").split()


def draw_case(app: App, case: dict[str, Any], touch: bool) -> None:
    """Draw a case's rule with its tool (and type its number), and wait until the engine
    draws it."""
    page = app.page
    choose_tool(app, case["key"])
    if case.get("flag"):
        page.locator("#setter-flag").click()
    elif "spot" in case:
        r, c, dx, dy = case["spot"]
        press_path(app.page, [grid_point(page, r, c, dx, dy)], touch)
    else:
        press_path(app.page, [grid_point(page, r, c) for r, c in case["cells"]], touch)
    if "value" in case:
        page.locator("#setter-value").fill(case["value"])
        page.locator("#setter-value").press("Enter")
    page.wait_for_function("t => (document.querySelector('#grid').dataset.constraints || '')"
                           ".split(' ').includes(t)", arg=case["type"], timeout=SETTER_TIMEOUT)


def give_until_unique(app: App, solution: str) -> int:
    """Type givens from the solution, in reading order, until the setter panel says one
    solution; returns how many were typed."""
    page = app.page
    choose_tool(app, "")
    typed = 0
    for i, ch in enumerate(solution):
        if report(app) == "one":
            return typed
        assert report(app) == "several", page.locator("#setter-panel").inner_text()
        app.cell(i // 4 + 1, i % 4 + 1).click()
        page.keyboard.press(ch)
        typed += 1
        page.wait_for_function(
            "([i, v]) => document.querySelectorAll('[role=gridcell]')[i].dataset.value === v",
            arg=[i, ch])
    assert report(app) == "one"
    return typed


def set_and_solve(app: App, name: str, touch: bool) -> None:
    case = CASES[name]
    solution = case.get("solution", SOLUTION)
    app.show(EMPTY4)
    setting(app)
    draw_case(app, case, touch)
    assert case["type"] in constraints(app)
    typed = give_until_unique(app, solution)
    assert typed < 16
    assert "One solution" in app.page.locator("#setter-status").inner_text()
    done_setting(app)
    app.click("Solve")
    app.expect_line(solution, timeout=60_000)


@pytest.mark.parametrize("name", MOUSE)
def test_set_by_mouse_until_unique_then_solve(screens: dict[str, App], name: str) -> None:
    set_and_solve(screens["mouse"], name, touch=False)


@pytest.mark.parametrize("name", TOUCH)
def test_set_by_touch_until_unique_then_solve(screens: dict[str, App], name: str) -> None:
    set_and_solve(screens["touch"], name, touch=True)


def test_a_broken_drawing_is_refused_by_name(screens: dict[str, App]) -> None:
    app = screens["mouse"]
    app.show(EMPTY4)
    setting(app)
    choose_tool(app, "thermometers")
    press_path(app.page, [grid_point(app.page, 2, 2)], touch=False)  # one cell: no thermometer
    app.wait_message("at least 2 cells")
    assert "thermometer" not in constraints(app)
    choose_tool(app, "white_dots")
    page = app.page
    press_path(page, [grid_point(page, 0, 0)], touch=False)
    press_path(page, [grid_point(page, 2, 2)], touch=False)  # a second tap, not beside the first
    app.wait_message("do not share an edge")
    assert "kropki-white" not in constraints(app)


def test_undo_takes_the_last_drawing_away_and_removable_rules_are_listed(
        screens: dict[str, App]) -> None:
    app = screens["mouse"]
    page = app.page
    app.show("#p=" + SOLUTION[:12] + "....")
    setting(app)
    draw_case(app, CASES["thermometer"], touch=False)
    assert report(app) == "one"
    # The givens decide alone: the thermometer (and the last givens) can go, each listed.
    page.wait_for_selector("#setter-removable button[aria-label='Remove thermometer at r1c1']")
    assert page.locator("[role=gridcell][data-removable=true]").count() >= 1
    app.button("Undo").click()
    page.wait_for_function("() => !(document.querySelector('#grid').dataset.constraints || '')"
                           ".includes('thermometer')")
    app.button("Redo").click()
    page.wait_for_function("() => (document.querySelector('#grid').dataset.constraints || '')"
                           ".includes('thermometer')")
    page.locator("#setter-removable button[aria-label='Remove thermometer at r1c1']").click()
    page.wait_for_function("() => !(document.querySelector('#grid').dataset.constraints || '')"
                           ".includes('thermometer')")


def test_why_no_solution_and_true_candidates(screens: dict[str, App]) -> None:
    app = screens["mouse"]
    page = app.page
    app.show(EMPTY4)
    setting(app)
    page.locator("#setter-true").click()
    draw_case(app, CASES["thermometer"], touch=False)
    # The thermometer's bulb holds 1 or 2 in every solution: the true candidates say so.
    page.wait_for_function("() => document.querySelector('[role=gridcell]').dataset.true === '12'",
                           timeout=SETTER_TIMEOUT)
    choose_tool(app, "")
    app.cell(1, 3).click()
    page.keyboard.press("1")  # the thermometer's tip cannot hold 1
    assert report(app) == "none"
    why = page.locator("#setter-why").inner_text()
    assert why.startswith("Why:") and "thermometer" in why
    assert page.locator("[role=gridcell][data-why=true]").count() >= 1


def test_export_links_open_again(screens: dict[str, App]) -> None:
    app = screens["mouse"]
    page = app.page
    app.show(EMPTY4)
    setting(app)
    draw_case(app, CASES["cage"], touch=False)
    give_until_unique(app, SOLUTION)
    givens = app.values()
    page.locator("#setter-export").click()
    page.wait_for_function(
        "() => document.querySelector('#setter-sudokupad').value.startsWith('http')")
    links = {k: page.locator(f"#setter-{k}").input_value()
             for k in ("link", "fpuzzles", "sudokupad")}
    assert links["fpuzzles"].startswith("https://www.f-puzzles.com/?load=")
    assert links["sudokupad"].startswith("https://sudokupad.app/")
    expected = [int(v) if v else 0 for v in givens]
    for site in ("fpuzzles", "sudokupad"):
        request = {"id": 1, "cmd": "parse", "args": {"text": links[site]}}
        reply = json.loads(handle(json.dumps(request)))
        result = reply["result"]
        assert result["values"] == expected, site
        assert result["variant"]["cages"] == [{"cells": [0, 1], "sum": 3}], site
    done_setting(app)
    app.show("#" + links["link"].split("#", 1)[1])
    app.expect_line("".join(v or "." for v in givens))
    assert "killer" in constraints(app)


OVERLAPS = """() => {
  const out = [];
  const rect = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 &&
    b.top < a.bottom - 1;
  const frame = rect(document.querySelector('#frame'));
  const panel = document.querySelector('#setter-panel');
  // The rows (a long list of what can go scrolls inside its own box).
  const parts = [...panel.querySelectorAll('.setter-row, .setter-report, .setter-links')]
    .filter((el) => el.offsetParent !== null);
  for (const el of [panel, ...parts]) {
    const r = rect(el);
    if (meets(r, frame)) out.push(`${el.id || el.tagName} runs into the grid`);
    if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1 || r.left < -1) {
      out.push(`${el.id || el.tagName} off the screen`);
    }
  }
  const root = document.scrollingElement;
  if (root.scrollHeight > innerHeight + 1) {
    const low = [...document.querySelectorAll('body *')].filter((el) => el.offsetParent !== null &&
      rect(el).bottom > innerHeight + 1).map((el) => `${el.id || el.className || el.tagName}` +
      `@${Math.round(rect(el).bottom)}`).slice(0, 6);
    out.push(`page scrolls: ${root.scrollHeight} (${low.join(', ')})`);
  }
  if (root.scrollWidth > innerWidth + 1) out.push(`page scrolls sideways: ${root.scrollWidth}`);
  return out;
}"""

NINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("screen", ["mouse", "touch"])
def test_the_setter_screen_fits(screens: dict[str, App], screen: str) -> None:
    app = screens[screen]
    page = app.page
    app.show("#p=" + NINE)
    setting(app)
    assert report(app) == "one"
    page.wait_for_selector("#setter-removable li")
    choose_tool(app, "little_killers")  # room for clues on every side
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or {"width": 0, "height": 0}
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(SHOTS / f"setter-{size['width']}x{size['height']}.png"))
    problems = page.evaluate(OVERLAPS)
    assert problems == [], "; ".join(problems)
    choose_tool(app, "")
    page.screenshot(path=str(SHOTS / f"setter-givens-{size['width']}x{size['height']}.png"))
    problems = page.evaluate(OVERLAPS)
    assert problems == [], "; ".join(problems)
