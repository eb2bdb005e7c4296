"""The faster propagators keep their answers: each checked against a brute-force listing.

The little killer's diagonal (sums as bit sets per box stretch, and a listing with every peer
when few assignments are left), the Enumerated rule (a support sought per digit) and the
variant search's digit places (``boards``, kept in step with the masks) are the speed work
of the variant solver; none of them may drop a digit some assignment holds, and each is
exact where it says so. No timing here: speed is reported by benchmarks/bench_constraints.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.model.constraints.disjoint import DisjointGroups
from sudoku_core.model.constraints.indexer import ColumnIndexers
from sudoku_core.model.constraints.little_killer import DiagonalSum, LittleKiller
from sudoku_core.model.constraints.rule import Enumerated
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant
from sudoku_core.solver import variant_search

DIAGONAL = tuple(range(0, 81, 10))  # r1c1 .. r9c9: three boxes, and with disjoint groups
# every cell sees the cells in the same place of the other two boxes as well
DISJOINT = Shape(3, 3).with_variant(Variant(constraints=(DisjointGroups(),)))


def brute(key: Sequence[int], total: int, differ: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Each cell's digits in some assignment adding up to ``total`` with the ``differ`` pairs
    (indices) apart: every assignment listed."""
    options = [[d for d in range(1, 10) if m >> (d - 1) & 1] for m in key]
    out = [0] * len(key)
    for combo in product(*options):
        if sum(combo) == total and all(combo[i] != combo[j] for i, j in differ):
            for i, d in enumerate(combo):
                out[i] |= 1 << (d - 1)
    return tuple(out)


def pairs(peers: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The index pairs of the diagonal's cells that are peers."""
    index = {c: i for i, c in enumerate(DIAGONAL)}
    return [(i, index[p]) for i, c in enumerate(DIAGONAL) for p in peers[c]
            if p in index and index[p] > i]


# Up to three digits a cell (3**9 assignments at most, listed quickly), around the sums seen
masks = st.lists(st.sets(st.integers(1, 9), min_size=1, max_size=3).map(
    lambda ds: sum(1 << (d - 1) for d in ds)), min_size=9, max_size=9)
totals = st.integers(25, 65)


@settings(max_examples=60, deadline=None)
@given(key=masks, total=totals)
def test_a_diagonal_by_box_stretches_is_exact(key: list[int], total: int) -> None:
    geo = Shape(3, 3).geometry
    rule = DiagonalSum(DIAGONAL, 9, total, geo.box_of)  # no peers given: boxes only
    want = brute(key, total, pairs(geo.peers))
    got = rule.supports(tuple(key))
    assert got == (want if all(want) else None)


@settings(max_examples=60, deadline=None)
@given(key=masks, total=totals)
def test_a_diagonal_with_every_peer_keeps_what_an_assignment_holds(key: list[int],
                                                                    total: int) -> None:
    geo = DISJOINT.geometry
    rule = DiagonalSum(DIAGONAL, 9, total, geo.box_of, geo.peers)
    assert rule.across  # the disjoint groups tie the three boxes together
    want = brute(key, total, pairs(geo.peers))
    got = rule.supports(tuple(key))
    if got is None:
        assert not all(want)  # None only when no assignment is left
    else:
        assert all(g & w == w for g, w in zip(got, want, strict=True))  # sound
    count = 1
    for m in key:
        count *= m.bit_count()
    if count <= 5000:  # listed: exact
        assert got == (want if all(want) else None)


def quad(digits: Sequence[int], cap: int) -> Enumerated:
    """An Enumerated rule: four cells holding every digit of ``digits`` (repeats allowed)."""
    def holds(values: Sequence[int]) -> bool:
        return all(values.count(d) >= digits.count(d) for d in set(digits))

    return Enumerated((0, 1, 2, 3), holds, cap=cap)


@settings(max_examples=60, deadline=None)
@given(key=st.lists(st.integers(1, 511), min_size=4, max_size=4),
       digits=st.lists(st.integers(1, 9), min_size=1, max_size=4),
       cap=st.sampled_from([50, 4000, 10**6]))
def test_enumerated_keeps_every_supported_digit(key: list[int], digits: list[int],
                                                cap: int) -> None:
    rule = quad(sorted(digits), cap)
    options = [[d for d in range(1, 10) if m >> (d - 1) & 1] for m in key]
    want = [0] * 4
    for combo in product(*options):
        if all(combo.count(d) >= digits.count(d) for d in set(digits)):
            for i, d in enumerate(combo):
                want[i] |= 1 << (d - 1)
    got = rule._supports(tuple(key))
    if cap == 10**6:  # never capped: exact
        assert got == (tuple(want) if all(want) else None)
    elif got is not None:
        assert all(g & w == w for g, w in zip(got, want, strict=True))
    else:
        assert not all(want)


def walk_checking_boards(grid: Grid, nodes: int) -> int:
    """Walk ``nodes`` nodes of the variant search, checking after every propagation that
    each digit's places are the masks' (the search keeps both); the checks made."""
    checked = [0]
    real = variant_search._propagate

    def checking(masks: list[int], values: list[int], todo: list[int],
                 boards: dict[int, int], t: variant_search.VariantTables, dirty: int) -> int:
        failed = real(masks, values, todo, boards, t, dirty)
        if failed < 0:
            assert boards == variant_search._boards(masks, t.size)
            checked[0] += 1
        return failed

    variant_search._propagate = checking
    try:
        variant_search._search(grid, 10**6, nodes, None)  # many grids: walk on
    finally:
        variant_search._propagate = real
    return checked[0]


def test_the_digit_places_follow_the_masks() -> None:
    killers = (LittleKiller(9, DIAGONAL, 45), LittleKiller(9, (1, 9), 9),
               LittleKiller(9, (2, 10, 18), 12))
    shape = Shape(3, 3).with_variant(Variant(constraints=(DisjointGroups(), *killers)))
    assert walk_checking_boards(Grid.empty(shape), 300) > 100
    # An indexer lists its own cell twice (in its line too): the boards must not toggle.
    indexers = Shape(3, 3).with_variant(Variant(constraints=(ColumnIndexers((0, 10, 20)),)))
    assert walk_checking_boards(Grid.empty(indexers), 300) > 100
