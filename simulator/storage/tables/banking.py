"""Tables of the banking domain: cards, payments, transactions, balances, idempotency keys,
dataset records, and the columns the core's holders, accounts, memberships and consents
gain for their state machines.

Money is decimal text with two decimals (`"12.50"`), never a float; times are the clock's
sortable text form. Every list the API pages through has an index whose leading columns
are its filter and whose trailing columns are its keyset order, so the n-th page is one
index range scan.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Alter, Partial, Table, apply

migrations = Migrations("banking")

_PROJECTS = ("project_id", "projects", "id")
_ACCOUNTS = ("account_id", "accounts", "id")

#: What `m001_banking` adds to the core's tables.
CORE_CHANGES = (
    Alter(
        "accounts",
        {"closes_at": str, "closing_consent_id": str},
        indexes=[
            ("project_id", "status", "created_at", "id"),
            Partial("idx_accounts_closing", ("closes_at",), "status = 'Closing'"),
        ],
    ),
    Alter("account_holders", indexes=[("project_id", "verification_status", "created_at", "id")]),
    Alter(
        "account_memberships",
        {
            "consent_id": str,
            "restricted_first_name": str,
            "restricted_last_name": str,
            "restricted_phone_number": str,
            "restricted_birth_date": str,
            "status_reason": str,
            "bound_at": str,
        },
        indexes=[
            ("project_id", "created_at", "id"),
            ("account_id", "created_at", "id"),
            ("user_id", "status", "account_id"),
        ],
    ),
    Alter(
        "consents",
        {"status_reason": str, "finished_at": str},
        indexes=[
            ("project_id", "user_id", "created_at", "id"),
            Partial("idx_consents_expiry", ("expires_at",), "status IN ('Created', 'Started')"),
        ],
    ),
)

_CARDS = Table(
    "cards",
    {
        "id": str,
        "project_id": str,
        "account_id": str,
        "account_membership_id": str,
        "consent_id": str,
        "type": str,  # Virtual | VirtualAndPhysical | SingleUseVirtual
        "name": str,
        "masked_number": str,  # set when the card is issued
        "expiry_date": str,  # MM/YY, set when the card is issued
        "withdrawal": int,
        "international": int,
        "non_main_currency_transactions": int,
        "e_commerce": int,
        "spending_limit_value": str,
        "spending_limit_currency": str,
        "spending_limit_period": str,  # Daily | Weekly | Monthly | Always
        "status": str,
        "status_reason": str,
        "enabled_at": str,
        "canceled_at": str,
        "created_at": str,
        "updated_at": str,
    },
    pk="id",
    not_null={
        "project_id",
        "account_id",
        "account_membership_id",
        "type",
        "status",
        "spending_limit_value",
        "spending_limit_currency",
        "spending_limit_period",
        "created_at",
        "updated_at",
    },
    foreign_keys=[
        _PROJECTS,
        _ACCOUNTS,
        ("account_membership_id", "account_memberships", "id"),
    ],
    indexes=[
        ("project_id", "created_at", "id"),
        ("account_id", "created_at", "id"),
        ("account_membership_id", "created_at", "id"),
    ],
)

_PAYMENTS = (
    Table(
        "payments",
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "consent_id": str,
            "status": str,  # ConsentPending | Initiated | Rejected
            "status_reason": str,
            "idempotency_key": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "status", "created_at", "updated_at"},
        foreign_keys=[_PROJECTS, _ACCOUNTS],
        indexes=[("project_id", "created_at", "id"), ("account_id", "created_at", "id")],
    ),
    Table(
        "payment_transfers",
        {
            "payment_id": str,
            "position": int,
            "amount": str,
            "currency": str,
            "beneficiary_name": str,
            "beneficiary_iban": str,
            "beneficiary_bic": str,
            "reference": str,
            "label": str,
            "mode": str,
        },
        pk=("payment_id", "position"),
        not_null={"amount", "currency", "beneficiary_name", "beneficiary_iban", "mode"},
        foreign_keys=[("payment_id", "payments", "id")],
    ),
)

_TRANSACTIONS = Table(
    "transactions",
    {
        "id": str,
        "project_id": str,
        "account_id": str,
        "type": str,  # SepaCreditTransferIn | SepaCreditTransferOut | CardOutDebit | ...
        "side": str,  # Debit | Credit
        "amount": str,
        "currency": str,
        "label": str,
        "reference": str,
        "counterparty": str,
        "counterparty_iban": str,
        "counterparty_bic": str,
        "mode": str,  # Regular | Instant (SEPA)
        "payment_id": str,
        "card_id": str,
        "merchant_name": str,
        "merchant_category": str,
        "merchant_city": str,
        "merchant_country": str,
        "fee_type": str,
        "original_transaction_id": str,
        "status": str,  # Pending | Booked | Rejected | Canceled | Released
        "status_reason": str,
        "execution_date": str,
        "settles_at": str,  # when a pending transfer books itself
        "booking_date": str,
        "value_date": str,
        "balance_after": str,
        "booking_number": int,  # order of booking within the file
        "status_changed_at": str,
        "created_at": str,
        "updated_at": str,
    },
    pk="id",
    not_null={
        "project_id",
        "account_id",
        "type",
        "side",
        "amount",
        "currency",
        "label",
        "counterparty",
        "status",
        "execution_date",
        "created_at",
        "updated_at",
    },
    foreign_keys=[
        _PROJECTS,
        _ACCOUNTS,
        ("payment_id", "payments", "id"),
        ("card_id", "cards", "id"),
    ],
    # Keyset order of transaction lists is (execution_date, id).
    indexes=[
        ("account_id", "execution_date", "id"),
        ("project_id", "execution_date", "id"),
        ("card_id", "execution_date", "id"),
        ("payment_id",),
        ("account_id", "status"),
        Partial(
            "idx_transactions_settlement",
            ("settles_at",),
            "status = 'Pending' AND settles_at IS NOT NULL",
        ),
    ],
)

#: The tables `m001_banking` creates.
BANKING_TABLES = (
    Table(
        "account_balances",
        {
            "account_id": str,
            "booked": str,
            "pending_credits": str,
            "pending_debits": str,
            "reserved": str,
            "updated_at": str,
        },
        pk="account_id",
        not_null={"booked", "pending_credits", "pending_debits", "reserved"},
        foreign_keys=[_ACCOUNTS],
    ),
    _CARDS,
    *_PAYMENTS,
    _TRANSACTIONS,
    Table(
        "idempotency_keys",
        {
            "project_id": str,
            "operation": str,
            "key": str,
            "request_hash": str,
            "resource_id": str,
            "created_at": str,
            "expires_at": str,
        },
        pk=("project_id", "operation", "key"),
        not_null={"request_hash", "resource_id", "created_at", "expires_at"},
    ),
    Table(
        "dataset_records",
        {
            "project_id": str,
            "dataset": str,
            "key": str,
            "resource_type": str,
            "resource_id": str,
            "loaded_at": str,
        },
        pk=("project_id", "dataset", "key"),
        not_null={"resource_type", "resource_id", "loaded_at"},
    ),
)


@migrations()
def m001_banking(db: sqlite_utils.Database) -> None:
    apply(db, *CORE_CHANGES, *BANKING_TABLES)


@migrations()
def m002_closing_reason(db: sqlite_utils.Database) -> None:
    # The reason given to closeAccount, kept apart from `status_reason` until the account
    # starts closing (it overwrote a suspension's reason, and a refusal erased it).
    apply(db, Alter("accounts", {"closing_reason": str}))


@migrations()
def m003_transactions_by_project_and_account(db: sqlite_utils.Database) -> None:
    # A project token listing one account's transactions filters on both columns and orders
    # by execution date: without this index SQLite may walk the whole project's range.
    apply(db, Alter("transactions", indexes=[("project_id", "account_id", "execution_date", "id")]))
