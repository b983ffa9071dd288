#!/usr/bin/env bash
# Render the plate's LaTeX output to docs/plate.png for the README (needs pdflatex and pdftoppm:
# Debian's texlive-latex-base, texlive-latex-recommended and poppler-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
screwsolve run problems/plate-on-a-step.yaml --format latex --standalone --output "$work/plate.tex"
(cd "$work" && pdflatex -interaction=nonstopmode -halt-on-error plate.tex > /dev/null)
pdftoppm -png -r 100 -f 1 -l 1 -singlefile "$work/plate.pdf" docs/plate
echo "wrote docs/plate.png"
