"""A new player's tour, at 1366x768 and 375x667: a press that closes the menu is not
lost, Esc closes whatever is on top, a linked or imported puzzle gets its level, the step walk
leaves the grid as it found it, and the messages are in players' words."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser, expect
from puzzles import CLASSIC

from sudoku_core import Shape, parse
from sudoku_core.formats.links import format_site_link
from sudoku_core.logic.explain import steps
from sudoku_core.make.variant_generate import generate_puzzle

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture(scope="module", params=list(SIZES))
def tour_page(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[App]:
    """One loaded page per screen size for this module's scenarios."""
    watch = Watch()
    ctx = open_context(browser, server, watch, **SIZES[request.param])
    app = App(ctx.new_page(), server, watch)
    app.open("#p=" + CLASSIC)
    app.shared = True
    yield app
    ctx.close()


@pytest.fixture
def tour(tour_page: App) -> Iterator[App]:
    """The page with the menu and panels closed; fails on outside requests or page errors."""
    tour_page.watch.errors.clear()
    tour_page.watch.outside.clear()
    tour_page.reset()
    yield tour_page
    assert tour_page.watch.outside == [], tour_page.watch.outside[:5]
    assert tour_page.watch.errors == [], tour_page.watch.errors[:5]


def centre_of(app: App, selector: str) -> tuple[float, float, dict[str, float]]:
    box = app.page.locator(selector).bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box


def test_a_press_that_closes_the_menu_is_not_lost(tour: App) -> None:
    """Import fails, the menu opens over the import panel, the puzzle is pasted, Import loads it."""
    page = tour.page
    tour.click("Import / export")
    page.locator("#io-text").fill("hello")
    tour.button("Import").click()
    expect(tour.status()).to_have_attribute("data-kind", "error")
    expect(page.locator("#io-panel")).to_be_visible()
    _, _, before = centre_of(tour, "#import")
    tour.button("Menu").click()
    expect(page.locator("#menu-panel")).to_be_visible()
    # Opening the menu moves nothing: it lies over the panel.
    _, _, over = centre_of(tour, "#import")
    assert over == before, (before, over)
    # A press outside the menu closes it and still reaches what it was aimed at (a cell of
    # the grid's top row: on a phone the menu is a sheet over the lower part of the screen).
    page.evaluate("scrollTo(0, 0)")
    _, _, before = centre_of(tour, "#import")
    x, y, _ = centre_of(tour, "[role=gridcell][aria-label^='r1c5,']")
    page.mouse.click(x, y)
    expect(page.locator("#menu-panel")).to_be_hidden()
    expect(tour.cell(1, 5)).to_have_attribute("aria-selected", "true")
    _, _, after = centre_of(tour, "#import")
    assert after == before, (before, after)
    # Where the menu left the Import button uncovered, a press on it imports at once.
    tour.button("Menu").click()
    x, y, _ = centre_of(tour, "#import")
    hit = page.evaluate("""([x, y]) => {
        const el = document.elementFromPoint(x, y);  // null: scrolled out of view
        return el ? (el.closest('#import, #menu-panel') || el).id || el.tagName : 'unseen';
    }""", [x, y])
    assert hit in ("import", "menu-panel", "unseen"), hit  # never <main>: nothing moved
    page.keyboard.press("Escape")
    page.locator("#io-text").fill(CLASSIC.replace("5", ".", 1))
    tour.button("Import").click()
    tour.wait_message("Loaded a 9×9 puzzle")
    expect(page.locator("#io-panel")).to_be_hidden()


@pytest.mark.parametrize("name", ["Import / export", "New puzzle", "Saved games", "Settings",
                                  "Share", "Steps"])
def test_escape_closes_every_panel(tour: App, name: str) -> None:
    page = tour.page
    panel = {"Import / export": "#io-panel", "New puzzle": "#new-panel",
             "Saved games": "#games-panel", "Settings": "#settings-panel",
             "Share": "#share-panel", "Steps": "#walk-panel"}[name]
    tour.show("#p=" + CLASSIC)
    tour.click(name)
    expect(page.locator(panel)).to_be_visible(timeout=60_000)
    if name == "Import / export":
        expect(page.locator("#io-text")).to_be_focused()  # Esc from inside the text box too
    page.keyboard.press("Escape")
    expect(page.locator(panel)).to_be_hidden()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"


def filled(app: App) -> int:
    return sum(1 for v in app.values() if v)


def test_stop_walking_puts_the_grid_back_and_undo_goes_one_step_at_a_time(tour: App) -> None:
    page = tour.page
    tour.show("#p=" + CLASSIC)
    givens = filled(tour)
    tour.click("Steps")
    tour.wait_message("steps to the solution")
    walk = page.locator("#walk-text")
    jump = page.get_by_label("Go to step")
    jump.fill("10")
    jump.dispatch_event("change")
    expect(walk).to_contain_text("Step 10 of")
    assert filled(tour) == givens + 10  # CLASSIC's first steps each place one value
    tour.cell(1, 3).click()
    page.keyboard.press("Control+z")  # one step back, and the walk follows
    expect(walk).to_contain_text("Step 9 of")
    assert filled(tour) == givens + 9
    page.keyboard.press("Control+y")
    expect(walk).to_contain_text("Step 10 of")
    tour.button("Stop walking").click()
    expect(page.locator("#walk-panel")).to_be_hidden()
    tour.expect_line(CLASSIC)  # the walk was a lesson: the grid is as it was before Steps
    said = tour.status().inner_text()
    assert "back as it was before Steps" in said and "Press Next step" not in said, said
    page.keyboard.press("Control+y")  # Redo brings the walked steps back one at a time
    page.wait_for_function(f"document.querySelectorAll('[role=gridcell][data-value]:not("
                           f"[data-value=\"\"])').length === {givens + 1}")
    page.keyboard.press("Control+z")
    tour.expect_line(CLASSIC)


HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


def test_a_linked_hard_puzzle_gets_its_level_from_the_walk(app: App) -> None:
    """The quick rating gives up (or names a least level); the walk worked out ahead knows it."""
    level = app.page.locator("#level")
    app.open("#p=" + HARD)
    expect(level).to_have_text(re.compile(r"^Level: "), timeout=60_000)  # never blank
    app.page.wait_for_selector("html[data-walk='ready']", timeout=300_000)
    # The quick rating may finish on a fast machine and add SE's figure; the level is the walk's.
    want = re.escape(f"Level: {steps(parse(HARD)).level}")
    expect(level).to_have_text(re.compile(rf"^{want}( · SE \d+\.\d)?$"), timeout=10_000)


def test_an_imported_fpuzzles_killer_gets_its_level(app: App) -> None:
    killer = generate_puzzle(Shape(3, 3), ("killer",), "easy", seed=3)
    assert sum(1 for v in killer.grid.cells if v) < 9  # few givens: its cages carry it
    app.paste(format_site_link(killer.grid, "f-puzzles"))
    app.wait_message("Loaded a 9×9")
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    expect(app.page.locator("#level")).to_have_text(
        re.compile(rf"^Level: {killer.level}( · SE [0-9.]+)?$"), timeout=60_000)


RECORD_MESSAGES = """() => {
    window.__said = [];
    new MutationObserver(() => window.__said.push(
        document.getElementById('message').textContent)).observe(
        document.getElementById('message'), {childList: true, characterData: true, subtree: true});
}"""


@pytest.mark.parametrize("names, words", [("x", "X"), ("antiknight", "anti-knight")])
def test_a_new_variant_puzzle_is_named_in_players_words(app: App, names: str, words: str) -> None:
    page = app.page
    app.click("New puzzle")
    page.locator("#new-size").select_option("9")
    page.get_by_label("Difficulty").select_option("easy")
    page.get_by_label("Variant").select_option(names)
    page.evaluate(RECORD_MESSAGES)
    app.button("Generate").click()
    said = app.wait_message(f"New Easy {words} puzzle (9×9)", timeout=120_000)
    assert said.startswith(f"New Easy {words} puzzle"), said
    making = [t for t in page.evaluate("window.__said") if t.startswith("Making")]
    assert all(t.startswith(f"Making an Easy {words} puzzle") for t in making), making
    app.click("New puzzle")
    page.get_by_label("Variant").select_option("")  # classic again for the shared page
    page.keyboard.press("Escape")


def test_a_conflicting_import_says_so_and_solve_says_solved(app: App) -> None:
    app.paste("55" + "." * 79)
    said = app.wait_message("Loaded a 9×9 puzzle")
    assert "but its givens conflict: 5 appears twice in row 1" in said, said
    expect(app.status()).to_have_attribute("data-kind", "error")
    before = app.page.evaluate("document.querySelector('[role=status]').textContent")
    app.paste(CLASSIC)
    # Wait for the new message: the conflicting one also starts "Loaded a 9×9 puzzle".
    app.page.wait_for_function(
        "old => { const t = document.querySelector('[role=status]').textContent;"
        " return t !== old && t.includes('Loaded a 9×9 puzzle'); }", arg=before,
        timeout=60_000)
    said = str(app.status().inner_text())
    assert "conflict" not in said, said
    expect(app.status()).to_have_attribute("data-kind", "ok")
    app.click("Solve")
    app.wait_message("Solved")
    assert app.status().inner_text() == "Solved."  # no solver timings for players
