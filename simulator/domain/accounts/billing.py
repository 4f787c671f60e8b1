"""Billing: an account's monthly invoice of banking fees, a project's own billing
subscription, and the account holder that owns the project.

An invoice covers one calendar month (UTC) of an account: the fees booked on it in that
month (`FeesOut` debits minus `FeesIn` credits), read from the ledger. The bank issues
invoices to company account holders only (an individual's fees appear on its statements),
so an individual's account is not eligible. The fees were debited as they were charged,
so an invoice is `Paid` when it is generated. Generating the month's invoice again
recomputes it (`AccountInvoice.Updated`) rather than issuing a second one.

```python
invoice = generate_invoice(env, project_id, account_id)
invoice["name"], invoice["amount"]   # ('INVOICE-20260131', '10.00')
```
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import (
    Database,
    get_row,
    insert_row,
    rows_where,
    update_row,
    upsert_row,
    with_changes,
)
from ...storage.rows import (
    AccountHolderRow,
    AccountInvoiceChanges,
    AccountInvoiceNew,
    AccountInvoiceRow,
    AccountRow,
    ProjectBillingNew,
)
from ..kernel.access import account_scope
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.money import ZERO, amount_text
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row
from ..kernel.rejections import (
    Rejected,
    forbidden,
    not_found,
    rejection,
    validation,
    validation_error,
)

__all__ = [
    "INVOICE_LINK_LIFETIME",
    "generate_invoice",
    "get_invoice",
    "invoice_period",
    "list_invoices",
    "project_owner",
    "promote_project_owner",
    "start_project_billing",
]

#: How long an invoice's download link stays valid (a simulator choice; documented).
INVOICE_LINK_LIFETIME = timedelta(days=1)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def invoice_period(now: str) -> tuple[str, str]:
    """The calendar month (UTC) of `now`: its first instant and its last millisecond."""
    instant = parse_timestamp(now)
    opening = datetime(instant.year, instant.month, 1, tzinfo=UTC)
    following = datetime(instant.year + instant.month // 12, instant.month % 12 + 1, 1, tzinfo=UTC)
    return format_timestamp(opening), format_timestamp(following - timedelta(milliseconds=1))


def _fees(db: Database, account_id: str, opening: str, closing: str) -> Decimal:
    total = ZERO
    for side, value in db.execute(
        "SELECT side, amount FROM transactions WHERE account_id = ? AND status = 'Booked' "
        "AND type LIKE 'Fees%' AND booking_date >= ? AND booking_date <= ?",
        [account_id, opening, closing],
    ).fetchall():
        total += Decimal(str(value)) if side == "Debit" else -Decimal(str(value))
    return total


def _eligible_account(db: Database, project_id: str, account_id: str) -> AccountRow:
    rows = list(rows_where(db, "accounts", "id = ? AND project_id = ?", [account_id, project_id]))
    if not rows:
        raise Rejected(not_found("Account", account_id))
    holder = get_row(db, "account_holders", rows[0]["holder_id"])
    if holder["type"] != "Company":
        raise Rejected(
            rejection(
                "AccountNotEligibleRejection",
                f"Account {account_id} belongs to an individual: the bank invoices company "
                "account holders only.",
            )
        )
    return rows[0]


def generate_invoice(env: Environment, project_id: str, account_id: str) -> AccountInvoiceRow:
    """The account's invoice for the current month, generated now (or recomputed)."""
    with env.store.atomic() as db:
        account = _eligible_account(db, project_id, account_id)
        now = env.now()
        opening, closing = invoice_period(now)
        amount = amount_text(_fees(db, account_id, opening, closing))
        expires_at = format_timestamp(parse_timestamp(now) + INVOICE_LINK_LIFETIME)
        changes: AccountInvoiceChanges = {
            "amount": amount,
            "expires_at": expires_at,
            "updated_at": now,
        }
        existing = list(
            rows_where(
                db, "account_invoices", "account_id = ? AND opening_date = ?", [account_id, opening]
            )
        )
        if existing:
            update_row(db, "account_invoices", existing[0]["id"], changes)
            emit(
                env,
                db,
                "AccountInvoice.Updated",
                project_id=project_id,
                resource_id=existing[0]["id"],
            )
            return with_changes(existing[0], changes)
        row: AccountInvoiceNew = {
            "id": env.new_id(db, "account_invoice"),
            "project_id": project_id,
            "account_id": account["id"],
            "name": f"INVOICE-{closing[:10].replace('-', '')}",
            "type": "Invoice",
            "status": "Paid",
            "currency": account["currency"],
            "opening_date": opening,
            "closing_date": closing,
            "created_at": now,
            "amount": amount,
            "expires_at": expires_at,
            "updated_at": now,
        }
        insert_row(db, "account_invoices", row)
        emit(env, db, "AccountInvoice.Generated", project_id=project_id, resource_id=row["id"])
        return get_row(db, "account_invoices", row["id"])  # with its columns still NULL


def get_invoice(env: Environment, principal: Principal, invoice_id: str) -> AccountInvoiceRow:
    """An invoice of an account the caller sees (`NotFound` otherwise)."""
    return visible_row(
        rows_where(env.store.db, "account_invoices", *by_id(account_scope(principal), invoice_id)),
        "Invoice",
        invoice_id,
    )


def list_invoices(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """One account's invoices (`filters["account_id"]`), newest first."""
    where, params = account_scope(principal)
    return paginate(
        env.store.db,
        "account_invoices",
        where + " AND account_id = ?",
        [*params, (filters or {}).get("account_id")],
        first=first,
        after=after,
        descending=True,
    )


def start_project_billing(
    env: Environment, project_id: str, *, company_name: object, email: object
) -> ProjectBillingNew:
    """The project goes live for billing: the company and address its invoices go to.
    Once only (`ProjectAlreadyHasSubscriptionRejection`)."""
    errors = []
    name = company_name.strip() if isinstance(company_name, str) else ""
    if not name:
        errors.append(validation_error("Missing", "A company name.", ["input", "companyName"]))
    address = email.strip() if isinstance(email, str) else ""
    if not _EMAIL.match(address):
        errors.append(validation_error("InvalidFormat", "An email address.", ["input", "email"]))
    if errors:
        raise Rejected(validation(errors))
    with env.store.atomic() as db:
        if db["project_billing"].count_where("project_id = ?", [project_id]):
            raise Rejected(
                rejection(
                    "ProjectAlreadyHasSubscriptionRejection",
                    f"Project {project_id}'s billing has already started.",
                )
            )
        row: ProjectBillingNew = {
            "project_id": project_id,
            "company_name": name,
            "email": address,
            "started_at": env.now(),
        }
        insert_row(db, "project_billing", row)
        return row


def promote_project_owner(env: Environment, project_id: str, holder_id: str) -> AccountHolderRow:
    """Make the holder the project's owner; the previous owner, if any, loses the role."""
    with env.store.atomic() as db:
        rows = list(
            rows_where(db, "account_holders", "id = ? AND project_id = ?", [holder_id, project_id])
        )
        if not rows:
            raise Rejected(not_found("AccountHolder", holder_id))
        if rows[0]["status"] == "Canceled":
            raise Rejected(forbidden(f"Account holder {holder_id} is canceled."))
        upsert_row(
            db,
            "project_owners",
            {"project_id": project_id, "account_holder_id": holder_id, "promoted_at": env.now()},
            pk="project_id",
        )
        return rows[0]


def project_owner(env: Environment, project_id: str) -> str | None:
    """The id of the account holder that owns the project, if one was promoted."""
    rows = list(rows_where(env.store.db, "project_owners", "project_id = ?", [project_id]))
    return str(rows[0]["account_holder_id"]) if rows else None
