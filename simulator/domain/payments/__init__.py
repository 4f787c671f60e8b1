"""Payments: transfers, beneficiaries, standing orders, international transfers, direct
debits and received mandates, refunds, and returns (of transfers and of transactions).

Above `accounts`; independent of `onboarding` and `cards`.
"""

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
