"""Rule Forcing Chain: assume a digit, follow singles and the rules, meet a contradiction.

On puzzles with sums and placed rules (Killer cages, thermometers, dots, lines, clues) the
forcing chains of classic logic (``dynamic``) read only units and peers, and miss what a rule
says once a digit is assumed. Here one candidate is assumed and everything that follows from
it without a second guess is followed to its end: naked and hidden singles in every unit, each
cage's sum (and the innies and outies the law of 45 gives), and each placed rule's own
deductions. When that runs into a contradiction (a cell left without a digit, a unit missing
one, a cage or rule that can no longer hold), the candidate is false. This is what setters
call a forcing chain or a "bifurcation of depth one": one assumption, no search below it.
The propagation is the exact solver's (``solver.variant_search.refutation``), so the step
reads the same rules the solution count does.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import budget
from ...model.candidates import Candidates
from ...model.grid import Shape
from ...solver.variant_search import refutation
from .base import Step, cells_text

RULE_FORCING = "Rule Forcing Chain"
_MAX_TRIES = 400  # assumptions per call: each costs a propagation of the whole grid


def iter_rule_forcing_chain(c: Candidates) -> Iterator[Step]:
    """Each candidate whose assumption, followed through singles and the rules, breaks."""
    shape = c.shape
    variant = shape.variant
    if variant is None or not (variant.constraints or variant.has_sums):
        return  # units and peers alone: the dynamic forcing chains read them better
    masks = [1 << (v - 1) if v else m for v, m in zip(c.values, c.masks, strict=True)]
    if not all(masks):
        return  # already broken: the walker's contradiction check says so
    # Fewest candidates first: a bivalue cell's false digit places the other one.
    order = sorted((x for x, v in enumerate(c.values) if not v),
                   key=lambda x: (masks[x].bit_count(), x))
    tries = 0
    for x in order:
        for v in c.candidates_of(x):
            tries += 1
            if tries > _MAX_TRIES:
                return
            budget.check()
            broke = refutation(shape, masks, x, v)
            if broke is not None:
                yield _step(c, x, v, broke)


def _step(c: Candidates, x: int, v: int, broke: tuple[str, int, tuple[int, ...]]) -> Step:
    shape = c.shape
    sym = shape.symbol
    where = cells_text(shape, (x,))
    what = _what_broke(shape, broke)
    text = (f"{RULE_FORCING}: if {where} were {sym(v)}, singles and the rules that follow from it "
            f"leave {what}, so {where} is not {sym(v)}")
    return Step(RULE_FORCING, (), ((x, v),), text,
                cells=((x, "base"), *((y, "link") for y in broke[2] if y != x)),
                candidates=((x, v, "remove"),), region=f"an assumption at {where}")


def _what_broke(shape: Shape, broke: tuple[str, int, tuple[int, ...]]) -> str:
    """The contradiction in words: 'r3c4 without a digit', 'row 2 without a place for a
    digit', 'the cage at r1c1 unable to add up', 'the thermometer at r1c1 unable to hold'."""
    kind, index, cells = broke
    at = cells_text(shape, cells[:1])
    if kind == "cell":
        return f"{at} without a digit"
    if kind == "unit":
        unit, k = shape.geometry.unit_kind(index)
        return f"{unit} {k + 1} without a place for one of its digits"
    if kind == "sum":
        return f"the sum of {cells_text(shape, cells)} unable to add up"
    variant = shape.variant
    names = [r.kind for r in (variant.constraints if variant is not None else ())
             if set(cells) <= set(r.scope())]
    return f"the {names[0] if names else 'rule'} at {at} unable to hold"
