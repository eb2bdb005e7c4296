"""The setter's tools (model/constraints/tools.py): every rule the page can draw becomes an
item the engine reads back as drawn, on the sizes the page sets."""

from __future__ import annotations

import json

import pytest

from sudoku_core.model.constraints import TABLE
from sudoku_core.model.constraints.tools import INPUTS, fill, tools
from sudoku_core.model.errors import VariantError
from sudoku_core.model.variants import variant_from_json
from sudoku_core.web_api import handle

# Cells a setter could draw with each input on a 4x4 or larger grid (r1c1, r1c2, r1c3 ...).
DRAWN = {"line": [0, 1, 2], "cells": [0, 1], "pair": [0, 1], "cell": [0]}


def _value(tool: dict[str, object], cells: list[int]) -> int | None:
    """A number the rule accepts for these cells (a sum of 2 per cell for line sums)."""
    spec = tool["value"]
    if spec is None:
        return None
    assert isinstance(spec, dict)
    if "default" in spec:
        return int(spec["default"])
    if "choices" in spec:
        return int(spec["choices"][0])
    low, high = int(spec["min"]), int(spec["max"])
    return max(low, min(high, 2 * len(cells) if tool["json_key"] != "skyscrapers" else 2))


def _drawings(tool: dict[str, object]) -> list[tuple[list[int], dict[str, object]]]:
    places = tool.get("places")
    if places:
        assert isinstance(places, list)
        return [(p["cells"], p["fields"]) for p in places]
    return [(DRAWN.get(str(tool["input"]), []), {})]


@pytest.mark.parametrize("n", [4, 6, 9])
def test_every_tool_round_trips(n: int) -> None:
    found = tools(n)
    assert len(found) >= 30 if n == 9 else len(found) >= 20
    for tool in found:
        assert tool["input"] in INPUTS
        for cells, fields in _drawings(tool):
            item = fill(tool, cells, _value(tool, cells), fields)
            key = tool["json_key"]
            obj = {key: item if item is True else [item]}
            back = variant_from_json(obj, n).to_json()[key]
            if item is True:
                assert back is True
                continue
            # Read back as drawn (the reader may add its defaults: a white dot's value 1).
            assert isinstance(item, dict) and len(back) == 1, (key, item)
            assert {k: back[0][k] for k in item} == item, (key, item, back)


def test_tools_fit_the_size() -> None:
    nine = {t["json_key"] for t in tools(9)}
    four = {t["json_key"] for t in tools(4)}
    assert nine - four == {"entropic_lines"}  # N not divisible by 3
    assert four < nine and len(nine) == 35


def test_tools_follow_the_table() -> None:
    keys = [t["json_key"] for t in tools(9)]
    order = [row.json_key for row in TABLE if row.json_key in keys]
    assert keys == order
    assert len(set(keys)) == len(keys)
    rows = {row.json_key: row for row in TABLE}
    for tool in tools(9):
        row = rows[tool["json_key"]]
        assert (tool["type"], tool["words"]) == (row.name, row.words)
        assert (tool["input"] == "flag") == row.is_flag or tool["json_key"] in (
            "kropki_negative", "xv_negative", "nonconsecutive", "diagonal_plus",
            "diagonal_minus", "disjoint_groups")


def test_outside_places_sit_outside_and_cover_their_line() -> None:
    n = 9
    for tool in tools(n):
        for place in tool.get("places", []):
            r, c = place["at"]
            assert not (0 <= r < n and 0 <= c < n)
            dr, dc = place["toward"]
            first = place["cells"][0]
            assert divmod(first, n) == (r + dr, c + dc)
    little = next(t for t in tools(n) if t["json_key"] == "little_killers")
    spots = {tuple(p["at"]) for p in little["places"]}
    assert (-1, -1) in spots and (n, n) in spots
    corners = [p for p in little["places"] if len(p["cells"]) == 1]
    assert sorted(p["cells"][0] for p in corners) == [0, n - 1, n * n - n, n * n - 1]


def test_a_broken_drawing_is_refused_by_name() -> None:
    thermo = next(t for t in tools(9) if t["json_key"] == "thermometers")
    with pytest.raises(VariantError, match="thermometer"):
        variant_from_json({"thermometers": [fill(thermo, [0], None)]}, 9)
    dot = next(t for t in tools(9) if t["json_key"] == "white_dots")
    with pytest.raises(VariantError, match="share an edge"):
        variant_from_json({"white_dots": [fill(dot, [0, 10], None)]}, 9)


def test_the_facade_answers_tools_for_a_box() -> None:
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "tools", "args": {"box": [2, 3]}})))
    result = reply["result"]
    assert result["size"] == 6
    sandwich = next(t for t in result["tools"] if t["json_key"] == "sandwiches")
    assert len(sandwich["places"]) == 4 * 6
    assert sandwich["value"]["max"] == 6 * 7 // 2 - 1 - 6
    bad = json.loads(handle(json.dumps({"id": 2, "cmd": "tools", "args": {"box": "nope"}})))
    assert "error" in bad
