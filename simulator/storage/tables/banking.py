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

migrations = Migrations("banking")


def _add_columns(db: sqlite_utils.Database, table: str, columns: dict[str, type]) -> None:
    existing = set(db[table].columns_dict)
    for name, kind in columns.items():
        if name not in existing:
            db[table].add_column(name, kind)


@migrations()
def m001_banking(db: sqlite_utils.Database) -> None:
    # -- columns added to the core's tables ------------------------------------------------
    _add_columns(db, "accounts", {"closes_at": str, "closing_consent_id": str})
    db["accounts"].create_index(["project_id", "status", "created_at", "id"])
    db.execute(
        "CREATE INDEX IF NOT EXISTS idx_accounts_closing ON accounts (closes_at) "
        "WHERE status = 'Closing'"
    )
    db["account_holders"].create_index(["project_id", "verification_status", "created_at", "id"])

    _add_columns(
        db,
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
    )
    db["account_memberships"].create_index(["project_id", "created_at", "id"])
    db["account_memberships"].create_index(["account_id", "created_at", "id"])
    db["account_memberships"].create_index(["user_id", "status", "account_id"])

    _add_columns(db, "consents", {"status_reason": str, "finished_at": str})
    db["consents"].create_index(["project_id", "user_id", "created_at", "id"])
    db.execute(
        "CREATE INDEX IF NOT EXISTS idx_consents_expiry ON consents (expires_at) "
        "WHERE status IN ('Created', 'Started')"
    )

    # -- new tables -------------------------------------------------------------------------
    db["account_balances"].create(
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
        foreign_keys=[("account_id", "accounts", "id")],
    )

    db["cards"].create(
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
            ("project_id", "projects", "id"),
            ("account_id", "accounts", "id"),
            ("account_membership_id", "account_memberships", "id"),
        ],
    )
    db["cards"].create_index(["project_id", "created_at", "id"])
    db["cards"].create_index(["account_id", "created_at", "id"])
    db["cards"].create_index(["account_membership_id", "created_at", "id"])

    db["payments"].create(
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
        foreign_keys=[("project_id", "projects", "id"), ("account_id", "accounts", "id")],
    )
    db["payments"].create_index(["project_id", "created_at", "id"])
    db["payments"].create_index(["account_id", "created_at", "id"])

    db["payment_transfers"].create(
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
    )

    db["transactions"].create(
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
            ("project_id", "projects", "id"),
            ("account_id", "accounts", "id"),
            ("payment_id", "payments", "id"),
            ("card_id", "cards", "id"),
        ],
    )
    # Keyset order of transaction lists is (execution_date, id).
    db["transactions"].create_index(["account_id", "execution_date", "id"])
    db["transactions"].create_index(["project_id", "execution_date", "id"])
    db["transactions"].create_index(["card_id", "execution_date", "id"])
    db["transactions"].create_index(["payment_id"])
    db["transactions"].create_index(["account_id", "status"])
    db.execute(
        "CREATE INDEX IF NOT EXISTS idx_transactions_settlement ON transactions (settles_at) "
        "WHERE status = 'Pending' AND settles_at IS NOT NULL"
    )

    db["idempotency_keys"].create(
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
    )

    db["dataset_records"].create(
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
    )


@migrations()
def m002_closing_reason(db: sqlite_utils.Database) -> None:
    # The reason given to closeAccount, kept apart from `status_reason` until the account
    # starts closing (it overwrote a suspension's reason, and a refusal erased it).
    _add_columns(db, "accounts", {"closing_reason": str})


@migrations()
def m003_transactions_by_project_and_account(db: sqlite_utils.Database) -> None:
    # A project token listing one account's transactions filters on both columns and orders
    # by execution date: without this index SQLite may walk the whole project's range.
    db["transactions"].create_index(["project_id", "account_id", "execution_date", "id"])
