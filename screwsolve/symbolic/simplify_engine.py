"""`simplest` for the values the Jacobian core builds, entirely in symengine: the same bounded
candidates (expansion, Pythagorean normal forms), then common factors and signs pulled out of
every sum, sized by symengine's `count_ops`; sympy is met once, to print the result.

Why: sympy's `factor_terms` and `count_ops` on a chain's mid-size coefficients cost seconds
(8-link chain: 2.7 s of a 7 s presentation) where symengine takes milliseconds. On the long
chains they were built for, sympy's angle-sum folding (TR10i) never shrank a value; textbook
sizes keep the sympy pipeline (`simplest`), so their printed forms do not change.
"""

from __future__ import annotations

from math import gcd, lcm

import symengine as se
import sympy

from screwsolve.limits import (
    ENGINE_SIMPLIFY_NODES,
    SIMPLIFY_EXPAND_OPERATIONS,
    SQUARES_EXPANSION_RATIO,
)
from screwsolve.symbolic.graphs import (
    DESCEND,
    NodeMemo,
    anywhere,
    exceeds,
    fold,
    has_arguments,
    node_cache,
    node_key,
    node_memo,
)
from screwsolve.symbolic.rationals import Rational, engine_rational, ratio, rational_of
from screwsolve.symbolic.simplify import rewrite_squares

# A candidate whose symengine count_ops exceeds the best's by more than this is not sized
# exactly (symengine's count and sympy's differ by a few operations at most on these values).
ROUGH_MARGIN = 8


def size(expr: se.Basic, memo: NodeMemo | None = None) -> int:
    """The operations sympy's `count_ops` would count in the printed form (what "no larger"
    means for printed answers), counted on the symengine tree, each distinct subexpression
    once."""
    return _Sizer(memo if memo is not None else node_memo("size")).ops(expr)


class _Sizer:
    __slots__ = ("memo",)

    def __init__(self, memo: NodeMemo) -> None:
        self.memo = memo

    def ops(self, expr: se.Basic) -> int:
        if expr.is_Symbol:
            return 0
        key = node_key(expr)
        known = self.memo.get(key)
        if known is None:
            known = self._ops(expr)
            self.memo.remember(expr, key, known)
        return known

    def _ops(self, expr: se.Basic) -> int:
        if expr.is_Number:
            if not expr.is_Rational:
                return 0
            value = rational_of(expr)
            return int(value < 0) + int(value.denominator != 1)
        if isinstance(expr, se.Add):
            return self._sum_ops(expr.args)
        if isinstance(expr, se.Mul):
            args = expr.args
            first = args[0]
            if first.is_Number and first < 0:  # one for the sign, then -expr's own
                return 1 + self._negated_product(expr, args)
            return self._fraction_ops(args)
        if isinstance(expr, se.Pow):
            base, exponent = expr.args
            if exponent == -1:
                return 1 + self.ops(base)
            if exponent.is_Number and exponent < 0:
                return 1 + self.ops(base**-exponent)
            return 1 + self.ops(base) + self.ops(exponent)
        return 1 + sum(self.ops(a) for a in expr.args)  # a function

    def _sum_ops(self, terms: tuple[se.Basic, ...]) -> int:
        """ops of a sum from its terms: one operation between two terms, one for a leading
        minus, and each term's own, a negative one's as -term's (without building -term). A
        product term is sized from its arguments, read once and not remembered: a sum makes
        its products afresh on every `.args`, so the memo would never meet one again."""
        count = len(terms) - 1
        negatives = 0
        for term in terms:
            if isinstance(term, se.Mul):
                args = term.args
                first = args[0]
                if first.is_Number and first < 0:
                    negatives += 1
                    count += self._negated_product(term, args)
                else:
                    count += self._fraction_ops(args)
            elif term.is_Number and term < 0:
                negatives += 1
                count += self.ops(-term)
            else:
                count += self.ops(term)
        return count + int(negatives == len(terms))

    def _negated_product(self, term: se.Basic, args: tuple[se.Basic, ...]) -> int:
        """ops(-term) of a product with a negative coefficient, from its arguments `args`
        (the one place both a sum's negative terms and a negative product are sized)."""
        if len(args) == 2 and _is_minus_one(args[0]):  # -term is the one factor, sized whole
            return self.ops(args[1])
        negated = _negated_arguments(args)
        if negated is not None:
            return self._fraction_ops(negated)
        return self.ops(-term)  # a negative float coefficient

    def _fraction_ops(self, factors: tuple[se.Basic, ...]) -> int:
        """ops of a positive product, from its arguments."""
        numerator, denominator = _fraction(factors)
        if denominator:
            if not numerator or (len(numerator) == 1 and numerator[0].is_Integer):
                return 1 + self._product(denominator)
            return 1 + self._product(numerator) + self._product(denominator)
        return self._product(numerator)

    def _product(self, factors: list[se.Basic]) -> int:
        return max(len(factors) - 1, 0) + sum(self.ops(f) for f in factors)


def _negated_arguments(args: tuple[se.Basic, ...]) -> tuple[se.Basic, ...] | None:
    """(-product).args from the arguments of a product with a negative rational coefficient
    and two factors or more besides it, without building -product (None for another
    coefficient): its factors behind the coefficient with the sign changed (none for 1)."""
    first = args[0]
    if not (first.is_Number and first.is_Rational):
        return None
    coefficient, rest = -rational_of(first), args[1:]
    return (engine_rational(coefficient), *rest) if coefficient != 1 else tuple(rest)


def _is_minus_one(number: se.Basic) -> bool:
    return bool(number.is_Number and number.is_Rational and rational_of(number) == -1)


def _fraction(factors: tuple[se.Basic, ...]) -> tuple[list[se.Basic], list[se.Basic]]:
    """The factors of a (positive) product, given as its arguments, above and below the
    fraction bar."""
    numerator: list[se.Basic] = []
    denominator: list[se.Basic] = []
    for factor in factors:
        if factor.is_Number and factor.is_Rational:
            value = rational_of(factor)
            if value.numerator != 1:
                numerator.append(se.Integer(value.numerator))
            if value.denominator != 1:
                denominator.append(se.Integer(value.denominator))
        elif isinstance(factor, se.Pow) and factor.args[1].is_Number and factor.args[1] < 0:
            denominator.append(factor.args[0] ** -factor.args[1])
        else:
            numerator.append(factor)
    return numerator, denominator


@node_cache(8192)
def simplest_engine(expr: se.Basic) -> se.Basic:
    """A smaller equal form of a symengine expression (never larger than the input), or the
    input when its tree exceeds ENGINE_SIMPLIFY_NODES."""
    if not expr.args or exceeds(expr, ENGINE_SIMPLIFY_NODES):
        return expr
    memo = node_memo("size")
    best, best_size = expr, size(expr, memo)
    rough = se.count_ops(expr)

    def consider(candidate: se.Basic) -> None:
        nonlocal best, best_size, rough
        candidate_rough = se.count_ops(candidate)
        if candidate_rough > rough + ROUGH_MARGIN:
            return  # far larger even by symengine's own count: not worth an exact one
        candidate_size = size(candidate, memo)
        if candidate_size < best_size:
            best, best_size, rough = candidate, candidate_size, candidate_rough

    if best_size <= SIMPLIFY_EXPAND_OPERATIONS and not _explosive(expr):
        expanded = se.expand(expr)
        consider(expanded)
        squares = (
            _monomial_powers(expanded)
            if se.count_ops(expanded) <= SQUARES_EXPANSION_RATIO * rough
            else ()
        )
        if squares:  # the sine and cosine forms tied on every chain value measured
            consider(rewrite_squares(expanded, squares, se.sin, se.cos))
    consider(fold_angle_sums(best))
    folded = best
    for numbers in (True, False, None):
        consider(factored_engine(folded, numbers=numbers))
    consider(_sign_pushed_down(best))
    return best


def _monomial_powers(expanded: se.Basic) -> set[se.Basic]:
    """The powers of sines that are factors of an expanded sum's terms (where sin^2 + cos^2
    can cancel), found without walking the whole tree."""
    terms = expanded.args if isinstance(expanded, se.Add) else (expanded,)
    found = set()
    for term in terms:
        for factor in term.args if isinstance(term, se.Mul) else (term,):
            if isinstance(factor, se.Pow) and isinstance(factor.args[0], se.sin):
                found.add(factor)
    return found


def factored_only(expr: se.Basic) -> se.Basic:
    """The smallest of the expression and its two factored forms, nothing expanded (a power
    keeps the book's decomposition, sum of q' Q^q)."""
    if exceeds(expr, ENGINE_SIMPLIFY_NODES):
        return expr
    memo = node_memo("size")
    candidates = [expr, factored_engine(expr, numbers=True), factored_engine(expr, numbers=False)]
    return min(candidates, key=lambda c: size(c, memo))


def _explosive(expr: se.Basic) -> bool:
    """A power above 6 of a sum: expanding it could multiply out into a huge number of terms."""

    def found(node: se.Basic) -> bool:
        if not isinstance(node, se.Pow):
            return False
        base, exponent = node.args
        return isinstance(base, se.Add) and exponent.is_Integer and abs(int(exponent)) > 6

    return anywhere(expr, found, "explosive powers")


def factored_engine(expr: se.Basic, *, numbers: bool | None = True) -> se.Basic:
    """Every sum's common powers (and with `numbers` its common numeric factor; with None,
    whichever of the two is smaller, sum by sum) pulled out, bottom up, and a product's minus
    sign moved into a sum that then has fewer negative terms (-L*(-a + b) -> L*(a - b))."""

    def after(node: se.Basic, args: list[se.Basic]) -> se.Basic:
        rebuilt = (
            node if all(a is b for a, b in zip(args, node.args, strict=True)) else node.func(*args)
        )
        if isinstance(rebuilt, se.Add):
            if numbers is None:
                return min(_common(rebuilt, True), _common(rebuilt, False), key=size)
            return _common(rebuilt, numbers)
        if isinstance(rebuilt, se.Mul):
            return _sign_into_sum(rebuilt)
        return rebuilt

    def before(node: se.Basic) -> object:
        return DESCEND if has_arguments(node) else node

    memo = node_memo(
        {True: "factored with numbers", False: "factored", None: "factored each"}[numbers]
    )
    return fold(expr, before, after, key=node_key, results=memo)


def _split(term: se.Basic) -> tuple[Rational, dict[se.Basic, Rational]]:
    """A term as numeric coefficient and {base: rational exponent}; a factor with a symbolic
    exponent counts as a base of exponent 1."""
    coefficient: Rational = 1
    powers: dict[se.Basic, Rational] = {}
    factors = term.args if isinstance(term, se.Mul) else (term,)
    for factor in factors:
        if factor.is_Number:
            if not factor.is_Rational:
                return 0, {}  # a float: leave the sum alone
            coefficient *= rational_of(factor)
            continue
        base = factor
        exponent: Rational = 1
        if isinstance(factor, se.Pow) and factor.args[1].is_Rational:
            base, exponent = factor.args[0], rational_of(factor.args[1])
        powers[base] = powers.get(base, 0) + exponent
    return coefficient, powers


def _common(add: se.Add, numbers: bool) -> se.Basic:
    """c * prod(b^e) * (sum of the rest) when the terms share a factor; the sum otherwise."""
    split = [_split(term) for term in add.args]
    if any(c == 0 for c, _ in split):
        return add
    numerators = [abs(c.numerator) for c, _ in split]
    denominators = [c.denominator for c, _ in split]
    content = ratio(gcd(*numerators), lcm(*denominators)) if numbers else 1
    if all(c < 0 for c, _ in split):
        content = -content
    shared = set(split[0][1])
    for _, powers in split[1:]:
        shared &= set(powers)
    common = {b: min(p[b] for _, p in split) for b in shared}
    common = {b: e for b, e in common.items() if e != 0}
    if content == 1 and not common:
        return add
    rest = []
    for coefficient, powers in split:
        factors = [engine_rational(ratio(coefficient, content))]
        for base, exponent in powers.items():
            left = exponent - common.get(base, 0)
            if left != 0:
                factors.append(base ** engine_rational(left))
        rest.append(se.Mul(*factors))
    outer = [engine_rational(content), *(b ** engine_rational(e) for b, e in common.items())]
    candidate = se.Mul(*outer, se.Add(*rest))
    return candidate


def _negative(term: se.Basic) -> bool:
    first = term.args[0] if isinstance(term, se.Mul) else term
    return bool(first.is_Number and first < 0)


def _sign_into_sum(mul: se.Basic) -> se.Basic:
    """-c * X * (sum) -> c * X * (-sum) when at least half of the sum's terms are negative
    (anything but a product, such as a bare symbol a negated term can be, as it is)."""
    if not isinstance(mul, se.Mul):
        return mul
    coefficient = mul.args[0]
    if not (coefficient.is_Number and coefficient < 0):
        return mul
    for index, factor in enumerate(mul.args):
        if isinstance(factor, se.Add):
            negatives = sum(1 for t in factor.args if _negative(t))
            if 2 * negatives >= len(factor.args):
                others = [a for i, a in enumerate(mul.args) if i not in (0, index)]
                flipped = se.Mul(-coefficient, *others, se.Add(*(-t for t in factor.args)))
                return (
                    flipped
                    if 2 * negatives > len(factor.args) or size(flipped) < size(mul)
                    else mul
                )
    return mul


def _sign_pushed_down(product: se.Basic) -> se.Basic:
    """-c * X * (t1 + t2) -> c * X * (-t1 - t2), each -ti with its own sign moved into its sum
    when that is smaller: -L*(x*P - y*Q) with -y*Q already written y*(-Q) -> L*(y*Q - x*P), a
    choice the bottom-up pass (which saw -y*Q before the product around it) could not make."""
    if not isinstance(product, se.Mul):
        return product
    coefficient = product.args[0]
    if not (coefficient.is_Number and coefficient < 0):
        return product
    for index, factor in enumerate(product.args):
        if isinstance(factor, se.Add):
            negated = [_sign_into_sum(-term) for term in factor.args]
            others = [a for i, a in enumerate(product.args) if i not in (0, index)]
            return se.Mul(-coefficient, *others, se.Add(*negated))
    return product


_ANGLE_RULES = {
    # (first pair, second pair) -> (function, sign of y when the second's rest is +rest)
    (("cos", "cos"), ("sin", "sin")): ("cos", -1),
    (("sin", "cos"), ("cos", "sin")): ("sin", +1),
}


def fold_angle_sums(expr: se.Basic) -> se.Basic:
    """cos(x) cos(y) -+ sin(x) sin(y) = cos(x +- y) and sin(x) cos(y) +- cos(x) sin(y) =
    sin(x +- y) on pairs of terms of every sum, bottom up, until no pair is left (what a chain
    of frames produces in a textbook problem's dot products)."""

    def after(node: se.Basic, args: list[se.Basic]) -> se.Basic:
        rebuilt = (
            node if all(a is b for a, b in zip(args, node.args, strict=True)) else node.func(*args)
        )
        return _fold_sum(rebuilt) if isinstance(rebuilt, se.Add) else rebuilt

    def before(node: se.Basic) -> object:
        return DESCEND if node.args else node

    return fold(expr, before, after, key=node_key, results=node_memo("angle sums"))


def _trig_pairs(term: se.Basic) -> list[tuple[tuple[str, str], se.Basic, se.Basic, se.Basic]]:
    """((name of f, name of g), x, y, rest) for every two trigonometric factors f(x) g(y) of a
    term (x != y), rest the term without them."""
    factors = list(term.args) if isinstance(term, se.Mul) else [term]
    trig = [(i, f) for i, f in enumerate(factors) if isinstance(f, se.sin | se.cos) and f.args]
    result = []
    for a in range(len(trig)):
        for b in range(len(trig)):
            i, f = trig[a]
            j, g = trig[b]
            if i == j or f.args[0] == g.args[0]:
                continue
            rest = se.Mul(*(h for k, h in enumerate(factors) if k not in (i, j)))
            result.append(((_name(f), _name(g)), f.args[0], g.args[0], rest))
    return result


def _name(function: se.Basic) -> str:
    return "sin" if isinstance(function, se.sin) else "cos"


def _fold_sum(add: se.Basic) -> se.Basic:
    terms = list(add.args)
    folded_any = False
    while len(terms) > 1:
        found = _one_fold(terms)
        if found is None:
            break
        i, j, folded = found
        terms = [t for k, t in enumerate(terms) if k not in (i, j)] + [folded]
        folded_any = True
    return se.Add(*terms) if folded_any else add


def _one_fold(terms: list[se.Basic]) -> tuple[int, int, se.Basic] | None:
    """The first pair of terms that folds into one (indexed by their trigonometric factors,
    so that a sum of n terms costs about n lookups, not n^2 comparisons)."""
    firsts: dict[tuple[tuple[str, str], se.Basic, se.Basic], list[tuple[int, se.Basic]]] = {}
    seconds = []
    for index, term in enumerate(terms):
        for names, x, y, rest in _trig_pairs(term):
            if names in _FIRSTS:
                firsts.setdefault((names, x, y), []).append((index, rest))
            if names in _SECONDS:
                seconds.append((index, names, x, y, rest))
    for j, names_b, x, y, rest_b in seconds:
        names_a = _SECONDS[names_b]
        for i, rest_a in firsts.get((names_a, x, y), ()):
            if i == j:
                continue
            function, sign = _ANGLE_RULES[(names_a, names_b)]
            if rest_b == rest_a:
                argument = x + sign * y
            elif rest_b == -rest_a:
                argument = x - sign * y
            else:
                continue
            value = se.cos(argument) if function == "cos" else se.sin(argument)
            return i, j, rest_a * value
    return None


_FIRSTS = {first for first, _ in _ANGLE_RULES}
_SECONDS = {second: first for first, second in _ANGLE_RULES}


def keep_content(expr: sympy.Expr) -> sympy.Expr:
    """The sympy form of a symengine result, with what the two libraries write differently put
    back: a sum's rational content outside it, (a + b)/2 rather than a/2 + b/2 (both spread a
    number over a lone sum), and a product's minus sign inside its sum when sympy's own
    canonical signs of odd functions (sin(-x) = -sin(x)) brought one out again."""
    if isinstance(expr, sympy.Mul):
        return _sign_into_sympy_sum(expr)
    if not isinstance(expr, sympy.Add):
        return expr
    content, primitive = expr.primitive()
    if all(term.could_extract_minus_sign() for term in primitive.args):
        content, primitive = -content, -primitive
    if content in (1, -1) or exceeds(expr, ENGINE_SIMPLIFY_NODES):
        return expr
    outside = sympy.Mul(content, primitive, evaluate=False)
    return outside if sympy.count_ops(outside) <= sympy.count_ops(expr) else expr


def _sign_into_sympy_sum(product: sympy.Mul) -> sympy.Expr:
    """-c * X * (sum) -> c * X * (-sum) when at least half of the sum's terms are negative."""
    coefficient, rest = product.as_coeff_Mul()
    if not coefficient.is_negative:
        return product
    factors = list(sympy.Mul.make_args(rest))
    for index, factor in enumerate(factors):
        if isinstance(factor, sympy.Add):
            negatives = sum(1 for t in factor.args if t.could_extract_minus_sign())
            if 2 * negatives >= len(factor.args):
                flipped = sympy.Add(*(-t for t in factor.args))
                others = [*factors[:index], flipped, *factors[index + 1 :]]
                candidate = sympy.Mul(-coefficient, *others)
                if exceeds(product, ENGINE_SIMPLIFY_NODES):
                    return product
                return (
                    candidate if sympy.count_ops(candidate) < sympy.count_ops(product) else product
                )
    return product
