"""What `run --only` and `run`'s answer cache save, as whole processes (CPU of the command and
its workers, from wait4), against `python -c "import sympy"` measured in the same run.

- chains (tests/two_axis_chain.py) of n links: `run --format json` whole, then with
  `--only power_coefficients` (each with `--no-cache`), CPU seconds, peak MB, output size; run
  as users run it (in a worker, given `--timeout 3600` so that only the work decides), or with
  `--in-process` in the command's own process (`--timeout 0`), or with `--past-depth` in-process
  with the frame-depth limit lifted (a 60-link chain's frames are 120 rotations deep: what the
  limits refuse, measured);
- the plate: `run` solved (`--no-cache`), split into the command's own process and its
  worker, the same command answered from the cache, and `import sympy`; `validate` of the
  plate with `--no-cache` and answered from its cache (the pre-commit hook's case: an unchanged
  file).

Every command runs as an installed package does, its bytecode compiled once beforehand
(PYTHONDONTWRITEBYTECODE is dropped: with it, each command compiled screwsolve's hundred
modules again, 0.15 s, while sympy's came precompiled from its wheel).

Run: python bench/bench_only.py [--links 4 8 12 16 20] [--limit 600] [--in-process]
[--past-depth]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.two_axis_chain import two_axis_chain_yaml  # noqa: E402

# `screwsolve` with the frame-depth limit lifted, for --past-depth (never shipped: the limit
# stands until the work estimate lets such chains through)
PAST_DEPTH = (
    "import sys; import screwsolve.model.frames as frames; frames.MAX_FRAME_DEPTH = 10**6; "
    "from screwsolve.launch import main; sys.argv[0] = 'screwsolve'; main()"
)


# The plate's `run` with the CPU of its own process and of its worker written to standard error
# at exit (os.times: the process's own, and its waited-for children's)
SPLIT = (
    "import atexit, os, sys; "
    "atexit.register(lambda: sys.stderr.write('split %f %f\\n' % (os.times().user + "
    "os.times().system, os.times().children_user + os.times().children_system))); "
    "from screwsolve.launch import main; sys.argv[0] = 'screwsolve'; main()"
)


def installed_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """This process's environment as an installed screwsolve runs in: bytecode written."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **(extra or {})}


def split_cpu(command: list[str], times: int, env: dict[str, str]) -> tuple[float, float]:
    """Median CPU seconds of the command's own process and of its worker (SPLIT's report)."""
    own, worker = [], []
    for _ in range(times):
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        line = next(x for x in done.stderr.splitlines() if x.startswith("split "))
        first, second = line.split()[1:]
        own.append(float(first))
        worker.append(float(second))
    return statistics.median(own), statistics.median(worker)


def cpu(
    command: list[str], limit: float, env: dict[str, str] | None = None
) -> tuple[float, float, int, int]:
    """(CPU seconds of the process tree, peak MB of its largest process, bytes written to
    standard output, exit code); exit -9 past `limit` seconds."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=env)
        deadline = time.perf_counter() + limit
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                status = -9
                break
            time.sleep(0.02)
        size = out.tell()
    code = status if status == -9 else os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, size, code


def median_cpu(command: list[str], times: int, env: dict[str, str] | None = None) -> float:
    return statistics.median(cpu(command, 120, env)[0] for _ in range(times))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--links", type=int, nargs="+", default=[4, 8, 12, 16, 20])
    parser.add_argument("--limit", type=float, default=600.0)
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="solve in the command's own process (--timeout 0), as this script measured first",
    )
    parser.add_argument(
        "--past-depth",
        action="store_true",
        help="solve in-process with the frame-depth limit lifted (60 links and more)",
    )
    args = parser.parse_args()
    # the default path (a worker), its clock long enough that only the work decides
    timeout = "0" if args.in_process or args.past_depth else "3600"
    launcher = [sys.executable, "-c", PAST_DEPTH] if args.past_depth else ["screwsolve"]
    env = installed_env()
    subprocess.run(["screwsolve", "--version"], env=env, capture_output=True, check=True)
    subprocess.run(  # every module of the solver imported once: its bytecode written
        ["screwsolve", "run", str(ROOT / "problems" / "plate-on-a-step.yaml"), "--no-cache"],
        env=env,
        capture_output=True,
        check=True,
    )
    floor = median_cpu([sys.executable, "-c", "import sympy"], 5, env)
    print(f'`python -c "import sympy"`: {floor:.2f} s CPU (median of 5)\n')
    print("| n | whole: CPU | x sympy | MB | output | --only Q: CPU | x sympy | MB | output |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        for links in args.links:
            path = Path(folder) / f"chain{links}.yaml"
            path.write_text(two_axis_chain_yaml(links), encoding="utf-8")
            base = [*launcher, "run", str(path), "-f", "json", "--no-cache"]
            base += ["--timeout", timeout]
            cells = []
            for command in (base, [*base, "--only", "power_coefficients"]):
                seconds, peak, size, code = cpu(command, args.limit, env)
                shown = f"{seconds:.2f} s" if code == 0 else f"exit {code}"
                cells.append(f"{shown} | {seconds / floor:.1f} | {peak:.0f} | {size / 1e6:.2f} MB")
            print(f"| {links} | " + " | ".join(cells) + " |", flush=True)
        cache = Path(folder) / "cache"
        env = installed_env({"XDG_CACHE_HOME": str(cache)})
        plate = ["screwsolve", "run", str(ROOT / "problems" / "plate-on-a-step.yaml")]
        solved = median_cpu([*plate, "--no-cache"], 5, env)
        route = median_cpu(
            [sys.executable, str(ROOT / "bench" / "sympy_route.py"), "plate"], 5, env
        )
        split = [sys.executable, "-c", SPLIT, *plate[1:], "--no-cache"]
        own, worker = split_cpu(split, 5, env)
        cpu(plate, 120, env)  # stores the answer
        cached = median_cpu(plate, 5, env)
        check = ["screwsolve", "validate", str(ROOT / "problems" / "plate-on-a-step.yaml")]
        validated = median_cpu([*check, "--no-cache"], 5, env)
        cpu(check, 120, env)  # stores the verdict
        revalidated = median_cpu(check, 5, env)
    print(
        f"\nplate: solved {solved:.2f} s CPU ({solved / floor:.2f}x import sympy, "
        f"{solved / route:.2f}x the sympy route's {route:.2f} s); the command's own process "
        f"{own:.2f} s, its worker {worker:.2f} s; from the cache {cached:.2f} s "
        f"({cached / floor:.2f}x)"
    )
    print(
        f"validate: {validated:.2f} s CPU ({validated / floor:.2f}x import sympy); "
        f"from the cache {revalidated:.2f} s ({revalidated / floor:.2f}x)"
    )


if __name__ == "__main__":
    main()
