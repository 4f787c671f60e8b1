"""The table of merchant payment links: a page address a merchant sends its customer, for one
amount by the payment methods it names (`createMerchantPaymentLink`)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("merchant_payment_links")

MERCHANT_PAYMENT_LINK_TABLES = (
    Table(
        "merchant_payment_links",
        {
            "id": str,
            "project_id": str,
            "merchant_profile_id": str,
            "amount": str,  # EUR, as text
            "payment_method_ids": str,  # JSON list, in the order given
            "label": str,
            "reference": str,
            "external_reference": str,
            "redirect_url": str,
            "cancel_redirect_url": str,
            "language": str,
            "sequence": str,  # PaymentMandateSequence
            "requested_execution_at": str,
            "expires_at": str,
            "billing_address": str,  # JSON object, or null
            "customer": str,  # JSON object, or null
            "completed_at": str,  # set once a payment was made with it
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "merchant_profile_id",
            "amount",
            "payment_method_ids",
            "sequence",
            "expires_at",
            "created_at",
            "updated_at",
        },
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("merchant_profile_id", "merchant_profiles", "id"),
        ],
        indexes=[("project_id", "created_at", "id"), ("merchant_profile_id", "created_at", "id")],
    ),
)


@migrations()
def m001_merchant_payment_links(db: sqlite_utils.Database) -> None:
    apply(db, *MERCHANT_PAYMENT_LINK_TABLES)


PAYMENT_LINK_CARD_MANDATE_TABLES = (
    # The cards customers typed on payment pages (`unauthenticatedAddCardPaymentMandate`):
    # only the card form's token, hashed, and what the Sandbox reads of it.
    Table(
        "merchant_payment_link_card_mandates",
        {
            "id": str,
            "project_id": str,
            "payment_link_id": str,
            "payment_method_id": str,
            "token_hash": str,  # the kernel's hash_secret of the token
            "declined": int,  # 1 for the Sandbox's declined test token
            "sequence": str,  # PaymentMandateSequence
            "created_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "payment_link_id",
            "payment_method_id",
            "token_hash",
            "declined",
            "sequence",
            "created_at",
        },
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("payment_link_id", "merchant_payment_links", "id"),
            ("payment_method_id", "merchant_payment_methods", "id"),
        ],
        indexes=[("payment_link_id",)],
    ),
)


@migrations()
def m002_card_mandates(db: sqlite_utils.Database) -> None:
    apply(db, *PAYMENT_LINK_CARD_MANDATE_TABLES)
