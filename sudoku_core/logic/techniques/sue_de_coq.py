"""Sue de Coq: cells where a line crosses a box, completed by cells of the line and of the box.

Two or three empty cells of a line-box intersection hold digits V (at least two more than
cells). Add cells of the rest of the line (digits DL) and of the rest of the box (digits DB,
none shared with DL) so that all the chosen cells hold exactly as many digits as there are
cells: every digit is then in one of them. DL digits are in the line, DB digits in the box,
and the other digits of V in the intersection, so they leave the rest of the line and box (the
crossing's unused cells lose both kinds).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ...model.budget import check
from ...model.candidates import Candidates, bits
from .base import Step
from .single_digit import digits, make_step, names, removal_text, unit_name

MAX_PART = 3  # cells taken from the rest of the line, and from the rest of the box


def iter_sue_de_coq(c: Candidates) -> Iterator[Step]:
    """Every Sue de Coq over every line-box intersection."""
    geo = c.geometry
    n = c.size
    masks = c.masks
    # The rest of a line or box and the core's digits recur across cores: list their parts once.
    parts: Parts = {}
    for b in range(n):
        box = 2 * n + b
        box_cells = set(geo.units[box])
        lines = {geo.row_of[x] for x in box_cells} | {n + geo.col_of[x] for x in box_cells}
        for line in sorted(lines):
            inter = [x for x in geo.units[line] if x in box_cells and masks[x]]
            rest_line = [x for x in geo.units[line] if x not in box_cells and masks[x]]
            rest_box = [x for x in geo.units[box] if x not in geo.units[line] and masks[x]]
            for k in (2, 3):
                for core in combinations(inter, k):
                    v = 0
                    for x in core:
                        v |= masks[x]
                    if not k + 2 <= v.bit_count() <= k + 2 * MAX_PART:
                        # Each part covers at most MAX_PART of the core's extra digits: more
                        # cannot be covered (an empty 64x64: 300 MiB of parts and 8 s of CPU).
                        continue
                    spare = [x for x in inter if x not in core]
                    yield from _complete(c, line, box, core, v, rest_line, rest_box, spare,
                                         parts)
            check()


def _parts(masks: list[int], cells: list[int], v: int) -> list[Part]:
    """(cells, digits, gain, rest) for subsets of ``cells`` that each touch V and gain >= 1,
    where gain = cells - digits outside V (what the subset gives towards covering V) and rest
    is the digits of the other cells of ``cells``."""
    out = []
    usable = [x for x in cells if masks[x] & v]
    for k in range(1, MAX_PART + 1):
        for group in combinations(usable, k):
            m = 0
            for x in group:
                m |= masks[x]
            gain = k - (m & ~v).bit_count()
            if gain >= 1 and (m & v).bit_count() >= gain:
                rest = 0
                for x in cells:
                    if x not in group:
                        rest |= masks[x]
                out.append((group, m, gain, rest))
    return out


Part = tuple[tuple[int, ...], int, int, int]  # cells, digits, gain, the other cells' digits
Parts = dict[tuple[tuple[int, ...], int], tuple[list[Part], dict[int, list[Part]]]]

# The parts of a line's or box's rest depend only on its cells' candidates and V, and a walk's
# step changes few of them: they are taken from the states before (same parts, no search).
_known: dict[tuple[tuple[int, ...], tuple[int, ...], int],
             tuple[list[Part], dict[int, list[Part]]]] = {}
_KNOWN_SIZE = 2048  # line and box rests: a hard walk meets a few hundred


def _parts_of(masks: list[int], cells: list[int], v: int, parts: Parts) -> tuple[
        list[Part], dict[int, list[Part]]]:
    """The parts of ``cells`` for V, listed and grouped by gain (each in _parts' order)."""
    key = (tuple(cells), v)
    found = parts.get(key)
    if found is None:
        wide = (key[0], tuple(masks[x] for x in cells), v)
        found = _known.get(wide)
        if found is None:
            listed = _parts(masks, cells, v)
            by_gain: dict[int, list[Part]] = {}
            for part in listed:
                by_gain.setdefault(part[2], []).append(part)
            found = (listed, by_gain)
            if len(_known) >= _KNOWN_SIZE:
                _known.clear()
            _known[wide] = found
        parts[key] = found
    return found


def _complete(c: Candidates, line: int, box: int, core: tuple[int, ...], v: int,
              rest_line: list[int], rest_box: list[int], spare: list[int],
              parts: Parts) -> Iterator[Step]:
    masks = c.masks
    need = v.bit_count() - len(core)
    line_parts = _parts_of(masks, rest_line, v, parts)[0]
    if not line_parts:
        return
    box_parts = _parts_of(masks, rest_box, v, parts)[1]
    in_spare = 0
    for x in spare:
        in_spare |= masks[x]
    for lcells, dl, lgain, lrest in line_parts:
        for bcells, db, _, brest in box_parts.get(need - lgain, ()):
            if dl & db:
                continue
            line_out = dl | (v & ~db)
            box_out = db | (v & ~dl)
            # The cells outside the parts hold none of what they would lose: nothing to remove.
            if not (lrest & line_out or brest & box_out or in_spare & (line_out | box_out)):
                continue
            elims = [(x, d) for x in rest_line if x not in lcells
                     for d in bits(masks[x] & line_out)]
            elims += [(x, d) for x in rest_box if x not in bcells
                      for d in bits(masks[x] & box_out)]
            # The crossing's other cells are in both the line and the box.
            elims += [(x, d) for x in spare for d in bits(masks[x] & (line_out | box_out))]
            if elims:
                yield _step(c, line, box, core, lcells, bcells, v, elims)


def _step(c: Candidates, line: int, box: int, core: tuple[int, ...], lcells: tuple[int, ...],
          bcells: tuple[int, ...], v: int, elims: list[tuple[int, int]]) -> Step:
    masks = c.masks
    dl = 0
    for x in lcells:
        dl |= masks[x]
    db = 0
    for x in bcells:
        db |= masks[x]
    text = (f"Sue de Coq: {names(c, core)} {digits(c, v)} where {unit_name(c, line)} crosses "
            f"{unit_name(c, box)}, with {names(c, lcells)} {digits(c, dl)} in the line and "
            f"{names(c, bcells)} {digits(c, db)} in the box, hold as many digits as cells: "
            f"{removal_text(c, elims)}")
    cells = ([(x, "base") for x in core] + [(x, "link") for x in lcells]
             + [(x, "link") for x in bcells])
    return make_step(
        "Sue de Coq",
        text,
        eliminations=elims,
        cells=cells,
        units=(line, box),
        candidates=[(x, d, "key") for x, _ in cells for d in c.candidates_of(x)],
        region=f"{unit_name(c, line)} and {unit_name(c, box)}",
    )
