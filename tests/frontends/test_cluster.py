"""Batches on a real Dask cluster: a LocalCluster of 2 worker processes, shared by the tests.

The CLI runs as a child process sent to the cluster's scheduler, so a test can kill the
client or a worker in the middle of a batch. No test measures time: each waits for the
records it needs, with generous limits for a loaded machine.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudoku_core.cli import main

# One xdist process runs them all, in file order, on one cluster (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("dask")

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "data" / "cluster_batch.txt"
WAIT = 300  # seconds a child process may take on a loaded machine before the test fails
RATE = ["rate", "-f", str(DATA), "--json", "--time-limit", "120"]


def sudoku(*argv: str, **kwargs: Any) -> subprocess.Popen[str]:
    """`python -m sudoku_core ARGV` from this checkout; Ctrl+C (SIGINT) reaches it even when
    the tests themselves run with it ignored (a background job of a shell)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_core", *argv], env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kwargs)


def finish(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=WAIT)
    return proc.returncode, out, err


def wait_for_lines(path: Path, n: int, proc: subprocess.Popen[str]) -> None:
    """Wait until ``path`` holds ``n`` lines (the batch is under way) while ``proc`` runs."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        assert proc.poll() is None, f"the batch ended before {n} records"
        time.sleep(0.05)
    pytest.fail(f"no {n} records in {path} after {WAIT} s")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster of 2 single-threaded worker processes; a task may lose one worker
    (allowed-failures 1), so a puzzle that kills its worker fails fast."""
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    with dask.config.set({"distributed.scheduler.allowed-failures": 1,
                          "logging.distributed": "error"}):
        local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                         dashboard_address=None)
        client = distributed.Client(local)
        try:
            yield client
        finally:
            client.close()
            local.close()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The batch's records from one process (-j 1)."""
    out = tmp_path_factory.mktemp("reference") / "one.jsonl"
    assert main([*RATE, "-j", "1", "-o", str(out)]) == 0
    return out.read_text()


def test_cluster_gives_the_records_of_one_process(cluster: Any, reference: str) -> None:
    code, out, err = finish(sudoku(*RATE, "--cluster", cluster.scheduler.address))
    assert code == 0, err
    assert out == reference  # same records, same order, same fields
    assert out.count("\n") == 200
    assert "rated 200/200" in err and "2 Dask workers at tcp://" in err, err


def test_generate_gives_the_same_series_on_the_cluster(cluster: Any) -> None:
    argv = ["generate", "-n", "4", "--seed", "2026", "-d", "easy", "--json"]
    code, here, err = finish(sudoku(*argv))
    assert code == 0, err
    code, there, err = finish(sudoku(*argv, "--cluster", cluster.scheduler.address))
    assert code == 0, err
    assert there == here and here.count("\n") == 4


def test_resume_after_the_client_is_killed(
    cluster: Any, reference: str, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    first = sudoku(*RATE, "--cluster", cluster.scheduler.address, "-o", str(out))
    wait_for_lines(out, 10, first)
    first.kill()  # kill -9: no clean-up at all
    first.communicate(timeout=WAIT)
    kept = out.read_text()
    assert reference.startswith(kept[:kept.rfind("\n") + 1])
    assert kept.count("\n") < 200  # it was killed mid-batch
    code, stdout, err = finish(sudoku(*RATE, "--cluster", cluster.scheduler.address,
                                      "--resume", str(out)))
    assert code == 0, err
    assert stdout == ""
    assert out.read_text() == reference
    assert f"already in {out}" in err


def test_ctrl_c_cancels_and_leaves_whole_records(
    cluster: Any, reference: str, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    proc = sudoku(*RATE, "--cluster", cluster.scheduler.address, "-o", str(out))
    wait_for_lines(out, 5, proc)
    proc.send_signal(signal.SIGINT)
    code, _, err = finish(proc)
    assert code == 130, err
    assert err.strip().splitlines()[-1] == "sudoku rate: interrupted"
    kept = out.read_text()
    assert kept.endswith("\n") and reference.startswith(kept)
    # Its tasks were cancelled: the scheduler is left with none of them.
    deadline = time.monotonic() + WAIT
    while cluster.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
        assert time.monotonic() < deadline, "tasks left on the scheduler"
        time.sleep(0.1)


def test_a_puzzle_that_fails_every_try_becomes_an_error_record(cluster: Any) -> None:
    # A task that raises fails at once; one whose puzzle kills every worker it runs on
    # fails with Dask's KilledWorker after allowed-failures deaths: the same path.
    from sudoku_core.commands.cluster import Cluster

    def work(items: list[int]) -> list[int]:
        if 3 in items:
            raise MemoryError(f"puzzle {3}")
        return [x * 10 for x in items]

    failures: list[str] = []

    def failed(x: int, exc: BaseException) -> int:
        failures.append(f"{type(exc).__name__}: {exc}")
        return -x

    on = Cluster(cluster.scheduler.address)
    try:
        # Chunks of 2 (an estimate of 32 on 2 workers): [2, 3] fails, then 2 alone succeeds.
        got = list(on.ordered_map(work, range(20), failed, estimate=32))
    finally:
        on.close()
    assert got == [x * 10 if x != 3 else -3 for x in range(20)]
    assert failures == ["MemoryError: puzzle 3"]


def test_the_input_is_read_as_the_results_come(cluster: Any) -> None:
    from sudoku_core.commands.cluster import Cluster

    read: list[int] = []

    def endless() -> Iterator[int]:
        for k in itertools.count():
            read.append(k)
            yield k

    on = Cluster(cluster.scheduler.address)
    try:
        results = on.ordered_map(lambda xs: [x + 1 for x in xs], endless(), lambda x, e: 0)
        first = list(itertools.islice(results, 5))
        results.close()  # type: ignore[attr-defined]
    finally:
        on.close()
    assert first == [1, 2, 3, 4, 5]
    assert len(read) <= 5 + 4 * 2  # the window: 4 tasks per worker, one item each


def test_local_cluster_of_the_command_line(reference: str) -> None:
    pytest.importorskip("distributed")
    code, out, err = finish(sudoku(*RATE, "--cluster", "local:2"))
    assert code == 0, err
    assert out == reference
    assert "2 Dask workers at local" in err


def test_without_dask_the_option_is_one_sentence_and_exit_2(tmp_path: Path) -> None:
    # The extra absent: `import distributed` fails as it does where it is not installed.
    code = ("import sys; sys.modules['distributed'] = None; from sudoku_core.cli import main; "
            f"sys.exit(main(['rate', '-f', {str(DATA)!r}, '--cluster', 'local:2']))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=WAIT)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == ("sudoku rate: error: --cluster needs Dask, an optional extra: "
                           "pip install 'sudoku-core[cluster]'\n")


def test_the_wheel_imports_without_dask() -> None:
    code = ("import sys; sys.modules['distributed'] = sys.modules['dask'] = None; "
            "import sudoku_core.cli, sudoku_core.commands.cluster; print('ok')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=WAIT)
    assert proc.stdout == "ok\n", proc.stderr


@pytest.mark.parametrize("address", ["local:0", "somewhere", "http://x:1"])
def test_a_bad_address_is_a_usage_error(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["rate", "-f", str(DATA), "--cluster", address])
    assert exc.value.code == 2
    assert "--cluster" in capsys.readouterr().err


def test_a_worker_killed_mid_batch_costs_no_record(
    cluster: Any, reference: str, tmp_path: Path
) -> None:
    # Last in the file: the worker's nanny starts it again, but that may take long on a
    # loaded machine, and no test after this one has to wait for it.
    out = tmp_path / "out.jsonl"
    proc = sudoku(*RATE, "--cluster", cluster.scheduler.address, "-o", str(out))
    wait_for_lines(out, 5, proc)
    pids = cluster.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    code, _, err = finish(proc)
    assert code == 0, err
    assert out.read_text() == reference
    assert "rated 200/200" in err
