"""A generated class, graded: no correct answer marked wrong, no wrong one marked correct, every
submission has its row, and the recognised mistake is the one made (bench/bench_grade.py runs
the same on a thousand submissions per key, with timings)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from screwsolve.grading.batch import grade
from screwsolve.grading.results import gradebook_rows
from screwsolve.render.grades import review_rows

from ..grading_class import KEYS_BY_NAME, generate


@pytest.mark.parametrize("key", ["plate", "slider", "disc", "sleigh", "incline"])
def test_generated_class_is_graded_as_constructed(key: str, tmp_path: Path) -> None:
    expected = generate(tmp_path / key, key, count=60, seed=11)
    key_path = str(KEYS_BY_NAME[key][0])
    report = grade(
        key_path, [e.file for e in expected], jobs=2, timeout=60, seed=5, use_cache=False
    )
    assert len(report.results) == len(expected)
    review = {row[3]: row[4] for row in review_rows(report)}
    kept = {r.file for r in gradebook_rows(report.results)}
    tally: Counter[str] = Counter()
    for want, got in zip(expected, report.results, strict=True):
        assert got.file == want.file
        assert got.status == want.status, (want.category, want.file, got.diagnostics)
        if want.superseded:  # an earlier upload, online text beside a file: reviewed, not kept
            assert review.get(want.file) == "duplicate" and want.file not in kept, want.file
            continue
        if want.status == "graded" and got.identity is not None and got.identity.lms_id:
            assert want.file in kept  # every student a row
        items = {i.item: i for i in got.items}
        for item, (verdict, code) in want.items.items():
            result = items[item]
            assert result.verdict == verdict, (want.file, item, result)
            if verdict == "wrong":
                tally["wrong"] += 1
                named = code == "names" and bool(result.feedback)
                # the planted mistake is among the causes the value supports
                tally["diagnosed"] += int(code in result.mistake.split("|") or named)
    assert tally["wrong"] > 0 and tally["diagnosed"] == tally["wrong"]
