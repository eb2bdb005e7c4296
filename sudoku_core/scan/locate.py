"""Find the grid: the largest dark connected shape that looks like one, and its four corners.

All of it runs on a small working copy (longest side about WORK_SIDE pixels): each pass
over the pixels is pure Python, so the pixel count is the cost. The copy keeps the darkest
pixel of each block (a thin grid line survives the shrinking, where an average would fade it
and a plain subsample would skip it). The copy is thresholded against its local mean (an
integral image), so uneven light and shadows do not matter; the dark pixels are joined into
connected shapes by runs (a union of the runs that touch row to row), and each shape's
corners are its extreme points along x + y and x - y, which holds for rotations well under
45 degrees and mild perspective.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from operator import add, lt, mul, sub

from ..model.errors import ScanError
from .image import Gray
from .warp import Point, Quad

WORK_SIDE = 360  # longest side of the working copy, in pixels
POLARITY_SIDE = 160  # longest side of the subsample that decides the polarity
MIN_WORK_SIDE = 16  # a working copy narrower than this cannot hold a grid worth reading
FLAT = 24  # an image whose darkest and lightest pixels differ by less is blank
CONTRAST = 10  # a pixel this much darker than its neighbourhood's mean is ink
MIN_GRID_SIDE = 0.2  # a grid's shortest side, as a fraction of the image's shortest side
MAX_SIDE_RATIO = 2.0  # longest side / shortest side of the quad: mild perspective at most
MAX_DENSITY = 0.6  # ink per quad area above this is a blot, not lines around cells
_RUN = re.compile(rb"\x01+")
_BYTES = [bytes([v]) for v in range(256)]


@dataclass(frozen=True)
class Mask:
    """The working copy's ink: ``rows[y][x]`` is 1 for ink, 0 for paper; ``scale`` is the
    full image's pixels per working pixel; ``gray`` the working copy's grey rows (the
    lines' profiles look for ridges in them)."""

    width: int
    height: int
    rows: list[bytes]
    scale: int
    gray: list[bytes] = field(default_factory=list)


@dataclass
class Blob:
    """One connected shape of ink: its size, bounding box and extreme points."""

    count: int = 0
    x0: int = 1 << 30
    y0: int = 1 << 30
    x1: int = -1
    y1: int = -1
    # the extremes: min x+y (top-left), max x-y (top-right), max x+y, min x-y
    ends: list[tuple[int, int, int]] = field(default_factory=list)  # (key, x, y) each

    @property
    def quad(self) -> Quad:
        tl, tr, br, bl = ((float(x), float(y)) for _, x, y in self.ends)
        return (tl, tr, br, bl)


def is_dark_mode(gray: Gray) -> bool:
    """True when the ink is lighter than the paper (a dark-mode screenshot, chalk on slate).

    Ink is a minority of a grid's pixels and stands far from its neighbourhood's mean, the
    paper a majority a little on the other side of it: the deviations from the local mean
    are skewed towards the ink. Measured on a plain subsample (about POLARITY_SIDE pixels a
    side), against the local mean, so uneven light does not tip it.
    """
    w, h = gray.width, gray.height
    k = max(1, -(-max(w, h) // POLARITY_SIDE))
    rows = [gray.pixels[y * w:(y + 1) * w:k] for y in range(0, h, k)]
    skew = 0
    for row, sums, area in local_sums(len(rows[0]), len(rows), rows):
        dev = list(map(sub, map(mul, row, area), sums))  # area * (p - mean)
        skew += sum(map(mul, map(mul, dev, dev), dev))
    return skew > 0


def check_not_blank(gray: Gray) -> None:
    """ScanError when the darkest and lightest pixels differ by less than FLAT."""
    px = gray.pixels
    # A byte search runs in C (memchr), min() over a million bytes does not; ink and paper
    # are near the ends, so few searches are made.
    lo = next(v for v in range(256) if _BYTES[v] in px)
    hi = next(v for v in range(255, -1, -1) if _BYTES[v] in px)
    if hi - lo < FLAT:
        raise ScanError(f"no sudoku grid found in the image: it is blank (every pixel between "
                        f"{lo} and {hi} of 255)")


def shrink(gray: Gray) -> tuple[int, int, int, list[bytes]]:
    """(width, height, scale, rows): the darkest pixel of each scale x scale block.

    The minimum is taken a whole row at a time on big integers holding one pixel per 16-bit
    lane (see _lane_min): a few integer operations a row instead of one min() a pixel, five
    times faster in pure Python.
    """
    w, px = gray.width, gray.pixels
    k = max(1, -(-max(gray.width, gray.height) // WORK_SIDE))
    w2, h2 = gray.width // k, gray.height // k
    wide, narrow = _guards(w2 * k), _guards(w2)
    rows = []
    for y0 in range(0, h2 * k, k):
        block = _lanes(px[y0 * w:y0 * w + w2 * k])
        for y in range(y0 + 1, y0 + k):
            block = _lane_min(block, _lanes(px[y * w:y * w + w2 * k]), wide)
        row = _unlanes(block, w2 * k)
        block = _lanes(row[0::k])
        for i in range(1, k):
            block = _lane_min(block, _lanes(row[i::k]), narrow)
        rows.append(_unlanes(block, w2))
    return w2, h2, k, rows


def _lanes(data: bytes) -> int:
    """Bytes as one integer, a byte in the low half of each 16-bit lane."""
    buf = bytearray(2 * len(data))
    buf[::2] = data
    return int.from_bytes(buf, "little")


def _unlanes(value: int, count: int) -> bytes:
    return value.to_bytes(2 * count, "little")[::2]


def _guards(count: int) -> int:
    """Bit 8 set in each of ``count`` lanes."""
    return int.from_bytes(b"\x00\x01" * count, "little")


def _lane_min(a: int, b: int, guards: int) -> int:
    """The lane-wise minimum: in each lane 256 + a - b keeps bit 8 exactly when a >= b (it
    never borrows from the next lane), and that bit picks b over a."""
    pick_b = ((((a | guards) - b) & guards) >> 8) * 255
    return a ^ ((a ^ b) & pick_b)


def threshold(width: int, height: int, rows: list[bytes]) -> list[bytes]:
    """Ink (1) where a pixel is CONTRAST darker than the mean of its neighbourhood."""
    # ink: (p + CONTRAST) * area < sum, i.e. p < mean - CONTRAST
    return [bytes(map(lt, map(mul, map(add, row, repeat(CONTRAST)), area), sums))
            for row, sums, area in local_sums(width, height, rows)]


def local_sums(width: int, height: int, rows: list[bytes]
               ) -> Iterator[tuple[bytes, list[int], list[int]]]:
    """(row, sums, areas) for each row: the sum of the pixels around each pixel and how many
    they are, over a square of about a twelfth of the shorter side (larger than a cell of
    most grids); from an integral image, a few C-level maps per row."""
    r = max(3, min(width, height) // 24)
    integral = [[0] * (width + 1)]
    for row in rows:
        integral.append(list(map(add, integral[-1], accumulate(row, initial=0))))
    lo_x = [0] * (r + 1) + list(range(1, width - r))
    hi_x = list(range(r + 1, width + 1)) + [width] * r
    lo_x, hi_x = lo_x[:width], hi_x[:width]
    span_x = list(map(sub, hi_x, lo_x))
    areas: dict[int, list[int]] = {}
    for y, row in enumerate(rows):
        y0, y1 = max(0, y - r), min(height, y + r + 1)
        band = list(map(sub, integral[y1], integral[y0]))
        sums = list(map(sub, map(band.__getitem__, hi_x), map(band.__getitem__, lo_x)))
        area = areas.get(y1 - y0)
        if area is None:
            area = areas[y1 - y0] = [s * (y1 - y0) for s in span_x]
        yield row, sums, area


def blobs(mask: Mask) -> list[Blob]:
    """The connected shapes of ink (8-neighbours), largest bounding box first."""
    parent: list[int] = []
    runs: list[tuple[int, int, int]] = []  # (y, start, end)

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    above: list[tuple[int, int, int]] = []  # (start, end, run index) of the row above
    for y, row in enumerate(mask.rows):
        here = []
        k = 0
        for m in _RUN.finditer(row):
            s, e = m.span()
            i = len(runs)
            runs.append((y, s, e))
            parent.append(i)
            while k < len(above) and above[k][1] < s:  # ends left of this run, diagonal aside
                k += 1
            j = k
            while j < len(above) and above[j][0] <= e:
                a, b = find(i), find(above[j][2])
                if a != b:
                    parent[a] = b
                j += 1
            here.append((s, e, i))
        above = here
    return _measure(runs, [find(i) for i in range(len(runs))])


def _measure(runs: list[tuple[int, int, int]], labels: list[int]) -> list[Blob]:
    shapes: dict[int, Blob] = {}
    for (y, s, e), label in zip(runs, labels, strict=True):
        blob = shapes.get(label)
        if blob is None:
            blob = shapes[label] = Blob(ends=[(s + y, s, y), (e - 1 - y, e - 1, y),
                                              (e - 1 + y, e - 1, y), (s - y, s, y)])
        blob.count += e - s
        blob.x0, blob.x1 = min(blob.x0, s), max(blob.x1, e - 1)
        blob.y0, blob.y1 = min(blob.y0, y), max(blob.y1, y)
        ends = blob.ends
        if s + y < ends[0][0]:
            ends[0] = (s + y, s, y)
        if e - 1 - y > ends[1][0]:
            ends[1] = (e - 1 - y, e - 1, y)
        if e - 1 + y > ends[2][0]:
            ends[2] = (e - 1 + y, e - 1, y)
        if s - y < ends[3][0]:
            ends[3] = (s - y, s, y)
    return sorted(shapes.values(), key=lambda b: -(b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1))


def quad_area(quad: Quad) -> float:
    """The shoelace area of a quadrilateral."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(quad, quad[1:] + quad[:1], strict=True))) / 2


def _sides(quad: Quad) -> list[float]:
    return [((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            for (x0, y0), (x1, y1) in zip(quad, quad[1:] + quad[:1], strict=True)]


def why_not_a_grid(blob: Blob, mask: Mask) -> str:
    """Why a shape cannot be the grid's outline ("" when it may be)."""
    quad = blob.quad
    sides = _sides(quad)
    if min(sides) < MIN_GRID_SIDE * min(mask.width, mask.height):
        return ("nothing large enough to be a grid (it should span a fifth of the picture "
                "at least: move closer)")
    if max(sides) > MAX_SIDE_RATIO * min(sides):
        return "the largest shape is not square enough to be a grid"
    if blob.count > MAX_DENSITY * quad_area(quad):
        return "the largest shape is mostly ink: no grid lines with cells between them"
    return ""


def candidates(mask: Mask, limit: int = 3) -> tuple[list[Blob], str]:
    """Up to ``limit`` shapes that may be the grid, largest first, and why the largest shape
    is not one when none may be."""
    found, why = [], ""
    for blob in blobs(mask)[:limit * 3]:
        reason = why_not_a_grid(blob, mask)
        if not reason:
            found.append(blob)
        elif not why:
            why = reason
        if len(found) == limit:
            break
    return found, why or "no dark lines at all"


def working_mask(gray: Gray) -> Mask:
    """The ink of the working copy (``gray`` is dark ink on light paper already)."""
    w, h, k, rows = shrink(gray)
    if min(w, h) < MIN_WORK_SIDE:
        raise ScanError(f"no sudoku grid found in the image: at {gray.width}x{gray.height} "
                        f"pixels it is too narrow to hold a square grid")
    return Mask(w, h, threshold(w, h, rows), k, rows)


def zoom(gray: Gray, blob: Blob, mask: Mask) -> tuple[Mask, Quad] | None:
    """A finer working copy of the part of ``gray`` around ``blob`` and the blob's quad on
    it; None when it would be no finer.

    A grid that takes a small part of a big picture has its thin lines merged with its
    digits on the working copy (a small 16x16 grid reads as 4x4 or not at all); cropped
    around the shape first, the copy has up to WORK_SIDE pixels for the grid alone.
    """
    s, w = mask.scale, gray.width
    x0, y0 = max(0, (blob.x0 - 2) * s), max(0, (blob.y0 - 2) * s)
    x1, y1 = min(w, (blob.x1 + 3) * s), min(gray.height, (blob.y1 + 3) * s)
    if -(-max(x1 - x0, y1 - y0) // WORK_SIDE) >= s:
        return None
    crop = Gray(x1 - x0, y1 - y0, b"".join(gray.pixels[y * w + x0:y * w + x1]
                                           for y in range(y0, y1)))
    cw, ch, k, rows = shrink(crop)
    fine = Mask(cw, ch, threshold(cw, ch, rows), k, rows)

    def move(p: Point) -> Point:
        return (((p[0] + 0.5) * s - 0.5 - x0 + 0.5) / k - 0.5,
                ((p[1] + 0.5) * s - 0.5 - y0 + 0.5) / k - 0.5)
    q = blob.quad
    return fine, (move(q[0]), move(q[1]), move(q[2]), move(q[3]))


def to_image(quad: Quad, scale: int) -> Quad:
    """A working-copy quad in the full image's pixels (a working pixel's centre)."""
    def one(p: Point) -> Point:
        return ((p[0] + 0.5) * scale - 0.5, (p[1] + 0.5) * scale - 0.5)
    return (one(quad[0]), one(quad[1]), one(quad[2]), one(quad[3]))
