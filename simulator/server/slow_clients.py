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
on one process); `HeaderTimeoutProtocol` (`slow_clients_h11.py`, imported only when it is
chosen: h11 is not part of `serve`'s start-up) extends the pure-Python h11 one.
Both mix in `header_deadline.HeaderDeadline`, the timer and the answers they share.
`header_timeout_protocol(seconds)` picks one, with a deadline of `header_timeout` seconds
(10 by default; the tests use a short one). Select it with `uvicorn.Config(http=...)`, as
`serving.uvicorn_config` does.

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
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .bounds import MAX_HEAD_BYTES
from .header_deadline import DEFAULT_HEADER_TIMEOUT, HeaderDeadline

__all__ = [
    "DEFAULT_HEADER_TIMEOUT",
    "HttpToolsHeaderTimeoutProtocol",
    "header_timeout_protocol",
]


class HttpToolsHeaderTimeoutProtocol(HeaderDeadline, HttpToolsProtocol):
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


def header_timeout_protocol(seconds: float, http: str = "httptools") -> type[asyncio.Protocol]:
    """The protocol of `http` (`httptools`, or `h11`) with a header deadline of `seconds`."""
    protocol: type[HeaderDeadline]
    if http == "httptools":
        protocol = HttpToolsHeaderTimeoutProtocol
    elif http == "h11":
        # start-up: h11 and uvicorn's protocol for it, only where they are chosen
        from .slow_clients_h11 import HeaderTimeoutProtocol

        protocol = HeaderTimeoutProtocol
    else:
        raise ValueError(f"http={http!r}: httptools or h11")
    if seconds == protocol.header_timeout:
        return protocol
    return type(protocol.__name__, (protocol,), {"header_timeout": seconds})
