"""The third hostile corpus, as cases built in a folder: what students name themselves, what an
LMS download and a repository hold, what a key says, what a signal interrupts. Each case says
which command runs on what; tests/acceptance/test_hostile_round3.py asserts the outcomes and
bench/bench_hostile.py times them. Written for screwsolve (no case copies the issue's examples).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEY = ROOT / "examples" / "grading" / "key-plate.yaml"
COUPLE = (ROOT / "problems" / "notional-couple.yaml").read_text(encoding="utf-8")
ANSWERS = """problem: plate-2026
answers:
  power_coefficients:
    x: F_A + F_Q*cos(theta) - N_Q*sin(theta)
"""


def answer(student: str) -> str:
    return f"student: {student!r}\n" + ANSWERS


@dataclass
class Case:
    """A command line to run in `folder` (after `make` has filled it)."""

    family: str
    label: str
    make: Callable[[Path], list[str]]  # fills the folder, returns screwsolve's arguments
    stdin_closed: bool = False
    env: dict[str, str] = field(default_factory=dict)


def _feedback_names(folder: Path) -> list[str]:
    subs = folder / "subs"
    subs.mkdir()
    students = ["Your Name Here"] * 40 + ["Ann", "ANN", "ann", "CON", "nul", "Com1", "lpt9."]
    students += ["x" * 300, "x" * 300 + "y", "Zoë", "Zoe", "../../etc", "a/b", ". ."]
    for index, student in enumerate(students):
        (subs / f"s{index:03}.yaml").write_text(answer(student), encoding="utf-8")
    return ["grade", "--key", str(KEY), str(subs), "--out", str(folder / "out"), "--no-cache"]


def _moodle_folders(folder: Path) -> list[str]:
    subs = folder / "moodle"
    alice = subs / "Alice Smith_101_assignsubmission_file_"
    mallory = subs / "Mallory Jones_102_assignsubmission_file_"
    alice.mkdir(parents=True)
    mallory.mkdir(parents=True)
    (alice / "plate.yaml").write_text(answer("Alice Smith"), encoding="utf-8")
    planted = mallory / "Alice Smith_101_assignsubmission_file_plate.yaml"
    planted.write_text(answer("Alice Smith"), encoding="utf-8")
    return ["grade", "--key", str(KEY), str(subs), "--out", str(folder / "out"), "--no-cache"]


def _anonymised(folder: Path) -> list[str]:
    args = _moodle_folders(folder)
    broken = folder / "moodle" / "Alice Smith_101_assignsubmission_file_" / "broken.yaml"
    broken.write_text("student: Alice Smith\nproblem: [\n", encoding="utf-8")
    return [*args, "--anonymise"]


def _key(points: str) -> Callable[[Path], list[str]]:
    def make(folder: Path) -> list[str]:
        text = KEY.read_text(encoding="utf-8")
        key = folder / "key.yaml"
        key.write_text(text.replace("power_coefficients.x: 2", f"power_coefficients.x: {points}"))
        (folder / "s.yaml").write_text(answer("Ann"), encoding="utf-8")
        return ["grade", "--key", str(key), str(folder / "s.yaml"), "--out", str(folder / "out")]

    return make


def _forged_annotation(folder: Path) -> list[str]:
    wrong = COUPLE.replace("    q2: c*q1'\n", "    q2: -c*q1'\n")
    (folder / "::error file=README.md,line=1::forged.yaml").write_text(wrong, encoding="utf-8")
    return ["check", ".", "--no-cache"]


def _hostile_ignores(folder: Path) -> list[str]:
    (folder / ".git").mkdir()
    lines = ["!", "build\\", "[z-a]", "*a*a*a*a*a*a*a*a*a*a*a*a*b", "drafts/"]
    (folder / ".gitignore").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / ("a" * 200 + ".yaml")).write_text(COUPLE, encoding="utf-8")
    (folder / "drafts").mkdir()
    (folder / "drafts" / "x.yaml").write_text("referential: [\n", encoding="utf-8")
    return ["check", ".", "--no-cache", "--exclude", "*b*b*b*b*b*b*b*b*b*b*b*c"]


def _summary_folder(folder: Path) -> list[str]:
    (folder / "p.yaml").write_text(COUPLE, encoding="utf-8")
    (folder / "summary").mkdir()
    return ["check", "p.yaml", "--no-cache"]


def _hook_option_name(folder: Path) -> list[str]:
    (folder / "victim.yaml").write_text("keep me\n", encoding="utf-8")
    (folder / "--junit=victim.yaml").write_text(COUPLE, encoding="utf-8")
    return ["check", "--force-exclude", "--", "--junit=victim.yaml"]


def _problem(body: str) -> Callable[[Path], list[str]]:
    def make(folder: Path) -> list[str]:
        (folder / "p.yaml").write_text(body, encoding="utf-8")
        return ["validate", "p.yaml"]

    return make


FLOAT_POWER = COUPLE.replace("moment: c*(q1'*v - q2'*u)", "moment: 2.5e250**3*c*(q1'*v - q2'*u)")
SERIES_ORDER = COUPLE.replace("    q1: -c*q2'\n", "    q1: {value: -c*q2', small: c, order: 12}\n")
UNICODE_DIGIT = COUPLE.replace("  a: {from: 0,", "  ٣: {from: 0,").replace("from: a,", "from: ٣,")


def _closed(command: str) -> Callable[[Path], list[str]]:
    def make(folder: Path) -> list[str]:
        return [command, "-"]

    return make


def _output_link(folder: Path) -> list[str]:
    (folder / "p.yaml").write_text(COUPLE, encoding="utf-8")
    (folder / "target.txt").write_text("keep me\n", encoding="utf-8")
    (folder / "out.json").symlink_to(folder / "target.txt")
    return ["run", "p.yaml", "--format", "json", "--output", "out.json"]


def _empty_submissions(folder: Path) -> list[str]:
    (folder / "subs").mkdir()
    return ["grade", "--key", str(KEY), str(folder / "subs"), "--out", str(folder / "out")]


CASES = [
    Case("feedback names", "54 submissions: duplicates, case, devices, long", _feedback_names),
    Case("identity", "Moodle folders, a file named after another's folder", _moodle_folders),
    Case("identity", "--anonymise with a broken submission", _anonymised),
    Case("keys", "points: nan", _key("nan")),
    Case("keys", "points: -3", _key("-3")),
    Case("keys", "points: 1e300", _key("1e300")),
    Case(
        "ci",
        "a failing file named like a workflow command",
        _forged_annotation,
        env={"GITHUB_ACTIONS": "true"},
    ),
    Case("ci", "invalid and backtracking ignore patterns", _hostile_ignores),
    Case(
        "ci",
        "GITHUB_STEP_SUMMARY is a folder",
        _summary_folder,
        env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "summary"},
    ),
    Case("hooks", "a staged file named --junit=victim.yaml", _hook_option_name),
    Case("grammar", "a float raised to a power", _problem(FLOAT_POWER)),
    Case("grammar", "a series claim of order 12", _problem(SERIES_ORDER)),
    Case("grammar", "a frame named by an Arabic-Indic digit", _problem(UNICODE_DIGIT)),
    Case("processes", "run - with standard input closed", _closed("run"), stdin_closed=True),
    Case("processes", "check - with standard input closed", _closed("check"), stdin_closed=True),
    Case("processes", "--output is a link", _output_link),
    Case("processes", "an empty submissions folder", _empty_submissions),
]
