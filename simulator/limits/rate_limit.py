"""The request rate limit (specification section 8.1): counters in `limits.sqlite`.

Every request is counted for its **client IP** and its **endpoint** (each GraphQL endpoint,
`/oauth2/token`, `/oauth2/auth` with its pages, ... each on its own), in a **fixed window
that opens with the first request**: the window lasts `window_seconds` of virtual time,
and the first request after it ends opens a new one with a full budget. A request is refused
(HTTP 429) when it is number `limit + 1` or later in its window; refused requests count too,
so hammering does not help, but they never extend the window.

Counting is one SQLite UPSERT per request in `limits.sqlite` in the data dir (one file for
both environments, since `/oauth2/token` serves both), so counters survive a restart and
every process on the data dir shares them. Times are read from the simulator's clock.

```python
>>> import tempfile
>>> from simulator.clock import Clock
>>> data_dir = tempfile.mkdtemp()
>>> limiter = RateLimiter(data_dir, Clock.open(data_dir))
>>> rate = RateLimit(requests=2, window_seconds=300)
>>> [limiter.hit("203.0.113.7", "/sandbox/graphql", rate).allowed for _ in range(3)]
[True, True, False]
>>> limiter.hit("203.0.113.7", "/live/graphql", rate).remaining  # another endpoint
1
>>> limiter.close()

```
"""

from __future__ import annotations

import math
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from ..clock import Clock, format_timestamp
from ..storage.private import private_dir, private_file
from .settings import RateLimit

__all__ = ["RateDecision", "RateLimiter"]

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rate_counters (
    client TEXT NOT NULL,       -- the client IP
    endpoint TEXT NOT NULL,     -- the endpoint's path (route), e.g. /sandbox/graphql
    bucket TEXT NOT NULL,       -- '' for the IP's budget, 'sandbox:<project id>' for a project's
    count INTEGER NOT NULL,     -- requests in the current window, refused ones included
    reset_at REAL NOT NULL,     -- end of the window, virtual epoch seconds
    PRIMARY KEY (client, endpoint, bucket)
) WITHOUT ROWID
"""

# SET expressions read the row's old values, so both CASEs see the same window.
_HIT: Final = """
INSERT INTO rate_counters (client, endpoint, bucket, count, reset_at)
VALUES (:client, :endpoint, :bucket, 1, :now + :window)
ON CONFLICT (client, endpoint, bucket) DO UPDATE SET
    count = CASE WHEN :now >= reset_at THEN 1 ELSE count + 1 END,
    reset_at = CASE WHEN :now >= reset_at THEN :now + :window ELSE reset_at END
RETURNING count, reset_at
"""

#: Expired counters are deleted once every this many requests (per process); an expired
#: counter behaves exactly like a missing one, so this only keeps the file small.
PRUNE_EVERY: Final = 1_000


@dataclass(frozen=True)
class RateDecision:
    """The outcome of counting one request, and the budget left after it."""

    client: str
    endpoint: str
    limit: int
    window_seconds: int
    count: int
    reset_seconds: int
    #: The project whose own limit applied (`sandbox:<id>`), or `None` for the IP's budget.
    project: str | None = None

    @property
    def allowed(self) -> bool:
        return self.count <= self.limit

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.count)

    def headers(self) -> dict[str, str]:
        """`RateLimit-*` headers (IETF draft names), plus `Retry-After` on a refusal."""
        headers = {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset_seconds),
            "RateLimit-Policy": f"{self.limit};w={self.window_seconds}",
        }
        if not self.allowed:
            headers["Retry-After"] = str(self.reset_seconds)
        return headers

    def as_extension(self) -> dict[str, Any]:
        """The `rateLimit` part of a GraphQL response's `extensions.cost`."""
        return {
            "limit": self.limit,
            "remaining": self.remaining,
            "resetSeconds": self.reset_seconds,
            "windowSeconds": self.window_seconds,
        }


class RateLimiter:
    """Request counters in `limits.sqlite`.

    One connection shared by every thread behind a lock: counting is one short statement,
    and a connection per thread would mean a new connection for every request where each
    request runs in a thread of its own (Starlette's `TestClient` outside a `with` block).
    """

    FILE_NAME: Final = "limits.sqlite"

    def __init__(self, data_dir: str | Path, clock: Clock, *, durable: bool = True) -> None:
        self.path = Path(data_dir) / self.FILE_NAME
        self.clock = clock
        self._lock = threading.Lock()
        self._hits = 0
        private_file(private_dir(self.path.parent) / self.FILE_NAME)  # 0600, as its WAL files
        # Autocommit: each UPSERT is its own transaction, committed at once.
        self._db: sqlite3.Connection | None = sqlite3.connect(
            self.path, timeout=10.0, isolation_level=None, check_same_thread=False
        )
        # Set before the switch to WAL: a new file's switch, at the default FULL, waited for
        # the disk six times (fdatasync: 10-25 ms of a throwaway simulator's start-up). A
        # throwaway data dir (`durable=False`) never waits, as its environment files.
        self._db.execute(f"PRAGMA synchronous = {'NORMAL' if durable else 'OFF'}")
        if self._db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute(_SCHEMA)

    def _execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        if self._db is None:
            raise RuntimeError("The rate limiter is closed.")
        return self._db.execute(sql, parameters)

    def hit(
        self,
        client: str,
        endpoint: str,
        rate: RateLimit,
        *,
        requests: int | None = None,
        project: str | None = None,
    ) -> RateDecision:
        """Count one request and decide. `requests` overrides `rate.requests` (a project's own
        limit, which `project` names: it then has its own counter, apart from the IP's)."""
        now = self.clock.now().timestamp()
        window = rate.window_seconds
        parameters = {
            "client": client,
            "endpoint": endpoint,
            "bucket": project or "",
            "now": now,
            "window": window,
        }
        with self._lock:
            count, reset_at = self._execute(_HIT, parameters).fetchone()
            self._hits += 1
            if self._hits % PRUNE_EVERY == 0:
                self._execute("DELETE FROM rate_counters WHERE reset_at <= ?", [now])
        return RateDecision(
            client=client,
            endpoint=endpoint,
            limit=requests or rate.requests,
            window_seconds=window,
            count=count,
            reset_seconds=max(1, math.ceil(reset_at - now)),
            project=project,
        )

    def counters(self) -> list[dict[str, Any]]:
        """The open windows (expired ones left out), for `python -m simulator limits show`."""
        now = self.clock.now().timestamp()
        with self._lock:
            rows = self._execute(
                "SELECT client, endpoint, bucket, count, reset_at FROM rate_counters "
                "WHERE reset_at > ? ORDER BY client, endpoint, bucket",
                [now],
            ).fetchall()
        return [
            {
                "client": client,
                "endpoint": endpoint,
                "project": bucket or None,
                "count": count,
                "resetsAt": format_timestamp(datetime.fromtimestamp(reset_at, tz=UTC)),
            }
            for client, endpoint, bucket, count, reset_at in rows
        ]

    def clear(self) -> int:
        """Forget every counter (every budget is full again); returns how many were open."""
        with self._lock:
            return self._execute("DELETE FROM rate_counters").rowcount

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
