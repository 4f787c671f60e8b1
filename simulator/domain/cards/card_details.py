"""What the card network tells of a simulated card payment besides its amount (the Testing
API's `simulateOutgoingCard*` inputs), checked into transaction columns:

- `originalAmount`: the amount in the merchant's currency (any ISO 4217 code); in EUR it
  must equal the amount. A card transaction shows it (`originalAmount`) and, in another
  currency, the rate it was converted at (`currencyExchange`, merchant's currency to EUR);
- `terminalId` (kept with the transaction), `authorizationType`, `transactionTransportType`
  (shown by the card transaction), `operationType` (an `AtmWithdrawal` is a withdrawal);
- `expirationDateTime`: an authorization still Pending then is released on the virtual
  clock (work due, like consent expiries);
- `allowsPartialAuthorization`: an authorization the balance or a spending limit would
  decline is accepted for what they leave, if anything.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, get_row, update_columns, with_changes
from ...storage.rows import CardRow, TransactionRow
from ..accounts.ledger import change_status, read_balances
from ..kernel.context import Environment
from ..kernel.money import ZERO, AmountError, parse_amount, to_decimal
from ..kernel.spending_limits import period_bounds
from ..kernel.validation import Checks
from .cards import finish_canceling
from .member_spending import spent_by_member

__all__ = [
    "PARTIAL_REASONS",
    "advised_merchant",
    "apply_details",
    "checked_details",
    "expire_authorizations",
    "next_authorization_expiry",
    "partial_amount",
    "spent_within_limit_period",
]

_CURRENCY = re.compile(r"^[A-Z]{3}$")
#: The decline reasons a partial authorization turns into a smaller accepted amount.
PARTIAL_REASONS = ("InsufficientFunds", "SpendingLimitReached")
_PLAIN = (
    "terminal_id",
    "authorization_type",
    "transport_type",
    "operation_type",
    "card_type_used",
    "merchant_id",
    "merchant_category",
    "merchant_city",
    "merchant_postal_code",
    "merchant_country",
)


def _original(
    checks: Checks, original: dict[str, Any], amount: Decimal | None, path: list[str | int]
) -> dict[str, Any]:
    currency = str(original.get("currency") or "")
    if not _CURRENCY.match(currency):
        checks.fail("InvalidFormat", "A currency is an ISO 4217 code.", [*path, "currency"])
    try:
        value = parse_amount(original.get("value"))
    except AmountError as error:
        checks.fail(error.code, error.message, [*path, "value"])
        return {}
    if currency == "EUR" and amount is not None and value != amount:
        checks.fail("InvalidRange", "In EUR the original amount is the amount.", [*path, "value"])
    return {"original_amount": f"{value:.2f}", "original_currency": currency}


def checked_details(
    checks: Checks, input: dict[str, Any], now: str, amount: Decimal | None = None
) -> dict[str, Any]:
    """The columns the network's details of `input` (snake_case) give, checked; `amount` is
    the EUR amount when the input states one."""
    details: dict[str, Any] = {}
    if input.get("original_amount"):
        details.update(
            _original(checks, input["original_amount"], amount, ["input", "originalAmount"])
        )
    if input.get("terminal_id") is not None:
        checks.text(input["terminal_id"], ["input", "terminalId"], max_length=20)
    names = {"transaction_transport_type": "transport_type", "card_type": "card_type_used"}
    for key, value in input.items():
        column = names.get(key, key)
        if value is not None and column in _PLAIN:
            details[column] = value
    country = details.get("merchant_country")
    if country is not None and (len(str(country)) != 3 or not str(country).isalpha()):
        checks.fail("InvalidFormat", "An ISO 3166-1 alpha-3 code.", ["input", "merchantCountry"])
    expires = input.get("expiration_date_time")
    if expires is not None:
        try:
            moment = parse_timestamp(expires)
        except ValueError:
            moment = None
        if moment is None or moment <= parse_timestamp(now):
            checks.fail("InvalidRange", "An expiry after now.", ["input", "expirationDateTime"])
        else:
            details["authorization_expires_at"] = expires
    return details


def advised_merchant(network: dict[str, Any] | None) -> dict[str, Any]:
    """The merchant columns an advice restates (`merchant`, `card_transaction_category`)."""
    network = network or {}
    merchant = network.get("merchant") or {}
    columns = {
        "merchant_name": merchant.get("name"),
        "merchant_city": merchant.get("city"),
        "merchant_country": merchant.get("country"),
        "merchant_category": merchant.get("code"),
        "merchant_id": merchant.get("id"),
        "merchant_postal_code": merchant.get("postal_code"),
        # Other is the input's default: it restates nothing.
        "card_category": network.get("card_transaction_category"),
    }
    if columns["card_category"] == "Other":
        columns["card_category"] = None
    return {column: value for column, value in columns.items() if value is not None}


def apply_details(db: Database, row: TransactionRow, details: dict[str, Any]) -> TransactionRow:
    """Record the details on a transaction (in the caller's transaction)."""
    if not details:
        return row
    update_columns(db, "transactions", row["id"], details)
    return with_changes(row, details)


def partial_amount(env: Environment, db: Database, card: CardRow, spent: Decimal) -> Decimal:
    """What an authorization may still take: the least of the available balance, what the
    card's limit leaves (after `spent`) and what the member's limit leaves."""
    room = [
        read_balances(db, card["account_id"]).available,
        to_decimal(card["spending_limit_value"]) - spent,
    ]
    membership = get_row(db, "account_memberships", card["account_membership_id"])
    if membership.get("spending_limit_value"):
        left = to_decimal(membership["spending_limit_value"])
        room.append(left - spent_by_member(env, db, membership))
    return max(min(room), ZERO)


def next_authorization_expiry(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(authorization_expires_at) FROM transactions WHERE status = 'Pending' "
        "AND type = 'CardOutDebit' AND authorization_expires_at IS NOT NULL"
    ).fetchone()
    return row[0] if row else None


def expire_authorizations(env: Environment) -> list[dict[str, Any]]:
    """Release every Pending card authorization past its expiry; one transaction each."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            "SELECT id FROM transactions WHERE status = 'Pending' AND type = 'CardOutDebit' "
            "AND authorization_expires_at IS NOT NULL AND authorization_expires_at <= ? "
            "ORDER BY authorization_expires_at, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for transaction_id in due:
        with env.store.atomic() as db:
            row = get_row(db, "transactions", transaction_id)
            if row["status"] != "Pending":
                continue
            change_status(env, db, row, "Released", reason="AuthorizationExpired")
            finish_canceling(env, db, row["card_id"])
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "card-authorization-expiry",
                "event": "Transaction.Released",
                "resource_id": transaction_id,
                "summary": f"Card authorization {transaction_id} expired unclaimed",
            }
        )
    return timeline


def _period_start(now: datetime, period: str, mode: str | None = None) -> str:
    bounds = period_bounds(now, period, mode)
    return format_timestamp(bounds[0]) if bounds else ""


def spent_within_limit_period(env: Environment, db: Database, card: CardRow) -> Decimal:
    """What a card spent (pending and booked debits) since its spending-limit period began."""
    since = _period_start(
        parse_timestamp(env.now()), card["spending_limit_period"], card["spending_limit_mode"]
    )
    total = ZERO
    for (amount,) in db.execute(
        "SELECT amount FROM transactions WHERE card_id = ? AND type = 'CardOutDebit' "
        "AND status IN ('Pending', 'Booked') AND execution_date >= ?",
        [card["id"], since],
    ).fetchall():
        total += to_decimal(amount)
    return total
