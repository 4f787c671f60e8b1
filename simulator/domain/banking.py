"""The banking capability as a whole, and how it plugs into one simulator.

```python
wiring = Wiring()
install_banking(wiring)   # consent handlers, card cancellations, settlements and expiries
```
"""

from __future__ import annotations

from . import due_work
from .accounts import (
    account_data,
    account_lifecycle,
    credit_limits,
    holders,
    membership_changes,
    memberships,
    transactions,
)
from .cards import cards, digital_cards, physical_cards
from .consents import consent_actions
from .exports import exports
from .funding import funding, funding_requests
from .kernel.wiring import Wiring
from .merchants import merchant_payment_records
from .payments import (
    beneficiaries,
    international_out,
    payments,
    received_mandates,
    standing_orders,
    transaction_returns,
)
from .sandbox import simulation

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
            "AddAccountMembership": memberships.CONSENT_HANDLER,
            "AddAccountMemberships": memberships.CONSENT_HANDLER,
            "UpdateAccountMembership": membership_changes.UPDATE_HANDLER,
            "ResumeAccountMembership": membership_changes.RESUME_HANDLER,
            "InitPayment": payments.CONSENT_HANDLER,
            "RequestCreditLimit": credit_limits.CONSENT_HANDLER,
            "UpdateAccountSettings": account_data.CONSENT_HANDLER,
            "InitiateInternationalCreditTransfer": international_out.CONSENT_HANDLER,
            "AddBeneficiary": beneficiaries.CONSENT_HANDLER,
            "ScheduleStandingOrder": standing_orders.CONSENT_HANDLER,
            "CloseAccount": account_lifecycle.CONSENT_HANDLER,
            "ConsentToMultipleConsents": consent_actions.MULTI_CONSENT_HANDLER,
            "EnableMandate": received_mandates.CONSENT_HANDLER,
            "AddDirectDebitPaymentMandate": funding.MANDATE_HANDLER,
            "InitiateFundingRequest": funding_requests.REQUEST_HANDLER,
            "InitiateInstantFundingRequest": funding_requests.REQUEST_HANDLER,
        }
    )
    wiring.consent_handlers.update(cards.CONSENT_HANDLERS)
    wiring.consent_handlers.update(physical_cards.CONSENT_HANDLERS)
    wiring.consent_handlers.update(digital_cards.CONSENT_HANDLERS)
    wiring.consent_handlers.update(transaction_returns.CONSENT_HANDLERS)
    wiring.account_closing.append(cards.cancel_cards_of_closing_account)
    wiring.membership_disabled.append(cards.cancel_cards_of_disabled_membership)
    # A card or check merchant payment follows the transaction carrying its money.
    wiring.event_listeners.append(merchant_payment_records.follow_transaction)
    wiring.scheduled_work.append(due_work.BankingWork())
    wiring.scheduled_work.append(exports.ExportWork())
