"""The cost model against what the work costs: for each family of tests/large_models.py (and
the two-axis chain of bench_scaling.py), at growing sizes, the estimated work of
screwsolve/model/cost.py and the whole `screwsolve run --format json`'s wall time, peak memory
and exit code.

A case the worker may take (an estimate under what its 2 GB hold) runs as the default path does,
in its worker, given `--timeout 3600` so that the clock does not stop it; a larger one runs
in-process with `--timeout 0` (no time, memory or work limit: a peak over 2 GB is one the worker
would have stopped). Each is killed after --limit seconds. What the model must give: every case
under the default budget (`x limit` at most 1) finishes inside the default 60 s and 2 GB; the
cases that would not are over it.

Run: python bench/bench_cost.py [--families chain star ...] [--limit 150]. Never run by the tests.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_scaling import measured  # noqa: E402
from tests import large_models  # noqa: E402
from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402

FAMILIES: dict[str, tuple[Callable[..., str], list[tuple[int, ...]]]] = {
    "chain": (
        large_models.chain_yaml,
        [(20,), (40,), (50,), (60,), (70,), (80,), (84,), (90,), (100,), (110,)],
    ),
    "two-axis chain": (
        two_axis_chain_yaml,
        [(20,), (30,), (40,), (45,), (48,), (50,), (55,), (60,)],
    ),
    "star": (large_models.star_yaml, [(100,), (200,), (300,), (400,)]),
    "coupled angles": (
        large_models.coupled_frames_yaml,
        [(12,), (16,), (20,), (24,), (28,), (32,), (40,)],
    ),
    "long forces": (
        large_models.long_forces_yaml,
        [(40, 60, 1000), (100, 60, 1000), (200, 60, 1000), (400, 60, 1000)],
    ),
    "spring mesh": (
        large_models.spring_mesh_yaml,
        [(6, 1), (8, 1), (9, 1), (10, 1), (11, 1), (12, 1)],
    ),
    "all-pairs springs": (
        large_models.particles_all_pairs_yaml,
        [(20,), (30,), (40,), (50,), (60,)],
    ),
    "tree": (large_models.tree_yaml, [(127,), (255,), (383,), (400,)]),
    "dense constraints": (
        large_models.dense_constraints_yaml,
        [(6, 3), (8, 4), (10, 5), (11, 5), (12, 6)],
    ),
}

ESTIMATE = """
import json, sys
from screwsolve.files.loading import load_problem
from screwsolve.model.cost import estimate
from screwsolve.model.system import build_system
from screwsolve.limits import MAX_WORK, MAX_WORK_IN_MEMORY
loaded = load_problem(sys.argv[1])
found = estimate(build_system(loaded.problem, loaded.source))
print(json.dumps({"total": found.total, "limit": MAX_WORK, "in_memory": MAX_WORK_IN_MEMORY,
                  "parts": found.parts}))
"""


def estimated(path: Path) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", ESTIMATE, str(path)], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--families", nargs="+", default=list(FAMILIES))
    parser.add_argument("--limit", type=float, default=150.0)
    args = parser.parse_args()
    print("| family | size | run | file | estimate | x limit | most | whole run | peak MB | exit |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    accepted: list[tuple[float, float, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        for family in args.families:
            make, sizes = FAMILIES[family]
            for size in sizes:
                path = Path(folder) / "model.yaml"
                path.write_text(make(*size), encoding="utf-8")
                found = estimated(path)
                total, limit = int(found["total"]), int(found["limit"])  # type: ignore[call-overload]
                parts: dict[str, int] = found["parts"]  # type: ignore[assignment]
                most = max(parts, key=parts.__getitem__)
                seconds_allowed = "3600" if total <= int(found["in_memory"]) else "0"  # type: ignore[call-overload]
                run = ["screwsolve", "run", str(path), "--format", "json"]
                run += ["--timeout", seconds_allowed]
                seconds, peak, code = measured(run, args.limit)
                label = "x".join(str(n) for n in size)
                if total <= limit:
                    accepted.append((seconds, peak, f"{family} {label}"))
                shown = f"{seconds:.1f} s" if code != -9 else f"> {args.limit:.0f} s"
                where = "worker" if seconds_allowed != "0" else "in-process"
                print(
                    f"| {family} | {label} | {where} | {path.stat().st_size / 1000:.0f} kB | {total:,} "
                    f"| {total / limit:.2f} | {most} | {shown} | {peak:.0f} | {code} |",
                    flush=True,
                )
    if accepted:
        slowest = max(accepted)
        heaviest = max(accepted, key=lambda case: case[1])
        print(
            f"\nunder the default limit: slowest {slowest[2]} ({slowest[0]:.1f} s), "
            f"heaviest {heaviest[2]} ({heaviest[1]:.0f} MB)"
        )


if __name__ == "__main__":
    main()
