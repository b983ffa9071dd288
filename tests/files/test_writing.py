"""Reports are replaced in one step, never written through a link, never left half-written."""

from __future__ import annotations

from pathlib import Path

import pytest

from screwsolve.files.writing import writable_file, writable_folder, write_atomic


def test_write_replaces_the_file(tmp_path: Path) -> None:
    path = tmp_path / "grades.csv"
    path.write_text("old", encoding="utf-8")
    write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["grades.csv"]  # no temporary left


def test_a_link_is_replaced_not_written_through(tmp_path: Path) -> None:
    target = tmp_path / "precious"
    target.write_text("keep", encoding="utf-8")
    link = tmp_path / "grades.csv"
    link.symlink_to(target)
    write_atomic(link, "report")
    assert target.read_text(encoding="utf-8") == "keep"
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "report"


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "grades.json"
    path.write_text("complete", encoding="utf-8")

    def full_disk(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    with pytest.raises(OSError):
        write_atomic(path, "x" * 1000)
    assert path.read_text(encoding="utf-8") == "complete"
    assert [p.name for p in tmp_path.iterdir()] == ["grades.json"]


def test_unusable_destinations_are_named_before_any_work(tmp_path: Path) -> None:
    assert writable_file(tmp_path) is not None  # a folder
    assert writable_file(tmp_path / "missing" / "f.xml") is not None
    assert writable_file(tmp_path / "f.xml") is None
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert writable_folder(tmp_path / "file") is not None
    assert writable_folder(tmp_path / "new" / "deeper") is None


def test_a_replaced_file_keeps_usual_permissions(tmp_path) -> None:
    """A new report gets 0666 less the umask (not mkstemp's private 0600); a replaced one keeps
    its own mode."""
    import os

    from screwsolve.files.writing import write_atomic

    mask = os.umask(0o022)
    try:
        new = tmp_path / "new.txt"
        write_atomic(new, "x")
        assert new.stat().st_mode & 0o777 == 0o644
        kept = tmp_path / "kept.txt"
        kept.write_text("old", encoding="utf-8")
        kept.chmod(0o640)
        write_atomic(kept, "new")
        assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text(encoding="utf-8") == "new"
    finally:
        os.umask(mask)
