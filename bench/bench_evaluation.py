"""Probe evaluation of a long chain's large values: over the graph (graph_values) against
symengine's `xreplace(...).evalf()`, which walks the tree.

The value is what the potential checks probe: a random combination of every Q^q + dV/dq of the
chain's weights (zero when all agree). Prints, per n, the distinct nodes of its graph, the time
to compile the tape, the time per probe point of each evaluator, and the two values (both must
be ~0). Run: python bench/bench_evaluation.py [--links 8 12 16]. Never run by the tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import symengine as se  # noqa: E402

from screwsolve.api import analyse, load  # noqa: E402
from screwsolve.symbolic.graph_values import compile_tape, evaluate  # noqa: E402
from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402


def combination(links: int) -> se.Basic:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"chain{links}.yaml"
        path.write_text(two_axis_chain_yaml(links), encoding="utf-8")
        analysis = analyse(load(str(path)))
        differences = analysis._engine_potential_differences()
    every = [d for _, by_q in differences.values() for d in by_q.values()]
    rng = random.Random(1)
    return se.Add(*(se.Rational(rng.randint(1, 1 << 30), 1 << 30) * e for e in every))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--links", type=int, nargs="+", default=[8, 12, 16])
    args = parser.parse_args()
    print("| n | distinct nodes | compile | graph per point | symengine evalf per point |")
    print("| --- | --- | --- | --- | --- |")
    for links in args.links:
        value = combination(links)
        names = sorted(str(s) for s in value.free_symbols)
        rng = random.Random(2)
        point = {n: f"{rng.uniform(-3, 3):.17g}" for n in names}
        start = time.perf_counter()
        tape = compile_tape(value)
        compiled = time.perf_counter() - start
        start = time.perf_counter()
        by_graph = evaluate(value, point)
        graph = time.perf_counter() - start
        values = {se.Symbol(n): se.RealMPFR(t, 100) for n, t in point.items()}
        start = time.perf_counter()
        by_tree = complex(value.xreplace(values).evalf(100))
        tree = time.perf_counter() - start
        print(
            f"| {links} | {len(tape.steps)} | {compiled:.2f} s | {graph:.3f} s "
            f"({abs(by_graph or 0):.1e}) | {tree:.3f} s ({abs(by_tree):.1e}) |"
        )


if __name__ == "__main__":
    main()
