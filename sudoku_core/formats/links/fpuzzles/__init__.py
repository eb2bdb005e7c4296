"""f-puzzles links, read and written: ``?load=`` and lz-string base64 of {"size": 9, "grid":
[[{"value": 5, "given": true}, ...]]}; classic puzzles and the rules of variants.py and
rules.py (the six first rules and every placed rule of docs/constraints.md); every other key
is refused by name. SudokuPad opens the same data (sudokupad/)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ....model.errors import LinkError, ShapeError
from ....model.grid import Grid, Shape
from ...sizes import shape_for_size, sized
from ..about import About, about_of
from ..base import (
    Link,
    Param,
    PuzzleLink,
    cell_value,
    decompressed,
    refuse_variant,
    shape_for,
)
from ..codecs.lzstring import compress_to_base64
from .rules import WORDS
from .variants import HANDLED, flag, read_variant, write_variant

FPUZZLES = "f-puzzles"
READ = "those keys are not read (docs/formats.md lists the f-puzzles keys that are)"
_SIZES = range(4, 17)  # the sizes f-puzzles draws with boxes


# Keys of an f-puzzles puzzle that change no rule; anything else that is set is a variant.
_FPUZZLES_PLAIN = frozenset({
    "size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts",
    "disabledlogic", "truecandidatesoptions", "version",
})


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
    puzzle = _puzzle_object(param, site)
    size = puzzle["size"]
    extras: list[str] = [WORDS.get(str(k), str(k)) for k, v in puzzle.items()
                         if k not in _FPUZZLES_PLAIN and k not in HANDLED
                         and v not in (None, False, [], {}, "")]
    rows = puzzle["grid"]
    shape = shape_for(size, shape.classic if shape is not None else None, param, site)
    if len(rows) != size:
        raise param.error(site, f"the grid has {len(rows)} row{'s' * (len(rows) != 1)}, "
                                f"its size says {size}")
    cells = _Cells()
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            raise param.error(site, f"row {r + 1} of the grid does not hold {size} cells")
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise param.error(site, f"r{r + 1}c{c + 1} is not a cell object")
            cells.add(cell, size, f"r{r + 1}c{c + 1}", param, site)
    refuse_variant(site, extras, READ)
    shape = shape.with_variant(read_variant(puzzle, shape, site))
    return cells.link(site, shape, about_of(puzzle.get("title"), puzzle.get("author"),
                                            puzzle.get("ruleset")))


def _puzzle_object(param: Param, site: str) -> dict[str, Any]:
    """The decompressed puzzle object, checked to hold a "grid" list and a grid "size"."""
    data = decompressed(param, site)
    try:
        puzzle = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise param.error(site, f"the data is not an f-puzzles puzzle (not JSON: {exc})") from None
    if not isinstance(puzzle, dict) or not isinstance(puzzle.get("grid"), list):
        raise param.error(site, 'the data is not an f-puzzles puzzle (no "grid")')
    size = puzzle.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 64:
        raise param.error(site, f'"size" is {json.dumps(size)[:20]}, not a grid size')
    return puzzle


@dataclass
class _Cells:
    """The grid's cells as read so far: givens, the player's entries, marks and colours."""

    givens: list[int] = field(default_factory=list)
    entries: list[int] = field(default_factory=list)
    centre: list[tuple[int, ...]] = field(default_factory=list)
    corner: list[tuple[int, ...]] = field(default_factory=list)
    colours: list[tuple[str, ...]] = field(default_factory=list)

    def add(self, cell: dict[str, Any], size: int, name: str, param: Param, site: str) -> None:
        """Read one cell object (``name`` such as 'r1c1')."""
        value = cell_value(cell.get("value"), size, name, param, site)
        given = flag(cell, "given", site, f"{name}: ")
        self.givens.append(value if given else 0)
        self.entries.append(0 if given else value)
        self.centre.append(_marks(cell.get("centerPencilMarks"), size, name, param, site))
        self.corner.append(_marks(cell.get("cornerPencilMarks"), size, name, param, site))
        self.colours.append(_colours(cell))

    def link(self, site: str, shape: Shape, about: About | None) -> PuzzleLink:
        """The puzzle: the givens, with entries, marks, colours and credits kept apart."""
        entry_grid = Grid(shape, tuple(self.entries)) if any(self.entries) else None
        return PuzzleLink(site, Grid(shape, tuple(self.givens)), entry_grid,
                          centre=tuple(self.centre) if any(self.centre) else None,
                          corner=tuple(self.corner) if any(self.corner) else None,
                          colours=tuple(self.colours) if any(self.colours) else None,
                          about=about)

def _marks(marks: object, size: int, cell: str, param: Param, site: str) -> tuple[int, ...]:
    """A cell's pencil marks (the player's work): distinct values 1..size, in order."""
    if marks is None:
        return ()
    if not isinstance(marks, list):
        raise param.error(site, f"{cell}: the pencil marks are not a list")
    values = {cell_value(m, size, cell, param, site) for m in marks}
    return tuple(sorted(values - {0}))


# A colour as f-puzzles writes it: '#rgb', '#rrggbb' or '#rrggbbaa'.
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")


def _colours(cell: dict[str, object]) -> tuple[str, ...]:
    """A cell's highlight colours ('c', 'cArray' or the older 'highlight'), lower-case hex;
    anything else there is decoration the page cannot show, so it is left out."""
    found: list[object] = []
    for key in ("c", "highlight"):
        found.append(cell.get(key))
    many = cell.get("cArray")
    if isinstance(many, list):
        found.extend(many)
    kept = [c.lower() for c in found if isinstance(c, str) and _HEX.match(c)]
    return tuple(dict.fromkeys(kept))


def write_fpuzzles(givens: Grid, placed: tuple[int, ...], about: About | None = None) -> str:
    """The '?load=' link of the puzzle, its rules, the player's values and the credits."""
    return f"https://www.f-puzzles.com/?load={fpuzzles_load(givens, placed, about)}"


def fpuzzles_draws(shape: Shape) -> bool:
    """True when f-puzzles (and SudokuPad, which opens its data) can draw the grid: the default
    boxes of 4x4 to 16x16."""
    return shape.size in _SIZES and shape.classic == shape_for_size(shape.size)


def fpuzzles_load(givens: Grid, placed: tuple[int, ...], about: About | None = None) -> str:
    """The compressed puzzle object that f-puzzles' and SudokuPad's links carry; ShapeError
    for a grid f-puzzles cannot draw, VariantError for a rule it cannot say."""
    if givens.size not in _SIZES:
        raise ShapeError(f"f-puzzles draws grids from 4x4 up to 16x16, not {sized(givens.size)} "
                         f"one; use the page's link or the variant text")
    if givens.shape.classic != shape_for_size(givens.size):
        raise ShapeError(f"f-puzzles draws {sized(givens.size)} grid only with boxes of "
                         f"{shape_for_size(givens.size)}, not {givens.shape.classic}; use the "
                         f"page's link or the variant text")
    data = _puzzle(givens, placed, about)
    return compress_to_base64(json.dumps(data, separators=(",", ":")))


def _puzzle(givens: Grid, placed: tuple[int, ...], about: About | None) -> dict[str, object]:
    """The f-puzzles puzzle object: rows of cells, {"value": v, "given": true} for a given;
    the credits (cleaned as about.py does) after the size, where f-puzzles writes them."""
    n = givens.size
    rows = []
    for r in range(n):
        row: list[dict[str, object]] = []
        for c in range(n):
            g, p = givens.cells[r * n + c], placed[r * n + c]
            row.append({"value": g, "given": True} if g else {"value": p} if p else {})
        rows.append(row)
    rules = write_variant(givens, rows)
    # Written as they would be read back: the writer is no way round the reader's cleaning.
    about = about_of(about.title, about.author, about.rules) if about is not None else None
    credits = {} if about is None else {
        key: value for key, value in (("title", about.title), ("author", about.author),
                                      ("ruleset", about.rules)) if value is not None}
    return {"size": n, **credits, "grid": rows, **rules}
