"""Human solving techniques and their registry, simplest first.

Each technique is a function ``find_xxx(c: Candidates) -> Step | None`` that reads the candidate
state and never changes it. ``registry()`` lists them in the order a person (and ``explain``)
tries them, each with its weight and level; the table is documented in docs/rating.md.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .base import Finder, Step

if TYPE_CHECKING:
    from ..candidates import Candidates

__all__ = ["LEVELS", "Technique", "Step", "Finder", "registry", "weight_of", "level_of",
           "TRIAL", "TRIAL_WEIGHT"]

LEVELS = ("Easy", "Medium", "Hard", "Expert", "Extreme")
TRIAL = "Trial and Error"
TRIAL_WEIGHT = 90


@dataclass(frozen=True)
class Technique:
    """A registry entry: name, finder, weight (score units, SE rating x 10) and level."""

    name: str
    find: Finder
    weight: int
    level: str
    needs_unique: bool = False  # uniqueness techniques: only for puzzles known to be unique


# (name, module, function, keyword arguments, weight, level, needs_unique), simplest first.
# Weights follow Sudoku Explainer's scale x10 in spirit; levels follow HoDoKu's grouping, with
# the bands Easy < 25 <= Medium < 35 <= Hard < 50 <= Expert < 70 <= Extreme.
_TABLE: tuple[tuple[str, str, str, dict[str, Any], int, str, bool], ...] = (
    ("Full House", "singles", "find_full_house", {}, 10, "Easy", False),
    ("Hidden Single", "singles", "find_hidden_single", {}, 12, "Easy", False),
    ("Naked Single", "singles", "find_naked_single", {}, 20, "Easy", False),
    ("Locked Candidates", "intersections", "find_locked_candidates", {}, 26, "Medium", False),
    ("Naked Pair", "subsets", "find_naked_subset", {"sizes": (2,)}, 30, "Medium", False),
    ("Hidden Pair", "subsets", "find_hidden_subset", {"sizes": (2,)}, 32, "Medium", False),
    ("Naked Triple", "subsets", "find_naked_subset", {"sizes": (3,)}, 36, "Hard", False),
    ("Hidden Triple", "subsets", "find_hidden_subset", {"sizes": (3,)}, 38, "Hard", False),
    ("X-Wing", "fish", "find_fish", {"sizes": (2,)}, 40, "Hard", False),
    ("Skyscraper", "single_digit", "find_skyscraper", {}, 41, "Hard", False),
    ("2-String Kite", "single_digit", "find_two_string_kite", {}, 41, "Hard", False),
    ("XY-Wing", "wings", "find_xy_wing", {}, 42, "Hard", False),
    ("Empty Rectangle", "single_digit", "find_empty_rectangle", {}, 43, "Hard", False),
    ("XYZ-Wing", "wings", "find_xyz_wing", {}, 44, "Hard", False),
    ("W-Wing", "wings", "find_w_wing", {}, 45, "Hard", False),
    ("Naked Quad", "subsets", "find_naked_subset", {"sizes": (4,)}, 46, "Hard", False),
    ("Finned X-Wing", "fish", "find_finned_fish", {"sizes": (2,)}, 47, "Hard", False),
    ("Hidden Quad", "subsets", "find_hidden_subset", {"sizes": (4,)}, 48, "Hard", False),
    ("Swordfish", "fish", "find_fish", {"sizes": (3,)}, 50, "Expert", False),
    ("Simple Colouring", "colouring", "find_simple_colouring", {}, 52, "Expert", False),
    ("Unique Rectangle", "uniqueness", "find_unique_rectangle", {}, 54, "Expert", True),
    ("BUG+1", "uniqueness", "find_bug_plus_one", {}, 55, "Expert", True),
    ("Jellyfish", "fish", "find_fish", {"sizes": (4,)}, 56, "Expert", False),
    ("Finned Swordfish", "fish", "find_finned_fish", {"sizes": (3,)}, 57, "Expert", False),
    ("Finned Jellyfish", "fish", "find_finned_fish", {"sizes": (4,)}, 58, "Expert", False),
    ("X-Chain", "chains", "find_x_chain", {}, 60, "Expert", False),
    ("XY-Chain", "chains", "find_xy_chain", {}, 62, "Expert", False),
    ("AIC", "chains", "find_aic", {}, 66, "Expert", False),
    ("Forcing Chain", "forcing", "find_forcing_chain", {}, 75, "Extreme", False),
)

# Weights of the technique names steps carry, where they differ from the registry entry's.
_NAME_WEIGHTS = {
    "Locked Candidates (Pointing)": 26,
    "Locked Candidates (Claiming)": 28,
    "Unique Rectangle Type 1": 54,
    "Unique Rectangle Type 2": 55,
    "Unique Rectangle Type 4": 56,
    TRIAL: TRIAL_WEIGHT,
}


def _load(module: str, function: str, kwargs: dict[str, Any]) -> Finder | None:
    """The finder, or None while its module (written in parallel) is not there yet."""
    try:
        mod = importlib.import_module(f"{__name__}.{module}")
    except ImportError:
        return None
    func: Callable[..., Step | None] | None = getattr(mod, function, None)
    if func is None:
        return None
    if kwargs:
        return functools.partial(func, **kwargs)
    return func


@functools.lru_cache(maxsize=1)
def registry() -> tuple[Technique, ...]:
    """Every available technique, in the order they are tried (simplest first)."""
    out = []
    for name, module, function, kwargs, weight, level, unique in _TABLE:
        find = _load(module, function, kwargs)
        if find is not None:
            out.append(Technique(name, find, weight, level, unique))
    return tuple(out)


def _weights() -> dict[str, int]:
    table = {name: weight for name, *_rest, weight, _level, _u in _TABLE}
    table.update(_NAME_WEIGHTS)
    return table


_WEIGHTS = _weights()


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


def level_of(weight: int) -> str:
    """Level of a weight: Easy < 25 <= Medium < 35 <= Hard < 50 <= Expert < 70 <= Extreme."""
    for bound, level in ((25, "Easy"), (35, "Medium"), (50, "Hard"), (70, "Expert")):
        if weight < bound:
            return level
    return "Extreme"


def find_step(c: Candidates, *, unique: bool = True) -> Step | None:
    """The first step the registry finds (uniqueness techniques only when ``unique``)."""
    for tech in registry():
        if tech.needs_unique and not unique:
            continue
        step = tech.find(c)
        if step is not None:
            return step
    return None
