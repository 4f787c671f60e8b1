"""The sandbox: the datasets a sandbox is seeded with, sandbox users, the sandbox's checks
and identifications, and the Testing API's simulations (card and transfer events).

The top family: it may use every other one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import datasets, sandbox_checks, sandbox_identifications, sandbox_users, simulation

__all__ = [
    "datasets",
    "sandbox_checks",
    "sandbox_identifications",
    "sandbox_users",
    "simulation",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
