"""-o OUT, --resume and the CSV data sets, in one process (the cluster's own tests are in
test_cluster.py): a resumed batch ends with the output an uninterrupted one writes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.formats.read import parse
from sudoku_core.model.grid import Shape
from sudoku_core.solver.exact import solve

DATA = Path(__file__).resolve().parents[1] / "data" / "cluster_batch.txt"
PUZZLES = [ln for ln in DATA.read_text().splitlines() if ln and not ln.startswith("#")]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Eight puzzles with a comment and a blank line among them, and their `rate` records."""
    path = tmp_path_factory.mktemp("resume") / "in.txt"
    path.write_text("# a batch\n" + "\n".join(PUZZLES[:4]) + "\n\n" + "\n".join(PUZZLES[4:8]))
    out = path.with_name("reference.jsonl")
    assert main(["rate", "-f", str(path), "-j", "1", "--time-limit", "60", "-o", str(out)]
                + ["--json"]) == 0
    return path, out.read_text()


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_resume_from_any_prefix_ends_as_one_run(
    data: st.DataObject, batch: tuple[Path, str], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, reference = batch
    lines = reference.splitlines(keepends=True)
    k = data.draw(st.integers(0, len(lines)), label="whole records kept")
    # A kill in the middle of a write leaves part of the next record without its newline.
    half = data.draw(st.integers(0, len(lines[k]) - 2), label="half-written chars") if (
        k < len(lines)) else 0
    out = tmp_path / "out.jsonl"
    out.write_text("".join(lines[:k]) + (lines[k][:half] if k < len(lines) else ""))
    code, stdout, err = run(capsys, "rate", "-f", str(path), "-j", "1", "--time-limit", "60",
                            "--resume", str(out))
    assert code == 0, err
    assert stdout == ""
    assert out.read_text() == reference
    if k:
        assert f"{k} already in {out}" in err
    if half:
        assert "half-written last line was cut off" in err


def test_resume_of_a_finished_batch_adds_nothing(
    batch: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, reference = batch
    out = tmp_path / "out.jsonl"
    out.write_text(reference)
    code, _, err = run(capsys, "rate", "-f", str(path), "-o", str(out), "--resume")
    assert code == 0, err
    assert out.read_text() == reference
    assert "rated 0/0" in err and "8 already in" in err


@pytest.mark.parametrize("existing, why", [
    ("{\"puzzle\": \"x\", \"line\": 2}\n", "is the record of input line 2 (x)"),
    ("not json\n", "line 1 is not JSON"),
    ("[1, 2]\n", "line 1 is not a JSON object"),
    ("{\"status\": \"solved\"}\n", "line 1 has no input \"line\""),
])
def test_resume_refuses_another_output(
    existing: str, why: str, batch: tuple[Path, str], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, _ = batch
    out = tmp_path / "other.jsonl"
    out.write_text(existing)
    code, stdout, err = run(capsys, "rate", "-f", str(path), "--resume", str(out))
    assert code == 2
    assert why in err and str(out) in err
    assert len(err.strip().splitlines()) == 1
    assert out.read_text() == existing  # nothing appended to a file that is not ours


def test_resume_refuses_records_beyond_the_input(
    batch: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, reference = batch
    short = tmp_path / "short.txt"
    short.write_text("# the first puzzle alone\n" + PUZZLES[0] + "\n")
    out = tmp_path / "out.jsonl"
    out.write_text(reference)
    code, _, err = run(capsys, "rate", "-f", str(short), "--resume", str(out))
    assert code == 2 and "line 2 is a record beyond the input's end" in err, err


@pytest.mark.parametrize("argv, why", [
    (["--resume"], "--resume needs the output file"),
    (["--resume", "a.jsonl", "-o", "b.jsonl"], "give the output file once"),
    (["--resume", "a.jsonl", "--format", "csv"], "cannot go with --format csv"),
])
def test_resume_usage_errors(
    argv: list[str], why: str, batch: tuple[Path, str], tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "rate", "-f", str(batch[0]), *argv)
    assert code == 2 and why in err, err


def test_rate_csv_copies_each_input_row_and_adds_the_rating(
    batch: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, reference = batch
    records = [json.loads(ln) for ln in reference.splitlines()]
    # A Kaggle-style file: '0' for empty, a solutions column, and an extra column to keep.
    rows = [f"{p.replace('.', '0')},{solve(parse(p)).solution.line()},\"id, {i}\""  # type: ignore[union-attr]
            for i, p in enumerate(PUZZLES[:8])]
    source = tmp_path / "set.csv"
    source.write_text("quizzes,solutions,id\n" + "\n".join(rows) + "\n")
    code, out, err = run(capsys, "rate", "-f", str(source), "--format", "csv", "-j", "1",
                         "--time-limit", "60")
    assert code == 0, err
    got = out.splitlines()
    assert got[0] == "quizzes,solutions,id,level,score,hardest,status"
    assert len(got) == 1 + len(rows)
    for row, line, record in zip(rows, got[1:], records, strict=True):
        assert line.startswith(row + ",")
        fields = next(csv.reader(io.StringIO(line)))
        assert fields[2] == "id, " + str(rows.index(row))
        assert fields[3:] == [record["level"], str(record["score"]), record["hardest"],
                              record["status"]]


def test_generate_csv_is_a_data_set_of_the_same_puzzles_as_json(
    capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "-n", "3", "--seed", "11", "-d", "easy"]
    code, out, err = run(capsys, *argv, "--format", "csv")
    assert code == 0, err
    code, js, err = run(capsys, *argv, "--json")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["quizzes", "solutions", "level", "score"]
    for row, line in zip(rows, js.splitlines(), strict=True):
        record = json.loads(line)
        assert row["quizzes"] == record["puzzle"].replace(".", "0")
        assert row["solutions"] == record["solution"]
        assert (row["level"], int(row["score"])) == (record["level"], record["score"])
        grid = parse(row["quizzes"], Shape(3, 3))
        assert solve(grid).solution == parse(row["solutions"], Shape(3, 3))


def test_generate_resume_makes_the_rest_of_the_series(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "-n", "3", "--seed", "4", "-d", "easy"]
    code, whole, err = run(capsys, *argv, "--json")
    assert code == 0, err
    out = tmp_path / "gen.jsonl"
    out.write_text(whole.splitlines(keepends=True)[0] + whole.splitlines()[1][:30])
    code, _, err = run(capsys, *argv, "--resume", str(out))
    assert code == 0, err
    assert out.read_text() == whole
    # Another seed's series is not this one: refused, the file left alone.
    code, _, err = run(capsys, "generate", "-n", "3", "--seed", "5", "-d", "easy",
                       "--resume", str(out))
    assert code == 2 and "is not puzzle 1 of --seed 5" in err, err
    assert out.read_text() == whole


def test_rate_csv_of_a_generated_data_set_has_each_column_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # generate's data set already has level and score: rating it again fills them in place,
    # so the file reads back by column name (it had level,score,level,score,...).
    code, out, err = run(capsys, "generate", "-n", "2", "--seed", "11", "-d", "easy",
                         "--format", "csv")
    assert code == 0, err
    source = tmp_path / "set.csv"
    source.write_text(out.replace(",Easy,", ",Old,"), encoding="utf-8")
    code, rated, err = run(capsys, "rate", "-f", str(source), "--format", "csv", "-j", "1")
    assert code == 0, err
    header = rated.splitlines()[0].split(",")
    assert header == ["quizzes", "solutions", "level", "score", "hardest", "status"]
    rows = list(csv.DictReader(io.StringIO(rated)))
    given = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == len(given) == 2
    for row, old in zip(rows, given, strict=True):
        assert (row["quizzes"], row["solutions"]) == (old["quizzes"], old["solutions"])
        assert row["level"] == "Easy" and row["status"] == "solved" and row["hardest"]
        assert row["score"].isdigit() and None not in row
