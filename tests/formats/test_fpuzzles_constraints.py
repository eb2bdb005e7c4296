"""f-puzzles keys of the placed rules: each key read into the project's JSON (docs/constraints.md),
written back, and read again the same; links of every rule refused by name where this build
has no type for it, read where it has."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links import format_site_link, read_link, share_links
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64
from sudoku_core.formats.links.fpuzzles import variants as fpuzzles_variants
from sudoku_core.formats.links.fpuzzles.rules import read_rules
from sudoku_core.formats.links.fpuzzles.rules_write import fpuzzles_keys
from sudoku_core.model.constraints import by_json_key
from sudoku_core.model.errors import LinkError, VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, combine, variant_from_json

N = 9


def _read(fragment: dict[str, object], n: int = N) -> dict[str, object]:
    """The project's JSON of an f-puzzles object's rule keys."""
    puzzle = {"size": n, **fragment}

    def flag(key: str) -> bool:
        value = puzzle.get(key)
        assert value is None or isinstance(value, bool)
        return bool(value)

    return read_rules(puzzle, n, "f-puzzles", flag)


def _link(fragment: dict[str, object], n: int = N, givens: dict[int, int] | None = None) -> str:
    grid: list[list[dict[str, object]]] = [[{} for _ in range(n)] for _ in range(n)]
    for cell, value in (givens or {}).items():
        grid[cell // n][cell % n] = {"value": value, "given": True}
    data = json.dumps({"size": n, "grid": grid, **fragment})
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(data)


def _marked(marks: dict[int, list[int]], n: int = N) -> list[list[dict[str, object]]]:
    """A grid of cell objects, some with the setter's pencil marks (given candidates)."""
    return [[{"givenPencilMarks": marks[r * n + c]} if r * n + c in marks else {}
             for c in range(n)] for r in range(n)]


# Every key: an f-puzzles fragment and the project's JSON it means.
CASES: list[tuple[str, dict[str, object], dict[str, object]]] = [
    ("thermometer", {"thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"]]}]},
     {"thermometers": [{"cells": [0, 1, 2]}, {"cells": [0, 9]}]}),
    ("slowthermometer", {"slowthermometer": [{"lines": [["R9C9", "R8C9"]]}]},
     {"slow_thermometers": [{"cells": [80, 71]}]}),
    ("arrow", {"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R2C2", "R3C3"]]}]},
     {"arrows": [{"circle": [0], "cells": [10, 20]}]}),
    ("arrow, pill", {"arrow": [{"cells": ["R1C2", "R1C3"], "lines": [["R1C2", "R1C1",
                                                                     "R2C1"]]}]},
     {"arrows": [{"circle": [1, 2], "cells": [0, 9]}]}),
    ("arrow, two lines", {"arrow": [{"cells": ["R5C5"], "lines": [["R5C5", "R4C4"],
                                                                 ["R5C5", "R6C6", "R7C7"]]}]},
     {"arrows": [{"circle": [40], "cells": [30, 50, 60]}]}),
    ("doublearrow", {"doublearrow": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]}]},
     {"double_arrows": [{"cells": [0, 1, 2, 3]}]}),
    ("littlekillersum", {"littlekillersum": [
        {"cell": "R0C0", "direction": "DR", "value": "45"},
        {"cell": "R0C3", "direction": "DL", "value": "6"},
        {"cell": "R10C2", "direction": "UR", "value": "30",
         "cells": ["R9C3", "R8C4", "R7C5", "R6C6", "R5C7", "R4C8", "R3C9"]},
        {"cell": "R3C10", "direction": "UL", "value": "12"}]},
     {"little_killers": [{"cells": [0, 10, 20, 30, 40, 50, 60, 70, 80], "sum": 45},
                         {"cells": [1, 9], "sum": 6},
                         {"cells": [74, 66, 58, 50, 42, 34, 26], "sum": 30},
                         {"cells": [17, 7], "sum": 12}]}),
    ("sandwichsum", {"sandwichsum": [{"cell": "R0C3", "value": "10"},
                                     {"cell": "R3C0", "value": "0"}]},
     {"sandwiches": [{"column": 2, "sum": 10}, {"row": 2, "sum": 0}]}),
    ("xsum", {"xsum": [{"cell": "R0C2", "value": "27"}, {"cell": "R10C2", "value": "11"},
                       {"cell": "R4C0", "value": "8"}, {"cell": "R4C10", "value": "30"}]},
     {"x_sums": [{"column": 1, "end": "start", "sum": 27},
                 {"column": 1, "end": "end", "sum": 11},
                 {"row": 3, "end": "start", "sum": 8}, {"row": 3, "end": "end", "sum": 30}]}),
    ("skyscraper", {"skyscraper": [{"cell": "R0C5", "value": "5"},
                                   {"cell": "R9C10", "value": "2"}]},
     {"skyscrapers": [{"column": 4, "end": "start", "count": 5},
                      {"row": 8, "end": "end", "count": 2}]}),
    ("difference", {"difference": [{"cells": ["R1C1", "R1C2"]},
                                   {"cells": ["R2C1", "R3C1"], "value": "3"}]},
     {"white_dots": [{"cells": [0, 1]}, {"cells": [9, 18], "value": 3}]}),
    ("ratio", {"ratio": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1", "R3C1"], "value": 3}]},
     {"black_dots": [{"cells": [0, 1]}, {"cells": [9, 18], "value": 3}]}),
    ("xv", {"xv": [{"cells": ["R1C1", "R1C2"], "value": "X"},
                   {"cells": ["R2C1", "R3C1"], "value": "V"}]},
     {"xv": [{"cells": [0, 1], "sum": 10}, {"cells": [9, 18], "sum": 5}]}),
    ("negative ratio+difference", {"negative": ["ratio", "difference"],
                                   "ratio": [{"cells": ["R1C1", "R1C2"]}]},
     {"black_dots": [{"cells": [0, 1]}], "kropki_negative": True}),
    ("negative ratio with nonconsecutive", {"negative": ["ratio"], "nonconsecutive": True},
     {"kropki_negative": True}),
    ("negative xv", {"negative": ["xv"]}, {"xv_negative": True}),
    ("nonconsecutive", {"nonconsecutive": True}, {"nonconsecutive": True}),
    ("odd", {"odd": [{"cell": "R1C1"}, {"cell": "R9C9"}]},
     {"odd": [{"cells": [0]}, {"cells": [80]}]}),
    ("even", {"even": [{"cell": "R2C2"}]}, {"even": [{"cells": [10]}]}),
    ("minimum", {"minimum": [{"cell": "R5C5"}]}, {"minimums": [{"cells": [40]}]}),
    ("maximum", {"maximum": [{"cell": "R5C6"}]}, {"maximums": [{"cells": [41]}]}),
    ("quadruple", {"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"],
                                  "values": [1, 2, 2]}]},
     {"quadruples": [{"cells": [0, 1, 9, 10], "digits": [1, 2, 2]}]}),
    ("clone", {"clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R9C8", "R9C9"]}]},
     {"clones": [{"cells": [0, 1], "copy": [79, 80]}]}),
    ("diagonal+", {"diagonal+": True}, {"diagonal_plus": True}),
    ("diagonal-", {"diagonal-": True}, {"diagonal_minus": True}),
    ("disjointgroups", {"disjointgroups": True}, {"disjoint_groups": True}),
    ("whispers", {"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "5"},
                               {"lines": [["R2C1", "R2C2", "R2C3"]], "value": "4"}]},
     {"whispers": [{"cells": [0, 1]}, {"cells": [9, 10, 11], "difference": 4}]}),
    ("whispers, a loop", {"whispers": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]]}]},
     {"whispers": [{"cells": [0, 1, 10, 9]}, {"cells": [9, 0]}]}),
    ("renban", {"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     {"renban": [{"cells": [0, 1, 2]}]}),
    ("palindrome", {"palindrome": [{"lines": [["R1C1", "R2C2", "R3C3"]]}]},
     {"palindromes": [{"cells": [0, 10, 20]}]}),
    ("betweenline", {"betweenline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     {"between_lines": [{"cells": [0, 1, 2]}]}),
    ("regionsumline", {"regionsumline": [{"lines": [["R3C3", "R3C4"]]}]},
     {"region_sum_lines": [{"cells": [20, 21]}]}),
    ("entropicline", {"entropicline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     {"entropic_lines": [{"cells": [0, 1, 2]}]}),
    ("modularline", {"modularline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     {"modular_lines": [{"cells": [0, 1, 2]}]}),
    ("zipperline", {"zipperline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     {"zipper_lines": [{"cells": [0, 1, 2]}]}),
    ("columnindexer", {"columnindexer": [{"cells": ["R1C1", "R2C1", "R9C5"]}]},
     {"column_indexers": [{"cells": [0, 9, 76]}]}),
    ("columnindexer, one cell an entry", {"columnindexer": [{"cell": "R1C9"},
                                                           {"cells": ["R2C9"], "value": ""}]},
     {"column_indexers": [{"cells": [8]}, {"cells": [17]}]}),
    ("rowindexer", {"rowindexer": [{"cells": ["R1C1", "R1C5", "R1C9"]}]},
     {"row_indexers": [{"cells": [0, 4, 8]}]}),
    ("boxindexer", {"boxindexer": [{"cells": ["R2C2"]}, {"cells": ["R5C5", "R8C8"]}]},
     {"box_indexers": [{"cells": [10]}, {"cells": [40, 70]}]}),
    ("givenPencilMarks", {"grid": _marked({0: [1, 2], 40: [9, 3, 5], 80: [7]})},
     {"given_candidates": [{"cells": [0], "digits": [1, 2]},
                           {"cells": [40], "digits": [3, 5, 9]},
                           {"cells": [80], "digits": [7]}]}),
    ("cosmetic drawn by a rule", {"line": [{"lines": [["R1C1", "R1C2"]],
                                            "fromConstraint": "Renban"}],
                                  "cage": [{"cells": ["R1C1"], "fromConstraint": "Killer"}]},
     {}),
    ("cosmetic drawn by an older plug-in", {"line": [{"lines": [["R1C1", "R1C2"]],
                                                      "outlineC": "#C060C0",
                                                      "isNewConstraint": True}]}, {}),
]


@pytest.mark.parametrize(("fragment", "expected"), [(f, e) for _, f, e in CASES],
                         ids=[name for name, _, _ in CASES])
def test_each_fpuzzles_key_reads_into_the_projects_json(
        fragment: dict[str, object], expected: dict[str, object]) -> None:
    assert _read(fragment) == expected


@pytest.mark.parametrize("expected", [e for _, _, e in CASES], ids=[n for n, _, _ in CASES])
def test_written_keys_read_back_the_same(expected: dict[str, object]) -> None:
    written = fpuzzles_keys(expected, N)
    assert _read(written) == expected
    json.dumps(written)  # plain JSON, as the link carries it


def test_the_keys_cover_every_json_key_of_the_contract() -> None:
    # Extra regions are read beside the Windoku windows (fpuzzles_variants.py): tested below.
    keys = {k for _, _, e in CASES for k in e} | {"extra_regions"}
    with open("docs/constraints.md", encoding="utf-8") as f:
        contract = {part.strip(" `") for line in f if line.startswith("| `")
                    for part in line.split("|")[1].split("/")}
    assert contract <= keys, contract - keys


@pytest.mark.parametrize(("fragment", "message"), [
    ({"line": [{"lines": [["R1C1", "R1C2"]]}]}, "draws a line that is no rule ('line' 1)"),
    ({"text": [{"cells": ["R1C1"], "value": "7"}]}, "writes text that is no rule"),
    ({"circle": [{"cells": ["R1C1"]}]}, "draws a circle that is no rule"),
    ({"negative": ["ratio"]}, "negative rule of the ratio dots alone"),
    ({"negative": ["sum"]}, "'negative' holds 'sum'"),
    ({"nonconsecutive": True, "ratio": [{"cells": ["R1C1", "R1C2"]}]},
     "non-consecutive rule with Kropki dots"),
    ({"negative": ["ratio", "difference"], "ratio": [{"cells": ["R1C1", "R1C2"],
                                                      "value": "3"}]}, "dot of value 3"),
    ({"thermometer": [{"lines": [["R1C1", "R1C10"]]}]}, "'thermometer' 1 names 'R1C10'"),
    ({"thermometer": [{"lines": [["R1C1", "R1C2"]], "colour": "red"}]},
     "'thermometer' 1 has the field 'colour'"),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, "'xv' 1 has the value \"Y\""),
    ({"sandwichsum": [{"cell": "R0C0", "value": "3"}]}, "'sandwichsum' 1 stands at R0C0"),
    ({"sandwichsum": [{"cell": "R0C1"}]}, "the value missing, not a whole number"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "UL", "value": "3"}]},
     "points from R0C1 away from the grid"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "DD", "value": "3"}]},
     "direction \"DD\""),
    ({"littlekillersum": [{"cell": "R1C1", "direction": "DR", "value": "3"}]},
     "inside the grid"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "3",
                           "cells": ["R1C2"]}]}, "not the diagonal"),
    ({"arrow": [{"cells": ["R1C1"]}]}, "'arrow' 1 has no 'lines'"),
    ({"clone": [{"cells": ["R1C1"]}]}, "has no 'cloneCells'"),
    ({"quadruple": [{"cells": ["R1C1"], "values": ["x"]}]}, "the value \"x\""),
    ({"renban": {"lines": []}}, "'renban' is not a list of objects"),
    ({"columnindexer": [{"cells": []}]}, "'columnindexer' 1 has no 'cells'"),
    ({"rowindexer": [{"cells": ["R1C1"], "value": "3"}]},
     "'rowindexer' 1 has the value \"3\"; an indexing cell carries none"),
    ({"boxindexer": [{"cell": "R0C1"}]}, "'boxindexer' 1 names 'R0C1'"),
    ({"grid": _marked({12: "12"})}, "r2c4: \"givenPencilMarks\" is \"12\", not a list"),
    ({"grid": _marked({12: [1, 10]})}, "r2c4: \"givenPencilMarks\" is [1, 10], not a list of "
                                       "digits 1-9"),
])
def test_what_cannot_be_read_is_refused_by_name(fragment: dict[str, object],
                                                message: str) -> None:
    with pytest.raises(LinkError, match="this f-puzzles link") as info:
        _read(fragment)
    assert message in str(info.value)


@pytest.mark.parametrize(("rules", "message"), [
    ({"little_killers": [{"cells": [10, 20], "sum": 3}]}, "whole diagonal from the edge"),
    ({"nonconsecutive": True, "white_dots": [{"cells": [0, 1]}]}, "non-consecutive rule beside"),
    ({"nonconsecutive": True, "kropki_negative": True}, "non-consecutive rule beside"),
    ({"kropki_negative": True, "black_dots": [{"cells": [0, 1], "value": 3}]},
     "other values than"),
    ({"someday": []}, "'someday' has no f-puzzles form"),
])
def test_what_f_puzzles_cannot_say_is_not_written(rules: dict[str, object],
                                                  message: str) -> None:
    with pytest.raises(VariantError, match=message):
        fpuzzles_keys(rules, N)


def test_an_arrow_that_jumps_is_written_as_several_lines() -> None:
    rules: dict[str, object] = {"arrows": [{"circle": [40], "cells": [30, 20, 50, 60, 80]}]}
    written = fpuzzles_keys(rules, N)
    assert written["arrow"] == [{"cells": ["R5C5"], "lines": [
        ["R5C5", "R4C4", "R3C3"], ["R5C5", "R6C6", "R7C7"], ["R9C9"]]}]
    assert _read(written) == rules


def test_plug_in_rules_are_drawn_too_and_the_drawing_is_passed_over() -> None:
    rules: dict[str, object] = {"renban": [{"cells": [0, 1, 2]}],
                                "x_sums": [{"row": 0, "end": "start", "sum": 6}]}
    written = fpuzzles_keys(rules, N)
    assert written["line"] == [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#F067F0",
                                "width": 0.4, "fromConstraint": "Renban"}]
    assert written["text"] == [{"cells": ["R1C0"], "value": "6", "fontC": "#000000",
                                "size": 0.7, "fromConstraint": "X-Sum"}]
    assert _read(written) == rules


def test_an_odd_item_of_several_cells_is_written_cell_by_cell() -> None:
    written = fpuzzles_keys({"odd": [{"cells": [0, 1]}]}, N)
    assert written == {"odd": [{"cell": "R1C1"}, {"cell": "R1C2"}]}
    assert _read(written) == {"odd": [{"cells": [0]}, {"cells": [1]}]}


def test_extra_regions_are_written_after_the_windows() -> None:
    assert fpuzzles_keys({"extra_regions": [{"cells": [0, 1, 10]}]}, N) == {
        "extraregion": [{"cells": ["R1C1", "R1C2", "R2C2"]}]}


def test_windows_and_other_extra_regions_read_apart() -> None:
    windows = [[r * 9 + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)]
               for r0 in (1, 5) for c0 in (1, 5)]
    other = [0, 1, 2]
    names = [[f"R{c // 9 + 1}C{c % 9 + 1}" for c in cells] for cells in [*windows, other]]
    link = _link({"extraregion": [{"cells": cells} for cells in names]})
    if by_json_key("extra_regions") is None:
        with pytest.raises(LinkError, match="'extraregion'"):
            read_link(link)
        return
    variant = read_link(link).givens.shape.variant
    assert variant is not None and variant.windows
    assert variant == combine(Variant(windows=True),
                              variant_from_json({"extra_regions": [{"cells": other}]}, 9))


# --- whole links: the rules this build has are read, the others refused by name -------------

@pytest.mark.parametrize(("fragment", "expected"), [(f, e) for _, f, e in CASES if e],
                         ids=[name for name, _, e in CASES if e])
def test_a_link_of_each_rule_reads_or_is_refused_by_name(
        fragment: dict[str, object], expected: dict[str, object]) -> None:
    link = _link(fragment)
    missing = [k for k in expected if by_json_key(k) is None]
    if missing:
        with pytest.raises(LinkError, match="a rule this build does not read"):
            read_link(link)
        return
    got = read_link(link).givens.shape.variant
    assert got == variant_from_json(expected, N)


def _thermo_grid() -> Grid:
    variant = variant_from_json({"thermometers": [{"cells": [0, 1, 2, 11]},
                                                  {"cells": [80, 70, 60]}],
                                 "slow_thermometers": [{"cells": [8, 17, 26, 25]}],
                                 "cages": [{"cells": [40, 41], "sum": 9}],
                                 "windows": True}, N)
    return Grid.empty(Shape(3, 3, variant)).with_values([(30, 4), (44, 7)])


@pytest.mark.parametrize("site", ["f-puzzles", "sudokupad"])
def test_thermometers_round_trip_through_a_site_link(site: str) -> None:
    grid = _thermo_grid()
    link = format_site_link(grid, site)
    assert link.startswith("https://www.f-puzzles.com/?load=" if site == "f-puzzles"
                           else "https://sudokupad.app/fpuzzles")
    back = read_link(link).givens
    assert back == grid
    assert back.shape.variant == grid.shape.variant


def test_a_thermometer_link_is_what_f_puzzles_writes() -> None:
    grid = _thermo_grid()
    link = format_site_link(grid, "f-puzzles")
    from sudoku_core.formats.links.codecs.lzstring import decompress

    data = json.loads(decompress(link.split("?load=", 1)[1]))
    assert data["thermometer"] == [{"lines": [["R1C1", "R1C2", "R1C3", "R2C3"]]},
                                   {"lines": [["R9C9", "R8C8", "R7C7"]]}]
    assert data["slowthermometer"] == [{"lines": [["R1C9", "R2C9", "R3C9", "R3C8"]]}]
    assert data["killercage"] == [{"cells": ["R5C5", "R5C6"], "value": "9"}]
    assert len(data["extraregion"]) == 4
    assert data["grid"][3][3] == {"value": 4, "given": True} and data["grid"][0][0] == {}


# --- random rules: written and read back the same --------------------------------------------

@st.composite
def _rules(draw: st.DrawFn) -> tuple[int, dict[str, object]]:
    n = draw(st.sampled_from([4, 6, 9]))
    cell = st.integers(0, n * n - 1)
    line = st.lists(cell, min_size=2, max_size=6, unique=True)
    side = st.sampled_from(["row", "column"])
    out: dict[str, object] = {}
    if draw(st.booleans()):
        out["thermometers"] = [{"cells": c} for c in draw(st.lists(line, min_size=1,
                                                                   max_size=3))]
    if draw(st.booleans()):
        out["renban"] = [{"cells": c} for c in draw(st.lists(line, min_size=1, max_size=3))]
    if draw(st.booleans()):
        gaps = st.integers(1, n - 1)
        out["whispers"] = [{"cells": c, **({"difference": g} if g != 5 else {})}
                           for c, g in draw(st.lists(st.tuples(line, gaps), min_size=1,
                                                     max_size=2))]
    if draw(st.booleans()):
        clues = st.tuples(side, st.integers(0, n - 1), st.sampled_from(["start", "end"]),
                          st.integers(0, 45))
        out["x_sums"] = [{k: i, "end": e, "sum": s} for k, i, e, s in
                         draw(st.lists(clues, min_size=1, max_size=4))]
    if draw(st.booleans()):
        # A little killer runs from the edge: from the top row, down either way.
        r, c = 0, draw(st.integers(0, n - 1))
        step = draw(st.sampled_from([(1, 1), (1, -1)]))
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + step[0], c + step[1]
        out["little_killers"] = [{"cells": cells, "sum": draw(st.integers(1, 45))}]
    if draw(st.booleans()):
        out["arrows"] = [{"circle": [a], "cells": c} for a, c in
                         draw(st.lists(st.tuples(cell, line), min_size=1, max_size=2))
                         if a not in c]
        if not out["arrows"]:
            del out["arrows"]
    if draw(st.booleans()):
        out["xv_negative"] = True
    if draw(st.booleans()):
        key = draw(st.sampled_from(["column_indexers", "row_indexers", "box_indexers"]))
        out[key] = [{"cells": c} for c in draw(st.lists(line, min_size=1, max_size=2))]
    if draw(st.booleans()):
        # The reader gives one item per cell, in reading order: so the writer's input.
        marked = sorted(draw(st.sets(cell, min_size=1, max_size=5)))
        digits = st.sets(st.integers(1, n), min_size=1).map(sorted)
        out["given_candidates"] = [{"cells": [c], "digits": draw(digits)} for c in marked]
    return n, out


@settings(max_examples=150, deadline=None)
@given(_rules())
def test_random_rules_are_written_and_read_back_the_same(case: tuple[int, dict[str, object]]
                                                         ) -> None:
    n, rules = case
    assert _read(fpuzzles_keys(rules, n), n) == rules


def test_share_links_are_null_for_a_rule_f_puzzles_cannot_say(
        monkeypatch: pytest.MonkeyPatch) -> None:
    grid = _thermo_grid()
    assert share_links(grid)["fpuzzles"] is not None

    def refuse(rules: object, n: int) -> dict[str, object]:
        raise VariantError("no f-puzzles form")

    monkeypatch.setattr(fpuzzles_variants, "fpuzzles_keys", refuse)
    assert share_links(grid) == {"fpuzzles": None, "sudokupad": None}
    with pytest.raises(VariantError, match="no f-puzzles form"):
        format_site_link(grid, "f-puzzles")


# --- given candidates and indexers in whole links --------------------------------------------

def _marked_grid() -> Grid:
    variant = variant_from_json({
        "given_candidates": [{"cells": [0], "digits": [1, 2]}, {"cells": [4], "digits": [5, 6]}],
        "column_indexers": [{"cells": [r * 9 for r in range(9)]}],
        "box_indexers": [{"cells": [40]}]}, N)
    return Grid.empty(Shape(3, 3, variant)).with_values([(0, 1), (30, 4)])


@pytest.mark.parametrize("site", ["f-puzzles", "sudokupad"])
def test_given_candidates_and_indexers_round_trip_through_a_site_link(site: str) -> None:
    grid = _marked_grid()
    back = read_link(format_site_link(grid, site)).givens
    assert back == grid
    assert back.shape.variant == grid.shape.variant


def test_given_pencil_marks_are_written_in_the_cells_and_indexers_drawn() -> None:
    from sudoku_core.formats.links.codecs.lzstring import decompress

    link = format_site_link(_marked_grid(), "f-puzzles")
    data = json.loads(decompress(link.split("?load=", 1)[1]))
    assert data["grid"][0][0] == {"value": 1, "given": True, "givenPencilMarks": [1, 2]}
    assert data["grid"][0][4] == {"givenPencilMarks": [5, 6]}
    assert data["grid"][3][3] == {"value": 4, "given": True} and data["grid"][0][1] == {}
    assert data["columnindexer"] == [{"cells": [f"R{r}C1" for r in range(1, 10)]}]
    assert data["boxindexer"] == [{"cells": ["R5C5"]}]
    # f-puzzles without the indexing plug-in, and SudokuPad, draw the cells as cages.
    assert data["cage"] == [
        {"cells": [f"R{r}C1" for r in range(1, 10)], "outlineC": "#C77C7C", "fontC": "#000000",
         "fromConstraint": "Column Indexer"},
        {"cells": ["R5C5"], "outlineC": "#7C7CC7", "fontC": "#000000",
         "fromConstraint": "Box Indexer"}]


def test_given_candidates_on_one_cell_are_written_as_one_list() -> None:
    rules: dict[str, object] = {"given_candidates": [{"cells": [3], "digits": [1, 2, 3]},
                                                     {"cells": [3], "digits": [2, 3, 4]}]}
    written = fpuzzles_keys(rules, N)
    assert written["grid"][0][3] == {"givenPencilMarks": [2, 3]}  # type: ignore[index]
    with pytest.raises(VariantError, match="given candidates of cell 3 leave no digit"):
        fpuzzles_keys({"given_candidates": [{"cells": [3], "digits": [1]},
                                            {"cells": [3], "digits": [2]}]}, N)
