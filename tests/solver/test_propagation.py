"""Every singles propagation against one plain reference, on random partial grids.

The package keeps one singles propagation per purpose: ``bitboards.singles`` for the chains'
branches, ``propagate.propagate`` for the human state (it tallies what it places; trial and
error asks it too), and the exact solver's hot loop ``exact._propagate``. Each must reach the
closure of the state under naked and hidden singles that the reference below reaches one
placement at a time on plain sets. The bitboard ones may miss one kind of contradiction, a
value with no free cell left that some unit lacks; the search finds it by branching, and the
chains' recorded steps rest on it, so the tests pin exactly that gap.

A round of the chains' singles is one step of a chain's length, so it is also pinned round by
round against a plain round on sets, with and without ``seen`` (the rounds that look only
around changed cells), and the dynamic engine's branches (which keep ``seen`` and the locked
candidates' ``rest`` across rounds, branches and nested probes) against a plain engine loop.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques.dynamic import Engine
from sudoku_core.logic.trial import trial_step
from sudoku_core.make.fill import pattern_solution
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver import exact
from sudoku_core.solver.bitboards import (
    Boards,
    Tables,
    assume,
    first_locked_cut,
    fresh_seen,
    locked_cuts,
    locked_gone,
    seen_at_rest,
    singles,
    singles_round,
    state_of,
    tables,
)
from sudoku_core.solver.propagate import propagate

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3), Shape(2, 4), Shape(4, 4)]


def reference(c: Candidates) -> list[set[int]] | None:
    """Singles to a fixed point on candidate sets, one placement at a time; None when a cell
    has no candidate or a unit has no place for a value."""
    geo = c.geometry
    cands = [{v} if v else set(c.candidates_of(x)) for x, v in enumerate(c.values)]
    solved = {x for x, v in enumerate(c.values) if v}
    while True:
        if any(not s for s in cands):
            return None
        todo = [(x, min(s)) for x, s in enumerate(cands) if x not in solved and len(s) == 1]
        for unit in geo.units:
            for v in range(1, c.size + 1):
                where = [x for x in unit if v in cands[x]]
                if not where:
                    return None
                if len(where) == 1 and where[0] not in solved:
                    todo.append((where[0], v))
        if not todo:
            return cands
        x, v = todo[0]
        cands[x] = {v}
        solved.add(x)
        for p in geo.peers[x]:
            if p in solved and v in cands[p]:
                return None  # two cells of one unit hold v
            cands[p].discard(v)


def partial(shape_index: int, seed: int, keep: float, cuts: int) -> Candidates:
    """Some values of a valid grid, then ``cuts`` random candidates removed (true ones too, so
    that some states are broken)."""
    rng = random.Random(seed)
    shape = SHAPES[shape_index]
    solution = pattern_solution(shape, rng)
    grid = Grid(shape, tuple(v if rng.random() < keep else 0 for v in solution.cells))
    c = Candidates.from_grid(grid)
    for _ in range(cuts):
        x = rng.randrange(len(c.masks))
        if c.masks[x]:
            c.eliminate(x, rng.choice(c.candidates_of(x)))
    return c


def boards_of(cands: list[set[int]], n: int) -> list[int]:
    return [sum(1 << x for x, s in enumerate(cands) if d + 1 in s) for d in range(n)]


def lacks_a_value(boards: list[int], unsolved: int) -> bool:
    """A value with no free cell left, placed fewer than N times: some unit lacks it."""
    return any(not b & unsolved and b.bit_count() != len(boards) for b in boards)


grids = st.builds(partial, st.integers(0, len(SHAPES) - 1), st.integers(0, 2**32),
                  st.floats(0.0, 0.7), st.integers(0, 16))


@settings(max_examples=150, deadline=None)
@given(grids)
def test_bitboard_singles_reach_the_reference_closure(c: Candidates) -> None:
    expected = reference(c)
    boards, unsolved = state_of(c)
    left = singles(boards, unsolved, tables(c.shape))
    if expected is None:
        assert left is None or lacks_a_value(boards, left)
        return
    assert left is not None
    assert boards == boards_of(expected, c.size)
    assert left == sum(1 << x for x, s in enumerate(expected) if len(s) > 1)


@settings(max_examples=150, deadline=None)
@given(grids)
def test_the_human_propagation_reaches_the_reference_closure(c: Candidates) -> None:
    expected = reference(c)
    names: list[str] = []
    out = c.copy()
    ok = propagate(out, names.append)
    assert ok == (expected is not None)
    if expected is not None:
        got = [{v} if v else set(out.candidates_of(x)) for x, v in enumerate(out.values)]
        assert got == expected
        assert len(names) == c.values.count(0) - out.values.count(0)


@settings(max_examples=150, deadline=None)
@given(grids)
def test_the_exact_hot_loop_is_sound_against_the_reference(c: Candidates) -> None:
    # The search's loop may leave a broken state for the branching to find (it checks less
    # per round); what it does conclude must be the reference's.
    expected = reference(c)
    boards, unsolved = state_of(c)
    left = exact._propagate(boards, unsolved, tables(c.shape), None)
    if left == -1:
        assert expected is None
    elif expected is None:
        assert lacks_a_value(boards, left)
    else:
        assert boards == boards_of(expected, c.size)
        assert left == sum(1 << x for x, s in enumerate(expected) if len(s) > 1)


@settings(max_examples=60, deadline=None)
@given(grids, st.integers(0, 2**32))
def test_branch_contradictions_are_the_reference_ones(c: Candidates, seed: int) -> None:
    if reference(c) is None or 0 not in c.values:
        return
    rng = random.Random(seed)
    cell = rng.choice([x for x, v in enumerate(c.values) if not v])
    value = rng.choice(c.candidates_of(cell))
    branch = c.copy()
    branch.place(cell, value)
    boards, unsolved = state_of(c)
    unsolved = assume(boards, unsolved, cell, value - 1, tables(c.shape).keep)
    left = singles(boards, unsolved, tables(c.shape), 10**6)
    if reference(branch) is None:
        assert left is None or lacks_a_value(boards, left)
    else:
        assert left is not None


@settings(max_examples=40, deadline=None)
@given(grids)
def test_trial_refutes_the_first_branch_the_reference_breaks(c: Candidates) -> None:
    if reference(c) is None or 0 not in c.values:
        return
    empty = sorted((x for x, v in enumerate(c.values) if not v),
                   key=lambda x: (c.masks[x].bit_count(), x))
    first = None
    for x in empty[:60]:  # the cells trial and error tries by singles
        for v in c.candidates_of(x):
            branch = c.copy()
            branch.place(x, v)
            if reference(branch) is None:
                first = (x, v)
                break
        if first is not None:
            break
    step = trial_step(c.copy(), None)
    by_singles = step is not None and "by singles" in step.text
    assert by_singles == (first is not None)
    if step is not None and by_singles:
        assert step.eliminations == (first,)


def reference_round(cands: list[set[int]], solved: set[int], c: Candidates
                    ) -> tuple[list[set[int]], set[int]] | None:
    """One round of the chains' singles on sets: every naked and hidden single in sight placed
    at once; None when a cell has no candidate, a value some free cell still holds has no
    place in a unit, a cell is the single of two values or two singles of a value meet. (A
    value no free cell holds is not looked at: the gap the module's docstring names.)"""
    geo = c.geometry
    free = [x for x in range(len(cands)) if x not in solved]
    if any(not cands[x] for x in free):
        return None
    claims: dict[int, set[int]] = {}
    for v in range(1, c.size + 1):
        if not any(v in cands[x] for x in free):
            continue
        mine = {x for x in free if cands[x] == {v}}
        for unit in geo.units:
            where = [x for x in unit if x not in solved and v in cands[x]]
            if len(where) == 1:
                mine.add(where[0])
            elif not where and not any(v in cands[x] for x in unit):
                return None
        for x in mine:
            claims.setdefault(x, set()).add(v)
    if any(len(vs) > 1 for vs in claims.values()):
        return None
    placed = {x: min(vs) for x, vs in claims.items()}
    if any(placed.get(p) == v for x, v in placed.items() for p in geo.peers[x]):
        return None
    new = [set(s) for s in cands]
    for x, v in placed.items():
        for p in geo.peers[x]:
            new[p].discard(v)
    for x, v in placed.items():
        new[x] = {v}
    return new, solved | set(placed)


def sets_of(c: Candidates) -> tuple[list[set[int]], set[int]]:
    return ([{v} if v else set(c.candidates_of(x)) for x, v in enumerate(c.values)],
            {x for x, v in enumerate(c.values) if v})


def unsolved_of(cands: list[set[int]], solved: set[int]) -> int:
    return sum(1 << x for x in range(len(cands)) if x not in solved)


def cut_one(rng: random.Random, cands: list[set[int]], solved: set[int],
            states: list[Boards]) -> None:
    """Remove one candidate of a free cell everywhere (as locked candidates and nested probes
    do between rounds), sometimes a cell's last one."""
    free = [x for x in range(len(cands)) if x not in solved and cands[x]]
    if not free:
        return
    x = rng.choice(free)
    v = rng.choice(sorted(cands[x]))
    cands[x].discard(v)
    for boards in states:
        boards[v - 1] &= ~(1 << x)


@settings(max_examples=150, deadline=None)
@given(grids, st.integers(0, 2**32), st.floats(0.0, 0.5))
def test_rounds_with_and_without_seen_are_the_plain_rounds(c: Candidates, seed: int,
                                                           cuts: float) -> None:
    rng = random.Random(seed)
    t = tables(c.shape)
    cands, solved = sets_of(c)
    plain, unsolved = state_of(c)
    boards, left = plain[:], unsolved
    seen = fresh_seen(t)
    for _ in range(c.shape.cell_count):
        if rng.random() < cuts:
            cut_one(rng, cands, solved, [plain, boards])
        expected = reference_round(cands, solved, c)
        one = singles_round(plain, unsolved, t)
        other = singles_round(boards, left, t, seen)
        if expected is None:
            assert one is None and other is None
            return
        assert one is not None and other is not None
        cands, solved = expected
        unsolved, left = one, other
        assert unsolved == left == unsolved_of(cands, solved)
        assert plain == boards == boards_of(cands, c.size)
        if not unsolved:
            return


@settings(max_examples=150, deadline=None)
@given(grids, st.integers(0, 2**32), st.integers(1, 30))
def test_a_branch_from_a_state_at_rest_keeps_the_plain_rounds(c: Candidates, seed: int,
                                                               rounds: int) -> None:
    # As the dynamic engine does: the root's free cells are what its rounds last saw, so the
    # branch's first round looks only around what the assumption changed.
    t = tables(c.shape)
    root, start = state_of(c)
    unsolved = singles(root, start, t)
    if not unsolved:
        return  # broken or solved: no branch
    rng = random.Random(seed)
    cell = rng.choice([x for x in range(c.shape.cell_count) if unsolved >> x & 1])
    d = rng.choice([e for e in range(c.size) if root[e] >> cell & 1])
    plain = root[:]
    left = assume(plain, unsolved, cell, d, t.keep)
    boards = plain[:]
    fresh = singles(plain, left, t, rounds, [t.all_cells] * c.size)
    got = singles(boards, left, t, rounds, seen_at_rest(root, unsolved))
    assert got == fresh
    if got is not None:
        assert boards == plain
    # and the plain rounds: one at a time, every unit
    again = root[:]
    last: int | None = assume(again, unsolved, cell, d, t.keep)
    for _ in range(rounds):
        assert last is not None
        new = singles_round(again, last, t)
        if new is None or new == last:
            last = new
            break
        last = new
    assert got == last
    if got is not None:
        assert again == boards


def union_of_cuts(free: int, t: Tables) -> int:
    gone = 0
    for _, cut in locked_cuts(free, t.segments):
        gone |= cut
    return gone


@settings(max_examples=150, deadline=None)
@given(grids, st.integers(0, 2**32), st.integers(0, 12))
def test_locked_cuts_around_changed_cells_are_all_the_cuts(c: Candidates, seed: int,
                                                           drops: int) -> None:
    # ``rest`` is free cells at which no segment cut anything (or every cell: not known);
    # later free cells are fewer. Only segments around what left are looked at.
    rng = random.Random(seed)
    t = tables(c.shape)
    boards, unsolved = state_of(c)
    for bd in boards:
        before = bd & unsolved
        rest = before if not union_of_cuts(before, t) else t.all_cells
        free = before
        for _ in range(drops):
            if free:
                free &= ~(1 << rng.choice([x for x in range(c.shape.cell_count)
                                           if free >> x & 1]))
        assert locked_gone(free, rest ^ free, t) == union_of_cuts(free, t)
        assert locked_gone(free, t.all_cells ^ free, t) == union_of_cuts(free, t)
        cuts = locked_cuts(free, t.segments)
        assert first_locked_cut(free, t.segments) == (cuts[0] if cuts else None)


def plain_propagate(eng: Engine, boards: Boards, unsolved: int, level: int,
                    log: list[tuple[int, int]] | None = None) -> tuple[Boards, int] | None:
    """The engine's loop without ``seen`` or ``rest``: every unit and segment, every time."""
    t = eng.t
    while True:
        new = singles_round(boards, unsolved, t)
        if new is None:
            return None
        if new != unsolved:
            unsolved = new
            continue
        if not unsolved:
            return boards, unsolved
        if level >= 1:
            cut = False
            for d, bd in enumerate(boards):
                gone = union_of_cuts(bd & unsolved, t)
                if gone:
                    boards[d] = bd ^ gone
                    cut = True
            if cut:
                continue
        if level >= 2:
            removed = plain_probe(eng, boards, unsolved, level - 2, log)
            if removed is None:
                return None
            if removed:
                continue
        return boards, unsolved


def plain_probe(eng: Engine, boards: Boards, unsolved: int, inner: int,
                log: list[tuple[int, int]] | None) -> int | None:
    removed = 0
    for cell in range(eng.t.shape.cell_count):
        low = 1 << cell
        if not unsolved & low:
            continue
        for d in range(len(boards)):
            if boards[d] & low:
                trial = boards[:]
                left = assume(trial, unsolved, cell, d, eng.t.keep)
                if plain_propagate(eng, trial, left, inner) is None:
                    boards[d] &= ~low
                    removed += 1
                    if log is not None:
                        log.append((cell, d))
        if not any(b & low for b in boards):
            return None
    return removed


@settings(max_examples=80, deadline=None)
@given(grids, st.integers(0, 3), st.integers(0, 2**32))
def test_engine_branches_are_the_plain_loops(c: Candidates, level: int, seed: int) -> None:
    if level >= 2 and c.size > 6:
        level -= 2  # nested levels probe every candidate: small grids only
    eng = Engine(c, level, work=10**9)
    unsolved = eng.root[1]
    if not unsolved:
        return
    rng = random.Random(seed)
    cells = [x for x in range(c.shape.cell_count) if unsolved >> x & 1]
    for cell in rng.sample(cells, min(4, len(cells))):
        for d in range(c.size):
            if not eng.root[0][d] >> cell & 1:
                continue
            got = eng.branch(cell, d)
            boards = eng.root[0][:]
            log: list[tuple[int, int]] = []
            expected = plain_propagate(eng, boards, assume(boards, unsolved, cell, d,
                                                           eng.t.keep), level, log)
            assert got == expected
            assert eng.nested_log.get((cell, d), []) == log
