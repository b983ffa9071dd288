"""What `screwsolve.to_mechanics` takes on towers of frames turned about z and x in turn by
parameters (tests/render/test_deep_frames.py): the problem analysed first, then the export alone
timed (CPU seconds, in this process), each depth in a fresh process so that no cache is shared.

Run: python bench/bench_export.py [--depths 20 30 60 100 120] [--limit 300]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ONE_DEPTH = """
import sys, time
sys.path.insert(0, {root!r})
from screwsolve.api import analyse
from screwsolve.files.loading import load_problem_text
from screwsolve.mechanics.export import to_mechanics
from tests.render.test_deep_frames import _tower
analysis = analyse(load_problem_text(_tower({depth}), "tower.yaml"))
start = time.process_time()
model = to_mechanics(analysis)
print(f"{{time.process_time() - start:.2f}} s, {{len(model.points)}} points")
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", type=int, nargs="+", default=[20, 30, 60, 100, 120])
    parser.add_argument("--limit", type=float, default=300.0)
    args = parser.parse_args()
    for depth in args.depths:
        code = ONE_DEPTH.format(root=str(ROOT), depth=depth)
        try:
            done = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, timeout=args.limit
            )
            shown = done.stdout.strip() or done.stderr.strip().splitlines()[-1]
        except subprocess.TimeoutExpired:
            shown = f"killed past {args.limit:.0f} s"
        print(f"tower {depth:4}  to_mechanics {shown}", flush=True)


if __name__ == "__main__":
    main()
