"""Account statements and transaction statements, generated at once on the virtual clock.

A statement covers `[openingDate, closingDate)` of an account: its booked balance at both
ends and the booked credits, debits and fees in between, read from the ledger. It is
Generated (the Partner API's `StatementStatus.Available`) as soon as it is asked for; its
download URL points at the simulator's own base URL and serves nothing (no document is
rendered, and nothing is fetched from outside). A transaction statement proves one booked
transaction; its link expires `TRANSACTION_STATEMENT_LIFETIME` after generation.

```python
row = generate_account_statement(env, principal, account_id,
                                 opening_date="2026-01-01T00:00:00.000Z",
                                 closing_date="2026-02-01T00:00:00.000Z")
row["closing_balance"]   # '120.00'
```
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from decimal import Decimal
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import NotFound
from ...storage import Database, insert_columns, insert_row, rows_where
from ...storage.rows import TransactionStatementNew, TransactionStatementRow
from ..kernel.access import account_scope
from ..kernel.context import Environment, Principal
from ..kernel.money import ZERO
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row
from ..kernel.rejections import Rejected, not_found, rejection, validation, validation_error
from .account_lifecycle import find_account

__all__ = [
    "TRANSACTION_STATEMENT_LIFETIME",
    "generate_account_statement",
    "generate_transaction_statement",
    "get_account_statement",
    "get_transaction_statement",
    "list_account_statements",
    "statement_totals",
    "transaction_statement_status",
]

#: How long a transaction statement's link stays valid (a simulator choice; documented).
TRANSACTION_STATEMENT_LIFETIME = timedelta(hours=1)


def _sum(db: Database, sql: str, params: list[Any]) -> Decimal:
    total = ZERO
    for (amount,) in db.execute(sql, params).fetchall():
        total += Decimal(str(amount))
    return total


def _booked_balance(db: Database, account_id: str, before: str) -> Decimal:
    base = "SELECT amount FROM transactions WHERE account_id = ? AND status = 'Booked' "
    at = "AND booking_date < ? AND side = ?"
    credits = _sum(db, base + at, [account_id, before, "Credit"])
    return credits - _sum(db, base + at, [account_id, before, "Debit"])


def statement_totals(db: Database, account_id: str, opening: str, closing: str) -> dict[str, str]:
    base = (
        "SELECT amount FROM transactions WHERE account_id = ? AND status = 'Booked' "
        "AND booking_date >= ? AND booking_date < ? AND side = ?"
    )
    fees = base + " AND type LIKE 'Fees%'"
    values = {
        "opening_balance": _booked_balance(db, account_id, opening),
        "closing_balance": _booked_balance(db, account_id, closing),
        "total_credits": _sum(db, base, [account_id, opening, closing, "Credit"]),
        "total_debits": _sum(db, base, [account_id, opening, closing, "Debit"]),
        "fee_debits": _sum(db, fees, [account_id, opening, closing, "Debit"]),
        "fee_credits": _sum(db, fees, [account_id, opening, closing, "Credit"]),
    }
    values["fees"] = values["fee_debits"] - values["fee_credits"]
    return {key: f"{value:.2f}" for key, value in values.items()}


def _instant(value: object, path: list[str | int], errors: list[dict[str, Any]]) -> str | None:
    try:
        return format_timestamp(parse_timestamp(str(value)))
    except ValueError:
        errors.append(validation_error("InvalidFormat", "An ISO 8601 date-time.", path))
        return None


def generate_account_statement(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    opening_date: object,
    closing_date: object,
    format: str | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """A Custom statement of the account for `[opening_date, closing_date)`, Generated now.

    The mutation returns a `Statement`, not a union: bad dates (`Rejected`) and an unknown
    account (`NotFound`) are answered as GraphQL errors (`BAD_USER_INPUT`, `NOT_FOUND`)."""
    errors: list[dict[str, Any]] = []
    opening = _instant(opening_date, ["input", "openingDate"], errors)
    closing = _instant(closing_date, ["input", "closingDate"], errors)
    now = env.now()
    if opening and closing and not opening < closing <= now:
        errors.append(
            validation_error(
                "InvalidValue",
                "The opening date must come before the closing date, which cannot be later "
                "than now.",
                ["input", "closingDate"],
            )
        )
    if errors:
        raise Rejected(validation(errors))
    assert opening is not None and closing is not None
    with env.store.atomic() as db:
        try:
            account = find_account(db, principal, account_id)
        except Rejected:
            raise NotFound(f"Account {account_id} was not found.") from None
        row = {
            "id": env.new_id(db, "account_statement"),
            "project_id": account["project_id"],
            "account_id": account_id,
            "period": "Custom",
            "format": format or "PDF",
            "language": language or account.get("language") or "en",
            "status": "Generated",
            "opening_date": opening,
            "closing_date": closing,
            **statement_totals(db, account_id, opening, closing),
            "created_at": now,
            "updated_at": now,
        }
        insert_columns(db, "account_statements", {k: v for k, v in row.items() if "fee_" not in k})
        return row


def _with_fee_split(env: Environment, row: Mapping[str, Any]) -> dict[str, Any]:
    # Fee debits and credits are not stored: they are recomputed from the ledger.
    totals = statement_totals(
        env.store.db, row["account_id"], row["opening_date"], row["closing_date"]
    )
    return {**row, "fee_debits": totals["fee_debits"], "fee_credits": totals["fee_credits"]}


def get_account_statement(
    env: Environment, principal: Principal, statement_id: str
) -> dict[str, Any]:
    row = visible_row(
        rows_where(
            env.store.db, "account_statements", *by_id(account_scope(principal), statement_id)
        ),
        "Statement",
        statement_id,
    )
    return _with_fee_split(env, row)


def list_account_statements(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """One account's statements (`filters["account_id"]`), by opening date."""
    filters = filters or {}
    where, params = account_scope(principal)
    where += " AND account_id = ?"
    params = [*params, filters.get("account_id")]
    if filters.get("period"):
        where += " AND period = ?"
        params.append(filters["period"])
    for key, comparison in (("is_after_updated_at", ">"), ("is_before_updated_at", "<")):
        if filters.get(key):
            where += f" AND updated_at {comparison} ?"
            params.append(format_timestamp(parse_timestamp(str(filters[key]))))
    order_by = order_by or {}
    column = "closing_date" if order_by.get("field") == "closingDate" else "opening_date"
    page = paginate(
        env.store.db,
        "account_statements",
        where,
        params,
        first=first,
        after=after,
        order=(column, "id"),
        descending=order_by.get("direction") == "Desc",
    )
    nodes = [_with_fee_split(env, edge.node) for edge in page.edges]
    for edge, node in zip(page.edges, nodes, strict=True):
        edge.node.update(node)
    return page


def generate_transaction_statement(
    env: Environment, principal: Principal, transaction_id: str, *, language: str | None = None
) -> TransactionStatementNew:
    """A statement of one booked transaction (`GenerationNotAllowedRejection` otherwise)."""
    with env.store.atomic() as db:
        where, params = account_scope(principal)
        rows = list(
            rows_where(db, "transactions", f"id = ? AND {where}", [transaction_id, *params])
        )
        if not rows:
            raise Rejected(not_found("Transaction", transaction_id))
        transaction = rows[0]
        if transaction["status"] != "Booked":
            raise Rejected(
                rejection(
                    "GenerationNotAllowedRejection",
                    f"Transaction {transaction_id} is {transaction['status']}; only a booked "
                    "transaction has a statement.",
                )
            )
        now = env.now()
        row: TransactionStatementNew = {
            "id": env.new_id(db, "transaction_statement"),
            "project_id": transaction["project_id"],
            "account_id": transaction["account_id"],
            "transaction_id": transaction_id,
            "language": language or "en",
            "status": "Generated",
            "expires_at": format_timestamp(parse_timestamp(now) + TRANSACTION_STATEMENT_LIFETIME),
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "transaction_statements", row)
        return row


def get_transaction_statement(
    env: Environment, principal: Principal, statement_id: str
) -> TransactionStatementRow:
    return visible_row(
        rows_where(
            env.store.db, "transaction_statements", *by_id(account_scope(principal), statement_id)
        ),
        "Statement",
        statement_id,
    )


def transaction_statement_status(env: Environment, row: dict[str, Any]) -> str:
    """Generated until its link expires on the virtual clock, then Expired."""
    return "Expired" if row["expires_at"] <= env.now() else "Generated"
