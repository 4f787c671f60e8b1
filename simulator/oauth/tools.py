"""`Simulator.oauth`: the OAuth user flows from Python (notebooks, tests, workshops).

```python
sim = Simulator()
creds = sim.create_project("sandbox", "Demo", ["http://localhost:3000/callback"])
sim.oauth.create_sandbox_user("+33612345678", first_name="Ada", auto_consent=True)
sim.oauth.set_pkce(creds.client_id, True)        # PKCE on: no more client-secret flow
sim.oauth.text_messages(phone_number="+33612345678")
sim.oauth.latest_code("+33612345678")            # the code a user would read and type
```
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain.kernel.context import Environment
from ..domain.users.users import validate_phone_number
from ..environments import EnvironmentName
from ..exceptions import ConfigurationError
from . import pkce, sms
from .users import create_sandbox_user

__all__ = ["OAuthTools"]


class OAuthTools:
    """The OAuth side of a simulator: Sandbox users, the text-message outbox, PKCE."""

    def __init__(self, environments: Mapping[EnvironmentName, Environment]) -> None:
        self._environments = environments

    def _env(self, name: str | EnvironmentName) -> Environment:
        return self._environments[EnvironmentName.parse(name)]

    def _env_of_client(self, client_id: str) -> Environment:
        name = EnvironmentName.of_credential(client_id)
        if name is None:
            raise ConfigurationError(
                f"Not a client_id: {client_id!r} (client ids start with SANDBOX_ or LIVE_)."
            )
        return self._environments[name]

    def create_sandbox_user(
        self,
        phone_number: str,
        *,
        first_name: str | None = None,
        last_name: str | None = None,
        birth_date: str | None = None,
        identification_levels: list[str] | None = None,
        auto_consent: bool = False,
    ) -> dict[str, Any]:
        """A Sandbox user; `auto_consent=True` skips the code and consent pages."""
        return create_sandbox_user(
            self._env("sandbox"),
            phone_number,
            first_name=first_name,
            last_name=last_name,
            birth_date=birth_date,
            identification_levels=identification_levels,
            auto_consent=auto_consent,
        )

    def text_messages(
        self, environment: str = "sandbox", phone_number: str | None = None
    ) -> list[dict[str, Any]]:
        """The outbox: every text message sent, oldest first."""
        phone = validate_phone_number(phone_number) if phone_number is not None else None
        return sms.outbox(self._env(environment), phone)

    def latest_code(self, phone_number: str, environment: str = "sandbox") -> str | None:
        """The code of the last message sent to a phone."""
        return sms.latest_code(self._env(environment), validate_phone_number(phone_number))

    def set_pkce(self, client_id: str, enabled: bool) -> dict[str, Any]:
        """Switch a project to PKCE (True) or back to the client-secret flow (False)."""
        return pkce.set_pkce(self._env_of_client(client_id), client_id, enabled)

    def settings(self, client_id: str) -> dict[str, Any]:
        """A project's OAuth settings: which authorization-code flow it uses."""
        return pkce.project_settings(self._env_of_client(client_id), client_id)
