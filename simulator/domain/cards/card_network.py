"""What card networks do after an authorization, as the Sandbox Testing API simulates it
(simulator-only functions beside `simulation.py`'s authorization, debit, release, credit).

- `reverse_card_debit` (`simulateOutgoingCardDebitReverse`): a booked CardOutDebitReversal
  credit;
- `reverse_card_credit` (`simulateOutgoingCardCreditReverse`): a booked CardOutCreditReversal
  debit;
- `debit_without_authorization` (`simulateOutgoingCardDebitWithoutAuthorization`): a booked
  CardOutDebit;
- `card_advice` (`simulateOutgoingCardAdvice`): an authorization's new amount, or its
  rejection;
- `enrich_card_transaction` (`simulateCardTransactionEnrichment`): the merchant's details
  (Transaction.Enriched).

Each acts inside one project and one transaction and raises `Rejected` for an unknown id or
a move the transaction cannot make. Money only leaves or reaches an account that is not
closing (a closing account must end empty), except a reversal of a refund, which the
merchant takes back even from an overdrawn account (as a fee would).
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from ...storage import Database, get_row, rows_where, update_row
from ...storage.rows import AccountRow, TransactionRow
from ..accounts.ledger import adjust_pending_amount, change_status, record_transaction
from ..kernel.context import Environment
from ..kernel.events import emit
from ..kernel.money import ZERO, to_decimal
from ..kernel.rejections import Rejected, forbidden, not_found, rejection
from ..kernel.validation import Checks
from .card_details import advised_merchant, apply_details, checked_details
from .card_support import card_not_found
from .cards import cancel_card_in, finish_canceling

__all__ = [
    "ENRICHMENT_FIELDS",
    "card_advice",
    "debit_without_authorization",
    "enrich_card_transaction",
    "reverse_card_credit",
    "reverse_card_debit",
]

#: The `EnrichedTransactionInfo` fields a simulated enrichment may set.
ENRICHMENT_FIELDS = (
    "enriched_merchant_name",
    "category",
    "subcategory",
    "address",
    "city",
    "postal_code",
    "country",
    "contact_email",
    "contact_phone",
    "contact_website",
    "is_subscription",
    "latitude",
    "longitude",
    "carbon_footprint",
)
_REVERSAL_OF = {"CardOutDebit": "CardOutDebitReversal", "CardOutCredit": "CardOutCreditReversal"}


def _transaction(db: Database, project_id: str, transaction_id: str) -> TransactionRow:
    rows = list(
        rows_where(db, "transactions", "id = ? AND project_id = ?", [transaction_id, project_id])
    )
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    return rows[0]


def _amount(checks: Checks, amount: object | None, currency: object) -> Decimal | None:
    if amount is None:
        return None
    return checks.amount(amount, ["input", "amount", "value"], currency=currency)


def _open_account(db: Database, account_id: str) -> AccountRow:
    account = get_row(db, "accounts", account_id)
    if account["status"] in ("Closing", "Closed"):
        raise Rejected(
            forbidden(f"Account {account_id} is {account['status']}: it must close empty.")
        )
    return account


def _reverse(
    env: Environment,
    project_id: str,
    transaction_id: str,
    kind: str,
    amount: object | None,
    currency: object,
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    checks = Checks()
    value = _amount(checks, amount, currency)
    details = checked_details(checks, network or {}, env.now(), value)
    checks.raise_if_any()
    with env.store.atomic() as db:
        original = _transaction(db, project_id, transaction_id)
        if original["type"] != kind or original["status"] != "Booked":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is a {original['status']} {original['type']}; "
                    f"only a Booked {kind} can be reversed."
                )
            )
        reversed_sum = sum(
            (
                to_decimal(row[0])
                for row in db.execute(
                    "SELECT amount FROM transactions WHERE original_transaction_id = ? "
                    "AND type = ?",
                    [transaction_id, _REVERSAL_OF[kind]],
                ).fetchall()
            ),
            ZERO,
        )
        left = to_decimal(original["amount"]) - reversed_sum
        value = left if value is None else value
        if value <= ZERO or value > left:
            raise Rejected(
                forbidden(f"At most {left} EUR of transaction {transaction_id} is left to reverse.")
            )
        if kind == "CardOutDebit":
            _open_account(db, original["account_id"])
        return record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=original["account_id"],
            type=_REVERSAL_OF[kind],
            amount=value,
            label=f"Reversal {original['label']}",
            counterparty=original["counterparty"],
            card_id=original["card_id"],
            merchant_name=original.get("merchant_name"),
            merchant_city=original.get("merchant_city"),
            merchant_country=original.get("merchant_country"),
            merchant_category=original.get("merchant_category"),
            card_category=original.get("card_category"),
            original_transaction_id=transaction_id,
            status="Booked",
            **details,
        )


def reverse_card_debit(
    env: Environment,
    project_id: str,
    transaction_id: str,
    amount: object | None = None,
    *,
    currency: object = "EUR",
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """The merchant gives back a booked card debit (all that is left of it, or `amount`):
    a booked CardOutDebitReversal credit pointing at the debit."""
    return _reverse(env, project_id, transaction_id, "CardOutDebit", amount, currency, network)


def reverse_card_credit(
    env: Environment,
    project_id: str,
    transaction_id: str,
    amount: object | None = None,
    *,
    currency: object = "EUR",
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """The merchant takes back a refund it made (all that is left of it, or `amount`): a
    booked CardOutCreditReversal debit pointing at the refund, even if it overdraws."""
    return _reverse(env, project_id, transaction_id, "CardOutCredit", amount, currency, network)


def debit_without_authorization(
    env: Environment,
    project_id: str,
    card_id: str,
    *,
    amount: object,
    currency: object = "EUR",
    merchant: dict[str, Any] | None = None,
    category: str = "InStore",
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """A merchant debits a card it never asked to authorize (tolls, parking, in-flight
    payments): the card network forces a booked card debit, with no check of the card's
    rules or of the balance (it may overdraw). Not on a closing account."""
    merchant = merchant or {}
    checks = Checks()
    value = checks.amount(amount, ["input", "amount", "value"], currency=currency)
    name = checks.text(merchant.get("name"), ["input", "merchant", "name"], required=False)
    details = checked_details(checks, network or {}, env.now(), value)
    country = str(merchant.get("country") or "").upper() or None
    if country is not None and (len(country) != 3 or not country.isalpha()):
        checks.fail(
            "InvalidFormat", "An ISO 3166-1 alpha-3 code.", ["input", "merchant", "country"]
        )
    with env.store.atomic() as db:
        rows = list(rows_where(db, "cards", "id = ? AND project_id = ?", [card_id, project_id]))
        if not rows:
            raise Rejected(card_not_found(card_id))  # an unknown card first
        checks.raise_if_any()
        assert value is not None
        card = rows[0]
        _open_account(db, card["account_id"])
        label = name or "Simulated merchant"
        booked = record_transaction(
            env,
            db,
            project_id=project_id,
            account_id=card["account_id"],
            type="CardOutDebit",
            amount=value,
            label=label,
            counterparty=label,
            card_id=card_id,
            merchant_name=label,
            merchant_city=merchant.get("city"),
            merchant_country=country,
            merchant_category=merchant.get("code"),
            merchant_id=merchant.get("id"),
            merchant_postal_code=merchant.get("postal_code"),
            card_category=category,
            status="Booked",
            **details,
        )
        if card["type"] == "SingleUseVirtual" and card["status"] == "Enabled":
            cancel_card_in(env, db, card, "SingleUseConsumed")  # one payment, then gone
        return booked


def card_advice(
    env: Environment,
    project_id: str,
    transaction_id: str,
    *,
    amount: object,
    currency: object = "EUR",
    outcome: str = "Accepted",
    network: dict[str, Any] | None = None,
) -> TransactionRow:
    """The network advises the final state of a Pending card authorization: Accepted, it
    now holds `amount` (more or less than before, with no new check: the network already
    answered the merchant); any other outcome rejects it (its reservation is freed) with the
    outcome as the reason. `network` updates its details (`card_details`), with its
    `merchant` and `card_category` columns."""
    checks = Checks()
    value = checks.amount(amount, ["input", "amount", "value"], currency=currency)
    details = checked_details(checks, network or {}, env.now(), value)
    checks.raise_if_any()
    assert value is not None
    with env.store.atomic() as db:
        transaction = _transaction(db, project_id, transaction_id)
        if transaction["type"] != "CardOutDebit":
            raise Rejected(
                forbidden(
                    f"Transaction {transaction_id} is a {transaction['type']}, not a card debit."
                )
            )
        transaction = apply_details(db, transaction, {**details, **advised_merchant(network)})
        if outcome != "Accepted":
            rejected = change_status(env, db, transaction, "Rejected", reason=outcome)
            finish_canceling(env, db, transaction["card_id"])
            return rejected
        return adjust_pending_amount(env, db, transaction, value)


def enrich_card_transaction(
    env: Environment, project_id: str, transaction_id: str, info: dict[str, Any]
) -> dict[str, Any]:
    """What the bank later learned about a card payment's merchant (name, category,
    address, contact, ...): stored as its `enrichedTransactionInfo` (fields left out stay),
    emitting Transaction.Enriched. Returns the enrichment."""
    with env.store.atomic() as db:
        transaction = _transaction(db, project_id, transaction_id)
        if not str(transaction["type"]).startswith("Card"):
            raise Rejected(
                rejection(
                    "SimulateCardTransactionEnrichmentRejection",
                    f"Transaction {transaction_id} is a {transaction['type']}, not a card "
                    "transaction.",
                )
            )
        enrichment: dict[str, Any] = json.loads(transaction.get("enrichment") or "{}")
        enrichment.update({key: info[key] for key in ENRICHMENT_FIELDS if key in info})
        update_row(
            db,
            "transactions",
            transaction_id,
            {"enrichment": json.dumps(enrichment, sort_keys=True), "updated_at": env.now()},
        )
        emit(
            env,
            db,
            "Transaction.Enriched",
            project_id=project_id,
            resource_id=transaction_id,
        )
        return enrichment
