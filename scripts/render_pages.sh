#!/usr/bin/env bash
# Render the LaTeX pages shown in docs/ from a real compile: the plate (the picture in docs/commands.md),
# the rolling sphere and the car, first page of each, and every page of the plate's worked
# solution (--steps). Needs pdflatex and pdftoppm (Debian: texlive-latex-base,
# texlive-latex-recommended, poppler-utils). Fails if pdflatex reports an overfull box.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

page() {  # page PROBLEM OUTPUT [run options...]
  local problem=$1 output=$2
  shift 2
  screwsolve run "problems/$problem.yaml" --format latex --standalone "$@" --output "$work/$output.tex"
  (cd "$work" && pdflatex -interaction=nonstopmode -halt-on-error "$output.tex" > /dev/null)
  if grep -q "Overfull" "$work/$output.log"; then
    grep -A1 "Overfull" "$work/$output.log" >&2
    echo "error: $output overflows the page" >&2
    exit 1
  fi
}

page plate-on-a-step plate
pdftoppm -png -r 100 -f 1 -l 1 -singlefile "$work/plate.pdf" docs/plate
page rolling-sphere rolling-sphere
pdftoppm -png -r 100 -f 1 -l 1 -singlefile "$work/rolling-sphere.pdf" docs/rolling-sphere
page car-tyre-forces car
pdftoppm -png -r 100 -f 1 -l 1 -singlefile "$work/car.pdf" docs/car
page plate-on-a-step plate-steps --steps
pdftoppm -png -r 100 -f 2 -l 2 -singlefile "$work/plate-steps.pdf" docs/plate-worked-solution
echo "wrote docs/plate.png docs/rolling-sphere.png docs/car.png docs/plate-worked-solution.png"
