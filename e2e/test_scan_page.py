"""Scan a photo on the page (web/js/scan.js) with the real engine: a photo of a known puzzle,
drawn here with Pillow (a 9x9 grid, DejaVu Sans digits, turned a few degrees), is chosen in
Import's file input; the scan panel shows the grid the engine read, the corners it found and its
verdict; a fixed cell is counted again before Play loads the puzzle as a new game. A file that
is no picture, or too big, is refused in words. The panel fits one screen on a phone and a
laptop, light and dark, and nothing leaves the device."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import JOB_TIMEOUT, App, Server, Watch, open_context
from PIL import Image, ImageDraw, ImageFont
from playwright.sync_api import Browser, BrowserContext, FilePayload
from puzzles import CLASSIC

from sudoku_core.web_api import handle

SCAN_TIMEOUT = 120_000  # ms: Pyodide reads 81 cells and checks the grid (time_limit 10 s)
CELL = 64  # px of a cell in the drawn photo
MARGIN = 90  # px of paper around the grid
ANGLE = 4.0  # degrees the photo is turned (counter-clockwise)
PANEL = ("#scan-canvas", "#scan-grid", "#scan-keypad", "#scan-status", "#scan-play",
         "#scan-cancel")


def draw_puzzle(line: str, path: Path) -> list[tuple[float, float]]:
    """A photo of the 9x9 puzzle `line` saved at `path`; returns where the grid's outer
    corners (TL, TR, BR, BL) land in the saved image."""
    side = 9 * CELL
    size = side + 2 * MARGIN
    img = Image.new("RGB", (size, size), (246, 244, 236))  # paper, not pure white
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype("DejaVuSans.ttf", int(CELL * 0.7))
    for k in range(10):
        width = 5 if k % 3 == 0 else 2
        at = MARGIN + k * CELL
        draw.line([(MARGIN, at), (MARGIN + side, at)], fill=(20, 20, 20), width=width)
        draw.line([(at, MARGIN), (at, MARGIN + side)], fill=(20, 20, 20), width=width)
    for i, ch in enumerate(line):
        if ch != ".":
            r, c = divmod(i, 9)
            centre = (MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2)
            draw.text(centre, ch, fill=(25, 25, 25), font=font, anchor="mm")
    turned = img.rotate(ANGLE, resample=Image.Resampling.BICUBIC, expand=True,
                        fillcolor=(200, 200, 200))
    turned.save(path, quality=92)
    # PIL turns counter-clockwise about the centre; expand grows the canvas symmetrically.
    a = math.radians(ANGLE)
    cx, cy = size / 2, size / 2
    ox, oy = turned.width / 2, turned.height / 2
    corners = [(MARGIN, MARGIN), (MARGIN + side, MARGIN), (MARGIN + side, MARGIN + side),
               (MARGIN, MARGIN + side)]
    return [(ox + (x - cx) * math.cos(a) + (y - cy) * math.sin(a),
             oy - (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in corners]


def serious(results: object) -> list[str]:
    """axe's serious and critical violations, as in test_a11y.py."""
    violations = results.response["violations"]  # type: ignore[attr-defined]
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)" for v in violations
            if v.get("impact") in ("serious", "critical")]


def verdict(line: str) -> str:
    """The engine's status of a 9x9 grid (unique, multiple, ...), asked in Python."""
    cells = [0 if ch == "." else int(ch) for ch in line]
    request = {"cmd": "validate", "args": {"cells": cells, "box": [3, 3]}}
    reply = json.loads(handle(json.dumps(request)))
    return str(reply["result"]["status"])


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[float, float]]]:
    path = tmp_path_factory.mktemp("scan") / "puzzle.jpg"
    return path, draw_puzzle(CLASSIC, path)


def scan(app: App, path: Path | FilePayload, state: str = "ready") -> None:
    """Choose `path` in Import's file input and wait for the panel's `state`."""
    app.page.set_input_files("#scan-file", path)
    app.page.wait_for_selector(f"#scan-panel[open][data-state={state}]", timeout=SCAN_TIMEOUT)


def read_line(app: App) -> str:
    return "".join(app.page.eval_on_selector_all(
        "#scan-grid [role=gridcell]", "cells => cells.map(c => c.dataset.value || '.')"))


def scan_cell(app: App, i: int) -> Any:
    return app.page.locator(f"#scan-grid [data-cell='{i}']")


def test_scan_fix_and_play(fresh_app: App, photo: tuple[Path, list[tuple[float, float]]]) -> None:
    app = fresh_app.open("#p=" + "." * 81)
    assert app.page.locator("[role=grid]").count() == 1  # the scan panel's grid waits unseen
    page = app.page
    app.click("Import / export")
    assert page.get_by_role("button", name="Scan a photo").is_visible()
    path, corners = photo
    scan(app, path)
    panel = page.get_by_role("dialog", name="Puzzle read from your photo")
    assert panel.is_visible()
    # (c) the grid read is the puzzle drawn, the engine counted one solution and says so.
    assert read_line(app) == CLASSIC
    assert page.locator("#scan-grid").get_attribute("data-verdict") == "unique"
    words = panel.get_by_role("status").inner_text()
    assert "one solution" in words or "unique" in words.lower(), words
    # The corners found are those of the drawn grid (within a fifth of a cell).
    found = [tuple(map(float, p.split(","))) for p in
             (page.locator("#scan-canvas").get_attribute("data-corners") or "").split()]
    assert len(found) == 4, found
    for (x, y), (ex, ey) in zip(found, corners, strict=True):
        assert math.hypot(x - ex, y - ey) < CELL / 5, (found, corners)
    # A cell to check carries its mark and its words (none is needed on a clean photo).
    for cell in page.locator("#scan-grid [data-unsure=true]").all():
        assert (cell.get_attribute("aria-label") or "").endswith("check this cell")
    # (d) a wrong fix: a 5 beside r1c1's 5 conflicts; Play says so and waits.
    scan_cell(app, 2).click()
    page.keyboard.press("5")
    fixed = scan_cell(app, 2)
    assert fixed.get_attribute("data-edited") == "true"
    assert fixed.get_attribute("aria-label") == "r1c3, 5, your fix"
    panel.get_by_role("button", name="Play this puzzle").click()
    page.wait_for_function(
        "t => document.getElementById('scan-status').textContent.includes(t)",
        arg="Play this puzzle again", timeout=JOB_TIMEOUT)
    assert verdict(CLASSIC[:2] + "5" + CLASSIC[3:]) != "unique"
    assert panel.is_visible()
    # ... then erased with the keypad, and a given the puzzle can spare erased with Delete.
    panel.get_by_role("button", name="Erase").click()
    spare = next(i for i, ch in enumerate(CLASSIC)
                 if ch != "." and verdict(CLASSIC[:i] + "." + CLASSIC[i + 1:]) == "unique")
    expected = CLASSIC[:spare] + "." + CLASSIC[spare + 1:]
    scan_cell(app, spare).click()
    page.keyboard.press("Delete")
    assert read_line(app) == expected
    # (e) Play: the engine counts the fixed grid (one solution), then it is the new game.
    panel.get_by_role("button", name="Play this puzzle").click()
    app.expect_line(expected, timeout=JOB_TIMEOUT)
    assert not panel.is_visible()
    assert page.locator("#scan-grid [role=gridcell]").count() == 0
    # The page contract's [role=grid] is the game's alone once the panel is closed.
    assert page.locator("[role=grid]").count() == 1
    assert page.locator("[role=grid]").get_attribute("id") == "grid"
    kinds = app.kinds()
    assert {kinds[i] for i, ch in enumerate(expected) if ch != "."} == {"given"}
    message = page.locator("#message").inner_text()
    givens = 81 - expected.count(".")
    assert message.startswith(f"Loaded the scanned 9×9 puzzle with {givens} givens"), message


def test_hostile_files_are_refused_in_words(fresh_app: App, tmp_path: Path) -> None:
    app = fresh_app.open("#p=" + CLASSIC)
    page = app.page
    fake = tmp_path / "puzzle.png"
    fake.write_text("53..7....6..195....98....6.8...6...3\nnot a picture at all\n")
    scan(app, fake, state="error")
    status = page.get_by_role("dialog").get_by_role("status")
    assert "not a picture this browser can read" in status.inner_text()
    assert page.locator("#scan-grid [role=gridcell]").count() == 0
    assert page.locator("#scan-play").is_disabled()
    # A file over 30 MB is refused before the browser decodes it.
    big: FilePayload = {"name": "huge.jpg", "mimeType": "image/jpeg",
                        "buffer": b"\xff\xd8" + bytes(31 << 20)}
    scan(app, big, state="error")
    assert "at most 30 MB" in status.inner_text()
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    assert not page.locator("#scan-panel").is_visible()
    app.expect_line(CLASSIC)  # the game is as it was


SCREENS: dict[str, dict[str, Any]] = {
    "phone-375x667-light": {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2,
                            "is_mobile": True, "has_touch": True, "color_scheme": "light"},
    "phone-375x667-dark": {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2,
                           "is_mobile": True, "has_touch": True, "color_scheme": "dark"},
    "laptop-1366x768-light": {"viewport": {"width": 1366, "height": 768}, "color_scheme": "light"},
    "laptop-1366x768-dark": {"viewport": {"width": 1366, "height": 768}, "color_scheme": "dark"},
}


@pytest.fixture
def screen_context(browser: Browser, server: Server, request: pytest.FixtureRequest
                   ) -> Iterator[tuple[BrowserContext, Watch, str]]:
    watch = Watch()
    ctx = open_context(browser, server, watch, **SCREENS[request.param])
    yield ctx, watch, request.param
    ctx.close()
    assert watch.outside == [] and watch.errors == [], (watch.outside, watch.errors)


@pytest.mark.parametrize("screen_context", list(SCREENS), indirect=True)
def test_panel_fits_one_screen(screen_context: tuple[BrowserContext, Watch, str],
                               server: Server,
                               photo: tuple[Path, list[tuple[float, float]]]) -> None:
    ctx, watch, name = screen_context
    app = App(ctx.new_page(), server, watch).open("#p=" + "." * 81)
    page = app.page
    scan(app, photo[0])
    size = page.viewport_size
    assert size
    scroll = page.evaluate("""() => [document.scrollingElement.scrollHeight, innerHeight,
                                     document.scrollingElement.scrollWidth, innerWidth]""")
    assert scroll[0] <= scroll[1] + 1 and scroll[2] <= scroll[3] + 1, scroll
    for sel in PANEL:
        b = page.locator(sel).bounding_box()
        assert b, sel
        assert b["x"] >= -0.5 and b["y"] >= -0.5, (sel, b)
        assert b["x"] + b["width"] <= size["width"] + 0.5, (sel, b)
        assert b["y"] + b["height"] <= size["height"] + 0.5, (sel, b)
    cell = page.locator("#scan-grid [data-cell='0']").bounding_box()
    assert cell and cell["width"] >= 28, cell  # cells big enough to tap
    if SCREENS[name].get("has_touch"):
        keys = page.eval_on_selector_all(
            "#scan-keypad button", "ks => ks.map(k => k.getBoundingClientRect().height)")
        assert len(keys) == 10 and min(keys) >= 44, keys
    # The panel as a screen reader and axe see it: a named dialog, nothing serious.
    assert serious(Axe().run(page)) == []
