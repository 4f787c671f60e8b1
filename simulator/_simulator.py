"""`Simulator`: the whole service in-process, on one data dir and one virtual clock."""

from __future__ import annotations

import shutil
import tempfile
import warnings
from datetime import datetime, timedelta
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette

from .clock import Clock
from .domain import banking as _banking  # noqa: F401  (registers consent handlers, due work)
from .domain.context import Environment
from .domain.projects import ProjectCredentials, create_project
from .environments import EnvironmentName
from .limits import Limits, LimitSettings
from .scheduler import Advance, Scheduler
from .storage import Store
from .webhooks import Webhooks  # importing it plugs webhooks into the events and the scheduler
from .webhooks.outbound import DEFAULT_OUTBOUND_POLICY, OutboundPolicy
from .webhooks.receivers import receivers_for

if TYPE_CHECKING:
    from .oauth.tools import OAuthTools

__all__ = ["DEFAULT_BASE_URL", "Simulator"]

#: The base URL of the in-process client: the same as a default `serve`, so links printed
#: in-process look exactly like those of a running server.
DEFAULT_BASE_URL = "http://localhost:8000"


class Simulator:
    """The banking service, in-process.

    ```python
    sim = Simulator()                       # a temporary data dir, a frozen clock
    creds = sim.create_project("sandbox", "Demo", ["http://localhost:3000/callback"])
    http = sim.client()                     # an httpx client bound to the app in-process
    token = http.post("/oauth2/token", data={"grant_type": "client_credentials",
            "client_id": creds.client_id, "client_secret": creds.client_secret}).json()
    sim.advance("1h")                       # the token has now expired
    ```

    `data_dir`: where `clock.json`, `sandbox.sqlite` and `live.sqlite` live (a temporary
    directory, removed by `close()`, when not given). A new data dir's clock starts frozen
    at `start` (default 2026-01-05 09:00 UTC), or running when `frozen=False`.

    `limits`: the operation limits and the rate limit (`simulator.limits.LimitSettings`);
    by default those of `limits.json` in the data dir, or the specification's.
    `trust_forwarded_for`: count the rate limit for the client named in `X-Forwarded-For`
    (only behind a reverse proxy that sets it). See docs/limits.md.
    `outbound_policy`: where HTTP webhooks may go (`simulator.webhooks.outbound`); by default
    anywhere but link-local, multicast, unspecified and metadata addresses, and
    `OutboundPolicy.strict_mode(allow=[...])` for a simulator others can reach.
    """

    def __init__(
        self,
        data_dir: str | Path | None = None,
        *,
        start: datetime | str | None = None,
        frozen: bool = True,
        limits: LimitSettings | None = None,
        trust_forwarded_for: bool = False,
        outbound_policy: OutboundPolicy | None = None,
    ) -> None:
        self._temporary = data_dir is None
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="banking-sandbox-"))
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.clock = Clock.open(self.data_dir, start=start, frozen=frozen)  # type: ignore[arg-type]
        self.environments: dict[EnvironmentName, Environment] = {
            name: Environment(name, Store.open(self.data_dir, name), self.clock)
            for name in EnvironmentName
        }
        self.scheduler = Scheduler(self.clock, self.environments.values())
        #: Operation limits and rate limit in force, and the rate counters (`limits.sqlite`).
        self.limits = Limits(
            self.data_dir, self.clock, settings=limits, trust_forwarded_for=trust_forwarded_for
        )
        #: Where HTTP webhooks may go (docs/webhooks.md, "Where webhooks may go").
        self.outbound_policy = outbound_policy or DEFAULT_OUTBOUND_POLICY
        receivers_for(self.sandbox).outbound = self.outbound_policy

    # -- environments and projects -------------------------------------------------

    @property
    def sandbox(self) -> Environment:
        return self.environments[EnvironmentName.SANDBOX]

    @property
    def live(self) -> Environment:
        return self.environments[EnvironmentName.LIVE]

    def environment(self, name: str | EnvironmentName) -> Environment:
        return self.environments[EnvironmentName.parse(name)]

    def create_project(
        self, environment: str | EnvironmentName, name: str, redirect_uris: list[str]
    ) -> ProjectCredentials:
        """Create a project and return its credentials (the secret is shown only here)."""
        return create_project(self.environment(environment), name, redirect_uris)

    @cached_property
    def oauth(self) -> OAuthTools:
        """The OAuth user flows: Sandbox users, the text-message outbox, PKCE (docs/oauth.md)."""
        from .oauth.tools import OAuthTools

        return OAuthTools(self.environments)

    def reset(self, environment: str | EnvironmentName) -> None:
        """Empty one environment (its projects, tokens and banking data)."""
        self.environment(environment).store.reset()

    # -- time ---------------------------------------------------------------------

    def now(self) -> datetime:
        return self.clock.now()

    def advance(self, duration: str | float | timedelta) -> Advance:
        """Move virtual time forward (`"90s"`, `"5m"`, `"2h"`, `"3d"`), firing what falls due
        on the way (settlements, expiries, webhook retries), each at its own instant."""
        return self.scheduler.advance(duration)

    def run_due(self) -> list[dict[str, Any]]:
        """Fire what is due now (after the clock was moved by another process, say)."""
        return self.scheduler.run_due()

    # -- webhooks -----------------------------------------------------------------

    @cached_property
    def webhooks(self) -> Webhooks:
        """Subscriptions, in-process inboxes, the delivery log, replay and the retry policy
        (see `simulator.webhooks`)."""
        return Webhooks(self)

    # -- HTTP ---------------------------------------------------------------------

    @cached_property
    def app(self) -> Starlette:
        """The ASGI application, the same one `python -m simulator serve` runs."""
        from .server import create_app

        return create_app(self.environments, self.scheduler, self.limits)

    def client(self, base_url: str = DEFAULT_BASE_URL, **kwargs: Any) -> Any:
        """A synchronous httpx client bound to the app in-process (no network, no server).

        It is Starlette's `TestClient` (an `httpx.Client`), with server errors returned as
        responses rather than raised, exactly as a client on the network would see them.
        """
        with warnings.catch_warnings():
            # Starlette suggests httpx2; the project uses httpx for every client role.
            warnings.filterwarnings("ignore", message=".*httpx2.*")
            from starlette.testclient import TestClient

            return TestClient(self.app, base_url=base_url, raise_server_exceptions=False, **kwargs)

    # -- life cycle ---------------------------------------------------------------

    def close(self) -> None:
        for environment in self.environments.values():
            environment.store.close()
        self.limits.close()
        if self._temporary:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> Simulator:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Simulator {self.data_dir} at {self.clock.timestamp()}>"
