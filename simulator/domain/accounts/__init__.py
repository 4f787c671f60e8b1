"""Accounts: account holders, accounts and their life cycle, memberships and their changes,
the ledger (transactions, balances), statements, virtual IBANs and billing (invoices).

Above `consents`, `users` and the kernel.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import (
        account_data,
        account_lifecycle,
        accounts,
        billing,
        credit_limits,
        holders,
        ledger,
        membership_changes,
        memberships,
        statements,
        transactions,
        virtual_ibans,
    )

__all__ = [
    "account_data",
    "account_lifecycle",
    "accounts",
    "billing",
    "credit_limits",
    "holders",
    "ledger",
    "membership_changes",
    "memberships",
    "statements",
    "transactions",
    "virtual_ibans",
]


def __getattr__(name: str) -> Any:
    """PEP 562: a module of the family, imported when first asked for (a process imports
    the modules it uses, not the whole family: docs/performance.md, "First answer")."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
