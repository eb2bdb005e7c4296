"""The exact search for variant puzzles: any units, differ pairs and cage sums, any size.

The classic engines (``_cover``, the bitboards) hard-wire rows, columns and boxes; this one
reads the shape's geometry instead: one candidate mask per cell, a placement removes its value
from every peer (units, cages, knight or king moves), hidden singles and pointing in every
unit, and the propagators: the sum groups (each cage with a sum, and the innies and outies of
the law of 45, :mod:`killer_sums`; a digit every assignment of a cage holds also leaves the
cells that see all its places) and the placed rules' propagators. Work is incremental: a
change of a cell's mask marks the units and propagators that read it, and only those run
again. It branches on a cell with the fewest candidates for the contradictions its rules met
so far (dom/wdeg) and reads the clock every 64 nodes. (The combination helpers below,
``digit_sets``, ``cage_digits`` and ``cage_combos``, serve the logical techniques.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from operator import itemgetter

from ..model import budget
from ..model.conflicts import find_conflicts
from ..model.constraints.rule import Board, Propagator, variant_propagators
from ..model.grid import Grid, Shape
from ._cover import SearchResult
from .killer_sums import SumGroup, derived_sums, sum_group
from .leftovers import leftover_clash

_CHECK_EVERY = 64
_MAX_COMBOS = 20_000  # above, a cage is pruned by its smallest and largest sums only
_FIRST_RUN = 16  # nodes a cell for the run in the plain order (most puzzles end within it)
_LUBY_UNIT = 2  # nodes a cell for each Luby step of the restarts
_RESTARTS = 128  # nodes a cell the restarts may spend before the complete search
_RESTART_SEED = 0x5EED

# A search state: candidate masks, values placed, cells to place, each digit's places
_State = tuple[list[int], list[int], list[int], dict[int, int]]


@dataclass(frozen=True)
class VariantTables:
    """What the search reads of a variant shape.

    ``props`` are every propagator the search runs: the sum groups first (cages with a sum,
    then the innies and outies :func:`killer_sums.derived_sums` finds), then the placed rules'
    propagators (thermometers, dots...). ``watch[c]`` has a bit per unit (bit u) and per
    propagator (bit ``len(units) + i``) that reads cell c: a change of c's mask marks them to
    be run again, so a round only revisits what a change can touch.
    """

    size: int
    full: int
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    cages: tuple[tuple[tuple[int, ...], int], ...]  # cages with a sum: (cells, sum)
    props: tuple[Propagator, ...] = ()
    groups: tuple[SumGroup, ...] = ()  # the sum groups, the first of ``props``
    watch: tuple[int, ...] = ()
    getters: tuple[Callable[[list[int]], tuple[int, ...]], ...] = ()  # each prop's masks
    every: int = 0  # every unit's and propagator's bit
    culprit: tuple[tuple[int, ...], ...] = ()  # the cells of each unit, propagator and cell
    peerbits: tuple[int, ...] = ()  # each cell's peers as bits of an int
    seeing: dict[int, int] = field(default_factory=dict)  # see _seeing_all
    unit_cells: tuple[int, ...] = ()  # each unit's cells as bits of an int


@cache
def tables(shape: Shape) -> VariantTables:
    """The search's tables for a variant shape (built once)."""
    geo = shape.geometry
    variant = shape.variant
    cages = tuple((c.cells, c.total) for c in variant.cages if c.total is not None) if (
        variant is not None) else ()
    rules: tuple[Propagator, ...] = ()
    if variant is not None and variant.constraints:
        board = Board(shape.size, geo.box_of, geo.peers)
        rules = variant_propagators(variant, board)
    groups = [*cages, *derived_sums(shape, cages)]
    sums = tuple(sum_group(cells, total, geo.peers) for cells, total in groups)
    props = (*sums, *rules)
    units = geo.units
    watch = [0] * (shape.size * shape.size)
    for u, unit in enumerate(units):
        for c in unit:
            watch[c] |= 1 << u
    for i, p in enumerate(props):
        for c in p.cells:
            watch[c] |= 1 << (len(units) + i)
    return VariantTables(shape.size, (1 << shape.size) - 1, geo.peers, units, cages, props,
                         sums, tuple(watch), tuple(_getter(p.cells) for p in props),
                         (1 << (len(units) + len(props))) - 1,
                         (*units, *(p.cells for p in props),
                          *((c,) for c in range(len(watch)))),
                         tuple(sum(1 << p for p in ps) for ps in geo.peers), {},
                         tuple(sum(1 << c for c in u) for u in units))


def _seeing_all(places: int, peerbits: tuple[int, ...]) -> int:
    """The cells that see every cell of ``places`` (bits of an int; not none), as bits."""
    common = -1
    while places:
        low = places & -places
        places ^= low
        common &= peerbits[low.bit_length() - 1]
    return common


def _boards(masks: list[int], size: int) -> dict[int, int]:
    """Each digit's places: its bit (as in the masks) -> the cells holding it, as bits."""
    boards = dict.fromkeys((1 << i for i in range(size)), 0)
    for c, m in enumerate(masks):
        while m:
            low = m & -m
            m ^= low
            boards[low] |= 1 << c
    return boards


@cache
def _bits(mask: int) -> tuple[int, ...]:
    """The bits of ``mask``, lowest first (kept: the search asks for the same few masks)."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low)
    return tuple(out)


def _getter(cells: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """A function reading the masks of ``cells`` as a tuple (itemgetter, for speed)."""
    if len(cells) == 1:
        only = cells[0]
        return lambda masks: (masks[only],)
    if not cells:
        return lambda masks: ()
    return itemgetter(*cells)


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


def _propagate(masks: list[int], values: list[int], todo: list[int], boards: dict[int, int],
               t: VariantTables, dirty: int) -> int:
    """Place singles, find hidden singles and run the propagators to a fixed point: -1, or on
    a contradiction the bit of the unit or propagator that found it (see
    :class:`VariantTables`; past them, ``len(units) + len(props) + c`` for a cell c emptied).
    ``boards`` (see :func:`_boards`) follows ``masks``: each change of one changes the other.
    ``dirty``: the bits (see :class:`VariantTables`) of the units and propagators to look at
    first: every one at the root, those of the branch cell below it.

    Order of work: placements, then the hidden singles and pointing of each digit in the
    units where it lost a place, then the sum groups marked, then the other propagators
    marked; after each batch, back to the top. Why each digit's places as bits of an int
    (``boards``), and ``lost`` (each digit's units to look at again): a placement finds the
    peers holding its digit, a unit a digit's places, pointing the cells to clear in one
    ``&`` each, and a unit is read again only for the digits it lost; loops over cells and
    over every digit of every unit a change touched cost most of the search's time.
    """
    nu = len(t.unit_cells)
    unit_bits = (1 << nu) - 1
    sum_bits = ((1 << len(t.groups)) - 1) << nu
    lost = dict.fromkeys(boards, dirty & unit_bits)  # digit -> units to read it in again
    # Each pass below returns (a contradiction's bit or -1, the watch bits it touched).
    while True:
        failed, touched = _place_all(masks, values, todo, boards, t, lost)
        if failed >= 0:
            return failed
        dirty |= touched
        if any(lost.values()):
            failed, touched = _units_again(masks, todo, boards, t, lost)
            if failed >= 0:
                return failed
            dirty |= touched
            continue
        batch = dirty & sum_bits or dirty & ~unit_bits
        if not batch:
            return -1
        dirty ^= batch
        failed, touched = _run_batch(batch >> nu, masks, values, todo, boards, t, lost)
        if failed >= 0:
            return failed
        dirty |= touched


def _place_all(masks: list[int], values: list[int], todo: list[int], boards: dict[int, int],
               t: VariantTables, lost: dict[int, int]) -> tuple[int, int]:
    """Place every cell of ``todo``: its digit leaves the peers holding it (one ``&`` of the
    digit's board and the cell's peers)."""
    watch, peerbits = t.watch, t.peerbits
    emptied = len(t.unit_cells) + len(t.props)
    dirty = 0
    while todo:
        c = todo.pop()
        if values[c]:
            continue
        m = masks[c]
        if not m:
            return emptied + c, 0
        values[c] = m.bit_length()
        hits = boards[m] & peerbits[c]
        if hits:
            boards[m] ^= hits
            touched = 0
            while hits:
                low = hits & -hits
                hits ^= low
                p = low.bit_length() - 1
                pm = masks[p]
                if pm == m:
                    return emptied + p, 0
                pm ^= m
                masks[p] = pm
                touched |= watch[p]
                if not pm & (pm - 1):
                    todo.append(p)
            dirty |= touched
            lost[m] |= touched
    return -1, dirty


def _units_again(masks: list[int], todo: list[int], boards: dict[int, int],
                 t: VariantTables, lost: dict[int, int]) -> tuple[int, int]:
    """Hidden singles and pointing of each digit in the units where it lost a place (one
    loop, no call per unit and digit: this is the search's hottest code)."""
    units, watch, seeing = t.unit_cells, t.watch, t.seeing
    unit_bits = (1 << len(units)) - 1
    dirty = 0
    for bit, us in lost.items():
        if not us:
            continue
        lost[bit] = 0
        us &= unit_bits
        while us:
            low = us & -us
            us ^= low
            u = low.bit_length() - 1
            places = boards[bit] & units[u]
            if not places & (places - 1):
                if not places:
                    return u, 0
                c = places.bit_length() - 1
                m = masks[c]
                if m != bit:  # a hidden single: the cell loses its other digits
                    masks[c] = bit
                    w = watch[c]
                    dirty |= w
                    todo.append(c)
                    m ^= bit
                    while m:
                        other = m & -m
                        m ^= other
                        boards[other] ^= places
                        lost[other] |= w
                continue
            rest = places & (places - 1)
            rest &= rest - 1  # the places but the lowest two
            if rest & (rest - 1):
                continue  # four places or more
            # Pointing: a digit with two or three places left in the unit leaves every cell
            # that sees all of them (a box's row, a cage's neighbours...).
            seen = seeing.get(places)
            if seen is None:
                seen = _seeing_all(places, t.peerbits)
                seeing[places] = seen
            hits = boards[bit] & seen
            if hits:
                x, touched = _clear(bit, hits, masks, boards, watch, todo)
                if x >= 0:
                    return len(units) + len(t.props) + x, 0
                dirty |= touched
                lost[bit] |= touched
    return -1, dirty


def _run_batch(batch: int, masks: list[int], values: list[int], todo: list[int],
               boards: dict[int, int], t: VariantTables, lost: dict[int, int]
               ) -> tuple[int, int]:
    """The sum groups and propagators of ``batch`` (bits from 0: groups first), each
    narrowing its cells' digits."""
    dirty = 0
    while batch:
        low = batch & -batch
        batch ^= low
        i = low.bit_length() - 1
        if i < len(t.groups):
            failed, touched = _narrow_group(i, masks, values, todo, boards, t, lost)
        else:
            failed, touched = _prune_rule(i, masks, values, todo, boards, t, lost)
        if failed >= 0:
            return failed, 0
        dirty |= touched
    return -1, dirty


def _changed(cells: Sequence[int], before: Sequence[int], after: Sequence[int],
             masks: list[int], values: list[int], todo: list[int], boards: dict[int, int],
             t: VariantTables, lost: dict[int, int]) -> int:
    """Write a propagator's narrowed digits back: the watch bits touched."""
    watch = t.watch
    dirty = 0
    for c, m, nm in zip(cells, before, after, strict=True):
        if m != nm:
            masks[c] = nm
            w = watch[c]
            dirty |= w
            if not values[c] and not nm & (nm - 1):
                todo.append(c)
            m ^= nm
            gone = ~(1 << c)  # not ^=: a rule may list a cell twice (an indexer)
            while m:
                other = m & -m
                m ^= other
                boards[other] &= gone
                lost[other] |= w
    return dirty


def _narrow_group(i: int, masks: list[int], values: list[int], todo: list[int],
                  boards: dict[int, int], t: VariantTables, lost: dict[int, int]
                  ) -> tuple[int, int]:
    """A sum group narrowed; a digit it must hold leaves the cells seeing its places."""
    before = t.getters[i](masks)
    cells = t.props[i].cells
    found = t.groups[i].narrow(before)
    if found is None:
        return len(t.unit_cells) + i, 0
    after, forced = found
    dirty = 0
    if after != before:
        dirty = _changed(cells, before, after, masks, values, todo, boards, t, lost)
    while forced:
        bit = forced & -forced
        forced ^= bit
        common = -1
        for c, m in zip(cells, after, strict=True):
            if m & bit:
                if m == bit:
                    break
                common &= t.peerbits[c]
        else:
            hits = boards[bit] & common if common != -1 else 0
            if hits:
                x, touched = _clear(bit, hits, masks, boards, t.watch, todo)
                if x >= 0:
                    return len(t.unit_cells) + len(t.props) + x, 0
                dirty |= touched
                lost[bit] |= touched
    return -1, dirty


def _prune_rule(i: int, masks: list[int], values: list[int], todo: list[int],
                boards: dict[int, int], t: VariantTables, lost: dict[int, int]
                ) -> tuple[int, int]:
    """A placed rule's propagator: its cells' digits pruned, or the rule broken."""
    before = t.getters[i](masks)
    if not t.props[i].prune(masks):
        return len(t.unit_cells) + i, 0
    after = t.getters[i](masks)
    if after == before:
        return -1, 0  # one compare, not a loop (a whole-grid rule has 81 cells)
    if not all(after):
        return len(t.unit_cells) + i, 0
    # prune() wrote the masks already; _changed writes the same digits again.
    return -1, _changed(t.props[i].cells, before, after, masks, values, todo, boards, t, lost)


def _clear(bit: int, hits: int, masks: list[int], boards: dict[int, int],
           watch: tuple[int, ...], todo: list[int]) -> tuple[int, int]:
    """Take the digit ``bit`` from the cells of ``hits`` (pointing, or a digit a sum group
    must hold): (-1, the watch bits touched), or (a cell left without a digit, 0)."""
    boards[bit] ^= hits
    touched = 0
    while hits:
        low = hits & -hits
        hits ^= low
        x = low.bit_length() - 1
        mx = masks[x] ^ bit
        if not mx:
            return x, 0
        masks[x] = mx
        touched |= watch[x]
        if not mx & (mx - 1):
            todo.append(x)
    return -1, touched


def search(grid: Grid, limit: int, max_nodes: int | None,
           rng: random.Random | None) -> SearchResult:
    """Count solutions of a variant grid up to ``limit`` within ``max_nodes`` and the call's
    deadline (``budget``)."""
    if find_conflicts(grid):
        return SearchResult(0, None, 0, False, True)
    if leftover_clash(grid.shape) is not None:
        return SearchResult(0, None, 0, False, False)  # the layout itself admits no grid
    return _search_restarting(grid, limit, max_nodes, rng)


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _search_restarting(grid: Grid, limit: int, max_nodes: int | None,
                       rng: random.Random | None) -> SearchResult:
    """The complete search in the plain order, taking turns with short runs in new random
    orders.

    Why: depth-first search has heavy tails. An empty jigsaw whose layout swaps two corner
    cells of the boxes sends the plain order into a subtree with no grid that takes minutes
    to refute, while one random order in five finds two grids in about 50 nodes. So: the
    complete search walks ``_FIRST_RUN`` nodes a cell, then runs capped by the Luby sequence
    (``_LUBY_UNIT`` nodes a cell a step) take turns with it until they have spent
    ``_RESTARTS`` nodes a cell, gathering distinct solutions (``limit`` distinct ones settle
    it); after each, the complete search goes on for as many nodes, or eight times as many
    once any run has found a solution (a puzzle with one solution needs its whole tree
    walked, which no short run does: they find its solution again and again). Then the
    complete search has the rest of the budget. Exact: a run that ends walked its whole tree.
    Deterministic: orders come from the caller's ``rng`` or a fixed seed, caps count nodes,
    never the clock.
    """
    cells = len(grid.cells)
    complete = _Run(grid, limit, rng, [1] * cells)
    learnt = [1] * cells  # the short runs' weights (see _Run), handed from one to the next
    found: dict[tuple[int, ...], None] = {}  # distinct solutions, in the order found
    spent = 0  # nodes of the short runs

    def room(want: int) -> int:
        return want if max_nodes is None else max(0, min(want, max_nodes - spent -
                                                         complete.nodes))

    if complete.advance(room(_FIRST_RUN * cells)):
        return complete.result(spent)
    found.update(dict.fromkeys(complete.solutions))
    order = rng or random.Random(_RESTART_SEED)
    step = 0
    while True:
        step += 1
        cap = _luby(step) * _LUBY_UNIT * cells
        if spent + cap > _RESTARTS * cells or room(cap) < cap:
            break
        run = _Run(grid, limit, order, learnt)
        done = run.advance(cap)
        spent += run.nodes
        if done:
            return run.result(spent - run.nodes + complete.nodes)
        found.update(dict.fromkeys(run.solutions))
        if len(found) >= limit:
            return SearchResult(limit, list(next(iter(found))), spent + complete.nodes, False,
                                False)
        if budget.expired():
            return _best(found, complete, spent)
        if complete.advance(room(8 * cap if found else cap)):
            return complete.result(spent)
        found.update(dict.fromkeys(complete.solutions))
        if len(found) >= limit:
            return SearchResult(limit, list(next(iter(found))), spent + complete.nodes, False,
                                False)
    rest = None if max_nodes is None else room(max_nodes)
    if complete.advance(rest):
        return complete.result(spent)
    return _best(found, complete, spent)


def _best(found: dict[tuple[int, ...], None], last: _Run, spent: int) -> SearchResult:
    """Out of budget: report the most solutions any run found (distinct ones add up)."""
    found.update(dict.fromkeys(last.solutions))
    nodes = spent + last.nodes
    if last.count > len(found):
        return SearchResult(last.count, last.first, nodes, True, False)
    first = list(next(iter(found))) if found else None
    return SearchResult(len(found), first, nodes, True, False)


class _Run:
    """One depth-first run counting solutions up to ``limit``; it walks as many nodes as it
    is given and goes on from there when given more.

    ``weight``: 1 + the contradictions found by each cell's units and rules so far (this
    run's, and the earlier runs' when the list is handed on); the branching reads it.
    """

    def __init__(self, grid: Grid, limit: int, rng: random.Random | None,
                 weight: list[int]) -> None:
        self.t = tables(grid.shape)
        masks = [1 << (v - 1) if v else self.t.full for v in grid.cells]
        todo = [c for c, v in enumerate(grid.cells) if v]
        self.stack: list[_State] = [(masks, [0] * len(masks), todo,
                                     _boards(masks, self.t.size))]
        self.limit = limit
        self.rng = rng
        self.weight = weight
        self.nodes = 0
        self.count = 0
        self.first: list[int] | None = None
        self.solutions: list[tuple[int, ...]] = []  # the first ``limit`` found

    def advance(self, more: int | None) -> bool:
        """Walk up to ``more`` nodes (None: no cap) before the call's deadline; True when the
        run is over: its whole tree walked, or ``limit`` solutions found."""
        t = self.t
        stack = self.stack
        weight = self.weight
        rng = self.rng
        every = t.every
        watch = t.watch
        culprit = t.culprit
        nodes = self.nodes
        stop = None if more is None else nodes + more
        try:
            while stack and self.count < self.limit:
                if stop is not None and nodes >= stop:
                    return False
                if nodes % _CHECK_EVERY == _CHECK_EVERY - 1 and budget.expired():
                    return False
                masks, values, todo, boards = stack.pop()
                values = values[:]
                nodes += 1
                failed = _propagate(masks, values, todo, boards, t,
                                    every if nodes == 1 else watch[todo[0]])
                if failed >= 0:
                    for c in culprit[failed]:
                        weight[c] += 1
                    continue
                cell = _branch_cell(masks, values, weight)
                if cell < 0:
                    self.count += 1
                    if self.first is None:
                        self.first = values
                    self.solutions.append(tuple(values))
                else:
                    _push_children(stack, masks, values, boards, cell, rng)
            return True
        finally:
            self.nodes = nodes

    def result(self, more: int) -> SearchResult:
        """The finished run's count, with ``more`` nodes of other runs added."""
        return SearchResult(self.count, self.first, self.nodes + more, False, False)


def _search(grid: Grid, limit: int, max_nodes: int | None,
            rng: random.Random | None) -> SearchResult:
    """One depth-first run counting up to ``limit`` within the node and time budget."""
    run = _Run(grid, limit, rng, [1] * len(grid.cells))
    done = run.advance(max_nodes)
    return SearchResult(run.count, run.first, run.nodes, not done, False)


def _spent(nodes: int, max_nodes: int | None) -> bool:
    """True when the node budget or the call's time (``budget``) is used up."""
    return (max_nodes is not None and nodes > max_nodes) or budget.expired()


def _push_children(stack: list[_State], masks: list[int], values: list[int],
                   boards: dict[int, int], cell: int, rng: random.Random | None) -> None:
    """One child state per candidate of ``cell`` (shuffled with ``rng``), first on top."""
    m = masks[cell]
    options = list(_bits(m))
    if rng is not None:
        rng.shuffle(options)
    here = 1 << cell
    for bit in reversed(options):
        child = masks[:]
        child[cell] = bit
        places = boards.copy()
        for other in options:
            if other != bit:
                places[other] ^= here
        stack.append((child, values, [cell], places))


def _branch_cell(masks: list[int], values: list[int], weight: list[int] | None = None) -> int:
    """An open cell with the fewest candidates for its weight (the contradictions its rules
    met: "dom/wdeg"), the first of those; -1 when every cell holds a value."""
    best = -1
    if weight is None:
        fewest = 99
        for c, v in enumerate(values):
            if not v:
                k = masks[c].bit_count()
                if k < fewest:
                    best, fewest = c, k
                    if k == 2:
                        break
        return best
    best_k, best_w = 99, 1
    for c, v in enumerate(values):
        if not v:
            k = masks[c].bit_count()
            w = weight[c]
            if k * best_w < best_k * w:
                best, best_k, best_w = c, k, w
    return best


def root_masks(grid: Grid) -> list[int] | None:
    """Every cell's candidates after propagation from the givens; None on a contradiction."""
    t = tables(grid.shape)
    masks = [1 << (v - 1) if v else t.full for v in grid.cells]
    values = [0] * len(masks)
    todo = [c for c, v in enumerate(grid.cells) if v]
    boards = _boards(masks, t.size)
    return masks if _propagate(masks, values, todo, boards, t, t.every) < 0 else None


def solutions(grid: Grid, limit: int) -> list[tuple[int, ...]] | None:
    """Up to ``limit`` solutions in depth-first order (all of them when there are fewer);
    None when the call's deadline passed first. Any shape: classic grids read their geometry too."""
    if find_conflicts(grid) or leftover_clash(grid.shape) is not None:
        return []
    t = tables(grid.shape)
    masks = [1 << (v - 1) if v else t.full for v in grid.cells]
    found: list[tuple[int, ...]] = []
    stack: list[_State] = [(masks, [0] * len(masks), [c for c, v in enumerate(grid.cells) if v],
                            _boards(masks, t.size))]
    nodes = 0
    while stack and len(found) < limit:
        masks, values, todo, boards = stack.pop()
        values = values[:]
        nodes += 1
        if nodes % _CHECK_EVERY == 0 and _spent(nodes, None):
            return None
        if _propagate(masks, values, todo, boards, t,
                      t.every if nodes == 1 else t.watch[todo[0]]) >= 0:
            continue
        cell = _branch_cell(masks, values)
        if cell < 0:
            found.append(tuple(values))
            continue
        _push_children(stack, masks, values, boards, cell, None)  # lowest digit on top
    return found


def refutation(shape: Shape, masks: Sequence[int], cell: int, digit: int
               ) -> tuple[str, int, tuple[int, ...]] | None:
    """Assume ``digit`` in ``cell`` on top of ``masks`` (each cell's candidates; a filled
    cell's digit as its one bit) and propagate as the search does, without branching: None
    when nothing breaks, else what broke: ("unit", u, cells), ("sum", i, cells) for a cage or
    an innie/outie group, ("rule", i, cells) for a placed rule's propagator, ("cell", c, (c,))
    for a cell left no digit."""
    t = tables(shape)
    m = list(masks)
    m[cell] = 1 << (digit - 1)
    values = [0] * len(m)
    todo = [c for c, x in enumerate(m) if x and not x & (x - 1)]
    code = _propagate(m, values, todo, _boards(m, t.size), t, t.every)
    if code < 0:
        return None
    nu, ns = len(t.units), len(t.groups)
    cells = t.culprit[code]
    if code < nu:
        return "unit", code, cells
    if code < nu + ns:
        return "sum", code - nu, cells
    if code < nu + len(t.props):
        return "rule", code - nu - ns, cells
    return "cell", cells[0], cells
