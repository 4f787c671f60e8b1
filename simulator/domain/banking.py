"""The banking capability, loaded as a whole: importing this module registers every
consent handler (cards, memberships, payments, account closing) and the scheduled work
(settlement, consent expiry, account closing). `simulator.Simulator` imports it.
"""

from __future__ import annotations

from . import (  # imported for their registrations
    account_lifecycle,
    cards,
    due_work,
    holders,
    memberships,
    payments,
    simulation,
    transactions,
)

__all__ = [
    "account_lifecycle",
    "cards",
    "due_work",
    "holders",
    "memberships",
    "payments",
    "simulation",
    "transactions",
]
