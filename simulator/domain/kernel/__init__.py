"""The kernel: what every family of the domain stands on.

Money and IBANs, countries, pagination (`Connection`), rejections (`Rejected`) and input
validation, the `Environment` and the `Principal` (`context`), a simulator's plugs
(`wiring`), the event log (`events`), the access rules (`access`, `queries`), idempotency
keys, and the partner's projects (credentials, settings, rate limits).

It imports no other family.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import (
        access,
        context,
        countries,
        events,
        iban,
        idempotency,
        money,
        pagination,
        project_settings,
        projects,
        queries,
        rate_limits,
        rejections,
        validation,
        wiring,
    )

__all__ = [
    "access",
    "context",
    "countries",
    "events",
    "iban",
    "idempotency",
    "money",
    "pagination",
    "project_settings",
    "projects",
    "queries",
    "rate_limits",
    "rejections",
    "validation",
    "wiring",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
