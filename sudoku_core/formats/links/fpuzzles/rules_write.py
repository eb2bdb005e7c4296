"""The placed rules of the project's JSON ``variant`` object, as f-puzzles keys: the writer
of rules.py (its tables, the other way), so that a written link reads back the same.

A rule f-puzzles cannot say as this project means it is refused (VariantError), never
written as something else: a little killer that is not a whole diagonal from the edge, the
non-consecutive rule beside Kropki dots (f-puzzles exempts dotted neighbours).

Given candidates are no key of their own: f-puzzles keeps them in each cell object
(``givenPencilMarks``), so they come back as a ``"grid"`` of such cells, which the writer of
the whole puzzle merges into its own cells.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ....model.errors import VariantError
from .rules import (
    CELL_MARKS,
    CLUES,
    DIRECTIONS,
    DOTS,
    FLAGS,
    INDEXERS,
    LINES,
    PENCIL_MARKS,
    diagonal_from,
)

# The six first rules: written by variants.py from the Variant itself.
Names = Callable[[list[int]], list[str]]
FIRST_RULES = frozenset({"diagonals", "windows", "regions", "cages", "anti_knight",
                         "anti_king"})


def _items(rules: Mapping[str, object], key: str) -> list[dict[str, object]]:
    got = rules.get(key) or []
    assert isinstance(got, list)
    return [x for x in got if isinstance(x, dict)]


def _cells(item: Mapping[str, object], key: str = "cells") -> list[int]:
    got = item.get(key)
    assert isinstance(got, list)
    return [int(c) for c in got]


def _adjacent(a: int, b: int, n: int) -> bool:
    """True when cells a and b touch (a king's move): a drawn line may join them."""
    return a != b and abs(a // n - b // n) <= 1 and abs(a % n - b % n) <= 1


def fpuzzles_keys(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """The f-puzzles keys of the placed rules in ``rules`` (the project's JSON ``variant``
    object; the six first rules' keys are passed over)."""
    unknown = sorted(k for k in rules if k not in FIRST_RULES and k not in _WRITTEN)
    if unknown:
        raise VariantError(f"the rule {unknown[0]!r} has no f-puzzles form here")
    out: dict[str, object] = {}
    for write in _WRITERS:  # in f-puzzles' key order, so that a written link stays the same
        out.update(write(rules, n))
    _drawn(out)
    return out


# A writer: the f-puzzles keys of some of the rules (none when the puzzle has none of them).
Writer = Callable[[Mapping[str, object], int], dict[str, object]]
# The f-puzzles entry of one item: (item, grid size, cell names) -> entry.
Entry = Callable[[Mapping[str, object], int, Names], dict[str, object]]


def _namer(n: int) -> Names:
    """Cell indices -> f-puzzles' cell names ('R1C1' is 0)."""
    return lambda cells: [f"R{c // n + 1}C{c % n + 1}" for c in cells]


def _lines(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """Each line as an entry of its own; a whisper with another gap than 5 says it."""
    names = _namer(n)
    out: dict[str, object] = {}
    for key, json_key in LINES.items():
        found = []
        for item in _items(rules, json_key):
            entry: dict[str, object] = {"lines": [names(_cells(item))]}
            if key == "whispers" and item.get("difference", 5) != 5:
                entry["value"] = str(item["difference"])
            found.append(entry)
        if found:
            out[key] = found
    return out


def _cell_marks(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """Odd, even, minimum and maximum cells: an entry per cell."""
    names = _namer(n)
    out: dict[str, object] = {}
    for key, json_key in CELL_MARKS.items():
        cells = [c for item in _items(rules, json_key) for c in _cells(item)]
        if cells:
            out[key] = [{"cell": name} for name in names(cells)]
    return out


def _dots(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """Kropki dots; one of the default value is written without it."""
    names = _namer(n)
    out: dict[str, object] = {}
    for key, (json_key, default) in DOTS.items():
        dots = [{"cells": names(_cells(item)),
                 **({"value": str(item["value"])} if item.get("value", default) != default
                    else {})}
                for item in _items(rules, json_key)]
        if dots:
            out[key] = dots
    return out


def _clues(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """Sandwich sums, X-sums and skyscrapers: a value at the outside cell of their line."""
    out: dict[str, object] = {}
    for key, (json_key, field) in CLUES.items():
        clues = [{"cell": _clue_cell(item, n), "value": str(item[field])}
                 for item in _items(rules, json_key)]
        if clues:
            out[key] = clues
    return out


def _each(json_key: str, key: str, entry: Entry) -> Writer:
    """The writer of a rule whose items are each one f-puzzles entry under ``key``."""
    def write(rules: Mapping[str, object], n: int) -> dict[str, object]:
        if not rules.get(json_key):
            return {}
        names = _namer(n)
        return {key: [entry(item, n, names) for item in _items(rules, json_key)]}
    return write


def _xv(item: Mapping[str, object], n: int, names: Names) -> dict[str, object]:
    return {"cells": names(_cells(item)), "value": "X" if item["sum"] == 10 else "V"}


def _quadruple(item: Mapping[str, object], n: int, names: Names) -> dict[str, object]:
    return {"cells": names(_cells(item)), "values": _cells(item, "digits")}


def _clone(item: Mapping[str, object], n: int, names: Names) -> dict[str, object]:
    return {"cells": names(_cells(item)), "cloneCells": names(_cells(item, "copy"))}


def _extra_region(item: Mapping[str, object], n: int, names: Names) -> dict[str, object]:
    return {"cells": names(_cells(item))}


def _flags(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """The rules that are one true-or-false key (non-consecutive, disjoint groups)."""
    return {key: True for key, json_key in FLAGS.items() if rules.get(json_key) is True}


def _diagonals(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """The single diagonals, each a true-or-false key of its own."""
    return {key: True for key, json_key in (("diagonal+", "diagonal_plus"),
                                            ("diagonal-", "diagonal_minus"))
            if rules.get(json_key) is True}


# Keys of f-puzzles' plug-ins that the site and SudokuPad's converter do not draw: each gets a
# cosmetic copy marked ``fromConstraint`` (as the plug-ins' exports do), which both draw and
# every reader (ours too) passes over. Colours are the ones players know the lines by.
_PLUGIN_LINES = {
    "renban": ("Renban", "#F067F0"), "whispers": ("Whispers", "#67F067"),
    "regionsumline": ("Region Sum Line", "#2ECBFF"), "entropicline": ("Entropic Line", "#FFA040"),
    "modularline": ("Modular Line", "#C080FF"), "zipperline": ("Zipper Line", "#A0A0FF"),
    "doublearrow": ("Double Arrow", "#C0C0C0"),
}
_PLUGIN_CLUES = {"xsum": "X-Sum", "skyscraper": "Skyscraper"}
_PLUGIN_CAGES = {"rowindexer": ("Row Indexer", "#7CC77C"),
                 "columnindexer": ("Column Indexer", "#C77C7C"),
                 "boxindexer": ("Box Indexer", "#7C7CC7")}


def _drawn(out: dict[str, object]) -> None:
    """Add the cosmetic lines and texts that draw the plug-in keys in ``out``."""
    lines = []
    for key, (label, colour) in _PLUGIN_LINES.items():
        for entry in _items(out, key):
            lines.append({"lines": entry["lines"], "outlineC": colour, "width": 0.4,
                          "fromConstraint": label})
    texts = [{"cells": [entry["cell"]], "value": entry["value"], "fontC": "#000000",
              "size": 0.7, "fromConstraint": label}
             for key, label in _PLUGIN_CLUES.items() for entry in _items(out, key)]
    # The indexing cells of a kind: one cage over all of them, as the plug-in draws them.
    cages = [{"cells": [c for entry in _items(out, key) for c in _names(entry)],
              "outlineC": colour, "fontC": "#000000", "fromConstraint": label}
             for key, (label, colour) in _PLUGIN_CAGES.items() if out.get(key)]
    if lines:
        out["line"] = lines
    if texts:
        out["text"] = texts
    if cages:
        out["cage"] = cages


def _names(entry: Mapping[str, object]) -> list[str]:
    got = entry.get("cells")
    assert isinstance(got, list)
    return [str(c) for c in got]


def _negative(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """The negative rules, and the non-consecutive rule where f-puzzles means the same."""
    dotted = bool(rules.get("white_dots") or rules.get("black_dots"))
    if rules.get("nonconsecutive") is True and (dotted or rules.get("kropki_negative")):
        raise VariantError("f-puzzles exempts neighbours joined by a Kropki dot from its "
                           "non-consecutive rule; this puzzle's non-consecutive rule beside "
                           "Kropki dots has no f-puzzles form")
    negative = []
    if rules.get("kropki_negative") is True:
        if any("value" in item and item["value"] != default
               for key, (json_key, default) in DOTS.items()
               for item in _items(rules, json_key)):
            raise VariantError("the Kropki negative rule beside dots of other values than "
                               "difference 1 and ratio 2 has no f-puzzles form")
        negative += ["ratio", "difference"]
    if rules.get("xv_negative") is True:
        negative.append("xv")
    return {"negative": negative} if negative else {}


def _indexers_and_marks(rules: Mapping[str, object], n: int) -> dict[str, object]:
    """The indexing cells (an entry of the f-puzzles key per item) and the given candidates
    (``"grid"``, see the module's words)."""
    out: dict[str, object] = {}
    names = _namer(n)
    for key, json_key in INDEXERS.items():
        entries = [{"cells": names(_cells(item))} for item in _items(rules, json_key)]
        if entries:
            out[key] = entries
    if rules.get("given_candidates"):
        out["grid"] = _pencil_marks(rules, n)
    return out


def _pencil_marks(rules: Mapping[str, object], n: int) -> list[list[dict[str, object]]]:
    """The given candidates as f-puzzles keeps them, a field of each cell object: a grid of
    cells holding only ``givenPencilMarks`` (the caller merges it into its own cells). Two
    items on one cell say both: the digits of both, one list."""
    marks: dict[int, set[int]] = {}
    for item in _items(rules, "given_candidates"):
        (cell,) = _cells(item)
        digits = set(_cells(item, "digits"))
        marks[cell] = marks[cell] & digits if cell in marks else digits
        if not marks[cell]:
            raise VariantError(f"the given candidates of cell {cell} leave no digit; "
                               "f-puzzles keeps one list of pencil marks a cell")
    return [[{PENCIL_MARKS: sorted(marks[r * n + c])} if r * n + c in marks else {}
             for c in range(n)] for r in range(n)]


def _whole(value: object) -> int:
    assert isinstance(value, int)
    return value


def _clue_cell(item: Mapping[str, object], n: int) -> str:
    """The outside cell of a clue on a row or column ('R0C3' above column 3)."""
    far = item.get("end") == "end"
    if "row" in item:
        r = _whole(item["row"])
        return f"R{r + 1}C{n + 1 if far else 0}"
    c = _whole(item["column"])
    return f"R{n + 1 if far else 0}C{c + 1}"


def _little_killer(item: Mapping[str, object], n: int, names: Names) -> dict[str, object]:
    """f-puzzles' clue of a little killer: the outside cell its diagonal enters from."""
    cells = _cells(item)
    first = cells[0]
    for direction, (dr, dc) in DIRECTIONS.items():
        r, c = first // n + 1 - dr, first % n + 1 - dc
        if not (1 <= r <= n and 1 <= c <= n) and diagonal_from(r, c, (dr, dc), n) == cells:
            return {"cell": f"R{r}C{c}", "cells": names(cells), "direction": direction,
                    "value": str(item["sum"])}
    raise VariantError("f-puzzles writes a little killer as a whole diagonal from the edge of "
                       f"the grid; the one on cells {cells} is not")


def _arrow(item: Mapping[str, object], n: int, names: Names) -> dict[str, object]:
    """An arrow: its circle, and its line cut where it jumps; a piece that starts beside the
    circle is drawn from it (the reader drops a line's first cell when it is the circle's)."""
    circle, shaft = _cells(item, "circle"), _cells(item)
    pieces: list[list[int]] = []
    for c in shaft:
        if pieces and _adjacent(pieces[-1][-1], c, n):
            pieces[-1].append(c)
        else:
            pieces.append([c])
    lines = []
    for piece in pieces:
        start = next((o for o in reversed(circle) if _adjacent(o, piece[0], n)), None)
        lines.append(names(([start] if start is not None else []) + piece))
    return {"cells": names(circle), "lines": lines or [names(circle[-1:])]}


_WRITTEN = frozenset({*LINES.values(), *CELL_MARKS.values(), *(v[0] for v in DOTS.values()),
                      *(v[0] for v in CLUES.values()), *FLAGS.values(), *INDEXERS.values(),
                      "given_candidates", "xv",
                      "little_killers", "arrows", "quadruples", "clones", "kropki_negative",
                      "xv_negative", "diagonal_plus", "diagonal_minus", "extra_regions"})
_WRITERS: tuple[Writer, ...] = (
    _lines, _cell_marks, _dots, _clues, _each("xv", "xv", _xv),
    _each("little_killers", "littlekillersum", _little_killer),
    _each("arrows", "arrow", _arrow), _each("quadruples", "quadruple", _quadruple),
    _each("clones", "clone", _clone), _indexers_and_marks, _flags, _negative, _diagonals,
    _each("extra_regions", "extraregion", _extra_region),
)
