"""The CLI process skips sympy.physics' units and numpy; a library host is left alone."""

from __future__ import annotations

import subprocess
import sys

from screwsolve.lean_imports import LeanImports, lean_imports

PROBE = """
import sys
from screwsolve.lean_imports import lean_imports
lean_imports()
import sympy.physics.vector, symengine
print('sympy.physics.units' in sys.modules, sys.modules.get('numpy') is not None)
from sympy.physics.vector import ReferenceFrame
N = ReferenceFrame('N')
print(N.x.cross(N.y))
import sympy.physics.units
print(sympy.physics.units.meter)
"""


def test_cli_process_imports_neither_units_nor_numpy() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:3] == ["False False", "N.z", "meter"]


def test_library_host_that_already_imported_them_is_left_alone() -> None:
    import sympy.physics.vector  # noqa: F401  (the test process, like a host, has it)

    before = list(sys.meta_path)
    lean_imports()
    assert sys.meta_path == before
    assert not any(isinstance(f, LeanImports) for f in sys.meta_path)
