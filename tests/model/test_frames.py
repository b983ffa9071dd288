"""Frames: unit-vector names, aliases of rotation axes, and compact cross products."""

from __future__ import annotations

import pytest

from ..conftest import ALIASED_AXIS, PROBLEMS, solve_text

EULER = """title: euler
referential: 0
coordinates: [psi, theta, phi]
frames:
  0: {}
  2: {from: 0, rotate: [z, psi], axes: {x: u, y: v}}
  3: {from: 2, rotate: [u, theta], axes: {y: w}}
  1: {from: 3, rotate: [z, phi]}
points: {O: {fixed_in: 0}}
bodies: {1: {frame: 1, origin: O}}
"""


def test_rotation_axes_are_shared_and_named_like_the_book() -> None:
    frames = solve_text(EULER).system.frames
    assert frames.display_name(("2", 2)) == "z0"  # z2 is z0
    assert frames.display_name(("3", 0)) == "u"  # x3 is u
    assert frames.display_name(("3", 2)) == "z1"  # z3 is z1 (the body's frame)


def test_an_axis_named_through_an_alias_is_shared_too() -> None:
    """Frame 2 turns about x1, so x2 is x1; frame 3 turns about x1 named as such (not as its
    parent's x): x3 is that same unit vector too."""
    frames = solve_text(ALIASED_AXIS).system.frames
    assert set(frames.aliases(("3", 0))) == {("1", 0), ("2", 0), ("3", 0)}


def test_angular_velocity_reads_psi_z0_theta_u_phi_z1() -> None:
    analysis = solve_text(EULER)
    omega = analysis.system.frames.angular_velocity("1")
    terms = [(str(analysis.static(c)), u) for c, u in analysis.system.frames.terms(omega)]
    assert terms == [("psi'", "z0"), ("theta'", "u"), ("phi'", "z1")]


def test_cross_of_unit_vectors_of_adjacent_frames_is_compact() -> None:
    analysis = solve_text(EULER)
    frames = analysis.system.frames
    vectors = analysis.system.namespace.vectors
    product = frames.cross(vectors["z1"], vectors["z0"])  # = -sin(theta) u
    terms = frames.terms(product)
    assert len(terms) == 1 and terms[0][1] == "u"
    assert str(analysis.static(terms[0][0])) == "-sin(theta)"


def test_candidate_products_too_large_to_count_rank_after_every_small_one(monkeypatch) -> None:
    """A cross product across a long chain has components whose trees are far too large for
    count_ops: such a candidate is ranked last without being counted."""
    import sympy
    from sympy.physics.vector import ReferenceFrame

    from screwsolve.model import frames

    a, b = sympy.symbols("a b")
    frame = ReferenceFrame("N")
    large = sympy.sin(a) * b
    for i in range(12):  # a graph of ~40 nodes, a tree of ~20 000
        large = large * sympy.sin(a + i) + large * sympy.cos(b + i)
    small = frames._size(2 * a * frame.x)
    monkeypatch.setattr(sympy, "count_ops", lambda *args: 1 / 0)
    assert frames._size(large * frame.x + frame.y) == (1, 0)
    assert small[0] == 0 and small < (1, 0)


EULER_ONE_LINE = """title: euler in one line
referential: 0
coordinates: [psi, theta, phi]
frames:
  0: {}
  B: {from: 0, rotate: [[z, psi], [x, theta], [z, phi]]}
points: {O: {fixed_in: 0}}
bodies: {1: {frame: B, origin: O}}
"""


def test_a_rotation_sequence_in_one_line_names_its_intermediate_frames() -> None:
    """psi about z0, then theta about the new x, then phi about the new z: the angular velocity
    is psi' z0 + theta' x_{B_1} + phi' z_B, as for three frames written out."""
    analysis = solve_text(EULER_ONE_LINE)
    frames = analysis.system.frames
    assert frames.parents["B_1"] == "0" and frames.parents["B_2"] == "B_1"
    assert frames.parents["B"] == "B_2"
    omega = frames.angular_velocity("B")
    terms = [(str(analysis.static(c)), u) for c, u in frames.terms(omega)]
    assert terms == [("psi'", "z0"), ("theta'", "xB_1"), ("phi'", "zB")]


def test_a_negative_axis_turns_the_other_way() -> None:
    """About -y by q is about y by -q: omega = -q' y0, and x1 = cos q x0 + sin q z0
    (a turn about y by -q carries x towards +z)."""
    text = """title: minus y
referential: 0
coordinates: [q]
frames:
  0: {}
  1: {from: 0, rotate: [-y, q]}
points: {O: {fixed_in: 0}}
bodies: {1: {frame: 1, origin: O}}
"""
    analysis = solve_text(text)
    frames = analysis.system.frames
    terms = [(str(analysis.static(c)), u) for c, u in frames.terms(frames.angular_velocity("1"))]
    assert terms == [("-q'", "y0")]
    vectors = analysis.system.namespace.vectors
    x1 = vectors["x1"].express(frames.frames["0"])
    assert [(str(analysis.static(c)), u) for c, u in frames.terms(x1)] == [
        ("cos(q)", "x0"),
        ("sin(q)", "z0"),
    ]


def test_an_intermediate_frame_may_not_take_a_declared_name() -> None:
    import pytest

    from screwsolve.errors import InputError

    text = EULER_ONE_LINE.replace("  0: {}\n", "  0: {}\n  B_1: {from: 0, rotate: [z, psi]}\n")
    with pytest.raises(InputError) as info:
        solve_text(text)
    messages = [d.message for d in info.value.diagnostics]
    assert any("would be named 'B_1'" in m for m in messages), messages


def test_a_function_of_time_is_declared_once_and_named_plainly() -> None:
    import pytest

    from screwsolve.errors import InputError

    text = EULER_ONE_LINE.replace("coordinates:", "functions: [psi, 2F, T]\ncoordinates:")
    with pytest.raises(InputError) as info:
        solve_text(text)
    messages = [d.message for d in info.value.diagnostics]
    assert "'psi' is declared twice" in messages
    assert any("function '2F' is not a plain ASCII name" in m for m in messages), messages


@pytest.mark.parametrize(
    ("faulty", "expected"),
    [
        ("Y: {from: xN, rotate: [z, q1]}", "unknown frame 'xN'"),
        ("Y: {from: N, rotate: [w, q1]}", "axis 'w' is not x, y, z"),
        ("Y: {from: N, rotate: [z, q1']}", "may not contain rates"),
    ],
)
def test_a_frame_left_unoriented_is_reported_while_speeds_use_omega_below_it(
    faulty: str, expected: str
) -> None:
    """The rolling disc's speeds take omega(R), whose walk up the tree passes Y: a Y that could
    not be oriented is an error at its line, not a crash in that walk."""
    from screwsolve.errors import InputError

    text = (PROBLEMS / "rolling-disc-speeds.yaml").read_text(encoding="utf-8")
    assert "Y: {from: N, rotate: [z, q1]}" in text
    with pytest.raises(InputError) as info:
        solve_text(text.replace("Y: {from: N, rotate: [z, q1]}", faulty))
    messages = [d.message for d in info.value.diagnostics]
    assert any(expected in m for m in messages), messages


def _tower(depth: int) -> str:
    """Frames k = 1..depth, each turned from k - 1 about z by its own parameter."""
    lines = ["title: tower", "referential: 0", "coordinates: [x]", "parameters: {"]
    lines[-1] += ", ".join(f"a{k}: real" for k in range(1, depth + 1)) + "}"
    lines += ["frames:", "  0: {}"]
    lines += [f"  {k}: {{from: {k - 1}, rotate: [z, a{k}]}}" for k in range(1, depth + 1)]
    lines += ["points: {O: {fixed_in: 0}}", f"bodies: {{B: {{frame: {depth}, origin: O}}}}"]
    return "\n".join(lines) + "\n"


def test_a_frame_past_the_depth_limit_is_refused_once_at_its_from() -> None:
    from screwsolve.errors import InputError
    from screwsolve.limits import MAX_FRAME_DEPTH

    text = _tower(MAX_FRAME_DEPTH + 30)
    with pytest.raises(InputError) as info:
        solve_text(text)
    (diagnostic,) = info.value.diagnostics  # once, not for each deeper frame
    first = MAX_FRAME_DEPTH + 1
    assert text.splitlines()[diagnostic.line - 1].startswith(f"  {first}: {{from: {first - 1},")
    assert f"the limit is {MAX_FRAME_DEPTH}" in diagnostic.message
    solve_text(_tower(MAX_FRAME_DEPTH))  # at the limit: loads
