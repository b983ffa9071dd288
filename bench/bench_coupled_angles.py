"""Frames turned by angles that mix many coordinates: n frames in a line, frame i turned about
z or x by a 200-term sum of p_j*q_k, a point per frame, a force on each body. Inside every count
limit (84 kB at n = 40); the chain of bench_scaling.py has one coordinate per angle.

Run: python bench/bench_coupled_angles.py [--frames 16 24 32 40] [--terms 200]. Prints the time
to build the system and to compute every Q^q and Q^t (the core), in this process. Never run by
the test suite.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screwsolve.files.loading import load_problem_text  # noqa: E402
from screwsolve.mechanics.analysis import Analysis  # noqa: E402
from screwsolve.model.system import build_system  # noqa: E402
from tests.large_models import coupled_frames_yaml  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, nargs="+", default=[16, 24, 32, 40])
    parser.add_argument("--terms", type=int, default=200)
    args = parser.parse_args()
    print("| n | file | build | Q^q and Q^t |")
    print("| --- | --- | --- | --- |")
    for frames in args.frames:
        text = coupled_frames_yaml(frames, args.terms)
        start = time.perf_counter()
        loaded = load_problem_text(text, f"coupled-{frames}.yaml")
        system = build_system(loaded.problem, loaded.source)
        built = time.perf_counter()
        _ = Analysis(system).actions
        done = time.perf_counter()
        print(
            f"| {frames} | {len(text) / 1000:.0f} kB | {built - start:.2f} s | "
            f"{done - built:.2f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
