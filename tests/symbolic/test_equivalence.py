"""Equivalence by probing: identities hold, near misses fail, assumptions are respected."""

from __future__ import annotations

import itertools

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.symbolic.equivalence import equivalent

x = sympy.Symbol("x", real=True)
p = sympy.Symbol("p", positive=True)


def test_trig_identity_is_equal() -> None:
    assert equivalent(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1)).equal is True


def test_sign_error_is_caught_with_a_witness() -> None:
    verdict = equivalent(sympy.sin(x), -sympy.sin(x))
    assert verdict.equal is False
    assert "differs at" in verdict.detail


def test_small_difference_is_caught() -> None:
    assert equivalent(x, x + sympy.Rational(1, 10**6)).equal is False


def test_positive_assumption_is_respected() -> None:
    assert equivalent(sympy.sqrt(p**2), p).equal is True
    assert equivalent(sympy.sqrt(x**2), x).equal is False


def test_complex_values_compare_as_complex_numbers() -> None:
    assert equivalent(sympy.sqrt(x - 5), sympy.I * sympy.sqrt(5 - x)).equal is True


def test_singular_points_are_skipped() -> None:
    assert equivalent(sympy.cot(x), sympy.cos(x) / sympy.sin(x)).equal is True


def test_seed_makes_probing_deterministic() -> None:
    a = equivalent(x, -x, seed=1).detail
    assert a == equivalent(x, -x, seed=1).detail


def test_a_step_hidden_beyond_the_old_probe_range_is_found() -> None:
    """right + 1000 m g Heaviside(theta - 3) differs from right where theta > 3."""
    theta, m, g = sympy.Symbol("theta", real=True), *sympy.symbols("m g", positive=True)
    right = -m * g * sympy.cos(theta)
    trick = right + 1000 * m * g * sympy.Heaviside(theta - 3)
    for seed in range(20):
        assert equivalent(right, trick, seed=seed).equal is False, seed


def test_an_answer_built_to_vanish_at_one_seeds_points_fails_at_another_seeds() -> None:
    from screwsolve.symbolic.equivalence import sample

    x = sympy.Symbol("x", real=True)
    known = [complex(point[0]).real for point in sample([x], count=12, seed=1)]
    trick = x + sympy.Mul(*[(x - sympy.Rational(repr(v))) for v in known])
    assert equivalent(x, trick, seed=1).equal is True  # fooled at the points it was built for
    assert equivalent(x, trick, seed=2).equal is False  # a secret seed is not fooled


def test_each_vanishes_judges_each_value_of_a_shared_graph() -> None:
    """sin^2 + cos^2 - 1 and (a + b)^2 - a^2 - 2ab - b^2 vanish, a / 10^6 and sin(a) b do not
    (however small); each is judged by itself though all share one tape. With offsets computed
    at the point (2a, as d(a^2)/da would be), 2a - offset vanishes and 3a - offset does not."""
    import decimal

    import symengine as se

    from screwsolve.symbolic.equivalence import SharedProbe, each_vanishes, vanishes

    a, b = se.Symbol("a"), se.Symbol("b")
    symbols = {"a": sympy.Symbol("a", real=True), "b": sympy.Symbol("b", real=True)}
    x = se.sin(a) * b
    values = [
        se.sin(a) ** 2 + se.cos(a) ** 2 - 1,
        a / 1_000_000,
        (a + b) ** 2 - a**2 - 2 * a * b - b**2,
        x,
    ]
    assert each_vanishes(values, symbols) == [True, False, True, False]
    assert vanishes(x, symbols) is False

    class Twice:
        names = frozenset({"a"})

        def __call__(self, point: dict[str, str]) -> list[decimal.Decimal]:
            return [-2 * decimal.Decimal(point["a"])] * 2

    assert SharedProbe([2 * a, 3 * a], symbols, names=Twice.names).verdicts([0, 1], Twice()) == [
        True,
        False,
    ]


def test_probing_until_one_value_does_not_vanish_stops_there() -> None:
    """Enough to know that not all vanish: the first point that shows one nonzero ends the
    probing, the values still open left undecided; the others are probed as before."""
    import symengine as se

    from screwsolve.symbolic.equivalence import SharedProbe

    a, b = se.Symbol("a"), se.Symbol("b")
    symbols = {"a": sympy.Symbol("a", real=True), "b": sympy.Symbol("b", real=True)}
    values = [se.sin(a) ** 2 + se.cos(a) ** 2 - 1, se.sin(a) * b, a - a * 1]
    probe = SharedProbe(values, symbols)
    assert probe.verdicts([0, 1, 2], until_one_is=True) == [None, False, None]
    assert len(probe._raw) == 1  # one point evaluated
    assert probe.verdicts([0, 1, 2]) == [True, False, True]
    assert probe.verdicts([0, 2], until_one_is=True) == [True, True]


def test_values_probed_alone_get_the_verdicts_of_the_whole_tape() -> None:
    """Evaluated over the steps they need only (here: not the sum with b), the values are
    judged as over the whole tape, and the whole tape's points are not kept for them."""
    import symengine as se

    from screwsolve.symbolic.equivalence import SharedProbe

    a, b = se.Symbol("a"), se.Symbol("b")
    symbols = {"a": sympy.Symbol("a", real=True), "b": sympy.Symbol("b", real=True)}
    shared = se.sin(a) ** 2 + se.cos(a) ** 2
    values = [shared - 1, se.cos(a) * (shared + b) + se.sin(b), se.sin(a) * se.cos(a), shared]
    alone = SharedProbe(values, symbols)
    assert alone.verdicts([0, 2], alone=True) == [True, False]
    assert alone._raw == {}
    assert alone.verdicts([2, 0, 3], alone=True) == SharedProbe(values, symbols).verdicts([2, 0, 3])
    part, roots = alone._part([0])
    assert len(part.steps) < len(alone.tape.steps)
    assert [part.steps[r][0] for r in roots] == ["add"]


def test_atan2_is_probed_not_left_undecided() -> None:
    """atan2(y, x) = 2 atan(y / (sqrt(x^2 + y^2) + x)) off the negative x axis (the half-angle
    identity), and differs from atan(y/x) in the left half-plane: symengine keeps atan2 of
    numbers unevaluated, so such values are evaluated by sympy."""
    x, y = sympy.symbols("x y", real=True)
    half_angle = 2 * sympy.atan(y / (sympy.sqrt(x**2 + y**2) + x))
    assert equivalent(sympy.atan2(y, x), half_angle).equal is True
    assert equivalent(sympy.atan2(y, x), sympy.atan(y / x)).equal is False


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(st.floats(-2, 2), st.floats(-2, 2)),
    st.lists(
        st.tuples(st.floats(-3, 3), st.floats(-3, 3), st.floats(0.01, 0.5)),
        min_size=1,
        max_size=6,
    ),
)
def test_any_nonempty_set_of_domains_gives_enough_points(centre, halfplanes) -> None:
    """Up to six inequalities a x + b y + c > 0, each holding at a centre point with a margin
    (c set so), which may leave a thin wedge: enough admissible points are always found, and
    every one satisfies every inequality."""
    from screwsolve.symbolic.equivalence import PROBES, Domain, admissible_points

    x, y = sympy.symbols("x y", real=True)
    cx, cy = centre
    inequalities = [
        a * x + b * y + (margin - a * cx - b * cy) for a, b, margin in halfplanes
    ]  # at (cx, cy) each equals its margin > 0
    domain = Domain(positive=tuple(inequalities))
    found = list(itertools.islice(admissible_points((x, y), 7, PROBES * 10, domain), PROBES))
    assert len(found) == PROBES
    for point in found:
        values = point.sympy_values()
        assert all(float(e.xreplace(values)) > 0 for e in inequalities)
