"""Random placed rules read off a solution grid (so at least that grid keeps them), and
mutations of them (a clue changed, a rule moved) that usually leave no grid at all.

Each maker takes the solution (digits, row-major), the box shape and a seeded Random, and
returns a fragment of the JSON ``variant`` object, or None when it found nothing fitting.
The tests in plain words live here too, as the makers' acceptance checks (a second, plain
Python reading of each rule, beside the CNF of ``sat_rules``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from sat_rules import box_of

Box = tuple[int, int]
Fragment = dict[str, Any]
Maker = Callable[[Sequence[int], Box, random.Random], Fragment | None]

# The on/off rules a solution must be made under (the others are read off any grid).
PLACED_FLAGS = ("nonconsecutive", "diagonal_plus", "diagonal_minus", "disjoint_groups")
SOLUTION_FLAGS = (*PLACED_FLAGS, "diagonals", "windows", "anti_knight", "anti_king")


def walk(n: int, rng: random.Random, length: int) -> list[int] | None:
    """A random line of ``length`` cells, each a king's move from the one before."""
    path = [rng.randrange(n * n)]
    while len(path) < length:
        r, c = divmod(path[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in path]
        if not steps:
            return None
        path.append(rng.choice(steps))
    return path


def line_where(holds: Callable[[list[int]], bool], lengths: Sequence[int],
               key: str, extra: Callable[[list[int]], dict[str, Any]] | None = None
               ) -> Maker:
    """A maker of lines whose digits pass ``holds`` (random walks, first that passes)."""
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        n = box[0] * box[1]
        for _ in range(4000):
            path = walk(n, rng, rng.choice(lengths))
            if path and holds([sol[c] for c in path]):
                item = {"cells": path}
                item.update(extra(path) if extra else {})
                return {key: [item]}
        return None
    return make


def windows_differ(key: Callable[[int], int]) -> Callable[[list[int]], bool]:
    return lambda ds: all(len({key(d) for d in ds[i:i + 3]}) == 3 for i in range(len(ds) - 2))


def zipped(ds: list[int]) -> bool:
    k = len(ds)
    middle = ds[k // 2] if k % 2 else ds[k // 2 - 1] + ds[k // 2]
    pairs = (k - 1) // 2 if k % 2 else k // 2 - 1
    return all(ds[i] + ds[k - 1 - i] == middle for i in range(pairs))


def region_sums(box: Box) -> Callable[[list[int], list[int]], bool]:
    def holds(path: list[int], ds: list[int]) -> bool:
        sums = [sum(d for _, d in run) for _, run in
                itertools.groupby(zip(path, ds, strict=True), key=lambda cd: box_of(cd[0], box))]
        return len(sums) >= 2 and len(set(sums)) == 1
    return holds


def make_region_sum(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    n, holds = box[0] * box[1], region_sums(box)
    for _ in range(4000):
        k = rng.choice((2, 3, 4, 5, 6))
        path = walk(n, rng, k) if rng.random() < 0.5 else rng.sample(range(n * n), k)
        if path and holds(path, [sol[c] for c in path]):
            return {"region_sum_lines": [{"cells": path}]}
    return None


def make_arrow(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    n = box[0] * box[1]
    for _ in range(4000):
        two = rng.random() < 0.3  # a circle of two cells reads as a number
        path = walk(n, rng, rng.choice((2, 3, 4)) + two)
        if path is None:
            continue
        circle = path[:1 + two]
        number = int("".join(str(sol[c]) for c in circle))
        if sum(sol[c] for c in path[1 + two:]) == number:
            return {"arrows": [{"circle": circle, "cells": path[1 + two:]}]}
    return None


def make_little_killer(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    n = box[0] * box[1]
    dr, dc = rng.choice((-1, 1)), rng.choice((-1, 1))
    r, c = rng.randrange(n), rng.randrange(n)
    while 0 <= r - dr < n and 0 <= c - dc < n:  # back to the edge the clue stands at
        r, c = r - dr, c - dc
    cells = []
    while 0 <= r < n and 0 <= c < n:
        cells.append(r * n + c)
        r, c = r + dr, c + dc
    if len(cells) < 2:
        return None
    return {"little_killers": [{"cells": cells, "sum": sum(sol[c] for c in cells)}]}


def seen_line(sol: Sequence[int], n: int, item: dict[str, Any]) -> list[int]:
    k = item.get("row", item.get("column"))
    cells = [k * n + c for c in range(n)] if "row" in item else [r * n + k for r in range(n)]
    return [sol[c] for c in (cells[::-1] if item.get("end") == "end" else cells)]


def make_clue(key: str) -> Maker:
    """Sandwich, X-sum and skyscraper clues of a random row or column."""
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        n = box[0] * box[1]
        item: dict[str, Any] = {rng.choice(("row", "column")): rng.randrange(n)}
        if key != "sandwiches":
            item["end"] = rng.choice(("start", "end"))
        ds = seen_line(sol, n, item)
        if key == "sandwiches":
            a, b = sorted((ds.index(1), ds.index(n)))
            item["sum"] = sum(ds[a + 1:b])
        elif key == "x_sums":
            item["sum"] = sum(ds[:ds[0]])
        else:
            item["count"] = sum(d > max(ds[:i], default=0) for i, d in enumerate(ds))
        return {key: [item]}
    return make


def edges(n: int) -> list[tuple[int, int]]:
    return [(a, a + 1) for a in range(n * n) if (a + 1) % n] + \
           [(a, a + n) for a in range(n * n - n)]


def make_pair(key: str) -> Maker:
    """A white dot, a black dot or an XV pair on two neighbours the grid fits."""
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        options = edges(box[0] * box[1])
        rng.shuffle(options)
        for a, b in options:
            p, q = sorted((sol[a], sol[b]))
            if key == "white_dots":
                return {key: [{"cells": [a, b]} if q - p == 1 else
                              {"cells": [a, b], "value": q - p}]}
            if key == "black_dots" and q % p == 0:
                return {key: [{"cells": [a, b], "value": q // p}]}
            if key == "xv" and p + q in (5, 10):
                return {key: [{"cells": [a, b], "sum": p + q}]}
        return None
    return make


def make_negative(key: str) -> Maker:
    """The negative rule, with every mark the grid needs (a complete Kropki or XV puzzle)."""
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        out: Fragment = {key: True}
        for a, b in edges(box[0] * box[1]):
            p, q = sorted((sol[a], sol[b]))
            if key == "xv_negative" and p + q in (5, 10):
                out.setdefault("xv", []).append({"cells": [a, b], "sum": p + q})
            elif key == "kropki_negative" and (q - p == 1 or q == 2 * p):
                white = q - p == 1 and (q != 2 * p or rng.random() < 0.5)
                out.setdefault("white_dots" if white else "black_dots", []).append(
                    {"cells": [a, b], "value": 1 if white else 2})
        return out
    return make


def make_cells(key: str) -> Maker:
    """Odd and even cells, minimums, maximums, extra regions, quadruples and clones."""
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        n = box[0] * box[1]
        cells = list(range(n * n))
        rng.shuffle(cells)
        if key in ("odd", "even"):
            fits = [c for c in cells if sol[c] % 2 == (key == "odd")]
            return {key: [{"cells": fits[:rng.randint(1, 3)]}]}
        if key in ("minimums", "maximums"):
            sign = 1 if key == "maximums" else -1
            fits = [c for c in cells if all(sign * (sol[c] - sol[o]) > 0
                                            for e in edges(n) if c in e for o in e if o != c)]
            return {key: [{"cells": fits[:1]}]} if fits else None
        if key == "extra_regions":
            region = list({sol[c]: c for c in cells}.values())[:rng.randint(2, n)]
            return {key: [{"cells": region}]}
        if key == "quadruples":
            r, c = rng.randrange(n - 1), rng.randrange(n - 1)
            quad = [r * n + c, r * n + c + 1, r * n + c + n, r * n + c + n + 1]
            quad = quad[:rng.randint(2, 4)]
            digits = rng.sample([sol[q] for q in quad], rng.randint(1, len(quad)))
            return {key: [{"cells": quad, "digits": digits}]}
        # Clones: each cell's copy is another cell of the same digit.
        shape = cells[:rng.randint(1, 3)]
        copy = [rng.choice([o for o in cells if sol[o] == sol[c] and o not in shape])
                for c in shape]
        if len(set(copy)) < len(copy):
            return None
        return {key: [{"cells": shape, "copy": copy}]}
    return make


def make_given_candidates(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment:
    n = box[0] * box[1]
    cell = rng.randrange(n * n)
    others = rng.sample([d for d in range(1, n + 1) if d != sol[cell]], rng.randint(0, 2))
    return {"given_candidates": [{"cells": [cell], "digits": sorted([sol[cell], *others])}]}


def make_indexer(key: str) -> Maker:
    """Indexing cells the solution keeps: X at a cell points at a cell holding its index."""
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        n = box[0] * box[1]

        def keeps(cell: int) -> bool:
            r, c = divmod(cell, n)
            x = sol[cell]
            if key == "column_indexers":
                return sol[r * n + x - 1] == c + 1
            if key == "row_indexers":
                return sol[(x - 1) * n + c] == r + 1
            cells = [o for o in range(n * n) if box_of(o, box) == box_of(cell, box)]
            return sol[cells[x - 1]] == cells.index(cell) + 1

        fits = [c for c in range(n * n) if keeps(c)]
        rng.shuffle(fits)
        return {key: [{"cells": sorted(fits[:rng.randint(1, 4)])}]} if fits else None
    return make


def make_flag(key: str) -> Maker:
    return lambda sol, box, rng: {key: True}


def increasing(ds: list[int]) -> bool:
    return all(p < q for p, q in itertools.pairwise(ds))


def whispers_gap(box: Box, rng: random.Random) -> int:
    return rng.choice((4, 5)) if box == (3, 3) else rng.choice((2, 3))


def make_whispers(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    gap = whispers_gap(box, rng)
    holds = lambda ds: all(abs(p - q) >= gap for p, q in itertools.pairwise(ds))  # noqa: E731
    return line_where(holds, (2, 3, 4, 5), "whispers", lambda _: {"difference": gap})(
        sol, box, rng)


# --- lines anywhere: cells need not touch, up to N of them; the digits are drawn first -----

Digits = Callable[[int, int, random.Random], list[int] | None]  # (N, length, rng)


def place(sol: Sequence[int], digits: list[int], rng: random.Random) -> list[int] | None:
    """Distinct random cells of the grid holding ``digits``, in order."""
    free = {d: [c for c, v in enumerate(sol) if v == d] for d in set(digits)}
    for cells in free.values():
        rng.shuffle(cells)
    if any(len(free[d]) < digits.count(d) for d in free):
        return None
    return [free[d].pop() for d in digits]


def scattered(key: str, draw: Digits, least: int = 3) -> Maker:
    def make(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
        n = box[0] * box[1]
        for _ in range(500):
            digits = draw(n, rng.randint(least, n), rng)
            cells = place(sol, digits, rng) if digits else None
            if cells:
                return {key: [{"cells": cells}]}
        return None
    return make


def markov(ok: Callable[[list[int], int], bool]) -> Digits:
    """Digits drawn one by one, each keeping ``ok`` with those before (None at a dead end)."""
    def draw(n: int, k: int, rng: random.Random) -> list[int] | None:
        ds: list[int] = []
        while len(ds) < k:
            fits = [d for d in range(1, n + 1) if ok(ds, d)]
            if not fits:
                return None
            ds.append(rng.choice(fits))
        return ds
    return draw


def renban_digits(n: int, k: int, rng: random.Random) -> list[int]:
    low = rng.randint(1, n - k + 1)
    return rng.sample(range(low, low + k), k)


def palindrome_digits(n: int, k: int, rng: random.Random) -> list[int]:
    half = [rng.randint(1, n) for _ in range(k // 2)]
    return half + [rng.randint(1, n)] * (k % 2) + half[::-1]


def between_digits(n: int, k: int, rng: random.Random) -> list[int] | None:
    low, high = sorted(rng.sample(range(1, n + 1), 2))
    if high - low < 2:
        return None
    ends = rng.sample((low, high), 2)
    return [ends[0], *(rng.randint(low + 1, high - 1) for _ in range(k - 2)), ends[1]]


def zipper_digits(n: int, k: int, rng: random.Random) -> list[int] | None:
    middle = [rng.randint(1, n)] if k % 2 else [rng.randint(1, n), rng.randint(1, n)]
    total = sum(middle)
    ways = [a for a in range(1, n + 1) if 1 <= total - a <= n]
    if not ways:
        return None
    left = [rng.choice(ways) for _ in range((k - len(middle)) // 2)]
    return left + middle + [total - a for a in left[::-1]]


def double_arrow_digits(n: int, k: int, rng: random.Random) -> list[int] | None:
    ds = [rng.randint(1, n) for _ in range(min(k, 5))]
    return ds if ds[0] + ds[-1] == sum(ds[1:-1]) else None


def scattered_whispers(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    gap = whispers_gap(box, rng)
    made = scattered("whispers", markov(lambda ds, d: not ds or abs(ds[-1] - d) >= gap))(
        sol, box, rng)
    if made:
        made["whispers"][0]["difference"] = gap
    return made


def scattered_arrow(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    n = box[0] * box[1]
    for _ in range(500):
        line = [rng.randint(1, n) for _ in range(rng.randint(1, 4))]
        circle = [int(ch) for ch in str(sum(line))]
        cells = place(sol, circle + line, rng) if all(1 <= d <= n for d in circle) else None
        if cells:
            return {"arrows": [{"circle": cells[:len(circle)], "cells": cells[len(circle):]}]}
    return None


def either(*makers: Maker) -> Maker:
    """One of the makers, chosen at random each time."""
    return lambda sol, box, rng: rng.choice(makers)(sol, box, rng)


def classes_differ(key: Callable[[int, int], int]) -> Digits:
    """Digits whose classes differ in any three neighbours (key: N, digit -> class)."""
    def draw(n: int, k: int, rng: random.Random) -> list[int] | None:
        return markov(lambda ds, d: key(n, d) not in {key(n, e) for e in ds[-2:]})(n, k, rng)
    return draw


MAKERS: dict[str, Maker] = {
    "thermometers": either(line_where(increasing, (2, 3, 4), "thermometers"), scattered(
        "thermometers", lambda n, k, rng: sorted(rng.sample(range(1, n + 1), k)), 2)),
    "slow_thermometers": either(
        line_where(lambda ds: ds == sorted(ds), (2, 3, 4), "slow_thermometers"),
        scattered("slow_thermometers", lambda n, k, rng: sorted(rng.choices(range(1, n + 1), k=k)),
                  2)),
    "arrows": either(make_arrow, scattered_arrow),
    "double_arrows": either(
        line_where(lambda ds: ds[0] + ds[-1] == sum(ds[1:-1]), (3, 4, 5), "double_arrows"),
        scattered("double_arrows", double_arrow_digits)),
    "whispers": either(make_whispers, scattered_whispers),
    "renban": either(
        line_where(lambda ds: len(set(ds)) == len(ds) and max(ds) - min(ds) == len(ds) - 1,
                   (2, 3, 4, 5), "renban"),
        scattered("renban", renban_digits, 2)),
    "palindromes": either(line_where(lambda ds: ds == ds[::-1], (2, 3, 4, 5), "palindromes"),
                          scattered("palindromes", palindrome_digits, 2)),
    "between_lines": either(
        line_where(lambda ds: all(min(ds[0], ds[-1]) < d < max(ds[0], ds[-1])
                                  for d in ds[1:-1]), (3, 4, 5), "between_lines"),
        scattered("between_lines", between_digits)),
    "region_sum_lines": make_region_sum,
    "entropic_lines": either(
        lambda sol, box, rng: line_where(
            windows_differ(lambda d: (d - 1) // (box[0] * box[1] // 3)), (3, 4, 5, 6),
            "entropic_lines")(sol, box, rng),
        scattered("entropic_lines", classes_differ(lambda n, d: (d - 1) // (n // 3)))),
    "modular_lines": either(
        line_where(windows_differ(lambda d: d % 3), (3, 4, 5, 6), "modular_lines"),
        scattered("modular_lines", classes_differ(lambda n, d: d % 3))),
    "zipper_lines": either(line_where(zipped, (3, 4, 5, 6), "zipper_lines"),
                           scattered("zipper_lines", zipper_digits)),
    "little_killers": make_little_killer,
    "sandwiches": make_clue("sandwiches"),
    "x_sums": make_clue("x_sums"),
    "skyscrapers": make_clue("skyscrapers"),
    "white_dots": make_pair("white_dots"),
    "black_dots": make_pair("black_dots"),
    "kropki_negative": make_negative("kropki_negative"),
    "xv": make_pair("xv"),
    "xv_negative": make_negative("xv_negative"),
    "odd": make_cells("odd"),
    "even": make_cells("even"),
    "minimums": make_cells("minimums"),
    "maximums": make_cells("maximums"),
    "quadruples": make_cells("quadruples"),
    "clones": make_cells("clones"),
    "extra_regions": make_cells("extra_regions"),
    "given_candidates": make_given_candidates,
    **{key: make_indexer(key) for key in ("column_indexers", "row_indexers", "box_indexers")},
    **{key: make_flag(key) for key in PLACED_FLAGS},
}


def make_cage(sol: Sequence[int], box: Box, rng: random.Random) -> Fragment | None:
    for _ in range(100):
        path = walk(box[0] * box[1], rng, rng.randint(2, 4))
        digits = [sol[c] for c in path] if path else []
        if path and len(set(digits)) == len(digits):
            return {"cages": [{"cells": path, "sum": sum(digits)} if rng.random() < 0.9
                              else {"cells": path}]}
    return None


# The first six rules (but Jigsaw), for mixes with the placed ones.
FIRST_MAKERS: dict[str, Maker] = {
    "cages": make_cage,
    **{key: make_flag(key) for key in ("diagonals", "windows", "anti_knight", "anti_king")},
}


def merge(*fragments: Fragment) -> Fragment:
    """One variant object: lists of the same key joined, flags kept."""
    out: Fragment = {}
    for frag in fragments:
        for key, value in frag.items():
            if isinstance(value, list):
                out.setdefault(key, []).extend(v for v in value if v not in out.get(key, []))
            else:
                out[key] = value
    return out


NUMBERS = ("sum", "count", "value", "difference")


def mutate(variant: Fragment, other: Sequence[int], box: Box, rng: random.Random
           ) -> Fragment | None:
    """The variant with one clue's number changed, or one rule replaced by one read off
    ``other`` (another grid): "moved". None when there is nothing to change."""
    keys = [k for k, v in variant.items() if isinstance(v, list) and v]
    if not keys:
        return None
    key = rng.choice(keys)
    items = list(variant[key])
    i = rng.randrange(len(items))
    field = next((f for f in NUMBERS if f in items[i]), None)
    if field and rng.random() < 0.6:
        items[i] = {**items[i], field: items[i][field] + rng.choice((-2, -1, 1, 2))}
    else:
        fresh = {**MAKERS, **FIRST_MAKERS}[key](other, box, rng)
        if not fresh or key not in fresh:
            return None
        items[i] = fresh[key][0]
    return {**variant, key: items}
