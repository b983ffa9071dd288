"""A key's truth as data: what the cache holds reads back as it was written, anything of
another shape is refused, and reading it imports no solver."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from screwsolve.checking.claim_kinds import Series
from screwsolve.grading.truth import ItemTruth, KeyTruth, WrongAnswer, key_id, load_key

ROOT = Path(__file__).resolve().parents[2]
KEY = ROOT / "examples" / "grading" / "key-plate.yaml"


def _truth() -> KeyTruth:
    """A truth with one item of each kind and every optional field set (written by hand)."""
    items = (
        ItemTruth(
            "power_coefficients.x",
            ("power_coefficients", "x"),
            "scalar",
            "-c*x'",
            {"x'": "u"},
            2.0,
            "mind the damper",
            (WrongAnswer("sign", "the sign is wrong", "c*x'"),),
            False,
            Series(("theta",), 2),
            True,
        ),
        ItemTruth(
            "partial_screws.1.x",
            ("partial_screws", "1", "x"),
            "screw",
            ["0", "x1", "A"],
        ),
        ItemTruth("noncontributing", ("noncontributing",), "names", ["step", "contact"]),
        ItemTruth("flags.rolling", ("flags", "rolling"), "flag", True, up_to_constant=True),
    )
    return KeyTruth("plate-2026", "Plate on a step", 1e-6, items)


def test_a_truth_reads_back_as_it_was_written() -> None:
    truth = _truth()
    assert KeyTruth.from_json(truth.to_json()) == truth


def _shape(change: Any) -> dict[str, Any]:
    data = _truth().to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(items={}),
        lambda d: d["items"][0].update(kind="matrix"),
        lambda d: d["items"][1].update(value=["0", "x1"]),  # a screw has three parts
        lambda d: d["items"][0].update(points=True),
        lambda d: d["items"][0].update(series={"small": ["theta"], "order": 2.0}),
        lambda d: d["items"][0].update(series={"small": ["theta"], "order": True}),
        lambda d: d["items"][0].update(up_to_constant="yes"),
        lambda d: d["items"][0].update(on_surface=1),
        lambda d: d["items"][0].update(rates=["x'"]),
        lambda d: d["items"][3].update(value="true"),
        lambda d: d.update(tolerance="1e-6"),
    ],
    ids=[
        "items",
        "kind",
        "screw parts",
        "points",
        "float order",
        "bool order",
        "up to constant",
        "on surface",
        "rates",
        "flag",
        "tolerance",
    ],
)
def test_a_cached_truth_of_another_shape_is_refused(change: Any) -> None:
    """The cache is a file anyone may have changed: a shape the reader does not know is
    refused (and the key solved again), never half read."""
    with pytest.raises(ValueError):
        KeyTruth.from_json(_shape(change))


def test_a_key_names_its_problem_by_its_id_or_else_its_file_stem() -> None:
    text = KEY.read_text(encoding="utf-8")
    loaded = load_key(text, "keys/plate.yaml")
    assert key_id(loaded) == "plate-2026"  # its grading.id
    without = load_key(text.replace("id: plate-2026", "id: ''"), "keys/plate.yaml")
    assert key_id(without) == "plate"
    assert replace(_truth(), key_id="x").key_id == "x"


@pytest.mark.parametrize(
    "module",
    ["screwsolve.grading.truth", "screwsolve.grading.results", "screwsolve.grading.batch"],
)
def test_reading_a_key_and_reporting_a_class_import_no_solver(module: str) -> None:
    """What grade's own process does (read the key's cached truth, hand out files, write the
    reports) imports no sympy: under spawn its workers import it themselves."""
    script = f"import sys, {module}; print(sorted({{'sympy', 'symengine'}} & set(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
