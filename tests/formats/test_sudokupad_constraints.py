"""SudokuPad's own puzzle JSON ('scl' / 'ctc' links): the drawings whose rule is unambiguous
read into the project's rules (docs/constraints.md), everything else refused by name.

The puzzles are written here by hand, from SudokuPad's description of its format and the
shapes its f-puzzles importer draws (a thermometer: a grey line and a round grey underlay on
its bulb; a Kropki dot: a small round overlay on the middle of a cell's side; ...), and
compressed as the site does."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links import read_link
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64, compress_to_uri
from sudoku_core.formats.write import format_sudokupad
from sudoku_core.model.errors import LinkError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, variant_from_json
from sudoku_core.solver.exact import solve

N = 9
GREY = "#CFCFCF"


def _pad(n: int = N, **parts: object) -> dict[str, object]:
    return {"id": "t", "cellSize": 50, "cells": [[{} for _ in range(n)] for _ in range(n)],
            "cages": [{"value": "title: A test"}, {"value": "author: me"}], **parts}


def _link(puzzle: dict[str, object], prefix: str = "scl") -> str:
    return f"https://sudokupad.app/{prefix}" + compress_to_base64(json.dumps(puzzle))


def _variant(puzzle: dict[str, object]) -> Variant | None:
    return read_link(_link(puzzle)).givens.shape.variant


def _want(rules: dict[str, object], n: int = N) -> Variant:
    return variant_from_json(rules, n)


def _centre(cell: int, n: int = N) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def _line(cells: list[int], color: str, thickness: float, n: int = N) -> dict[str, object]:
    return {"wayPoints": [_centre(c, n) for c in cells], "color": color, "thickness": thickness}


def _circle(cell: int, fill: str, border: str, size: float, layer_n: int = N,
            **extra: object) -> dict[str, object]:
    return {"center": _centre(cell, layer_n), "width": size, "height": size, "rounded": True,
            "backgroundColor": fill, "borderColor": border, **extra}


def _thermo(cells: list[int], n: int = N) -> tuple[dict[str, object], dict[str, object]]:
    """A thermometer as SudokuPad's f-puzzles importer draws it: (underlay, line)."""
    return _circle(cells[0], GREY, GREY, 0.85, n), _line(cells, GREY, 21, n)


def _between(cells: list[int]) -> tuple[list[dict[str, object]], dict[str, object]]:
    ends = [_circle(c, "#FFFFFF", GREY, 0.8, borderSize=2) for c in (cells[0], cells[-1])]
    return ends, _line(cells, GREY, 2)


def _dot(a: int, b: int, fill: str, text: str = "") -> dict[str, object]:
    (ra, ca), (rb, cb) = _centre(a), _centre(b)
    return {"center": [(ra + rb) / 2, (ca + cb) / 2], "width": 0.3, "height": 0.3,
            "rounded": True, "backgroundColor": fill, "borderColor": "#000000", "text": text}


# --- each drawing read as its rule ----------------------------------------------------------

def test_killer_cages_in_each_cell_form() -> None:
    cages = [{"cells": [[0, 0], [0, 1]], "value": "3", "sum": 3, "unique": True},
             {"cells": ["R2C1", "R2C2"], "value": 17},
             {"cells": "r3c1,r3c2,r3c3"},
             {"value": "rules: Normal killer rules apply."}]
    assert _variant(_pad(cages=cages)) == _want(
        {"cages": [{"cells": [0, 1], "sum": 3}, {"cells": [9, 10], "sum": 17},
                   {"cells": [18, 19, 20]}]})


def test_irregular_regions_are_a_jigsaw() -> None:
    regions = [[[0, 0], [0, 1], [0, 2], [1, 0]], [[0, 3], [1, 1], [1, 2], [1, 3]],
               [[2, 0], [2, 1], [3, 0], [3, 1]], [[2, 2], [2, 3], [3, 2], [3, 3]]]
    got = _variant(_pad(4, regions=regions))
    assert got == _want({"regions": [0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]}, 4)
    boxes = [[[r, c] for r in range(R, R + 2) for c in range(C, C + 2)]
             for R in (0, 2) for C in (0, 2)]
    assert _variant(_pad(4, regions=boxes)) is None  # the boxes: classic


def test_thermometers_bulb_first_or_last() -> None:
    bulb, line = _thermo([0, 1, 2, 11])
    bulb2, line2 = _thermo([80, 79, 78])
    line2["wayPoints"].reverse()  # type: ignore[union-attr]  # drawn from the tip
    got = _variant(_pad(underlays=[bulb, bulb2], lines=[line, line2]))
    assert got == _want({"thermometers": [{"cells": [0, 1, 2, 11]}, {"cells": [80, 79, 78]}]})


def test_straight_runs_between_points_pass_through_every_cell() -> None:
    bulb, _ = _thermo([0])
    line = {"wayPoints": [[0.5, 0.5], [0.5, 3.5], [3.5, 6.5]], "color": GREY, "thickness": 21}
    assert _variant(_pad(underlays=[bulb], lines=[line])) == _want(
        {"thermometers": [{"cells": [0, 1, 2, 3, 13, 23, 33]}]})


def test_coloured_lines() -> None:
    lines = [_line([0, 1, 2], "#67F067", 9.6), _line([9, 10, 11], "#F067F0", 12.8),
             _line([18, 19, 20, 21], "#2ECBFF", 8), _line([27, 28, 29], GREY, 16)]
    ends, between = _between([36, 37, 38, 39])
    got = _variant(_pad(lines=[*lines, between], overlays=ends))
    assert got == _want({"whispers": [{"cells": [0, 1, 2]}], "renban": [{"cells": [9, 10, 11]}],
                         "region_sum_lines": [{"cells": [18, 19, 20, 21]}],
                         "palindromes": [{"cells": [27, 28, 29]}],
                         "between_lines": [{"cells": [36, 37, 38, 39]}]})


def test_arrows_and_their_circles() -> None:
    circle = {"center": [0.5, 0.5], "width": 0.83, "height": 0.83, "rounded": True,
              "backgroundColor": "#ffffff", "borderColor": "#a1a1a1", "borderSize": 5}
    # Two arrows leave r1c1 (their first point moved 0.4 out of the circle's centre).
    one = {"wayPoints": [[0.5, 0.9], [0.5, 2.5]], "color": "#a1a1a1", "thickness": 5,
           "headLength": 0.3}
    two = {"wayPoints": [[0.78, 0.78], [2.5, 2.5]], "color": "#a1a1a1", "thickness": 5,
           "headLength": 0.3}
    wide = {"center": [8.5, 1.0], "width": 1.83, "height": 0.83, "rounded": True,
            "backgroundColor": "#ffffff", "borderColor": "#a1a1a1"}
    three = {"wayPoints": [[8.1, 1.5], [6.5, 1.5]], "color": "#a1a1a1", "thickness": 5}
    got = _variant(_pad(overlays=[circle, wide], arrows=[one, two, three]))
    assert got == _want({"arrows": [{"circle": [0], "cells": [1, 2, 10, 20]},
                                    {"circle": [72, 73], "cells": [64, 55]}]})


def test_kropki_dots_and_xv() -> None:
    overlays = [_dot(0, 1, "#FFFFFF"), _dot(9, 18, "#000000"), _dot(2, 3, "#FFFFFF", "3"),
                {"center": [4.5, 5.0], "width": 0.25, "height": 0.25, "rounded": False,
                 "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "text": "X",
                 "fontSize": 21},
                {"center": [6.0, 7.5], "width": 0.25, "height": 0.25, "text": "v"}]
    got = _variant(_pad(overlays=overlays))
    assert got == _want({"white_dots": [{"cells": [0, 1]}, {"cells": [2, 3], "value": 3}],
                         "black_dots": [{"cells": [9, 18]}],
                         "xv": [{"cells": [40, 41], "sum": 10}, {"cells": [52, 61], "sum": 5}]})


def test_little_killers() -> None:
    # SudokuPad's importer: a short black arrow from the clue cell outside, its number there.
    arrows, overlays = [], []
    for (r, c), (dr, dc), total in (((-1, -1), (1, 1), 45), ((-1, 9), (1, -1), 12),
                                    ((9, 3), (-1, 1), 20)):
        centre = [r + 0.5, c + 0.5]
        arrows.append({"color": "#000000", "thickness": 2,
                       "wayPoints": [[centre[0] + 0.3 * dr, centre[1] + 0.3 * dc],
                                     [centre[0] + 0.48 * dr, centre[1] + 0.48 * dc]]})
        overlays.append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                         "center": centre, "fontSize": 28, "width": 0.25, "height": 0.25,
                         "rounded": False, "text": total})
    got = _variant(_pad(arrows=arrows, overlays=overlays))
    assert got == _want({"little_killers": [
        {"cells": [0, 10, 20, 30, 40, 50, 60, 70, 80], "sum": 45},
        {"cells": [8, 16, 24, 32, 40, 48, 56, 64, 72], "sum": 12},
        {"cells": [76, 68, 60, 52, 44], "sum": 20}]})


def test_diagonals_odd_and_even() -> None:
    plus = {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 9], [9, 0]]}
    minus = {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [9, 9]]}
    odd = {"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True,
           "backgroundColor": GREY, "borderColor": GREY}
    even = {**odd, "center": [1.5, 0.5], "rounded": False}
    assert _variant(_pad(lines=[plus, minus], underlays=[odd, even])) == _want(
        {"diagonals": True, "odd": [{"cells": [0]}], "even": [{"cells": [9]}]})
    assert _variant(_pad(lines=[plus])) == _want({"diagonal_plus": True})


def test_global_rules() -> None:
    assert _variant(_pad(**{"global": ["antiknight", "antiking", "antixv"]})) == _want(
        {"anti_knight": True, "anti_king": True, "xv_negative": True})
    assert _variant(_pad(metadata={"antiknight": True, "antiking": False})) == _want(
        {"anti_knight": True})
    assert _variant(_pad(**{"global": ["nonconsecutive"]})) == _want({"nonconsecutive": True})
    dots = [_dot(0, 1, "#FFFFFF")]
    assert _variant(_pad(overlays=dots, **{"global": ["antiratio", "antidifference"]})) == \
        _want({"white_dots": [{"cells": [0, 1]}], "kropki_negative": True})
    # SudokuPad's importer also draws disjoint groups as hidden cages of type "disjoint".
    groups = [{"cells": [[r, c] for r in range(i // 3, 9, 3) for c in range(i % 3, 9, 3)],
               "unique": True, "type": "disjoint", "style": None} for i in range(9)]
    assert _variant(_pad(cages=groups, **{"global": ["disjoint"]})) == _want(
        {"disjoint_groups": True})


def test_extra_region_cages_and_windoku() -> None:
    def cage(top: int, left: int) -> dict[str, object]:
        return {"style": "extraregion", "unique": True, "sum": 45,
                "cells": [[top + r, left + c] for r in range(3) for c in range(3)]}

    windows = [cage(top, left) for top in (1, 5) for left in (1, 5)]
    assert _variant(_pad(cages=windows)) == _want({"windows": True})
    assert _variant(_pad(cages=[cage(0, 0)])) == _want(
        {"extra_regions": [{"cells": [0, 1, 2, 9, 10, 11, 18, 19, 20]}]})


def test_zipped_json_with_short_keys_and_bare_colours() -> None:
    # As SudokuPad writes it: short keys, '#' dropped from colours, '#0' for black, numbers
    # for numerals, empty cell objects left out.
    rows = ",".join("[" + "," * 8 + "]" for _ in range(9))
    text = ("{id:'z',cs:50,ce:[" + rows + "],"
            "l:[{wp:[[0.5,0.5],[0.5,2.5]],c:67F067,th:9.6}],"
            "o:[{ct:[1,0.5],w:0.3,h:0.3,r:t,c1:#0,c2:#0,te:''},"
            "{ct:[4.5,5],w:0.25,h:0.25,te:'V'}],"
            "ca:[{ce:[[8,8],[8,7]],v:15},{v:'title: zipped'}]}")
    for link in ("https://sudokupad.app/scl" + compress_to_base64(text),
                 "https://sudokupad.app/?puzzle=ctc" + compress_to_uri(text)):
        assert read_link(link).givens.shape.variant == _want(
            {"whispers": [{"cells": [0, 1, 2]}], "black_dots": [{"cells": [0, 9]}],
             "xv": [{"cells": [40, 41], "sum": 5}], "cages": [{"cells": [80, 79], "sum": 15}]})


def test_a_read_puzzle_solves_by_its_rules() -> None:
    # 4x4: a thermometer along row 1 makes it 1 2 3 4.
    bulb, line = _thermo([0, 1, 2, 3], 4)
    puzzle = _pad(4, underlays=[bulb], lines=[line])
    grid = read_link(_link(puzzle)).givens
    result = solve(grid, limit=300, time_limit=10)
    # Row 1 is 1 2 3 4; the rest as a classic 4x4 with that row: 288 grids / 24 first rows.
    assert result.count == 12


# --- round trip through the writer (it writes 'fpuzzles' ids) -------------------------------

@pytest.mark.parametrize("rules", [
    {"thermometers": [{"cells": [0, 1, 2]}]},
    {"cages": [{"cells": [0, 1], "sum": 3}], "anti_king": True},
    {"whispers": [{"cells": [3, 4, 5]}], "white_dots": [{"cells": [9, 10]}]},
])
def test_sudokupad_writer_round_trip(rules: dict[str, object]) -> None:
    grid = Grid.empty(Shape(3, 3, _want(rules)))
    link = format_sudokupad(grid)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    assert read_link(link).givens == grid


# --- hypothesis: random lines and dots, drawn and read back ---------------------------------

KINDS = ("thermometers", "whispers", "renban", "palindromes", "between_lines")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_drawings_read_back(seed: int) -> None:
    rng = random.Random(seed)
    free = set(range(N * N))
    rules: dict[str, list[dict[str, object]]] = {}
    lines: list[dict[str, object]] = []
    underlays: list[dict[str, object]] = []
    overlays: list[dict[str, object]] = []
    for _ in range(rng.randint(1, 5)):
        path = _walk(rng, free, rng.randint(3, 5))
        if path is None:
            continue
        kind = rng.choice(KINDS)
        rules.setdefault(kind, []).append({"cells": path})
        if kind == "thermometers":
            bulb, line = _thermo(path)
            underlays.append(bulb)
            lines.append(line)
        elif kind == "between_lines":
            ends, line = _between(path)
            overlays.extend(ends)
            lines.append(line)
        else:
            color = {"whispers": "#67f067", "renban": "#f067f0ff", "palindromes": GREY}[kind]
            lines.append(_line(path, color, 12))
    for _ in range(rng.randint(0, 4)):
        a = rng.choice(sorted(free))
        b = a + 1 if a % N < N - 1 and rng.random() < 0.5 else a + N
        if b not in free or b >= N * N:
            continue
        free -= {a, b}
        key = rng.choice(("white_dots", "black_dots"))
        rules.setdefault(key, []).append({"cells": [a, b]})
        overlays.append(_dot(a, b, "#FFFFFF" if key == "white_dots" else "#000000"))
    rng.shuffle(lines)
    got = _variant(_pad(lines=lines, underlays=underlays, overlays=overlays))
    assert got == (_want(rules) if rules else None)


def _walk(rng: random.Random, free: set[int], length: int) -> list[int] | None:
    """A path of king's moves through free cells (taken from ``free``), or None."""
    start = rng.choice(sorted(free))
    path = [start]
    while len(path) < length:
        r, c = divmod(path[-1], N)
        steps = [(r + dr) * N + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < N and 0 <= c + dc < N]
        options = [s for s in steps if s in free and s not in path]
        if not options:
            return None
        path.append(rng.choice(options))
    free.difference_update(path)
    return path


# --- refusals, naming the element -----------------------------------------------------------

@pytest.mark.parametrize(("parts", "words"), [
    ({"lines": [_line([0, 1, 2], "#a1a1a1", 5)]},
     r"draws line 1 \(colour #a1a1a1, r1c1 to r1c3\) that is no rule this build reads"),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [2.5, 1.5]], "color": "#67f067"}]},
     r"line 1 \(colour #67f067\) that does not run from cell to cell"),
    ({"lines": [_line([0, 1], GREY, 2)]}, r"line 1 \(colour #cfcfcf, r1c1 to r1c2\) that is no"),
    ({"underlays": [_circle(0, GREY, GREY, 0.85), _circle(2, GREY, GREY, 0.85)],
      "lines": [_line([0, 1, 2], GREY, 21)]}, "with a bulb on both ends"),
    ({"overlays": [{"center": [0.5, 0.5], "width": 0.5, "height": 0.5, "text": "7"}]},
     r"writes the text '7' at r1c1 \(overlay 1\), which is no rule"),
    ({"overlays": [{"center": [-0.5, 2.5], "width": 0.25, "height": 0.25, "text": 10}]},
     r"writes the text '10' at r0c3 \(overlay 1\)"),  # a sandwich? an X-sum? not told apart
    ({"underlays": [{"center": [0.5, 0.5], "width": 1, "height": 1,
                     "backgroundColor": "#ffa0a0"}]},
     r"draws underlay 1 \(a rectangle, colour #ffa0a0, at r1c1\) that is no rule"),
    ({"arrows": [{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#a1a1a1"}]},
     r"draws arrow 1 \(from r1c1\) that is no rule this build reads"),
    ({"cages": [{"cells": [[0, 0]], "style": "fpRowIndexer"}]},
     r"draws cage 1 \(style 'fpRowIndexer', at r1c1\)"),
    ({"cages": [{"cells": [[0, 0], [0, 1]], "unique": False, "hidden": True}]},
     r"draws cage 1 \(digits may repeat, at r1c1\)"),
    ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "?"}]}, "value '\\?', which is no killer"),
    ({"global": ["antiqueen"]}, "the global rule 'antiqueen', which this build does not read"),
    ({"global": ["nonconsecutive"], "overlays": [_dot(0, 1, "#FFFFFF")]},
     "global rules nonconsecutive; only the whole Kropki negative rule"),
    ({"foglight": [[0, 0]]}, "fog of war"),
    ({"regions": [[[0, 0]]]}, r"irregular regions \(jigsaw\) leave out r1c2"),
    ({"regions": [[[0, 0], [0, 1]], [[0, 1]]]},
     r"irregular regions \(jigsaw\): region 2, which lists r1c2 of region 1 too"),
    ({"lines": [_line([0, 1, 2, 3, 4, 5, 6, 7, 8, 17], "#f067f0", 12)]},
     r"line 1 \(colour #f067f0, r1c1 to r2c9\), a renban line: renban"),
])
def test_refusals_name_the_element(parts: dict[str, object], words: str) -> None:
    with pytest.raises(LinkError, match=words):
        read_link(_link(_pad(**parts)))


def test_far_points_and_huge_shapes_are_refused_quickly() -> None:
    far = {"wayPoints": [[0.5, 0.5], [1e9, 0.5]], "color": "#67f067"}
    with pytest.raises(LinkError, match="line 1 \\(colour #67f067\\) reaching far outside"):
        read_link(_link(_pad(lines=[far])))
    huge = {"center": [4.5, 4.5], "width": 1e12, "height": 1e12, "rounded": True}
    arrow = {"wayPoints": [[0.5, 0.5], [0.5, 2.5]]}
    with pytest.raises(LinkError, match="arrow 1 \\(from r1c1\\) that is no rule"):
        read_link(_link(_pad(overlays=[huge], arrows=[arrow])))


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=True)
    | st.sampled_from(["X", "V", "5", "#67f067", "CFCFCF", "#0", "r1c1", "R1C1,R1C2", ""]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["wayPoints", "wp", "color", "center", "width", "height",
                                       "rounded", "text", "cells", "value", "style", "type",
                                       "backgroundColor", "borderColor", "thickness"]),
                      inner, max_size=6),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(part=st.sampled_from(["lines", "arrows", "overlays", "underlays", "cages", "regions",
                             "global", "metadata"]),
       items=st.lists(_JUNK, max_size=4))
def test_junk_drawings_are_read_or_refused_in_words(part: str, items: list[object]) -> None:
    try:
        read_link(_link(_pad(4, **{part: items})))
    except LinkError as err:
        assert "SudokuPad" in str(err)
