"""How a process of the command starts: the command's own, and each of its workers.

Imports are made with the garbage collector off (classes and functions, never garbage, yet
13 % of importing the solver went to collecting), then set apart from every later collection.
A worker imports what its work needs before the work arrives, the way its command's process
imports: forked, it inherits that process; spawned (macOS and Windows), it starts afresh, and
without this each worker of `validate`, `check` and `grade` imported sympy's units and numpy,
which the command never uses, and collected all the while (one file validated under spawn:
1.14 s, against 0.63 s started this way; bench/bench_batch.py).
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable, Iterable
from functools import partial

from screwsolve.lean_imports import lean_imports, leaning

# Cyclic garbage is collected once this many objects more have been made than freed (Python's
# default is 700). A run of a large model makes millions of objects, almost none in cycles
# (symengine's and sympy's values are trees of references): at 700 the 20-link chain spent
# 0.5 s of its 4.4 s in 865 collections, at this threshold 0.17 s in 56, at the same peak memory.
COLLECTION_THRESHOLD = 10_000

# What checking one file imports (validate and check): the worker of a batch imports it first
CHECKING_MODULES = ("screwsolve.checking.checking", "screwsolve.files.loading")
# What grading a submission imports (grade's workers, and the key's)
GRADING_MODULES = ("screwsolve.grading.grading", *CHECKING_MODULES)
# What solving one problem imports (run's worker)
SOLVING_MODULES = (
    "screwsolve.api",
    "screwsolve.mechanics.analysis",
    "screwsolve.model.grammar",
    "screwsolve.solution.build",
)
# What drawing one problem imports (sketch's worker; matplotlib comes with the work, which lets
# numpy in)
SKETCHING_MODULES = (
    "screwsolve.jobs",
    "screwsolve.mechanics.analysis",
    "screwsolve.mechanics.fast.jacobian",
    "screwsolve.model.action_entries",
    "screwsolve.model.grammar",
    "screwsolve.render.sketch",
    "screwsolve.solution.sketch",
)


def collector_after_imports() -> None:
    """What the imports made lives as long as the process: it is set apart from every later
    collection (gc.freeze; the 12-link chain's two full passes took 0.145 s, 0.088 s once
    frozen), and the collector, off while importing, runs from now on at a threshold sized for
    solving."""
    gc.freeze()
    gc.set_threshold(COLLECTION_THRESHOLD, *gc.get_threshold()[1:])
    gc.enable()


def warm_imports(modules: tuple[str, ...], lean: bool) -> None:
    """A worker's start: `modules` imported with the collector off, then frozen out of its
    passes; with `lean`, the unused imports refused first (lean_imports), as in the command's
    own process. The collector runs again however the imports end."""
    gc.disable()
    try:
        if lean:
            lean_imports()
        for module in modules:
            importlib.import_module(module)
    finally:
        collector_after_imports()


def worker_start(modules: Iterable[str]) -> Callable[[], None]:
    """The start of this process's workers (for run_many's `warm`): `modules` imported, lean
    when this process is (the command's, or a worker of it), never when a host program that
    imported screwsolve as a library decides its own imports."""
    return partial(warm_imports, tuple(modules), leaning())


def import_before_forking(modules: Iterable[str], workers: int, timeout: float) -> bool:
    """Import `modules` in this process when two workers or more will be forked from it over
    the command's life (each inherits them instead of importing them again: 26 problems
    validated on 2 cores, 0.4 s); under spawn each worker imports them itself (`worker_start`),
    and this process would have imported them for nothing. Whether it imported them."""
    from screwsolve.runtime.sandbox import start_method

    if timeout > 0 and start_method() == "fork" and workers > 1:
        for module in modules:
            importlib.import_module(module)
        return True
    return False
