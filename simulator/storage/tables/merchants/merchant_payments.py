"""Tables of merchant payments: what a merchant collects from its customers under the payment
mandates they signed (SEPA direct debit), each payment grouping the transactions it makes.

Merchant payment methods' mandates live in the funding family's `payment_mandates` table
(`payment_method_id` set), so one `paymentMandate(id)` lookup finds every kind.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, Unique, apply

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


#: Merchant payments of every kind: a card payment has no SEPA mandate (its card is its
#: mandate), a check none at all.
MERCHANT_PAYMENT_KINDS = Alter(
    "merchant_payments",
    {
        "kind": str,  # SepaDirectDebit | OnlineCard | Card | InPersonCard | Check
        "payment_link_id": str,  # the payment link it paid, if any
        "billing_address": str,  # JSON Address, or null
        "card": str,  # JSON: the paying card (scheme, category, type, country), card kinds
        "card_mandate_id": str,  # the card's mandate id (CardPaymentMandate), card kinds
        "three_ds": str,  # JSON {status, reason}: the 3-D Secure outcome, online card kinds
        "cmc7": str,  # a check's magnetic line
        "rlmc_key": str,
        "fnci": str,  # JSON FnciInfo: the check registry's answer
        "payment_intent_id": str,  # the in-person payment intent it paid
    },
    indexes=[("payment_link_id",), ("project_id", "cmc7")],
)

#: In-person card payments: an intent a terminal presents (its secret stored hashed), and
#: the short-lived tokens a terminal connects with.
IN_PERSON_TABLES = (
    Table(
        "in_person_payment_intents",
        {
            "id": str,
            "project_id": str,
            "merchant_profile_id": str,
            "payment_method_id": str,  # the Enabled InPersonCard method
            "amount": str,  # EUR, as text
            "label": str,
            "reference": str,
            "external_reference": str,
            "secret_hash": str,  # hash_secret(secret): the secret itself is never stored
            "merchant_payment_id": str,  # set once a card paid it
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={
            "project_id",
            "merchant_profile_id",
            "payment_method_id",
            "amount",
            "secret_hash",
            "created_at",
            "updated_at",
        },
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("merchant_profile_id", "merchant_profiles", "id"),
        ],
        indexes=[Unique(("secret_hash",)), ("merchant_profile_id", "created_at")],
    ),
    Table(
        "terminal_connection_tokens",
        {
            "id": str,
            "project_id": str,
            "merchant_profile_id": str,
            "token_hash": str,
            "expires_at": str,
            "created_at": str,
        },
        pk="id",
        not_null={"project_id", "merchant_profile_id", "token_hash", "expires_at", "created_at"},
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("merchant_profile_id", "merchant_profiles", "id"),
        ],
        indexes=[Unique(("token_hash",))],
    ),
)


@migrations()
def m002_merchant_payment_kinds(db: sqlite_utils.Database) -> None:
    # A card or check payment has no SEPA mandate: the column may now be null.
    db.table("merchant_payments").transform(not_null={"payment_mandate_id": False})
    apply(db, MERCHANT_PAYMENT_KINDS, *IN_PERSON_TABLES)
    db.execute("UPDATE merchant_payments SET kind = 'SepaDirectDebit' WHERE kind IS NULL")
