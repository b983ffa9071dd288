"""`validate` and `check` as whole commands, CPU of the process tree (the command and its
workers, from wait4), under fork and under spawn (SCREWSOLVE_START_METHOD), against
`python -c "import sympy"` measured in the same run: one file (the plate, the pre-commit
hook's case of a changed file) and the 26 shipped problems.

Run: python bench/bench_batch.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_only import cpu, installed_env  # noqa: E402

PLATE = ROOT / "problems" / "plate-on-a-step.yaml"
PROBLEMS = ROOT / "problems"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    floor = statistics.median(
        cpu([sys.executable, "-c", "import sympy"], 60, installed_env())[0]
        for _ in range(args.repeat)
    )
    print(f'`python -c "import sympy"`: {floor:.2f} s CPU (median of {args.repeat})\n')
    print("| start method | command | files | CPU (median) | x import sympy |")
    print("| --- | --- | --- | --- | --- |")
    for method in ("fork", "spawn"):
        env = installed_env({"SCREWSOLVE_START_METHOD": method})
        for command, target, label in (
            ("validate", PLATE, "plate"),
            ("check", PLATE, "plate"),
            ("validate", PROBLEMS, "26 problems"),
            ("check", PROBLEMS, "26 problems"),
        ):
            seconds = statistics.median(
                cpu(["screwsolve", command, "--no-cache", str(target)], 300, env)[0]
                for _ in range(args.repeat)
            )
            print(
                f"| {method} | {command} | {label} | {seconds:.2f} s | {seconds / floor:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
