"""`webhook_inbox`: an in-process receiver for one test, and a wait on the virtual clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from .._simulator import Simulator
from ..clock import format_timestamp, later, parse_timestamp
from ..domain.kernel.projects import ProjectCredentials
from ..webhooks.receivers import Handler, Inbox, Received

__all__ = ["WebhookInbox"]

#: Moves of the clock a wait makes at most (each one fires the work due at its instant).
_MAX_STEPS = 10_000
#: The least move: work due now that `run_due` left (another process holds it) is passed.
_NEXT_INSTANT = timedelta(milliseconds=1)


class WebhookInbox:
    """A webhook receiver that records every delivery (`inbox://NAME`, docs/webhooks.md).

    ```python
    webhook_inbox.url                          # the endpoint to subscribe: inbox://NAME
    webhook_inbox.answer(503, times=2)         # the next two deliveries get 503 (retries)
    webhook_inbox.handler = my_app.on_webhook  # your handler sees each request
    got = webhook_inbox.wait_for("Account.Created", within="1h")   # moves the clock
    ```
    """

    def __init__(self, sim: Simulator, project: ProjectCredentials, name: str) -> None:
        self.sim = sim
        self.project = project
        #: The simulator's inbox (its scripting: `fail`, `slow`, `answer`, `succeed`).
        self.inbox: Inbox = sim.webhooks.inbox(name)
        self.inbox.succeed()
        self.inbox.clear()
        self.url = self.inbox.url

    # -- answering ---------------------------------------------------------------------

    def answer(self, status: int, times: int | None = None) -> WebhookInbox:
        """Answer `status` to the next `times` deliveries (or to every one from now on)."""
        self.inbox.answer(status, times)
        return self

    def fail(self, times: int | None = None, *, status: int = 500) -> WebhookInbox:
        self.inbox.fail(times, status=status)
        return self

    def succeed(self) -> WebhookInbox:
        self.inbox.succeed()
        return self

    @property
    def handler(self) -> Handler | None:
        return self.inbox.handler

    @handler.setter
    def handler(self, handler: Handler | None) -> None:
        """Called with each `Received` (its `headers` and `body`); an int it returns is the
        status answered."""
        self.inbox.handler = handler

    # -- reading -----------------------------------------------------------------------

    @property
    def received(self) -> list[Received]:
        """Every request received, in order (`at`, `body`, `headers`, `status`)."""
        return list(self.inbox.received)

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.inbox.events

    def subscribe(
        self, event_types: list[str] | None = None, *, secret: str | None = None
    ) -> dict[str, Any]:
        """Subscribe the fixtures' project to this inbox from Python (a partner app usually
        subscribes through the API instead: `addWebhookSubscription` with `url`)."""
        return self.sim.webhooks.subscribe(self.project, self.inbox, event_types, secret=secret)

    def wait_for(
        self,
        event_type: str | None = None,
        *,
        within: str | float | timedelta = "1h",
        where: Callable[[Received], bool] | None = None,
        accepted: bool = False,
    ) -> Received:
        """The first delivery of `event_type` (any, when None) received, moving the virtual
        clock from one due work to the next (retries fire at their own instants) until one
        arrives or `within` has passed; an `AssertionError` saying what came instead then.

        `accepted=True` waits for one this inbox answered with a 2xx; `where` filters more.
        The clock never moves past the work it needed, and not at all when the delivery is
        already there (deliveries a request causes are sent at its end)."""

        def match(item: Received) -> bool:
            return (
                (event_type is None or item.event_type == event_type)
                and (not accepted or item.accepted)
                and (where is None or where(item))
            )

        deadline = format_timestamp(later(self.sim.now(), within))
        for _ in range(_MAX_STEPS):
            # Work due now first: a served simulator may be sending it in its own thread
            # (run_due waits for that, then fires what is left).
            self.sim.run_due()
            found = next((item for item in self.inbox.received if match(item)), None)
            if found is not None:
                return found
            due = self.sim.scheduler.next_due_at()
            if due is None or due > deadline:
                raise AssertionError(self._nothing(event_type, within))
            self.sim.advance(max(parse_timestamp(due) - self.sim.now(), _NEXT_INSTANT))
        raise AssertionError(self._nothing(event_type, within))

    def _nothing(self, event_type: str | None, within: str | float | timedelta) -> str:
        what = event_type or "any event"
        seen = ", ".join(repr(item) for item in self.inbox.received) or "nothing"
        return (
            f"No delivery of {what} to {self.url} within {within} of virtual time; received: {seen}"
        )

    def __repr__(self) -> str:
        return f"<WebhookInbox {self.url}: {len(self.inbox.received)} received>"
