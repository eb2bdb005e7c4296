"""How each placed rule looks: shapes a page draws without knowing any rule (docs/protocol.md).

One drawer per rule class, all here rather than in the rule modules: the look is one style
sheet (SudokuPad's habits: grey thermometers with a bulb, green whispers, purple renban,
arrows from a circle, dots on cell edges, clues outside the grid), and keeping widths and
colours side by side keeps them consistent. A rule module still owns what its rule *means*.

Points are ``[row, col]`` in cell units, 0-based, a cell's centre at its own row and column:
``[0, 0]`` is r1c1's centre, ``[0, 0.5]`` the middle of the edge between r1c1 and r1c2, and a
clue outside the grid stands at row or column -1 or N. Colours are palette names (the page
turns ``"thermo"`` into its CSS variable ``--draw-thermo``, light or dark).

Shapes (every size in cell units):

- ``{"shape": "line", "points": [...], "stroke", "width"}``, optional ``"end": "arrow"``
  (an arrowhead at the last point) and ``"dash": true``;
- ``{"shape": "circle", "at", "radius"}`` with ``"fill"`` and/or ``"stroke"`` + ``"width"``;
- ``{"shape": "rect", "from", "to", "radius"}`` (corners; ``radius`` rounds them), with
  ``"fill"`` and/or ``"stroke"`` + ``"width"``;
- ``{"shape": "text", "at", "text", "size"}`` with ``"fill"`` (the text's colour) and an
  optional ``"back"`` (a disc behind it, so an edge's line does not cross the letter).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .arrow import Arrow
from .base import ConstraintType
from .between import BetweenLine
from .clone import Clone
from .double_arrow import DoubleArrow
from .entropic import EntropicLine
from .extra_region import ExtraRegion
from .extremes import Maximum, Minimum
from .given_candidates import GivenCandidates
from .indexer import BoxIndexers, ColumnIndexers, RowIndexers
from .kropki import BlackDot, WhiteDot
from .little_killer import LittleKiller
from .modular import ModularLine
from .palindrome import Palindrome
from .parity import EvenCells, OddCells
from .quadruple import Quadruple
from .region_sum import RegionSumLine
from .renban import Renban
from .rule import PlacedType, Rule
from .sandwich import Sandwich
from .single_diagonal import DiagonalMinus, DiagonalPlus
from .skyscraper import Skyscraper
from .thermometer import SlowThermometer, Thermometer
from .whispers import Whispers
from .xsum import XSum
from .xv import XVPair
from .zipper import ZipperLine

if TYPE_CHECKING:
    from ..variants import Variant

Shape = dict[str, object]
Point = list[float]
CIRCLE = 0.4  # an arrow's or a between line's circle, a thermometer's bulb (SudokuPad's)
CLUE = 0.45  # the text of a clue outside the grid


def point(cell: int, size: int) -> Point:
    r, c = divmod(cell, size)
    return [r, c]


def points(cells: Iterable[int], size: int) -> list[Point]:
    return [point(c, size) for c in cells]


def line(pts: Sequence[Point], stroke: str, width: float, **extra: object) -> Shape:
    return {"shape": "line", "points": [[round(v, 3) for v in p] for p in pts], "stroke": stroke,
            "width": width, **extra}


def circle(at: Point, radius: float, **paint: object) -> Shape:
    return {"shape": "circle", "at": [round(v, 3) for v in at], "radius": radius, **paint}


def text(at: Point, words: str, size: float, **paint: object) -> Shape:
    return {"shape": "text", "at": [round(v, 3) for v in at], "text": words, "size": size,
            "fill": "ink", **paint}


def cell_box(cell: int, size: int, inset: float, **paint: object) -> Shape:
    """A square over a cell, ``inset`` from its edges."""
    r, c = divmod(cell, size)
    half = 0.5 - inset
    return {"shape": "rect", "from": [r - half, c - half], "to": [r + half, c + half],
            "radius": 0, **paint}


def toward(a: Point, b: Point, by: float) -> Point:
    """``a`` moved ``by`` toward ``b`` (a line leaving a circle starts at its edge)."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dr, dc) or 1.0
    return [round(a[0] + dr * by / length, 3), round(a[1] + dc * by / length, 3)]


def middle(cells: Sequence[int], size: int) -> Point:
    pts = points(cells, size)
    return [sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)]


def plain_line(stroke: str, width: float) -> Callable[[Rule, int], list[Shape]]:
    """A line through the rule's cells (whispers, renban, palindrome, ...)."""
    def draw(rule: Rule, size: int) -> list[Shape]:
        return [line(points(rule.scope(), size), stroke, width)]
    return draw


def _thermometer(rule: Rule, size: int) -> list[Shape]:
    pts = points(rule.scope(), size)
    slow = isinstance(rule, SlowThermometer)
    tube = line(pts, "thermo", 0.3, **({"dash": True} if slow else {}))
    return [circle(pts[0], CIRCLE, fill="thermo"), tube]


def _arrow(rule: Rule, size: int) -> list[Shape]:
    assert isinstance(rule, Arrow)
    circle_pts = points(rule.circle, size)
    pts = points(rule.cells, size)
    shapes: list[Shape] = []
    if len(circle_pts) == 1:
        shapes.append(circle(circle_pts[0], CIRCLE, stroke="arrow", width=0.06))
    else:  # a pill: one rounded box over the circle's cells
        rows = [p[0] for p in circle_pts]
        cols = [p[1] for p in circle_pts]
        shapes.append({"shape": "rect", "from": [min(rows) - CIRCLE, min(cols) - CIRCLE],
                       "to": [max(rows) + CIRCLE, max(cols) + CIRCLE], "radius": CIRCLE,
                       "stroke": "arrow", "width": 0.06})
    if pts:
        start = min(circle_pts, key=lambda p: math.dist(p, pts[0]))
        shapes.append(line([toward(start, pts[0], CIRCLE), *pts], "arrow", 0.06, end="arrow"))
    return shapes


def _ends_in_circles(stroke: str, width: float) -> Callable[[Rule, int], list[Shape]]:
    """A line between two circles (a between line, a double arrow)."""
    def draw(rule: Rule, size: int) -> list[Shape]:
        pts = points(rule.scope(), size)
        inner = [toward(pts[0], pts[1], CIRCLE), *pts[1:-1], toward(pts[-1], pts[-2], CIRCLE)]
        return [line(inner, stroke, width),
                circle(pts[0], CIRCLE, stroke=stroke, width=0.06),
                circle(pts[-1], CIRCLE, stroke=stroke, width=0.06)]
    return draw


def _dot(rule: Rule, size: int) -> list[Shape]:
    assert isinstance(rule, (WhiteDot, BlackDot))
    at = middle(rule.cells, size)
    black = isinstance(rule, BlackDot)
    # Black and white whatever the theme (a dark page's ink is light): the dot's own colours.
    face, other = ("dot-black", "dot-white") if black else ("dot-white", "dot-black")
    shapes = [circle(at, 0.13, fill=face, stroke="dot-edge", width=0.04)]
    if rule.value != (2 if black else 1):  # a dot of another ratio or difference says it
        shapes.append(text(at, str(rule.value), 0.18, fill=other))
    return shapes


def _xv(rule: Rule, size: int) -> list[Shape]:
    assert isinstance(rule, XVPair)
    letter = {5: "V", 10: "X"}.get(rule.sum, str(rule.sum))
    return [text(middle(rule.cells, size), letter, 0.38, back="paper")]


def _outside(rule: Rule, size: int) -> list[Shape]:
    """A clue outside the grid, at the end of its row or column."""
    assert isinstance(rule, (Sandwich, XSum, Skyscraper))
    number = rule.count if isinstance(rule, Skyscraper) else rule.total
    r, c = rule.clue_cell()
    return [text([r, c], str(number), CLUE)]


def _little_killer(rule: Rule, size: int) -> list[Shape]:
    assert isinstance(rule, LittleKiller)
    r, c = rule.clue_cell()
    first = point(rule.cells[0], size)
    dr, dc = first[0] - r, first[1] - c
    # The sum in the clue's place, a small arrow between it and the diagonal pointing along.
    tail = [r + 0.3 * dr, c + 0.3 * dc]
    head = [r + 0.48 * dr, c + 0.48 * dc]
    return [text([r + 0.04 * dr, c + 0.04 * dc], str(rule.total), CLUE),
            line([tail, head], "ink", 0.04, end="arrow")]


def _parity(rule: Rule, size: int) -> list[Shape]:
    odd = isinstance(rule, OddCells)
    return [circle(point(c, size), 0.36, fill="shade") if odd
            else cell_box(c, size, 0.15, fill="shade") for c in rule.scope()]


def _extreme(rule: Rule, size: int) -> list[Shape]:
    """Four chevrons by the edges: pointing out of a maximum, into a minimum."""
    assert isinstance(rule, (Minimum, Maximum))
    r, c = point(rule.cell, size)
    tip, wing = (0.44, 0.3) if isinstance(rule, Maximum) else (0.3, 0.44)
    shapes = [cell_box(rule.cell, size, 0.0, fill="shade")]
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        pr, pc = dc, dr  # across the direction
        shapes.append(line([[r + wing * dr + 0.1 * pr, c + wing * dc + 0.1 * pc],
                            [r + tip * dr, c + tip * dc],
                            [r + wing * dr - 0.1 * pr, c + wing * dc - 0.1 * pc]], "ink", 0.035))
    return shapes


def _quadruple(rule: Rule, size: int) -> list[Shape]:
    assert isinstance(rule, Quadruple)
    at = middle(rule.cells, size)
    digits = [str(d) for d in rule.digits]
    rows = [digits[k:k + 2] for k in range(0, len(digits), 2)]  # two a line, as SudokuPad
    shapes = [circle(at, 0.31, fill="paper", stroke="ink", width=0.03)]
    for k, row in enumerate(rows):
        dy = (k - (len(rows) - 1) / 2) * 0.22
        shapes.append(text([at[0] + dy, at[1]], " ".join(row), 0.21))
    return shapes


def shaded(fill: str) -> Callable[[Rule, int], list[Shape]]:
    """Every cell of the rule shaded (extra regions, clones, indexing cells)."""
    def draw(rule: Rule, size: int) -> list[Shape]:
        return [cell_box(c, size, 0.0, fill=fill) for c in rule.scope()]
    return draw


def _given_candidates(rule: Rule, size: int) -> list[Shape]:
    assert isinstance(rule, GivenCandidates)
    r, c = point(rule.cell, size)
    return [text([r + 0.3, c], "".join(str(d) for d in rule.digits), 0.24, fill="clue")]


def _diagonal(rule: Rule, size: int) -> list[Shape]:
    edge = size - 0.5
    if isinstance(rule, DiagonalMinus):
        return [line([[-0.5, -0.5], [edge, edge]], "diagonal", 0.04)]
    return [line([[edge, -0.5], [-0.5, edge]], "diagonal", 0.04)]


DRAWERS: dict[type[Rule], Callable[[Rule, int], list[Shape]]] = {
    Thermometer: _thermometer, SlowThermometer: _thermometer,
    Arrow: _arrow,
    DoubleArrow: _ends_in_circles("arrow", 0.06),
    BetweenLine: _ends_in_circles("between", 0.08),
    Whispers: plain_line("whisper", 0.25),
    Renban: plain_line("renban", 0.25),
    Palindrome: plain_line("palindrome", 0.2),
    RegionSumLine: plain_line("region-sum", 0.15),
    EntropicLine: plain_line("entropic", 0.2),
    ModularLine: plain_line("modular", 0.2),
    ZipperLine: plain_line("zipper", 0.2),
    WhiteDot: _dot, BlackDot: _dot,
    XVPair: _xv,
    Sandwich: _outside, XSum: _outside, Skyscraper: _outside,
    LittleKiller: _little_killer,
    OddCells: _parity, EvenCells: _parity,
    Minimum: _extreme, Maximum: _extreme,
    Quadruple: _quadruple,
    Clone: shaded("clone"),
    ExtraRegion: shaded("region"),
    ColumnIndexers: shaded("indexer"), RowIndexers: shaded("indexer"),
    BoxIndexers: shaded("indexer"),
    GivenCandidates: _given_candidates,
    DiagonalPlus: _diagonal, DiagonalMinus: _diagonal,
}


def label(row: ConstraintType, rule: Rule) -> str:
    """A rule in a cell's name: its words, with the number it carries ("sandwich 8")."""
    if isinstance(rule, XVPair):
        return {5: "V", 10: "X"}.get(rule.sum, f"XV {rule.sum}")
    if isinstance(rule, Quadruple):
        return f"{row.words} {' '.join(str(d) for d in rule.digits)}"
    for field in ("total", "count"):
        value = getattr(rule, field, None)
        if isinstance(value, int):
            return f"{row.words} {value}"
    return row.words


def drawing(rows: Iterable[ConstraintType], variant: Variant, size: int) -> list[dict[str, object]]:
    """The drawing of every placed rule of ``variant`` that has a look: per rule its type,
    its label, the cells it goes through (which name it) and its shapes, in table order.

    Rules over the whole grid (non-consecutive, the negative rules, disjoint groups) have no
    look: the rules list names them. The six first rules are the page's own (cages, regions,
    windows, diagonals come with the geometry and the ``variant``)."""
    items: list[dict[str, object]] = []
    for row in rows:
        if not isinstance(row, PlacedType):
            continue
        for rule in row.rules(variant):
            draw = DRAWERS.get(type(rule))
            if draw is None:
                continue
            items.append({"type": row.name, "label": label(row, rule),
                          "cells": sorted(set(rule.scope())), "shapes": draw(rule, size)})
    return items
