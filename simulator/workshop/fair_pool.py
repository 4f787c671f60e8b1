"""The room's worker threads, shared fairly: one learner's heavy loop cannot hold everyone's.

A room's spaces share a few threads for their GraphQL operations (docs/workshop.md). With a
first-come queue, a learner sending the heaviest documents the limits allow back to back
(tens of milliseconds each: 1,000 fields to parse, validate or execute) kept the threads
busy and everyone else's requests queued behind theirs: another learner's p50 went from
4 ms to over a second. Here each space submits through its own `Executor` view, and:

- the next operation to run is the one of the space that used the threads least lately (its
  busy time, halved every `half_life` seconds): a learner's occasional request goes ahead of
  a loop's;
- a space that used more than `heavy_seconds` of thread time lately is *heavy*, and heavy
  spaces together run on at most `threads - reserve` threads: a thread stays free for the
  others, whatever the heavy ones send;
- and those threads are paced: after a heavy operation of `d` seconds, its thread rests
  `3 d` (`heavy_share` 0.25) before the next heavy one, holding no GIL meanwhile. One
  thread running Python without a pause takes the GIL from the event loop at every turn
  (the loop waits up to the 5 ms switch interval each time it comes back from polling,
  several times a request), so even one busy thread slowed every learner's answers.

- and while a heavy operation runs, the interpreter's switch interval is cut to
  `heavy_switch_seconds` (50 us): a thread waiting for the GIL waits that long at most
  before the heavy thread must hand it over. The event loop and the other worker give the
  GIL up at every poll, socket write and SQLite call, many times a request, and wait
  that long to get it back each time. Beside a thread validating a 1,000-field
  document, twenty SQLite reads took 0.07 ms alone, 2.6 ms (p95) at a 200 us interval and
  1.2 ms at 50 us.
  Out of heavy work, the usual interval is back (a shorter one costs every thread more
  switches).

A heavy space is slowed, never refused; it becomes light again once its use decays (well
under a minute of quiet at the defaults).

```python
pool = FairPool(2)
ada = pool.executor("ada")      # a concurrent.futures.Executor: Simulator(workers=ada)
ada.submit(print, "hello").result()
pool.shutdown()
```
"""

from __future__ import annotations

import select
import sys
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from ..clock import monotonic

__all__ = ["FairPool", "SpaceExecutor"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: Thread time (seconds, decayed) above which a space counts as heavy. A learner at a few
#: requests a second keeps about 0.05 s (3 ms an operation, 2 a second, over the 14 s mean
#: life of a half-life of 10 s); a notebook cell sending 50 queries adds 0.15 s; a loop of
#: heavy documents crosses it within half a second.
HEAVY_SECONDS = 0.25
#: Seconds for a space's recorded use to halve.
HALF_LIFE = 10.0
#: The share of a heavy thread's time spent running heavy operations (the rest it rests).
HEAVY_SHARE = 0.25
#: The longest rest after one heavy operation (the execution deadline stops longer ones).
MAX_REST_SECONDS = 1.0
#: The interpreter's switch interval while a heavy operation runs (module docstring).
HEAVY_SWITCH_SECONDS = 0.000_05


@dataclass
class _Space:
    pending: deque[tuple[Future[Any], Callable[[], Any]]] = field(default_factory=deque)
    used: float = 0.0  # busy seconds, decayed to `stamp`
    stamp: float = 0.0

    def usage(self, now: float, half_life: float) -> float:
        decay: float = 0.5 ** ((now - self.stamp) / half_life)
        return self.used * decay


class FairPool:
    """`threads` worker threads running the operations of many spaces (module docstring)."""

    def __init__(
        self,
        threads: int,
        *,
        reserve: int = 1,
        heavy_seconds: float = HEAVY_SECONDS,
        half_life: float = HALF_LIFE,
        heavy_share: float = HEAVY_SHARE,
        heavy_switch_seconds: float | None = HEAVY_SWITCH_SECONDS,
        name: str = "workshop-worker",
    ) -> None:
        self.heavy_limit = max(1, threads - reserve)
        self.rest_ratio = (1 - heavy_share) / heavy_share
        self.heavy_seconds = heavy_seconds
        self.half_life = half_life
        self._spaces: dict[str, _Space] = {}
        self._heavy_running = 0
        self.heavy_switch_seconds = heavy_switch_seconds
        #: Heavy operations running now (not resting), and the switch interval to restore.
        self._heavy_executing = 0
        self._usual_switch = sys.getswitchinterval()
        self._closed = False
        self._ready = threading.Condition()
        self._threads = [
            threading.Thread(target=self._work, name=f"{name}_{n}", daemon=True)
            for n in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    def executor(self, space: str) -> SpaceExecutor:
        """The `Executor` a space submits its operations through."""
        return SpaceExecutor(self, space)

    def _submit(self, space: str, call: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("The workshop's worker pool is shut down.")
            self._spaces.setdefault(space, _Space()).pending.append((future, call))
            self._ready.notify()
        return future

    def _inline_allowed(self, name: str) -> bool:
        """Whether a space may run a cheap query on the event loop: not while it is heavy
        (`api.inline_reads`; its operations are then paced here like any other)."""
        with self._ready:
            space = self._spaces.get(name)
            return space is None or not self._heavy(space, monotonic())

    def _note_inline(self, name: str, seconds: float) -> None:
        """Count an operation run on the event loop towards the space's use."""
        ended = monotonic()
        with self._ready:
            space = self._spaces.setdefault(name, _Space())
            space.used = space.usage(ended, self.half_life) + seconds
            space.stamp = ended

    def _heavy(self, space: _Space, now: float) -> bool:
        return space.usage(now, self.half_life) > self.heavy_seconds

    def _next(self) -> tuple[str, Future[Any], Callable[[], Any], bool] | None:
        """The next operation to run (under `_ready`), or None when none may run now."""
        now = monotonic()
        best: tuple[float, str] | None = None
        for name, space in self._spaces.items():
            if not space.pending:
                continue
            if self._heavy(space, now) and self._heavy_running >= self.heavy_limit:
                continue
            usage = space.usage(now, self.half_life)
            if best is None or usage < best[0]:
                best = (usage, name)
        if best is None:
            return None
        space = self._spaces[best[1]]
        heavy = self._heavy(space, now)
        future, call = space.pending.popleft()
        return best[1], future, call, heavy

    def _work(self) -> None:
        while True:
            with self._ready:
                picked = self._next()
                while picked is None:
                    if self._closed and not any(s.pending for s in self._spaces.values()):
                        return
                    self._ready.wait()
                    picked = self._next()
                name, future, call, heavy = picked
                self._heavy_running += heavy
                if heavy:
                    self._heavy_switch(+1)
            started = monotonic()
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(call())
                    except BaseException as error:  # handed to the caller, as an executor does
                        future.set_exception(error)
            finally:
                ended = monotonic()
                with self._ready:
                    if heavy:
                        self._heavy_switch(-1)
                    space = self._spaces[name]
                    space.used = space.usage(ended, self.half_life) + (ended - started)
                    space.stamp = ended
                if heavy:  # the heavy slot stays taken while the thread rests
                    _rest(min(MAX_REST_SECONDS, (ended - started) * self.rest_ratio))
                with self._ready:
                    self._heavy_running -= heavy
                    self._ready.notify_all()  # a heavy slot or a thread is free again

    def _heavy_switch(self, change: int) -> None:
        """Count a heavy operation starting (+1) or ending (-1), cutting the switch interval
        while any runs (under `_ready`)."""
        if self.heavy_switch_seconds is None:
            return
        if change > 0 and self._heavy_executing == 0:
            self._usual_switch = sys.getswitchinterval()
            sys.setswitchinterval(min(self._usual_switch, self.heavy_switch_seconds))
        self._heavy_executing += change
        if change < 0 and self._heavy_executing == 0:
            sys.setswitchinterval(self._usual_switch)

    def shutdown(self, wait: bool = True) -> None:
        """Run what was submitted, then stop the threads (joined when `wait`)."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        if wait:
            for thread in self._threads:
                thread.join()


def _rest(seconds: float) -> None:
    """Sleep without holding the GIL. `poll` with a relative timeout, not a timed lock wait,
    for the reason `scheduler.Ticker` gives (libfaketime and absolute deadlines)."""
    if seconds > 0:
        select.poll().poll(max(1, round(seconds * 1000)))


class SpaceExecutor(Executor):
    """One space's view of a `FairPool` (its `submit` tags the operation with the space)."""

    def __init__(self, pool: FairPool, space: str) -> None:
        self.pool = pool
        self.space = space

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        return self.pool._submit(self.space, lambda: fn(*args, **kwargs))

    def may_run_inline(self) -> bool:
        """Whether this space's cheap queries may run on the event loop (`api.inline_reads`):
        not while the pool counts it heavy."""
        return self.pool._inline_allowed(self.space)

    def note_inline(self, seconds: float) -> None:
        """Count `seconds` of an operation run on the event loop as this space's use."""
        self.pool._note_inline(self.space, seconds)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing: the pool belongs to the workshop, which shuts it down."""
