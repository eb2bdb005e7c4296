"""The walker's memo and the work done ahead (`prepare`): an answer found from the memo is the
answer the engine gives without it, byte for byte; `prepare` foresees the page's next requests
(a hint applied, then Hint again), so they need no search; a cached hint is sound and applies.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import read_corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import web_api
from sudoku_core.logic import walk
from sudoku_core.logic.explain import steps
from sudoku_core.logic.hint import _hint
from sudoku_core.model import budget
from sudoku_core.model.candidates import Candidates, bits
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)


@pytest.fixture
def memo() -> Iterator[walk.Memo]:
    """The walker's memo on for one test (it is off by default: the CLI and the library)."""
    m = walk.remember()
    assert m is not None
    yield m
    walk.remember(False)


def ask(cmd: str, args: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(web_api.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert "result" in reply, reply
    return dict(reply["result"])


def values(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line]


def unhurried(args: dict[str, Any], level: str) -> dict[str, Any]:
    """The hint with the memo off and all the time it needs to join an elimination with the
    placement it unlocks (a press gives that 2 s; the work done ahead has no such cap)."""
    shape = NINE
    pencil = args.get("pencil")
    marks = {c: set(m) for c, m in enumerate(pencil) if m} if pencil is not None else None
    kept = walk.memo()
    walk.remember(False)
    try:
        with budget.deadline(120):
            found = _hint(Grid(shape, tuple(args["givens"])), Grid(shape, tuple(args["cells"])),
                          marks, args["unlock"], unlock_time=None)
    finally:
        if kept is not None:
            walk._MEMO.set(kept)
    return found.to_json(level)  # type: ignore[arg-type]


def prepared(args: dict[str, Any], ahead: int = 3, slices: int = 200) -> int:
    """Call `prepare` until done; the number of calls it took."""
    for n in range(1, slices + 1):
        if ask("prepare", {**args, "ahead": ahead, "time_limit": 60})["done"]:
            return n
    raise AssertionError(f"prepare not done after {slices} calls")


def sample(corpora: Path, name: str, count: int, seed: int = 5) -> list[str]:
    lines = read_corpus(corpora / name)
    return random.Random(seed).sample(lines, count)


def test_memo_keeps_every_walk_byte_for_byte(corpora_dir: Path) -> None:
    """steps with the memo off, on (first walk) and on again (all from the memo) agree."""
    for line in sample(corpora_dir, "sudoku-top95.txt", 6):
        grid = Grid(NINE, tuple(values(line)))
        off = json.dumps(steps(grid, time_limit=60).to_json())
        m = walk.remember()
        assert m is not None
        try:
            first = json.dumps(steps(grid, time_limit=60).to_json())
            searched = m.computed
            again = json.dumps(steps(grid, time_limit=60).to_json())
            assert m.computed == searched, "the second walk searched again"
            assert m.reused > 0
        finally:
            walk.remember(False)
        assert first == off
        assert again == off


def test_prepared_hints_are_the_on_demand_hints(corpora_dir: Path, memo: walk.Memo) -> None:
    """After `prepare`, Hint (three presses) and the hints after applying it need no search
    and say what the engine says without the memo; each is consistent with the solution."""
    puzzles = (sample(corpora_dir, "puzzles3_magictour_top1465", 2)
               + read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[234:235])
    for line in puzzles:
        cells = values(line)
        solution = solve(Grid(NINE, tuple(cells)), time_limit=30).solution
        assert solution is not None
        args: dict[str, Any] = {"givens": cells, "cells": cells, "box": [3, 3], "unlock": True}
        assert prepared({"for": "hint", **args}) >= 1
        for _ in range(3):  # this hint, then the next two, as the page sends them
            searched = memo.computed
            replies = {level: ask("hint", {**args, "level": level})
                       for level in ("nudge", "step", "apply")}
            assert memo.computed == searched, "a prepared hint searched"
            for level, reply in replies.items():
                assert reply == unhurried(args, level), (line, level)
            step = replies["apply"]
            if step["status"] != "step":
                break
            assert all(solution.cells[p["index"]] == p["value"] for p in step["placements"])
            assert all(solution.cells[e["index"]] != e["value"] for e in step["eliminations"])
            assert step["placements"] or step["eliminations"]
            # The page after 'apply': the new grid, and per empty cell its candidates without
            # what the hints removed (worked out here from the grid, not from `marks`).
            grid = Grid(NINE, tuple(step["result_values"]))
            removed = {(e["index"], e["value"]) for e in step["eliminations"]}
            old = args.get("pencil")
            masks = Candidates.from_grid(grid).masks
            args = {**args, "cells": list(grid.cells), "pencil": [
                [v for v in bits(m) if (cell, v) not in removed
                 and (old is None or grid.cells[cell] or v in old[cell])]
                for cell, m in enumerate(masks)]}


def test_prepared_steps_walk_is_the_on_demand_walk(corpora_dir: Path, memo: walk.Memo) -> None:
    for line in sample(corpora_dir, "puzzles3_magictour_top1465", 2, seed=9):
        args = {"cells": values(line), "box": [3, 3]}
        calls = prepared({"for": "steps", **args})
        searched = memo.computed
        cached = ask("steps", {**args, "time_limit": 60})
        assert memo.computed == searched
        walk.remember(False)
        assert cached == ask("steps", {**args, "time_limit": 60})
        walk._MEMO.set(memo)
        # A walk of more than one searched step takes more than one slice.
        assert calls >= 1


@settings(max_examples=25)
@given(seed=st.integers(0, 10_000), share=st.floats(0.0, 0.6), marked=st.floats(0.0, 1.0),
       unlock=st.booleans())
def test_any_player_state_prepared_is_on_demand(seed: int, share: float, marked: float,
                                                unlock: bool) -> None:
    """A player's state of any kind (some digits placed, some cells with their own marks,
    right or wrong): after `prepare`, the hint is the one the engine gives without the memo."""
    lines = read_corpus(_corpora() / "sudoku-top95.txt")
    rng = random.Random(seed)
    cells = values(rng.choice(lines))
    solution = solve(Grid(NINE, tuple(cells)), time_limit=30).solution
    assert solution is not None
    current = list(cells)
    for c in range(81):
        if not cells[c] and rng.random() < share:
            current[c] = solution.cells[c] if rng.random() < 0.95 else rng.randint(1, 9)
    pencil: list[list[int]] | None = None
    if marked:
        masks = Candidates.from_grid(Grid(NINE, tuple(current))).masks
        pencil = [[v for v in bits(m) if v == solution.cells[c] or rng.random() < marked]
                  if rng.random() < marked else [] for c, m in enumerate(masks)]
    args: dict[str, Any] = {"givens": cells, "cells": current, "box": [3, 3], "unlock": unlock,
                            "pencil": pencil}
    walk.remember()
    try:
        prepared({"for": "hint", **args}, ahead=1)
        cached = ask("hint", {**args, "level": "apply"})
        assert cached == unhurried(args, "apply")
    finally:
        walk.remember(False)


def _corpora() -> Path:
    from conftest import find_corpora

    found = find_corpora()
    if found is None:
        pytest.skip("puzzle corpora not found")
    return found


@pytest.mark.parametrize("args,words", [
    ({"for": "nothing", "cells": [0] * 81}, "for must be"),
    ({"cells": [0] * 81}, "for must be"),
    ({"for": "hint", "cells": [0] * 81, "ahead": 0}, "ahead must be"),
    ({"for": "hint", "cells": [0] * 81, "ahead": True}, "ahead must be"),
    ({"for": "steps", "cells": [0] * 80}, "square grid"),
    ({"for": "steps", "cells": [0] * 81, "time_limit": -1}, "time_limit"),
])
def test_prepare_refuses_bad_requests(args: dict[str, Any], words: str) -> None:
    reply = json.loads(web_api.handle(json.dumps({"id": 3, "cmd": "prepare", "args": args})))
    walk.remember(False)
    assert reply["error"]["type"] == "BadRequest", reply
    assert words in reply["error"]["message"]


def test_prepare_with_the_memo_off_leaves_it_off() -> None:
    """The library's default stays: a `prepare` (e.g. a fuzzed request) works in a memo of its
    own and drops it, so no later call of the process meets remembered findings."""
    walk.remember(False)
    cells = values(".4..1.2.......9.7..1..........43.6..8......5....2....."
                   "7.5..8......6..3..9........")
    reply = ask("prepare", {"for": "hint", "givens": cells, "cells": cells, "time_limit": 30})
    assert reply["searched"] > 0
    assert walk.memo() is None
