"""Every shipped problem prints byte for byte what tests/golden/ holds (table, LaTeX, JSON).

The snapshots were taken through the CLI before the package was reorganised; a refactoring must
leave them unchanged. An intended change of output is made by `python scripts/update_golden.py`
and reviewed in the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import PROBLEMS
from ..golden_outputs import GOLDEN, VARIANTS, render

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

CASES = [(p, v) for p in sorted(PROBLEMS.glob("*.yaml")) for v in VARIANTS]


def test_every_problem_has_its_snapshots() -> None:
    stems = {p.stem for p in PROBLEMS.glob("*.yaml")}
    assert stems == {p.name for p in GOLDEN.iterdir() if p.is_dir()}
    for stem in stems:
        assert {f.name for f in (GOLDEN / stem).iterdir()} == set(VARIANTS)


@pytest.mark.parametrize(("problem", "variant"), CASES, ids=[f"{p.stem}-{v}" for p, v in CASES])
def test_output_is_byte_identical(problem: Path, variant: str) -> None:
    expected = (GOLDEN / problem.stem / variant).read_bytes()
    got = render(problem, variant)
    if got != expected:
        got_lines = got.decode("utf-8", "replace").splitlines()
        want_lines = expected.decode("utf-8", "replace").splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(got_lines, want_lines, strict=False)) if a != b),
            min(len(got_lines), len(want_lines)),
        )
        pytest.fail(
            f"{problem.name} {variant} differs from line {first + 1}:\n"
            f"golden: {want_lines[first] if first < len(want_lines) else '<end>'}\n"
            f"now:    {got_lines[first] if first < len(got_lines) else '<end>'}"
        )
