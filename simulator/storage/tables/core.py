"""Tables of the core: ids, projects, tokens, users, holders, accounts, memberships, consents.

Times are ISO 8601 text in UTC with milliseconds (`clock.format_timestamp`), so they sort
as text; money is decimal text, never a float.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

migrations = Migrations("core")


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["id_sequences"].create({"kind": str, "value": int}, pk="kind", not_null={"value"})

    db["projects"].create(
        {
            "id": str,
            "name": str,
            "client_id": str,
            "client_secret_hash": str,
            "redirect_uris": str,  # JSON list
            "created_at": str,
        },
        pk="id",
        not_null={"name", "client_id", "client_secret_hash", "redirect_uris", "created_at"},
    )
    db["projects"].create_index(["client_id"], unique=True)

    db["users"].create(
        {
            "id": str,
            "phone_number": str,
            "first_name": str,
            "last_name": str,
            "birth_date": str,
            "identification_levels": str,  # JSON list, e.g. ["Expert"]
            "auto_consent": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"phone_number", "identification_levels", "auto_consent", "created_at"},
        defaults={"identification_levels": "[]", "auto_consent": 0},
    )
    db["users"].create_index(["phone_number"], unique=True)

    db["tokens"].create(
        {
            "token_hash": str,  # SHA-256 of the token; the token itself is never stored
            "kind": str,  # access | refresh
            "project_id": str,
            "user_id": str,
            "scope": str,
            "family_id": str,  # tokens issued from one authorization share a family
            "issued_at": str,
            "expires_at": str,
            "revoked_at": str,
        },
        pk="token_hash",
        not_null={"kind", "project_id", "scope", "issued_at"},
        foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
    )
    db["tokens"].create_index(["family_id"])

    db["account_holders"].create(
        {
            "id": str,
            "project_id": str,
            "type": str,  # Individual | Company
            "first_name": str,
            "last_name": str,
            "company_name": str,
            "verification_status": str,
            "status": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "type", "verification_status", "status", "created_at"},
        foreign_keys=[("project_id", "projects", "id")],
    )
    db["account_holders"].create_index(["project_id", "created_at", "id"])

    db["accounts"].create(
        {
            "id": str,
            "project_id": str,
            "holder_id": str,
            "number": str,
            "name": str,
            "iban": str,
            "bic": str,
            "currency": str,
            "country": str,
            "language": str,
            "status": str,  # Opened | Suspended | Closing | Closed
            "status_reason": str,
            "opened_at": str,
            "closed_at": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "holder_id", "number", "name", "bic", "currency", "status"},
        foreign_keys=[("project_id", "projects", "id"), ("holder_id", "account_holders", "id")],
    )
    db["accounts"].create_index(["project_id", "created_at", "id"])
    db["accounts"].create_index(["holder_id"])
    db["accounts"].create_index(["iban"])

    db["account_memberships"].create(
        {
            "id": str,
            "project_id": str,
            "account_id": str,
            "user_id": str,
            "email": str,
            "can_view_account": int,
            "can_manage_beneficiaries": int,
            "can_initiate_payments": int,
            "can_manage_account_membership": int,
            "can_manage_cards": int,
            "legal_representative": int,
            "status": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"project_id", "account_id", "status", "created_at"},
        foreign_keys=[
            ("project_id", "projects", "id"),
            ("account_id", "accounts", "id"),
            ("user_id", "users", "id"),
        ],
    )
    db["account_memberships"].create_index(["account_id"])
    db["account_memberships"].create_index(["user_id"])

    db["consents"].create(
        {
            "id": str,
            "project_id": str,
            "user_id": str,
            "purpose": str,
            "status": str,
            "redirect_url": str,
            "resource_id": str,
            "require_sca": int,
            "created_at": str,
            "updated_at": str,
            "started_at": str,
            "expires_at": str,
        },
        pk="id",
        not_null={"project_id", "purpose", "status", "redirect_url", "created_at"},
        foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
    )
    db["consents"].create_index(["project_id", "created_at", "id"])


@migrations()
def m002_user_owner(db: sqlite_utils.Database) -> None:
    # The project a Sandbox user belongs to: the one that created it (Testing API, a holder's
    # legal representative, a dataset) or whose authorization flow registered it. NULL for a
    # user created from Python or the CLI, which belongs to no project. The Testing API shows
    # and changes a user only for its project.
    if "project_id" not in db["users"].columns_dict:
        db["users"].add_column("project_id", str)
    db["users"].create_index(["project_id"])
