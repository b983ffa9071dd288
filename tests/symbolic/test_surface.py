"""Probe points on holonomic constraints: every point handed to a comparison satisfies them."""

from __future__ import annotations

from itertools import islice

import pytest
import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from screwsolve.symbolic.equivalence import (
    PRECISION,
    Domain,
    admissible_points,
    agrees_to_order,
    equivalent,
)
from screwsolve.symbolic.surface import Surface

q1, q2, q3, q4 = sympy.symbols("q1:5", real=True)
L = sympy.Symbol("L", positive=True)
COORDINATES = (q1, q2, q3, q4)
CIRCLE = Surface((sympy.sqrt(q1**2 + q2**2) - L,), (q1, q2), ("sqrt(q1**2 + q2**2) = L",))


def _floats(values: dict[sympy.Symbol, str], digits: int = PRECISION) -> dict:
    return {s: sympy.Float(v, digits) for s, v in values.items()}


def test_a_point_is_moved_onto_the_circle_and_a_held_coordinate_stays() -> None:
    drawn = _floats({q1: "0.65", q2: "1.2", L: "2.83"})
    placed = CIRCLE.place(drawn, PRECISION)
    assert placed is not None and placed[L] == drawn[L]
    assert abs(placed[q1] ** 2 + placed[q2] ** 2 - placed[L] ** 2) < 1e-25
    # the least-norm step keeps the direction from the pivot: q2/q1 as drawn
    assert abs(placed[q2] / placed[q1] - drawn[q2] / drawn[q1]) < 1e-20
    held = CIRCLE.place(drawn, PRECISION, held=[q2])
    assert held is not None and held[q2] == drawn[q2]
    assert abs(held[q1] - sympy.sqrt(drawn[L] ** 2 - drawn[q2] ** 2)) < 1e-25


def test_a_point_that_cannot_be_placed_is_refused() -> None:
    assert CIRCLE.place(_floats({q1: "0", q2: "0", L: "1"}), PRECISION) is None  # J = 0
    # q2 held beyond the circle: no real q1
    assert CIRCLE.place(_floats({q1: "1", q2: "5", L: "1"}), PRECISION, held=[q2]) is None


def test_a_value_true_only_on_the_surface_is_decided_there() -> None:
    on_circle = Domain(surface=CIRCLE)
    assert equivalent(q1**2 + q2**2, L**2).equal is False
    assert equivalent(q1**2 + q2**2, L**2, domain=on_circle).equal is True
    assert equivalent(q1**2 + q2**2, 2 * L**2, domain=on_circle).equal is False


def test_a_series_follows_the_surface_as_the_small_quantity_goes() -> None:
    """q1 = sqrt(L^2 - q2^2) = L - q2^2/(2 L) + ...: 1/q1 is 1/L to first order in q2 on the
    circle with q1 > 0, and not off it, nor on the branch q1 < 0."""
    below = Domain((q1,), (), CIRCLE)
    truth = -q2 / q1
    assert agrees_to_order(truth, -q2 / L, [q2], 1).equal is False
    assert agrees_to_order(truth, -q2 / L, [q2], 1, domain=below).equal is True
    assert agrees_to_order(truth, -q2 / L, [q2], 3, domain=below).equal is False
    third = -q2 / L - q2**3 / (2 * L**3)
    assert agrees_to_order(truth, third, [q2], 3, domain=below).equal is True
    above = Domain((-q1,), (), CIRCLE)
    assert agrees_to_order(truth, -q2 / L, [q2], 1, domain=above).equal is False


_coefficient = st.integers(-3, 3)
_term = st.sampled_from(["linear", "square", "product", "sine", "cosine"])


@st.composite
def holonomic_systems(draw: st.DrawFn) -> Surface:
    """One or two constraints in two to four coordinates: a linear part with a nonzero
    coefficient on a coordinate of its own (so the constraints are independent), nonlinear
    terms, and a parameter on the right."""
    n = draw(st.integers(2, 4))
    m = draw(st.integers(1, min(2, n - 1)))
    coordinates = COORDINATES[:n]
    equations = []
    for i in range(m):
        expr = draw(st.sampled_from([1, 2, -1, -2])) * coordinates[i]
        for _ in range(draw(st.integers(0, 3))):
            kind = draw(_term)
            a, b = draw(st.sampled_from(coordinates)), draw(st.sampled_from(coordinates))
            c = draw(_coefficient)
            expr += {
                "linear": c * a,
                "square": c * a**2 / 4,
                "product": c * a * b / 4,
                "sine": c * sympy.sin(a),
                "cosine": c * sympy.cos(a),
            }[kind]
        assume(coordinates[i] in expr.free_symbols)  # its own coordinate did not cancel
        equations.append(expr - sympy.Symbol(f"p{i}", real=True))
    return Surface(tuple(equations), coordinates)


def _parameters(point: object) -> list[tuple[sympy.Symbol, str]]:
    """The parameters of a point as drawn (placing moves coordinates only)."""
    return [
        (s, t)
        for s, t in zip(point.symbols, point.texts, strict=True)  # type: ignore[attr-defined]
        if s.name.startswith("p")
    ]


@pytest.mark.slow  # 60 random surfaces: 8 s of the fast tier
@settings(max_examples=60, deadline=None)
@given(holonomic_systems(), st.integers(0, 10_000))
def test_every_probe_point_satisfies_the_constraints(surface: Surface, seed: int) -> None:
    symbols = tuple(sorted(surface.symbols, key=str))
    domain = Domain(surface=surface)
    for point in islice(admissible_points(symbols, seed, 12, domain), 12):
        values = point.sympy_values()
        scale = 1 + max(abs(float(values[q])) for q in surface.coordinates if q in values)
        assert all(values[p] == sympy.Float(t, PRECISION) for p, t in _parameters(point))
        residual = surface.residual(values, PRECISION)
        assert residual is not None and residual <= 1e-12 * scale


def test_a_regular_surface_places_every_draw() -> None:
    """Not vacuous: on q1 + sin(q2)/2 = p0 (J never zero) each of 12 draws is placed."""
    p0 = sympy.Symbol("p0", real=True)
    surface = Surface((q1 + sympy.sin(q2) / 2 - p0,), (q1, q2))
    symbols = tuple(sorted(surface.symbols, key=str))
    points = list(islice(admissible_points(symbols, 7, 12, Domain(surface=surface)), 12))
    assert len(points) >= 12
