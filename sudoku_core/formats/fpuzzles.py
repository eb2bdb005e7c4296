"""f-puzzles links: ``?load=`` and lz-string base64 of {"size": 9, "grid": [[{"value": 5,
"given": true}, ...]]}; classic puzzles only, every other constraint is refused by name."""

from __future__ import annotations

import json
from typing import Any

from ..model.errors import LinkError
from ..model.grid import Grid, Shape
from .linkdata import (
    Link,
    Param,
    PuzzleLink,
    cell_value,
    decompressed,
    refuse_variant,
    shape_for,
)

FPUZZLES = "f-puzzles"


# Keys of an f-puzzles puzzle that change no rule; anything else that is set is a variant.
_FPUZZLES_PLAIN = frozenset({
    "size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts",
    "disabledlogic", "truecandidatesoptions", "version",
})
_FPUZZLES_NAMES = {
    "killercage": "cages", "cage": "cages", "littlekillersum": "little killer sums",
    "thermometer": "thermometers", "arrow": "arrows", "diagonal+": "a diagonal",
    "diagonal-": "a diagonal", "antiknight": "the anti-knight rule",
    "antiking": "the anti-king rule", "disjointgroups": "disjoint groups",
    "nonconsecutive": "the non-consecutive rule", "sandwichsum": "sandwich sums",
    "difference": "difference dots", "ratio": "ratio dots", "xv": "XV clues",
    "clone": "clones", "quadruple": "quadruples", "betweenline": "between lines",
    "minimum": "minimum cells", "maximum": "maximum cells", "extraregion": "extra regions",
    "odd": "odd cells", "even": "even cells", "palindrome": "palindromes",
    "renban": "renban lines", "whispers": "whisper lines", "xsum": "X-sums",
    "skyscraper": "skyscrapers", "line": "lines", "rectangle": "shapes", "circle": "shapes",
    "text": "text clues", "regionsumline": "region-sum lines", "entropicline": "entropic lines",
}


def read_fpuzzles(link: Link, shape: Shape | None) -> PuzzleLink:
    """An f-puzzles link of a classic puzzle: '?load=' and its compressed data."""
    load = link.query.get("load")
    if load is None:
        if "id" in link.query:
            raise LinkError("this f-puzzles link names a puzzle stored on f-puzzles.com "
                            "('?id='); only the site can look it up: open it there and copy "
                            "its '?load=' link")
        raise LinkError("this f-puzzles link holds no puzzle: expected '?load=' and its data")
    return fpuzzles_data(load, FPUZZLES, shape)


def fpuzzles_data(param: Param, site: str, shape: Shape | None) -> PuzzleLink:
    """The puzzle in f-puzzles' compressed JSON (also found inside SudokuPad links)."""
    puzzle = _fpuzzles_json(param, site)
    size = puzzle.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 64:
        raise param.error(site, f'"size" is {json.dumps(size)[:20]}, not a grid size')
    extras: list[str] = [_FPUZZLES_NAMES.get(str(k), str(k)) for k, v in puzzle.items()
                         if k not in _FPUZZLES_PLAIN and v not in (None, False, [], {}, "")]
    rows = puzzle["grid"]
    shape = shape_for(size, shape, param, site)
    if len(rows) != size:
        raise param.error(site, f"the grid has {len(rows)} row{'s' * (len(rows) != 1)}, "
                                f"its size says {size}")
    givens, entries = _givens_and_entries(rows, shape, param, site, extras)
    refuse_variant(site, extras)
    entry_grid = Grid(shape, tuple(entries)) if any(entries) else None
    return PuzzleLink(site, Grid(shape, tuple(givens)), entry_grid)


def _fpuzzles_json(param: Param, site: str) -> dict[str, Any]:
    """The f-puzzles JSON object of the data, which must hold a "grid" list."""
    data = decompressed(param, site)
    try:
        puzzle = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise param.error(site, f"the data is not an f-puzzles puzzle (not JSON: {exc})") from None
    if not isinstance(puzzle, dict) or not isinstance(puzzle.get("grid"), list):
        raise param.error(site, 'the data is not an f-puzzles puzzle (no "grid")')
    return puzzle


def _givens_and_entries(rows: list[Any], shape: Shape, param: Param, site: str,
                        extras: list[str]) -> tuple[list[int], list[int]]:
    """The givens and the solver's entries of f-puzzles' rows of cells; irregular regions
    and given pencil marks are added to ``extras``."""
    size = shape.size
    givens, entries = [], []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            raise param.error(site, f"row {r + 1} of the grid does not hold {size} cells")
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise param.error(site, f"r{r + 1}c{c + 1} is not a cell object")
            region = cell.get("region")
            if region is not None and region != shape.geometry.box_of[r * size + c]:
                extras.append("irregular regions (jigsaw)")
            if cell.get("givenPencilMarks"):
                extras.append("given pencil marks")
            value = cell_value(cell.get("value"), size, f"r{r + 1}c{c + 1}", param, site)
            given = bool(cell.get("given"))
            givens.append(value if given else 0)
            entries.append(0 if given else value)
    return givens, entries
