#!/usr/bin/env python3
"""Write the scan's test set: rendered grid pictures and the truth about each.

Pictures come from scripts/scan_render.py in the TEST fonts only (families the reader was
not trained on) and from seeds far from the training seeds, so the set measures the scan on
glyphs and pictures it never saw. Photos (newspaper, plain: perspective, rotation, uneven
light, blur, noise) are saved as JPEG, screenshots (app, dark) as PNG.

truth.json: {"about", "images": [{"file", "size", "box": [rows, cols], "puzzle" (the
project's one-line text), "values", "corners" (outer grid-line centres TL, TR, BR, BL, image
pixels), "style", "font", "seed", "dark"}]}. benchmarks/bench_scan.py reads it.

    python scripts/make_scan_set.py [OUT_DIR] [--count 240] [--seed 900000000] [--page 8]
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


def page_shots(out: Path, count: int, seed: int, site: Path) -> list[dict[str, Any]]:
    """Screenshots of the project's own page (Playwright + Chromium) showing bank puzzles:
    a phone and a desktop window, light and dark colour schemes. The grid's corners are the
    outer corners of its first and last cells."""
    from ensure_browser import LAUNCH_ARGS, browser_executable
    from playwright.sync_api import sync_playwright
    from serve import make_server, start

    httpd = make_server(site, port=0, prefix="/", quiet=True)
    start(httpd)
    url = f"http://{httpd.server_address[0]}:{httpd.server_address[1]}/index.html"
    windows = [({"width": 390, "height": 844}, 2), ({"width": 1200, "height": 800}, 1)]
    images = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=browser_executable(), args=LAUNCH_ARGS)
            for k in range(count):
                rng = random.Random(seed + k)
                size = rng.choice((4, 6, 9, 9, 9))
                values = sr.relabel(rng.choice(sr.bank_puzzles(size)), size, rng)
                view, scale = windows[k % 2]
                dark = k % 4 >= 2
                ctx = browser.new_context(viewport=view, device_scale_factor=scale,
                                          color_scheme="dark" if dark else "light",
                                          service_workers="block")
                page = ctx.new_page()
                line = Grid(Shape(*sr.BOXES[size]), tuple(values)).line()
                page.goto(url + "#p=" + line)
                page.wait_for_selector("html[data-engine='ready']", timeout=120_000)
                page.wait_for_timeout(300)
                first = page.locator("[role=gridcell]").first.bounding_box()
                last = page.locator("[role=gridcell]").last.bounding_box()
                name = f"{len(images):04d}-{size}x{size}-page.png"
                page.screenshot(path=str(out / name))
                ctx.close()
                x0, y0 = first["x"] * scale, first["y"] * scale
                x1 = (last["x"] + last["width"]) * scale
                y1 = (last["y"] + last["height"]) * scale
                images.append({"file": name, "size": size, "box": list(sr.BOXES[size]),
                               "puzzle": line, "values": values,
                               "corners": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
                               "style": "page-dark" if dark else "page", "font": "page",
                               "seed": seed + k, "dark": dark})
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return images


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "scan-set"))
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--seed", type=int, default=TEST_SEED)
    ap.add_argument("--page", type=int, default=0, metavar="N",
                    help="also N screenshots of the page (needs a built site, Playwright)")
    ap.add_argument("--site", default=str(ROOT / "build" / "site"),
                    help="the built site to screenshot (scripts/build_site.py)")
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
    if args.page:
        shots = page_shots(out, args.page, args.seed + args.count, Path(args.site))
        for shot in shots:  # numbered after the rendered pictures
            old = out / shot["file"]
            shot["file"] = f"{len(images):04d}" + shot["file"][4:]
            old.rename(out / shot["file"])
            images.append(shot)
    truth = {"about": "scripts/make_scan_set.py " + " ".join(sys.argv[1:]),
             "fonts": sorted(fonts), "images": images}
    (out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(f"wrote {len(images)} pictures and truth.json into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
