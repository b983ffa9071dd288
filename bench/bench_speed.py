"""Speed of the power coefficients against sympy.physics.mechanics, side by side (issue: fast).

The chain of n links of tests/two_axis_chain.py (two rotations per link, weight at each mass centre, a
force with symbolic components at each tip, a spring-damper couple between consecutive links):

- sympy route: frames, v2pt_theory, `partial_velocity`, then dot products (unsimplified);
- screwsolve: the file parsed and checked, then every Q^q and Q^t from Jacobian columns
  (symengine expressions), and separately their conversion to sympy.

Each side runs in its own process (peak RSS is that process's). Results are compared by numeric
probing at random points. Then: the n = 3 chain's printed (simplified) coefficients, their time
and size against sympy's unsimplified ones, and `screwsolve run` on the plate against
`python -c "import sympy"`.

Run: python bench/bench_speed.py [--links 3 8 12 16 20] [--sympy-up-to 12] [--whole 3 5 8]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_cli import wall  # noqa: E402


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _probe_values(names: list[str], seed: int) -> dict[str, float]:
    return {name: random.Random(f"{seed}:{name}").uniform(0.3, 2.0) for name in names}


def _evaluate(engine_exprs: dict, names: list[str], seed: int) -> dict[str, float]:
    """Each expression at one random point (symengine, names only)."""
    import symengine as se

    values = _probe_values(names, seed)
    mapping = {se.Symbol(n): se.Float(v) for n, v in values.items()}
    return {q: float(e.xreplace(mapping).evalf()) for q, e in engine_exprs.items()}


def _names(analysis) -> list[str]:
    """Every symbol name of the chain: parameters, coordinates and rates."""
    names = [*analysis.system.parameters, *analysis.system.coordinates]
    return sorted([*names, *(f"{q}'" for q in analysis.system.coordinates)])


def side_sympy(links: int) -> dict:
    from tests.two_axis_chain import two_axis_chain_mechanics

    start = time.perf_counter()
    result = two_axis_chain_mechanics(links)
    seconds = time.perf_counter() - start
    rss = _peak_mb()
    names = sorted({s.name for e in result.values() for s in e.free_symbols})
    probes = []
    for seed in (1, 2):
        values = _probe_values(names, seed)
        probes.append({q: _evaluate_shared(e, values, {}) for q, e in result.items()})
    return {"seconds": seconds, "rss": rss, "probes": probes}


def _evaluate_shared(expr, values: dict[str, float], memo: dict[int, float]) -> float:
    """Float value of a sympy expression, each shared subexpression once (sympy's results at
    n = 12 are far too large to walk as trees)."""
    import math

    import sympy

    key = id(expr)
    if key in memo:
        return memo[key]
    if isinstance(expr, sympy.Symbol):
        value = values[expr.name]
    elif expr.is_Number:
        value = float(expr)
    else:
        args = [_evaluate_shared(a, values, memo) for a in expr.args]
        if isinstance(expr, sympy.Add):
            value = math.fsum(args)
        elif isinstance(expr, sympy.Mul):
            value = math.prod(args)
        elif isinstance(expr, sympy.Pow):
            value = args[0] ** args[1]
        elif isinstance(expr, sympy.sin):
            value = math.sin(args[0])
        elif isinstance(expr, sympy.cos):
            value = math.cos(args[0])
        else:
            raise TypeError(f"unexpected {type(expr).__name__} in a power coefficient")
    memo[key] = value
    return value


def side_screwsolve(links: int) -> dict:

    from screwsolve.api import analyse
    from screwsolve.files.loading import load_problem_text
    from tests.two_axis_chain import two_axis_chain_yaml

    start = time.perf_counter()
    analysis = analyse(load_problem_text(two_axis_chain_yaml(links), "chain.yaml"))
    built = time.perf_counter()
    core = analysis.kinematics.jacobian
    totals = analysis.engine_coefficients
    assert totals is not None, "every action of the chain has a symengine form"
    done = time.perf_counter()
    rss = _peak_mb()
    converted = {q: core.to_sympy(v) for q, v in totals.items()}
    as_sympy = time.perf_counter() - done
    del converted
    return {
        "build": built - start,
        "seconds": done - built,
        "to_sympy": as_sympy,
        "rss": rss,
        "probes": [_evaluate(totals, _names(analysis), s) for s in (1, 2)],
    }


def side_printed(links: int) -> dict:
    """The chain's printed coefficients: time to solve and simplify them, and their sizes."""
    import sympy

    from screwsolve.api import analyse
    from screwsolve.files.loading import load_problem_text
    from screwsolve.symbolic.simplify import simplest
    from tests.two_axis_chain import two_axis_chain_mechanics, two_axis_chain_yaml

    start = time.perf_counter()
    analysis = analyse(load_problem_text(two_axis_chain_yaml(links), "chain.yaml"))
    printed = {q: simplest(analysis.static(v)) for q, v in analysis.coefficients.items()}
    seconds = time.perf_counter() - start
    reference = two_axis_chain_mechanics(links)
    return {
        "seconds": seconds,
        "ours": {q: int(sympy.count_ops(v)) for q, v in printed.items()},
        "sympy": {q: int(sympy.count_ops(v)) for q, v in reference.items()},
    }


def _child(side: str, links: int, timeout: float) -> dict | None:
    command = [sys.executable, __file__, "--side", side, "--links", str(links)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout)


def _agree(a: dict, b: dict) -> bool:
    return all(
        abs(pa[q] - pb[q]) <= 1e-8 * max(1.0, abs(pa[q]), abs(pb[q]))
        for pa, pb in zip(a["probes"], b["probes"], strict=True)
        for q in pa
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--links", type=int, nargs="+", default=[3, 8, 12, 16, 20])
    parser.add_argument("--whole", type=int, nargs="+", default=[3, 5, 8], help="whole runs")
    parser.add_argument("--sympy-up-to", type=int, default=12, help="skip the sympy route above")
    parser.add_argument("--side", choices=["sympy", "screwsolve", "printed"], help="(internal)")
    args = parser.parse_args()
    if args.side:
        run = {"sympy": side_sympy, "screwsolve": side_screwsolve, "printed": side_printed}
        print(json.dumps(run[args.side](args.links[0])))
        return

    print(
        "| n | sympy partial_velocity + dot | peak MB | screwsolve build | screwsolve Q "
        "| speed-up (Q; with build) | peak MB | to sympy | equal |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for links in args.links:
        ours = _child("screwsolve", links, 600)
        assert ours is not None
        theirs = _child("sympy", links, 900) if links <= args.sympy_up_to else None
        if theirs is None:
            print(
                f"| {links} | - | - | {ours['build']:.2f} s | {ours['seconds']:.3f} s | - "
                f"| {ours['rss']:.0f} | {ours['to_sympy']:.2f} s | - |"
            )
            continue
        print(
            f"| {links} | {theirs['seconds']:.2f} s | {theirs['rss']:.0f} | {ours['build']:.2f} s "
            f"| {ours['seconds']:.3f} s | {theirs['seconds'] / ours['seconds']:.0f}x; "
            f"{theirs['seconds'] / (ours['seconds'] + ours['build']):.0f}x "
            f"| {ours['rss']:.0f} | {ours['to_sympy']:.2f} s | {_agree(ours, theirs)} |"
        )

    printed = _child("printed", 3, 600)
    assert printed is not None
    print(f"\nn = 3 printed coefficients (solve + simplify): {printed['seconds']:.2f} s")
    print("| q | screwsolve printed count_ops | sympy unsimplified count_ops |")
    print("| --- | --- | --- |")
    for q, size in printed["ours"].items():
        print(f"| {q} | {size} | {printed['sympy'][q]} |")

    with tempfile.TemporaryDirectory() as folder:
        from tests.two_axis_chain import two_axis_chain_yaml

        for links in args.whole:
            chain = Path(folder) / f"chain{links}.yaml"
            chain.write_text(two_axis_chain_yaml(links), encoding="utf-8")
            command = [sys.executable, "-m", "screwsolve", "run", str(chain), "--format", "json"]
            whole = wall(command, 3 if links <= 3 else 1)
            print(f"whole `screwsolve run --format json` of the n = {links} chain: {whole:.2f} s")

    plate = str(ROOT / "problems" / "plate-on-a-step.yaml")
    base = wall([sys.executable, "-c", "import sympy"], 5)
    run = wall([sys.executable, "-m", "screwsolve", "run", plate], 5)
    print(f"\nimport sympy {base:.2f} s; screwsolve run plate {run:.2f} s ({run / base:.2f}x)")


if __name__ == "__main__":
    main()
