"""Paste and import/export: every text format the core reads, several sizes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import App
from puzzles import CLASSIC, SIX, SMALL

from sudoku_core import format_grid, parse

FORMATS = ("line", "pretty", "tokens", "json")
SIXTEEN = (
    "...6.....F..2..4" "..5..D.1...B...." "4......3.E..6..." ".F...B.......7.."
    "......5.....E..." "2...3..........." "........1......." "..C............."
    "......7........." "........B......." ".......9........" "...A............"
    "............C..." "..............5." "......2........." "1..............."
)


@pytest.mark.parametrize(
    "puzzle", [SMALL, SIX, CLASSIC, SIXTEEN], ids=["4x4", "6x6", "9x9", "16x16"])
def test_paste_each_format(app: App, puzzle: str) -> None:
    grid = parse(puzzle)
    app.open()
    for to in FORMATS:
        app.click("Restart")
        text = format_grid(grid, to=to)
        app.paste(text)
        app.wait_message("Loaded a")
        app.expect_line(grid.line())
        assert app.cells().count() == grid.size ** 2
        kinds = app.kinds()
        assert {kinds[i] for i, v in enumerate(grid.cells) if v} == {"given"}, to
        assert app.page.get_by_role("status").inner_text().startswith(
            f"Loaded a {grid.size}×{grid.size} puzzle")


def test_paste_garbage_says_why(app: App) -> None:
    app.open("#p=" + SMALL)
    app.paste("this is not a sudoku <b>at all</b>")
    text = app.wait_message("Could not read the puzzle")
    assert "<b>" not in app.page.locator("#message").inner_html().replace("&lt;b&gt;", "")
    app.expect_line(SMALL)  # the grid is kept
    assert text


def test_import_and_export(app: App) -> None:
    app.open("#p=" + CLASSIC)
    app.click("Import / export")
    app.page.get_by_label("Format").select_option("pretty")
    app.click("Export")
    app.wait_message("Exported")
    exported = app.page.get_by_label("Puzzle text").input_value()
    assert parse(exported).line() == CLASSIC
    app.page.get_by_label("Puzzle text").fill(format_grid(parse(SIX), to="json"))
    app.click("Import")
    app.wait_message("Loaded a 6×6")
    app.expect_line(SIX)


def test_export_keeps_givens_and_entries_apart_copy_and_download(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.cell(1, 3).click()
    page.keyboard.press("4")
    app.click("Import / export")
    page.get_by_label("Format").select_option("line")
    page.get_by_label("Of", exact=True).select_option("givens")
    app.click("Export")
    app.wait_message("Exported the givens")
    assert page.get_by_label("Puzzle text").input_value().strip() == CLASSIC
    page.get_by_label("Of", exact=True).select_option("entries")
    app.click("Export")
    app.wait_message("Exported the givens and your entries")
    assert page.get_by_label("Puzzle text").input_value().strip() == CLASSIC[:2] + "4" + CLASSIC[3:]
    page.get_by_label("Format").select_option("json")
    app.click("Export")
    app.wait_message("as JSON")
    data = json.loads(page.get_by_label("Puzzle text").input_value())
    assert data["entries"][0][2] == 4 and data["cells"][0][2] in (0, None)
    page.get_by_label("Format").select_option("link")
    app.click("Export")
    link = page.get_by_label("Puzzle text").input_value()
    assert f"#p={CLASSIC}&e=..4" in link
    app.click("Copy")
    app.wait_message("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    with page.expect_download() as info:
        app.click("Download")
    assert info.value.suggested_filename == "sudoku-9x9.txt"
    assert Path(info.value.path()).read_text() == link


def test_export_grid_and_copy_follows_the_chosen_format(app: App) -> None:
    app.open("#p=" + CLASSIC)
    page = app.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.click("Import / export")
    page.get_by_label("Format").select_option("grid")
    app.click("Export")
    app.wait_message("as Grid")
    rows = page.get_by_label("Puzzle text").input_value().splitlines()
    assert rows == [CLASSIC[r * 9:(r + 1) * 9] for r in range(9)]
    # Another format chosen, Copy pressed without Export: the copy is in the chosen format.
    page.get_by_label("Format").select_option("pretty")
    app.click("Copy")
    app.wait_message("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "┌" in copied and parse(copied).line() == CLASSIC
