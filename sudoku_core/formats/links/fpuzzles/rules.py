"""The placed rules of an f-puzzles puzzle object, as the project's JSON ``variant`` object.

f-puzzles (and SudokuPad, which opens its data) writes each rule under a key of its own:
lines as ``{"lines": [["R1C1", ...], ...]}``, dots as ``{"cells": [a, b]}``, clues outside
the grid at a cell such as ``R0C3`` (row 0 and column N+1 lie outside). This module turns
those keys into the items of docs/constraints.md, key by key, so that the model's own readers
(``variant_from_json``) check them; it knows no rule class. ``read_rules`` reads,
``fpuzzles_keys`` writes (the same table both ways, so a written link reads back the same).

Decided here, for rules whose f-puzzles form and ours differ:

- ``nonconsecutive`` without any Kropki dot is the non-consecutive rule. With dots, f-puzzles
  exempts dotted neighbours, which is the Kropki negative rule when ``negative`` also holds
  "ratio"; otherwise it is refused. ``negative`` "ratio" with "difference" (or with
  ``nonconsecutive``) is the Kropki negative rule; either alone is refused (it gives only half
  of the rule). ``negative`` "xv" is the XV negative rule.
- A dot, whisper or clue with its default value is written without it.
- An arrow's lines all add up to its circle: their cells are one arrow's line.
- Indexing cells (``columnindexer``, ``rowindexer``, ``boxindexer``, keys of Rangsk's plug-in
  that SudokuSolver reads) mean what its tooltips say: a column indexer at (R, C) holding V
  puts C at (R, V); a row indexer puts R at (V, C); a box indexer at place I of its box puts
  I at place V. A cell's ``givenPencilMarks`` (f-puzzles' own) are a clue: the cell holds one
  of them (``given_candidates``, one item per cell).
- Cosmetic ``line``, ``cage``, ``circle``, ``rectangle`` and ``text`` entries that carry
  ``fromConstraint`` (or, from older plug-ins, ``isNewConstraint``) only draw a rule read
  elsewhere and are passed over; any other is refused,
  text included (a number written on the grid is usually a clue of a rule not read).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence

from ....model.errors import LinkError

Item = dict[str, object]
Rules = dict[str, object]  # the project's JSON variant object (placed rules and flags)

_CELL = re.compile(r"^R([0-9]{1,3})C([0-9]{1,3})$", re.IGNORECASE)  # ASCII, 1-64
# Fields f-puzzles and its plug-ins write to draw an entry (colours, sizes): no rule.
_DRAWN = frozenset({"outlineC", "fontC", "baseC", "c", "width", "height", "angle",
                    "isNewConstraint", "fromConstraint"})

# Lines: each of an entry's lines is one item {"cells": line}.
LINES = {
    "thermometer": "thermometers", "slowthermometer": "slow_thermometers",
    "doublearrow": "double_arrows", "whispers": "whispers", "renban": "renban",
    "palindrome": "palindromes", "betweenline": "between_lines",
    "regionsumline": "region_sum_lines", "entropicline": "entropic_lines",
    "modularline": "modular_lines", "zipperline": "zipper_lines",
}
# One cell each: {"cell": "R1C1"} -> {"cells": [c]}.
CELL_MARKS = {"odd": "odd", "even": "even", "minimum": "minimums", "maximum": "maximums"}
# Two cells and a value: {"cells": [a, b], "value": "1"} -> {"cells": [a, b], "value": 1}.
DOTS = {"difference": ("white_dots", 1), "ratio": ("black_dots", 2)}
# Clues outside the grid: {"cell": "R0C3", "value": "10"}.
CLUES = {"sandwichsum": ("sandwiches", "sum"), "xsum": ("x_sums", "sum"),
         "skyscraper": ("skyscrapers", "count")}
FLAGS = {"nonconsecutive": "nonconsecutive", "disjointgroups": "disjoint_groups"}
# Indexing cells: {"cells": ["R1C1", ...]} (or one {"cell": "R1C1"}) -> {"cells": [...]}.
INDEXERS = {"columnindexer": "column_indexers", "rowindexer": "row_indexers",
            "boxindexer": "box_indexers"}
# A field of a grid cell object: the setter's pencil marks, a clue (pencil-mark sudoku).
PENCIL_MARKS = "givenPencilMarks"
COSMETIC = ("line", "cage", "circle", "rectangle", "text")
_NEGATIVE = "negative"
# Little killer directions: (row step, column step).
DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
# Every key read here (the six first rules' keys are read in variants.py).
KEYS = frozenset({*LINES, *CELL_MARKS, *DOTS, *CLUES, *FLAGS, *INDEXERS, *COSMETIC, _NEGATIVE,
                  "arrow",
                  "littlekillersum", "xv", "quadruple", "clone"})
# What each JSON key is called in f-puzzles, for messages.
FPUZZLES_KEY = {**{v: k for k, v in LINES.items()}, **{v: k for k, v in CELL_MARKS.items()},
                **{v[0]: k for k, v in DOTS.items()}, **{v[0]: k for k, v in CLUES.items()},
                **{v: k for k, v in FLAGS.items()}, **{v: k for k, v in INDEXERS.items()},
                "given_candidates": PENCIL_MARKS, "arrows": "arrow",
                "little_killers": "littlekillersum", "xv": "xv", "quadruples": "quadruple",
                "clones": "clone", "kropki_negative": "negative", "xv_negative": "negative",
                "diagonal_plus": "diagonal+", "diagonal_minus": "diagonal-",
                "extra_regions": "extraregion"}
# Each key in words, for messages.
WORDS = {
    "killercage": "cages", "littlekillersum": "little killer sums",
    "thermometer": "thermometers", "slowthermometer": "slow thermometers", "arrow": "arrows",
    "doublearrow": "double arrows", "diagonal+": "a diagonal", "diagonal-": "a diagonal",
    "antiknight": "the anti-knight rule", "antiking": "the anti-king rule",
    "disjointgroups": "disjoint groups", "nonconsecutive": "the non-consecutive rule",
    "sandwichsum": "sandwich sums", "difference": "difference dots", "ratio": "ratio dots",
    "xv": "XV clues", "negative": "a negative rule", "clone": "clones",
    "quadruple": "quadruples", "betweenline": "between lines", "minimum": "minimum cells",
    "maximum": "maximum cells", "extraregion": "extra regions", "odd": "odd cells",
    "even": "even cells", "palindrome": "palindromes", "renban": "renban lines",
    "whispers": "whisper lines", "xsum": "X-sums", "skyscraper": "skyscrapers",
    "line": "lines", "cage": "cages", "rectangle": "shapes", "circle": "shapes",
    "text": "text clues", "regionsumline": "region-sum lines",
    "entropicline": "entropic lines", "modularline": "modular lines",
    "zipperline": "zipper lines", "columnindexer": "column indexers",
    "rowindexer": "row indexers", "boxindexer": "box indexers",
    PENCIL_MARKS: "given pencil marks",
}


class _Reader:
    """Reads one f-puzzles puzzle object's rules; every fault names the key and the entry."""

    def __init__(self, puzzle: Mapping[str, object], n: int, site: str) -> None:
        self.puzzle, self.n, self.site = puzzle, n, site
        self.out: Rules = {}

    def fail(self, where: str, why: str) -> LinkError:
        return LinkError(f"this {self.site} link's {where} {why}")

    def entries(self, key: str) -> list[dict[str, object]]:
        got = self.puzzle.get(key)
        if got is None:
            return []
        if not isinstance(got, list) or not all(isinstance(x, dict) for x in got):
            raise LinkError(f"this {self.site} link's '{key}' is not a list of objects")
        return got

    def fields(self, entry: Mapping[str, object], allowed: Sequence[str], where: str) -> None:
        extra = sorted(str(k) for k in entry if k not in allowed and k not in _DRAWN)
        if extra:
            raise self.fail(where, f"has the field {extra[0]!r}, which is not read")

    def add(self, key: str, item: object) -> None:
        got = self.out.setdefault(key, [])
        assert isinstance(got, list)
        got.append(item)

    def cell(self, name: object, where: str) -> int:
        """A cell inside the grid ('R1C1' is 0)."""
        r, c = self.place(name, where)
        if not (1 <= r <= self.n and 1 <= c <= self.n):
            raise self.fail(where, f"names {str(name)[:20]!r}, not a cell such as R1C1 of the "
                                   f"{self.n}x{self.n} grid")
        return (r - 1) * self.n + c - 1

    def place(self, name: object, where: str) -> tuple[int, int]:
        """Row and column (1-based; 0 and N+1 lie outside the grid) of a name like 'R0C3'."""
        m = _CELL.match(name) if isinstance(name, str) else None
        if m is None or not (0 <= int(m.group(1)) <= self.n + 1
                             and 0 <= int(m.group(2)) <= self.n + 1):
            raise self.fail(where, f"names {str(name)[:20]!r}, not a cell such as R1C1 of the "
                                   f"{self.n}x{self.n} grid")
        return int(m.group(1)), int(m.group(2))

    def cells(self, names: object, where: str, field: str = "cells") -> list[int]:
        if not isinstance(names, list) or not names:
            raise self.fail(where, f"has no '{field}'")
        return [self.cell(name, where) for name in names]

    def number(self, value: object, where: str, what: str = "value") -> int:
        """A whole number, as f-puzzles writes it ("15") or as a number (15)."""
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = value.strip() if isinstance(value, str) else ""
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            shown = json.dumps(value)[:20] if value is not None else "missing"
            raise self.fail(where, f"has the {what} {shown}, not a whole number")
        return int(text)

    # --- the keys ---------------------------------------------------------------------------

    def lines(self, key: str, json_key: str) -> None:
        whispers = key == "whispers"
        for k, entry in enumerate(self.entries(key), 1):
            where = f"'{key}' {k}"
            self.fields(entry, ("lines", "value") if whispers else ("lines",), where)
            lines = entry.get("lines")
            if not isinstance(lines, list) or not lines:
                raise self.fail(where, "has no 'lines'")
            item_extra: Item = {}
            if whispers and entry.get("value") not in (None, ""):
                gap = self.number(entry.get("value"), where)
                if gap != 5:
                    item_extra["difference"] = gap
            for line in lines:
                cells = self.cells(line, where, "lines")
                pieces = _loop_split(cells) if whispers else [cells]
                for piece in pieces:
                    self.add(json_key, {"cells": piece, **item_extra})

    def singles(self, key: str, json_key: str) -> None:
        for k, entry in enumerate(self.entries(key), 1):
            where = f"'{key}' {k}"
            self.fields(entry, ("cell",), where)
            self.add(json_key, {"cells": [self.cell(entry.get("cell"), where)]})

    def dots(self, key: str, json_key: str, default: int) -> None:
        for k, entry in enumerate(self.entries(key), 1):
            where = f"'{key}' {k}"
            self.fields(entry, ("cells", "value"), where)
            item: Item = {"cells": self.cells(entry.get("cells"), where)}
            if entry.get("value") not in (None, ""):
                value = self.number(entry.get("value"), where)
                if value != default:
                    item["value"] = value
            self.add(json_key, item)

    def xv(self) -> None:
        for k, entry in enumerate(self.entries("xv"), 1):
            where = f"'xv' {k}"
            self.fields(entry, ("cells", "value"), where)
            value = entry.get("value")
            letter = value.strip().upper() if isinstance(value, str) else value
            if letter not in ("X", "V"):
                raise self.fail(where, f"has the value {json.dumps(value)[:20]}, not X or V")
            self.add("xv", {"cells": self.cells(entry.get("cells"), where),
                            "sum": 10 if letter == "X" else 5})

    def clues(self, key: str, json_key: str, field: str) -> None:
        for k, entry in enumerate(self.entries(key), 1):
            where = f"'{key}' {k}"
            self.fields(entry, ("cell", "value"), where)
            r, c = self.place(entry.get("cell"), where)
            n = self.n
            if (r in (0, n + 1)) == (c in (0, n + 1)):
                raise self.fail(where, f"stands at {entry.get('cell')}, not beside a row or "
                                       f"column (R0C1 .. R0C{n}, R1C0 .. R{n}C0 or the far "
                                       "sides)")
            line: Item = ({"column": c - 1, "end": "start" if r == 0 else "end"}
                          if r in (0, n + 1) else
                          {"row": r - 1, "end": "start" if c == 0 else "end"})
            if json_key == "sandwiches":
                del line["end"]  # a sandwich reads the same from either end
            line[field] = self.number(entry.get("value"), where)
            self.add(json_key, line)

    def little_killers(self) -> None:
        n = self.n
        for k, entry in enumerate(self.entries("littlekillersum"), 1):
            where = f"'littlekillersum' {k}"
            self.fields(entry, ("cell", "cells", "direction", "value"), where)
            r, c = self.place(entry.get("cell"), where)
            step = DIRECTIONS.get(str(entry.get("direction")))
            if step is None:
                raise self.fail(where, f"has the direction "
                                       f"{json.dumps(entry.get('direction'))[:20]}, not one "
                                       f"of {', '.join(DIRECTIONS)}")
            if 1 <= r <= n and 1 <= c <= n:
                raise self.fail(where, f"stands at {entry.get('cell')}, inside the grid")
            cells = diagonal_from(r, c, step, n)
            if not cells:
                raise self.fail(where, f"points from {entry.get('cell')} away from the grid")
            listed = entry.get("cells")
            if listed is not None and self.cells(listed, where) != cells:
                raise self.fail(where, f"lists cells that are not the diagonal from "
                                       f"{entry.get('cell')} {entry.get('direction')}")
            self.add("little_killers", {"cells": cells,
                                        "sum": self.number(entry.get("value"), where)})

    def arrows(self) -> None:
        for k, entry in enumerate(self.entries("arrow"), 1):
            where = f"'arrow' {k}"
            self.fields(entry, ("cells", "lines"), where)
            circle = self.cells(entry.get("cells"), where)
            lines = entry.get("lines")
            if not isinstance(lines, list) or not lines:
                raise self.fail(where, "has no 'lines'")
            shaft: list[int] = []
            for line in lines:
                cells = self.cells(line, where, "lines")
                shaft.extend(cells[1:] if cells[0] in circle else cells)
            self.add("arrows", {"circle": circle, "cells": shaft})

    def quadruples(self) -> None:
        for k, entry in enumerate(self.entries("quadruple"), 1):
            where = f"'quadruple' {k}"
            self.fields(entry, ("cells", "values"), where)
            values = entry.get("values")
            if not isinstance(values, list) or not values:
                raise self.fail(where, "has no 'values'")
            self.add("quadruples", {"cells": self.cells(entry.get("cells"), where),
                                    "digits": [self.number(v, where) for v in values]})

    def clones(self) -> None:
        for k, entry in enumerate(self.entries("clone"), 1):
            where = f"'clone' {k}"
            self.fields(entry, ("cells", "cloneCells"), where)
            self.add("clones", {"cells": self.cells(entry.get("cells"), where),
                                "copy": self.cells(entry.get("cloneCells"), where,
                                                   "cloneCells")})

    def indexers(self, key: str, json_key: str) -> None:
        for k, entry in enumerate(self.entries(key), 1):
            where = f"'{key}' {k}"
            self.fields(entry, ("cells", "cell", "value"), where)
            if entry.get("value") not in (None, ""):
                raise self.fail(where, f"has the value {json.dumps(entry.get('value'))[:20]}; "
                                       "an indexing cell carries none")
            if "cell" in entry and "cells" not in entry:
                cells = [self.cell(entry.get("cell"), where)]
            else:
                cells = self.cells(entry.get("cells"), where)
            self.add(json_key, {"cells": cells})

    def pencil_marks(self) -> None:
        """Each grid cell's ``givenPencilMarks``: one ``given_candidates`` item per cell."""
        rows = self.puzzle.get("grid")
        if not isinstance(rows, list):
            return
        n = self.n
        for r, row in enumerate(rows[:n]):
            for c, cell in enumerate(row[:n] if isinstance(row, list) else []):
                marks = cell.get(PENCIL_MARKS) if isinstance(cell, dict) else None
                if marks is None or marks == []:
                    continue
                digits = [int(m) if isinstance(m, str) and m.isascii() and m.isdigit() else m
                          for m in marks] if isinstance(marks, list) else None
                if digits is None or not all(
                        isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= n
                        for d in digits):
                    raise LinkError(f"this {self.site} link's r{r + 1}c{c + 1}: "
                                    f"\"{PENCIL_MARKS}\" is {json.dumps(marks)[:30]}, not a "
                                    f"list of digits 1-{n}")
                self.add("given_candidates", {"cells": [r * n + c],
                                              "digits": sorted(set(digits))})

    def flags(self, flag: Callable[[str], bool]) -> None:
        for key, json_key in FLAGS.items():
            if flag(key):
                self.out[json_key] = True

    def negative(self) -> None:
        """``negative``, ``nonconsecutive`` and the dots together (see the module's words)."""
        names = self.negative_names()
        if "xv" in names:
            self.out["xv_negative"] = True
        if self.kropki_negative(names & {"ratio", "difference"}):
            self.plain_dots()
            self.out.pop("nonconsecutive", None)  # the negative rule holds it
            self.out["kropki_negative"] = True

    def negative_names(self) -> set[str]:
        """The names in ``negative``: "ratio", "difference" and "xv" only."""
        got = self.puzzle.get(_NEGATIVE)
        if got is None:
            got = []
        if not isinstance(got, list) or not all(isinstance(x, str) for x in got):
            raise LinkError(f"this {self.site} link's '{_NEGATIVE}' is not a list of names "
                            "such as \"ratio\"")
        names = set(got)
        unknown = sorted(names - {"ratio", "difference", "xv"})
        if unknown:
            raise LinkError(f"this {self.site} link's '{_NEGATIVE}' holds {unknown[0]!r}; "
                            "only \"ratio\", \"difference\" and \"xv\" are read")
        return names

    def kropki_negative(self, kropki: set[str]) -> bool:
        """True when ``negative``'s Kropki names (with the non-consecutive rule and the dots
        read before) make the whole Kropki negative rule; half of it is refused."""
        dotted = bool(self.out.get("white_dots") or self.out.get("black_dots"))
        nonconsecutive = self.out.get("nonconsecutive") is True
        if not kropki and not (nonconsecutive and dotted):
            return False
        if kropki == {"difference"} or (kropki == {"ratio"} and not nonconsecutive) or (
                not kropki and nonconsecutive):
            half = ("non-consecutive rule with Kropki dots (dotted neighbours exempt)"
                    if not kropki else f"negative rule of the {kropki.pop()} dots alone")
            raise LinkError(f"this {self.site} link holds the {half}; only the whole Kropki "
                            "negative rule (no dot: neither consecutive nor 1:2) is read")
        return True

    def plain_dots(self) -> None:
        """Refuse a dot of another value than difference 1 or ratio 2 beside the Kropki
        negative rule (which is read with those dots only)."""
        odd = [item for key in ("white_dots", "black_dots")
               for item in _items(self.out.get(key)) if "value" in item]
        if odd:
            raise LinkError(f"this {self.site} link holds the Kropki negative rule with a dot "
                            f"of value {odd[0]['value']}; it is read with the dots of "
                            "difference 1 and ratio 2 only")

    def cosmetic(self) -> None:
        for key in COSMETIC:
            for k, entry in enumerate(self.entries(key), 1):
                if entry.get("fromConstraint") or entry.get("isNewConstraint") is True:
                    continue  # it only draws a rule read under its own key (older plug-ins
                    # mark their drawings with isNewConstraint)
                what = {"text": "writes text", "line": "draws a line"}.get(key,
                                                                         f"draws a {key}")
                raise LinkError(f"this {self.site} link {what} that is no rule ('{key}' {k}); "
                                "only the rules f-puzzles knows are read")


def _items(value: object) -> list[Item]:
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def _loop_split(cells: list[int]) -> list[list[int]]:
    """A whisper line that comes back to a cell it passed (a loop), as pieces without a
    repeated cell: the rule holds between neighbours only, so the pieces say the same."""
    pieces: list[list[int]] = [[cells[0]]]
    for c in cells[1:]:
        if c in pieces[-1]:
            pieces.append([pieces[-1][-1]])
        pieces[-1].append(c)
    return pieces


def diagonal_from(r: int, c: int, step: tuple[int, int], n: int) -> list[int]:
    """The cells of the diagonal that enters the grid from (r, c), 1-based, by ``step``."""
    out = []
    r, c = r + step[0], c + step[1]
    while 1 <= r <= n and 1 <= c <= n:
        out.append((r - 1) * n + c - 1)
        r, c = r + step[0], c + step[1]
    return out


def read_rules(puzzle: Mapping[str, object], n: int, site: str,
               flag: Callable[[str], bool]) -> Rules:
    """The placed rules (and single diagonals) of an f-puzzles puzzle, as the project's JSON
    ``variant`` object; LinkError names the key and entry of anything that cannot be read.
    ``flag(key)`` reads a true-or-false key (refusing anything else)."""
    reader = _Reader(puzzle, n, site)
    for key, json_key in LINES.items():
        reader.lines(key, json_key)
    for key, json_key in CELL_MARKS.items():
        reader.singles(key, json_key)
    for key, (json_key, default) in DOTS.items():
        reader.dots(key, json_key, default)
    for key, (json_key, field) in CLUES.items():
        reader.clues(key, json_key, field)
    reader.xv()
    reader.little_killers()
    reader.arrows()
    reader.quadruples()
    reader.clones()
    for key, json_key in INDEXERS.items():
        reader.indexers(key, json_key)
    reader.pencil_marks()
    reader.flags(flag)
    reader.negative()
    reader.cosmetic()
    plus, minus = flag("diagonal+"), flag("diagonal-")
    if plus != minus:
        reader.out["diagonal_plus" if plus else "diagonal_minus"] = True
    return reader.out
