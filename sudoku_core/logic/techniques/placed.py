"""The placed rules' own logic: what one thermometer, dot, arrow, line or clue says alone.

A setter's first steps on a variant puzzle read one rule at a time: a thermometer of four
cells keeps 7, 8 and 9 off its bulb; a white dot beside a 5 leaves 4 or 6; an arrow whose
circle may hold at most 7 caps the digits on its line. Each placed rule's propagators
(``model/constraints``) are run alone on the candidates, and every candidate they remove is a
step naming that rule and what it says. Sound: a propagator removes a candidate only when no
assignment of the rule's own cells that holds it keeps the rule. A rule over the whole grid
(non-consecutive, a negative dot rule) is read one pair of cells at a time, so a step names
the two cells it reads.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from ...model.constraints import PLACED
from ...model.constraints.rule import Board, PlacedType, Rule, run_to_fixed_point
from .base import Step, cells_text

TECHNIQUE = "Variant Rule"


def _row_of(rule: Rule) -> PlacedType | None:
    return next((row for row in PLACED if row.rule_class is type(rule)), None)


def iter_variant_rule(c: Candidates) -> Iterator[Step]:
    """Candidates that one placed rule alone rules out, one step per rule (or pair)."""
    variant = c.shape.variant
    if variant is None or not variant.constraints:
        return
    board = Board(c.size, c.shape.geometry.box_of)
    values = c.values
    masks = [1 << (v - 1) if v else m for v, m in zip(values, c.masks, strict=True)]
    for rule in variant.constraints:
        row = _row_of(rule)
        for cells, props in rule.parts(variant, board):
            if all(values[x] for x in cells):
                continue
            trial = masks[:]
            if not run_to_fixed_point(props, trial):
                continue  # a broken state: the walker's contradiction check says so
            elims = tuple((x, v) for x in cells if not values[x]
                          for v in c.candidates_of(x) if not trial[x] >> (v - 1) & 1)
            if not elims:
                continue
            words = row.words if row is not None else rule.kind
            name = f"{words} at {cells_text(c.shape, cells[:1])}"
            yield Step(
                TECHNIQUE, (), elims,
                f"{_capital(name)}: {_because(row)}{_left_text(c, elims)}",
                cells=tuple((x, "base") for x in cells),
                candidates=tuple((x, v, "remove") for x, v in elims),
                region=name,
            )


def _left_text(c: Candidates, elims: tuple[tuple[int, int], ...]) -> str:
    """What the rule leaves each cell, as a player says it: 'r1c1 is at most 6, r1c2 is 2
    to 7, r3c3 can only be 1 or 9' (cells with the same words named together)."""
    removed: dict[int, set[int]] = {}
    for x, v in elims:
        removed.setdefault(x, set()).add(v)
    said: dict[str, list[int]] = {}
    for x in sorted(removed):
        before = c.candidates_of(x)
        left = [v for v in before if v not in removed[x]]
        said.setdefault(_left_words(c, before, left), []).append(x)
    parts = []
    for words, xs in said.items():
        who = cells_text(c.shape, xs)
        verb = words.replace("is ", "are ", 1) if len(xs) > 1 and words.startswith("is ") else (
            words)
        parts.append(f"{who} {verb}")
    return "; ".join(parts)


def _left_words(c: Candidates, before: list[int], left: list[int]) -> str:
    """'is at most 6', 'is at least 3', 'is 2 to 7', 'is 4' or 'can only be 1, 5 or 9'."""
    sym = c.shape.symbol
    if len(left) == 1:
        return f"is {sym(left[0])}"
    lo, hi = left[0], left[-1]
    if left == [v for v in before if lo <= v <= hi]:  # every removal was above or below
        if lo == before[0]:
            return f"is at most {sym(hi)}"
        if hi == before[-1]:
            return f"is at least {sym(lo)}"
        return f"is {sym(lo)} to {sym(hi)}"
    return "can only be " + ", ".join(sym(v) for v in left[:-1]) + f" or {sym(left[-1])}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _because(row: PlacedType | None) -> str:
    """'digits on a thermometer increase from the bulb, so ' (the rule for players)."""
    if row is None or not row.rules_text:
        return ""
    why = row.rules_text.rstrip(".")
    if len(why) > 1 and why[1].islower():
        why = why[0].lower() + why[1:]  # "Digits ..." within a sentence; "XV ..." kept
    return f"{why}, so "
