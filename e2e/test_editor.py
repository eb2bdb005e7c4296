"""Grid editor: typing, solving, live conflicts, undo/redo, clear, keyboard-only use."""

from __future__ import annotations

import pytest
from conftest import App
from playwright.sync_api import expect
from puzzles import CLASSIC, CLASSIC_SOLUTION, SMALL, SMALL_SOLUTION

from sudoku_core import Shape, generate, solve


def test_grid_contract(app: App) -> None:
    app.open()
    assert app.page.locator("html").get_attribute("data-engine") == "ready"
    cells = app.cells()
    assert cells.count() == 81
    first = cells.first
    assert first.get_attribute("aria-label").startswith("r1c1")
    assert cells.nth(80).get_attribute("aria-label").startswith("r9c9")
    assert first.get_attribute("data-value") == ""
    app.open_menu()  # where Solve, Validate, Share, Restart, Check, Steps ... are
    for name in ("Solve", "Validate", "Share", "Undo", "Redo", "Restart", "Hint", "Check",
                 "Steps", "Fill candidates", "New puzzle", "Normal", "Corner", "Centre", "Colour"):
        assert app.page.get_by_role("button", name=name, exact=True).count() == 1, name
    csp = app.page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert app.page.locator("script:not([src])").count() == 0


def test_type_a_puzzle_and_solve(app: App) -> None:
    app.open()
    app.type_line(CLASSIC)
    app.expect_line(CLASSIC)
    assert set(app.kinds()) == {"entry", "empty"}
    app.click("Solve")
    text = app.wait_message("Solved.")
    assert text == "Solved."  # players see no solver timings
    app.expect_line(CLASSIC_SOLUTION)
    kinds = app.kinds()
    assert {kinds[i] for i, ch in enumerate(CLASSIC) if ch == "."} == {"solved"}
    assert {kinds[i] for i, ch in enumerate(CLASSIC) if ch != "."} == {"entry"}


def test_conflicts_marked_live(app: App) -> None:
    app.open()
    app.cell(1, 1).click()
    app.page.keyboard.press("5")
    app.cell(1, 7).click()
    app.page.keyboard.press("5")
    app.page.wait_for_function("() => document.querySelectorAll('[aria-invalid=true]').length == 2")
    assert sorted(app.invalid()) == ["r1c1", "r1c7"]
    app.cell(2, 2).click()
    app.page.keyboard.press("5")  # same box as r1c1
    app.page.wait_for_function("() => document.querySelectorAll('[aria-invalid=true]').length == 3")
    assert sorted(app.invalid()) == ["r1c1", "r1c7", "r2c2"]
    app.page.keyboard.press("Backspace")
    app.cell(1, 7).click()
    app.page.keyboard.press("Delete")
    app.page.wait_for_function("() => document.querySelectorAll('[aria-invalid=true]').length == 0")
    expect(app.cell(1, 1)).to_have_attribute("data-value", "5")


def test_undo_redo_restart(app: App) -> None:
    app.open()
    app.cell(1, 1).click()
    app.page.keyboard.press("1")
    app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("2")
    app.expect_line("12.", prefix=True)
    app.click("Undo")
    app.expect_line("1..", prefix=True)
    app.click("Redo")
    app.expect_line("12.", prefix=True)
    app.page.keyboard.press("Control+z")
    app.expect_line("1..", prefix=True)
    app.page.keyboard.press("Control+y")
    app.expect_line("12.", prefix=True)
    app.click("Restart")  # keeps the givens (none here), clears the entries
    app.expect_line("." * 81)
    app.click("Undo")
    app.expect_line("12.", prefix=True)


def test_givens_are_fixed_and_look_different(app: App) -> None:
    app.open("#p=" + SMALL)
    app.expect_line(SMALL)
    given = app.cell(1, 3)
    assert given.get_attribute("data-kind") == "given"
    given.click()
    app.page.keyboard.press("4")
    expect(given).to_have_attribute("data-value", "3")
    app.cell(1, 1).click()
    app.page.keyboard.press("1")
    entry = app.cell(1, 1)
    expect(entry).to_have_attribute("data-kind", "entry")
    styles = app.page.evaluate(
        """() => [...document.querySelectorAll('[role=gridcell]')].slice(0, 3)
             .map(c => getComputedStyle(c).color + '/' + getComputedStyle(c).fontWeight)""")
    assert styles[0] != styles[2]  # entry r1c1 vs given r1c3


def test_keypad_enters_values(app: App) -> None:
    app.open("#p=" + SMALL)
    app.cell(1, 1).click()
    app.button("Enter 1").click()
    expect(app.cell(1, 1)).to_have_attribute("data-value", "1")
    app.button("Erase").click()
    expect(app.cell(1, 1)).to_have_attribute("data-value", "")


def test_finishing_is_celebrated(app: App) -> None:
    app.open("#p=" + SMALL_SOLUTION[:-1] + ".")
    app.cell(4, 4).click()
    app.page.keyboard.press(SMALL_SOLUTION[-1])
    app.wait_message("Well done")
    assert "celebrate" in (app.page.locator("#grid").get_attribute("class") or "")


def test_keyboard_only(app: App) -> None:
    """Reach the grid with Tab, move with arrows, type, then Solve with the keyboard."""
    app.open("#p=" + SMALL)
    page = app.page
    page.locator("h1").click()  # start from the top of the page
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    else:
        raise AssertionError("Tab never reached the grid")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("r1c1")
    page.keyboard.press("1")  # r1c1 = 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("2")  # r1c2 = 2
    app.expect_line("12", prefix=True)
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("r2c2")
    # Tab out of the grid to the menu, open it, on to the Solve button and press it.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Menu":
            break
    else:
        raise AssertionError("Tab never reached Menu")
    page.keyboard.press("Enter")
    for _ in range(80):
        if page.evaluate("document.activeElement.textContent") == "Solve":
            break
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Solve":
            break
    else:
        raise AssertionError("Tab never reached Solve")
    page.keyboard.press("Enter")
    app.wait_message("Solved.")
    app.expect_line(SMALL_SOLUTION)


def test_size_menu_and_big_grids(app: App) -> None:
    app.open()
    app.open_menu()  # Size is in the menu, which stays open while it changes
    for n in (4, 6, 8, 12, 16, 25, 9):
        app.page.get_by_label("Size", exact=True).first.select_option(str(n))
        assert app.cells().count() == n * n
    app.page.get_by_label("Size", exact=True).first.select_option("16")
    app.close_menu()
    app.cell(1, 1).click()
    app.page.keyboard.press("g")
    expect(app.cell(1, 1)).to_have_attribute("data-value", "G")


def test_boxes_menu_changes_the_box_shape(app: App) -> None:
    app.open()
    app.open_menu()
    app.page.get_by_label("Size", exact=True).first.select_option("6")
    boxes = app.page.get_by_label("Boxes", exact=True)
    assert boxes.input_value() == "2x3"  # the core's default: r <= c, closest to square
    assert [o.get_attribute("value") for o in boxes.locator("option").all()] == ["2x3", "3x2"]
    boxes.select_option("3x2")
    assert app.cells().count() == 36
    app.close_menu()
    # r1c1 and r3c2 share a box only when boxes are 3 rows by 2 columns.
    app.type_line("1", start=(1, 1))
    app.type_line("1", start=(3, 2))
    app.page.wait_for_function("() => document.querySelectorAll('[aria-invalid=true]').length == 2")
    assert sorted(app.invalid()) == ["r1c1", "r3c2"]
    app.open_menu()
    app.page.get_by_label("Size", exact=True).first.select_option("9")
    app.click("Clear the grid")  # the grid held a puzzle in progress: the page asked first
    expect(boxes).to_be_disabled()  # 9x9 has one shape


@pytest.mark.parametrize("box", [(2, 4), (3, 4), (4, 3), (2, 5), (4, 5), (5, 5)],
                         ids=lambda b: f"{b[0]}x{b[1]}")
def test_every_box_shape_solves_from_a_link(app: App, box: tuple[int, int]) -> None:
    puzzle = generate(Shape(*box), "easy", seed=7).grid
    app.open(f"#p={puzzle.line()}&box={box[0]}x{box[1]}")
    assert app.page.locator("#shape").input_value() == f"{box[0]}x{box[1]}"
    app.click("Solve")
    app.wait_message("Solved.")
    solution = solve(puzzle).solution
    assert solution is not None
    app.expect_line(solution.line())


def test_another_size_keeps_the_puzzle_for_restore(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.type_line("4", start=(1, 3))
    app.open_menu()
    app.page.get_by_label("Size", exact=True).first.select_option("6")
    app.click("Clear the grid")  # a puzzle in progress: the page asks first
    app.wait_message("your previous puzzle is kept")
    assert app.cells().count() == 36
    app.click("Restore previous")
    app.wait_message("previous puzzle is back")
    expect(app.cell(1, 3)).to_have_attribute("data-value", "4")
