"""Share links, hand-made #p= links, hostile links, and no lost work across reloads."""

from __future__ import annotations

import re

import pytest
from conftest import App, Server, Watch, open_context
from playwright.sync_api import Browser, expect
from puzzles import CLASSIC, SIX, SMALL

EMPTY81 = "." * 81


def test_share_round_trip_in_a_fresh_page(
    app: App, browser: Browser, server: Server, watch: Watch
) -> None:
    app.open("#p=" + SIX + "&box=2x3")
    app.cell(1, 1).click()
    app.page.keyboard.press("1")
    app.cell(6, 6).click()
    app.page.keyboard.press("3")  # a wrong entry is still the user's state
    app.click("Share")
    expect(app.page.get_by_label("Share link")).to_have_value(re.compile("&e="))
    app.wait_message("ink")
    url = app.page.get_by_label("Share link").input_value()
    fragment = url.split("#", 1)[1]
    assert all(ch.isalnum() or ch in "=&.-_~" for ch in fragment), url
    ctx = open_context(browser, server, watch)
    try:
        other = App(ctx.new_page(), server, watch)
        other.page.goto(url)
        other.wait_ready()
        assert other.cells().count() == 36
        assert other.values() == app.values()
        assert other.kinds() == app.kinds()
        assert other.page.locator("#shape").input_value() == "2x3"
    finally:
        ctx.close()


def test_share_keeps_a_non_default_box_shape(app: App) -> None:
    app.open("#p=" + "." * 36 + "&box=3x2")
    assert app.page.locator("#shape").input_value() == "3x2"
    app.click("Share")
    expect(app.page.get_by_label("Share link")).to_have_value(re.compile(r"#p=\.{36}&box=3x2$"))


def test_hand_made_link(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.expect_line(CLASSIC)
    assert app.cell(1, 1).get_attribute("aria-label").startswith("r1c1, 5, given")
    app.click("Solve")
    app.wait_message("Solved.")


def test_hand_made_link_with_zeros_and_box(app: App) -> None:
    app.open("#p=" + SIX.replace(".", "0") + "&box=2x3")
    app.expect_line(SIX)


HOSTILE = {
    "script": "#p=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "img": "#p=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E" + "1" * 40,
    "raw_markup": "#p=<b>bold</b>" + "." * 73,
    "huge": "#p=" + "1" * 200_000,
    "wrong_count": "#p=" + "." * 80,
    "prime_size": "#p=" + "." * 49,
    "too_big": "#p=" + "." * 36 * 36,
    "bad_box": "#p=" + "." * 81 + "&box=2x2",
    "bad_symbol": "#p=" + "Z" + "." * 80,
    "broken_percent": "#p=%E0%A4%A" + "." * 70,
    "broken_percent2": "#p=" + "." * 80 + "%",
}


def test_hostile_link_on_first_load(fresh_app: App) -> None:
    fresh_app.open(HOSTILE["img"])
    assert "could not be read" in fresh_app.wait_message("empty grid")
    fresh_app.expect_line(EMPTY81)
    assert fresh_app.page.locator("#grid img, #message *").count() == 0


@pytest.mark.parametrize("hash", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_links(app: App, hash: str) -> None:
    dialogs: list[str] = []
    app.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    app.open(hash)
    text = app.wait_message("could not be read")
    assert "empty grid" in text
    app.expect_line(EMPTY81)
    assert dialogs == []
    assert app.page.locator("#grid script, #grid img, #grid b, #message *").count() == 0
    assert app.page.evaluate("typeof window.__pwned") == "undefined"
    assert len(text) < 500


def test_reload_keeps_work(fresh_app: App) -> None:
    app = fresh_app
    app.open()  # a first visit: a shipped puzzle to play
    empty = app.page.locator("[role=gridcell][data-kind=empty]").first
    name = empty.get_attribute("aria-label").split(",")[0]
    empty.click()
    app.page.keyboard.press("7")
    app.page.reload()
    app.wait_ready()
    cell = app.page.locator(f"[role=gridcell][aria-label^='{name},']")
    expect(cell).to_have_attribute("data-value", "7")
    expect(cell).to_have_attribute("data-kind", "entry")


def test_reload_of_a_link_keeps_entries_made_since(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + SMALL)
    app.cell(1, 1).click()
    app.page.keyboard.press("1")
    app.page.reload()
    app.wait_ready()
    expect(app.cell(1, 1)).to_have_attribute("data-value", "1")
    expect(app.cell(1, 1)).to_have_attribute("data-kind", "entry")
    expect(app.cell(1, 3)).to_have_attribute("data-kind", "given")


def test_other_link_does_not_destroy_work(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + SMALL)
    app.cell(1, 1).click()
    app.page.keyboard.press("1")
    mine = app.line()
    app.page.goto(app.server.url + "index.html#p=" + CLASSIC)
    app.wait_ready()
    app.expect_line(CLASSIC)
    assert "previous puzzle" in app.status().inner_text()
    app.click("Restore previous")
    app.expect_line(mine)
    app.page.reload()
    app.wait_ready()
    app.expect_line(mine)
