"""Tables of the OAuth user flows: signing keys, web sessions, text messages, codes, families.

Secrets (session cookies, authorization codes, text-message codes) are stored as SHA-256
hashes only; the text-message outbox keeps the message text, as a phone would.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

migrations = Migrations("oauth")


@migrations()
def m001_user_flows(db: sqlite_utils.Database) -> None:
    # Kept by Store.reset: tokens signed before a reset stay verifiable, and a partner's
    # cached JWKS stays valid.
    db["signing_keys"].create(
        {
            "kid": str,
            "slot": str,  # 'current': one signing key per environment file
            "algorithm": str,
            "private_jwk": str,  # JSON
            "created_at": str,
        },
        pk="kid",
        not_null={"slot", "algorithm", "private_jwk", "created_at"},
    )
    db["signing_keys"].create_index(["slot"], unique=True)

    db["oauth_project_settings"].create(
        {"project_id": str, "pkce_enabled": int, "updated_at": str},
        pk="project_id",
        not_null={"pkce_enabled", "updated_at"},
        defaults={"pkce_enabled": 0},
        foreign_keys=[("project_id", "projects", "id")],
    )

    db["web_sessions"].create(
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
        foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
    )
    db["web_sessions"].create_index(["secret_hash"], unique=True)

    db["sms_outbox"].create(
        {
            "id": str,
            "phone_number": str,
            "text": str,
            "sent_at": str,
            "sequence": int,
        },
        pk="id",
        not_null={"phone_number", "text", "sent_at", "sequence"},
    )
    db["sms_outbox"].create_index(["phone_number", "sequence"])

    db["sms_codes"].create(
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
    )
    db["sms_codes"].create_index(["session_id"])

    db["authorization_codes"].create(
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
        foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
    )

    db["token_families"].create(
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
        foreign_keys=[("project_id", "projects", "id"), ("user_id", "users", "id")],
    )
    db["token_families"].create_index(["project_id", "user_id"])


@migrations()
def m002_text_message_project(db: sqlite_utils.Database) -> None:
    # The project whose sign-in sent a text message: the Testing API's outbox shows a project
    # only its own messages (and codes). NULL for messages sent before this column existed.
    if "project_id" not in db["sms_outbox"].columns_dict:
        db["sms_outbox"].add_column("project_id", str)
    db["sms_outbox"].create_index(["project_id", "sequence"])
