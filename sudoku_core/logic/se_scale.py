"""Sudoku Explainer's scale (ER/EP/ED, 1.0 to 12) estimated from this project's own techniques.

Sudoku Explainer (SE) rates a puzzle by solving it with the easiest technique available at every
step: ER is the highest difficulty its path needs, EP the highest before the first placement, ED
the highest before the first elimination or placement (in practice the first step's). The
difficulties follow SE's published table (1.2 hidden single in a box ... 6.2 aligned pair
exclusion, chains from 6.5 upwards, with 0.1 more each time a chain grows past 4, 6, 8, 12, 16,
24, 32 ... nodes); docs/rating.md lists the whole mapping.

Three parts (docs/rating.md):

* The basic part (up to SE 6.0) is walked here exactly as SE's published order describes it:
  hidden singles in boxes (1.2), then in lines (1.5), the "direct" intersections and hidden sets
  that end in a hidden single (1.7 to 2.5), naked singles (2.3), then the ordinary techniques.
  Many puzzles are solved by this walk alone, and then its numbers are the estimate.
* Where those are stuck, SE takes its cheapest chain: an X-chain, turbot fish or Y-cycle (the
  project's single-digit chains and XY-Chain), or a static forcing chain (``se_chains``: one
  chain, Nishio, cell and region forcing chains, 6.9-8.7). ``se_path`` takes it too, applies
  what it proves and walks on, as far as static chains go.
* Where SE would need a dynamic forcing chain (8.8 and up), the project's own path (the one
  ``rate`` walks anyway) rates the rest: each step gets the SE difficulty of the chain that
  would make the same deduction, a base per family plus SE's length adjustment on the step's
  size (a Forcing Chain step: the cheapest static chain of its state where there is one).
  The bases were fitted to SE ratings of a calibration sample by cross-validation
  (``benchmarks/bench_se_rating.py --cv``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..model import budget
from ..model.candidates import Candidates
from ..model.grid import Grid
from ..model.step import Chain, Step
from ..solver.bitboards import cells_of
from ..solver.propagate import propagate
from .se_chains import BASES, length_bonus, static_chains, static_difficulty
from .techniques import TRIAL
from .techniques.chains import iter_x_chain, iter_xy_chain
from .techniques.fish import iter_fish
from .techniques.single_digit import (
    iter_empty_rectangle,
    iter_skyscraper,
    iter_two_string_kite,
    unit_masks,
    value_cells,
)
from .techniques.singles import hidden_singles
from .techniques.subsets import hidden_subsets, iter_hidden_subset, iter_naked_subset
from .techniques.uniqueness import iter_bug_plus_n, iter_bug_plus_one, iter_unique_rectangle
from .techniques.wings import iter_xy_wing, iter_xyz_wing

SINGLE_NAMES = ("Full House", "Hidden Single", "Naked Single")


@dataclass(frozen=True)
class SeRating:
    """ER, EP and ED on Sudoku Explainer's scale (tenths, as SE prints them)."""

    er: float  # the hardest step needed
    ep: float  # the hardest step before the first placement
    ed: float  # the hardest step before the first elimination or placement

    def to_json(self) -> dict[str, Any]:
        """{"er": 7.2, "ep": 1.2, "ed": 1.2}."""
        return {"er": self.er, "ep": self.ep, "ed": self.ed}


# SE difficulty of the project's own step names, where a name maps to one SE technique. Names
# SE has no technique for are given the difficulty of the SE chain that would find the same
# deduction (fitted: see the module docstring).
_BASE: dict[str, float] = {
    "Full House": 1.0,
    "Hidden Single": 1.2,
    "Naked Single": 2.3,
    "Locked Candidates (Pointing)": 2.6,
    "Locked Candidates (Claiming)": 2.8,
    "Naked Pair": 3.0,
    "X-Wing": 3.2,
    "Hidden Pair": 3.4,
    "Naked Triple": 3.6,
    "Swordfish": 3.8,
    "Hidden Triple": 4.0,
    "XY-Wing": 4.2,
    "XYZ-Wing": 4.4,
    "Unique Rectangle Type 1": 4.5,
    "Unique Rectangle Type 2": 4.6,
    "Unique Rectangle Type 3": 4.7,
    "Unique Rectangle Type 4": 4.6,
    "Naked Quad": 5.0,
    "Jellyfish": 5.2,
    "Hidden Quad": 5.4,
    "BUG+1": 5.6,
    "BUG+n": 5.7,
}

# Families SE finds with chains (or knows under another name): (base, whether SE's length
# adjustment applies to the step's size) per name prefix; the longest matching prefix wins. The
# bases were fitted to the tuning part of the calibration table, within the SE range of the
# technique SE would use instead (the comments).
_CHAINED: dict[str, tuple[float, bool]] = {
    # X-chains and their short forms: SE's turbot fish and X-chains, 6.5 to 6.9.
    "Skyscraper": (6.6, True),
    "2-String Kite": (6.5, True),
    "Empty Rectangle": (6.6, True),
    "Simple Colouring": (6.5, True),
    "X-Chain": (6.5, True),
    "Siamese Finned": (6.6, True),
    "Finned": (7.1, True),
    # Chains over several digits: SE's Y-cycles and forcing chains, 6.6 to 7.5.
    "XY-Chain": (6.9, True),
    "W-Wing": (7.1, True),
    "WXYZ-Wing": (7.1, True),
    "Multi-Colours": (7.0, True),
    "Sue de Coq": (7.0, True),
    "ALS-XZ": (7.0, True),
    # Longer nets: SE's forcing chains, or its cell and region forcing chains, 7.0 to 8.5.
    "AIC": (7.8, True),
    "Grouped AIC": (7.8, True),
    "Grouped Continuous Nice Loop": (7.8, True),  # the listing's names for grouped chains
    "Grouped Discontinuous Nice Loop": (7.8, True),
    "ALS Chain": (7.8, True),
    "ALS-XY-Wing": (7.2, True),
    "Death Blossom": (7.2, True),
    "Franken": (7.0, True),
    "Mutant": (7.0, True),
    # Uniqueness patterns SE does not know: its own unique rectangles and loops.
    "Unique Rectangle": (4.6, False),
    "Avoidable Rectangle": (4.6, False),
    "Hidden Rectangle": (4.7, False),
    # Forcing chains by singles: SE needs dynamic ones (8.8+), then dynamic (+) and nested (10+).
    "Forcing Chain": (9.0, True),  # or SE's static chain of its state (``static_forcing``)
    "Dynamic Forcing Chain": (9.0, True),
    "Dynamic Forcing Chain (+)": (9.4, True),
    "Nested Forcing Chain": (11.0, False),
    "Nested Forcing Chain (+)": (11.2, True),
    TRIAL: (11.5, False),
}
# The forcing chains, whose length SE counts over the whole net (``net_size``).
FORCING_NAMES = frozenset(("Forcing Chain", "Dynamic Forcing Chain", "Dynamic Forcing Chain (+)",
                           "Nested Forcing Chain", "Nested Forcing Chain (+)"))


def chain_nodes(chain: Chain) -> int:
    """Nodes of a chain, the nodes of the inner chains of a nested one included."""
    return sum(1 + (chain_nodes(node.sub) if node.sub is not None else 0)
               for node in chain.nodes)


def net_size(step: Step) -> int:
    """SE's length of a forcing chain: every node of its whole net (all its branches, and the
    inner chains of a nested one), from the step's ``chains``; 0 without chains."""
    return sum(chain_nodes(chain) for chain in step.chain_list())


def _size(step: Step) -> int:
    """Nodes of a step for the length adjustment: its chain candidates (on/off), else the cells
    it rests on. A forcing chain is measured the same way, not by ``net_size``: the project's
    nets are not SE's (its branches follow singles where SE's static chains do not), and on the
    calibration table the whole-net count rated worse under cross-validation (docs/rating.md)."""
    on_off = sum(1 for _, _, role in step.candidates if role in ("on", "off"))
    if on_off:
        return on_off
    return sum(1 for _, role in step.cells if role not in ("elimination", "target"))


def difficulty_of(technique: str, step: Step | None) -> float:
    """SE difficulty of one step of the project's path (see ``_BASE`` and ``_CHAINED``)."""
    d = _BASE.get(technique)
    if d is not None:
        return d
    best = ""
    for name in _CHAINED:
        if technique.startswith(name) and len(name) > len(best):
            best = name
    if not best:
        return 7.0  # a family without an SE counterpart: SE would need a forcing chain
    base, grows = _CHAINED[best]
    if step is None or not grows:
        return base
    return round(base + length_bonus(_size(step)), 1)


class PathTally:
    """Watches the project's walk and keeps each step's SE difficulty in path order."""

    def __init__(self) -> None:
        self.steps: list[tuple[float, bool]] = []  # (difficulty, places a value)
        # Every step but the bulk singles, with its index in ``steps``: enough to replay the
        # path's states (singles to a fixed point between them), should a step need its state.
        self.kept: list[tuple[int, Step]] = []
        self.forcing = False  # some step is a Forcing Chain (see ``static_forcing``)
        self.first = ""  # the technique of the first step

    def __call__(self, technique: str, step: Step | None) -> None:
        """Note one step (``step`` is None for singles taken in bulk)."""
        places = step is None or bool(step.placements)
        if not self.steps:
            self.first = technique
        self.steps.append((difficulty_of(technique, step), places))
        if step is not None:
            self.kept.append((len(self.steps) - 1, step))
            if technique == STATIC_CHECKED:
                self.forcing = True


# The project's forcing chain by singles is dynamic in SE's sense (its singles read what the
# branch itself removed); where SE's static cell or region forcing chains would do at the same
# state, SE takes them (8.2-8.6) and not a dynamic chain (8.8 and up).
STATIC_CHECKED = "Forcing Chain"


# The least ER where SE's path needs a dynamic forcing chain. SE's published table puts them at
# 8.8 to 9.6, and magictour's are 8.8-9.2; the project's nets are not SE's, so nothing here
# tells an 8.8 from a 9.2, and the band's typical value ranks and scores best: fitted by
# cross-validation, 9.0 in three folds and 8.9 in the fourth (docs/rating.md).
DYNAMIC_FLOOR = 9.0


def static_forcing(grid: Grid, path: PathTally) -> dict[int, dict[str, int]]:
    """For each Forcing Chain step of the path (by its index in ``path.steps``): the shortest
    static chains of each kind SE could use in its state (``se_chains.static_chains``)."""
    out: dict[int, dict[str, int]] = {}
    if not path.forcing:
        return out
    c = Candidates.from_grid(grid)
    last = max(k for k, step in path.kept if step.technique == STATIC_CHECKED)
    for k, step in path.kept:
        if k > last or not propagate(c):
            break
        if step.technique == STATIC_CHECKED:
            out[k] = static_chains(c).nodes
        c.apply(step)
    return out


# --- The basic walk, in SE's order -------------------------------------------------------------


Memo = dict[object, Any]  # what one state's searches share; emptied whenever the state changes


def _where(c: Candidates, memo: Memo) -> list[int]:
    """Per value v (index v), the cells that may hold it, as a bitmask: a unit's places of v are
    one AND away (a unit's cells ascend, so bit order is the unit's order)."""
    got: list[int] | None = memo.get("where")
    if got is None:
        got = memo["where"] = value_cells(c)
    return got


def _hidden_singles(c: Candidates) -> list[tuple[int, int, int, bool]]:
    """Every (unit, cell, value, last) where ``cell`` is the only place of ``value`` in ``unit``,
    in unit then value order; ``last``: the unit's last empty cell (SE's 1.0, "last value")."""
    units, values = c.geometry.units, c.values
    return [(u, cell, v, sum(1 for x in units[u] if not values[x]) == 1)
            for u, cell, v in hidden_singles(c, range(len(units)))]


def _made_single(c: Candidates, elims: list[tuple[int, int]], units: tuple[int, ...],
                 memo: Memo) -> tuple[int, int] | None:
    """A hidden single that ``elims`` would leave in one of ``units``, if any."""
    where = _where(c, memo)
    um = unit_masks(c.shape)
    for u in units:
        for v in {v for _, v in elims}:
            removed = 0
            for cell, w in elims:
                if w == v:
                    removed |= 1 << cell
            left = where[v] & um[u] & ~removed
            if left and not left & (left - 1):
                return left.bit_length() - 1, v
    return None


Sets = list[tuple[list[tuple[int, int]], tuple[int, ...]]]  # (eliminations, units to check)


def _intersections(c: Candidates, pointing: bool, memo: Memo) -> Sets:
    """Every pointing (box to line) or claiming (line to box), with the boxes it removes from.

    A direct intersection is one that leaves a hidden single in a box it removes from: SE's
    ratings match that reading (a single left in a row or column does not make it direct).
    """
    got = memo.get(("locked", pointing))
    if got is not None:
        return got  # type: ignore[no-any-return]
    units_of = c.geometry.units_of
    um = unit_masks(c.shape)
    where = _where(c, memo)
    out: Sets = []
    n = c.size
    for u in range(2 * n, 3 * n) if pointing else range(2 * n):
        for v in range(1, n + 1):
            p = where[v] & um[u]
            if not p & (p - 1):
                continue  # no place or one: nothing locked
            first = units_of[(p & -p).bit_length() - 1]
            kinds = (0, 1) if pointing else (2,)
            for cover in [first[k] for k in kinds if not p & ~um[first[k]]]:
                gone = where[v] & um[cover] & ~p
                if gone:
                    elims = [(x, v) for x in cells_of(gone)]
                    out.append((elims, tuple({units_of[x][2] for x, _ in elims})))
    memo[("locked", pointing)] = out
    return out


def _hidden_sets(c: Candidates, k: int, memo: Memo) -> Sets:
    """Every hidden set of ``k`` values, with its own unit (where a direct one leaves a single)."""
    got = memo.get(("hidden", k))
    if got is None:
        got = memo[("hidden", k)] = [(list(elims), (u,))
                                     for u, (_, _, elims) in hidden_subsets(c, k)]
    return got


def _naked_single(c: Candidates) -> tuple[int, int] | None:
    for cell, m in enumerate(c.masks):
        if m and not m & (m - 1):
            return cell, m.bit_length()
    return None


Found = tuple[float, list[tuple[int, int]], list[tuple[int, int]]]  # difficulty, placed, removed


def _direct(c: Candidates, d: float, sets: Callable[[], Sets], memo: Memo) -> Found | None:
    for elims, units in sets():
        single = _made_single(c, elims, units, memo)
        if single is not None:
            # A direct step is a placement: its eliminations are only the reason and stay.
            return d, [single], []
    return None


def _first(c: Candidates, d: float, sets: Callable[[], Sets]) -> Found | None:
    found = sets()
    return (d, [], found[0][0]) if found else None


def _from_step(d: float, step: Step | None) -> Found | None:
    if step is None:
        return None
    return d, list(step.placements), list(step.eliminations)


def _ur(c: Candidates) -> Found | None:
    step = next(iter_unique_rectangle(c), None)
    # SE knows types 1 to 4; the others are left to the chains.
    if step is None or step.technique not in _BASE:
        return None
    return _from_step(_BASE[step.technique], step)


def _bug(c: Candidates) -> Found | None:
    step = next(iter_bug_plus_one(c), None)
    if step is not None:
        return _from_step(5.6, step)
    return _from_step(5.7, next(iter_bug_plus_n(c), None))


def _next_basic(c: Candidates, n: int, memo: Memo) -> Found | None:
    """SE's easiest basic step in this state (singles are handled by the caller)."""
    finders: tuple[Callable[[], Found | None], ...] = (
        lambda: _direct(c, 1.7, lambda: _intersections(c, True, memo), memo),
        lambda: _direct(c, 1.9, lambda: _intersections(c, False, memo), memo),
        lambda: _direct(c, 2.0, lambda: _hidden_sets(c, 2, memo), memo),
        lambda: (lambda s: (2.3, [s], []) if s else None)(_naked_single(c)),
        lambda: _direct(c, 2.5, lambda: _hidden_sets(c, 3, memo), memo),
        lambda: _first(c, 2.6, lambda: _intersections(c, True, memo)),
        lambda: _first(c, 2.8, lambda: _intersections(c, False, memo)),
        lambda: _from_step(3.0, next(iter_naked_subset(c, sizes=(2,)), None)),
        lambda: _from_step(3.2, next(iter_fish(c, sizes=(2,)), None)),
        lambda: _first(c, 3.4, lambda: _hidden_sets(c, 2, memo)),
        lambda: _from_step(3.6, next(iter_naked_subset(c, sizes=(3,)), None)),
        lambda: _from_step(3.8, next(iter_fish(c, sizes=(3,)), None)),
        lambda: _first(c, 4.0, lambda: _hidden_sets(c, 3, memo)),
        lambda: _from_step(4.2, next(iter_xy_wing(c), None)),
        lambda: _from_step(4.4, next(iter_xyz_wing(c), None)),
        lambda: _ur(c),
        lambda: _from_step(5.0, next(iter_naked_subset(c, sizes=(4,)), None)),
        lambda: _from_step(5.2, next(iter_fish(c, sizes=(4,)), None)),
        lambda: _from_step(5.4, next(iter_hidden_subset(c, sizes=(4,)), None)),
        lambda: _bug(c),
    )
    for find in finders:
        budget.check()
        found = find()
        if found is not None and (found[1] or any(c.has(x, v) for x, v in found[2])):
            return found
    return None


Chained = tuple[float | None, dict[str, int]]  # a chain step's state: see ``SePath.states``


@dataclass
class SePath:
    """SE's own path, as far as its basic steps and its static chains take it: the highest
    difficulty so far, and EP/ED once they are known."""

    top: float = 0.0
    ep: float | None = None
    ed: float | None = None
    solved: bool = False
    stuck: Candidates | None = None  # where it got stuck (SE's own state there)
    basic_top: float = 0.0  # the highest of the basic steps alone
    # Per chain step, the cheapest X- or Y-chain family step there (None: none) and the nodes of
    # the shortest static chain of each kind: enough to rate the path again with other bases.
    states: list[Chained] = field(default_factory=list)

    def take(self, c: Candidates, d: float, placed: list[tuple[int, int]],
             removed: list[tuple[int, int]], basic: bool = True) -> None:
        """Note a step of difficulty ``d`` and apply it to ``c``."""
        self.top = max(self.top, d)
        if basic:
            self.basic_top = max(self.basic_top, d)
        if self.ed is None:
            self.ed = self.top
        if placed and self.ep is None:
            self.ep = self.top
        for cell, v in removed:
            c.eliminate(cell, v)
        for cell, v in placed:
            if not c.values[cell] and c.has(cell, v):
                c.place(cell, v)


def _basic_steps(c: Candidates, out: SePath) -> None:
    """SE's walk with its basic techniques only, from ``c`` until solved or stuck."""
    n = c.size
    while True:
        budget.check()
        if c.is_solved():
            out.solved = True
            return
        if c.is_broken():
            return
        # Every single of the easiest kind at once: singles stay singles, so the order among
        # them changes nothing SE would rate.
        hidden = _hidden_singles(c)
        singles = [(1.0, x, v) for _, x, v, last in hidden if last]
        singles = singles or [(1.2, x, v) for u, x, v, _ in hidden if u >= 2 * n]
        singles = singles or [(1.5, x, v) for u, x, v, _ in hidden if u < 2 * n]
        if singles:
            for d, cell, v in singles:
                out.take(c, d, [(cell, v)], [])
            continue
        memo: Memo = {}
        found = _next_basic(c, n, memo)
        if found is None:
            out.stuck = c
            return
        out.take(c, *found)


def _basic_walk(grid: Grid) -> SePath:
    """SE's walk with its basic techniques only, until solved or stuck."""
    out = SePath()
    _basic_steps(Candidates.from_grid(grid), out)
    return out


def _turbot_rectangles(c: Candidates) -> Iterator[Step]:
    """Empty rectangles whose box holds the digit in two cells: a turbot fish to SE. With more
    cells the box's side of the link is a group, and SE's chains have no groups."""
    return (s for s in iter_empty_rectangle(c) if sum(r == "base" for _, r in s.cells) == 2)


# SE's X-chains, turbot fish and Y-cycles (6.5-7.0), which the project finds as these families.
_CHAIN_FINDERS = (iter_skyscraper, iter_two_string_kite, _turbot_rectangles, iter_x_chain,
                  iter_xy_chain)


def _next_chain(c: Candidates, out: SePath) -> Found | None:
    """SE's cheapest chain in ``c``, where its basic steps are stuck (None: SE needs a dynamic
    chain here). The state is noted in ``out.states``."""
    chain: tuple[float, Step] | None = None
    for find in _CHAIN_FINDERS:
        budget.check()
        step = next(find(c), None)
        if step is not None:
            d = difficulty_of(step.technique, step)
            if chain is None or d < chain[0]:
                chain = (d, step)
    if chain is not None and chain[0] <= min(BASES.values()):
        out.states.append((chain[0], {}))  # no static chain can be cheaper
        return _from_step(*chain)
    found = static_chains(c)
    out.states.append((chain[0] if chain is not None else None, found.nodes))
    static = static_difficulty(found.nodes)
    if chain is not None and (static is None or chain[0] <= static):
        return _from_step(*chain)
    if static is None:
        return None
    # SE takes one chain at a time; every chain of the least difficulty at once gives the same
    # ratings on the calibration table (docs/rating.md) in half the time.
    return (static, [(x, v) for place, x, v in found.every if place],
            [(x, v) for place, x, v in found.every if not place])


def se_path(grid: Grid) -> SePath:
    """SE's path: its basic steps, and past them its cheapest X-chain, Y-cycle or static forcing
    chain wherever they are stuck, until solved or until only a dynamic chain would do."""
    out = _basic_walk(grid)
    c = out.stuck
    while c is not None:
        found = _next_chain(c, out)
        if found is None:
            return out  # stuck at ``c``: SE's next step is a dynamic chain
        out.stuck = None
        out.take(c, *found, basic=False)
        _basic_steps(c, out)
        c = out.stuck
    return out


Rated = tuple[float, dict[str, int] | None]  # a path step: difficulty, static chains there


def _cheaper(d: float, nodes: dict[str, int] | None, bases: Mapping[str, float]) -> float:
    """A Forcing Chain step's difficulty, or the static chain of its state where cheaper."""
    static = static_difficulty(nodes, bases) if nodes else None
    return min(d, static) if static is not None else d


def er_of(se: SePath, steps: list[Rated], bases: Mapping[str, float] = BASES,
          floor: float = DYNAMIC_FLOOR) -> float:
    """ER from SE's path, its chain steps rated with ``bases``, and, where that path needs a
    dynamic chain, at least ``floor`` and the project's path ``steps``. ``se_rating`` and the
    calibration bench (other bases) both rate with it."""
    out = se.basic_top
    for chain, nodes in se.states:
        options = [chain] if chain is not None else []
        static = static_difficulty(nodes, bases)
        options += [static] if static is not None else []
        if options:  # else the state where SE needs a dynamic chain
            out = max(out, min(options))
    if not se.solved:
        out = max([out, floor] + [_cheaper(d, nodes, bases) for d, nodes in steps])
    return round(out, 1)


# ED where the project's first step is already a nested chain (the forum's hardest): SE's first
# step there is its dynamic (+) chain, 9.7-10.4 on the six rated puzzles, never the 11.0 of the
# nested chains SE needs later on (its ER); the band's middle (docs/rating.md).
NESTED_FIRST = 10.0


def se_rating(grid: Grid, path: PathTally, *, solved: bool) -> SeRating | None:
    """The SE estimate of a standard 9x9 puzzle whose path ``path`` watched (None otherwise)."""
    shape = grid.shape
    if not solved or shape.size != 9 or shape.box_rows != 3 or shape.variant is not None:
        return None  # SE rates standard 9x9 puzzles only
    se = se_path(grid)
    if se.solved:
        top = se.top
        return SeRating(top, se.ep if se.ep is not None else top,
                        se.ed if se.ed is not None else top)
    # SE needs a dynamic chain (8.8 and up) where its path got stuck; the project's path, whose
    # forcing chains are dynamic, says how hard the rest is.
    forcing = static_forcing(grid, path)
    steps = [(d, forcing.get(k)) for k, (d, _) in enumerate(path.steps)]
    er = er_of(se, steps)
    ep = se.ep
    if ep is None:  # SE's next step is dynamic, and the path's steps up to its first placement
        ep = max(se.top, DYNAMIC_FLOOR)
        for (d, nodes), (_, places) in zip(steps, path.steps, strict=True):
            ep = max(ep, _cheaper(d, nodes, BASES))
            if places:
                break
    ed = se.ed
    if ed is None:  # SE's first step is that dynamic chain
        first = NESTED_FIRST if path.first.startswith("Nested") else _cheaper(*steps[0], BASES)
        ed = max(DYNAMIC_FLOOR, first) if steps else er
    return SeRating(er, round(ep, 1), round(ed, 1))
