"""No output of `run`, `check` or `grade` ever shows an undefined value (nan, zoo, oo): for
random constrained sleds (knife edges in any direction, friction, drag, speeds declared in full,
as printed, or not at all), every format of `run`, the lines of `check` with right and wrong
claims, and `grade`'s gradebook and feedback are read as a user reads them."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from screwsolve.cli import app

from ..sleds import sled

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

UNDEFINED = re.compile(r"\b(nan|zoo|oo|inf|infinity)\b|\\infty|∞", re.IGNORECASE)

SPEEDS = {
    "none": "",
    "full": 'speeds: {u1: "x\'", u2: "y\'", u3: "theta\'"}',
    "printed": "speeds: {u1: 'dot(v(P), xA)', u2: \"theta'\"}",
}
# true for every sled: the steering torque's power and its potential (by hand: P = T theta',
# V = -T theta); the wrong ones are undefined, or off the constraint by a velocity
KEY = """expected:
  power: {turn: T*theta'}
  potential_energy: {turn: -T*theta}
grading: {id: sled}
"""
WRONG = """expected:
  power: {turn: T*theta' + 1/(sin(theta) - sin(theta)), edge: 1/x}
  power_under_constraints: T*theta'
  potential_energy: {turn: 0, edge: 1/theta}
"""
ANSWER = """student: s1
problem: sled
answers:
  power: {turn: T*theta'/(1 - 1)}
  potential_energy: {turn: -T*theta + 1/(x - x)}
"""


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    gx=st.sampled_from(["0", "a"]),
    gy=st.sampled_from(["0", "-a"]),
    point=st.sampled_from(["P", "G"]),
    k=st.sampled_from([("0", "1"), ("1", "1"), ("cos(theta)", "2"), ("a", "sin(theta)")]),
    speeds=st.sampled_from(sorted(SPEEDS)),
)
def test_no_output_shows_an_undefined_value(
    tmp_path: Path, gx: str, gy: str, point: str, k: tuple[str, str], speeds: str
) -> None:
    text = sled(gx, gy, k, constrained=point, speeds=SPEEDS[speeds])
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # hypothesis calls this test many times
    problem = folder / "sled.yaml"
    problem.write_text(text + WRONG, encoding="utf-8")
    runner = CliRunner()
    outputs = []
    for form in ("table", "json", "latex"):
        done = runner.invoke(app, ["run", str(problem), "--format", form])
        assert done.exit_code == 0, done.output
        outputs.append(done.output)
    for form in ("concise", "json"):
        done = runner.invoke(app, ["check", str(problem), "--format", form, "--jobs", "1"])
        assert done.exit_code == 1, done.output  # every claim is wrong or undefined
        outputs.append(done.output)
    key = folder / "key.yaml"
    key.write_text(text + KEY, encoding="utf-8")
    submissions = folder / "submissions"
    submissions.mkdir()
    (submissions / "s1.yaml").write_text(ANSWER, encoding="utf-8")
    out = folder / "out"
    done = runner.invoke(
        app, ["grade", "--key", str(key), str(submissions), "--out", str(out), "--jobs", "1"]
    )
    written = [p for p in sorted(out.rglob("*")) if p.is_file()]
    assert any("feedback" in str(p) for p in written), (done.output, written)
    outputs.append(done.output)
    outputs.extend(p.read_text(encoding="utf-8") for p in written)
    for output in outputs:
        assert output.strip()
        found = UNDEFINED.search(output)
        assert found is None, (text, output[max(0, found.start() - 200) : found.end() + 200])
