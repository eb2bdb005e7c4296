"""Hints (nudge -> step -> apply), candidates and pencil marks, step-by-step, difficulty."""

from __future__ import annotations

import re

from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC, CLASSIC_SOLUTION


def highlighted(app: App) -> dict[str, str]:
    return dict(app.page.eval_on_selector_all(
        "[role=gridcell][data-highlight]",
        "cells => cells.map(c => [c.getAttribute('aria-label').split(',')[0],"
        " c.dataset.highlight])"))


def test_hint_levels(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Hint")
    look = app.wait_message("Hint again says what to look for")
    assert look.startswith("Look at"), look
    app.expect_line(CLASSIC)  # where to look gives nothing away either
    app.click("Hint")
    nudge = app.wait_message("Look for")
    assert "Hint again shows the step" in nudge
    app.expect_line(CLASSIC)  # a nudge gives nothing away
    assert "unit" in highlighted(app).values()
    app.click("Hint")
    step = app.wait_message("Hint again applies it")
    targets = [name for name, role in highlighted(app).items() if role == "target"]
    assert targets, step
    app.click("Hint")
    app.wait_message("Applied:")
    line = app.line()
    changed = [i for i, (a, b) in enumerate(zip(CLASSIC, line, strict=True)) if a != b]
    assert changed, "apply placed nothing"
    assert all(line[i] == CLASSIC_SOLUTION[i] for i in changed)
    n = 9
    assert {f"r{i // n + 1}c{i % n + 1}" for i in changed} <= set(targets)
    expect(app.cell(changed[0] // 9 + 1, changed[0] % 9 + 1)).to_have_attribute(
        "data-kind", "entry")


def test_hint_points_at_a_wrong_entry(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.cell(1, 3).click()
    app.page.keyboard.press("1")  # the solution has 4 at r1c3
    app.click("Hint")
    assert "r1c3" in app.wait_message("Look at")  # where, first
    app.click("Hint")
    assert "r1c3 is wrong" in app.wait_message("is wrong")  # then that it is wrong, no digit
    app.click("Hint")
    text = app.wait_message("does not fit the solution")
    assert "r1c3" in text
    assert highlighted(app).get("r1c3") == "wrong"
    app.expect_line(CLASSIC[:2] + "1" + CLASSIC[3:])  # nothing cleared until it is applied


def test_candidates_view_and_pencil_marks(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Candidates")
    expect(app.button("Candidates")).to_have_attribute("aria-pressed", "true")
    # r1c3 sees 5, 3 (row), 7 (row), 9, 8 (box) ... its candidates are 1, 2, 4.
    marks = app.cell(1, 3).locator(".cands span")
    expect(marks.filter(has_text="4")).to_have_count(1)
    expect(marks.filter(has_text="5")).to_have_count(0)
    app.click("Candidates")
    expect(app.cell(1, 3).locator(".cands")).to_have_count(0)
    # Ctrl+digit toggles a centre mark; the Corner mode switches typing to corner marks.
    app.cell(1, 3).click()
    app.page.keyboard.press("Control+Digit4")
    app.page.keyboard.press("Control+Digit2")
    expect(app.cell(1, 3)).to_have_attribute("aria-label", "r1c3, empty, marks 2 4")
    app.click("Corner")
    expect(app.button("Corner")).to_have_attribute("aria-pressed", "true")
    app.page.keyboard.press("7")
    expect(app.cell(1, 3)).to_have_attribute("aria-label", "r1c3, empty, marks 2 4, corner 7")
    app.click("Normal")
    app.cell(1, 3).click()
    app.page.keyboard.press("4")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
    # Pencil marks travel in shared links.
    app.page.keyboard.press("Backspace")
    app.click("Share")
    expect(app.page.get_by_label("Share link")).to_have_value(re.compile("&m="))


def test_step_by_step(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Steps")
    app.wait_message("steps to the solution")
    app.click("Next step")
    expect(app.page.locator("#walk-text")).to_contain_text("Step 1 of")
    after_one = app.line()
    assert after_one != CLASSIC
    app.click("Next step")
    expect(app.page.locator("#walk-text")).to_contain_text("Step 2 of")
    app.click("Previous step")
    expect(app.page.locator("#walk-text")).to_contain_text("Step 1 of")
    app.expect_line(after_one)
    app.click("Previous step")
    app.expect_line(CLASSIC)
    app.click("Stop walking")
    expect(app.page.locator("#walk-panel")).to_be_hidden()


def test_difficulty_shown(app: App) -> None:
    app.open("#p=" + CLASSIC)
    expect(app.page.locator("#level")).to_contain_text("Level: Easy", timeout=30_000)


def test_new_puzzle(app: App) -> None:
    app.open()
    app.click("New puzzle")
    app.page.get_by_label("Difficulty").select_option("easy")
    app.page.locator("#new-size").select_option("4")
    app.click("Generate")
    app.page.wait_for_function(
        "() => document.querySelector('[role=status]').textContent.startsWith('New ')",
        timeout=60_000)
    assert app.status().inner_text().startswith("New Easy puzzle")
    assert app.cells().count() == 16
    kinds = app.kinds()
    assert "given" in kinds and "empty" in kinds
    app.click("Solve")
    assert "several" not in app.wait_message("Solved.")  # exactly one solution


def test_new_puzzle_never_offers_the_same_one_twice(fresh_app: App) -> None:
    # The build ships three 9x9 Medium puzzles; the fourth press has the engine make one.
    app = fresh_app
    app.open()
    seen = [app.line()]
    for _ in range(4):
        app.click("New puzzle")
        app.page.get_by_label("Difficulty").select_option("medium")
        app.page.locator("#new-size").select_option("9")
        app.click("Generate")
        app.page.wait_for_function(
            """before => document.querySelector('[role=status]').textContent.startsWith('New ')
                && [...document.querySelectorAll('[role=gridcell]')]
                    .map(c => c.dataset.value || '.').join('') !== before""",
            arg=seen[-1], timeout=60_000)
        seen.append(app.line())
    assert len(set(seen)) == len(seen), seen
