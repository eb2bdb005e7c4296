"""Human solving techniques and their one table, simplest first.

Each technique module has ``iter_xxx(c: Candidates, **options) -> Iterator[Step]`` that reads
the candidate state and never changes it. ``TABLE`` holds one row per technique: its name, the
names other tools give it, its iterator, weight and level, and the options the walker and the
listing (``steps --all``) use. ``steps``, ``--only``, ``--all``, ``--list-techniques``, the
rating and the page all read this table: a new technique is one module and one row. The table
is documented in docs/rating.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from ...model.constraints import DIAGONAL, JIGSAW, WINDOKU
from ...model.constraints import TABLE as CONSTRAINTS
from .als import iter_als_chain, iter_als_xy_wing, iter_als_xz, iter_death_blossom
from .base import Finder, Step
from .cage_comparison import iter_cage_comparison
from .cage_intersection import iter_cage_unit_intersection
from .cage_splitting import iter_cage_splitting
from .chains import iter_aic, iter_x_chain, iter_xy_chain
from .colouring import iter_multi_colours, iter_simple_colouring
from .dual_patterns import iter_dual_empty_rectangle, iter_dual_two_string_kite
from .fish import FISH_NAMES, iter_finned_fish, iter_fish
from .forcing import iter_forcing_chain
from .forcing_chains import (
    find_dynamic_forcing_chain,
    find_dynamic_forcing_chain_plus,
    find_nested_forcing_chain,
    find_nested_forcing_chain_plus,
    iter_dynamic_forcing_chain,
    iter_dynamic_forcing_chain_plus,
    iter_nested_forcing_chain,
    iter_nested_forcing_chain_plus,
)
from .franken import iter_franken_fish, iter_mutant_fish, iter_siamese_fish
from .grouped_chains import KIND_NAMES as GROUPED_KINDS
from .grouped_chains import iter_grouped_aic
from .intersections import iter_locked_candidates
from .killer import iter_cage_combination
from .placed import iter_variant_rule
from .remote_pairs import iter_remote_pair
from .rule45 import iter_innies_outies
from .rule_forcing import iter_rule_forcing_chain
from .single_digit import iter_empty_rectangle, iter_skyscraper, iter_two_string_kite
from .singles import iter_full_house, iter_hidden_single, iter_naked_single
from .subsets import iter_hidden_subset, iter_naked_subset
from .sue_de_coq import iter_sue_de_coq
from .templates import iter_template_delete, iter_template_set
from .uniqueness import (
    iter_avoidable_rectangle,
    iter_bug_plus_n,
    iter_bug_plus_one,
    iter_hidden_rectangle,
    iter_unique_rectangle,
)
from .wings import iter_w_wing, iter_wxyz_wing, iter_xy_wing, iter_xyz_wing

if TYPE_CHECKING:
    from ...model.candidates import Candidates
    from ...model.grid import Shape

__all__ = ["BUG_UNITS", "EVERY_RULE", "LEVELS", "SWAP", "TABLE", "TECHNIQUES", "TRIAL",
           "TRIAL_WEIGHT", "Finder", "Level", "Step", "Technique", "level_of", "registry",
           "weight_of"]

Level = Literal["Easy", "Medium", "Hard", "Expert", "Extreme"]
LEVELS: tuple[Level, ...] = get_args(Level)
TRIAL = "Trial and Error"
TRIAL_WEIGHT = 110  # above every forcing chain: a guess is the last resort
Iterate = Callable[..., Iterator[Step]]
# The variant rules (the CLI's names) a technique's argument holds under. Every technique that
# reads the shape's units and peers holds under them all; a uniqueness argument ("the digits
# could swap, so the puzzle would have two solutions") holds only where the swap keeps every
# rule.
EVERY_RULE = frozenset(row.name for row in CONSTRAINTS)
# Rectangles: swapping x and y in two rows, two columns and two boxes keeps those units, and
# the techniques read a jigsaw's regions as the boxes (``box_of``); a rectangle whose corners
# fall in two regions otherwise (diagonal corners, three and one) cannot hold the deadly
# pattern at all. A swap moves digits on a diagonal or a window, changes a cage's sum and may
# put a digit a knight's or king's move from itself.
SWAP = frozenset({JIGSAW.name})
# BUG: every candidate twice in every unit, so the other candidate of every cell is a second
# grid; the BUG techniques check every unit of the shape (diagonals, windows, regions), but a
# cage sum or a knight or king move can rule that grid out.
BUG_UNITS = frozenset({DIAGONAL.name, WINDOKU.name, JIGSAW.name})


@dataclass(frozen=True)
class Technique:
    """One row of the table: a technique, how it is searched, walked, listed and weighed."""

    name: str  # as the walker's steps name it: "X-Wing"
    iterate: Iterate  # every instance in a state: iter_fish
    weight: int  # score units (Sudoku Explainer's scale x 10 in spirit): 40
    level: Level  # the band of the weight: "Hard"
    walk: Mapping[str, Any] = field(default_factory=dict)  # options the walker uses: sizes=(2,)
    listing: Mapping[str, Any] = field(default_factory=dict)  # added for --all: wider searches
    aliases: tuple[str, ...] = ()  # other tools' names: ("Grouped Nice Loop",)
    step_weights: Mapping[str, int] = field(default_factory=dict)  # kinds of its steps
    needs_unique: bool = False  # uniqueness techniques: only for puzzles known to be unique
    walked: bool = True  # False: listed on request only (--all), never tried by the walker
    first: Finder | None = None  # the walker's own search where it is not the first instance
    holds_under: frozenset[str] = EVERY_RULE  # variant rules its argument holds under: SWAP

    def broken_by(self, shape: Shape) -> tuple[str, ...]:
        """The rules of ``shape`` this technique's argument does not hold under ('x', ...)."""
        rules = shape.variant.names if shape.variant is not None else ()
        return tuple(rule for rule in rules if rule not in self.holds_under)

    def sound_on(self, shape: Shape, unique: bool = True) -> bool:
        """Whether the technique may be used on puzzles of ``shape`` (``unique``: the puzzle
        is known to have one solution): the one check the walker, the listing and the hints
        read before picking a technique."""
        return (unique or not self.needs_unique) and not self.broken_by(shape)

    def find(self, c: Candidates) -> Step | None:
        """The first step the walker takes from this technique in ``c``, or None."""
        if self.first is not None:
            return self.first(c)
        return next(self.iterate(c, **self.walk), None)

    def instances(self, c: Candidates) -> Iterator[Step]:
        """Every instance in ``c`` with the listing's (wider) options, none applied."""
        return self.iterate(c, **{**self.walk, **self.listing})


def _sizes(*sizes: int) -> dict[str, Any]:
    return {"sizes": sizes}


# Wider searches when listing than the walker can afford at every step.
_ALS = {"max_cells": 8}  # almost locked sets of any size a 9x9 unit allows (the walker: 4)
_OVERLAP = {**_ALS, "overlap": True}  # and sets that share cells, where that stays sound
_BRANCHES = {"work": 200_000}  # every candidate's branch of a 9x9 several times over
_UR = {f"Unique Rectangle Type {k}": w for k, w in
       ((1, 54), (2, 55), (3, 56), (4, 56), (5, 55), (6, 56))}
# Fish over boxes are named as people say them ("Finned Franken Swordfish"): one weight a kind.
_KINDS = {kind: {f"{fin}{kind} {size}": weight for fin in ("", "Finned ")
                 for size in FISH_NAMES.values()}
          for kind, weight in (("Franken", 67), ("Mutant", 69))}

_T = Technique  # short, so that each row of the table stays on a line or two
# Simplest first: the order a person (and the walker) tries them. Levels follow HoDoKu's
# grouping, with the bands Easy < 25 <= Medium < 35 <= Hard < 50 <= Expert < 70 <= Extreme.
TABLE: tuple[Technique, ...] = (
    _T("Full House", iter_full_house, 10, "Easy"),
    _T("Hidden Single", iter_hidden_single, 12, "Easy"),
    _T("Naked Single", iter_naked_single, 20, "Easy"),
    # Killer only (cages with sums); nothing to find in other puzzles.
    _T("Cage Combination", iter_cage_combination, 22, "Easy"),
    _T("Innies and Outies", iter_innies_outies, 24, "Easy", aliases=("Rule of 45",)),
    # Placed rules only (thermometers, dots, arrows, lines, clues): one rule read alone.
    _T("Variant Rule", iter_variant_rule, 24, "Easy", aliases=("Constraint", "Rule Step")),
    _T("Locked Candidates", iter_locked_candidates, 26, "Medium",
      step_weights={"Locked Candidates (Pointing)": 26, "Locked Candidates (Claiming)": 28}),
    # Killer only: the locked candidates of a cage and a unit.
    _T("Cage/Unit Intersection", iter_cage_unit_intersection, 28, "Medium",
      aliases=("Cage Intersection", "Cage-Unit Intersection")),
    # Killer only: a rule-of-45 sum over part of one or two cages splits their sums.
    _T("Cage Splitting", iter_cage_splitting, 29, "Medium", aliases=("Cage Split",)),
    _T("Naked Pair", iter_naked_subset, 30, "Medium", _sizes(2), aliases=("Locked Pair",)),
    _T("Hidden Pair", iter_hidden_subset, 32, "Medium", _sizes(2)),
    # Killer only: two overlapping sums (cages, innies) compared; the cells left differ.
    _T("Cage Comparison", iter_cage_comparison, 34, "Medium"),
    _T("Naked Triple", iter_naked_subset, 36, "Hard", _sizes(3), aliases=("Locked Triple",)),
    _T("Hidden Triple", iter_hidden_subset, 38, "Hard", _sizes(3)),
    _T("X-Wing", iter_fish, 40, "Hard", _sizes(2)),
    _T("Skyscraper", iter_skyscraper, 41, "Hard"),
    _T("2-String Kite", iter_two_string_kite, 41, "Hard"),
    # Listed on request only: two kites on the same box cells, roles swapped, as one step.
    _T("Dual 2-String Kite", iter_dual_two_string_kite, 41, "Hard", walked=False),
    _T("XY-Wing", iter_xy_wing, 42, "Hard"),
    _T("Empty Rectangle", iter_empty_rectangle, 43, "Hard"),
    # Listed on request only: two empty rectangles on one box (or one link) as one step.
    _T("Dual Empty Rectangle", iter_dual_empty_rectangle, 43, "Hard", walked=False),
    _T("XYZ-Wing", iter_xyz_wing, 44, "Hard"),
    _T("W-Wing", iter_w_wing, 45, "Hard"),
    _T("Naked Quad", iter_naked_subset, 46, "Hard", _sizes(4)),
    _T("WXYZ-Wing", iter_wxyz_wing, 46, "Hard"),
    _T("Finned X-Wing", iter_finned_fish, 47, "Hard", _sizes(2)),
    _T("Hidden Quad", iter_hidden_subset, 48, "Hard", _sizes(4)),
    _T("Swordfish", iter_fish, 50, "Expert", _sizes(3)),
    _T("Simple Colouring", iter_simple_colouring, 52, "Expert"),
    # HoDoKu's "Multi Colors 1" and "2" list every Multi-Colours step (its numbers need not
    # be this table's types).
    _T("Multi-Colours", iter_multi_colours, 53, "Expert",
      aliases=("Multi Colors", "Multi Colors 1", "Multi Colors 2", "Multi-Coloring")),
    _T("Unique Rectangle", iter_unique_rectangle, 54, "Expert", step_weights=_UR,
      needs_unique=True, listing={"joined": True}, holds_under=SWAP),
    _T("Avoidable Rectangle", iter_avoidable_rectangle, 54, "Expert", needs_unique=True,
      step_weights={"Avoidable Rectangle Type 1": 54, "Avoidable Rectangle Type 2": 55},
      holds_under=SWAP),
    _T("Hidden Rectangle", iter_hidden_rectangle, 55, "Expert", needs_unique=True,
      aliases=("Hidden Unique Rectangle",), holds_under=SWAP),
    _T("BUG+1", iter_bug_plus_one, 55, "Expert", needs_unique=True,
      aliases=("BUG + 1", "Bivalue Universal Grave + 1"), holds_under=BUG_UNITS),
    _T("Jellyfish", iter_fish, 56, "Expert", _sizes(4)),
    _T("BUG+n", iter_bug_plus_n, 57, "Expert", needs_unique=True,
      aliases=("BUG + n", "Bivalue Universal Grave + n"), holds_under=BUG_UNITS),
    _T("Finned Swordfish", iter_finned_fish, 57, "Expert", _sizes(3)),
    _T("Finned Jellyfish", iter_finned_fish, 58, "Expert", _sizes(4)),
    _T("Sue de Coq", iter_sue_de_coq, 58, "Expert"),
    # Listed on request only: a Siamese fish is two finned fish the walker takes one at a time.
    _T("Siamese Fish", iter_siamese_fish, 58, "Expert", _sizes(2, 3, 4), walked=False,
      step_weights={"Siamese Finned": 58}),
    # Listed on request only: the walker finds the same eliminations as XY-Chains.
    _T("Remote Pairs", iter_remote_pair, 59, "Expert", walked=False, aliases=("Remote Pair",)),
    _T("X-Chain", iter_x_chain, 60, "Expert", listing={"max_nodes": 20}),
    _T("ALS-XZ", iter_als_xz, 61, "Expert", listing=_ALS,
      aliases=("Almost Locked Set XZ", "ALS XZ Rule")),
    _T("XY-Chain", iter_xy_chain, 62, "Expert", listing={"max_nodes": 24}),
    _T("ALS-XY-Wing", iter_als_xy_wing, 64, "Expert", listing=_OVERLAP),
    _T("Death Blossom", iter_death_blossom, 65, "Expert", listing={**_OVERLAP, "max_stem": 4}),
    _T("AIC", iter_aic, 66, "Expert", listing={"max_nodes": 20},
      aliases=("Nice Loop", "Continuous Nice Loop", "Discontinuous Nice Loop",
               "Alternating Inference Chain")),
    _T("Franken Fish", iter_franken_fish, 67, "Expert", {"sizes": (2, 3), "max_fins": 1},
      listing={"sizes": (2, 3, 4), "max_fins": 2}, step_weights=_KINDS["Franken"]),
    _T("ALS Chain", iter_als_chain, 68, "Expert", listing=_OVERLAP,
      aliases=("ALS-XY-Chain",)),
    # As the expert tools' grouped nice loops when listing: almost locked sets as nodes too.
    _T("Grouped AIC", iter_grouped_aic, 68, "Expert",
      listing={"max_nodes": 16, "als_nodes": True, "kinds": True, "work": 400_000},
      aliases=("Grouped Nice Loop", "Grouped Alternating Inference Chain"),
      step_weights=dict.fromkeys(GROUPED_KINDS, 68)),
    _T("Mutant Fish", iter_mutant_fish, 69, "Expert", _sizes(2, 3),
      listing=_sizes(2, 3, 4, 5, 6), walked=False, step_weights=_KINDS["Mutant"]),
    # Listed on request only: a search over every digit's whole pattern, not a person's step.
    _T("Template Set", iter_template_set, 72, "Extreme", walked=False),
    _T("Template Delete", iter_template_delete, 72, "Extreme", walked=False),
    _T("Forcing Chain", iter_forcing_chain, 75, "Extreme"),
    # The walker's forcing chains share one search between the four (see forcing_chains).
    # Sums and placed rules only: one assumption followed through the rules' own deductions.
    _T("Rule Forcing Chain", iter_rule_forcing_chain, 80, "Extreme",
       aliases=("Constraint Forcing Chain",)),
    _T("Dynamic Forcing Chain", iter_dynamic_forcing_chain, 85, "Extreme", listing=_BRANCHES,
      first=find_dynamic_forcing_chain),
    _T("Dynamic Forcing Chain (+)", iter_dynamic_forcing_chain_plus, 90, "Extreme",
      listing=_BRANCHES, first=find_dynamic_forcing_chain_plus),
    _T("Nested Forcing Chain", iter_nested_forcing_chain, 95, "Extreme", listing=_BRANCHES,
      first=find_nested_forcing_chain),
    _T("Nested Forcing Chain (+)", iter_nested_forcing_chain_plus, 100, "Extreme",
      listing=_BRANCHES, first=find_nested_forcing_chain_plus),
)
# The walker's share of the table, in the same order.
TECHNIQUES: tuple[Technique, ...] = tuple(t for t in TABLE if t.walked)

_WEIGHTS = {t.name: t.weight for t in TABLE} | {
    name: w for t in TABLE for name, w in t.step_weights.items()} | {TRIAL: TRIAL_WEIGHT}


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
