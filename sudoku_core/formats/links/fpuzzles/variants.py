"""The variant rules of an f-puzzles puzzle object, read and written.

The six first rules are read here: ``diagonal+`` and ``diagonal-`` together (X-Sudoku),
``antiknight``, ``antiking``, ``killercage`` (``[{"cells": ["R1C1", ...], "value": "15"}]``),
``extraregion`` (the Windoku windows, when all of them are there) and each cell's ``region``
(0-based; Jigsaw). Every other rule key (thermometers, arrows, dots, lines, clues outside the
grid, a single diagonal, other extra regions, indexers: see rules.py) and each cell's
``givenPencilMarks`` (given candidates) is turned into the project's JSON ``variant`` object
and read by ``variant_from_json``, each key on its own so a fault names the f-puzzles key; a
rule this build has no type for is refused by name.
"""

from __future__ import annotations

import json
import re

from ....model.constraints import (
    ANTI_KING,
    ANTI_KNIGHT,
    DIAGONAL,
    JIGSAW,
    KILLER,
    TABLE,
    WINDOKU,
    by_json_key,
)
from ....model.constraints.killer import Cage
from ....model.constraints.windoku import windows
from ....model.errors import LinkError, VariantError
from ....model.grid import Grid, Shape
from ....model.variants import Variant, combine, variant_from_json
from .rules import FPUZZLES_KEY, KEYS, WORDS, read_rules
from .rules_write import FIRST_RULES, fpuzzles_keys

HANDLED = frozenset(key for row in TABLE for key in row.fpuzzles_keys) | KEYS
_PLUS, _MINUS = DIAGONAL.fpuzzles_keys
(_KNIGHT,) = ANTI_KNIGHT.fpuzzles_keys
(_KING,) = ANTI_KING.fpuzzles_keys
(_CAGES,) = KILLER.fpuzzles_keys
(_EXTRA,) = WINDOKU.fpuzzles_keys
_CELL = re.compile(r"^R([0-9]{1,3})C([0-9]{1,3})$", re.IGNORECASE)  # ASCII, 1-64


def read_variant(puzzle: dict[str, object], shape: Shape, site: str) -> Variant | None:
    """The Variant of an f-puzzles puzzle (None: classic); LinkError for a rule not modelled."""
    n = shape.size
    plus, minus = flag(puzzle, _PLUS, site), flag(puzzle, _MINUS, site)
    cages = tuple(_cage(k, item, n, site) for k, item in enumerate(_items(puzzle, _CAGES,
                                                                          site), 1))
    extra = [_cells(item, n, site, f"extra region {k}")
             for k, item in enumerate(_items(puzzle, _EXTRA, site), 1)]
    # The Windoku windows, when all of them are there; any other extra region is one too.
    want = [sorted(w) for w in windows(n, shape.box_rows, shape.box_cols)]
    wins = bool(extra and want) and all(w in [sorted(e) for e in extra] for w in want)
    others = [e for e in extra if wins is False or sorted(e) not in want]
    regions = _regions(puzzle, shape, site)
    rules = read_rules(puzzle, n, site, lambda key: flag(puzzle, key, site))
    if others:
        rules["extra_regions"] = [{"cells": e} for e in others]
    variant = combine(Variant(plus and minus, wins, regions, cages,
                              flag(puzzle, _KNIGHT, site), flag(puzzle, _KING, site)),
                      *(_placed(key, value, n, site) for key, value in rules.items()))
    return None if variant.is_classic else variant


def _placed(key: str, value: object, n: int, site: str) -> Variant:
    """One key of the project's JSON read by the model; refused by its f-puzzles name when
    this build has no such rule or the model finds a fault."""
    fp_key = FPUZZLES_KEY.get(key, key)
    if by_json_key(key) is None:
        raise LinkError(f"this {site} link holds {WORDS.get(fp_key, fp_key)} ('{fp_key}'), a "
                        "rule this build does not read")
    try:
        return variant_from_json({key: value}, n)
    except VariantError as err:
        raise LinkError(f"this {site} link's '{fp_key}': {err}") from None


def flag(item: dict[str, object], key: str, site: str, where: str = "") -> bool:
    """A true-or-false field (absent or null: false); anything else is refused, as "false" in
    quotes would otherwise turn the rule on."""
    value = item.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    raise LinkError(f"this {site} link's {where}{json.dumps(key)} is "
                    f"{json.dumps(value)[:20]}, not true or false")


def _items(puzzle: dict[str, object], key: str, site: str) -> list[dict[str, object]]:
    got = puzzle.get(key) or []
    if not isinstance(got, list) or not all(isinstance(x, dict) for x in got):
        raise LinkError(f"this {site} link's '{key}' is not a list of objects")
    return got


def _cells(item: dict[str, object], n: int, site: str, what: str) -> list[int]:
    names = item.get("cells")
    if not isinstance(names, list) or not names:
        raise LinkError(f"this {site} link's {what} has no cells")
    out = []
    for name in names:
        m = _CELL.match(name) if isinstance(name, str) else None
        if m is None or not (1 <= int(m.group(1)) <= n and 1 <= int(m.group(2)) <= n):
            raise LinkError(f"this {site} link's {what} names {str(name)[:20]!r}, not a cell "
                            f"such as R1C1 of the {n}x{n} grid")
        out.append((int(m.group(1)) - 1) * n + int(m.group(2)) - 1)
    return out


def _cage(k: int, item: dict[str, object], n: int, site: str) -> Cage:
    cells = _cells(item, n, site, f"killer cage {k}")
    value = item.get("value")
    if value in (None, ""):
        return Cage(tuple(cells))
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise LinkError(f"this {site} link's killer cage {k} has the sum {text[:20]!r}, not a "
                        "whole number")
    return Cage(tuple(cells), int(text))


def _regions(puzzle: dict[str, object], shape: Shape, site: str) -> tuple[int, ...]:
    """Each cell's region where some cell moves out of its box (else () : the boxes); a
    "region" that is not a number 0..N-1 (f-puzzles writes integers) is refused by cell."""
    n = shape.size
    box_of = shape.classic.geometry.box_of
    rows = puzzle.get("grid")
    out = list(box_of)
    assert isinstance(rows, list)
    for r, row in enumerate(rows[:n]):
        if not isinstance(row, list):
            continue
        for c, cell in enumerate(row[:n]):
            region = cell.get(JIGSAW.fpuzzles_cell_key) if isinstance(cell, dict) else None
            if region is None:
                continue
            if not isinstance(region, int) or isinstance(region, bool) or not 0 <= region < n:
                raise LinkError(f"this {site} link's r{r + 1}c{c + 1}: \"region\" is "
                                f"{json.dumps(region)[:20]}, not a region number 0-{n - 1}")
            out[r * n + c] = region
    return () if tuple(out) == box_of else tuple(out)


def write_variant(grid: Grid, rows: list[list[dict[str, object]]]) -> dict[str, object]:
    """The f-puzzles keys of the grid's rules; regions go into ``rows`` (cell objects)."""
    variant = grid.shape.variant
    if variant is None:
        return {}
    n = grid.size
    out: dict[str, object] = {}

    def names(cells: tuple[int, ...] | list[int]) -> list[str]:
        return [f"R{c // n + 1}C{c % n + 1}" for c in cells]

    # f-puzzles' own key order (diagonals, chess rules, cages, extra regions), kept so that a
    # link written today reads the same bytes as before.
    if DIAGONAL.present(variant):
        out[_PLUS] = out[_MINUS] = True
    for row in (ANTI_KNIGHT, ANTI_KING):
        if row.present(variant):
            out[row.fpuzzles_keys[0]] = True
    if KILLER.present(variant):
        out[_CAGES] = [{"cells": names(c.cells),
                        **({"value": str(c.total)} if c.total is not None else {})}
                       for c in variant.cages]
    if WINDOKU.present(variant):
        shape = grid.shape
        out[_EXTRA] = [{"cells": names(w)} for w in windows(n, shape.box_rows, shape.box_cols)]
    if JIGSAW.present(variant):
        for cell, region in enumerate(variant.regions):
            rows[cell // n][cell % n][JIGSAW.fpuzzles_cell_key] = region
    placed = fpuzzles_keys({k: v for k, v in variant.to_json().items()
                            if k not in FIRST_RULES}, n)
    marks = placed.pop("grid", None)  # given candidates: fields of the cells
    if isinstance(marks, list):
        for r, marked in enumerate(marks):
            for c, extra in enumerate(marked):
                rows[r][c].update(extra)
    if _EXTRA in placed and _EXTRA in out:  # the windows and other extra regions: one list
        placed[_EXTRA] = [*_items(out, _EXTRA, "f-puzzles"), *_items(placed, _EXTRA,
                                                                       "f-puzzles")]
    out.update(placed)
    return out



