"""The ledger: transactions, their state machine, and the balances they add up to.

Every transaction is a `Debit` or a `Credit` of a positive amount. What it does to its
account's balances depends on its status:

| status | effect |
|---|---|
| Pending card debit (`CardOutDebit`) | `reserved += amount` (an authorization) |
| Pending other debit | `pending debits += amount` |
| Pending credit | `pending credits += amount` |
| Booked | `booked += amount` (credit) or `-= amount` (debit) |
| Rejected, Canceled, Released | nothing |

so that, for every account and at every instant:

- `booked` = sum of booked credits - sum of booked debits,
- `reserved` = sum of pending card debits,
- `pending` = pending credits - pending debits (card authorizations excluded),
- `available` = booked - reserved - pending debits.

The balances are kept in `account_balances`, updated in the same transaction as the
status change that moves them; `recompute_balances` derives them again from the
transactions (tests check both agree). Each booked transaction records the booked
balance right after it (`balance_after`) and its place in the booking order.

```python
with env.store.atomic() as db:
    tx = record_transaction(env, db, project_id=p, account_id=a, type="SepaCreditTransferIn",
                            amount=Decimal("100.00"), label="Salary", counterparty="ACME")
    change_status(env, db, tx, "Booked")
read_balances(env.store.db, a).booked   # Decimal('100.00')
```
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ...storage import (
    Database,
    get_row,
    insert_columns,
    next_number,
    rows_where,
    update_row,
    upsert_columns,
    with_changes,
)
from ...storage.rows import TransactionChanges, TransactionRow
from ..kernel.context import Environment
from ..kernel.events import emit
from ..kernel.money import CURRENCY, ZERO, amount_text, to_decimal
from ..kernel.rejections import Rejected, wrong_status

__all__ = [
    "SIDE_OF_TYPE",
    "TRANSACTION_STATUSES",
    "TRANSACTION_TYPES",
    "TRANSITIONS",
    "Balances",
    "adjust_pending_amount",
    "change_status",
    "get_transaction_row",
    "read_balances",
    "read_balances_of",
    "recompute_balances",
    "record_transaction",
]

TRANSACTION_TYPES = (
    "SepaCreditTransferIn",
    "SepaCreditTransferOut",
    "SepaInstantCreditTransferIn",
    "SepaInstantCreditTransferOut",
    "CardOutDebit",
    "CardOutCredit",
    "FeesOut",
    "CardOutDebitReversal",
    "CardOutCreditReversal",
    # Returns and accepted recalls of SEPA credit transfers: booked at once.
    "SepaCreditTransferInReturn",
    "SepaCreditTransferInRecall",
    "SepaInstantCreditTransferInRecall",
    "SepaCreditTransferOutReturn",
    "SepaCreditTransferOutRecall",
    "SepaInstantCreditTransferOutRecall",
    # SEPA direct debits a creditor outside the bank takes from an account (domain.direct_debits).
    "SepaDirectDebitOut",
    "SepaDirectDebitOutReturn",
    "SepaDirectDebitOutReversal",
    # International credit transfers from outside the SEPA zone (domain.international).
    "InternationalCreditTransferIn",
    "InternationalCreditTransferInReturn",
    # Funding requests: the bank debits an outside IBAN for the account (domain.funding).
    "SepaDirectDebitIn",
    "SepaDirectDebitInReturn",
    # International credit transfers sent outside the SEPA zone (domain.international_out).
    "InternationalCreditTransferOut",
    "InternationalCreditTransferOutReturn",
    # Checks deposited on an account (domain.checks).
    "CheckIn",
    "CheckInReturn",
    # Internal direct debits: a merchant's credit (In) and its debtor's debit (Out).
    "InternalDirectDebitIn",
    "InternalDirectDebitInReturn",
    "InternalDirectDebitOut",
    "InternalDirectDebitOutReturn",
    # A customer's card payment to a merchant's account (domain.incoming_card_payments).
    "CardInCredit",
    # A credit transfer between two accounts of the bank, by account number (domain.payments):
    # the payer's debit (Out) and the beneficiary's credit (In).
    "InternalCreditTransferOut",
    "InternalCreditTransferIn",
)
TRANSACTION_STATUSES = ("Upcoming", "Pending", "Booked", "Rejected", "Canceled", "Released")
SIDE_OF_TYPE = {
    "SepaCreditTransferIn": "Credit",
    "SepaCreditTransferOut": "Debit",
    "SepaInstantCreditTransferIn": "Credit",
    "SepaInstantCreditTransferOut": "Debit",
    "CardOutDebit": "Debit",
    "CardOutCredit": "Credit",
    "FeesOut": "Debit",
    # The merchant gives a debit back, or takes a refund back.
    "CardOutDebitReversal": "Credit",
    "CardOutCreditReversal": "Debit",
    "SepaCreditTransferInReturn": "Debit",
    "SepaCreditTransferInRecall": "Debit",
    "SepaInstantCreditTransferInRecall": "Debit",
    "SepaCreditTransferOutReturn": "Credit",
    "SepaCreditTransferOutRecall": "Credit",
    "SepaInstantCreditTransferOutRecall": "Credit",
    "SepaDirectDebitOut": "Debit",
    "SepaDirectDebitOutReturn": "Credit",
    "SepaDirectDebitOutReversal": "Credit",
    "InternationalCreditTransferIn": "Credit",
    "InternationalCreditTransferInReturn": "Debit",
    "SepaDirectDebitIn": "Credit",
    "SepaDirectDebitInReturn": "Debit",
    "InternationalCreditTransferOut": "Debit",
    "InternationalCreditTransferOutReturn": "Credit",
    "CheckIn": "Credit",
    "CheckInReturn": "Debit",
    "InternalDirectDebitIn": "Credit",
    "InternalDirectDebitInReturn": "Debit",
    "InternalDirectDebitOut": "Debit",
    "InternalDirectDebitOutReturn": "Credit",
    "CardInCredit": "Credit",
    "InternalCreditTransferOut": "Debit",
    "InternalCreditTransferIn": "Credit",
}
#: The statuses a transaction may move to from each status (the others are final).
TRANSITIONS: dict[str, tuple[str, ...]] = {
    "Pending": ("Booked", "Rejected", "Canceled", "Released"),
    # A transfer requested for a later date: executed (Pending, or Booked when internal),
    # refused for want of funds, or canceled before it is due.
    "Upcoming": ("Pending", "Booked", "Rejected", "Canceled"),
}
#: Which statuses each type can ever be in (a card debit is released, a transfer canceled).
STATUSES_OF_TYPE: dict[str, tuple[str, ...]] = {
    "SepaCreditTransferIn": ("Pending", "Booked", "Rejected"),
    "SepaCreditTransferOut": ("Upcoming", "Pending", "Booked", "Rejected", "Canceled"),
    "SepaInstantCreditTransferIn": ("Pending", "Booked", "Rejected"),
    "SepaInstantCreditTransferOut": ("Upcoming", "Pending", "Booked", "Rejected", "Canceled"),
    "CardOutDebit": ("Pending", "Booked", "Rejected", "Released"),
    "CardOutCredit": ("Booked",),
    "FeesOut": ("Booked",),
    "CardOutDebitReversal": ("Booked",),
    "CardOutCreditReversal": ("Booked",),
    "SepaCreditTransferInReturn": ("Booked",),
    "SepaCreditTransferInRecall": ("Booked",),
    "SepaInstantCreditTransferInRecall": ("Booked",),
    "SepaCreditTransferOutReturn": ("Booked",),
    "SepaCreditTransferOutRecall": ("Booked",),
    "SepaInstantCreditTransferOutRecall": ("Booked",),
    "SepaDirectDebitOut": ("Pending", "Booked", "Rejected", "Canceled"),
    "SepaDirectDebitOutReturn": ("Booked",),
    "SepaDirectDebitOutReversal": ("Booked",),
    "InternationalCreditTransferIn": ("Pending", "Booked", "Rejected"),
    "InternationalCreditTransferInReturn": ("Booked",),
    "SepaDirectDebitIn": ("Pending", "Booked", "Rejected", "Canceled"),
    "SepaDirectDebitInReturn": ("Booked",),
    "InternationalCreditTransferOut": ("Pending", "Booked", "Rejected"),
    "InternationalCreditTransferOutReturn": ("Booked",),
    "CheckIn": ("Pending", "Booked", "Rejected"),
    "CheckInReturn": ("Booked",),
    "InternalDirectDebitIn": ("Pending", "Booked", "Rejected"),
    "InternalDirectDebitInReturn": ("Booked",),
    "InternalDirectDebitOut": ("Pending", "Booked", "Rejected"),
    "InternalDirectDebitOutReturn": ("Booked",),
    "CardInCredit": ("Pending", "Booked", "Rejected"),
    "InternalCreditTransferOut": ("Upcoming", "Booked", "Rejected", "Canceled"),
    "InternalCreditTransferIn": ("Booked",),
}
_EVENT_OF_STATUS = {
    "Upcoming": "Transaction.Upcoming",
    "Pending": "Transaction.Pending",
    "Booked": "Transaction.Booked",
    "Rejected": "Transaction.Rejected",
    "Canceled": "Transaction.Canceled",
    "Released": "Transaction.Released",
}
#: The expected status named by a wrong-status rejection, per target status.
_EXPECTED = "Pending"


@dataclass(frozen=True)
class Balances:
    """The four stored sums of an account; `available` and `pending` derive from them."""

    booked: Decimal = ZERO
    pending_credits: Decimal = ZERO
    pending_debits: Decimal = ZERO
    reserved: Decimal = ZERO

    @property
    def available(self) -> Decimal:
        return self.booked - self.reserved - self.pending_debits

    @property
    def pending(self) -> Decimal:
        return self.pending_credits - self.pending_debits

    def as_dict(self) -> dict[str, Decimal]:
        """The API's four balances."""
        return {
            "available": self.available,
            "pending": self.pending,
            "booked": self.booked,
            "reserved": self.reserved,
        }


def _effect(row: Mapping[str, Any], status: str, amount: Decimal) -> dict[str, Decimal]:
    """What a transaction in `status` adds to its account's stored sums."""
    if status == "Booked":
        return {"booked": amount if row["side"] == "Credit" else -amount}
    if status == "Pending":
        if row["side"] == "Credit":
            return {"pending_credits": amount}
        if row["type"] == "CardOutDebit":
            return {"reserved": amount}
        return {"pending_debits": amount}
    return {}


def read_balances(db: Database, account_id: str) -> Balances:
    row = db.execute(
        "SELECT booked, pending_credits, pending_debits, reserved FROM account_balances "
        "WHERE account_id = ?",
        [account_id],
    ).fetchone()
    if row is None:
        return Balances()
    return Balances(*(to_decimal(value) for value in row))


def read_balances_of(db: Database, account_ids: list[str]) -> dict[str, Balances]:
    """`read_balances` of several accounts in one query (a page of accounts), by id."""
    marks = ", ".join("?" * len(account_ids))
    rows = db.execute(
        "SELECT account_id, booked, pending_credits, pending_debits, reserved "
        f"FROM account_balances WHERE account_id IN ({marks})",
        account_ids,
    ).fetchall()
    found = {row[0]: Balances(*(to_decimal(value) for value in row[1:])) for row in rows}
    return {account_id: found.get(account_id) or Balances() for account_id in account_ids}


def _apply(env: Environment, db: Database, account_id: str, deltas: dict[str, Decimal]) -> Balances:
    current = read_balances(db, account_id)
    if not deltas:
        return current
    values = {
        name: getattr(current, name) + deltas.get(name, ZERO)
        for name in ("booked", "pending_credits", "pending_debits", "reserved")
    }
    upsert_columns(
        db,
        "account_balances",
        {
            "account_id": account_id,
            **{name: amount_text(value) for name, value in values.items()},
            "updated_at": env.now(),
        },
        pk="account_id",
    )
    return Balances(**values)


def get_transaction_row(db: Database, transaction_id: str) -> TransactionRow | None:
    rows = list(rows_where(db, "transactions", "id = ?", [transaction_id]))
    return rows[0] if rows else None


def _booking_fields(
    env: Environment, db: Database, balances: Balances, booking_date: str | None
) -> TransactionChanges:
    when = booking_date or env.now()
    return {
        "booking_date": when,
        "value_date": when,
        "balance_after": amount_text(balances.booked),
        "booking_number": next_number(db, "booking"),
    }


def record_transaction(
    env: Environment,
    db: Database,
    *,
    project_id: str,
    account_id: str,
    type: str,
    amount: Decimal,
    label: str,
    counterparty: str,
    status: str = "Pending",
    status_reason: str | None = None,
    execution_date: str | None = None,
    booking_date: str | None = None,
    **details: Any,
) -> TransactionRow:
    """Insert a transaction in its first status (in the caller's transaction), move the
    balances, and emit its event. `details` are optional columns (reference,
    counterparty_iban, card_id, merchant_name, settles_at, ...)."""
    if type not in TRANSACTION_TYPES:
        raise ValueError(f"Unknown transaction type {type!r}")
    if status not in STATUSES_OF_TYPE[type]:
        raise ValueError(f"A {type} transaction cannot start {status}")
    if amount <= 0:
        raise ValueError("A transaction amount is positive; its side says which way it goes")
    now = env.now()
    row: dict[str, Any] = {
        "id": env.new_id(db, "transaction"),
        "project_id": project_id,
        "account_id": account_id,
        "type": type,
        "side": SIDE_OF_TYPE[type],
        "amount": amount_text(amount),
        "currency": CURRENCY,
        "label": label,
        "counterparty": counterparty,
        "status": status,
        "status_reason": status_reason,
        "execution_date": execution_date or now,
        "status_changed_at": now,
        "created_at": execution_date or now,
        "updated_at": now,
        **details,
    }
    balances = _apply(env, db, account_id, _effect(row, status, amount))
    if status == "Booked":
        row.update(_booking_fields(env, db, balances, booking_date))
    insert_columns(db, "transactions", row)
    emit(env, db, _EVENT_OF_STATUS[status], project_id=project_id, resource_id=row["id"])
    return get_row(db, "transactions", row["id"])  # with its columns still NULL


def change_status(
    env: Environment,
    db: Database,
    transaction: TransactionRow,
    status: str,
    *,
    reason: str | None = None,
    amount: Decimal | None = None,
) -> TransactionRow:
    """Move a transaction to `status` (in the caller's transaction), or reject with
    TransactionWrongStatusRejection when the move does not exist for it.

    `amount` books a card authorization for a different (smaller or equal) final amount.
    """
    current = transaction["status"]
    if status not in TRANSITIONS.get(current, ()) or status not in STATUSES_OF_TYPE.get(
        transaction["type"], ()
    ):
        raise Rejected(wrong_status("Transaction", transaction["id"], current, _EXPECTED))
    old_amount = to_decimal(transaction["amount"])
    new_amount = old_amount if amount is None else amount
    deltas = _effect(transaction, current, old_amount)
    deltas = {name: -value for name, value in deltas.items()}
    for name, value in _effect(transaction, status, new_amount).items():
        deltas[name] = deltas.get(name, ZERO) + value
    balances = _apply(env, db, transaction["account_id"], deltas)
    now = env.now()
    changes: TransactionChanges = {
        "status": status,
        "status_reason": reason,
        "status_changed_at": now,
        "updated_at": now,
        "amount": amount_text(new_amount),
    }
    if status == "Booked":
        changes.update(_booking_fields(env, db, balances, None))
    update_row(db, "transactions", transaction["id"], changes)
    emit(
        env,
        db,
        _EVENT_OF_STATUS[status],
        project_id=transaction["project_id"],
        resource_id=transaction["id"],
    )
    return with_changes(transaction, changes)


def recompute_balances(db: Database, account_id: str) -> Balances:
    """The balances derived from the transactions alone (what the stored sums must equal)."""
    sums = {"booked": ZERO, "pending_credits": ZERO, "pending_debits": ZERO, "reserved": ZERO}
    for row in db.query(
        "SELECT type, side, status, amount FROM transactions WHERE account_id = ? "
        "AND status IN ('Pending', 'Booked')",
        [account_id],
    ):
        for name, value in _effect(row, row["status"], to_decimal(row["amount"])).items():
            sums[name] += value
    return Balances(**sums)


def adjust_pending_amount(
    env: Environment, db: Database, transaction: TransactionRow, amount: Decimal
) -> TransactionRow:
    """Change what a Pending transaction holds (a card authorization the network adjusted),
    moving the balances with it, in the caller's transaction. No event: the transaction
    stays Pending."""
    if transaction["status"] != "Pending":
        raise Rejected(
            wrong_status("Transaction", transaction["id"], transaction["status"], "Pending")
        )
    old = _effect(transaction, "Pending", to_decimal(transaction["amount"]))
    deltas = {name: -value for name, value in old.items()}
    for name, value in _effect(transaction, "Pending", amount).items():
        deltas[name] = deltas.get(name, ZERO) + value
    _apply(env, db, transaction["account_id"], deltas)
    changes: TransactionChanges = {"amount": amount_text(amount), "updated_at": env.now()}
    update_row(db, "transactions", transaction["id"], changes)
    return with_changes(transaction, changes)
