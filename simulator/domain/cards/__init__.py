"""Cards: virtual, physical and digital (wallet) cards, their rules (`card_support`), the
card network's authorizations and settlements, and the balances reserved for them.

Above `accounts`; independent of `onboarding` and `payments`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import (
        card_network,
        card_support,
        cards,
        digital_cards,
        physical_cards,
        reserved_balances,
    )

__all__ = [
    "card_network",
    "card_support",
    "cards",
    "digital_cards",
    "physical_cards",
    "reserved_balances",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
