"""A deadline and a size bound for request headers, which uvicorn does not have.

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

**The head's size, while it arrives.** uvicorn hands a request to the app only once its
headers are complete, and until then keeps what came: httptools (llhttp) has no bound at
all (98 MiB of one header fitted in the 10 s deadline), h11 answers a plain-text 400 past its
16 KiB. So the protocols count the bytes of the request line and headers as they arrive, and
past `MAX_HEAD_BYTES` (28 KiB: the 8 KiB URL and 16 KiB header bounds, and their line ends)
answer a JSON **431** and close the connection, the rest unread. A complete head is measured
exactly by `bounds.RequestBounds` (the headers' names and values, 16 KiB); this count is
the early stop, so memory per connection stays within the bound and one read:

- httptools: every read that continues a head is counted (a read in which a head *begins*
  is not: where it began in the read is not known, and the read is at most 256 KiB);
- h11: the bytes h11 holds, unparsed, while no request is in progress (`trailing_data`),
  checked before h11 parses them; no end of head within the bound is a 431.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any, ClassVar, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .bounds import MAX_HEAD_BYTES

__all__ = [
    "DEFAULT_HEADER_TIMEOUT",
    "HeaderTimeoutProtocol",
    "HttpToolsHeaderTimeoutProtocol",
    "header_timeout_protocol",
]

DEFAULT_HEADER_TIMEOUT: Final = 10.0

logger = logging.getLogger("simulator.server")


#: The end of a head, as h11 finds it (a bare `\n` ends a line too).
_END_OF_HEAD = re.compile(rb"\n\r?\n")


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

    def _head_too_large(self) -> None:
        """431, and the connection closed: what else the client sends is never read."""
        self._disarm()
        client = f"{self.client[0]}" if self.client else "an unknown client"
        logger.warning(
            "Closed a connection from %s: request headers over %d bytes", client, MAX_HEAD_BYTES
        )
        self.transport.write(_HEAD_TOO_LARGE)
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
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            # No request in progress: what h11 holds is (the start of) a head.
            pending = self.conn.trailing_data[0]
            if len(pending) > MAX_HEAD_BYTES and not _END_OF_HEAD.search(
                pending, 0, MAX_HEAD_BYTES + 3
            ):
                self._head_too_large()
                return
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
        self._head_bytes = 0  # of the head in progress, counted by `data_received`
        self._heads_begun = 0

    def data_received(self, data: bytes) -> None:
        continuing = self._in_headers
        begun = self._heads_begun
        super().data_received(data)
        if not self._in_headers or self.transport.is_closing():
            return
        if continuing and begun == self._heads_begun:  # the whole read is the same head's
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD_BYTES:
                self._head_too_large()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_headers = True
        self._head_bytes = 0
        self._heads_begun += 1
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
