"""The journal's queue: what a simulator has journaled and not yet written, in order.

Journaling a request used to cost the request its own SQLite transaction (the redaction's
look-up, the insert, the commit: about 0.15 ms) before its answer went out. Now the request
puts its entry here (a few microseconds) and the simulator's `JournalWriter` thread
(`writer.py`) writes what waits, several entries a transaction when requests come faster
than one commit. `record.py` says how the journal stays in causal order.

```python
queue = JournalQueue()
queue.put(EnvironmentName.SANDBOX, {"kind": "clock"}, None)
queue.take(EnvironmentName.SANDBOX)   # [({"kind": "clock"}, None)], now in flight
queue.done(EnvironmentName.SANDBOX)
```
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from ..environments import EnvironmentName
    from .redact import Redactor

__all__ = ["MAX_PENDING", "JournalQueue", "Pending"]

#: Entries waiting in one environment past which `put` asks its caller to write them.
MAX_PENDING = 2_000

#: One waiting entry and the function that takes its secrets out (run when it is written).
Pending: TypeAlias = tuple[dict[str, Any], "Callable[[Redactor, dict[str, Any]], None] | None"]


class JournalQueue:
    """One simulator's waiting journal entries, per environment, in the order they came."""

    def __init__(self) -> None:
        self._pending: dict[EnvironmentName, deque[Pending]] = {}
        #: Batches taken off the queue and not yet committed, per environment.
        self._in_flight: dict[EnvironmentName, int] = {}
        self._changed = threading.Condition()
        self._closed = False

    def put(self, name: EnvironmentName, entry: dict[str, Any], redact: Any) -> bool:
        """Queue an entry; True when the backlog is over `MAX_PENDING` (write it now)."""
        with self._changed:
            pending = self._pending.setdefault(name, deque())
            pending.append((entry, redact))
            self._changed.notify()
            return len(pending) > MAX_PENDING

    def waiting(self, name: EnvironmentName) -> bool:
        """True when entries of `name` are queued or being written."""
        with self._changed:
            return bool(self._pending.get(name)) or bool(self._in_flight.get(name))

    def take(self, name: EnvironmentName) -> list[Pending]:
        """Every waiting entry of `name`, now in flight until `done`. Only a thread holding
        the file's write lock may take: what it takes are the next entries in the file."""
        with self._changed:
            pending = self._pending.get(name)
            batch = list(pending) if pending else []
            if pending:
                pending.clear()
            self._in_flight[name] = self._in_flight.get(name, 0) + 1
            return batch

    def done(self, name: EnvironmentName) -> None:
        """The batch `take` gave is committed (or given up)."""
        with self._changed:
            self._in_flight[name] -= 1

    def next_waiting(self) -> EnvironmentName | None:
        """Wait for an environment with waiting entries; None once closed."""
        with self._changed:
            while not self._closed:
                for name, pending in self._pending.items():
                    if pending:
                        return name
                self._changed.wait()
            return None

    def discard(self, name: EnvironmentName) -> int:
        """Drop the waiting entries of `name` (after a failure to write them); how many."""
        with self._changed:
            pending = self._pending.pop(name, deque())
            return len(pending)

    def close(self) -> None:
        """Wake the writer for the last time: it stops, and its owner drains what waits."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
