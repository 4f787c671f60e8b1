"""Funding: funding sources, their limits, and funding requests (money pulled into an
account by a SEPA direct debit).

Above `payments` and `accounts`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import account_verifications, funding, funding_limits, funding_requests

__all__ = [
    "account_verifications",
    "funding",
    "funding_limits",
    "funding_requests",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
