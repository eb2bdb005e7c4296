"""Validate and solve messages: one solution, several, none, conflicts."""

from __future__ import annotations

from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC, NO_SOLUTION, SEVERAL


def test_unique(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Validate")
    assert "exactly one solution" in app.wait_message("Valid")


def test_several_solutions(app: App) -> None:
    app.open("#p=" + SEVERAL)
    app.click("Validate")
    assert "Several solutions" in app.wait_message("Several")
    app.click("Solve")
    text = app.wait_message("Solved.")
    assert "several solutions" in text
    assert "." not in app.line()


def test_no_solution(app: App) -> None:
    app.open("#p=" + NO_SOLUTION)
    app.click("Validate")
    assert "r1c9" in app.wait_message("No solution")
    app.click("Solve")
    app.page.wait_for_function(
        "() => document.querySelector('[role=status]').textContent.startsWith('No solution')")
    assert "r1c9" in app.status().inner_text()
    expect(app.cell(1, 9)).to_have_attribute("data-highlight", "dead")
    app.expect_line(NO_SOLUTION)


def test_conflicts_reported_by_validate_and_solve(app: App) -> None:
    app.open("#p=" + "11" + "." * 79)
    app.page.wait_for_function("() => document.querySelectorAll('[aria-invalid=true]').length == 2")
    app.click("Validate")
    text = app.wait_message("Conflicts")
    assert "r1c1" in text and "r1c2" in text
    app.click("Solve")
    text = app.wait_message("Cannot solve")
    assert "row 1" in text
    assert sorted(app.invalid()) == ["r1c1", "r1c2"]
