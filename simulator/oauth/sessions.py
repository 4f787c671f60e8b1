"""Web sessions of the browser pages, kept server-side in the environment's file.

A browser holds only an opaque random cookie (`SANDBOX_WS_...`/`LIVE_WS_...`: its prefix
names the environment, as for tokens); the session row, found by the cookie's hash,
holds the flow: who is logging in, which step they are on, a CSRF token for the forms,
and what to do once logged in (`continue_to`).

A session lives 5 virtual minutes after its last use (section 5.4: "5 minutes; session
tokens refresh while the page stays open"): each page shown or form posted renews it.
An expired session is over; its pages offer to start again at `restart_url`.

```python
cookie, session = start_session(env, purpose="authorization", project_id=pid,
                                continue_to="/oauth2/auth/consent",
                                restart_url="/oauth2/auth?...", data={...})
env, session = load_session(environments, cookie)   # SessionProblem when over
```
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from ..clock import format_timestamp
from ..domain.kernel.context import Environment
from ..environments import EnvironmentName
from ..exceptions import SimulatorError
from ..storage import Database

__all__ = [
    "COOKIE_NAME",
    "SESSION_LIFETIME",
    "SessionProblem",
    "finish_session",
    "load_session",
    "session_data",
    "start_session",
    "touch_session",
]

COOKIE_NAME = "oauth2_session"
SESSION_LIFETIME = timedelta(minutes=5)


class SessionProblem(SimulatorError):
    """Why a browser's session cannot go on.

    `kind`: `missing` (no cookie, or an unknown one), `expired`, `locked` (too many wrong
    codes) or `finished` (the flow already ended). `session` and `env` are set when the
    session row was found (so a page can offer to start again).
    """

    def __init__(
        self,
        kind: str,
        message: str,
        *,
        env: Environment | None = None,
        session: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.env = env
        self.session = session


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def start_session(
    env: Environment,
    *,
    purpose: str,
    project_id: str,
    continue_to: str,
    restart_url: str,
    data: Mapping[str, Any],
    phone_hint: str | None = None,
) -> tuple[str, dict[str, Any]]:
    """Open a web session; returns the cookie value (shown once) and the session row."""
    cookie = f"{env.name.prefix}_WS_{secrets.token_urlsafe(32)}"
    now = env.clock.now()
    with env.store.atomic() as db:
        session_id = env.new_id(db, "web_session")
        row: dict[str, Any] = {
            "id": session_id,
            "secret_hash": _hash(cookie),
            "purpose": purpose,
            "project_id": project_id,
            "continue_to": continue_to,
            "restart_url": restart_url,
            "data": json.dumps(dict(data)),
            "phone_hint": phone_hint,
            "step": "phone",
            "csrf_token": secrets.token_urlsafe(24),
            "codes_sent": 0,
            "failed_code_attempts": 0,
            "created_at": format_timestamp(now),
            "last_seen_at": format_timestamp(now),
            "expires_at": format_timestamp(now + SESSION_LIFETIME),
        }
        db.table("web_sessions").insert(row)
        session = dict(db.table("web_sessions").get(session_id))  # every column, None when unset
    return cookie, session


def session_data(session: Mapping[str, Any]) -> dict[str, Any]:
    """The flow's own data stored with the session (e.g. the authorization request)."""
    data: dict[str, Any] = json.loads(session["data"])
    return data


def load_session(
    environments: Mapping[EnvironmentName, Environment],
    cookie: str | None,
    *,
    allow_finished: bool = False,
) -> tuple[Environment, dict[str, Any]]:
    """The environment and live session a cookie stands for, or `SessionProblem`."""
    name = EnvironmentName.of_credential(cookie or "")
    if not cookie or name is None or name not in environments:
        raise SessionProblem("missing", "No sign-in session in this browser.")
    env = environments[name]
    rows = list(env.store.db["web_sessions"].rows_where("secret_hash = ?", [_hash(cookie)]))
    if not rows:
        raise SessionProblem("missing", "No sign-in session in this browser.")
    session = rows[0]
    if session["finished_at"] and not allow_finished:
        raise SessionProblem(
            "finished", "This sign-in is already complete.", env=env, session=session
        )
    if session["locked_at"]:
        raise SessionProblem(
            "locked",
            "Too many wrong codes: this sign-in attempt is locked.",
            env=env,
            session=session,
        )
    if session["expires_at"] <= env.now():
        minutes = int(SESSION_LIFETIME.total_seconds() // 60)
        raise SessionProblem(
            "expired",
            f"Your session expired: it ends after {minutes} minutes without activity.",
            env=env,
            session=session,
        )
    return env, session


def touch_session(
    env: Environment, db: Database, session: dict[str, Any], **changes: Any
) -> dict[str, Any]:
    """Record activity (renewing the 5 minutes) and apply changes, in the caller's transaction."""
    now = env.clock.now()
    changes = {
        "last_seen_at": format_timestamp(now),
        "expires_at": format_timestamp(now + SESSION_LIFETIME),
        **changes,
    }
    db.table("web_sessions").update(session["id"], changes)
    session.update(changes)
    return session


def finish_session(env: Environment, db: Database, session: dict[str, Any]) -> None:
    """End a flow: its cookie no longer opens any page."""
    touch_session(env, db, session, finished_at=env.now())
