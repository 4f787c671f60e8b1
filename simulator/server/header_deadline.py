"""The header deadline and the head's size bound both of `serve`'s HTTP protocols share
(`slow_clients.py` says why they exist): `HeaderDeadline`, mixed into each of uvicorn's
protocols, arms a timer while a request's head is arriving and answers a JSON 408 (or 431)
before closing the connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import ClassVar, Final

from .bounds import MAX_HEAD_BYTES

__all__ = ["DEFAULT_HEADER_TIMEOUT", "HeaderDeadline"]

DEFAULT_HEADER_TIMEOUT: Final = 10.0

logger = logging.getLogger("simulator.server")


def _closing_response(status: str, code: str, message: str) -> bytes:
    """A JSON error answer, then the connection closed: written by the protocol itself,
    since no request reached the app."""
    body = json.dumps({"errors": [{"message": message, "extensions": {"code": code}}]})
    head = (
        f"HTTP/1.1 {status}\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return (head + body).encode("ascii")


def _timeout_response(seconds: float) -> bytes:
    message = f"The request line and headers did not arrive within {seconds:g} seconds."
    return _closing_response("408 Request Timeout", "REQUEST_TIMEOUT", message)


_HEAD_TOO_LARGE = _closing_response(
    "431 Request Header Fields Too Large",
    "HEADERS_TOO_LARGE",
    f"The request line and headers are larger than {MAX_HEAD_BYTES} bytes.",
)


class HeaderDeadline:
    """The timer both protocols share; each says whether part of a request has arrived."""

    header_timeout: ClassVar[float] = DEFAULT_HEADER_TIMEOUT
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    client: tuple[str, int] | None
    _header_timer: asyncio.TimerHandle | None = None

    def _has_partial_request(self) -> bool:
        raise NotImplementedError

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._timed_out)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _timed_out(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        if self._has_partial_request():
            client = f"{self.client[0]}" if self.client else "an unknown client"
            logger.warning(
                "Closed a connection from %s: no complete request headers within %g seconds",
                client,
                self.header_timeout,
            )
            self.transport.write(_timeout_response(self.header_timeout))
        self.transport.close()

    def _head_too_large(self) -> None:
        """431, and the connection closed: what else the client sends is never read."""
        self._disarm()
        client = f"{self.client[0]}" if self.client else "an unknown client"
        logger.warning(
            "Closed a connection from %s: request headers over %d bytes", client, MAX_HEAD_BYTES
        )
        self.transport.write(_HEAD_TOO_LARGE)
        self.transport.close()
