"""Where a webhook goes: a real HTTP endpoint, or an in-process `Inbox` named by `inbox://NAME`.

**HTTP receivers** get a real `POST` (httpx), with the policy's timeout enforced: the attempt
fails on a non-2xx answer (a redirect is not followed), a connection error, an answer that
takes longer than the timeout, or a body over 64 KiB.

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

import json
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit

import httpcore
import httpx

from ..clock import monotonic
from ..domain.context import Environment
from ..scheduler import Callouts

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

#: The simulator's stand-in for the real service's secret header (a plain value, no signature).
SECRET_HEADER = "X-Webhook-Secret"
INBOX_SCHEME = "inbox"
#: A receiver answers 2xx quickly with a small body; more than this is a failed attempt.
MAX_RESPONSE_BYTES = 64 * 1024
#: How much of a response body the delivery log keeps.
LOGGED_RESPONSE_CHARS = 2048
USER_AGENT = "banking-sandbox-simulator-webhooks/0.1"


class ErrorCode(StrEnum):
    """Why an attempt failed (the log's `error_code`)."""

    #: The receiver answered with a status outside 200-299 (other than a redirect).
    NON_SUCCESS_STATUS = "NonSuccessStatus"
    #: A 3xx answer: redirects are not followed; subscribe the final URL.
    REDIRECTED = "Redirected"
    #: No complete answer within the policy's timeout.
    TIMEOUT = "Timeout"
    #: Refused, reset or unreachable (DNS, TLS) connection.
    CONNECTION_FAILED = "ConnectionFailed"
    #: An answer that is not valid HTTP.
    PROTOCOL_ERROR = "ProtocolError"
    #: A response body larger than `MAX_RESPONSE_BYTES`.
    RESPONSE_TOO_LARGE = "ResponseTooLarge"
    #: An in-process receiver raised an exception.
    RECEIVER_ERROR = "ReceiverError"


@dataclass(frozen=True)
class WebhookRequest:
    """One POST about to be sent: the URL, the headers (with the secret) and the JSON body."""

    url: str
    headers: dict[str, str]
    body: bytes
    #: The virtual time the attempt starts.
    sent_at: str

    @property
    def json(self) -> dict[str, Any]:
        return json.loads(self.body)


@dataclass(frozen=True)
class AttemptResult:
    """What happened to one attempt."""

    status: int | None
    body: str
    #: Seconds the attempt took: virtual for an inbox, measured for HTTP.
    duration: float
    error_code: ErrorCode | None = None
    error: str | None = None

    @property
    def succeeded(self) -> bool:
        return self.error_code is None


def _status_outcome(
    status: int, location: str | None = None
) -> tuple[ErrorCode | None, str | None]:
    if 200 <= status < 300:
        return None, None
    if 300 <= status < 400:
        where = f" to {location}" if location else ""
        return ErrorCode.REDIRECTED, f"Redirected ({status}){where}: redirects are not followed."
    return ErrorCode.NON_SUCCESS_STATUS, f"The receiver answered {status}."


def _timeout_message(timeout: float) -> str:
    return f"No answer within {timeout:g} s."


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
    #: Case-insensitive: `headers["x-webhook-secret"]` and `headers["X-Webhook-Secret"]`.
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

    def clear(self) -> None:
        """Forget what was received (the script stays)."""
        with self._lock:
            self.received.clear()

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
            return AttemptResult(None, "", timeout, ErrorCode.TIMEOUT, _timeout_message(timeout))
        if dropped:
            return AttemptResult(
                None,
                "",
                behaviour.latency,
                ErrorCode.CONNECTION_FAILED,
                "The receiver dropped the connection.",
            )
        assert status is not None
        code, message = _status_outcome(status)
        return AttemptResult(status, "", behaviour.latency, code, message)


class Receivers:
    """The in-process inboxes of one simulator, by name."""

    def __init__(self) -> None:
        self._inboxes: dict[str, Inbox] = {}
        self._lock = threading.Lock()

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


# -- HTTP receivers ------------------------------------------------------------------


# httpx's timeouts bound each network step, never the whole exchange (encode/httpx#1450): a
# receiver trickling its status line or headers a byte at a time would hold an attempt, and
# the scheduler, for ever. Every socket operation of an attempt is therefore capped by the
# attempt's deadline, kept per thread (each attempt runs in one thread).
_DEADLINE = threading.local()


def _capped(timeout: float | None, expired: type[Exception]) -> float | None:
    """The step's timeout, cut to what is left of the attempt's deadline."""
    deadline: float | None = getattr(_DEADLINE, "at", None)
    if deadline is None:
        return timeout
    left = deadline - monotonic()
    if left <= 0:
        raise expired("the whole answer took too long")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _capped(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _capped(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        capped = _capped(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, capped))

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's own network backend, with every step capped by the attempt's deadline."""

    def __init__(self) -> None:
        self._backend = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        capped = _capped(timeout, httpcore.ConnectTimeout)
        stream = self._backend.connect_tcp(host, port, capped, local_address, socket_options)
        return _DeadlineStream(stream)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> httpcore.NetworkStream:
        capped = _capped(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._backend.connect_unix_socket(path, capped, socket_options))

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


def http_transport() -> httpx.HTTPTransport:
    """httpx's transport (no proxy from the environment) on the deadline-capped backend."""
    transport = httpx.HTTPTransport(trust_env=False)
    # httpx takes no network backend; its pool is the one place to give httpcore ours.
    transport._pool = httpcore.ConnectionPool(
        ssl_context=httpx.create_ssl_context(trust_env=False),
        network_backend=_DeadlineBackend(),
    )
    return transport


def post_http(client: httpx.Client, request: WebhookRequest, timeout: float) -> AttemptResult:
    """POST one webhook; never raises. The timeout bounds each network step and the whole
    exchange (with a client on `http_transport()`, every socket operation is capped by the
    attempt's deadline, so a receiver trickling bytes cannot hold it longer)."""
    start = monotonic()

    def elapsed() -> float:
        return monotonic() - start

    _DEADLINE.at = start + timeout
    try:
        return _post(client, request, timeout, elapsed)
    finally:
        _DEADLINE.at = None


def _post(
    client: httpx.Client,
    request: WebhookRequest,
    timeout: float,
    elapsed: Callable[[], float],
) -> AttemptResult:
    try:
        with client.stream(
            "POST",
            request.url,
            content=request.body,
            headers=request.headers,
            timeout=httpx.Timeout(timeout),
        ) as response:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
                return AttemptResult(
                    response.status_code,
                    "",
                    elapsed(),
                    ErrorCode.RESPONSE_TOO_LARGE,
                    f"The response body ({declared} bytes) is over {MAX_RESPONSE_BYTES} bytes.",
                )
            body = bytearray()
            for chunk in response.iter_bytes():
                body.extend(chunk)
                if len(body) > MAX_RESPONSE_BYTES:
                    return AttemptResult(
                        response.status_code,
                        _text(body),
                        elapsed(),
                        ErrorCode.RESPONSE_TOO_LARGE,
                        f"The response body is over {MAX_RESPONSE_BYTES} bytes.",
                    )
                if elapsed() > timeout:
                    raise httpx.ReadTimeout("the whole answer took too long")
            duration = elapsed()
            if duration > timeout:
                raise httpx.ReadTimeout("the whole answer took too long")
            code, message = _status_outcome(response.status_code, response.headers.get("location"))
            return AttemptResult(response.status_code, _text(body), duration, code, message)
    except httpx.TimeoutException:
        return AttemptResult(
            None, "", max(elapsed(), timeout), ErrorCode.TIMEOUT, _timeout_message(timeout)
        )
    except (httpx.RemoteProtocolError, httpx.DecodingError) as error:
        return AttemptResult(
            None, "", elapsed(), ErrorCode.PROTOCOL_ERROR, f"Invalid HTTP answer: {error}"
        )
    except (httpx.HTTPError, httpx.InvalidURL, OSError, ValueError) as error:
        return AttemptResult(
            None,
            "",
            elapsed(),
            ErrorCode.CONNECTION_FAILED,
            f"Connection failed: {error or type(error).__name__}",
        )


def _text(body: bytes | bytearray) -> str:
    return bytes(body[: LOGGED_RESPONSE_CHARS * 4]).decode("utf-8", "replace")[
        :LOGGED_RESPONSE_CHARS
    ]


#: HTTP deliveries of one batch go out concurrently, so one hanging receiver does not hold
#: the others back by its timeout.
HTTP_WORKERS = 8


def send_all(env: Environment, items: list[tuple[WebhookRequest, float]]) -> list[AttemptResult]:
    """Send each `(request, timeout)`; results in the same order. Inboxes are called in order,
    in this thread; HTTP requests go out concurrently. Never raises for a receiver's fault."""
    results: list[AttemptResult | None] = [None] * len(items)
    receivers = receivers_for(env)
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
        # trust_env=False: a local simulator posts straight to the endpoint, not through a
        # proxy picked up from the environment.
        with httpx.Client(
            transport=http_transport(),
            follow_redirects=False,
            trust_env=False,
            headers={"User-Agent": USER_AGENT},
        ) as client:

            def send(index: int) -> None:
                request, timeout = items[index]
                results[index] = post_http(client, request, timeout)

            if len(http_items) == 1:
                send(http_items[0])
            else:
                workers = min(HTTP_WORKERS, len(http_items))
                with ThreadPoolExecutor(workers, thread_name_prefix="webhook") as pool:
                    list(pool.map(send, http_items))
    assert all(result is not None for result in results)
    return results  # type: ignore[return-value]
