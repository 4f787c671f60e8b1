"""A project's own request rate limit: what a support request to the service obtains.

The rate limit is counted per client IP (specification section 8.1), but a raise is granted
to a project. The simulator joins the two this way: a request that **identifies a project
with its own limit** (a bearer token of that project, or its `client_id` in HTTP Basic
credentials, the query string or the form body of an `/oauth2/...` request) is counted
against that limit, in a counter of its own for each client IP and endpoint. Every other
request from the IP shares the IP's default budget.

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

from ..exceptions import ConfigurationError
from ..storage import upsert_row
from .context import Environment
from .projects import get_project

__all__ = [
    "MAX_PROJECT_REQUESTS",
    "project_rate_limit",
    "rate_limit_for_client_id",
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
        upsert_row(db, "project_rate_limits", row, pk="project_id")
        return row


def project_rate_limit(env: Environment, project_id: str) -> int | None:
    """The project's own limit, or `None` when the default applies."""
    found = env.store.db.execute(
        "SELECT requests FROM project_rate_limits WHERE project_id = ?", [project_id]
    ).fetchone()
    return int(found[0]) if found else None


def rate_limit_for_token_hash(env: Environment, token_hash: str) -> tuple[str, int] | None:
    """`(project id, limit)` when the access token's project has its own limit.

    Takes the token's hash (`oauth.tokens.hash_token`). The token is not checked here
    (expired or revoked tokens are refused by the endpoint): this only decides which
    counter the request goes to.
    """
    found = env.store.db.execute(
        "SELECT r.project_id, r.requests FROM tokens t "
        "JOIN project_rate_limits r ON r.project_id = t.project_id "
        "WHERE t.token_hash = ? AND t.kind = 'access'",
        [token_hash],
    ).fetchone()
    return (found[0], int(found[1])) if found else None


def rate_limit_for_client_id(env: Environment, client_id: str) -> tuple[str, int] | None:
    """`(project id, limit)` when the client's project has its own limit."""
    found = env.store.db.execute(
        "SELECT r.project_id, r.requests FROM projects p "
        "JOIN project_rate_limits r ON r.project_id = p.id WHERE p.client_id = ?",
        [client_id],
    ).fetchone()
    return (found[0], int(found[1])) if found else None
