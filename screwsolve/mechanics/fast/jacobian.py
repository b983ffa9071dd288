"""Power coefficients from partial velocities built as Jacobian columns on plain symbols.

Why: sympy's `Vector.dot`/`express` on functions of time re-derives direction cosines and queries
assumptions at every step, and its expression trees grow about 3.4x per link of a chain. Here
every coordinate, rate and t is a plain symengine symbol, a vector is a few 3-component columns
(one per frame), each unit vector is rotated into another frame once, and each partial velocity
is built column by column from the structure of the kinematics (DESIGN §2): d/dq of the small
components of a position, partial angular velocities, transport to body points. Nothing is ever
differentiated as a whole velocity, expanded or simplified.

Results stay symengine expressions (directed graphs that share subexpressions) until a caller
asks for sympy (`to_sympy`), which is what the printers need.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import TYPE_CHECKING

import symengine as se
import sympy
from symengine.lib.symengine_wrapper import Zero
from sympy.physics.vector import Vector

from screwsolve.limits import (
    COUNTED_OPERATIONS_NODES,
    EXPAND_SHARE_OPERATIONS,
    INTERN_ROTATIONS,
    NESTED_ORIGINS,
    PRODUCT_TREE_NODES,
    ROTATION_SPREAD,
)
from screwsolve.model.frames import UnitKey
from screwsolve.model.static import TIME
from screwsolve.model.velocity_rule import velocity_rule
from screwsolve.symbolic.bridge import (
    UnsupportedError,
    differentiable,
    from_engine,
    has_absolute_values,
    to_engine,
)
from screwsolve.symbolic.float_probe import FloatProbe
from screwsolve.symbolic.graphs import exceeds, free_symbols, interned, tree_nodes

if TYPE_CHECKING:
    from screwsolve.mechanics.screws import AppliedScrew, Screw
    from screwsolve.model.system import System


Components = tuple[se.Basic, se.Basic, se.Basic]
Columns = dict[str, Components]  # frame name -> components
ZERO = se.Integer(0)
ONE = se.Integer(1)


class Vec:
    """A vector as components in one or more frames (no frame conversion until needed)."""

    __slots__ = ("columns",)

    def __init__(self, columns: Columns | None = None) -> None:
        self.columns: Columns = columns or {}

    def __add__(self, other: Vec) -> Vec:
        result = dict(self.columns)
        for frame, comps in other.columns.items():
            if frame in result:
                mine = result[frame]
                result[frame] = (mine[0] + comps[0], mine[1] + comps[1], mine[2] + comps[2])
            else:
                result[frame] = comps
        return Vec(result)

    def __sub__(self, other: Vec) -> Vec:
        return self + other.scaled(se.Integer(-1))

    def scaled(self, factor: se.Basic) -> Vec:
        if isinstance(factor, Zero):
            return Vec()
        return Vec(
            {f: (factor * a, factor * b, factor * c) for f, (a, b, c) in self.columns.items()}
        )

    def units(self) -> Iterable[tuple[se.Basic, UnitKey]]:
        for frame, comps in self.columns.items():
            for index, value in enumerate(comps):
                if not isinstance(value, Zero):
                    yield value, (frame, index)

    def is_zero(self) -> bool:
        return all(isinstance(value, Zero) for comps in self.columns.values() for value in comps)


def _unit(key: UnitKey, factor: se.Basic = ONE) -> Vec:
    comps = [ZERO, ZERO, ZERO]
    comps[key[1]] = factor
    return Vec({key[0]: (comps[0], comps[1], comps[2])})


class JacobianCore:
    """Partial angular velocities W and partial point velocities J of one system, per variable
    (each coordinate, then t), and the power coefficients of action screws."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.tree = system.frames
        self.variables = [*system.coordinates, TIME]
        self._symbols = system.namespace.symbols
        self._symbol = {name: se.Symbol(name) for name in system.coordinates}
        self._symbol[TIME] = se.Symbol(str(system.time))
        # d/dt holding the coordinates fixed also moves the specified functions: F -> F', F' -> F''
        self._function_chain = [
            (se.Symbol(name), se.Symbol(f"{name}'")) for name in system.functions
        ] + [(se.Symbol(f"{name}'"), se.Symbol(f"{name}''")) for name in system.functions]
        self._back: dict[str, sympy.Expr] = dict(self._symbols.by_name)
        self._frame_of = {id(frame): name for name, frame in self.tree.frames.items()}
        self._rotation: dict[str, se.DenseMatrix] = {}  # child -> parent components
        self._in_frame: dict[tuple[UnitKey, str], tuple[se.Basic, se.Basic, se.Basic]] = {}
        self._steps_memo: dict[tuple[UnitKey, str], int] = {}
        self._cross: dict[tuple[UnitKey, UnitKey], Vec] = {}
        self._omega: dict[str, dict[str, Vec]] = {}
        self._velocity: dict[str, dict[str, Vec]] = {}
        self._scalars: dict[sympy.Expr, se.Basic] = {}
        self._positions: dict[str, Vec] = {}
        self._alias_memo: dict[UnitKey, list[UnitKey]] = {}
        self._ancestor_memo: dict[str, list[str]] = {}
        self._way_memo: dict[tuple[str, str], frozenset[str]] = {}
        self._body_points: dict[tuple[str, str], dict[str, Vec]] = {}
        self._origin_chains: dict[str, list[str]] = {}
        self._arms: dict[tuple[str, str, str], Components] = {}
        self._own_turns: dict[str, dict[str, Vec]] = {}
        self._planar: dict[str, bool] = {}
        self._floats = FloatProbe()
        self._nested_screws: set[int] = set()  # ids of the screws that took the moments
        self._relative_turns: dict[tuple[str, str], dict[str, Vec]] = {}
        # id -> (the screw, its shares): the screw is held so that its id is never reused
        self._screw_shares: dict[int, tuple[AppliedScrew, dict[str, se.Basic]]] = {}
        deepest = max((len(self._ancestors(f)) - 1 for f in self.tree.frames), default=0)
        self._intern = deepest >= INTERN_ROTATIONS

    # -- conversion ---------------------------------------------------------------------------

    def scalar(self, expr: sympy.Expr) -> se.Basic:
        """A sympy expression of the system as a symengine expression on plain symbols."""
        if expr in self._scalars:
            return self._scalars[expr]
        static = self._symbols.static(expr)
        for symbol in free_symbols(static):
            self._back.setdefault(symbol.name, symbol)
        result = to_engine(static)
        self._scalars[expr] = result
        return result

    def vector(self, vector: Vector) -> Vec:
        columns: Columns = {}
        for matrix, frame in vector.args:
            name = self._frame_of[id(frame)]
            comps = tuple(self.scalar(matrix[i]) for i in range(3))
            columns[name] = (
                comps
                if name not in columns
                else tuple(a + b for a, b in zip(columns[name], comps, strict=True))
            )
        return Vec(columns)

    def differentiable(self, expr: sympy.Expr) -> se.Basic:
        """The expression in symengine, which must differentiate it (positions and angles are
        differentiated there): UnsupportedError for Abs or sign, so the caller takes sympy's
        route."""
        if not differentiable(expr):
            raise UnsupportedError(f"symengine does not differentiate {expr}")
        return self.scalar(expr)

    def rate_derivative(self, expr: sympy.Expr, q: str) -> sympy.Expr:
        """d(expr)/dq' of a sympy expression of the system, on its graph in symengine."""
        return self.to_sympy(self.scalar(expr).diff(se.Symbol(f"{q}'")))

    def to_sympy(self, expr: se.Basic) -> sympy.Expr:
        """Back to sympy, coordinates and rates as functions of time again (as the analysis has them)."""
        return from_engine(expr, self._back)

    # -- rotations ----------------------------------------------------------------------------

    def rotation(self, frame: str) -> se.DenseMatrix:
        """C such that (components in the parent) = C (components in `frame`)."""
        if frame not in self._rotation:
            parent = self.tree.parents[frame]
            assert parent is not None
            dcm = self.tree.frames[frame].dcm(self.tree.frames[parent])  # rows: frame's units
            self._rotation[frame] = se.DenseMatrix(
                3, 3, [self.scalar(dcm[j, i]) for i in range(3) for j in range(3)]
            )
        return self._rotation[frame]

    def _aliases(self, key: UnitKey) -> list[UnitKey]:
        """The unit vectors identical to `key` (rotation axes shared by two frames), memoized."""
        if key not in self._alias_memo:
            self._alias_memo[key] = self.tree.aliases(key)
        return self._alias_memo[key]

    def _ancestors(self, frame: str) -> list[str]:
        """The frame, its parent, ... up to the referential (memoized: asked for every pair of
        unit vectors and frames)."""
        chain = self._ancestor_memo.get(frame)
        if chain is None:
            chain = [frame]
            while (parent := self.tree.parents.get(chain[-1])) is not None:
                chain.append(parent)
            self._ancestor_memo[frame] = chain
        return chain

    def _path(self, start: str, end: str) -> tuple[list[str], list[str]]:
        """Frames to climb from `start` (each to its parent), then frames to descend to `end`."""
        climb = self._ancestors(start)
        descend = self._ancestors(end)
        common = next(f for f in descend if f in set(climb))
        return climb[: climb.index(common)], list(reversed(descend[: descend.index(common)]))

    def in_frame(self, key: UnitKey, frame: str) -> tuple[se.Basic, se.Basic, se.Basic]:
        """Components in `frame` of the unit vector `key`, rotated one step at a time."""
        memo = (key, frame)
        if memo in self._in_frame:
            return self._in_frame[memo]
        # A unit vector that is several frames' axis (z of a frame turned about z, and of its
        # parent) is rotated from one of them only, so that its columns are the same objects
        # whichever name asked. Built apart, equal columns are different trees that symengine
        # compares node by node when a sum collects them as like terms.
        canonical = min(self._aliases(key), key=lambda k: (len(self._ancestors(k[0])), k))
        if canonical != key:
            self._in_frame[memo] = self.in_frame(canonical, frame)
            return self._in_frame[memo]
        for alias in self._aliases(key):
            if alias[0] == frame:
                comps = [ZERO, ZERO, ZERO]
                comps[alias[1]] = se.Integer(1)
                self._in_frame[memo] = (comps[0], comps[1], comps[2])
                return self._in_frame[memo]
        # one rotation from the column in the frame before this one on the way: every column
        # on the way is built once and shared (rotated from the unit vector each time, the
        # 20-link chain's columns held 78 000 nodes built apart for 6 600 distinct ones)
        up, down = self._path(key[0], frame)
        if down:
            parent = self.tree.parents[frame]
            assert parent is not None  # a frame descended into has one
            before, rotation = parent, self.rotation(frame).T
        else:
            before, rotation = up[-1], self.rotation(up[-1])
        column = rotation * se.DenseMatrix(3, 1, list(self.in_frame(key, before)))
        result = (column[0], column[1], column[2])
        if self._intern:  # canonical, so every product of them sizes them by their counts
            result = (interned(result[0]), interned(result[1]), interned(result[2]))
        self._in_frame[memo] = result
        return result

    # -- products of unit vectors --------------------------------------------------------------

    def _candidates(self, a: UnitKey, b: UnitKey) -> Iterable[tuple[str, Components, Components]]:
        """(frame, a's components, b's components) in each frame where a or b is an axis, on
        the way from a's frame to b's: a frame off it only rotates both further. An axis that
        every frame shares (z, when all turn about z) was tried in every frame of the problem,
        for every product: a tree of 127 links spent 15 s of its 35 s there."""
        on_way = self._way(a[0], b[0])
        for frame in dict.fromkeys(k[0] for k in [*self._aliases(a), *self._aliases(b)]):
            if frame in on_way:
                yield frame, self.in_frame(a, frame), self.in_frame(b, frame)

    def _way(self, start: str, end: str) -> frozenset[str]:
        """The frames from `start` to `end` through their common ancestor, both included."""
        memo = (start, end)
        if memo not in self._way_memo:
            up, down = self._path(start, end)
            common = self._ancestors(start)[len(up)]
            self._way_memo[memo] = frozenset([start, end, common, *up, *down])
        return self._way_memo[memo]

    def unit_cross(self, a: UnitKey, b: UnitKey) -> Vec:
        if (a, b) not in self._cross:
            best: Vec | None = None
            best_key = (0, 0)
            for frame, ua, ub in self._candidates(a, b):
                comps = (
                    ua[1] * ub[2] - ua[2] * ub[1],
                    ua[2] * ub[0] - ua[0] * ub[2],
                    ua[0] * ub[1] - ua[1] * ub[0],
                )
                key = self._compactness(list(comps), [a, b], frame)
                if best is None or key < best_key:
                    best, best_key = Vec({frame: comps}), key
            self._cross[(a, b)] = best if best is not None else Vec()
        return self._cross[(a, b)]

    def cross(self, u: Vec, w: Vec) -> Vec:
        total = Vec()
        for cu, ku in u.units():
            for cw, kw in w.units():
                total = total + self.unit_cross(ku, kw).scaled(cu * cw)
        return total

    def express(self, u: Vec, frame: str) -> tuple[se.Basic, se.Basic, se.Basic]:
        """Components of a vector in one frame."""
        comps = [ZERO, ZERO, ZERO]
        for cu, ku in u.units():
            column = self.in_frame(ku, frame)
            for i in range(3):
                if not isinstance(column[i], Zero):
                    comps[i] = comps[i] + cu * column[i]
        return comps[0], comps[1], comps[2]

    def dot(self, u: Vec, w: Vec) -> se.Basic:
        """u . w evaluated in the frame where it is smallest: one of u's (an action's force or
        moment, in few frames), or of w's when w lies in at most two."""
        best: se.Basic | None = None
        best_key = (0, 0)
        if u.is_zero() or w.is_zero():
            return ZERO
        keys = [k for _, k in u.units()] + [k for _, k in w.units()]
        frames = [*u.columns, *w.columns] if len(w.columns) <= 2 else list(u.columns)
        for frame in dict.fromkeys(frames):
            a, b = self.express(u, frame), self.express(w, frame)
            value = a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
            key = self._compactness([value], keys, frame)
            if best is None or key < best_key:
                best, best_key = value, key
        return best if best is not None else ZERO

    def _compactness(
        self, values: list[se.Basic], keys: list[UnitKey], frame: str
    ) -> tuple[int, int]:
        """Sort key of a product evaluated in `frame`: its count_ops when its tree is small,
        otherwise (after every small one) the rotations its unit vectors needed, each step
        doubling a component's tree."""
        spread = sum(1 << self._steps(key, frame) for key in keys)
        if spread <= ROTATION_SPREAD or not any(
            exceeds(value, PRODUCT_TREE_NODES) for value in values
        ):
            return (0, sum(_operations(value) for value in values))
        return (1, spread)

    def _steps(self, key: UnitKey, frame: str) -> int:
        """Simple rotations between a unit vector and a frame (0 when it is one of its axes)."""
        memo = (key, frame)
        if memo not in self._steps_memo:
            if any(alias[0] == frame for alias in self._aliases(key)):
                self._steps_memo[memo] = 0
            else:
                up, down = self._path(key[0], frame)
                self._steps_memo[memo] = len(up) + len(down)
        return self._steps_memo[memo]

    # -- Jacobian columns -----------------------------------------------------------------------

    def derivative(self, expr: se.Basic, q: str) -> se.Basic:
        """d/dq of an expression of the core (for t, holding the coordinates); UnsupportedError
        when symengine cannot differentiate it (Abs, sign)."""
        if has_absolute_values(expr):
            raise UnsupportedError("symengine does not differentiate Abs or sign")
        return self._by(expr, q)

    @property
    def time_chain(self) -> tuple[str, list[tuple[str, str]]]:
        """The name of t, and what d/dt holding the coordinates moves: (F, F'), (F', F'')."""
        chain = [(str(function), str(rate)) for function, rate in self._function_chain]
        return str(self._symbol[TIME]), chain

    def _by(self, expr: se.Basic, q: str) -> se.Basic:
        """d(expr)/dq for a coordinate; for t, the explicit time derivative (through the
        specified functions of time too)."""
        result = expr.diff(self._symbol[q])
        if q == TIME:
            for function, rate in self._function_chain:
                result = result + expr.diff(function) * rate
        return result

    def omega(self, frame: str) -> dict[str, Vec]:
        """Partial angular velocities of a frame relative to the referential, per variable."""
        if frame in self._omega:
            return self._omega[frame]
        parent = self.tree.parents.get(frame)
        if parent is None or frame not in self.tree.angles:
            result: dict[str, Vec] = {}
        else:
            result = dict(self.omega(parent))
            for q, term in self._own_turn(frame).items():
                result[q] = result[q] + term if q in result else term
        self._omega[frame] = result
        return result

    def _own_turn(self, frame: str) -> dict[str, Vec]:
        """The partial angular velocities of a frame relative to its parent, per variable (its
        angle's derivative along its axis; none for a frame not turned)."""
        turn = self._own_turns.get(frame)
        if turn is None:
            turn = {}
            if self.tree.parents.get(frame) is not None and frame in self.tree.angles:
                angle = self.differentiable(self.tree.angles[frame])
                axis = self.tree.axes[frame]
                for q in self.variables:
                    factor = self._by(angle, q)
                    if not isinstance(factor, Zero):
                        turn[q] = _unit(axis, factor)
            self._own_turns[frame] = turn
        return turn

    def _relative_turn(self, frame: str, carrier: str) -> dict[str, Vec]:
        """W^q(frame) - W^q(carrier) for every variable where it is not zero: the frames'
        own turns on the way up when `carrier` is an ancestor of `frame` (each an axis), the
        difference of the two otherwise (frames turned apart, from the ground say)."""
        key = (frame, carrier)
        found = self._relative_turns.get(key)
        if found is not None:
            return found
        climb, descend = self._path(frame, carrier)
        found = {}
        if not descend:
            for child in climb:
                for q, term in self._own_turn(child).items():
                    found[q] = found[q] + term if q in found else term
        else:
            mine, theirs = self.omega(frame), self.omega(carrier)
            for q in {**mine, **theirs}:
                turn, carried = mine.get(q), theirs.get(q)
                if turn is carried:
                    continue
                if turn is None:
                    assert carried is not None
                    found[q] = carried.scaled(se.Integer(-1))
                else:
                    found[q] = turn - carried if carried is not None else turn
        self._relative_turns[key] = found
        return found

    def position(self, point: str) -> Vec:
        """r_OP from the root point."""
        if point not in self._positions:
            position = self.system.points[point].position
            for matrix, _ in position.args:
                for component in matrix:
                    self.differentiable(component)
            self._positions[point] = self.vector(position)
        return self._positions[point]

    def _derivative(self, position: Vec) -> dict[str, Vec]:
        """Columns of d/dt of a position in the referential: dc/dq e + W x c e per frame."""
        result: dict[str, Vec] = {}
        for frame, comps in position.columns.items():
            omega = self.omega(frame)
            for q in self.variables:
                term = Vec({frame: tuple(self._by(c, q) for c in comps)})
                if q in omega:
                    term = term + self.cross(omega[q], Vec({frame: comps}))
                if not term.is_zero():
                    result[q] = result[q] + term if q in result else term
        return result

    def velocity(self, point: str) -> dict[str, Vec]:
        """Partial velocities of a point by its rule (fixed, transport, or derivative)."""
        if point in self._velocity:
            return self._velocity[point]
        rule = velocity_rule(self.system.points, self.system.bodies, point)
        if rule.kind == "fixed":
            result: dict[str, Vec] = {}
        elif rule.kind == "transport":
            assert rule.body is not None
            result = self.body_point(rule.body, point)
        else:
            result = self._derivative(self.position(point))
        self._velocity[point] = result
        return result

    def body_point(self, body: str, point: str) -> dict[str, Vec]:
        """Partial velocities of `point` moving with `body`: J_A + W x r_AP."""
        key = (body, point)
        if key in self._body_points:
            return self._body_points[key]
        spec = self.system.bodies[body]
        result = self.velocity(spec.origin)
        if point != spec.origin:
            arm = self.position(point) - self.position(spec.origin)
            result = dict(result)
            for q, w in self.omega(spec.frame).items():
                term = self.cross(w, arm)
                result[q] = result[q] + term if q in result else term
        self._body_points[key] = result
        return result

    def partial_screws(self, body: str, point: str) -> dict[str, tuple[Vec, Vec]]:
        """{V^q_B/E} about a point of the body, per variable: (partial angular velocity,
        partial velocity of the point) as columns."""
        omega = self.omega(self.system.bodies[body].frame)
        velocity = self.body_point(body, point)
        return {
            q: (self._interned(omega.get(q, Vec())), self._interned(velocity.get(q, Vec())))
            for q in self.variables
        }

    def kinematic_screw(self, body: str, point: str) -> tuple[Vec, Vec]:
        """{V_B/E} = sum {V^q} q' + {V^t} about a point of the body, as columns."""
        resultant, moment = Vec(), Vec()
        for q, (omega, velocity) in self.partial_screws(body, point).items():
            rate = ONE if q == TIME else se.Symbol(f"{q}'")
            resultant = resultant + omega.scaled(rate)
            moment = moment + velocity.scaled(rate)
        return self._interned(resultant), self._interned(moment)

    def _interned(self, vector: Vec) -> Vec:
        """The vector with its components interned (see `coefficients`) when the problem's
        rotations make it pay: what is printed is walked once per distinct node."""
        if not self._intern:
            return vector
        return Vec(
            {f: (interned(a), interned(b), interned(c)) for f, (a, b, c) in vector.columns.items()}
        )

    def replacement(self, screws: Iterable[AppliedScrew], body: str, point: str) -> tuple[Vec, Vec]:
        """The resultant and the moment about `point` of every screw on `body` (and of the
        reaction of every screw it exerts), as columns: M_point = M_P + R x r_(P -> point)."""
        resultant, moment = Vec(), Vec()
        target = self.position(point)
        for applied in screws:
            sign = 1 if applied.on == body else -1 if applied.by == body else 0
            if sign == 0:
                continue
            force = self.vector(applied.screw.resultant).scaled(se.Integer(sign))
            couple = self.vector(applied.screw.moment).scaled(se.Integer(sign))
            arm = target - self.position(applied.screw.point)
            resultant = resultant + force
            moment = moment + couple + self.cross(force, arm)
        return resultant, moment

    def to_static(self, expr: se.Basic) -> sympy.Expr:
        """Back to sympy on the plain symbols (as printing and probing take them)."""
        return from_engine(expr, self.static_symbols)

    def screw_coefficients(self, applied: AppliedScrew) -> dict[str, se.Basic]:
        """`coefficients` of one action screw, made once: its action's Q^q are summed from
        them and `--steps` writes them out as its shares."""
        known = self._screw_shares.get(id(applied))
        if known is None or known[0] is not applied:
            known = (applied, self.coefficients(applied.on, applied.by, applied.screw))
            self._screw_shares[id(applied)] = known
        return known[1]

    def coefficients(self, on: str, by: str | None, screw: Screw) -> dict[str, se.Basic]:
        """Q^q = R . dv_P/dq' + M_P . domega/dq' of a screw on `on` (reaction on `by` implied)."""
        force, moment = self.vector(screw.resultant), self.vector(screw.moment)
        totals = self._nested_totals(on, by, screw.point, force, moment)
        if totals is not None:
            self._nested_screws.add(id(screw))
            totals = self._exact_zeros(totals)
        else:
            totals = {}
            for q in self.variables:
                total = self._share(on, screw.point, q, force, moment)
                if by is not None:
                    total = total - self._share(by, screw.point, q, force, moment)
                totals[q] = total
        # equal subexpressions made one node (limits.INTERN_ROTATIONS): every later walk
        # (sizes, simplification, shared names, printing) paid for each copy
        return {q: interned(v) if self._intern else v for q, v in totals.items()}

    def _nested_totals(
        self, on: str, by: str | None, point: str, force: Vec, moment: Vec
    ) -> dict[str, se.Basic] | None:
        """The screw's Q^q through the moments about the origins (`_nested_shares`) when `on`
        ends a long chain of bodies turned about two axes or more; None for the products. A
        reaction on a body of the chain cancels the chain's shares from that body on, so only
        the bodies before it are walked (and the shares that cancel are exact zeros, as the
        products give them); a reaction on a body off the chain takes the products."""
        chain = self._origin_chain(on)
        if len(chain) < NESTED_ORIGINS or self._one_axis(on):
            return None
        if by is None:
            return self._nested_shares(on, point, force, moment, len(chain))
        if by in chain:
            return self._nested_shares(on, point, force, moment, chain.index(by))
        carried = self._origin_chain(by)
        if on in carried:
            shares = self._nested_shares(by, point, force, moment, carried.index(on))
            return {q: -value for q, value in shares.items()}
        return None

    def _one_axis(self, body: str) -> bool:
        """Whether every frame between the bodies of the body's origin chain turns about one
        same axis (a planar chain). Then a moment's component along that axis is carried from
        one body to the next as it is, so the moments are flat sums again (symengine flattens a
        sum of sums), and over the products' frame choice they cost more: a planar chain of 90
        links 26.5 s to 28.2 s and 728 to 908 MB, a mesh of springs on one 30.0 s to 33.3 s."""
        if body not in self._planar:
            frames = [self.system.bodies[b].frame for b in self._origin_chain(body)]
            axes = set()
            for frame, after in itertools.pairwise(frames):
                climb, descend = self._path(frame, after)
                for turned in [*climb, *descend]:
                    axis = self.tree.axes.get(turned)
                    if axis is not None:
                        axes.add(min(self._aliases(axis)))
            self._planar[body] = len(axes) <= 1
        return self._planar[body]

    def _origin_chain(self, body: str) -> list[str]:
        """The body, the body its origin moves with (transport), that body's, ... up to a body
        whose origin is fixed or has a velocity of its own (DESIGN §2 rule 2)."""
        chain = self._origin_chains.get(body)
        if chain is None:
            chain = [body]
            while True:
                origin = self.system.bodies[chain[-1]].origin
                rule = velocity_rule(self.system.points, self.system.bodies, origin)
                if rule.kind != "transport" or rule.body is None or rule.body in chain:
                    break
                chain.append(rule.body)
            self._origin_chains[body] = chain
        return chain

    def _nested_shares(
        self, body: str, point: str, force: Vec, moment: Vec, bodies: int
    ) -> dict[str, se.Basic]:
        """The screw's Q^q on `body` through its moments about the origins. With B0 = body and
        B(k+1) the body whose motion carries B(k)'s origin A(k) (A(k) attached to it):
        v_A(k) = v_A(k+1) + W(k+1) x r_A(k+1)A(k), so that, with M(k) the screw's moment about
        A(k) (M(k+1) = M(k) + r_A(k+1)A(k) x R),

            Q^q = sum_k M(k) . (W^q(k) - W^q(k+1)) + M(K) . W^q(K) + R . v^q_A(K)

        where the chain ends at B(K). Each moment is rotated from the one before, so that a long
        chain's coefficients nest (a moment's components inside the next one's) where the
        products of R with each point's velocity are flat sums of the lever arms, as many
        terms as bodies between the joint and the point: n^3 terms over an n-link chain's
        coefficients, n^2 here. Only the first `bodies` of the chain are walked (fewer than
        all: the terms of the chain from that body on are left out, and R . v^q_A(K) with
        them). Where R lies along a partial angular velocity's axis, M(k) along it is M_P's:
        the lever arms' part is exactly zero there (a weight about a vertical axis), which the
        rotated moments would only give as a sum that cancels."""
        full = self._origin_chain(body)
        chain, whole = full[:bodies], bodies >= len(full)
        result = dict.fromkeys(self.variables, ZERO)
        if not chain:  # a body's action on itself
            return result
        frames = [self.system.bodies[b].frame for b in chain]
        origins = [self.system.bodies[b].origin for b in chain]
        frame = frames[0]
        arm = self._arm(origins[0], point, frame)
        moment_here = _plus(self.express(moment, frame), _cross(arm, self.express(force, frame)))
        along = self._single_axis(force)
        for k, frame in enumerate(frames):
            moved = {frame: moment_here}
            if k + 1 < len(frames):
                turns = self._relative_turn(frame, frames[k + 1])
            elif whole:
                turns = self.omega(frame)
            else:  # up to the body where the walk stops
                turns = self._relative_turn(frame, self.system.bodies[full[bodies]].frame)
            for q, turn in turns.items():
                for factor, key in turn.units():
                    if along is not None and key in along:
                        component = self.express(moment, key[0])[key[1]]
                    else:
                        component = self._moved(moved, frame, key[0])[key[1]]
                    result[q] = result[q] + factor * component
            if k + 1 < len(frames):
                after = frames[k + 1]
                arm = self._arm(origins[k + 1], origins[k], after)
                moment_here = _plus(
                    self._moved(moved, frame, after), _cross(arm, self.express(force, after))
                )
        if whole:
            for q, velocity in self.velocity(origins[-1]).items():
                result[q] = result[q] + self.dot(force, velocity)
        return result

    def _single_axis(self, force: Vec) -> list[UnitKey] | None:
        """The unit vectors identical to the force's direction when it lies along one (a
        weight), else None."""
        keys = [key for _, key in force.units()]
        if not keys:
            return None
        along = self._aliases(keys[0])
        return along if all(key in along for key in keys) else None

    def _exact_zeros(self, totals: dict[str, se.Basic]) -> dict[str, se.Basic]:
        """The moments' coefficients with each one that vanishes made an exact zero. Where the
        products give a zero exactly (a cross product of parallel unit vectors, a dot product
        of normal ones), the rotated moments can give it as a sum that cancels, which would
        print as a long expression for 0: each value whose float at a random point is near
        zero is decided at high precision (numeric probing, as check and grade decide)."""
        from screwsolve.symbolic.equivalence import each_vanishes

        suspects = [
            q for q, value in totals.items() if value != 0 and self._floats.near_zero(value)
        ]
        if not suspects:
            return totals
        verdicts = each_vanishes([totals[q] for q in suspects], self.static_symbols)
        result = dict(totals)
        for q, vanishes in zip(suspects, verdicts, strict=True):
            if vanishes is True:
                result[q] = ZERO
        return result

    def _arm(self, start: str, end: str, frame: str) -> Components:
        """r from point `start` to point `end`, in `frame` (shared by every screw that passes)."""
        key = (start, end, frame)
        if key not in self._arms:
            self._arms[key] = self.express(self.position(end) - self.position(start), frame)
        return self._arms[key]

    def _moved(self, moved: dict[str, Components], start: str, end: str) -> Components:
        """Components in `end` of the vector whose components in `start` are moved[start],
        rotated one frame at a time; each frame's components kept in `moved`."""
        if end in moved:
            return moved[end]
        climb, descend = self._path(start, end)
        value = moved[start]
        for child in climb:  # to its parent: C times
            parent = self.tree.parents[child]
            assert parent is not None  # a frame climbed from has one
            here = parent
            if here not in moved:
                moved[here] = _rotated(self.rotation(child), value, transpose=False)
            value = moved[here]
        for child in descend:  # from its parent: C^T times
            here = child
            if here not in moved:
                moved[here] = _rotated(self.rotation(child), value, transpose=True)
            value = moved[here]
        return value

    def _share(self, body: str, point: str, q: str, force: Vec, moment: Vec) -> se.Basic:
        frame = self.system.bodies[body].frame
        velocity = self.body_point(body, point).get(q)
        omega = self.omega(frame).get(q)
        total = self.dot(force, velocity) if velocity is not None else ZERO
        if omega is not None:
            total = total + self.dot(moment, omega)
        return total

    def action_coefficients(
        self, screws: Iterable[AppliedScrew]
    ) -> tuple[Callable[[], dict[str, sympy.Expr]], dict[str, se.Basic]]:
        """Q^q and Q^t of one action's screws as built in symengine (for numeric checks that
        never need a sympy tree), and a function that gives them as sympy, each screw's share
        in its smaller form (only what compares claims needs it; a chain's run never does)."""
        screws = list(screws)
        shares = [self.screw_coefficients(a) for a in screws]
        engine = {q: ZERO for q in self.variables}
        for share in shares:
            for q, value in share.items():
                engine[q] = engine[q] + value
        if len(shares) > 1 and any(id(a.screw) in self._nested_screws for a in screws):
            # two screws of one action (a spring's force on each body) whose shares cancel
            engine = self._exact_zeros(engine)

        def readable_sum() -> dict[str, sympy.Expr]:
            total = {q: sympy.Integer(0) for q in self.variables}
            for share in shares:
                for q, value in share.items():
                    total[q] += self.readable(value)
            return total

        return readable_sum, engine

    @cached_property
    def static_symbols(self) -> dict[str, sympy.Symbol]:
        """Every plain name the engine's expressions use, as the sympy symbol with its
        assumptions (parameters as declared; coordinates and rates real)."""
        names: dict[str, sympy.Symbol] = dict(self.system.parameters)
        names.update({s.name: s for s in self._symbols.back})
        return names

    def readable(self, expr: se.Basic) -> sympy.Expr:
        """The smaller of the share as built and its expansion (products of sums of sines and
        cosines often cancel once expanded), as sympy. Large shares are left as built."""
        best = expr
        if (
            not exceeds(expr, EXPAND_SHARE_OPERATIONS)
            and se.count_ops(expr) <= EXPAND_SHARE_OPERATIONS
        ):
            expanded = se.expand(expr)
            if se.count_ops(expanded) < se.count_ops(expr):
                best = expanded
        return self.to_sympy(best)


def _operations(value: se.Basic) -> int:
    """count_ops of a value whose tree is small; its tree's nodes, counted on its graph,
    otherwise. count_ops walks the tree, which doubles with each rotation between the frames
    of a product: a chain of 24 frames turned by long angles spent 20 s in it (and the time
    doubled every four frames), though the graph it walked held a few thousand nodes."""
    nodes = tree_nodes(value)  # on the graph, remembered: a new value's own top nodes only
    return nodes if nodes > COUNTED_OPERATIONS_NODES else int(se.count_ops(value))


def _plus(u: Components, w: Components) -> Components:
    return (u[0] + w[0], u[1] + w[1], u[2] + w[2])


def _cross(u: Components, w: Components) -> Components:
    return (
        u[1] * w[2] - u[2] * w[1],
        u[2] * w[0] - u[0] * w[2],
        u[0] * w[1] - u[1] * w[0],
    )


def _rotated(rotation: se.DenseMatrix, value: Components, transpose: bool) -> Components:
    """rotation times the components (or its transpose times them)."""
    rows = []
    for i in range(3):
        total: se.Basic = ZERO
        for j in range(3):
            entry = rotation[j, i] if transpose else rotation[i, j]
            if not isinstance(entry, Zero) and not isinstance(value[j], Zero):
                total = total + entry * value[j]
        rows.append(total)
    return (rows[0], rows[1], rows[2])
