"""Transactions as the partner sees them: listing with filters, one by id, cancelling an
outgoing transfer, and the settlement of pending transfers on the virtual clock.

Settlement: a SEPA credit transfer (outgoing or incoming) is `Pending` from its execution,
then books itself after its mode's delay (`SETTLEMENT_DELAYS`: Regular 1 day, Instant
10 seconds), as scheduled work fired by advancing the clock. The Testing API can book or
reject an outgoing one earlier.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import sqlite_utils

from ..clock import format_timestamp, parse_timestamp
from .access import account_scope, require_permission
from .context import Environment, Principal
from .ledger import TRANSACTION_STATUSES, TRANSACTION_TYPES, change_status, get_transaction_row
from .pagination import Connection, paginate
from .queries import find_visible, with_filters
from .rejections import Rejected, forbidden, not_found

__all__ = [
    "SETTLEMENT_DELAYS",
    "TRANSACTION_STATUSES",
    "TRANSACTION_TYPES",
    "cancel_transaction",
    "find_transaction",
    "get_transaction",
    "list_transactions",
    "next_settlement",
    "settle_due_transactions",
    "settlement_time",
]

SETTLEMENT_DELAYS = {"Regular": timedelta(days=1), "Instant": timedelta(seconds=10)}
TRANSFER_MODES = tuple(SETTLEMENT_DELAYS)
#: Keyset order of every transaction list.
ORDER = ("execution_date", "id")


def settlement_time(env: Environment, mode: str) -> str:
    return format_timestamp(parse_timestamp(env.now()) + SETTLEMENT_DELAYS[mode])


def find_transaction(
    db: sqlite_utils.Database, principal: Principal, transaction_id: str
) -> dict[str, Any]:
    """The transaction if the caller sees it, else `TransactionNotFoundRejection`."""
    where, params = account_scope(principal)
    rows = list(db["transactions"].rows_where(f"id = ? AND {where}", [transaction_id, *params]))
    if not rows:
        raise Rejected(not_found("Transaction", transaction_id))
    return rows[0]


def get_transaction(env: Environment, principal: Principal, transaction_id: str) -> dict[str, Any]:
    return find_visible(
        env, "transactions", account_scope(principal), transaction_id, "Transaction"
    )


def list_transactions(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    descending: bool = False,
) -> Connection:
    """Transactions the caller sees, by execution date (oldest first unless `descending`).

    Filters: `account_id`, `card_id`, `payment_id`, `status` and `type` (lists), `side`,
    `execution_date_from` (inclusive) and `execution_date_to` (exclusive). Pages are keyset
    range scans of the `(account_id | project_id, execution_date, id)` indexes.
    """
    where, params = with_filters(
        account_scope(principal),
        filters,
        equal=("account_id", "card_id", "payment_id", "side"),
        any_of=("status", "type"),
    )
    filters = filters or {}
    if filters.get("execution_date_from"):
        where += " AND execution_date >= ?"
        params.append(filters["execution_date_from"])
    if filters.get("execution_date_to"):
        where += " AND execution_date < ?"
        params.append(filters["execution_date_to"])
    return paginate(
        env.store.db,
        "transactions",
        where,
        params,
        first=first,
        after=after,
        order=ORDER,
        descending=descending,
    )


def cancel_transaction(
    env: Environment, principal: Principal, transaction_id: str
) -> dict[str, Any]:
    """Cancel an outgoing SEPA credit transfer that is still Pending (not yet settled)."""
    with env.store.atomic() as db:
        transaction = find_transaction(db, principal, transaction_id)
        require_permission(db, principal, transaction["account_id"], "can_initiate_payments")
        if transaction["type"] != "SepaCreditTransferOut":
            raise Rejected(
                forbidden("Only outgoing SEPA credit transfers can be canceled by the partner.")
            )
        return change_status(env, db, transaction, "Canceled", reason="CanceledByPartner")


def next_settlement(env: Environment) -> str | None:
    row = env.store.db.execute(
        "SELECT MIN(settles_at) FROM transactions WHERE status = 'Pending' "
        "AND settles_at IS NOT NULL"
    ).fetchone()
    return row[0] if row else None


def settle_due_transactions(env: Environment) -> list[dict[str, Any]]:
    """Book every pending transfer whose settlement time has come (one transaction each)."""
    now = env.now()
    due = [
        row[0]
        for row in env.store.db.execute(
            "SELECT id FROM transactions WHERE status = 'Pending' AND settles_at IS NOT NULL "
            "AND settles_at <= ? ORDER BY settles_at, id",
            [now],
        ).fetchall()
    ]
    timeline = []
    for transaction_id in due:
        with env.store.atomic() as db:
            transaction = get_transaction_row(db, transaction_id)
            if transaction is None or transaction["status"] != "Pending":
                continue
            change_status(env, db, transaction, "Booked")
        timeline.append(
            {
                "at": now,
                "environment": env.name.value,
                "work": "settlement",
                "event": "Transaction.Booked",
                "resource_id": transaction_id,
                "summary": f"Transaction {transaction_id} booked: the pending transfer settled",
            }
        )
    return timeline
