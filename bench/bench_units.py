"""What units cost: every shipped problem built (parsed, validated, checked) with its `units:`
and with them removed, in one process; `validate problems/` as a whole command both ways; and
the import of sympy.physics.units, which only a file with units pays.

Run: python bench/bench_units.py [--repeat N]. Never run by the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screwsolve.files.loading import load_problem_text  # noqa: E402
from screwsolve.model.system import build_system  # noqa: E402


def without_units(text: str) -> str:
    """The file with its `units:` block (one flow mapping, possibly over several lines) cut."""
    lines = text.splitlines(keepends=True)
    out, skipping = [], False
    for line in lines:
        if line.startswith("units:"):
            skipping = not line.rstrip().endswith("}")
            continue
        if skipping:
            skipping = not line.rstrip().endswith("}")
            continue
        out.append(line)
    return "".join(out)


def build_time(text: str, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        loaded = load_problem_text(text, "bench.yaml")
        build_system(loaded.problem, loaded.source)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def wall(command: list[str], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print("| problem | build with units | without | extra |")
    print("| --- | --- | --- | --- |")
    totals = [0.0, 0.0]
    plain_dir = Path(tempfile.mkdtemp())
    for path in sorted((ROOT / "problems").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        plain = without_units(text)
        assert "units:" not in plain, path
        (plain_dir / path.name).write_text(plain, encoding="utf-8")
        build_time(text, 1)  # warm: frames and printers' first use
        with_units, without = build_time(text, repeat), build_time(plain, repeat)
        totals[0] += with_units
        totals[1] += without
        print(f"| {path.stem} | {with_units * 1000:.1f} ms | {without * 1000:.1f} ms | "
              f"{(with_units - without) * 1000:+.1f} ms |")  # fmt: skip
    print(f"| all 21 | {totals[0]:.3f} s | {totals[1]:.3f} s | {totals[0] - totals[1]:+.3f} s |")
    python = sys.executable
    imports = wall([python, "-c", "import sympy"], repeat)
    units_import = wall([python, "-c", "import sympy, sympy.physics.units"], repeat)
    with_dir = wall([python, "-m", "screwsolve", "validate", "problems"], repeat)
    without_dir = wall([python, "-m", "screwsolve", "validate", str(plain_dir)], repeat)
    print()
    print("| command | median wall |")
    print("| --- | --- |")
    print(f"| import sympy | {imports:.2f} s |")
    print(f"| import sympy, sympy.physics.units | {units_import:.2f} s |")
    print(f"| validate problems/ (with units) | {with_dir:.2f} s |")
    print(f"| validate the same without units | {without_dir:.2f} s |")


if __name__ == "__main__":
    main()
