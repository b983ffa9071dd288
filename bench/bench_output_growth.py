"""How fast what a chain's `run --only power_coefficients` must print grows with its links, next
to how fast the run's CPU grows: the floor under any speed-up that keeps the output as it is.

For two-axis chains (tests/two_axis_chain.py) of n links, from the JSON document:
- the actions' power coefficient entries (every action, every coordinate) and the nonzero ones:
  the values any run that prints each action's Q must write, one at least per entry;
- the shared names and the characters of their definitions (text form);
- the terms of the longest definition: symengine flattens a sum of sums, so a weight's share of
  q_j is a flat sum over the links between joint j and the body; unless the shared names cut
  it (runs of terms several sums begin with), it is written out for every pair;
- the CPU of the whole command (its worker included, from wait4) and its peak memory.
Then each column's growth exponent between consecutive sizes and from the first to the last.

With `--phases N`: where the N-link chain's Q-only run goes instead, in this process (CPU per
phase: load, analysis, each action's coefficients from the core, the total Q, shared names,
the JSON; the rest is imports).

Run: python bench/bench_output_growth.py [--links 10 20 40 60] [--phases 60]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_only import installed_env  # noqa: E402
from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402

COLUMNS = ("entries", "nonzero", "shared", "shared chars", "longest terms", "CPU s", "MB")


def measured(links: int, folder: Path) -> dict[str, float]:
    """One chain's counts, its JSON written to a file (a 60-link document is tens of MB)."""
    problem = folder / f"chain{links}.yaml"
    problem.write_text(two_axis_chain_yaml(links), encoding="utf-8")
    output = folder / f"chain{links}.json"
    command = ["screwsolve", "run", str(problem), "-f", "json", "--no-cache"]
    command += ["--only", "power_coefficients", "--timeout", "3600"]
    with output.open("w", encoding="utf-8") as handle:
        process = subprocess.Popen(command, stdout=handle, env=installed_env())
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{links} links: exit {os.waitstatus_to_exitcode(status)}")
    solution = json.loads(output.read_text(encoding="utf-8"))["solution"]
    values = [v["text"] for a in solution["actions"] for v in a["power_coefficients"].values()]
    shared = [entry["text"] for entry in solution["shared"]]
    longest = max(shared, key=len, default="")
    return {
        "entries": len(values),
        "nonzero": sum(1 for v in values if v != "0"),
        "shared": len(shared),
        "shared chars": sum(len(s) for s in shared),
        "longest terms": longest.count(" + ") + longest.count(" - ") + 1 if longest else 0,
        "CPU s": usage.ru_utime + usage.ru_stime,
        "MB": usage.ru_maxrss / 1024,
    }


def phases(links: int) -> None:
    """CPU seconds of each phase of the Q-only run of one chain, solved in this process."""
    import io
    import time

    from screwsolve import api
    from screwsolve.lean_imports import lean_imports
    from screwsolve.render import write_json

    lean_imports()  # as the command imports
    from screwsolve.solution import build

    spent: dict[str, float] = {}

    def timed(owner: object, name: str, label: str) -> None:
        function = getattr(owner, name)

        def measured(*args: object, **kwargs: object) -> object:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - start

        setattr(owner, name, measured)

    timed(build.Presenter, "total_coefficients", "total Q (against the actions' sum)")
    timed(build, "_shared", "shared names")
    text = two_axis_chain_yaml(links)
    start = time.process_time()
    loaded = api.load(text)
    spent["load"] = time.process_time() - start
    start = time.process_time()
    analysis = api.analyse(loaded)
    spent["analysis set up"] = time.process_time() - start
    start = time.process_time()
    analysis.actions  # noqa: B018  (each action's coefficients, computed on first reading)
    spent["actions' coefficients (core)"] = time.process_time() - start
    start = time.process_time()
    solution = build.present(analysis, None, only=frozenset({"power_coefficients"}))
    spent["present (total Q and shared names included)"] = time.process_time() - start
    start = time.process_time()
    write_json(solution, io.StringIO())
    spent["JSON"] = time.process_time() - start
    total = time.process_time()
    print(f"{links} links, Q only, in-process: {total:.2f} s CPU in all")
    for label, seconds in spent.items():
        print(f"- {label}: {seconds:.2f} s")


def exponent(small: float, large: float, n_small: int, n_large: int) -> str:
    if small <= 0 or large <= 0:
        return "-"
    return f"{math.log(large / small) / math.log(n_large / n_small):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--links", type=int, nargs="+", default=[10, 20, 40, 60])
    parser.add_argument("--phases", type=int, help="the phases of this chain instead")
    args = parser.parse_args()
    if args.phases:
        phases(args.phases)
        return
    sizes = sorted(args.links)
    rows: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for links in sizes:
            rows[links] = measured(links, Path(folder))
            print(f"measured {links} links", file=sys.stderr)
    print("| n | " + " | ".join(COLUMNS) + " |")
    print("|" + " --- |" * (len(COLUMNS) + 1))
    for links in sizes:
        row = rows[links]
        cells = [f"{row[c]:.1f}" if c in ("CPU s", "MB") else f"{row[c]:.0f}" for c in COLUMNS]
        print(f"| {links} | " + " | ".join(cells) + " |")
    pairs = [*itertools.pairwise(sizes)]
    if len(sizes) > 2:
        pairs.append((sizes[0], sizes[-1]))
    for first, last in pairs:
        growth = [exponent(rows[first][c], rows[last][c], first, last) for c in COLUMNS]
        print(f"| exponent {first} to {last} | " + " | ".join(growth) + " |")


if __name__ == "__main__":
    main()
