"""Write the golden outputs of every shipped problem (tests/golden/) and the help screens
(tests/cli/help/), through the CLI only.

Run it only when a change to the output is intended and has been read:

    python scripts/update_golden.py

tests/test_golden.py then compares every output byte for byte. The CLI is the one surface that
stays the same whatever the package layout, so the snapshots hold across refactorings.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.golden_outputs import (  # noqa: E402
    GOLDEN,
    HELP,
    HELP_SCREENS,
    VARIANTS,
    render,
    render_help,
)


def main() -> None:
    for problem in sorted((ROOT / "problems").glob("*.yaml")):
        folder = GOLDEN / problem.stem
        folder.mkdir(parents=True, exist_ok=True)
        for name in VARIANTS:
            (folder / name).write_bytes(render(problem, name))
        print(f"wrote {folder.relative_to(ROOT)}")
    HELP.mkdir(parents=True, exist_ok=True)
    for name in HELP_SCREENS:
        (HELP / name).write_bytes(render_help(name))
    print(f"wrote {HELP.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
