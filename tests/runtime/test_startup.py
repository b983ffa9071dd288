"""A worker starts as its command does: its imports lean when the command's are, the collector
off while importing and on again afterwards, whatever happens."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from screwsolve.runtime import startup

# a fresh interpreter (as a spawned worker is): what warm_imports leaves imported, and the
# collector's state
PROBE = """
import gc, sys
from screwsolve.runtime.startup import COLLECTION_THRESHOLD, warm_imports
warm_imports(("screwsolve.model.system",), lean=sys.argv[1] == "lean")
print("screwsolve.model.system" in sys.modules, "sympy.physics.units" in sys.modules)
print(gc.isenabled(), gc.get_threshold()[0] == COLLECTION_THRESHOLD, gc.get_freeze_count() > 0)
"""


@pytest.mark.parametrize(("lean", "units"), [("lean", "False"), ("host", "True")])
def test_a_worker_imports_its_modules_lean_only_when_asked(lean: str, units: str) -> None:
    """Lean, sympy.physics is a bare package: the model imports sympy.physics.vector without
    the units system (0.1 s a spawned worker spent for nothing); a library host's worker
    imports sympy as the host would."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, lean], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", units, "True", "True", "True"]


def test_the_collector_runs_again_when_an_import_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    frozen: list[bool] = []
    monkeypatch.setattr(startup, "collector_after_imports", lambda: frozen.append(True))
    enabled = gc.isenabled()
    try:
        with pytest.raises(ModuleNotFoundError):
            startup.warm_imports(("screwsolve.no_such_module",), lean=False)
        assert frozen == [True]
    finally:
        if enabled:
            gc.enable()


def test_a_worker_is_lean_when_this_process_is(monkeypatch: pytest.MonkeyPatch) -> None:
    from screwsolve.lean_imports import LeanImports

    finders = [f for f in sys.meta_path if not isinstance(f, LeanImports)]
    monkeypatch.setattr(sys, "meta_path", finders)  # a library host's process
    host = startup.worker_start(["screwsolve.files.loading"])
    assert host.func is startup.warm_imports
    assert host.args == (("screwsolve.files.loading",), False)
    monkeypatch.setattr(sys, "meta_path", [LeanImports(), *finders])
    assert startup.worker_start([]).args == ((), True)  # the command's process, or its worker
