"""Shared fixtures: where the public puzzle corpora live."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from sudoku_core.make.dig import dig
from sudoku_core.make.fill import random_solution
from sudoku_core.make.symmetry import orbits
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.solver.exact import solve

ROOT = Path(__file__).resolve().parent.parent

# `make test` is a landing gate: the same examples on every run (derandomize), so a red run is
# a regression, not the luck of the draw. HYPOTHESIS_PROFILE=explore searches fresh
# random examples on every run: use it to hunt bugs, then pin what it finds with @example.
# The machines that run the tests are shared and often loaded: no health check or deadline
# may fail a test for slowness (speed is measured by benchmarks, never by tests).
_CALM = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("gate", derandomize=True, print_blob=True, **_CALM)
settings.register_profile("explore", print_blob=True, **_CALM)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "gate"))


def find_corpora() -> Path | None:
    """The corpora folder: $SUDOKU_CORPORA, else ../shared/corpora next to the repo."""
    env = os.environ.get("SUDOKU_CORPORA")
    for candidate in ([Path(env)] if env else []) + [
        ROOT.parent / "shared" / "corpora",
        ROOT.parent.parent / "shared" / "corpora",
    ]:
        if candidate.is_dir():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpora_dir() -> Path:
    """Folder of the public corpora; tests that need it skip when it is absent."""
    found = find_corpora()
    if found is None:
        pytest.skip("puzzle corpora not found: set SUDOKU_CORPORA or add ../shared/corpora")
    return found


def read_corpus(path: Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of a corpus file (81 characters each)."""
    lines = [ln.strip() for ln in path.read_text().splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    return lines[:limit] if limit else lines


def dug_puzzle(shape: Shape, seed: int, share: float = 1.0,
               max_nodes: int = 20_000) -> tuple[Grid, Grid]:
    """(puzzle, solution): the library's own fill and dig, from a seed (the same every run).

    Cells of a random solution are emptied in random order while the puzzle stays unique;
    only the first ``share`` of them are tried, which keeps big grids quick to walk.
    """
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    order = list(orbits(shape.size, "none"))
    rng.shuffle(order)
    dug = dig(solution, order[:round(len(order) * share)], max_nodes=max_nodes,
              keep_going=lambda: True)
    return dug.grid(), solution


@pytest.fixture
def ticking_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock the test controls: each read of ``time.perf_counter`` is 1 ms later.

    Deadlines then fall after a fixed number of clock reads, whatever the machine's speed or
    load: a test of "the budget ran out" cannot pass or fail by chance.
    """
    now = [0.0]

    def tick() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(time, "perf_counter", tick)


@pytest.fixture
def no_forcing_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dynamic and nested forcing chains find nothing (they crack Platinum Blonde, which
    the trial-step tests need uncracked)."""
    from sudoku_core.logic.techniques import forcing_chains

    monkeypatch.setattr(forcing_chains, "search", lambda c, level, work=None: None)
    monkeypatch.setattr(forcing_chains, "search_all", lambda c, level, work=None: iter(()))


# Shapes small enough for property tests of the techniques on random candidate states.
SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3), Shape(3, 4),
          Shape(4, 4)]


def random_state(shape: Shape, seed: int, blank: float, drop: float) -> tuple[Candidates, Grid]:
    """A random solution, some cells blanked, and random wrong candidates removed."""
    rng = random.Random(seed)
    result = solve(Grid.empty(shape), rng=rng, time_limit=120)
    assert result.solution is not None
    solution = result.solution
    cells = tuple(0 if rng.random() < blank else v for v in solution.cells)
    c = Candidates.from_grid(Grid(shape, cells))
    for cell, right in enumerate(solution.cells):
        for v in c.candidates_of(cell):
            if v != right and rng.random() < drop:
                c.eliminate(cell, v)
    return c, solution


def broken_marks(shape: Shape, seed: int, drop: float) -> Candidates:
    """A user's marks gone wrong: any candidate, the solution's too, dropped at random (a cell
    may end with none)."""
    c, _ = random_state(shape, seed, 0.7, 0.0)
    rng = random.Random(seed)
    for cell in range(shape.cell_count):
        for v in c.candidates_of(cell):
            if rng.random() < drop:
                c.eliminate(cell, v)
    return c


def check_step(step: Step, c: Candidates, solution: Sequence[int], who: str, *,
               region: bool = True) -> None:
    """The step changes something that is there, and agrees with the solution: the one
    soundness check of the test suites (corpus paths, dug puzzles, random states)."""
    assert step.placements or step.eliminations, f"{who}: empty step {step.text}"
    for cell, v in step.placements:
        assert not c.values[cell] and c.has(cell, v), f"{who} placed on a filled cell or a " \
            f"missing candidate: {step.text}"
        assert solution[cell] == v, f"{who} placed a wrong value: {step.text}"
    for cell, v in step.eliminations:
        assert c.has(cell, v), f"{who} removed a missing candidate: {step.text}"
        assert solution[cell] != v, f"{who} removed the solution: {step.text}"
    assert step.text, f"{who}: step without text"
    assert step.region or not region, f"{who}: step without region"
