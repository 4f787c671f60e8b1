"""The banking domain's work due on the virtual clock (plugged in by `install_banking`).

| work | due when | effect |
|---|---|---|
| settlement | a pending SEPA transfer's `settles_at` | Pending -> Booked (Transaction.Booked) |
| standing order | an Enabled order's `next_execution_date` | a payment and its transfer |
| requested execution | an Upcoming transfer's date | Upcoming -> Pending (Booked if internal) |
| consent expiry | an open consent's `expires_at` | Created/Started -> Expired (Consent.Expired) |
| account closing | a closing account's `closes_at` | Closing -> Closed (Account.Closed) |
| card contract end | a card's `card_contract_expiry_date` | -> Canceled/Canceling (Card.Updated) |
| authorization expiry | a card authorization's `authorization_expires_at` | Pending -> Released |
| monthly statement | each month's first day, per open account | a `Monthly` statement |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .accounts import account_lifecycle, monthly_statements, transactions
from .cards import card_details, contract_ends
from .consents import consents
from .kernel.context import Environment
from .payments import internal_transfers, standing_orders

__all__ = ["BankingWork"]


class BankingWork:
    """Settlements, consent expiries and account closings, fired in time order."""

    name = "banking"

    #: (next due instant, run what is due) per kind of work, in the order they run at
    #: one instant: money settles before consents expire before accounts close.
    KINDS: tuple[
        tuple[Callable[[Environment], str | None], Callable[[Environment], list[dict[str, Any]]]],
        ...,
    ] = (
        (transactions.next_settlement, transactions.settle_due_transactions),
        (standing_orders.next_standing_order, standing_orders.execute_due_standing_orders),
        (internal_transfers.next_due_transfer, internal_transfers.execute_due_transfers),
        (consents.next_expiry, consents.expire_due_consents),
        (account_lifecycle.next_closing, account_lifecycle.close_due_accounts),
        (contract_ends.next_contract_end, contract_ends.end_due_contracts),
        (card_details.next_authorization_expiry, card_details.expire_authorizations),
        (monthly_statements.next_monthly_statement, monthly_statements.generate_due_statements),
    )

    def next_due(self, env: Environment) -> str | None:
        dues = [due for next_due, _ in self.KINDS if (due := next_due(env)) is not None]
        return min(dues) if dues else None

    def run_due(self, env: Environment) -> list[dict[str, Any]]:
        timeline: list[dict[str, Any]] = []
        for _, run in self.KINDS:
            timeline.extend(run(env))
        return timeline
