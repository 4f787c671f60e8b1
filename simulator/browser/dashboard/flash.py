"""One-time messages after a successful dashboard form (Post/Redirect/Get).

A form that worked answers `303 See Other` to its page, and the page shows what happened
once: the message waits here, in the server's memory, keyed by the dashboard session, until
that session next loads that page. It may hold a new client secret, which is why it is kept
neither in the URL, nor in the database (snapshots and the journal copy it), nor in a
cookie: it exists in memory between the redirect and the next page, then is gone. A
restart in between loses it (rotate again).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

__all__ = ["Flashes"]


class Flashes:
    """The pending message of each session: one at a time (a newer one replaces it), for one
    page path, taken by the first `GET` of that path."""

    #: Sessions that post and never come back must not grow memory without bound.
    MAX_PENDING = 1000

    def __init__(self) -> None:
        self._pending: OrderedDict[str, tuple[str, dict[str, Any]]] = OrderedDict()
        # Handlers run on the event loop, but the dashboard may be mounted in a threaded
        # server by a test or a notebook: the lock costs nothing.
        self._lock = threading.Lock()

    def put(self, session_id: str, path: str, message: dict[str, Any]) -> None:
        with self._lock:
            self._pending.pop(session_id, None)
            self._pending[session_id] = (path, message)
            while len(self._pending) > self.MAX_PENDING:
                self._pending.popitem(last=False)

    def take(self, session_id: str, path: str) -> dict[str, Any]:
        """The message waiting for `path`, removed; `{}` when none is."""
        with self._lock:
            pending = self._pending.get(session_id)
            if pending is None or pending[0] != path:
                return {}
            del self._pending[session_id]
            return pending[1]

    def __repr__(self) -> str:
        return f"<Flashes pending={len(self._pending)}>"
