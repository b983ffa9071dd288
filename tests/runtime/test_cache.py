"""The cache keeps what it was given and refuses what it cannot trust (with a warning)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from screwsolve.runtime.cache import Store, cache_root, digest


def test_an_entry_comes_back_as_stored(tmp_path: Path) -> None:
    store = Store("keys", tmp_path)
    key = digest("text")
    store.put(key, {"a": [1, 2]})
    assert Store("keys", tmp_path).get(key, dict) == {"a": [1, 2]}
    assert digest("text") != digest("text ")  # the full content decides


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_text("not json", encoding="utf-8"),
        lambda p: p.write_text(json.dumps({"format": 1}), encoding="utf-8"),
        lambda p: p.write_text(
            p.read_text(encoding="utf-8").replace('"a"', '"b"'), encoding="utf-8"
        ),  # a planted payload: its digest no longer matches
    ],
)
def test_a_damaged_or_planted_entry_is_ignored_with_a_warning(tmp_path: Path, damage) -> None:
    store = Store("keys", tmp_path)
    key = digest("x")
    store.put(key, {"a": 1})
    damage(tmp_path / "keys" / f"{key}.json")
    fresh = Store("keys", tmp_path)
    assert fresh.get(key, dict) is None
    assert fresh.warnings and "ignored" in fresh.warnings[0]


def test_an_entry_of_the_wrong_shape_is_refused_by_its_reader(tmp_path: Path) -> None:
    store = Store("keys", tmp_path)
    key = digest("y")
    store.put(key, [1, 2])

    def reader(payload: object) -> dict:
        if not isinstance(payload, dict):
            raise ValueError("not a mapping")
        return payload

    assert store.get(key, reader) is None and "not a mapping" in store.warnings[0]


def test_links_are_never_followed(tmp_path: Path) -> None:
    store = Store("keys", tmp_path)
    key = digest("z")
    target = tmp_path / "secret.txt"
    target.write_text("keep me", encoding="utf-8")
    (tmp_path / "keys").mkdir()
    (tmp_path / "keys" / f"{key}.json").symlink_to(target)
    assert store.get(key, dict) is None  # not read through the link
    store.put(key, {"a": 1})  # replaces the link, never writes through it
    assert target.read_text(encoding="utf-8") == "keep me"
    assert Store("keys", tmp_path).get(key, dict) == {"a": 1}


def test_no_home_folder_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "")
    assert cache_root() is None
    store = Store("keys")
    assert store.folder is None and store.warnings == ["no home folder: running without a cache"]
    store.put(digest("a"), {"a": 1})  # silently nothing
    assert os.environ["HOME"] == ""
