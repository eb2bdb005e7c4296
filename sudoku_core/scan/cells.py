"""Cut the grid into its cells, each resampled to CELL_PX x CELL_PX for the reader."""

from __future__ import annotations

from .image import CELL_PX, Gray
from .warp import Quad, sample_line, square_to_quad

__all__ = ["CELL_PX", "cut_cells"]


def cut_cells(gray: Gray, quad: Quad, size: int) -> list[Gray]:
    """Each cell of the ``size`` x ``size`` grid inside ``quad`` (row-major), from line centre
    to line centre, as a CELL_PX x CELL_PX image (``gray`` is dark ink on light paper).

    Within a cell the projective map is straight to far under a pixel, so each cell's rows
    are straight runs between its left and right edges (exact at the cell's corners).
    """
    hom = square_to_quad(quad)
    out = []
    half = 0.5 / CELL_PX  # sample at each output pixel's centre
    for r in range(size):
        for c in range(size):
            pixels = bytearray()
            u0, u1 = (c + half) / size, (c + 1 - half) / size
            for j in range(CELL_PX):
                v = (r + (j + 0.5) / CELL_PX) / size
                pixels += bytes(sample_line(gray, hom(u0, v), hom(u1, v), CELL_PX))
            out.append(Gray(CELL_PX, CELL_PX, bytes(pixels)))
    return out
