"""Where a webhook goes: a real HTTP endpoint, or an in-process `Inbox` named by `inbox://NAME`.

**HTTP receivers** get a real `POST` (see `http`), under the simulator's outbound policy
(`outbound`, kept here with the inboxes, one per simulator): a non-2xx answer, a redirect
(never followed), a connection error, a timeout, a body over 64 KiB or a refused address
fail the attempt.

**In-process receivers** (a simulator-only extension) need no server and no tunnel: a
subscription whose endpoint URL is `inbox://NAME` is delivered to the simulator's inbox
`NAME`, created on first use and answering 200 until told otherwise. An inbox records what
it got and can be told to fail, to be slow (a *virtual* latency: the 15 s timeout costs no
real time) or to drop the connection.

```python
inbox = sim.webhooks.inbox("my-app")   # endpoint URL: inbox://my-app
inbox.fail(times=2)                    # the next two deliveries are answered 500
inbox.slow(20, times=1)                # the next one takes 20 s: a timeout at 15 s
inbox.received[-1].body                # {'eventType': ..., 'eventId': ..., ...}
```
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..domain.kernel.context import Environment
from ..scheduler import Callouts
from .attempts import AttemptResult, ErrorCode, WebhookRequest, status_outcome, timeout_message
from .http import MAX_RESPONSE_BYTES, post_http, send_http
from .outbound import DEFAULT_OUTBOUND_POLICY, OutboundPolicy

if TYPE_CHECKING:
    import httpx  # imported where an inbox records a request: see `http.http_transport`

__all__ = [
    "INBOX_SCHEME",
    "MAX_RESPONSE_BYTES",
    "SECRET_HEADER",
    "AttemptResult",
    "ErrorCode",
    "Inbox",
    "Received",
    "Receivers",
    "WebhookRequest",
    "inbox_name",
    "post_http",
    "receivers_for",
    "send_all",
]

#: The header that carries a subscription's secret as a plain value (no signature), as the
#: real service's docs name it.
SECRET_HEADER = "x-swan-secret"
INBOX_SCHEME = "inbox"


# -- in-process inboxes --------------------------------------------------------------


@dataclass(frozen=True)
class Behaviour:
    """How an inbox answers one delivery."""

    status: int = 200
    #: Virtual seconds before it answers (at or over the timeout: the attempt times out).
    latency: float = 0.0
    #: "connection": the inbox drops the connection instead of answering.
    error: str | None = None


@dataclass(frozen=True)
class Received:
    """One request an inbox received, and what it answered."""

    at: str
    body: dict[str, Any]
    #: Case-insensitive: `headers["x-swan-secret"]` and `headers["X-Swan-Secret"]`.
    headers: httpx.Headers
    #: The status it answered; None when it dropped the connection or timed out.
    status: int | None
    latency: float = 0.0
    timed_out: bool = False

    @property
    def accepted(self) -> bool:
        """Did the sender count it as delivered (2xx within the timeout)?"""
        return self.status is not None and 200 <= self.status < 300 and not self.timed_out

    @property
    def event_type(self) -> str:
        return str(self.body.get("eventType"))

    @property
    def event_id(self) -> str:
        return str(self.body.get("eventId"))

    @property
    def resource_id(self) -> str:
        return str(self.body.get("resourceId"))

    @property
    def project_id(self) -> str:
        return str(self.body.get("projectId"))

    def __repr__(self) -> str:
        answer = "timeout" if self.timed_out else (self.status or "connection dropped")
        return f"<Received {self.event_type} {self.resource_id} at {self.at}: {answer}>"


#: A handler sees each received request; an int it returns is the status answered instead of
#: the scripted one (a scripted timeout or dropped connection stays as it is).
Handler = Callable[[Received], int | None]


class Inbox:
    """An in-process webhook receiver: records what it gets, answers as scripted.

    Behaviour: one-off behaviours (`fail(times=2)`, `slow(20, times=1)`) are used first, in
    the order given; then the standing one (`fail()`, `slow(20)`, `answer(204)`). `succeed()`
    forgets both: 200 at once from then on.

    ```python
    inbox = Inbox("my-app")
    inbox.fail(times=1, status=503)     # the next delivery gets 503, then 200s again
    inbox.fail(error="connection")      # every delivery: the connection is dropped
    inbox.succeed()                     # back to 200 at once
    inbox.handler = lambda received: print(received.event_type)
    ```
    """

    def __init__(self, name: str, *, status: int = 200, latency: float = 0.0) -> None:
        self.name = name
        self.url = f"{INBOX_SCHEME}://{name}"
        self.received: list[Received] = []
        self.handler: Handler | None = None
        self._standing = Behaviour(status=status, latency=latency)
        # One-off behaviours as [behaviour, how many times left]: `fail(times=10**9)` is
        # one entry, not a billion.
        self._queue: deque[list[Any]] = deque()
        self._lock = threading.Lock()

    @property
    def standing(self) -> Behaviour:
        """How it answers once the one-off behaviours are used up: what the last `fail()`,
        `slow(seconds)`, `answer(status)` or `succeed()` set (a switch showing the inbox reads
        it)."""
        with self._lock:
            return self._standing

    # -- scripting ------------------------------------------------------------------

    def _script(self, behaviour: Behaviour, times: int | None) -> Inbox:
        if times is not None and times < 0:
            raise ValueError("times cannot be negative")
        with self._lock:
            if times is None:
                self._standing = behaviour
            elif times:
                self._queue.append([behaviour, times])
        return self

    def fail(
        self, times: int | None = None, *, status: int = 500, error: str | None = None
    ) -> Inbox:
        """Answer `status` (default 500) to the next `times` deliveries, or to every one.
        `error="connection"` drops the connection instead of answering."""
        if error not in (None, "connection"):
            raise ValueError('error is None or "connection"')
        if error is None and 200 <= status < 300:
            raise ValueError("a failing status is outside 200-299")
        return self._script(Behaviour(status=status, error=error), times)

    def slow(self, seconds: float, times: int | None = None, *, status: int = 200) -> Inbox:
        """Take `seconds` of virtual time to answer the next `times` deliveries (or every one);
        at or over the policy's timeout the attempt fails as a timeout."""
        if seconds < 0:
            raise ValueError("a latency cannot be negative")
        return self._script(Behaviour(status=status, latency=float(seconds)), times)

    def answer(self, status: int, times: int | None = None) -> Inbox:
        """Answer `status` (any code) to the next `times` deliveries, or to every one."""
        return self._script(Behaviour(status=status), times)

    def succeed(self) -> Inbox:
        """Forget every scripted behaviour: answer 200 at once from now on."""
        with self._lock:
            self._queue.clear()
            self._standing = Behaviour()
        return self

    def clear(self, project_id: str | None = None) -> None:
        """Forget what was received (the script stays): everything, or one project's."""
        with self._lock:
            if project_id is None:
                self.received.clear()
            else:
                self.received[:] = [r for r in self.received if r.project_id != project_id]

    # -- reading ---------------------------------------------------------------------

    @property
    def accepted(self) -> list[Received]:
        """What the sender counted as delivered."""
        return [item for item in self.received if item.accepted]

    @property
    def events(self) -> list[dict[str, Any]]:
        """The bodies of every request received, in order."""
        return [item.body for item in self.received]

    @property
    def last(self) -> Received | None:
        return self.received[-1] if self.received else None

    def __len__(self) -> int:
        return len(self.received)

    def __iter__(self) -> Iterator[Received]:
        return iter(list(self.received))

    def __repr__(self) -> str:
        return f"<Inbox {self.url}: {len(self.received)} received, {len(self.accepted)} accepted>"

    # -- receiving -------------------------------------------------------------------

    def _next_behaviour(self) -> Behaviour:
        """The next one-off behaviour (used up one time), else the standing one. Locked."""
        if not self._queue:
            return self._standing
        head = self._queue[0]
        head[1] -= 1
        if head[1] == 0:
            self._queue.popleft()
        return head[0]  # type: ignore[no-any-return]

    def receive(self, request: WebhookRequest, timeout: float) -> AttemptResult:
        """Take one delivery; returns the outcome as the sender sees it."""
        import httpx  # start-up: its case-insensitive headers, at an inbox's first request

        with self._lock:
            behaviour = self._next_behaviour()
        try:
            body = request.json
        except ValueError:
            body = {"raw": request.body.decode("utf-8", "replace")}
        timed_out = behaviour.latency >= timeout
        dropped = behaviour.error == "connection"
        status = None if (timed_out or dropped) else behaviour.status
        record = Received(
            at=request.sent_at,
            body=body,
            headers=httpx.Headers(request.headers),
            status=status,
            latency=behaviour.latency,
            timed_out=timed_out,
        )
        handler_status: int | None = None
        if self.handler is not None:
            try:
                handler_status = self.handler(record)
            except Exception as error:  # a notebook's bug must not stop the simulator
                with self._lock:
                    self.received.append(record)
                return AttemptResult(
                    None,
                    "",
                    min(behaviour.latency, timeout),
                    ErrorCode.RECEIVER_ERROR,
                    f"The inbox handler raised {type(error).__name__}: {error}",
                )
            if type(handler_status) is int and status is not None:
                status = handler_status
                record = Received(
                    record.at, record.body, record.headers, status, record.latency, timed_out
                )
        with self._lock:
            self.received.append(record)
        if timed_out:
            return AttemptResult(None, "", timeout, ErrorCode.TIMEOUT, timeout_message(timeout))
        if dropped:
            return AttemptResult(
                None,
                "",
                behaviour.latency,
                ErrorCode.CONNECTION_FAILED,
                "The receiver dropped the connection.",
            )
        assert status is not None
        code, message = status_outcome(status)
        return AttemptResult(status, "", behaviour.latency, code, message)


class Receivers:
    """The in-process inboxes of one simulator, by name."""

    def __init__(self, outbound: OutboundPolicy = DEFAULT_OUTBOUND_POLICY) -> None:
        self._inboxes: dict[str, Inbox] = {}
        self._lock = threading.Lock()
        #: Where HTTP webhooks may go (`Simulator(outbound_policy=...)` sets it).
        self.outbound = outbound
        #: Answers every attempt instead of the receivers when set: a bug report's replay
        #: plays back the answers it recorded (docs/bug-reports.md).
        self.recorded: Callable[[list[tuple[WebhookRequest, float]]], list[AttemptResult]] | None
        self.recorded = None

    def inbox(self, name: str) -> Inbox:
        """The inbox `name`, created (answering 200) when new."""
        with self._lock:
            inbox = self._inboxes.get(name)
            if inbox is None:
                inbox = self._inboxes[name] = Inbox(name)
            return inbox

    def get(self, name: str) -> Inbox | None:
        return self._inboxes.get(name)

    def names(self) -> list[str]:
        return sorted(self._inboxes)


def receivers_for(env: Environment) -> Receivers:
    """The inboxes of the simulator `env` belongs to (in memory, one set per simulator:
    `install_webhooks` provides them in its wiring)."""
    return env.wiring.get(Receivers)


def inbox_name(url: str) -> str | None:
    """The inbox name of an `inbox://NAME` URL, else None."""
    if not url.startswith(INBOX_SCHEME + "://"):
        return None
    return urlsplit(url).netloc


# -- sending ---------------------------------------------------------------------------


def send_all(env: Environment, items: list[tuple[WebhookRequest, float]]) -> list[AttemptResult]:
    """Send each `(request, timeout)`; results in the same order. Inboxes are called in order,
    in this thread; HTTP requests go out concurrently, under the simulator's outbound policy.
    Never raises for a receiver's fault."""
    results: list[AttemptResult | None] = [None] * len(items)
    receivers = receivers_for(env)
    if receivers.recorded is not None:
        return receivers.recorded(items)
    callouts = env.wiring.get(Callouts)
    http_items: list[int] = []
    for index, (request, timeout) in enumerate(items):
        name = inbox_name(request.url)
        if name is None:
            http_items.append(index)
        else:
            with callouts.calling_out():  # its handler may call the API back in-process
                results[index] = receivers.inbox(name).receive(request, timeout)
    if http_items:
        sent = send_http([items[index] for index in http_items], receivers.outbound)
        for index, result in zip(http_items, sent, strict=True):
            results[index] = result
    assert all(result is not None for result in results)
    return results  # type: ignore[return-value]
