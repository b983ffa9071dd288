"""Pydantic models of the problem file (DESIGN §3): pure data, expressions kept as strings.

No sympy here: validating a file's shape must stay cheap, and the JSON Schema comes from these models.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from screwsolve.limits import MAX_ITEM_POINTS

Assumption = Literal["positive", "nonnegative", "negative", "nonzero", "real"]
# The loader keeps every YAML scalar as text; editors see `1` or `2.5` as numbers, so the
# published schema admits numbers where a name or an expression is expected.
Name = Annotated[str, WithJsonSchema({"type": ["string", "integer"]})]
ExprText = Annotated[str, WithJsonSchema({"type": ["string", "number"]})]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Rotation = Annotated[list[ExprText], Field(min_length=2, max_length=2)]
UnitText = Annotated[
    str,
    WithJsonSchema({"type": ["string", "integer"]}),
    Field(description="A unit of sympy.physics.units: kg, m, s, N, rad, N*m/rad, m/s**2, 1."),
]
_FLAGS = ("positive", "nonnegative", "negative", "nonzero", "real")


class Declared(_Model):
    """A name's assumption and unit: {positive, unit: kg}, {assumption: positive, unit: kg} or
    {unit: rad}."""

    assumption: Assumption | None = Field(default=None, description="The assumption.")
    unit: UnitText | None = Field(default=None, description="Its unit (kg, m, rad, N*m, ...).")
    positive: None = Field(default=None, description="Flag: {positive, unit: kg}.")
    nonnegative: None = Field(default=None, description="Flag.")
    negative: None = Field(default=None, description="Flag.")
    nonzero: None = Field(default=None, description="Flag.")
    real: None = Field(default=None, description="Flag.")

    @model_validator(mode="before")
    @classmethod
    def _flags(cls, value: object) -> object:
        """{positive, unit: kg} (YAML reads `positive` as a key with no value) names the
        assumption."""
        if not isinstance(value, dict):
            return value
        flags = [key for key in _FLAGS if key in value]
        if not flags:
            return value
        if len(flags) > 1 or "assumption" in value:
            raise ValueError("give one assumption")
        flag = flags[0]
        if value[flag] is not None:
            raise ValueError(f"write the assumption as a flag ({flag}) with no value")
        rest = {key: item for key, item in value.items() if key != flag}
        return {**rest, "assumption": flag}


class Frame(_Model):
    """A frame of unit vectors, either the referential (no `from`) or a simple rotation of a parent."""

    from_: Name | None = Field(
        default=None, alias="from", description="Parent frame; omit for the referential."
    )
    rotate: Rotation | Annotated[list[Rotation], Field(max_length=12)] | None = Field(
        default=None,
        description="[AXIS, ANGLE]: simple rotation of ANGLE about AXIS (x|y|z of the parent, "
        "or a unit-vector name; -y for the opposite direction). A list of them, "
        "[[z, psi], [x, theta], [z, phi]], is a body-fixed sequence: its intermediate frames are "
        "named NAME_1, NAME_2, ...",
    )
    axes: dict[Literal["x", "y", "z"], Name] | None = Field(
        default=None, description="Renamed unit vectors, e.g. {x: u, y: v}."
    )
    description: str | None = Field(default=None, description="Free text.")


class Point(_Model):
    """A point: fixed in a frame, or located from another point; optionally attached to a body."""

    fixed_in: Name | None = Field(default=None, description="Frame the point is fixed in.")
    from_: Name | None = Field(
        default=None,
        alias="from",
        description="Point it is located from (default: the origin, the one point with neither "
        "from nor position).",
    )
    position: ExprText | None = Field(
        default=None, description="Vector from the `from` point to this one."
    )
    body: Name | None = Field(
        default=None,
        description="Body the point is attached to: its velocity is found by transport.",
    )
    description: str | None = Field(default=None, description="Free text.")


def _frame_optional(schema: dict[str, Any]) -> None:
    """`frame` may be left out (Problem fills in the referential): not required for editors."""
    schema["required"] = [name for name in schema.get("required", []) if name != "frame"]


class Body(_Model):
    """A rigid body: its frame, its reference point and, optionally, its mass."""

    model_config = ConfigDict(json_schema_extra=_frame_optional)

    frame: Name = Field(
        description="Frame attached to the body; left out for a particle or a body that "
        "translates (the referential's: it does not turn)."
    )
    origin: Name = Field(description="Point about which its kinematic screw is given.")
    mass: ExprText | None = Field(default=None, description="Mass (used by top-level gravity).")
    mass_center: Name | None = Field(
        default=None,
        description="Point where its weight acts; a body that does not turn (a particle) "
        "takes its origin.",
    )
    potential: ExprText | None = Field(
        default=None,
        description="A potential energy V(q, t) the body's loads derive from, as a source "
        "gives it (an action named 'potential of BODY': Q^q = -dV/dq, no screw).",
    )
    description: str | None = Field(default=None, description="Free text.")


class SpringSpec(_Model):
    """A spring between two points: tension k (L - l0) along the line P1P2, or the tension of a
    law `force` in the stretch s = L - l0."""

    between: list[Name] = Field(min_length=2, max_length=2, description="[P1, P2]")
    stiffness: ExprText | None = Field(default=None, description="k (a linear spring)")
    force: ExprText | None = Field(
        default=None,
        description="Tension as a law of the stretch s = L - l0, e.g. k*s + k3*s**3 "
        "(instead of stiffness).",
    )
    free_length: ExprText = Field(default="0", description="l0")


class WrapSpec(_Model):
    """What a pathway wraps between its two points, in the plane normal to a cylinder's axis (a
    pulley, a joint's arc) or in the plane of a sphere's centre and both points: it leaves each
    point along the tangent to the surface and follows the arc between the tangent points. Two
    points on a cylinder at two heights: the helix between them (SymPy's WrappingCylinder)."""

    around: Name = Field(description="The centre: a point on the cylinder's axis, or the sphere's.")
    radius: ExprText = Field(description="r")
    axis: ExprText | None = Field(
        default=None,
        description="A cylinder's unit axis, fixed in its body; the path turns about it in the "
        "positive (right-hand) sense from the first point to the last. Left out: a sphere, "
        "wrapped the short way.",
    )
    body: Name | None = Field(
        default=None,
        description="The body the surface is fixed in (default: the centre's body; a point "
        "fixed in the referential: the referential). It bears the pressure of the wrap.",
    )


class PathwaySpec(_Model):
    """A cable, rope, belt or muscle along straight segments through points (the first and last
    its attachments, the others via points it passes over): it pulls each segment's ends
    together with one tension, any law (of the coordinates, rates, time, parameters)."""

    through: list[Name] = Field(
        min_length=2,
        description="[P1, ..., Pn]: the attachments first and last, via points between",
    )
    tension: ExprText = Field(
        description="T, positive when it pulls (SymPy's ForceActuator force is -T: expansile)"
    )
    wraps: WrapSpec | None = Field(
        default=None,
        description="A cylinder (with axis) or a sphere (without) the path wraps between its "
        "two points: straight to the surface, along it, straight to the last point.",
    )


class FormulaSpec(_Model):
    """A scalar function declared once and called in any later expression: {of: [a, b],
    value: k*(a**2 + b**2)/2} makes V(q1, q2) stand for k*(q1**2 + q2**2)/2."""

    of: list[Name] = Field(min_length=1, description="Its arguments' names, in call order.")
    value: ExprText = Field(
        description="Its value, in its arguments and the file's parameters, coordinates and t."
    )


class DamperSpec(_Model):
    """A linear damper between two points: force c L' along the line P1P2, opposing L'."""

    between: list[Name] = Field(min_length=2, max_length=2, description="[P1, P2]")
    coefficient: ExprText = Field(description="c")


class TorsionSpringSpec(_Model):
    """A torsion spring between two bodies: couple -k (angle - free_angle) axis on `on`, or the
    torque of a law `torque` in the twist s = angle - free_angle."""

    axis: ExprText = Field(description="Unit vector of the spring's axis.")
    angle: ExprText = Field(description="Relative angle it measures (e.g. a coordinate).")
    stiffness: ExprText | None = Field(default=None, description="k (a linear spring)")
    torque: ExprText | None = Field(
        default=None,
        description="Restoring torque as a law of the twist s = angle - free_angle, e.g. "
        "k*s + k3*s**3 (instead of stiffness).",
    )
    free_angle: ExprText = Field(default="0", description="Angle at which the couple vanishes.")


class MotorTorqueSpec(_Model):
    """A motor between two bodies: couple torque*axis on `on`, the opposite on `by` (stator)."""

    axis: ExprText = Field(description="Unit vector of the motor's axis.")
    torque: ExprText = Field(description="Torque (scalar).")


class FrictionSpec(_Model):
    """Friction at a body point opposing the slip velocity: Coulomb's mu N, or a `law` of the
    slip speed v."""

    at: Name | None = Field(default=None, description="Contact point (on the body).")
    normal: ExprText | None = Field(default=None, description="Normal force magnitude N.")
    coefficient: ExprText | None = Field(default=None, description="Friction coefficient mu.")
    law: ExprText | None = Field(
        default=None,
        description="Force magnitude as a law of the slip speed v >= 0, e.g. c*v (viscous) or "
        "F_c + (F_s - F_c)*exp(-(v/v_s)**2) + c*v (Stribeck); instead of normal and coefficient.",
    )


class DragSpec(_Model):
    """Quadratic drag -c |v| v at a body point."""

    at: Name | None = Field(default=None, description="Point where drag acts.")
    coefficient: ExprText = Field(description="c")


class ContactSpec(_Model):
    """Hunt-Crossley contact: force (k z^n + c z^n z') along `normal` while the penetration z > 0."""

    at: Name | None = Field(default=None, description="Contact point (on the body).")
    normal: ExprText = Field(description="Unit vector of the force on the body.")
    penetration: ExprText = Field(description="Penetration depth z (positive when in contact).")
    stiffness: ExprText = Field(description="k")
    exponent: ExprText = Field(default="3/2", description="n")
    damping: ExprText = Field(default="0", description="c (Hunt-Crossley damping).")


class PotentialSpec(_Model):
    """An action known only by its potential energy V(q, t)."""

    energy: ExprText = Field(description="V")


class Action(_Model):
    """An action on a body. Exactly one kind: a screw (`force` and/or `moment`), `gravity`,
    `spring`, `damper`, `torsion_spring`, `motor_torque`, `friction`, `drag`, `contact` or
    `potential`."""

    name: str = Field(description="Name used in reports and in `expected:`.")
    on: Name | None = Field(
        default=None,
        description="Body the action is exerted on (springs, dampers, friction, drag and "
        "contact find it from their points when omitted).",
    )
    by: Name | None = Field(
        default=None,
        description="Source; when it is a body of the system the action is an interaction "
        "and its reaction is implied.",
    )
    at: Name | None = Field(
        default=None,
        description=(
            "Point the screw is resolved about (the point of application); a couple (a moment "
            "alone) needs none."
        ),
    )
    force: ExprText | None = Field(default=None, description="Resultant (a vector).")
    moment: ExprText | None = Field(
        default=None, description="Moment about `at` (a couple when alone)."
    )
    gravity: ExprText | None = Field(
        default=None, description="Gravity vector: the weight of `on` at its mass center."
    )
    spring: SpringSpec | None = Field(default=None, description="A linear spring.")
    damper: DamperSpec | None = Field(default=None, description="A linear damper.")
    pathway: PathwaySpec | None = Field(
        default=None, description="A tension along straight segments through points."
    )
    torsion_spring: TorsionSpringSpec | None = Field(default=None, description="A torsion spring.")
    motor_torque: MotorTorqueSpec | None = Field(default=None, description="A motor torque.")
    friction: FrictionSpec | None = Field(default=None, description="Coulomb friction.")
    drag: DragSpec | None = Field(default=None, description="Quadratic drag.")
    contact: ContactSpec | None = Field(default=None, description="Hunt-Crossley contact.")
    potential: ExprText | PotentialSpec | None = Field(
        default=None, description="Potential energy V (or {energy: V})."
    )
    conservative: bool | None = Field(
        default=None,
        description="Whether the total potential energy holds this action's V. Default: yes "
        "for gravity, springs, torsion springs and potentials (conservative by their law), no "
        "for every other action (a push, a motor torque: inputs). `true` on a force, moment or "
        "motor torque counts the V integrated from its power coefficients (a weight or a "
        "buoyancy written as a screw); `false` on an element leaves it out.",
    )
    description: str | None = Field(default=None, description="Free text.")


class Joint(_Model):
    """A joint between two bodies, whose unknown constraint action is checked for ideality."""

    name: str = Field(description="Name used in reports.")
    type: Literal["pin", "slider", "ball", "rolling", "weld"] = Field(
        description="pin and slider take an axis; rolling is a contact point {R ; 0} without slip."
    )
    between: list[Name] = Field(min_length=2, max_length=2, description="[B1, B2]")
    at: Name = Field(description="Joint centre (a point).")
    axis: Name | None = Field(
        default=None, description="Unit-vector name of the pin or slider axis."
    )
    coordinates: list[Name] | None = Field(
        default=None,
        description="Coordinates of the relative motion the joint allows (default: all).",
    )


class SeriesValue(_Model):
    """A value right only to an order in small quantities (a linearised answer):
    {value: -m*g*l*theta, small: theta, order: 1}; or a value right where the constraints
    hold, {value: -m*g*q2/q1, on: constraints}; or both."""

    value: ExprText = Field(description="The series, truncated (or the value on the constraints).")
    small: Name | list[Name] | None = Field(
        default=None, description="The small quantities (together)."
    )
    order: int | None = Field(
        default=None, ge=0, le=6, description="Terms of this order and below must be right."
    )
    on: Literal["constraints"] | None = Field(
        default=None,
        description="constraints: right where the constraints hold (the coordinates on the "
        "holonomic ones, the rates they fix at their values).",
    )

    @model_validator(mode="after")
    def _series_or_on(self) -> SeriesValue:
        if (self.small is None) != (self.order is None):
            raise ValueError("a series value needs both small: and order:")
        if self.small is None and self.on is None:
            raise ValueError(
                "give small: and order: (a series answer), or on: constraints (a value on the "
                "constraints)"
            )
        return self


# A claimed scalar: an expression, or a series value (or one on the constraints), tried first:
# left to right
Scalar = Annotated[SeriesValue | ExprText, Field(union_mode="left_to_right")]
ScalarOrByName = Annotated[Scalar | dict[str, Scalar], Field(union_mode="left_to_right")]
ByKey = dict[str, Annotated[Scalar | dict[Name, Scalar], Field(union_mode="left_to_right")]]


class ScrewClaim(_Model):
    """A claimed screw: resultant and moment about a point."""

    resultant: ExprText = Field(description="Resultant vector (0 for the zero vector).")
    moment: ExprText = Field(description="Moment (or velocity) at `at`.")
    at: Name = Field(description="Point the screw is resolved about.")


class Expected(_Model):
    """Claims that `screwsolve check` verifies (and the shape of a submission's answers)."""

    kinematic_screws: dict[Name, ScrewClaim] | None = Field(
        default=None, description="{BODY: screw}"
    )
    partial_screws: dict[Name, dict[Name, ScrewClaim]] | None = Field(
        default=None, description="{BODY: {COORD, SPEED or t: screw}}"
    )
    power: ScalarOrByName | None = Field(
        default=None, description="Total power, or {ACTION: power}."
    )
    power_under_constraints: Scalar | None = Field(
        default=None, description="Total power once the file's constraints are substituted."
    )
    power_coefficients: ByKey | None = Field(
        default=None, description="{COORD or t: total} and/or {ACTION: {COORD or t: value}}."
    )
    interaction: dict[str, dict[Name, Scalar]] | None = Field(
        default=None, description="{ACTION: {COORD or t: interaction coefficient}}"
    )
    noncontributing: list[str] | None = Field(
        default=None, description="Names of the actions whose power coefficients all vanish."
    )
    ideal_joints: dict[str, bool] | None = Field(
        default=None, description="{JOINT: true when its constraint action does no work}"
    )
    replacement: dict[Name, ScrewClaim] | None = Field(
        default=None, description="{BODY: resultant and couple of all actions on it, about at}"
    )
    generalized_active_forces: ByKey | None = Field(
        default=None,
        description="{SPEED: F_r} totals and/or {ACTION: {SPEED: F_r}}; the speeds are the "
        "declared ones, or the coordinates (u = q').",
    )
    constrained_generalized_active_forces: ByKey | None = Field(
        default=None,
        description="Kane's F~_r for the independent speeds: {SPEED: value} and/or "
        "{ACTION: {SPEED: value}}.",
    )
    rates_on_constraints: dict[Name, Scalar] | None = Field(
        default=None,
        description="{COORD: q' on the constraints}, in the independent speeds (or rates): "
        "Kane's kinematical differential equations as a source prints them.",
    )
    potential_energy: ScalarOrByName | None = Field(
        default=None,
        description="Total potential energy V (of the actions the total holds: see an action's "
        "`conservative`), or {ACTION: V}, or {A1 + A2: V} for the V of a set of actions "
        "together; right up to an added constant.",
    )
    dissipation: ScalarOrByName | None = Field(
        default=None,
        description="Total Rayleigh dissipation function R (Q^q = -dR/dq'), or {ACTION: R}.",
    )


# An item's points: a finite number a class's total cannot overflow (no nan, no inf, none
# negative: a right answer never costs points).
ItemPoints = Annotated[float, Field(ge=0, le=MAX_ITEM_POINTS, allow_inf_nan=False)]


class Grading(_Model):
    """How an answer key grades submissions (the key is a problem file with this block)."""

    id: str | None = Field(
        default=None, description="Problem id submissions must name (default: the key's file stem)."
    )
    points: dict[str, ItemPoints] = Field(
        default_factory=dict,
        description="Points per item path, e.g. power_coefficients.theta (0 to 1000000).",
    )
    default_points: ItemPoints = Field(
        default=1.0, description="Points of an item not listed (0 to 1000000)."
    )
    tolerance: float = Field(
        default=1e-9,
        ge=1e-15,
        le=0.1,
        allow_inf_nan=False,
        description="Relative tolerance of the numeric comparison (1e-15 to 0.1).",
    )
    hints: dict[str, str] = Field(
        default_factory=dict, description="Feedback shown when an item is wrong, by item path."
    )
    hints_shown: Literal["with_feedback", "after_due_date"] = Field(
        default="with_feedback",
        description=(
            "When an autograder shows the hints: with each wrong item's feedback, or only after "
            "the due date (Gradescope: a test visible after the due date; PrairieLearn: the "
            "answer panel). grade's own reports always show them."
        ),
    )
    items: list[str] | None = Field(
        default=None,
        description=(
            "The items students are graded on: item paths, or a section (power_coefficients) "
            "for every item in it (default: every claim of expected:; the others are still "
            "checked in the key)."
        ),
    )


class Problem(_Model):
    """A whole problem statement (one YAML document)."""

    title: str = Field(description="Title shown in reports.")
    description: str | None = Field(default=None, description="Free text.")
    referential: Name = Field(description="Frame of the referential E (fixed).")
    parameters: dict[Name, Assumption | Declared | None] = Field(
        default_factory=dict,
        description="Time-independent symbols and their assumption (and unit: "
        "`m: {positive, unit: kg}`).",
    )
    coordinates: list[Name | dict[Name, Assumption | Declared]] = Field(
        default_factory=list,
        description="Generalized coordinates q_i(t); `{r: positive}` gives one an assumption, "
        "`{theta: {unit: rad}}` a unit.",
    )
    units: dict[Name, UnitText] = Field(
        default_factory=dict,
        description="Units by name, for parameters, coordinates and specified functions "
        "({m: kg, l: m, theta: rad, g: m/s**2}); time is in s. Names with a unit are checked "
        "for dimensions and results print with theirs.",
    )
    functions: list[Name | dict[Name, Assumption | Declared]] = Field(
        default_factory=list,
        description="Specified functions of time F(t) (inputs such as a motor torque): usable "
        "with their rates F' in actions, potentials, constraints, positions and angles; never "
        "coordinates (no partial screw of their own: their rates stay in the time screw).",
    )
    speeds: dict[Name, ExprText] = Field(
        default_factory=dict,
        description="Generalized speeds u_r (Kane's method), one per coordinate, each linear in "
        "the rates: {u1: dot(omega(B), xB), u2: q2' + q3'}. Partial screws and generalized active "
        "forces F_r are then also given with respect to them; the default is u_r = q_r'.",
    )
    dependent_speeds: list[Name] = Field(
        default_factory=list,
        description="The speeds the constraints fix (Kane's u_p+1 ... u_n), for the constrained "
        "generalized active forces; default: the first ones the constraints fix.",
    )
    frames: dict[Name, Frame] = Field(description="Frames by name.")
    points: dict[Name, Point] = Field(default_factory=dict, description="Points by name.")
    bodies: dict[Name, Body] = Field(default_factory=dict, description="Rigid bodies by name.")
    formulas: dict[Name, FormulaSpec] = Field(
        default_factory=dict,
        description="Scalar functions declared once, V: {of: [a, b], value: EXPR}, called in "
        "later expressions as V(q1, q2) (a source's V(q1, q2) used in several loads).",
    )
    dyadics: dict[Name, ExprText] = Field(
        default_factory=dict,
        description="Dyadics declared once, I: inertia(B, I1, I2, I3) (or outer(a, b), their "
        "sums and multiples), used in loads through dot(I, v) as a source writes I . a.",
    )
    gravity: ExprText | None = Field(
        default=None, description="Gravity vector applied to every body with a mass."
    )
    potential: ExprText | None = Field(
        default=None,
        description="A potential energy V(q, t) of the whole system, as a source gives it (an "
        "action named 'potential': Q^q = -dV/dq, no screw).",
    )
    actions: list[Action] = Field(default_factory=list, description="Action screws.")
    joints: list[Joint] = Field(default_factory=list, description="Joints to check.")
    constraints: list[ExprText] = Field(
        default_factory=list,
        description="Holonomic or kinematic equations `lhs = rhs`; never used for partial screws.",
    )
    domains: list[ExprText] = Field(
        default_factory=list,
        description="Where the source's answers hold: inequalities such as `L + q > 0` or "
        "`sin(theta) >= 0` between scalars. `check` and `grade` compare values only at points "
        "that satisfy every one.",
    )
    sketch: dict[Name, Annotated[float, Field(allow_inf_nan=False)]] | None = Field(
        default=None,
        description="Values `screwsolve sketch` draws the configuration with, by parameter or "
        "coordinate name ({theta: 0.8, l: 2}); --values overrides them.",
    )
    expected: Expected | None = Field(default=None, description="Claims to check.")
    grading: Grading | None = Field(
        default=None, description="Makes this file an answer key for `screwsolve grade`."
    )

    @model_validator(mode="before")
    @classmethod
    def _bodies_that_do_not_turn(cls, data: object) -> object:
        """A body with no frame (a particle, a block that slides) moves without turning: its
        frame is the referential's, as `frame: REFERENTIAL` would say."""
        if not isinstance(data, dict) or not isinstance(data.get("bodies"), dict):
            return data
        referential = data.get("referential")
        if referential is None:
            return data
        bodies = {
            name: (
                {**body, "frame": referential}
                if isinstance(body, dict) and "frame" not in body
                else body
            )
            for name, body in data["bodies"].items()
        }
        return {**data, "bodies": bodies}

    @field_validator("parameters", mode="before")
    @classmethod
    def _default_assumption(cls, value: object) -> object:
        """A parameter listed with no assumption is real."""
        if isinstance(value, dict):
            return {k: ("real" if v is None else v) for k, v in value.items()}
        return value


class SubmissionEnvelope(_Model):
    """A submission as grading reads it: its answers are read item by item (one malformed item
    costs only that item), so only their container is checked here."""

    student: str = Field(description="Student identifier (LMS file names take precedence).")
    problem: str = Field(description="Id of the problem (the key's grading.id).")
    answers: dict[str, Any] = Field(description="Answers, in the shape of expected:.")


def problem_json_schema() -> dict[str, object]:
    """The JSON Schema of a problem file, as editors and `screwsolve schema` use it."""
    schema = Problem.model_json_schema(by_alias=True)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:screwsolve:schemas:problem",
        **schema,
    }
