"""The exact search for variant puzzles: any units, differ pairs and cage sums, any size.

The classic engines (``_cover``, the bitboards) hard-wire rows, columns and boxes; this one
reads the shape's geometry instead: one candidate mask per cell, a placement removes its value
from every peer (units, cages, knight or king moves), hidden singles in every unit, and each
cage with a sum keeps only the digits of the combinations that still fit (the combinations of
a free-cell count and a remaining sum come from a cache, so a 9x9 Killer with no given solves
in a fraction of a second). It branches on a cell with the fewest candidates and reads the
clock every 64 nodes.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..model.conflicts import find_conflicts
from ..model.constraints.rule import Board, Propagator, variant_propagators
from ..model.grid import Grid, Shape
from ._cover import SearchResult
from .leftovers import leftover_clash

_CHECK_EVERY = 64
_MAX_COMBOS = 20_000  # above, a cage is pruned by its smallest and largest sums only
_FIRST_RUN = 16  # nodes a cell for the run in the plain order (most puzzles end within it)
_LUBY_UNIT = 2  # nodes a cell for each Luby step of the restarts
_RESTARTS = 128  # nodes a cell the restarts may spend before the complete search
_RESTART_SEED = 0x5EED


@dataclass(frozen=True)
class VariantTables:
    """What the search reads of a variant shape."""

    size: int
    full: int
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    cages: tuple[tuple[tuple[int, ...], int], ...]  # cages with a sum: (cells, sum)
    props: tuple[Propagator, ...] = ()  # the placed rules' propagators (thermometers, dots...)


@cache
def tables(shape: Shape) -> VariantTables:
    """The search's tables for a variant shape (built once)."""
    geo = shape.geometry
    variant = shape.variant
    cages = tuple((c.cells, c.total) for c in variant.cages if c.total is not None) if (
        variant is not None) else ()
    props: tuple[Propagator, ...] = ()
    if variant is not None and variant.constraints:
        board = Board(shape.size, geo.box_of)
        props = variant_propagators(variant, board)
    return VariantTables(shape.size, (1 << shape.size) - 1, geo.peers, geo.units, cages, props)


@cache
def digit_sets(union: int, k: int, total: int) -> tuple[int, ...] | None:
    """Masks of the k-digit sets from ``union`` adding up to ``total``; None if too many."""
    digits = [d for d in range(1, union.bit_length() + 1) if union >> (d - 1) & 1]
    if k > len(digits):
        return ()
    if math.comb(len(digits), k) > _MAX_COMBOS:
        return None
    return tuple(sum(1 << (d - 1) for d in combo) for combo in combinations(digits, k)
                 if sum(combo) == total)


def cage_digits(masks: list[int], values: list[int], cells: tuple[int, ...],
                total: int) -> int | None:
    """Digits the free cells of a cage may still hold, or None when the sum cannot be met."""
    free = [c for c in cells if not values[c]]
    rest = total - sum(values[c] for c in cells)
    if not free:
        return 0 if rest == 0 else None
    union = 0
    for c in free:
        union |= masks[c]
    combos = digit_sets(union, len(free), rest)
    if combos is None:
        digits = [d for d in range(1, union.bit_length() + 1) if union >> (d - 1) & 1]
        k = len(free)
        if k > len(digits) or not sum(digits[:k]) <= rest <= sum(digits[-k:]):
            return None
        return union
    allowed = 0
    for combo in combos:
        if all(masks[c] & combo for c in free):
            allowed |= combo
    return allowed or None


def cage_combos(masks: list[int], values: list[int], cells: tuple[int, ...],
                total: int) -> tuple[int, ...] | None:
    """Digit sets (masks) the free cells of a cage may still hold, each digit seen in some
    cell; None when there are too many to list (then nothing is known of them)."""
    free = [c for c in cells if not values[c]]
    rest = total - sum(values[c] for c in cells)
    union = 0
    for c in free:
        union |= masks[c]
    combos = digit_sets(union, len(free), rest)
    if combos is None:
        return None
    return tuple(combo for combo in combos if all(masks[c] & combo for c in free))


def _propagate(masks: list[int], values: list[int], todo: list[int], t: VariantTables) -> bool:
    """Place singles and prune cages and placed rules to a fixed point; False on a
    contradiction."""
    while True:
        if not (_place(masks, values, todo, t.peers) and _hidden_singles(masks, values, todo, t)
                and _prune_cages(masks, values, todo, t.cages)):
            return False
        if todo:
            continue
        changed = _run_props(masks, values, todo, t.props)
        if changed is None:
            return False
        if not todo and not changed:
            return True


def _run_props(masks: list[int], values: list[int], todo: list[int],
               props: tuple[Propagator, ...]) -> bool | None:
    """Run each placed rule's propagator once; whether a mask changed (None: contradiction)."""
    changed = False
    for p in props:
        cells = p.cells
        before = [masks[c] for c in cells]
        if not p.prune(masks):
            return None
        for c, m in zip(cells, before, strict=True):
            nm = masks[c]
            if nm != m:
                changed = True
                if not values[c] and not nm & (nm - 1):
                    todo.append(c)
    return changed


def _place(masks: list[int], values: list[int], todo: list[int],
           peers: tuple[tuple[int, ...], ...]) -> bool:
    """Place every single on ``todo`` and clear it from its peers; False on a contradiction."""
    while todo:
        c = todo.pop()
        if values[c]:
            continue
        m = masks[c]
        values[c] = m.bit_length()
        clear = ~m
        for p in peers[c]:
            pm = masks[p]
            if pm & m:
                if values[p]:
                    return False
                pm &= clear
                if not pm:
                    return False
                masks[p] = pm
                if not pm & (pm - 1):
                    todo.append(p)
    return True


def _hidden_singles(masks: list[int], values: list[int], todo: list[int],
                    t: VariantTables) -> bool:
    """Queue each value that has one place left in a unit; False when a unit lacks one."""
    full = t.full
    for unit in t.units:
        once = twice = 0
        for c in unit:
            m = masks[c]
            twice |= once & m
            once |= m
        if once != full:
            return False
        singles = once & ~twice
        if singles:
            for c in unit:
                if not values[c]:
                    m = masks[c] & singles
                    if m:
                        if m & (m - 1):
                            return False  # two values have this cell as their only place
                        masks[c] = m
                        todo.append(c)
    return True


def _prune_cages(masks: list[int], values: list[int], todo: list[int],
                 cages: tuple[tuple[tuple[int, ...], int], ...]) -> bool:
    """Keep the digits of each cage's combinations that still fit; False if none does."""
    for cells, total in cages:
        allowed = cage_digits(masks, values, cells, total)
        if allowed is None:
            return False
        for c in cells:
            if not values[c]:
                m = masks[c]
                nm = m & allowed
                if nm != m:
                    if not nm:
                        return False
                    masks[c] = nm
                    if not nm & (nm - 1):
                        todo.append(c)
    return True


def search(grid: Grid, limit: int, max_nodes: int | None, deadline: float | None,
           rng: random.Random | None) -> SearchResult:
    """Count solutions of a variant grid up to ``limit`` within the node and time budget."""
    if find_conflicts(grid):
        return SearchResult(0, None, 0, False, True)
    if leftover_clash(grid.shape) is not None:
        return SearchResult(0, None, 0, False, False)  # the layout itself admits no grid
    return _search_restarting(grid, limit, max_nodes, deadline, rng)


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _search_restarting(grid: Grid, limit: int, max_nodes: int | None, deadline: float | None,
                       rng: random.Random | None) -> SearchResult:
    """Short runs first, in new random orders, then the complete search for what is left.

    Why: depth-first search has heavy tails. An empty jigsaw whose layout swaps two corner
    cells of the boxes sends the plain order into a subtree with no grid that takes minutes
    to refute, while one random order in five finds two grids in about 50 nodes. So: one run
    in the plain order capped at ``_FIRST_RUN`` nodes a cell, then runs capped by the Luby
    sequence (``_LUBY_UNIT`` nodes a cell a step) until ``_RESTARTS`` nodes a cell are spent,
    gathering distinct solutions (``limit`` distinct ones settle it), then the complete
    search in the plain order with the rest of the budget. Exact: a run that ends within its
    cap walked its whole tree. Deterministic: orders come from the caller's ``rng`` or a
    fixed seed, caps count nodes, never the clock.
    """
    cells = len(grid.cells)
    order = rng
    found: dict[tuple[int, ...], None] = {}  # distinct solutions, in the order found
    nodes = step = 0
    cap = _FIRST_RUN * cells
    while nodes + cap <= _RESTARTS * cells + _FIRST_RUN * cells:
        if max_nodes is not None and nodes + cap > max_nodes:
            break
        r = _search(grid, limit, cap, deadline, order)
        nodes += r.nodes
        if not r.gave_up:
            return SearchResult(r.count, r.first, nodes, False, r.invalid)
        if r.first is not None:
            found.setdefault(tuple(r.first))
            if len(found) >= limit:
                return SearchResult(limit, list(next(iter(found))), nodes, False, False)
        if deadline is not None and time.perf_counter() > deadline:
            return _best(found, None, nodes)
        step += 1
        cap = _luby(step) * _LUBY_UNIT * cells
        order = order or random.Random(_RESTART_SEED)
    rest = None if max_nodes is None else max(max_nodes - nodes, 0)
    r = _search(grid, limit, rest, deadline, rng)
    if not r.gave_up:
        return SearchResult(r.count, r.first, nodes + r.nodes, False, r.invalid)
    return _best(found, r, nodes + r.nodes)


def _best(found: dict[tuple[int, ...], None], last: SearchResult | None,
          nodes: int) -> SearchResult:
    """Out of budget: report the most solutions any run found (distinct ones add up)."""
    if last is not None and last.count > len(found):
        return SearchResult(last.count, last.first, nodes, True, False)
    first = list(next(iter(found))) if found else None
    return SearchResult(len(found), first, nodes, True, False)


def _search(grid: Grid, limit: int, max_nodes: int | None, deadline: float | None,
            rng: random.Random | None) -> SearchResult:
    """One depth-first run counting up to ``limit`` within the node and time budget."""
    t = tables(grid.shape)
    masks = [1 << (v - 1) if v else t.full for v in grid.cells]
    values = [0] * len(masks)
    todo = [c for c, v in enumerate(grid.cells) if v]
    first: list[int] | None = None
    count = nodes = 0
    stack: list[tuple[list[int], list[int], list[int]]] = []
    state: tuple[list[int], list[int], list[int]] | None = (masks, values, todo)
    while True:
        if state is not None:
            masks, values, todo = state
            nodes += 1
            if nodes % _CHECK_EVERY == 0 and _spent(nodes, max_nodes, deadline):
                return SearchResult(count, first, nodes, True, False)
            if _propagate(masks, values, todo, t):
                cell = _branch_cell(masks, values)
                if cell < 0:
                    count += 1
                    if first is None:
                        first = values[:]
                    if count >= limit:
                        break
                else:
                    _push_children(stack, masks, values, cell, rng)
        if not stack:
            break
        child, parent_values, todo = stack.pop()
        state = (child, parent_values[:], todo)
    return SearchResult(count, first, nodes, False, False)


def _spent(nodes: int, max_nodes: int | None, deadline: float | None) -> bool:
    """True when the node or time budget is used up."""
    return ((max_nodes is not None and nodes > max_nodes)
            or (deadline is not None and time.perf_counter() > deadline))


def _push_children(stack: list[tuple[list[int], list[int], list[int]]], masks: list[int],
                   values: list[int], cell: int, rng: random.Random | None) -> None:
    """One child state per candidate of ``cell`` (shuffled with ``rng``), first on top."""
    m = masks[cell]
    options = [1 << (d - 1) for d in range(1, m.bit_length() + 1) if m >> (d - 1) & 1]
    if rng is not None:
        rng.shuffle(options)
    for bit in reversed(options):
        child = masks[:]
        child[cell] = bit
        stack.append((child, values, [cell]))


def _branch_cell(masks: list[int], values: list[int]) -> int:
    """An open cell with the fewest candidates, -1 when every cell holds a value."""
    best = -1
    fewest = 99
    for c, v in enumerate(values):
        if not v:
            k = masks[c].bit_count()
            if k < fewest:
                best, fewest = c, k
                if k == 2:
                    break
    return best


def root_masks(grid: Grid) -> list[int] | None:
    """Every cell's candidates after propagation from the givens; None on a contradiction."""
    t = tables(grid.shape)
    masks = [1 << (v - 1) if v else t.full for v in grid.cells]
    values = [0] * len(masks)
    todo = [c for c, v in enumerate(grid.cells) if v]
    return masks if _propagate(masks, values, todo, t) else None


def solutions(grid: Grid, limit: int, deadline: float | None) -> list[tuple[int, ...]] | None:
    """Up to ``limit`` solutions in depth-first order (all of them when there are fewer);
    None when the deadline passed first. Any shape: classic grids read their geometry too."""
    if find_conflicts(grid) or leftover_clash(grid.shape) is not None:
        return []
    t = tables(grid.shape)
    masks = [1 << (v - 1) if v else t.full for v in grid.cells]
    found: list[tuple[int, ...]] = []
    stack: list[tuple[list[int], list[int], list[int]]] = [
        (masks, [0] * len(masks), [c for c, v in enumerate(grid.cells) if v])]
    nodes = 0
    while stack and len(found) < limit:
        masks, values, todo = stack.pop()
        nodes += 1
        if nodes % _CHECK_EVERY == 0 and _spent(nodes, None, deadline):
            return None
        if not _propagate(masks, values, todo, t):
            continue
        cell = _branch_cell(masks, values)
        if cell < 0:
            found.append(tuple(values))
            continue
        m = masks[cell]
        for d in range(m.bit_length(), 0, -1):  # lowest digit on top: found in digit order
            if m >> (d - 1) & 1:
                child = masks[:]
                child[cell] = 1 << (d - 1)
                stack.append((child, values[:], [cell]))
    return found
