"""The banking capability as a whole, and how it plugs into one simulator.

```python
wiring = Wiring()
install_banking(wiring)   # consent handlers, card cancellations, settlements and expiries
```

Each plug names its module, imported at its first use (`Later`, `ConsentHandlers.later`):
what an approved consent does, the cards an account closing cancels, a merchant payment
following its transaction; a simulator that approves nothing imports none of it (the README
example's first answer: docs/performance.md, "First answer"). The work due on the clock is
imported with the simulator: the scheduler asks it for its next instant before every answer.
tests/test_banking_wiring.py checks every plug against the modules it names.
"""

from __future__ import annotations

from . import due_work
from .exports import exports
from .kernel.wiring import Later, Wiring

__all__ = ["CONSENT_HANDLERS", "install_banking"]

#: Consent purpose -> the module (under `simulator.domain`) and attribute of its handler: a
#: `ConsentHandler`, or a module's `CONSENT_HANDLERS` (by purpose).
CONSENT_HANDLERS: dict[str, tuple[str, str]] = {
    "AddAccountMembership": ("accounts.memberships", "CONSENT_HANDLER"),
    "AddAccountMemberships": ("accounts.memberships", "CONSENT_HANDLER"),
    "UpdateAccountMembership": ("accounts.membership_changes", "UPDATE_HANDLER"),
    "ResumeAccountMembership": ("accounts.membership_changes", "RESUME_HANDLER"),
    "InitPayment": ("payments.payments", "CONSENT_HANDLER"),
    "RequestCreditLimit": ("accounts.credit_limits", "CONSENT_HANDLER"),
    "UpdateAccountSettings": ("accounts.account_data", "CONSENT_HANDLER"),
    "InitiateInternationalCreditTransfer": ("payments.international_out", "CONSENT_HANDLER"),
    "AddBeneficiary": ("payments.beneficiaries", "CONSENT_HANDLER"),
    "ScheduleStandingOrder": ("payments.standing_orders", "CONSENT_HANDLER"),
    "CloseAccount": ("accounts.account_lifecycle", "CONSENT_HANDLER"),
    "ConsentToMultipleConsents": ("consents.consent_actions", "MULTI_CONSENT_HANDLER"),
    "EnableMandate": ("payments.received_mandates", "CONSENT_HANDLER"),
    "AddDirectDebitPaymentMandate": ("funding.funding", "MANDATE_HANDLER"),
    "InitiateFundingRequest": ("funding.funding_requests", "REQUEST_HANDLER"),
    "InitiateInstantFundingRequest": ("funding.funding_requests", "REQUEST_HANDLER"),
    **dict.fromkeys(["AddCard", "AddCards", "UpdateCard"], ("cards.cards", "CONSENT_HANDLERS")),
    **dict.fromkeys(
        ["PrintPhysicalCard", "ActivatePhysicalCard", "ResumePhysicalCard"],
        ("cards.physical_cards", "CONSENT_HANDLERS"),
    ),
    **dict.fromkeys(
        ["AddDigitalCard", "AddDigitalCards", "ActivateDigitalCard"],
        ("cards.digital_cards", "CONSENT_HANDLERS"),
    ),
    **dict.fromkeys(
        ["ReturnTransactionForDirectDebit", "ReturnTransactionForInternationalCreditTransfer"],
        ("payments.transaction_returns", "CONSENT_HANDLERS"),
    ),
}


def _module(name: str) -> str:
    return f"{__package__}.{name}"


def install_banking(wiring: Wiring) -> None:
    """Plug the banking domain into a simulator's `wiring`: what each consent purpose does
    when approved, the cards an account closing or a disabled membership cancels, and the
    work due on the clock (settlements, consent expiries, account closings)."""
    wiring.consent_handlers.later(
        {
            purpose: (_module(module), attribute)
            for purpose, (module, attribute) in CONSENT_HANDLERS.items()
        }
    )
    cards = _module("cards.cards")
    wiring.account_closing.append(Later(cards, "cancel_cards_of_closing_account"))
    wiring.membership_disabled.append(Later(cards, "cancel_cards_of_disabled_membership"))
    # A card or check merchant payment follows the transaction carrying its money.
    records = _module("merchants.merchant_payment_records")
    wiring.event_listeners.append(Later(records, "follow_transaction"))
    wiring.scheduled_work.append(due_work.BankingWork())
    wiring.scheduled_work.append(exports.ExportWork())
