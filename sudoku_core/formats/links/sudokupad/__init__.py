"""SudokuPad links (sudokupad.app, sxsm.uk), read and written: ``/<id>`` or ``?puzzle=<id>``,
the id being 'scl' or 'ctc' and lz-string (zipped) JSON, 'fpuzzles' and f-puzzles data, or
'classic' and one of two compact codes for the givens; written as 'fpuzzles' and f-puzzles
data. f-puzzles data carries its rules as f-puzzles does; SudokuPad's own JSON draws them
(cages, regions, lines, arrows, shapes), and the drawings whose rule is unambiguous are read
by rules.py (shapes.py reads the geometry), anything else refused by name."""

from __future__ import annotations

import re
from math import isqrt
from urllib.parse import unquote

from ....model.errors import LinkError, SudokuError
from ....model.grid import Grid, Shape
from ...sizes import is_supported
from ..about import About, about_of
from ..base import (
    Link,
    Param,
    PuzzleLink,
    cell_value,
    decompressed,
    grid_of,
    shape_for,
)
from ..codecs.zipped_json import ZippedJSONError, loads
from ..fpuzzles import fpuzzles_data, fpuzzles_load
from .rules import read_pad_rules
from .shapes import expanded

SUDOKUPAD = "SudokuPad"


_PREFIX = re.compile(r"^(scf|fpuz(?:zles)?|scl|ctc|classic)?(.*)$", re.DOTALL)
_SHORT_ID = 60  # SudokuPad's longest stored-puzzle id
# SudokuPad's two compact codes for classic givens. The first writes a given as its digit
# and a run of 1-69 empty cells as one of these characters (the run's length is its index).
_RUNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"
# The second writes each cell as one of these: digit (index % 10, 0 empty) and then
# index // 10 empty cells.
_PAIRS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
# SudokuPad keeps a puzzle's credits as cages of no cells whose value is 'title: ...',
# 'author: ...' or 'rules: ...' (one cage a paragraph of rules); some tools write a
# "metadata" object instead.
_CREDIT = re.compile(r"^\s*(title|author|rules)\s*:\s?(.*)$", re.DOTALL | re.IGNORECASE)
_CREDITS = ("title", "author", "rules")


def read_sudokupad(link: Link, shape: Shape | None) -> PuzzleLink:
    """A SudokuPad link that carries its puzzle: scl/ctc data, f-puzzles data, or classic."""
    param = link.query.get("puzzle")
    if param is None:
        path = link.path.lstrip("/")
        for lead in ("sudoku/", "puzzle/"):
            path = path.removeprefix(lead)
        start = link.path_start + len(link.path) - len(path)
        param = Param("path", unquote(path), start, "%" not in path)
    m = _PREFIX.match(param.value)
    assert m is not None
    prefix, data = m.group(1) or "", m.group(2)
    inner = Param(param.key, data, param.start + len(prefix), param.exact)
    if not data:
        raise LinkError(f"this {SUDOKUPAD} link holds no puzzle (nothing after the site name)")
    if prefix.startswith("fpuz"):
        return fpuzzles_data(inner, SUDOKUPAD, shape)
    if prefix == "classic":
        return _classic(inner, shape)
    if prefix == "scf":
        raise LinkError(f"this {SUDOKUPAD} link holds its puzzle in the 'scf' format, which is "
                        f"not read; 'scl', 'ctc', 'fpuzzles' and 'classic' links are")
    if not prefix and len(data) <= _SHORT_ID:
        raise LinkError(
            f"this {SUDOKUPAD} link names a puzzle stored on the SudokuPad server "
            f"({data[:_SHORT_ID]!r}); only the site can look it up: open it there and share "
            f"it as an f-puzzles link or as its digits"
        )
    text = decompressed(inner, SUDOKUPAD)
    try:
        puzzle = loads(text)
    except ZippedJSONError as exc:
        raise inner.error(SUDOKUPAD, f"the data is not a SudokuPad puzzle ({exc})") from None
    if isinstance(puzzle, dict) and "grid" in puzzle and "size" in puzzle:
        return fpuzzles_data(inner, SUDOKUPAD, shape)
    return _pad_puzzle(puzzle, inner, shape)


def _pad_puzzle(puzzle: object, param: Param, shape: Shape | None) -> PuzzleLink:
    """Givens and rules of SudokuPad's puzzle JSON (rules.py reads its drawings)."""
    if not isinstance(puzzle, dict):
        raise param.error(SUDOKUPAD, "the data is not a SudokuPad puzzle (not an object)")
    puzzle = expanded(puzzle)
    assert isinstance(puzzle, dict)
    rows = puzzle.get("cells")
    if not isinstance(rows, list) or not rows:
        raise param.error(SUDOKUPAD, 'the data is not a SudokuPad puzzle (no "cells")')
    n = len(rows)
    shape = shape_for(n, shape.classic if shape is not None else
                      _box_of_regions(puzzle.get("regions"), n), param, SUDOKUPAD)
    values = _pad_values(rows, n, param)
    return PuzzleLink(SUDOKUPAD, Grid(shape.with_variant(read_pad_rules(puzzle, shape)),
                                      tuple(values)), about=_credits(puzzle))


def _credits(puzzle: dict[str, object]) -> About | None:
    """The title, author and rules of SudokuPad's JSON: its credit cages, else "metadata"."""
    found: dict[str, list[str]] = {}
    cages = puzzle.get("cages")
    for cage in cages if isinstance(cages, list) else []:
        value = cage.get("value") if isinstance(cage, dict) else None
        m = _CREDIT.match(value) if isinstance(value, str) else None
        if m is not None:
            found.setdefault(m.group(1).lower(), []).append(m.group(2))
    meta = puzzle.get("metadata") or puzzle.get("metaData")
    if isinstance(meta, dict):
        for key in _CREDITS:
            if key not in found and isinstance(meta.get(key), str):
                found[key] = [meta[key]]
    return about_of(*("\n".join(found[key]) if key in found else None for key in _CREDITS))


def _pad_values(rows: list[object], n: int, param: Param) -> list[int]:
    """The givens of SudokuPad's rows of cells, row by row."""
    values = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise param.error(SUDOKUPAD, f"row {r + 1} of the cells does not hold {n} cells "
                                         f"(the grid has {n} rows)")
        for c, cell in enumerate(row):
            value = next((cell[k] for k in ("value", "v") if k in cell), None) if isinstance(
                cell, dict) else None
            values.append(cell_value(value, n, f"r{r + 1}c{c + 1}", param, SUDOKUPAD))
    return values


def _box_of_regions(regions: object, n: int) -> Shape | None:
    """The box shape that SudokuPad's regions draw, None for the default (and for regions
    that are not such boxes: Jigsaw, read by rules.py)."""
    if not isinstance(regions, list) or not regions:
        return None
    return _regular_boxes(regions, n)


def _regular_boxes(regions: list[object], n: int) -> Shape | None:
    """The box shape when the ``n`` regions are all alike boxes tiling the grid, else None."""
    boxes = set()
    for region in regions:
        box = _region_box(region, n)
        if box is None:
            return None
        boxes.add(box)
    if len(boxes) != 1 or len(regions) != n:
        return None
    try:
        return Shape(*boxes.pop())
    except SudokuError:
        return None


def _region_box(region: object, n: int) -> tuple[int, int] | None:
    """Height and width of a region that is an aligned box of ``n`` cells, else None."""
    cells = region if isinstance(region, list) else []
    places = [_place(cell, n) for cell in cells]
    if None in places:
        return None
    rows = {place[0] for place in places if place is not None}
    cols = {place[1] for place in places if place is not None}
    h, w = len(rows), len(cols)
    if (not cells or len(cells) != n or h * w != n or max(rows) - min(rows) + 1 != h
            or max(cols) - min(cols) + 1 != w or min(rows) % h or min(cols) % w):
        return None
    return h, w


def _place(cell: object, n: int) -> tuple[int, int] | None:
    """Row and column of a region's cell ``[r, c]``, None unless both are whole numbers
    inside the grid (SudokuPad writes them as numbers; 1e999 or NaN is no cell)."""
    if not isinstance(cell, list) or len(cell) < 2:
        return None
    out = []
    for v in cell[:2]:
        if isinstance(v, float) and v.is_integer():
            v = int(v)  # finite, so int() cannot overflow
        elif isinstance(v, str) and v.isascii() and v.isdigit() and len(v) <= 3:
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
            return None
        out.append(v)
    return out[0], out[1]


def _classic(param: Param, shape: Shape | None) -> PuzzleLink:
    """SudokuPad's 'classic' compact givens, in either of its two codes."""
    data = param.value
    runs = all(ch in _RUNS or ch in "123456789" for ch in data)
    pairs = all(ch in _PAIRS for ch in data)
    if not runs and not pairs:
        # The first character that neither code has, or else the first that the run code
        # lacks (the text mixes the two codes).
        bad = next((k for k, ch in enumerate(data) if ch not in _RUNS and ch not in _PAIRS),
                   None)
        if bad is None:  # the first character only one code has sets the code
            first = next(ch for ch in data if (ch in _PAIRS) != (ch in _RUNS + "123456789"))
            code = _PAIRS if first in _PAIRS else _RUNS + "123456789"
            bad = next(k for k, ch in enumerate(data) if ch not in code)
            raise param.error(SUDOKUPAD, f"{data[bad]!r} belongs to the other of SudokuPad's two "
                                         f"classic codes; a puzzle uses one", bad)
        raise param.error(SUDOKUPAD, f"{data[bad]!r} is not a character of a classic puzzle",
                          bad)
    # The codes share most characters; SudokuPad takes the one that makes a square grid,
    # the run code first (its 'classic' links); so do we, and the values must fit it too.
    decoded = ([_decode_runs(data)] if runs else []) + ([_decode_pairs(data)] if pairs else [])
    values = next((d for d in decoded if _fits(d)), decoded[0])
    return PuzzleLink(SUDOKUPAD, grid_of(values, param, SUDOKUPAD, shape))


def _fits(values: list[int]) -> bool:
    """True when the values make a supported N x N grid."""
    n = isqrt(len(values))
    return n * n == len(values) and is_supported(n) and max(values) <= n


def _decode_runs(data: str) -> list[int]:
    out: list[int] = []
    for ch in data:
        if ch in "123456789":
            out.append(int(ch))
        else:
            out.extend([0] * _RUNS.index(ch))
        if len(out) > 64 * 64:
            break
    return out


def _decode_pairs(data: str) -> list[int]:
    out: list[int] = []
    for ch in data:
        k = _PAIRS.index(ch)
        out.append(k % 10)
        out.extend([0] * (k // 10))
        if len(out) > 64 * 64:
            break
    return out


def write_sudokupad(givens: Grid, placed: tuple[int, ...], about: About | None = None) -> str:
    """The link that opens the puzzle on SudokuPad: f-puzzles data, which it reads with the
    rules and the credits (its own JSON would draw the rules, which f-puzzles' keys say)."""
    return f"https://sudokupad.app/fpuzzles{fpuzzles_load(givens, placed, about)}"
