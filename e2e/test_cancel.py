"""A long job shows that it is busy and can be cancelled without losing the grid.

The long job is Steps on a forum-hardest 9x9: nested forcing chains, seconds in the page
(New puzzle no longer makes puzzles while the player waits: it serves the banks at once).
"""

from __future__ import annotations

from conftest import App
from playwright.sync_api import expect
from puzzles import SMALL, SMALL_SOLUTION

HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def start_long_job(app: App) -> None:
    app.click("Steps")


def test_cancel_a_long_job(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + HARDEST)
    app.cell(1, 1).click()
    app.page.keyboard.press("6")  # an entry of the user's (right: Steps runs), to check it survives
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
    app.wait_message("Solved.")
    app.expect_line(SMALL_SOLUTION)


def test_escape_cancels(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + HARDEST)
    start_long_job(app)
    expect(app.button("Cancel")).to_be_visible()
    app.page.wait_for_timeout(500)
    app.cell(2, 2).click()  # Escape works from the grid, not only from the panel
    app.page.keyboard.press("Escape")
    app.wait_message("Cancelled")
    app.expect_line(HARDEST)
