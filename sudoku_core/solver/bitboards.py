"""Bitboards: one big int per value (bit = cell), the per-shape masks, and singles on them.

The exact solver above 25x25, the Forcing Chain and the dynamic/nested forcing chains all
work on this state; the masks of a shape are built here once. One propagation
per purpose:

- branches (forcing and dynamic chains): :func:`singles` here, :func:`locked_cuts` for
  pointing and claiming (the chains' wording in ``chain_trace`` applies the same rule with
  reasons); with ``seen`` and :func:`locked_gone` a round looks only around the cells that
  changed since the last (the dynamic engine's branches start from their root's);
- the human state, in place, tallying what it places for the rating, and trial and error's
  "does this candidate break the grid": ``propagate.propagate``;
- the exact search, kept apart for speed: ``_cover.search`` on its own exact-cover int (up to
  25x25) and ``exact._propagate`` on these boards (above); benchmarks/bench_propagation.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property

from ..model import budget
from ..model.candidates import Candidates
from ..model.grid import Shape

Boards = list[int]  # per value index d, the cells (bits) that hold d or may take it
State = tuple[Boards, int]  # (boards, unsolved cells)


@dataclass(frozen=True)
class Tables:
    """The bitmasks of a shape: all cells, peer-free cells per cell, cells per unit."""

    shape: Shape
    all_cells: int
    keep: tuple[int, ...]  # per cell: every cell except its peers (the cell itself stays)
    units: tuple[int, ...]  # per unit: mask of its cells (rows, then columns, then boxes)

    @cached_property
    def peers(self) -> tuple[int, ...]:
        """Per cell: the mask of its peers (the cell itself excluded)."""
        every = self.all_cells
        return tuple(every ^ k for k in self.keep)

    @cached_property
    def units_of(self) -> tuple[tuple[int, ...], ...]:
        """Per cell: the indices into ``units`` of its units."""
        return self.shape.geometry.units_of

    @cached_property
    def few(self) -> int:
        """Changed cells of a value above which a round looks at all its units: listing the
        units of each (3 a cell, repeats and all) no longer pays (about N/2, measured)."""
        return self.shape.size // 2

    @cached_property
    def unit_masks_of(self) -> tuple[tuple[int, ...], ...]:
        """Per cell: the masks of its units (for the units a changed cell can affect)."""
        units = self.units
        return tuple(tuple(units[u] for u in of) for of in self.units_of)

    @cached_property
    def segments(self) -> tuple[tuple[int, int, int], ...]:
        """Per box-line intersection: (box & line, box rest, line rest), for locked candidates."""
        return tuple(seg for seg, _ in self._segments)

    @cached_property
    def segment_spans(self) -> tuple[tuple[int, int, int, int], ...]:
        """Per segment: ``segments``' three masks and its box | line (all a verdict reads)."""
        return tuple((seg, box_rest, line_rest, seg | box_rest | line_rest)
                     for seg, box_rest, line_rest in self.segments)

    @cached_property
    def unit_of_segment(self) -> tuple[tuple[int, int], ...]:
        """Per segment: (box unit, line unit)."""
        return tuple(owner for _, owner in self._segments)

    @cached_property
    def _segments(self) -> list[tuple[tuple[int, int, int], tuple[int, int]]]:
        # Only the chains need these: built on first use, not by the solver's warm-up.
        n = self.shape.size
        units = self.units
        out = []
        for b in range(2 * n, 3 * n):
            for line in range(2 * n):
                seg = units[b] & units[line]
                if seg:
                    out.append(((seg, units[b] & ~seg, units[line] & ~seg), (b, line)))
        return out


@cache
def tables(shape: Shape) -> Tables:
    """The bitmask tables of a shape (computed once)."""
    geo = shape.geometry
    all_cells = (1 << shape.cell_count) - 1
    units = tuple(sum(1 << c for c in unit) for unit in geo.units)
    if shape.variant is not None:  # peers beyond three units: cages, knight or king moves
        keep = tuple(all_cells ^ sum(1 << p for p in peers) for peers in geo.peers)
        return Tables(shape, all_cells, keep, units)
    # A cell's peers are its row, column and box but itself: 3 ORs a cell, not 3N shifts.
    keep = tuple(all_cells ^ (units[r] | units[c] | units[b]) | 1 << i
                 for i, (r, c, b) in enumerate(geo.units_of))
    return Tables(shape, all_cells, keep, units)


def state_of(c: Candidates) -> State:
    """The bitboards of a candidate state (placed cells keep their value's bit)."""
    boards = [0] * c.size
    unsolved = 0
    for cell, (v, m) in enumerate(zip(c.values, c.masks, strict=True)):
        if v:
            boards[v - 1] |= 1 << cell
            continue
        unsolved |= 1 << cell
        while m:
            low = m & -m
            boards[low.bit_length() - 1] |= 1 << cell
            m ^= low
    return boards, unsolved


def assume(boards: Boards, unsolved: int, cell: int, d: int, keep: tuple[int, ...]) -> int:
    """Place value index d at ``cell`` in ``boards`` (in place); the new unsolved mask."""
    bit = 1 << cell
    for i in range(len(boards)):
        boards[i] &= ~bit
    boards[d] = (boards[d] | bit) & keep[cell]
    return unsolved & ~bit


def place_cells(bd: int, cells: int, keep: tuple[int, ...]) -> int:
    """Board ``bd`` of one value with the value placed at ``cells``: their peers lose it; -1
    when two of the cells see each other."""
    while cells:
        low = cells & -cells
        if not bd & low:
            return -1
        bd &= keep[low.bit_length() - 1]
        cells ^= low
    return bd


def locked_cuts(free: int, segments: tuple[tuple[int, int, int], ...]) -> list[tuple[int, int]]:
    """Pointing and claiming for one value: (segment index, cells it leaves), in order.

    ``free`` holds the cells still open for the value; each cut applies before the next
    segment is looked at. At a segment where the box holds the value only there, the rest of
    the line loses it (pointing); where the line does, the rest of the box (claiming).
    """
    return list(_cuts(free, ((*seg, -1) for seg in segments)))


def first_locked_cut(free: int, segments: tuple[tuple[int, int, int], ...]
                     ) -> tuple[int, int] | None:
    """The first of :func:`locked_cuts` (the cuts before it change nothing), or None."""
    return next(_cuts(free, ((*seg, -1) for seg in segments)), None)


def locked_gone(free: int, changed: int, t: Tables) -> int:
    """The cells pointing and claiming take from one value's ``free`` cells: those of
    :func:`locked_cuts`, looking only at segments whose box or line holds a cell of ``changed``.

    ``changed``: the cells that left ``free`` since free cells at which no segment cut anything
    (all cells: not known). A segment's verdict reads only its box and line, so one without
    such a cell (nor one cut here, before it) cuts nothing now either.
    """
    gone = 0
    for _, cut in _cuts(free, t.segment_spans, changed):
        gone |= cut
    return gone


def _cuts(free: int, spans: Iterable[tuple[int, int, int, int]],
          changed: int = -1) -> Iterator[tuple[int, int]]:
    """(segment index, cut) of pointing and claiming, each applied before the next segment;
    only segments whose ``span`` (box and line) holds a cell of ``changed`` are looked at."""
    for i, (seg, box_rest, line_rest, span) in enumerate(spans):
        if changed & span and free & seg:
            if not free & box_rest:
                cut = free & line_rest
            elif not free & line_rest:
                cut = free & box_rest
            else:
                continue
            if cut:
                yield i, cut
                free ^= cut
                changed |= cut


def singles_round(boards: Boards, unsolved: int, t: Tables,
                  seen: list[int] | None = None) -> int | None:
    """One round of naked and hidden singles (in place): the new unsolved mask, None if broken.

    ``seen`` (see :func:`fresh_seen`), per value, holds its free cells when its units were last
    looked at for hidden singles; the round then looks again only at the units of cells that
    changed since (and updates it). None: every unit, every round. Either way a round finds
    the same singles: a unit whose free cells for a value did not change says what it said.
    """
    one = two = 0
    for b in boards:
        two |= one & b
        one |= b
    if unsolved & ~one:
        return None  # a cell without candidates
    singles = unsolved & ~two
    found = singles
    placed = []
    units = t.units
    check: tuple[int, ...] | list[int] = units
    for d, bd in enumerate(boards):
        free = bd & unsolved
        if not free:
            continue
        hidden = free & singles
        if seen is not None:
            changed = seen[d] ^ free
            if not changed:  # no unit of d to look at: only its naked singles, if any
                if hidden:
                    placed.append((d, hidden))
                continue
            seen[d] = free
            check = _around(changed, t)
        for m in check:
            x = free & m
            if not x & (x - 1):
                if x:
                    hidden |= x
                elif not bd & m:
                    return None  # the value has no place in this unit
        if hidden:
            if hidden & found & ~(free & singles):
                return None  # one cell is the only place for two values
            found |= hidden
            placed.append((d, hidden))
    if not placed:
        return unsolved
    unsolved &= ~found
    clear = ~found
    for d, bd in enumerate(boards):
        if bd & found:
            boards[d] = bd & clear
    keep = t.keep
    for d, cells in placed:
        bd = place_cells(boards[d] | cells, cells, keep)
        if bd < 0:
            return None  # two placements of d see each other
        boards[d] = bd
    return unsolved


def _around(changed: int, t: Tables) -> tuple[int, ...] | list[int]:
    """The masks of the units that hold a cell of ``changed`` (a unit may come twice)."""
    if not changed & (changed - 1):
        return t.unit_masks_of[changed.bit_length() - 1]
    if changed.bit_count() > t.few:
        return t.units
    of = t.unit_masks_of
    out: list[int] = []
    while changed:
        low = changed & -changed
        out += of[low.bit_length() - 1]
        changed ^= low
    return out


def fresh_seen(t: Tables) -> list[int]:
    """A ``seen`` for :func:`singles_round` that knows nothing yet: its first round looks at
    every unit that could hold a single (a unit wholly free for a value cannot, N >= 4)."""
    return [t.all_cells] * t.shape.size


def seen_at_rest(boards: Boards, unsolved: int) -> list[int]:
    """The ``seen`` of a state where a round of singles changes nothing (its free cells)."""
    return [b & unsolved for b in boards]


def singles(boards: Boards, unsolved: int, t: Tables, rounds: int | None = None,
            seen: list[int] | None = None) -> int | None:
    """Singles for at most ``rounds`` rounds, else to a fixed point (in place); None if broken.

    The one singles propagation of branches (forcing and dynamic chains); a round places every
    naked and hidden single in sight at once, so ``rounds`` is the length of a forcing chain.
    A value with no free cell left is not checked against its units (the chains' recorded
    steps rest on that: tests/solver/test_propagation.py pins the gap). Raises ``OutOfTime``
    once the caller's deadline passed: a round over a 64x64 grid costs milliseconds.
    ``seen``: as for :func:`singles_round` (None: :func:`fresh_seen`).
    """
    if seen is None:
        seen = fresh_seen(t)
    for _ in range(t.shape.cell_count if rounds is None else rounds):
        budget.check()
        new = singles_round(boards, unsolved, t, seen)
        if new is None or new == unsolved:
            return new
        unsolved = new
    return unsolved


def common(root: State, branches: list[State]) -> tuple[list[tuple[int, int]],
                                                        list[tuple[int, int]]]:
    """Placements and eliminations (cell, value) that every given branch of ``root`` implies."""
    boards0, unsolved = root
    n = len(boards0)
    placed = [unsolved] * n
    removed = [unsolved & b for b in boards0]
    for boards, left in branches:
        solved = ~left
        some = 0
        for d in range(n):
            b = boards[d]
            p = placed[d] = placed[d] & b & solved
            r = removed[d] = removed[d] & ~b
            some |= p | r
        if not some:
            return [], []  # nothing every branch implies so far: the rest cannot add any
    places = [(x, d + 1) for d in range(n) if placed[d] for x in cells_of(placed[d])]
    done = {x for x, _ in places}
    elims = [(x, d + 1) for d in range(n) if removed[d] for x in cells_of(removed[d])
             if x not in done]
    return sorted(places), sorted(elims)


def cells_of(mask: int) -> list[int]:
    """Cell indices of the set bits of a cell bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
