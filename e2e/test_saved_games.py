"""Saved games are never lost: full storage, two tabs on one game, the game picked up in a new
tab, and visits that play nothing leave no saved games (docs/saved-games.md)."""

from __future__ import annotations

from typing import Any

from conftest import App, wait_until
from playwright.sync_api import BrowserContext, Page, expect
from puzzles import CLASSIC, SMALL

# Every saved game's record in the page's local storage.
RECORDS = """() => Object.keys(localStorage).filter(k => k.startsWith('sudoku-core:game:'))
    .map(k => JSON.parse(localStorage.getItem(k)))"""


def records(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate(RECORDS))


def wait_saved(page: Page, entries: dict[int, int]) -> None:
    """Wait until some saved game holds these entries (cell index -> value)."""
    wait_until(page, f"""() => ({RECORDS})().some(r =>
        Object.entries({dict((str(k), v) for k, v in entries.items())!r})
            .every(([i, v]) => r.doc.entries[Number(i)] === v))""", timeout=15)


def holds(recs: list[dict[str, Any]], entries: dict[int, int]) -> bool:
    return any(all(r["doc"]["entries"][i] == v for i, v in entries.items()) for r in recs)


def type_at(app: App, row: int, col: int, key: str) -> None:
    app.cell(row, col).click()
    app.page.keyboard.press(key)


def new_tab(context: BrowserContext, a: App) -> App:
    return App(context.new_page(), a.server, a.watch)


def listed(app: App) -> list[str]:
    """The lines of Saved games."""
    app.click("Saved games")
    items = app.page.locator("#games-list li")
    expect(items.first).to_be_visible()
    return list(items.all_inner_texts())


def test_full_storage_keeps_every_other_game(context: BrowserContext, fresh_app: App) -> None:
    a = fresh_app
    a.open("#p=" + SMALL)
    type_at(a, 1, 1, "1")
    wait_saved(a.page, {0: 1})
    [small_id] = [r["game"]["id"] for r in records(a.page)]
    # Fill the origin's storage to its quota, as other projects of a github.io origin can.
    fillers = a.page.evaluate("""() => {
        let i = 0;
        for (let size = 1 << 22; size >= 1;) {
          try { localStorage.setItem('filler:' + i, 'x'.repeat(size)); i++; } catch { size >>= 1; }
        }
        return i;
    }""")
    assert fillers > 0
    b = new_tab(context, a)
    b.open("#p=" + CLASSIC)
    type_at(b, 1, 3, "4")
    text = b.wait_message("refused to save")
    # Nothing was deleted to make room that was not enough: A's game and its index entry stay.
    assert holds(records(b.page), {0: 1})
    assert small_id in b.page.evaluate(
        "JSON.parse(localStorage.getItem('sudoku-core:games')).map(g => g.id)")
    # What to do is said with the warning.
    assert "Saved games" in text and "Share or Export" in text
    # The warning is said once, not at every keystroke.
    type_at(b, 1, 1, "1")  # a given: the page says so, in place of the warning
    b.wait_message("is a given")
    type_at(b, 1, 4, "6")
    b.page.wait_for_timeout(2500)
    assert "refused" not in b.page.locator("#message").inner_text()
    # A plays on and closes; a new tab still lists A's game.
    type_at(a, 2, 1, "3")
    a.page.wait_for_timeout(600)
    a.page.close()
    b.page.close()
    c = new_tab(context, a)
    c.open()
    assert any(line.startswith("4×4") for line in listed(c))
    assert holds(records(c.page), {0: 1})


def check_both_kept(context: BrowserContext, a: App) -> None:
    """After tab B typed r1c2=2 and tab A r2c1=3 on one game that had r1c1=1: no entry is
    lost, and Saved games lists both."""
    c = new_tab(context, a)
    c.open("#p=" + CLASSIC)
    recs = records(c.page)
    assert holds(recs, {0: 1, 1: 2}), "B's entry r1c2=2 was lost"
    assert holds(recs, {0: 1, 4: 3}), "A's entry r2c1=3 was lost"
    lines = listed(c)
    assert sum(line.startswith("4×4") for line in lines) == 2, lines


def test_a_duplicated_tab_loses_no_entry(context: BrowserContext, fresh_app: App) -> None:
    a = fresh_app
    a.open("#p=" + SMALL)
    type_at(a, 1, 1, "1")
    wait_saved(a.page, {0: 1})
    # window.open(location.href) copies session storage, as the browser's Duplicate Tab does.
    with context.expect_page() as opened:
        a.page.evaluate("window.open(location.href)")
    b = App(opened.value, a.server, a.watch)
    b.wait_ready()
    tab = "sessionStorage.getItem('sudoku-core:tab')"
    assert b.page.evaluate(tab) == a.page.evaluate(tab)  # the same game id, copied
    expect(b.cell(1, 1)).to_have_attribute("data-value", "1")
    type_at(b, 1, 2, "2")
    wait_saved(b.page, {0: 1, 1: 2})
    b.page.close()
    type_at(a, 2, 1, "3")
    wait_saved(a.page, {0: 1, 4: 3})
    # Said in the tab whose work went on as a game of its own.
    a.wait_message("another tab", timeout=5000)
    a.page.close()
    check_both_kept(context, a)


def test_a_game_resumed_in_a_second_tab_loses_no_entry(
        context: BrowserContext, fresh_app: App) -> None:
    a = fresh_app
    a.open("#p=" + SMALL)
    type_at(a, 1, 1, "1")
    wait_saved(a.page, {0: 1})
    b = new_tab(context, a)
    b.open("#p=" + CLASSIC)
    b.click("Saved games")
    b.page.get_by_role("button", name="Resume 4×4", exact=False).click()
    expect(b.cell(1, 1)).to_have_attribute("data-value", "1")
    type_at(b, 1, 2, "2")
    wait_saved(b.page, {0: 1, 1: 2})
    b.page.close()
    type_at(a, 2, 1, "3")
    wait_saved(a.page, {0: 1, 4: 3})
    a.page.close()
    check_both_kept(context, a)


def test_a_new_tab_resumes_the_game_last_played(context: BrowserContext, fresh_app: App) -> None:
    a = fresh_app
    a.open()
    empty = a.values().index("")
    n = round(len(a.values()) ** 0.5)
    type_at(a, empty // n + 1, empty % n + 1, "5")
    wait_saved(a.page, {empty: 5})
    line = a.line()
    a.page.close()
    b = new_tab(context, a)
    b.open()
    b.expect_line(line)
    expect(b.cell(empty // n + 1, empty % n + 1)).to_have_attribute("data-kind", "entry")
    # A link names its own puzzle: it is opened, not the last game.
    c = new_tab(context, a)
    c.open("#p=" + CLASSIC)
    c.expect_line(CLASSIC)


def test_unplayed_visits_make_no_saved_games(context: BrowserContext, fresh_app: App) -> None:
    first = fresh_app
    for visit in range(3):
        tab = first if visit == 0 else new_tab(context, first)
        tab.open()
        tab.page.wait_for_timeout(700)  # past the batched save
        tab.page.close()
    last = new_tab(context, first)
    last.open()
    assert listed(last) == ["No saved puzzles yet."]
    assert records(last.page) == []
    # A reload of an unplayed puzzle still shows it (kept for its tab only).
    line = last.line()
    last.page.wait_for_timeout(700)
    last.page.reload()
    last.wait_ready()
    last.expect_line(line)
