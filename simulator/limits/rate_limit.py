"""The request rate limit (specification section 8.1): counters in `limits.sqlite`.

Every request is counted for its **client IP** and its **endpoint** (each GraphQL endpoint,
`/oauth2/token`, `/oauth2/auth` with its pages, ... each on its own), in a **fixed window
that opens with the first request**: the window lasts `window_seconds` of virtual time,
and the first request after it ends opens a new one with a full budget. A request is refused
(HTTP 429) when it is number `limit + 1` or later in its window; refused requests count too,
so hammering does not help, but they never extend the window.

Counters are kept in memory and written in batches to `limits.sqlite` in the data dir (one
file for both environments, since `/oauth2/token` serves both; see `RateLimiter` for when),
so counters survive a restart and every process on the data dir shares them. Times are
read from the simulator's clock.

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

_READ: Final = (
    "SELECT count, reset_at FROM rate_counters WHERE client = ? AND endpoint = ? AND bucket = ?"
)

# A process's requests counted in one window (opened at ?6, ending at ?5) added to the file:
# to the file's window when that was open as this one opened (another process's, or the
# one this process read), else as a new window. SET expressions read the row's old values,
# so both CASEs see the same window.
_ADD: Final = """
INSERT INTO rate_counters (client, endpoint, bucket, count, reset_at)
VALUES (?1, ?2, ?3, ?4, ?5)
ON CONFLICT (client, endpoint, bucket) DO UPDATE SET
    count = CASE WHEN ?6 >= reset_at THEN ?4 ELSE count + ?4 END,
    reset_at = CASE WHEN ?6 >= reset_at THEN ?5 ELSE reset_at END
RETURNING count, reset_at
"""

#: Expired counters are deleted once every this many requests (per process); an expired
#: counter behaves exactly like a missing one, so this only keeps the file small.
PRUNE_EVERY: Final = 1_000
#: The requests counted in memory are written to the file at least every this many ...
FLUSH_EVERY: Final = 100
#: ... and once this many seconds of virtual time have passed since the last write.
FLUSH_SECONDS: Final = 1.0


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


@dataclass
class _Counter:
    """One open window as this process knows it: `count` is the file's count when last read
    or written plus `pending`, the requests counted here since (not in the file yet)."""

    count: int
    pending: int
    reset_at: float
    #: When this process first counted in the window: the merge's test of whose window it is.
    opened: float


class RateLimiter:
    """Request counters, kept in memory and written to `limits.sqlite` in batches.

    Counting a request is a dictionary update. The file is written (one transaction for
    every counter with requests not written yet) every `FLUSH_EVERY` requests, once a second
    of virtual time has passed since the last write, when a window ends, when fewer than
    `FLUSH_EVERY` requests are left in a window (so near its limit every request is written
    at once, as before, and processes sharing the data dir refuse at the same count), before
    `counters()`, `clear()` and a prune, and on `close()`. A commit for every request was
    3-5% of a saturated workshop's time (issue 35).

    Before each write, and before a request that opens a counter or is near its limit, the
    file's `PRAGMA data_version` tells whether another connection wrote it since (another
    process counting, `limits clear-counters`): this process then writes its own requests,
    each added to the file's count when the file's window is the one they were counted in,
    and reads every counter afresh. A clear also changes the file's `user_version`; requests
    counted before it are then dropped, not written, as the clear forgets them. So far from
    its limit a counter may lag another process's requests and clears by up to a batch (its
    `RateLimit-Remaining` with it); near its limit it follows the file at every request.

    One connection shared by every thread behind a lock: counting is short, and a
    connection per thread would mean a new connection for every request where each
    request runs in a thread of its own (Starlette's `TestClient` outside a `with` block).
    """

    FILE_NAME: Final = "limits.sqlite"

    def __init__(self, data_dir: str | Path, clock: Clock) -> None:
        self.path = Path(data_dir) / self.FILE_NAME
        self.clock = clock
        self._lock = threading.Lock()
        self._hits = 0
        self._counters: dict[tuple[str, str, str], _Counter] = {}
        self._unwritten = 0
        self._written_at = clock.now().timestamp()
        private_file(private_dir(self.path.parent) / self.FILE_NAME)  # 0600, as its WAL files
        # Autocommit outside the explicit transactions of `_write` and `clear`.
        self._db: sqlite3.Connection | None = sqlite3.connect(
            self.path, timeout=10.0, isolation_level=None, check_same_thread=False
        )
        if self._db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute(_SCHEMA)
        self._version = self._data_version()
        self._generation = self._clears()

    def _execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        if self._db is None:
            raise RuntimeError("The rate limiter is closed.")
        return self._db.execute(sql, parameters)

    def _data_version(self) -> int:
        return int(self._execute("PRAGMA data_version").fetchone()[0])

    def _clears(self) -> int:
        """How many clears the file has seen (its `user_version`)."""
        return int(self._execute("PRAGMA user_version").fetchone()[0])

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
        limit = requests or rate.requests
        key = (client, endpoint, project or "")
        with self._lock:
            counter = self._counters.get(key)
            if counter is None or self._writes(counter, now, limit, ahead=1):
                self._follow_file()  # this request is read from the file or written to it
                counter = self._counters.get(key) or self._read(key, now)
            if counter is None or now >= counter.reset_at:
                if counter is not None and counter.pending:
                    self._write()  # the ended window's requests, before the new one opens
                counter = self._counters[key] = _Counter(0, 0, now + window, now)
            counter.count += 1
            counter.pending += 1
            self._unwritten += 1
            if self._writes(counter, now, limit):
                self._write(now)
            count, reset_at = counter.count, counter.reset_at
            self._hits += 1
            if self._hits % PRUNE_EVERY == 0:
                self._prune(now)
        return RateDecision(
            client=client,
            endpoint=endpoint,
            limit=limit,
            window_seconds=window,
            count=count,
            reset_seconds=max(1, math.ceil(reset_at - now)),
            project=project,
        )

    def _writes(self, counter: _Counter, now: float, limit: int, ahead: int = 0) -> bool:
        """Whether the requests in memory are written now (`ahead`: before one more)."""
        return (
            self._unwritten + ahead >= FLUSH_EVERY
            or now - self._written_at >= FLUSH_SECONDS
            or counter.count + ahead + FLUSH_EVERY > limit
            or now >= counter.reset_at
        )

    def _read(self, key: tuple[str, str, str], now: float) -> _Counter | None:
        """The file's open window of `key`, if any (kept in memory from now on)."""
        row = self._execute(_READ, key).fetchone()
        if row is None or now >= row[1]:
            return None
        counter = self._counters[key] = _Counter(row[0], 0, row[1], now)
        return counter

    def _follow_file(self) -> None:
        """After another connection's write: this process's requests written (or dropped,
        after a clear), every counter read afresh at its next request."""
        version = self._data_version()
        if version == self._version:
            return
        generation = self._clears()
        if generation == self._generation:
            self._write()
        self._counters.clear()
        self._unwritten = 0
        self._version, self._generation = self._data_version(), generation

    def _write(self, now: float | None = None) -> None:
        """Every counter's requests not in the file yet, added in one transaction."""
        if now is not None:
            self._written_at = now
        pending = [(key, c) for key, c in self._counters.items() if c.pending]
        self._unwritten = 0
        if not pending:
            return
        self._execute("BEGIN IMMEDIATE")
        try:
            for (client, endpoint, bucket), counter in pending:
                parameters = [client, endpoint, bucket, counter.pending, counter.reset_at,
                              counter.opened]  # fmt: skip
                counter.count, counter.reset_at = self._execute(_ADD, parameters).fetchone()
                counter.pending = 0
        except BaseException:
            self._execute("ROLLBACK")
            raise
        self._execute("COMMIT")

    def _prune(self, now: float) -> None:
        self._write(now)
        self._execute("DELETE FROM rate_counters WHERE reset_at <= ?", [now])
        for key in [key for key, c in self._counters.items() if c.reset_at <= now]:
            del self._counters[key]

    def flush(self) -> None:
        """Write the requests counted in memory to the file (a snapshot copies it next)."""
        with self._lock:
            if self._db is not None:
                self._follow_file()
                self._write()

    def counters(self) -> list[dict[str, Any]]:
        """The open windows (expired ones left out), for `python -m simulator limits show`."""
        now = self.clock.now().timestamp()
        with self._lock:
            self._follow_file()
            self._write()
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
        """Forget every counter (every budget is full again); returns how many were open.
        Every process on the data dir forgets the requests it has not written yet too."""
        with self._lock:
            self._follow_file()
            self._write()
            self._execute("BEGIN IMMEDIATE")
            try:
                cleared = self._execute("DELETE FROM rate_counters").rowcount
                self._generation = self._clears() + 1
                self._execute(f"PRAGMA user_version = {self._generation:d}")
            except BaseException:
                self._execute("ROLLBACK")
                raise
            self._execute("COMMIT")
            self._counters.clear()
            self._unwritten = 0
            return cleared

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._follow_file()
                self._write()
                self._db.close()
                self._db = None
