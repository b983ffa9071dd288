"""`check` with its result cache, as ruff and mypy keep theirs.

A file's verdicts are reused when its text, screwsolve's, sympy's and symengine's versions and
the probe seed are those of a cached entry; otherwise it is checked (in a worker) and its report
stored. Timeouts and crashes are never cached. Everything here stays clear of sympy until a file
must really be checked, so a run served from the cache costs only reading the files.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from screwsolve.checking.reports import CheckReport, FileReport, report_from_json, report_to_json
from screwsolve.errors import InputError
from screwsolve.files.loading import read_text
from screwsolve.limits import DEFAULT_SEED
from screwsolve.runtime.cache import Store, digest


def check_with_cache(
    items: list[tuple[str, str | None]],
    seed: int | None,
    *,
    use_cache: bool = True,
    jobs: int = 1,
    timeout: float = 0,
    progress: Callable[[int], None] | None = None,
) -> tuple[CheckReport, list[str]]:
    """The report of every (name, text or None) item, in order, and the cache's warnings."""
    store = Store("checks", enabled=use_cache)
    seed_used = DEFAULT_SEED if seed is None else seed
    reports: list[FileReport | None] = [None] * len(items)
    keys: dict[int, str] = {}
    misses: list[int] = []
    for index, (name, text) in enumerate(items):
        if text is None:
            try:
                text = read_text(name)[1]
            except InputError:
                misses.append(index)  # the worker reports why it cannot be read
                continue
            items[index] = (name, text)
        keys[index] = digest(text, "check", f"seed={seed_used}")
        hit = store.get(keys[index], partial(report_from_json, name))
        if hit is not None:
            reports[index] = hit
            if progress:
                progress(1)
        else:
            misses.append(index)
    if misses:
        from screwsolve.checking.checking import check_paths

        fresh = check_paths(
            [items[i] for i in misses], seed, jobs=jobs, timeout=timeout, progress=progress
        )
        for index, report in zip(misses, fresh.files, strict=True):
            reports[index] = report
            if report.final and index in keys:
                store.put(keys[index], report_to_json(report))
    done = [r for r in reports if r is not None]
    return CheckReport(done, seed_used), store.warnings
