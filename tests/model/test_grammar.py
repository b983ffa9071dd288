"""The safe grammar: what it builds, and what it refuses with the right column."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.physics.vector import ReferenceFrame, Vector, dynamicsymbols

from screwsolve.errors import ExpressionError
from screwsolve.model.grammar import Namespace, check_name, parse, parse_scalar, parse_vector

T = dynamicsymbols._t
THETA = dynamicsymbols("theta", real=True)
X = dynamicsymbols("x", real=True)
F0 = ReferenceFrame("F0")


@pytest.fixture
def ns() -> Namespace:
    h = sympy.Symbol("h", positive=True)
    lam = sympy.Symbol("N", real=True)
    return Namespace(
        scalars={"h": h, "N": lam, "theta": THETA, "x": X, "I": sympy.Symbol("I", real=True)},
        vectors={"x0": F0.x, "y0": F0.y, "z0": F0.z},
        rates={"theta": THETA.diff(T), "x": X.diff(T)},
        time=T,
    )


def test_scalar_with_functions_and_rates(ns: Namespace) -> None:
    expr = parse_scalar("h/sin(theta) * theta' + diff(x, t)", ns)
    h = ns.scalars["h"]
    assert sympy.simplify(expr - (h / sympy.sin(THETA) * THETA.diff(T) + X.diff(T))) == 0


def test_declared_names_shadow_sympy_builtins(ns: Namespace) -> None:
    expr = parse_scalar("N + I", ns)
    assert expr == ns.scalars["N"] + ns.scalars["I"]
    assert not expr.has(sympy.I)


def test_decimal_literals_are_exact(ns: Namespace) -> None:
    assert parse_scalar("0.5*h + 1e-3", ns) == ns.scalars["h"] / 2 + sympy.Rational(1, 1000)


def test_vectors_are_linear_in_unit_vectors(ns: Namespace) -> None:
    vec = parse_vector("x*x0 + h*(y0 - z0)/2 + cross(x0, y0)", ns)
    h = ns.scalars["h"]
    assert vec == X * F0.x + h / 2 * F0.y + (1 - h / 2) * F0.z
    assert parse_scalar("dot(x0 + y0, y0)", ns) == 1


def test_zero_scalar_is_the_zero_vector(ns: Namespace) -> None:
    assert parse_vector("0", ns) == Vector(0)
    assert parse_vector("x0 + 0", ns) == F0.x


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("x0*y0", 0, "cannot multiply two vectors"),
        ("h + x0", 0, "cannot add a scalar and a vector"),
        ("sin(x0)", 4, "takes a scalar"),
        ("h/x0", 2, "cannot divide by a vector"),
        ("x0**2", 0, "a vector cannot be raised"),
        ("theta.real", 5, "attribute access"),
        ("x[0]", 1, "not part of the grammar"),
        ("lambda: 1", 0, "lambda is not allowed"),
        ("[i for i in h]", 0, "not part of the grammar"),
        ("sin(h, h)", 0, "takes 1 argument"),
        ("foo(h)", 0, "unknown function 'foo'"),
        ("thetaa", 0, "did you mean 'theta'"),
        ("h'", 0, "not a coordinate"),
        ("q'", 0, "unknown coordinate"),
        ("x''", 1, "only first rates"),
        ("h ^ 2", 0, "^ (write powers as **)"),
        ("h**1000", 3, "exponent larger"),
        ("10**10**10", 4, "exponent larger"),
        ("1e400", 0, "not finite"),
        ("2j", 0, "not a real number"),
        ("'abc'", 0, "string literals are not allowed"),
        ("h == h", 0, "comparison"),
        ("open('/etc/passwd')", 5, "string literals are not allowed"),
        ("__import__('os')", 0, "'__'"),
        ("h + \u0435", 4, "non-ASCII"),
        ("sin(h=1)", 6, "keyword arguments"),
        ("sin(*h)", 4, "starred"),
        ("h/0", 2, "division by zero"),
        ("1" * 50, 0, "more than"),
        ("(" * 50 + "h" + ")" * 50, 40, "nested deeper"),
        ("", 0, "empty"),
    ],
)
def test_refusals_carry_their_column(ns: Namespace, text: str, offset: int, message: str) -> None:
    with pytest.raises(ExpressionError) as info:
        parse(text, ns)
    assert message in info.value.message
    assert info.value.offset == offset


def test_no_python_is_ever_evaluated(ns: Namespace, tmp_path) -> None:
    marker = tmp_path / "pwned"
    for payload in (
        f"__import__('os').system('touch {marker}')",
        "().__class__.__bases__[0].__subclasses__()",
        "eval('1')",
        "exec('x=1')",
        "getattr(h, 'real')",
    ):
        with pytest.raises(ExpressionError):
            parse(payload, ns)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("theta", True),
        ("F_A", True),
        ("beta", True),
        ("lambda", False),
        ("t", False),
        ("sin", False),
        ("a__b", False),
        ("1a", False),
        ("θ", False),
    ],
)
def test_names(name: str, ok: bool) -> None:
    assert (check_name(name) is None) is ok


# -- the cost model ----------------------------------------------------------------------------

COST_NAMES = sympy.symbols("a b c", positive=True)


def _cost_namespace() -> Namespace:
    from sympy.physics.vector import ReferenceFrame

    frame = ReferenceFrame("N")
    scalars = {str(s): s for s in COST_NAMES}
    return Namespace(scalars=scalars, vectors={"x0": frame.x, "y0": frame.y, "z0": frame.z})


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("-a*((((b+1)**100)**100)**100)**100*x0", 5),  # ((b+1)**100)**100: degree 10 000
        ("(a+b+c+1)**6*(a+b+c+1)**6*(a+b+c+1)**6*(a+b+c+1)**6", 0),
        ("cross(" * 15 + "x0" + ", a*x0 + b*y0 + c*z0)" * 15, None),
    ],
)
def test_expression_bombs_are_refused_at_a_column(text: str, column: int | None) -> None:
    with pytest.raises(ExpressionError) as info:
        parse(text, _cost_namespace())
    assert "could expand to" in info.value.message
    if column is not None:
        assert info.value.offset == column


def test_textbook_sized_expressions_pass_the_cost_model() -> None:
    ns = _cost_namespace()
    for text in ["(a+b)**100", "sqrt(a**2 + b**2)*x0", "cross(a*x0 + b*y0, c*z0)", "sin(a)**4"]:
        parse(text, ns)


_LEAF = st.sampled_from(["a", "b", "c", "2", "(a+1)", "sin(a)"])


@st.composite
def _small_expression(draw: st.DrawFn, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(_LEAF)
    left, right = draw(_small_expression(depth - 1)), draw(_small_expression(depth - 1))
    operator = draw(st.sampled_from(["+", "-", "*"]))
    if draw(st.integers(0, 4)) == 0:
        return f"({left}{operator}{right})**{draw(st.integers(2, 3))}"
    return f"({left}{operator}{right})"


@settings(max_examples=60, deadline=None)
@given(_small_expression())
def test_the_cost_bounds_what_expansion_gives(text: str) -> None:
    """Soundness: the bound on terms is never below the number of terms sympy's expand makes."""
    try:
        value = parse(text, _cost_namespace())
    except ExpressionError:
        return  # refused: nothing to bound
    assert value.scalar is not None
    expanded = sympy.expand(value.scalar)
    terms = len(expanded.args) if isinstance(expanded, sympy.Add) else 1
    assert terms <= value.cost.terms
    generators = [*COST_NAMES, sympy.sin(COST_NAMES[0])]
    degree = sympy.Poly(expanded, *generators).total_degree() if expanded.free_symbols else 0
    assert degree <= value.cost.degree


def test_the_largest_real_answers_fit_the_limits() -> None:
    """A 6-degree-of-freedom body on three springs: every generalized force written out in full
    (no shared names), as a key or a student would write it, is accepted by the grammar."""
    from screwsolve.api import analyse, load, solve
    from screwsolve.limits import MAX_EXPRESSION_CHARS
    from screwsolve.symbolic.printing import text

    from ..conftest import ROOT

    path = ROOT / "tests" / "data" / "large" / "body-on-springs.yaml"
    solution = solve(path)
    namespace = analyse(load(path)).system.namespace
    texts = [text(solution.unshared(value)) for value in solution.coefficients.values()]
    assert max(len(t) for t in texts) > MAX_EXPRESSION_CHARS / 5  # they are real large answers
    for written in texts:
        parse_scalar(written, namespace)


def test_a_function_of_time_has_a_rate_and_a_parameter_has_none() -> None:
    from sympy.physics.vector import dynamicsymbols

    F = dynamicsymbols("F")
    t = dynamicsymbols._t
    ns = Namespace(scalars={"F": F, "k": sympy.Symbol("k")}, time=t, functions={"F": F})
    assert parse_scalar("k*F'", ns) == sympy.Symbol("k") * F.diff(t)
    assert parse_scalar("diff(F, t)", ns) == F.diff(t)
    with pytest.raises(ExpressionError) as info:
        parse_scalar("k'", ns)
    assert "not a coordinate or a function of time" in info.value.message


# -- width: sums and products are folded in a loop, not by recursion ---------------------------


def test_a_thousand_term_sum_is_parsed_whole(ns: Namespace) -> None:
    """An expanded answer of 1 000 terms (far under the node and character limits)."""
    terms = [f"{k}*h*x" if k % 2 else f"{k}*theta" for k in range(1, 1001)]
    expr = parse_scalar(" + ".join(terms), ns)
    h = ns.scalars["h"]
    odd = sum(range(1, 1001, 2))
    even = sum(range(2, 1001, 2))
    assert sympy.expand(expr - (odd * h * X + even * THETA)) == 0


def test_a_thousand_term_vector_sum_and_a_parenthesised_sum(ns: Namespace) -> None:
    vector = parse_vector(" - ".join(["x0"] + ["h*y0"] * 999), ns)
    h = ns.scalars["h"]
    assert vector == F0.x - 999 * h * F0.y
    inner = " + ".join(["x"] * 1200)
    assert parse_scalar(f"h*({inner}) - 2*(x - x)", ns) == 1200 * h * X


def test_a_long_product_and_mixed_signs_keep_python_precedence(ns: Namespace) -> None:
    h = ns.scalars["h"]
    assert parse_scalar("*".join(["h"] * 100), ns) == h**100
    assert parse_scalar("-h**2 + 2*-h - h/2*4 - -h", ns) == -(h**2) - 2 * h - 2 * h + h
    assert parse_scalar("h/2/h", ns) == sympy.Rational(1, 2)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("x0*y0 + 1", "cannot multiply two vectors", 0),
        ("h + x0 + h", "cannot add a scalar and a vector", 0),
        ("h + h/x0", "cannot divide by a vector", 6),
        ("h + x/0", "division by zero", 6),
        ("h + 2h", "syntax error", 4),
    ],
)
def test_errors_in_wide_expressions_keep_their_columns(
    ns: Namespace, text: str, message: str, column: int
) -> None:
    with pytest.raises(ExpressionError) as info:
        parse(text, ns)
    assert message in info.value.message
    assert info.value.offset == column


def test_a_deep_chain_of_signs_is_a_located_error_not_a_crash(ns: Namespace) -> None:
    with pytest.raises(ExpressionError) as info:
        parse("-" * 3000 + "h", ns)
    assert "too" in info.value.message


# -- omega() and v() -------------------------------------------------------------------------


def test_omega_and_v_are_functions_even_when_a_symbol_has_their_name(ns: Namespace) -> None:
    omega, v = sympy.Symbol("omega", real=True), sympy.Symbol("v", real=True)
    ns.scalars.update({"omega": omega, "v": v})
    ns.angular_velocities = {"F0": THETA.diff(T) * F0.z}
    ns.point_velocities = {"P": X.diff(T) * F0.x}
    assert parse_scalar("omega*v", ns) == omega * v
    assert parse_scalar("dot(omega(F0), z0) + dot(v(P), x0)", ns) == THETA.diff(T) + X.diff(T)
    assert parse_vector("omega(F0, F0)", ns) == Vector(0)
    with pytest.raises(ExpressionError, match="unknown point 'Q'"):
        parse("v(Q)", ns)
    with pytest.raises(ExpressionError, match="v\\(\\) takes 1 point"):
        parse("v(P, F0, F0)", ns)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2m*x0", "'2m' is a number glued to a name: write 2*m for a product"),
        ("3.5kg", "'3.5kg' is a number glued to a name: write 3.5*kg for a product"),
        ("m g*l", "two terms side by side: write * between them for a product (m*g*l)"),
        ("(a + b", "a '(' is never closed"),
        ("a + b)", "a ')' closes nothing"),
        ("a +* b", "not an expression (numbers, names, + - * / **, functions such as sin(q))"),
    ],
)
def test_syntax_errors_are_said_in_the_books_words(text: str, message: str) -> None:
    import ast

    from screwsolve.model.grammar import syntax_message

    with pytest.raises(SyntaxError) as error:
        ast.parse(text, mode="eval")
    assert syntax_message(error.value.msg, text) == message


def test_an_unknown_name_lists_what_there_is() -> None:
    from screwsolve.model.grammar import suggest

    assert suggest("barr", ["bar", "arm"]) == " (did you mean 'bar'?)"
    assert suggest("H", ["O", "G"]) == " (known: G, O)"
    assert suggest("G", ["G", "O"]) == " (known: O)"  # never the name itself
    assert suggest("Q", []) == " (none is declared)"
    many = [f"P{i}" for i in range(20)]
    assert suggest("Z", many).startswith(" (nearest: ") and suggest("Z", many).count(",") == 2


@pytest.fixture
def frames_ns(ns: Namespace) -> Namespace:
    """ns once frames are built: inertia() and outer() need a frame's unit vectors."""
    ns.angular_velocities = {"0": Vector(0)}
    return ns


def test_an_inertia_dyadic_acts_through_dot(frames_ns: Namespace) -> None:
    """By hand, I . x0 = Ixx x0 + Ixy y0 + Izx z0 for I = inertia(0, Ixx, Iyy, Izz, Ixy, Iyz,
    Izx); x0 . I is the same (I is symmetric); outer(x0, y0) . y0 = x0 and y0 . it = 0."""
    a, b, c, d, e, f = sympy.symbols("a b c d e f", real=True)
    frames_ns.scalars.update({str(s): s for s in (a, b, c, d, e, f)})
    full = "inertia(0, a, b, c, d, e, f)"
    assert parse_vector(f"dot({full}, x0)", frames_ns) == a * F0.x + d * F0.y + f * F0.z
    assert parse_vector(f"dot(x0, {full})", frames_ns) == a * F0.x + d * F0.y + f * F0.z
    assert parse_vector(f"dot({full}, z0)", frames_ns) == f * F0.x + e * F0.y + c * F0.z
    assert parse_vector("dot(inertia(0, a, b, c), y0)", frames_ns) == b * F0.y
    assert parse_vector("dot(outer(x0, y0), y0)", frames_ns) == F0.x
    assert parse_vector("dot(y0, outer(x0, y0))", frames_ns) == Vector(0)
    twice = "dot(2*outer(x0, x0) - outer(x0, x0)/2 + -outer(y0, y0), x0 + y0)"
    assert parse_vector(twice, frames_ns) == sympy.Rational(3, 2) * F0.x - F0.y
    assert parse_scalar("dot(x0, dot(inertia(0, a, b, c), x0))", frames_ns) == a


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("inertia(0, h)", "inertia() takes a frame and 3 or 6 moments"),
        ("inertia(B, h, h, h)", "unknown frame 'B'"),
        (
            "outer(x0, y0)",
            "expected a vector (made of unit vectors such as x0), got a dyadic "
            "(a dyadic acts through dot(I, v))",
        ),
        ("outer(x0, y0) + x0", "cannot add a dyadic and a scalar or a vector"),
        ("outer(x0, y0)*x0", "cannot multiply a dyadic by a vector"),
        ("outer(x0, h)", "outer() takes vectors, got a scalar"),
        ("cross(x0, outer(x0, y0))", "cross() takes vectors, got a dyadic"),
        ("dot(outer(x0, y0), h)", "dot() takes a dyadic and a vector, got a scalar"),
    ],
)
def test_a_dyadic_used_as_no_dyadic_can_be_is_refused(
    frames_ns: Namespace, text: str, message: str
) -> None:
    with pytest.raises(ExpressionError) as error:
        parse_vector(text, frames_ns)
    assert message in error.value.message


def test_inertia_and_outer_are_functions_only_once_frames_exist(ns: Namespace) -> None:
    """Before the frames (parameters, domains) they are unknown functions, as omega() is."""
    with pytest.raises(ExpressionError, match="unknown function 'outer'"):
        parse_vector("outer(x0, y0)", ns)
