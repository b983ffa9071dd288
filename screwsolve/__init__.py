"""screwsolve: partial kinematic screws, power and power coefficients from a YAML problem."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from screwsolve.version import __version__

__all__ = ["__version__", "load", "solve"]

if TYPE_CHECKING:
    from screwsolve.api import load, solve


def __getattr__(name: str) -> Any:
    """Import the API lazily so that `import screwsolve` stays cheap."""
    if name in ("load", "solve"):
        from screwsolve import api

        return getattr(api, name)
    raise AttributeError(name)
