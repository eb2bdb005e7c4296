#!/usr/bin/env python3
"""Write the scan's test set: rendered grid pictures and the truth about each.

Pictures come from scripts/scan_render.py in the TEST fonts only (families the reader was
not trained on) and from seeds far from the training seeds, so the set measures the scan on
glyphs and pictures it never saw. Photos (newspaper, plain: perspective, rotation, uneven
light, blur, noise) are saved as JPEG, screenshots (app, dark) as PNG.

truth.json: {"about", "images": [{"file", "size", "box": [rows, cols], "puzzle" (the
project's one-line text), "values", "corners" (outer grid-line centres TL, TR, BR, BL, image
pixels), "style", "font", "seed", "dark"}]}. benchmarks/bench_scan.py reads it.

    python scripts/make_scan_set.py [OUT_DIR] [--count 240] [--seed 900000000]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import scan_render as sr  # noqa: E402

from sudoku_core.model.grid import Grid, Shape  # noqa: E402

# Sizes and styles drawn, weighted: 9x9 newspaper and app pictures most.
SIZES = {9: 11, 6: 3, 4: 2, 8: 1, 12: 2, 16: 1}
STYLES = {"newspaper": 7, "plain": 5, "app": 5, "dark": 3}
TEST_SEED = 900_000_000  # training uses seeds below 10**8 (scripts/train_digits.py)


def entry(index: int, seed: int, fonts: dict[str, tuple[str, str]], out: Path) -> dict[str, Any]:
    """Render picture number `index` into `out` and return its truth."""
    rng = random.Random(seed)
    size = rng.choices(list(SIZES), weights=list(SIZES.values()))[0]
    style = rng.choices(list(STYLES), weights=list(STYLES.values()))[0]
    values = sr.relabel(rng.choice(sr.bank_puzzles(size)), size, rng)
    pic = sr.render(values, size, style, fonts, seed)
    photo = style in ("newspaper", "plain")
    name = f"{index:04d}-{size}x{size}-{style}.{'jpg' if photo else 'png'}"
    if photo:
        pic.image.save(out / name, quality=92)
    else:
        pic.image.save(out / name)
    shape = Shape(*sr.BOXES[size])
    return {"file": name, "size": size, "box": list(sr.BOXES[size]),
            "puzzle": Grid(shape, tuple(values)).line(), "values": values,
            "corners": [[round(x, 2), round(y, 2)] for x, y in pic.corners],
            "style": style, "font": pic.font, "seed": seed, "dark": pic.dark}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "scan-set"))
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--seed", type=int, default=TEST_SEED)
    args = ap.parse_args(argv)
    if args.seed < 10**8:
        ap.error("test seeds start at 10**8: below are the training seeds")
    fonts = sr.available(sr.TEST_FONTS)
    if not fonts:
        ap.error("none of the test fonts is installed: apt-get install "
                 + " ".join(sr.FONT_PACKAGES))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    images = [entry(i, args.seed + i, fonts, out) for i in range(args.count)]
    truth = {"about": "scripts/make_scan_set.py " + " ".join(sys.argv[1:]),
             "fonts": sorted(fonts), "images": images}
    (out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(f"wrote {len(images)} pictures and truth.json into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
