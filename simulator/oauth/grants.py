"""The user grants of `POST /oauth2/token`: `authorization_code` (client secret or PKCE)
and `refresh_token`, with token families, rotation and reuse detection.

| Grant | Authenticates with | Returns |
|---|---|---|
| `authorization_code`, PKCE off | `client_secret` | access, id_token, refresh (`offline`) |
| `authorization_code`, PKCE on | `code_verifier` | access, id_token (no refresh token) |
| `refresh_token` | `client_secret` | new access and refresh tokens, id_token |

Every authorization starts a *token family*: the tokens issued from one code and its
refreshes. A refresh token works once; presenting a used one again is a sign that it
leaked, so the whole family is revoked (RFC 6819 section 5.2.2.3, OAuth 2.0 Security
BCP section 4.14). A code presented twice revokes the tokens issued from it (RFC 6749
section 4.1.2).

The specification asks for 401 when a secret is wrong or a code expired (section 7.3), so
every `invalid_grant` (unknown, expired, used or foreign code or refresh token, a wrong
verifier) answers 401 here, where RFC 6749 section 5.2 would answer 400.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from types import MappingProxyType
from typing import Any

from ..clock import format_timestamp, parse_timestamp
from ..domain.kernel.context import Environment
from ..domain.kernel.projects import find_project_by_client_id
from ..domain.users.users import get_user
from ..environments import EnvironmentName
from ..exceptions import NotFound
from ..storage import Database
from ..storage.rows import ProjectRow
from . import pkce
from .endpoints import Grant, OAuthError, TokenRequest, client_credentials_grant
from .keys import sign_id_token
from .tokens import ACCESS_TOKEN_LIFETIME, hash_token, new_token, store_access_token

__all__ = [
    "GRANTS",
    "ID_TOKEN_LIFETIME",
    "REFRESH_TOKEN_LIFETIME",
    "authorization_code_grant",
    "refresh_token_grant",
    "revoke_family",
]

#: Not given by the specification; a simulator choice, renewed by every rotation.
REFRESH_TOKEN_LIFETIME = timedelta(days=90)
ID_TOKEN_LIFETIME = ACCESS_TOKEN_LIFETIME


def invalid_grant(description: str) -> OAuthError:
    return OAuthError("invalid_grant", description, 401)


def revoke_family(env: Environment, db: Database, family_id: str, reason: str) -> int:
    """Revoke a token family and every token in it; returns the number of tokens revoked."""
    now = env.now()
    db.execute(
        "UPDATE token_families SET revoked_at = ?, revoked_reason = ? "
        "WHERE id = ? AND revoked_at IS NULL",
        [now, reason, family_id],
    )
    cursor = db.execute(
        "UPDATE tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL",
        [now, family_id],
    )
    return cursor.rowcount


def _epoch(timestamp: str) -> int:
    return int(parse_timestamp(timestamp).timestamp())


def _id_token(
    request: TokenRequest, family: dict[str, Any], user: dict[str, Any], nonce: str | None
) -> str:
    env = request.environment
    now = env.clock.now()
    claims: dict[str, Any] = {
        "iss": request.issuer,
        "sub": user["id"],
        "aud": request.client_id,
        "iat": int(now.timestamp()),
        "exp": int((now + ID_TOKEN_LIFETIME).timestamp()),
        "auth_time": _epoch(family["auth_time"]),
        "phone_number": user["phone_number"],
        "phone_number_verified": True,
    }
    if nonce is not None:
        claims["nonce"] = nonce
    return sign_id_token(env, claims)


def _store_refresh_token(env: Environment, db: Database, family: dict[str, Any]) -> str:
    token = new_token(env.name, "refresh")
    now = env.clock.now()
    db.table("tokens").insert(
        {
            "token_hash": hash_token(token),
            "kind": "refresh",
            "project_id": family["project_id"],
            "user_id": family["user_id"],
            "scope": family["scope"],
            "family_id": family["id"],
            "issued_at": format_timestamp(now),
            "expires_at": format_timestamp(now + REFRESH_TOKEN_LIFETIME),
        }
    )
    return token


def _respond(
    request: TokenRequest,
    db: Database,
    family: dict[str, Any],
    *,
    scope: str,
    with_refresh: bool,
    nonce: str | None,
) -> dict[str, Any]:
    env = request.environment
    user = get_user(env, family["user_id"])
    access, _ = store_access_token(
        env,
        project_id=family["project_id"],
        user_id=user["id"],
        scope=scope,
        family_id=family["id"],
    )
    response: dict[str, Any] = {
        "access_token": access,
        "expires_in": int(ACCESS_TOKEN_LIFETIME.total_seconds()),
        "id_token": _id_token(request, family, user, nonce),
        "scope": scope,
        "token_type": "bearer",
    }
    if with_refresh:
        response["refresh_token"] = _store_refresh_token(env, db, family)
    return dict(sorted(response.items()))


def _project(request: TokenRequest) -> tuple[ProjectRow, bool]:
    """The client's project and whether it uses PKCE, with the flow's own authentication."""
    env = request.environment
    project = find_project_by_client_id(env, request.client_id)
    if project is None:
        raise OAuthError("invalid_client", "Unknown client_id.", 401)
    return project, pkce.pkce_enabled(env, project["id"])


def authorization_code_grant(request: TokenRequest) -> dict[str, Any]:
    """Exchange a code for tokens (section 4.4: with client_secret, or with PKCE)."""
    env = request.environment
    code = request.param("code")
    assert code is not None
    redirect_uri = request.param("redirect_uri", required=False)
    verifier = request.param("code_verifier", required=False)
    project, uses_pkce = _project(request)
    if uses_pkce:
        if request.client_secret:
            raise OAuthError(
                "invalid_request",
                "This project uses PKCE, so the authorization-code flow with client_secret is "
                "off for it: send code_verifier and no client_secret (the two flows are not "
                "available at the same time).",
            )
        if not verifier:
            raise OAuthError("invalid_request", "code_verifier is missing: this project uses PKCE.")
        problem = pkce.verifier_problem(verifier)
        if problem:
            raise OAuthError("invalid_request", problem)
    else:
        if verifier is not None:
            raise OAuthError(
                "invalid_request",
                "PKCE is not enabled for this project: it uses the client-secret flow "
                "(send client_secret, no code_verifier).",
            )
        request.authenticated_project()

    rows = list(env.store.db["authorization_codes"].rows_where("code_hash = ?", [hash_token(code)]))
    if not rows:
        raise invalid_grant("Unknown authorization code.")
    row = rows[0]
    if row["client_id"] != request.client_id:
        raise invalid_grant("This authorization code was issued to another client.")
    with env.store.atomic() as db:
        result = _exchange(request, db, row, project, uses_pkce, redirect_uri, verifier)
    if isinstance(result, OAuthError):  # refused, after committing the revocation it caused
        raise result
    return result


def _reused_code(env: Environment, db: Database, row: dict[str, Any]) -> OAuthError:
    """A code presented again: revoke what it issued (RFC 6749 section 4.1.2); the error to
    answer once that revocation is committed."""
    if row["family_id"]:
        revoke_family(env, db, row["family_id"], "authorization_code_reused")
    return invalid_grant(
        "This authorization code was already used; the tokens issued from it are "
        "now revoked. Start a new authorization."
    )


def _exchange(
    request: TokenRequest,
    db: Database,
    row: dict[str, Any],
    project: ProjectRow,
    uses_pkce: bool,
    redirect_uri: str | None,
    verifier: str | None,
) -> dict[str, Any] | OAuthError:
    """Returns the token response, or the error to answer once the revocation is committed."""
    env = request.environment
    now = env.now()
    if row["used_at"]:
        return _reused_code(env, db, row)
    if row["expires_at"] <= now:
        raise invalid_grant(
            f"This authorization code expired at {row['expires_at']} (codes live 10 minutes): "
            "start a new authorization."
        )
    if redirect_uri is None and row["redirect_uri_sent"]:
        raise OAuthError(
            "invalid_request",
            "redirect_uri is missing: send the one of the authorization request.",
        )
    if redirect_uri is not None and redirect_uri != row["redirect_uri"]:
        raise invalid_grant("redirect_uri differs from the one of the authorization request.")
    if uses_pkce != bool(row["code_challenge"]):
        raise invalid_grant(
            "This code was issued "
            + ("without" if uses_pkce else "with")
            + " PKCE, but the project's flow has changed since: start a new authorization."
        )
    if uses_pkce and not pkce.verify(verifier or "", row["code_challenge"]):
        raise invalid_grant("code_verifier does not match the code_challenge of this code.")
    # Single use even when two exchanges race: only one update finds the code unused.
    claimed = db.execute(
        "UPDATE authorization_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL",
        [now, row["code_hash"]],
    ).rowcount
    if not claimed:  # a concurrent exchange won (it committed first): a second use all the same
        return _reused_code(env, db, db.table("authorization_codes").get(row["code_hash"]))
    try:
        get_user(env, row["user_id"])
    except NotFound:
        raise invalid_grant("The user of this code no longer exists.") from None
    family = {
        "id": env.new_id(db, "token_family"),
        "project_id": project["id"],
        "user_id": row["user_id"],
        "scope": row["scope"],
        "auth_time": row["auth_time"],
        "created_at": now,
    }
    db.table("token_families").insert(family)
    db.table("authorization_codes").update(row["code_hash"], {"family_id": family["id"]})
    return _respond(
        request,
        db,
        family,
        scope=row["scope"],
        with_refresh=not uses_pkce and "offline" in row["scope"].split(),
        nonce=row["nonce"],
    )


def refresh_token_grant(request: TokenRequest) -> dict[str, Any]:
    """Rotate a refresh token: new access and refresh tokens; the old one dies."""
    env = request.environment
    token = request.param("refresh_token")
    assert token is not None
    requested_scope = request.param("scope", required=False)
    project = request.authenticated_project()
    if pkce.pkce_enabled(env, project["id"]):
        raise OAuthError(
            "unauthorized_client",
            "This project uses PKCE: refresh tokens belong to the client-secret flow, "
            "which is off for it.",
        )
    issued_in = EnvironmentName.of_credential(token)
    if issued_in is not None and issued_in != env.name:
        raise invalid_grant(f"This refresh token was issued in {issued_in.title}.")
    rows = list(
        env.store.db["tokens"].rows_where(
            "token_hash = ? AND kind = 'refresh'", [hash_token(token)]
        )
    )
    if not rows:
        raise invalid_grant("Unknown refresh token.")
    row = rows[0]
    if row["project_id"] != project["id"]:
        raise invalid_grant("This refresh token was issued to another client.")
    with env.store.atomic() as db:
        result = _rotate(request, db, row, requested_scope)
    if isinstance(result, OAuthError):  # refused, after committing the revocation it caused
        raise result
    return result


def _rotate(
    request: TokenRequest,
    db: Database,
    row: dict[str, Any],
    requested_scope: str | None,
) -> dict[str, Any] | OAuthError:
    """Returns the token response, or the error to answer once the revocation is committed."""
    env = request.environment
    family = next(iter(db["token_families"].rows_where("id = ?", [row["family_id"]])), None)
    if family is None:
        raise invalid_grant("Unknown refresh token.")
    if family["revoked_at"]:
        raise invalid_grant(
            f"This refresh token was revoked ({family['revoked_reason'].replace('_', ' ')}): "
            "the user must authorize again."
        )
    if row["revoked_at"]:
        revoke_family(env, db, family["id"], "refresh_token_reused")
        return invalid_grant(
            "This refresh token was already used. A refresh token works once: presenting "
            "it again revokes every token of its authorization; the user must authorize "
            "again."
        )
    if row["expires_at"] and row["expires_at"] <= env.now():
        raise invalid_grant(f"This refresh token expired at {row['expires_at']}.")
    granted = family["scope"].split()
    scope = family["scope"]
    if requested_scope is not None:
        asked = requested_scope.split()
        beyond = [value for value in asked if value not in granted]
        if beyond:
            raise OAuthError(
                "invalid_scope",
                f"Scope {' '.join(beyond)!r} was not granted: a refresh may only narrow the "
                f"granted scope {family['scope']!r}.",
            )
        scope = " ".join(value for value in granted if value in asked)
    rotated = db.execute(
        "UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
        [env.now(), row["token_hash"]],
    ).rowcount
    if not rotated:  # a concurrent refresh won: this is a reuse
        revoke_family(env, db, family["id"], "refresh_token_reused")
        return invalid_grant("This refresh token was already used.")
    return _respond(request, db, family, scope=scope, with_refresh=True, nonce=None)


#: Every grant the token endpoint answers, by `grant_type` (read-only; the simulator hands
#: it to its app).
GRANTS: Mapping[str, Grant] = MappingProxyType(
    {
        "client_credentials": client_credentials_grant,
        "authorization_code": authorization_code_grant,
        "refresh_token": refresh_token_grant,
    }
)
