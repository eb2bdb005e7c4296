#!/usr/bin/env python3
"""Render sudoku grids as a camera or a screen would show them, for the scan's reader.

A dev tool (Pillow and numpy, never imported by the package): the reader's training cells
(scripts/train_digits.py), its test set (scripts/make_scan_set.py) and the tests come from
here. Puzzles come from the page's banks (web/banks/RxC.json), the same puzzles a player
meets. Every picture is fixed by its seed.

Styles: ``newspaper`` (off-white paper, thin and thick black lines, mostly serif digits),
``app`` (a phone screenshot: light lines, grey or coloured givens, a highlighted row),
``dark`` (an app's dark mode, light on dark), ``plain`` (black on white). Photos (newspaper,
plain) are warped in perspective, turned up to 15 degrees, lit unevenly, blurred, noised and
saved as JPEG; screenshots are only scaled and sometimes compressed.

Fonts are split in two disjoint sets of families: TRAIN_FONTS teach the reader, TEST_FONTS
measure it on letter shapes it never saw.

    python scripts/scan_render.py --size 9 --style newspaper --seed 7 --out /tmp/grid.png
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
BANKS = ROOT / "web" / "banks"
SYMBOLS = "123456789ABCDEFG"  # the project's symbols up to 16x16 (sudoku_core.model.grid)
STYLES = ("newspaper", "app", "dark", "plain")
# Grid size -> box shape (rows, cols) of the bank drawn from.
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
MIN_CELL = 16  # pixels: the smallest cell side a photo is rendered with

_T = "/usr/share/fonts/truetype/"
_O = "/usr/share/fonts/opentype/"
# Families the reader learns from; kind "serif" or "sans" picks the newspaper's fonts.
TRAIN_FONTS: dict[str, tuple[str, str]] = {
    "DejaVu Sans": (_T + "dejavu/DejaVuSans.ttf", "sans"),
    "DejaVu Sans Bold": (_T + "dejavu/DejaVuSans-Bold.ttf", "sans"),
    "DejaVu Sans Condensed": (_T + "dejavu/DejaVuSansCondensed.ttf", "sans"),
    "DejaVu Serif": (_T + "dejavu/DejaVuSerif.ttf", "serif"),
    "DejaVu Serif Bold": (_T + "dejavu/DejaVuSerif-Bold.ttf", "serif"),
    "DejaVu Sans Mono": (_T + "dejavu/DejaVuSansMono.ttf", "sans"),
    "Liberation Sans": (_T + "liberation2/LiberationSans-Regular.ttf", "sans"),
    "Liberation Sans Bold": (_T + "liberation2/LiberationSans-Bold.ttf", "sans"),
    "Liberation Serif": (_T + "liberation2/LiberationSerif-Regular.ttf", "serif"),
    "Liberation Serif Bold": (_T + "liberation2/LiberationSerif-Bold.ttf", "serif"),
    "Liberation Mono": (_T + "liberation2/LiberationMono-Regular.ttf", "sans"),
    "FreeSans": (_T + "freefont/FreeSans.ttf", "sans"),
    "FreeSerif": (_T + "freefont/FreeSerif.ttf", "serif"),
    "FreeSerif Bold": (_T + "freefont/FreeSerifBold.ttf", "serif"),
    "FreeMono Bold": (_T + "freefont/FreeMonoBold.ttf", "sans"),
    "Nimbus Sans": (_O + "urw-base35/NimbusSans-Regular.otf", "sans"),
    "Nimbus Sans Bold": (_O + "urw-base35/NimbusSans-Bold.otf", "sans"),
    "Nimbus Sans Narrow": (_O + "urw-base35/NimbusSansNarrow-Regular.otf", "sans"),
    "Nimbus Roman": (_O + "urw-base35/NimbusRoman-Regular.otf", "serif"),
    "Nimbus Roman Bold": (_O + "urw-base35/NimbusRoman-Bold.otf", "serif"),
    "C059": (_O + "urw-base35/C059-Roman.otf", "serif"),
    "C059 Bold": (_O + "urw-base35/C059-Bold.otf", "serif"),
    "P052": (_O + "urw-base35/P052-Roman.otf", "serif"),
    "P052 Bold": (_O + "urw-base35/P052-Bold.otf", "serif"),
    "URW Gothic": (_O + "urw-base35/URWGothic-Book.otf", "sans"),
    "URW Gothic Demi": (_O + "urw-base35/URWGothic-Demi.otf", "sans"),
    "Lato": (_T + "lato/Lato-Regular.ttf", "sans"),
    "Lato Light": (_T + "lato/Lato-Light.ttf", "sans"),
    "Lato Black": (_T + "lato/Lato-Black.ttf", "sans"),
    "Noto Sans": (_T + "noto/NotoSans-Regular.ttf", "sans"),
    "Noto Sans Bold": (_T + "noto/NotoSans-Bold.ttf", "sans"),
    "Noto Serif": (_T + "noto/NotoSerif-Regular.ttf", "serif"),
    "Noto Serif Bold": (_T + "noto/NotoSerif-Bold.ttf", "serif"),
    "Open Sans": (_T + "open-sans/OpenSans-Regular.ttf", "sans"),
    "Open Sans Light": (_T + "open-sans/OpenSans-Light.ttf", "sans"),
    "Open Sans Bold": (_T + "open-sans/OpenSans-Bold.ttf", "sans"),
    "Cantarell": (_O + "cantarell/Cantarell-Regular.otf", "sans"),
    "Cantarell Bold": (_O + "cantarell/Cantarell-Bold.otf", "sans"),
    "Comic Neue": (_O + "comic-neue/ComicNeue-Regular.otf", "sans"),
    "Comic Neue Bold": (_O + "comic-neue/ComicNeue-Bold.otf", "sans"),
}
# Families kept out of training (no weight or width of them is in TRAIN_FONTS): a test set
# drawn in these measures the reader on glyphs it never saw.
TEST_FONTS: dict[str, tuple[str, str]] = {
    "Roboto": (_T + "roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "sans"),
    "Roboto Medium": (_T + "roboto/unhinted/RobotoTTF/Roboto-Medium.ttf", "sans"),
    "Roboto Light": (_T + "roboto/unhinted/RobotoTTF/Roboto-Light.ttf", "sans"),
    "Roboto Condensed Bold": (_T + "roboto/unhinted/RobotoCondensed-Bold.ttf", "sans"),
    "Carlito": (_T + "crosextra/Carlito-Regular.ttf", "sans"),
    "Carlito Bold": (_T + "crosextra/Carlito-Bold.ttf", "sans"),
    "Caladea": (_T + "crosextra/Caladea-Regular.ttf", "serif"),
    "Caladea Bold": (_T + "crosextra/Caladea-Bold.ttf", "serif"),
    "URW Bookman": (_O + "urw-base35/URWBookman-Light.otf", "serif"),
    "URW Bookman Demi": (_O + "urw-base35/URWBookman-Demi.otf", "serif"),
}
# The Debian packages holding every font above (for CI and a fresh machine).
FONT_PACKAGES = ("fonts-dejavu-core", "fonts-dejavu-extra", "fonts-liberation2",
                 "fonts-freefont-ttf", "fonts-urw-base35", "fonts-lato", "fonts-noto-core",
                 "fonts-open-sans", "fonts-cantarell", "fonts-comic-neue",
                 "fonts-roboto-unhinted", "fonts-crosextra-carlito", "fonts-crosextra-caladea")


def available(fonts: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The fonts of a table whose file is on this machine."""
    return {name: v for name, v in fonts.items() if Path(v[0]).exists()}


def bank_puzzles(size: int) -> list[list[int]]:
    """Every puzzle of the bank of a size: lists of size*size values, 0 empty."""
    rows, cols = BOXES[size]
    bank = json.loads((BANKS / f"{rows}x{cols}.json").read_text())
    return [p["values"] for level in bank["levels"].values() for p in level]


def relabel(values: list[int], size: int, rng: random.Random) -> list[int]:
    """The same puzzle with its symbols permuted (still one solution): spreads the symbols
    evenly over the renders, since a bank puzzle gives some symbols more often."""
    perm = list(range(1, size + 1))
    rng.shuffle(perm)
    return [perm[v - 1] if v else 0 for v in values]


@dataclass
class Look:
    """The drawing choices of one picture."""

    paper: tuple[int, int, int]
    ink: tuple[int, int, int]
    thin: tuple[int, tuple[int, int, int]]   # width px, colour
    thick: tuple[int, tuple[int, int, int]]
    font: str
    glyph: float        # digit height / cell side
    stroke: int         # extra stroke px (bolder ink)
    highlight: tuple[int, int, int] | None   # a tinted row/col/box (apps)
    photo: bool


def _grey(v: int, tint: tuple[int, int, int] = (0, 0, 0)) -> tuple[int, int, int]:
    return (max(0, min(255, v + tint[0])), max(0, min(255, v + tint[1])),
            max(0, min(255, v + tint[2])))


def choose_look(style: str, fonts: dict[str, tuple[str, str]], cell: int,
                rng: random.Random) -> Look:
    """Colours, lines and font for a style; line widths scale with the cell's side."""
    names = sorted(fonts)
    if style == "newspaper":
        serif = [n for n in names if fonts[n][1] == "serif"]
        names = serif if serif and rng.random() < 0.75 else names
    font = fonts[rng.choice(names)][0]
    unit = max(1.0, cell / 40)
    thin_w = max(1, round(unit * rng.uniform(0.7, 1.6)))
    thick_w = max(thin_w + 1, round(unit * rng.uniform(2.2, 4.5)))
    glyph = rng.uniform(0.42, 0.72)
    stroke = 1 if cell >= 40 and rng.random() < 0.15 else 0
    if style == "newspaper":
        paper = _grey(rng.randint(205, 245), (rng.randint(0, 10), rng.randint(0, 6), -8))
        ink = _grey(rng.randint(10, 60))
        return Look(paper, ink, (thin_w, ink), (thick_w, ink), font, glyph, stroke, None, True)
    if style == "plain":
        paper, ink = _grey(rng.randint(235, 255)), _grey(rng.randint(0, 40))
        return Look(paper, ink, (thin_w, ink), (thick_w, ink), font, glyph, stroke, None, True)
    dark = style == "dark"
    paper = _grey(rng.randint(15, 50)) if dark else _grey(rng.randint(240, 255))
    blue = rng.random() < 0.4
    if dark:
        ink = (rng.randint(120, 190), rng.randint(170, 220), 255) if blue else _grey(
            rng.randint(190, 245))
        thin_c, thick_c = _grey(rng.randint(70, 110)), _grey(rng.randint(130, 200))
    else:
        ink = (rng.randint(20, 60), rng.randint(60, 110), rng.randint(150, 220)) if blue else (
            _grey(rng.randint(0, 110)))
        thin_c, thick_c = _grey(rng.randint(170, 215)), _grey(rng.randint(40, 120))
    tint = (rng.randint(-40, -10), rng.randint(-20, 0), rng.randint(-5, 5))
    light = _grey(paper[0] + (25 if dark else -15), tint)
    highlight = light if rng.random() < 0.6 else None
    return Look(paper, ink, (max(1, thin_w - 1), thin_c), (max(2, thick_w - 1), thick_c),
                font, glyph, 0, highlight, False)


def fitted_font(path: str, height: float) -> ImageFont.FreeTypeFont:
    """The font at the point size whose digit 8 is `height` pixels tall."""
    probe = ImageFont.truetype(path, 100)
    top, bottom = probe.getbbox("8")[1], probe.getbbox("8")[3]
    return ImageFont.truetype(path, max(4, round(100 * height / max(1, bottom - top))))


def draw_flat(values: list[int], size: int, box: tuple[int, int], look: Look, cell: int,
              margin: int, rng: random.Random) -> Image.Image:
    """The grid seen square-on: the outer line centres at (margin, margin) and
    (margin + size*cell) on both axes."""
    side = 2 * margin + size * cell
    img = Image.new("RGB", (side, side), look.paper)
    draw = ImageDraw.Draw(img)
    if look.highlight is not None:
        r = rng.randrange(size)
        draw.rectangle((margin, margin + r * cell, margin + size * cell, margin + (r + 1) * cell),
                       fill=look.highlight)
        c = rng.randrange(size)
        draw.rectangle((margin + c * cell, margin, margin + (c + 1) * cell, margin + size * cell),
                       fill=look.highlight)
    font = fitted_font(look.font, cell * look.glyph)
    for i, v in enumerate(values):
        if not v:
            continue
        r, c = divmod(i, size)
        cx = margin + (c + 0.5 + rng.uniform(-0.04, 0.04)) * cell
        cy = margin + (r + 0.5 + rng.uniform(-0.04, 0.04)) * cell
        sym = SYMBOLS[v - 1]
        left, top, right, bottom = draw.textbbox((0, 0), sym, font=font, stroke_width=look.stroke)
        draw.text((cx - (left + right) / 2, cy - (top + bottom) / 2), sym, font=font,
                  fill=look.ink, stroke_width=look.stroke, stroke_fill=look.ink)
    for k in range(size + 1):
        for axis in (0, 1):
            step = box[0] if axis == 0 else box[1]  # rows are cut by box rows, columns by cols
            bold = k in (0, size) or k % step == 0
            width, colour = look.thick if bold else look.thin
            pos = margin + k * cell
            lo, hi = margin - look.thick[0] / 2, margin + size * cell + look.thick[0] / 2
            shape = ((lo, pos - width / 2), (hi, pos + width / 2 - 1)) if axis == 0 else (
                (pos - width / 2, lo), (pos + width / 2 - 1, hi))
            draw.rectangle(shape, fill=colour)
    return img


def homography(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> np.ndarray:
    """The 3x3 projective map taking the four src points to the four dst points."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    h = np.linalg.solve(np.array(rows, float), np.array(rhs, float))
    return np.append(h, 1.0).reshape(3, 3)


def apply(h: np.ndarray, x: float, y: float) -> tuple[float, float]:
    u, v, w = h @ np.array([x, y, 1.0])
    return float(u / w), float(v / w)


def place_quad(width: int, height: int, fill: float, angle: float, skew: float,
               rng: random.Random) -> list[tuple[float, float]]:
    """The grid's outer corners (TL, TR, BR, BL) in the picture: a square turned by `angle`
    degrees, its corners pushed by up to `skew` of its side (perspective), scaled so its
    bounding box spans `fill` of the picture's shorter side, placed at random inside."""
    a = math.radians(angle)
    base = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
    pts = []
    for x, y in base:
        x, y = x + rng.uniform(-skew, skew), y + rng.uniform(-skew, skew)
        pts.append((x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    scale = fill * min(width, height) / max(max(xs) - min(xs), max(ys) - min(ys))
    span_x, span_y = (max(xs) - min(xs)) * scale, (max(ys) - min(ys)) * scale
    ox = rng.uniform(2, max(2.0, width - span_x - 2)) - min(xs) * scale
    oy = rng.uniform(2, max(2.0, height - span_y - 2)) - min(ys) * scale
    return [(ox + x * scale, oy + y * scale) for x, y in pts]


def light_and_noise(img: Image.Image, rng: random.Random, photo: bool) -> Image.Image:
    """Uneven light (a linear falloff and a soft shadow), blur, sensor noise, JPEG."""
    arr = np.asarray(img, dtype=np.float32)
    h, w = arr.shape[:2]
    if photo:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = rng.uniform(0, 2 * math.pi)
        ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(w, h)
        ramp = (ramp - ramp.min()) / max(1e-6, float(ramp.max() - ramp.min()))
        gain = 1.0 - rng.uniform(0.0, 0.45) * ramp
        if rng.random() < 0.4:
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.2, 0.6) * max(w, h)
            gain *= 1.0 - rng.uniform(0.1, 0.35) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2)
                                                          / (r * r))
        arr = arr * gain[..., None]
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    if photo and rng.random() < 0.8:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.4)))
    if photo:
        nrng = np.random.default_rng(rng.randrange(2**32))
        arr = np.asarray(img, dtype=np.float32) + nrng.normal(0, rng.uniform(0, 9), (h, w, 1))
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    if photo or rng.random() < 0.5:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(30 if photo else 60, 92))
        img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    return img


@dataclass
class Picture:
    image: Image.Image                       # RGB
    corners: list[tuple[float, float]]       # outer grid-line centres TL, TR, BR, BL
    values: list[int]
    size: int
    box: tuple[int, int]
    style: str
    font: str
    dark: bool                               # light ink on a dark ground


def render(values: list[int], size: int, style: str, fonts: dict[str, tuple[str, str]],
           seed: int) -> Picture:
    """One picture of the puzzle `values`, fixed by `seed`."""
    rng = random.Random(seed)
    box = BOXES[size]
    photo = style in ("newspaper", "plain")
    if photo:
        width, height = rng.randint(480, 1000), rng.randint(480, 1000)
        # A cell at least MIN_CELL pixels across: below that no camera picture is readable.
        low = min(0.9, max(0.3, MIN_CELL * size / min(width, height)))
        fill, angle, skew = rng.uniform(low, 0.98), rng.uniform(-15, 15), rng.uniform(0, 0.08)
    else:
        width = rng.randint(360, 720)
        height = int(width * rng.uniform(1.6, 2.1))
        fill, angle, skew = rng.uniform(0.85, 0.98), 0.0, 0.0
    quad = place_quad(width, height, fill, angle, skew, rng)
    grid_px = max(math.dist(quad[0], quad[1]), math.dist(quad[1], quad[2]))
    cell = max(12, round(grid_px / size * rng.uniform(1.0, 1.4)))
    look = choose_look(style, fonts, cell, rng)
    margin = cell
    flat = draw_flat(values, size, box, look, cell, margin, rng)
    g0, g1 = margin, margin + size * cell
    h = homography([(g0, g0), (g1, g0), (g1, g1), (g0, g1)], quad)
    inv = np.linalg.inv(h)
    coeffs = (inv / inv[2, 2]).flatten()[:8].tolist()
    ground = _grey(rng.randint(60, 200), (rng.randint(-20, 20), 0, rng.randint(-20, 20)))
    out = flat.transform((width, height), Image.Transform.PERSPECTIVE, coeffs,
                         Image.Resampling.BICUBIC, fillcolor=ground if photo else look.paper)
    out = light_and_noise(out, rng, photo)
    name = next(n for n, v in fonts.items() if v[0] == look.font)
    return Picture(out, quad, values, size, box, style, name, style == "dark")


def cut_cells(gray: np.ndarray, quad: list[tuple[float, float]], size: int, px: int = 32,
              jitter: float = 0.0, supersample: int = 2,
              rng: random.Random | None = None) -> np.ndarray:
    """Every cell of the grid with outer corners `quad`, warped to px x px (float 0..255),
    row-major: what the pipeline cuts. `jitter` moves each cell's square by up to that part
    of a cell and scales it by up to that much (the pipeline's corners are not exact);
    `supersample` averages k x k samples a pixel (area sampling), 1 is point sampling."""
    h = homography([(0, 0), (1, 0), (1, 1), (0, 1)], quad)
    rng = rng or random.Random(0)
    k = supersample
    sub = (np.arange(px * k) + 0.5) / (px * k)
    out = np.empty((size * size, px, px), np.float32)
    for i in range(size * size):
        r, c = divmod(i, size)
        dx, dy = rng.uniform(-jitter, jitter), rng.uniform(-jitter, jitter)
        sc = 1 + rng.uniform(-jitter, jitter)
        u = (c + 0.5 + dx + (sub - 0.5) * sc) / size
        v = (r + 0.5 + dy + (sub - 0.5) * sc) / size
        uu, vv = np.meshgrid(u, v)
        den = h[2, 0] * uu + h[2, 1] * vv + h[2, 2]
        x = (h[0, 0] * uu + h[0, 1] * vv + h[0, 2]) / den
        y = (h[1, 0] * uu + h[1, 1] * vv + h[1, 2]) / den
        samples = bilinear(gray, x, y)
        out[i] = samples.reshape(px, k, px, k).mean(axis=(1, 3))
    return out


def bilinear(gray: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    hgt, wid = gray.shape
    x = np.clip(x - 0.5, 0, wid - 1.001)
    y = np.clip(y - 0.5, 0, hgt - 1.001)
    x0, y0 = x.astype(int), y.astype(int)
    fx, fy = x - x0, y - y0
    a, b = gray[y0, x0], gray[y0, x0 + 1]
    c, d = gray[y0 + 1, x0], gray[y0 + 1, x0 + 1]
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy


def to_gray(pic: Picture) -> np.ndarray:
    """The picture as the pipeline sees it: grey, dark ink on light (dark mode inverted)."""
    arr = np.asarray(pic.image.convert("L"), dtype=np.float32)
    return 255 - arr if pic.dark else arr


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=9, choices=sorted(BOXES))
    ap.add_argument("--style", default="newspaper", choices=STYLES)
    ap.add_argument("--fonts", default="train", choices=("train", "test"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="grid.png")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    fonts = available(TRAIN_FONTS if args.fonts == "train" else TEST_FONTS)
    values = relabel(rng.choice(bank_puzzles(args.size)), args.size, rng)
    pic = render(values, args.size, args.style, fonts, args.seed)
    pic.image.save(args.out)
    info: dict[str, Any] = {"font": pic.font, "corners": [[round(x, 2), round(y, 2)]
                                                          for x, y in pic.corners]}
    print(json.dumps(info))
    return 0


if __name__ == "__main__":
    sys.exit(main())
