"""Wall time of whole commands against `python -c "import sympy"` (the floor of any solve).

Run: python bench/bench_cli.py [--repeat N]. Prints a table of median wall times in seconds.
Never run by the test suite: timings are measured here, not asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = {
    'python -c "import sympy"': [sys.executable, "-c", "import sympy"],
    "screwsolve --version": [sys.executable, "-m", "screwsolve", "--version"],
    "screwsolve validate plate": [
        sys.executable,
        "-m",
        "screwsolve",
        "validate",
        "problems/plate-on-a-step.yaml",
    ],
    "screwsolve run plate": [
        sys.executable,
        "-m",
        "screwsolve",
        "run",
        "problems/plate-on-a-step.yaml",
    ],
    "screwsolve run sphere": [
        sys.executable,
        "-m",
        "screwsolve",
        "run",
        "problems/rolling-sphere.yaml",
    ],
    "screwsolve check problems/": [sys.executable, "-m", "screwsolve", "check", "problems"],
}


def wall(command: list[str], repeat: int, environment: dict[str, str] | None = None) -> float:
    """Median wall time of a command over `repeat` runs (`environment` added to this one's)."""
    return walls([command], repeat, [environment or {}])[0]


def walls(
    commands: list[list[str]], repeat: int, environments: list[dict[str, str]] | None = None
) -> list[float]:
    """Median wall time of each command, the commands taking turns so that a change in the
    machine's load falls on all of them."""
    extra = environments or [{} for _ in commands]
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(repeat):
        for command, added, samples in zip(commands, extra, times, strict=True):
            start = time.perf_counter()
            subprocess.run(
                command, cwd=ROOT, capture_output=True, check=True, env={**os.environ, **added}
            )
            samples.append(time.perf_counter() - start)
    return [statistics.median(samples) for samples in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    floor = None
    print(f"{'command':32} {'median s':>9} {'x import sympy':>15}")
    for label, command in COMMANDS.items():
        seconds = wall(command, args.repeat)
        floor = floor or seconds
        print(f"{label:32} {seconds:9.2f} {seconds / floor:15.2f}")


if __name__ == "__main__":
    main()
