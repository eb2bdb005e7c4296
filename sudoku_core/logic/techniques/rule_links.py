"""Weak links that the placed rules make: pairs of candidates a rule forbids together.

A white dot between r1c1 and r1c2 forbids (5)r1c1 with (8)r1c2; a thermometer's two steps
forbid the lower cell a digit above the upper one's. Each such pair is a weak link ("not
both") for the chains, beside the same digit in two peers and two digits of one cell. They
come from the rules' pair tables (``model.constraints.rule.PairTable``), so a chain reads
exactly what the search and the conflict check read; a rule's own words name it in the step.
"""

from __future__ import annotations

from ...model.candidates import Candidates, bits
from ...model.constraints.rule import Board, PairTable, variant_propagators

Node = int  # cell * N + (value - 1), as in chains


def rule_weak_links(c: Candidates) -> dict[Node, set[Node]]:
    """Per candidate, the candidates of other cells some placed rule forbids beside it."""
    variant = c.shape.variant
    if variant is None or not variant.constraints:
        return {}
    n = c.size
    board = Board(n, c.geometry.box_of)
    masks = c.masks
    out: dict[Node, set[Node]] = {}
    for prop in variant_propagators(variant, board):
        if not isinstance(prop, PairTable):
            continue
        a, b = prop.cells
        if a == b or not masks[a] or not masks[b]:
            continue  # a filled cell's digit is no candidate: its pairs are the peers' job
        for x in bits(masks[a]):
            # Digits of b that a = x rules out: b's candidates outside what x allows.
            banned = masks[b] & ~prop.allowed[x]
            for y in bits(banned):
                na, nb = a * n + x - 1, b * n + y - 1
                out.setdefault(na, set()).add(nb)
                out.setdefault(nb, set()).add(na)
    return out

