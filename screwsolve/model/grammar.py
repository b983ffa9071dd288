"""The safe expression grammar (DESIGN §4): text -> sympy scalar or sympy.physics.vector Vector.

The text is parsed by `ast` and walked by a whitelist that builds the sympy objects itself:
nothing is ever evaluated, sympified or compiled. Every error carries its column in the text.
"""

from __future__ import annotations

import ast
import difflib
import keyword
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

import sympy
from sympy.physics.vector import Vector

from screwsolve.errors import ExpressionError
from screwsolve.limits import (
    MAX_DEGREE,
    MAX_EXPANDED_TERMS,
    MAX_EXPONENT,
    MAX_EXPRESSION_CHARS,
    MAX_EXPRESSION_NODES,
    MAX_INT_DIGITS,
    MAX_PAREN_DEPTH,
)
from screwsolve.model.static import StaticSymbols

RATE_SUFFIX = "__rate"

RESERVED = frozenset({"t", "pi", "diff", "cross", "dot"})
_SCALAR_FUNCTIONS: dict[str, tuple[Callable[..., sympy.Expr], int]] = {
    "sin": (sympy.sin, 1),
    "cos": (sympy.cos, 1),
    "tan": (sympy.tan, 1),
    "cot": (sympy.cot, 1),
    "sec": (sympy.sec, 1),
    "csc": (sympy.csc, 1),
    "asin": (sympy.asin, 1),
    "acos": (sympy.acos, 1),
    "atan": (sympy.atan, 1),
    "atan2": (sympy.atan2, 2),
    "sinh": (sympy.sinh, 1),
    "cosh": (sympy.cosh, 1),
    "tanh": (sympy.tanh, 1),
    "exp": (sympy.exp, 1),
    "log": (sympy.log, 1),
    "sqrt": (sympy.sqrt, 1),
    "Abs": (sympy.Abs, 1),
    "abs": (sympy.Abs, 1),
    "sign": (sympy.sign, 1),
    "Heaviside": (sympy.Heaviside, 1),
    "erf": (sympy.erf, 1),  # the Stribeck law's dissipation function
}
FUNCTION_NAMES = frozenset(_SCALAR_FUNCTIONS) | {"diff", "cross", "dot"}
UNRELATED = "these frames are not related: a rotation between them is in error (see above)"
# omega(FRAME) is not reserved: a file may name a symbol omega, and then it means that symbol
OMEGA = "omega"
_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LONG_NUMBER = re.compile(rf"(?<![A-Za-z0-9_.])\d{{{MAX_INT_DIGITS + 1},}}")


def check_name(name: str) -> str | None:
    """Why `name` cannot name a symbol or unit vector, or None when it can."""
    if not _NAME_RE.fullmatch(name):
        return f"'{name}' is not a plain ASCII name (letters, digits, _; not starting with a digit)"
    if "__" in name:
        return f"'{name}': names may not contain '__'"
    if keyword.iskeyword(name):
        hint = " (write it as 'lam')" if name == "lambda" else ""
        return f"'{name}' is a Python keyword and cannot be a name{hint}"
    if name in RESERVED or name in FUNCTION_NAMES:
        return f"'{name}' is reserved by the expression grammar"
    return None


@dataclass
class Namespace:
    """What names mean inside one problem's expressions."""

    scalars: dict[str, sympy.Expr] = field(default_factory=dict)
    vectors: dict[str, Vector] = field(default_factory=dict)
    rates: dict[str, sympy.Expr] = field(default_factory=dict)
    time: sympy.Symbol = field(default_factory=lambda: sympy.Symbol("t"))
    functions: dict[str, sympy.Expr] = field(default_factory=dict)  # specified F(t)
    # omega(FRAME): angular velocities relative to the referential, once frames are built
    angular_velocities: Mapping[str, Vector] | None = None

    def known(self) -> list[str]:
        """Every name an expression may use, for suggestions."""
        return [*self.scalars, *self.vectors, "t", "pi", *FUNCTION_NAMES]

    @cached_property
    def symbols(self) -> StaticSymbols:
        """The problem's coordinates and rates as plain symbols (and back)."""
        coordinates = {name: self.scalars[name] for name in self.rates}
        return StaticSymbols(coordinates, self.rates, self.time, self.functions)

    def rate_of(self, name: str) -> sympy.Expr | None:
        """The rate q' of a coordinate or F' of a specified function, or None."""
        if name in self.rates:
            return self.rates[name]
        if name in self.functions:
            return self.functions[name].diff(self.time)
        return None

    def static(self, expr: sympy.Expr) -> sympy.Expr:
        """Coordinates and rates as plain real symbols (for printing and numeric probing)."""
        return self.symbols.static(expr)


Kind = Literal["scalar", "vector"]
_SATURATED = 10**15


@dataclass(frozen=True, slots=True)
class Cost:
    """Upper bounds on what expanding an expression fully could give: its polynomial degree in
    its symbols and the number of its terms (of each component, for a vector). Functions (sin,
    sqrt, ...) count as one symbol. sympy never expands on its own, but simplification and
    printing may: a file whose expressions could explode is refused before that."""

    degree: int = 0
    terms: int = 1

    def plus(self, other: Cost) -> Cost:
        return Cost(max(self.degree, other.degree), _cap(self.terms + other.terms))

    def times(self, other: Cost, factor: int = 1) -> Cost:
        return Cost(_cap(self.degree + other.degree), _cap(factor * self.terms * other.terms))

    def power(self, exponent: int) -> Cost:
        """(a sum of n terms) ** k has at most C(k + n - 1, n - 1) monomials."""
        k, n = abs(exponent), self.terms
        if n > 10**6 and k > 1:
            return Cost(_cap(self.degree * k), _SATURATED)
        monomials = math.comb(k + n - 1, min(k, n - 1)) if n > 1 else 1
        return Cost(_cap(self.degree * k), _cap(monomials))


def _cap(value: int) -> int:
    return min(value, _SATURATED)


ATOM = Cost(1, 1)
NUMBER = Cost(0, 1)


@dataclass(frozen=True, slots=True)
class Value:
    """A parsed expression: a scalar (sympy Expr) or a vector (sympy Vector), and its cost."""

    kind: Kind
    scalar: sympy.Expr | None = None
    vector: Vector | None = None
    cost: Cost = NUMBER

    @staticmethod
    def of_scalar(expr: sympy.Expr, cost: Cost = NUMBER) -> Value:
        return Value("scalar", scalar=expr, cost=cost)

    @staticmethod
    def of_vector(vec: Vector, cost: Cost = NUMBER) -> Value:
        return Value("vector", vector=vec, cost=cost)

    def as_vector(self) -> Vector | None:
        """The vector, with the scalar 0 read as the zero vector."""
        if self.kind == "vector":
            return self.vector
        if self.scalar is not None and self.scalar == 0:
            return Vector(0)
        return None


def _rewrite_rates(text: str) -> tuple[str, list[int]]:
    """Replace `q'` by an internal name; return the new text and a map new index -> old index."""
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch == "'":
            if i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"):
                raise ExpressionError(
                    "string literals are not allowed (a rate mark ' follows a coordinate name)", i
                )
            if i + 1 < len(text) and text[i + 1] == "'":
                raise ExpressionError("only first rates (q') are allowed", i)
            out.append(RATE_SUFFIX)
            origin.extend([i] * len(RATE_SUFFIX))
        else:
            out.append(ch)
            origin.append(i)
    origin.append(len(text))
    return "".join(out), origin


def _precheck(text: str) -> None:
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExpressionError(
            f"expression longer than {MAX_EXPRESSION_CHARS} characters", MAX_EXPRESSION_CHARS
        )
    for i, ch in enumerate(text):
        if ord(ch) > 127:
            raise ExpressionError(f"non-ASCII character {ch!r} (U+{ord(ch):04X})", i)
        if ch == '"':
            raise ExpressionError("string literals are not allowed", i)
        if ch in "[]{}@;\\`$":
            raise ExpressionError(f"character {ch!r} is not part of the grammar", i)
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth > MAX_PAREN_DEPTH:
            raise ExpressionError(f"parentheses nested deeper than {MAX_PAREN_DEPTH}", i)
    if "__" in text:
        raise ExpressionError("names may not contain '__'", text.index("__"))
    digits = _LONG_NUMBER.search(text)
    if digits:  # before ast: Python itself refuses 4 300 digits with a message of its own
        raise ExpressionError(f"integer with more than {MAX_INT_DIGITS} digits", digits.start())


def parse(text: str, namespace: Namespace) -> Value:
    """Parse one expression of the grammar into a scalar or vector Value."""
    if not isinstance(text, str) or not text.strip():
        raise ExpressionError("empty expression", 0)
    _precheck(text)
    rewritten, origin = _rewrite_rates(text)
    try:
        tree = ast.parse(rewritten.strip(), mode="eval")
    except SyntaxError as exc:
        lead = len(rewritten) - len(rewritten.lstrip())
        offset = max((exc.offset or 1) - 1 + lead, 0)
        raise ExpressionError(
            f"syntax error: {exc.msg}", origin[min(offset, len(origin) - 1)]
        ) from None
    except (MemoryError, RecursionError, ValueError):
        raise ExpressionError("expression too complex to parse", 0) from None
    count = sum(1 for _ in ast.walk(tree))
    if count > MAX_EXPRESSION_NODES:
        raise ExpressionError(
            f"expression has {count} nodes; the limit is {MAX_EXPRESSION_NODES}", 0
        )
    lead = len(rewritten) - len(rewritten.lstrip())
    return _Builder(namespace, origin, lead).build(tree.body)


def parse_scalar(text: str, namespace: Namespace) -> sympy.Expr:
    """Parse text that must be a scalar."""
    value = parse(text, namespace)
    if value.kind != "scalar" or value.scalar is None:
        raise ExpressionError("expected a scalar, got a vector", 0)
    return value.scalar


def parse_vector(text: str, namespace: Namespace) -> Vector:
    """Parse text that must be a vector (the scalar 0 stands for the zero vector)."""
    value = parse(text, namespace)
    vec = value.as_vector()
    if vec is None:
        raise ExpressionError(
            "expected a vector (made of unit vectors such as x0), got a scalar", 0
        )
    return vec


class _Builder:
    """Walks a checked ast and builds sympy objects; refuses anything off the whitelist."""

    def __init__(self, namespace: Namespace, origin: list[int], lead: int) -> None:
        self.ns = namespace
        self.origin = origin
        self.lead = lead

    def _at(self, node: ast.AST) -> int:
        col = getattr(node, "col_offset", 0) + self.lead
        return self.origin[min(col, len(self.origin) - 1)]

    def _error(self, node: ast.AST, message: str) -> ExpressionError:
        return ExpressionError(message, self._at(node))

    def build(self, node: ast.AST) -> Value:
        method: Callable[[ast.AST], Value] | None = getattr(
            self, f"_build_{type(node).__name__}", None
        )
        if method is None:
            where: ast.AST = node
            if isinstance(node, ast.Attribute | ast.Subscript):  # point at the '.' or '['
                where = ast.Constant(0, col_offset=node.value.end_col_offset or 0)
            raise self._error(where, f"{_describe(node)} is not allowed in an expression")
        value = method(node)
        cost = value.cost
        if cost.terms > MAX_EXPANDED_TERMS or cost.degree > MAX_DEGREE:
            size = f"about {cost.terms:.3g} terms" if cost.terms < _SATURATED else "too many terms"
            raise self._error(
                node,
                f"this could expand to {size} of degree up to {cost.degree:.3g} (the limits are "
                f"{MAX_EXPANDED_TERMS} terms and degree {MAX_DEGREE}): write it in a smaller form",
            )
        return value

    def _build_Constant(self, node: ast.AST) -> Value:
        assert isinstance(node, ast.Constant)
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._error(node, f"literal {value!r} is not a real number")
        if isinstance(value, int):
            if len(str(abs(value))) > MAX_INT_DIGITS:
                raise self._error(node, f"integer with more than {MAX_INT_DIGITS} digits")
            return Value.of_scalar(sympy.Integer(value))
        if value != value or value in (float("inf"), float("-inf")):
            raise self._error(node, "number is not finite")
        return Value.of_scalar(sympy.Rational(repr(value)))

    def _build_Name(self, node: ast.AST) -> Value:
        assert isinstance(node, ast.Name)
        name = node.id
        if name.endswith(RATE_SUFFIX):
            base = name[: -len(RATE_SUFFIX)]
            rate = self.ns.rate_of(base)
            if rate is not None:
                return Value.of_scalar(rate, ATOM)
            if base in self.ns.scalars or base in ("t", "pi"):
                raise self._error(
                    node,
                    f"'{base}' is not a coordinate or a function of time: it has no rate {base}'",
                )
            raise self._error(node, f"unknown coordinate '{base}' in {base}'" + self._hint(base))
        if name in self.ns.scalars:
            return Value.of_scalar(self.ns.scalars[name], ATOM)
        if name in self.ns.vectors:
            return Value.of_vector(self.ns.vectors[name])
        if name == "t":
            return Value.of_scalar(self.ns.time, ATOM)
        if name == "pi":
            return Value.of_scalar(sympy.pi)
        if name in FUNCTION_NAMES:
            raise self._error(node, f"'{name}' is a function: call it as {name}(...)")
        raise self._error(node, f"unknown name '{name}'" + self._hint(name))

    def _hint(self, name: str) -> str:
        close = difflib.get_close_matches(name, self.ns.known(), n=1)
        return f" (did you mean '{close[0]}'?)" if close else ""

    def _build_UnaryOp(self, node: ast.AST) -> Value:
        assert isinstance(node, ast.UnaryOp)
        operand = self.build(node.operand)
        if isinstance(node.op, ast.UAdd):
            return operand
        if not isinstance(node.op, ast.USub):
            raise self._error(node, f"operator {_describe(node.op)} is not allowed")
        if operand.kind == "vector":
            assert operand.vector is not None
            return Value.of_vector(-operand.vector, operand.cost)
        assert operand.scalar is not None
        return Value.of_scalar(-operand.scalar, operand.cost)

    def _build_BinOp(self, node: ast.AST) -> Value:
        assert isinstance(node, ast.BinOp)
        left = self.build(node.left)
        right = self.build(node.right)
        op = node.op
        if isinstance(op, ast.Add | ast.Sub):
            return self._add(node, left, right, negate=isinstance(op, ast.Sub))
        if isinstance(op, ast.Mult):
            return self._mul(node, left, right)
        if isinstance(op, ast.Div):
            if right.kind == "vector":
                raise self._error(node.right, "cannot divide by a vector")
            assert right.scalar is not None
            if right.scalar == 0:
                raise self._error(node.right, "division by zero")
            cost = left.cost.times(right.cost)
            if left.kind == "vector":
                assert left.vector is not None
                return Value.of_vector(left.vector / right.scalar, cost)
            assert left.scalar is not None
            return Value.of_scalar(left.scalar / right.scalar, cost)
        if isinstance(op, ast.Pow):
            return self._pow(node, left, right)
        raise self._error(node, f"operator {_describe(op)} is not allowed (use + - * / **)")

    def _add(self, node: ast.BinOp, left: Value, right: Value, *, negate: bool) -> Value:
        cost = left.cost.plus(right.cost)
        if left.kind == right.kind == "scalar":
            assert left.scalar is not None and right.scalar is not None
            return Value.of_scalar(
                left.scalar - right.scalar if negate else left.scalar + right.scalar, cost
            )
        lv, rv = left.as_vector(), right.as_vector()
        if lv is None or rv is None:
            raise self._error(node, "cannot add a scalar and a vector")
        return Value.of_vector(lv - rv if negate else lv + rv, cost)

    def _mul(self, node: ast.BinOp, left: Value, right: Value) -> Value:
        if left.kind == "vector" and right.kind == "vector":
            raise self._error(node, "cannot multiply two vectors: use dot(a, b) or cross(a, b)")
        cost = left.cost.times(right.cost)
        if left.kind == "vector":
            assert left.vector is not None and right.scalar is not None
            return Value.of_vector(left.vector * right.scalar, cost)
        if right.kind == "vector":
            assert right.vector is not None and left.scalar is not None
            return Value.of_vector(right.vector * left.scalar, cost)
        assert left.scalar is not None and right.scalar is not None
        return Value.of_scalar(left.scalar * right.scalar, cost)

    def _pow(self, node: ast.BinOp, left: Value, right: Value) -> Value:
        if left.kind == "vector" or right.kind == "vector":
            raise self._error(node, "a vector cannot be raised to a power")
        assert left.scalar is not None and right.scalar is not None
        exponent = right.scalar
        if exponent.is_number:
            magnitude = abs(exponent)
            if magnitude.is_comparable and magnitude > MAX_EXPONENT:
                raise self._error(node.right, f"exponent larger than {MAX_EXPONENT}")
        if (
            left.scalar.is_number
            and exponent.is_number
            and left.scalar == 0
            and exponent.is_negative
        ):
            raise self._error(node, "division by zero")
        if exponent.is_Integer:
            cost = left.cost.power(int(exponent))
        elif left.cost.degree == 0 and right.cost.degree == 0:
            cost = NUMBER
        else:  # a root or a symbolic power: never expanded, one symbol
            cost = ATOM
        return Value.of_scalar(left.scalar**exponent, cost)

    def _build_Call(self, node: ast.AST) -> Value:
        assert isinstance(node, ast.Call)
        if not isinstance(node.func, ast.Name):
            raise self._error(node.func, "only plain function names can be called")
        name = node.func.id
        if node.keywords:
            raise self._error(node.keywords[0].value, "keyword arguments are not allowed")
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                raise self._error(arg, "starred arguments are not allowed")
        if name == "diff":
            return self._diff(node)
        if name == OMEGA and name not in self.ns.scalars and self.ns.angular_velocities is not None:
            return self._omega(node, self.ns.angular_velocities)
        if name not in FUNCTION_NAMES:
            raise self._error(node.func, f"unknown function '{name}'" + self._hint(name))
        args = [self.build(a) for a in node.args]
        if name in ("cross", "dot"):
            if len(args) != 2:
                raise self._error(node, f"{name}() takes 2 arguments, got {len(args)}")
            vectors = [a.as_vector() for a in args]
            for arg_node, vec in zip(node.args, vectors, strict=True):
                if vec is None:
                    raise self._error(arg_node, f"{name}() takes vectors, got a scalar")
            a, b = vectors
            assert a is not None and b is not None
            left_cost, right_cost = args[0].cost, args[1].cost
            try:
                if name == "cross":
                    return Value.of_vector(a.cross(b), left_cost.times(right_cost, 2))
                return Value.of_scalar(a.dot(b), left_cost.times(right_cost, 3))
            except ValueError:  # frames with no orientation path: a rotation of theirs failed
                raise self._error(node, UNRELATED) from None
        function, arity = _SCALAR_FUNCTIONS[name]
        if len(args) != arity:
            raise self._error(node, f"{name}() takes {arity} argument(s), got {len(args)}")
        for arg_node, value in zip(node.args, args, strict=True):
            if value.kind != "scalar":
                raise self._error(arg_node, f"{name}() takes a scalar, got a vector")
        constant = all(a.cost.degree == 0 for a in args)
        return Value.of_scalar(function(*[a.scalar for a in args]), NUMBER if constant else ATOM)

    def _omega(self, node: ast.Call, velocities: Mapping[str, Vector]) -> Value:
        """omega(FRAME), the angular velocity of a frame relative to the referential."""
        if len(node.args) != 1:
            raise self._error(node, "omega() takes 1 argument: omega(FRAME)")
        (arg,) = node.args
        if isinstance(arg, ast.Name):
            frame = arg.id
        elif isinstance(arg, ast.Constant) and isinstance(arg.value, int):
            frame = str(arg.value)
        else:
            raise self._error(arg, "omega() takes a frame name: omega(FRAME)")
        if frame not in velocities:
            raise self._error(arg, f"unknown frame '{frame}'" + suggest(frame, list(velocities)))
        try:
            return Value.of_vector(velocities[frame], ATOM)
        except ValueError:
            raise self._error(arg, UNRELATED) from None

    def _diff(self, node: ast.Call) -> Value:
        if len(node.args) != 2:
            raise self._error(node, "diff() takes 2 arguments: diff(q, t)")
        q, t = node.args
        if not isinstance(t, ast.Name) or t.id != "t":
            raise self._error(t, "only time derivatives are allowed: diff(q, t)")
        rate = self.ns.rate_of(q.id) if isinstance(q, ast.Name) else None
        if rate is None:
            raise self._error(
                q, "diff(q, t) takes a coordinate or a function of time (functions:) as q"
            )
        return Value.of_scalar(rate, ATOM)


def _describe(node: object) -> str:
    names = {
        "Attribute": "attribute access (a.b)",
        "Subscript": "subscript (a[b])",
        "Lambda": "lambda",
        "ListComp": "a comprehension",
        "GeneratorExp": "a comprehension",
        "JoinedStr": "an f-string",
        "Compare": "a comparison",
        "BoolOp": "a boolean operator",
        "IfExp": "a conditional expression",
        "Tuple": "a tuple",
        "List": "a list",
        "Dict": "a dict",
        "Set": "a set",
        "NamedExpr": "an assignment (:=)",
        "BitXor": "^ (write powers as **)",
        "Mod": "%",
        "FloorDiv": "//",
        "MatMult": "@",
    }
    kind = type(node).__name__
    return names.get(kind, kind)


def suggest(name: str, choices: Mapping[str, object] | list[str]) -> str:
    """' (did you mean ...?)' for a misspelt name, or ''."""
    close = difflib.get_close_matches(name, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
