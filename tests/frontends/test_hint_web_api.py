"""The facade's hint request: its levels, the centre marks and their flag, the
several-solutions answer, and bad arguments as clear errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sudoku_core import parse
from sudoku_core.solver.exact import solve
from sudoku_core.web_api import handle

POINTING = "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......"


def call(**args: Any) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "hint", "args": args})))
    return reply  # type: ignore[no-any-return]


def _cells() -> list[int]:
    return list(parse(POINTING).cells)


def _solution() -> list[int]:
    sol = solve(parse(POINTING)).solution
    assert sol is not None
    return list(sol.cells)


def test_the_levels_and_what_the_next_press_asks() -> None:
    cells = _cells()
    seen = []
    level: str | None = "look"
    while level is not None:
        result = call(givens=cells, cells=cells, level=level)["result"]
        assert result["level"] == level and result["look"] == "Look at box 2."
        seen.append((level, result["message"]))
        level = result["next_level"]
    assert [lv for lv, _ in seen] == ["look", "nudge", "step", "apply"]
    assert seen[0][1] == "Look at box 2." and seen[1][1].startswith("Look for locked")


def test_several_solutions_in_words_at_every_level() -> None:
    for level in ("look", "nudge", "step", "apply", "reveal"):
        result = call(cells=[0] * 81, givens=[0] * 81, level=level, time_limit=1)["result"]
        assert result["status"] == "multiple" and not result["timed_out"]
        assert result["message"] == ("The puzzle has several solutions: no logical step can "
                                     "choose between them.")
        assert result["next_level"] is None


def test_partial_centre_marks_are_notes_by_default() -> None:
    cells, sol = _cells(), _solution()
    centre: list[list[int]] = [[] for _ in cells]
    empty = next(i for i, v in enumerate(cells) if not v)
    centre[empty] = [sol[empty] % 9 + 1]  # a note without the solution's digit
    plain = call(givens=cells, cells=cells, level="step")["result"]
    notes = call(givens=cells, cells=cells, centre=centre, level="step")["result"]
    assert notes["status"] == "step" and notes["message"] == plain["message"]
    told = call(givens=cells, cells=cells, centre=centre, marks_are_candidates=True,
                level="step")["result"]
    assert told["status"] == "missing_marks"
    assert [m["index"] for m in told["missing_marks"]] == [empty]


def test_a_wrong_entry_is_revealed_only_when_asked() -> None:
    cells, sol = _cells(), _solution()
    empty = next(i for i, v in enumerate(cells) if not v)
    current = list(cells)
    current[empty] = sol[empty] % 9 + 1
    by_level = {level: call(givens=cells, cells=current, level=level)["result"]
                for level in ("look", "nudge", "step", "apply", "reveal")}
    for level in ("look", "nudge", "step", "apply"):
        assert by_level[level]["placements"] == []
        assert "Corrected" not in by_level[level]["message"]
    assert [c["index"] for c in by_level["apply"]["clears"]] == [empty]
    assert by_level["reveal"]["placements"][0]["value"] == sol[empty]
    assert by_level["reveal"]["result_values"][empty] == sol[empty]


@pytest.mark.parametrize("args,words", [
    ({"centre": "12"}, "centre must be a list with one list of values per cell"),
    ({"centre": [[10]] + [[]] * 80}, "centre marks of cell 0 must be values 1..9"),
    ({"marks_are_candidates": "yes"}, "marks_are_candidates must be true or false"),
    ({"level": "answer"}, "level must be one of look, nudge, step, apply, reveal"),
])
def test_bad_hint_arguments_say_which(args: dict[str, Any], words: str) -> None:
    cells = _cells()
    reply = call(givens=cells, cells=cells, **args)
    assert reply["error"]["type"] == "BadRequest" and words in reply["error"]["message"]
