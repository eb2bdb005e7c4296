"""Work done before the player waits: a second engine finds the next hints and the Steps walk
while the player thinks (web/js/ahead.js, WorkAhead); Hint and Steps then answer from what
it found (<html data-hint-from="cache">, data-steps-from) and say exactly what the engine would
have said on demand (the same request, answered by the library here).

No speed is asserted here (benchmarks/bench_web.py --forum measures it): only where the answer
came from, and that it is the on-demand answer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import App, wait_until

from sudoku_core import web_api
from sudoku_core.logic.hint import _hint
from sudoku_core.model import budget
from sudoku_core.model.candidates import Candidates, bits
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

WORK_TIMEOUT = 240.0  # s: the second engine walks a forum-hardest puzzle on a loaded machine
FORUM_INDEX = 234  # a puzzles6 puzzle whose walk is among the shorter ones
# magictour top1465 #7: its walk needs a forcing chain, and is short enough to wait for.
MAGICTOUR = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"


def forum_puzzle(corpora: Path | None) -> str:
    if corpora is None:
        pytest.skip("no corpora (../shared/corpora)")
    lines = (corpora / "puzzles6_forum_hardest_1106").read_text().split()
    return lines[FORUM_INDEX]


def values(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line]


def on_demand(args: dict[str, Any]) -> dict[str, Any]:
    """The library's answer to a page request (the worker runs the same code). A hint gets the
    time it needs to join an elimination with the placement it unlocks (a press gives that 2 s,
    which a loaded machine may not be enough for; the work done ahead had all it needed)."""
    args = dict(args)
    cmd = args.pop("cmd")
    if cmd == "hint":
        shape = Shape(3, 3)
        pencil = args.get("pencil")
        marks = {c: set(m) for c, m in enumerate(pencil) if m} if pencil is not None else None
        with budget.deadline(120):
            found = _hint(Grid(shape, tuple(args["givens"])), Grid(shape, tuple(args["cells"])),
                          marks or {}, args["unlock"], unlock_time=None)
        return found.to_json(args["level"])
    reply = json.loads(web_api.handle(json.dumps({"id": 1, "cmd": cmd,
                                                  "args": {**args, "time_limit": 60}})))
    assert "result" in reply, reply
    return dict(reply["result"])


def wait_work(app: App, words: tuple[str, ...] = ("hints", "ready")) -> str:
    return str(wait_until(app.page, """words => {
        const w = document.documentElement.dataset.walk;
        if (w === 'stopped' || w === 'off') return 'failed: ' + w;
        return words.includes(w) ? w : null; }""", list(words), timeout=WORK_TIMEOUT))


def press_hint(app: App) -> tuple[str, str]:
    """Press Hint once; (the status text, where the answer came from)."""
    return tuple(app.page.evaluate(  # type: ignore[return-value]
        """() => new Promise(resolve => {
            const root = document.documentElement;
            const before = Number(root.dataset.hints);
            delete root.dataset.hintFrom;
            document.getElementById('hint').click();
            const t = setInterval(() => {
                if (Number(root.dataset.hints) > before) {
                    clearInterval(t);
                    requestAnimationFrame(() => resolve([
                        document.querySelector('[role=status]').textContent,
                        root.dataset.hintFrom || '']));
                }
            }, 5);
        })"""))


def unlock(app: App) -> bool:
    """What the page sends as `unlock`: no candidates shown (and no centre marks here)."""
    return app.page.locator("#candidates").get_attribute("aria-pressed") != "true"


def test_forum_hint_from_the_work_done_ahead(app: App, corpora: Path | None) -> None:
    puzzle = forum_puzzle(corpora)
    app.open("#p=" + puzzle)
    assert wait_work(app) in ("hints", "ready")
    args = {"cmd": "hint", "givens": values(puzzle), "cells": values(puzzle), "box": [3, 3],
            "unlock": unlock(app)}
    look = on_demand({**args, "level": "look"})
    nudge = on_demand({**args, "level": "nudge"})
    shown = on_demand({**args, "level": "step"})
    applied = on_demand({**args, "level": "apply"})
    assert nudge["status"] == "step"

    text, came = press_hint(app)
    assert came == "cache", text
    assert text.startswith(look["text"]), (text, look["text"])
    text, came = press_hint(app)
    assert came == "cache", text
    assert text.startswith(nudge["text"]), (text, nudge["text"])
    text, came = press_hint(app)
    assert came == "cache", text
    assert text.startswith((shown["summary"] or shown["text"]).rstrip(".")), (text, shown)
    text, came = press_hint(app)
    assert came == "cache", text
    assert text.startswith("Applied: "), text
    app.expect_line(applied["result"])
    # The cells and values of the step: what apply placed and removed is the on-demand step's.
    assert [p["index"] for p in applied["placements"]] == [
        p["index"] for p in shown["placements"]]

    # The next hint starts from the marks the applied step left: worked out ahead as well, and
    # fetched with the first ("hints" says so), so it answers from the cache at once.
    grid = Grid(Shape(3, 3), tuple(values(applied["result"])))
    masks = Candidates.from_grid(grid).masks
    removed = {(e["index"], e["value"]) for e in applied["eliminations"]}
    pencil = [[v for v in bits(m) if (cell, v) not in removed] for cell, m in enumerate(masks)]
    second = on_demand({**args, "cells": list(grid.cells), "pencil": pencil, "level": "look"})
    text, came = press_hint(app)
    assert came == "cache", text
    assert text.startswith(second["text"]), (text, second["text"])


def test_hint_after_a_digit_of_the_player(app: App, corpora: Path | None) -> None:
    """A change the work ahead did not foresee: it turns to the new grid, and Hint answers
    from it once it is done, the on-demand answer for that grid."""
    puzzle = forum_puzzle(corpora)
    app.open("#p=" + puzzle)
    solution = solve(Grid(Shape(3, 3), tuple(values(puzzle))), time_limit=30).solution
    assert solution is not None
    cell = next(i for i, v in enumerate(values(puzzle)) if not v)
    app.cell(cell // 9 + 1, cell % 9 + 1).click()
    app.page.keyboard.press(str(solution.cells[cell]))
    cells = values(puzzle)
    cells[cell] = solution.cells[cell]
    app.expect_line("".join(str(v) if v else "." for v in cells))
    assert wait_work(app) in ("hints", "ready")
    expected = on_demand({"cmd": "hint", "givens": values(puzzle), "cells": cells,
                          "box": [3, 3], "unlock": unlock(app), "level": "look"})
    text, came = press_hint(app)
    assert came == "cache", text
    assert text.startswith(expected["text"]), (text, expected["text"])


def test_steps_walk_from_the_work_done_ahead(app: App) -> None:
    app.open("#p=" + MAGICTOUR)
    assert wait_work(app, ("ready",)) == "ready"
    expected = on_demand({"cmd": "steps", "cells": values(MAGICTOUR), "box": [3, 3]})
    app.page.evaluate("() => { delete document.documentElement.dataset.stepsFrom;"
                      " performance.clearMarks('sudoku:steps-done');"
                      " document.getElementById('steps').click(); }")
    app.page.wait_for_function("() => performance.getEntriesByName('sudoku:steps-done').length",
                               timeout=60_000)
    assert app.page.evaluate("document.documentElement.dataset.stepsFrom") == "cache"
    assert app.status().inner_text().startswith(expected["message"])
    # Walking to the end fills the grid with the on-demand walk's solution.
    app.page.evaluate("n => { for (let i = 0; i < n; i++)"
                      " document.getElementById('walk-next').click(); }", len(expected["steps"]))
    app.expect_line(expected["solution"])
