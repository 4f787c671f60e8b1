"""Tables of the payments family beyond transfers: trusted beneficiaries, beneficiary
verifications (the tokens `verifyBeneficiary` hands out) and standing orders.

Money is decimal text, times the clock's sortable text; every list the API pages through has
an index whose leading columns are its filter and trailing ones its keyset order.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Partial, Table, apply

migrations = Migrations("payments")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")

PAYMENTS_TABLES = (
    Table(
        "trusted_beneficiaries",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "consent_id": str,
            "type": str,  # Sepa (the only kind the simulator saves)
            "name": str,
            "label": str,
            "iban": str,
            "address": str,  # JSON of AddressInput, or null
            "status": str,  # ConsentPending | Enabled | Canceled
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "type", "name", "iban", "status", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[("project_id", "created_at", "id"), ("account_id", "created_at", "id")],
    ),
    Table(
        "beneficiary_verifications",
        {
            "token": str,
            "project_id": str,
            "name": str,
            "iban": str,
            "status": str,  # Match | CloseMatch | NoMatch | VerificationNotPossible
            "name_suggestion": str,
            "expires_at": str,
            "consumed_at": str,
            "created_at": str,
        },
        pk="token",
        not_null={"project_id", "iban", "status", "expires_at", "created_at"},
        foreign_keys=[_PROJECTS],
    ),
    Table(
        "standing_orders",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "consent_id": str,
            "created_by": str,  # the user who consents
            "period": str,  # Daily | Weekly | Monthly
            "amount": str,  # fixed amount, or null with a target available balance
            "target_available_balance": str,
            "credit_transfer_mode": str,
            "currency": str,
            "beneficiary_name": str,
            "beneficiary_iban": str,
            "beneficiary_bic": str,
            "reference": str,
            "label": str,
            "first_execution_date": str,
            "last_execution_date": str,
            "next_execution_date": str,
            "status": str,  # ConsentPending | Enabled | Canceled
            "canceled_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "period", "status", "created_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[
            ("project_id", "created_at", "id"),
            Partial("idx_standing_orders_due", ("next_execution_date",), "status = 'Enabled'"),
        ],
    ),
)


#: The payments a standing order executes name it; a refund's transfer names what it refunds.
PAYMENTS_CHANGES = (
    Alter("payments", {"standing_order_id": str}, indexes=[("standing_order_id",)]),
    Alter("payment_transfers", {"origin_transaction_id": str}),
)


@migrations()
def m001_payments(db: sqlite_utils.Database) -> None:
    apply(db, *PAYMENTS_TABLES, *PAYMENTS_CHANGES)


#: What a credit transfer's input adds (issue 25): its category purpose, the partner's own
#: reference, how its label is structured, when it is to execute (an Upcoming transaction
#: until then), the beneficiary's address (JSON) and, for an internal transfer, account;
#: the transactions keep the first four.
TRANSFER_DETAILS = {
    "category_purpose": str,
    "external_reference": str,
    "label_type": str,
    "requested_execution_at": str,
}
TRANSFER_DETAILS_CHANGES = (
    Alter(
        "payment_transfers",
        {**TRANSFER_DETAILS, "beneficiary_address": str, "beneficiary_account_id": str},
    ),
    Alter("transactions", TRANSFER_DETAILS),
)


@migrations()
def m002_transfer_details(db: sqlite_utils.Database) -> None:
    apply(db, *TRANSFER_DETAILS_CHANGES)
