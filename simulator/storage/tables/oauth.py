"""Tables of the OAuth user flows: signing keys, web sessions, text messages, codes, families.

Secrets are stored hashed only: session cookies and authorization codes as SHA-256 (they
are 256 random bits), text-message codes as HMAC-SHA256 under the file's `hash_keys` key
(six digits: a plain hash would be reversed by trying all of them). The text-message outbox
keeps the message text, as a phone would.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, Unique, apply

migrations = Migrations("oauth")

_PROJECTS = ("project_id", "projects", "id")
_USERS = ("user_id", "users", "id")

#: The tables of `m001_user_flows`.
USER_FLOW_TABLES = (
    # Kept by Store.reset: tokens signed before a reset stay verifiable, and a partner's
    # cached JWKS stays valid.
    Table(
        "signing_keys",
        {
            "kid": str,
            "slot": str,  # 'current': one signing key per environment file
            "algorithm": str,
            "private_jwk": str,  # JSON
            "created_at": str,
        },
        pk="kid",
        not_null={"slot", "algorithm", "private_jwk", "created_at"},
        indexes=[Unique(("slot",))],
    ),
    Table(
        "oauth_project_settings",
        {"project_id": str, "pkce_enabled": int, "updated_at": str},
        pk="project_id",
        not_null={"pkce_enabled", "updated_at"},
        defaults={"pkce_enabled": 0},
        foreign_keys=[_PROJECTS],
    ),
    Table(
        "web_sessions",
        {
            "id": str,
            "secret_hash": str,  # SHA-256 of the cookie value
            "purpose": str,  # authorization | (other flows reusing the login pages)
            "project_id": str,
            "continue_to": str,  # where the browser goes once logged in
            "restart_url": str,  # where "Start again" leads when the session is over
            "data": str,  # JSON: the flow's own request (e.g. the authorization request)
            "phone_hint": str,
            "phone_number": str,
            "user_id": str,
            "step": str,  # phone | code | register | done
            "logged_in_at": str,
            "csrf_token": str,
            "codes_sent": int,
            "failed_code_attempts": int,
            "locked_at": str,
            "finished_at": str,
            "created_at": str,
            "last_seen_at": str,
            "expires_at": str,
        },
        pk="id",
        not_null={
            "secret_hash",
            "purpose",
            "project_id",
            "continue_to",
            "restart_url",
            "data",
            "step",
            "csrf_token",
            "codes_sent",
            "failed_code_attempts",
            "created_at",
            "last_seen_at",
            "expires_at",
        },
        defaults={"codes_sent": 0, "failed_code_attempts": 0},
        foreign_keys=[_PROJECTS, _USERS],
        indexes=[Unique(("secret_hash",))],
    ),
    Table(
        "sms_outbox",
        {
            "id": str,
            "phone_number": str,
            "text": str,
            "sent_at": str,
            "sequence": int,
        },
        pk="id",
        not_null={"phone_number", "text", "sent_at", "sequence"},
        indexes=[("phone_number", "sequence")],
    ),
    Table(
        "sms_codes",
        {
            "id": str,
            "session_id": str,
            "phone_number": str,
            "code_hash": str,
            "sent_at": str,
            "expires_at": str,
            "superseded_at": str,  # a newer code was sent to the same session
            "used_at": str,
        },
        pk="id",
        not_null={"session_id", "phone_number", "code_hash", "sent_at", "expires_at"},
        foreign_keys=[("session_id", "web_sessions", "id")],
        indexes=[("session_id",)],
    ),
    Table(
        "authorization_codes",
        {
            "code_hash": str,
            "project_id": str,
            "client_id": str,
            "user_id": str,
            "redirect_uri": str,
            "redirect_uri_sent": int,  # was redirect_uri in the authorization request?
            "scope": str,
            "nonce": str,
            "code_challenge": str,
            "code_challenge_method": str,
            "auth_time": str,
            "issued_at": str,
            "expires_at": str,
            "used_at": str,
            "family_id": str,  # the token family issued from this code
        },
        pk="code_hash",
        not_null={
            "project_id",
            "client_id",
            "user_id",
            "redirect_uri",
            "redirect_uri_sent",
            "scope",
            "auth_time",
            "issued_at",
            "expires_at",
        },
        foreign_keys=[_PROJECTS, _USERS],
    ),
    Table(
        "token_families",
        {
            "id": str,
            "project_id": str,
            "user_id": str,
            "scope": str,
            "auth_time": str,
            "created_at": str,
            "revoked_at": str,
            "revoked_reason": str,
        },
        pk="id",
        not_null={"project_id", "user_id", "scope", "auth_time", "created_at"},
        foreign_keys=[_PROJECTS, _USERS],
        indexes=[("project_id", "user_id")],
    ),
)


@migrations()
def m001_user_flows(db: sqlite_utils.Database) -> None:
    apply(db, *USER_FLOW_TABLES)


@migrations()
def m002_keyed_login_code_hashes(db: sqlite_utils.Database) -> None:
    # A 6-digit code has only a million values: its plain SHA-256 (m001) is reversed by
    # trying them all. Codes are now HMAC-SHA256 under a random per-file key (table
    # `hash_keys`, kept by Store.reset; the key is made on first use, never here: new files
    # are copies of one migrated image); codes hashed the old way are invalidated (a code
    # lives 15 minutes: the user asks for a new one) and their reversible hashes erased.
    db.table("hash_keys").create(
        {"purpose": str, "secret": str},  # secret: 32 random bytes, hex
        pk="purpose",
        not_null={"secret"},
    )
    db.execute(
        "UPDATE sms_codes SET superseded_at = COALESCE(superseded_at, sent_at), "
        "code_hash = 'invalidated by m002_keyed_login_code_hashes'"
    )


@migrations()
def m003_text_message_project(db: sqlite_utils.Database) -> None:
    # The project whose sign-in sent a text message: the Testing API's outbox shows a project
    # only its own messages (and codes). NULL for messages sent before this column existed.
    if "project_id" not in db.table("sms_outbox").columns_dict:
        db.table("sms_outbox").add_column("project_id", str)
    db.table("sms_outbox").create_index(["project_id", "sequence"])
