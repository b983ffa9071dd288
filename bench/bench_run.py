"""Whole runs against the plain sympy.physics.mechanics route, as a user would time them.

Each row is the median wall time of whole processes (start-up and imports included), all in one
run so the ratios share the machine's load:

- `screwsolve run FILE --format json` (every screw, partial screw, power and coefficient, each
  printed as text and LaTeX);
- `python bench/sympy_route.py ...`: the same quantities by sympy.physics.mechanics, printed as
  text and LaTeX, unsimplified (the cheapest sympy route);
- `python -c "import sympy"`, the floor under both.
Each row's commands take turns with `import sympy` (one repetition of each, then the next), so
that a change in the machine's load falls on all of them; the plate is also run with the spawn
start method of macOS and Windows (SCREWSOLVE_START_METHOD=spawn).

Files: the n-link chains of tests/two_axis_chain.py (two rotations per link, weights, tip forces, spring-
damper couples) and problems/plate-on-a-step.yaml.

Run: python bench/bench_run.py [--links 3 5 8 12] [--sympy-up-to 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_cli import walls  # noqa: E402

ROUTE = str(ROOT / "bench" / "sympy_route.py")
PLATE = str(ROOT / "problems" / "plate-on-a-step.yaml")


def _run(path: str, output: str = "json") -> list[str]:
    return [sys.executable, "-m", "screwsolve", "run", path, "--format", output]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--links", type=int, nargs="+", default=[3, 5, 8, 12])
    parser.add_argument("--sympy-up-to", type=int, default=5, help="skip the sympy route above")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    plate = [
        [sys.executable, "-c", "import sympy"],
        _run(PLATE),
        [sys.executable, ROUTE, "plate"],
        _run(PLATE),
        _run(PLATE, "table"),
    ]
    spawn = {"SCREWSOLVE_START_METHOD": "spawn"}
    floor, ours, theirs, spawned, table = walls(plate, args.repeat, [{}, {}, {}, spawn, {}])
    print(f"python -c 'import sympy': {floor:.2f} s\n")
    print("| file | screwsolve run --format json | sympy route | ratio | x import sympy |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| plate | {ours:.2f} s | {theirs:.2f} s | {ours / theirs:.2f} | {ours / floor:.2f} |")
    print(
        f"| plate (spawn) | {spawned:.2f} s | {theirs:.2f} s | {spawned / theirs:.2f} "
        f"| {spawned / floor:.2f} |"
    )
    print(f"| plate (table) | {table:.2f} s | | | {table / floor:.2f} |")
    with tempfile.TemporaryDirectory() as folder:
        from tests.two_axis_chain import two_axis_chain_yaml

        for links in args.links:
            chain = Path(folder) / f"chain{links}.yaml"
            chain.write_text(two_axis_chain_yaml(links), encoding="utf-8")
            commands = [plate[0], _run(str(chain))]
            if links <= args.sympy_up_to:
                commands.append([sys.executable, ROUTE, "chain", str(links)])
            floor, ours, *route = walls(commands, args.repeat)
            if not route:
                print(f"| chain n={links} | {ours:.2f} s | - | - | {ours / floor:.2f} |")
                continue
            theirs = route[0]
            print(
                f"| chain n={links} | {ours:.2f} s | {theirs:.2f} s | {ours / theirs:.2f} "
                f"| {ours / floor:.2f} |"
            )


if __name__ == "__main__":
    main()
