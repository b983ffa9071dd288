"""A pathway: one tension along straight segments through points. Each segment pulls its ends
together, so the power is -T L' and Q^q = -T dL/dq for the path's whole length L (derived
here from L itself, never from the screws the program builds)."""

from __future__ import annotations

import itertools

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.errors import InputError

from ..conftest import same, solve_text

HEAD = """\
title: pathway
referential: N
parameters: {T: positive, k: positive}
coordinates: [q1, q2, q3]
frames:
  N: {}
points:
  O: {fixed_in: N}
  P: {from: O, position: q1*xN + q2*yN + q3*zN}
  Q: {from: O, position: 2*xN + q3*yN}
"""


def _problem(points: str, bodies: str, pathway: str) -> str:
    return HEAD + points + bodies + "actions:\n  - {name: cable, pathway: " + pathway + "}\n"


BODIES = "bodies:\n  bead: {origin: P}\n  slider: {origin: Q}\n"


def _length(*corners: tuple[sympy.Expr, sympy.Expr, sympy.Expr]) -> sympy.Expr:
    return sum(
        (
            sympy.sqrt(sum((b - a) ** 2 for a, b in zip(p, r, strict=True)))
            for p, r in itertools.pairwise(corners)
        ),
        sympy.Integer(0),
    )


def test_a_cable_over_a_fixed_pulley_point_pulls_with_minus_t_dl_dq() -> None:
    """Bead P, via the fixed point A = (1, 1, 0), to the slider Q = (2, q3, 0)."""
    analysis = solve_text(
        _problem(
            "  A: {fixed_in: N, from: O, position: xN + yN}\n",
            BODIES,
            "{through: [P, A, Q], tension: T}",
        )
    )
    (terms,) = analysis.actions
    q1, q2, q3, t = sympy.symbols("q1 q2 q3 T", real=True)
    length = _length((q1, q2, q3), (1, 1, 0), (2, q3, 0))
    for q in (q1, q2, q3):
        assert same(analysis.static(terms.coefficients[str(q)]), sympy.expand(-t * length.diff(q)))
    assert terms.action.interaction and {terms.action.on, terms.action.by} == {"bead", "slider"}
    # a tension of parameters alone: V = T L, and -dV/dq is the screws' Q^q
    assert same(analysis.static(terms.action.potential), t * length)
    assert analysis.potential_checks and not any(c.mismatched for c in analysis.potential_checks)


def test_a_tension_that_is_a_law_has_no_potential() -> None:
    """T = k q1 (a muscle's activation, say): the loads are -k q1 dL/dq, and no V is given."""
    analysis = solve_text(
        _problem(
            "  A: {fixed_in: N, from: O, position: xN + yN}\n",
            BODIES,
            "{through: [P, A], tension: k*q1}",
        )
    )
    (terms,) = analysis.actions
    q1, q2, q3, k = sympy.symbols("q1 q2 q3 k", real=True)
    length = _length((q1, q2, q3), (1, 1, 0))
    assert same(analysis.static(terms.coefficients["q2"]), -k * q1 * length.diff(q2))
    assert terms.action.potential is None
    assert not terms.action.interaction  # A is fixed: an external pull on the bead


@settings(max_examples=12, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3)),
        min_size=1,
        max_size=3,
        unique=True,
    ).filter(lambda points: all(p != (0, 0, 0) for p in points))
)
def test_every_path_through_fixed_points_has_q_minus_t_dl_dq(
    vias: list[tuple[int, int, int]],
) -> None:
    """From the bead, through fixed via points (distinct, never where the bead can sit for
    all q: a via at a fixed place), back to the origin O."""
    lines = "".join(
        f"  V{i}: {{fixed_in: N, from: O, position: {x}*xN + {y}*yN + {z}*zN}}\n"
        for i, (x, y, z) in enumerate(vias)
    )
    through = ", ".join(["P", *(f"V{i}" for i in range(len(vias))), "O"])
    analysis = solve_text(_problem(lines, BODIES, f"{{through: [{through}], tension: T}}"))
    (terms,) = analysis.actions
    q1, q2, q3, t = sympy.symbols("q1 q2 q3 T", real=True)
    corners = [(q1, q2, q3), *vias, (0, 0, 0)]
    length = _length(*corners)
    for q in (q1, q2, q3):
        assert same(analysis.static(terms.coefficients[str(q)]), -t * length.diff(q))


def _error(text: str) -> str:
    try:
        solve_text(text)
    except InputError as exc:
        (diagnostic,) = exc.diagnostics
        return f"{diagnostic.line}:{diagnostic.col}: {diagnostic.message}"
    raise AssertionError("no error")


def test_coincident_or_fixed_points_and_a_tension_that_is_no_force_are_located() -> None:
    twice = "  A: {fixed_in: N, from: O, position: xN}\n  B: {fixed_in: N, from: O, position: xN}\n"
    text = _problem(twice, BODIES, "{through: [P, A, B], tension: T}")
    line = len(text.splitlines())
    at_b = text.splitlines()[-1].index("B]") + 1
    assert _error(text) == (
        f"{line}:{at_b}: 'A' and 'B' coincide: the segment between them has no direction"
    )
    fixed = _problem(twice, BODIES, "{through: [A, O], tension: T}")
    at_list = fixed.splitlines()[-1].index("[A") + 1
    assert _error(fixed) == (
        f"{line}:{at_list}: every point is fixed in the referential: the pathway acts on no body"
    )
    units = _problem(twice, BODIES, "{through: [P, A], tension: T*q1}").replace(
        "parameters:", "units: {T: N, k: N/m, q1: m, q2: m, q3: m}\nparameters:"
    )
    try:
        solve_text(units)
    except InputError as exc:
        messages = [d.message for d in exc.diagnostics]
    assert "a tension must be a force (N), and 'T*q1' is a moment or an energy (N*m)" in messages
