"""Singles to a fixed point on the human state: the walker's bulk singles, trial and error.

It works in place on the candidate state that techniques read, and tallies what it places for
the rating; trial and error asks it whether a candidate breaks the grid. The chains' branches
and the exact solver have their own, on bitboards (see :mod:`.bitboards`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import budget
from ..model.candidates import Candidates

SINGLES = ("Full House", "Hidden Single", "Naked Single")


def propagate(c: Candidates, tally: Callable[[str], None] | None = None) -> bool:
    """Place singles to a fixed point in place; False on a contradiction (``OutOfTime`` late).

    Hidden singles (boxes first) go to a fixed point, then one naked single, and again: the
    order a person prefers them in, so that ``tally`` (called with "Full House", "Hidden
    Single" or "Naked Single" per placement) counts what the one-at-a-time path would take.
    The closure under singles does not depend on the order, so later steps are the same.
    """
    while True:
        budget.check()  # a round over a 64x64 grid is milliseconds; a chain of rounds adds up
        if not _hidden_singles(c, tally):
            return False
        naked = _naked_singles(c, tally)
        if naked is None:
            return False
        if not naked:
            return True


def _hidden_singles(c: Candidates, tally: Callable[[str], None] | None) -> bool:
    """Place hidden singles, boxes first, to a fixed point; False on a contradiction."""
    masks, values = c.masks, c.values
    geo = c.geometry
    units = geo.units
    order = geo.box_first
    full = c.full
    placed = True
    while placed:
        placed = False
        for u in order:
            cells = units[u]
            once = twice = seen = 0
            for cell in cells:
                v = values[cell]
                if v:
                    bit = 1 << (v - 1)
                    if seen & bit:
                        return False  # a value twice in the unit
                    seen |= bit
                else:
                    m = masks[cell]
                    twice |= once & m
                    once |= m
            if (once | seen) != full:
                return False  # a value with no place left in the unit
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for cell in cells:
                    if masks[cell] & bit:
                        if tally is not None:
                            last = sum(1 for x in cells if not values[x]) == 1
                            tally("Full House" if last else "Hidden Single")
                        c.place(cell, bit.bit_length())
                        placed = True
                        break
    return True


def _naked_singles(c: Candidates, tally: Callable[[str], None] | None) -> bool | None:
    """Place naked singles (only the first one when tallying); whether any was placed, None
    on a contradiction."""
    masks, values = c.masks, c.values
    naked = False
    for cell, m in enumerate(masks):
        if not m:
            if not values[cell]:
                return None  # an empty cell with no candidate
        elif not m & (m - 1):
            if tally is not None:
                tally("Naked Single")
            c.place(cell, m.bit_length())
            naked = True
            if tally is not None:
                break  # back to hidden singles, which a person takes first
    return naked
