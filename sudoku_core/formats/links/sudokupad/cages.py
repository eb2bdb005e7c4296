"""Reading a SudokuPad puzzle's rules, first part: the reader's state and helpers, the cages
and regions, and the global rules. rules.py reads the lines, arrows and shapes on top of it
and says which drawing is which rule (its docstring has the conventions)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ....model.constraints.windoku import windows
from ....model.errors import LinkError
from ....model.grid import Shape as GridShape
from .shapes import Cell, Shape, cell_list, name, number

SUDOKUPAD_SITE = "SudokuPad"
_METADATA = re.compile(r"^\s*[A-Za-z]+\s*:")
_FLAGS = {"antiknight": "anti_knight", "antiking": "anti_king", "disjoint": "disjoint_groups",
          "antixv": "xv_negative"}
_KROPKI_GLOBALS = frozenset({"nonconsecutive", "antiratio", "antidifference"})
_FOG = ("foglight", "triggereffect")


class DrawingReader:
    """Reads one puzzle's drawings; ``rules`` the JSON variant, ``sources`` what each list
    item was drawn as (for messages)."""

    def __init__(self, puzzle: Mapping[str, object], shape: GridShape) -> None:
        self.puzzle, self.n, self.grid = puzzle, shape.size, shape
        self.rules: dict[str, object] = {}
        self.sources: dict[str, list[str]] = {}
        self.shapes: list[Shape] = []
        self.used: set[tuple[str, int]] = set()
        self.at: dict[Cell, list[Shape]] = {}

    # --- helpers --------------------------------------------------------------------------

    def refuse(self, what: str) -> LinkError:
        return LinkError(f"this {SUDOKUPAD_SITE} link {what}")

    def add(self, key: str, item: object, source: str) -> None:
        got = self.rules.setdefault(key, [])
        assert isinstance(got, list)
        got.append(item)
        self.sources.setdefault(key, []).append(source)

    def index(self, cell: Cell, what: str) -> int:
        r, c = cell
        if not (0 <= r < self.n and 0 <= c < self.n):
            raise self.refuse(f"draws {what} reaching {name(cell)}, outside the "
                              f"{self.n}x{self.n} grid")
        return r * self.n + c

    def entries(self, key: str) -> list[object]:
        got = self.puzzle.get(key)
        if got is None:
            return []
        if not isinstance(got, list):
            raise self.refuse(f"has '{key}' that is not a list")
        return got

    # --- cages and regions ----------------------------------------------------------------

    def regions(self) -> None:
        """Each cell's region, when the regions are not the boxes (Jigsaw)."""
        regions = self.entries("regions")
        if not regions:
            return
        n = self.n
        out = [-1] * (n * n)
        for k, region in enumerate(regions):
            cells = cell_list(region)
            where = f"its irregular regions (jigsaw): region {k + 1}"
            if not cells:
                raise self.refuse(f"has {where}, whose cells are not cells such as [0, 0]")
            for cell in cells:
                at = self.index(cell, where)
                if out[at] >= 0:
                    other = "twice" if out[at] == k else f"of region {out[at] + 1} too"
                    raise self.refuse(f"has {where}, which lists {name(cell)} {other}")
                out[at] = k
        if -1 in out:
            left = out.index(-1)
            raise self.refuse(f"has its irregular regions (jigsaw) leave out "
                              f"{name((left // n, left % n))}")
        if tuple(out) != self.grid.classic.geometry.box_of:
            self.rules["regions"] = out
            self.sources["regions"] = ["irregular regions (jigsaw)"]

    def cages(self) -> None:
        cages: list[dict[str, object]] = []
        extra: list[list[int]] = []
        for k, cage in enumerate(self.entries("cages"), 1):
            if not isinstance(cage, dict):
                raise self.refuse(f"has cage {k}, which is not an object")
            value = cage.get("value")
            cells = cage.get("cells")
            if (isinstance(value, str) and _METADATA.match(value)) or cells in (None, [], ""):
                continue  # title, author, rules: words, no rule
            what = f"cage {k}"
            listed = cell_list(cells)
            if not listed:
                raise self.refuse(f"draws {what} whose cells are not cells such as [0, 0]")
            indices = [self.index(cell, what) for cell in listed]
            style, kind = cage.get("style"), cage.get("type")
            if kind == "disjoint" and "disjoint" in self.globals():
                continue  # SudokuPad's own copy of the disjoint groups rule
            if style == "extraregion":
                extra.append(indices)
                continue
            if style not in (None, "killer") or kind is not None or cage.get("unique") is False:
                how = (f"style {style!r}" if style is not None else
                       f"type {kind!r}" if kind is not None else "digits may repeat")
                raise self.refuse(f"draws {what} ({how}, at {name(listed[0])}) that is no rule "
                                  "this build reads")
            item: dict[str, object] = {"cells": indices}
            total = self.cage_sum(value, cage.get("sum"), what)
            if total is not None:
                item["sum"] = total
            cages.append(item)
        if cages:
            self.rules["cages"] = cages
            self.sources["cages"] = [f"cage {k}" for k in range(1, len(cages) + 1)]
        self.extra_regions(extra)

    def cage_sum(self, value: object, total: object, what: str) -> int | None:
        """A cage's sum: its value (a number or numeral) and its 'sum', when both agree."""
        got = None
        for v in (value, total):
            if v is None or v == "":
                continue
            x = number(v)
            if x is None or not x.is_integer() or not 0 <= x < 10**6:
                raise self.refuse(f"draws {what} with the value {str(v)[:20]!r}, which is no "
                                  "killer sum")
            if got is not None and got != int(x):
                raise self.refuse(f"draws {what} with the value {got} and the sum {int(x)}")
            got = int(x)
        return got

    def extra_regions(self, extra: list[list[int]]) -> None:
        grid = self.grid
        want = [sorted(w) for w in windows(self.n, grid.box_rows, grid.box_cols)]
        found = [sorted(e) for e in extra]
        wins = bool(want) and all(w in found for w in want)
        if wins:
            self.rules["windows"] = True
        for k, e in enumerate(extra, 1):
            if not (wins and sorted(e) in want):
                self.add("extra_regions", {"cells": e}, f"extra region cage {k}")

    # --- global rules ---------------------------------------------------------------------

    def globals(self) -> set[str]:
        got = self.puzzle.get("global") or []
        if isinstance(got, str):
            got = [got]
        if not isinstance(got, list) or not all(isinstance(g, str) for g in got):
            raise self.refuse("has 'global' that is not a list of rule names")
        out = set(got)
        meta = self.puzzle.get("metadata") or self.puzzle.get("metaData")
        if isinstance(meta, dict):
            out |= {key for key in ("antiknight", "antiking") if meta.get(key) is True}
        return out

    def flags(self) -> None:
        names = self.globals()
        unknown = sorted(names - set(_FLAGS) - _KROPKI_GLOBALS)
        if unknown:
            raise self.refuse(f"holds the global rule {unknown[0]!r}, which this build does "
                              "not read")
        for key, json_key in _FLAGS.items():
            if key in names:
                self.rules[json_key] = True
        for key in ("diagonal+", "diagonal-", "windoku"):  # older puzzles' own flags
            if self.puzzle.get(key) is True:
                self.rules[{"diagonal+": "diagonal_plus", "diagonal-": "diagonal_minus",
                            "windoku": "windows"}[key]] = True
        for key in _FOG:
            if self.puzzle.get(key) not in (None, [], {}):
                raise self.refuse("holds fog of war, which this build does not read")

    def kropki_globals(self) -> None:
        """The non-consecutive rule and the Kropki negative rule (after the dots): SudokuPad
        writes f-puzzles' rules, which exempt dotted neighbours, so they are read as
        f-puzzles links read them (docs/variants.md)."""
        names = self.globals() & _KROPKI_GLOBALS
        dotted = bool(self.rules.get("white_dots") or self.rules.get("black_dots"))
        if not names:
            return
        if names == {"nonconsecutive"} and not dotted:
            self.rules["nonconsecutive"] = True
            return
        if "antiratio" in names and names != {"antiratio"}:
            odd = [item for key in ("white_dots", "black_dots")
                   for item in _items(self.rules.get(key)) if "value" in item]
            if odd:
                raise self.refuse(f"holds the Kropki negative rule with a dot of value "
                                  f"{odd[0]['value']}; it is read with the dots of difference 1 "
                                  "and ratio 2 only")
            self.rules["kropki_negative"] = True
            return
        raise self.refuse(f"holds the global rules {', '.join(sorted(names))}; only the whole "
                          "Kropki negative rule (no dot: neither consecutive nor 1:2) is read "
                          "beside dots")


def _items(value: object) -> list[dict[str, object]]:
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []
