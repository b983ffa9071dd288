"""Child-process limits: a runaway problem is reported, and the batch keeps its order."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from screwsolve.runtime import sandbox
from screwsolve.runtime.sandbox import prestart, run_limited, run_many


def _spin(_: object) -> int:
    while True:
        pass


def _reports_then_spins(_: object) -> int:
    from screwsolve.progress import report

    report("power coefficients", 3, 8)
    while True:
        pass


def _square(value: int) -> int:
    return value * value


def _boom(_: object) -> int:
    raise RuntimeError("boom")


def _hog(_: object) -> int:
    blocks = []
    while True:
        blocks.append(bytearray(50 * 1024 * 1024))


def test_a_runaway_child_is_stopped_at_the_deadline() -> None:
    start = time.monotonic()
    outcome = run_limited(_spin, None, seconds=0.5)
    assert outcome.failure == "timeout"
    assert time.monotonic() - start < 5


def test_memory_hog_is_contained() -> None:
    outcome = run_limited(_hog, None, seconds=10, memory=300 * 1024 * 1024)
    assert outcome.failure in ("crash", "error")
    assert outcome.value is None


def test_errors_come_back_as_outcomes() -> None:
    outcome = run_limited(_boom, None, seconds=5)
    assert outcome.failure == "error"
    assert "boom" in outcome.detail


def test_run_many_keeps_order_and_isolates_failures() -> None:
    items = [1, 2, "spin", 3, 4]
    work = _spin_or_square
    steps: list[int] = []
    outcomes = run_many(work, items, jobs=2, seconds=1.0, progress=steps.append)
    assert [o.value for o in outcomes] == [1, 4, None, 9, 16]
    assert outcomes[2].failure == "timeout"
    assert len(steps) == len(items)


def _spin_or_square(item: object) -> int:
    if item == "spin":
        return _spin(item)
    assert isinstance(item, int)
    return _square(item)


def test_zero_seconds_runs_in_process() -> None:
    assert run_limited(_square, 3, seconds=0).value == 9


SPINNER = """
import os, sys
from pathlib import Path
from screwsolve.runtime.sandbox import run_many

def spin(item):
    Path(sys.argv[1], str(os.getpid())).write_text("")
    while True:
        pass

if __name__ == "__main__":
    run_many(spin, [1, 2, 3, 4], jobs=2, seconds=600)
"""


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_batch_and_every_worker(tmp_path: Path, signal_number: int) -> None:
    import subprocess
    import sys

    script = tmp_path / "spinner.py"
    script.write_text(SPINNER, encoding="utf-8")
    pids = tmp_path / "pids"
    pids.mkdir()
    batch = subprocess.Popen([sys.executable, str(script), str(pids)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(list(pids.iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = [int(p.name) for p in pids.iterdir()]
    assert len(workers) == 2
    batch.send_signal(signal_number)
    _, stderr = batch.communicate(timeout=30)
    assert batch.returncode != 0
    assert b"BatchInterruptedError" in stderr  # the batch ended by the signal
    for pid in workers:
        assert _ends(pid), f"worker {pid} still runs"


def _ends(pid: int, seconds: float = 5.0) -> bool:
    """Whether the process is gone within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


_warmed_in: int | None = None  # set by _warm in the process that ran it


def _warm() -> None:
    global _warmed_in
    _warmed_in = os.getpid()


def _warm_fails() -> None:
    raise RuntimeError("warming failed")


def _where_warmed(item: int) -> tuple[int, int | None, int]:
    return os.getpid(), _warmed_in, item


def test_the_next_batch_takes_the_prestarted_worker_after_its_warm_up() -> None:
    prestart(_warm)
    outcomes = run_many(_where_warmed, [1, 2], seconds=60)
    assert [o.value[2] for o in outcomes if o.value] == [1, 2]
    pid, warmed_in, _ = outcomes[0].value or (0, None, 0)
    assert warmed_in == pid != os.getpid()  # warmed, then did the work, in the same child
    assert outcomes[1].value is not None and outcomes[1].value[0] == pid
    assert not sandbox._prestarted


def test_a_prestarted_worker_under_another_memory_limit_is_stopped_not_used() -> None:
    prestart(_warm, memory=512 * 1024 * 1024)
    waiting = sandbox._prestarted[0]
    outcome = run_many(_where_warmed, [1], seconds=60, memory=1024 * 1024 * 1024)[0]
    assert outcome.value is not None and outcome.value[1] is None  # a fresh worker did it
    assert not waiting.process.is_alive()
    assert not sandbox._prestarted


def test_a_failed_warm_up_leaves_a_working_worker() -> None:
    prestart(_warm_fails)
    assert run_many(_square, [3], seconds=60)[0].value == 9


UNUSED = """
import os, sys, time
from pathlib import Path
from screwsolve.runtime.sandbox import prestart

def warm():
    marker = Path(sys.argv[1])
    partial = marker.with_suffix(".partial")
    partial.write_text(str(os.getpid()))
    partial.replace(marker)  # whole or absent: the parent never reads it half written
    time.sleep(600)

if __name__ == "__main__":
    prestart(warm)
    while not Path(sys.argv[1]).exists():
        time.sleep(0.02)
"""


def test_an_unused_prestarted_worker_is_stopped_at_exit(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = tmp_path / "unused.py"
    script.write_text(UNUSED, encoding="utf-8")
    marker = tmp_path / "worker"
    start = time.monotonic()
    subprocess.run([sys.executable, str(script), str(marker)], check=True, timeout=60)
    assert time.monotonic() - start < 30  # not held up by the sleeping worker
    pid = int(marker.read_text())
    assert _ends(pid), f"prestarted worker {pid} still runs"


def _reports_stages(item: int) -> int:
    """A work function that says where it is (module level: it crosses into spawn workers)."""
    from screwsolve import progress

    for done in range(1, 4):
        progress.report(f"stage of {item}", done, 3)
    return item * 2


@pytest.mark.parametrize("seconds", [10.0, 0.0])
def test_stages_reported_by_the_work_reach_the_parent(seconds: float) -> None:
    """From a worker (fork or spawn, as the suite runs) or in this process alike; the first
    and last report of a stage always arrive, the rest may be thinned."""
    heard: list[tuple[str, int, int]] = []
    outcomes = run_many(
        _reports_stages,
        [1, 2],
        seconds=seconds,
        stages=lambda stage, done, total: heard.append((stage, done, total)),
    )
    assert [o.value for o in outcomes] == [2, 4]
    for item in (1, 2):
        stage = [(d, t) for s, d, t in heard if s == f"stage of {item}"]
        assert stage[0] == (1, 3) and stage[-1] == (3, 3)


class _Exited:
    """A finished worker process, as _exit_detail reads one."""

    def __init__(self, code: int) -> None:
        self.exitcode = code

    def join(self, timeout: float | None = None) -> None:
        return None


def test_a_worker_that_could_not_allocate_memory_is_said_to_be_out_of_memory() -> None:
    """glibc's "cannot allocate memory for thread-local data" exits 127 under RLIMIT_AS (a
    40-frame file of long coupled angles did, at 2 GB): the message names the limit."""
    from screwsolve.runtime.sandbox import _exit_detail

    assert _exit_detail(_Exited(127), 2 * 1024**3) == (
        "out of memory (the limit is 2 GB; exit code 127)"
    )
    assert _exit_detail(_Exited(3), 2 * 1024**3) == "exited with code 3"
    assert "SIGKILL" in _exit_detail(_Exited(-9), 2 * 1024**3)


def test_a_stopped_worker_says_the_last_stage_it_reported() -> None:
    """A timeout names where the work was (the stages `run` shows on a terminal)."""
    (outcome,) = run_many(_reports_then_spins, [None], seconds=2)
    assert outcome.failure == "timeout"
    assert outcome.detail == (
        "took longer than 2 s (last stage reported: power coefficients, 3 of 8)"
    )


def _exits_on_one(item: int) -> tuple[int, int | None, int]:
    if item == 1:
        os._exit(3)  # the worker crashes: the next item goes to a new one
    return _where_warmed(item)


def test_every_new_worker_runs_its_warm_up_before_its_first_item() -> None:
    """The batch's worker and the one that replaces it when it crashes have each run `warm`
    in their own process before any work."""
    outcomes = run_many(_exits_on_one, [0, 1, 2], seconds=60, warm=_warm)
    assert outcomes[1].failure == "crash"
    first, third = outcomes[0].value, outcomes[2].value
    assert first is not None and third is not None
    assert first[0] != third[0]  # the replacement did the third item
    assert all(warmed_in == pid != os.getpid() for pid, warmed_in, _ in (first, third))


def _mark_warmed() -> None:
    os.environ["SCREWSOLVE_TEST_WARMED"] = "1"


def test_a_spawned_worker_takes_its_work_once_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spawned, a worker unpickles what it is started with before running anything: the work
    (its module imported then) crosses after `warm` instead, so that the worker's imports
    follow the warm-up (lean, the collector off). The work's module says whether `warm` had
    run when it was imported."""
    from tests.runtime.late_work import LateWork

    monkeypatch.setenv("SCREWSOLVE_START_METHOD", "spawn")
    monkeypatch.delenv("SCREWSOLVE_TEST_WARMED", raising=False)
    outcome = run_many(LateWork(), [1], seconds=60, warm=_mark_warmed)[0]
    assert outcome.value is True


def _dies_while_warming() -> None:
    os._exit(5)


def test_a_worker_that_dies_while_warming_is_a_crash_not_a_failed_batch() -> None:
    """Its item is reported (the exit code said), and the batch goes on with a new worker."""
    outcomes = run_many(_square, [2, 3], seconds=60, warm=_dies_while_warming)
    assert [o.failure for o in outcomes] == ["crash", "crash"]
    assert "exited with code 5" in (outcomes[0].detail or "")


def test_an_item_given_to_a_worker_already_gone_is_not_a_broken_batch() -> None:
    """Its pipe is closed (a worker killed, or dead while warming): the item is handed over
    without an error, and the closed pipe is what reports the crash."""
    import multiprocessing

    context = multiprocessing.get_context(sandbox.start_method())
    worker = sandbox._Worker(context, _square, 0, _warm)
    worker.process.kill()
    worker.process.join(timeout=10)
    worker.give(0, 3, 60)
    assert worker.index == 0
    assert worker.connection.poll(10)  # readable: the end of the pipe
    with pytest.raises((EOFError, OSError)):
        worker.connection.recv()
    worker.stop(kill=True)
