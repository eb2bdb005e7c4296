"""Dynamic and nested forcing chains: sound on the hardest lists and on any candidate state.

Every step is checked against the solution, and every chain it prints is checked as a proof:
each fact must follow, by the rule it names, from facts found before it (an independent
checker below, which knows the rules of Sudoku, not the code that found the chain).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import SHAPES, broken_marks, random_state, read_corpus
from helpers import grid9, stalled
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques import TECHNIQUES
from sudoku_core.logic.techniques.chain_trace import Contradiction, Fact, Trace, branch_trace
from sudoku_core.logic.techniques.dynamic import Engine, Found, search, search_all
from sudoku_core.logic.techniques.forcing_chains import (
    NAMES,
    find_dynamic_forcing_chain,
    find_nested_forcing_chain,
    word,
)
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from sudoku_core.model.step import Step
from sudoku_core.solver.bitboards import tables
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)
# Below the dynamic chains: the walk that leaves a state only they can crack.
BELOW = tuple(t for t in TECHNIQUES if t.weight < 85 and not t.needs_unique)






def check_sound(step: Step, c: Candidates, solution: Sequence[int]) -> None:
    assert step.placements or step.eliminations, step.text
    for cell, v in step.placements:
        assert not c.values[cell] and c.has(cell, v) and solution[cell] == v, step.text
    for cell, v in step.eliminations:
        assert c.has(cell, v) and solution[cell] != v, step.text
    assert step.text.startswith(step.technique) and step.region


def _follows(tr: Trace, fact: Fact, parents: tuple[Fact, ...], rule: str) -> bool:
    """True if ``fact`` follows from ``parents`` by one rule of Sudoku (given the root state)."""
    c, n = tr.c, tr.n
    geo = c.geometry
    root = tr.root
    cell, v, on = fact
    ps = set(parents)
    if on:
        others = [e for e in range(1, n + 1) if e != v and root[cell] >> (e - 1) & 1]
        if all((cell, e, False) in ps for e in others):
            return True  # naked single
        for u in geo.units_of[cell]:
            rest = [y for y in geo.units[u] if y != cell and root[y] >> (v - 1) & 1]
            if all((y, v, False) in ps for y in rest):
                return True  # hidden single
        return False
    if any((cell, e, True) in ps for e in range(1, n + 1) if e != v):
        return True  # the cell holds another value
    if any((p, v, True) in ps for p in geo.peers[cell]):
        return True  # a peer holds the value
    if rule.startswith("locked candidates"):
        t = tables(c.shape)
        for seg, box_rest, line_rest in t.segments:
            for gone, other in ((box_rest, line_rest), (line_rest, box_rest)):
                if other >> cell & 1 and all(
                        (x, v, False) in ps for x in range(n * n)
                        if gone >> x & 1 and root[x] >> (v - 1) & 1):
                    return bool(seg)
        return False
    return rule == "nested" and bool(tr.why[fact].nested) and (
        "no candidate left" in tr.why[fact].nested[-1] or "no place" in tr.why[fact].nested[-1]
        or "would be" in tr.why[fact].nested[-1] or "twice" in tr.why[fact].nested[-1])


def check_proof(tr: Trace, goals: list[Fact], first: Fact) -> None:
    """Every fact the goals rest on follows from facts found before it; ``first`` is assumed."""
    facts, _ = tr.closure(goals)
    rank = {f: i for i, f in enumerate(tr.order)}
    assert facts
    for f in facts:
        w = tr.why[f]
        if f == first:
            assert not w.parents
            continue
        assert all(rank[p] < rank[f] for p in w.parents if p in rank), f
        assert _follows(tr, f, w.parents, w.rule), (f, w)


def check_contradiction(tr: Trace, why: Contradiction) -> None:
    """The contradiction's facts really clash."""
    ps = set(why.parents)
    n, root, geo = tr.n, tr.root, tr.c.geometry
    clash = any((x, v, True) in ps and (x, v, False) in ps for x, v, _ in ps)
    empty_cell = any(all((x, e, False) in ps for e in range(1, n + 1) if root[x] >> (e - 1) & 1)
                     for x, _, _ in ps)
    empty_unit = any(
        all((y, v, False) in ps for y in geo.units[u] if root[y] >> (v - 1) & 1)
        and any(root[y] >> (v - 1) & 1 for y in geo.units[u])
        for x, v, _ in ps for u in geo.units_of[x])
    assert clash or empty_cell or empty_unit, why.what


def check_found(c: Candidates, f: Found, eng: Engine) -> None:
    """Each branch's chain is a proof of what the step claims."""
    goals: list[Fact] = [(x, v, True) for x, v in f.placements] + [
        (x, v, False) for x, v in f.eliminations]
    for cell, v in f.choices:
        tr, why = branch_trace(c, eng, cell, v)
        if why is not None:
            check_contradiction(tr, why)
            check_proof(tr, list(why.parents), (cell, v, True))
        else:
            assert f.kind != "contradiction"
            check_proof(tr, goals, (cell, v, True))


@pytest.fixture(scope="module")
def hardest(corpora_dir: Path) -> list[tuple[Candidates, tuple[int, ...]]]:
    """Stalled states of a few puzzles of both forum lists, with their solutions."""
    lines = (read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[::125][:3]
             + read_corpus(corpora_dir / "puzzles5_forum_hardest_1905_11+")[::4000][:2])
    out = []
    for line in lines:
        grid = grid9(line)
        sol = solve(grid).solution
        assert sol is not None
        out.append((stalled(grid), sol.cells))
    return out


def test_nested_chains_crack_the_stalled_hardest_states(
        hardest: list[tuple[Candidates, tuple[int, ...]]]) -> None:
    for c, sol in hardest:
        assert not c.is_solved()
        found = None
        for level in range(4):
            found = search(c, level)
            if found is not None:
                break
        assert found is not None, "no chain at any level: the walk would need a guess"
        f, eng = found
        step = word(c, f, eng)
        assert step is not None and step.technique == NAMES[eng.level]
        check_sound(step, c, sol)
        check_found(c, f, eng)
        assert " -> " in step.text


def test_any_candidate_state_the_users_marks(
        hardest: list[tuple[Candidates, tuple[int, ...]]]) -> None:
    # Wrong candidates removed by hand (as from a pasted pencil-mark grid): still sound.
    rng = random.Random(5)
    for c, sol in hardest:
        c = c.copy()
        for cell in range(81):
            for v in c.candidates_of(cell):
                if v != sol[cell] and rng.random() < 0.15:
                    c.eliminate(cell, v)
        before = c.copy()
        step = find_dynamic_forcing_chain(c) or find_nested_forcing_chain(c)
        assert c == before
        assert step is not None
        check_sound(step, c, sol)






def test_every_instance_listed_is_sound_and_proved(corpora_dir: Path) -> None:
    # `steps --only "Dynamic Forcing Chain" --all` lists every chain the search meets, not
    # only the walker's first: each one is checked, its chains as proofs.
    for line in read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[:2]:
        grid = grid9(line)
        solution = solve(grid).solution
        assert solution is not None
        c, sol = Candidates.from_grid(grid), solution.cells
        for level in (0, 1):
            listed = list(search_all(c, level, work=5_000))
            assert len(listed) > 1
            assert listed[0][0] == search(c, level)[0]  # type: ignore[index]  # first = the step
            kinds = set()
            for f, eng in listed:
                step = word(c, f, eng)
                assert step is not None
                check_sound(step, c, sol)
                check_found(c, f, eng)
                kinds.add(f.kind)
            assert {"cell", "unit"} & kinds


def test_find_all_lists_several_forcing_chains(corpora_dir: Path) -> None:
    from sudoku_core.logic.find_all import find_all

    grid = grid9(read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[0])
    sol = solve(grid).solution
    assert sol is not None
    c = Candidates.from_grid(grid)  # the start: the static Forcing Chain still finds some
    names = ["Forcing Chain", "Dynamic Forcing Chain", "Dynamic Forcing Chain (+)"]
    steps, cut = find_all(c, names, time_limit=60)
    assert not cut
    for tech in names:
        mine = [s for s in steps if s.technique == tech]
        assert len(mine) > 1, tech
        for step in mine:
            check_sound(step, c, sol.cells)


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), blank=st.floats(0.5, 0.9),
       drop=st.floats(0.0, 0.6))
def test_random_states_every_shape(shape: Shape, seed: int, blank: float, drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)
    before = c.copy()
    for level in range(4):
        found = search(c, level, work=400)
        assert c == before
        if found is None:
            continue
        f, eng = found
        step = word(c, f, eng)
        assert step is not None, "the replay reaches what the search found"
        check_sound(step, c, solution.cells)
        check_found(c, f, eng)


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6), drop=st.floats(0.0, 0.7))
def test_broken_marks_are_handled(shape: Shape, seed: int, drop: float) -> None:
    # Marks that lose the solution, or leave a cell empty: no crash, no change of the state.
    c = broken_marks(shape, seed, drop)
    before = c.copy()
    for level in range(4):
        found = search(c, level, work=200)
        assert c == before
        if found is not None:
            step = word(c, *found)
            if step is not None:
                assert all(c.has(x, v) for x, v in step.eliminations), step.text
                assert all(not c.values[x] for x, _ in step.placements), step.text
