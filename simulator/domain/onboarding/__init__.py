"""Onboarding: the onboarding of individuals and companies, its public (unauthenticated)
face, the supporting documents it asks for, and the Sandbox's company registry.

Above `accounts`; independent of `cards` and `payments`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import company_registry, onboarding, onboarding_public, supporting_documents

__all__ = [
    "company_registry",
    "onboarding",
    "onboarding_public",
    "supporting_documents",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
