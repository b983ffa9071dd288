"""How the whole run's cost grows with a model's size, against the core's and the sympy route's.

The n-link chain of tests/two_axis_chain.py, n from 4 to 40. For each n, in its own process:

- whole run: `screwsolve run --format json` (default limits: a worker with 2 GB of address
  space and 300 s), wall time, peak RSS of the process tree, exit code;
- core alone: the file parsed and validated, then every Q^q and Q^t from Jacobian columns
  (symengine), in-process (what bench_speed.py calls "build" + "Q");
- sympy route: bench/sympy_route.py (sympy.physics.mechanics, unsimplified), up to a time limit.

Each time is also given as a ratio to `python -c "import sympy"` measured in the same run. Last,
the log-log slope of each column between successive sizes and overall (least squares).

Run: python bench/bench_scaling.py [--links 4 8 12 16 20 30 40] [--sympy-up-to 8]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_cli import wall  # noqa: E402
from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402

ROUTE = str(ROOT / "bench" / "sympy_route.py")
CORE = """
import sys, time
start = time.perf_counter()
from screwsolve.api import analyse, load
analysis = analyse(load(sys.argv[1]))
assert analysis.engine_coefficients is not None
print(time.perf_counter() - start)
"""


def measured(command: list[str], limit: float) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MB, the largest process of its tree) and exit code; exit -9
    when it passed `limit` seconds."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = start + limit
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            process.kill()
            _, status, usage = os.wait4(process.pid, 0)
            return time.perf_counter() - start, usage.ru_maxrss / 1024, -9
        time.sleep(0.05)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def core_seconds(path: str) -> float:
    result = subprocess.run(
        [sys.executable, "-c", CORE, path], capture_output=True, text=True, check=True
    )
    return float(result.stdout.strip().splitlines()[-1])


def slope(sizes: list[int], times: list[float]) -> float:
    """Least-squares slope of log(time) against log(size)."""
    xs = [math.log(n) for n in sizes]
    ys = [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--links", type=int, nargs="+", default=[4, 8, 12, 16, 20, 30, 40])
    parser.add_argument("--sympy-up-to", type=int, default=8)
    parser.add_argument("--limit", type=float, default=600.0)
    args = parser.parse_args()
    floor = wall([sys.executable, "-c", "import sympy"], 5)
    print(f'`python -c "import sympy"`: {floor:.2f} s (median of 5)\n')
    print("| n | whole run | x import sympy | peak MB | exit | core alone | sympy route |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    rows: list[tuple[int, float, float, float | None]] = []
    with tempfile.TemporaryDirectory() as folder:
        for links in args.links:
            path = Path(folder) / f"chain{links}.yaml"
            path.write_text(two_axis_chain_yaml(links), encoding="utf-8")
            run = ["screwsolve", "run", str(path), "--format", "json"]
            seconds, peak, code = measured(run, args.limit)
            core = core_seconds(str(path))
            route: float | None = None
            shown = "-"
            if links <= args.sympy_up_to:
                route, _, route_code = measured(
                    [sys.executable, ROUTE, "chain", str(links)], args.limit
                )
                shown = f"{route:.2f} s" if route_code == 0 else f"> {args.limit:.0f} s"
                route = route if route_code == 0 else None
            rows.append((links, seconds, core, route))
            print(
                f"| {links} | {seconds:.2f} s | {seconds / floor:.1f} | {peak:.0f} | {code} "
                f"| {core:.2f} s | {shown} |",
                flush=True,
            )
    sizes = [r[0] for r in rows]
    print("\nlog-log slopes (time ~ n^slope), between successive sizes, then overall:\n")
    print("| from | to | whole run | core alone |")
    print("| --- | --- | --- | --- |")
    for (n0, w0, c0, _), (n1, w1, c1, _) in itertools.pairwise(rows):
        factor = math.log(n1 / n0)
        print(
            f"| {n0} | {n1} | {math.log(w1 / w0) / factor:.2f} | {math.log(c1 / c0) / factor:.2f} |"
        )
    whole = slope(sizes, [r[1] for r in rows])
    core = slope(sizes, [r[2] for r in rows])
    print(f"| {sizes[0]} | {sizes[-1]} | {whole:.2f} | {core:.2f} |")
    routed = [(r[0], r[3]) for r in rows if r[3] is not None]
    if len(routed) > 1:
        print(
            f"\nsympy route, {routed[0][0]} to {routed[-1][0]} links: "
            f"slope {slope([n for n, _ in routed], [t for _, t in routed]):.2f}"
        )


if __name__ == "__main__":
    main()
