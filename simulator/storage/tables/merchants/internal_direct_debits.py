"""Tables of internal direct debits (a merchant collecting from another account of the
simulated bank): the two legs of each debit, the merchant's credit and the debtor's debit.
Their mandates live in `payment_mandates` (kind `Internal`) and, for B2B, the debtor's
registration in `received_direct_debit_mandates` (scheme `InternalB2b`)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("internal_direct_debits")

INTERNAL_DIRECT_DEBIT_TABLES = (
    Table(
        "internal_direct_debits",
        {
            "id": str,
            "project_id": str,
            "payment_mandate_id": str,
            "credit_transaction_id": str,  # the merchant's InternalDirectDebitIn
            "debit_transaction_id": str,  # the debtor's InternalDirectDebitOut
            "created_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "payment_mandate_id",
            "credit_transaction_id",
            "debit_transaction_id",
            "created_at",
        },
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("payment_mandate_id", "payment_mandates", "id"),
            ("credit_transaction_id", "transactions", "id"),
            ("debit_transaction_id", "transactions", "id"),
        ],
        indexes=[("credit_transaction_id",)],
    ),
)


@migrations()
def m001_internal_direct_debits(db: sqlite_utils.Database) -> None:
    apply(db, *INTERNAL_DIRECT_DEBIT_TABLES)
