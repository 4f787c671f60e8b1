"""`sim.webhooks`: subscriptions, inboxes, the event log, replay, probes and the retry policy.

```python
sim = Simulator()
creds = sim.create_project("sandbox", "Demo", ["http://localhost:3000/callback"])
inbox = sim.webhooks.inbox("my-app")
sim.webhooks.subscribe(creds, inbox, ["Account.Created"], secret="workshop-secret")
# ... cause an event through the API: the inbox has it when the request returns
inbox.fail()                       # from now on every delivery is answered 500
advance = sim.advance("10h")       # the whole retry schedule, in a blink
print(sim.webhooks.describe(advance.timeline))
```
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..clock import parse_timestamp
from ..domain.kernel.context import Environment
from ..domain.kernel.events import EVENT_TYPES, list_events
from ..domain.kernel.projects import ProjectCredentials
from ..environments import EnvironmentName
from ..storage.rows import EventRow
from . import delivery, log, subscriptions
from .policy import POLICIES, RetryPolicy, get_policy
from .receivers import Inbox, receivers_for

__all__ = ["Webhooks", "describe_timeline"]

Project = ProjectCredentials | str


def _project_id(project: Project) -> str:
    return project.project_id if isinstance(project, ProjectCredentials) else project


def describe_timeline(entries: list[dict[str, Any]], start: str | datetime | None = None) -> str:
    """The timeline of an advance as text, one line per entry, with the offset from `start`
    (default: the first entry).

    ```
    +0:00:00  Account.Created -> inbox://my-app: 500 (attempt 1 of 9), retry at ...
    +0:00:05  Account.Created -> inbox://my-app: 500 (attempt 2 of 9), retry at ...
    ```
    """
    if not entries:
        return "(nothing fired)"
    origin = parse_timestamp(start or entries[0]["at"])
    lines = []
    for entry in entries:
        offset = parse_timestamp(entry["at"]) - origin
        lines.append(f"+{offset}".ljust(10) + f"{entry.get('summary', entry)}")
    return "\n".join(lines)


class Webhooks:
    """The webhook machinery of one simulator. Every method takes `environment`
    (default `"sandbox"`); a project is its credentials or its id.

    Built by the `Simulator` from its environments (what the facade needs, not the
    simulator: webhooks sit below it, docs/architecture.md "Layers")."""

    def __init__(self, environments: Mapping[EnvironmentName, Environment]) -> None:
        self._environments = environments

    def _env(self, environment: str | EnvironmentName) -> Environment:
        return self._environments[EnvironmentName.parse(environment)]

    @property
    def _sandbox(self) -> Environment:
        return self._environments[EnvironmentName.SANDBOX]

    # -- in-process receivers -----------------------------------------------------------

    def inbox(self, name: str) -> Inbox:
        """The in-process inbox `name` (endpoint URL `inbox://name`), created when new."""
        if not subscriptions._INBOX_NAME.fullmatch(name):
            raise ValueError(f"Invalid inbox name {name!r}: letters, digits, '.', '_', '-'.")
        return receivers_for(self._sandbox).inbox(name)

    @property
    def inboxes(self) -> dict[str, Inbox]:
        receivers = receivers_for(self._sandbox)
        return {name: receivers.inbox(name) for name in receivers.names()}

    # -- subscriptions ------------------------------------------------------------------

    def subscribe(
        self,
        project: Project,
        endpoint: str | Inbox,
        event_types: list[str] | None = None,
        *,
        secret: str | None = None,
        label: str | None = None,
        status: str = "Enabled",
        environment: str = "sandbox",
    ) -> dict[str, Any]:
        """Add a subscription (every event type when `event_types` is None; no `x-swan-secret`
        header when `secret` is None). Raises `Rejected` with the same rejection the partner
        API would return."""
        url = endpoint.url if isinstance(endpoint, Inbox) else endpoint
        return subscriptions.add_subscription(
            self._env(environment),
            _project_id(project),
            label=label or url,
            endpoint_url=url,
            secret=secret,
            event_types=list(EVENT_TYPES) if event_types is None else event_types,
            status=status,
        )

    def update(
        self,
        project: Project,
        subscription_id: str,
        *,
        environment: str = "sandbox",
        **changes: Any,
    ) -> dict[str, Any]:
        """Change `label`, `endpoint_url`, `secret`, `event_types` or `status`."""
        return subscriptions.update_subscription(
            self._env(environment), _project_id(project), subscription_id, **changes
        )

    def remove(
        self, project: Project, subscription_id: str, *, environment: str = "sandbox"
    ) -> dict[str, Any]:
        return subscriptions.remove_subscription(
            self._env(environment), _project_id(project), subscription_id
        )

    def subscriptions(
        self, project: Project | None = None, *, environment: str = "sandbox"
    ) -> list[dict[str, Any]]:
        project_id = None if project is None else _project_id(project)
        return subscriptions.list_subscriptions(self._env(environment), project_id)

    # -- events, deliveries and the log ---------------------------------------------------

    def events(
        self, project: Project | None = None, *, environment: str = "sandbox"
    ) -> list[EventRow]:
        """The event journal, in emission order."""
        project_id = None if project is None else _project_id(project)
        return list_events(self._env(environment), project_id)

    def log(
        self,
        project: Project | None = None,
        *,
        event_id: str | None = None,
        subscription_id: str | None = None,
        delivery_id: str | None = None,
        environment: str = "sandbox",
    ) -> list[dict[str, Any]]:
        """The event log: every attempt, oldest first (`webhookEventLogs`; see `webhooks.log`)."""
        project_id = None if project is None else _project_id(project)
        return log.list_attempts(
            self._env(environment),
            project_id,
            event_id=event_id,
            subscription_id=subscription_id,
            delivery_id=delivery_id,
        )

    def deliveries(
        self,
        project: Project | None = None,
        *,
        event_id: str | None = None,
        subscription_id: str | None = None,
        status: str | None = None,
        environment: str = "sandbox",
    ) -> list[dict[str, Any]]:
        """Every delivery (one per event and subscription, and per replay), oldest first."""
        project_id = None if project is None else _project_id(project)
        return log.list_deliveries(
            self._env(environment),
            project_id,
            event_id=event_id,
            subscription_id=subscription_id,
            status=status,
        )

    def replay(
        self,
        project: Project,
        event_id: str,
        subscription_id: str | None = None,
        *,
        environment: str = "sandbox",
    ) -> list[dict[str, Any]]:
        """Send an event again (`replayWebhookEvent`: new deliveries, their first attempt
        sent at once, retried by the policy); returns the first attempts (log entries)."""
        env = self._env(environment)
        attempts = delivery.replay_event(env, _project_id(project), event_id, subscription_id)
        return [log.decode_attempt(row) for row in attempts]

    def probe(
        self,
        project: Project,
        endpoint: str | Inbox,
        secret: str | None = None,
        *,
        environment: str = "sandbox",
    ) -> dict[str, Any]:
        """POST a sample event to an endpoint now, once (`probeWebhookEndpoint`); returns
        `event_id`, `response_status` and the attempt's `result`."""
        url = endpoint.url if isinstance(endpoint, Inbox) else endpoint
        return delivery.probe_endpoint(self._env(environment), _project_id(project), url, secret)

    def kpi(self, subscription_id: str, *, environment: str = "sandbox") -> dict[str, Any]:
        """`total_hits` and `error_rate` (the failed share) of a subscription's attempts."""
        return log.subscription_kpi(self._env(environment), subscription_id)

    # -- the retry policy -------------------------------------------------------------------

    @property
    def policies(self) -> dict[str, RetryPolicy]:
        """The built-in named policies."""
        return dict(POLICIES)

    @property
    def policy(self) -> RetryPolicy:
        """The Sandbox's policy in force (for projects without a policy of their own)."""
        return delivery.get_retry_policy(self._sandbox)

    def get_policy(
        self, environment: str = "sandbox", project: Project | None = None
    ) -> RetryPolicy:
        """The policy new deliveries follow: of the environment, or of one project (its own,
        set through the Testing API, else the environment's)."""
        project_id = _project_id(project) if project is not None else None
        return delivery.get_retry_policy(self._env(environment), project_id=project_id)

    def set_policy(
        self, policy: str | RetryPolicy, *, environment: str | None = None
    ) -> RetryPolicy:
        """Switch the policy new deliveries follow, by name (`specification`, `every-30s`) or
        as a `RetryPolicy`; in one environment, or both (the default)."""
        chosen = get_policy(policy) if isinstance(policy, str) else policy
        names = [environment] if environment else list(self._environments)
        for name in names:
            delivery.set_retry_policy(self._env(name), chosen)
        return chosen

    # -- display --------------------------------------------------------------------------------

    @staticmethod
    def describe(entries: list[dict[str, Any]], start: str | datetime | None = None) -> str:
        """The timeline of an advance as text (see `describe_timeline`)."""
        return describe_timeline(entries, start)

    def __repr__(self) -> str:
        return f"<Webhooks policy={self.policy.name} inboxes={sorted(self.inboxes)}>"
