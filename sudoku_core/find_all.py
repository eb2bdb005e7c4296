"""Every instance the named techniques find in a candidate state, none of them applied.

``find_all(c, ["X-Wing"])`` lists each X-Wing of the state ``c`` (for experts who want to see
them all, and for tests). Each registry entry lists its instances through the ``iter_`` form of
its finder when it has one (``ITERATORS``: ``find_fish`` -> ``iter_fish``, same keyword
arguments, or wider ones for the slow searches the walker keeps small), or else gives its one
first step.
``candidates_from_text`` reads a pencil-mark grid as the candidate state exactly as written.
Uniqueness techniques assume the puzzle has one solution.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import islice

from . import budget
from .candidates import Candidates
from .errors import SudokuError
from .formats.scan import LINE_BREAK, scan
from .grid import Shape
from .pencil import read_pencil
from .step import Step
from .techniques import (
    TECHNIQUES,
    Technique,
    als,
    chains,
    colouring,
    dual_patterns,
    fish,
    forcing,
    forcing_chains,
    franken,
    grouped_chains,
    intersections,
    remote_pairs,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)

MAX_INSTANCES = 2000  # per call: some families (ALS chains) have thousands in an open grid

# Listed on request but not tried by the walker: slow searches for patterns it rarely needs (a
# Siamese fish is two finned fish the walker takes one at a time). Weights as in docs/rating.md.
LISTED_ONLY: tuple[Technique, ...] = (
    Technique("Siamese Fish", partial(franken.find_siamese_fish, sizes=(2, 3, 4)), 58, "Expert"),
    Technique("Mutant Fish", partial(franken.find_mutant_fish, sizes=(2, 3)), 69, "Expert"),
    Technique("Remote Pairs", remote_pairs.find_remote_pair, 59, "Expert"),
    Technique("Dual 2-String Kite", dual_patterns.find_dual_two_string_kite, 41, "Hard"),
)
# Wider searches when listing than the walker can afford at every step.
LISTING_ALS_CELLS = 8
LISTING_BRANCHES = 200_000
LISTING_KEYWORDS: dict[str, dict[str, object]] = {
    "Franken Fish": {"sizes": (2, 3, 4), "max_fins": 2},
    "Mutant Fish": {"sizes": (2, 3, 4)},
    # Almost locked sets of any size a 9x9 unit allows (the walker keeps to 4 cells).
    "ALS-XZ": {"max_cells": LISTING_ALS_CELLS},
    "ALS-XY-Wing": {"max_cells": LISTING_ALS_CELLS},
    "Death Blossom": {"max_cells": LISTING_ALS_CELLS, "max_stem": 4},
    "ALS Chain": {"max_cells": LISTING_ALS_CELLS},
    # Longer chains than the walker looks for (its limits keep the rating quick).
    "X-Chain": {"max_nodes": 20},
    "XY-Chain": {"max_nodes": 24},
    "AIC": {"max_nodes": 20},
    # As the expert tools' grouped nice loops: almost locked sets as nodes too.
    "Grouped AIC": {"max_nodes": 16, "als_nodes": True},
    # Branches propagated: every candidate's branch of a 9x9 several times over (the walker's
    # share is enough for one step); the time limit still bounds the call.
    "Dynamic Forcing Chain": {"work": LISTING_BRANCHES},
    "Dynamic Forcing Chain (+)": {"work": LISTING_BRANCHES},
    "Nested Forcing Chain": {"work": LISTING_BRANCHES},
    "Nested Forcing Chain (+)": {"work": LISTING_BRANCHES},
}


# Each finder's iter_ form (same keyword arguments): plain imports, so that static tools see
# them and a renamed one fails at import.
ITERATORS: dict[Callable[..., object], Callable[..., Iterator[Step]]] = {
    singles.find_full_house: singles.iter_full_house,
    singles.find_hidden_single: singles.iter_hidden_single,
    singles.find_naked_single: singles.iter_naked_single,
    intersections.find_locked_candidates: intersections.iter_locked_candidates,
    subsets.find_naked_subset: subsets.iter_naked_subset,
    subsets.find_hidden_subset: subsets.iter_hidden_subset,
    fish.find_fish: fish.iter_fish,
    fish.find_finned_fish: fish.iter_finned_fish,
    single_digit.find_skyscraper: single_digit.iter_skyscraper,
    single_digit.find_two_string_kite: single_digit.iter_two_string_kite,
    single_digit.find_empty_rectangle: single_digit.iter_empty_rectangle,
    wings.find_xy_wing: wings.iter_xy_wing,
    wings.find_xyz_wing: wings.iter_xyz_wing,
    wings.find_w_wing: wings.iter_w_wing,
    wings.find_wxyz_wing: wings.iter_wxyz_wing,
    colouring.find_simple_colouring: colouring.iter_simple_colouring,
    colouring.find_multi_colours: colouring.iter_multi_colours,
    uniqueness.find_unique_rectangle: uniqueness.iter_unique_rectangle,
    uniqueness.find_avoidable_rectangle: uniqueness.iter_avoidable_rectangle,
    uniqueness.find_hidden_rectangle: uniqueness.iter_hidden_rectangle,
    uniqueness.find_bug_plus_one: uniqueness.iter_bug_plus_one,
    uniqueness.find_bug_plus_n: uniqueness.iter_bug_plus_n,
    sue_de_coq.find_sue_de_coq: sue_de_coq.iter_sue_de_coq,
    als.find_als_xz: als.iter_als_xz,
    als.find_als_xy_wing: als.iter_als_xy_wing,
    als.find_als_chain: als.iter_als_chain,
    als.find_death_blossom: als.iter_death_blossom,
    franken.find_franken_fish: franken.iter_franken_fish,
    franken.find_mutant_fish: franken.iter_mutant_fish,
    franken.find_siamese_fish: franken.iter_siamese_fish,
    remote_pairs.find_remote_pair: remote_pairs.iter_remote_pair,
    dual_patterns.find_dual_two_string_kite: dual_patterns.iter_dual_two_string_kite,
    chains.find_x_chain: chains.iter_x_chain,
    chains.find_xy_chain: chains.iter_xy_chain,
    chains.find_aic: chains.iter_aic,
    grouped_chains.find_grouped_aic: grouped_chains.iter_grouped_aic,
    forcing.find_forcing_chain: forcing.iter_forcing_chain,
    forcing_chains.find_dynamic_forcing_chain: forcing_chains.iter_dynamic_forcing_chain,
    forcing_chains.find_dynamic_forcing_chain_plus:
        forcing_chains.iter_dynamic_forcing_chain_plus,
    forcing_chains.find_nested_forcing_chain: forcing_chains.iter_nested_forcing_chain,
    forcing_chains.find_nested_forcing_chain_plus: forcing_chains.iter_nested_forcing_chain_plus,
}


class UnknownTechnique(SudokuError, ValueError):
    """A technique name that is not in the registry."""


def listable() -> list[Technique]:
    """The registry in its order, with the listed-only techniques placed by weight."""
    out = list(TECHNIQUES)
    for extra in LISTED_ONLY:
        at = max(i for i, t in enumerate(out) if t.weight <= extra.weight) + 1
        out.insert(at, extra)
    return out


def technique_names() -> list[str]:
    """Every technique name, in rating order (the order the walker tries them)."""
    return [t.name for t in listable()]


def lookup(names: Iterable[str]) -> list[Technique]:
    """Techniques by name (case and spacing ignored); a clear error for an unknown one."""
    out = []
    for name in names:
        tech, _ = resolve(name)
        if tech not in out:
            out.append(tech)
    return out


# Other names people and tools give a registry entry (keys as _key writes them).
ALIASES = {
    "nice loop": "AIC", "continuous nice loop": "AIC", "discontinuous nice loop": "AIC",
    "alternating inference chain": "AIC",
    "grouped nice loop": "Grouped AIC", "grouped continuous nice loop": "Grouped AIC",
    "grouped discontinuous nice loop": "Grouped AIC",
    "grouped alternating inference chain": "Grouped AIC",
    "locked pair": "Naked Pair", "locked triple": "Naked Triple",
    "bug + 1": "BUG+1", "bivalue universal grave + 1": "BUG+1",
    "bivalue universal grave + n": "BUG+n", "bug + n": "BUG+n",
    "almost locked set xz": "ALS-XZ", "als xz rule": "ALS-XZ",
    "hidden unique rectangle": "Hidden Rectangle",
    "remote pair": "Remote Pairs",
}
# HoDoKu's names for the two kinds of Locked Candidates.
_LOCKED = {"locked candidates type 1 (pointing)": "locked candidates (pointing)",
           "locked candidates type 2 (claiming)": "locked candidates (claiming)"}
# Fish named by kind and size ("Sashimi Swordfish", "Finned Mutant X-Wing", "Siamese ...").
_FISH = re.compile(r"(siamese )?(finned |sashimi )?(franken |mutant )?(x wing|swordfish|jellyfish)")
_UNIQUENESS_TEST = re.compile(r"uniqueness test (\d)")  # HoDoKu's name for the UR types


def resolve(name: str) -> tuple[Technique, str | None]:
    """The registry entry a name stands for, and the kind of its steps the name asks for (a
    key such as 'unique rectangle type 3'; None for all of them)."""
    by_key = {_key(t.name): t for t in listable()}
    key = _key(name)
    if key in by_key:
        return by_key[key], None
    if key in ALIASES:
        return by_key[_key(ALIASES[key])], None
    if key in _LOCKED:
        return by_key["locked candidates"], _LOCKED[key]
    m = _UNIQUENESS_TEST.fullmatch(key)
    if m:
        return by_key["unique rectangle"], f"unique rectangle type {m[1]}"
    m = _FISH.fullmatch(key)
    if m:
        siamese, finned, kind, size = m.groups()
        entry = ("siamese fish" if siamese else f"{kind}fish" if kind
                 else f"finned {size}" if finned else size)
        if entry in by_key:
            return by_key[entry], key.replace("sashimi", "finned")
    for entry, tech in by_key.items():  # one kind of an entry's steps: 'Multi-Colours Type 2'
        if key.startswith(entry + " "):
            return tech, key
    raise UnknownTechnique(
        f"unknown technique {name!r}; `sudoku steps --list-techniques` lists them")


def _key(name: str) -> str:
    key = " ".join(name.lower().replace("-", " ").split())
    return key.replace("coloring", "colouring").replace("colors", "colours")


def instances(tech: Technique, c: Candidates) -> Iterator[Step]:
    """Every step the technique finds in ``c`` (its finder's iter_ form), none applied."""
    find = tech.find
    func: Callable[..., object] = getattr(find, "func", find)
    kwargs = dict(find.keywords) if isinstance(find, partial) else {}
    kwargs.update(LISTING_KEYWORDS.get(tech.name, {}))
    iterate = ITERATORS.get(func)
    if iterate is not None:
        yield from iterate(c, **kwargs)
        return
    raise AssertionError(f"{tech.name} has no iter_ form in ITERATORS")  # a test checks


def find_all(c: Candidates, names: Sequence[str], *, limit: int = MAX_INSTANCES,
             time_limit: float | None = budget.DEFAULT_TIME_LIMIT) -> tuple[list[Step], bool]:
    """Every instance of the named techniques in ``c`` (each listed once), in registry order,
    and whether the list was cut short (``limit`` reached or the time ran out)."""
    order = listable()
    kinds: dict[str, set[str] | None] = {}  # per entry: the kinds of steps asked for (None: all)
    for name in names:
        tech, kind = resolve(name)
        had = kinds.get(tech.name, set())
        kinds[tech.name] = None if had is None or kind is None else had | {kind}
    techniques = [t for t in order if t.name in kinds]
    out: list[Step] = []
    seen: set[tuple[object, ...]] = set()
    cut = False
    with budget.deadline(time_limit):
        try:
            for tech in techniques:
                wanted = kinds[tech.name]
                for step in islice(instances(tech, c), limit):
                    if wanted is not None and _key(step.technique) not in wanted:
                        continue
                    key = (step.technique, step.placements, step.eliminations, step.text)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(step)
                    if len(out) >= limit:
                        return out, True
                    budget.check()
        except budget.OutOfTime:
            cut = True
    return out, cut


# "+7": a value placed by an earlier step, not a given (as HoDoKu's puzzle lines write them).
_PLACED = re.compile(r"\+(?=[0-9A-Za-z])")


def candidates_from_text(text: str, shape: Shape | None = None) -> Candidates:
    """The candidate state a text shows: a pencil-mark grid exactly as written (filled cells
    as values, empty ones with their marks, none for an empty cell written without marks),
    else the candidates the values leave. A value written ``+7`` was placed, not given (only
    Avoidable Rectangles tell the two apart); every other filled cell counts as a given."""
    plus = [m.start() - i for i, m in enumerate(_PLACED.finditer(text))]
    if plus:
        text = _PLACED.sub("", text)
    grid, marks = read_pencil(text, shape)
    if not marks:
        c = Candidates.from_grid(grid)
    else:
        c = Candidates.from_marks(grid, marks)
    for cell in _cells_at(text, plus, grid.shape.cell_count):
        if grid.cells[cell]:
            c.givens &= ~(1 << cell)
    return c


def _cells_at(text: str, offsets: list[int], cell_count: int) -> list[int]:
    """The cells the characters at ``offsets`` write: one token a cell, or one character a cell
    in a line such as '+7..3.2+1...'; none when the layout says neither."""
    if not offsets:
        return []
    tokens = scan(text).tokens
    one_each = len(tokens) == cell_count
    if not one_each and sum(len(t.text) for t in tokens) != cell_count:
        return []
    line_starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]  # by line number - 1
    out = []
    before = 0  # characters of the tokens before this one
    at: dict[int, tuple[int, int, int]] = {}  # token start offset: (index, before, length)
    for index, t in enumerate(tokens):
        begin = line_starts[t.line - 1] + t.column - 1
        at[begin] = (index, before, len(t.text))
        before += len(t.text)
    for off in offsets:
        for begin, (index, chars, length) in at.items():
            if begin <= off < begin + length:
                out.append(index if one_each else chars + off - begin)
                break
    return out
