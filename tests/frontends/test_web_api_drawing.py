"""The drawing the facade sends with a variant (docs/protocol.md "Drawing"): the page draws
these shapes and names these rules, and knows no rule itself."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from sudoku_core.model.constraints import PLACED, TABLE
from sudoku_core.model.constraints.drawing import DRAWERS
from sudoku_core.web_api import _about, handle

EVERY_PLACED = {  # one item of every placed type that has a look, on a 9x9 grid
    "thermometers": [{"cells": [27, 19, 11]}],
    "slow_thermometers": [{"cells": [72, 73, 74]}],
    "arrows": [{"circle": [24], "cells": [25, 26]}, {"circle": [60, 61], "cells": [70, 80]}],
    "double_arrows": [{"cells": [36, 37, 38]}],
    "whispers": [{"cells": [45, 46, 47]}],
    "renban": [{"cells": [48, 49]}],
    "palindromes": [{"cells": [50, 51, 52]}],
    "between_lines": [{"cells": [54, 55, 56]}],
    "region_sum_lines": [{"cells": [57, 58, 59]}],
    "entropic_lines": [{"cells": [63, 64, 65]}],
    "modular_lines": [{"cells": [66, 67, 68]}],
    "zipper_lines": [{"cells": [75, 76, 77]}],
    "little_killers": [{"cells": [9, 19, 29, 39, 49, 59, 69, 79], "sum": 22}],
    "sandwiches": [{"column": 0, "sum": 8}, {"row": 2, "sum": 0}],
    "x_sums": [{"row": 4, "end": "end", "sum": 15}],
    "skyscrapers": [{"column": 5, "end": "end", "count": 3}],
    "white_dots": [{"cells": [20, 21], "value": 1}, {"cells": [22, 23], "value": 3}],
    "black_dots": [{"cells": [2, 3], "value": 2}],
    "xv": [{"cells": [0, 1], "sum": 10}, {"cells": [4, 5], "sum": 5}],
    "odd": [{"cells": [6]}],
    "even": [{"cells": [7]}],
    "minimums": [{"cells": [8]}],
    "maximums": [{"cells": [17]}],
    "quadruples": [{"cells": [30, 31, 39, 40], "digits": [1, 2, 3]}],
    "clones": [{"cells": [32], "copy": [33]}],
    "diagonal_plus": True,
    "diagonal_minus": True,
    "extra_regions": [{"cells": [34, 35, 43, 44]}],
    "given_candidates": [{"cells": [53], "digits": [1, 4]}],
    "column_indexers": [{"cells": [10]}],
}


def geometry(variant: dict[str, Any], box: list[int] | None = None) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps(
        {"id": 1, "cmd": "geometry", "args": {"box": box or [3, 3], "variant": variant}})))
    assert "error" not in reply, reply
    return reply["result"]  # type: ignore[no-any-return]


def test_every_placed_type_with_cells_has_a_drawer() -> None:
    # A flag rule (non-consecutive, a negative rule, disjoint groups) has no look; every other
    # placed type must draw, or the page would show a rule it cannot see.
    missing = [row.name for row in PLACED
               if not row.flag and row.rule_class not in DRAWERS]
    assert missing == []


def test_geometry_of_a_variant_lists_its_rules_in_table_order() -> None:
    result = geometry(EVERY_PLACED)
    names = [c["type"] for c in result["constraints"]]
    table = [row.name for row in TABLE]
    assert names == sorted(names, key=table.index)
    assert {"thermometer", "arrow", "sandwich", "x-sum", "diagonal-plus"} <= set(names)
    for c in result["constraints"]:
        row = next(r for r in TABLE if r.name == c["type"])
        assert c["words"] == row.words and c["rules"] == row.rules_text


def test_each_drawn_rule_names_its_cells_and_has_shapes() -> None:
    result = geometry(EVERY_PLACED)
    drawn = {item["type"] for item in result["drawing"]}
    listed = {c["type"] for c in result["constraints"]}
    assert drawn == listed  # every type here has a look
    for item in result["drawing"]:
        assert item["shapes"], item
        assert item["cells"] == sorted(set(item["cells"]))
        assert all(0 <= c < 81 for c in item["cells"])
        for shape in item["shapes"]:
            assert shape["shape"] in ("line", "circle", "rect", "text")


def shapes_of(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [s for item in result["drawing"] if item["type"] == kind for s in item["shapes"]]


def test_a_thermometer_is_a_bulb_at_its_first_cell_and_a_tube() -> None:
    result = geometry({"thermometers": [{"cells": [27, 19, 11]}]})
    bulb, tube = shapes_of(result, "thermometer")
    assert bulb == {"shape": "circle", "at": [3, 0], "radius": 0.4, "fill": "thermo"}
    assert tube["shape"] == "line" and tube["points"] == [[3, 0], [2, 1], [1, 2]]


def test_an_arrow_leaves_its_circle_at_the_edge_and_ends_in_a_head() -> None:
    result = geometry({"arrows": [{"circle": [24], "cells": [25, 26]}]})
    ring, shaft = shapes_of(result, "arrow")
    assert ring["shape"] == "circle" and ring["at"] == [2, 6] and "fill" not in ring
    assert shaft["points"] == [[2, 6.4], [2, 7], [2, 8]] and shaft["end"] == "arrow"


def test_a_pill_is_one_rounded_box_over_its_cells() -> None:
    result = geometry({"arrows": [{"circle": [60, 61], "cells": [70, 80]}]})
    pill = shapes_of(result, "arrow")[0]
    assert pill["shape"] == "rect" and pill["from"] == [6 - 0.4, 6 - 0.4]
    assert pill["to"] == [6 + 0.4, 7 + 0.4]


def test_clues_outside_the_grid_stand_at_row_or_column_minus_one_or_n() -> None:
    result = geometry({"sandwiches": [{"column": 3, "sum": 8}],
                       "x_sums": [{"row": 4, "end": "end", "sum": 15}]})
    (sandwich,) = shapes_of(result, "sandwich")
    (xsum,) = shapes_of(result, "x-sum")
    assert sandwich["at"] == [-1, 3] and sandwich["text"] == "8"
    assert xsum["at"] == [4, 9] and xsum["text"] == "15"
    labels = {item["type"]: item["label"] for item in result["drawing"]}
    assert labels == {"sandwich": "sandwich 8", "x-sum": "X-sum 15"}


def test_a_little_killer_points_from_its_clue_along_its_diagonal() -> None:
    result = geometry({"little_killers": [{"cells": [9, 19, 29, 39, 49, 59, 69, 79],
                                           "sum": 22}]})
    number, arrow = shapes_of(result, "little-killer")
    assert number["text"] == "22" and number["at"][1] < -0.5  # left of the grid
    (r0, c0), (r1, c1) = arrow["points"]
    assert r1 > r0 and c1 > c0  # down and right, as the diagonal runs


def test_dots_sit_on_the_edge_between_their_cells() -> None:
    result = geometry({"white_dots": [{"cells": [20, 21]}], "black_dots": [{"cells": [2, 11]}],
                       "xv": [{"cells": [4, 5], "sum": 5}]})
    (white,) = shapes_of(result, "kropki-white")
    (black,) = shapes_of(result, "kropki-black")
    (v,) = shapes_of(result, "xv")
    assert white["at"] == [2, 2.5] and white["fill"] == "dot-white"
    assert black["at"] == [0.5, 2] and black["fill"] == "dot-black"
    assert v["text"] == "V" and v["at"] == [0, 4.5]


def test_flag_rules_are_listed_but_not_drawn() -> None:
    result = geometry({"nonconsecutive": True, "cages": [{"cells": [0, 1], "sum": 3}]})
    assert [c["type"] for c in result["constraints"]] == ["killer", "nonconsecutive"]
    assert result["drawing"] == []


def test_a_classic_geometry_has_no_drawing_fields() -> None:
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "geometry", "args": {"box": [2, 2]}})))
    assert "drawing" not in reply["result"] and "constraints" not in reply["result"]


def test_parse_and_generate_replies_carry_the_drawing() -> None:
    text = json.dumps({"puzzle": "." * 81, "variant": {"thermometers": [{"cells": [0, 1]}]}})
    parsed = json.loads(handle(json.dumps({"id": 1, "cmd": "parse", "args": {"text": text}})))
    result = parsed["result"]
    assert [c["type"] for c in result["constraints"]] == ["thermometer"]
    assert result["drawing"][0]["cells"] == [0, 1]
    made = json.loads(handle(json.dumps({"id": 2, "cmd": "generate", "args": {
        "variant": "killer", "difficulty": "easy", "seed": 3}})))["result"]
    assert [c["type"] for c in made["constraints"]] == ["killer"]


@pytest.mark.parametrize("about, expected", [
    (None, {}),
    ({"title": " Thermo ", "author": "Someone", "rules": ""}, {"title": "Thermo",
                                                              "author": "Someone"}),
    (SimpleNamespace(title="T", author=None, rules="Normal sudoku rules apply."),
     {"title": "T", "rules": "Normal sudoku rules apply."}),
])
def test_about_keeps_the_non_empty_strings(about: object, expected: dict[str, str]) -> None:
    assert _about(about) == expected
