"""`check` and `validate` with their result caches, as ruff and mypy keep theirs.

A file's verdicts are reused when its text, screwsolve's, sympy's and symengine's versions (and,
for `check`, the probe seed) are those of a cached entry; otherwise it is checked or validated (in
a worker) and its report stored. Timeouts and crashes are never cached. Everything here stays
clear of sympy until a file must really be worked on, so a run served from the cache costs only
reading the files: a pre-commit hook over unchanged files never imports sympy.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from screwsolve.checking.reports import CheckReport, FileReport, report_from_json, report_to_json
from screwsolve.errors import InputError
from screwsolve.files.reading import read_text
from screwsolve.limits import DEFAULT_SEED
from screwsolve.runtime.cache import Store, cache_root, digest


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
    seed_used = DEFAULT_SEED if seed is None else seed

    def checked(misses: list[tuple[str, str | None]]) -> list[FileReport]:
        from screwsolve.checking.batch import check_paths

        return check_paths(misses, seed, jobs=jobs, timeout=timeout, progress=progress).files

    store = Store("checks", enabled=use_cache)
    reports = _cached(items, store, ("check", f"seed={seed_used}"), checked, progress)
    return CheckReport(reports, seed_used), store.warnings


def validate_with_cache(
    items: list[tuple[str, str | None]],
    *,
    use_cache: bool = True,
    jobs: int = 1,
    timeout: float = 0,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[FileReport], list[str]]:
    """The validation report of every (name, text or None) item, in order, and the cache's
    warnings. Without a home folder it validates every file, in silence: the hooks that call
    it print nothing extra."""

    def validated(misses: list[tuple[str, str | None]]) -> list[FileReport]:
        from screwsolve.checking.batch import validate_files

        return validate_files(misses, jobs=jobs, timeout=timeout, progress=progress)

    store = Store("validations", enabled=use_cache and cache_root() is not None)
    return _cached(items, store, VALIDATE_CONTEXT, validated, progress), store.warnings


VALIDATE_CONTEXT = ("validate",)


def answer_validation(args: list[str], said: Callable[[list[FileReport]], list[str]]) -> bool:
    """`validate FILE...` (the pre-commit hook's `--force-exclude -- FILE...` too) answered
    before typer, pydantic and the worker are imported, when every file named is a valid one
    the cache has seen: it prints what the command says of valid files (`said`, the render
    layer's) and says so. Anything else (a folder,
    another option, a miss, an invalid file, a cache that warns) is left to the command."""
    end = args.index("--") if "--" in args else len(args)
    head, tail = args[:end], args[end + 1 :]
    if not head or head[0] != "validate":
        return False
    if any(arg.startswith("-") and arg != "--force-exclude" for arg in head[1:]):
        return False  # -v, --no-cache, -j, --exclude, standard input...: the command's own
    words = [arg for arg in head[1:] if not arg.startswith("-")]
    names = [*words, *tail]
    if not names or "-" in names or cache_root() is None:
        return False
    import os
    import sys

    if any(not os.path.isfile(name) for name in names):
        return False
    from screwsolve.checking.discovery import problem_files
    from screwsolve.errors import ScrewsolveError
    from screwsolve.files.project_settings import project_settings

    try:
        exclude = project_settings().exclude
    except ScrewsolveError:
        return False  # a wrong pyproject.toml: the command says where
    found = problem_files(names, exclude, force_exclude="--force-exclude" in head)
    if not found.files:
        return False
    store = Store("validations")
    reports = []
    for name in found.files:
        try:
            text = read_text(name)[1]
        except InputError:
            return False
        report = store.get(digest(text, *VALIDATE_CONTEXT), partial(report_from_json, name))
        if report is None or report.diagnostics:
            return False
        reports.append(report)
    if store.warnings:
        return False
    sys.stderr.write("".join(f"{line}\n" for line in said(reports)))
    return True


def _cached(
    items: list[tuple[str, str | None]],
    store: Store,
    context: tuple[str, ...],
    compute: Callable[[list[tuple[str, str | None]]], list[FileReport]],
    progress: Callable[[int], None] | None,
) -> list[FileReport]:
    """Each item's report from the store when its text and context were seen, the others
    computed in one batch (and stored when final), in the items' order."""
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
        keys[index] = digest(text, *context)
        hit = store.get(keys[index], partial(report_from_json, name))
        if hit is not None:
            reports[index] = hit
            if progress:
                progress(1)
        else:
            misses.append(index)
    if misses:
        fresh = compute([items[i] for i in misses])
        for index, report in zip(misses, fresh, strict=True):
            reports[index] = report
            if report.final and index in keys:
                store.put(keys[index], report_to_json(report))
    return [r for r in reports if r is not None]
