"""Browser figures for the built site (headless Chromium via Playwright); prints a table.

Time to an editable grid and to engine ready (first visit, repeat visit from the service-worker
cache) with the worker's start-up stages, bytes sent by the server, and, as a user sees them in
the page: solve latency (click Solve -> grid filled) for samples of the corpora and for 16x16 /
25x25 puzzles, one Hint press on the 9x9 samples, and New puzzle -> Generate (click -> the new
grid drawn) at every level of 9x9 and at the other sizes of NEW_PUZZLE, and at every variant,
size and level the New puzzle menus offer (the built site's banks/variants.json): the page
serves them from its banks through random isomorphisms, or from the puzzles its background
engine made. Each slot's p95 is held to 300 ms, and each answer must name the level asked; the
slots that miss either are listed. Wall-clock, with the load average before and after (the
machine may be shared).

    .venv/bin/python benchmarks/bench_web.py [--visits 3] [--per-corpus 10] [--gen-runs 20]
    .venv/bin/python benchmarks/bench_web.py --new-only   # only the New puzzle figures
    .venv/bin/python benchmarks/bench_web.py --new-only --variants-only  # with rules only

``--forum N`` measures only the long work on N puzzles of puzzles6_forum_hardest_1106 (wall-clock
in the page, with the load average): streamed Steps (click -> first step shown, click -> whole
walk), and Hint (first press: the step is found; second press: the step shown with its summary),
as median / p95 / max.

``--ahead N`` measures the work the page does before the player waits (web/js/background.js,
workAhead) on N puzzles6 puzzles and N/2 of magictour top1465, as a player meets it: paste ->
the next hints found (<html data-walk="hints">), three Hint presses (nudge, step, apply), Hint
at once after applying, three correct digits typed then Hint at once (before the work can
follow) and again once the work has caught up, paste -> the whole walk found (data-walk
"ready"), then Steps: click -> first step shown and whole walk. Each Hint says where its answer
came from (data-hint-from: the cache or the engine). Wall-clock, with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
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
# (size, level) of the New puzzle figures: goal p95 < 300 ms each (quiet machine).
NEW_PUZZLE = ((9, "easy"), (9, "medium"), (9, "hard"), (9, "expert"), (9, "extreme"),
              (6, "easy"), (6, "medium"), (6, "hard"), (12, "easy"), (12, "medium"),
              (12, "hard"), (16, "easy"), (16, "medium"), (16, "hard"), (25, "easy"))
LEVEL_ORDER = ("easy", "medium", "hard", "expert", "extreme")


def new_variant_slots(site: Path) -> list[tuple[str, int, str]]:
    """(variant key, size, level) of every choice the New puzzle menus offer with rules: read
    from the built site's banks/variants.json as web/js/variant_puzzles.js reads it (a box
    shape counts only when it is its size's default one, a level only when it holds a puzzle).
    The same goal as NEW_PUZZLE: p95 < 300 ms each."""
    index = json.loads((site / "banks" / "variants.json").read_text())
    slots = []
    for key, entry in index.items():
        for box, levels in entry.get("boxes", {}).items():
            rows, cols = (int(x) for x in box.split("x"))
            default = Shape.for_size(rows * cols)
            if (default.box_rows, default.box_cols) != (rows, cols):
                continue
            slots += [(key, rows * cols, level) for level in LEVEL_ORDER
                      if levels.get(level.capitalize(), 0) > 0]
    return slots


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


def stages(page: Page, out: dict[str, list[float]], visit: str) -> None:
    """Add the worker's start-up stages (<html data-engine-timings>) under "stage <visit> ..."."""
    timings = json.loads(page.locator("html").get_attribute("data-engine-timings") or "{}")
    for name, ms in timings.items():
        out.setdefault(f"stage {visit} {name}", []).append(float(ms))


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
        stages(page, out, "first")
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)",
                               timeout=READY)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=READY)
        out["bytes"].append(CountingHandler.sent[0] - before)
        before = CountingHandler.sent[0]
        page.reload()
        page.wait_for_selector("html[data-engine='ready']", timeout=READY)
        out["repeat"].append(marks(page)["sudoku:engine-ready"])
        stages(page, out, "repeat")
        out["repeat_bytes"].append(CountingHandler.sent[0] - before)
        ctx.close()
    return out


def paste(page: Page, puzzle: str) -> None:
    """Paste a puzzle and wait until it is loaded and the engine is idle (check, rating)."""
    page.evaluate(
        """text => { const d = new DataTransfer(); d.setData('text/plain', text);
            document.body.dispatchEvent(new ClipboardEvent('paste',
              {clipboardData: d, bubbles: true, cancelable: true})); }""", puzzle)
    page.wait_for_function(
        "() => document.querySelector('[role=status]').textContent.startsWith('Loaded a')",
        timeout=READY)
    idle(page)


def idle(page: Page) -> None:
    """Wait until the engine has no job in flight, so that only the next action is timed."""
    page.wait_for_function("() => document.documentElement.dataset.jobs === '0'", timeout=READY)


def timed_click(page: Page, button: str, busy: str) -> tuple[float, str]:
    """Click #button; return (ms until the status no longer matches `busy`, drawn; its text)."""
    page.wait_for_function(f"() => !document.getElementById({button!r}).disabled",
                           timeout=READY)
    result = page.evaluate(
        """([button, busy]) => new Promise(resolve => {
            const status = document.querySelector('[role=status]');
            const before = status.textContent;  // an action may await before its busy text
            const t0 = performance.now();
            let sawBusy = false;  // the same answer twice (New puzzle, same level) says the same
            const done = () => {
              const text = status.textContent;
              const isBusy = new RegExp(busy).test(text);
              sawBusy = sawBusy || isBusy;
              if (text && (text !== before || sawBusy) && !isBusy) {
                observer.disconnect();
                requestAnimationFrame(() => resolve([performance.now() - t0, text]));
              }
            };
            const observer = new MutationObserver(done);
            setTimeout(() => {  // never hang the run: report what the status says instead
              observer.disconnect();
              resolve([NaN, 'no answer in 120 s; the status says: ' + status.textContent]);
            }, 120000);
            document.getElementById(button).click();
            observer.observe(status, {childList: true, characterData: true, subtree: true});
            done();
          })""", [button, busy])
    return float(result[0]), str(result[1])


def solve_in_page(page: Page, puzzle: str) -> tuple[float, str]:
    """Paste a puzzle, click Solve, return (ms from click to filled grid, status text)."""
    paste(page, puzzle)
    return timed_click(page, "solve", "^Solving")


def hint_in_page(page: Page, puzzle: str) -> tuple[float, str]:
    """Paste a puzzle, press Hint once (the nudge: the next step is found), return (ms, text)."""
    paste(page, puzzle)
    return timed_click(page, "hint", "^Looking for a hint")


def steps_in_page(page: Page, puzzle: str, paste_first: bool = True) -> tuple[float, float]:
    """Paste, click Steps; return (ms to the first step shown, ms to the whole walk)."""
    if paste_first:
        paste(page, puzzle)
    page.evaluate("() => { performance.clearMarks('sudoku:first-step');"
                  " performance.clearMarks('sudoku:steps-done');"
                  " window.__t0 = performance.now(); document.getElementById('steps').click(); }")
    page.wait_for_function("() => performance.getEntriesByName('sudoku:steps-done').length",
                           timeout=READY)
    first, done = page.evaluate(
        """() => ['sudoku:first-step', 'sudoku:steps-done'].map(n => {
            const e = performance.getEntriesByName(n)[0];
            return e ? e.startTime - window.__t0 : NaN; })""")
    page.click("#walk-close")
    return float(first), float(done)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def fmt_p95(values: list[float]) -> str:
    good = [v for v in values if v == v]  # NaN: no such moment (e.g. no step streamed)
    if not good:
        return "-"
    return (f"{statistics.median(good):.0f} / {pct(good, 0.95):.0f} / {max(good):.0f} ms"
            + (f" ({len(values) - len(good)} missing)" if len(good) < len(values) else ""))


def forum_figures(browser: Any, url: str, count: int) -> list[tuple[str, str]]:
    """Streamed Steps and Hint on a sample of puzzles6 (median / p95 / max, wall-clock)."""
    import os

    path = next(base / "shared" / "corpora" / "puzzles6_forum_hardest_1106"
                for base in (ROOT.parent, ROOT.parent.parent)
                if (base / "shared" / "corpora").is_dir())
    lines = [ln.strip()[:81] for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    sample = lines[:: max(1, len(lines) // count)][:count]
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url + "index.html")
    page.wait_for_selector("html[data-engine='ready']", timeout=READY)
    load_before = os.getloadavg()
    firsts, walks, nudges, shown = [], [], [], []
    for puzzle in sample:
        first, done = steps_in_page(page, puzzle)
        firsts.append(first)
        walks.append(done)
        ms, _ = hint_in_page(page, puzzle)
        nudges.append(ms)
        ms, _ = timed_click(page, "hint", "^Looking for a hint")
        shown.append(ms)
        print(f"  forum: first step {first:.0f} ms, walk {done:.0f} ms, hint {nudges[-1]:.0f}"
              f" + {ms:.0f} ms", file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    ctx.close()
    load = f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after"
    n = len(sample)
    return [
        (f"puzzles6 Steps (streamed): click -> first step shown x{n} (median / p95 / max)",
         fmt_p95(firsts)),
        (f"puzzles6 Steps (streamed): click -> whole walk x{n}", fmt_p95(walks)),
        (f"puzzles6 Hint, first press (nudge) x{n}", fmt_p95(nudges)),
        (f"puzzles6 Hint, second press (step + summary) x{n}", fmt_p95(shown)),
        ("  wall-clock, headless Chromium; " + load, ""),
    ]


def press_hint_timed(page: Page) -> tuple[float, str]:
    """Press Hint; (ms from the click until the answer is drawn, "cache" or "engine")."""
    ms, came = page.evaluate(
        """() => new Promise(resolve => {
            const root = document.documentElement;
            const before = Number(root.dataset.hints);
            delete root.dataset.hintFrom;
            const t0 = performance.now();
            document.getElementById('hint').click();
            const t = setInterval(() => {
                if (Number(root.dataset.hints) > before) {
                    clearInterval(t);
                    requestAnimationFrame(() => resolve([performance.now() - t0,
                                                         root.dataset.hintFrom || '?']));
                }
            }, 2);
        })""")
    return float(ms), str(came)


def wait_walk(page: Page, words: tuple[str, ...], timeout_ms: int) -> float:
    """ms until <html data-walk> is one of `words` (NaN: not within the timeout)."""
    t0 = page.evaluate("performance.now()")
    try:
        page.wait_for_function("words => words.includes(document.documentElement.dataset.walk)",
                               arg=list(words), timeout=timeout_ms, polling=20)
    except Exception:
        return float("nan")
    return float(page.evaluate("performance.now()")) - float(t0)


def corpus_lines(name: str) -> list[str]:
    path = next(base / "shared" / "corpora" / name for base in (ROOT.parent, ROOT.parent.parent)
                if (base / "shared" / "corpora").is_dir())
    return [ln.strip()[:81] for ln in path.read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]


def ahead_figures(browser: Any, url: str, count: int) -> list[tuple[str, str]]:
    """The work done ahead, as a player meets it (see --ahead in the module's doc)."""
    forum = corpus_lines("puzzles6_forum_hardest_1106")
    magic = corpus_lines("puzzles3_magictour_top1465")
    sample = (forum[:: max(1, len(forum) // count)][:count]
              + magic[:: max(1, len(magic) // max(1, count // 2))][:max(1, count // 2)])
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url + "index.html")
    page.wait_for_selector("html[data-engine='ready']", timeout=READY)
    load_before = os.getloadavg()
    rows: dict[str, list[float]] = {}
    came: dict[str, list[str]] = {}

    def note(name: str, ms: float, source: str = "") -> None:
        rows.setdefault(name, []).append(ms)
        if source:
            came.setdefault(name, []).append(source)

    for puzzle in sample:
        paste(page, puzzle)
        note("paste -> next hints found (data-walk hints)",
             wait_walk(page, ("hints", "ready"), 300_000))
        for name in ("Hint 1st press (nudge), work done", "Hint 2nd press (step)",
                     "Hint 3rd press (apply)", "Hint at once after applying"):
            note(name, *press_hint_timed(page))
        cells = tuple(0 if ch == "." else int(ch) for ch in puzzle)
        solution = solve(Grid(Shape(3, 3), cells), time_limit=30).solution
        assert solution is not None
        line = page.evaluate("""() => [...document.querySelectorAll('[role=gridcell]')]
                                .map(c => c.dataset.value || '.').join('')""")
        empty = [i for i, ch in enumerate(line) if ch == "."][:3]
        idle(page)
        for cell in empty:
            page.click(f"[role=gridcell][aria-label^='r{cell // 9 + 1}c{cell % 9 + 1},']")
            page.keyboard.press(str(solution.cells[cell]))
        note("Hint at once after 3 digits typed", *press_hint_timed(page))
        note("typed -> the work caught up (data-walk hints)",
             wait_walk(page, ("hints", "ready"), 300_000))
        note("Hint after 3 digits, work caught up", *press_hint_timed(page))
        paste(page, puzzle)
        note("paste -> whole walk found (data-walk ready)", wait_walk(page, ("ready",), 300_000))
        first, done = steps_in_page(page, puzzle, paste_first=False)
        if first != first:  # NaN: nothing streamed, the walk opened whole (from the cache)
            first = done
        note("Steps, work done: click -> first step", first,
             page.evaluate("document.documentElement.dataset.stepsFrom || '?'"))
        note("Steps, work done: click -> whole walk", done)
        print(f"  ahead {puzzle[:20]}: " + ", ".join(
            f"{k.split(':')[0][:28]} {v[-1]:.0f}" for k, v in rows.items()),
            file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    ctx.close()
    out = []
    for name, values in rows.items():
        where = came.get(name)
        tail = ""
        if where:
            tail = f" (from the cache {where.count('cache')} of {len(where)})"
        out.append((f"{name} x{len(values)}", fmt_p95(values) + tail))
    out.append((f"  {count} puzzles6 + {len(sample) - count} magictour; wall-clock, headless "
                f"Chromium; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after",
                ""))
    return out


def engine_only(page: Page) -> None:
    """Count every shipped puzzle as opened (web/js/puzzles.js keeps them under this key), so
    that New puzzle asks the engine, whose time is the figure."""
    page.evaluate("""() => fetch('puzzles.json').then(r => r.json()).then(list =>
        localStorage.setItem('sudoku-core:shipped-played',
                             JSON.stringify(list.map(p => p.values.join(',')))))""")


def generate_in_page(page: Page, size: int, level: str, variant: str = "") -> tuple[float, str]:
    """New puzzle... -> variant, size and level -> Generate; return (ms from the click until the
    new grid is drawn, status text). The same level twice says the same text: the grid (or
    the new game's id) tells them apart."""
    idle(page)
    if page.locator("#new").get_attribute("aria-expanded") != "true":
        page.click("#new")
    page.select_option("#new-variant", variant)
    page.select_option("#new-size", str(size))
    page.select_option("#new-level", level)
    result = page.evaluate(
        """() => new Promise(resolve => {
            const status = document.querySelector('[role=status]');
            const grid = document.getElementById('grid');
            const line = () => [...grid.querySelectorAll('[role=gridcell]')]
                .map(c => c.dataset.value || '.').join('');
            // A new game has a new id: a sparse Killer served as it is may show the givens
            // of the grid before (one given, the cages aside).
            const game = () => sessionStorage.getItem('sudoku-core:tab');
            const before = line();
            const gameBefore = game();
            const t0 = performance.now();
            const done = () => {
              if (!/^New /.test(status.textContent)) return;
              if (line() === before && game() === gameBefore) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve([performance.now() - t0, status.textContent]));
            };
            const observer = new MutationObserver(done);
            setTimeout(() => {  // never hang the run: report what the status says instead
              observer.disconnect();
              resolve([NaN, 'no new grid in 120 s; the status says: ' + status.textContent]);
            }, 120000);
            observer.observe(document.body, {childList: true, characterData: true,
                                             subtree: true, attributes: true});
            document.getElementById('generate').click();
          })""")
    idle(page)
    return float(result[0]), str(result[1])


def typing_in_page(page: Page, puzzle: str, keys: int) -> list[float]:
    """Typing at a big grid with everything shown (candidates drawn, every empty cell's marks
    filled, peers and same-value highlights): ms from a keydown to the next frame drawn, for
    `keys` values typed into empty cells (each followed by an arrow move, not timed)."""
    page.evaluate("h => { location.hash = h; }", "#p=" + puzzle)
    page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length > 600")
    idle(page)
    if page.locator("#candidates").get_attribute("aria-pressed") != "true":
        page.click("#candidates")
    page.click("#fill")
    page.wait_for_function(
        "() => document.querySelector('[role=status]').textContent"
        ".startsWith('Candidates written')",
        timeout=READY)
    idle(page)
    page.locator("[role=gridcell][data-kind=empty]").first.click()
    return list(page.evaluate(
        """async (keys) => {
            const n = Math.round(Math.sqrt(document.querySelectorAll('[role=gridcell]').length));
            const symbols = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, n);
            const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
            const out = [];
            for (let k = 0; k < keys; k++) {
                const el = document.activeElement;
                const t0 = performance.now();
                el.dispatchEvent(new KeyboardEvent('keydown',
                    {key: symbols[k % n], bubbles: true, cancelable: true}));
                await frame();
                out.push(performance.now() - t0);
                document.activeElement.dispatchEvent(new KeyboardEvent('keydown',
                    {key: 'ArrowRight', bubbles: true, cancelable: true}));
                await frame();
            }
            return out;
        }""", keys))


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
    from sudoku_core.make.generate import generate

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


def new_puzzle_figures(page: Page, runs: int, slots: list[tuple[str, int, str]]
                       ) -> list[tuple[str, str]]:
    """New puzzle pressed `runs` times per (variant, size, level): median, p95 and max (ms),
    and the slots over the 300 ms goal or answered at another level than asked."""
    rows, over, wrong = [], [], []
    for variant, size, level in slots:
        times = []
        for _ in range(runs):
            ms, text = generate_in_page(page, size, level, variant)
            # Served at once and at its level: never "not reached", never a closest level.
            if not text.startswith(f"New {level.capitalize()} ") or "not reached" in text:
                wrong.append(f"{variant or 'classic'} {size}x{size} {level}: {text!r}")
            times.append(ms)
        p95 = statistics.quantiles(times, n=20, method="inclusive")[18]
        name = f"{variant or 'classic'} {size}x{size} {level}"
        if not p95 < 300:
            over.append(f"{name} ({p95:.0f} ms)")
        rows.append((f"new puzzle {name} x{runs} (median / p95 / max)",
                     f"{statistics.median(times):.0f} / {p95:.0f} / {max(times):.0f} ms"))
        print(f"  new puzzle {name}: {rows[-1][1]} (load {load_average()})", file=sys.stderr,
              flush=True)
    rows.append(("slots with p95 >= 300 ms", ", ".join(over) or "none"))
    rows.append(("answers at another level than asked", "; ".join(wrong[:10]) or "none"))
    return rows


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


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
    ap.add_argument("--gen-runs", type=int, default=20, help="new puzzles per size and level")
    ap.add_argument("--new-only", action="store_true", help="only the New puzzle figures")
    ap.add_argument("--variants-only", action="store_true",
                    help="with --new-only: only the New puzzle choices with rules")
    ap.add_argument("--keys", type=int, default=40, help="values typed at 25x25")
    ap.add_argument("--forum", type=int, default=0,
                    help="only streamed Steps and Hint on this many puzzles6 puzzles")
    ap.add_argument("--ahead", type=int, default=0,
                    help="only the work done ahead, on this many puzzles6 puzzles (+ half as "
                         "many of magictour)")
    ap.add_argument("--quick", action="store_true",
                    help="only the load and typing figures (no solves, hints or new puzzles)")
    args = ap.parse_args()
    if not (args.site / "site-manifest.json").is_file():
        build_site.build(args.site, ROOT / "build" / "cache")
    httpd, url = start_server(args.site)
    rows: list[tuple[str, str]] = [("load average (1, 5, 15 min) at the start", load_average())]
    try:
        executable = browser_executable()  # before sync_playwright(): it may start its own
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
            if args.new_only:
                ctx = browser.new_context(service_workers="block")
                page = ctx.new_page()
                page.goto(url + "index.html")
                page.wait_for_selector("html[data-engine='ready']", timeout=READY)
                rows += new_puzzle_figures(page, args.gen_runs, new_slots(args))
                ctx.close()
                browser.close()
                rows.append(("load average at the end", load_average()))
                raise SystemExit(print_rows(rows))
            if args.ahead:
                rows += ahead_figures(browser, url, args.ahead)
                if not args.forum:
                    browser.close()
                    raise SystemExit(print_rows(rows))
            if args.forum:
                rows += forum_figures(browser, url, args.forum)
                browser.close()
                raise SystemExit(print_rows(rows))
            v = visit_figures(browser, url + "index.html", args.visits)
            rows += [
                ("time to editable grid (median / max)", fmt(v["editable"])),
                ("engine ready, first visit", fmt(v["first"])),
                ("engine ready, repeat visit (service worker)", fmt(v["repeat"])),
                *[(f"  worker stage: {k.split()[2]} ({k.split()[1]} visit)", fmt(v[k]))
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
            typing = typing_in_page(page, dug_puzzles(Shape(5, 5), 1, 0.45)[0], args.keys)
            rows.append((f"typing at 25x25, everything shown, x{len(typing)} keys "
                         "(keydown -> frame, median / max)", fmt(typing)))
            if args.quick:
                ctx.close()
                browser.close()
                raise SystemExit(print_rows(rows))
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
            hints = {name: p for name, p in samples.items() if len(p[0]) == 81}
            for name, puzzles in hints.items():
                times = [hint_in_page(page, puzzle)[0] for puzzle in puzzles]
                rows.append((f"hint (first press) {name} x{len(puzzles)} (median / max)",
                             fmt(times)))
                print(f"  hint {name}: {fmt(times)}", file=sys.stderr, flush=True)
            rows += new_puzzle_figures(page, args.gen_runs, new_slots(args))
            ctx.close()
            browser.close()
        rows.append(("load average at the end", load_average()))
    finally:
        httpd.shutdown()
    return print_rows(rows)


def new_slots(args: argparse.Namespace) -> list[tuple[str, int, str]]:
    """The New puzzle choices to time: the classic NEW_PUZZLE ones, then every variant one."""
    classic = [] if args.variants_only else [("", *slot) for slot in NEW_PUZZLE]
    return classic + new_variant_slots(args.site)


def print_rows(rows: list[tuple[str, str]]) -> int:
    """The figures as a Markdown table on stdout."""
    width = max(len(r[0]) for r in rows)
    print(f"| {'figure'.ljust(width)} | value |")
    print(f"|{'-' * (width + 2)}|-------|")
    for name, value in rows:
        print(f"| {name.ljust(width)} | {value} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
