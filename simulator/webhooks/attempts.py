"""One webhook attempt as every receiver sees it: the request, the result, why it failed.

Shared by the in-process inboxes (`receivers`) and the HTTP sender (`http`).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..clock import monotonic

__all__ = [
    "DEADLINE",
    "AttemptResult",
    "ErrorCode",
    "WebhookRequest",
    "capped_timeout",
    "status_outcome",
    "timeout_message",
]


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
    #: A response body larger than `http.MAX_RESPONSE_BYTES`.
    RESPONSE_TOO_LARGE = "ResponseTooLarge"
    #: An in-process receiver raised an exception.
    RECEIVER_ERROR = "ReceiverError"
    #: The outbound policy refuses the address the endpoint's host resolves to (SSRF).
    ADDRESS_NOT_ALLOWED = "AddressNotAllowed"


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
        body: dict[str, Any] = json.loads(self.body)
        return body


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


def status_outcome(status: int, location: str | None = None) -> tuple[ErrorCode | None, str | None]:
    if 200 <= status < 300:
        return None, None
    if 300 <= status < 400:
        where = f" to {location}" if location else ""
        return ErrorCode.REDIRECTED, f"Redirected ({status}){where}: redirects are not followed."
    return ErrorCode.NON_SUCCESS_STATUS, f"The receiver answered {status}."


def timeout_message(timeout: float) -> str:
    return f"No answer within {timeout:g} s."


# httpx's timeouts bound each network step, never the whole exchange (encode/httpx#1450): a
# receiver trickling its status line or headers a byte at a time would hold an attempt, and
# the scheduler, for ever. Every socket operation of an attempt is therefore capped by the
# attempt's deadline, kept per thread (each attempt runs in one thread).
DEADLINE = threading.local()


def capped_timeout(timeout: float | None, expired: type[Exception]) -> float | None:
    """The step's timeout, cut to what is left of the attempt's deadline."""
    deadline: float | None = getattr(DEADLINE, "at", None)
    if deadline is None:
        return timeout
    left = deadline - monotonic()
    if left <= 0:
        raise expired("the whole answer took too long")
    return left if timeout is None else min(timeout, left)
