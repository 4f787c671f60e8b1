"""Tables of the core: ids, projects, tokens, users, holders, accounts, memberships, consents.

Times are ISO 8601 text in UTC with milliseconds (`clock.format_timestamp`), so they sort
as text; money is decimal text, never a float.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, Unique, apply

migrations = Migrations("core")

_PROJECTS = ("project_id", "projects", "id")
_USERS = ("user_id", "users", "id")

#: The tables of `m001_initial`.
INITIAL_TABLES = (
    Table("id_sequences", {"kind": str, "value": int}, pk="kind", not_null={"value"}),
    Table(
        "projects",
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
        indexes=[Unique(("client_id",))],
    ),
    Table(
        "users",
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
        indexes=[Unique(("phone_number",))],
    ),
    Table(
        "tokens",
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
        foreign_keys=[_PROJECTS, _USERS],
        indexes=[("family_id",)],
    ),
    Table(
        "account_holders",
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
        foreign_keys=[_PROJECTS],
        indexes=[("project_id", "created_at", "id")],
    ),
    Table(
        "accounts",
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
        foreign_keys=[_PROJECTS, ("holder_id", "account_holders", "id")],
        indexes=[("project_id", "created_at", "id"), ("holder_id",), ("iban",)],
    ),
    Table(
        "account_memberships",
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
        foreign_keys=[_PROJECTS, ("account_id", "accounts", "id"), _USERS],
        indexes=[("account_id",), ("user_id",)],
    ),
    Table(
        "consents",
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
        foreign_keys=[_PROJECTS, _USERS],
        indexes=[("project_id", "created_at", "id")],
    ),
)


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    apply(db, *INITIAL_TABLES)


@migrations()
def m002_user_owner(db: sqlite_utils.Database) -> None:
    # The project a Sandbox user belongs to: the one that created it (Testing API, a holder's
    # legal representative, a dataset) or whose authorization flow registered it. NULL for a
    # user created from Python or the CLI, which belongs to no project. The Testing API shows
    # and changes a user only for its project.
    if "project_id" not in db.table("users").columns_dict:
        db.table("users").add_column("project_id", str)
    db.table("users").create_index(["project_id"])


@migrations()
def m003_id_secret(db: sqlite_utils.Database) -> None:
    # Ids were uuid5 of a constant and "<env>/<kind>/<n>": anyone could compute another
    # project's onboarding id, the only credential the unauthenticated API asks for. Ids now
    # come from a per-file secret (storage/_ids.py). The table only: the secret is made by
    # `Store.migrate`, never here, as new files are copies of one migrated image.
    # `slot` is always 'current'; `secret` is 64 hex digits (NULL for a reproducible file).
    secret = Table(
        "id_secret", {"slot": str, "scheme": str, "secret": str}, pk="slot", not_null={"scheme"}
    )
    apply(db, secret)
