"""Tables of what a partner records about its account holders and accounts beyond banking:
accounts they hold at other banks and those accounts' balances (`addExternalAccount`,
`add(OrUpdate)ExternalAccountBalance`), a holder's risk information, and an account's
settings (`updateAccountSettings`)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, Unique, apply

migrations = Migrations("account_data")

_PROJECTS = ("project_id", "projects", "id")
_HOLDERS = ("account_holder_id", "account_holders", "id")

ACCOUNT_DATA_TABLES = (
    Table(
        "external_accounts",
        {
            "id": str,
            "project_id": str,
            "account_holder_id": str,
            "external_id": str,  # the partner's id of it
            "iban": str,
            "bic": str,
            "name": str,
            "holder_name": str,
            "cash_account_type": str,
            "country": str,
            "currency": str,
            "usage": str,
            "source": str,  # who pushed it (the partner's name of its data source)
            "original_created_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_holder_id", "iban", "external_id", "created_at"},
        foreign_keys=[_PROJECTS, _HOLDERS],
        indexes=[Unique(("account_holder_id", "iban")), ("account_holder_id", "created_at", "id")],
    ),
    Table(
        "external_account_balances",
        {
            "id": str,
            "project_id": str,
            "external_account_id": str,
            "type": str,  # ExternalAccountBalanceType
            "amount": str,
            "currency": str,
            "last_changed_at": str,
            "created_at": str,
        },
        pk="id",
        not_null={"project_id", "external_account_id", "type", "amount", "last_changed_at"},
        foreign_keys=[_PROJECTS, ("external_account_id", "external_accounts", "id")],
        indexes=[("external_account_id", "type", "last_changed_at")],
    ),
    Table(
        "account_holder_risk_info",
        {
            "account_holder_id": str,
            "project_id": str,
            "has_adverse_media": int,
            "has_frozen_assets": int,
            "is_politically_exposed": int,
            "updated_at": str,
        },
        pk="account_holder_id",
        not_null={"project_id", "updated_at"},
        foreign_keys=[_PROJECTS, _HOLDERS],
    ),
    Table(
        "account_settings",
        {
            "account_id": str,
            "project_id": str,
            "allow_bulk_without_verification": int,
            "pending_value": int,  # what the UpdateAccountSettings consent will set
            "consent_id": str,
            "updated_at": str,
        },
        pk="account_id",
        not_null={"project_id", "updated_at"},
        foreign_keys=[_PROJECTS, ("account_id", "accounts", "id")],
    ),
)


@migrations()
def m001_account_data(db: sqlite_utils.Database) -> None:
    apply(db, *ACCOUNT_DATA_TABLES)
