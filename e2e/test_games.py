"""Saved games: one key per puzzle, tabs apart, the list, undo history and settings across a
reload, a timer that pauses while the page is hidden."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import App
from playwright.sync_api import BrowserContext, expect
from puzzles import CLASSIC, SMALL, SMALL_SOLUTION


def test_tabs_keep_their_own_games(context: BrowserContext, fresh_app: App) -> None:
    a = fresh_app
    a.open("#p=" + SMALL)
    a.cell(1, 1).click()
    a.page.keyboard.press("1")
    b = App(context.new_page(), a.server, a.watch)
    b.open("#p=" + CLASSIC)
    b.cell(1, 3).click()
    b.page.keyboard.press("4")
    a.page.reload()
    a.wait_ready()
    expect(a.cell(1, 1)).to_have_attribute("data-value", "1")
    assert a.cells().count() == 16
    b.page.reload()
    b.wait_ready()
    expect(b.cell(1, 3)).to_have_attribute("data-value", "4")
    # Both are listed, with size and progress; Delete removes one.
    b.click("Saved games")
    items = b.page.locator("#games-list li")
    expect(items).to_have_count(2)
    text = " ".join(items.all_inner_texts())
    assert "4×4" in text and "9×9" in text and "% filled" in text
    b.page.get_by_role("button", name="Delete 4×4", exact=False).click()
    expect(items).to_have_count(1)
    b.page.get_by_role("button", name="Resume 9×9", exact=False).click()
    expect(b.cell(1, 3)).to_have_attribute("data-value", "4")


def test_undo_history_and_settings_survive_a_reload(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("6")
    app.click("Settings")
    app.page.get_by_label("Theme").select_option("dark")
    app.page.reload()
    app.wait_ready()
    assert app.page.locator("html").get_attribute("data-theme") == "dark"
    background = app.page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"
    expect(app.cell(1, 4)).to_have_attribute("data-value", "6")
    app.click("Undo")
    expect(app.cell(1, 4)).to_have_attribute("data-value", "")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")


def test_timer_pauses_while_hidden(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + CLASSIC)
    page = app.page
    page.wait_for_function("() => document.querySelector('#timer').textContent >= '0:02'")
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    before = page.locator("#timer").inner_text()
    page.wait_for_timeout(2500)
    assert page.locator("#timer").inner_text() == before
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function("t => document.querySelector('#timer').textContent !== t", arg=before)


def test_the_old_save_slot_becomes_a_game(fresh_app: App) -> None:
    app = fresh_app
    app.open()
    givens = [0, 0, 3, 0, 0, 4, 0, 2, 2, 1, 0, 0, 0, 0, 0, 0]  # SMALL
    old = {"box": [2, 2], "givens": givens, "entries": [1] + [0] * 15, "solved": [0] * 16,
           "pencil": [[]] * 16, "corner": [[]] * 16, "source": ""}
    app.page.evaluate("""old => {
        localStorage.setItem('sudoku-core:doc', JSON.stringify(old));
        sessionStorage.clear();
    }""", old)
    app.page.reload()
    app.wait_ready()
    app.expect_line("1" + SMALL[1:])
    expect(app.cell(1, 1)).to_have_attribute("data-kind", "entry")
    assert app.page.evaluate("localStorage.getItem('sudoku-core:doc')") is None
    assert app.stored()["doc"]["entries"][0] == 1


def test_a_refused_save_is_said_once(fresh_app: App) -> None:
    # Storage full (or blocked, as in some private modes): the player is told that a reload
    # would lose the work, once, not at every keystroke.
    app = fresh_app
    app.open("#p=" + CLASSIC)
    app.page.evaluate("""() => {
        const real = Storage.prototype.setItem;
        window.__refused = 0;
        Storage.prototype.setItem = function (key, value) {
          if (key.startsWith('sudoku-core:game:')) {
            window.__refused += 1;
            throw new DOMException('full', 'QuotaExceededError');
          }
          return real.call(this, key, value);
        };
    }""")
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    text = app.wait_message("refused to save")
    assert "Share or Export" in text
    refused = app.page.evaluate("window.__refused")
    app.cell(1, 1).click()  # a given: the page says so, in place of the warning
    app.page.keyboard.press("1")
    app.wait_message("is a given")
    app.cell(1, 4).click()
    app.page.keyboard.press("6")
    app.page.wait_for_function("n => window.__refused > n", arg=refused)
    app.page.wait_for_timeout(300)
    assert "refused" not in app.page.locator("#message").inner_text()


def test_a_finished_game_resumes_with_its_own_size(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + SMALL)
    missing = zip(SMALL, SMALL_SOLUTION, strict=True)
    app.type_line("".join(s if g == "." else "." for g, s in missing))
    app.wait_message("Solved!")
    app.show("#p=" + CLASSIC)
    expect(app.cells()).to_have_count(81)
    app.click("Saved games")
    app.page.get_by_role("button", name="Resume 4×4", exact=False).click()
    text = app.wait_message("Solved!")
    assert "4×4" in text and "9×9" not in text


def test_a_shipped_puzzle_opened_from_a_link_has_its_level(fresh_app: App, site: Path) -> None:
    # The page only rates small grids, briefly; a bank puzzle's level is the bank's rating.
    for level, box in (("Extreme", "3x3"), ("Easy", "4x4")):
        bank = json.loads((site / "banks" / f"{box}.json").read_text())
        puzzle = bank["levels"][level][0]
        line = "".join("." if not v else "123456789ABCDEFG"[v - 1] for v in puzzle["values"])
        fresh_app.open("#p=" + line)
        expect(fresh_app.page.locator("#level")).to_have_text(f"Level: {level}")


def test_a_hard_puzzle_gets_a_level_even_when_rating_runs_out(fresh_app: App) -> None:
    # The page rates in a short budget: a forum hardest puzzle is cut short, and the level of
    # the hardest step met so far is shown ("Expert+"; the top level "Extreme" as is).
    line = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    fresh_app.open("#p=" + line)
    expect(fresh_app.page.locator("#level")).to_have_text(
        re.compile(r"Level: (Easy|Medium|Hard|Expert)\+$|Level: Extreme( · SE \d+\.\d)?$"),
        timeout=30_000)


def test_the_view_survives_a_reload(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + CLASSIC)
    app.click("Candidates")
    app.cell(5, 5).click()
    app.page.reload()
    app.wait_ready()
    expect(app.page.locator("#candidates")).to_have_attribute("aria-pressed", "true")
    expect(app.cell(5, 5)).to_have_attribute("aria-selected", "true")
    expect(app.cell(1, 1)).not_to_have_attribute("aria-selected", "true")
