"""The grid's size and box shape, from its lines.

Across the grid found, every column of a grid line is ink from top to bottom, a column
through the middle of a cell is not (a digit covers part of it at most). So the share of ink
along each of PROFILE_SIDE + 1 columns (and rows), read from the working copy's ink through
the grid's homography, shows peaks at the lines; a size N fits when all N + 1 of its lines
are there and its cells' middles are not lines. Several sizes can fit (a 12x12 grid's lines
hold a 4x4 grid's), so the largest that fits on both axes wins: a smaller size's lines would
have to leave out lines that are plainly drawn.

The box shape comes from the lines' thickness, measured on the full image across each line
(the working copy is too coarse): the shape whose box lines are thicker than its other lines
by the most wins; when no line stands out, the size's usual shape (Shape.for_size).
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean, median, pstdev

from ..model.errors import ScanError
from ..model.grid import Shape
from .image import Gray
from .locate import Mask
from .warp import Homography, Quad, sample_line, square_to_quad

SIZES = (4, 6, 8, 9, 12, 16)  # the sizes a scan recognises, smallest first
PROFILE_SIDE = 288  # positions across the grid (divisible by every size but 16's 18 steps)
PROFILE_CUTS = 48  # sampled cuts along each position
LINE_SHARE = 0.6  # a position is a line when this share of its cuts is ink
FAINT_SHARE = 0.25  # ... or a faint line, with this share, above the cells' middles
THICKER = 1.3  # box lines this much thicker than the others set the box shape
SEPARATION = 1.5  # ... and apart from them by this many standard deviations of all widths
RIDGE_PX = 3.0  # how far either side of a line the paper is looked for (working pixels)
RIDGE_DEPTH = 8  # a line is this much darker than the paper on one side of it
RIDGE_EDGE = 3  # ... and this much on the other
MIN_DEPTH = 24  # a line darker than the paper around it by less is no line


@dataclass(frozen=True)
class Layout:
    """What the lines say: the box shape and the grid's quad moved onto the centres of the
    border lines (image pixels)."""

    shape: Shape
    quad: Quad


def profiles(mask: Mask, hom: Homography) -> tuple[list[int], list[int]]:
    """(columns, rows): per position 0..PROFILE_SIDE across the grid, how many of
    PROFILE_CUTS cuts along it cross a line there.

    A cut crosses a line where the working copy is darker than a little way to either side
    (a ridge): a faint hairline counts, while a shaded row or column (an
    app's highlight), a shadow or a blot is as dark on both sides of its middle and does
    not. Without the grey rows, the ink mask alone."""
    if not mask.gray:
        return _ink_profiles(mask, hom)
    side = PROFILE_SIDE
    span = max(_dist(hom(0, 0.5), hom(1, 0.5)), _dist(hom(0.5, 0), hom(0.5, 1)))
    # a little wider than a thick line, but within half of a 16x16 grid's cell
    d = max(1, round(side * min(RIDGE_PX, span / 40) / max(span, 1.0)))
    cols, lines = [0] * (side + 1), [0] * (side + 1)
    for j in range(PROFILE_CUTS):
        t = (j + 0.5) / PROFILE_CUTS
        for out, vertical in ((cols, True), (lines, False)):
            v = _cut(mask, hom, t, d, vertical)
            for i in range(side + 1):
                a, b, c = v[i], v[i + 2 * d], v[i + d]
                # darker than both sides, clearly so than one: a hairline along the edge
                # of a shaded band is only a little darker than the band
                if c + RIDGE_EDGE <= min(a, b) and c + RIDGE_DEPTH <= max(a, b):
                    out[i] += 1
    return cols, lines


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def _cut(mask: Mask, hom: Homography, t: float, d: int, vertical: bool) -> list[int]:
    """The working copy's grey along one cut at ``t``, positions -d..PROFILE_SIDE + d
    (outside the picture reads as paper)."""
    gray, w, h, side = mask.gray, mask.width, mask.height, PROFILE_SIDE
    out = []
    for i in range(-d, side + d + 1):
        x, y = hom(i / side, t) if vertical else hom(t, i / side)
        xi, yi = int(x + 0.5), int(y + 0.5)
        out.append(gray[yi][xi] if 0 <= xi < w and 0 <= yi < h else 255)
    return out


def _ink_profiles(mask: Mask, hom: Homography) -> tuple[list[int], list[int]]:
    rows, w, h = mask.rows, mask.width, mask.height
    side, cuts = PROFILE_SIDE, PROFILE_CUTS
    cols = [0] * (side + 1)
    lines = [0] * (side + 1)
    for j in range(cuts):
        t = (j + 0.5) / cuts
        for i in range(side + 1):
            s = i / side
            for out, (x, y) in ((cols, hom(s, t)), (lines, hom(t, s))):
                xi, yi = int(x + 0.5), int(y + 0.5)
                if 0 <= xi < w and 0 <= yi < h and rows[yi][xi]:
                    out[i] += 1
    return cols, lines


def _peak(profile: list[int], centre: float, tol: int) -> int:
    lo, hi = max(0, round(centre) - tol), min(len(profile) - 1, round(centre) + tol)
    return max(profile[lo:hi + 1])


def borders(profile: list[int], inset: bool = False) -> tuple[float, float]:
    """The centres of the two border lines: the quad runs along their outer edges, so a
    thick border moves every line's place by half its width (too much on a 16x16 grid).

    ``inset``: the shape found is something around the grid (a sheet of paper on a dark
    table whose edge joined the grid's border, a frame): the first and last lines past its
    edge, within a quarter of the way across."""
    least = LINE_SHARE * PROFILE_CUTS
    side = len(profile)
    edge = side // 25
    lo, hi = (range(edge, side // 4), range(side - side // 4, side - edge)) if inset else (
        range(edge), range(side - edge, side))
    first = _run([i for i in lo if profile[i] >= least], True)
    last = _run([i for i in hi if profile[i] >= least], False)
    b0 = (first[0] + first[-1]) / 2 if first else 0.0
    b1 = (last[0] + last[-1]) / 2 if last else side - 1.0
    return b0, b1


def _run(found: list[int], first: bool) -> list[int]:
    """The first (else last) run of consecutive positions in ``found``."""
    if not first:
        found = found[::-1]
    run = found[:1]
    for i in found[1:]:
        if abs(i - run[-1]) != 1:
            break
        run.append(i)
    return run if first else run[::-1]


def fits(profile: list[int], n: int) -> bool:
    """Whether ``n`` cells fit the profile: its n + 1 lines are there, hardly a middle is.

    Most lines must be ink along LINE_SHARE of the grid; a faint one (a hairline among many
    digits, whose ink lowers the local mean) needs only to stand clearly above the cells'
    middles. A size whose "lines" fall in cells (12 on a 9x9 grid) fails the median.
    One inner line may be missing: an app's shaded column can paint over the hairline along
    its edge, leaving a step, no ridge. A wrong size that is not a subset of the grid's
    lines misses two at least (4 on a 6x6 grid misses 1/4 and 3/4). The border lines must
    be whole: on a sheet of paper whose outline was taken for the grid's, a 4x4 grid a sixth
    in from the edges has lines where a 6x6 grid's inner lines would be.
    """
    b0, b1 = borders(profile)
    step = (b1 - b0) / n
    tol = max(2, round(step * 0.12))
    least = LINE_SHARE * PROFILE_CUTS
    peaks = [_peak(profile, b0 + k * step, tol) for k in range(n + 1)]
    middles = [_peak(profile, b0 + (k + 0.5) * step, tol) for k in range(n)]
    return (median(peaks) >= least and min(peaks[0], peaks[-1]) >= least
            and min(peaks[0], peaks[-1], *sorted(peaks[1:-1])[1:])
            >= max(FAINT_SHARE * PROFILE_CUTS, 1.5 * median(middles))
            and sum(m >= least for m in middles) <= n // 4)


Frame = tuple[float, float, float, float]  # u0, u1, v0, v1: the grid's part of the shape


def find_size(mask: Mask, hom: Homography, ink: bool = False,
              inset: bool = False) -> tuple[int, Frame]:
    """The largest size whose lines fit both axes of the ridge profiles (of the ink
    profiles when ``ink``: lines beside solid squares, a crossword's, are no ridges), and
    the part of the shape the grid takes: all of it, unless ``inset``, where the grid is
    looked for between the first and last lines past the shape's edge (see borders), its
    ridges read again on that part alone; ScanError when no size fits."""
    cols, rows = _ink_profiles(mask, hom) if ink else profiles(mask, hom)
    frame = (0.0, 1.0, 0.0, 1.0)
    if inset:
        (u0, u1), (v0, v1) = borders(cols, True), borders(rows, True)
        frame = (u0 / PROFILE_SIDE, u1 / PROFILE_SIDE, v0 / PROFILE_SIDE, v1 / PROFILE_SIDE)
        hom = square_to_quad((hom(frame[0], frame[2]), hom(frame[1], frame[2]),
                              hom(frame[1], frame[3]), hom(frame[0], frame[3])))
        cols, rows = profiles(mask, hom)
    for n in reversed(SIZES):
        if fits(cols, n) and fits(rows, n):
            return n, frame
    raise ScanError("no sudoku grid found in the image: the largest square shape has no "
                    f"regular grid lines of {', '.join(map(str, SIZES[:-1]))} or "
                    f"{SIZES[-1]} cells a side")


def _cross(gray: Gray, hom: Homography, at: float, along: float, half: float,
           vertical: bool) -> tuple[float, float] | None:
    """(centre, width) of the line crossing position ``at`` (u of a vertical line, v of a
    horizontal one) at ``along``, in grid units, read across +-``half``; None when no line
    stands out there."""
    a, b = ((hom(at - half, along), hom(at + half, along)) if vertical
            else (hom(along, at - half), hom(along, at + half)))
    px = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
    count = max(9, min(48, int(px)))
    p = sample_line(gray, a, b, count)
    low = min(p)
    depth = max(p) - low
    if depth < MIN_DEPTH:
        return None
    cut = low + depth / 2
    i = j = p.index(low)  # the dark run around the darkest sample: the line, not a digit
    while i > 0 and p[i - 1] < cut:
        i -= 1
    while j < count - 1 and p[j + 1] < cut:
        j += 1
    step = 2 * half / (count - 1)
    return at - half + (i + j) / 2 * step, (j - i + 1) * step


def measure(gray: Gray, hom: Homography, n: int, vertical: bool) -> list[tuple[float, float]]:
    """(centre, width) of each of the n + 1 lines across one axis (medians along it; a
    line not found keeps its place and width 0)."""
    out = []
    for k in range(n + 1):
        found = [c for j in range(n) if (c := _cross(gray, hom, k / n, (j + 0.5) / n,
                                                     0.2 / n, vertical))]
        if found:
            out.append((median(c for c, _ in found), median(w for _, w in found)))
        else:
            out.append((k / n, 0.0))
    return out


def box_shape(n: int, cols: list[float], rows: list[float]) -> Shape:
    """The box shape whose box lines stand out the most from the other lines (inner lines'
    widths: ``cols`` of the vertical lines, ``rows`` of the horizontal ones).

    A shape's score is how far its box lines' mean width is from its other lines', in
    standard deviations of all widths: the right shape splits the lines into two tight
    groups, a wrong one (2x8 on a 4x4-box grid) mixes thick and thin in each.
    """
    best, best_score = Shape.for_size(n), SEPARATION
    spread = pstdev(cols + rows) + 1e-9
    for r in range(2, n // 2 + 1):
        if n % r:
            continue
        c = n // r
        thick = [w for k, w in enumerate(cols, 1) if k % c == 0] + [
            w for k, w in enumerate(rows, 1) if k % r == 0]
        thin = [w for k, w in enumerate(cols, 1) if k % c] + [
            w for k, w in enumerate(rows, 1) if k % r]
        if not thick or not thin or mean(thick) < THICKER * mean(thin):
            continue
        score = (mean(thick) - mean(thin)) / spread
        if score > best_score:
            best, best_score = Shape(r, c), score
    return best


def find_layout(gray: Gray, quad: Quad, mask: Mask, mask_quad: Quad,
                size: int | None = None, shape: Shape | None = None,
                ink: bool = False, inset: bool = False) -> Layout:
    """The grid's box shape and its quad on the border lines' centres; a caller who knows
    the ``size`` or the ``shape`` gives it (``ink``, ``inset``: see find_size)."""
    if shape or size:
        n = shape.size if shape else size or 0
    else:
        n, (u0, u1, v0, v1) = find_size(mask, square_to_quad(mask_quad), ink, inset)
        outer = square_to_quad(quad)
        quad = (outer(u0, v0), outer(u1, v0), outer(u1, v1), outer(u0, v1))
    hom = square_to_quad(quad)
    cols, rows = measure(gray, hom, n, True), measure(gray, hom, n, False)
    if shape is None:
        shape = box_shape(n, [w for _, w in cols[1:-1]], [w for _, w in rows[1:-1]])
    u0, u1, v0, v1 = cols[0][0], cols[-1][0], rows[0][0], rows[-1][0]
    if not (u0 < 0.5 / n and u1 > 1 - 0.5 / n and v0 < 0.5 / n and v1 > 1 - 0.5 / n):
        u0, u1, v0, v1 = 0.0, 1.0, 0.0, 1.0  # a border read in a cell: keep the outline
    return Layout(shape, (hom(u0, v0), hom(u1, v0), hom(u1, v1), hom(u0, v1)))
