"""YAML is read as names and text: no YAML 1.1 surprises, aliases refused, every node located."""

from __future__ import annotations

import pytest

from screwsolve.errors import InputError
from screwsolve.files.reading import decode
from screwsolve.files.yaml_reader import parse_yaml
from screwsolve.limits import MAX_YAML_DEPTH


def test_scalars_stay_text_and_keys_stay_names() -> None:
    data, _ = parse_yaml("on: 1\n0: yes\noff: 017\nd: 2001-01-01\nn: ~\n", "f.yaml")
    assert data == {"on": "1", "0": "yes", "off": "017", "d": "2001-01-01", "n": None}


def test_every_value_and_key_is_located() -> None:
    _, source = parse_yaml("a:\n  b: {c: x}\n  d: [1, 2]\n", "f.yaml")
    assert source.locate(("a", "b", "c")) == source.values[("a", "b", "c")]
    mark = source.values[("a", "b", "c")]
    assert (mark.line, mark.col) == (2, 10)
    assert (source.keys[("a", "d")].line, source.keys[("a", "d")].col) == (3, 3)
    assert (source.values[("a", "d", 1)].line, source.values[("a", "d", 1)].col) == (3, 10)


def test_missing_path_falls_back_to_nearest_parent() -> None:
    _, source = parse_yaml("a:\n  b: 1\n", "f.yaml")
    assert source.locate(("a", "zz", "y")).line == 2


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("a: 1\na: 2\n", (2, 1), "duplicate key 'a'"),
        ("a: &x 1\nb: *x\n", (1, 4), "anchors"),
        ("a: [1\n", (2, 1), "YAML syntax"),
        ("a: 1\n---\nb: 2\n", (2, 1), "one YAML document"),
        ("a: !!python/object:os.system 1\n", (1, 4), "tag"),
        ("? [a]\n: 1\n", (1, 3), "plain name"),
    ],
)
def test_bad_yaml_is_located(text: str, where: tuple[int, int], message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_yaml(text, "f.yaml")
    diagnostic = info.value.diagnostics[0]
    assert (diagnostic.line, diagnostic.col) == where
    assert message in diagnostic.message


def test_deep_nesting_stops_at_the_limit() -> None:
    text = "a: " + "[" * (MAX_YAML_DEPTH + 5) + "]" * (MAX_YAML_DEPTH + 5) + "\n"
    with pytest.raises(InputError) as info:
        parse_yaml(text, "f.yaml")
    assert "nesting deeper" in info.value.diagnostics[0].message


def test_invalid_utf8_is_located() -> None:
    with pytest.raises(InputError) as info:
        decode(b"title: ok\nname: \xff\n", "f.yaml")
    d = info.value.diagnostics[0]
    assert (d.line, d.col) == (2, 7)


def test_oversize_file_is_refused_before_parsing() -> None:
    with pytest.raises(InputError) as info:
        decode(b"#" * 1_000_001, "f.yaml")
    assert "limit" in info.value.diagnostics[0].message
