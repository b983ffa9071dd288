"""Grade generated classes of a thousand submissions per key, and check every verdict.

Run: python bench/bench_grade.py [--count N] [--keys plate slider]. For each key the class of
tests/grading_class.py (40 % correct in equivalent forms, 35 % typical mistakes, 10 % unreadable,
5 % empty, 10 % hostile; expected verdicts by construction, never from `grade`) is written,
then `screwsolve grade` runs as a whole process twice: with a cold key cache (the key is solved
and checked) and a warm one (the cache must skip solving it). Prints wall time, peak memory of
the process and its workers, and the verdict audit: correct answers marked wrong, wrong answers
marked correct, rows missing, and the share of mistakes recognised. Never run by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.grading_class import KEYS_BY_NAME, Expected, generate  # noqa: E402


def run_grade(key: Path, submissions: Path, out: Path, cache: Path) -> tuple[float, float]:
    """(seconds, peak MB of the command and its workers) of one whole `screwsolve grade`."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    command = [sys.executable, "-m", "screwsolve", "grade", "--key", str(key)]
    command += ["--out", str(out), "--seed", "7", str(submissions)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if done.returncode != 0:
        raise SystemExit(f"grade failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, max(peak, before) / 1024


def audit(expected: list[Expected], document: dict) -> Counter[str]:
    """Compare every row and item with the class as constructed."""
    rows = {Path(s["file"]).name: s for s in document["submissions"]}
    tally: Counter[str] = Counter()
    for want in expected:
        row = rows.get(Path(want.file).name)
        if row is None:
            tally["rows missing"] += 1
            continue
        tally["rows"] += 1
        if row["status"] != want.status:
            tally["status differs"] += 1
        items = {i["item"]: i for i in row["items"]}
        for item, (verdict, code) in want.items.items():
            got = items.get(item, {}).get("verdict")
            if verdict == "correct" and got != "correct":
                tally["correct marked not correct"] += 1
            if verdict != "correct" and got == "correct":
                tally["not correct marked correct"] += 1
            if verdict == "wrong":
                tally["mistakes"] += 1
                # named by a cause the value supports (several when it cannot tell which)
                found = code in items[item]["mistake"].split("|") or (
                    code == "names" and items[item]["feedback"]
                )
                tally["mistakes recognised"] += int(bool(found))
            elif got != verdict:
                tally[f"{verdict} marked {got}"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--keys", nargs="+", default=list(KEYS_BY_NAME))
    args = parser.parse_args()
    for key in args.keys:
        key_path = KEYS_BY_NAME[key][0]
        with tempfile.TemporaryDirectory() as folder:
            base = Path(folder)
            expected = generate(base / "class", key, args.count, seed=2026)
            hostile = sum(1 for e in expected if e.category == "hostile")
            print(f"{key}: {len(expected)} submissions ({hostile} hostile)")
            for label in ("cold key cache", "warm key cache"):
                seconds, peak = run_grade(key_path, base / "class", base / "out", base / "cache")
                print(f"  {label}: {seconds:.1f} s, peak {peak:.0f} MB")
            document = json.loads((base / "out" / "grades.json").read_text(encoding="utf-8"))
            tally = audit(expected, document)
            share = tally["mistakes recognised"] / max(1, tally["mistakes"])
            print(f"  audit: {dict(sorted(tally.items()))}")
            print(f"  mistakes recognised: {share:.1%}")


if __name__ == "__main__":
    main()
