"""A project token acting for one user: the `X-User-Id` request header.

The real service lets a project access token act for one user by naming that user's id
in a request header (domain notes). The simulator's stand-in for that header is
`X-User-Id`. The user must be known to the project: they authorized it (a token family
of the project) or they are a member of one of its accounts. Otherwise, and for an
unknown id, the answer is the same 403, so a project cannot probe other projects' users.

```python
principal = authenticate_bearer(env, token)               # a project token
principal = act_for_user(env, principal, "b1c6...")       # now sees what that user sees
```
"""

from __future__ import annotations

from dataclasses import replace

from ..domain.kernel.context import Environment, Principal
from ..exceptions import AuthenticationError

__all__ = ["USER_ID_HEADER", "ActingRefused", "act_for_user", "user_known_to_project"]

USER_ID_HEADER = "X-User-Id"
_MAX_ID_LENGTH = 100


class ActingRefused(AuthenticationError):
    """An `X-User-Id` header the simulator refuses; `status` is 400 or 403."""

    error = "forbidden"

    def __init__(self, description: str, status: int) -> None:
        super().__init__(description)
        self.status = status


def user_known_to_project(env: Environment, project_id: str, user_id: str) -> bool:
    db = env.store.db
    authorized = db["token_families"].count_where(
        "project_id = ? AND user_id = ?", [project_id, user_id]
    )
    member = db["account_memberships"].count_where(
        "project_id = ? AND user_id = ?", [project_id, user_id]
    )
    return bool(authorized or member)


def act_for_user(env: Environment, principal: Principal, user_id: str | None) -> Principal:
    """The principal of a request carrying `X-User-Id: user_id` (unchanged when absent)."""
    if user_id is None:
        return principal
    user_id = user_id.strip()
    if not user_id or len(user_id) > _MAX_ID_LENGTH:
        raise ActingRefused(f"{USER_ID_HEADER} must carry a user id.", 400)
    if principal.user_id is not None:
        raise ActingRefused(
            f"{USER_ID_HEADER} is for project access tokens; this is a user access token, "
            "which already acts for its user.",
            400,
        )
    if not user_known_to_project(env, principal.project_id, user_id):
        raise ActingRefused(
            f"This project cannot act for user {user_id}: the user has not authorized the "
            "project and is not a member of its accounts.",
            403,
        )
    return replace(principal, user_id=user_id)
