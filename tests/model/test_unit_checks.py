"""Dimension slips in a problem file are refused at load time, each located at file:line:col and
naming the term and both units; a file without units, or with units for some names only, is
checked only where they are known."""

from __future__ import annotations

from pathlib import Path

import pytest

from screwsolve.checking.checking import check_file
from screwsolve.errors import InputError

from ..conftest import solve_text
from ..units_pendulum import PENDULUM

BASE = PENDULUM


def test_the_base_file_passes_with_its_units(tmp_path: Path) -> None:
    path = tmp_path / "base.yaml"
    path.write_text(BASE, encoding="utf-8")
    report = check_file(str(path))
    assert report.status == "ok" and len(report.claims) == 2, report
    analysis = solve_text(BASE)
    units = analysis.system.units
    assert units is not None
    assert units.quantities.coefficient("x").text() == "N"
    assert units.quantities.coefficient("theta").text() == "N*m"


def messages(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        solve_text(text)
    return [str(d) for d in caught.value.diagnostics]


# (what is changed, to what, the located message's start, words it must hold)
SLIPS = [
    (
        "position: l*x1",
        "position: (l + theta)*x1",
        "test.yaml:19:31:",
        ["'theta' is a pure number or an angle (rad)", "'l' beside it is a length (m)"],
    ),
    (
        "force: F*x0}",
        "force: F*l*x0}",
        "test.yaml:25:43:",
        ["an action's force must be a force (N)", "'F*l*x0' is a moment or an energy"],
    ),
    (
        "theta: -m*g*l*cos(theta) - kt*theta",
        "theta: -m*g*cos(theta) - kt*theta",
        "test.yaml:33:13:",
        ["'-kt*theta'", "a moment or an energy (N*m)", "'-g*m*cos(theta)'", "a force (N)"],
    ),
    (
        "x: F - k*(x - l0)",
        "x: F*l - k*(x - l0)*l",
        "test.yaml:32:8:",
        ["power_coefficients.x must be a force (N)", "is a moment or an energy"],
    ),
    (
        "k: N/m,",
        "k: N,",
        "test.yaml:26:57:",
        ["a stiffness must be a stiffness (force per length) (N/m)", "'k' is a force (N)"],
    ),
    (
        "kt: N*m/rad,",
        "kt: N/rad,",
        "test.yaml:27:89:",
        ["a torsional stiffness must be a moment or an energy (N*m)", "'kt' is a force (N/rad)"],
    ),
    (
        "rotate: [z, theta]",
        "rotate: [z, x]",
        "test.yaml:15:28:",
        ["a rotation angle must be a pure number or an angle", "'x' is a length (m)"],
    ),
    (
        "- x = l0",
        "- x = theta",
        "test.yaml:29:9:",
        ["the two sides of a constraint differ", "'x' is a length (m)", "'theta' is a pure"],
    ),
    (
        "gravity: -g*y0",
        "gravity: -m*g*y0",
        "test.yaml:23:10:",
        ["gravity must be an acceleration (m/s**2)", "'-m*g*y0' is a force"],
    ),
    (
        "mass: m,",
        "mass: m*l,",
        "test.yaml:22:34:",
        ["a mass must be a mass (kg)", "'m*l' is in units of kg*m"],
    ),
    (
        "free_length: l0}",
        "free_length: l0*k}",
        "test.yaml:26:73:",
        ["a free length must be a length (m)", "'l0*k' is a force"],
    ),
    (
        "units: {l: m,",
        "units: {l: cm,",
        "test.yaml:33:13:",
        ["is in 0.01*N*m", "give both the same unit"],
    ),
]


@pytest.mark.parametrize(("old", "new", "where", "words"), SLIPS, ids=[s[1] for s in SLIPS])
def test_a_dimension_slip_is_refused_where_it_is_written(
    old: str, new: str, where: str, words: list[str]
) -> None:
    assert old in BASE
    found = messages(BASE.replace(old, new, 1))
    assert any(m.startswith(where) for m in found), found
    hit = next(m for m in found if m.startswith(where))
    for word in words:
        assert word in hit, hit


@pytest.mark.parametrize(
    ("old", "new", "where", "words"),
    [
        ("units: {l: m,", "units: {l: metre_x,", "test.yaml:11:12:", ["unknown unit 'metre_x'"]),
        ("units: {l: m,", "units: {m: g, l: m,", "test.yaml:11:12:", ["'m' is given a unit twice"]),
        ("units: {l: m,", "units: {ll: m, l: m,", "test.yaml:11:9:", ["'ll' is not a parameter"]),
        ("units: {l: m,", "units: {l: c,", "test.yaml:11:12:", ["unknown unit 'c'"]),
        (
            "  g: {positive, unit: m/s**2}",
            "  g: {positive, negative, unit: m/s**2}",
            "test.yaml:5:6:",
            ["parameters.g: give one assumption"],
        ),
    ],
)
def test_a_bad_unit_declaration_is_located(
    old: str, new: str, where: str, words: list[str]
) -> None:
    found = messages(BASE.replace(old, new, 1))
    hit = next((m for m in found if m.startswith(where)), None)
    assert hit is not None, found
    for word in words:
        assert word in hit


def test_every_slip_of_one_file_is_reported_at_once() -> None:
    text = BASE
    for old, new, _, _ in SLIPS[:4]:
        text = text.replace(old, new, 1)
    assert len(messages(text)) >= 4


def test_a_file_without_units_is_not_checked() -> None:
    """The same slips with no unit anywhere: the file is the user's business (as before)."""
    text = BASE.replace("units: {l: m, k: N/m, l0: m, kt: N*m/rad, F: N, x: m, theta: rad}\n", "")
    text = text.replace("{positive, unit: kg}", "positive").replace(
        "{positive, unit: m/s**2}", "positive"
    )
    text = text.replace("position: l*x1", "position: (l + theta)*x1")
    analysis = solve_text(text.replace("expected:", "unused:").split("unused:")[0])
    assert analysis.system.units is None


def test_names_without_units_are_checked_where_units_are_known() -> None:
    """F has no unit: F*l*x0 cannot be judged; l + theta still can."""
    partial = BASE.replace(" F: N,", "").replace("force: F*x0}", "force: F*l*x0}")
    partial = partial.replace("    x: F - k*(x - l0)\n", "")
    solve_text(partial)  # F*l may be a force if F is a force per length: not refused
    with pytest.raises(InputError):
        solve_text(partial.replace("position: l*x1", "position: (l + theta)*x1"))


def test_inline_units_of_coordinates_and_functions() -> None:
    text = BASE.replace(
        "coordinates: [{x: positive}, theta]", "coordinates: [{x: {positive, unit: m}}, theta]"
    )
    text = text.replace(" x: m,", "")
    text = text.replace("parameters:", "functions: [{T: {unit: N*m}}]\nparameters:")
    text = text.replace(
        "  - {name: push,",
        "  - {name: motor, on: 1, by: block, "
        "motor_torque: {axis: z0, torque: T*l}}\n  - {name: push,",
    )
    found = messages(text)
    assert any("a motor torque must be a moment" in m and "'T*l'" in m for m in found), found


INCLINE_IN_DEGREES = """title: incline in degrees
referential: 0
parameters: {m: positive, g: positive, beta: positive}
coordinates: [x]
units: {m: kg, g: m/s**2, beta: deg, x: m}
frames:
  0: {}
  1: {from: 0, rotate: [z, beta]}
points: {O: {fixed_in: 0}, P: {from: O, position: x*x1}}
bodies: {B: {frame: 1, origin: P, mass: m, mass_center: P}}
gravity: -g*y0
expected:
  power_coefficients: {x: -m*g*sin(beta)}
"""


def test_an_angle_in_degrees_is_taken_by_trigonometric_functions(tmp_path: Path) -> None:
    """Q^x of the weight on an incline at beta: -m g sin(beta), whatever unit beta's number is
    in; only functions of pure numbers (exp, log) still need radians."""
    path = tmp_path / "incline.yaml"
    path.write_text(INCLINE_IN_DEGREES, encoding="utf-8")
    report = check_file(str(path))
    assert not report.diagnostics and [c.status for c in report.claims] == ["ok"]
    refused = INCLINE_IN_DEGREES.replace("-m*g*sin(beta)", "-m*g*sin(beta)*exp(beta)")
    assert any("exp() takes an angle in radians" in m for m in messages(refused))
