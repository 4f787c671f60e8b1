"""Work that falls due on the virtual clock: settlements, expiries, webhook retries.

Capabilities register a `DueWork` in `SCHEDULED_WORK`. Advancing the clock then runs,
in time order, every piece of work that falls due before the target, with the clock set
to each due instant in turn, so each effect is stamped with its own virtual time:

```python
timeline = scheduler.advance("7h")   # fires a 5 s retry at +5 s, a 17 s retry at +22 s, ...
```

In wall-clock mode the server calls `run_due_settled()` a few times a second (see
`server.app`), so work also fires as real time passes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from .clock import Clock, check_reachable, format_timestamp, parse_duration
from .domain.context import Environment

__all__ = ["SCHEDULED_WORK", "Advance", "DueWork", "Scheduler", "calling_out"]

_MAX_STEPS = 1_000_000


class DueWork(Protocol):
    """Something that has work due at virtual instants."""

    name: str

    def next_due(self, env: Environment) -> str | None:
        """The earliest due instant (storage text form), or None when nothing is pending."""

    def run_due(self, env: Environment) -> list[dict[str, Any]]:
        """Run everything due at or before the clock's current time; return timeline entries."""


#: Registered by capabilities at import time.
SCHEDULED_WORK: list[DueWork] = []


@dataclass
class Advance:
    """What an advance did: the new time and the timeline of work that fired."""

    now: datetime
    timeline: list[dict[str, Any]] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"Advance(now={format_timestamp(self.now)}, {len(self.timeline)} events fired)"


class Scheduler:
    """Runs due work for a set of environments sharing one clock."""

    def __init__(self, clock: Clock, environments: Iterable[Environment]) -> None:
        self.clock = clock
        self.environments = list(environments)
        # One advance at a time: the server loop and an API call must not interleave steps.
        self._lock = threading.RLock()
        self._seen_due: str | None = None  # see run_due_settled

    def _earliest(self, limit: str) -> tuple[str, DueWork, Environment] | None:
        best: tuple[str, DueWork, Environment] | None = None
        for env in self.environments:
            for work in SCHEDULED_WORK:
                due = work.next_due(env)
                if due is not None and due <= limit and (best is None or due < best[0]):
                    best = (due, work, env)
        return best

    def run_until(self, target: datetime) -> list[dict[str, Any]]:
        """Fire every due work up to `target` in time order, then leave the clock at `target`
        (or where it is, if that is later)."""
        check_reachable(target)  # before any work fires: a refused advance does nothing
        timeline: list[dict[str, Any]] = []
        limit = format_timestamp(target)
        with self._lock:
            for _ in range(_MAX_STEPS):
                found = self._earliest(limit)
                if found is None:
                    break
                due, work, env = found
                if due > self.clock.timestamp():
                    self.clock.set(due)
                timeline.extend(work.run_due(env))
            if target > self.clock.now():
                self.clock.set(target)
        return timeline

    def advance(self, duration: str | float | timedelta) -> Advance:
        """Move the clock forward, firing due work on the way."""
        target = self.clock.now() + parse_duration(duration)
        timeline = self.run_until(target)
        return Advance(self.clock.now(), timeline)

    def set(self, moment: datetime) -> Advance:
        timeline = self.run_until(moment)
        return Advance(self.clock.now(), timeline)

    def run_due(self) -> list[dict[str, Any]]:
        """Fire what is due at the current time (the server loop calls this)."""
        return self.run_until(self.clock.now())

    def has_due_work(self) -> bool:
        """Is anything due now? (One indexed query per environment and work; no lock.)"""
        return self._earliest(self.clock.timestamp()) is not None

    def run_due_after_request(self) -> list[dict[str, Any]] | None:
        """Fire what is due now, at the end of an HTTP request (see `server.due_work`).

        It waits for an advance under way in another thread, except while due work is
        calling out to code that may call the simulator back in-process (an in-process
        webhook receiver reading the API): that request would wait for itself. Then it
        returns None at once, and the running advance, or the server loop, fires the rest.
        """
        if callouts_in_progress():
            acquired = self._lock.acquire(blocking=False)
        else:
            acquired = self._lock.acquire(timeout=_REQUEST_WAIT_SECONDS)
        if not acquired:
            return None
        try:
            return self.run_due()
        finally:
            self._lock.release()

    def run_due_settled(self) -> list[dict[str, Any]]:
        """The server loop's tick: fire due work once it has been due for a whole tick.

        Work that has only just fallen due (a delivery an API request created) is left for
        one tick to that request, which fires it before its in-process client gets the
        answer; racing it would let the client see the delivery still under way.
        """
        found = self._earliest(self.clock.timestamp())
        if found is None:
            self._seen_due = None
            return []
        if self._seen_due is None or found[0] > self._seen_due:
            self._seen_due = found[0]
            return []
        self._seen_due = None
        return self.run_due()


#: How long an end-of-request firing waits for an advance under way in another thread.
_REQUEST_WAIT_SECONDS = 30.0
_callouts = 0
_callouts_lock = threading.Lock()


@contextmanager
def calling_out() -> Iterator[None]:
    """Wrap a call from due work into code that may call the simulator back in-process
    (an in-process webhook receiver), so requests made meanwhile do not wait for the
    scheduler that is waiting for them."""
    global _callouts
    with _callouts_lock:
        _callouts += 1
    try:
        yield
    finally:
        with _callouts_lock:
            _callouts -= 1


def callouts_in_progress() -> bool:
    return _callouts > 0
