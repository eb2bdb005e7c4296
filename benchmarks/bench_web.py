"""Browser figures for the built site (headless Chromium via Playwright); prints a table.

Time to an editable grid and to engine ready (first visit, repeat visit from the service-worker
cache), bytes sent by the server on a first visit, and solve latency in the page (click Solve ->
grid filled, as a user sees it) for samples of the corpora and for 16x16 / 25x25 puzzles.

    .venv/bin/python benchmarks/bench_web.py [--visits 3] [--per-corpus 10] [--site build/site]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
import serve  # noqa: E402
from ensure_browser import LAUNCH_ARGS, browser_executable  # noqa: E402

from sudoku_core import Grid, Shape, solve  # noqa: E402

READY = 120_000


class CountingHandler(serve.Handler):
    """Static handler that adds the bytes of every response body to a shared counter."""

    sent = [0]
    lock = threading.Lock()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with self.lock:
            self.sent[0] += len(data)
        outputfile.write(data)


def start_server(site: Path) -> tuple[Any, str]:
    import functools
    import http.server

    handler = functools.partial(CountingHandler, directory=str(site), quiet=True)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    serve.start(httpd)
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def marks(page: Page) -> dict[str, float]:
    return dict(page.evaluate(
        """() => Object.fromEntries(performance.getEntriesByType('mark')
             .filter(m => m.name.startsWith('sudoku:')).map(m => [m.name, m.startTime]))"""))


def visit_figures(browser: Any, url: str, visits: int) -> dict[str, list[float]]:
    """Fresh profile per visit: first load, then a repeat load served by the service worker."""
    out: dict[str, list[float]] = {"editable": [], "first": [], "repeat": [], "bytes": [],
                                   "repeat_bytes": []}
    for _ in range(visits):
        ctx = browser.new_context(service_workers="allow")
        page = ctx.new_page()
        before = CountingHandler.sent[0]
        page.goto(url)
        page.wait_for_selector("html[data-engine='ready']", timeout=READY)
        m = marks(page)
        out["editable"].append(m["sudoku:grid-editable"])
        out["first"].append(m["sudoku:engine-ready"])
        stages = json.loads(page.locator("html").get_attribute("data-engine-timings") or "{}")
        for name, ms in stages.items():
            out.setdefault(f"stage {name}", []).append(float(ms))
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)",
                               timeout=READY)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=READY)
        out["bytes"].append(CountingHandler.sent[0] - before)
        before = CountingHandler.sent[0]
        page.reload()
        page.wait_for_selector("html[data-engine='ready']", timeout=READY)
        out["repeat"].append(marks(page)["sudoku:engine-ready"])
        out["repeat_bytes"].append(CountingHandler.sent[0] - before)
        ctx.close()
    return out


def solve_in_page(page: Page, puzzle: str) -> tuple[float, str]:
    """Paste a puzzle, click Solve, return (ms from click to filled grid, status text)."""
    page.evaluate(
        """text => { const d = new DataTransfer(); d.setData('text/plain', text);
            document.body.dispatchEvent(new ClipboardEvent('paste',
              {clipboardData: d, bubbles: true, cancelable: true})); }""", puzzle)
    page.wait_for_function(
        "() => document.querySelector('[role=status]').textContent.startsWith('Loaded a')",
        timeout=READY)
    page.wait_for_function("() => !document.getElementById('solve').disabled", timeout=READY)
    # Wait until the engine is idle (conflict check, rating) so only the solve is timed.
    page.wait_for_function("() => document.documentElement.dataset.jobs === '0'", timeout=READY)
    result = page.evaluate(
        """() => new Promise(resolve => {
            const status = document.querySelector('[role=status]');
            const t0 = performance.now();
            const done = () => {
              const text = status.textContent;
              if (/^(Solved|No solution|Cannot|Gave up)/.test(text)) {
                observer.disconnect();
                requestAnimationFrame(() => resolve([performance.now() - t0, text]));
              }
            };
            const observer = new MutationObserver(done);
            observer.observe(status, {childList: true, characterData: true, subtree: true});
            document.getElementById('solve').click();
          })""")
    return float(result[0]), str(result[1])


def corpus_samples(per_file: int, seed: int = 1) -> dict[str, list[str]]:
    folder = ROOT.parent / "shared" / "corpora"
    if not folder.is_dir():
        return {}
    rng = random.Random(seed)
    out = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("README") or not path.is_file():
            continue
        lines = [ln.strip() for ln in path.read_text().splitlines() if len(ln.strip()) == 81]
        if lines:
            out[path.name] = rng.sample(lines, min(per_file, len(lines)))
    return out


def big_puzzles(shape: Shape, count: int, difficulty: str) -> list[str]:
    """Seeded puzzles with one solution from the core's generator."""
    from sudoku_core.generate import generate

    return [generate(shape, difficulty, seed=seed).grid.line() for seed in range(1, count + 1)]


def dug_puzzles(shape: Shape, count: int, keep: float, seed: int = 7) -> list[str]:
    """Random full grids with a share of cells kept (often several solutions: a stress case)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        full = solve(Grid.empty(shape), rng=rng, time_limit=60).solution
        assert full is not None
        cells = [v if rng.random() < keep else 0 for v in full.cells]
        out.append(Grid(shape, tuple(cells)).line())
    return out


def fmt(values: list[float], unit: str = "ms") -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.0f} / {max(values):.0f} {unit}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    ap.add_argument("--visits", type=int, default=3)
    ap.add_argument("--per-corpus", type=int, default=10)
    ap.add_argument("--big", type=int, default=5, help="16x16 and 25x25 puzzles each")
    args = ap.parse_args()
    if not (args.site / "site-manifest.json").is_file():
        build_site.build(args.site, ROOT / "build" / "cache")
    httpd, url = start_server(args.site)
    rows: list[tuple[str, str]] = []
    try:
        executable = browser_executable()  # before sync_playwright(): it may start its own
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
            v = visit_figures(browser, url + "index.html", args.visits)
            rows += [
                ("time to editable grid (median / max)", fmt(v["editable"])),
                ("engine ready, first visit", fmt(v["first"])),
                ("engine ready, repeat visit (service worker)", fmt(v["repeat"])),
                *[(f"  worker: {k[6:]} (first visit)", fmt(v[k]))
                  for k in v if k.startswith("stage ")],
                ("bytes from the server, first visit",
                 f"{statistics.median(v['bytes']) / 1e6:.2f} MB"),
                ("bytes from the server, repeat visit",
                 f"{statistics.median(v['repeat_bytes']) / 1e3:.1f} kB"),
            ]
            ctx = browser.new_context(service_workers="block")
            page = ctx.new_page()
            page.goto(url + "index.html")
            page.wait_for_selector("html[data-engine='ready']", timeout=READY)
            samples = corpus_samples(args.per_corpus)
            samples["16x16 generated medium"] = big_puzzles(Shape(4, 4), args.big, "medium")
            samples["25x25 generated easy"] = big_puzzles(Shape(5, 5), args.big, "easy")
            samples["16x16 random 45% givens"] = dug_puzzles(Shape(4, 4), args.big, 0.45)
            samples["25x25 random 50% givens"] = dug_puzzles(Shape(5, 5), args.big, 0.50)
            for name, puzzles in samples.items():
                times = []
                bad = 0
                for puzzle in puzzles:
                    ms, text = solve_in_page(page, puzzle)
                    times.append(ms)
                    bad += not text.startswith("Solved")
                note = f" ({bad} not solved)" if bad else ""
                rows.append((f"solve {name} x{len(puzzles)} (median / max)", fmt(times) + note))
                print(f"  {name}: {fmt(times)}{note}", file=sys.stderr, flush=True)
            ctx.close()
            browser.close()
    finally:
        httpd.shutdown()
    width = max(len(r[0]) for r in rows)
    print(f"| {'figure'.ljust(width)} | value |")
    print(f"|{'-' * (width + 2)}|-------|")
    for name, value in rows:
        print(f"| {name.ljust(width)} | {value} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
