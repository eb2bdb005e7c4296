"""The Sudoku Explainer scale estimate: SE's length rule, its basic walk against SE's own ratings,
and `rate`'s `se` field."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.logic.rate import rate
from sudoku_core.logic.se_scale import (
    _CHAINED,
    FORCING_NAMES,
    _basic_walk,
    chain_nodes,
    difficulty_of,
    length_bonus,
    net_size,
)
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Chain, ChainLink, ChainNode, Step
from tests.conftest import find_corpora, read_corpus

ROOT = Path(__file__).resolve().parent.parent


def grid_of(line: str) -> Grid:
    return Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line))


def table() -> list[dict[str, str]]:
    for up in (ROOT.parent, ROOT.parent.parent):
        path = up / "shared" / "ratings" / "se-hodoku-train.tsv"
        if path.is_file():
            with path.open(encoding="utf-8") as f:
                return list(csv.DictReader(f, delimiter="\t"))
    pytest.skip("shared/ratings/se-hodoku-train.tsv not found")


@pytest.mark.parametrize(("nodes", "bonus"), [(2, 0.0), (4, 0.0), (5, 0.1), (6, 0.1), (7, 0.2),
                                              (8, 0.2), (9, 0.3), (12, 0.3), (13, 0.4),
                                              (16, 0.4), (17, 0.5), (24, 0.5), (25, 0.6),
                                              (32, 0.6), (33, 0.7), (48, 0.7), (49, 0.8)])
def test_length_bonus_steps_at_4_6_8_12_16_24_32_48(nodes: int, bonus: float) -> None:
    assert length_bonus(nodes) == pytest.approx(bonus)


@given(st.integers(0, 500), st.integers(0, 500))
def test_length_bonus_never_falls_as_a_chain_grows(a: int, b: int) -> None:
    lo, hi = sorted((a, b))
    assert length_bonus(lo) <= length_bonus(hi) + 1e-9


def test_every_registry_name_has_a_difficulty_on_the_scale() -> None:
    from sudoku_core.logic.techniques import TECHNIQUES, TRIAL
    for name in [t.name for t in TECHNIQUES] + [TRIAL]:
        assert 1.0 <= difficulty_of(name, None) <= 12.0, name


def _branch(nodes: int, inner: int = 0) -> Chain:
    """A branch of ``nodes`` nodes; its last node refuted by an inner chain of ``inner``."""
    sub = _branch(inner) if inner else None
    out = tuple(ChainNode((i,), 1, True, sub=sub if i == nodes - 1 else None)
                for i in range(nodes))
    return Chain("branch", out, tuple(ChainLink(i, i + 1, "implies") for i in range(nodes - 1)))


@given(st.lists(st.integers(1, 40), min_size=1, max_size=4), st.integers(0, 12),
       st.sampled_from(sorted(FORCING_NAMES)))
def test_a_forcing_net_is_measured_whole(sizes: list[int], inner: int, name: str) -> None:
    # SE's length of a forcing chain counts every node of every branch (inner ones too); the
    # rating itself keeps the chain candidates' count (the nets are not SE's: see the docs).
    chains = tuple(_branch(k, inner if i == 0 else 0) for i, k in enumerate(sizes))
    total = sum(sizes) + inner
    assert sum(chain_nodes(ch) for ch in chains) == total
    on = tuple((x, 1, "on") for x in range(3))
    step = Step(name, (), ((0, 1),), "t", candidates=on, chains=lambda: chains)
    assert net_size(step) == total
    base, grows = _CHAINED[name]
    want = round(base + (length_bonus(len(on)) if grows else 0.0), 1)
    assert difficulty_of(name, step) == pytest.approx(want)


def test_the_basic_walk_gives_se_own_numbers() -> None:
    # Puzzles SE solves without chains (ER <= 6.0): the basic walk follows SE's published order
    # and difficulties, so ER, EP and ED should be SE's own on nearly all of them.
    rows = [r for r in table() if r["se_status"] == "ok" and float(r["se_rating"]) <= 6.0]
    assert len(rows) > 100
    same = [0, 0, 0]
    for r in rows:
        b = _basic_walk(grid_of(r["puzzle"]))
        assert b.solved, r["puzzle"]
        same[0] += b.top == float(r["se_rating"])
        same[1] += b.ep == float(r["se_pearl"])
        same[2] += b.ed == float(r["se_diamond"])
    assert min(same) >= 0.97 * len(rows), same


def test_rate_gives_se_ordered_ed_ep_er(corpora_dir: Path) -> None:
    lines = read_corpus(corpora_dir / "puzzles3_magictour_top1465")
    for line in random.Random(3).sample(lines, 6) + read_corpus(corpora_dir / "sudoku10k.txt", 6):
        r = rate(grid_of(line), time_limit=120)  # a loaded machine must not cut it short
        assert r.status == "solved" and r.se is not None
        assert 1.0 <= r.se.ed <= r.se.ep <= r.se.er <= 12.0, (line, r.se)
        assert r.to_json()["se"] == {"er": r.se.er, "ep": r.se.ep, "ed": r.se.ed}


def test_se_is_null_where_se_rates_nothing() -> None:
    assert rate(Grid(Shape(2, 2), (1, 2, 0, 0) + (0,) * 12)).se is None  # not 9x9
    assert rate(Grid(Shape(3, 3), (0,) * 81)).se is None  # several solutions
    assert rate(Grid(Shape(3, 3), (1, 1) + (0,) * 79)).to_json()["se"] is None  # invalid


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 999))
def test_the_score_and_level_do_not_depend_on_the_estimate(index: int) -> None:
    # `rate` watches the same walk `steps` takes: its own score, level and hardest stay.
    from sudoku_core.logic.explain import steps
    root = find_corpora()
    if root is None:
        pytest.skip("corpora not found")
    line = read_corpus(root / "puzzles1_unbiased")[index]
    r, p = rate(grid_of(line)), steps(grid_of(line))
    assert (r.score, r.level, r.hardest) == (p.score, p.level, p.hardest)


def test_cli_rate_json_carries_se(capsys: pytest.CaptureFixture[str]) -> None:
    line = "..3......4..7........6...1569..1....2.....3.4.....6...87...31.9...15.7...6..2...8"
    assert main(["rate", line, "--json"]) == 0
    se = json.loads(capsys.readouterr().out)["se"]
    assert set(se) == {"er", "ep", "ed"} and se["er"] >= 6.5  # SE: 7.1, a chain is needed
