"""36x36 and 49x49 in the page: values from 36 up in hints, apply, steps and share links."""

from __future__ import annotations

import pytest
from conftest import App
from playwright.sync_api import expect


def pattern(br: int, bc: int) -> list[int]:
    """A complete valid grid with boxes of br x bc cells (the shifted-rows pattern)."""
    n = br * bc
    return [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]


def puzzle(br: int, bc: int, holes: int) -> tuple[list[int], list[int]]:
    """The pattern grid with the cells of the `holes` highest values of row 0 emptied and one
    more in each of a few rows: every empty cell is the only gap of its row (one solution)."""
    n = br * bc
    solution = pattern(br, bc)
    cells = solution.copy()
    for r in range(holes):
        row = solution[r * n:(r + 1) * n]
        cells[r * n + row.index(n - r)] = 0  # values n, n-1, ...: all above 35
    return cells, solution


def link(cells: list[int]) -> str:
    return "#p=" + ",".join(map(str, cells))


@pytest.mark.parametrize("box", [(6, 6), (7, 7)], ids=["36x36", "49x49"])
def test_hint_apply_and_share_above_35(app: App, box: tuple[int, int]) -> None:
    n = box[0] * box[1]
    cells, solution = puzzle(*box, holes=3)
    app.open(link(cells))
    assert app.cells().count() == n * n
    for _ in range(12):  # three cells, four presses each (look, nudge, step, apply)
        app.click("Hint")
        app.page.wait_for_function("() => !document.querySelector('#hint').disabled")
    assert app.values() == [str(v) for v in solution]
    assert {str(n), str(n - 1), str(n - 2)} <= set(app.values())
    # The share link writes numbers separated by commas and opens as it was.
    app.click("Share")
    url = app.page.get_by_label("Share link").input_value()
    assert "&e=" in url and f",{n}," in url.split("&e=")[1] + ","
    app.show("#p=" + "." * 81)
    app.show("#" + url.split("#", 1)[1])
    assert app.values() == [str(v) for v in solution]


def test_steps_and_keypad_at_36(app: App) -> None:
    cells, solution = puzzle(6, 6, holes=2)
    app.open(link(cells))
    app.click("Steps")
    app.wait_message("steps to the solution")
    app.click("Next step")
    app.click("Next step")
    expect(app.page.locator("#walk-text")).to_contain_text("Step 2 of 2")
    assert app.values() == [str(v) for v in solution]
    app.click("Previous step")
    app.click("Previous step")
    assert app.values() == [str(v) if v else "" for v in cells]
    app.click("Stop walking")
    # Typing 3 then 6 within a second enters 36; the keypad has a key for every value.
    empty = cells.index(0)
    app.cell(empty // 36 + 1, empty % 36 + 1).click()
    app.page.keyboard.press("3")
    app.page.keyboard.press("6")
    expect(app.cell(empty // 36 + 1, empty % 36 + 1)).to_have_attribute("data-value", "36")
    assert app.page.locator("#keypad [aria-label='Enter 36']").count() == 1
