"""Remote Pairs: a chain of cells that all hold the same two candidates, each seeing the next.

Along such a chain the two values alternate, so two cells an odd number of links apart hold
both values between them: any other cell that sees both loses both candidates. The chain is
taken whole (every cell with that pair connected to it), coloured by parity; one step per
chain lists every elimination it makes. A chain whose colouring fails (an odd loop of cells
that see each other) says nothing and is skipped, so the step is sound from any candidate state
that still holds the solution.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates, bits
from .base import Step, cells_text, elimination_roles, removal_text, values_text

MIN_CELLS = 4  # two or three cells are a naked pair or an XY-Wing's job, not a remote pair


def iter_remote_pair(c: Candidates) -> Iterator[Step]:
    """Every chain of same-pair cells that removes something, one step a chain."""
    masks = c.masks
    peers = c.geometry.peers
    by_pair: dict[int, list[int]] = {}
    for cell, m in enumerate(masks):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(cell)
    for pair, cells in by_pair.items():
        if len(cells) < MIN_CELLS:
            continue
        members = set(cells)
        seen: set[int] = set()
        for start in cells:
            if start in seen:
                continue
            colour = _colour(start, members, peers)
            seen |= set(colour) if colour else _component(start, members, peers)
            if colour is None or len(colour) < MIN_CELLS:
                continue
            step = _step(c, pair, colour)
            if step is not None:
                yield step


def _component(start: int, members: set[int], peers: tuple[tuple[int, ...], ...]) -> set[int]:
    out = {start}
    todo = [start]
    while todo:
        for p in peers[todo.pop()]:
            if p in members and p not in out:
                out.add(p)
                todo.append(p)
    return out


def _colour(start: int, members: set[int],
            peers: tuple[tuple[int, ...], ...]) -> dict[int, int] | None:
    """Parity of each cell of the chain through ``start`` (breadth first), None if odd."""
    colour = {start: 0}
    order = [start]
    for cell in order:
        for p in peers[cell]:
            if p not in members:
                continue
            if p not in colour:
                colour[p] = 1 - colour[cell]
                order.append(p)
            elif colour[p] == colour[cell]:
                return None  # two cells of one parity see each other: no alternation
    return colour


def _step(c: Candidates, pair: int, colour: dict[int, int]) -> Step | None:
    masks = c.masks
    peers = c.geometry.peers
    seen_by: dict[int, int] = {}  # cell outside the chain: bit 1 = sees parity 0, 2 = parity 1
    for cell, parity in colour.items():
        for p in peers[cell]:
            if p not in colour and masks[p] & pair:
                seen_by[p] = seen_by.get(p, 0) | (1 << parity)
    elims = [(cell, v) for cell in sorted(seen_by) if seen_by[cell] == 3
             for v in bits(masks[cell] & pair)]
    if not elims:
        return None
    shape = c.shape
    chain = sorted(colour)
    values = bits(pair)
    eliminations = tuple(elims)
    ecells, ecands = elimination_roles(eliminations)
    ones = [cell for cell in chain if colour[cell] == 0]
    others = [cell for cell in chain if colour[cell] == 1]
    text = (f"Remote Pairs on {values_text(shape, values)}: {cells_text(shape, ones)} hold one "
            f"value and {cells_text(shape, others)} the other, so a cell that sees both sides "
            f"holds neither: {removal_text(shape, eliminations)}")
    roles = ("on", "off")
    return Step(
        "Remote Pairs",
        (),
        eliminations,
        text,
        cells=tuple((cell, roles[colour[cell]]) for cell in chain) + tuple(ecells),
        candidates=tuple((cell, v, roles[colour[cell]]) for cell in chain for v in values)
        + tuple(ecands),
        region=cells_text(shape, chain),
    )
