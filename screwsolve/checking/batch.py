"""Batches of files checked or validated in worker processes, the solver imported where it pays.

The command's own process hands out files and collects reports. Under `spawn` (macOS and
Windows) each worker imports the solver itself (as the command would: runtime/startup.py), and a
parent that had imported it too (0.37 s, sympy and the mechanics) paid for nothing; so does a
parent with one worker under `fork`. With several forked workers the parent imports it once,
and each worker inherits it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from screwsolve.checking.reports import CheckReport, FileReport
from screwsolve.errors import Diagnostic
from screwsolve.limits import DEFAULT_SEED

if TYPE_CHECKING:
    from screwsolve.runtime.sandbox import Outcome


def check_paths(
    files: list[str] | list[tuple[str, str | None]],
    seed: int | None = None,
    *,
    jobs: int = 1,
    timeout: float = 0,
    progress: Callable[[int], None] | None = None,
) -> CheckReport:
    """Check every problem file, in order; a file is a path, or (name, text) when its text was
    read already (standard input).

    With `timeout` > 0 each file runs in a worker process (memory and wall-clock limits, `jobs`
    at a time); a file that exceeds them is reported, and the batch goes on.
    """
    from screwsolve.runtime.sandbox import run_many, worker_count
    from screwsolve.runtime.startup import CHECKING_MODULES, import_before_forking, worker_start

    items = [f if isinstance(f, tuple) else (f, None) for f in files]
    import_before_forking(CHECKING_MODULES, worker_count(jobs, len(items)), timeout)
    outcomes = run_many(
        partial(_check_item, seed=seed, seconds=timeout or None),
        items,
        jobs=jobs,
        seconds=timeout,
        progress=progress,
        warm=worker_start(CHECKING_MODULES),
    )
    reports = [_report(name, o) for (name, _), o in zip(items, outcomes, strict=True)]
    return CheckReport(reports, DEFAULT_SEED if seed is None else seed)


def _check_item(
    item: tuple[str, str | None], seed: int | None, seconds: float | None
) -> FileReport:
    from screwsolve.checking.checking import check_file

    return check_file(item[0], seed, item[1], seconds)


def validate_files(
    items: list[tuple[str, str | None]],
    *,
    jobs: int = 1,
    timeout: float = 0,
    progress: Callable[[int], None] | None = None,
) -> list[FileReport]:
    """validate_file for each (name, text or None), in worker processes with limits."""
    from screwsolve.runtime.sandbox import run_many, worker_count
    from screwsolve.runtime.startup import CHECKING_MODULES, import_before_forking, worker_start

    import_before_forking(CHECKING_MODULES, worker_count(jobs, len(items)), timeout)
    outcomes = run_many(
        _validate_item,
        items,
        jobs=jobs,
        seconds=timeout,
        progress=progress,
        warm=worker_start(CHECKING_MODULES),
    )
    return [_report(name, outcome) for (name, _), outcome in zip(items, outcomes, strict=True)]


def _validate_item(item: tuple[str, str | None]) -> FileReport:
    from screwsolve.checking.checking import validate_file

    return validate_file(*item)


def _report(path: str, outcome: Outcome[FileReport]) -> FileReport:
    """A file's report, or one that says why its worker gave none."""
    if outcome.value is not None:
        return outcome.value
    reason = {"timeout": "timed out", "crash": "crashed", "error": "internal error"}.get(
        outcome.failure or "", "failed"
    )
    message = f"{reason}: {outcome.detail}"
    return FileReport(path, diagnostics=[Diagnostic(path, 1, 1, message)], final=False)
