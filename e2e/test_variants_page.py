"""Variant puzzles in the page (docs/page.md "Variants"): a Killer opened from a link, a Jigsaw
pasted as variant text; the grid's data-variant, each cell's data-region and data-cage, the
cage sum in the first cell's name, conflicts of the rules the engine alone knows, a hint, the
share link, and the grid inside phone and laptop screens."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import App
from playwright.sync_api import expect

from sudoku_core.formats.links import format_site_link
from sudoku_core.formats.variant_text import format_variant_text
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.grid import Shape

KILLER = generate_puzzle(Shape(3, 3), ("killer",), "easy", seed=3)
JIGSAW = generate_puzzle(Shape(3, 3), ("jigsaw",), "easy", seed=3)
KILLER_VARIANT = KILLER.grid.shape.variant
JIGSAW_VARIANT = JIGSAW.grid.shape.variant
assert KILLER_VARIANT is not None and JIGSAW_VARIANT is not None


def killer_link() -> str:
    rules = json.dumps(KILLER_VARIANT.to_json(), separators=(",", ":"))
    return f"#p={KILLER.grid.line()}&v={quote(rules, safe='')}"


def attrs(app: App, name: str) -> list[str | None]:
    return list(app.page.eval_on_selector_all(
        "[role=gridcell]", "(cells, name) => cells.map(c => c.getAttribute(name))", name))


def regions_of(app: App) -> list[str | None]:
    """Each cell's data-region, once drawn: the regions come with the engine's geometry, which
    can arrive after the grid and its data-variant."""
    app.page.wait_for_function(
        "() => [...document.querySelectorAll('[role=gridcell]')].every(c => c.dataset.region)")
    return attrs(app, "data-region")


def label(app: App, index: int) -> str:
    return str(app.cells().nth(index).get_attribute("aria-label"))


def type_at(app: App, index: int, key: str) -> None:
    app.cells().nth(index).click()
    app.page.keyboard.press(key)


def hint_answers(app: App) -> str:
    before = int(app.page.evaluate("Number(document.documentElement.dataset.hints || 0)"))
    app.page.locator("#hint").click()
    app.page.wait_for_function(
        "b => Number(document.documentElement.dataset.hints || 0) > b", arg=before,
        timeout=60_000)
    return str(app.status().inner_text())


def test_classic_grid_has_boxes_as_regions_and_no_variant(app: App) -> None:
    app.open("#p=" + "." * 81)
    grid = app.page.locator("[role=grid]")
    assert grid.get_attribute("data-variant") in (None, "")
    regions = regions_of(app)
    assert regions == [str((i // 27) * 3 + (i % 9) // 3) for i in range(81)]
    assert attrs(app, "data-cage") == [None] * 81
    assert label(app, 0) == "r1c1, empty"


def test_a_killer_link_in_a_new_tab_starts_the_engine(fresh_app: App) -> None:
    # The layout of a variant comes from the engine, which starts once the grid is shown: the
    # page must not wait on the layout first (a Killer link in a new tab sat at "Starting").
    fresh_app.open(killer_link())  # waits for <html data-engine=ready>
    expect(fresh_app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    assert fresh_app.page.locator("[role=gridcell][data-cage]").count() == 81


def test_killer_from_a_link(app: App) -> None:
    app.open(killer_link())
    app.expect_line(KILLER.grid.line())
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    cages = attrs(app, "data-cage")
    for k, cage in enumerate(KILLER_VARIANT.cages):
        assert all(cages[i] == str(k) for i in cage.cells), k
        first = min(cage.cells)
        assert label(app, first) == f"{label(app, first).split(', cage')[0]}, cage {cage.total}"
        for other in cage.cells:
            if other != first:
                assert "cage" not in label(app, other)
    assert label(app, 0) == f"r1c1, empty, cage {KILLER_VARIANT.cages[0].total}"
    # Boxes stay the regions of a Killer.
    assert regions_of(app) == [str((i // 27) * 3 + (i % 9) // 3) for i in range(81)]
    # The sum is drawn in the cage's first cell (CSS reads data-cage-sum).
    sum_text = app.cells().nth(0).evaluate("c => getComputedStyle(c, '::after').content")
    assert sum_text == f'"{KILLER_VARIANT.cages[0].total}"'


Point = tuple[float, float]
Segment = tuple[Point, Point]


def subpaths(d: str) -> list[tuple[list[Point], bool]]:
    """An SVG path of M, L and Z commands as its subpaths: (points, closed)."""
    out: list[tuple[list[Point], bool]] = []
    for command, args in re.findall(r"([MLZ])([^MLZ]*)", d):
        if command == "Z":
            out[-1] = (out[-1][0], True)
            continue
        x, y = (float(v) for v in args.replace(",", " ").split())
        if command == "M":
            out.append(([(x, y)], False))
        else:
            out[-1][0].append((x, y))
    return out


def segments_of(loops: list[tuple[list[Point], bool]]) -> list[Segment]:
    return [(a, b) for points, closed in loops
            for a, b in zip(points, points[1:] + (points[:1] if closed else []), strict=False)]


def cage_paths(app: App) -> tuple[float, dict[int, str]]:
    """The size of a cell in the cage drawing's units, and each cage's path."""
    drawn = app.page.evaluate("""() => {
        const svg = document.querySelector('#grid svg.cage-lines');
        const paths = [...svg.querySelectorAll('path')];
        return {box: svg.viewBox.baseVal.width,
                paths: paths.map(p => [p.dataset.cage, p.getAttribute('d')])};
    }""")
    return drawn["box"] / 9, {int(k): d for k, d in drawn["paths"]}


class Cages:
    """The cages of the Killer, looked up by row and column (None outside the grid)."""

    def __init__(self) -> None:
        assert KILLER_VARIANT is not None
        self.cells = [set(c.cells) for c in KILLER_VARIANT.cages]
        self.of = {i: k for k, cells in enumerate(self.cells) for i in cells}

    def at(self, r: int, c: int) -> int | None:
        return self.of[r * 9 + c] if 0 <= r < 9 and 0 <= c < 9 else None


def check_runs_inside_the_border(cages: Cages, k: int, segment: Segment, cell: float) -> None:
    """Every point of the segment lies in cage k, a little inside a side where the cage ends
    (at an inner corner the line turns within an inset of a side between two of its cells)."""
    a, b = segment
    assert a[0] == b[0] or a[1] == b[1], (k, a, b)  # along the grid's lines
    steps = max(2, int((abs(a[0] - b[0]) + abs(a[1] - b[1])) / cell * 8))
    for t in range(1, steps):
        x = (a[0] + (b[0] - a[0]) * t / steps) / cell
        y = (a[1] + (b[1] - a[1]) * t / steps) / cell
        if min(abs(x - round(x)), abs(y - round(y))) < 0.01:
            continue  # where the line crosses a cell side
        r, c = int(y), int(x)
        assert cages.at(r, c) == k, (k, a, b, x, y)
        if a[1] == b[1]:
            side, inset = round(y), abs(y - round(y))
            across = cages.at(side - 1 if side <= y else side, c)
        else:
            side, inset = round(x), abs(x - round(x))
            across = cages.at(r, side - 1 if side <= x else side)
        near_corner = any(abs(x - p[0] / cell) < 0.25 and abs(y - p[1] / cell) < 0.25
                          for p in (a, b))
        assert 0.02 < inset < 0.2, (k, a, b, inset)
        assert across != k or near_corner, (k, a, b, x, y, "a line between two cage cells")


def check_every_border_is_drawn(cages: Cages, k: int, segments: list[Segment],
                                cell: float) -> None:
    """Each side where the cage ends has its line a little inside, at least at its middle."""
    for i in cages.cells[k]:
        r, c = divmod(i, 9)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if cages.at(r + dr, c + dc) == k:
                continue
            mx, my = (c + 0.5 + dc * 0.45) * cell, (r + 0.5 + dr * 0.45) * cell
            assert any(
                (a[1] == b[1] and dr and abs(a[1] - my) < 0.2 * cell
                 and min(a[0], b[0]) <= mx <= max(a[0], b[0]))
                or (a[0] == b[0] and dc and abs(a[0] - mx) < 0.2 * cell
                    and min(a[1], b[1]) <= my <= max(a[1], b[1]))
                for a, b in segments), (k, i, dr, dc)


def test_killer_cages_are_one_outline_each(app: App) -> None:
    # SudokuPad's look: each cage one dashed line just inside its outer boundary, none between
    # two cells of a cage, broken at the top-left corner where the sum is written.
    app.open(killer_link())
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    cell, paths = cage_paths(app)
    cages = Cages()
    assert sorted(paths) == list(range(len(cages.cells)))
    assert app.page.locator("#grid svg.cage-lines").get_attribute("aria-hidden") == "true"
    before = app.page.locator("#grid .cell[data-cage]").first.evaluate(
        "c => getComputedStyle(c, '::before').content")
    assert before in ("none", "normal")  # no dashes drawn cell by cell
    for k, cells in enumerate(cages.cells):
        loops = subpaths(paths[k])
        # The first loop is open where the sum is; any other (none in this puzzle) closed.
        assert [closed for _, closed in loops] == [False] + [True] * (len(loops) - 1), k
        segments = segments_of(loops)
        for segment in segments:
            check_runs_inside_the_border(cages, k, segment, cell)
        check_every_border_is_drawn(cages, k, segments, cell)
        # The line leaves the sum's corner free: it starts right of the sum, ends under it.
        first = min(cells)
        start, end = loops[0][0][0], loops[0][0][-1]
        left, top = (first % 9) * cell, (first // 9) * cell
        assert start[0] > left + 0.15 * cell and abs(start[1] - top) < 0.2 * cell, (k, start)
        assert end[1] > top + 0.2 * cell and abs(end[0] - left) < 0.2 * cell, (k, end)


def cage_of(cell: int) -> tuple[int, ...]:
    assert KILLER_VARIANT is not None
    return next(c.cells for c in KILLER_VARIANT.cages if cell in c.cells)


def test_killer_cage_conflicts_come_from_the_engine(app: App) -> None:
    app.open(killer_link())
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    # r1c3 and r2c4 share a cage and nothing else: only the cage rule sees the repeat.
    assert 12 in cage_of(2)
    type_at(app, 2, "5")
    type_at(app, 12, "5")
    app.page.wait_for_function(
        "() => document.querySelectorAll('[role=gridcell][aria-invalid=true]').length === 2")
    assert sorted(app.invalid()) == ["r1c3", "r2c4"]
    assert "conflict" in label(app, 2)
    app.page.keyboard.press("Backspace")
    app.page.wait_for_function(
        "() => !document.querySelector('[role=gridcell][aria-invalid=true]')")
    # A sum exceeded: r1c5 + r1c6 make more than their cage's sum.
    cage = next(c for c in KILLER_VARIANT.cages if c.cells == (4, 5))
    assert cage.total is not None and cage.total < 17
    type_at(app, 4, "9")
    type_at(app, 5, "8")
    app.page.wait_for_function(
        "() => document.querySelectorAll('[role=gridcell][aria-invalid=true]').length === 2")
    assert sorted(app.invalid()) == ["r1c5", "r1c6"]


def test_killer_hint_is_answered_on_its_rules(app: App) -> None:
    app.open(killer_link())
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    hint_answers(app)  # where to look
    hint_answers(app)  # the nudge
    text = hint_answers(app)  # the step: its cells highlighted
    assert "failed" not in text.lower(), text
    app.page.wait_for_selector("[role=gridcell][data-highlight]")
    text = hint_answers(app)  # applied: a cage step
    assert text.startswith("Applied:"), text
    assert "cage" in text.lower(), text
def test_killer_steps_walk_on_its_rules(app: App) -> None:
    app.open(killer_link())
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    app.click("Steps")
    app.wait_message("steps to the solution")
    app.click("Next step")
    expect(app.page.locator("#walk-text")).to_contain_text("Step 1 of")
    # The walk's first step is a cage step, drawn on the grid's cells.
    expect(app.page.locator("#walk-text")).to_contain_text("Cage")
    app.page.wait_for_selector("[role=gridcell][data-highlight]")
    app.click("Stop walking")


def test_killer_share_link_keeps_the_cages(app: App) -> None:
    app.open(killer_link())
    type_at(app, 80, "3")
    app.click("Share")
    field = app.page.get_by_label("Share link")
    expect(field).to_have_value(re.compile("&v="))
    url = field.input_value()
    app.show("#" + url.split("#", 1)[1])
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    assert attrs(app, "data-cage")[0] == "0"
    assert app.values()[80] == "3"


def test_jigsaw_pasted_as_variant_text(app: App) -> None:
    app.paste(format_variant_text(JIGSAW.grid))
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "jigsaw")
    app.expect_line(JIGSAW.grid.line())
    regions = list(JIGSAW_VARIANT.regions)
    assert regions_of(app) == [str(r) for r in regions]
    assert attrs(app, "data-cage") == [None] * 81
    # Thick lines follow the regions, not the boxes.
    right = app.page.eval_on_selector_all(
        "[role=gridcell]", "cells => cells.map(c => c.classList.contains('box-right'))")
    assert right == [i % 9 < 8 and regions[i] != regions[i + 1] for i in range(81)]
    # Two equal values in one region, in no common row, column or box.
    empty = [i for i in range(81) if not JIGSAW.grid.cells[i]]
    a, b = next((a, b) for a in empty for b in empty if a < b and regions[a] == regions[b]
                and a // 9 != b // 9 and a % 9 != b % 9
                and (a // 27, a % 9 // 3) != (b // 27, b % 9 // 3))
    type_at(app, a, "5")
    type_at(app, b, "5")
    app.page.wait_for_function(
        "() => document.querySelectorAll('[role=gridcell][aria-invalid=true]').length >= 2")
    names = app.invalid()
    assert f"r{a // 9 + 1}c{a % 9 + 1}" in names and f"r{b // 9 + 1}c{b % 9 + 1}" in names


def test_jigsaw_hint_is_answered(app: App) -> None:
    app.paste(format_variant_text(JIGSAW.grid))
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "jigsaw")
    app.expect_line(JIGSAW.grid.line())
    hint_answers(app)
    hint_answers(app)
    hint_answers(app)
    app.page.wait_for_selector("[role=gridcell][data-highlight]")
    text = hint_answers(app)
    assert text.startswith("Applied:"), text
    assert app.line() != JIGSAW.grid.line() or "remov" in text.lower(), text


@pytest.mark.parametrize("where", ["f-puzzles", "sudokupad"])
def test_killer_pasted_as_a_site_link(app: App, where: str) -> None:
    app.paste(format_site_link(KILLER.grid, where))
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
    app.expect_line(KILLER.grid.line())
    cages = attrs(app, "data-cage")
    assert KILLER_VARIANT is not None
    assert all(cages[i] is not None for cage in KILLER_VARIANT.cages for i in cage.cells)
    assert label(app, 0).endswith(f", cage {KILLER_VARIANT.cages[0].total}")


def test_x_windoku_draws_diagonals_and_windows(app: App) -> None:
    made = generate_puzzle(Shape(3, 3), ("x", "windoku"), "easy", seed=3)
    assert made.grid.shape.variant is not None
    rules = json.dumps(made.grid.shape.variant.to_json(), separators=(",", ":"))
    app.open(f"#p={made.grid.line()}&v={quote(rules, safe='')}")
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", "x,windoku")
    expect(app.page.locator("#grid .variant-overlay line.diagonal")).to_have_count(2)
    expect(app.page.locator("#grid .variant-overlay rect.window")).to_have_count(36)
    assert app.page.locator("#grid .variant-overlay").get_attribute("aria-hidden") == "true"


@pytest.mark.parametrize("names", ["killer", "jigsaw"])
def test_new_puzzle_offers_variants(app: App, names: str) -> None:
    if app.page.locator("#new").get_attribute("aria-expanded") != "true":
        app.click("New puzzle")
    app.page.locator("#new-size").select_option("9")
    app.page.get_by_label("Difficulty").select_option("easy")
    app.page.get_by_label("Variant").select_option(names)
    app.click("Generate")
    expect(app.page.locator("[role=grid]")).to_have_attribute("data-variant", names,
                                                              timeout=90_000)
    if names == "killer":
        cages = attrs(app, "data-cage")
        assert all(c is not None for c in cages)  # a generated Killer cages every cell
    else:
        regions = regions_of(app)
        assert sorted(regions) == sorted(str(r) for r in range(9) for _ in range(9))
        assert regions != [str((i // 27) * 3 + (i % 9) // 3) for i in range(81)]
    app.wait_message("New")
    # Back to classic for the next scenario on the shared page.
    app.click("New puzzle")
    app.page.get_by_label("Variant").select_option("")
    app.click("New puzzle")


@pytest.mark.parametrize("width,height", [(375, 667), (1366, 768)])
def test_variant_grid_fits_the_screen(app: App, width: int, height: int) -> None:
    page = app.page
    before = page.viewport_size
    page.set_viewport_size({"width": width, "height": height})
    try:
        app.open(killer_link())
        expect(page.locator("[role=grid]")).to_have_attribute("data-variant", "killer")
        grid = page.locator("#grid").bounding_box()
        assert grid is not None
        # The cages are redrawn in the grid's new pixels (a dash stays so many pixels).
        page.wait_for_function("""() => {
            const g = document.getElementById('grid');
            const svg = g.querySelector('svg.cage-lines');
            return svg && Math.abs(svg.viewBox.baseVal.width - g.clientWidth) < 0.5;
        }""")
        # For a person to look at (not compared): the screen with the cages' outlines.
        page.screenshot(path=Path(tempfile.gettempdir()) / f"layout-killer-{width}x{height}.png")
        assert grid["x"] >= 0 and grid["x"] + grid["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Every cell inside the grid: cage lines and sums never push a cell out.
        for i in (0, 8, 72, 80):
            cell = app.cells().nth(i).bounding_box()
            assert cell is not None
            right, bottom = grid["x"] + grid["width"], grid["y"] + grid["height"]
            assert grid["x"] <= cell["x"] and cell["x"] + cell["width"] <= right + 0.5
            assert grid["y"] <= cell["y"] and cell["y"] + cell["height"] <= bottom + 0.5
            assert cell["width"] >= 30
    finally:
        if before:
            page.set_viewport_size(before)
