"""The fourth hostile corpus's limit families, as files built in a folder: depth (frames behind
frames, turned by parameters or by functions of time), integrals that sympy searches for a
minute, validation's own work (a deep point's velocity in a constraint, many dense
constraints), claims of a long chain, units, sketches and output names. Each case says which
command runs on what and what its user must get; tests/acceptance/test_hostile_round4.py runs
the cheap ones, bench/bench_hostile.py --round4 times them all. Written for screwsolve.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .large_models import chain_yaml, dense_constraints_yaml

ROOT = Path(__file__).resolve().parent.parent
PLATE = ROOT / "problems" / "plate-on-a-step.yaml"
SLIDER = """title: slider
referential: 0
parameters: {k: positive}
coordinates: [x]
frames: {0: {}}
points: {O: {fixed_in: 0}, P: {from: O, position: x*x0}}
bodies: {1: {frame: 0, origin: P}}
actions: [{name: spring, on: 1, at: P, force: -k*x*x0}]
"""


def tower_yaml(depth: int, turned_by: str) -> str:
    """Frames 1..depth, each turned from the one before about z by its own parameter or its
    own function of time; one body in the last frame, pushed along x0."""
    names = [f"a{k}" for k in range(1, depth + 1)]
    declared = (
        "parameters: {" + ", ".join(f"{n}: real" for n in names) + "}"
        if turned_by == "parameters"
        else "functions: [" + ", ".join(names) + "]"
    )
    lines = ["title: tower", "referential: 0", declared, "coordinates: [x]", "frames:", "  0: {}"]
    lines += [f"  {k}: {{from: {k - 1}, rotate: [z, a{k}]}}" for k in range(1, depth + 1)]
    lines += [
        "points:",
        "  O: {fixed_in: 0}",
        f"  P: {{from: O, position: x*x{depth}}}",
        f"bodies: {{1: {{frame: {depth}, origin: P}}}}",
        "actions: [{name: push, on: 1, at: P, force: x0}]",
    ]
    return "\n".join(lines) + "\n"


def atan_friction_yaml() -> str:
    """A block on a line with the friction law F_c atan((v/v_s)^3) of its slip speed."""
    return (
        "title: atan friction\nreferential: 0\nparameters: {F_c: positive, v_s: positive}\n"
        "coordinates: [x]\nframes: {0: {}}\n"
        "points: {O: {fixed_in: 0}, P: {from: O, position: x*x0}}\n"
        "bodies: {1: {frame: 0, origin: P}}\n"
        "actions:\n  - {name: rub, on: 1, friction: {at: P, law: F_c*atan((v/v_s)**3)}}\n"
        "expected:\n  power_coefficients: {x: -F_c*atan(x'**2*Abs(x')/v_s**3)*sign(x')}\n"
    )


def deep_point_constraint_yaml(links: int = 14) -> str:
    """A chain whose tip may not move along y0: dot(v(P_n), y0) = 0."""
    return chain_yaml(links).replace(
        "gravity:", f"constraints:\n  - dot(v(P{links}), y0) = 0\ngravity:"
    )


@dataclass
class Case:
    """A command line to run in `folder` (after `make` has filled it) and what must follow."""

    family: str
    label: str
    make: Callable[[Path], list[str]]
    exit_code: int
    says: str  # in the output a user reads (stderr, or stdout when it passes)
    cheap: bool = True  # run by the suite (the others are timed in bench/ only)


def _file(name: str, text: str, *command: str) -> Callable[[Path], list[str]]:
    def make(folder: Path) -> list[str]:
        (folder / name).write_text(text, encoding="utf-8")
        return [command[0], name, *command[1:]]

    return make


CASES = [
    Case(
        "depth",
        "500 frames turned by parameters",
        _file("tower.yaml", tower_yaml(500, "parameters"), "run"),
        1,
        "tower.yaml:127:15: frame '121' is 121 rotations from the referential: the limit is 120",
    ),
    Case(
        "depth",
        "160 frames turned by functions of time",
        _file("tower.yaml", tower_yaml(160, "functions"), "validate"),
        1,
        "tower.yaml:127:15: frame '121' is 121 rotations",
    ),
    Case(
        "depth",
        "120 frames turned by functions of time (at the limit)",
        _file("tower.yaml", tower_yaml(120, "functions"), "run", "--format", "json"),
        0,
        '"status": "ok"',
    ),
    Case(
        "integrals",
        "friction law F_c*atan((v/v_s)**3)",
        _file("rub.yaml", atan_friction_yaml(), "check", "--no-cache", "--timeout", "30"),
        0,
        "1 file, 1 claim, 0 failed",
    ),
    Case(
        "validation",
        "dot(v(P14), y0) = 0 on a 14-link chain",
        _file("tip.yaml", deep_point_constraint_yaml(), "validate"),
        0,
        "1 file valid",
        cheap=False,
    ),
    Case(
        "validation",
        "119 dense constraints of 240 speeds",
        _file("dense.yaml", dense_constraints_yaml(240, 119), "validate"),
        1,
        "dense.yaml:13:1: this model needs more work than a worker's limits allow",
        cheap=False,
    ),
    Case(
        "units",
        "a unit to the power 144, times 1e400",
        _file("units.yaml", SLIDER + "units: {k: m**144/s*1e400, x: m}\n", "validate"),
        1,
        "units.yaml:9:15: a unit's exponent is a whole number up to 12",
    ),
    Case(
        "units",
        "a 39-character nested unit exponent",
        _file(
            "units.yaml", SLIDER + "units: {k: ((((m**2)**3)**4)**5)**6/s**2, x: m}\n", "validate"
        ),
        1,
        "units.yaml:8:",
    ),
    Case(
        "sketch",
        "--values x=1e308",
        lambda folder: ["sketch", str(PLATE), "--values", "x=1e308", "-o", "p.png"],
        2,
        "--values put point 'A' at (1e+308, 0, 0), out of any figure",
    ),
    Case(
        "output names",
        "a 300-byte output name",
        lambda folder: ["sketch", str(PLATE), "-o", "n" * 296 + ".png"],
        2,
        "is 300 bytes long: this file system allows",
    ),
    Case(
        "output names",
        "a legal 250-byte output name",
        lambda folder: ["run", str(PLATE), "--format", "latex", "-o", "n" * 246 + ".tex"],
        0,
        "",
    ),
    Case(
        "sketch",
        "a 400 000-character title drawn as SVG",
        lambda folder: _long_title(folder),
        0,
        "wrote t.svg",
    ),
]


def _long_title(folder: Path) -> list[str]:
    text = "title: " + "W" * 400_000 + "\n" + SLIDER.split("\n", 1)[1]
    (folder / "title.yaml").write_text(text, encoding="utf-8")
    return ["sketch", "title.yaml", "-o", "t.svg"]


def long_chain_claims_yaml(links: int) -> str:
    """A chain with every action's power coefficient claimed, each derived by hand: the tip
    force F y_i at P_i and the weight -m g y0 at G_i of link i (P_k = sum of L x_j, j <= k).

    Q^{q_k} of the tip force on link i (k <= i): F y_i . d P_i/d q_k = F L sum_{j=k..i}
    cos(q_{k+1} + ... + q_j - ... ) in planar angles: with absolute angles phi_j = q_1 + ... +
    q_j, dP_i/dq_k = sum_{j=k..i} L (-sin phi_j, cos phi_j), and y_i = (-sin phi_i, cos phi_i),
    so the dot product is L sum_{j=k..i} cos(phi_i - phi_j). The weight's: -m g d(y of G_i)/dq_k
    = -m g L (sum_{j=k..i-1} cos phi_j + cos(phi_i)/2)."""
    text = chain_yaml(links)
    phi = [" + ".join(f"q{m}" for m in range(1, j + 1)) for j in range(links + 1)]
    tips: dict[str, dict[str, str]] = {}
    weights: dict[str, dict[str, str]] = {}
    for i in range(1, links + 1):
        tip: dict[str, str] = {}
        weight: dict[str, str] = {}
        for k in range(1, links + 1):
            if k > i:
                tip[f"q{k}"] = "0"
                weight[f"q{k}"] = "0"
                continue
            terms = [f"cos(({phi[i]}) - ({phi[j]}))" for j in range(k, i + 1)]
            tip[f"q{k}"] = f"F*L*({' + '.join(terms)})"
            lower = [f"cos({phi[j]})" for j in range(k, i)]
            weight[f"q{k}"] = f"-m*g*L*({' + '.join([*lower, f'cos({phi[i]})/2'])})"
        tips[f"tip {i}"] = tip
        weights[f"weight of {i}"] = weight
    lines = ["expected:", "  power_coefficients:"]
    for name, values in {**tips, **weights}.items():
        lines.append(f"    {name}:")
        lines += [f"      {q}: {value}" for q, value in values.items()]
    return text + "\n".join(lines) + "\n"
