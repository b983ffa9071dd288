"""A class graded one submission at a time through the autograder scripts, against `grade` on
the whole class: the same points for every file, and the time per submission.

Run: python bench/bench_autograde.py [--count 200] [--key plate] [--platform gradescope]. The
class is tests/grading_class.py's (correct forms, planted mistakes, unreadable, empty and
hostile files). The package is built with `screwsolve autograder`, laid out in a temporary root
as the platform lays out its own, and its script run once per submission (two at a time) with
this machine's screwsolve. Never run by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.grading_class import KEYS_BY_NAME, generate  # noqa: E402


def whole_class(key: Path, folder: Path, out: Path) -> dict[str, float]:
    """Points per file name from one `screwsolve grade` of the whole class."""
    command = [sys.executable, "-m", "screwsolve", "grade", "--key", str(key), str(folder)]
    subprocess.run([*command, "--out", str(out), "--no-cache"], capture_output=True, check=True)
    document = json.loads((out / "grades.json").read_text(encoding="utf-8"))
    return {
        Path(s["file"]).name: (s["score"] if s["status"] == "graded" else 0.0)
        for s in document["submissions"]
    }


def one_by_one(key: Path, files: list[Path], base: Path, platform: str) -> dict[str, float]:
    """Points per file name, each graded by the platform's script in a root of its own."""
    screwsolve = shutil.which("screwsolve") or "screwsolve"
    package = base / ("autograder.zip" if platform == "gradescope" else "question")
    built = [sys.executable, "-m", "screwsolve", "autograder", platform, str(key)]
    subprocess.run([*built, "-o", str(package)], check=True, capture_output=True)

    def run(index_file: tuple[int, Path]) -> tuple[str, float]:
        index, file = index_file
        root = base / f"root{index}"
        if platform == "gradescope":
            with zipfile.ZipFile(package) as archive:
                archive.extractall(root / "source")
            student, script, env_name = (
                root / "submission",
                root / "source/run_autograder",
                "AUTOGRADER_ROOT",
            )
        else:
            shutil.copytree(package / "tests", root / "tests")
            student, script, env_name = root / "student", root / "tests/run.sh", "GRADE_ROOT"
        student.mkdir(parents=True)
        shutil.copy(file, student / file.name)
        env = {**os.environ, env_name: str(root), "SCREWSOLVE": screwsolve}
        subprocess.run(["bash", str(script)], env=env, capture_output=True, check=True)
        document = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
        if platform == "gradescope":
            return file.name, float(document["score"])
        maximum = sum(t["max_points"] for t in document.get("tests", []))
        return file.name, float(document["score"]) * maximum

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(run, enumerate(files)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--key", default="plate", choices=list(KEYS_BY_NAME))
    parser.add_argument("--platform", default="gradescope", choices=["gradescope", "prairielearn"])
    args = parser.parse_args()
    key = KEYS_BY_NAME[args.key][0]
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        expected = generate(base / "class", args.key, args.count, seed=2027)
        files = [Path(e.file) for e in expected]
        start = time.perf_counter()
        batch = whole_class(key, base / "class", base / "out")
        batch_seconds = time.perf_counter() - start
        start = time.perf_counter()
        single = one_by_one(key, files, base, args.platform)
        single_seconds = time.perf_counter() - start
    differ = sorted(name for name in single if abs(single[name] - batch.get(name, -1)) > 1e-9)
    print(f"{args.platform}, key {args.key}: {len(files)} submissions")
    print(f"  grade on the whole class: {batch_seconds:.1f} s")
    print(
        f"  one by one through the script: {single_seconds:.1f} s "
        f"({single_seconds / len(files):.2f} s each, two at a time)"
    )
    print(
        f"  points that differ: {len(differ)}" + (f" ({', '.join(differ[:5])})" if differ else "")
    )


if __name__ == "__main__":
    main()
