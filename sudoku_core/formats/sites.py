"""Links of other sudoku sites: SudokuWiki, sudoku.coach, f-puzzles and SudokuPad (classic only).

Each reader takes a Link already cut into parts and returns a PuzzleLink, or raises a
LinkError that names the site, the part of the link at fault and why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from math import isqrt

from ..errors import LinkError, SudokuError
from ..grid import Grid, Shape
from .linkdata import Link, Param, PuzzleLink, symbol_cells
from .lzstring import LZStringError, decompress
from .sizes import count_error, is_supported, shape_for_size, sized
from .zipped_json import ZippedJSONError, loads

SUDOKUWIKI, COACH, FPUZZLES, SUDOKUPAD = "SudokuWiki", "sudoku.coach", "f-puzzles", "SudokuPad"


def _grid_of(values: list[int], param: Param, site: str, shape: Shape | None) -> Grid:
    """The grid that a run of cell values makes (its size from the count)."""
    n = isqrt(len(values))
    if shape is None and n * n == len(values) and is_supported(n):
        shape = shape_for_size(n)
    if shape is None or shape.cell_count != len(values):
        raise param.error(site, str(count_error(len(values), shape)))
    return Grid(shape, tuple(values))


# --- SudokuWiki: sudoku.htm?bd=<81 digits> or bd=S9B<2 base-36 digits per cell> -------------

# Version B packs a cell into one number: 0 empty, 1-9 a given, 10-18 a placed value (+9),
# 19-529 candidates (a bit per digit, +18); two base-36 digits per cell.
_S9B = re.compile(r"^S9B(?P<cells>.*)$", re.IGNORECASE)
_PLACED, _CANDIDATES, _LARGEST = 9, 18, 18 + 511


def read_sudokuwiki(link: Link, shape: Shape | None) -> PuzzleLink:
    """A SudokuWiki board: 81 digits, or the 'S9B' candidate grid of its solver."""
    page = link.path.rstrip("/").rsplit("/", 1)[-1]
    if page and page.lower() not in ("sudoku.htm", "sudoku.html"):
        raise LinkError(
            f"this SudokuWiki link opens {page!r}, a variant solver; only classic sudoku "
            f"(sudoku.htm) is read"
        )
    bd = link.query.get("bd")
    if bd is None:
        raise LinkError("this SudokuWiki link carries no board: expected '?bd=' and its cells")
    m = _S9B.match(bd.value)
    if m is None:
        if len(bd.value) != 81:
            raise bd.error(SUDOKUWIKI, f"{len(bd.value)} characters; a SudokuWiki board is 81 "
                                       f"digits (0 for empty) or 'S9B' and 162 characters")
        return PuzzleLink(SUDOKUWIKI, _grid_of(symbol_cells(bd, SUDOKUWIKI, 9), bd,
                                               SUDOKUWIKI, shape))
    cells = m.group("cells")
    if len(cells) != 162:
        raise bd.error(SUDOKUWIKI, f"'S9B' is followed by {len(cells)} characters; a board "
                                   f"holds 162 (2 per cell)")
    givens, entries = [], []
    for k in range(0, 162, 2):
        pair = cells[k:k + 2]
        try:
            v = int(pair, 36) if pair.isascii() and pair.isalnum() else -1
        except ValueError:
            v = -1
        if not 0 <= v <= _LARGEST:
            raise bd.error(SUDOKUWIKI, f"cell {k // 2 + 1}: {pair!r} is not a packed cell "
                                       f"(two base-36 digits, at most {_LARGEST})", k + 3)
        givens.append(v if v <= _PLACED else 0)
        entries.append(v - _PLACED if _PLACED < v <= _CANDIDATES else 0)
    g = _grid_of(givens, bd, SUDOKUWIKI, shape)
    return PuzzleLink(SUDOKUWIKI, g, Grid(g.shape, tuple(entries)))


# --- sudoku.coach: /<language>/play/<81 digits> or /<language>/solver/<81 digits> ----------

def read_coach(link: Link, shape: Shape | None) -> PuzzleLink:
    """A sudoku.coach play or solver link."""
    parts = [p for p in link.path.split("/") if p]
    kind = next((k for k, p in enumerate(parts) if p in ("play", "solver")), None)
    if kind is None or kind + 1 >= len(parts):
        if len(parts) >= 2 and parts[-2] == "s":
            raise LinkError(
                f"this sudoku.coach link is a short link ({parts[-1]!r}) to a puzzle stored on "
                f"sudoku.coach; only the site can look it up: open it there and copy its "
                f"play link (…/play/ and 81 digits)"
            )
        raise LinkError("this sudoku.coach link holds no puzzle: expected …/play/ or "
                        "…/solver/ followed by 81 digits")
    cells = parts[kind + 1]
    start = link.path_start + link.path.find(cells, link.path.find(parts[kind]))
    param = Param(parts[kind], cells, start, True)
    if len(cells) != 81:
        raise param.error(COACH, f"{len(cells)} characters; a sudoku.coach puzzle is 81 "
                                 f"digits (0 for empty)")
    return PuzzleLink(COACH, _grid_of(symbol_cells(param, COACH, 9), param, COACH, shape))


# --- f-puzzles: ?load=<lz-string base64 of {"size": 9, "grid": [[{"value": 5, ...}]]}> -------

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
    data = _decompressed(param, site)
    try:
        puzzle = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise param.error(site, f"the data is not an f-puzzles puzzle (not JSON: {exc})") from None
    if not isinstance(puzzle, dict) or not isinstance(puzzle.get("grid"), list):
        raise param.error(site, 'the data is not an f-puzzles puzzle (no "grid")')
    size = puzzle.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 64:
        raise param.error(site, f'"size" is {json.dumps(size)[:20]}, not a grid size')
    extras: list[str] = [_FPUZZLES_NAMES.get(str(k), str(k)) for k, v in puzzle.items()
              if k not in _FPUZZLES_PLAIN and v not in (None, False, [], {}, "")]
    rows = puzzle["grid"]
    shape = _shape_for(size, shape, param, site)
    givens, entries = [], []
    for r in range(size):
        row = rows[r] if r < len(rows) else None
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
            value = _cell_value(cell.get("value"), size, f"r{r + 1}c{c + 1}", param, site)
            given = bool(cell.get("given"))
            givens.append(value if given else 0)
            entries.append(0 if given else value)
    _refuse_variant(site, extras)
    entry_grid = Grid(shape, tuple(entries)) if any(entries) else None
    return PuzzleLink(site, Grid(shape, tuple(givens)), entry_grid)


def _decompressed(param: Param, site: str) -> str:
    """The lz-string data of a parameter, decompressed."""
    data = param.value.replace(" ", "+")  # a '+' that a query decoder turned into a space
    try:
        return decompress(data)
    except LZStringError as exc:
        at = exc.position if exc.position is not None and exc.position < len(data) else None
        raise param.error(site, f"the compressed puzzle is damaged: {exc}", at) from None


def _shape_for(size: int, shape: Shape | None, param: Param, site: str) -> Shape:
    """The box shape of a site's N x N grid."""
    if shape is not None:
        if shape.size != size:
            raise param.error(site, f"the puzzle is {size}x{size}, not {shape.size}x{shape.size}")
        return shape
    if not is_supported(size):
        raise param.error(site, f"{sized(size)} grid has no box shape this package reads "
                                f"(sizes 4 to 64 that are not prime)")
    return shape_for_size(size)


def _cell_value(value: object, n: int, cell: str, param: Param, site: str) -> int:
    """A cell's value: an integer or a numeral 1..N; nothing for an empty cell."""
    if value is None or value == "":
        return 0
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= n:
        return value
    shown = json.dumps(value)[:20]
    raise param.error(site, f"{cell}: {shown} is not a value of {sized(n)} puzzle (1-{n})")


def _refuse_variant(site: str, extras: Iterable[str]) -> None:
    """LinkError for a puzzle with rules beyond classic sudoku."""
    names = list(dict.fromkeys(extras))
    if names:
        shown = ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
        raise LinkError(f"this {site} link holds a variant with {shown}; only classic sudoku "
                        f"is read")


# --- SudokuPad: sudokupad.app/<id> or ?puzzle=<id>; id = scl|ctc|fpuzzles|classic + data ----

_PREFIX = re.compile(r"^(scf|fpuz(?:zles)?|scl|ctc|classic)?(.*)$", re.DOTALL)
_SHORT_ID = 60  # SudokuPad's longest stored-puzzle id
# SudokuPad's two compact codes for classic givens. The first writes a given as its digit
# and a run of 1-69 empty cells as one of these characters (the run's length is its index).
_RUNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"
# The second writes each cell as one of these: digit (index % 10, 0 empty) and then
# index // 10 empty cells.
_PAIRS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
_PAD_PARTS = {"cells": ("cells", "ce"), "regions": ("regions", "re"), "cages": ("cages", "ca")}
_PAD_VARIANT = {"lines": ("lines", "l"), "arrows": ("arrows", "a"),
                "shapes drawn over the grid": ("overlays", "o"),
                "shapes drawn under the grid": ("underlays", "u")}
_METADATA = re.compile(r"^\s*[A-Za-z]+\s*:")


def read_sudokupad(link: Link, shape: Shape | None) -> PuzzleLink:
    """A SudokuPad link that carries its puzzle: scl/ctc data, f-puzzles data, or classic."""
    param = link.query.get("puzzle")
    if param is None:
        path = link.path.lstrip("/")
        for lead in ("sudoku/", "puzzle/"):
            path = path.removeprefix(lead)
        start = link.path_start + len(link.path) - len(path)
        param = Param("path", path, start, True)
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
                        f"not read; only classic sudoku in 'scl', 'ctc', 'fpuzzles' or "
                        f"'classic' links is")
    if not prefix and len(data) <= _SHORT_ID:
        raise LinkError(
            f"this {SUDOKUPAD} link names a puzzle stored on the SudokuPad server "
            f"({data[:_SHORT_ID]!r}); only the site can look it up: open it there and share "
            f"it as an f-puzzles link or as its digits"
        )
    text = _decompressed(inner, SUDOKUPAD)
    try:
        puzzle = loads(text)
    except ZippedJSONError as exc:
        raise inner.error(SUDOKUPAD, f"the data is not a SudokuPad puzzle ({exc})") from None
    if isinstance(puzzle, dict) and "grid" in puzzle and "size" in puzzle:
        return fpuzzles_data(inner, SUDOKUPAD, shape)
    return _pad_puzzle(puzzle, inner, shape)


def _pad_puzzle(puzzle: object, param: Param, shape: Shape | None) -> PuzzleLink:
    """Givens of SudokuPad's puzzle JSON, refusing anything beyond classic sudoku."""
    if not isinstance(puzzle, dict):
        raise param.error(SUDOKUPAD, "the data is not a SudokuPad puzzle (not an object)")
    part = {name: next((puzzle[k] for k in keys if k in puzzle), None)
            for name, keys in _PAD_PARTS.items()}
    rows = part["cells"]
    if not isinstance(rows, list) or not rows:
        raise param.error(SUDOKUPAD, 'the data is not a SudokuPad puzzle (no "cells")')
    n = len(rows)
    extras = [name for name, keys in _PAD_VARIANT.items()
              if any(puzzle.get(k) not in (None, [], {}) for k in keys)]
    cages = part["cages"] if isinstance(part["cages"], list) else []
    if any(_is_rule_cage(cage) for cage in cages):
        extras.append("cages")
    shape = _shape_for(n, shape or _box_of_regions(part["regions"], n, extras), param,
                       SUDOKUPAD)
    values = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise param.error(SUDOKUPAD, f"row {r + 1} of the cells does not hold {n} cells "
                                         f"(the grid has {n} rows)")
        for c, cell in enumerate(row):
            value = next((cell[k] for k in ("value", "v") if k in cell), None) if isinstance(
                cell, dict) else None
            values.append(_cell_value(value, n, f"r{r + 1}c{c + 1}", param, SUDOKUPAD))
    _refuse_variant(SUDOKUPAD, extras)
    return PuzzleLink(SUDOKUPAD, Grid(shape, tuple(values)))


def _is_rule_cage(cage: object) -> bool:
    """True for a cage that is a rule; SudokuPad keeps title, author and rules as cages
    with no cells and a value such as 'title: ...'."""
    if not isinstance(cage, dict):
        return False
    cells = cage.get("cells", cage.get("ce"))
    value = cage.get("value", cage.get("v"))
    metadata = isinstance(value, str) and _METADATA.match(value) is not None
    return bool(cells) and not metadata


def _box_of_regions(regions: object, n: int, extras: list[str]) -> Shape | None:
    """The box shape that SudokuPad's regions draw, None for the default; a region that is
    not such a box adds 'irregular regions' to ``extras``."""
    if not isinstance(regions, list) or not regions:
        return None
    shapes = set()
    for region in regions:
        cells = region if isinstance(region, list) else []
        try:
            rows = {int(cell[0]) for cell in cells}
            cols = {int(cell[1]) for cell in cells}
        except (TypeError, ValueError, IndexError, KeyError):
            extras.append("irregular regions (jigsaw)")
            return None
        h, w = len(rows), len(cols)
        if (not cells or len(cells) != n or h * w != n or max(rows) - min(rows) + 1 != h
                or max(cols) - min(cols) + 1 != w or min(rows) % h or min(cols) % w):
            extras.append("irregular regions (jigsaw)")
            return None
        shapes.add((h, w))
    if len(shapes) != 1 or len(regions) != n:
        extras.append("irregular regions (jigsaw)")
        return None
    h, w = shapes.pop()
    try:
        return Shape(h, w)
    except SudokuError:
        extras.append("irregular regions (jigsaw)")
        return None


def _classic(param: Param, shape: Shape | None) -> PuzzleLink:
    """SudokuPad's 'classic' compact givens, in either of its two codes."""
    data = param.value
    runs = all(ch in _RUNS or ch in "123456789" for ch in data)
    pairs = all(ch in _PAIRS for ch in data)
    if not runs and not pairs:
        bad = next(k for k, ch in enumerate(data) if ch not in _RUNS and ch not in _PAIRS)
        raise param.error(SUDOKUPAD, f"{data[bad]!r} is not a character of a classic puzzle",
                          bad)
    # The codes share most characters; SudokuPad takes the one that makes a square grid,
    # the run code first (its 'classic' links); so do we, and the values must fit it too.
    decoded = ([_decode_runs(data)] if runs else []) + ([_decode_pairs(data)] if pairs else [])
    values = next((d for d in decoded if _fits(d)), decoded[0])
    return PuzzleLink(SUDOKUPAD, _grid_of(values, param, SUDOKUPAD, shape))


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
