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

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import islice

from . import budget
from .candidates import Candidates
from .errors import SudokuError
from .grid import Shape
from .pencil import read_pencil
from .step import Step
from .techniques import (
    TECHNIQUES,
    Technique,
    als,
    colouring,
    fish,
    franken,
    intersections,
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
)
# Wider searches when listing than the walker can afford at every step.
LISTING_KEYWORDS: dict[str, dict[str, object]] = {
    "Franken Fish": {"sizes": (2, 3, 4), "max_fins": 2},
}


# Each finder's iter_ form (same keyword arguments): plain imports, so that static tools see
# them and a renamed one fails at import. The chains and forcing chains have none.
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
    by_key = {_key(t.name): t for t in listable()}
    out = []
    for name in names:
        tech = by_key.get(_key(name))
        if tech is None:
            raise UnknownTechnique(
                f"unknown technique {name!r}; `sudoku steps --list-techniques` lists them")
        if tech not in out:
            out.append(tech)
    return out


def _key(name: str) -> str:
    return " ".join(name.lower().replace("-", " ").split())


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
    step = find(c)  # a finder without an iter_ form gives its first step only
    if step is not None:
        yield step


def find_all(c: Candidates, names: Sequence[str], *, limit: int = MAX_INSTANCES,
             time_limit: float | None = budget.DEFAULT_TIME_LIMIT) -> tuple[list[Step], bool]:
    """Every instance of the named techniques in ``c`` (each listed once), in registry order,
    and whether the list was cut short (``limit`` reached or the time ran out)."""
    order = listable()
    techniques = sorted(lookup(names), key=order.index)
    out: list[Step] = []
    seen: set[tuple[object, ...]] = set()
    cut = False
    with budget.deadline(time_limit):
        try:
            for tech in techniques:
                for step in islice(instances(tech, c), limit):
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


def candidates_from_text(text: str, shape: Shape | None = None) -> Candidates:
    """The candidate state a text shows: a pencil-mark grid exactly as written (filled cells
    as values, empty ones with their marks, none for an empty cell written without marks),
    else the candidates the values leave."""
    grid, marks = read_pencil(text, shape)
    if not marks:
        return Candidates.from_grid(grid)
    return Candidates.from_marks(grid, marks)
