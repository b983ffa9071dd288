"""Start-up of the command-line process: import only what the commands use.

Two imports cost a third of a run on a textbook problem and are never used by screwsolve:
- `sympy/physics/__init__.py` imports the whole units system (about 0.15 s) before any
  subpackage such as `sympy.physics.vector` can load;
- symengine imports numpy (about 0.07 s) only to offer its own lambdify.

In the CLI's own process (never when screwsolve is imported as a library, where the host decides)
`sympy.physics` is created as a bare package over its directory, so its subpackages import as
usual and `sympy.physics.units` still loads if anything asks for it; and numpy is reported
missing. Measured by bench/bench_speed.py.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

BARE_PACKAGES = frozenset({"sympy.physics"})
UNUSED = frozenset({"numpy"})
_refused = set(UNUSED)  # what is refused now (sketch's matplotlib needs numpy back)


class LeanImports(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finder and loader for the bare packages; refuses the unused modules."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in _refused:
            raise ModuleNotFoundError(f"{fullname} is not used by the screwsolve command")
        if fullname not in BARE_PACKAGES:
            return None
        real = importlib.machinery.PathFinder.find_spec(fullname, path)
        if real is None or real.submodule_search_locations is None:
            return None
        spec = importlib.util.spec_from_loader(fullname, self, origin=real.origin, is_package=True)
        assert spec is not None
        spec.submodule_search_locations = list(real.submodule_search_locations)
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        """Nothing: the package's __init__ (and what it imports) is skipped."""


def lean_imports() -> None:
    """Install the finder, unless the modules concerned are already imported."""
    if any(name in sys.modules for name in BARE_PACKAGES | UNUSED):
        return
    if not leaning():
        sys.meta_path.insert(0, LeanImports())


def leaning() -> bool:
    """Whether this process imports lean: the command's own, or a worker started from it."""
    return any(isinstance(finder, LeanImports) for finder in sys.meta_path)


def allow(module: str) -> None:
    """Let an unused module import after all (numpy, for `screwsolve sketch`'s matplotlib)."""
    _refused.discard(module)
