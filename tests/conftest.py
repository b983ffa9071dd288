"""Shared helpers: problem folders and a way to solve YAML text in a test."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import sympy

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
INVALID = Path(__file__).resolve().parent / "data" / "invalid"
HOSTILE = Path(__file__).resolve().parent / "data" / "hostile"
# Frame 3 turns about x1 (= x2, frame 2 turning about x1), named as such, not as its parent's x.
ALIASED_AXIS = """
title: a rotation about an axis named in the grandparent frame
referential: 0
parameters: {L: positive, F: real, G: real, C: real}
coordinates: [p, q, r]
frames:
  0: {}
  1: {from: 0, rotate: [z, p]}
  2: {from: 1, rotate: [x, q]}
  3: {from: 2, rotate: [x1, r]}
points:
  O: {fixed_in: 0}
  A: {from: O, position: L*x2, body: b2}
  B: {from: A, position: L*z3, body: b3}
bodies: {b2: {frame: 2, origin: O}, b3: {frame: 3, origin: A}}
actions:
  - {name: f, on: b3, at: B, force: F*x0 + G*z1, moment: C*y2}
  - {name: pair, on: b3, by: b2, at: A, force: G*y3, moment: C*x3}
"""


# Shipped problems past textbook size, as published. SymPy's biomechanical arm: the triceps'
# pulls on the two arms and the elbow cancel in Q^q2 only once simplified (268 nodes before),
# so it takes the large route (symengine, shared subexpressions), as a user's published model
# would; its golden snapshots hold that route's forms.
LARGE_PUBLISHED = frozenset({"arm-with-wrapping-triceps.yaml"})


def solve_text(text: str):
    """Load and analyse a problem given as YAML text."""
    from screwsolve.api import analyse
    from screwsolve.files.loading import load_problem_text

    return analyse(load_problem_text(text, "test.yaml"))


def same(a: sympy.Expr, b: sympy.Expr | str | int) -> bool:
    """Static expressions equal by numeric probing (b may be text in the problem's grammar)."""
    from screwsolve.symbolic.equivalence import equivalent

    if isinstance(b, int):
        b = sympy.Integer(b)
    return bool(equivalent(a, b).equal)


@pytest.fixture(autouse=True)
def private_cache_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Every test caches into a folder of its own session, never the user's: screwsolve's and
    pre-commit's caches, matplotlib's configuration and TeX's font cache (which would go to
    ~/.cache, ~/.config/matplotlib and ~/.texlive2022)."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    monkeypatch.setenv("MPLCONFIGDIR", str(base / "matplotlib"))
    monkeypatch.setenv("TEXMFVAR", str(base / "texmf-var"))
    monkeypatch.delenv("FORCE_COLOR", raising=False)  # a CI service's setting is not the test's


@pytest.fixture(scope="session")
def plate():
    from screwsolve.api import analyse, load

    return analyse(load(PROBLEMS / "plate-on-a-step.yaml"))


@pytest.fixture(scope="session")
def sphere():
    from screwsolve.api import analyse, load

    return analyse(load(PROBLEMS / "rolling-sphere.yaml"))


@pytest.fixture(scope="session")
def pdflatex() -> str:
    """The pdflatex command. CI (.ci/run sets SCREWSOLVE_REQUIRE_PDFLATEX) fails without it;
    elsewhere the LaTeX compilation tests are skipped, and say so."""
    found = shutil.which("pdflatex")
    if found is not None:
        return found
    if os.environ.get("SCREWSOLVE_REQUIRE_PDFLATEX") or os.environ.get("CI"):
        pytest.fail("pdflatex is required here (.ci/run installs texlive-latex-base)")
    pytest.skip("pdflatex is not installed (CI requires it)")


def source_tree(folder: Path) -> Path:
    """A copy of the repository's files (those git tracks or would track) in `folder`: a wheel
    or an install built from it writes its build/ and egg-info there, never in the checkout."""
    import shutil
    import subprocess

    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", "surrogateescape")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return folder
