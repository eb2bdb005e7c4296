"""Line rules on 4x4: the exact search counts what a plain test of every grid counts.

Lines here are any cells in any order (no rule's propagation may lean on lines being drawn
between neighbours), one or two lines of a type, with a few random givens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import line_rules as words
from brute4 import brute_count
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.model.constraints.rule import Rule
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant
from sudoku_core.solver.exact import solve

BOX4 = words.boxes(2, 2)
Holds = Callable[[Sequence[int]], bool]
Line = tuple[Rule, Holds]


def count_agrees(lines: Sequence[Line], givens: dict[int, int]) -> None:
    """The search's count with the lines equals the count of grids passing their tests."""
    variant = Variant(constraints=tuple(sorted(rule for rule, _ in lines)))
    grid = Grid.empty(Shape(2, 2, variant)).with_values(givens.items())
    result = solve(grid, limit=300, time_limit=10)
    plain = [givens.get(i, 0) for i in range(16)]
    expected = brute_count(lambda g: all(holds(g) for _, holds in lines), plain)
    assert result.count == expected, (lines, givens)
    if expected:
        assert result.solution is not None
        assert all(holds(result.solution.cells) for _, holds in lines)


def cells_of(least: int, most: int = 16) -> st.SearchStrategy[tuple[int, ...]]:
    """Distinct cells of the 4x4 grid, ``least`` to ``most`` of them, in a random order."""
    return st.tuples(st.permutations(range(16)), st.integers(least, most)).map(
        lambda pair: tuple(pair[0][:pair[1]]))


GIVENS = st.dictionaries(st.integers(0, 15), st.integers(1, 4), max_size=4)
SETTINGS = settings(max_examples=60, deadline=None)


def twice(line: st.SearchStrategy[Line]) -> st.SearchStrategy[list[Line]]:
    """One or two lines of a type, on cells no two of them share."""
    return st.lists(line, min_size=1, max_size=2).filter(
        lambda ls: len(ls) == 1 or not set(ls[0][0].scope()) & set(ls[1][0].scope()))


@st.composite
def whispers(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.whispers import Whispers

    cells = draw(cells_of(2, 6))
    d = draw(st.integers(1, 3))
    return Whispers(cells, d), lambda g: words.whispers(g, cells, d)


@st.composite
def renban(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.renban import Renban

    cells = draw(cells_of(2, 4))
    return Renban(cells), lambda g: words.renban(g, cells)


@st.composite
def palindrome(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.palindrome import Palindrome

    cells = draw(cells_of(2, 7))
    return Palindrome(cells), lambda g: words.palindrome(g, cells)


@st.composite
def between(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.between import BetweenLine

    cells = draw(cells_of(3, 5))
    return BetweenLine(cells), lambda g: words.between(g, cells)


@st.composite
def region_sum(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.region_sum import RegionSumLine

    cells = draw(cells_of(2, 7))
    return RegionSumLine(cells), lambda g: words.region_sum(g, cells, BOX4)


@st.composite
def modular(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.modular import ModularLine

    cells = draw(cells_of(3, 7))
    return ModularLine(cells), lambda g: words.modular(g, cells)


@st.composite
def zipper(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.zipper import ZipperLine

    cells = draw(cells_of(3, 7))
    return ZipperLine(cells), lambda g: words.zipper(g, cells)


@st.composite
def arrow(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.arrow import Arrow

    cells = draw(cells_of(2, 8))
    k = draw(st.integers(1, min(2, len(cells) - 1)))
    circle, line = cells[:k], cells[k:]
    return Arrow(circle, line), lambda g: words.arrow(g, circle, line)


@st.composite
def double_arrow(draw: st.DrawFn) -> Line:
    from sudoku_core.model.constraints.double_arrow import DoubleArrow

    cells = draw(cells_of(3, 6))
    return DoubleArrow(cells), lambda g: words.double_arrow(g, cells)


@SETTINGS
@given(twice(whispers()), GIVENS)
def test_whispers_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(renban()), GIVENS)
def test_renban_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(palindrome()), GIVENS)
def test_palindrome_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(between()), GIVENS)
def test_between_line_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(region_sum()), GIVENS)
def test_region_sum_line_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(modular()), GIVENS)
def test_modular_line_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(zipper()), GIVENS)
def test_zipper_line_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(arrow()), GIVENS)
def test_arrow_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(twice(double_arrow()), GIVENS)
def test_double_arrow_count(lines: list[Line], givens: dict[int, int]) -> None:
    count_agrees(lines, givens)


@SETTINGS
@given(st.lists(st.one_of(whispers(), renban(), palindrome(), between(), region_sum(),
                          modular(), zipper(), arrow(), double_arrow()), min_size=2,
                max_size=3), GIVENS)
def test_mixed_lines_count(lines: list[Line], givens: dict[int, int]) -> None:
    # Lines of different types may share cells: each rule's propagator must stay exact.
    count_agrees(lines, givens)
