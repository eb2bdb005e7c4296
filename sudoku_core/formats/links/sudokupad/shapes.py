"""What SudokuPad's puzzle JSON draws, read as plain geometry: colours, points, cells, shapes.

SudokuPad ('scl' / 'ctc' links) keeps no rule by name: a thermometer is a grey line and a
round grey shape under its first cell, a Kropki dot a small round shape on the border between
two cells. Points are ``[row, column]`` in cells from the grid's top-left corner (the centre of
r1c1 is ``[0.5, 0.5]``); cells of cages and regions are ``[row, column]`` 0-based. Its zipped
JSON shortens keys (``wp`` for ``wayPoints``, ``c2`` for ``backgroundColor``) and colours
(``#0`` for black, ``CFCFCF`` without its '#'); ``expanded`` and ``colour`` undo that. Which
drawing is which rule is decided in rules.py.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

# SudokuPad's short keys (its PuzzleZipper) and the names they stand for.
_LONG_KEYS = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
    "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
    "w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
    "re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
    "t": "title", "te": "text", "d": "duration", "d2": "d",
}
_HEX = re.compile(r"^#?([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_NAMED = {"black": "000000", "white": "ffffff", "#0": "000000", "#f": "ffffff"}
_CELL_NAME = re.compile(r"^[Rr]([0-9]{1,3})[Cc]([0-9]{1,3})$")
EDGE = 0.05  # a point this close to a cell's side is on the side, not in the cell
Cell = tuple[int, int]  # 0-based row and column


def expanded(value: object) -> object:
    """``value`` with SudokuPad's short keys spelt out, at every depth (a long key that is
    also there wins)."""
    if isinstance(value, list):
        return [expanded(v) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, object] = {}
    for key, v in value.items():
        text = str(key)
        long = _LONG_KEYS.get(text, text)
        if long not in out or long == text:
            out[long] = expanded(v)
    return out


def colour(value: object) -> str | None:
    """A colour as six lower-case hex digits, 'none' for nothing drawn (absent, 'none',
    'transparent' or no opacity), else None (a form not read, such as 'rgba(...)')."""
    if value is None:
        return "none"
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 999999:
        value = f"{value:06d}"  # the zipped JSON reads 'CFCFCF' as text but '202020' as 202020
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text in ("", "none", "transparent"):
        return "none"
    if text in _NAMED:
        return _NAMED[text]
    m = _HEX.match(text)
    if m is None:
        return None
    digits = m.group(1)
    if len(digits) <= 4:
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) == 8:
        if digits[6:] == "00":
            return "none"
        digits = digits[:6]
    return digits


def number(value: object) -> float | None:
    """A finite number (SudokuPad writes numbers; a numeral string is read too)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return None
    if isinstance(value, int) and abs(value) < 10**15:
        return float(value)
    if isinstance(value, float) and math.isfinite(value):
        return value
    return None


def point(value: object) -> tuple[float, float] | None:
    """A point ``[row, column]``."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    r, c = number(value[0]), number(value[1])
    return None if r is None or c is None else (r, c)


def cell_of(p: tuple[float, float]) -> Cell | None:
    """The cell a point lies in (None when it lies on a cell's side or corner)."""
    out = []
    for v in p:
        whole = math.floor(v)
        if not EDGE <= v - whole <= 1 - EDGE:
            return None
        out.append(whole)
    return out[0], out[1]


def is_half(v: float) -> bool:
    """True for a number that is a whole number and a half (a cell's centre line)."""
    return abs(v - math.floor(v) - 0.5) < 0.01


def is_whole(v: float) -> bool:
    """True for a whole number (a line between cells)."""
    return abs(v - round(v)) < 0.01


def path_cells(points: list[tuple[float, float]]) -> list[Cell] | None:
    """The cells a path runs through, its points taken cell by cell (points inside one cell
    count once); None when a point is on a cell's side or a step is neither straight nor
    diagonal (a line from cell to cell goes through every cell on its way)."""
    cells: list[Cell] = []
    for p in points:
        cell = cell_of(p)
        if cell is None:
            return None
        if cells and cell == cells[-1]:
            continue
        if cells:
            (r0, c0), (r1, c1) = cells[-1], cell
            dr, dc = r1 - r0, c1 - c0
            if dr and dc and abs(dr) != abs(dc):
                return None
            steps = max(abs(dr), abs(dc))
            sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
            cells.extend((r0 + k * sr, c0 + k * sc) for k in range(1, steps))
        cells.append(cell)
    return cells


def cell_list(value: object) -> list[Cell] | None:
    """The cells of a cage or region: ``[[r, c], ...]`` (0-based), ``["R1C1", ...]`` or
    ``"r1c1,r1c2"``; None when one is not a cell name or a pair of whole numbers."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    if not isinstance(value, list):
        return None
    out = []
    for item in value:
        if isinstance(item, str):
            m = _CELL_NAME.match(item.strip())
            if m is None:
                return None
            out.append((int(m.group(1)) - 1, int(m.group(2)) - 1))
            continue
        p = point(item)
        if p is None or not all(v.is_integer() for v in p):
            return None
        out.append((int(p[0]), int(p[1])))
    return out


def name(cell: Cell) -> str:
    """'r1c1' for (0, 0)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@dataclass(frozen=True)
class Shape:
    """One overlay or underlay: a rectangle (round when ``rounded``) with optional text."""

    layer: str  # "overlay" or "underlay"
    index: int  # 1-based, in its list
    center: tuple[float, float]
    width: float
    height: float
    rounded: bool
    fill: str | None  # colour() of backgroundColor
    border: str | None  # colour() of borderColor
    text: str
    angle: float

    @property
    def what(self) -> str:
        """How a message names it: 'overlay 3 (a circle, text 'X', at r1c1-r1c2)'."""
        parts = ["a circle" if self.rounded else "a rectangle"]
        if self.fill not in (None, "none"):
            parts.append(f"colour #{self.fill}")
        if self.text:
            parts.append(f"text {self.text[:20]!r}")
        return f"{self.layer} {self.index} ({', '.join(parts)}, at {self.place})"

    @property
    def place(self) -> str:
        """Where it sits, in words: 'r1c1', 'r1c1-r1c2' (their border) or the point."""
        cell = cell_of(self.center)
        if cell is not None:
            return name(cell)
        pair = self.edge()
        if pair is not None:
            return f"{name(pair[0])}-{name(pair[1])}"
        return f"[{self.center[0]:g}, {self.center[1]:g}]"

    def cell(self) -> Cell | None:
        """The cell whose centre it sits on."""
        r, c = self.center
        if is_half(r) and is_half(c):
            return math.floor(r), math.floor(c)
        return None

    def edge(self) -> tuple[Cell, Cell] | None:
        """The two cells whose shared side it sits on the middle of (top/left cell first)."""
        r, c = self.center
        if is_whole(r) and is_half(c):
            row, col = round(r), math.floor(c)
            return (row - 1, col), (row, col)
        if is_half(r) and is_whole(c):
            row, col = math.floor(r), round(c)
            return (row, col - 1), (row, col)
        return None

    def covered(self, size: int) -> list[Cell]:
        """The cells of the N x N grid whose centres lie inside it (an arrow's circle over 1
        or more cells)."""
        r, c = self.center
        rows = range(max(0, math.ceil(r - self.height / 2 - 0.5)),
                     min(size - 1, math.floor(r + self.height / 2 - 0.5)) + 1)
        cols = range(max(0, math.ceil(c - self.width / 2 - 0.5)),
                     min(size - 1, math.floor(c + self.width / 2 - 0.5)) + 1)
        return [(row, col) for row in rows for col in cols]


def shape(item: object, layer: str, index: int) -> Shape | None:
    """An overlay or underlay object read as a Shape; None when it has no centre or size."""
    if not isinstance(item, dict):
        return None
    center = point(item.get("center"))
    width, height = number(item.get("width")), number(item.get("height"))
    if center is None or width is None or height is None:
        return None
    text = item.get("text")
    if isinstance(text, float) and text.is_integer():
        text = int(text)  # the zipped JSON turns a numeral into a number
    angle = number(item.get("angle", 0))
    return Shape(layer, index, center, width, height, item.get("rounded") is True,
                 colour(item.get("backgroundColor")), colour(item.get("borderColor")),
                 "" if text is None else str(text).strip(), angle or 0.0)
