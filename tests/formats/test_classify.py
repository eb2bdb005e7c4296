"""classify() names the kind of every text the writers make, for several box shapes, and the
reader of that kind gives the grid back; batch-or-single is told by records.one_or_many."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.csv_row import format_csv_row
from sudoku_core.formats.drawing import candidate_masks
from sudoku_core.formats.read import Kind, classify, parse, read_parts, read_puzzles
from sudoku_core.formats.records import one_or_many
from sudoku_core.formats.write import (
    FORMATS,
    SITE_LINKS,
    format_grid,
    format_site_link,
    writes,
)
from sudoku_core.make.fill import pattern_solution
from sudoku_core.model.grid import MAX_SYMBOL_SIZE, Grid, Shape
from sudoku_core.model.variants import Variant

# Square and oblong boxes, small and large, and one above 35 (numbers instead of symbols).
SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3), Shape(2, 4), Shape(4, 3),
          Shape(4, 4), Shape(2, 5), Shape(6, 6)]
# The kind each writer's text is, whatever the grid (the pencil-mark grid: see below).
WRITTEN_AS = {"line": Kind.LINE, "grid": Kind.GRID, "pretty": Kind.GRID, "tokens": Kind.GRID,
              "json": Kind.JSON, "ss": Kind.GRID, "sdk": Kind.GRID, "link": Kind.LINK,
              "variant": Kind.GRID, "candidates": Kind.PENCIL, "fpuzzles": Kind.LINK,
              "sudokupad": Kind.LINK}
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def puzzle(shape: Shape, seed: int, density: float) -> tuple[Grid, Grid]:
    """A valid solution of ``shape`` and a puzzle dug from it (``density`` of cells kept)."""
    rng = random.Random(seed)
    solution = pattern_solution(shape, rng)
    cells = tuple(v if rng.random() < density else 0 for v in solution.cells)
    return Grid(shape, cells), solution


def explicit(shape: Shape) -> Shape | None:
    """The shape to pass to parse: only when it is not the default for its size."""
    return None if Shape.for_size(shape.size) == shape else shape


def pencil_kind(grid: Grid) -> Kind:
    """A pencil-mark grid shows candidates (PENCIL) unless every empty cell has two of them
    written as one two-digit token ('12', which is also a number: a GRID); a full grid shows
    values only."""
    counts = [bin(m).count("1") for v, m in zip(grid.cells, candidate_masks(grid), strict=True)
              if not v]
    if counts and (grid.size > MAX_SYMBOL_SIZE or any(k != 2 for k in counts)):
        return Kind.PENCIL
    return Kind.GRID


def test_every_writer_has_an_expected_kind() -> None:
    assert set(WRITTEN_AS) == set(FORMATS)


@SETTINGS
@given(to=st.sampled_from(sorted(FORMATS)), shape=st.sampled_from(SHAPES),
       seed=st.integers(0, 2**32), density=st.sampled_from([0.0, 0.3, 0.7, 1.0]))
def test_each_writer_is_classified_and_read_back(
    to: str, shape: Shape, seed: int, density: float
) -> None:
    grid, _ = puzzle(shape, seed, density)
    if not writes(to, shape):
        return  # another site's link, for a shape it cannot draw (test_roundtrip.py)
    text = format_grid(grid, to)
    expected = pencil_kind(grid) if to == "candidates" else WRITTEN_AS[to]
    assert classify(text) is expected, text
    assert parse(text, explicit(shape)) == grid


@SETTINGS
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32),
       density=st.sampled_from([0.2, 0.5]))
def test_csv_rows_keep_the_solution(shape: Shape, seed: int, density: float) -> None:
    grid, solution = puzzle(shape, seed, density)
    text = format_csv_row(grid, solution)
    assert classify(text) is Kind.CSV
    got = read_parts(text, explicit(shape))
    assert (got.givens, got.solution) == (grid, solution)


@settings(max_examples=20, deadline=None)
@given(site=st.sampled_from(SITE_LINKS), seed=st.integers(0, 2**32))
def test_site_links_are_links(site: str, seed: int) -> None:
    grid, _ = puzzle(Shape(3, 3), seed, 0.4)
    text = format_site_link(grid, site)
    assert classify(text) is Kind.LINK
    assert parse(text) == grid


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), diagonals=st.booleans(), windows=st.booleans())
def test_variant_text_is_variant(seed: int, diagonals: bool, windows: bool) -> None:
    base, _ = puzzle(Shape(3, 3), seed, 0.4)
    if not (diagonals or windows):
        diagonals = True
    shape = base.shape.with_variant(Variant(diagonals, windows, (), (), False, False))
    grid = Grid(shape, base.cells)
    text = format_grid(grid, "variant")
    assert classify(text) is Kind.VARIANT
    assert parse(text) == grid


@SETTINGS
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32), count=st.integers(2, 6),
       to=st.sampled_from(["line", "json"]))
def test_one_puzzle_a_line_is_a_batch(shape: Shape, seed: int, count: int, to: str) -> None:
    grids = [puzzle(shape, seed + k, 0.4)[0] for k in range(count)]
    lines = [format_grid(g, to).replace("\n", "") for g in grids]
    text = "\n".join(lines)
    assert all(classify(line) is WRITTEN_AS[to] for line in lines)
    assert one_or_many(text, explicit(shape)) is None
    assert [r.grid for r in read_puzzles(text, explicit(shape))] == grids


@SETTINGS
@given(to=st.sampled_from(["grid", "pretty", "ss", "json", "candidates", "line"]),
       shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_one_grid_is_one_puzzle(to: str, shape: Shape, seed: int) -> None:
    grid, _ = puzzle(shape, seed, 0.5)
    assert one_or_many(format_grid(grid, to), explicit(shape)) == grid


def formats_imports() -> dict[str, set[str]]:
    """Module -> the formats modules it imports (at the top or inside a function)."""
    import ast
    from pathlib import Path

    import sudoku_core.formats as package

    folder = Path(package.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                found.add(node.module)
        graph[path.stem] = found
    return graph


def test_formats_modules_import_no_cycle() -> None:
    graph = formats_imports()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
    assert "auto" in graph["read"] and "kind" in graph["auto"]  # the graph was read


def test_readers_do_not_call_the_dispatch_back() -> None:
    # parse (auto) is called by the batch reader and the public entry only; classify (kind)
    # by them and the dispatch itself: no reader of one kind reaches either.
    graph = formats_imports()
    assert {m for m, deps in graph.items() if "auto" in deps} == {"read", "records"}
    assert {m for m, deps in graph.items() if "kind" in deps} == {"auto", "read", "records"}


def test_quoted_text_is_read_for_its_own_kind() -> None:
    grid, _ = puzzle(Shape(3, 3), 5, 0.4)
    link = format_site_link(grid, "sudokuwiki")
    rows = format_grid(grid, "grid").replace("\n", ",")
    assert classify(f'"{link}"') is Kind.JSON and parse(f'"{link}"') == grid
    assert classify(f'"{rows}"') is Kind.JSON and parse(f'"{rows}"') == grid
    assert classify(f'"{grid.line()}","x"') is Kind.CSV and parse(f'"{grid.line()}","x"') == grid


def test_a_csv_field_may_be_a_link() -> None:
    grid, solution = puzzle(Shape(3, 3), 6, 0.4)
    text = f"7,{format_site_link(grid, 'sudokuwiki')},{solution.line()}"
    assert classify(text) is Kind.CSV
    got = read_parts(text)
    assert (got.site, got.givens, got.solution) == ("csv", grid, solution)
