"""Hostile round 3: each case of tests/hostile_round3.py run through the installed command, and
the outcomes a user must get: no traceback, no hang, no leaked name, no lost report, nothing
written where it was not asked. Then what needs a process or a file system of its own: a killed
parent, a full disk, a FIFO in the cache, a cache folder that is a link."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from ..hostile_round3 import CASES, KEY, Case, answer
from ..two_axis_chain import two_axis_chain_yaml

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

BY_LABEL = {case.label: case for case in CASES}


def run_case(case: Case, folder: Path) -> subprocess.CompletedProcess[str]:
    args = case.make(folder)
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    for variable in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY"):  # the test's CI is not the case's
        env.pop(variable, None)
    env.update(case.env)
    stdin = subprocess.DEVNULL
    done = subprocess.run(
        ["screwsolve", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        stdin=stdin,
        **({"preexec_fn": lambda: os.close(0)} if case.stdin_closed else {}),
    )
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    return done


def _run(label: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return run_case(BY_LABEL[label], folder)


def test_feedback_names_never_collide(tmp_path: Path) -> None:
    done = _run("54 submissions: duplicates, case, devices, long", tmp_path)
    assert done.returncode == 0, done.stderr
    names = [p.name for p in (tmp_path / "out" / "feedback").iterdir()]
    submitted = len(list((tmp_path / "subs").iterdir()))
    assert len(names) == submitted == len({n.casefold() for n in names}) == 54
    devices = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10))}
    devices |= {f"lpt{i}" for i in range(10)}
    assert not [n for n in names if n.split(".")[0].casefold() in devices]
    assert all(len(n) <= 70 and n.isascii() and "/" not in n for n in names)
    assert not [n for n in names if n.startswith(".") or n.endswith((". ", " "))]


def test_the_lms_folder_is_the_identity(tmp_path: Path) -> None:
    done = _run("Moodle folders, a file named after another's folder", tmp_path)
    assert done.returncode == 0, done.stderr
    with (tmp_path / "out" / "moodle.csv").open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    # Mallory's folder holds a file named as Alice's: it is Mallory's (participant 102)
    assert {row[0] for row in rows[1:]} == {"Participant 101", "Participant 102"}, rows


def test_anonymised_reports_name_nobody(tmp_path: Path) -> None:
    done = _run("--anonymise with a broken submission", tmp_path)
    assert done.returncode == 0, done.stderr
    shown = done.stdout + done.stderr
    for path in (tmp_path / "out").rglob("*"):
        if path.is_file():
            shown += path.name + path.read_text(encoding="utf-8")
    for secret in ("Alice", "Mallory", "Smith", "Jones", "assignsubmission"):
        assert secret not in shown, secret


@pytest.mark.parametrize("label", ["points: nan", "points: -3", "points: 1e300"])
def test_a_key_with_impossible_points_is_refused_where_written(label: str, tmp_path: Path) -> None:
    done = _run(label, tmp_path)
    assert done.returncode == 1
    assert "key.yaml:44:27: grading.points.power_coefficients.x:" in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_file_name_never_forges_a_workflow_command(tmp_path: Path) -> None:
    done = _run("a failing file named like a workflow command", tmp_path)
    assert done.returncode == 1
    forged = [line for line in done.stdout.splitlines() if line.startswith("::error file=README")]
    assert forged == [], done.stdout
    assert "./::error file=README.md,line=1::forged.yaml:42:9:" in done.stdout


def test_hostile_ignore_patterns_are_skipped_or_matched_in_linear_time(tmp_path: Path) -> None:
    done = _run("invalid and backtracking ignore patterns", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr  # drafts/ (broken) still ignored
    assert "1 file, 10 claims, 0 failed" in done.stdout


def test_a_step_summary_that_cannot_be_written_costs_nothing(tmp_path: Path) -> None:
    done = _run("GITHUB_STEP_SUMMARY is a folder", tmp_path)
    assert done.returncode == 0
    assert "1 file, 10 claims, 0 failed" in done.stdout
    assert "warning: job summary not written" in done.stderr


def test_a_staged_file_named_like_an_option_stays_a_file(tmp_path: Path) -> None:
    done = _run("a staged file named --junit=victim.yaml", tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "victim.yaml").read_text(encoding="utf-8") == "keep me\n"
    assert "1 file, 10 claims, 0 failed" in done.stdout


@pytest.mark.parametrize(
    ("label", "where"),
    [
        ("a float raised to a power", "p.yaml:30:42: a number of more than 400 digits"),
        ("a series claim of order 12", "p.yaml:41:9: the order of a series answer is 0 to 6"),
        ("a frame named by an Arabic-Indic digit", "p.yaml:20:3: frame '٣' is not a plain"),
    ],
)
def test_grammar_limits_are_located_at_validation(label: str, where: str, tmp_path: Path) -> None:
    done = _run(label, tmp_path)
    assert done.returncode == 1 and where in done.stderr, done.stderr


@pytest.mark.parametrize(
    "label", ["run - with standard input closed", "check - with standard input closed"]
)
def test_closed_standard_input_is_a_usage_error(label: str, tmp_path: Path) -> None:
    done = _run(label, tmp_path)
    assert done.returncode == 2 and "standard input is closed" in done.stderr


def test_an_output_link_is_refused_and_its_target_kept(tmp_path: Path) -> None:
    done = _run("--output is a link", tmp_path)
    assert done.returncode == 2 and "is a link" in done.stderr
    assert (tmp_path / "target.txt").read_text(encoding="utf-8") == "keep me\n"


def test_no_submissions_is_a_usage_error(tmp_path: Path) -> None:
    done = _run("an empty submissions folder", tmp_path)
    assert done.returncode == 2 and "no submissions in" in done.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGHUP])
def test_a_worker_dies_with_its_parent(sig: signal.Signals, tmp_path: Path) -> None:
    """A 30-link chain solves for about 20 s in its worker: the parent killed after 3 s, the
    worker is gone within 5 s more (it would otherwise run to its own end)."""
    problem = tmp_path / "chain.yaml"
    problem.write_text(two_axis_chain_yaml(30), encoding="utf-8")
    parent = subprocess.Popen(
        ["screwsolve", "run", str(problem), "--format", "json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(3)
    children = subprocess.run(
        ["pgrep", "-P", str(parent.pid)], capture_output=True, text=True
    ).stdout.split()
    assert children, "the run's worker was not found"
    parent.send_signal(sig)
    parent.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(int(c)) for c in children):
        time.sleep(0.2)
    assert not any(_alive(int(c)) for c in children)


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return False
    return "State:\tZ" not in status


def test_a_full_disk_leaves_the_previous_reports_whole(tmp_path: Path) -> None:
    """The second run may write only 64 kB (RLIMIT_FSIZE, as a disk that fills up): it says
    so in one line, exit 1, and the first run's reports are all there as they were."""
    import resource

    subs = tmp_path / "subs"
    subs.mkdir()
    for index in range(40):
        (subs / f"s{index}.yaml").write_text(answer(f"student {index}"), encoding="utf-8")
    out = tmp_path / "out"
    args = ["screwsolve", "grade", "--key", str(KEY), str(subs), "--out", str(out), "--no-cache"]
    subprocess.run(args, check=True, capture_output=True)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (subs / "s0.yaml").write_text(answer("someone else " * 2000), encoding="utf-8")

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64_000, 64_000))

    done = subprocess.run(args, capture_output=True, text=True, preexec_fn=small_disk)
    assert done.returncode == 1 and "reports not written under" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []


def test_a_fifo_in_the_cache_never_blocks(tmp_path: Path) -> None:
    from screwsolve.runtime.cache import Store

    store = Store("checks", tmp_path)
    key = "a" * 64
    (tmp_path / "checks").mkdir()
    os.mkfifo(tmp_path / "checks" / f"{key}.json")
    assert store.get(key, lambda payload: payload) is None
    assert "ignored: not a regular file" in store.warnings[0]


def test_cache_clear_never_goes_through_a_link(tmp_path: Path) -> None:
    from screwsolve.runtime.cache import Store

    elsewhere = tmp_path / "precious"
    elsewhere.mkdir()
    (elsewhere / "data.json").write_text("{}", encoding="utf-8")
    (elsewhere / ("b" * 64 + ".json")).write_text("{}", encoding="utf-8")
    root = tmp_path / "cache"
    root.mkdir()
    (root / "checks").symlink_to(elsewhere)
    store = Store("checks", root)
    assert store.clear() == 0 and "a link, not emptied" in store.warnings[0]
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted(["data.json", "b" * 64 + ".json"])
    own = root / "keys"
    own.mkdir()
    (own / ("c" * 64 + ".json")).write_text("{}", encoding="utf-8")
    (own / "notes.json").write_text("{}", encoding="utf-8")
    assert Store("keys", root).clear() == 1 and [p.name for p in own.iterdir()] == ["notes.json"]


def test_the_code_fingerprint_follows_contents_not_sizes_or_times(tmp_path: Path) -> None:
    from screwsolve.runtime.cache import code_fingerprint

    module = tmp_path / "pkg" / "a.py"
    module.parent.mkdir()
    module.write_text("x = 1\n", encoding="utf-8")
    first = code_fingerprint(module.parent)
    status = module.stat()
    module.write_text("x = 2\n", encoding="utf-8")  # same size
    os.utime(module, ns=(status.st_atime_ns, status.st_mtime_ns))  # same time
    assert code_fingerprint(module.parent) != first


def test_an_interrupted_report_set_leaves_the_previous_one(tmp_path: Path, monkeypatch) -> None:
    from screwsolve.files import writing

    folder = tmp_path / "grades"
    writing.write_file_set(
        folder, [("a.csv", "old a"), ("feedback/x.md", "old x")], frozenset({"a.csv", "feedback"})
    )
    calls = 0
    original = Path.write_bytes

    def failing(self: Path, data: bytes) -> int:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt  # a signal between two files of the new set
        return original(self, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    with pytest.raises(KeyboardInterrupt):
        writing.write_file_set(
            folder,
            [("a.csv", "new a"), ("feedback/x.md", "new x")],
            frozenset({"a.csv", "feedback"}),
        )
    monkeypatch.undo()
    assert (folder / "a.csv").read_text() == "old a" and (
        folder / "feedback" / "x.md"
    ).read_text() == "old x"
    assert [p.name for p in tmp_path.iterdir()] == ["grades"]  # no staging folder left


def test_cases_cover_every_family() -> None:
    families = {case.family for case in CASES}
    assert families == {"feedback names", "identity", "keys", "ci", "hooks", "grammar", "processes"}


def test_a_keys_own_slow_answers_stop_at_the_time_limit(tmp_path: Path) -> None:
    """A 30-link chain as a key takes about 20 s to solve: under --timeout 3 grade says so,
    exit 1, instead of solving it without limit in its own process."""
    key = tmp_path / "key.yaml"
    key.write_text(
        two_axis_chain_yaml(30) + "expected:\n  power: 0\ngrading:\n  id: chain\n", "utf-8"
    )
    submission = tmp_path / "s.yaml"
    submission.write_text("student: a\nproblem: chain\nanswers:\n  power: 0\n", "utf-8")
    out = str(tmp_path / "out")
    args = ["grade", "--key", str(key), str(submission), "--timeout", "3", "--out", out]
    done = subprocess.run(
        ["screwsolve", *args, "--no-cache"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "the key timed out while its own answers were computed" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()
