#!/usr/bin/env python3
"""Train the scan's digit reader: writes sudoku_core/scan/digits.json.

Cells come from whole grids rendered by scripts/scan_render.py in the TRAINING fonts only
(the test set's fonts stay unseen), cut with the known corners the way the pipeline cuts
them: each grid's corners are moved a little (the pipeline's corners are never exact, which
also turns and skews the cells by a degree or two), each cell is shifted and scaled by a few
percent (line remnants show at its edges), sampled by area average or by points. Stroke
weight, blur, noise, JPEG and uneven light come with the renders. Features are the package's
own (sudoku_core.scan.digits.features), so training and reading see the same numbers.

The model is a one-hidden-layer perceptron (ReLU, softmax over the 16 symbols 1-9, A-G)
trained with Adam on mini-batches; validation cells come from other seeds. Everything follows
from --seed.

    python scripts/train_digits.py [--grids 2400] [--hidden 96] [--epochs 60] [--seed 1]

The cells' features are cached in build/digit-cells-GRIDS-SEED.npz (delete it after changing
the renderer or the features).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import scan_render as sr  # noqa: E402

from sudoku_core.scan.digits import CLASSES, PATCH, features  # noqa: E402
from sudoku_core.scan.image import CELL_PX, Gray  # noqa: E402

OUT = ROOT / "sudoku_core" / "scan" / "digits.json"
# Grid sizes drawn, weighted: 9x9 most, and enough 12x12/16x16 for the letters A-G.
SIZES = (4, 6, 8, 9, 9, 9, 9, 12, 12, 16, 16)
STYLE_WEIGHTS = {"newspaper": 4, "plain": 3, "app": 2, "dark": 1}


def grid_cells(seed: int) -> tuple[list[list[float]], list[int], list[int]]:
    """Features and labels of the filled cells of one rendered grid, and for its empty cells
    and filled cells alike [empty read as glyph, filled read as empty] counts."""
    rng = random.Random(seed)
    size = rng.choice(SIZES)
    style = rng.choices(list(STYLE_WEIGHTS), weights=list(STYLE_WEIGHTS.values()))[0]
    fonts = sr.available(sr.TRAIN_FONTS)
    values = sr.relabel(rng.choice(sr.bank_puzzles(size)), size, rng)
    pic = sr.render(values, size, style, fonts, seed)
    side = np.mean([np.hypot(*np.subtract(pic.corners[i], pic.corners[(i + 1) % 4]))
                    for i in range(4)])
    off = rng.uniform(0, 0.12) * side / size  # corner error: up to an eighth of a cell
    quad = [(x + rng.uniform(-off, off), y + rng.uniform(-off, off)) for x, y in pic.corners]
    cells = sr.cut_cells(sr.to_gray(pic), quad, size, CELL_PX, jitter=rng.uniform(0, 0.06),
                         supersample=rng.choice((1, 2, 3)), rng=rng)
    xs, ys, errors = [], [], [0, 0]
    for value, arr in zip(values, cells, strict=True):
        found = features(Gray(CELL_PX, CELL_PX, np.clip(arr, 0, 255).astype(np.uint8).tobytes()))
        if found is None:
            errors[1] += value != 0
            continue
        if value == 0:
            errors[0] += found[1] >= 7
            continue
        xs.append(found[0])
        ys.append(value - 1)
    return xs, ys, errors


def dataset(seeds: range, jobs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    with Pool(jobs) as pool:
        parts = pool.map(grid_cells, seeds, chunksize=8)
    x = np.array([f for p in parts for f in p[0]], np.float32)
    y = np.array([v for p in parts for v in p[1]], np.int64)
    return x, y, np.sum([p[2] for p in parts], axis=0)


def slanted(x: np.ndarray, share: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Copies of a ``share`` of the cells with their glyph slanted as italics are (each row of
    the patch shifted in proportion to its height, up to 0.3 of it either way): the fonts
    drawn are upright, and an italic 1 was read as 7 with confidence."""
    g = np.random.default_rng(seed + 7)
    pick = g.random(len(x)) < share
    out = x[pick].copy()
    patches = out[:, :PATCH * PATCH].reshape(-1, PATCH, PATCH)
    slant = g.uniform(0.1, 0.3, len(out)) * g.choice((-1, 1), len(out))
    cols = np.arange(PATCH, dtype=np.float32)
    for row in range(PATCH):
        shift = slant * ((PATCH - 1) / 2 - row)  # the top leans right for a positive slant
        src = cols[None, :] - shift[:, None]
        left = np.floor(src).astype(int)
        frac = src - left
        line = patches[:, row, :]
        def at(k: np.ndarray, line: np.ndarray = line) -> np.ndarray:
            inside = (k >= 0) & (k < PATCH)
            return np.where(inside, np.take_along_axis(line, np.clip(k, 0, PATCH - 1), 1), 0)
        patches[:, row, :] = at(left) * (1 - frac) + at(left + 1) * frac
    out[:, :PATCH * PATCH] = patches.reshape(len(out), -1)
    return out, pick


def forward(params: dict[str, np.ndarray], x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    hidden = np.maximum(0, x @ params["w1"].T + params["b1"])
    return hidden, hidden @ params["w2"].T + params["b2"]


def train(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int,
          seed: int) -> dict[str, np.ndarray]:
    """Adam on the softmax cross-entropy, L2 on the weights, the rate halved late."""
    g = np.random.default_rng(seed)
    n_in = x.shape[1]
    params = {"w1": g.normal(0, np.sqrt(2 / n_in), (hidden, n_in)).astype(np.float32),
              "b1": np.zeros(hidden, np.float32),
              "w2": g.normal(0, np.sqrt(1 / hidden), (CLASSES, hidden)).astype(np.float32),
              "b2": np.zeros(CLASSES, np.float32)}
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step, rate, decay = 0, 2e-3, 1e-4
    for epoch in range(epochs):
        if epoch in (epochs * 6 // 10, epochs * 85 // 100):
            rate /= 3
        order = g.permutation(len(x))
        for start in range(0, len(x), 128):
            idx = order[start:start + 128]
            h, logits = forward(params, x[idx])
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(idx)), y[idx]] -= 1
            p /= len(idx)
            grads = {"w2": p.T @ h + decay * params["w2"], "b2": p.sum(0)}
            dh = (p @ params["w2"]) * (h > 0)
            grads["w1"] = dh.T @ x[idx] + decay * params["w1"]
            grads["b1"] = dh.sum(0)
            step += 1
            for k, grad in grads.items():
                m, v = moments[k]
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                params[k] -= rate * (m / (1 - 0.9**step)) / (
                    np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return params


def accuracy(params: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray) -> float:
    return float((forward(params, x)[1].argmax(1) == y).mean())


def save(params: dict[str, np.ndarray], meta: dict[str, object]) -> int:
    """Weights as integers up to 9999 with one scale per layer (a third of the floats' size)."""
    out: dict[str, object] = dict(meta)
    scales = []
    for name in ("w1", "w2"):
        scale = float(np.abs(params[name]).max()) / 9999
        scales.append(scale)
        out[name] = np.round(params[name] / scale).astype(int).tolist()
    out["scale"] = scales
    for name in ("b1", "b2"):
        out[name] = [round(float(b), 5) for b in params[name]]
    text = json.dumps(out, separators=(",", ":"))
    OUT.write_text(text + "\n")
    return len(text) + 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--grids", type=int, default=2400, help="grids rendered for training")
    ap.add_argument("--hidden", type=int, default=96)
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--slant", type=float, default=0.5,
                    help="share of the cells also learnt slanted, as italics (0: none)")
    args = ap.parse_args(argv)
    # Training seeds from 10**6 * seed, validation after them; the test set uses 9 * 10**8 on.
    base = 1_000_000 * args.seed
    start = time.perf_counter()
    # The cells' features are kept (build/, not committed): rendering them is the slow part,
    # and another model size or epoch count can then be tried on the same cells.
    cache = ROOT / "build" / f"digit-cells-{args.grids}-{args.seed}.npz"
    if cache.is_file():
        data = np.load(cache)
        x, y, err, vx, vy, verr = (data[k] for k in ("x", "y", "err", "vx", "vy", "verr"))
    else:
        x, y, err = dataset(range(base, base + args.grids), args.jobs)
        vx, vy, verr = dataset(range(base + args.grids, base + args.grids + args.grids // 6),
                               args.jobs)
        cache.parent.mkdir(exist_ok=True)
        np.savez_compressed(cache, x=x, y=y, err=err, vx=vx, vy=vy, verr=verr)
    print(f"cells: {len(x)} training, {len(vx)} validation (filled); rendering and features "
          f"{time.perf_counter() - start:.0f} s wall")
    print(f"empty read as glyph: {err[0]} train, {verr[0]} validation; filled read as empty: "
          f"{err[1]} train, {verr[1]} validation")
    print("symbols:", np.bincount(y, minlength=CLASSES).tolist())
    if args.slant:
        extra, pick = slanted(x, args.slant, args.seed)
        x, y = np.concatenate([x, extra]), np.concatenate([y, y[pick]])
        print(f"slanted copies: {len(extra)}")
    params = train(x, y, args.hidden, args.epochs, args.seed)
    print(f"accuracy: training {accuracy(params, x, y):.4%}, validation "
          f"{accuracy(params, vx, vy):.4%}")
    size = save(params, {"about": "scripts/train_digits.py " + " ".join(sys.argv[1:]),
                         "fonts": sorted(sr.available(sr.TRAIN_FONTS))})
    print(f"wrote {OUT.relative_to(ROOT)} ({size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
