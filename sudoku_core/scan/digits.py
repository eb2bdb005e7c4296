"""Read one cell: empty, or which symbol (1..size) it holds, with probabilities.

A cell is a CELL_PX x CELL_PX grey square cut from grid-line centre to centre, dark ink on
light paper; remnants of the grid lines may show along its edges. Reading it:

1. Levels: paper is a high quantile of the middle of the cell, ink a low one. Too little
   contrast between them and the cell is empty.
2. Ink mask: pixels darker than halfway. Rows and columns near the edges that are mostly ink
   are grid lines and are cleared; then the 8-connected ink components are found, those
   lying along an edge (line remnants, specks) dropped, and the glyph is the largest
   component near the middle plus any piece overlapping it (a thin stroke broken by blur).
3. Empty or filled: a glyph shorter than a few pixels is a speck; the probability of
   "filled" rises smoothly with the glyph's height so that a doubtful cell stays doubtful.
4. Features: the glyph's box, scaled (area average, aspect kept) into a PATCH x PATCH square
   of ink amounts 0..1, plus its aspect ratio.
5. A one-hidden-layer perceptron (weights in digits.json, trained by
   scripts/train_digits.py on rendered grids) scores the 16 symbols 1-9, A-G; a softmax over
   the symbols a grid of this size can hold (1..size) gives their probabilities.

Pure Python: no numpy at run time, so it runs in Pyodide; on CPython about 1.5 ms of CPU a
filled cell and 0.2 ms an empty one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from operator import mul
from typing import Any

from .image import CELL_PX, Gray

PATCH = 16  # the glyph's normalised square
CLASSES = 16  # symbols 1..9, A..G: the project's symbols up to 16x16
MIN_CONTRAST = 28  # paper minus ink, out of 255, below which a cell is empty
EDGE_BAND = 6  # pixels from an edge where grid-line remnants live (cell of 32)
LINE_FILL = 0.6  # a row or column this much ink is a grid line
LINE_THIN = 4  # pixels: a stroke this thin and long is a piece of a line...
NEAR_EDGE = 9  # ...when it runs this close to an edge
# The glyph's height (pixels of a 32 cell) at which "filled" and "empty" are even, and how
# fast the odds change: digits are drawn 40-80% of a cell tall (13-26 px), specks 1-4.
EVEN_HEIGHT = 7.0
HEIGHT_SLOPE = 1.5
# Pencil marks (an app's candidates, a third of a cell or less) are no glyph: a cell of small
# glyphs only reads as empty, with the odds of a 4-pixel speck (about 1% filled).
MARK_HEIGHT = 11
MARK_GAP = 3
MARK_SPECK = 4.0


@lru_cache(maxsize=1)
def _model() -> dict[str, Any]:
    """The trained weights, read once (from the wheel or the Pyodide file system alike)."""
    text = resources.files(__package__).joinpath("digits.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    scale = data["scale"]
    # Weights are stored as integers (a smaller file) with one scale per layer.
    data["w1"] = [[w * scale[0] for w in row] for row in data["w1"]]
    data["w2"] = [[w * scale[1] for w in row] for row in data["w2"]]
    return data


def _smooth(px: bytes) -> list[float]:
    """The cell blurred by a 3x3 binomial kernel (edges repeated): sensor noise and JPEG
    speckle fall to a third, a one-pixel stroke keeps half its contrast."""
    n = CELL_PX
    flat: list[int] = []
    for y in range(0, n * n, n):
        r = px[y:y + n]
        flat += [a + b + b + c for a, b, c in zip(r[:1] + r[:-1], r, r[1:] + r[-1:], strict=True)]
    up, down = flat[:n] + flat[:-n], flat[n:] + flat[-n:]
    return [(a + b + b + c) * 0.0625 for a, b, c in zip(up, flat, down, strict=True)]


def _levels(px: list[float]) -> tuple[float, float]:
    """(paper, ink) levels from the middle of the cell, away from the grid lines."""
    n = CELL_PX
    e = EDGE_BAND
    inner = sorted(b for y in range(e, n - e) for b in px[y * n + e:y * n + n - e])
    return inner[len(inner) * 9 // 10], inner[len(inner) // 100]


def _clear_lines(mask: list[bool]) -> None:
    """Clear the rows and columns near the edges that are mostly ink: grid lines. (Not in
    the middle, where a digit 1's stem is as long.)"""
    n = CELL_PX
    limit = LINE_FILL * n
    for k in (*range(NEAR_EDGE), *range(n - NEAR_EDGE, n)):
        if sum(mask[k * n:(k + 1) * n]) >= limit:
            mask[k * n:(k + 1) * n] = [False] * n
        if sum(mask[k::n]) >= limit:
            mask[k::n] = [False] * n


def _components(mask: list[bool]) -> list[list[int]]:
    """The 8-connected components of the mask, as lists of pixel indices."""
    n = CELL_PX
    seen = [False] * (n * n)
    comps = []
    for start in range(n * n):
        if not mask[start] or seen[start]:
            continue
        seen[start] = True
        stack, comp = [start], []
        while stack:
            i = stack.pop()
            comp.append(i)
            y, x = divmod(i, n)
            for yy in (y - 1, y, y + 1):
                if 0 <= yy < n:
                    for xx in (x - 1, x, x + 1):
                        j = yy * n + xx
                        if 0 <= xx < n and mask[j] and not seen[j]:
                            seen[j] = True
                            stack.append(j)
        comps.append(comp)
    return comps


def _box(comp: Sequence[int]) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of a component, inclusive."""
    ys = [i // CELL_PX for i in comp]
    xs = [i % CELL_PX for i in comp]
    return min(xs), min(ys), max(xs), max(ys)


def _remnant(box: tuple[int, int, int, int]) -> bool:
    """A component that is no glyph: within the edge band (a line's remnant, a speck by the
    line), or a thin stroke along an edge or across the whole cell (a tilted line's piece;
    a digit 1 is as thin but stands in the middle and shorter than the cell)."""
    x0, y0, x1, y1 = box
    n = CELL_PX
    if x1 < EDGE_BAND or y1 < EDGE_BAND or x0 >= n - EDGE_BAND or y0 >= n - EDGE_BAND:
        return True
    w, h = x1 - x0 + 1, y1 - y0 + 1
    if min(w, h) > LINE_THIN:
        return False
    if max(w, h) >= n - EDGE_BAND:
        return True
    centre = (x0 + x1) / 2 if h > w else (y0 + y1) / 2
    return max(w, h) >= n // 3 and min(centre, n - 1 - centre) < NEAR_EDGE


def _apart(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Boxes MARK_GAP pixels apart or more (the pieces of a blurred digit nearly touch)."""
    gap_x = max(a[0], b[0]) - min(a[2], b[2]) - 1
    gap_y = max(a[1], b[1]) - min(a[3], b[3]) - 1
    return max(gap_x, gap_y) >= MARK_GAP


def pencil_marks(boxes: list[tuple[int, int, int, int]]) -> bool:
    """Whether the cell holds an app's pencil marks rather than a digit: two or more small
    glyphs, none as tall as a digit is drawn, each apart from the others."""
    if any(y1 - y0 + 1 > MARK_HEIGHT for _, y0, _, y1 in boxes):
        return False
    marks = [b for b in boxes if b[3] - b[1] + 1 >= 3]
    return len(marks) >= 2 and all(_apart(a, b) for i, a in enumerate(marks)
                                   for b in marks[i + 1:])


def _glyph(mask: list[bool]) -> tuple[list[int], tuple[int, int, int, int]] | None:
    """The glyph's pixels and box: the largest component whose box reaches the middle, and
    the pieces overlapping its box; None if nothing is there."""
    comps = [(c, _box(c)) for c in _components(mask)]
    comps = [(c, b) for c, b in comps if not _remnant(b)]
    if pencil_marks([b for _, b in comps]):
        return [], (0, 0, 0, 0)  # an empty cell's candidates: read_cell calls it empty
    lo, hi = CELL_PX // 4, CELL_PX - CELL_PX // 4
    middle = [(c, b) for c, b in comps if b[0] < hi and b[2] >= lo and b[1] < hi and b[3] >= lo]
    if not middle:
        return None
    main, (x0, y0, x1, y1) = max(middle, key=lambda cb: len(cb[0]))
    pixels = list(main)
    for c, b in comps:
        if c is not main and b[0] <= x1 + 1 and b[2] >= x0 - 1 and b[1] <= y1 + 1 and (
                b[3] >= y0 - 1):
            pixels += c
            x0, y0, x1, y1 = min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3])
    return pixels, (x0, y0, x1, y1)


def _weights(start: float, length: float, out: int) -> list[list[tuple[int, float]]]:
    """For each of `out` target pixels, the source pixels it covers and by how much, when
    source pixels start..start+length are spread over the target (area averaging)."""
    step = length / out
    table = []
    for k in range(out):
        a, b = start + k * step, start + (k + 1) * step
        row = []
        for s in range(math.floor(a), math.ceil(b)):
            w = min(b, s + 1) - max(a, s)
            if w > 1e-6:
                row.append((s, w / step))
        table.append(row)
    return table


def _patch(ink: list[float], box: tuple[int, int, int, int]) -> list[float]:
    """The glyph's box scaled into PATCH x PATCH, aspect kept and centred."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0 + 1, y1 - y0 + 1
    side = max(w, h)
    # Square source window centred on the glyph; pixels outside the cell read as paper.
    sx, sy = x0 + (w - side) / 2, y0 + (h - side) / 2
    cols, rows = _weights(sx, side, PATCH), _weights(sy, side, PATCH)
    n = CELL_PX
    out = []
    for row in rows:
        line = [0.0] * PATCH
        for y, wy in row:
            if 0 <= y < n:
                base = y * n
                for k, col in enumerate(cols):
                    line[k] += wy * sum(ink[base + x] * wx for x, wx in col if 0 <= x < n)
        out += line
    return out


def features(cell: Gray) -> tuple[list[float], float] | None:
    """The glyph's features and its height in pixels, or None for a cell with no glyph."""
    if cell.width != CELL_PX or cell.height != CELL_PX:
        raise ValueError(f"a cell is {CELL_PX}x{CELL_PX} pixels, not {cell.width}x{cell.height}")
    px = _smooth(cell.pixels)
    paper, dark = _levels(px)
    if paper - dark < MIN_CONTRAST:
        return None
    mid = (paper + dark) / 2
    mask = [b < mid for b in px]
    _clear_lines(mask)
    found = _glyph(mask)
    if found is None:
        return None
    pixels, box = found
    if not pixels:  # pencil marks: the glyph's features, but the height of a speck
        return [0.0] * (PATCH * PATCH) + [1.0], MARK_SPECK
    # Ink amount 0..1 inside the glyph's box (antialiased edges included), but nothing from
    # the components left out (a line remnant crossing the box).
    span = 1.0 / (paper - dark)
    ink = [0.0] * (CELL_PX * CELL_PX)
    keep = set(pixels)
    x0, y0, x1, y1 = box
    for y in range(max(0, y0 - 1), min(CELL_PX, y1 + 2)):
        for i in range(y * CELL_PX + max(0, x0 - 1), y * CELL_PX + min(CELL_PX, x1 + 2)):
            if not mask[i] or i in keep:
                ink[i] = min(1.0, max(0.0, (paper - px[i]) * span))
    w, h = x1 - x0 + 1, y1 - y0 + 1
    return _patch(ink, box) + [w / h], float(h)


def _scores(x: list[float]) -> list[float]:
    """The perceptron's 16 symbol scores for a feature vector."""
    m = _model()
    hidden = [max(0.0, sum(map(mul, row, x)) + b) for row, b in zip(m["w1"], m["b1"],
                                                                      strict=True)]
    return [sum(map(mul, row, hidden)) + b for row, b in zip(m["w2"], m["b2"], strict=True)]


def read_cell(cell: Gray, size: int) -> list[tuple[int, float]]:
    """(value, probability) for the cell, best first, summing to 1: 0 is empty, 1..size the
    symbols a grid of this size holds (16 at most)."""
    if not 1 <= size <= CLASSES:
        raise ValueError(f"the reader knows symbols up to {CLASSES}, not a {size}x{size} grid")
    found = features(cell)
    if found is None:
        return [(0, 1.0)]
    x, height = found
    filled = 1.0 / (1.0 + math.exp(-(height - EVEN_HEIGHT) * HEIGHT_SLOPE))
    scores = _scores(x)[:size]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    ranked = [(v, filled * e / total) for v, e in enumerate(exps, 1)]
    ranked.append((0, 1.0 - filled))
    ranked.sort(key=lambda vp: -vp[1])
    return ranked
