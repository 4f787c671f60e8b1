"""Exports: CSV files of a project's resources (accounts, holders, memberships, cards,
onboardings, transactions, users), made on the virtual clock and downloaded from the
simulator itself (`exports`).

It reads the tables of the families below it with SQL and imports only the kernel; it sits
beside `funding` and `capital_deposits`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import exports

__all__ = ["exports"]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
