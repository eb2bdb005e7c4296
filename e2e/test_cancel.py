"""A long job shows that it is busy and can be cancelled without losing the grid."""

from __future__ import annotations

from conftest import App
from puzzles import HARD25, SMALL, SMALL_SOLUTION


def test_cancel_a_long_solve(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + HARD25)
    app.cell(1, 2).click()
    app.page.keyboard.press("1")  # an entry of the user's, to check it survives
    before = app.values()
    app.click("Solve")
    cancel = app.button("Cancel")
    cancel.wait_for(state="visible")
    assert app.page.locator("#grid").get_attribute("aria-busy") == "true"
    assert app.button("Solve").is_disabled()
    app.page.wait_for_timeout(1500)  # the solve is still running: its budget is 30 s
    assert cancel.is_visible()
    cancel.click()
    app.wait_message("Cancelled")
    assert app.values() == before
    app.wait_ready()
    assert app.page.locator("#grid").get_attribute("aria-busy") == "false"
    # The fresh engine works.
    app.paste(SMALL)
    app.wait_message("Loaded a 4×4")
    app.click("Solve")
    app.wait_message("Solved in")
    app.expect_line(SMALL_SOLUTION)


def test_escape_cancels(fresh_app: App) -> None:
    app = fresh_app
    app.open("#p=" + HARD25)
    app.click("Solve")
    app.button("Cancel").wait_for(state="visible")
    app.page.keyboard.press("Escape")
    app.wait_message("Cancelled")
    app.expect_line(HARD25)
