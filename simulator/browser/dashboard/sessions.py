"""Dashboard sign-in: one-time links and 72-hour sessions on the virtual clock.

`serve` (and `python -m simulator dashboard link`) makes a link `/dashboard/sign-in?token=...`
valid once, for 24 virtual hours. Its first use opens a session: an opaque cookie
(`SANDBOX_DS_...`, its prefix naming the environment, so Sandbox and Live never mix), HttpOnly
and SameSite=Strict, whose session lasts 72 hours of the virtual clock after the last call
(specification 5.4), each dashboard call renewing it. Only SHA-256 hashes of the link token
and the cookie are stored.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp
from ...domain.kernel.context import Environment
from ...exceptions import SimulatorError

__all__ = [
    "LINK_LIFETIME",
    "SESSION_LIFETIME",
    "DashboardSignInProblem",
    "load_dashboard_session",
    "new_sign_in_link",
    "sign_in",
]

SESSION_LIFETIME = timedelta(hours=72)
LINK_LIFETIME = timedelta(hours=24)
SIGN_IN_PATH = "/dashboard/sign-in"


class DashboardSignInProblem(SimulatorError):
    """A sign-in link or session that cannot be used; `kind`: missing, used, expired."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_sign_in_link(env: Environment, base_url: str) -> str:
    """A one-time sign-in URL for this environment's dashboard."""
    token = f"{env.name.prefix}_DL_{secrets.token_urlsafe(32)}"
    now = env.clock.now()
    with env.store.atomic() as db:
        db.table("dashboard_links").insert(
            {
                "id": env.new_id(db, "dashboard_link"),
                "secret_hash": _hash(token),
                "created_at": format_timestamp(now),
                "expires_at": format_timestamp(now + LINK_LIFETIME),
                "used_at": None,
            }
        )
    return f"{base_url}{SIGN_IN_PATH}?token={token}"


def sign_in(env: Environment, token: str) -> str:
    """Use a link's token (once): a new session's cookie value."""
    now = env.clock.now()
    with env.store.atomic() as db:
        rows = list(db["dashboard_links"].rows_where("secret_hash = ?", [_hash(token)]))
        if not rows:
            raise DashboardSignInProblem("missing", "This sign-in link is not valid.")
        link = rows[0]
        if link["used_at"]:
            raise DashboardSignInProblem(
                "used", "This sign-in link was already used: a link signs in once."
            )
        if link["expires_at"] <= format_timestamp(now):
            raise DashboardSignInProblem("expired", "This sign-in link has expired.")
        db.table("dashboard_links").update(link["id"], {"used_at": format_timestamp(now)})
        cookie = f"{env.name.prefix}_DS_{secrets.token_urlsafe(32)}"
        db.table("dashboard_sessions").insert(
            {
                "id": env.new_id(db, "dashboard_session"),
                "secret_hash": _hash(cookie),
                "csrf_token": secrets.token_urlsafe(24),
                "created_at": format_timestamp(now),
                "last_seen_at": format_timestamp(now),
                "expires_at": format_timestamp(now + SESSION_LIFETIME),
            }
        )
    return cookie


def load_dashboard_session(env: Environment, cookie: str, *, refresh: bool) -> dict[str, Any]:
    """The live session of a cookie, renewed for 72 hours when `refresh`."""
    rows = list(env.store.db["dashboard_sessions"].rows_where("secret_hash = ?", [_hash(cookie)]))
    now = env.clock.now()
    if not rows:
        raise DashboardSignInProblem("missing", "Sign in to use the dashboard.")
    session = dict(rows[0])
    if session["expires_at"] <= format_timestamp(now):
        raise DashboardSignInProblem(
            "expired", "Your dashboard session ended after 72 hours without activity."
        )
    if refresh:
        changes = {
            "last_seen_at": format_timestamp(now),
            "expires_at": format_timestamp(now + SESSION_LIFETIME),
        }
        with env.store.atomic() as db:
            db.table("dashboard_sessions").update(session["id"], changes)
        session.update(changes)
    return session
