"""A class graded in worker processes, the solver imported where it pays.

Each submission runs in a worker with its own time and memory limit: one bad or slow file never
stops the batch, it is a row that says why (timed out, crashed).

The command's own process reads the key (its truth from the cache, or computed in a worker of
its own), hands out the submissions and collects their results: plain data (`results.py`,
`truth.py`). Under spawn (macOS, Windows) each worker imports the grader itself, and a command
that had imported it too (0.3 s: sympy and the mechanics) paid for nothing; with two workers or
more forked from it, the command imports it and parses the key once, and each worker inherits
both.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from screwsolve.errors import ScrewsolveError
from screwsolve.files.reading import read_text
from screwsolve.grading.identity import identity_of
from screwsolve.grading.results import (
    GradeReport,
    Status,
    SubmissionResult,
    class_warnings,
    from_lms,
    modified,
)
from screwsolve.grading.truth import KeyTruth, key_id, load_key

if TYPE_CHECKING:
    from screwsolve.grading.grading import Grader


class SubmissionGrader:
    """The work each worker is handed: one submission file graded against the key. Picklable:
    the key travels as its text and truth, and its grader (the key parsed, `grading.Grader`) is
    built once per process, where the first submission is graded or before forking."""

    def __init__(self, key_name: str, key_text: str, truth: KeyTruth, seed: int) -> None:
        self.key_name = key_name
        self.key_text = key_text
        self.truth = truth
        self.seed = seed
        self._grader: Grader | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_grader"] = None  # rebuilt in the worker
        return state

    def prepare(self) -> Grader:
        """The key's grader, its names and truths parsed (once per process)."""
        if self._grader is None:
            from screwsolve.grading.grading import Grader

            self._grader = Grader(self.key_name, self.key_text, self.truth, self.seed)
        return self._grader

    def __call__(self, path: str) -> SubmissionResult:
        return self.prepare()(path)


KEY_SECONDS = 10.0  # the key's time limit is the submissions', but never less than this


def _truth_in_worker(named: tuple[str, str]) -> Any:
    """A key's truth as JSON, computed from its text (in a worker: what crosses is plain)."""
    from screwsolve.grading.key import key_truth

    name, text = named
    return key_truth(load_key(text, name)).to_json()


def _limited_truth(name: str, text: str, timeout: float) -> KeyTruth:
    """The key's truth, computed under the same time and memory limits as a submission (a key
    whose own claims are slow or huge never hangs `grade`); in-process with timeout 0."""
    from screwsolve.runtime.sandbox import run_many
    from screwsolve.runtime.startup import GRADING_MODULES, worker_start

    if not timeout:
        return _truth_here(name, text)
    seconds = max(timeout, KEY_SECONDS)
    warm = worker_start(GRADING_MODULES)
    outcome = run_many(_truth_in_worker, [(name, text)], seconds=seconds, warm=warm)[0]
    if outcome.value is None:
        if outcome.failure == "error" and outcome.detail.startswith("InputError"):
            # a located mistake, met before any solving: found again here with its locations
            return _truth_here(name, text)
        reason = {"timeout": "timed out", "crash": "crashed"}.get(outcome.failure or "", "failed")
        raise ScrewsolveError(
            f"{name}: the key {reason} while its own answers were computed ({outcome.detail}); "
            "give a larger --timeout if it is a large problem"
        )
    return KeyTruth.from_json(outcome.value)


def _truth_here(name: str, text: str) -> KeyTruth:
    """The key's truth computed in this process (which then imports the solver)."""
    from screwsolve.grading.key import key_truth

    return key_truth(load_key(text, name))


def prepare_key(
    path: str, store: Any, timeout: float = 0.0, graders: int = 0
) -> tuple[str, str, KeyTruth]:
    """The key's display name, text and truth: from the cache when it holds this exact key for
    these versions, else computed under `timeout` (and cached), in a worker forked after the
    grader is imported here when `graders` workers follow it. The id always comes from the key
    itself."""
    from screwsolve.runtime.cache import digest
    from screwsolve.runtime.startup import GRADING_MODULES, import_before_forking

    name, text = read_text(path)
    loaded = load_key(text, name)
    entry = digest(text)
    truth = store.get(entry, KeyTruth.from_json) if store is not None else None
    if truth is None:
        # forked one after the other: the key's worker, then the graders
        import_before_forking(GRADING_MODULES, graders + 1, timeout)
        truth = _limited_truth(name, text, timeout)
        if store is not None:
            store.put(entry, truth.to_json())
    grading = loaded.problem.grading
    later = grading is not None and grading.hints_shown == "after_due_date"
    return name, text, replace(truth, key_id=key_id(loaded), hints_after_due_date=later)


def grade(
    key_path: str,
    submissions: list[str],
    *,
    jobs: int = 1,
    timeout: float = 20.0,
    use_cache: bool = True,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> GradeReport:
    """Grade every submission; never raises for a submission's sake (the key may be refused:
    InputError)."""
    from screwsolve.runtime.cache import Store
    from screwsolve.runtime.sandbox import run_many, worker_count
    from screwsolve.runtime.startup import GRADING_MODULES, import_before_forking, worker_start

    graders = worker_count(jobs, len(submissions))
    store = Store("keys", enabled=use_cache)
    name, text, truth = prepare_key(key_path, store, timeout, graders)
    forking = import_before_forking(GRADING_MODULES, graders, timeout)
    run_seed = seed if seed is not None else secrets.randbits(48)
    grader = SubmissionGrader(name, text, truth, run_seed)
    if forking:
        grader.prepare()  # the key parsed once, here: every forked worker inherits it
    outcomes = run_many(
        grader,
        submissions,
        jobs=jobs,
        seconds=timeout,
        progress=progress,
        warm=worker_start(GRADING_MODULES),
    )
    results = []
    for path, outcome in zip(submissions, outcomes, strict=True):
        if outcome.value is not None:
            results.append(outcome.value)
            continue
        status: Status = "timeout" if outcome.failure == "timeout" else "crashed"
        identity = identity_of(path, "") if from_lms(path) else None
        results.append(
            SubmissionResult(path, identity, status=status, diagnostics=[outcome.detail])
        )
    for result in results:
        result.modified = modified(result.file)
    items = {i.item: i.points for i in truth.items}
    report = GradeReport(name, truth.key_id, truth.title, items, results, run_seed)
    report.hints_after_due_date = truth.hints_after_due_date
    report.warnings.extend(store.warnings)
    report.warnings.extend(class_warnings(results))
    return report
