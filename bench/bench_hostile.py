"""Time and peak memory of `screwsolve validate` on hostile inputs, and on the largest problems.

Run: python bench/bench_hostile.py. Each case runs in a fresh process under /usr/bin/time.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HEAD = "title: t\nreferential: 0\nframes: {0: {}}\n"


def chain(links: int) -> str:
    """A valid open chain of `links` pinned links with a weight and a tip force each."""
    lines = [
        "title: chain",
        "referential: 0",
        "parameters: {g: positive, L: positive, m: positive, F: real}",
        "coordinates: [" + ", ".join(f"q{i}" for i in range(1, links + 1)) + "]",
        "frames:",
        "  0: {}",
    ]
    for i in range(1, links + 1):
        lines.append(f"  {i}: {{from: {i - 1}, rotate: [z, q{i}]}}")
    lines += ["points:", "  P0: {fixed_in: 0}"]
    for i in range(1, links + 1):
        lines.append(f"  P{i}: {{from: P{i - 1}, position: L*x{i}, body: {i}}}")
        lines.append(f"  G{i}: {{from: P{i - 1}, position: L/2*x{i}, body: {i}}}")
    lines.append("bodies:")
    for i in range(1, links + 1):
        lines.append(f"  {i}: {{frame: {i}, origin: P{i - 1}, mass: m, mass_center: G{i}}}")
    lines += ["gravity: -g*y0", "actions:"]
    for i in range(1, links + 1):
        lines.append(f"  - {{name: tip {i}, on: {i}, at: P{i}, force: F*y{i}}}")
    return "\n".join(lines) + "\n"


def cases(folder: Path) -> dict[str, Path]:
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
        "chain of 60 links (valid, the coordinate limit)": chain(60),
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


def measure(path: Path) -> tuple[float, int, str]:
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "screwsolve", "validate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    *messages, timing = done.stderr.strip().splitlines()
    seconds, kilobytes = timing.split()
    first = messages[0] if messages else ""
    return float(seconds), int(kilobytes) // 1024, first.replace(str(path), "FILE")[:90]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        print("| input | wall s | peak MB | first line of stderr |\n| --- | --- | --- | --- |")
        for label, path in cases(Path(folder)).items():
            seconds, megabytes, message = measure(path)
            print(f"| {label} | {seconds:.2f} | {megabytes} | {message} |")


if __name__ == "__main__":
    main()
