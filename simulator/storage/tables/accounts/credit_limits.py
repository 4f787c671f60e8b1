"""Tables of an account's credit limit: its settings (one per account), the requests to set
or change it, its repayment cycles, the repayments the Testing API simulates, and the
credit statements generated for a cycle.

Money is decimal text (EUR); dates and times the clock's text.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, Unique, apply

migrations = Migrations("credit_limits")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")
_SETTINGS = ("settings_id", "credit_limit_settings", "id")

CREDIT_LIMIT_TABLES = (
    Table(
        "credit_limit_settings",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "status": str,  # Pending | Activated | Deactivated | Suspended
            "authorized_amount": str,  # set once the bank accepts a request
            "cycle_length": str,  # JSON: {"monthly": {...}} or {"weekly": {...}}
            "repayment_method": str,  # JSON of CreditLimitSepaDirectDebitB2BInput
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "status", "created_at", "updated_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[Unique(("account_id",))],
    ),
    Table(
        "credit_limit_requests",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "settings_id": str,
            "amount": str,
            "message": str,
            "cycle_length": str,  # JSON, as in the settings
            "repayment_method": str,  # JSON, as in the settings
            "status": str,  # ConsentPending | PendingReview | Approved | Refused | Canceled
            "consent_id": str,
            "status_changed_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "settings_id", "amount", "status", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS, _SETTINGS],
        indexes=[("settings_id", "created_at", "id")],
    ),
    Table(
        "repayment_cycles",
        {
            "id": str,
            "project_id": str,
            "settings_id": str,
            "start_date": str,
            "end_date": str,
            "status": str,  # Due | Submitted | Repaid | Overdue
            "created_at": str,
        },
        pk="id",
        not_null={"project_id", "settings_id", "start_date", "end_date", "status", "created_at"},
        foreign_keys=[_PROJECTS, _SETTINGS],
        indexes=[("settings_id", "start_date", "id")],
    ),
    Table(
        "repayments",
        {
            "id": str,
            "project_id": str,
            "settings_id": str,
            "cycle_id": str,
            "amount": str,
            "status": str,  # Confirmed | Success | Failed
            "transaction_id": str,  # the repayment's credit, when there was anything owed
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "settings_id", "amount", "status", "created_at"},
        foreign_keys=[_PROJECTS, _SETTINGS],
    ),
    Table(
        "credit_statements",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "cycle_id": str,
            "language": str,
            "opening_date": str,
            "closing_date": str,
            "opening_balance": str,
            "closing_balance": str,
            "total_credits": str,
            "total_debits": str,
            "created_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "cycle_id", "opening_date", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS, ("cycle_id", "repayment_cycles", "id")],
    ),
)


@migrations()
def m001_credit_limits(db: sqlite_utils.Database) -> None:
    apply(db, *CREDIT_LIMIT_TABLES)
