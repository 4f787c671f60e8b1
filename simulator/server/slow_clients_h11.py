"""The header deadline and head bound of `slow_clients.py` on uvicorn's pure-Python h11
protocol (`serving.uvicorn_config(..., http="h11")`).

A module of its own so that h11 is imported only where it is chosen: `serve` runs on
httptools, and importing h11 and uvicorn's protocol for it took 7-11 ms of its start-up.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .bounds import MAX_HEAD_BYTES
from .header_deadline import HeaderDeadline

__all__ = ["HeaderTimeoutProtocol"]

#: The end of a head, as h11 finds it (a bare `\n` ends a line too).
_END_OF_HEAD = re.compile(rb"\n\r?\n")


class HeaderTimeoutProtocol(HeaderDeadline, H11Protocol):
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
