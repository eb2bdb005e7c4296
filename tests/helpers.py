"""Helpers the test modules share (a test module never imports another test module).

Candidate states are built by hand in the community's words: ``cell("r3c5")`` is an index,
``only_in(c, 1, unit, ["r1c1", "r1c5"])`` leaves a digit in the named cells of a unit.
"""

from __future__ import annotations

import csv
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import islice
from pathlib import Path

from conftest import check_step
from hypothesis import strategies as st

from sudoku_core.logic.explain import steps
from sudoku_core.logic.techniques import (
    TECHNIQUES,
    als,
    chains,
    colouring,
    franken,
    grouped_chains,
    sue_de_coq,
    uniqueness,
    wings,
)
from sudoku_core.make.dig import dig
from sudoku_core.make.regions import random_regions
from sudoku_core.make.symmetry import orbits
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.model.variants import Cage, Variant, variant_from_json
from sudoku_core.solver.exact import solve

# From test_techniques_advanced.py
NINE = Shape(3, 3)


def cell(text: str, size: int = 9) -> int:
    """Index of ``r3c5``."""
    m = re.fullmatch(r"r(\d+)c(\d+)", text)
    assert m, text
    return (int(m[1]) - 1) * size + int(m[2]) - 1


def every_candidate(shape: Shape = NINE) -> Candidates:
    """Every candidate in every cell."""
    return Candidates.from_grid(Grid.empty(shape))


def only_in(c: Candidates, value: int, unit: int, keep: Iterable[str]) -> None:
    """Remove ``value`` from the unit's cells except the named ones (a conjugate pair etc.)."""
    kept = {cell(k, c.size) for k in keep}
    for x in c.geometry.units[unit]:
        if x not in kept:
            c.eliminate(x, value)


def set_cands(c: Candidates, name: str, values: Iterable[int]) -> None:
    """Give a cell exactly these candidates."""
    m = 0
    for v in values:
        m |= 1 << (v - 1)
    c.masks[cell(name, c.size)] = m


# From test_hint.py
PLATINUM = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


def before_first_trial(puzzle: Grid) -> Grid:
    """The grid after every placement the logical path makes before its first trial step."""
    cells = list(puzzle.cells)
    for step in steps(puzzle).steps:
        if step.trial:
            break
        for cell, value in step.placements:
            cells[cell] = value
    return Grid(puzzle.shape, tuple(cells))


# From test_forcing_chains.py
def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))


# From test_patterns.py
def digit_elims(value: int, names: Iterable[str]) -> set[tuple[int, int]]:
    return {(cell(x), value) for x in names}


def has_step(found: Iterator[Step], technique: str, expected: set[tuple[int, int]]) -> None:
    steps = list(found)
    match = [s for s in steps if s.technique == technique and set(s.eliminations) == expected]
    assert match, (technique, [(s.technique, s.eliminations) for s in steps][:10])
    assert match[0].text and match[0].cells and match[0].region


def rectangle(c: Candidates, corners: dict[str, set[int]]) -> None:
    for name, values in corners.items():
        set_cands(c, name, values)


COL5 = 9 + 4  # unit index of column 5


ROW2 = 1


# From test_patterns_soundness.py
Iter = Callable[[Candidates], Iterator[Step]]


NEW_FAMILIES: tuple[Iter, ...] = (
    wings.iter_wxyz_wing, colouring.iter_multi_colours, sue_de_coq.iter_sue_de_coq,
    als.iter_als_xz, als.iter_als_xy_wing, partial(als.iter_als_chain, max_sets=4),
    als.iter_death_blossom, partial(franken.iter_franken_fish, sizes=(2, 3)),
    partial(franken.iter_mutant_fish, sizes=(2,)), partial(franken.iter_siamese_fish, sizes=(2, 3)),
    partial(chains.iter_x_chain, max_nodes=20), partial(chains.iter_xy_chain, max_nodes=24),
    partial(chains.iter_aic, max_nodes=20), partial(grouped_chains.iter_grouped_aic, max_nodes=16),
    partial(als.iter_als_xz, max_cells=8), partial(als.iter_als_xy_wing, max_cells=8),
    partial(als.iter_death_blossom, max_cells=8, max_stem=4),
    partial(franken.iter_mutant_fish, sizes=(4,)),
)


UNIQUENESS_ITERS: tuple[Iter, ...] = (
    uniqueness.iter_unique_rectangle, uniqueness.iter_hidden_rectangle,
    uniqueness.iter_avoidable_rectangle, uniqueness.iter_bug_plus_one,
    uniqueness.iter_bug_plus_n,
)


PER_FINDER = 25  # instances checked per finder and state: enough to meet every variant


def name_of(f: Iter) -> str:
    return str(getattr(getattr(f, "func", f), "__name__", f))


def check_all(c: Candidates, solution: tuple[int, ...], finders: tuple[Iter, ...]) -> set[str]:
    """Check every listed instance (up to PER_FINDER per finder); the techniques seen."""
    before = c.copy()
    seen = set()
    for f in finders:
        for step in islice(f(c), PER_FINDER):
            check_step(step, c, solution, name_of(f))
            seen.add(step.technique)
        assert c == before, f"{name_of(f)} changed the state"
    return seen


def remove_wrong(c: Candidates, solution: tuple[int, ...], rng: random.Random,
                 drop: float) -> None:
    """Remove random candidates that are not the solution's (earlier steps, a user's marks)."""
    for cell, right in enumerate(solution):
        for v in c.candidates_of(cell):
            if v != right and rng.random() < drop:
                c.eliminate(cell, v)

# From test_forcing_chains.py and test_grouped_chains.py: chains checked link by link.
BELOW_DYNAMIC = tuple(t for t in TECHNIQUES if t.weight < 85 and not t.needs_unique)
Node = tuple[frozenset[int], int]  # cells, value


def sees(c: Candidates, a: int, b: int) -> bool:
    return b in c.geometry.peers[a]


# From test_forcing_chains.py
def stalled(grid: Grid) -> Candidates:
    """The candidate state where every technique below the dynamic chains is stuck."""
    c = Candidates.from_grid(grid)
    while not c.is_solved():
        step = next((s for t in BELOW_DYNAMIC if (s := t.find(c)) is not None), None)
        if step is None:
            return c
        c.apply(step)
    return c


# From test_grouped_chains.py
def strong_link(c: Candidates, a: Node, b: Node) -> bool:
    (ca, va), (cb, vb) = a, b
    if va != vb:
        return ca == cb and len(ca) == 1 and c.masks[next(iter(ca))] == (
            1 << (va - 1)) | (1 << (vb - 1))
    both = ca | cb
    return not ca & cb and any(
        both == {x for x in unit if c.has(x, va)} for unit in c.geometry.units)


def weak_link(c: Candidates, a: Node, b: Node) -> bool:
    (ca, va), (cb, vb) = a, b
    if va != vb:
        return ca == cb and len(ca) == 1
    return not ca & cb and all(sees(c, x, y) for x in ca for y in cb)


def chain_kills(c: Candidates, a: Node, b: Node, cell: int, v: int) -> bool:
    """True if "a or b" (or "not both" for a weak link's ends) removes v from cell."""
    (ca, va), (cb, vb) = a, b
    if va == vb == v:
        return cell not in ca | cb and all(sees(c, cell, y) for y in ca | cb)
    if ca == cb and len(ca) == 1:
        return cell in ca and v not in (va, vb)
    if len(ca) == len(cb) == 1:
        (x,), (y,) = ca, cb
        return sees(c, x, y) and ((cell, v) in ((x, vb), (y, va)))
    return False


def check_chain(c: Candidates, nodes: list[Node], is_loop: bool,
                places: list[tuple[int, int]], elims: list[tuple[int, int]],
                extra: Callable[[Node, Node, int], bool] | None = None) -> None:
    for i in range(len(nodes) - 1):
        if i % 2 == 0:
            assert strong_link(c, nodes[i], nodes[i + 1]) or (
                extra is not None and extra(nodes[i], nodes[i + 1], i)), (i, nodes)
        else:
            assert weak_link(c, nodes[i], nodes[i + 1]), (i, nodes)
    if places:
        assert nodes[0] == nodes[-1] and len(nodes[0][0]) == 1
        assert places == [(next(iter(nodes[0][0])), nodes[0][1])]
        return
    if is_loop:
        assert weak_link(c, nodes[-1], nodes[0])
        pairs = [(nodes[i], nodes[(i + 1) % len(nodes)]) for i in range(1, len(nodes), 2)]
    else:
        pairs = [(nodes[0], nodes[-1])]
    for cell, v in elims:
        assert c.has(cell, v)
        assert any(chain_kills(c, a, b, cell, v) for a, b in pairs), (cell, v, nodes)


# From test_variants.py
def random_cages(sol: Grid, rng: random.Random, sums: bool) -> tuple[Cage, ...]:
    """Cages of 1-4 side-by-side cells with distinct digits of ``sol`` (sums from ``sol``)."""
    n = sol.size
    left = set(range(n * n))
    cages = []
    while left:
        start = rng.choice(sorted(left))
        cage = [start]
        left.discard(start)
        want = rng.choice([1, 2, 2, 3, 3, 4])
        while len(cage) < want:
            near = sorted({x for y in cage for x in (y - n, y + n, y - 1, y + 1)
                           if x in left and abs(x % n - y % n) <= 1
                           and sol.cells[x] not in [sol.cells[z] for z in cage]})
            if not near:
                break
            x = rng.choice(near)
            cage.append(x)
            left.discard(x)
        if len(cage) > 1 or rng.random() < 0.2:
            total = sum(sol.cells[z] for z in cage) if sums else None
            cages.append(Cage(tuple(sorted(cage)), total))
    return tuple(cages)


@st.composite
def variant_puzzles(draw: st.DrawFn, box: tuple[int, int]) -> Grid:
    """A small variant puzzle: random rules, a solution of them when one exists, some givens."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    shape = Shape(*box)
    n = shape.size
    regions = random_regions(shape, rng) if draw(st.booleans()) else ()
    flags = Variant(diagonals=draw(st.booleans()), windows=draw(st.booleans()),
                    regions=regions, anti_knight=draw(st.booleans()),
                    anti_king=draw(st.booleans()))
    base = Shape(*box, flags)
    sol = solve(Grid.empty(base), limit=1, rng=rng).solution
    cages: tuple[Cage, ...] = ()
    if sol is not None and draw(st.booleans()):
        cages = random_cages(sol, rng, draw(st.booleans()))
    shape = Shape(*box, Variant(flags.diagonals, flags.windows, regions, cages,
                                flags.anti_knight, flags.anti_king))
    keep = draw(st.floats(0.3 if n == 6 else 0.0, 0.8))
    cells = [0] * (n * n)
    if sol is not None:
        cells = [x if rng.random() < keep else 0 for x in sol.cells]
    else:
        cells = [rng.randint(1, n) if rng.random() < 0.15 else 0 for _ in range(n * n)]
    if draw(st.booleans()):  # sometimes a wrong given: no solution or a conflict
        i = rng.randrange(n * n)
        cells[i] = rng.randint(1, n)
    return Grid(shape, tuple(cells))


def untidy(puzzle: Grid, solution: Grid, rng: random.Random, placed: float, drop: float,
           extra: float) -> tuple[Grid, list[int]]:
    """A player's state: the puzzle's candidates marked, then some cells filled with their
    solution values without clearing the peers' marks; wrong marks dropped at random and
    random extra ones (any digit, a placed one too) added, every true digit kept."""
    marked = Candidates.from_grid(puzzle)
    n = puzzle.size
    values = [v or (s if rng.random() < placed else 0)
              for v, s in zip(puzzle.cells, solution.cells, strict=True)]
    masks = [0] * len(values)
    for cell, v in enumerate(values):
        if v:
            continue
        mask = marked.masks[cell]
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            if d == solution.cells[cell]:
                mask |= bit
            elif mask & bit and rng.random() < drop:
                mask &= ~bit
            elif not mask & bit and rng.random() < extra:
                mask |= bit
        masks[cell] = mask
    return Grid(puzzle.shape, tuple(values)), masks


def unique_variant_puzzle(box: tuple[int, int], rules: Iterable[str],
                          seed: int) -> tuple[Grid, Grid] | None:
    """(puzzle, solution): a puzzle with one solution under ``rules`` (the CLI's names: x,
    windoku, jigsaw, killer, antiknight, antiking), dug from a random grid of them; None when
    no grid keeps the rules (anti-king on 4x4) or the fill runs out of nodes."""
    rng = random.Random(seed)
    rules = set(rules)
    regions = random_regions(Shape(*box), rng) if "jigsaw" in rules else ()
    flags = Variant("x" in rules, "windoku" in rules, regions, (), "antiknight" in rules,
                    "antiking" in rules)
    sol = solve(Grid.empty(Shape(*box, flags)), limit=1, rng=rng, max_nodes=20_000,
                time_limit=5).solution
    if sol is None:
        return None
    cages = random_cages(sol, rng, sums=True) if "killer" in rules else ()
    shape = Shape(*box, Variant(flags.diagonals, flags.windows, regions, cages,
                                flags.anti_knight, flags.anti_king))
    solution = Grid(shape, sol.cells)
    order = list(orbits(shape.size, "none"))
    rng.shuffle(order)
    dug = dig(solution, order, max_nodes=20_000, keep_going=lambda: True)
    return dug.grid(), solution


def four(obj: dict[str, object], givens: dict[int, int]) -> Grid:
    """A 4x4 grid of the variant ``obj`` with some givens."""
    return Grid.empty(Shape(2, 2, variant_from_json(obj, 4))).with_values(givens.items())


# The community variant corpus (../shared/variants from the repository's root or a folder above
# it, or the folder SUDOKU_VARIANTS names): its rows that f-puzzles can carry, [] without it.
_ROOT = Path(__file__).resolve().parent.parent
COMMUNITY_FOLDER = Path(os.environ.get("SUDOKU_VARIANTS") or next(
    (p / "shared" / "variants" for p in _ROOT.parents if (p / "shared" / "variants").is_dir()),
    _ROOT.parent / "shared" / "variants"))
COMMUNITY = COMMUNITY_FOLDER / "community-train.tsv"


def community_rows() -> list[dict[str, str]]:
    if not COMMUNITY.is_file():
        return []
    with COMMUNITY.open(encoding="utf-8", newline="") as f:
        return [row for row in csv.DictReader(f, delimiter="\t")
                if row.get("expressible") == "yes" and row.get("fp_link")]


def published_values(solution: str, size: int) -> list[int]:
    """A published solution's digits: '1'-'9' up to 9x9, 'A'-'P' (1-16) on larger grids."""
    if size <= 9:
        return [int(ch) for ch in solution]
    return [ord(ch.upper()) - ord("A") + 1 for ch in solution]


def random_pair(shape: Shape, seed: int) -> tuple[Grid, Grid]:
    """Random givens and entries on the other cells (values need not make a sudoku)."""
    rng = random.Random(seed)
    n = shape.size
    givens = [rng.randint(1, n) if rng.random() < 0.3 else 0 for _ in range(shape.cell_count)]
    entries = [0 if g or rng.random() < 0.5 else rng.randint(1, n) for g in givens]
    return Grid(shape, tuple(givens)), Grid(shape, tuple(entries))
