"""Graded hints in the page: where to look, what, the step, then apply; a wrong
entry named without its answer until Show the answer; partial centre marks read as notes; a
grid with several solutions answered at once; the same-value highlight out of the hint's way."""

from __future__ import annotations

import time

from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC, CLASSIC_SOLUTION

from sudoku_core import parse
from sudoku_core.logic.hint import hint


def press(app: App, button: str = "#hint") -> str:
    """Press Hint (or another hint button) once; the status text once it answered."""
    before = int(app.page.evaluate("Number(document.documentElement.dataset.hints || 0)"))
    app.page.locator(button).click()
    app.page.wait_for_function(
        "b => Number(document.documentElement.dataset.hints || 0) > b", arg=before,
        timeout=60_000)
    return str(app.status().inner_text())


def highlighted(app: App) -> dict[str, str]:
    return dict(app.page.eval_on_selector_all(
        "[role=gridcell][data-highlight]",
        "cs => cs.map(c => [c.getAttribute('aria-label').split(',')[0], c.dataset.highlight])"))


def test_presses_go_where_what_step_apply(app: App) -> None:
    app.open("#p=" + CLASSIC)
    found = hint(parse(CLASSIC))
    look, nudge = found.to_json("look"), found.to_json("nudge")
    first = press(app)
    assert first.startswith(look["message"]) and "Hint again says what" in first
    assert found.step.technique.lower() not in first.lower()
    # Where: the unit only, no target cell yet, nothing placed.
    assert set(highlighted(app).values()) == {"unit"}
    second = press(app)
    assert second.startswith(nudge["message"]) and "Hint again shows the step" in second
    third = press(app)
    assert "Hint again applies it" in third
    assert "target" in highlighted(app).values()
    line = app.line()
    fourth = press(app)
    assert fourth.startswith("Applied:")
    (placed,) = found.step.placements
    after = list(line)
    after[placed[0]] = str(placed[1])
    app.expect_line("".join(after))  # the step shown, and nothing more


def test_a_wrong_entry_is_named_then_cleared_and_revealed_only_when_asked(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")  # breaks no rule, but the solution has 4 there
    right = CLASSIC_SOLUTION[2]
    said = [press(app) for _ in range(3)]
    assert said[0].startswith("Look at r1c3.")
    assert said[1].startswith("r1c3 is wrong.")
    assert "r1c3 = 1 does not fit the solution" in said[2]
    for text in said:
        assert f"is {right}" not in text and "Corrected" not in text
    expect(app.cell(1, 3)).to_have_attribute("data-value", "1")
    cleared = press(app)
    assert "Cleared r1c3" in cleared and "Corrected" not in cleared
    expect(app.cell(1, 3)).to_have_attribute("data-value", "")
    # Asked for: Show the answer puts in the right digit.
    app.cell(1, 3).click()
    app.page.keyboard.press("1")
    app.open_menu()
    shown = press(app, "#reveal")
    assert f"Corrected: r1c3 is {right}" in shown
    expect(app.cell(1, 3)).to_have_attribute("data-value", right)


def test_partial_centre_marks_are_notes_by_default(app: App) -> None:
    app.open("#p=" + CLASSIC)
    plain = hint(parse(CLASSIC)).to_json("look")["message"]
    # Two SudokuPad-style notes, neither holding r1c3's answer (4).
    app.click("Centre")
    for col in (3, 4):
        app.cell(1, col).click()
        app.page.keyboard.press("1")
        app.page.keyboard.press("2")
    app.click("Normal")
    text = press(app)
    assert text.startswith(plain) and "missing" not in text
    # Told that the marks are candidates, Hint holds the player to them.
    app.open_menu()
    app.click("Settings")
    app.page.locator("#set-marks").check()
    said = [press(app) for _ in range(4)]
    assert said[0].startswith("Look at r1c3 and r1c4."), said
    assert "missing in r1c3 and r1c4" in said[1] and "4 in" not in said[1], said
    assert "4 in r1c3" in said[2] and said[3].startswith("Put back: 4 in r1c3"), said


def test_several_solutions_are_said_at_once(app: App) -> None:
    app.open("#p=" + "." * 81)
    start = time.monotonic()
    text = press(app)
    assert "several solutions" in text
    # Before, the engine searched the empty grid for 10 s: the count alone answers now.
    assert time.monotonic() - start < 5, time.monotonic() - start


def test_the_same_value_waits_while_a_hint_is_drawn(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 1).click()  # a given 5: every 5 stands out
    assert app.page.locator("[role=gridcell][data-same]").count() > 1
    press(app)
    assert highlighted(app)
    assert app.page.locator("[role=gridcell][data-same]").count() == 0
    # The player moves on: their highlight is back (the attribute keeps its meaning).
    app.cell(1, 2).click()
    assert app.page.locator("[role=gridcell][data-same]").count() > 1
