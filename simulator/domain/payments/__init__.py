"""Payments: transfers, beneficiaries, standing orders, international transfers, direct
debits and received mandates, refunds, and returns (of transfers and of transactions).

Above `accounts`; independent of `onboarding` and `cards`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import (
        beneficiaries,
        checks,
        direct_debits,
        international,
        international_forms,
        international_out,
        payments,
        received_mandates,
        refunds,
        standing_orders,
        transaction_returns,
        transfer_returns,
    )

__all__ = [
    "beneficiaries",
    "checks",
    "direct_debits",
    "international",
    "international_forms",
    "international_out",
    "payments",
    "received_mandates",
    "refunds",
    "standing_orders",
    "transaction_returns",
    "transfer_returns",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
