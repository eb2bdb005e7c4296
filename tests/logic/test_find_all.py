"""find_all: every instance of the named techniques, none applied; pencil-mark grids as written;
and the CLI: `sudoku steps GRID --all --only NAME --json`, `sudoku steps --list-techniques`."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from pathlib import Path

import pytest
from conftest import random_state
from helpers import every_candidate, only_in, set_cands
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.formats.drawing import format_candidates
from sudoku_core.formats.scan import scan
from sudoku_core.logic import techniques
from sudoku_core.logic.find_all import (
    UnknownTechnique,
    candidates_from_text,
    find_all,
    listable,
    resolve,
    technique_names,
)
from sudoku_core.logic.techniques import TABLE, TECHNIQUES
from sudoku_core.logic.walk import next_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from tests.conftest import read_corpus

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 3), Shape(3, 4), Shape(4, 4)]


def x_wings(c: Candidates) -> set[tuple[tuple[int, int], ...]]:
    """Every X-Wing's eliminations, by brute force: two lines holding a digit in the same two
    cross lines (and nowhere else); the digit leaves those cross lines elsewhere."""
    n = c.size
    out = set()
    for v in range(1, n + 1):
        for by_rows in (True, False):
            def at(i: int, j: int, by_rows: bool = by_rows) -> int:
                return i * n + j if by_rows else j * n + i

            places = [frozenset(j for j in range(n) if c.has(at(i, j), v)) for i in range(n)]
            for a in range(n):
                for b in range(a + 1, n):
                    if len(places[a]) == 2 and places[a] == places[b]:
                        elims = tuple(sorted((at(i, j), v) for j in places[a] for i in range(n)
                                             if i not in (a, b) and c.has(at(i, j), v)))
                        if elims:
                            out.add(elims)
    return out


def test_find_all_lists_every_x_wing(corpora_dir: Path) -> None:
    total = 0
    for line in read_corpus(corpora_dir / "sudoku-top95.txt")[::10]:
        c = Candidates.from_grid(Grid(Shape(3, 3), tuple(
            0 if ch in ".0" else int(ch) for ch in line[:81])))
        for _ in range(30):
            found, cut = find_all(c, ["x-wing"])
            assert not cut
            assert {s.eliminations for s in found} == x_wings(c)
            total += len(found)
            step = next_step(c)
            if step is None:
                break
            c.apply(step)
    assert total > 0  # the sample has X-Wings to list


def test_find_all_leaves_the_state_and_lists_each_step_once() -> None:
    c, _ = random_state(Shape(3, 3), 7, 0.7, 0.3)
    before = c.copy()
    found, _ = find_all(c, ["Hidden Single", "Naked Pair", "Unique Rectangle", "ALS-XZ"])
    assert c == before
    keys = [(s.technique, s.eliminations, s.placements, s.text) for s in found]
    assert len(keys) == len(set(keys))


def test_every_iter_form_is_in_the_table() -> None:
    # A technique module's iter_ form missing from the table would never be walked or listed;
    # a hand-written find_ beside it would be a second, drifting copy of its first instance.
    found = set()
    for info in pkgutil.iter_modules(techniques.__path__):
        module = importlib.import_module(f"{techniques.__name__}.{info.name}")
        for name, value in vars(module).items():
            if name.startswith("iter_") and getattr(value, "__module__", "") == module.__name__:
                found.add(value)
    assert found and found == {t.iterate for t in TABLE}
    assert {t.name for t in TABLE if t.first is not None} == {
        "Dynamic Forcing Chain", "Dynamic Forcing Chain (+)", "Nested Forcing Chain",
        "Nested Forcing Chain (+)"}


def test_unknown_technique_is_named() -> None:
    c, _ = random_state(Shape(2, 2), 1, 0.5, 0.0)
    with pytest.raises(UnknownTechnique, match="X-Wang"):
        find_all(c, ["X-Wang"])


@settings(max_examples=20, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), drop=st.floats(0.0, 0.8))
def test_pencil_marks_are_read_as_written(shape: Shape, seed: int, drop: float) -> None:
    # Any marks, even a removed solution value or a cell with none: the state is the text's.
    c, _ = random_state(shape, seed, 0.6, 0.0)
    rng = random.Random(seed)
    for cell in range(shape.cell_count):
        for v in c.candidates_of(cell):
            if rng.random() < drop:
                c.eliminate(cell, v)
    # With no mark left in any empty cell the drawing is a plain grid, read as one (its
    # candidates computed): a pencil-mark grid needs at least one mark to be one.
    assume(any(c.masks[cell] for cell in range(shape.cell_count) if not c.values[cell]))
    text = format_candidates(c.to_grid(), c.masks)
    read = candidates_from_text(text)
    assert read.values == c.values and read.masks == c.masks


def test_a_plain_grid_gets_its_computed_candidates() -> None:
    line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    read = candidates_from_text(line)
    assert read == Candidates.from_grid(read.to_grid())


def test_cli_lists_techniques_in_rating_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", "--list-techniques"]) == 0
    names = capsys.readouterr().out.splitlines()
    assert names == technique_names()
    # The walker's order, with the listed-only families placed by weight.
    listed_only = {t.name for t in TABLE if not t.walked}
    assert listed_only >= {"Siamese Fish", "Mutant Fish", "Remote Pairs"}
    assert [x for x in names if x not in listed_only] == [t.name for t in TECHNIQUES]
    weights = [t.weight for t in listable()]
    assert weights == sorted(weights)


def test_cli_all_reads_the_pencil_marks(capsys: pytest.CaptureFixture[str]) -> None:
    # A 4x4 state whose marks leave a naked single at r1c1 that the values alone do not.
    grid = Grid(Shape(2, 2), (0, 0, 3, 4, 3, 4, 0, 0, 0, 0, 4, 3, 4, 3, 0, 0))
    masks = Candidates.from_grid(grid).masks
    masks[0] = 0b0001  # r1c1 marked (1) only; the values alone leave 1/2
    text = format_candidates(grid, masks)
    assert main(["steps", text, "--all", "--only", "naked single", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    singles = {(tuple(s["placements"][0]["cell"]), s["placements"][0]["symbol"])
               for s in data["steps"]}
    assert ((0, 0), "1") in singles and data["count"] == len(data["steps"])
    assert main(["steps", grid.line(), "--all", "--only", "naked single", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["count"] == 0


def test_cli_all_needs_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", "1234341221434321", "--all"]) == 2
    assert "--only" in capsys.readouterr().err
    assert main(["steps", "1234341221434321", "--all", "--only", "X-Wang"]) == 2
    assert "unknown technique 'X-Wang'" in capsys.readouterr().err


def ar_line(mark: str) -> str:
    """r1c1 = 1, r1c5 = 2, r2c1 = 2 (written with ``mark`` before each), the rest empty."""
    return (f"{mark}1...{mark}2....{mark}2........" + "." * 63)


def avoidable(text: str) -> set[tuple[tuple[int, int], ...]]:
    found, _ = find_all(candidates_from_text(text), ["Avoidable Rectangle"])
    return {tuple(sorted(s.eliminations)) for s in found}


def test_plus_marks_a_placed_value_not_a_given() -> None:
    # Placed (not given) 1, 2 / 2: r2c5 = 1 would complete a swappable rectangle.
    assert ((13, 1),) in avoidable(ar_line("+"))
    assert avoidable(ar_line("")) == set()  # givens cannot swap: nothing to avoid
    read = candidates_from_text(ar_line("+"))
    assert read.values == candidates_from_text(ar_line("")).values and read.givens == 0


def test_plus_marks_in_a_pencil_mark_grid() -> None:
    c = candidates_from_text(ar_line(""))
    drawn = format_candidates(c.to_grid(), c.masks)
    lines = drawn.split("\n")
    for t in sorted((scan(drawn).tokens[x] for x in (0, 4, 9)), reverse=True):
        line = lines[t.line - 1]
        lines[t.line - 1] = line[:t.column - 1] + "+" + line[t.column - 1:]
    text = "\n".join(lines)
    read = candidates_from_text(text)
    assert read.masks == c.masks and read.values == c.values
    assert read.givens == 0
    assert ((13, 1),) in avoidable(text)
    assert avoidable(drawn) == set()


@pytest.mark.parametrize(("name", "entry", "kind"), [
    ("Uniqueness Test 3", "Unique Rectangle", "unique rectangle type 3"),
    ("unique rectangle type 3", "Unique Rectangle", "unique rectangle type 3"),
    ("Sashimi Swordfish", "Finned Swordfish", "finned swordfish"),
    ("Finned Franken X-Wing", "Franken Fish", "finned franken x wing"),
    ("Siamese Finned Mutant Swordfish", "Siamese Fish", "siamese finned mutant swordfish"),
    ("Multi-Colors Type 2", "Multi-Colours", "multi colours type 2"),
    ("Grouped Discontinuous Nice Loop", "Grouped AIC", "grouped discontinuous nice loop"),
    ("Locked Pair", "Naked Pair", None),
    ("X-Wing", "X-Wing", None),
])
def test_names_people_use_resolve_to_an_entry_and_a_kind(name: str, entry: str,
                                                         kind: str | None) -> None:
    tech, asked = resolve(name)
    assert (tech.name, asked) == (entry, kind)


def test_a_kind_of_step_lists_only_that_kind() -> None:
    c = every_candidate()
    for name, values in {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 2, 3}, "r2c5": {1, 2, 4},
                         "r5c5": {3, 4}}.items():
        set_cands(c, name, values)
    only_in(c, 1, 9 + 4, ["r1c5", "r2c5"])  # 1 locked in the roofs: a Type 4 as well
    every, _ = find_all(c, ["Unique Rectangle"])
    type3, _ = find_all(c, ["Uniqueness Test 3"])
    assert {s.technique for s in type3} == {"Unique Rectangle Type 3"}
    assert type3 == [s for s in every if s.technique == "Unique Rectangle Type 3"]
    assert len(every) > len(type3)  # the same state holds other types too
