"""The rules a SudokuPad puzzle draws, as the project's JSON ``variant`` object.

SudokuPad's own JSON ('scl' / 'ctc' links) draws its rules as cages, lines, arrows and shapes
(shapes.py). A drawing is read as a rule only where its form says which rule
unambiguously, by the conventions SudokuPad's f-puzzles importer (and the setters' tools that
follow it) draws them with:

- a cage with a sum, or without one (digits differ): a killer cage; one of style
  'extraregion': an extra region (all the Windoku windows: Windoku);
- regions that are not the boxes: Jigsaw;
- a line with a round bulb of its own colour on one end cell: a thermometer from there;
- a grey (#cfcfcf) line with a white circle on both end cells: a between line; a thick grey
  line with none: a palindrome; green (#67f067): a German whisper; pink (#f067f0): a renban
  line; blue (#2ecbff): a region-sum line; blue (#34bbe6) corner to corner: a diagonal (X);
- an arrow leaving a circle: an arrow sum (the arrows leaving one circle add up together);
  a short diagonal arrow outside the grid beside a number: a little killer;
- a small round black or white shape on the middle of the side between two cells: a Kropki
  dot (its number, if any, the dot's value); the text X or V there: an XV clue;
- a grey (#cfcfcf) circle / square of 0.5-0.75 cells on a cell's centre: odd / even;
- ``global`` "antiknight", "antiking", "nonconsecutive", "disjoint", "antixv", and
  "antiratio" with "antidifference" (or "nonconsecutive"): those rules, as f-puzzles' keys.

Anything else is refused, naming the element ("this SudokuPad link draws a line (colour
#a1a1a1, r1c1 to r1c3) that is no rule this build reads"). Title, author and rules text
draw no rule: they are the credits (__init__.py reads them). cages.py reads the cages,
regions and global rules; this module the lines, arrows and shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ....model.errors import LinkError, VariantError
from ....model.grid import Shape as GridShape
from ....model.variants import Variant, variant_from_json
from ..fpuzzles.rules import diagonal_from
from .cages import SUDOKUPAD_SITE, DrawingReader
from .shapes import (
    Cell,
    Shape,
    cell_of,
    colour,
    name,
    number,
    path_cells,
    point,
    shape,
)

GREY, WHITE, BLACK = "cfcfcf", "ffffff", "000000"
# Lines whose colour alone says the rule (f-puzzles' colours, as SudokuPad draws them).
LINE_COLOURS = {"67f067": ("whispers", "a German whisper line"),
                "f067f0": ("renban", "a renban line"),
                "2ecbff": ("region_sum_lines", "a region-sum line")}
DIAGONAL_BLUE = "34bbe6"
THIN = 4.0  # a line this thick or thinner is a thin line (between lines are 2)


class _Reader(DrawingReader):
    """The cages, regions and global rules (cages.py), and the lines, arrows and shapes."""

    # --- shapes, lines and arrows ---------------------------------------------------------

    def read_shapes(self) -> None:
        for layer, key in (("underlay", "underlays"), ("overlay", "overlays")):
            for k, item in enumerate(self.entries(key), 1):
                got = shape(item, layer, k)
                if got is None:
                    raise self.refuse(f"draws {layer} {k}, which has no centre, width and "
                                      "height")
                self.shapes.append(got)
        self.index_shapes()

    def index_shapes(self) -> None:
        """Each cell's shapes: those centred in it and the circles over it (so that finding
        a line's bulb does not look through every shape)."""
        for s in self.shapes:
            cells = {cell_of(s.center)}
            if s.rounded and not s.text and min(s.width, s.height) >= 0.6:
                over = s.covered(self.n)
                if len(over) <= self.n:  # wider is no arrow's circle
                    cells.update(over)
            for cell in cells:
                if cell is not None:
                    self.at.setdefault(cell, []).append(s)

    def free(self, cell: Cell, test: Callable[[Shape], bool]) -> list[Shape]:
        """The shapes at the cell not yet read as part of a rule that pass ``test``."""
        return [s for s in self.at.get(cell, ())
                if (s.layer, s.index) not in self.used and test(s)]

    def take(self, s: Shape) -> None:
        self.used.add((s.layer, s.index))

    def bulb_at(self, cell: Cell, fill: str) -> Shape | None:
        """A round shape without text, 0.75 cells or more, filled ``fill``, on the cell."""
        found = self.free(cell, lambda s: s.rounded and not s.text and s.cell() == cell
                          and min(s.width, s.height) >= 0.75 and s.fill == fill)
        return found[0] if found else None

    def end_circle(self, cell: Cell) -> Shape | None:
        """A white round shape without text, 0.6 cells or more, on the cell (a between
        line's end)."""
        found = self.free(cell, lambda s: s.rounded and not s.text and s.cell() == cell
                          and s.fill == WHITE and min(s.width, s.height) >= 0.6)
        return found[0] if found else None

    def lines(self) -> None:
        diagonals = set()
        for k, item in enumerate(self.entries("lines"), 1):
            if not isinstance(item, dict):
                raise self.refuse(f"has line {k}, which is not an object")
            raw = item.get("wayPoints")
            points = [point(p) for p in raw] if isinstance(raw, list) else []
            col = colour(item.get("color"))
            shown = (f"colour #{col}" if col not in (None, "none") else "no colour"
                     if col == "none" else f"colour {str(item.get('color'))[:20]!r}")
            if len(points) < 2 or None in points:
                raise self.refuse(f"draws line {k} ({shown}) without points such as "
                                  "[0.5, 0.5]")
            pts = [p for p in points if p is not None]
            if not self.near(pts):
                raise self.refuse(f"draws line {k} ({shown}) reaching far outside the grid, "
                                  "which is no rule this build reads")
            corner = self.diagonal(pts)
            if corner is not None and col == DIAGONAL_BLUE:
                diagonals.add(corner)
                continue
            cells = path_cells(pts)
            if cells is None:
                raise self.refuse(f"draws line {k} ({shown}) that does not run from "
                                  "cell to cell, which is no rule this build reads")
            where = f"line {k} ({shown}, {name(cells[0])} to {name(cells[-1])})"
            key, source = self.line_rule(cells, col, number(item.get("thickness")), where)
            indices = [self.index(cell, where) for cell in cells]
            self.add(key, {"cells": indices}, f"{where}, {source}")
        if diagonals == {"+", "-"}:
            self.rules["diagonals"] = True
        for d in diagonals if len(diagonals) == 1 else ():
            self.rules["diagonal_plus" if d == "+" else "diagonal_minus"] = True

    def near(self, pts: list[tuple[float, float]]) -> bool:
        """True when every point lies on the grid or within a cell of it."""
        return all(-1 <= v <= self.n + 1 for p in pts for v in p)

    def diagonal(self, pts: list[tuple[float, float]]) -> str | None:
        """'-' for a line from corner r1c1 to the far corner, '+' for the other diagonal."""
        n = float(self.n)
        ends = {pts[0], pts[-1]}
        if len(pts) != 2:
            return None
        if ends == {(0.0, 0.0), (n, n)}:
            return "-"
        if ends == {(0.0, n), (n, 0.0)}:
            return "+"
        return None

    def line_rule(self, cells: list[Cell], col: str | None, thickness: float | None,
                  where: str) -> tuple[str, str]:
        """The JSON key of the rule a line on these cells draws (a thermometer's cells are
        turned bulb first), and its name in words."""
        first = self.bulb_at(cells[0], col) if col not in (None, "none") else None
        last = self.bulb_at(cells[-1], col) if col not in (None, "none") else None
        if first is not None and last is not None and len(cells) > 1:
            raise self.refuse(f"draws {where} with a bulb on both ends, which is no rule this "
                              "build reads")
        if first is not None or last is not None:
            bulb = first if first is not None else last
            assert bulb is not None
            self.take(bulb)
            if first is None:
                cells.reverse()
            return "thermometers", "a thermometer"
        if col == GREY:
            ends = [self.end_circle(c) for c in (cells[0], cells[-1])]
            if ends[0] is not None and ends[1] is not None and len(cells) > 2:
                self.take(ends[0])
                self.take(ends[1])
                return "between_lines", "a between line"
            if thickness is None or thickness > THIN:
                return "palindromes", "a palindrome"
        if col in LINE_COLOURS:
            return LINE_COLOURS[col]
        raise self.refuse(f"draws {where} that is no rule this build reads")

    def arrows(self) -> None:
        """Arrow sums (the arrows leaving one circle add up to it together) and, outside the
        grid, little killers."""
        shafts: dict[tuple[str, int], list[int]] = {}
        circles: dict[tuple[str, int], Shape] = {}
        for k, item in enumerate(self.entries("arrows"), 1):
            pts, start = self.arrow_points(k, item)
            what = f"arrow {k} (from {name(start)})"
            if not (0 <= start[0] < self.n and 0 <= start[1] < self.n):
                self.little_killer(pts, start, what)
                continue
            circle, cells = self.arrow_shaft(pts, start, what)
            key = (circle.layer, circle.index)
            circles[key] = circle
            shafts.setdefault(key, []).extend(self.index(c, what) for c in cells)
        for key, shaft in shafts.items():
            self.arrow_sum(circles[key], shaft)

    def arrow_points(self, k: int, item: object) -> tuple[list[tuple[float, float]], Cell]:
        """Arrow ``k``'s points and the cell it starts in (on or beside the grid)."""
        if not isinstance(item, dict):
            raise self.refuse(f"has arrow {k}, which is not an object")
        raw = item.get("wayPoints")
        points = [point(p) for p in raw] if isinstance(raw, list) else []
        pts = [p for p in points if p is not None]
        start = cell_of(pts[0]) if pts and len(pts) == len(points) else None
        if len(pts) < 2 or start is None or not self.near(pts):
            raise self.refuse(f"draws arrow {k} without points such as [0.5, 0.5] on or "
                              "beside the grid")
        return pts, start

    def arrow_shaft(self, pts: list[tuple[float, float]], start: Cell,
                    what: str) -> tuple[Shape, list[Cell]]:
        """The circle an arrow in the grid leaves, and the cells of its line past it."""
        circle = self.circle_at(start)
        cells = path_cells(pts)
        if circle is None or cells is None:
            raise self.refuse(f"draws {what} that is no rule this build reads (an arrow "
                              "sum's arrow leaves a circle)")
        inside = set(circle.covered(self.n))
        while cells and cells[0] in inside:
            cells.pop(0)
        if not cells:
            raise self.refuse(f"draws {what} that stays inside its circle")
        return circle, cells

    def arrow_sum(self, circle: Shape, shaft: list[int]) -> None:
        """One arrow sum: the cells under its circle, and its arrows' cells."""
        self.take(circle)
        what = f"arrow sum ({circle.what})"
        ring = [self.index(c, what) for c in circle.covered(self.n)]
        self.add("arrows", {"circle": ring, "cells": shaft}, what)

    def circle_at(self, cell: Cell) -> Shape | None:
        """A round shape without text, 0.6 cells or more, over the cell (an arrow's circle;
        one circle may have several arrows, so it stays free until all are read)."""
        found = self.free(cell, lambda s: s.rounded and not s.text and min(s.width, s.height)
                          >= 0.6 and cell in s.covered(self.n))
        return found[0] if found else None

    def little_killer(self, pts: list[tuple[float, float]], start: Cell, what: str) -> None:
        (r0, c0), (r1, c1) = pts[0], pts[-1]
        dr, dc = r1 - r0, c1 - c0
        if not dr or not dc or abs(abs(dr) - abs(dc)) > 0.01:
            raise self.refuse(f"draws {what}, outside the grid and not diagonal, which is no "
                              "rule this build reads")
        step = (1 if dr > 0 else -1, 1 if dc > 0 else -1)
        cells = diagonal_from(start[0] + 1, start[1] + 1, step, self.n)
        clue = self.free(start, lambda s: bool(s.text) and cell_of(s.center) == start)
        total = number(clue[0].text) if clue else None
        if not cells or total is None or not total.is_integer():
            raise self.refuse(f"draws {what} outside the grid that is no rule this build "
                              "reads (a little killer's arrow points into the grid beside its "
                              "number)")
        self.take(clue[0])
        self.add("little_killers", {"cells": cells, "sum": int(total)},
                 f"{what}, a little killer")

    def marks(self) -> None:
        """Dots, XV clues, odd and even cells; then anything left is refused."""
        for s in self.shapes:
            if (s.layer, s.index) in self.used:
                continue
            self.mark(s)
            self.take(s)

    def mark(self, s: Shape) -> None:
        """Read one shape left over by the lines and arrows, or refuse it."""
        pair = self.inner_edge(s)
        if pair is not None and _is_dot(s):
            self.dot(s, pair)
        elif pair is not None and _is_xv(s):
            self.add("xv", {"cells": [self.index(c, s.what) for c in pair],
                            "sum": 10 if s.text.upper() == "X" else 5}, f"{s.what}, XV")
        elif _is_parity(s):
            cell = s.cell()
            assert cell is not None
            self.add("odd" if s.rounded else "even", {"cells": [self.index(cell, s.what)]},
                     s.what)
        elif s.text:
            raise self.refuse(f"writes the text {s.text[:20]!r} at {s.place} ({s.layer} "
                              f"{s.index}), which is no rule this build reads")
        else:
            raise self.refuse(f"draws {s.what} that is no rule this build reads")

    def inner_edge(self, s: Shape) -> tuple[Cell, Cell] | None:
        """The two cells whose shared side the shape sits on, when both are in the grid."""
        pair = s.edge()
        if pair is None or not all(0 <= v < self.n for cell in pair for v in cell):
            return None
        return pair

    def dot(self, s: Shape, pair: tuple[Cell, Cell]) -> None:
        """A Kropki dot between the two cells; its number, if any, is its value."""
        value = number(s.text) if s.text else None
        if s.text and (value is None or not value.is_integer()):
            raise self.refuse(f"draws {s.what}, a dot whose text is no number")
        key = "white_dots" if s.fill == WHITE else "black_dots"
        item: dict[str, object] = {"cells": [self.index(c, s.what) for c in pair]}
        if value is not None:
            item["value"] = int(value)
        self.add(key, item, f"{s.what}, a Kropki dot")


def _square(s: Shape) -> bool:
    """True when the shape is as wide as it is high (a circle, not an oval)."""
    return abs(s.width - s.height) < 0.05


def _is_dot(s: Shape) -> bool:
    """A Kropki dot's look: a small round white or black shape with a black border (or a
    black one with none)."""
    return (s.rounded and _square(s) and 0.15 <= s.width <= 0.5 and s.fill in (WHITE, BLACK)
            and (s.border == BLACK or (s.fill == BLACK and s.border == "none")))


def _is_xv(s: Shape) -> bool:
    """An XV clue's look: the letter X or V, half a cell or smaller."""
    return s.text.upper() in ("X", "V") and s.width <= 0.5


def _is_parity(s: Shape) -> bool:
    """An odd (circle) or even (square) cell's look: a grey shape without text of 0.5 to
    0.75 cells on a cell's centre, not turned."""
    return (s.cell() is not None and not s.text and _square(s) and s.fill == GREY
            and 0.5 <= s.width < 0.75 and (s.rounded or not s.angle))


def read_pad_rules(puzzle: Mapping[str, object], shape: GridShape) -> Variant | None:
    """The Variant a SudokuPad puzzle draws (None: classic sudoku); LinkError names the
    element that is no rule this build reads, or the rule the model refuses."""
    reader = _Reader(puzzle, shape)
    reader.flags()
    reader.regions()
    reader.cages()
    reader.read_shapes()
    reader.lines()
    reader.arrows()
    reader.marks()
    reader.kropki_globals()
    variant = checked(reader.rules, reader.sources, shape.size)
    return None if variant.is_classic else variant


def checked(rules: dict[str, object], sources: dict[str, list[str]], n: int) -> Variant:
    """The model's Variant of ``rules``; a fault is told by the element it was drawn as."""
    try:
        return variant_from_json(rules, n)
    except VariantError as err:
        whole = err
    for key, value in rules.items():
        items = value if isinstance(value, list) and key != "regions" else [value]
        for k, item in enumerate(items):
            one = [item] if items is value else item
            try:
                variant_from_json({key: one}, n)
            except VariantError as err:
                source = sources.get(key, [key])
                raise LinkError(f"this {SUDOKUPAD_SITE} link's {source[min(k, len(source) - 1)]}: "
                                f"{err}") from None
    raise LinkError(f"this {SUDOKUPAD_SITE} link's rules: {whole}") from None
