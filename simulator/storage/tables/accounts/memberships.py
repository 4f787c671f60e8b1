"""Columns and tables of account memberships, users and consents that the real service's
operations need: a membership's pending update (applied when its consent is accepted), its
invitations, a user's status and consent settings, and the child consents of a multi-consent.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Alter, Table, apply

migrations = Migrations("memberships")


@migrations()
def m001_memberships_users_consents(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Alter(
            "account_memberships",
            # `pending_update`: the JSON changes of an `updateAccountMembership` awaiting
            # consent; `pending_consent_id`: the consent of an update or a resume.
            {
                "pending_update": str,
                "pending_consent_id": str,
                "language": str,
                "disabled_at": str,
            },
        ),
        Alter(
            "users",
            {"status": str, "deactivated_at": str},
        ),
        Alter(
            "consents",
            # A child consent of a multi-consent names its parent and its order there.
            {"parent_consent_id": str, "child_order": int},
            indexes=[("parent_consent_id", "child_order")],
        ),
        Table(
            "user_consent_settings",
            {"project_id": str, "user_id": str, "preferred_notification_channel": str},
            pk=("project_id", "user_id"),
            not_null={"preferred_notification_channel"},
            foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
        ),
        Table(
            "membership_invitations",
            {
                "id": str,
                "project_id": str,
                "account_membership_id": str,
                "redirect_url": str,
                "created_at": str,
            },
            pk="id",
            not_null={"project_id", "account_membership_id", "created_at"},
            foreign_keys=[
                ("project_id", "projects", "id"),
                ("account_membership_id", "account_memberships", "id"),
            ],
            indexes=[("account_membership_id", "created_at")],
        ),
    )


@migrations()
def m002_sandbox_users(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Alter(
            "users",
            # The identity the Testing API's `createSandboxUser` records; `deleted_at` marks a
            # user `deleteSandboxUser` removed (the row stays: memberships and consents name it).
            {
                "nationality_cca3": str,
                "birth_country_cca3": str,
                "all_first_names": str,
                "deleted_at": str,
            },
        ),
        Table(
            "sandbox_user_endorsements",
            # The user `endorseSandboxUser` made the project's current Sandbox user.
            {"project_id": str, "user_id": str, "endorsed_at": str},
            pk="project_id",
            not_null={"user_id", "endorsed_at"},
            foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
        ),
    )


@migrations()
def m003_server_consent_keys(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "server_consent_keys",
            # A project's public key for server-to-server consent (JWK JSON, EC P-256).
            {"project_id": str, "public_key": str, "installed_at": str, "revoked_at": str},
            pk="project_id",
            not_null={"public_key", "installed_at"},
            foreign_keys=[("project_id", "projects", "id")],
        ),
    )


@migrations()
def m004_sandbox_identifications(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "sandbox_identifications",
            # What the Testing API's createSandboxIdentification recorded for a user: the
            # process and each level's status (JSON), the reasons an invalid one failed.
            {
                "id": str,
                "project_id": str,
                "user_id": str,
                "process": str,
                "levels": str,
                "error_reasons": str,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null={"project_id", "user_id", "process", "levels", "created_at"},
            foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
            indexes=[("user_id",)],
        ),
    )


@migrations()
def m005_external_identifications(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "external_identifications",
            # An identity check the partner ran with its own provider (addExternalIdentification):
            # the provider's id, the identity document as given (JSON) and its document id.
            {
                "id": str,
                "project_id": str,
                "user_id": str,
                "external_id": str,
                "identity_document": str,
                "identity_document_id": str,
                "status": str,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null={"project_id", "user_id", "external_id", "identity_document", "status"},
            foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
            indexes=[("user_id",), ("identity_document_id",)],
        ),
        Table(
            "identification_document_uploads",
            # An upload URL for one side of an external identification's identity document:
            # the token is the URL's credential (its SHA-256 kept: a secret is stored hashed), valid
            # until `expires_at` (virtual time).
            {
                "token": str,
                "project_id": str,
                "identification_id": str,
                "side": str,
                "filename": str,
                "expires_at": str,
                "uploaded_at": str,
                "size": int,
                "created_at": str,
            },
            pk="token",
            not_null={"project_id", "identification_id", "side", "filename", "expires_at"},
            foreign_keys=[
                ("project_id", "projects", "id"),
                ("identification_id", "external_identifications", "id"),
            ],
            indexes=[("identification_id",)],
        ),
    )


@migrations()
def m006_membership_details(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Alter(
            "account_memberships",
            # What an invitation or an update may state about the member: where they live
            # (JSON ResidencyAddressInput), their tax number, and a spending limit of their
            # own across their cards (value, period and JSON mode; NULL: none).
            {
                "residency_address": str,
                "tax_identification_number": str,
                "spending_limit_value": str,
                "spending_limit_period": str,
                "spending_limit_mode": str,
            },
        ),
    )
