"""Fuzz the command line: random and mutated input never gives a traceback, an internal error
(exit 70), an answer past its budget, or a wrong solution."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing import SEEDS, is_solution, mutants, timed, values_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main

BUDGET = 0.3  # --time-limit of every fuzzed call, seconds
SLACK = 0.5  # what the issue allows past a budget
COMMANDS = [
    ["solve", "--json"], ["solve"], ["solve", "--limit", "1", "--to", "line"],
    ["validate", "--json"], ["show", "--to", "pretty"], ["show", "--to", "candidates"],
    ["show", "--json", "--to", "json"], ["hint", "--json", "--level", "apply"],
    ["hint", "--level", "nudge"], ["steps", "--json"], ["rate", "--json"],
]
TIMED = {"solve", "validate", "hint", "steps", "rate"}
BAD_LINES = ("Traceback", "internal error", "Error:", "set_int_max_str_digits", "recursion")


def check_run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> int:
    """Run main(argv) in this process and check everything the fuzz suite promises."""
    command = argv[0]
    if command in TIMED:
        argv = [command, "--time-limit", str(BUDGET), *argv[1:]]
    code, wall, cpu = timed(lambda: main(argv))
    out, err = capsys.readouterr()
    where = f"{argv!r:.300}\nstdout: {out[-300:]!r}\nstderr: {err[-300:]!r}"
    assert code in (0, 1, 2), where
    for bad in BAD_LINES:
        assert bad not in err, where
    assert cpu <= BUDGET + SLACK + (2.0 if command not in TIMED else 0.0), where
    assert wall <= 30, where  # a hang, whatever the load
    if code == 2:
        assert err.strip(), where  # a usage or parse error always says why
    if "--json" in argv and command == "solve":
        for line in out.splitlines():
            data = json.loads(line)
            if data.get("solution"):
                box = tuple(data["box"])
                why = is_solution(values_of(data["solution"]), values_of(data["puzzle"]), box)
                assert not why, f"{where}\n{why}"
    return code


@pytest.mark.parametrize("seed", range(6))
def test_mutated_input_in_process(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    rng = random.Random(seed)
    codes = []
    for text in mutants(seed, 120):
        if text.strip() == "-" or os.path.exists(text):
            continue  # stdin, or a file that happens to exist: not what this test is about
        codes.append(check_run(capsys, [*rng.choice(COMMANDS), "--", text]))
    assert {0, 2} <= set(codes)  # the mutants are neither all good nor all rejected


def test_mutated_batch_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A batch of mutants: bad lines are reported, good ones answered, none stops the rest.
    path = tmp_path / "mutants.txt"
    lines = [t.replace("\n", " ").replace("\r", " ") for t in mutants(99, 150)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    for command in (["solve", "--json", "-j", "1"], ["validate", "-j", "1"]):
        check_run(capsys, [*command, "-f", str(path)])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.sampled_from(
    [*"0123456789.ABCxyz|+-#,:[]{} \n", "│", "─", "\x00", "é"]), max_size=120))
def test_any_text(capsys: pytest.CaptureFixture[str], text: str) -> None:
    if text.strip() == "-" or os.path.exists(text):
        return
    check_run(capsys, ["solve", "--json", "--", text])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cells=st.lists(st.integers(0, 4), min_size=16, max_size=16),
       command=st.sampled_from(COMMANDS))
def test_any_4x4_grid(capsys: pytest.CaptureFixture[str], cells: list[int],
                      command: list[str]) -> None:
    check_run(capsys, [*command, "--", "".join(str(v or ".") for v in cells)])


@pytest.mark.parametrize("seed", [7])
def test_mutated_input_in_a_real_process(seed: int, tmp_path: Path) -> None:
    # A few through the real entry point, stdin included: what a shell user sees.
    rng = random.Random(seed)
    env = {**os.environ, "SUDOKU_DEBUG": ""}
    for text in [*mutants(seed, 4), SEEDS[3]]:
        command = rng.choice(COMMANDS)
        proc = subprocess.run(
            [sys.executable, "-m", "sudoku_core", *command], input=text.encode(
                "utf-8", "surrogatepass"), capture_output=True, timeout=60, env=env,
        )
        err = proc.stderr.decode("utf-8", "replace")
        assert proc.returncode in (0, 1, 2), (command, text, err)
        for bad in BAD_LINES:
            assert bad not in err, (command, text, err)
