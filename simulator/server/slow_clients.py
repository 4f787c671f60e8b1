"""A deadline for request headers, which uvicorn does not have.

uvicorn closes a connection idle between two requests after its keep-alive timeout, but
a connection that sends nothing at all, or a request line and headers a byte at a time,
stays open for as long as the client likes: a few hundred such sockets and no one else
connects (the "Slowloris" attack). The protocols here are uvicorn's with one more timer:

- armed when the connection opens, and when the first bytes of a new request arrive on a
  kept-alive connection;
- cancelled once the request line and all headers have arrived;
- when it fires, the connection is closed: after a JSON **408** if part of a request had
  arrived, silently if nothing had (a browser's speculative connection, say).

`HttpToolsHeaderTimeoutProtocol` extends uvicorn's httptools protocol (its parser is C,
several times cheaper a request than h11, which matters to a workshop's hundred learners
on one process); `HeaderTimeoutProtocol` extends the pure-Python h11 one, used where
httptools is not installed. `header_timeout_protocol(seconds)` picks one, with a deadline of
`header_timeout` seconds (10 by default; the tests use a short one). Select it with
`uvicorn.Config(http=...)`, as `serving.uvicorn_config` does.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, ClassVar, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = [
    "DEFAULT_HEADER_TIMEOUT",
    "HeaderTimeoutProtocol",
    "HttpToolsHeaderTimeoutProtocol",
    "header_timeout_protocol",
]

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


class _HeaderDeadline:
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


class HeaderTimeoutProtocol(_HeaderDeadline, H11Protocol):
    """uvicorn's h11 protocol, closing connections whose headers take too long."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer = None

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

    def _has_partial_request(self) -> bool:
        return bool(self.conn.trailing_data[0])


class HttpToolsHeaderTimeoutProtocol(_HeaderDeadline, HttpToolsProtocol):
    """uvicorn's httptools protocol, closing connections whose headers take too long."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer = None
        self._in_headers = False  # a request has begun and its headers are not all in

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_headers = True
        self._arm()  # the first bytes of a request: its headers have their deadline

    def on_headers_complete(self) -> None:
        self._in_headers = False
        self._disarm()
        super().on_headers_complete()

    def _has_partial_request(self) -> bool:
        return self._in_headers


#: The HTTP implementations `header_timeout_protocol` can extend.
PROTOCOLS: Final[dict[str, type[HeaderTimeoutProtocol | HttpToolsHeaderTimeoutProtocol]]] = {
    "httptools": HttpToolsHeaderTimeoutProtocol,
    "h11": HeaderTimeoutProtocol,
}


def header_timeout_protocol(seconds: float, http: str = "httptools") -> type[asyncio.Protocol]:
    """The protocol of `http` (`httptools`, or `h11`) with a header deadline of `seconds`."""
    protocol: type[HeaderTimeoutProtocol | HttpToolsHeaderTimeoutProtocol] = PROTOCOLS[http]
    if seconds == protocol.header_timeout:
        return protocol
    return type(protocol.__name__, (protocol,), {"header_timeout": seconds})
