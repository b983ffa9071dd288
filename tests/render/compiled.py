"""LaTeX compiled by a stock pdflatex, as the compile tests need it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def compile_latex(source: Path, pdflatex: str) -> list[float]:
    """Compile `source` where it lies (failing the test when pdflatex fails) and return the
    widths in pt of the overfull boxes it reported."""
    done = subprocess.run(
        [pdflatex, "-interaction=nonstopmode", "-halt-on-error", source.name],
        cwd=source.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"{source.name}: {done.stdout[-2000:]}"
    log = source.with_suffix(".log").read_text(encoding="utf-8", errors="replace")
    return overfull(log)


def overfull(log: str) -> list[float]:
    """Widths in pt of the overfull boxes a pdflatex log reports."""
    return [float(w) for w in re.findall(r"Overfull \\[hv]box \(([\d.]+)pt too", log)]
