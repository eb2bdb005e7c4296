"""Human solving techniques and their registry, simplest first.

Each technique is a function ``find_xxx(c: Candidates) -> Step | None`` that reads the candidate
state and never changes it. ``TECHNIQUES`` lists them in the order a person (and the walker)
tries them, each with its weight and level; the table is documented in docs/rating.md. The
table is plain imports: a technique that fails to import fails the import of this package.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Literal, get_args

from .als import find_als_chain, find_als_xy_wing, find_als_xz, find_death_blossom
from .base import Finder, Step
from .chains import find_aic, find_x_chain, find_xy_chain
from .colouring import find_multi_colours, find_simple_colouring
from .fish import FISH_NAMES, find_finned_fish, find_fish
from .forcing import find_forcing_chain
from .forcing_chains import (
    find_dynamic_forcing_chain,
    find_dynamic_forcing_chain_plus,
    find_nested_forcing_chain,
    find_nested_forcing_chain_plus,
)
from .franken import find_franken_fish
from .grouped_chains import find_grouped_aic
from .intersections import find_locked_candidates
from .single_digit import find_empty_rectangle, find_skyscraper, find_two_string_kite
from .singles import find_full_house, find_hidden_single, find_naked_single
from .subsets import find_hidden_subset, find_naked_subset
from .sue_de_coq import find_sue_de_coq
from .uniqueness import (
    find_avoidable_rectangle,
    find_bug_plus_n,
    find_bug_plus_one,
    find_hidden_rectangle,
    find_unique_rectangle,
)
from .wings import find_w_wing, find_wxyz_wing, find_xy_wing, find_xyz_wing

__all__ = ["LEVELS", "Level", "TECHNIQUES", "TRIAL", "TRIAL_WEIGHT", "Finder", "Step",
           "Technique", "level_of", "registry", "weight_of"]

Level = Literal["Easy", "Medium", "Hard", "Expert", "Extreme"]
LEVELS: tuple[Level, ...] = get_args(Level)
TRIAL = "Trial and Error"
TRIAL_WEIGHT = 110  # above every forcing chain: a guess is the last resort


@dataclass(frozen=True)
class Technique:
    """A registry entry: name, finder, weight (score units, SE rating x 10) and level."""

    name: str
    find: Finder
    weight: int
    level: Level
    needs_unique: bool = False  # uniqueness techniques: only for puzzles known to be unique


# Simplest first. Weights follow Sudoku Explainer's scale x10 in spirit; levels follow HoDoKu's
# grouping, with the bands Easy < 25 <= Medium < 35 <= Hard < 50 <= Expert < 70 <= Extreme.
# One entry per line: a new technique is one import and one line here.
TECHNIQUES: tuple[Technique, ...] = (
    Technique("Full House", find_full_house, 10, "Easy"),
    Technique("Hidden Single", find_hidden_single, 12, "Easy"),
    Technique("Naked Single", find_naked_single, 20, "Easy"),
    Technique("Locked Candidates", find_locked_candidates, 26, "Medium"),
    Technique("Naked Pair", partial(find_naked_subset, sizes=(2,)), 30, "Medium"),
    Technique("Hidden Pair", partial(find_hidden_subset, sizes=(2,)), 32, "Medium"),
    Technique("Naked Triple", partial(find_naked_subset, sizes=(3,)), 36, "Hard"),
    Technique("Hidden Triple", partial(find_hidden_subset, sizes=(3,)), 38, "Hard"),
    Technique("X-Wing", partial(find_fish, sizes=(2,)), 40, "Hard"),
    Technique("Skyscraper", find_skyscraper, 41, "Hard"),
    Technique("2-String Kite", find_two_string_kite, 41, "Hard"),
    Technique("XY-Wing", find_xy_wing, 42, "Hard"),
    Technique("Empty Rectangle", find_empty_rectangle, 43, "Hard"),
    Technique("XYZ-Wing", find_xyz_wing, 44, "Hard"),
    Technique("W-Wing", find_w_wing, 45, "Hard"),
    Technique("Naked Quad", partial(find_naked_subset, sizes=(4,)), 46, "Hard"),
    Technique("WXYZ-Wing", find_wxyz_wing, 46, "Hard"),
    Technique("Finned X-Wing", partial(find_finned_fish, sizes=(2,)), 47, "Hard"),
    Technique("Hidden Quad", partial(find_hidden_subset, sizes=(4,)), 48, "Hard"),
    Technique("Swordfish", partial(find_fish, sizes=(3,)), 50, "Expert"),
    Technique("Simple Colouring", find_simple_colouring, 52, "Expert"),
    Technique("Multi-Colours", find_multi_colours, 53, "Expert"),
    Technique("Unique Rectangle", find_unique_rectangle, 54, "Expert", needs_unique=True),
    Technique("Avoidable Rectangle", find_avoidable_rectangle, 54, "Expert", needs_unique=True),
    Technique("Hidden Rectangle", find_hidden_rectangle, 55, "Expert", needs_unique=True),
    Technique("BUG+1", find_bug_plus_one, 55, "Expert", needs_unique=True),
    Technique("Jellyfish", partial(find_fish, sizes=(4,)), 56, "Expert"),
    Technique("BUG+n", find_bug_plus_n, 57, "Expert", needs_unique=True),
    Technique("Finned Swordfish", partial(find_finned_fish, sizes=(3,)), 57, "Expert"),
    Technique("Finned Jellyfish", partial(find_finned_fish, sizes=(4,)), 58, "Expert"),
    Technique("Sue de Coq", find_sue_de_coq, 58, "Expert"),
    Technique("X-Chain", find_x_chain, 60, "Expert"),
    Technique("ALS-XZ", find_als_xz, 61, "Expert"),
    Technique("XY-Chain", find_xy_chain, 62, "Expert"),
    Technique("ALS-XY-Wing", find_als_xy_wing, 64, "Expert"),
    Technique("Death Blossom", find_death_blossom, 65, "Expert"),
    Technique("AIC", find_aic, 66, "Expert"),
    Technique("Franken Fish", partial(find_franken_fish, sizes=(2, 3), max_fins=1), 67, "Expert"),
    Technique("ALS Chain", find_als_chain, 68, "Expert"),
    Technique("Grouped AIC", find_grouped_aic, 68, "Expert"),
    Technique("Forcing Chain", find_forcing_chain, 75, "Extreme"),
    Technique("Dynamic Forcing Chain", find_dynamic_forcing_chain, 85, "Extreme"),
    Technique("Dynamic Forcing Chain (+)", find_dynamic_forcing_chain_plus, 90, "Extreme"),
    Technique("Nested Forcing Chain", find_nested_forcing_chain, 95, "Extreme"),
    Technique("Nested Forcing Chain (+)", find_nested_forcing_chain_plus, 100, "Extreme"),
)

# Weights of the technique names steps carry, where they differ from the registry entry's.
_NAME_WEIGHTS = {
    "Locked Candidates (Pointing)": 26,
    "Locked Candidates (Claiming)": 28,
    "Unique Rectangle Type 1": 54,
    "Unique Rectangle Type 2": 55,
    "Unique Rectangle Type 4": 56,
    "Unique Rectangle Type 3": 56,
    "Unique Rectangle Type 5": 55,
    "Unique Rectangle Type 6": 56,
    "Avoidable Rectangle Type 1": 54,
    "Avoidable Rectangle Type 2": 55,
    "Siamese Finned": 58,  # "Siamese Finned Swordfish", "Siamese Finned Franken X-Wing" ...
    TRIAL: TRIAL_WEIGHT,
}
# Fish over boxes are named as people say them ("Finned Franken Swordfish"): one weight a kind.
_NAME_WEIGHTS |= {f"{fin}{kind} {size}": weight for fin in ("", "Finned ")
                  for kind, weight in (("Franken", 67), ("Mutant", 69))
                  for size in FISH_NAMES.values()}

_WEIGHTS = {t.name: t.weight for t in TECHNIQUES} | _NAME_WEIGHTS


def registry() -> tuple[Technique, ...]:
    """Every technique, in the order they are tried (simplest first)."""
    return TECHNIQUES


def weight_of(technique: str) -> int:
    """Weight of a step's technique name (prefix match for variants; unknown names are 60)."""
    w = _WEIGHTS.get(technique)
    if w is not None:
        return w
    best = 0
    weight = 60
    for name, value in _WEIGHTS.items():
        if technique.startswith(name) and len(name) > best:
            best, weight = len(name), value
    return weight


def level_of(weight: int) -> Level:
    """Level of a weight: Easy < 25 <= Medium < 35 <= Hard < 50 <= Expert < 70 <= Extreme."""
    bands: tuple[tuple[int, Level], ...] = ((25, "Easy"), (35, "Medium"), (50, "Hard"),
                                             (70, "Expert"))
    for bound, level in bands:
        if weight < bound:
            return level
    return "Extreme"
