"""`validate`, `check`, `grade` and `sketch` as whole commands, CPU of the process tree (the
command and its workers, from wait4), under fork and under spawn (SCREWSOLVE_START_METHOD),
against `python -c "import sympy"` measured in the same run: one file (the plate, the pre-commit
hook's case of a changed file), the 26 shipped problems, the example class (13 submissions
against the plate's key, two workers; the key solved afresh, and read from the cache) and the
plate's sketch (PNG).

Run: python bench/bench_batch.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_only import cpu, installed_env  # noqa: E402

PLATE = ROOT / "problems" / "plate-on-a-step.yaml"
PROBLEMS = ROOT / "problems"
CLASS = ROOT / "examples" / "grading"


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
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch)
        grade = ["grade", "--key", str(CLASS / "key-plate.yaml"), "--out", str(out / "grades")]
        grade += ["--jobs", "2", "--seed", "1", str(CLASS / "submissions")]
        sketch = ["sketch", str(PLATE), "-o", str(out / "plate.png")]
        commands = [
            (["validate", "--no-cache", str(PLATE)], "validate", "plate"),
            (["check", "--no-cache", str(PLATE)], "check", "plate"),
            (["validate", "--no-cache", str(PROBLEMS)], "validate", "26 problems"),
            (["check", "--no-cache", str(PROBLEMS)], "check", "26 problems"),
            ([*grade, "--no-cache"], "grade", "the example class"),
            (grade, "grade", "the example class, its key cached"),
            (sketch, "sketch", "plate"),
        ]
        for method in ("fork", "spawn"):
            env = installed_env(
                {"SCREWSOLVE_START_METHOD": method, "XDG_CACHE_HOME": str(out / method)}
            )
            for arguments, command, label in commands:
                if "cached" in label:  # the key's truth stored first
                    cpu(["screwsolve", *arguments], 300, env)
                seconds = statistics.median(
                    cpu(["screwsolve", *arguments], 300, env)[0] for _ in range(args.repeat)
                )
                print(
                    f"| {method} | {command} | {label} | {seconds:.2f} s | {seconds / floor:.2f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
