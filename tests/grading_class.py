"""A generated class of submissions whose expected verdicts are known by construction.

Each answer is written by hand below from the book's answers and a derivation (in the comments),
never from `grade`: correct answers in equivalent forms, the wrong answers of typical mistakes
(with the mistake `grade` should name), unreadable answers, empty files and hostile files. The
mix follows a real class: 40 % correct, 35 % typical mistakes, 10 % unreadable, 5 % empty,
10 % hostile; about half the files are named as Canvas or Moodle downloads name them, and 45 % of
students write something other than their login in `student:`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "tests" / "data" / "grading"
Value = str | dict[str, str] | list[str]


@dataclass(frozen=True)
class ItemForms:
    """Correct forms of an item, (mistake code, wrong answer) pairs, unreadable answers."""

    correct: tuple[Value, ...]
    mistakes: tuple[tuple[str, Value], ...] = ()
    unreadable: tuple[Value, ...] = ()


def screw(resultant: str, moment: str, at: str) -> dict[str, str]:
    return {"resultant": resultant, "moment": moment, "at": at}


SCALAR_UNREADABLE = (
    "F_A - N_Q*sin(theta",
    "__import__('os').system('touch /tmp/x')",
    "factorial(10)",
    "F_A == F_A",
    "x0 + 1",  # a vector where a scalar is asked
    "theta''",
)

# The plate on a step with its contact constraint x + h cot(theta) = c (Examples 13.1.4, 13.3.7).
# By hand, about A: {V^x} = {0 ; x0}, {V^theta} = {z0 ; 0}; r_AQ = (h/sin th) x1, so by transport
# v_Q = x' x0 + (h th'/sin th) y1, and Q^x = F_A - N_Q sin th + F_Q cos th,
# Q^theta = -m g l cos th + h N_Q / sin th, the step's Q^theta = h N_Q / sin th.
# y1 = -sin th x0 + cos th y0, z1 = z0.
# Under the constraint x' = h th'/sin^2 th: P_c = th' (F_A h/sin^2 + F_Q h cos/sin^2 - m g l cos).
PLATE: dict[tuple[str, ...], ItemForms] = {
    ("partial_screws", "1", "theta"): ItemForms(
        correct=(screw("z0", "0", "A"), screw("z1", "0*x0", "A")),
        mistakes=(
            ("parts-swapped", screw("0", "z0", "A")),
            ("wrong-point", screw("z0", "h/sin(theta)*y1", "Q")),
        ),
        unreadable=(screw("z0 +", "0", "A"),),
    ),
    ("kinematic_screws", "1"): ItemForms(
        correct=(
            screw("theta'*z0", "x'*x0 + h*theta'/sin(theta)*y1", "Q"),
            screw("theta'*z1", "(x' - h*theta')*x0 + h*theta'*cot(theta)*y0", "Q"),
        ),
        mistakes=(
            # v_Q as d/dt of r_OQ = x x0 + (h/sin th) x1: the x1 term's rate is kept
            (
                "derivative-not-transport",
                screw(
                    "theta'*z0",
                    "x'*x0 - h*theta'*cos(theta)/sin(theta)**2*x1 + h*theta'/sin(theta)*y1",
                    "Q",
                ),
            ),
            ("moment-not-transported", screw("theta'*z0", "x'*x0", "Q")),
            ("parts-swapped", screw("x'*x0 + h*theta'/sin(theta)*y1", "theta'*z0", "Q")),
            ("wrong-point", screw("theta'*z0", "x'*x0", "A")),
        ),
        unreadable=(screw("theta'*z0", "x'*x0 + h*theta'/sin(theta)*y1*", "Q"),),
    ),
    ("power_coefficients", "x"): ItemForms(
        correct=(
            "F_A - N_Q*sin(theta) + F_Q*cos(theta)",
            "F_Q*cos(theta) - sin(theta)*N_Q + F_A",
            "F_A - 2*N_Q*sin(theta/2)*cos(theta/2) + F_Q*(1 - 2*sin(theta/2)**2)",
            "F_A - N_Q*sin(theta) + F_Q/sec(theta)",
        ),
        mistakes=(
            ("missing-action", "F_A"),  # without the step
            ("missing-action", "F_Q*cos(theta) - N_Q*sin(theta)"),  # without the push
            ("action-sign", "F_A + N_Q*sin(theta) - F_Q*cos(theta)"),
            ("action-twice", "2*F_A - N_Q*sin(theta) + F_Q*cos(theta)"),
            # th' = x' sin^2/h: d(P_c)/dx' = Q^x + Q^theta sin^2/h, N_Q cancels
            ("differentiated-power", "F_A + F_Q*cos(theta) - m*g*l*cos(theta)*sin(theta)**2/h"),
            ("sign", "-F_A + N_Q*sin(theta) - F_Q*cos(theta)"),
            ("coordinates-swapped", "-m*g*l*cos(theta) + h*N_Q/sin(theta)"),  # Q^theta
            ("missing-terms", "F_A + F_Q*cos(theta)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_coefficients", "theta"): ItemForms(
        correct=(
            "-m*g*l*cos(theta) + h*N_Q/sin(theta)",
            "h*N_Q*csc(theta) - g*l*m*cos(theta)",
            "(h*N_Q - m*g*l*sin(theta)*cos(theta))/sin(theta)",
            "h*N_Q/sin(theta) - m*g*l*sin(2*theta)/(2*sin(theta))",
        ),
        mistakes=(
            ("missing-action", "-m*g*l*cos(theta)"),  # without the step
            ("missing-action", "h*N_Q/sin(theta)"),  # without the weight
            ("action-sign", "m*g*l*cos(theta) + h*N_Q/sin(theta)"),
            # v_Q = d/dt r_OQ: the step's force also meets -(h cos/sin^2) th' x1
            (
                "derivative-not-transport",
                "-m*g*l*cos(theta) + h*N_Q/sin(theta) - F_Q*h*cos(theta)/sin(theta)**2",
            ),
            # x' = h th'/sin^2: d(P_c)/dth' = Q^x h/sin^2 + Q^theta
            (
                "differentiated-power",
                "F_A*h/sin(theta)**2 + F_Q*h*cos(theta)/sin(theta)**2 - m*g*l*cos(theta)",
            ),
            ("number-for-parameter", "-9.81*m*l*cos(theta) + h*N_Q/sin(theta)"),
            ("sign", "m*g*l*cos(theta) - h*N_Q/sin(theta)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_coefficients", "step", "theta"): ItemForms(
        correct=("h*N_Q/sin(theta)", "N_Q*h*csc(theta)"),
        mistakes=(
            ("different-points", "0"),  # the force about Q dotted with v^theta_A = 0
            ("derivative-not-transport", "h*N_Q/sin(theta) - F_Q*h*cos(theta)/sin(theta)**2"),
            ("sign", "-h*N_Q/sin(theta)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_under_constraints",): ItemForms(
        correct=(
            "theta'*(F_A*h/sin(theta)**2 + F_Q*h*cos(theta)/sin(theta)**2 - m*g*l*cos(theta))",
            "x'*(F_A + F_Q*cos(theta) - m*g*l*cos(theta)*sin(theta)**2/h)",  # th' eliminated
            "(F_A + F_Q*cos(theta))*x' - m*g*l*cos(theta)*theta'",  # no rate eliminated
        ),
        mistakes=(
            # the step's power under the constraint is F_Q h cos/sin^2 th'
            ("missing-action", "theta'*(F_A*h/sin(theta)**2 - m*g*l*cos(theta))"),
            (
                "action-sign",
                "theta'*(F_A*h/sin(theta)**2 + F_Q*h*cos(theta)/sin(theta)**2 + m*g*l*cos(theta))",
            ),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("noncontributing",): ItemForms(
        correct=([],), mistakes=(("names", ["step"]), ("names", ["push at A"]))
    ),
}

# The slider on a rotating arm (problems/slider-on-rotating-arm.yaml, derived by hand there):
# {V^theta_slider/0} = {z0 ; r y1}_P, the interaction's Q^theta = 0 and Q^r = F; without the
# reaction, {A}.{V_slider/E}: Q^theta = (F x1 + N y1).(r y1) = N r, power F r' + N r th'.
SLIDER: dict[tuple[str, ...], ItemForms] = {
    ("partial_screws", "slider", "theta"): ItemForms(
        correct=(screw("z0", "r*y1", "P"), screw("z1", "-r*sin(theta)*x0 + r*cos(theta)*y0", "P")),
        mistakes=(
            ("parts-swapped", screw("r*y1", "z0", "P")),
            ("wrong-point", screw("z0", "0", "O")),
        ),
    ),
    ("interaction", "arm on slider", "theta"): ItemForms(
        correct=("0", "r*N - N*r"),
        mistakes=(("reaction-missing", "N*r"),),
        unreadable=("N*r +",),
    ),
    ("interaction", "arm on slider", "r"): ItemForms(
        correct=("F", "F*(cos(theta)**2 + sin(theta)**2)"),
        mistakes=(("sign", "-F"),),
    ),
    ("power_coefficients", "theta"): ItemForms(
        correct=(
            "Gamma - M*g*L*cos(theta)/2 - m*g*r*cos(theta)",
            "Gamma - (M*L/2 + m*r)*g*cos(theta)",
        ),
        mistakes=(
            ("missing-action", "Gamma - m*g*r*cos(theta)"),  # without the arm's weight
            ("missing-action", "Gamma - M*g*L*cos(theta)/2"),  # without the slider's weight
            ("action-sign", "-Gamma - M*g*L*cos(theta)/2 - m*g*r*cos(theta)"),
            ("action-twice", "Gamma - M*g*L*cos(theta) - m*g*r*cos(theta)"),
            ("reaction-missing", "Gamma - M*g*L*cos(theta)/2 - m*g*r*cos(theta) + N*r"),
            ("number-for-parameter", "Gamma - 9.81*(M*L/2 + m*r)*cos(theta)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_coefficients", "r"): ItemForms(
        correct=("F - m*g*sin(theta)", "-(m*g*sin(theta) - F)"),
        mistakes=(
            ("missing-action", "F"),  # without the slider's weight
            ("missing-action", "-m*g*sin(theta)"),  # without the interaction
            ("action-sign", "F + m*g*sin(theta)"),
            ("number-for-parameter", "F - 9.81*m*sin(theta)"),
            ("sign", "m*g*sin(theta) - F"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power", "arm on slider"): ItemForms(
        correct=("F*r'", "r'*F"),
        mistakes=(("reaction-missing", "F*r' + N*r*theta'"), ("sign", "-F*r'")),
    ),
}

# The disc rolling down an incline (tests/data/grading/disc-key.yaml, derived by hand there):
# Q^x = m g sin(alpha) + F, Q^phi = M + F r, the contact's Q^phi = F r; x' = -r phi', so
# P_c = phi' (M - m g r sin(alpha)) = F~_phi phi'. The wrong answers, by hand:
# - the contact force's velocity at I taken as d/dt of r_OI = x x_N (no phi in it): v^phi_I = 0,
#   so its Q^phi is 0 and the total M: the same value as leaving the contact out, or as
#   resolving its screw about the centre C without transport (F x_N . v^phi_C = 0); the value
#   cannot tell these apart, so any of them is a cause it supports;
# - d(P_c)/dx' with phi' = -x'/r: m g sin(alpha) - M/r; d(P_c)/dphi' = M - m g r sin(alpha);
# - the partial screw about I with the moment about C kept, or v^phi_I derived: {z_N ; 0}_I.
DISC: dict[tuple[str, ...], ItemForms] = {
    ("partial_screws", "disc", "phi"): ItemForms(
        correct=(screw("zN", "r*xN", "I"), screw("zD", "r*cos(phi)*xD - r*sin(phi)*yD", "I")),
        mistakes=(
            ("derivative-not-transport", screw("zN", "0", "I")),
            ("moment-not-transported", screw("zN", "0", "I")),
            ("parts-swapped", screw("r*xN", "zN", "I")),
            ("wrong-point", screw("zN", "0", "C")),
        ),
        unreadable=(screw("zN", "r*xN +", "I"),),
    ),
    ("power_coefficients", "x"): ItemForms(
        correct=(
            "m*g*sin(alpha) + F",
            "F + g*m*sin(alpha)",
            "F + 2*m*g*sin(alpha/2)*cos(alpha/2)",
        ),
        mistakes=(
            ("missing-action", "F"),  # without the weight
            ("missing-action", "m*g*sin(alpha)"),  # without the contact
            ("action-sign", "F - m*g*sin(alpha)"),
            ("action-twice", "2*m*g*sin(alpha) + F"),
            ("differentiated-power", "m*g*sin(alpha) - M/r"),
            ("sin-cos", "m*g*cos(alpha) + F"),
            ("sign", "-m*g*sin(alpha) - F"),
            ("factor-two", "2*m*g*sin(alpha) + 2*F"),
            ("number-for-parameter", "9.81*m*sin(alpha) + F"),
            ("coordinates-swapped", "M + F*r"),  # Q^phi
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_coefficients", "phi"): ItemForms(
        correct=("M + F*r", "r*F + M"),
        mistakes=(
            ("missing-action", "F*r"),  # without the motor
            ("derivative-not-transport", "M"),  # also: without the contact, or about C
            ("different-points", "M"),
            ("action-sign", "M - F*r"),
            ("action-twice", "2*M + F*r"),
            ("differentiated-power", "M - m*g*r*sin(alpha)"),
            ("sign", "-M - F*r"),
            ("coordinates-swapped", "m*g*sin(alpha) + F"),  # Q^x
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_coefficients", "contact", "phi"): ItemForms(
        correct=("F*r", "r*F"),
        mistakes=(
            ("derivative-not-transport", "0"),  # also: about C, or d(P_c)/dphi' (P_c = 0)
            ("sign", "-F*r"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("power_under_constraints",): ItemForms(
        correct=(
            "phi'*(M - m*g*r*sin(alpha))",
            "-x'*(M - m*g*r*sin(alpha))/r",
            "M*phi' - m*g*r*sin(alpha)*phi'",
        ),
        mistakes=(
            ("missing-action", "M*phi'"),  # without the weight
            ("action-sign", "phi'*(M + m*g*r*sin(alpha))"),
            ("sin-cos", "phi'*(M - m*g*r*cos(alpha))"),
            ("sign", "phi'*(m*g*r*sin(alpha) - M)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("constrained_generalized_active_forces", "phi"): ItemForms(
        correct=("M - m*g*r*sin(alpha)", "M - g*m*r*sin(alpha)"),
        mistakes=(
            ("sign", "m*g*r*sin(alpha) - M"),
            ("sin-cos", "M - m*g*r*cos(alpha)"),
            ("factor-two", "2*M - 2*m*g*r*sin(alpha)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
}

# The Chaplygin sleigh (tests/data/grading/sleigh-key.yaml; problems/chaplygin-sleigh-friction.yaml
# derives it): F_x = -mu N_P u_x/s, F_y = -mu N_P u_y/s with s = sqrt(u_x^2 + u_y^2), F_theta = T;
# on the constraint u_x = u_y cot(theta) (sin(theta) > 0), s = |u_y|/sin(theta), so F_y there is
# -mu N_P sign(u_y) sin(theta) and F~_y = F_y + F_x cot(theta) = -mu N_P sign(u_y)/sin(theta).
# The wrong answers, by hand: the constraints ignored gives F_y (-mu N_P sign(u_y) sin(theta) on
# the constraint); A = cot(theta) with the wrong sign gives F_y - F_x cot(theta) = 2 F_y - F~_y
# = mu N_P sign(u_y) (1/sin(theta) - 2 sin(theta)); the knife edge left out gives 0 for u_y and
# T alone in the power; the speeds swapped give the other speed's value.
SLEIGH: dict[tuple[str, ...], ItemForms] = {
    ("partial_screws", "sleigh", "u_theta"): ItemForms(
        correct=(screw("zN", "0", "P"), screw("zA", "0*xA", "P")),
        mistakes=(("parts-swapped", screw("0", "zN", "P")),),
    ),
    ("generalized_active_forces", "u_y"): ItemForms(
        correct=(
            "-mu*N_P*u_y/sqrt(u_x**2 + u_y**2)",
            "-N_P*mu*u_y*(u_x**2 + u_y**2)**(-1/2)",
        ),
        mistakes=(
            ("missing-action", "0"),
            ("action-twice", "-2*mu*N_P*u_y/sqrt(u_x**2 + u_y**2)"),
            ("speeds-swapped", "-mu*N_P*u_x/sqrt(u_x**2 + u_y**2)"),
            ("speeds-swapped", "T"),
            ("sign", "mu*N_P*u_y/sqrt(u_x**2 + u_y**2)"),
        ),
        unreadable=("-mu*N_P*u_y/sqrt(u_x**2 + u_y**2",),
    ),
    ("generalized_active_forces", "u_theta"): ItemForms(
        correct=("T", "T*(sin(theta)**2 + cos(theta)**2)"),
        mistakes=(
            ("missing-action", "0"),
            ("sign", "-T"),
            ("speeds-swapped", "-mu*N_P*u_y/sqrt(u_x**2 + u_y**2)"),
        ),
    ),
    ("constrained_generalized_active_forces", "u_y"): ItemForms(
        correct=(
            "-mu*N_P*sign(u_y)/sin(theta)",
            "-mu*N_P*sign(u_y)*csc(theta)",
            # written in both speeds, as F_y + F_x cot(theta) before putting u_x on the constraint
            "-mu*N_P*(u_y + u_x*cos(theta)/sin(theta))/sqrt(u_x**2 + u_y**2)",
        ),
        mistakes=(
            ("constraints-ignored", "-mu*N_P*sign(u_y)*sin(theta)"),
            ("constraints-ignored", "-mu*N_P*u_y/sqrt(u_x**2 + u_y**2)"),
            ("constraint-sign", "mu*N_P*sign(u_y)*(1/sin(theta) - 2*sin(theta))"),
            ("missing-action", "0"),
            ("action-twice", "-2*mu*N_P*sign(u_y)/sin(theta)"),
            ("speeds-swapped", "T"),
            ("sign", "mu*N_P*sign(u_y)/sin(theta)"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
    ("constrained_generalized_active_forces", "u_theta"): ItemForms(
        correct=("T",),
        mistakes=(
            ("missing-action", "0"),
            ("sign", "-T"),
            ("speeds-swapped", "-mu*N_P*sign(u_y)/sin(theta)"),
        ),
    ),
    ("power_under_constraints",): ItemForms(
        correct=(
            "-mu*N_P*Abs(u_y)/sin(theta) + T*u_theta",
            "T*theta' - mu*N_P*Abs(y')/sin(theta)",
        ),
        mistakes=(
            ("missing-action", "T*u_theta"),
            ("missing-action", "-mu*N_P*Abs(u_y)/sin(theta)"),
            ("action-sign", "mu*N_P*Abs(u_y)/sin(theta) + T*u_theta"),
            ("sign", "mu*N_P*Abs(u_y)/sin(theta) - T*u_theta"),
        ),
        unreadable=SCALAR_UNREADABLE,
    ),
}

# The block on an incline in degrees (tests/data/grading/incline-deg-key.yaml, derived by hand
# there): Q^x = F - k x - m g sin(beta), the weight's -m g sin(beta). The wrong answers, by hand:
# an action left out, the weight's sign, sin for cos, beta converted by pi/180 although it is
# declared in degrees, g written 9.81; a unit slip (the mass left out) is named by its units.
INCLINE: dict[tuple[str, ...], ItemForms] = {
    ("power_coefficients", "x"): ItemForms(
        correct=("F - k*x - m*g*sin(beta)", "-(m*g*sin(beta) + k*x - F)"),
        mistakes=(
            ("missing-action", "F - k*x"),
            ("missing-action", "-k*x - m*g*sin(beta)"),
            ("missing-action", "F - m*g*sin(beta)"),
            ("action-sign", "F - k*x + m*g*sin(beta)"),
            ("degrees", "F - k*x - m*g*sin(beta*pi/180)"),
            ("number-for-parameter", "F - k*x - 9.81*m*sin(beta)"),
            ("sign", "k*x + m*g*sin(beta) - F"),
            ("units-in-terms", "F - k*x - g*sin(beta)"),
        ),
        unreadable=("F - k*x - m*g*sin(beta",),
    ),
    ("power_coefficients", "weight of block", "x"): ItemForms(
        correct=("-m*g*sin(beta)", "-g*m*sin(beta)"),
        mistakes=(
            ("sin-cos", "-m*g*cos(beta)"),
            ("sign", "m*g*sin(beta)"),
            ("degrees", "-m*g*sin(beta*pi/180)"),
            ("number-for-parameter", "-9.81*m*sin(beta)"),
        ),
    ),
    ("power",): ItemForms(
        correct=("x'*(F - k*x - m*g*sin(beta))", "F*x' - k*x*x' - m*g*x'*sin(beta)"),
        mistakes=(
            ("missing-action", "x'*(F - k*x)"),
            ("action-sign", "x'*(F - k*x + m*g*sin(beta))"),
            ("sign", "-x'*(F - k*x - m*g*sin(beta))"),
        ),
    ),
}

KEYS_BY_NAME = {
    "plate": (KEYS / "plate-constrained-key.yaml", "plate-constrained", PLATE),
    "slider": (KEYS / "slider-key.yaml", "slider-2026", SLIDER),
    "disc": (KEYS / "disc-key.yaml", "disc-2026", DISC),
    "sleigh": (KEYS / "sleigh-key.yaml", "sleigh-2026", SLEIGH),
    "incline": (KEYS / "incline-deg-key.yaml", "incline-deg", INCLINE),
}
# a parameter of each key, for the expression attacks
FORCE = {"plate": "F_A", "slider": "F", "disc": "F", "sleigh": "T", "incline": "F"}

Category = Literal["correct", "mistake", "unreadable", "empty", "hostile"]
MIX: tuple[tuple[Category, int], ...] = (
    ("correct", 40),
    ("mistake", 35),
    ("unreadable", 10),
    ("empty", 5),
    ("hostile", 10),
)


@dataclass
class Expected:
    """What grading a generated file must give: its status, and per item (verdict, mistake)."""

    file: str
    category: Category
    status: str = "graded"
    items: dict[str, tuple[str, str]] = field(default_factory=dict)
    superseded: bool = False  # a student's earlier or lesser file: on the review list only


def _nest(answers: dict[tuple[str, ...], Value]) -> dict[str, Any]:
    root: dict[str, Any] = {}
    for path, value in answers.items():
        node = root
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
    return root


UNSAFE_IN_ATTACHMENT_NAMES = r'[\x00/\\:*?"<>|]+'


def canvas_name(sortable: str, user: int, file: int, original: str, late: bool = False) -> str:
    """The name Canvas's ContentZipper gives an uploaded file, step by step as its source does:
    the sortable name with `_DIGITS_` joined and lower-cased, joined by `_` with LATE and the
    user id, every non-word character removed, then `_FILEID_` and the original name (with
    only \\x00 / \\ : * ? " < > | replaced)."""
    name = re.sub(r"_(\d+)_", r"\1", sortable).lower()
    stem = re.sub(r"[^\w]", "", "_".join([name, *(["LATE"] if late else []), str(user)]))
    kept = re.sub(UNSAFE_IN_ATTACHMENT_NAMES, "_", original)
    return f"{stem}_{file}_{kept}"


# Sortable names as Canvas holds them ("Last, First"), written into file names as its zipper
# writes them (tests/grading/test_identity.py's canvas_name): with `_`, apostrophes, non-ASCII.
CANVAS_NAMES = ("Nguyen_Tran, Bao", "O'Brien, Seán", "Zoë", "Lee, Ann-Marie", "Smith, Jo")
MOODLE_NAMES = ("Ana María López", "Jean-Luc Ørsted", "Mary O'Neil", "Student")


def _file_name(rng: random.Random, index: int) -> tuple[str, str]:
    """(file name, login): as Canvas or Moodle download it, or as the student named it."""
    login = f"student{index:04d}"
    roll = rng.random()
    if roll < 0.35:
        sortable = f"{rng.choice(CANVAS_NAMES)} {index}"
        return canvas_name(sortable, 10000 + index, 900000 + index, "answers.yaml"), login
    if roll < 0.55:
        full = f"{rng.choice(MOODLE_NAMES)} {index:04d}"
        return f"{full}_{20000 + index}_assignsubmission_file_answers.yaml", login
    return f"{login}.yaml", login


def _decoy(folder: Path, name: str, rng: random.Random) -> Expected | None:
    """Beside some LMS files, what a download also holds: for Canvas, the student's earlier
    upload (a smaller file id, its name clash-renamed `answers-1.yaml` by Canvas), for Moodle
    the online text typed beside the file. Neither is what the gradebook takes."""
    if rng.random() > 0.3:
        return None
    if "_assignsubmission_file_" in name:
        text = name.replace("_assignsubmission_file_answers.yaml", "_assignsubmission_onlinetext_")
        path = folder / (text + "onlinetext.html")
        path.write_text("<p>My answers are in the file.</p>\n", encoding="utf-8")
        return Expected(str(path), "empty", status="invalid", superseded=True)
    if name.endswith("_answers.yaml") and name.count("_") >= 3 and not name.startswith("student"):
        stem, user, file_id, _ = name.rsplit("_", 3)
        earlier = folder / f"{stem}_{user}_{int(file_id) - 500000}_answers-1.yaml"
        earlier.write_text("student: me\nproblem: none\nanswers: {}\n", encoding="utf-8")
        return Expected(str(earlier), "empty", status="rejected", superseded=True)
    return None


def _declared(rng: random.Random, login: str) -> str:
    if rng.random() < 0.55:
        return login
    return rng.choice([login.upper(), f"{login}@example.edu", f"#{login[-4:]}", "me"])


HOSTILE_KINDS = (
    "huge-file",
    "deep-nesting",
    "anchors",
    "binary",
    "python-tag",
    "not-a-mapping",
    "control-characters",
    "exponent-tower",
    "long-expression",
    "injection",
)


def _hostile(
    kind: str, problem: str, login: str, item: tuple[str, ...], force: str
) -> tuple[bytes, str, dict[str, str]]:
    """(file bytes, expected status, expected verdict of the items it answers); `item` is a
    scalar item of the key that expression attacks are written under."""
    answer = yaml.safe_dump(
        {"student": login, "problem": problem, "answers": _nest({item: "EXPRESSION"})}
    )
    dotted = ".".join(item)
    if kind == "huge-file":
        return b"student: x\n" + b"#" * 1_100_000 + b"\n", "invalid", {}
    if kind == "deep-nesting":
        return (b"answers: " + b"[" * 5000 + b"]" * 5000 + b"\n", "invalid", {})
    if kind == "anchors":
        lines = [b"a: &a [x, x, x, x, x, x, x, x, x]"]
        lines += [
            f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}]".encode()
            for i in range(9)
        ]
        return b"\n".join(lines) + b"\n", "invalid", {}
    if kind == "binary":
        return bytes(range(256)) * 4, "invalid", {}
    if kind == "python-tag":
        return b"student: !!python/object/apply:os.system ['id']\n", "invalid", {}
    if kind == "not-a-mapping":
        return b"- just\n- a list\n", "invalid", {}
    header = f"problem: {problem}\n"
    if kind == "control-characters":
        student = '"\\e[31m\\a\\r\\n::error::forged =HYPERLINK(1)"'
        text = f"student: {student}\n{header}answers: {{}}\n"
        return text.encode(), "graded", {dotted: "missing"}
    if kind == "exponent-tower":
        expression = f"-{force}*((((m+1)**100)**100)**100)**100"
    elif kind == "long-expression":
        expression = "+".join([force] * 5000)
    else:
        expression = "().__class__.__base__.__subclasses__()"
    text = answer.replace("EXPRESSION", expression)
    return text.encode(), "graded", {dotted: "unreadable"}


def generate(folder: Path, key: str, count: int, seed: int = 0) -> list[Expected]:
    """Write `count` submissions for a key ('plate' or 'slider') into `folder`."""
    _, problem, items = KEYS_BY_NAME[key]
    rng = random.Random(seed)
    weights = [w for _, w in MIX]
    expected: list[Expected] = []
    hostile = 0  # each hostile kind in turn
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        category = rng.choices([c for c, _ in MIX], weights)[0]
        name, login = _file_name(rng, index)
        path = folder / name
        result = Expected(str(path), category)
        decoy = _decoy(folder, name, rng)
        if decoy is not None:
            expected.append(decoy)
        if category == "hostile":
            kind = HOSTILE_KINDS[hostile % len(HOSTILE_KINDS)]
            hostile += 1
            scalar = next(p for p, f in items.items() if isinstance(f.correct[0], str))
            data, result.status, verdicts = _hostile(kind, problem, login, scalar, FORCE[key])
            path.write_bytes(data)
            result.items = {item: (verdict, "") for item, verdict in verdicts.items()}
            expected.append(result)
            continue
        if category == "empty":
            if rng.random() < 0.5:
                path.write_text("", encoding="utf-8")
                result.status = "invalid"
            else:
                document = {"student": _declared(rng, login), "problem": problem, "answers": {}}
                path.write_text(yaml.safe_dump(document), encoding="utf-8")
                result.items = {".".join(p): ("missing", "") for p in items}
            expected.append(result)
            continue
        answers: dict[tuple[str, ...], Value] = {}
        for item_path, forms in items.items():
            answers[item_path] = rng.choice(forms.correct)
            result.items[".".join(item_path)] = ("correct", "")
        if category == "mistake":
            candidates = [p for p, f in items.items() if f.mistakes]
            for item_path in rng.sample(candidates, k=min(len(candidates), rng.choice([1, 1, 2]))):
                code, value = rng.choice(items[item_path].mistakes)
                answers[item_path] = value
                result.items[".".join(item_path)] = ("wrong", code)
        elif category == "unreadable":
            candidates = [p for p, f in items.items() if f.unreadable]
            item_path = rng.choice(candidates)
            answers[item_path] = rng.choice(items[item_path].unreadable)
            result.items[".".join(item_path)] = ("unreadable", "")
        document = {"student": _declared(rng, login), "problem": problem, "answers": _nest(answers)}
        path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
        expected.append(result)
    return expected
