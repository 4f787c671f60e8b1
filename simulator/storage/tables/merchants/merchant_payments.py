"""Tables of merchant payments: what a merchant collects from its customers under the payment
mandates they signed (SEPA direct debit), each payment grouping the transactions it makes.

Merchant payment methods' mandates live in the funding family's `payment_mandates` table
(`payment_method_id` set), so one `paymentMandate(id)` lookup finds every kind.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("merchant_payments")

MERCHANT_PAYMENT_TABLES = (
    Table(
        "merchant_payments",
        {
            "id": str,
            "project_id": str,
            "account_id": str,  # the merchant's account, credited
            "merchant_profile_id": str,
            "payment_method_id": str,
            "payment_mandate_id": str,
            "transaction_id": str,  # the SepaDirectDebitIn collecting it
            "amount": str,  # EUR, as text
            "amount_cents": int,  # the same, for sorting and comparing
            "label": str,
            "reference": str,
            "external_reference": str,
            "status": str,  # MerchantPaymentStatus
            "rejected_reason": str,  # MerchantPaymentRejectedReason
            "authorized_at": str,
            "captured_at": str,
            "rejected_at": str,
            "canceled_at": str,
            "disputed_at": str,
            "requested_execution_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "account_id",
            "merchant_profile_id",
            "payment_method_id",
            "payment_mandate_id",
            "amount",
            "status",
            "created_at",
            "updated_at",
        },
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("account_id", "accounts", "id"),
            ("merchant_profile_id", "merchant_profiles", "id"),
            ("payment_mandate_id", "payment_mandates", "id"),
        ],
        indexes=[
            ("project_id", "created_at", "id"),
            ("merchant_profile_id", "created_at", "id"),
            ("transaction_id",),
        ],
    ),
)

MERCHANT_PAYMENT_CHANGES = (
    # The transactions a merchant payment made (its debit, the debit's return).
    Alter("transactions", {"merchant_payment_id": str}, indexes=[("merchant_payment_id",)]),
    # A mandate reference is unique for its creditor identifier.
    Alter(
        "payment_mandates",
        indexes=[("payment_method_id",), ("project_id", "creditor_identifier", "reference")],
    ),
)


@migrations()
def m001_merchant_payments(db: sqlite_utils.Database) -> None:
    apply(db, *MERCHANT_PAYMENT_TABLES, *MERCHANT_PAYMENT_CHANGES)
