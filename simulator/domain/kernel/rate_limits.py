"""A project's own request rate limit: what a support request to the service obtains.

The rate limit is counted per client IP and per endpoint (specification section 8.1), but
a raise is granted to a project. The simulator joins the two this way: a request
**authenticated as a project with its own limit** is counted against that limit, in a
counter of its own for each client IP and endpoint. Authenticated means a live access token
of the project (`Authorization: Bearer`), or the project's `client_id` *with its
`client_secret`* (HTTP Basic, or both in the form body of `/oauth2/token`). A `client_id`
alone (in a query string, say) authenticates nothing, so it never selects a raised limit: a
client cannot escape its budget by naming another project. Every other request from the IP
shares the IP's default budget.

The limit lives in the environment's file (`project_rate_limits`), so it belongs to the
project: another environment never sees it and a reset removes it with the project. Setting
it is configuration, not a change of a banking resource: it emits no event.

```python
set_project_rate_limit(env, project_id, 10_000)  # the raise
set_project_rate_limit(env, project_id, None)    # back to the default
```
"""

from __future__ import annotations

from typing import Any

from ...exceptions import ConfigurationError, InvalidClient
from ...storage import upsert_columns
from .context import Environment
from .projects import authenticate_client, get_project

__all__ = [
    "MAX_PROJECT_REQUESTS",
    "project_rate_limit",
    "rate_limit_for_client",
    "rate_limit_for_token_hash",
    "set_project_rate_limit",
]

#: The highest limit a project can be given (a typo guard).
MAX_PROJECT_REQUESTS = 1_000_000


def set_project_rate_limit(
    env: Environment, project_id: str, requests: int | None
) -> dict[str, Any] | None:
    """Give a project its own limit per window (`None` restores the default); returns the row.

    Raises `NotFound` for an unknown project and `ConfigurationError` for a limit outside
    1..1,000,000.
    """
    if requests is not None and (
        not isinstance(requests, int)
        or isinstance(requests, bool)
        or not 1 <= requests <= MAX_PROJECT_REQUESTS
    ):
        raise ConfigurationError(
            f"A rate limit is a number of requests from 1 to {MAX_PROJECT_REQUESTS}, "
            f"got {requests!r}."
        )
    get_project(env, project_id)  # NotFound before any write
    with env.store.atomic() as db:
        if requests is None:
            db.execute("DELETE FROM project_rate_limits WHERE project_id = ?", [project_id])
            return None
        row = {"project_id": project_id, "requests": requests, "updated_at": env.now()}
        upsert_columns(db, "project_rate_limits", row, pk="project_id")
        return row


def project_rate_limit(env: Environment, project_id: str) -> int | None:
    """The project's own limit, or `None` when the default applies."""
    found = env.store.db.execute(
        "SELECT requests FROM project_rate_limits WHERE project_id = ?", [project_id]
    ).fetchone()
    return int(found[0]) if found else None


def rate_limit_for_token_hash(env: Environment, token_hash: str) -> tuple[str, int] | None:
    """`(project id, limit)` when a live access token (by its hash, `oauth.tokens.hash_token`)
    belongs to a project with its own limit. An unknown, expired or revoked token selects
    nothing: the request counts against its IP's default budget."""
    found = env.store.db.execute(
        "SELECT r.project_id, r.requests FROM tokens t "
        "JOIN project_rate_limits r ON r.project_id = t.project_id "
        "WHERE t.token_hash = ? AND t.kind = 'access' AND t.revoked_at IS NULL "
        "AND (t.expires_at IS NULL OR t.expires_at > ?)",
        [token_hash, env.now()],
    ).fetchone()
    return (found[0], int(found[1])) if found else None


def rate_limit_for_client(
    env: Environment, client_id: str, client_secret: str
) -> tuple[str, int] | None:
    """`(project id, limit)` when the client's credentials are right and its project has its
    own limit; nothing for a wrong secret (never the project the `client_id` names)."""
    try:
        project = authenticate_client(env, client_id, client_secret)
    except InvalidClient:
        return None
    requests = project_rate_limit(env, project["id"])
    return (project["id"], requests) if requests is not None else None
