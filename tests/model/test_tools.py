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

# Cells a setter could draw with each input on a 4x4 or larger grid (r1c1, r1c2, r1c3 ...;
# a corner's four cells, r1c1 r1c2 r2c1 r2c2, are added per size).
DRAWN = {"line": [0, 1, 2], "cells": [0, 1], "pair": [0, 1], "cell": [0], "groups": [0, 1]}


def _value(tool: dict[str, object], cells: list[int]) -> object:
    """A number the rule accepts for these cells (a sum of 2 per cell for line sums), or the
    digits 1 and 2 for a list."""
    spec = tool["value"]
    if spec is None:
        return None
    assert isinstance(spec, dict)
    if spec.get("list"):
        return [1, 2]
    if "default" in spec:
        return int(spec["default"])
    if "choices" in spec:
        return int(spec["choices"][0])
    low, high = int(spec["min"]), int(spec["max"])
    return max(low, min(high, 2 * len(cells) if tool["json_key"] != "skyscrapers" else 2))


def _drawings(tool: dict[str, object], n: int) -> list[tuple[list[int], dict[str, object]]]:
    places = tool.get("places")
    if places:
        assert isinstance(places, list)
        return [(p["cells"], p["fields"]) for p in places]
    if tool["input"] == "corner":
        return [([0, 1, n, n + 1], {})]
    return [(DRAWN.get(str(tool["input"]), []), {})]


def _jigsaw(n: int) -> list[int]:
    """A region map the engine accepts: region k is column k."""
    return [c % n for c in range(n * n)]


@pytest.mark.parametrize("n", [4, 6, 9])
def test_every_tool_round_trips(n: int) -> None:
    found = tools(n)
    assert len(found) >= 40 if n == 9 else len(found) >= 20
    for tool in found:
        assert tool["input"] in INPUTS
        for cells, fields in _drawings(tool, n):
            copy = [c + n for c in cells]  # the same group a row below
            item = fill(tool, cells, _value(tool, cells), fields, copy=copy,
                        regions=_jigsaw(n))
            key = tool["json_key"]
            whole = item is True or tool["item"] == "@map"
            obj = {key: item if whole else [item]}
            back = variant_from_json(obj, n).to_json()[key]
            if whole:
                assert back == item, key
                continue
            # Read back as drawn (the reader may add its defaults: a white dot's value 1).
            assert isinstance(item, dict) and len(back) == 1, (key, item)
            assert {k: back[0][k] for k in item} == item, (key, item, back)


def test_tools_fit_the_size() -> None:
    nine = {t["json_key"] for t in tools(9)}
    four = {t["json_key"] for t in tools(4)}
    assert nine - four == {"entropic_lines"}  # N not divisible by 3
    assert four < nine and len(nine) == 42


def test_every_rule_of_the_table_is_drawable() -> None:
    assert {t["json_key"] for t in tools(9)} == {row.json_key for row in TABLE}


def test_new_inputs_fill_their_items() -> None:
    by_key = {t["json_key"]: t for t in tools(6)}
    quad = by_key["quadruples"]
    assert quad["input"] == "corner" and quad["value"]["list"] and quad["value"]["most"] == 4
    assert fill(quad, [0, 1, 6, 7], [3, 1]) == {"cells": [0, 1, 6, 7], "digits": [3, 1]}
    clone = by_key["clones"]
    assert fill(clone, [0, 1], None, copy=[14, 15]) == {"cells": [0, 1], "copy": [14, 15]}
    regions = by_key["regions"]
    assert regions["input"] == "region" and regions["least"] == 36
    assert fill(regions, [], None, regions=_jigsaw(6)) == _jigsaw(6)
    given = by_key["given_candidates"]
    assert given["value"]["distinct"] and given["value"]["max"] == 6
    assert fill(given, [5], [2, 4]) == {"cells": [5], "digits": [2, 4]}
    for key in ("row_indexers", "column_indexers", "box_indexers"):
        assert by_key[key]["input"] == "cells"


def test_a_broken_new_drawing_is_refused_by_name() -> None:
    by_key = {t["json_key"]: t for t in tools(6)}
    with pytest.raises(VariantError, match="do not fit"):
        variant_from_json({"quadruples": [fill(by_key["quadruples"], [0, 1], [1, 2, 3])]}, 6)
    with pytest.raises(VariantError, match="copy"):
        variant_from_json({"clones": [fill(by_key["clones"], [0, 1], None, copy=[7])]}, 6)
    broken = _jigsaw(6)
    broken[0], broken[1] = broken[1], broken[0]  # two regions cut off at the top
    shape = json.loads(handle(json.dumps({"id": 1, "cmd": "geometry", "args": {
        "box": [2, 3], "variant": {"regions": broken}}})))
    assert "not connected" in shape["error"]["message"]


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
