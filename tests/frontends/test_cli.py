"""The `sudoku` command: JSON contract, exit codes, batches, errors without tracebacks."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import read_corpus

from sudoku_core.cli import COMMANDS, main

PUZZLE_4 = "..3..4.221......"
SOLUTION_4 = "1234341221434321"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_command_is_registered(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert name in out


def test_solve_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--json", PUZZLE_4)
    data = json.loads(out)
    assert code == 0
    assert data["status"] == "solved"
    assert data["solution"] == SOLUTION_4
    assert data["unique"] is True


def test_solve_human_output_is_a_pretty_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", PUZZLE_4)
    assert code == 0
    assert "unique" in out and "│" in out


@pytest.mark.parametrize(
    ("puzzle", "status"),
    [("11..............", "invalid"), ("12.....3...4....", "no_solution")],
)
def test_solve_problems_exit_1(
    capsys: pytest.CaptureFixture[str], puzzle: str, status: str
) -> None:
    code, out, _ = run(capsys, "solve", "--json", puzzle)
    data = json.loads(out)
    assert (code, data["status"], data["solution"]) == (1, status, None)
    if status == "invalid":
        assert data["conflicts"][0]["cells"] == [[0, 0], [0, 1]]


def test_validate_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--json", PUZZLE_4)
    assert (code, json.loads(out)["status"]) == (0, "unique")
    code, out, _ = run(capsys, "validate", "--json", "." * 16)
    assert (code, json.loads(out)["status"]) == (1, "multiple")
    code, out, _ = run(capsys, "validate", "11" + "." * 14)
    assert code == 1 and "r1c1, r1c2" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["solve", "..3..4.221....."], "15 cells"),
        (["solve", "1x3.3.1..1.42.13"], "'x'"),
        (["solve", "--box", "3x5", PUZZLE_4], "225"),
        (["solve", "-f", "/nonexistent/file.txt"], "cannot read"),
    ],
)
def test_usage_and_parse_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    fake = io.TextIOWrapper(io.BytesIO(PUZZLE_4.encode()))
    monkeypatch.setattr(sys, "stdin", fake)
    code, out, _ = run(capsys, "solve", "--json", "-")
    assert code == 0 and json.loads(out)["solution"] == SOLUTION_4


def test_batch_json_lines_in_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzles = [PUZZLE_4, "11" + "." * 14, "." * 16, "..3..4.112......"]
    path = tmp_path / "batch.txt"
    path.write_text("# four puzzles\n" + "\n".join(puzzles) + "\n")
    code, out, err = run(capsys, "solve", "--json", "-f", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["puzzle"] for r in rows] == puzzles
    assert [r["line"] for r in rows] == [2, 3, 4, 5]
    assert [r["status"] for r in rows] == ["solved", "invalid", "solved", "solved"]
    assert code == 1
    assert "solved 3/4" in err and "puzzles/s" in err


def test_batch_check_reports_mismatches(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "quiz.csv"
    wrong = SOLUTION_4.translate(str.maketrans("12", "21"))
    path.write_text(f"quizzes,solutions\n{PUZZLE_4},{SOLUTION_4}\n{PUZZLE_4},{wrong}\n")
    code, out, _ = run(capsys, "solve", "--check", "-f", str(path))
    assert code == 1
    assert "MISMATCH" in out and "line 3" in out
    assert out.count("MISMATCH") == 1
    # The JSON says why, as the text does: the expected grid is no solution of the puzzle.
    code, out, _ = run(capsys, "solve", "--check", "--json", "-f", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["check"] for r in rows] == [True, False]
    assert rows[1]["check_note"].startswith("the expected grid changes the given")


def test_parallel_batch_keeps_input_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, corpora_dir: Path
) -> None:
    lines = read_corpus(corpora_dir / "puzzles1_unbiased", 600)
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    code1, out1, _ = run(capsys, "solve", "-j", "1", "-f", str(path))
    code2, out2, err2 = run(capsys, "solve", "-j", "2", "-f", str(path))
    assert code1 == code2 == 0
    assert out1 == out2
    assert len(out2.splitlines()) == 600
    assert "2 processes" in err2


@pytest.mark.parametrize("to", ["line", "pretty", "tokens", "json", "candidates"])
def test_show_formats(capsys: pytest.CaptureFixture[str], to: str) -> None:
    code, out, _ = run(capsys, "show", "--to", to, PUZZLE_4)
    assert code == 0
    if to != "candidates":
        code, out2, _ = run(capsys, "show", "--to", "line", out)
        assert out2.strip() == PUZZLE_4


def test_module_entry_point_never_prints_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 40)
    for argv, stdin in (
        (["solve", "-f", str(junk)], b""),
        (["validate"], b"\x00\xff\xfe garbage"),
        (["solve"], b"9" * 5_000_000),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "sudoku_core", *argv],
            input=stdin, capture_output=True, timeout=60,
        )
        assert proc.returncode == 2, proc.stderr
        assert b"Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_commands_import_no_private_names() -> None:
    # What one command module takes from another is part of its public surface.
    import ast

    import sudoku_core.commands as pkg

    for path in Path(pkg.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level:
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports {private} from {node.module}"


@pytest.mark.parametrize("to", ["line", "grid", "pretty", "json", "link"])
def test_show_json_is_the_facades_format_reply(capsys: pytest.CaptureFixture[str],
                                               to: str) -> None:
    from sudoku_core.web_api import handle

    puzzle = "..3..4.221......"
    code, out, _ = run(capsys, "show", "--json", "--to", to, puzzle)
    assert code == 0
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "format",
                                          "args": {"text": puzzle, "to": to}})))
    assert json.loads(out) == reply["result"]


@pytest.mark.parametrize("argv, fragment", [
    (["solve", "puzzles"], "cannot read puzzles: no such file"),  # a mistyped file name
    (["rate", "1234341221434321"], "no step needed"),
    (["hint", "--givens", "..3..4.221......", "." * 81], "--givens is a 4x4 puzzle but the "
                                                          "grid is 9x9"),
])
def test_messages_say_what_the_user_did(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        fragment: str) -> None:
    _, out, err = run(capsys, *argv)
    assert fragment in out + err
    assert "hardest step ." not in out + err


def test_every_subcommand_is_dispatched_through_the_table(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # One table names how each subcommand is declared and what runs it: swapping its runner
    # there is enough to change what `sudoku NAME` does.
    import sudoku_core.cli as cli

    for name, command in COMMANDS.items():
        monkeypatch.setitem(cli.COMMANDS, name, command._replace(main=lambda args: 42))
        code, _, _ = run(capsys, name)
        assert code == 42, name
    assert run(capsys)[0] == 2  # no subcommand: the help, a usage error
