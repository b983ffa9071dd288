"""Grade 1000 generated submissions for the plate key (right, wrong, malformed, hostile).

Run: python bench/bench_grade.py [--count N]. Prints the wall time of `screwsolve grade` with a
cold and a warm key cache, and the cost per submission. Never run by the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEY = ROOT / "examples" / "grading" / "key-plate.yaml"
RIGHT = {
    "x": "F_A - N_Q*sin(theta) + F_Q*cos(theta)",
    "theta": "-m*g*l*cos(theta) + h*N_Q/sin(theta)",
    "weight": "-m*g*l*cos(theta)",
}
WRONG = {
    "x": ["F_A + N_Q*sin(theta) - F_Q*cos(theta)", "F_A + F_Q*cos(theta)", "F_A"],
    "theta": ["-m*g*l*cos(theta)", "m*g*l*cos(theta) + h*N_Q/sin(theta)", "h*N_Q*sin(theta)"],
    "weight": ["m*g*l*cos(theta)", "-m*g*l*sin(theta)"],
}
BROKEN = ["F_A - N_Q*sin(theta", "__import__('os')", "x0*y0", "F_A +* 2", "sin(theta"]


def submission(index: int, rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.05:
        return f"student: s{index}\nproblem: plate-2026\nanswers: [broken\n"
    if kind < 0.08:
        return f"student: s{index}\nproblem: other\nanswers: {{}}\n"
    values = {}
    for item, right in RIGHT.items():
        roll = rng.random()
        values[item] = (
            right if roll < 0.6 else rng.choice(WRONG[item]) if roll < 0.9 else rng.choice(BROKEN)
        )
    return (
        f"student: s{index}\nproblem: plate-2026\nanswers:\n"
        "  partial_screws:\n    1:\n"
        "      x: {resultant: 0, moment: x0, at: A}\n"
        "      theta: {resultant: z0, moment: 0, at: A}\n"
        "  power_coefficients:\n"
        f'    x: "{values["x"]}"\n'
        f'    theta: "{values["theta"]}"\n'
        f'    weight: {{theta: "{values["weight"]}"}}\n'
        "  noncontributing: []\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        subs = base / "subs"
        subs.mkdir()
        for i in range(args.count):
            (subs / f"s{i:04d}.yaml").write_text(submission(i, rng), encoding="utf-8")
        env = {**os.environ, "XDG_CACHE_HOME": str(base / "cache")}
        for label in ("cold key cache", "warm key cache"):
            start = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "screwsolve",
                    "grade",
                    "--key",
                    str(KEY),
                    str(subs),
                    "--out",
                    str(base / "out"),
                ],
                env=env,
                capture_output=True,
                check=False,
            )
            seconds = time.perf_counter() - start
            print(
                f"{label}: {args.count} submissions in {seconds:.2f} s "
                f"({1000 * seconds / args.count:.1f} ms each)"
            )


if __name__ == "__main__":
    main()
