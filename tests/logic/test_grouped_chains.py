"""Grouped AIC / grouped nice loops and discontinuous nice loops: sound, and every link real.

Each chain found is checked link by link against the candidate state by rules written here
(a strong link: the value's only places in a unit, or a bivalue cell; a weak link: cells that
all see each other, or one cell), and every conclusion against the solution.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from conftest import SHAPES, random_state, read_corpus
from helpers import check_chain, grid9
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques import TECHNIQUES
from sudoku_core.logic.techniques.chains import iter_aic, iter_x_chain
from sudoku_core.logic.techniques.grouped_chains import (
    GROUPED_WORK,
    _GroupedLogic,
    _search_all,
    _starts,
    grouped_chain,
    iter_grouped_aic,
)
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid
from sudoku_core.model.step import Step
from sudoku_core.solver.exact import solve

Node = tuple[frozenset[int], int]  # cells, value


def _sees(c: Candidates, a: int, b: int) -> bool:
    return b in c.geometry.peers[a]








def _als(c: Candidates, cells: frozenset[int]) -> bool:
    """k cells of one unit holding k+1 digits between them (an almost locked set)."""
    digits = {v for x in cells for v in c.candidates_of(x)}
    in_a_unit = any(cells <= set(unit) for unit in c.geometry.units)
    return in_a_unit and not any(c.values[x] for x in cells) and len(digits) == len(cells) + 1


def als_link(c: Candidates, sets: dict[int, frozenset[int]]) -> Callable[[Node, Node, int],
                                                                          bool]:
    """A strong link between two digits of one ALS (``sets``: chain position -> its cells)."""
    def strong(a: Node, b: Node, i: int) -> bool:
        (ca, va), (cb, vb) = a, b
        s = sets.get(i)
        return (s is not None and s == sets.get(i + 1) and va != vb and _als(c, s)
                and ca == {x for x in s if c.has(x, va)} and cb == {x for x in s if c.has(x, vb)})
    return strong




def check_grouped(c: Candidates, solution: tuple[int, ...]) -> bool:
    """Check the grouped chain of a state, if any; True if one was found."""
    got = grouped_chain(c)
    if got is None:
        return False
    g, (chain, elims, is_loop, places) = got
    nodes = [(frozenset(x for x, _ in g.cands(node)), g.of(node)[1]) for node in chain]
    assert any(len(cells) > 1 for cells, _ in nodes), "a grouped chain uses a group"
    check_chain(c, nodes, is_loop, places, elims)
    assert elims or places
    for cell, v in places:
        assert solution[cell] == v
    for cell, v in elims:
        assert solution[cell] != v
    step = next(iter_grouped_aic(c), None)
    assert step is not None and step.technique == "Grouped AIC"
    assert set(step.eliminations) == set(elims) and list(step.placements) == places
    return True


@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), blank=st.floats(0.5, 0.9),
       drop=st.floats(0.0, 0.6))
def test_random_states_every_shape(shape: object, seed: int, blank: float, drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)  # type: ignore[arg-type]
    before = c.copy()
    check_grouped(c, solution.cells)
    for f in (iter_x_chain, iter_aic):  # their discontinuous loops place values too
        step = next(f(c), None)
        if step is not None:
            for cell, v in step.placements:
                assert solution.cells[cell] == v, step.text
            for cell, v in step.eliminations:
                assert solution.cells[cell] != v, step.text
    assert c == before


BELOW = [t for t in TECHNIQUES if t.weight < 68 and not t.needs_unique]


def magictour(corpora_dir: Path, stride: int, count: int) -> Iterator[tuple[Candidates, Grid]]:
    """Start states of magictour puzzles, with their solutions."""
    for line in read_corpus(corpora_dir / "puzzles3_magictour_top1465")[::stride][:count]:
        grid = grid9(line)
        sol = solve(grid).solution
        assert sol is not None
        yield Candidates.from_grid(grid), sol


def below(c: Candidates) -> Step | None:
    """The first step of the techniques rated below the grouped AIC."""
    return next((s for t in BELOW if (s := t.find(c)) is not None), None)


def test_grouped_chains_on_magictour(corpora_dir: Path) -> None:
    # Walk with everything below the grouped AIC; where it stalls, the grouped AIC is checked.
    found = 0
    for c, sol in magictour(corpora_dir, 73, 12):
        while not c.is_solved():
            step = below(c)
            if step is None:
                if not check_grouped(c, sol.cells):
                    break
                found += 1
                step = next(iter_grouped_aic(c), None)
                assert step is not None
            c.apply(step)
    assert found >= 3, "box groups matter on these puzzles: a finder that never fires is broken"


def check_als_chains(c: Candidates, solution: tuple[int, ...], max_nodes: int = 12) -> int:
    """Check every chain of the listing's search (ALS nodes allowed); how many use an ALS."""
    g = _GroupedLogic(c, als_nodes=True)
    with_als = 0
    for chain, elims, is_loop, places in _search_all(
            _starts(g), g.strong, g.weak_links, g, max_nodes, same_cell=True, work=GROUPED_WORK):
        nodes = [(frozenset(x for x, _ in g.cands(node)), g.of(node)[1]) for node in chain]
        sets = {i: frozenset(g.als[node][0].cells) for i, node in enumerate(chain)
                if node in g.als}
        with_als += bool(sets)
        check_chain(c, nodes, is_loop, places, elims, als_link(c, sets))
        for cell, v in places:
            assert solution[cell] == v
        for cell, v in elims:
            assert solution[cell] != v
    return with_als


def test_als_nodes_in_the_listing_on_magictour(corpora_dir: Path) -> None:
    # `steps --all --only "Grouped Nice Loop"` takes almost locked sets as nodes, as the expert
    # tools do: every chain is checked link by link (an ALS link against the rule, written
    # here), and every conclusion against the solution.
    with_als = 0
    for c, sol in magictour(corpora_dir, 97, 10):
        while not c.is_solved() and (step := below(c)) is not None:
            c.apply(step)
        if not c.is_solved():
            with_als += check_als_chains(c, sol.cells)
            listed = list(iter_grouped_aic(c, max_nodes=12, als_nodes=True))
            assert all(s.eliminations or s.placements for s in listed)
    assert with_als >= 3, "ALS nodes never used: the listing's ALS links are broken"


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), blank=st.floats(0.5, 0.9),
       drop=st.floats(0.0, 0.6))
def test_als_nodes_on_random_states_every_shape(shape: object, seed: int, blank: float,
                                                drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)  # type: ignore[arg-type]
    before = c.copy()
    check_als_chains(c, solution.cells, max_nodes=8)
    assert c == before
