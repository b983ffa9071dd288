"""Mistakes a newcomer makes in a first problem file (tests/data/newcomer/), each with the exact
message `screwsolve validate` gives it: located, in the file's words (never Python's or
pydantic's), naming what to write instead, and one message per mistake (no cascade of errors
about what the first one broke)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ..conftest import ROOT

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

FOLDER = ROOT / "tests" / "data" / "newcomer"
MESSAGES = {
    "no-referential.yaml": "1:1: the file has no 'referential:': frame of the referential E "
    "(fixed)",
    "unclosed-brace.yaml": "4:1: YAML syntax: the '{' at line 3, column 9 is not closed with "
    "'}', or a ',' is missing between its entries",
    "tab-indent.yaml": "5:1: YAML syntax: tabs are not allowed for indentation in YAML: indent "
    "with spaces",
    "leading-zero.yaml": "4:51: syntax error: a number cannot start with 0: write 17, not 017 "
    "(0.17 for a fraction)",
    "unit-vector-name.yaml": "5:53: unknown name 'i0' (the unit vectors of frame 0 are x0, y0, z0)",
    "greek-letter.yaml": "4:42: non-ASCII character 'θ' (U+03B8): write theta",
    "times-sign.yaml": "5:52: non-ASCII character '×' (U+00D7): write *",
    "broken-point-used-later.yaml": "8:28: syntax error: a '(' is never closed",
    "misspelt-section.yaml": "4:1: unknown key 'poinst' in the file's top level (did you mean "
    "'points'?)",
    "equals-in-expression.yaml": "5:56: syntax error: '=' belongs to constraints and domains "
    "(lhs = rhs), not to an expression",
    "scalar-force.yaml": "8:41: expected a vector (made of unit vectors such as x0), got a scalar",
    "unknown-body.yaml": "8:24: unknown body 'Rod' (did you mean 'rod'?)",
    "assumption-value.yaml": "3:17: parameters.m: '3' is a number, and a name is declared here "
    "as a symbol: write its assumption ('positive', 'nonnegative', 'negative', 'nonzero' or "
    "'real'); numbers for a figure go to sketch:",
    "comma-in-flow-mapping.yaml": "8:52: 'x0)*x0' is the end of an expression cut at a comma: "
    "inside { } a comma starts a new entry; put the expression in quotes, or the entry on lines "
    "of its own",
    "answer-file.yaml": "1:1: this is an answer file (student:, problem:, answers:), not a "
    "problem: grade it with `screwsolve grade --key KEY FILE`",
}
# what must never reach a newcomer: Python's and pydantic's own words
LEAKS = ("Value error", "literal", "octal", "token", "Traceback", "pydantic", "ast.")


def test_every_file_of_the_corpus_has_its_message() -> None:
    assert sorted(MESSAGES) == sorted(p.name for p in FOLDER.glob("*.yaml"))


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_the_newcomer_gets_one_plain_located_message(name: str) -> None:
    path = Path("tests") / "data" / "newcomer" / name
    done = subprocess.run(
        ["screwsolve", "validate", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    assert errors == [f"error: {path.as_posix()}:{MESSAGES[name]}"]
    assert not any(leak in done.stderr for leak in LEAKS), done.stderr
