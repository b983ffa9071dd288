"""The safe expression grammar (DESIGN §4): text -> sympy scalar or sympy.physics.vector Vector.

The text is parsed by `ast` and walked by a whitelist that builds the sympy objects itself:
nothing is ever evaluated, sympified or compiled. Every error carries its column in the text.
"""

from __future__ import annotations

import ast
import bisect
import difflib
import io
import keyword
import math
import re
import tokenize
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, Protocol

import sympy
from sympy.physics.vector import Dyadic, Vector

from screwsolve.errors import ExpressionError
from screwsolve.limits import (
    MAX_DEGREE,
    MAX_EXPANDED_TERMS,
    MAX_EXPONENT,
    MAX_EXPRESSION_CHARS,
    MAX_EXPRESSION_NODES,
    MAX_INT_DIGITS,
    MAX_NUMBER_DIGITS,
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
# inertia(FRAME, Ixx, Iyy, Izz[, Ixy, Iyz, Izx]) and outer(a, b) are dyadics, as a source writes
# a load through an inertia dyadic (dot(I, v)); like omega(), called only: not reserved names
INERTIA = "inertia"
OUTER = "outer"
UNRELATED = "these frames are not related: a rotation between them is in error (see above)"
# omega(FRAME) and v(POINT) are not reserved: a file may name a symbol omega or v. A name
# followed by ( is always the function, a bare name the symbol (they live apart).
OMEGA = "omega"
VELOCITY = "v"
POSITION = "r"  # r(P, Q): called only (a parameter named r stays a parameter)
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


class LocatedPoints(Protocol):
    """The located points, as v(), r() read them (model/velocity_rule.PointVelocities)."""

    def __contains__(self, point: object) -> bool: ...
    def __getitem__(self, point: str) -> Vector: ...
    def __iter__(self) -> Iterator[str]: ...
    def position(self, point: str) -> Vector: ...
    def relative(self, point: str, to: str) -> Vector: ...
    def relative_to(self) -> list[str]: ...


@dataclass(frozen=True)
class Formula:
    """A scalar function the file declares once (`formulas: {V: {of: [a, b], value: ...}}`):
    its body over placeholder symbols, one per argument, replaced at each call V(q1, q2)."""

    arguments: tuple[sympy.Symbol, ...]
    body: sympy.Expr
    names: tuple[str, ...] = ()  # the arguments as the file names them


@dataclass
class Namespace:
    """What names mean inside one problem's expressions."""

    scalars: dict[str, sympy.Expr] = field(default_factory=dict)
    vectors: dict[str, Vector] = field(default_factory=dict)
    dyadics: dict[str, Dyadic] = field(default_factory=dict)  # the file's I: inertia(B, ...)
    rates: dict[str, sympy.Expr] = field(default_factory=dict)
    time: sympy.Symbol = field(default_factory=lambda: sympy.Symbol("t"))
    functions: dict[str, sympy.Expr] = field(default_factory=dict)  # specified F(t)
    formulas: dict[str, Formula] = field(default_factory=dict)  # the file's V(q1, q2)
    broken_formulas: set[str] = field(default_factory=set)  # declared, value reported wrong
    # omega(FRAME): angular velocities relative to the referential, once frames are built
    angular_velocities: Mapping[str, Vector] | None = None
    # v(POINT): velocities relative to the referential by DESIGN §2's rule, once points are built
    point_velocities: LocatedPoints | None = None

    def known(self) -> list[str]:
        """Every name an expression may use, for suggestions."""
        return [*self.scalars, *self.vectors, *self.dyadics, "t", "pi", *FUNCTION_NAMES]

    def known_functions(self) -> list[str]:
        """Every function an expression may call, for suggestions."""
        kinematic = [OMEGA, INERTIA, OUTER] if self.angular_velocities is not None else []
        if self.point_velocities is not None:
            kinematic += [VELOCITY, POSITION]
        return [*FUNCTION_NAMES, *kinematic, *self.formulas]

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


Kind = Literal["scalar", "vector", "dyadic"]
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
    """A parsed expression: a scalar (sympy Expr), a vector (sympy Vector) or a dyadic (an
    inertia dyadic, used only through dot()), and its cost."""

    kind: Kind
    scalar: sympy.Expr | None = None
    vector: Vector | None = None
    cost: Cost = NUMBER
    dyadic: Dyadic | None = None

    @staticmethod
    def of_dyadic(value: Dyadic, cost: Cost = NUMBER) -> Value:
        return Value("dyadic", dyadic=value, cost=cost)

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


_ASCII_SIGNS = {
    "MINUS SIGN": "-",
    "EN DASH": "-",
    "MULTIPLICATION SIGN": "*",
    "DOT OPERATOR": "*",
    "MIDDLE DOT": "*",
    "DIVISION SIGN": "/",
    "PRIME": "'",
    "RIGHT SINGLE QUOTATION MARK": "'",
    "SUPERSCRIPT TWO": "**2",
    "SUPERSCRIPT THREE": "**3",
}


def _ascii_for(character: str) -> str:
    """': write theta' for a Greek letter, ': write *' for a typeset sign: what a newcomer
    pasting from a book or a word processor meant."""
    import unicodedata

    name = unicodedata.name(character, "")
    if name in _ASCII_SIGNS:
        return f": write {_ASCII_SIGNS[name]}"
    for case, prefix in (("small", "GREEK SMALL LETTER "), ("capital", "GREEK CAPITAL LETTER ")):
        if name.startswith(prefix):
            letter = name.removeprefix(prefix).split()[0].lower()
            letter = "lam" if letter == "lamda" else letter
            return f": write {letter if case == 'small' else letter.capitalize()}"
    return ""


def _precheck(text: str) -> None:
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExpressionError(
            f"expression longer than {MAX_EXPRESSION_CHARS} characters", MAX_EXPRESSION_CHARS
        )
    for i, ch in enumerate(text):
        if ord(ch) > 127:
            raise ExpressionError(
                f"non-ASCII character {ch!r} (U+{ord(ch):04X})" + _ascii_for(ch), i
            )
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
    return _Parser(namespace, rewritten, origin).expression(0, len(rewritten))


_OPERAND_END = (tokenize.NAME, tokenize.NUMBER)
_PLAIN_OPERATORS = frozenset({"+", "-", "*", "/", "**", "(", ")", ","})


def _top_level_operators(text: str) -> tuple[list[tuple[int, str, int]], int] | None:
    """(position, operator, paren depth) of every binary + - * / in `text`, and the number of
    operations and operands; None when the text is not a plain arithmetic expression (then
    Python's own parser reports what it is)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    found: list[tuple[int, str, int]] = []
    depth = size = 0
    previous: tokenize.TokenInfo | None = None
    for token in tokens:
        if token.type in (tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER):
            continue
        if token.type in (tokenize.INDENT, tokenize.DEDENT):
            continue
        if token.start[0] != 1:
            return None  # one line only
        if token.type == tokenize.NAME and keyword.iskeyword(token.string):
            return None
        if token.type == tokenize.OP:
            if token.string not in _PLAIN_OPERATORS:
                return None
            if token.string == "(":
                depth += 1
            elif token.string == ")":
                depth -= 1
            elif (
                token.string in "+-*/"
                and previous is not None
                and (previous.type in _OPERAND_END or previous.string == ")")
            ):
                found.append((token.start[1], token.string, depth))
        elif token.type not in _OPERAND_END:
            return None
        size += token.string not in "(),"
        previous = token
    return (found, size) if depth == 0 else None


class _Parser:
    """Splits sums and products at their operators and folds them in a loop, so that an
    expression's width (an expanded answer of a thousand terms) never meets Python's recursion
    limit; what is left between the operators is parsed by `ast` and built by `_Builder`."""

    def __init__(self, namespace: Namespace, text: str, origin: list[int]) -> None:
        self.ns = namespace
        self.text = text
        self.origin = origin
        self.nodes = 0
        scanned = _top_level_operators(text)
        self.operators = scanned[0] if scanned else None
        self.positions = [p for p, _, _ in self.operators or ()]
        if scanned:
            self._count(scanned[1])

    def _count(self, nodes: int) -> None:
        """Refuse an expression of more operations and operands than the limit, before any of
        it is built."""
        self.nodes += nodes
        if self.nodes > MAX_EXPRESSION_NODES:
            raise ExpressionError(
                f"expression has {self.nodes} operations and operands; the limit is "
                f"{MAX_EXPRESSION_NODES}",
                0,
            )

    def _column(self, index: int) -> int:
        return self.origin[min(index, len(self.origin) - 1)]

    def _split(self, start: int, end: int, depth: int, kinds: str) -> list[tuple[int, int, str]]:
        """The pieces of text[start:end] between its operators of `kinds` at paren `depth`:
        (start, end, the operator before the piece, '' for the first)."""
        assert self.operators is not None
        low = bisect.bisect_left(self.positions, start)
        high = bisect.bisect_left(self.positions, end)
        pieces, begin, before = [], start, ""
        for position, op, level in self.operators[low:high]:
            if level == depth and op in kinds:
                pieces.append((begin, position, before))
                begin, before = position + 1, op
        pieces.append((begin, end, before))
        return pieces

    def expression(self, start: int, end: int, depth: int = 0) -> Value:
        if self.operators is None:
            return self._ast(start, end)
        terms = self._split(start, end, depth, "+-")
        if len(terms) == 1:
            return self.product(start, end, depth)
        values = [(self.product(s, e, depth), op) for s, e, op in terms]
        return _fold_sum(values, self._column(self._first(start)))

    def product(self, start: int, end: int, depth: int) -> Value:
        factors = self._split(start, end, depth, "*/")
        if len(factors) == 1:
            return self._atom(start, end, depth)
        where = self._column(self._first(start))
        value = self._atom(factors[0][0], factors[0][1], depth)
        for s, e, op in factors[1:]:
            right = self._atom(s, e, depth)
            at = self._column(self._first(s))
            value = _times(value, right, where) if op == "*" else _divided(value, right, at)
            _check_cost(value, where)
        return value

    def _first(self, index: int) -> int:
        """The first non-blank index from `index`."""
        while index < len(self.text) and self.text[index].isspace():
            index += 1
        return index

    def _atom(self, start: int, end: int, depth: int) -> Value:
        """A factor: a parenthesised sum or product is split again, anything else is parsed."""
        first = self._first(start)
        last = end
        while last > first and self.text[last - 1].isspace():
            last -= 1
        if first < last and self.text[first] == "(" and self._closes(first, last) == last - 1:
            return self.expression(first + 1, last - 1, depth + 1)
        return self._ast(start, end)

    def _closes(self, opening: int, end: int) -> int:
        """The index of the parenthesis that closes the one at `opening` (before `end`)."""
        level = 0
        for index in range(opening, end):
            level += self.text[index] == "("
            level -= self.text[index] == ")"
            if level == 0:
                return index
        return -1

    def _ast(self, start: int, end: int) -> Value:
        piece = self.text[start:end]
        if not piece.strip():
            raise ExpressionError("syntax error: invalid syntax", self._column(start))
        lead = start + len(piece) - len(piece.lstrip())
        try:
            tree = ast.parse(piece.strip(), mode="eval")
        except SyntaxError as exc:
            offset = max((exc.offset or 1) - 1 + lead, 0)
            message = syntax_message(exc.msg, piece.strip())
            raise ExpressionError(f"syntax error: {message}", self._column(offset)) from None
        except (MemoryError, RecursionError, ValueError):
            raise ExpressionError("expression too complex to parse", 0) from None
        if self.operators is None:  # not counted from its tokens
            self._count(sum(1 for node in ast.walk(tree) if isinstance(node, ast.expr)))
        try:
            return _Builder(self.ns, self.origin, lead).build(tree.body)
        except RecursionError:
            raise ExpressionError(
                "expression nested too deeply (write it with fewer nested operations)",
                self._column(lead),
            ) from None


def _check_cost(value: Value, column: int) -> None:
    """Refuse a value whose full expansion could explode (the grammar's cost model)."""
    cost = value.cost
    if cost.terms > MAX_EXPANDED_TERMS or cost.degree > MAX_DEGREE:
        size = f"about {cost.terms:.3g} terms" if cost.terms < _SATURATED else "too many terms"
        raise ExpressionError(
            f"this could expand to {size} of degree up to {cost.degree:.3g} (the limits are "
            f"{MAX_EXPANDED_TERMS} terms and degree {MAX_DEGREE}): write it in a smaller form",
            column,
        )


def _fold_sum(values: list[tuple[Value, str]], column: int) -> Value:
    """The terms added (or subtracted) in order; scalars summed in one sympy Add."""
    cost = values[0][0].cost
    for value, _ in values[1:]:
        cost = cost.plus(value.cost)
        if cost.terms > MAX_EXPANDED_TERMS:
            _check_cost(Value.of_scalar(sympy.Integer(0), cost), column)
    kinds = {value.kind for value, _ in values}
    if kinds == {"scalar"}:
        terms = [-v.scalar if op == "-" else v.scalar for v, op in values]  # type: ignore[operator]
        result = Value.of_scalar(sympy.Add(*terms), cost)
        _check_cost(result, column)
        return result
    if "dyadic" in kinds:
        if kinds != {"dyadic"}:
            raise ExpressionError("cannot add a dyadic and a scalar or a vector", column)
        dyadic = Dyadic(0)
        for value, op in values:
            assert value.dyadic is not None
            dyadic = dyadic - value.dyadic if op == "-" else dyadic + value.dyadic
        result = Value.of_dyadic(dyadic, cost)
        _check_cost(result, column)
        return result
    total = Vector(0)
    for value, op in values:
        vector = value.as_vector()
        if vector is None:
            raise ExpressionError("cannot add a scalar and a vector", column)
        total = total - vector if op == "-" else total + vector
    result = Value.of_vector(total, cost)
    _check_cost(result, column)
    return result


def _times(left: Value, right: Value, column: int) -> Value:
    """left * right (a scalar times a scalar, a vector or a dyadic)."""
    if left.kind == "vector" and right.kind == "vector":
        raise ExpressionError("cannot multiply two vectors: use dot(a, b) or cross(a, b)", column)
    if left.kind != "scalar" and right.kind != "scalar":
        raise ExpressionError(
            f"cannot multiply a {left.kind} by a {right.kind}: use dot(a, b)", column
        )
    cost = left.cost.times(right.cost)
    if "dyadic" in (left.kind, right.kind):
        dyadic, factor = (left, right) if left.kind == "dyadic" else (right, left)
        assert dyadic.dyadic is not None and factor.scalar is not None
        return Value.of_dyadic(dyadic.dyadic * factor.scalar, cost)
    if left.kind == "vector":
        assert left.vector is not None and right.scalar is not None
        return Value.of_vector(left.vector * right.scalar, cost)
    if right.kind == "vector":
        assert right.vector is not None and left.scalar is not None
        return Value.of_vector(right.vector * left.scalar, cost)
    assert left.scalar is not None and right.scalar is not None
    return Value.of_scalar(left.scalar * right.scalar, cost)


def _divided(left: Value, right: Value, right_column: int) -> Value:
    """left / right (by a nonzero scalar)."""
    if right.kind != "scalar":
        raise ExpressionError(f"cannot divide by a {right.kind}", right_column)
    assert right.scalar is not None
    if right.scalar == 0:
        raise ExpressionError("division by zero", right_column)
    cost = left.cost.times(right.cost)
    if left.kind == "dyadic":
        assert left.dyadic is not None
        return Value.of_dyadic(left.dyadic * (1 / right.scalar), cost)
    if left.kind == "vector":
        assert left.vector is not None
        return Value.of_vector(left.vector / right.scalar, cost)
    assert left.scalar is not None
    return Value.of_scalar(left.scalar / right.scalar, cost)


def parse_scalar(text: str, namespace: Namespace) -> sympy.Expr:
    """Parse text that must be a scalar."""
    value = parse(text, namespace)
    if value.kind != "scalar" or value.scalar is None:
        raise ExpressionError(f"expected a scalar, got a {value.kind}{_leftover(value.kind)}", 0)
    return value.scalar


def parse_dyadic(text: str, namespace: Namespace) -> Dyadic:
    """Parse text that must be a dyadic (inertia(B, ...), outer(a, b), their sums)."""
    value = parse(text, namespace)
    if value.dyadic is None:
        raise ExpressionError(
            f"expected a dyadic such as inertia(B, I1, I2, I3) or outer(a, b), got a {value.kind}",
            0,
        )
    return value.dyadic


def parse_vector(text: str, namespace: Namespace) -> Vector:
    """Parse text that must be a vector (the scalar 0 stands for the zero vector)."""
    value = parse(text, namespace)
    vec = value.as_vector()
    if vec is None:
        raise ExpressionError(
            f"expected a vector (made of unit vectors such as x0), got a {value.kind}{_leftover(value.kind)}",
            0,
        )
    return vec


def _leftover(kind: str) -> str:
    return " (a dyadic acts through dot(I, v))" if kind == "dyadic" else ""


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
        _check_cost(value, self._at(node))
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
        if name in self.ns.dyadics:
            return Value.of_dyadic(self.ns.dyadics[name], ATOM)
        if name == "t":
            return Value.of_scalar(self.ns.time, ATOM)
        if name == "pi":
            return Value.of_scalar(sympy.pi)
        if name in FUNCTION_NAMES or name in self.ns.formulas:
            raise self._error(node, f"'{name}' is a function: call it as {name}(...)")
        raise self._error(node, f"unknown name '{name}'" + self._hint(name))

    def _hint(self, name: str) -> str:
        # a unit vector of a frame, misnamed (w0, x_0): the frame's own vectors say how they are
        # written better than the nearest name does
        frame = name[1:].lstrip("_")
        siblings = sorted(v for v in self.ns.vectors if frame and v[1:] == frame)
        if siblings and (name[:1] not in "xyz" or name[1:2] == "_"):
            return f" (the unit vectors of frame {frame} are {', '.join(siblings)})"
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
        if operand.kind == "dyadic":
            assert operand.dyadic is not None
            return Value.of_dyadic(-operand.dyadic, operand.cost)
        assert operand.scalar is not None
        return Value.of_scalar(-operand.scalar, operand.cost)

    def _build_BinOp(self, node: ast.AST) -> Value:
        assert isinstance(node, ast.BinOp)
        left = self.build(node.left)
        right = self.build(node.right)
        op = node.op
        if isinstance(op, ast.Add | ast.Sub):
            sign = "-" if isinstance(op, ast.Sub) else "+"
            return self._bounded(node, _fold_sum([(left, ""), (right, sign)], self._at(node)))
        if isinstance(op, ast.Mult):
            return self._bounded(node, _times(left, right, self._at(node)))
        if isinstance(op, ast.Div):
            return self._bounded(node, _divided(left, right, self._at(node.right)))
        if isinstance(op, ast.Pow):
            return self._bounded(node, self._pow(node, left, right))
        raise self._error(node, f"operator {_describe(op)} is not allowed (use + - * / **)")

    def _bounded(self, node: ast.AST, value: Value) -> Value:
        """A value whose number (if it is one) has at most MAX_NUMBER_DIGITS digits."""
        number = value.scalar
        if number is not None and number.is_Rational and _digits(number) > MAX_NUMBER_DIGITS:
            raise self._error(node, f"a number of more than {MAX_NUMBER_DIGITS} digits")
        return value

    def _pow(self, node: ast.BinOp, left: Value, right: Value) -> Value:
        if left.kind != "scalar" or right.kind != "scalar":
            kind = left.kind if left.kind != "scalar" else right.kind
            raise self._error(node, f"a {kind} cannot be raised to a power")
        assert left.scalar is not None and right.scalar is not None
        exponent = right.scalar
        if exponent.is_number:
            magnitude = abs(exponent)
            if magnitude.is_comparable and magnitude > MAX_EXPONENT:
                raise self._error(node.right, f"exponent larger than {MAX_EXPONENT}")
            base = left.scalar
            huge = base.is_Rational and magnitude.is_comparable  # 1e300**100: never computed
            if huge and float(magnitude) * _digits(base) > 2 * MAX_NUMBER_DIGITS:
                raise self._error(node, f"a number of more than {MAX_NUMBER_DIGITS} digits")
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
        if name == OMEGA:
            return self._omega(node)
        if name == INERTIA and self.ns.angular_velocities is not None:
            return self._inertia(node)
        if name == OUTER and self.ns.angular_velocities is not None:
            return self._outer(node, [self.build(a) for a in node.args])
        if name == VELOCITY:
            return self._velocity(node)
        if name == POSITION:
            return self._position(node)
        if name in self.ns.formulas:
            return self._formula(node, self.ns.formulas[name])
        if name in self.ns.broken_formulas:
            raise self._error(
                node.func, f"formula '{name}' has an error in its own value (reported there)"
            )
        if name not in FUNCTION_NAMES:
            close = difflib.get_close_matches(name, self.ns.known_functions(), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise self._error(node.func, f"unknown function '{name}'" + hint)
        args = [self.build(a) for a in node.args]
        if name in ("cross", "dot"):
            if len(args) != 2:
                raise self._error(node, f"{name}() takes 2 arguments, got {len(args)}")
            if name == "dot" and any(a.kind == "dyadic" for a in args):
                return self._dot_dyadic(node, args)
            vectors = [a.as_vector() for a in args]
            for arg_node, vec in zip(node.args, vectors, strict=True):
                if vec is None:
                    got = next(a.kind for a in args if a.as_vector() is None)
                    raise self._error(arg_node, f"{name}() takes vectors, got a {got}")
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
                raise self._error(arg_node, f"{name}() takes a scalar, got a {value.kind}")
        constant = all(a.cost.degree == 0 for a in args)
        return Value.of_scalar(function(*[a.scalar for a in args]), NUMBER if constant else ATOM)

    def _formula(self, node: ast.Call, formula: Formula) -> Value:
        """A call of a formula the file declares: its body with the arguments in place."""
        assert isinstance(node.func, ast.Name)
        name, wanted = node.func.id, len(formula.arguments)
        if len(node.args) != wanted:
            listed = ", ".join(formula.names)
            raise self._error(
                node, f"{name}() takes {wanted} argument(s) ({listed}), got {len(node.args)}"
            )
        args = [self.build(a) for a in node.args]
        for arg_node, value in zip(node.args, args, strict=True):
            if value.kind != "scalar":
                raise self._error(arg_node, f"{name}() takes scalars, got a {value.kind}")
        values = dict(zip(formula.arguments, (a.scalar for a in args), strict=True))
        return Value.of_scalar(formula.body.xreplace(values), ATOM)

    def _name_argument(self, arg: ast.expr, usage: str) -> str:
        """The frame or point a kinematic function names (a name, or a number such as 1)."""
        if isinstance(arg, ast.Name):
            return arg.id.removesuffix(RATE_SUFFIX) if arg.id.endswith(RATE_SUFFIX) else arg.id
        if isinstance(arg, ast.Constant) and isinstance(arg.value, int):
            return str(arg.value)
        raise self._error(arg, f"write it as {usage}")

    def _inertia(self, node: ast.Call) -> Value:
        """inertia(F, Ixx, Iyy, Izz[, Ixy, Iyz, Izx]): the dyadic sum Ixx xF xF + ... +
        Ixy (xF yF + yF xF) + ..., as SymPy's inertia() and a source's table of moments."""
        usage = "inertia(FRAME, Ixx, Iyy, Izz) or inertia(FRAME, Ixx, Iyy, Izz, Ixy, Iyz, Izx)"
        if len(node.args) not in (4, 7):
            raise self._error(node, f"inertia() takes a frame and 3 or 6 moments: {usage}")
        frame = self._name_argument(node.args[0], usage)
        axes = [self.ns.vectors.get(f"{axis}{frame}") for axis in "xyz"]
        if frame not in (self.ns.angular_velocities or {}) or any(a is None for a in axes):
            known = list(self.ns.angular_velocities or {})
            raise self._error(node.args[0], f"unknown frame '{frame}'" + suggest(frame, known))
        moments = [self.build(a) for a in node.args[1:]]
        for arg_node, value in zip(node.args[1:], moments, strict=True):
            if value.kind != "scalar":
                raise self._error(arg_node, f"inertia() takes scalar moments, got a {value.kind}")
        x, y, z = (a for a in axes if a is not None)
        pairs = [(x, x), (y, y), (z, z), (x, y), (y, z), (z, x)]
        total = Dyadic(0)
        cost = NUMBER
        for (a, b), value in zip(pairs, moments, strict=False):
            assert value.scalar is not None
            both = a.outer(b) if a is b else a.outer(b) + b.outer(a)
            total = total + both * value.scalar
            cost = cost.plus(value.cost)
        return Value.of_dyadic(total, cost)

    def _outer(self, node: ast.Call, args: list[Value]) -> Value:
        """outer(a, b): the dyadic a b, such that dot(outer(a, b), v) = a (b . v)."""
        if len(args) != 2:
            raise self._error(node, f"outer() takes 2 vectors, got {len(args)} arguments")
        vectors = [a.as_vector() for a in args]
        for arg_node, value, vec in zip(node.args, args, vectors, strict=True):
            if vec is None:
                raise self._error(arg_node, f"outer() takes vectors, got a {value.kind}")
        a, b = vectors
        assert a is not None and b is not None
        return Value.of_dyadic(a.outer(b), args[0].cost.times(args[1].cost, 3))

    def _dot_dyadic(self, node: ast.Call, args: list[Value]) -> Value:
        """dot(I, v) and dot(v, I), vectors; dot(I, J), a dyadic."""
        left, right = args
        cost = left.cost.times(right.cost, 3)
        try:
            if left.kind == "dyadic" and right.kind == "dyadic":
                assert left.dyadic is not None and right.dyadic is not None
                return Value.of_dyadic(left.dyadic.dot(right.dyadic), cost)
            dyadic, other = (left, right) if left.kind == "dyadic" else (right, left)
            vector = other.as_vector()
            if vector is None:
                at = node.args[1] if dyadic is left else node.args[0]
                raise self._error(at, "dot() takes a dyadic and a vector, got a scalar")
            assert dyadic.dyadic is not None
            product = dyadic.dyadic.dot(vector) if dyadic is left else vector.dot(dyadic.dyadic)
        except ValueError:  # frames with no orientation path
            raise self._error(node, UNRELATED) from None
        return Value.of_vector(product, cost)

    def _omega(self, node: ast.Call) -> Value:
        """omega(F): the angular velocity of frame F relative to the referential; omega(F, A):
        relative to frame A (omega_F/E - omega_A/E)."""
        velocities = self.ns.angular_velocities
        usage = "omega(FRAME) or omega(FRAME, RELATIVE_TO_FRAME)"
        if velocities is None:
            raise self._error(node.func, "omega() cannot be used before the frames are built")
        if len(node.args) not in (1, 2):
            raise self._error(node, f"omega() takes 1 or 2 frames: {usage}")
        total = Vector(0)
        for index, arg in enumerate(node.args):
            frame = self._name_argument(arg, usage)
            if frame not in velocities:
                raise self._error(
                    arg, f"unknown frame '{frame}'" + suggest(frame, list(velocities))
                )
            try:
                omega = velocities[frame]
            except ValueError:
                raise self._error(arg, UNRELATED) from None
            total = total + omega if index == 0 else total - omega
        return Value.of_vector(total, ATOM)

    def _located(self, node: ast.Call, function: str) -> LocatedPoints:
        located = self.ns.point_velocities
        if located is None:
            raise self._error(
                node.func,
                f"{function}() can be used in speeds, actions and constraints, once points are "
                "located",
            )
        return located

    def _point(self, located: LocatedPoints, arg: ast.expr, usage: str) -> str:
        point = self._name_argument(arg, usage)
        if point not in located:
            raise self._error(arg, f"unknown point '{point}'" + suggest(point, list(located)))
        return point

    def _velocity(self, node: ast.Call) -> Value:
        """v(P): the velocity of point P relative to the referential, by DESIGN §2's rule (by
        transport for a point attached to a body), as the screws use it; v(P, B): relative to
        body B (or its frame), v_P/E less the velocity of B's point where P is."""
        located = self._located(node, VELOCITY)
        usage = "v(POINT) or v(POINT, BODY)"
        if len(node.args) not in (1, 2):
            raise self._error(node, f"v() takes 1 point and, relative to a body, the body: {usage}")
        point = self._point(located, node.args[0], usage)
        try:
            if len(node.args) == 1:
                return Value.of_vector(located[point], ATOM)
            to = self._name_argument(node.args[1], usage)
            try:
                return Value.of_vector(located.relative(point, to), ATOM)
            except KeyError:
                choices = located.relative_to()
                raise self._error(
                    node.args[1],
                    f"v({point}, {to}): '{to}' is no body, body frame or referential"
                    + suggest(to, choices),
                ) from None
            except ValueError as exc:  # a frame several bodies share
                raise self._error(node.args[1], f"v({point}, {to}): {exc}") from None
        except ValueError as exc:
            raise self._error(node.args[0], f"v({point}) is not defined: {exc}") from None

    def _position(self, node: ast.Call) -> Value:
        """r(P, Q): the position of point P from point Q (r(P): from the root point), as the
        file's positions locate them."""
        located = self._located(node, POSITION)
        usage = "r(POINT, FROM_POINT)"
        if len(node.args) not in (1, 2):
            raise self._error(node, f"r() takes 1 or 2 points: {usage}")
        points = [self._point(located, arg, usage) for arg in node.args]
        position = located.position(points[0])
        if len(points) == 2:
            position = position - located.position(points[1])
        return Value.of_vector(position, ATOM)

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


_GLUED = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)([A-Za-z_]\w*)")
_SIDE_BY_SIDE = re.compile(r"[\w')]\s+[\w(]")


def syntax_message(python: str, text: str) -> str:
    """What is wrong with an expression, in the book's words rather than Python's."""
    glued = _GLUED.search(text)
    if "decimal literal" in python and glued:
        number, name = glued.groups()
        return f"'{glued[0]}' is a number glued to a name: write {number}*{name} for a product"
    if "was never closed" in python:
        return "a '(' is never closed"
    if python.startswith("unmatched"):
        return f"a '{python[-2]}' closes nothing"
    if "forgot a comma" in python or (python == "invalid syntax" and _SIDE_BY_SIDE.search(text)):
        return "two terms side by side: write * between them for a product (m*g*l)"
    if "leading zeros" in python:
        zeros = re.search(r"(?<![\w.])0+(\d+)", text)
        written, meant = (zeros[0], zeros[1]) if zeros else ("017", "17")
        return (
            f"a number cannot start with 0: write {meant}, not {written} (0.{meant} for a fraction)"
        )
    if "string literal" in python:
        return "quotes are not part of an expression: write the expression itself"
    if "'=='" in python or "assign" in python or re.search(r"(?<![<>=!])=(?!=)", text):
        return "'=' belongs to constraints and domains (lhs = rhs), not to an expression"
    # anything else: the book's words, never Python's (which speak of literals and tokens)
    return "not an expression (numbers, names, + - * / **, functions such as sin(q))"


SUGGESTED = 3  # names listed when none is close
LISTED = 8  # all the names listed when there are at most this many


def suggest(name: str, choices: Mapping[str, object] | list[str]) -> str:
    """What to write instead of an unknown name: ' (did you mean ...?)' for a misspelt one,
    else the names there are (all of them when few, else the nearest three). Never the name
    itself: a name declared with an error of its own is not suggested as its own fix."""
    known = sorted(str(choice) for choice in choices if str(choice) != name)
    if not known:
        return " (none is declared)"
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f" (did you mean '{close[0]}'?)"
    if len(known) <= LISTED:
        return " (known: " + ", ".join(known) + ")"
    nearest = difflib.get_close_matches(name, known, n=SUGGESTED, cutoff=0)
    return " (nearest: " + ", ".join(nearest) + ")"


def _digits(number: sympy.Rational) -> int:
    """Decimal digits of a rational's larger part, from its bit length (never printed)."""
    bits = max(abs(int(number.p)).bit_length(), int(number.q).bit_length())
    return int(bits * 0.30103) + 1
