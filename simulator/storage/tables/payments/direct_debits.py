"""Tables of SEPA direct debits taken from an account: the mandates creditors debit it
under (`ReceivedDirectDebitMandate`): created by the first Core debit under each mandate,
or registered in advance by the partner (B2B)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("direct_debits")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")

DIRECT_DEBIT_TABLES = (
    Table(
        "received_direct_debit_mandates",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "reference": str,  # the mandate reference the creditor gave
            "creditor_identifier": str,  # SEPA creditor identifier
            "creditor_name": str,
            "creditor_iban": str,
            "ultimate_creditor_name": str,
            "scheme": str,  # Core | B2B
            "sequence": str,  # OneOff | Recurrent
            "name": str,  # the partner's name for a mandate it registered
            "signature_date": str,
            "status": str,  # Enabled | Suspended | ConsentPending | Canceled
            "consent_id": str,  # the EnableMandate consent the mandate waits for
            "consent_for": str,  # Add (refused: Canceled) | Enable (refused: Suspended)
            "status_changed_at": str,
            "executed_at": str,  # the last debit under the mandate
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "account_id",
            "reference",
            "creditor_identifier",
            "creditor_name",
            "scheme",
            "sequence",
            "status",
            "created_at",
            "updated_at",
        },
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[
            ("account_id", "creditor_identifier", "reference"),
            ("project_id", "created_at", "id"),
        ],
    ),
)


@migrations()
def m001_received_direct_debit_mandates(db: sqlite_utils.Database) -> None:
    apply(db, *DIRECT_DEBIT_TABLES)


@migrations()
def m002_creditor_address(db: sqlite_utils.Database) -> None:
    # The creditor's address as the debit gave it (JSON); null when it gave none.
    apply(db, Alter("received_direct_debit_mandates", {"creditor_address": str}))
