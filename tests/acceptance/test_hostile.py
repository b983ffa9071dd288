"""Untrusted input: no code runs, nothing is written, resources stay bounded, errors are ours."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from screwsolve.api import analyse
from screwsolve.errors import ExpressionError, InputError, ScrewsolveError
from screwsolve.files.loading import load_problem, load_problem_text
from screwsolve.model.grammar import Namespace, parse

from ..conftest import HOSTILE, INVALID, PROBLEMS, ROOT

PACKAGE = ROOT / "screwsolve"
FORBIDDEN = re.compile(
    r"\b(eval|exec|sympify|parse_expr|lambdify|S)\s*\(|(?<![\w.])(compile|__import__)\s*\("
)


def test_the_package_never_evaluates_text() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if FORBIDDEN.search(code) and "ast.parse" not in code:
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders


def test_corpus_writes_nothing_and_raises_only_input_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from screwsolve.checking.checking import validate_file

    monkeypatch.chdir(tmp_path)
    for path in [*HOSTILE.glob("*.yaml"), *INVALID.glob("*.yaml")]:
        assert validate_file(str(path)).diagnostics, path.name
    assert list(tmp_path.iterdir()) == []
    assert not Path("/tmp/pwned").exists()


def _load(text: str) -> None:
    analyse(load_problem_text(text, "gen.yaml"))


def test_twenty_megabyte_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("w") as handle:
        handle.write("title: big\nreferential: 0\nframes: {0: {}}\nparameters:\n")
        line = "  p{}: real\n"
        for i in range(1_300_000):
            handle.write(line.format(i))
    assert path.stat().st_size > 20_000_000
    with pytest.raises(InputError) as info:
        load_problem(str(path))
    assert "the limit is 1000000" in info.value.diagnostics[0].message


def test_ten_thousand_deep_nesting_stops_at_the_limit() -> None:
    with pytest.raises(InputError) as info:
        _load("title: " + "[" * 10_000 + "]" * 10_000 + "\n")
    assert "nesting deeper than 32" in str(info.value)


def test_billion_laughs_is_refused_at_the_first_anchor() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i, name in enumerate("bcdefghi"):
        previous = "abcdefghi"[i]
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    with pytest.raises(InputError) as info:
        _load("\n".join(lines) + "\n")
    d = info.value.diagnostics[0]
    assert (d.line, d.col) == (1, 4)


def test_too_many_nodes() -> None:
    with pytest.raises(InputError) as info:
        _load("title: t\nx: [" + ",".join(["1"] * 60_000) + "]\n")
    assert "more than 50000 YAML nodes" in str(info.value)


def test_too_many_coordinates() -> None:
    names = ", ".join(f"q{i}" for i in range(500))
    with pytest.raises(InputError) as info:
        _load(f"title: t\nreferential: 0\nframes: {{0: {{}}}}\ncoordinates: [{names}]\n")
    assert "500 coordinates: the limit is 400" in str(info.value)


def test_yaml_1_1_values_cannot_change_meaning() -> None:
    loaded = load_problem_text(
        "title: 2001-01-01\nreferential: 0\nframes: {0: {}}\ndescription: yes\n", "t.yaml"
    )
    assert loaded.problem.title == "2001-01-01"
    assert loaded.problem.description == "yes"


_ALPHABET = st.sampled_from(
    [
        "x",
        "k",
        "x0",
        "y0",
        "t",
        "pi",
        "'",
        "(",
        ")",
        "+",
        "-",
        "*",
        "/",
        "**",
        ",",
        " ",
        "1",
        "2.5",
        "1e9",
        "sin",
        "cross",
        "dot",
        "diff",
        "__",
        ".",
        "[",
        "]",
        "lambda",
        ":",
        "=",
        '"',
        "j",
        "_",
        "Q",
        "N",
        "\u0435",
        "9" * 45,
        "{",
        "}",
        "%",
        "^",
        "@",
        "~",
        "not",
        "if",
        "else",
    ]
)


@settings(max_examples=300, deadline=2000)
@given(st.lists(_ALPHABET, max_size=30).map("".join))
def test_parser_raises_only_expression_errors(text: str) -> None:
    from sympy.physics.vector import ReferenceFrame, dynamicsymbols

    frame = ReferenceFrame("F")
    x = dynamicsymbols("x", real=True)
    import sympy

    namespace = Namespace(
        scalars={
            "x": x,
            "k": sympy.Symbol("k", positive=True),
            "Q": sympy.Symbol("Q"),
            "N": sympy.Symbol("N"),
        },
        vectors={"x0": frame.x, "y0": frame.y},
        rates={"x": x.diff(dynamicsymbols._t)},
        time=dynamicsymbols._t,
    )
    try:
        parse(text, namespace)
    except ExpressionError as exc:
        assert 0 <= exc.offset <= len(text)


@settings(max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_loader_raises_only_our_errors_on_random_text(text: str) -> None:
    with contextlib.suppress(ScrewsolveError):
        _load(text)


_LEAF = st.one_of(
    st.sampled_from(
        [
            "0",
            "1",
            "x",
            "x0",
            "O",
            "P",
            "positive",
            "real",
            "theta",
            "z",
            "on",
            "yes",
            "x*x0",
            "theta'",
            "k",
            "-g*y0",
            "[z, theta]",
        ]
    ),
    st.text(max_size=8),
    st.none(),
)
_KEYS = st.sampled_from(
    [
        "title",
        "referential",
        "frames",
        "points",
        "bodies",
        "actions",
        "parameters",
        "coordinates",
        "from",
        "rotate",
        "position",
        "body",
        "fixed_in",
        "frame",
        "origin",
        "on",
        "at",
        "force",
        "moment",
        "name",
        "spring",
        "between",
        "stiffness",
        "gravity",
        "expected",
        "0",
        "1",
        "P",
    ]
)
_TREES = st.recursive(
    _LEAF,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(_KEYS, children, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_KEYS, _TREES, max_size=8))
def test_loader_raises_only_our_errors_on_random_structures(document: dict) -> None:
    with contextlib.suppress(ScrewsolveError):
        _load(yaml.safe_dump(document))


@settings(max_examples=60, deadline=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_textbook_problems_fail_cleanly(data: st.DataObject) -> None:
    files = sorted(PROBLEMS.glob("*.yaml"))
    text = data.draw(st.sampled_from(files)).read_text(encoding="utf-8")
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        line = lines[index]
        position = data.draw(st.integers(0, len(line)))
        insert = data.draw(st.sampled_from(["", "x", "{", "]", ": ", "'", "*", "-", "0", "\t"]))
        cut = data.draw(st.integers(0, 2))
        lines[index] = line[:position] + insert + line[position + cut :]
    with contextlib.suppress(ScrewsolveError):
        _solve("\n".join(lines) + "\n")


def _solve(text: str) -> None:
    """Load, analyse and present a file, and check its claims: every step either works or
    raises a located error (nothing else escapes)."""
    from screwsolve.checking.checking import check_claims
    from screwsolve.solution.build import present

    analysis = analyse(load_problem_text(text, "gen.yaml"))
    present(analysis)
    check_claims(analysis)


def test_debug_flag_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from screwsolve.cli import app

    path = str(INVALID / "misspelt-key.yaml")
    result = CliRunner().invoke(app, ["--debug", "run", path])
    assert result.exit_code == 1
    assert isinstance(result.exception, InputError)
    quiet = CliRunner().invoke(app, ["run", path])
    assert quiet.exit_code == 1
    assert not isinstance(quiet.exception, InputError)  # no traceback without --debug
    assert "misspelt-key.yaml:" in quiet.stderr and "Traceback" not in quiet.stderr
