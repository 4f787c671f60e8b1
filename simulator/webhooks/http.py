"""HTTP receivers: a real `POST` (httpx) to the endpoint, under the outbound policy.

The attempt fails on a non-2xx answer (a redirect is never followed), a connection error,
an answer that takes longer than the policy's timeout, a body over 64 KiB, or an address
the outbound policy refuses (`outbound`): the host name is resolved once, *every* address
is checked, and the connection goes to a checked address, so a DNS answer that changes
between the check and the connection (DNS rebinding) cannot reach a refused one. TLS still
verifies the certificate against the host name. The delivery log keeps at most the first
1 KiB of a response body.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from ..clock import monotonic
from .attempts import (
    DEADLINE,
    AttemptResult,
    ErrorCode,
    WebhookRequest,
    status_outcome,
    timeout_message,
)
from .outbound import OutboundPolicy, OutboundRefused

if TYPE_CHECKING:
    # httpx (30 ms of a start-up) is imported by the functions that send: a server that
    # posts no webhook over HTTP never imports it (`serve`'s first answer).
    import httpx

__all__ = [
    "HTTP_WORKERS",
    "LOGGED_RESPONSE_BYTES",
    "MAX_RESPONSE_BYTES",
    "http_transport",
    "post_http",
    "send_http",
]

#: A receiver answers 2xx quickly with a small body; more than this is a failed attempt.
MAX_RESPONSE_BYTES = 64 * 1024
#: How much of a response body the delivery log keeps (the rest is read and dropped).
LOGGED_RESPONSE_BYTES = 1024
USER_AGENT = "banking-sandbox-simulator-webhooks/0.1"
#: HTTP deliveries of one batch go out concurrently, so one hanging receiver does not hold
#: the others back by its timeout.
HTTP_WORKERS = 8


def http_transport(policy: OutboundPolicy) -> httpx.HTTPTransport:
    """httpx's transport (no proxy from the environment) on the deadline-capped backend that
    applies `policy` to every connection."""
    # httpx, httpcore (and h11 under it, 10-15 ms) are imported at the first webhook sent over
    # HTTP, not with the simulator: a process that sends none (the README example, `serve`'s
    # first answer) spares them at start-up.
    import httpcore
    import httpx

    from ._deadline_backend import DeadlineBackend

    transport = httpx.HTTPTransport(trust_env=False)
    # httpx takes no network backend; its pool is the one place to give httpcore ours.
    transport._pool = httpcore.ConnectionPool(
        ssl_context=httpx.create_ssl_context(trust_env=False),
        network_backend=DeadlineBackend(policy),
    )
    return transport


def post_http(client: httpx.Client, request: WebhookRequest, timeout: float) -> AttemptResult:
    """POST one webhook; never raises. The timeout bounds each network step and the whole
    exchange (with a client on `http_transport()`, every socket operation is capped by the
    attempt's deadline, so a receiver trickling bytes cannot hold it longer)."""
    start = monotonic()

    def elapsed() -> float:
        return monotonic() - start

    DEADLINE.at = start + timeout
    try:
        return _post(client, request, timeout, elapsed)
    finally:
        DEADLINE.at = None


def _post(
    client: httpx.Client,
    request: WebhookRequest,
    timeout: float,
    elapsed: Callable[[], float],
) -> AttemptResult:
    import httpx  # start-up: see `http_transport` (imported there already: a look-up)

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
            kept, size = bytearray(), 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                # Only the start is kept: the log shows at most LOGGED_RESPONSE_BYTES of it.
                kept.extend(chunk[: max(0, LOGGED_RESPONSE_BYTES - len(kept))])
                if size > MAX_RESPONSE_BYTES:
                    return AttemptResult(
                        response.status_code,
                        _text(kept),
                        elapsed(),
                        ErrorCode.RESPONSE_TOO_LARGE,
                        f"The response body is over {MAX_RESPONSE_BYTES} bytes.",
                    )
                if elapsed() > timeout:
                    raise httpx.ReadTimeout("the whole answer took too long")
            duration = elapsed()
            if duration > timeout:
                raise httpx.ReadTimeout("the whole answer took too long")
            code, message = status_outcome(response.status_code, response.headers.get("location"))
            return AttemptResult(response.status_code, _text(kept), duration, code, message)
    except OutboundRefused as error:
        return AttemptResult(None, "", elapsed(), ErrorCode.ADDRESS_NOT_ALLOWED, str(error))
    except httpx.TimeoutException:
        return AttemptResult(
            None, "", max(elapsed(), timeout), ErrorCode.TIMEOUT, timeout_message(timeout)
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
    # A character cut in two at the limit becomes U+FFFD, never an error.
    return bytes(body[:LOGGED_RESPONSE_BYTES]).decode("utf-8", "replace")


def send_http(
    items: list[tuple[WebhookRequest, float]], policy: OutboundPolicy
) -> list[AttemptResult]:
    """POST each `(request, timeout)` under `policy`, concurrently; results in order."""
    import httpx  # start-up: see `http_transport`

    results: list[AttemptResult | None] = [None] * len(items)
    # trust_env=False: a local simulator posts straight to the endpoint, not through a proxy
    # picked up from the environment (a proxy would also resolve names past the policy).
    with httpx.Client(
        transport=http_transport(policy),
        follow_redirects=False,
        trust_env=False,
        headers={"User-Agent": USER_AGENT},
    ) as client:

        def send(index: int) -> None:
            request, timeout = items[index]
            results[index] = post_http(client, request, timeout)

        if len(items) == 1:
            send(0)
        else:
            with ThreadPoolExecutor(
                min(HTTP_WORKERS, len(items)), thread_name_prefix="webhook"
            ) as pool:
                list(pool.map(send, range(len(items))))
    assert all(result is not None for result in results)
    return results  # type: ignore[return-value]
