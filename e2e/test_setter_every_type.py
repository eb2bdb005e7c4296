"""Set mode draws every rule the engine's `tools` lists, by mouse and by touch, and the puzzle
drawn is then solved (e2e/setter_plans.py works out, per tool, what to draw on a 6x6 grid,
the givens and the solution, from the engine's own answers).

Per tool and input: Clear grid (the page's own reset; a rule that needs other clues beside it
starts from a link holding them), the givens typed (the engine finds several solutions for
them alone: test_every_puzzle_needs_its_rule), the rule drawn with its tool (a line or
painted cells dragged, a pair, a tap on a cell, a corner or beside the grid, two groups, a
jigsaw painted region by region, a switch), its number or digits typed; then the grid's
data-constraints lists the rule's type, a drawn cell's name says the rule, the panel says
"One solution", and Solve fills in the solution. One page per input kind serves every tool."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

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
from setter_plans import N, Plan, every_tool, plan

EMPTY = "#p=" + "." * (N * N)
TOOLS = every_tool()
INPUTS: dict[str, dict[str, Any]] = {"mouse": {"viewport": {"width": 1366, "height": 768}},
          "touch": {"viewport": {"width": 375, "height": 667}, "is_mobile": True,
                    "has_touch": True, "device_scale_factor": 2}}


@pytest.fixture(scope="module")
def screens(browser: Browser, server: Server) -> Iterator[dict[str, App]]:
    """A laptop page (mouse) and a phone page (touch), each with its engines started once."""
    opened: list[BrowserContext] = []
    apps: dict[str, App] = {}
    for name, options in INPUTS.items():
        watch = Watch()
        ctx = open_context(browser, server, watch, **options)
        opened.append(ctx)
        apps[name] = App(ctx.new_page(), server, watch).open(EMPTY)
    yield apps
    for name, app in apps.items():
        assert app.watch.errors == [], (name, app.watch.errors[:5])
    for ctx in opened:
        ctx.close()


@pytest.fixture(scope="module")
def plans() -> dict[str, Plan]:
    return {tool["json_key"]: plan(tool) for tool in TOOLS}



def report(app: App) -> str:
    """The setter panel's count for the grid on the screen: 'none', 'one', 'several'."""
    app.page.wait_for_selector("#setter-panel[data-state='ready']", timeout=SETTER_TIMEOUT)
    return str(app.page.locator("#setter-panel").get_attribute("data-solutions"))


def start(app: App, p: Plan) -> None:
    """An empty grid in Set mode: Clear grid, or the link of the clues the rule needs."""
    page = app.page
    if p.start:
        if page.locator("#setter-panel").is_visible():
            done_setting(app)
        app.show(EMPTY + "&v=" + quote(json.dumps(p.start)))
        page.wait_for_selector("#grid[data-constraints]")
    setting(app, len(TOOLS))
    if not p.start:
        page.locator("#setter-clear").click()
        page.wait_for_function("() => !document.querySelector('#grid').dataset.constraints && "
                               "[...document.querySelectorAll('[role=gridcell]')]"
                               ".every(c => !c.dataset.value)")


def type_givens(app: App, givens: list[int]) -> None:
    page = app.page
    choose_tool(app, "")
    last = -1
    for i, v in enumerate(givens):
        if v:
            app.cell(i // N + 1, i % N + 1).click()
            page.keyboard.press(str(v))
            last = i
    if last >= 0:
        page.wait_for_function(
            "([i, v]) => document.querySelectorAll('[role=gridcell]')[i].dataset.value === v",
            arg=[last, str(givens[last])])


def draw(app: App, p: Plan, touch: bool) -> None:
    """The plan's drawing with its tool, and its number or digits typed."""
    page = app.page
    choose_tool(app, p.tool["json_key"])
    if p.tool["input"] == "flag":
        page.locator("#setter-flag").click()
    elif p.spot is not None:
        r, c, dx, dy = p.spot
        press_path(page, [grid_point(page, r, c, dx, dy)], touch)
    elif p.corner is not None:  # the grid lines' crossing: half a cell up-left of a centre
        press_path(page, [grid_point(page, p.corner[0] - 0.5, p.corner[1] - 0.5)], touch)
    for stroke in p.strokes:
        press_path(page, [grid_point(page, cell // N, cell % N) for cell in stroke], touch)
    if p.value is not None:
        page.locator("#setter-value").fill(p.value)
        page.locator("#setter-value").press("Enter")
    page.wait_for_function("t => (document.querySelector('#grid').dataset.constraints || '')"
                           ".split(' ').includes(t)", arg=p.tool["type"], timeout=SETTER_TIMEOUT)


def set_and_solve(app: App, p: Plan, touch: bool) -> None:
    start(app, p)
    type_givens(app, p.givens)
    draw(app, p, touch)
    constraints = (app.page.locator("#grid").get_attribute("data-constraints") or "").split()
    assert p.tool["type"] in constraints
    label = p.label or ("cage" if p.tool["json_key"] == "cages" else "")
    if label:  # the drawn cell's name says the rule (the engine's drawing label)
        cell = p.cell if p.label else p.strokes[0][0]
        name = app.cell(cell // N + 1, cell % N + 1).get_attribute("aria-label") or ""
        assert label in name, name
    assert report(app) == "one", app.page.locator("#setter-status").inner_text()
    done_setting(app)
    app.click("Solve")
    app.expect_line(p.line, timeout=60_000)


CASES = [pytest.param(screen, tool["json_key"], id=f"{screen}-{tool['json_key']}")
         for screen in INPUTS for tool in TOOLS]


@pytest.mark.parametrize(("screen", "key"), CASES)
def test_set_every_type_then_solve(screens: dict[str, App], plans: dict[str, Plan],
                                   screen: str, key: str) -> None:
    set_and_solve(screens[screen], plans[key], touch=screen == "touch")


def test_every_puzzle_needs_its_rule(plans: dict[str, Plan]) -> None:
    """The givens alone leave several solutions (the engine counts): the drawing is what
    makes the puzzle unique, so a rule drawn wrong or not at all leaves the panel at
    "Several solutions". Not so only where the clues the rule needs beside it (all the dots
    of "no other dots") decide alone."""
    loose = {key for key, p in plans.items() if p.before != "several"}
    assert loose <= {key for key, p in plans.items() if p.start}, loose


def test_the_page_offers_every_tool_the_engine_lists(screens: dict[str, App]) -> None:
    app = screens["mouse"]
    setting(app, len(TOOLS))
    offered = app.page.eval_on_selector_all("#setter-tool option", "os => os.map(o => o.value)")
    assert [k for k in offered if k] == [t["json_key"] for t in TOOLS]
    done_setting(app)


def test_a_half_painted_jigsaw_is_said_and_a_broken_one_refused(
        screens: dict[str, App], plans: dict[str, Plan]) -> None:
    app = screens["mouse"]
    page = app.page
    start(app, plans["clones"])  # any plan without clues beside it: Clear grid
    choose_tool(app, "regions")

    def stroke(cells: list[tuple[int, int]]) -> None:
        press_path(page, [grid_point(page, r, c) for r, c in cells], touch=False)

    stroke([(0, c) for c in range(N - 1)])  # region 1: five cells of row 1
    app.wait_message(f"Region 1: {N - 1} of {N} cells. {N - 1} of {N * N} cells painted")
    painted = page.eval_on_selector_all("[data-paint]", "cs => cs.map(c => c.dataset.paint)")
    assert painted == ["1"] * (N - 1)
    done_setting(app)  # leaving Set mode drops the half-painted map: no tint while playing
    assert page.locator("[data-paint]").count() == 0
    setting(app, len(TOOLS))
    choose_tool(app, "regions")
    stroke([(0, c) for c in range(N - 1)])
    stroke([(0, N - 1)] + [(1, c) for c in range(N - 1, -1, -1)])  # region 2: seven cells
    for r in range(2, N):
        stroke([(r, c) for c in range(N)])
    # Every cell painted: the map is sent, and the engine refuses it by name.
    app.wait_message(f"region 1 has {N - 1} cells")
    assert "jigsaw" not in (page.locator("#grid").get_attribute("data-constraints") or "")
    assert page.locator("[data-paint]").count() == N * N  # the map stays to be painted over
    stroke([(0, N - 2), (0, N - 1)])  # begun on region 1: r1c6 joins it, rows are regions
    page.wait_for_function("() => (document.querySelector('#grid').dataset.constraints || '')"
                           ".split(' ').includes('jigsaw')", timeout=SETTER_TIMEOUT)
    assert page.locator("[data-paint]").count() == 0


def test_a_clone_copy_of_another_size_is_refused(screens: dict[str, App],
                                                 plans: dict[str, Plan]) -> None:
    app = screens["mouse"]
    page = app.page
    start(app, plans["clones"])
    choose_tool(app, "clones")
    press_path(page, [grid_point(page, 0, 0), grid_point(page, 0, 1)], touch=False)
    app.wait_message("First group of the clone: 2 cells")
    assert page.locator("[data-drawing]").count() == 2  # the first group stays marked
    press_path(page, [grid_point(page, 3, c) for c in range(3)], touch=False)
    app.wait_message("The copy needs 2 cells")
    assert "clone" not in (page.locator("#grid").get_attribute("data-constraints") or "")
    press_path(page, [grid_point(page, 3, 0), grid_point(page, 3, 1)], touch=False)
    page.wait_for_function("() => (document.querySelector('#grid').dataset.constraints || '')"
                           ".split(' ').includes('clone')", timeout=SETTER_TIMEOUT)
