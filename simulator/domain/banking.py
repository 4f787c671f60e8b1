"""The banking capability as a whole, and how it plugs into one simulator.

```python
wiring = Wiring()
install_banking(wiring)   # consent handlers, card cancellations, settlements and expiries
```
"""

from __future__ import annotations

from . import (
    account_lifecycle,
    beneficiaries,
    cards,
    due_work,
    holders,
    memberships,
    payments,
    simulation,
    standing_orders,
    transactions,
)
from .wiring import Wiring

__all__ = [
    "account_lifecycle",
    "cards",
    "due_work",
    "holders",
    "install_banking",
    "memberships",
    "payments",
    "simulation",
    "transactions",
]


def install_banking(wiring: Wiring) -> None:
    """Plug the banking domain into a simulator's `wiring`: what each consent purpose does
    when approved, the cards an account closing or a disabled membership cancels, and the
    work due on the clock (settlements, consent expiries, account closings)."""
    wiring.consent_handlers.update(
        {
            "AddCard": cards.CONSENT_HANDLER,
            "AddAccountMembership": memberships.CONSENT_HANDLER,
            "InitPayment": payments.CONSENT_HANDLER,
            "AddBeneficiary": beneficiaries.CONSENT_HANDLER,
            "ScheduleStandingOrder": standing_orders.CONSENT_HANDLER,
            "CloseAccount": account_lifecycle.CONSENT_HANDLER,
        }
    )
    wiring.account_closing.append(cards.cancel_cards_of_closing_account)
    wiring.membership_disabled.append(cards.cancel_cards_of_disabled_membership)
    wiring.scheduled_work.append(due_work.BankingWork())
