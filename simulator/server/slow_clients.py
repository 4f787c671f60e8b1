"""A deadline for request headers, which uvicorn does not have.

uvicorn closes a connection idle between two requests after its keep-alive timeout, but
a connection that sends nothing at all, or a request line and headers a byte at a time,
stays open for as long as the client likes: a few hundred such sockets and no one else
connects (the "Slowloris" attack). `HeaderTimeoutProtocol` is uvicorn's h11 protocol with
one more timer:

- armed when the connection opens, and when the first bytes of a new request arrive on a
  kept-alive connection;
- cancelled once the request line and all headers have arrived (h11 has left `IDLE`);
- when it fires, the connection is closed: after a JSON **408** if part of a request had
  arrived, silently if nothing had (a browser's speculative connection, say).

Its deadline is `header_timeout` seconds (10 by default); `header_timeout_protocol(seconds)`
makes the class for another deadline (the tests use a short one). Select it with
`uvicorn.Config(http=...)`, as `serving.uvicorn_config` does.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, ClassVar, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["DEFAULT_HEADER_TIMEOUT", "HeaderTimeoutProtocol", "header_timeout_protocol"]

DEFAULT_HEADER_TIMEOUT: Final = 10.0

logger = logging.getLogger("simulator.server")


def _timeout_response(seconds: float) -> bytes:
    body = json.dumps(
        {
            "errors": [
                {
                    "message": f"The request line and headers did not arrive within "
                    f"{seconds:g} seconds.",
                    "extensions": {"code": "REQUEST_TIMEOUT"},
                }
            ]
        }
    ).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing connections whose headers take too long."""

    header_timeout: ClassVar[float] = DEFAULT_HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.transport.is_closing():
            self._disarm()
        elif self.conn.their_state is not h11.IDLE:
            self._disarm()  # the whole request line and headers are in
        elif self.conn.trailing_data[0]:
            self._arm()  # part of a new request: its headers have their deadline

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
        if self.conn.trailing_data[0]:
            client = f"{self.client[0]}" if self.client else "an unknown client"
            logger.warning(
                "Closed a connection from %s: no complete request headers within %g seconds",
                client,
                self.header_timeout,
            )
            self.transport.write(_timeout_response(self.header_timeout))
        self.transport.close()


def header_timeout_protocol(seconds: float) -> type[HeaderTimeoutProtocol]:
    """`HeaderTimeoutProtocol` with a deadline of `seconds`."""
    if seconds == HeaderTimeoutProtocol.header_timeout:
        return HeaderTimeoutProtocol
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": seconds})
