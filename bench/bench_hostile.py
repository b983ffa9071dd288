"""Time and peak memory of every command on hostile inputs of at most 1 MB, and on large valid
problems; then the worst case per command.

Run: python bench/bench_hostile.py [--commands validate run check grade] [--round3-only]
[--round4-only]. Each
case runs in a fresh process under /usr/bin/time (peak RSS of the command and of the workers it
waits for). The corpus of tests/data/hostile is measured too, and the third round's cases
(tests/hostile_round3.py: feedback names, identities, keys, CI, hooks, grammar, processes),
each with its own command line, and the fourth round's limit families (tests/hostile_round4.py).
Never run by the tests.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HEAD = "title: t\nreferential: 0\nframes: {0: {}}\n"


def cases(folder: Path) -> dict[str, Path]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.large_models import chain_yaml as chain
    from tests.large_models import coupled_frames_yaml, dense_constraints_yaml

    files: dict[str, str | bytes] = {
        "20 MB file": HEAD + "parameters:\n" + "".join(f"  p{i}: real\n" for i in range(1_300_000)),
        "billion laughs": 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        + "".join(
            f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]\n"
            for p, n in zip("abcdefgh", "bcdefghi", strict=True)
        ),
        "100 000-deep nesting": "title: " + "[" * 100_000 + "]" * 100_000 + "\n",
        "60 000 YAML nodes": "title: t\nx: [" + ",".join(["1"] * 60_000) + "]\n",
        "x**10**10": HEAD + "coordinates: [x]\npoints: {O: {fixed_in: 0}}\n"
        "bodies: {1: {frame: 0, origin: O}}\nactions: [{name: a, on: 1, at: O, force: x**10**10*x0}]\n",
        "__import__ payload": HEAD
        + "points: {O: {fixed_in: 0}}\nbodies: {1: {frame: 0, origin: O}}\n"
        "actions: [{name: a, on: 1, at: O, force: \"__import__('os').system('true')\"}]\n",
        "invalid UTF-8": b"title: caf\xe9\n",
        "chain of 10 links (valid)": chain(10),
        "chain of 30 links (valid)": chain(30),
        "chain of 60 links (valid)": chain(60),
        "1 MB of comments": HEAD + ("# " + "x" * 97 + "\n") * 9_900,
        "exponent tower": HEAD + "coordinates: [x]\npoints: {O: {fixed_in: 0}}\n"
        "bodies: {1: {frame: 0, origin: O}}\n"
        "actions: [{name: a, on: 1, at: O, force: -x*((((x+1)**100)**100)**100)**100*x0}]\n",
        "40 frames by 200-term coupled angles (valid, over the work limit)": coupled_frames_yaml(
            40, 200
        ),
        "chain of 150 links (valid, over the work limit)": chain(150),
        "7 constraints mixing 14 speeds (valid, over the work limit)": dense_constraints_yaml(
            14, 7
        ),
        "1000 actions with 40-term sums": HEAD
        + "parameters: {a: real, b: real}\ncoordinates: [x]\npoints: {O: {fixed_in: 0}, "
        "P: {from: O, position: x*x0}}\nbodies: {1: {frame: 0, origin: P}}\nactions:\n"
        + "".join(
            f"  - {{name: a{i}, on: 1, at: P, force: ({' + '.join(['a*x'] * 40)})*x0}}\n"
            for i in range(390)
        ),
    }
    paths = {}
    for index, (label, content) in enumerate(files.items()):
        path = folder / f"case{index}.yaml"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths[label] = path
    return paths


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
KEY = ROOT / "examples" / "grading" / "key-plate.yaml"
HOSTILE = ROOT / "tests" / "data" / "hostile"


def command(name: str, path: Path, out: Path) -> list[str]:
    if name == "run":
        return ["run", str(path), "--format", "json"]
    if name == "check":
        return ["check", str(path), "--no-cache"]
    if name == "grade":
        return ["grade", "--key", str(KEY), str(path), "--out", str(out), "--no-cache"]
    return ["validate", str(path)]


def measure(args: list[str], path: Path) -> tuple[float, int, str]:
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "screwsolve", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    *messages, timing = done.stderr.strip().splitlines()
    seconds, kilobytes = timing.split()
    first = messages[0] if messages else done.stdout.strip().splitlines()[-1:] or [""]
    line = first if isinstance(first, str) else first[0]
    return float(seconds), int(kilobytes) // 1024, line.replace(str(path), "FILE")[:80]


def round3() -> None:
    """The third round's cases: wall time, exit code, the first line a user reads."""
    import os
    import time

    from tests.hostile_round3 import CASES

    print("\nround 3\n\n| family | case | wall s | exit | first line |")
    print("| --- | --- | --- | --- | --- |")
    for case in CASES:
        with tempfile.TemporaryDirectory() as folder:
            args = case.make(Path(folder))
            env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
            env.update(case.env)
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "screwsolve", *args],
                cwd=folder,
                env=env,
                capture_output=True,
                text=True,
                check=False,
                stdin=subprocess.DEVNULL,
                **({"preexec_fn": lambda: os.close(0)} if case.stdin_closed else {}),
            )
            seconds = time.perf_counter() - start
        first = (done.stderr.strip() or done.stdout.strip()).splitlines()[:1] or [""]
        line = first[0].replace(folder, "DIR").replace("|", "/")[:70]
        print(f"| {case.family} | {case.label} | {seconds:.2f} | {done.returncode} | {line} |")


def round4() -> None:
    """The fourth round's limit families: wall time and peak memory under /usr/bin/time, exit
    code and the first line a user reads, then the 14-link chain's 392 hand-derived claims."""
    from tests.hostile_round4 import CASES, long_chain_claims_yaml

    print("\nround 4\n\n| family | case | wall s | peak MB | exit | first line |")
    print("| --- | --- | --- | --- | --- | --- |")
    for case in CASES:
        with tempfile.TemporaryDirectory() as folder:
            args = case.make(Path(folder))
            _report_row(case.family, case.label, args, folder)
    with tempfile.TemporaryDirectory() as folder:
        for links in (14, 16):
            path = Path(folder) / f"chain{links}.yaml"
            path.write_text(long_chain_claims_yaml(links), encoding="utf-8")
            args = ["check", path.name, "--no-cache", "--timeout", "20"]
            _report_row("claims", f"{links}-link chain, {2 * links * links} claims", args, folder)


def _report_row(family: str, label: str, args: list[str], folder: str) -> None:
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "screwsolve", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    *messages, timing = done.stderr.strip().splitlines()
    seconds, kilobytes = timing.split()
    first = (messages or done.stdout.strip().splitlines() or [""])[0]
    line = first.replace(folder, "DIR").replace("|", "/")[:90]
    print(
        f"| {family} | {label} | {float(seconds):.2f} | {int(kilobytes) // 1024} | "
        f"{done.returncode} | {line} |"
    )


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", nargs="+", default=["validate", "run", "check", "grade"])
    parser.add_argument("--round3-only", action="store_true")
    parser.add_argument("--round4-only", action="store_true")
    args = parser.parse_args()
    if args.round4_only:
        round4()
        return
    round3()
    if args.round3_only:
        return
    round4()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        inputs = cases(base)
        small = [p for p in sorted(HOSTILE.glob("*.yaml")) if p.stat().st_size <= 1_000_000]
        inputs.update({f"corpus: {p.name}": p for p in small})
        inputs = {k: p for k, p in inputs.items() if p.stat().st_size <= 1_000_000}
        slowest: dict[str, tuple[float, str]] = {}
        heaviest: dict[str, tuple[int, str]] = {}
        for name in args.commands:
            print(f"\n{name}\n\n| input | wall s | peak MB | last message |")
            print("| --- | --- | --- | --- |")
            for label, path in inputs.items():
                seconds, megabytes, message = measure(command(name, path, base / "out"), path)
                print(f"| {label} | {seconds:.2f} | {megabytes} | {message} |")
                slowest[name] = max(slowest.get(name, (0.0, "")), (seconds, label))
                heaviest[name] = max(heaviest.get(name, (0, "")), (megabytes, label))
        print(f"\n{len(inputs)} inputs of at most 1 MB (hostile corpus: {len(small)} files)\n")
        print("| command | slowest input | s | heaviest input | peak MB |")
        print("| --- | --- | --- | --- | --- |")
        for name in args.commands:
            (seconds, slow), (megabytes, heavy) = slowest[name], heaviest[name]
            print(f"| {name} | {slow} | {seconds:.2f} | {heavy} | {megabytes} |")


if __name__ == "__main__":
    main()
