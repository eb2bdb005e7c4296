"""The grid's square: a homography from the unit square onto the four corners found, and
bilinear sampling of the full-resolution image through it.

Coordinates: (u, v) in [0, 1] x [0, 1] across the grid (u to the right, v down), (x, y) in
image pixels, a pixel's value taken at its centre's integer coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.errors import ScanError
from .image import Gray

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]  # top-left, top-right, bottom-right, bottom-left
_RUN = 16  # samples per straight run in warp()
PAPER = 255  # what a sample outside the image reads: blank paper, not ink


@dataclass(frozen=True)
class Homography:
    """(u, v) -> (x, y) = ((a u + b v + c) / w, (d u + e v + f) / w), w = g u + h v + 1."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float
    g: float
    h: float

    def __call__(self, u: float, v: float) -> Point:
        w = self.g * u + self.h * v + 1.0
        return ((self.a * u + self.b * v + self.c) / w, (self.d * u + self.e * v + self.f) / w)


def square_to_quad(quad: Quad) -> Homography:
    """The projective map taking the unit square's corners to ``quad``'s, in order.

    The closed form of the square-to-quadrilateral map (no 8x8 system to solve): the
    perspective terms g, h come from how far the quad is from a parallelogram.
    """
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    dx1, dx2, dx3 = x1 - x2, x3 - x2, x0 - x1 + x2 - x3
    dy1, dy2, dy3 = y1 - y2, y3 - y2, y0 - y1 + y2 - y3
    den = dx1 * dy2 - dx2 * dy1
    if abs(den) < 1e-9:
        raise ScanError("no sudoku grid found in the image: the corners found are in a line")
    g = (dx3 * dy2 - dx2 * dy3) / den
    h = (dx1 * dy3 - dx3 * dy1) / den
    return Homography(x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
                      y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h)


def sample_line(gray: Gray, start: Point, end: Point, count: int) -> list[int]:
    """``count`` bilinear samples evenly from ``start`` to ``end`` (both included when
    count > 1); outside the image reads as paper.

    The inner loop of the scan's resampling (cells, line profiles): a straight run of
    samples needs no projective division per sample, and over a cell or less the projective
    map is straight to far under a pixel.
    """
    px, w, h = gray.pixels, gray.width, gray.height
    x, y = start
    steps = max(1, count - 1)
    dx, dy = (end[0] - x) / steps, (end[1] - y) / steps
    out: list[int] = []
    append = out.append
    wmax, hmax = w - 1, h - 1
    for _ in range(count):
        if 0.0 <= x < wmax and 0.0 <= y < hmax:
            ix, iy = int(x), int(y)
            fx, fy = x - ix, y - iy
            i = iy * w + ix
            a, b = px[i], px[i + 1]
            c, d = px[i + w], px[i + w + 1]
            top = a + (b - a) * fx
            append(int(top + (c + (d - c) * fx - top) * fy + 0.5))
        else:
            append(_edge(px, w, h, x, y))
        x += dx
        y += dy
    return out


def _edge(px: bytes, w: int, h: int, x: float, y: float) -> int:
    """A sample on the last row or column (nearest pixel), or paper outside the image."""
    if -0.5 <= x <= w - 0.5 and -0.5 <= y <= h - 0.5:
        return px[min(h - 1, max(0, round(y))) * w + min(w - 1, max(0, round(x)))]
    return PAPER


def warp(gray: Gray, quad: Quad, side: int) -> Gray:
    """The grid inside ``quad`` as a ``side`` x ``side`` image (pixel centres at (i + 0.5) /
    side): what docs/scan.md's figures show; the pipeline samples cells and profiles alone."""
    hom = square_to_quad(quad)
    rows = bytearray()
    for j in range(side):
        v = (j + 0.5) / side
        for i in range(0, side, _RUN):  # short straight runs: exact enough under perspective
            k = min(_RUN, side - i)
            start, end = hom((i + 0.5) / side, v), hom((i + k - 0.5) / side, v)
            rows += bytes(sample_line(gray, start, end, k))
    return Gray(side, side, bytes(rows))
