"""What a chain's energy checks cost: Q^q = -dV/dq of every weight (Remark 13.3.6) and the
noncontributing actions, in this process, CPU seconds, each after what it shares with the
rest of the run is built (the actions' coefficients and their probe tape).

Run: python bench/bench_checks.py [--links 20 40 60]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402


def measured(links: int) -> tuple[float, float, float]:
    """(the probe tape of every coefficient, the potential checks, the noncontributing ones)."""
    from screwsolve import api

    analysis = api.analyse(api.load(two_axis_chain_yaml(links)))
    analysis.actions  # noqa: B018  (computed on first reading)
    analysis.engine_coefficients  # noqa: B018
    times = []
    for name in ("_coefficient_probe", "potential_checks", "noncontributing"):
        start = time.process_time()
        getattr(analysis, name)
        times.append(time.process_time() - start)
    return times[0], times[1], times[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--links", type=int, nargs="+", default=[20, 40, 60])
    args = parser.parse_args()
    from screwsolve.lean_imports import lean_imports

    lean_imports()
    print("| n | probe tape | potential checks | noncontributing |")
    print("| --- | --- | --- | --- |")
    for links in args.links:
        probe, potentials, noncontributing = measured(links)
        print(f"| {links} | {probe:.2f} s | {potentials:.2f} s | {noncontributing:.2f} s |")


if __name__ == "__main__":
    main()
