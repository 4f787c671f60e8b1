"""Consents: what a user agrees to, what an approved consent does (`consent_actions`),
how a consent describes itself, and server-to-server consents.

Above `users` and the kernel.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import consent_actions, consent_descriptions, consents, server_consent

__all__ = [
    "consent_actions",
    "consent_descriptions",
    "consents",
    "server_consent",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
