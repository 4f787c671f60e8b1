"""Tables of the accounts family beyond the core's: virtual IBANs, account and transaction
statements, and the columns accounts and holders gain for the real service's fields
(SEPA direct debit blocking, closing reasons, the holder's tax numbers and review dates)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("accounts")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")

#: The tables and columns of `m001_accounts_fidelity`.
ACCOUNTS_TABLES = (
    Alter(
        "accounts",
        {
            "block_sdd": int,  # 1: incoming SEPA direct debits are refused
            "closing_at": str,  # when it entered Closing
            "closing_reason_type": str,  # a CloseAccountReasonType
        },
    ),
    Alter(
        "account_holders",
        {
            "tax_identification_number": str,
            "vat_number": str,
            "registration_number": str,
            "status_reason": str,
            "verification_changed_at": str,  # when verification_status last changed
            "verification_refusal_reason": str,
        },
    ),
    Table(
        "virtual_iban_entries",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "iban": str,
            "bic": str,
            "label": str,
            "status": str,  # Enabled | Suspended | Canceled
            "block_sdd": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "iban", "bic", "status", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[("account_id", "created_at", "id"), ("iban",)],
    ),
    Table(
        "account_statements",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "period": str,  # Custom | Monthly
            "format": str,  # PDF | CSV
            "language": str,
            "status": str,  # Generated (answered as Available on Statement.status)
            "opening_date": str,
            "closing_date": str,
            "opening_balance": str,
            "closing_balance": str,
            "total_credits": str,
            "total_debits": str,
            "fees": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "status", "opening_date", "closing_date"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[("account_id", "created_at", "id")],
    ),
    Table(
        "transaction_statements",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "transaction_id": str,
            "language": str,
            "status": str,  # Generated | Expired
            "expires_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "transaction_id", "status", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[("project_id", "created_at", "id")],
    ),
)


@migrations()
def m001_accounts_fidelity(db: sqlite_utils.Database) -> None:
    apply(db, *ACCOUNTS_TABLES)


@migrations()
def m002_verification_requirements(db: sqlite_utils.Database) -> None:
    # What the bank asks a holder WaitingForInformation for: a JSON list of
    # VerificationRequirementType (the Testing API's updateAccountHolder sets it).
    apply(db, Alter("account_holders", {"verification_requirements": str}))
