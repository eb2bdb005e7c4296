"""The Step: one logical deduction, shared by the techniques, the walker, hints and the page.

It lives apart from ``techniques`` and ``candidates`` so that both can import it (no cycle).

Roles used in ``Step.cells`` and ``Step.candidates`` (for highlighting):
cells: "target" (gets a placement), "elimination" (loses a candidate), "base"/"cover" (fish and
subsets: the cells that make the pattern), "pivot"/"pincer" (wings), "fin", "link", "on"/"off"
(colours and chains).
candidates: "place" (the value placed), "remove" (eliminated), "key" (the candidates that prove
it), "on"/"off" (colour or chain parity).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .contract import cell_ref, unit_ref, value_ref
from .grid import Grid, Shape, cell_name

Placement = tuple[int, int]  # (cell, value)
Elimination = tuple[int, int]  # (cell, value)

SUMMARY_LIMIT = 200  # characters: a summary is one line a person reads at a glance
LINK_KINDS = ("strong", "weak", "implies")


@dataclass(frozen=True)
class ChainNode:
    """One node of a chain: a value in one of some cells, assumed or shown true (on) or false.

    A plain candidate has one cell; a box group or the cells of an almost locked set holding
    the value have several ("the value is in one of them"). ``als`` lists every cell of the
    set when the node is an ALS's digit. ``rule`` says why a forcing chain's fact holds
    ("hidden single in row 1"); ``sub`` is the inner chain that refutes it in a nested chain.
    """

    cells: tuple[int, ...]
    value: int
    on: bool
    rule: str = ""
    als: tuple[int, ...] = ()
    sub: Chain | None = None


@dataclass(frozen=True)
class ChainLink:
    """An inference between two nodes (indices into ``Chain.nodes``, ``source < target``).

    "strong": if the source is false the target is true; "weak": if the source is true the
    target is false; "implies": one of the facts a forcing chain's target rests on.
    """

    source: int
    target: int
    kind: str


@dataclass(frozen=True)
class Chain:
    """The structure of a chain, for drawing it link by link.

    ``kind``: "chain" (an AIC: its first node is assumed false, its ends cannot both be
    false), "loop" (a continuous nice loop: the last node links weakly back to the first),
    "discontinuous loop" (the first node, assumed false, turns out true: it is placed),
    "branch" (a forcing chain's branch: the first node is assumed true, every later node
    follows from the nodes linked to it, and it ends either in ``contradiction`` or in the
    step's result).
    """

    kind: str
    nodes: tuple[ChainNode, ...]
    links: tuple[ChainLink, ...]
    contradiction: str = ""  # what a branch runs into: "r4c4 has no candidate left"
    ends: tuple[int, ...] = ()  # branch: the nodes the contradiction rests on

    def to_json(self, shape: Shape) -> dict[str, Any]:
        n = shape.size
        return {
            "kind": self.kind,
            "nodes": [_node_json(node, shape) for node in self.nodes],
            "links": [{"from": link.source, "to": link.target, "type": link.kind}
                      for link in self.links],
            "contradiction": self.contradiction,
            "ends": list(self.ends),
            "text": chain_text(self, n, shape.symbol),
        }


def node_text(node: ChainNode, n: int, symbol: Callable[[int], str]) -> str:
    """``r1c2=5``, ``r1c2<>5``; a group or set: ``r1c2|r1c3=5``."""
    where = "|".join(cell_name(x, n) for x in node.cells)
    return f"{where}{'=' if node.on else '<>'}{symbol(node.value)}"


def chain_text(chain: Chain, n: int, symbol: Callable[[int], str]) -> str:
    """The chain as one line: ``r1c2<>5 -> r1c7=5 -> ...`` (the nodes in order)."""
    words = [node_text(node, n, symbol) for node in chain.nodes]
    if chain.contradiction:
        words.append(chain.contradiction)
    return " -> ".join(words)


def _node_json(node: ChainNode, shape: Shape) -> dict[str, Any]:
    n = shape.size
    out: dict[str, Any] = {
        "cells": [cell_ref(x, n) for x in node.cells],
        "value": node.value,
        "symbol": shape.symbol(node.value),
        "on": node.on,
        "text": node_text(node, n, shape.symbol),
        "rule": node.rule,
    }
    if node.als:
        out["als"] = [cell_ref(x, n) for x in node.als]
    if node.sub is not None:
        out["sub"] = node.sub.to_json(shape)
    return out


ChainsOf = tuple[Chain, ...] | Callable[[], tuple[Chain, ...]]


def compact_result(placements: tuple[Placement, ...], eliminations: tuple[Elimination, ...],
                   shape: Shape) -> str:
    """'place 5 at r4c7', 'remove 5 from r4c7, r4c9'; long lists counted instead."""
    n = shape.size
    if placements:
        text = "; ".join(f"place {shape.symbol(v)} at {cell_name(x, n)}" for x, v in placements)
        if len(text) <= 120:
            return text
        return f"place {len(placements)} values"
    by_value: dict[int, list[int]] = {}
    for x, v in eliminations:
        by_value.setdefault(v, []).append(x)
    text = "; ".join(f"remove {shape.symbol(v)} from {', '.join(cell_name(x, n) for x in xs)}"
                     for v, xs in sorted(by_value.items()))
    if len(text) <= 120:
        return text
    cells = len({x for x, _ in eliminations})
    values = "/".join(shape.symbol(v) for v in sorted(by_value))
    return (f"remove {len(eliminations)} candidates ({values}) from {cells} "
            f"cell{'s' if cells > 1 else ''}")


@dataclass(frozen=True)
class Step:
    """One logical step: what it places or removes, why (one sentence), and what it involves."""

    technique: str  # "Hidden Single", "X-Wing", "Unique Rectangle Type 2" ...
    placements: tuple[Placement, ...]
    eliminations: tuple[Elimination, ...]
    text: str  # "Hidden single: in box 2, 7 fits only r3c5"
    trial: bool = False
    cells: tuple[tuple[int, str], ...] = ()  # (cell, role)
    units: tuple[int, ...] = ()  # unit indices: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1
    candidates: tuple[tuple[int, int, str], ...] = ()  # (cell, value, role)
    region: str = ""  # for a nudge: "box 2", "rows 2 and 7"
    # One line a person reads first ("" = made from the text or the result, see headline).
    summary: str = ""
    # The chains of a chain step, as data (a forcing chain: one per branch); a function when
    # worth building only if asked for (to_json calls it).
    chains: ChainsOf = field(default=(), compare=False)

    def chain_list(self) -> tuple[Chain, ...]:
        """The step's chains (built now if they were left for later)."""
        got = self.chains
        if callable(got):
            got = got()
            object.__setattr__(self, "chains", got)  # built once, however often it is asked
        return got

    def headline(self, shape: Shape) -> str:
        """The one-line summary: the step's own, or its text when short, or technique and
        result."""
        if self.summary:
            return self.summary
        if len(self.text) <= SUMMARY_LIMIT and "\n" not in self.text:
            return self.text
        result = compact_result(self.placements, self.eliminations, shape)
        return f"{self.technique}: {result}" if result else self.technique

    def to_json(self, shape: Shape) -> dict[str, Any]:
        """The JSON contract of a step: cells as [row, col] and index, values beside symbols."""
        n = shape.size
        return {
            "technique": self.technique,
            "trial": self.trial,
            "placements": [value_ref(c, v, shape) for c, v in self.placements],
            "eliminations": [value_ref(c, v, shape) for c, v in self.eliminations],
            "text": self.text,
            "cells": [{**cell_ref(c, n), "role": role} for c, role in self.cells],
            "units": [unit_ref(shape, u) for u in self.units],
            "candidates": [{**value_ref(c, v, shape), "role": role}
                           for c, v, role in self.candidates],
            "region": self.region,
            "summary": self.headline(shape),
            "chains": [chain.to_json(shape) for chain in self.chain_list()],
        }


# Cells a step changes (or that only frame it): never among its causes.
_CHANGED_ROLES = frozenset({"target", "elimination", "wrong"})


def cause_cells(step: Step, grid: Grid) -> tuple[int, ...]:
    """The cells that cause ``step`` on ``grid`` (the grid it starts from), so that a person
    can see why: for a placement in a unit the step names (a hidden single), per other empty
    cell of that unit a filled peer holding the value (what rules that cell out); for a
    placement with no unit (a naked single), per other value a filled peer holding it; for
    any step, the cells of its pattern (every role but the cells it changes). Candidates
    removed by earlier steps have no cell to show, so a cell ruled out only by them adds none.
    """
    geo = grid.shape.geometry
    values = grid.cells
    changed = {c for c, _ in step.placements} | {c for c, _ in step.eliminations}
    found: dict[int, None] = {}

    def holder(cell: int, value: int) -> int | None:
        return next((p for p in geo.peers[cell] if values[p] == value), None)

    for target, value in step.placements:
        units = [u for u in step.units if target in geo.units[u]]
        if units:
            for u in units:
                for other in geo.units[u]:
                    if other != target and not values[other]:
                        p = holder(other, value)
                        if p is not None:
                            found[p] = None
        else:
            for other_value in range(1, grid.size + 1):
                if other_value != value:
                    p = holder(target, other_value)
                    if p is not None:
                        found[p] = None
    for cell, role in step.cells:
        if role not in _CHANGED_ROLES and cell not in changed:
            found[cell] = None
    return tuple(c for c in found if c not in changed)
