"""The browser's JSON facade: contract of each command, errors as replies, never an exception."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.formats.read import read_parts as parse_parts
from sudoku_core.web_api import COMMANDS, handle

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)


def call(cmd: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps({"id": 5, "cmd": cmd, "args": args})))
    assert reply["id"] == 5
    assert ("result" in reply) != ("error" in reply)
    return reply  # type: ignore[no-any-return]


def values(line: str) -> list[int]:
    return list(parse(line).cells)


def test_version() -> None:
    result = call("version")["result"]
    assert result["version"]
    assert {"parse", "validate", "solve", "format", "check"} <= set(result["commands"])


@pytest.mark.parametrize("line,box,size", [
    ("..3..4.221......", [2, 2], 4),
    (".......65......56...14..3...4..1...2", [2, 3], 6),
    (CLASSIC, [3, 3], 9),
])
def test_parse(line: str, box: list[int], size: int) -> None:
    result = call("parse", text=line)["result"]
    assert result["box"] == box and result["size"] == size
    assert result["cells"] == line and result["line"] == line
    assert result["values"] == values(line)


def test_parse_error_has_position() -> None:
    error = call("parse", text="12x4" * 4)["error"]
    where = (error["type"], error["line"], error["column"], error["char"])
    assert where == ("SymbolError", 1, 3, "x")
    assert error["message"]


def test_parse_respects_box() -> None:
    line = "." * 36
    assert call("parse", text=line, box="3x2")["result"]["box"] == [3, 2]
    assert call("parse", text=line, box="2x2")["error"]["type"] == "CellCountError"


def test_solve() -> None:
    result = call("solve", cells=values(CLASSIC), box=[3, 3])["result"]
    assert result["status"] == "solved" and result["unique"] is True
    assert result["solution"] == CLASSIC_SOLUTION
    assert result["values"] == values(CLASSIC_SOLUTION)
    assert (result["box"], result["size"], result["puzzle"]) == ([3, 3], 9, CLASSIC)
    assert result["elapsed_ms"] >= 0 and result["nodes"] >= 0
    assert result["message"] == "Solved."  # the time is elapsed_ms's


def test_solve_reports_conflicts_and_dead_cells() -> None:
    result = call("solve", cells=values("11" + "." * 79))["result"]
    assert result["status"] == "invalid"
    assert [0, 0] in result["conflicts"][0]["cells"]
    assert result["message"].startswith("Cannot solve")
    dead = call("solve", cells=values("12345678." + "......9.." + "." * 63))["result"]
    assert dead["status"] == "no_solution" and dead["dead_cells"] == [[0, 8]]
    assert "r1c9" in dead["message"]


@pytest.mark.usefixtures("ticking_clock")
def test_solve_has_a_budget() -> None:
    empty = [0] * 625
    result = call("solve", cells=empty, time_limit=0.002)["result"]  # two clock reads
    assert (result["status"], result["timed_out"], result["unique"]) == ("gave_up", True, None)
    assert result["message"].startswith("Gave up after")
    assert call("solve", cells=empty, time_limit=60)["result"]["status"] == "solved"
    assert call("solve", cells=empty, time_limit=-1)["error"]["type"] == "BadRequest"


def test_validate_statuses() -> None:
    assert call("validate", cells=values(CLASSIC))["result"]["status"] == "unique"
    several = call("validate", cells=values("1" + "." * 80))["result"]
    assert several["status"] == "multiple" and several["message"].startswith("Several")
    bad = call("validate", cells=values("11" + "." * 79))["result"]
    assert bad["status"] == "invalid"
    assert bad["conflicts"][0]["cells"] == [[0, 0], [0, 1]]


def test_check_is_conflicts_only() -> None:
    result = call("check", cells=values("1.1." + "." * 12))["result"]
    assert result["conflicts"][0]["unit"] == "row"
    assert result["complete"] is False
    assert call("check", cells=values(CLASSIC_SOLUTION))["result"]["complete"] is True


@pytest.mark.parametrize("to", ["line", "pretty", "tokens", "json"])
def test_format_round_trips(to: str) -> None:
    text = call("format", cells=values(CLASSIC), to=to)["result"]["text"]
    assert parse(text).line() == CLASSIC
    assert call("export", cells=values(CLASSIC), to=to)["result"]["text"] == text


def test_format_keeps_entries_apart_in_json() -> None:
    entries = [0] * 81
    entries[2] = 4  # r1c3
    text = call("format", cells=values(CLASSIC), entries=entries, to="json")["result"]["text"]
    got = parse_parts(text)
    assert got.givens.line() == CLASSIC
    assert got.entries is not None and got.entries.cells[2] == 4
    assert "cannot keep entries apart" in call(
        "format", cells=values(CLASSIC), entries=entries, to="line")["error"]["message"]
    assert "entries has 16 values" in call(
        "format", cells=values(CLASSIC), entries=[0] * 16, to="json")["error"]["message"]


def test_hint_unlock_must_be_a_boolean() -> None:
    cells = values(CLASSIC)
    assert "unlock must be true or false" in call(
        "hint", givens=cells, cells=cells, unlock="yes")["error"]["message"]
    assert call("hint", givens=cells, cells=cells, unlock=True)["result"]["placements"]


def test_hint_levels() -> None:
    cells = values(CLASSIC)
    nudge = call("hint", givens=cells, cells=cells, level="nudge")
    assert nudge["result"]["placements"] == [] and nudge["result"]["text"]
    step = call("hint", givens=cells, cells=cells, level="step")["result"]
    assert step["placements"] or step["eliminations"]
    wrong = list(cells)
    wrong[2] = 1  # r1c3 is 4 in the solution
    hint = call("hint", givens=cells, cells=wrong)["result"]
    assert hint["status"] == "wrong_entries" and [0, 2] in hint["wrong_cells"]


@pytest.mark.parametrize("request_json", [
    "", "null", "[]", "{}", '{"cmd": 3}', '{"id": 1, "cmd": "solve"}',
    '{"id": 1, "cmd": "solve", "args": []}', '{"id": 1, "cmd": "solve", "args": {"cells": [1]}}',
    '{"id": 1, "cmd": "solve", "args": {"cells": [true, 0, 0, 0]}}',
    '{"id": 1, "cmd": "solve", "args": {"cells": ' + json.dumps([9] * 16) + "}}",
    '{"id": 1, "cmd": "parse", "args": {"text": 5}}',
    '{"id": 1, "cmd": "parse", "args": {"text": "1", "box": {}}}',
    '{"id": 1, "cmd": "format", "args": {"cells": ' + json.dumps([0] * 16) + ', "to": "x"}}',
    '{"id": 1, "cmd": "hint", "args": {"cells": ' + json.dumps([0] * 16) + ', "level": 1}}',
])
def test_bad_requests_are_replies(request_json: str) -> None:
    reply = json.loads(handle(request_json))
    assert "error" in reply and reply["error"]["type"] and reply["error"]["message"]


def test_long_text_is_refused_quickly() -> None:
    reply = call("parse", text="1" * 2_000_000)
    assert reply["error"]["type"] == "ParseError"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(COMMANDS)), st.dictionaries(
    st.sampled_from(["text", "cells", "box", "to", "level", "givens", "time_limit", "pencil"]),
    st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=40),
              st.lists(st.integers(-1, 10), max_size=20)),
))
def test_never_raises(cmd: str, args: dict[str, Any]) -> None:
    if cmd in ("generate", "steps", "rate") and "time_limit" not in args:
        args["time_limit"] = 0.2
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert set(reply) in ({"id", "result"}, {"id", "error"})
    if "error" in reply:
        assert reply["error"]["type"] != "InternalError", reply


@pytest.mark.parametrize("box", [[2, 2], [2, 3], [3, 2], [3, 3], [3, 4], [6, 6]])
def test_geometry_is_the_layout(box: list[int]) -> None:
    result = call("geometry", box=box)["result"]
    r, c = box
    n = r * c
    assert (result["box"], result["size"]) == (box, n)
    units, units_of = result["units"], result["units_of"]
    assert len(units) == 3 * n and len(units_of) == n * n
    for cell in range(n * n):
        row, col = divmod(cell, n)
        box_index = (row // r) * (n // c) + col // c
        # Written out from the rules, not from the library: rows, then columns, then boxes.
        assert units_of[cell] == [row, n + col, 2 * n + box_index]
        for u in units_of[cell]:
            assert cell in units[u]
    assert all(sorted(u) == u and len(u) == n for u in units)
    assert call("geometry")["error"]["type"] == "BadRequest"


@pytest.mark.parametrize("limit", ["NaN", "-Infinity", "0", "-1", '"5"'])
def test_time_limit_must_be_a_positive_number(limit: str) -> None:
    # D6: NaN compares false with everything, so a plain `<= 0` test let it through.
    request = '{"id": 1, "cmd": "solve", "args": {"cells": ' + json.dumps([0] * 16) + \
        ', "time_limit": ' + limit + "}}"
    assert json.loads(handle(request))["error"]["type"] == "BadRequest"


def test_infinite_time_limit_is_capped() -> None:
    request = '{"id": 1, "cmd": "solve", "args": {"cells": ' + json.dumps([0] * 16) + \
        ', "time_limit": Infinity}}'
    assert json.loads(handle(request))["result"]["status"] == "solved"


@pytest.mark.parametrize(("request_json", "kind"), [
    ('{"id": 1, "cmd": "generate", "args": {"size": -4}}', "BadRequest"),
    ('{"id": 1, "cmd": "generate", "args": {"size": 7}}', "ShapeError"),  # 7x7 has no boxes
    ('{"id": 1, "cmd": "generate", "args": {"size": 1000}}', "BadRequest"),
    ("[" * 100_000 + "]" * 100_000, "BadRequest"),
    ('{"id": 1, "cmd": "solve", "args": ' + '{"a": ' * 100_000 + "1" + "}" * 100_001,
     "BadRequest"),
    ('{"id": 1, "cmd": "validate", "args": {"cells": ' + json.dumps([0] * 16)
     + ', "givens": ' + json.dumps([0] * 81) + "}}", "BadRequest"),
], ids=["negative-size", "size-7", "size-1000", "nested-list", "nested-args", "two-sizes"])
def test_bad_input_is_a_bad_request_not_a_bug(request_json: str, kind: str) -> None:
    # D7: a negative size or a deeply nested request used to answer "internal error".
    error = json.loads(handle(request_json))["error"]
    assert error["type"] == kind, error


def test_validate_with_givens_names_the_wrong_entry() -> None:
    cells = values(CLASSIC)
    mine = list(cells)
    mine[2] = 1  # r1c3 is 4 in the solution; 1 breaks no rule there
    result = call("validate", cells=mine, givens=cells)["result"]
    assert result["status"] == "wrong_entries"
    assert (result["wrong_cells"], result["wrong_indices"]) == ([[0, 2]], [2])
    assert result["message"] == "r1c3 = 1 does not fit the solution."
    assert (result["box"], result["size"]) == ([3, 3], 9)
    right = list(cells)
    right[2] = 4
    ok = call("validate", cells=right, givens=cells)["result"]
    assert ok["status"] == "unique" and ok["wrong_cells"] == []


def test_solve_reply_is_the_library_result() -> None:
    from sudoku_core import solve

    reply = call("solve", cells=values(CLASSIC))["result"]
    mine = solve(parse(CLASSIC)).to_json()
    for key in ("elapsed_ms", "nodes", "message"):
        reply.pop(key), mine.pop(key)
    assert reply == mine


def test_big_values_travel_as_ints() -> None:
    # 36x36: symbols above 35 are numbers; every cell and value is an int the page can use.
    from sudoku_core import Grid, Shape

    shape = Shape(6, 6)
    sol = json.loads(handle(json.dumps({"id": 1, "cmd": "solve", "args": {
        "cells": [0] * 1296, "box": [6, 6], "time_limit": 30}})))["result"]
    assert sol["status"] == "solved" and max(sol["values"]) == 36
    grid = Grid(shape, tuple(sol["values"]))
    cell = sol["values"].index(36)
    puzzle = grid.with_values([(cell, 0)])
    hint = call("hint", cells=list(puzzle.cells), box=[6, 6], level="apply")["result"]
    assert hint["placements"] == [{"cell": [cell // 36, cell % 36], "index": cell,
                                   "symbol": "36", "value": 36}]
    assert hint["result_values"] == sol["values"]


@pytest.mark.parametrize("box", [[3, 3], [4, 4], [6, 6]])
def test_warm_builds_the_solver_tables_and_answers_the_geometry(box: list[int]) -> None:
    from sudoku_core.solver import _cover, bitboards

    _cover.tables.cache_clear()
    bitboards.tables.cache_clear()
    result = call("warm", box=box)["result"]
    assert result == call("geometry", box=box)["result"]
    cached = _cover.tables.cache_info().currsize + bitboards.tables.cache_info().currsize
    assert cached == 1  # the engine for this size has its tables before the first solve
    assert call("warm")["error"]["type"] == "BadRequest"


@pytest.mark.parametrize("bug", [KeyError("box"), ValueError("a slip of ours"), TypeError("x")])
def test_a_bug_of_ours_is_an_internal_error(monkeypatch: pytest.MonkeyPatch,
                                            bug: Exception) -> None:
    # An unexpected exception is ours, never the user's bad request.
    def broken(args: dict[str, Any]) -> dict[str, Any]:
        raise bug

    monkeypatch.setitem(COMMANDS, "solve", broken)
    error = call("solve", cells=values(CLASSIC))["error"]
    assert error["type"] == "InternalError"
    assert error["message"] == f"{type(bug).__name__}: {bug}"


def test_parse_keeps_the_players_work_from_a_link() -> None:
    from sudoku_core.formats.links.codecs.lzstring import compress_to_base64
    line = CLASSIC
    n = 9
    rows = [[{"value": int(line[r * n + c]), "given": True} if line[r * n + c] != "." else {}
             for c in range(n)] for r in range(n)]
    empty = [i for i, ch in enumerate(line) if ch == "."]
    a, b = empty[0], empty[1]
    rows[a // n][a % n] = {"value": 9}
    rows[b // n][b % n] = {"centerPencilMarks": [1, 2], "cornerPencilMarks": [3], "c": "#FFA0A0"}
    data = compress_to_base64(json.dumps({"size": 9, "grid": rows}))
    link = "https://f-puzzles.com/?load=" + data
    got = call("parse", text=link)["result"]
    assert got["line"] == line
    assert [i for i, v in enumerate(got["entries"]) if v] == [a] and got["entries"][a] == 9
    assert got["centre"][b] == [1, 2] and got["corner"][b] == [3]
    assert got["colours"][b] == ["#ffa0a0"]
    assert sum(map(len, got["centre"])) == 2
    plain = call("parse", text=line)["result"]
    assert not {"entries", "centre", "corner", "colours"} & set(plain)


def test_steps_stream_each_step_before_the_reply() -> None:
    # The page's worker passes an emitter: each step arrives as found, in order, and the reply
    # still holds the whole path (the same steps).
    import json as _json

    from sudoku_core.web_api import handle as _handle

    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    parts: list[dict[str, object]] = []
    reply = _json.loads(_handle(_json.dumps(
        {"id": 7, "cmd": "steps", "args": {"text": line, "stream": True}}),
        lambda text: parts.append(_json.loads(text))))
    steps = reply["result"]["steps"]
    assert steps and len(parts) == len(steps)
    assert all(p["id"] == 7 for p in parts)
    assert [p["partial"]["index"] for p in parts] == list(range(len(steps)))  # type: ignore[index]
    assert [p["partial"]["step"] for p in parts] == steps  # type: ignore[index]
    # Without an emitter, or without stream, nothing is sent and the reply is the same.
    quiet = _json.loads(_handle(_json.dumps({"id": 8, "cmd": "steps", "args": {"text": line}}),
                                lambda text: parts.append({"unexpected": text})))
    assert quiet["result"]["steps"] == steps and len(parts) == len(steps)
    bad = _json.loads(_handle(_json.dumps(
        {"id": 9, "cmd": "steps", "args": {"text": line, "stream": "yes"}})))
    assert bad["error"]["type"] == "BadRequest" and "stream" in bad["error"]["message"]


def test_a_failing_emitter_becomes_an_error_reply() -> None:
    import json as _json

    from sudoku_core.web_api import handle as _handle

    def broken(text: str) -> None:
        raise RuntimeError("page gone")

    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    reply = _json.loads(_handle(_json.dumps(
        {"id": 1, "cmd": "steps", "args": {"text": line, "stream": True}}), broken))
    assert "error" in reply and "page gone" in reply["error"]["message"]


# Variants in the facade: the page sends a puzzle's rules back with every request.
KILLER_RULES = {"cages": [{"cells": [2, 3, 12], "sum": 16}, {"cells": [4, 5], "sum": 11}]}


def test_check_with_variant_names_cage_conflicts() -> None:
    cells = [0] * 81
    cells[2] = cells[12] = 5  # same cage, no common row, column or box
    classic = call("check", cells=cells, box=[3, 3])["result"]
    assert classic["conflicts"] == []
    found = call("check", cells=cells, box=[3, 3], variant=KILLER_RULES)["result"]
    assert found["variant"] == KILLER_RULES
    assert sorted(found["conflicts"][0]["indices"]) == [2, 12]
    cells = [0] * 81
    cells[4], cells[5] = 9, 8  # 17 > 11
    found = call("check", cells=cells, box=[3, 3], variant=KILLER_RULES)["result"]
    assert found["conflicts"][0]["reason"] == "sum exceeded"


def test_geometry_with_regions_and_diagonals() -> None:
    regions = [(i // 9) for i in range(81)]  # rows as regions: joined, nine cells each
    geo = call("geometry", box=[3, 3], variant={"regions": regions, "diagonals": True})["result"]
    assert len(geo["units"]) == 29
    assert [u[2] - 18 for u in geo["units_of"]] == regions


def test_hint_keeps_the_rules_for_the_givens() -> None:
    reply = call("hint", cells=[0] * 81, givens=[0] * 81, box=[3, 3], level="step",
                 variant={"diagonals": True})
    assert "result" in reply, reply


def test_bad_variant_is_refused_by_name() -> None:
    reply = call("check", cells=[0] * 81, box=[3, 3], variant={"thermo": True})
    assert "thermo" in reply["error"]["message"]


def test_parse_and_generate_carry_the_variant() -> None:
    made = call("generate", variant="jigsaw", seed=3, difficulty="easy")["result"]
    assert len(made["variant"]["regions"]) == 81
    text = "\n".join([made["puzzle"], "rules: x"])
    parsed = call("parse", text=text)["result"]
    assert parsed["variant"] == {"diagonals": True}
    assert "variant" not in call("parse", text=CLASSIC)["result"]
    assert "error" in call("generate", variant=3)


def test_generate_reply_carries_site_links_with_the_rules() -> None:
    from sudoku_core.formats.read import parse

    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "generate", "args": {
        "size": 6, "variant": "x", "seed": 4, "difficulty": "easy"}})))
    result = reply["result"]
    assert result["variant"] == {"diagonals": True}
    for site in ("fpuzzles", "sudokupad"):
        back = parse(result[site])
        assert back.line() == result["puzzle"] and back.shape.variant is not None
        assert back.shape.variant.diagonals


@pytest.mark.parametrize("names, words", [("x", "X"), ("antiknight", "anti-knight"),
                                          ("killer", "Killer")])
def test_variant_replies_name_the_rules_in_players_words(names: str, words: str) -> None:
    made = call("generate", variant=names, seed=3, difficulty="easy", box=[2, 2])["result"]
    assert made["variant_words"] == words
    text = json.dumps({"puzzle": made["puzzle"], "box": [2, 2], "variant": made["variant"]})
    assert call("parse", text=text)["result"]["variant_words"] == words
    assert "variant_words" not in call("parse", text=CLASSIC)["result"]
