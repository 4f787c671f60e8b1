"""Work that falls due on the virtual clock: settlements, expiries, webhook retries.

Capabilities plug a `DueWork` into the simulator's `wiring.scheduled_work`; the scheduler
gets that list when the simulator builds it. Advancing the clock then runs,
in time order, every piece of work that falls due before the target, each at its own
instant (the clock pinned there, `Clock.pinned`), including work scheduled by what fired
on the way, so each effect is stamped with its own virtual time:

```python
timeline = scheduler.advance("7h")   # fires a 5 s retry at +5 s, a 17 s retry at +22 s, ...
```

While a server runs, a `Ticker` thread (owned by the simulator, joined by `close()`) calls
`run_due_settled()` a few times a second, so work also fires as real time passes in
wall-clock mode, or when another process moves the clock.

**One clock rule** (docs/webhooks.md, "Timing"): `run_until` is the one routine every
surface moves the clock through (`sim.advance`, the Testing API, the dashboard, widgets,
workshop rooms) or catches up with (the ticker, after the command line moved `clock.json`;
the server before each request). The work fires at its due instant, never at the time
the scheduler happened to notice it, so a move of D from any surface leaves the same state.
"""

from __future__ import annotations

import logging
import os
import select
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .clock import Clock, check_instant, format_timestamp, later, parse_timestamp
from .domain.kernel.context import Environment
from .domain.kernel.wiring import DueWork

__all__ = ["Advance", "Callouts", "DueWork", "Scheduler", "Ticker"]

_MAX_STEPS = 1_000_000
logger = logging.getLogger("simulator.scheduler")


class Callouts:
    """Counts calls from due work into code that may call the simulator back in-process
    (an in-process webhook receiver reading the API), so requests made meanwhile do not wait
    for the scheduler that is waiting for them. One per simulator."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = threading.Condition()

    @contextmanager
    def calling_out(self) -> Iterator[None]:
        with self._idle:
            self._count += 1
        try:
            yield
        finally:
            with self._idle:
                self._count -= 1
                if not self._count:
                    self._idle.notify_all()

    def in_progress(self) -> bool:
        return self._count > 0

    def wait_idle(self, seconds: float) -> None:
        """Wait until none is in progress, `seconds` at most."""
        with self._idle:
            self._idle.wait_for(lambda: not self._count, seconds)


@dataclass
class Advance:
    """What an advance did: the new time and the timeline of work that fired."""

    now: datetime
    timeline: list[dict[str, Any]] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"Advance(now={format_timestamp(self.now)}, {len(self.timeline)} events fired)"


#: A piece of due work: its instant (storage text form), the work and its environment.
_Due = tuple[str, DueWork, Environment]


class Scheduler:
    """Runs due work for a set of environments sharing one clock."""

    def __init__(
        self,
        clock: Clock,
        environments: Iterable[Environment],
        work: Sequence[DueWork],
        callouts: Callouts | None = None,
    ) -> None:
        self.clock = clock
        self.environments = list(environments)
        self.work = tuple(work)
        self.callouts = callouts or Callouts()
        # One advance at a time: the server loop and an API call must not interleave steps.
        self._lock = threading.RLock()
        self._seen_due: str | None = None  # see run_due_settled
        # The next due work and the files' data versions it was read at (see _next_due).
        self._next: tuple[tuple[int, ...], _Due | None] | None = None
        self._next_lock = threading.Lock()
        self.requests = Callouts()  # HTTP requests in progress (see run_due_settled)
        #: Fire what is due at the end of each request (`server.due_work.FireDueWork`). A
        #: report's replay turns it off: it fires that work where the recorded journal has
        #: it, which a clock move from another process may have reached first.
        self.after_requests = True
        #: True while the current context serves a request (`server.due_work.PinnedTime`).
        self.in_request: ContextVar[bool] = ContextVar(f"in-request:{id(self)}", default=False)

    def _earliest(self, limit: str) -> _Due | None:
        """The first work due at or before `limit`, if any."""
        found = self._next_due()
        return found if found is not None and found[0] <= limit else None

    def _next_due(self) -> _Due | None:
        """The first pending work, whenever due.

        Asked before every answer and on every tick, and it costs a query per work and
        environment; but it changes only when a file does. So it is kept with the files'
        data versions (`Store.data_version`), read *before* the queries: a commit landing
        meanwhile changes the versions, and the next call reads again.
        """
        versions = tuple(env.store.data_version() for env in self.environments)
        with self._next_lock:
            if self._next is not None and self._next[0] == versions:
                return self._next[1]
        best: _Due | None = None
        for env in self.environments:
            for work in self.work:
                due = work.next_due(env)
                if due is not None and (best is None or due < best[0]):
                    best = (due, work, env)
        with self._next_lock:
            self._next = (versions, best)
        return best

    def settle(self) -> None:
        """Before a move made outside any request (Python, the dashboard's thread, a widget):
        let the requests under way finish, with the work they fire once answered. Their
        client may already have the answer and go on to move the clock; the move must come
        after that work in the journal, as a replay runs it."""
        if not self.in_request.get() and not self.callouts.in_progress():
            self.requests.wait_idle(_REQUEST_WAIT_SECONDS)

    def next_due_at(self) -> str | None:
        """The instant (storage text form) of the first pending work, whenever due; None
        when nothing is pending (the test plugin's `wait_for` moves the clock to it)."""
        found = self._next_due()
        return found[0] if found is not None else None

    @contextmanager
    def moving(self) -> Iterator[datetime]:
        """Hold the clock for a move made of several steps (see `advance`): this scheduler's
        lock, then the clock's, in that order everywhere (the clock's lock is taken inside
        due work's own moves too, so the other order could deadlock two threads). The clock
        is read once, and pinned there (`Clock.pinned`): a running clock does not move
        under a move, which ends exactly where it was told to. Yields that instant."""
        with self._lock, self.clock.held(), self.clock.pinned(self.clock.now()) as now:
            yield now

    def run_until(self, target: datetime) -> list[dict[str, Any]]:
        """Fire every due work up to `target` in time order, each at its own instant, then
        leave the clock at `target` (or where it is, if that is later).

        The clock is moved to each instant still ahead of it; work whose instant the clock
        has already passed (another process moved it, or the ticker noticed late) runs with
        the clock pinned at that instant, so it leaves what it would have left on time."""
        check_instant(target)  # before any work fires: all of the move, or none of it
        timeline: list[dict[str, Any]] = []
        limit = format_timestamp(target)
        if self._earliest(limit) is None and target <= self.clock.now():
            return timeline  # nothing to do: no lock (this runs after many requests)
        # The clock is held from the first due step to the target: another process's move
        # cannot slip between two steps and leave this one setting a time already past.
        with self.moving():
            for _ in range(_MAX_STEPS):
                found = self._earliest(limit)
                if found is None:
                    break
                due, work, env = found
                if due > self.clock.timestamp():
                    self.clock.set(due)
                with self.clock.pinned(parse_timestamp(due)):
                    timeline.extend(work.run_due(env))
            if target > self.clock.now():
                self.clock.set(target)
        return timeline

    def advance(self, duration: str | float | timedelta) -> Advance:
        """Move the clock forward, firing due work on the way: one atomic step across
        processes. The target is the time read *under* the clock's lock plus `duration`,
        and the lock is held until the clock is there, so advances made at once by several
        processes add up (4 x 50 x 1 s is 200 s) and none finds its target already past."""
        self.settle()
        with self.moving() as now:
            timeline = self.run_until(later(now, duration))
            return Advance(self.clock.now(), timeline)

    def set(self, moment: datetime) -> Advance:
        self.settle()
        timeline = self.run_until(moment)
        return Advance(self.clock.now(), timeline)

    def run_due(self) -> list[dict[str, Any]]:
        """Fire what is due at the current time (the server loop calls this)."""
        return self.run_until(self.clock.now())

    def has_due_work(self) -> bool:
        """Is anything due now? (The files' data versions; an indexed query per environment
        and work only when a file changed since the last look: `_next_due`.)"""
        return self._earliest(self.clock.timestamp()) is not None

    def run_due_after_request(self) -> list[dict[str, Any]] | None:
        """Fire what is due now, at the end of an HTTP request (see `server.due_work`).

        It waits for an advance under way in another thread, except while due work is
        calling out to code that may call the simulator back in-process (an in-process
        webhook receiver reading the API): that request would wait for itself. Then it
        returns None at once, and the running advance, or the server loop, fires the rest.
        """
        if self.callouts.in_progress():
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

        Nothing fires while a request is in progress: the request fires what is due at
        the instant it came in, before it runs (`server.due_work`), and work due after that
        instant must be journaled after it, as a replay runs it. The limit is read before
        the requests are counted, so a request counted later came in at or after it.
        """
        limit = self.clock.now()
        if self.requests.in_progress():
            return []
        found = self._earliest(format_timestamp(limit))
        if found is None:
            self._seen_due = None
            return []
        if self._seen_due is None or found[0] > self._seen_due:
            self._seen_due = found[0]
            return []
        self._seen_due = None
        return self.run_until(limit)


#: How long an end-of-request firing waits for an advance under way in another thread.
_REQUEST_WAIT_SECONDS = 30.0


class Ticker:
    """The thread that fires due work while a server runs (see the module docstring).

    Started by the server's lifespan, stopped by its end or by `Simulator.close()`, which
    joins it before any store closes. `interval` is real seconds between ticks: this thread
    follows the wall clock on purpose, like the clock in wall-clock mode.

    It waits on a pipe with `poll` rather than on an `Event` with a timeout: a timed lock
    wait has an absolute deadline, which libfaketime (the suite's check under a shifted date)
    turns into a wait that never times out; `poll` takes a relative one.
    """

    def __init__(self, scheduler: Scheduler, interval: float = 0.2) -> None:
        self.scheduler = scheduler
        self.interval = interval
        self._thread: threading.Thread | None = None
        self._wake: tuple[int, int] | None = None  # (read end, write end) of the stop pipe
        self._lock = threading.Lock()

    def start(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._wake = os.pipe()
            self._thread = threading.Thread(
                target=self._run, args=(self._wake[0],), name="simulator-ticker", daemon=True
            )
            self._thread.start()

    def stop(self) -> None:
        """Stop and join the thread (a tick under way finishes first)."""
        with self._lock:
            thread, self._thread = self._thread, None
            wake, self._wake = self._wake, None
        if thread is None or wake is None:
            return
        os.write(wake[1], b"x")
        thread.join()
        for descriptor in wake:
            os.close(descriptor)

    @property
    def running(self) -> bool:
        return self._thread is not None

    def _run(self, stop: int) -> None:
        # `poll`, not `select`: a workshop process holds thousands of descriptors, and
        # `select` refuses any numbered 1024 or above.
        waiting = select.poll()
        waiting.register(stop, select.POLLIN)
        timeout_ms = max(1, round(self.interval * 1000))
        while not waiting.poll(timeout_ms):
            try:
                self.scheduler.run_due_settled()
            except Exception:  # keep serving; the error is in the log
                logger.exception("Scheduled work failed")
