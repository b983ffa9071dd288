"""`validate`'s result cache: an unchanged file is answered without a worker and without sympy;
any change to its text is validated again; failures (timeouts, crashes) are never kept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from screwsolve.checking import cache as cache_module
from screwsolve.checking.cache import validate_with_cache
from screwsolve.checking.reports import FileReport
from screwsolve.errors import Diagnostic

ROOT = Path(__file__).resolve().parents[2]
PLATE = ROOT / "problems" / "plate-on-a-step.yaml"


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Record which files reach the real validation."""
    from screwsolve.checking import batch

    seen: list[list[str]] = []
    real = batch.validate_files

    def spy(items, **options):  # type: ignore[no-untyped-def]
        seen.append([name for name, _ in items])
        return real(items, **options)

    monkeypatch.setattr(batch, "validate_files", spy)
    return seen


def test_an_unchanged_file_is_answered_from_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    seen = _counting(monkeypatch)
    good = tmp_path / "good.yaml"
    good.write_text(PLATE.read_text(encoding="utf-8"), encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        PLATE.read_text(encoding="utf-8").replace("force: -m*g*y0", "force: -m*g*y9", 1),
        encoding="utf-8",
    )
    first, _ = validate_with_cache([(str(good), None), (str(bad), None)])
    assert seen == [[str(good), str(bad)]]
    assert not first[0].diagnostics and first[1].diagnostics
    second, _ = validate_with_cache([(str(good), None), (str(bad), None)])
    assert seen == [[str(good), str(bad)]]  # nothing validated again
    assert [r.cached for r in second] == [True, True]
    assert [d.message for d in second[1].diagnostics] == [d.message for d in first[1].diagnostics]
    assert [(d.line, d.col) for d in second[1].diagnostics] == [
        (d.line, d.col) for d in first[1].diagnostics
    ]
    moved = tmp_path / "renamed.yaml"  # the verdict depends on the text: it follows the file
    moved.write_bytes(bad.read_bytes())
    (third,), _ = validate_with_cache([(str(moved), None)])
    assert third.cached and {d.file for d in third.diagnostics} == {str(moved)}
    good.write_text("# touched\n" + good.read_text(encoding="utf-8"), encoding="utf-8")
    validate_with_cache([(str(good), None), (str(bad), None)])
    assert seen[-1] == [str(good)]
    validate_with_cache([(str(good), None)], use_cache=False)
    assert seen[-1] == [str(good)]


def test_a_failed_worker_is_never_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    from screwsolve.checking import batch

    def timed_out(items, **options):  # type: ignore[no-untyped-def]
        return [
            FileReport(name, diagnostics=[Diagnostic(name, 1, 1, "timed out")], final=False)
            for name, _ in items
        ]

    monkeypatch.setattr(batch, "validate_files", timed_out)
    path = tmp_path / "plate.yaml"
    path.write_bytes(PLATE.read_bytes())
    validate_with_cache([(str(path), None)])
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (report,), _ = validate_with_cache([(str(path), None)])
    assert not report.cached and not report.diagnostics


def test_without_a_home_folder_every_file_is_validated_in_silence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(cache_module, "cache_root", lambda: None)
    seen = _counting(monkeypatch)
    path = tmp_path / "plate.yaml"
    path.write_bytes(PLATE.read_bytes())
    for _ in range(2):
        (report,), warnings = validate_with_cache([(str(path), None)])
        assert not report.diagnostics and not report.cached and not warnings
    assert seen == [[str(path)], [str(path)]]


def test_a_cached_validation_imports_no_sympy(tmp_path: Path) -> None:
    """The pre-commit hook's case, as a whole command: the second `validate` of an unchanged
    file reads it, finds its verdict and never imports sympy (nor starts a worker)."""
    code = (
        "import sys\n"
        "from screwsolve.launch import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        "    heavy = sorted({'sympy', 'typer', 'pydantic'} & set(sys.modules))\n"
        "    sys.stderr.write(f'exit={exit.code} heavy={heavy}')\n"
    )
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-c", code, "validate", "--force-exclude", "--", str(PLATE)]
    first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    # validated in a worker, which imports sympy itself (see test_batch.py)
    assert first.stderr.endswith("exit=0 heavy=['pydantic', 'typer']"), first.stderr
    second = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    # answered before the command line is parsed: no typer (which imports pydantic) either
    assert second.stderr == "1 file valid\nexit=0 heavy=[]", second.stderr


def test_a_cached_answer_says_what_the_command_says(tmp_path: Path) -> None:
    """Warnings, counts and refusals alike, from the cache or not: the same bytes on
    standard error and the same exit code (an invalid file is never answered early)."""
    from ..model.test_speeds import EULER_BODY_SPEEDS

    euler = tmp_path / "euler.yaml"
    euler.write_text(EULER_BODY_SPEEDS.replace("DOMAINS\n", ""), encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: x\nreferential: N\nframes: {N: {}}\npoints: {O: {fixed_in: M}}\n")
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    said = []
    for names in ([str(euler), str(PLATE)], [str(PLATE), str(broken)]):
        command = [sys.executable, "-m", "screwsolve", "validate", *names]
        runs = [
            subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
            for _ in range(2)
        ]
        assert runs[0].stderr == runs[1].stderr and runs[0].returncode == runs[1].returncode
        said.append((runs[1].returncode, runs[1].stderr))
    (valid, warned), (invalid, refused) = said
    assert valid == 0 and warned.startswith(f"{euler}:5:1: warning: these speeds fix the rates")
    assert warned.endswith("\n2 files valid\n")
    assert invalid == 1 and f"{broken}:4:" in refused and "valid" not in refused


def test_a_cache_that_cannot_be_written_is_a_warning(tmp_path: Path) -> None:
    """A cache folder that is a file (read-only, full): the files are validated all the same
    and the command says why nothing was kept, as check does."""
    home = tmp_path / "cache"
    (home / "screwsolve").mkdir(parents=True)
    (home / "screwsolve" / "validations").write_text("not a folder", encoding="utf-8")
    env = {"XDG_CACHE_HOME": str(home), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-m", "screwsolve", "validate", str(PLATE)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "warning: cache not written" in done.stderr and "1 file valid" in done.stderr
