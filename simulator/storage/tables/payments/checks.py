"""Tables of checks deposited on an account: the magnetic line (CMC7) and RLMC key of each
`CheckIn` transaction, beside the transaction itself."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("checks")

CHECKS_TABLES = (
    Table(
        "check_transactions",
        {
            "transaction_id": str,
            "project_id": str,
            "cmc7": str,
            "rlmc_key": str,
            "created_at": str,
        },
        pk="transaction_id",
        not_null={"project_id", "cmc7", "rlmc_key", "created_at"},
        foreign_keys=[
            ("transaction_id", "transactions", "id"),
            ("project_id", "projects", "id"),
        ],
    ),
)


@migrations()
def m001_check_transactions(db: sqlite_utils.Database) -> None:
    apply(db, *CHECKS_TABLES)
