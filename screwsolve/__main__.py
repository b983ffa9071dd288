"""`python -m screwsolve`."""

from screwsolve.cli import main

main()
