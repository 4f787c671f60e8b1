"""Access tokens: issued, looked up and expired on the virtual clock.

Tokens are opaque random strings prefixed by their environment and kind
(`SANDBOX_AT_...`, `LIVE_RT_...`). The prefix lets an endpoint say "this token belongs
to the other environment" without ever looking into the other environment's file; the
random part (256 bits) is what makes the token, and only its SHA-256 hash is stored.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from ..clock import format_timestamp
from ..domain.kernel.context import Environment, Principal
from ..environments import EnvironmentName
from ..exceptions import InvalidToken

__all__ = [
    "ACCESS_TOKEN_LIFETIME",
    "authenticate_bearer",
    "hash_token",
    "issue_project_token",
    "new_token",
]

ACCESS_TOKEN_LIFETIME = timedelta(seconds=3600)
_KIND_CODES = {"access": "AT", "refresh": "RT", "code": "AC"}


def new_token(environment: EnvironmentName, kind: str) -> str:
    return f"{environment.prefix}_{_KIND_CODES[kind]}_{secrets.token_urlsafe(32)}"


#: An access token's row by its hash, with the journal's reference for the token (the same
#: digest: `journal/redact.py`), read in the same statement for the request's entry.
_ACCESS_TOKEN = (
    "SELECT project_id, user_id, scope, revoked_at, expires_at, "
    "(SELECT reference FROM journal_secrets WHERE digest = token_hash) "
    "FROM tokens WHERE token_hash = ? AND kind = 'access'"
)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def store_access_token(
    env: Environment,
    *,
    project_id: str,
    user_id: str | None,
    scope: str,
    family_id: str | None = None,
) -> tuple[str, dict[str, Any]]:
    """Create and store an access token; returns the token and its row."""
    token = new_token(env.name, "access")
    now = env.clock.now()
    row = {
        "token_hash": hash_token(token),
        "kind": "access",
        "project_id": project_id,
        "user_id": user_id,
        "scope": scope,
        "family_id": family_id,
        "issued_at": format_timestamp(now),
        "expires_at": format_timestamp(now + ACCESS_TOKEN_LIFETIME),
    }
    with env.store.atomic() as db:
        db.table("tokens").insert(row)
    return token, row


def issue_project_token(env: Environment, project: dict[str, Any]) -> dict[str, Any]:
    """The `client_credentials` grant: a project token, no refresh token, empty scope."""
    token, _ = store_access_token(env, project_id=project["id"], user_id=None, scope="")
    return {
        "access_token": token,
        "expires_in": int(ACCESS_TOKEN_LIFETIME.total_seconds()),
        "scope": "",
        "token_type": "bearer",
    }


#: What `authenticate_bearer` found, for the request journal: the token, its project and
#: user, and the journal's reference for it (None until the journal has met it).
BearerFound = Callable[[str, str, str | None, str | None], None]


def authenticate_bearer(
    env: Environment, token: str | None, found: BearerFound | None = None
) -> Principal:
    """The principal an access token stands for, or `InvalidToken` saying why not. A valid
    token's row is handed to `found`: the request's journal entry then need not read it
    again (docs/bug-reports.md, "The journal")."""
    if not token:
        raise InvalidToken(
            "No access token: send 'Authorization: Bearer <ACCESS_TOKEN>'.", reason="missing"
        )
    issued_in = EnvironmentName.of_credential(token)
    if issued_in is not None and issued_in != env.name:
        raise InvalidToken(
            f"This token was issued in {issued_in.title}; it is not valid in {env.name.title}.",
            reason="wrong_environment",
        )
    # Plain SQL on every authenticated request: one statement, the columns it needs as a
    # tuple (sqlite-utils' `db["tokens"]` looked the table up first: two more queries).
    token_hash = hash_token(token)
    row = env.store.db.execute(_ACCESS_TOKEN, [token_hash]).fetchone()
    if row is None:
        raise InvalidToken("Unknown access token.", reason="unknown")
    project_id, user_id, scope_text, revoked_at, expires_at, reference = row
    if revoked_at:
        raise InvalidToken("This access token has been revoked.", reason="revoked")
    if expires_at <= env.now():
        raise InvalidToken(
            f"This access token expired at {expires_at}; request a new one.",
            reason="expired",
        )
    scope = tuple(scope_text.split()) if scope_text else ()
    if found is not None:
        found(token, project_id, user_id, reference)
    return Principal(env.name, project_id, user_id, scope)
