"""Tables of international credit transfers sent outside the SEPA zone: each transfer's
quote, beneficiary and details (`international_credit_transfers`), and what a trusted
beneficiary of the International type adds to `trusted_beneficiaries`.

Money is decimal text; the target amount is in its own currency, the others in EUR.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("international")

INTERNATIONAL_TABLES = (
    Table(
        "international_credit_transfers",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "payment_id": str,
            "transaction_id": str,  # once the consent is accepted
            "trusted_beneficiary_id": str,  # when paid to (or saved as) a trusted one
            "save_beneficiary": int,
            "beneficiary_name": str,
            "currency": str,
            "route": str,
            "details": str,  # JSON list of {key, value}: the beneficiary's
            "transfer_details": str,  # JSON list of {key, value}: the transfer's
            "target_amount": str,
            "exchange_rate": str,
            "fees_amount": str,
            "source_amount": str,
            "external_reference": str,
            "created_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "payment_id", "currency", "route", "created_at"},
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("account_id", "accounts", "id"),
            ("payment_id", "payments", "id"),
        ],
        indexes=[("payment_id",), ("transaction_id",)],
    ),
)

#: An International trusted beneficiary has no IBAN (stored empty) but a currency, a route
#: and the route's details.
INTERNATIONAL_CHANGES = (
    Alter("trusted_beneficiaries", {"currency": str, "route": str, "details": str}),
)


@migrations()
def m001_international_transfers(db: sqlite_utils.Database) -> None:
    apply(db, *INTERNATIONAL_TABLES, *INTERNATIONAL_CHANGES)
