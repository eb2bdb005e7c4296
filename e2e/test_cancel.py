"""A long job shows that it is busy and can be cancelled without losing the grid.

The long job is a 25x25 Extreme puzzle from the generator: the level is out of reach, so it
runs to its budget and is still running when the test cancels it (16x16 Extreme got fast
enough to finish within the test's wait now and then; a hard solve is faster still).
"""

from __future__ import annotations

from conftest import App
from playwright.sync_api import expect
from puzzles import HARD25, SMALL, SMALL_SOLUTION


def start_long_job(app: App) -> None:
    app.click("New puzzle")
    app.page.locator("#new-size").select_option("25")
    app.page.get_by_label("Difficulty").select_option("extreme")
    app.click("Generate")


def test_cancel_a_long_job(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + HARD25)
    app.cell(1, 1).click()
    app.page.keyboard.press("1")  # an entry of the user's, to check it survives
    before = app.values()
    start_long_job(app)
    cancel = app.button("Cancel")
    expect(cancel).to_be_visible()
    assert app.page.locator("#grid").get_attribute("aria-busy") == "true"
    # Solve is in the (closed) menu: found by its name among hidden buttons too.
    assert app.page.get_by_role("button", name="Solve", exact=True,
                                include_hidden=True).is_disabled()
    app.page.wait_for_timeout(1500)
    assert cancel.is_visible(), app.status().inner_text()
    cancel.click()
    app.wait_message("Cancelled")
    assert app.values() == before
    app.wait_ready()
    expect(app.page.locator("#grid")).to_have_attribute("aria-busy", "false")
    # The fresh engine works.
    app.paste(SMALL)
    app.wait_message("Loaded a 4×4")
    app.click("Solve")
    app.wait_message("Solved in")
    app.expect_line(SMALL_SOLUTION)


def test_escape_cancels(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + SMALL)
    start_long_job(app)
    expect(app.button("Cancel")).to_be_visible()
    app.page.wait_for_timeout(500)
    app.cell(2, 2).click()  # Escape works from the grid, not only from the panel
    app.page.keyboard.press("Escape")
    app.wait_message("Cancelled")
    app.expect_line(SMALL)
