"""One budget: ``time_limit`` at the public edges, the deadline of ``model/budget.py`` inside.

The library's own searches read the call's deadline (``solve_within``, ``count_within``,
``rate_within``) instead of turning it into seconds and back; the walker's memo and the web
facade's step stream are context variables, not module-global lists.
"""

from __future__ import annotations

import ast
import contextvars
import json
from pathlib import Path

import pytest

import sudoku_core
from sudoku_core import web_api
from sudoku_core.logic import walk
from sudoku_core.logic.rate import rate, rate_within
from sudoku_core.model import budget
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver import exact
from sudoku_core.solver.exact import count_within, solve, solve_within

ROOT = Path(sudoku_core.__file__).parent
EMPTY_16 = Grid.empty(Shape(4, 4))  # a 16x16 search reads the clock at every node
PUZZLE_4 = "..3..4.221......"


def test_the_searches_inside_read_the_calls_deadline() -> None:
    with budget.deadline(0):
        r = solve_within(EMPTY_16, limit=2)
        assert (r.status, r.timed_out) == ("gave_up", True)
        assert count_within(EMPTY_16, 2) is None
    r = solve_within(EMPTY_16, limit=1)
    assert r.status == "solved" and not r.timed_out


def test_a_search_outside_any_call_has_the_default_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every solve has a budget: solve_within with no deadline set takes the default one.
    monkeypatch.setattr(exact, "DEFAULT_TIME_LIMIT", 0.0)
    assert budget.current() is None
    assert solve_within(EMPTY_16, limit=1).timed_out
    assert budget.current() is None  # and it leaves no deadline behind
    assert solve(EMPTY_16, limit=1, time_limit=None).status == "solved"  # the edge's None


def test_the_public_edge_sets_the_deadline_a_nearer_one_binds() -> None:
    assert solve(EMPTY_16, limit=1, time_limit=60).status == "solved"
    with budget.deadline(0):
        assert solve(EMPTY_16, limit=1, time_limit=60).timed_out
    grid = sudoku_core.parse(PUZZLE_4)
    assert rate(grid).to_json() | {"elapsed": 0} == rate(grid, time_limit=60).to_json() | {
        "elapsed": 0}
    with budget.deadline(60):
        assert rate_within(grid).level == rate(grid).level


def test_no_absolute_deadline_travels_as_an_argument() -> None:
    # The three spellings became one: no function takes a deadline (a clock time) or turns
    # the call's deadline back into seconds; budget.py alone reads the clock against it.
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in (*node.args.args, *node.args.kwonlyargs)]
                found += [f"{where}:{node.name}({n})" for n in names
                          if "deadline" in n]
            if (isinstance(node, ast.Attribute) and node.attr == "remaining"
                    and where != "model/budget.py"):
                found.append(f"{where}:{node.lineno} reads budget.remaining")
    assert not found, found


def test_the_walk_memo_belongs_to_its_context() -> None:
    assert walk.memo() is None
    inner = contextvars.copy_context()
    made = inner.run(walk.remember)
    assert made is not None and inner.run(walk.memo) is made
    assert walk.memo() is None  # another context's memo is not this one's


def test_the_step_stream_belongs_to_its_request() -> None:
    sent: list[str] = []
    request = json.dumps({"id": 5, "cmd": "steps", "args": {"text": PUZZLE_4,
                                                            "stream": True}})
    reply = json.loads(web_api.handle(request, sent.append))
    assert "result" in reply, reply
    assert sent and all(json.loads(part)["id"] == 5 for part in sent)
    assert web_api._STREAM.get() is None  # gone with the request
    before = len(sent)
    assert "result" in json.loads(web_api.handle(request))  # no emitter: nothing streamed
    assert len(sent) == before
