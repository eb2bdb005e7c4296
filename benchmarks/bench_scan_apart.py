"""Scan pictures drawn apart from scripts/scan_render.py: another drawing, fonts it never uses.

Run from the repo root:  .venv/bin/python benchmarks/bench_scan_apart.py [SEED] [COUNT]
    FONTS=Italic,Oblique  only the fonts whose file name holds one of these words

The scan set is drawn by the same renderer the reader is trained from; this script checks that
what it measures holds beyond it: its own grid drawing (line weights, margins, ink and paper
levels), fonts in neither of the renderer's tables (Nimbus Mono, italic and oblique faces),
rotation up to 13 degrees, a perspective of up to 6% of the side, blur, uneven light, grain and
JPEG. Printed: grids verified and right, verified but WRONG (must stay 0), read but not
verified, no grid found; the median and max CPU ms of scan_image (say the load average with
them). Failures are saved as PNG under build/scan-apart/ to look at.
"""

import io
import json
import math
import os
import random
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sudoku_core.model.errors import ScanError  # noqa: E402
from sudoku_core.scan import scan_image  # noqa: E402
from sudoku_core.scan.load import load_image  # noqa: E402

OUT = ROOT / "build" / "scan-apart"

_O = "/usr/share/fonts/opentype/urw-base35/"
FONTS = [_O + "NimbusMonoPS-Bold.otf", _O + "NimbusMonoPS-Regular.otf",
         _O + "URWBookman-LightItalic.otf", _O + "NimbusSans-Italic.otf", _O + "C059-Italic.otf",
         "/usr/share/fonts/truetype/freefont/FreeSansOblique.ttf", _O + "P052-BoldItalic.otf"]
BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


def puzzle(n: int, rng: random.Random) -> list[int]:
    """A puzzle of the page's bank of that size."""
    bank = json.loads((ROOT / f"web/banks/{BOX[n][0]}x{BOX[n][1]}.json").read_text())
    return rng.choice([p["values"] for level in bank["levels"].values() for p in level])


def draw_grid(n: int, values: list[int], fonts: list[str], rng: random.Random) -> Image.Image:
    """The grid on its sheet: line weights, margin, ink and paper levels, font drawn at random."""
    cell, margin = rng.randint(28, 60), rng.randint(10, 60)
    side, ink, paper = cell * n, rng.randint(0, 70), rng.randint(200, 250)
    im = Image.new("L", (side + 2 * margin, side + 2 * margin), paper)
    d = ImageDraw.Draw(im)
    rows, cols = BOX[n]
    thin = rng.choice([1, 1, 2])
    thick = thin + rng.choice([1, 2, 3])
    for i in range(n + 1):
        at = margin + i * cell
        d.line([(at, margin), (at, margin + side)], fill=ink,
               width=thick if i % cols == 0 else thin)
        d.line([(margin, at), (margin + side, at)], fill=ink,
               width=thick if i % rows == 0 else thin)
    font = ImageFont.truetype(rng.choice(fonts), int(cell * rng.uniform(0.5, 0.75)))
    for k, v in enumerate(values):
        if v:
            r, c = divmod(k, n)
            xy = (margin + (c + 0.5) * cell + rng.uniform(-2, 2),
                  margin + (r + 0.5) * cell + rng.uniform(-2, 2))
            d.text(xy, str(v), fill=ink + rng.randint(0, 40), font=font, anchor="mm")
    return im


def photograph(sheet: Image.Image, rng: random.Random) -> io.BytesIO:
    """The sheet on a table, turned, seen at a slant, blurred, lit unevenly, grainy, as JPEG."""
    bg = rng.randint(60, 180)
    w = int(sheet.width / rng.uniform(0.4, 0.95))
    pic = Image.new("L", (w, w), bg)
    pic.paste(sheet, ((w - sheet.width) // 2, (w - sheet.height) // 2))
    pic = pic.rotate(rng.uniform(-13, 13), resample=Image.BICUBIC, fillcolor=bg)
    s = w * 0.06
    inward = [(1, 1), (-1, 1), (-1, -1), (1, -1)]  # the direction of each corner's move
    src = [(x + rng.uniform(0, s) * dx, y + rng.uniform(0, s) * dy)
           for (x, y), (dx, dy) in zip(((0, 0), (w, 0), (w, w), (0, w)), inward, strict=True)]
    a, b = [], []
    for (x, y), (sx, sy) in zip([(0, 0), (w, 0), (w, w), (0, w)], src, strict=True):
        a += [[x, y, 1, 0, 0, 0, -sx * x, -sx * y], [0, 0, 0, x, y, 1, -sy * x, -sy * y]]
        b += [sx, sy]
    coef = np.linalg.solve(np.array(a, float), np.array(b, float))
    pic = pic.transform((w, w), Image.PERSPECTIVE, tuple(coef), Image.BICUBIC, fillcolor=bg)
    pic = pic.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.3)))
    yy, xx = np.mgrid[0:w, 0:w]
    angle = rng.uniform(0, 2 * math.pi)
    light = 1 - rng.uniform(0, 0.45) * (xx * math.cos(angle) + yy * math.sin(angle)) / w
    grain = np.random.default_rng(rng.randint(0, 10**9)).normal(0, rng.uniform(2, 12), (w, w))
    out = np.clip(np.asarray(pic, float) * light + grain, 0, 255).astype("uint8")
    data = io.BytesIO()
    Image.fromarray(out).save(data, "JPEG", quality=rng.randint(40, 90))
    data.seek(0)
    return data


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    words = [w for w in os.environ.get("FONTS", "").split(",") if w]
    fonts = [f for f in FONTS if not words or any(w in f for w in words)]
    rng = random.Random(seed)
    tally = {"verified and right": 0, "verified but WRONG": 0, "not verified": 0, "no grid": 0}
    times = []
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for i in range(count):
        n = rng.choice([9, 9, 9, 6, 4])
        values = puzzle(n, rng)
        data = photograph(draw_grid(n, values, fonts, rng), rng)
        gray = load_image(data)
        start = time.process_time()
        try:
            r = scan_image(gray, time_limit=10)
            key = ("not verified" if not r.verified else
                   "verified and right" if list(r.grid.cells) == values else "verified but WRONG")
        except ScanError:
            key = "no grid"
        times.append((time.process_time() - start) * 1000)
        tally[key] += 1
        if key != "verified and right":
            OUT.mkdir(parents=True, exist_ok=True)
            Image.open(data).save(OUT / f"{seed}-{i}-{n}x{n}-{key.split()[-1]}.png")
    times.sort()
    print(f"{count} pictures (seed {seed}, fonts {words or 'all'}): {tally}; scan_image CPU "
          f"median {times[len(times) // 2]:.0f} ms, max {times[-1]:.0f} ms; load average after: "
          f"{os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
