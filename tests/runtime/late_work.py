"""A work function for a spawned worker (test_sandbox): its module notes, as it is imported,
whether the worker's warm-up had already run (it sets SCREWSOLVE_TEST_WARMED)."""

from __future__ import annotations

import os

IMPORTED_AFTER_WARM_UP = os.environ.get("SCREWSOLVE_TEST_WARMED") == "1"


class LateWork:
    """Picklable by reference to this module: unpickling it imports the module."""

    def __call__(self, _item: object) -> bool:
        return IMPORTED_AFTER_WARM_UP
