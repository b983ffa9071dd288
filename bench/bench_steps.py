"""What `run --steps` (the worked solution of every action screw) costs beside the plain `run`,
as whole processes (CPU of the command and its workers, from wait4; peak MB; bytes of JSON):

- towers of frames turned about z and x in turn by parameters (tests/render/test_deep_frames.py),
  where the worked solution once grew exponentially with the depth;
- two-axis chains of n links (tests/two_axis_chain.py), where every screw's worked solution
  writes out a partial screw per coordinate.

Every command is `screwsolve run FILE --format json --no-cache --timeout T`, run as an installed
package runs (bytecode written). A case past `--limit` seconds is killed and shown as such.

Run: python bench/bench_steps.py [--depths 20 30 60 120] [--links 10 20 40 60] [--limit 300]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_only import cpu, installed_env  # noqa: E402
from tests.render.test_deep_frames import _tower  # noqa: E402
from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402


def measure(path: Path, steps: bool, limit: float) -> str:
    command = [sys.executable, "-m", "screwsolve", "run", str(path), "--format", "json"]
    command += ["--no-cache", "--timeout", str(int(limit) + 60)]
    seconds, megabytes, size, code = cpu(
        [*command, *(["--steps"] if steps else [])], limit, installed_env()
    )
    if code == -9:
        return f"killed past {limit:.0f} s"
    return f"{seconds:7.2f} s {megabytes:7.0f} MB {size / 1e6:7.2f} MB out (exit {code})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depths", type=int, nargs="*", default=[20, 30, 60, 120])
    parser.add_argument("--links", type=int, nargs="*", default=[10, 20, 40, 60])
    parser.add_argument("--limit", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cases = [(f"tower {d}", _tower(d)) for d in args.depths]
        cases += [(f"two-axis chain {n}", two_axis_chain_yaml(n)) for n in args.links]
        for name, text in cases:
            path = Path(folder) / f"{name.replace(' ', '-')}.yaml"
            path.write_text(text, encoding="utf-8")
            for steps in (False, True):
                label = "--steps" if steps else "plain"
                print(f"{name:20} {label:8} {measure(path, steps, args.limit)}", flush=True)


if __name__ == "__main__":
    main()
