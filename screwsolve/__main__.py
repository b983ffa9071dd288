"""`python -m screwsolve`."""

from .cli import main

main()
