"""Sandbox users for scripted tests: created with their identity levels and, when asked,
*auto consent*, which skips the text-message code and the consent page.

```python
user = create_sandbox_user(sim.sandbox, "+33612345678", first_name="Ada",
                           last_name="Lovelace", birth_date="1990-04-21", auto_consent=True)
# GET /oauth2/auth?...&phoneNumber=%2B33612345678 now answers 302 redirect_uri?code=...
```
"""

from __future__ import annotations

from typing import Any

from ..domain.kernel.context import Environment
from ..domain.kernel.events import emit
from ..domain.users.users import create_user
from ..environments import EnvironmentName
from ..exceptions import ConfigurationError

__all__ = ["create_sandbox_user"]


def create_sandbox_user(
    env: Environment,
    phone_number: str,
    *,
    first_name: str | None = None,
    last_name: str | None = None,
    birth_date: str | None = None,
    identification_levels: list[str] | None = None,
    auto_consent: bool = False,
    project_id: str | None = None,
) -> dict[str, Any]:
    """Create a Sandbox user; with `project_id`, the user belongs to that project and a
    `User.Joined` event is journaled for it."""
    if env.name is not EnvironmentName.SANDBOX:
        raise ConfigurationError("Sandbox users exist in the Sandbox only.")
    with env.store.atomic() as db:
        user = create_user(
            env,
            phone_number,
            first_name=first_name,
            last_name=last_name,
            birth_date=birth_date,
            identification_levels=identification_levels,
            auto_consent=auto_consent,
            project_id=project_id,
        )
        if project_id is not None:
            emit(env, db, "User.Joined", project_id=project_id, resource_id=user["id"])
    return user
