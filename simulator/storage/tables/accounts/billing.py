"""Tables of billing: account invoices, a project's billing subscription and its owner
account holder, and the test checks a project generated."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("billing")

#: The tables of `m001_billing`.
BILLING_TABLES = (
    Table(
        "account_invoices",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "name": str,  # INVOICE-<closing date as YYYYMMDD>
            "type": str,  # Invoice | RefundNote
            "status": str,  # Paid (the fees were debited as they were charged)
            "amount": str,  # the period's fee debits minus fee credits
            "currency": str,
            "opening_date": str,
            "closing_date": str,
            "expires_at": str,  # when the download link lapses
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "name", "status", "amount", "opening_date"},
        foreign_keys=[("project_id", "projects", "id"), ("account_id", "accounts", "id")],
        indexes=[("account_id", "opening_date")],
    ),
    Table(
        "project_billing",
        {
            "project_id": str,
            "company_name": str,
            "email": str,
            "started_at": str,
        },
        pk="project_id",
        not_null={"company_name", "email", "started_at"},
        foreign_keys=[("project_id", "projects", "id")],
    ),
    Table(
        "project_owners",
        {
            "project_id": str,
            "account_holder_id": str,
            "promoted_at": str,
        },
        pk="project_id",
        not_null={"account_holder_id", "promoted_at"},
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("account_holder_id", "account_holders", "id"),
        ],
    ),
    Table(
        "test_checks",
        {
            "id": str,
            "project_id": str,
            "cmc7": str,
            "rlmc_key": str,
            "fnci_result": str,  # the FNCI answer a payment with this check will get
            "created_at": str,
        },
        pk="id",
        not_null={"project_id", "cmc7", "rlmc_key", "created_at"},
        foreign_keys=[("project_id", "projects", "id")],
        indexes=[("project_id", "cmc7")],
    ),
)


@migrations()
def m001_billing(db: sqlite_utils.Database) -> None:
    apply(db, *BILLING_TABLES)
