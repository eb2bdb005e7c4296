"""Generated puzzles with placed rules (thermometers, arrows, dots, XV, sandwiches, little
killers, whispers, renban), alone and with Killer cages: unique, kept by their solution, of
the rules asked for, and a function of the seed."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.logic.rate import rate
from sudoku_core.make.generate import Generated, GenerateError
from sudoku_core.make.placed_rules import PLACERS, whisper_gap
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.budget import OutOfTime
from sudoku_core.model.conflicts import find_conflicts
from sudoku_core.model.constraints import KILLER, PLACED
from sudoku_core.model.constraints.little_killer import LittleKiller
from sudoku_core.model.constraints.whispers import Whispers
from sudoku_core.model.grid import Shape
from sudoku_core.solver.exact import solve

TYPES = tuple(PLACERS)
PAIR_KINDS = ("white dot", "black dot", "XV pair")
LINE_KINDS = ("thermometer", "arrow", "whispers line", "renban")
SIX, NINE = Shape(2, 3), Shape(3, 3)


def kinds(g: Generated) -> set[str]:
    """The table names of the generated puzzle's placed rules."""
    v = g.shape.variant
    assert v is not None
    return {row.name for row in PLACED for r in v.constraints if type(r) is row.rule_class}


def check(g: Generated, names: tuple[str, ...]) -> None:
    r = solve(g.grid, limit=2)
    assert r.unique and r.solution is not None
    assert r.solution.cells == g.solution.cells
    assert find_conflicts(g.solution) == []
    assert all(c in (0, s) for c, s in zip(g.grid.cells, g.solution.cells, strict=True))
    assert kinds(g) == {n for n in names if n != KILLER.name}
    v = g.shape.variant
    assert v is not None
    assert KILLER.present(v) == (KILLER.name in names)
    assert rate(g.grid, estimate_se=False).level_at_least() == g.level  # the level is true
    assert g.reached == (g.level == g.requested)
    assert g.reached or g.note  # a level missed is said


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("killer", [False, True])
def test_each_type_makes_a_unique_6x6_puzzle_its_solution_keeps(name: str, killer: bool) -> None:
    names = (KILLER.name, name) if killer else (name,)
    check(generate_puzzle(SIX, names, "medium", seed=5), names)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(TYPES), killer=st.booleans())
def test_9x9_puzzles_are_unique_and_the_same_for_a_seed(seed: int, name: str,
                                                        killer: bool) -> None:
    names = (KILLER.name, name) if killer else (name,)
    g = generate_puzzle(NINE, names, "medium", seed=seed, max_attempts=3)
    check(g, names)
    again = generate_puzzle(NINE, names, "medium", seed=seed, max_attempts=3)
    assert again.to_json() == g.to_json()


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), pair=st.lists(st.sampled_from(TYPES), min_size=2,
                                                        max_size=3, unique=True))
def test_several_types_together(seed: int, pair: list[str]) -> None:
    names = tuple(pair)
    g = generate_puzzle(SIX, names, "easy", seed=seed, max_attempts=4)
    check(g, names)
    v = g.shape.variant
    assert v is not None
    # One rule per pair of neighbours (no white and black dot on one pair), one clue per
    # diagonal, and lines that do not share cells.
    pairs = [frozenset(r.scope()) for r in v.constraints if type(r).kind in PAIR_KINDS]
    lines = [c for r in v.constraints if type(r).kind in LINE_KINDS for c in r.scope()]
    diagonals = [frozenset(r.scope()) for r in v.constraints if isinstance(r, LittleKiller)]
    assert len(set(pairs)) == len(pairs) and len(set(lines)) == len(lines)
    assert len(set(diagonals)) == len(diagonals)


def test_whispers_differ_by_half_the_size_rounded_up() -> None:
    assert [whisper_gap(n) for n in (4, 6, 9)] == [2, 3, 5]
    g = generate_puzzle(SIX, ("whispers",), "easy", seed=2)
    v = g.shape.variant
    assert v is not None
    lines = [r for r in v.constraints if isinstance(r, Whispers)]
    assert lines and all(w.difference == 3 for w in lines)


def test_killer_without_givens_keeps_the_placed_rules() -> None:
    names = (KILLER.name, "thermometer")
    g = generate_puzzle(SIX, names, "easy", seed=3, givens=False)
    assert not any(g.grid.cells)
    check(g, names)


def test_a_rule_that_cannot_be_made_is_refused_not_dropped() -> None:
    with pytest.raises(GenerateError, match="palindrome.*thermometer"):
        generate_puzzle(SIX, ("palindrome",), "easy", seed=1)
    with pytest.raises(GenerateError, match="Killer only"):
        generate_puzzle(SIX, ("thermometer",), "easy", seed=1, givens=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["generate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_thermometer_is_not_a_classic_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--variant", "thermometer", "--size", "6", "--seed", "1")
    assert code in (0, 2)  # 2: the level asked for was not reached (said on stderr)
    assert '"thermometers"' in out
    again = run(capsys, "--variant", "thermometer", "--size", "6", "--seed", "1")
    assert again == (code, out, err)


def test_cli_killer_arrow(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--variant", "killer,arrow", "--size", "6", "--seed", "2")
    assert code in (0, 2)
    assert '"arrows"' in out and "cages:" in out


def test_cli_refuses_a_rule_it_cannot_make_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--variant", "killer,palindrome", "--size", "6")
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "palindrome" in err and all(name in err for name in TYPES)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(TYPES))
def test_the_time_limit_does_not_choose_the_puzzle(seed: int, name: str) -> None:
    # Every search counts nodes and the attempts are counted: a longer budget that lets the
    # work finish gives the same puzzle.
    names = (KILLER.name, name)
    first = generate_puzzle(SIX, names, "hard", seed=seed, time_limit=30).to_json()
    assert generate_puzzle(SIX, names, "hard", seed=seed, time_limit=60).to_json() == first
    assert "time limit" not in first["note"]


@pytest.mark.parametrize("name", ["sandwich", "arrow"])
def test_a_placed_call_keeps_its_budget(name: str) -> None:
    start = time.perf_counter()
    try:
        g = generate_puzzle(NINE, (KILLER.name, name), "extreme", seed=1, time_limit=0.5)
    except OutOfTime as exc:
        assert "time limit" in str(exc)
    else:
        assert "time limit (0.5 s) ran out" in g.note or g.reached, g.note
    assert time.perf_counter() - start < 0.5 + 1.5


def test_attempts_that_make_nothing_are_not_blamed_on_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_core.make import variant_generate

    monkeypatch.setattr(variant_generate, "placed_attempt", lambda *args: None)
    with pytest.raises(OutOfTime, match=r"no thermometer puzzle was made in 3 attempt\(s\)"):
        generate_puzzle(SIX, ("thermometer",), "easy", seed=1, max_attempts=3)
