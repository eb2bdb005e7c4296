"""Hints a person can follow: a one-line summary, the chain one tap away and played link by link.

The position is a forum-hardest puzzle a few singles in, where the next step is a forcing chain
(its chain has dozens of facts): the message says the summary, Explain opens the chain drawn
from the step's JSON, Next link / Previous link light only the cells of the current link.
"""

from __future__ import annotations

import contextlib
import re

from conftest import App, open_context
from playwright.sync_api import Browser, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# puzzles6_forum_hardest_1106 #1 with two singles placed: the next step is a Forcing Chain.
CHAIN_POSITION = ("........8.83...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1....."
                  "2.4.5.....3")
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def highlighted(app: App) -> set[str]:
    return set(app.page.eval_on_selector_all(
        "[role=gridcell][data-highlight]",
        "cells => cells.map(c => c.getAttribute('aria-label').split(',')[0])"))


def lit_once_drawn(app: App, cells: set[str]) -> set[str]:
    """The lit cells once the page has drawn `cells` (or after 10 s, to show what differs).

    Waiting for the exact set, not its size: two links in a row often light as many cells, so
    a wait on the count alone read the previous link's cells on a loaded CI machine.
    """
    same = ("want => JSON.stringify([...document.querySelectorAll("
            "'[role=gridcell][data-highlight]')].map(c => "
            "c.getAttribute('aria-label').split(',')[0]).sort()) === JSON.stringify(want)")
    with contextlib.suppress(PlaywrightTimeout):  # the caller's assertion names what differs
        app.page.wait_for_function(same, arg=sorted(cells), timeout=10_000)
    return highlighted(app)


def named(text: str) -> set[str]:
    return {f"r{r}c{c}" for r, c in re.findall(r"r(\d+)c(\d+)", text)}


def chain_hint(app: App) -> str:
    app.open("#p=" + CHAIN_POSITION)
    app.click("Candidates")  # a player who shows candidates gets the chain step itself
    app.click("Hint")  # where to look
    app.wait_message("Hint again says what to look for")
    app.click("Hint")  # what
    app.wait_message("Hint again shows the step")
    app.click("Hint")
    return app.wait_message("Hint again applies it")


def test_hint_says_a_summary_and_plays_the_chain(fresh_app: App) -> None:
    app = fresh_app
    said = chain_hint(app)
    # The summary, not the chain of dozens of facts.
    assert "A chain from" in said and "contradiction" in said, said
    assert len(said) < 320, said
    assert said.count("->") == 0
    app.click("Explain")
    sheet = app.page.get_by_role("dialog")
    expect(sheet).to_be_visible()
    facts = sheet.locator(".chain-nodes li[data-node]")
    assert facts.count() >= 10, "the chain's facts are listed"
    link = app.page.locator("#chain-link")
    seen = []
    for _ in range(6):
        app.click("Next link")
        text = link.inner_text()
        cells = named(text)
        assert cells, text
        expect(app.page.locator("#chain-at")).to_contain_text("Link")
        # Only the current link's cells are lit.
        assert lit_once_drawn(app, cells) == cells, text
        seen.append((text, cells))
    assert len({t for t, _ in seen}) == 6
    assert expect(sheet.locator("[aria-current=step]")).to_have_count(1) is None
    app.click("Previous link")
    text, cells = seen[-2]
    expect(link).to_have_text(text)
    assert lit_once_drawn(app, cells) == cells
    app.click("Close")
    expect(sheet).to_be_hidden()
    # Closing gives back the hint's own highlighting (waited for: the page redraws after the
    # sheet closes, and a loaded machine read the link's cells once before it had).
    more = ("k => document.querySelectorAll('[role=gridcell][data-highlight]').length > k")
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below names what differs
        app.page.wait_for_function(more, arg=len(cells), timeout=10_000)
    assert len(highlighted(app)) > len(cells)


def test_phone_sheet_over_the_keypad(browser: Browser, server: object, watch: object) -> None:
    ctx = open_context(browser, server, watch, **PHONE)  # type: ignore[arg-type]
    try:
        app = App(ctx.new_page(), server, watch)  # type: ignore[arg-type]
        chain_hint(app)
        explain = app.button("Explain")
        expect(explain).to_be_visible()
        explain.tap()
        sheet = app.page.get_by_role("dialog")
        expect(sheet).to_be_visible()
        box = sheet.bounding_box()
        keypad = app.page.locator("#keypad").bounding_box()
        assert box and keypad
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375
        assert box["y"] + box["height"] <= 667 + 1, "the sheet is on screen"
        assert box["y"] < keypad["y"] + keypad["height"], "the sheet covers the keypad"
        # The whole chain is there to read: the sheet scrolls to its last fact, nothing is cut.
        facts = sheet.locator(".chain-nodes > li")
        assert facts.count() >= 10
        assert sheet.evaluate("el => el.scrollHeight > el.clientHeight")
        facts.last.scroll_into_view_if_needed()
        expect(facts.last).to_be_in_viewport()
        app.button("Close").tap()
        expect(sheet).to_be_hidden()
    finally:
        ctx.close()


# puzzles6_forum_hardest_1106 #1: its walk needs nested forcing chains (seconds in the page).
FORUM_HARDEST = ("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5"
                 ".....3")


def test_steps_stream_the_first_steps_before_the_walk_ends(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + FORUM_HARDEST)
    app.click("Steps")
    # The walk opens with the steps found so far while the job still runs (Cancel shown).
    app.page.wait_for_function(
        """() => !document.getElementById('walk-panel').hidden
                 && !document.getElementById('cancel').hidden
                 && document.querySelector('[role=status]').textContent.includes('so far')""",
        timeout=60_000)
    early = app.status().inner_text()
    app.click("Next step")
    expect(app.page.locator("#walk-text")).to_contain_text("Step 1 of")
    final = app.wait_message("Press Next step to walk through them")
    assert final != early
    total = int(re.search(r"Step 1 of (\d+)", app.page.locator("#walk-text").inner_text())[1])
    assert total >= 1
    # The player's place in the walk survives the end of the stream.
    expect(app.page.locator("#walk-text")).to_contain_text("Step 1 of")
    marks = app.page.evaluate(
        "['sudoku:first-step', 'sudoku:steps-done'].map(n => performance.getEntriesByName(n)"
        ".map(e => e.startTime)[0])")
    assert marks[0] is not None and marks[1] is not None and marks[0] < marks[1]


def test_nested_chain_shows_inner_chains_collapsed(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + FORUM_HARDEST)
    app.click("Steps")
    app.wait_message("Press Next step to walk through them", timeout=120_000)
    text = app.page.locator("#walk-text")
    for _ in range(200):
        app.click("Next step")
        if "Nested Forcing Chain" in text.inner_text():
            break
    else:
        raise AssertionError("the walk shows no nested forcing chain")
    app.click("Explain")
    sheet = app.page.get_by_role("dialog")
    expect(sheet).to_be_visible()
    inner = sheet.locator("details.chain-sub")
    assert inner.count() >= 1
    assert sheet.locator("details.chain-sub[open]").count() == 0, "collapsed by default"
    inner.first.locator("summary").click()
    expect(inner.first.locator(".chain-nodes li").first).to_be_visible()
    app.click("Close")
    expect(sheet).to_be_hidden()
