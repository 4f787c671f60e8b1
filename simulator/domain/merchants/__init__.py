"""Merchants: merchant profiles, their payment methods, mandates and payments, and the
incoming direct debits the debtor's bank books.

Above `funding`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import (
        in_person_payments,
        incoming_card_payments,
        incoming_direct_debits,
        internal_direct_debits,
        merchant_checks,
        merchant_collections,
        merchant_mandates,
        merchant_payment_links,
        merchant_payment_methods,
        merchant_payment_records,
        merchant_payments,
        merchant_profiles,
    )

__all__ = [
    "in_person_payments",
    "incoming_card_payments",
    "incoming_direct_debits",
    "internal_direct_debits",
    "merchant_checks",
    "merchant_collections",
    "merchant_mandates",
    "merchant_payment_links",
    "merchant_payment_methods",
    "merchant_payment_records",
    "merchant_payments",
    "merchant_profiles",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
