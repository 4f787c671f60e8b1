"""Accounts: account holders, accounts and their life cycle, memberships and their changes,
the ledger (transactions, balances), statements, virtual IBANs and billing (invoices).

Above `consents`, `users` and the kernel.
"""

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
