"""Work that falls due on the virtual clock: settlements, expiries, webhook retries.

Capabilities register a `DueWork` in `SCHEDULED_WORK`. Advancing the clock then runs,
in time order, every piece of work that falls due before the target, with the clock set
to each due instant in turn, so each effect is stamped with its own virtual time:

```python
timeline = scheduler.advance("7h")   # fires a 5 s retry at +5 s, a 17 s retry at +22 s, ...
```

In wall-clock mode the server calls `run_due()` a few times a second (see
`server.app`), so work also fires as real time passes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from .clock import Clock, format_timestamp, parse_duration
from .domain.context import Environment

__all__ = ["SCHEDULED_WORK", "Advance", "DueWork", "Scheduler"]

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

    def run_due_if_idle(self) -> list[dict[str, Any]] | None:
        """Fire what is due now, unless another thread is already firing work (then None:
        that thread, or the server loop, picks up what is due). The GraphQL endpoints call
        this after each request, where waiting could deadlock: an in-process webhook
        receiver may call the API while the scheduler is delivering to it."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            return self.run_due()
        finally:
            self._lock.release()
