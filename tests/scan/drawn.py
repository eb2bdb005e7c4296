"""Synthetic photos of puzzles for the scan tests, drawn with Pillow, and stand-in readers.

``draw`` renders a grid flat (known line centres), then maps it onto a page by a homography
(rotation, scale, perspective, offset), so the true corners of the border lines' centres in
the picture are known exactly; lighting and polarity are applied afterwards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageOps

from sudoku_core.make.dig import dig
from sudoku_core.make.fill import random_solution
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.scan.image import CELL_PX, Gray

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
Point = tuple[float, float]


@dataclass(frozen=True)
class Drawn:
    """A picture and the truth about it."""

    image: Image.Image  # mode L
    corners: list[Point]  # TL, TR, BR, BL: the border lines' centres, picture pixels
    grid: Grid  # the puzzle drawn (0: an empty cell)

    @property
    def gray(self) -> Gray:
        return Gray(self.image.width, self.image.height, self.image.tobytes())


@cache
def font(px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT), px)


def puzzle(shape: Shape, seed: int) -> Grid:
    """A puzzle with one solution (dug from a random solution)."""
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    order = [(c,) for c in range(shape.cell_count)]
    rng.shuffle(order)
    dug = dig(solution, order, max_nodes=20_000, keep_going=lambda: True)
    return Grid(shape, tuple(dug.cells))


def flat(grid: Grid, cell: int, thin: int, thick: int, margin: int,
         crossword: bool = False) -> Image.Image:
    """The grid drawn square, border line centres at ``margin`` and ``margin + n*cell``."""
    n, shape = grid.size, grid.shape
    side = 2 * margin + n * cell
    im = Image.new("L", (side, side), 255)
    d = ImageDraw.Draw(im)
    f = font(int(cell * 0.62))
    for i, v in enumerate(grid.cells):
        r, c = divmod(i, n)
        x, y = margin + c * cell, margin + r * cell
        if crossword and (r * 7 + c * 3) % 5 == 0:
            d.rectangle([x, y, x + cell, y + cell], fill=0)
        elif v:
            d.text((x + cell / 2, y + cell / 2), str(v), fill=20, font=f, anchor="mm")
    for k in range(n + 1):
        boxy = k % shape.box_cols == 0 or k in (0, n)
        boxx = k % shape.box_rows == 0 or k in (0, n)
        for width, vertical in ((thick if boxy else thin, True), (thick if boxx else thin, False)):
            p = margin + k * cell
            lo, hi = p - width / 2, p + width / 2 - 1
            if vertical:
                d.rectangle([lo, margin - thick / 2, hi, side - margin + thick / 2], fill=0)
            else:
                d.rectangle([margin - thick / 2, lo, side - margin + thick / 2, hi], fill=0)
    return im


def solve8(rows: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (no numpy in the tests)."""
    m = [row + [b] for row, b in zip(rows, rhs, strict=True)]
    n = len(m)
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def homography(src: Sequence[Point], dst: Sequence[Point]) -> list[float]:
    """(a..h) with dst = ((a x + b y + c)/w, (d x + e y + f)/w), w = g x + h y + 1."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    return solve8(rows, rhs)


def apply(h: list[float], p: Point) -> Point:
    a, b, c, d, e, f, g, hh = h
    w = g * p[0] + hh * p[1] + 1
    return ((a * p[0] + b * p[1] + c) / w, (d * p[0] + e * p[1] + f) / w)


def draw(grid: Grid, *, page: tuple[int, int] = (1000, 1000), fill: float = 0.7,
         angle: float = 0.0, tilt: float = 0.0, shift: Point = (0.0, 0.0), thin: int = 3,
         thick: int = 8, cell: int = 60, dark: bool = False, light: float = 0.0,
         crossword: bool = False, noise: int = 0, seed: int = 0) -> Drawn:
    """``grid`` on a page: its side ``fill`` of the page's shorter side, turned ``angle``
    degrees, its top edge shrunk by ``tilt`` (perspective), moved by ``shift`` pixels;
    ``dark`` inverts, ``light`` darkens the page towards its right edge by that share."""
    n = grid.size
    margin = cell
    im = flat(grid, cell, thin, thick, margin, crossword)
    lo, hi = margin, margin + n * cell
    src = [(lo, lo), (hi, lo), (hi, hi), (lo, hi)]
    side = fill * min(page)
    cx, cy = page[0] / 2 + shift[0], page[1] / 2 + shift[1]
    t = math.radians(angle)
    corners = []
    for i, (sx, sy) in enumerate([(-1, -1), (1, -1), (1, 1), (-1, 1)]):
        half = side / 2 * (1 - tilt if i < 2 else 1)
        x, y = sx * half, sy * side / 2
        corners.append((cx + x * math.cos(t) - y * math.sin(t),
                        cy + x * math.sin(t) + y * math.cos(t)))
    # picture -> flat, as Pillow's transform wants; it samples at pixel centres, so both
    # sides shift by half a pixel.
    shifted = homography([(x + 0.5, y + 0.5) for x, y in corners], [(x + 0.5, y + 0.5)
                                                                  for x, y in src])
    photo = im.transform(page, Image.Transform.PERSPECTIVE, shifted, Image.Resampling.BILINEAR,
                         fillcolor=255)
    photo = finish(photo, dark, light, noise, seed)
    return Drawn(photo, corners, grid)


def finish(im: Image.Image, dark: bool, light: float, noise: int, seed: int) -> Image.Image:
    """Dark mode, uneven light and noise, on a finished picture (Pillow's own operations)."""
    if dark:  # light grey ink on a near-black page, as a dark-mode screenshot
        im = ImageOps.invert(im).point(lambda v: 30 + v * 200 // 255)
    if light:  # the page darkens towards its right edge
        ramp = Image.linear_gradient("L").rotate(90).resize(im.size)  # 255 left .. 0 right
        shade = ramp.point(lambda v: int(255 * (1 - light) + v * light))
        im = ImageChops.multiply(im, shade)
    if noise:  # uniform grain of +-noise, the same for a seed
        raw = Image.frombytes("L", im.size, random.Random(seed).randbytes(im.width * im.height))
        grain = raw.point(lambda v: v * 2 * noise // 255)
        im = ImageChops.add(im, grain, scale=1.0, offset=-noise)
    return im


def truth_reader(grid: Grid, sure: float = 0.99) -> Callable[[Gray, int], list[tuple[int, float]]]:
    """A reader that knows the puzzle: it answers cell after cell, in the row-major order
    scan_image reads them (the tests' stand-in until the real reader lands)."""
    cells = iter(grid.cells)

    def read(cell: Gray, size: int) -> list[tuple[int, float]]:
        assert (cell.width, cell.height) == (CELL_PX, CELL_PX)
        v = next(cells)
        other = (v % size) + 1
        return [(v, sure), (other, 1 - sure)]

    return read


@cache
def template(value: int) -> tuple[float, ...]:
    """The digit as ``flat`` draws it, on a CELL_PX cell: ink darkness 0..1 per pixel."""
    im = Image.new("L", (CELL_PX, CELL_PX), 255)
    ImageDraw.Draw(im).text((CELL_PX / 2, CELL_PX / 2), str(value), fill=0,
                            font=font(int(CELL_PX * 0.62)), anchor="mm")
    return tuple((255 - p) / 255 for p in im.tobytes())


def _middle(values: Sequence[float]) -> list[float]:
    """The middle of a cell (a sixth trimmed on each side: no line remnants)."""
    m = CELL_PX // 6
    return [values[y * CELL_PX + x] for y in range(m, CELL_PX - m)
            for x in range(m, CELL_PX - m)]


def template_reader(cell: Gray, size: int) -> list[tuple[int, float]]:
    """A stand-in digit reader: correlation with the digits drawn in the test font (only
    good for the tests' own pictures; the real reader is scan/digits.py)."""
    px = cell.pixels
    lo, hi = min(px), max(px)
    ink = _middle([(hi - p) / max(1, hi - lo) for p in px])
    if hi - lo < 40 or sum(v > 0.5 for v in ink) < len(ink) * 0.03:
        return [(0, 0.97)] + [(v, 0.03 / size) for v in range(1, size + 1)]
    scores = []
    for v in range(1, size + 1):
        t = _middle(template(v))
        mt, mi = sum(t) / len(t), sum(ink) / len(ink)
        num = sum((a - mi) * (b - mt) for a, b in zip(ink, t, strict=True))
        den = (sum((a - mi) ** 2 for a in ink) * sum((b - mt) ** 2 for b in t)) ** 0.5
        scores.append((num / den if den else 0.0, v))
    weights = [(math.exp(12 * s), v) for s, v in scores]
    total = sum(w for w, _ in weights) + 1e-3
    ranked = sorted(((w / total, v) for w, v in weights), reverse=True)
    return [(v, p) for p, v in ranked] + [(0, 1e-3 / total)]
