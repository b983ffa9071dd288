"""screwsolve: partial kinematic screws, power and power coefficients from a YAML problem."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from screwsolve.version import __version__

__all__ = ["__version__", "load", "solve", "to_mechanics"]

if TYPE_CHECKING:
    from screwsolve.api import load, solve, to_mechanics


def __getattr__(name: str) -> Any:
    """Import the API lazily so that `import screwsolve` stays cheap."""
    if name in ("load", "solve", "to_mechanics"):
        from screwsolve import api

        return getattr(api, name)
    raise AttributeError(name)


def __dir__() -> list[str]:
    """The public API, lazy names included (`dir(screwsolve)`, tab completion)."""
    return sorted(__all__)
