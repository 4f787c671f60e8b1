"""Whether a simulator is open, and the operations under way in it.

`Simulator.close()` must never close a store under a thread that is still reading it (that
is how SQLite crashes a process). Every way in — an HTTP request, an `advance`, a project
created from Python — runs as an *operation*; `close()` refuses new ones, waits for those
under way, and only then stops the threads and closes the stores.

```python
lifecycle = Lifecycle()
with lifecycle.operation():    # SimulatorClosed once closing has begun
    ...
lifecycle.begin_close()        # True the first time only: close() is idempotent
lifecycle.wait_idle(30.0)      # every operation under way has ended
```
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .exceptions import SimulatorClosed

__all__ = ["Lifecycle"]


class Lifecycle:
    """Counts the operations under way and refuses new ones once closing has begun."""

    def __init__(self) -> None:
        self._closing = False
        self._active = 0
        self._changed = threading.Condition()

    @property
    def closed(self) -> bool:
        return self._closing

    def check_open(self) -> None:
        if self._closing:
            raise SimulatorClosed("This simulator is closed; create a new one.")

    @contextmanager
    def operation(self) -> Iterator[None]:
        """Run the block as one operation (nested operations simply count twice)."""
        self.enter()
        try:
            yield
        finally:
            self.leave()

    def enter(self) -> None:
        """Start an operation (`SimulatorClosed` once closing has begun); pair with `leave`."""
        with self._changed:
            self.check_open()
            self._active += 1

    def leave(self) -> None:
        with self._changed:
            self._active -= 1
            self._changed.notify_all()

    def begin_close(self) -> bool:
        """Refuse new operations; True if this call is the one that closes."""
        with self._changed:
            first, self._closing = not self._closing, True
            return first

    def wait_idle(self, timeout: float) -> bool:
        """Wait (real time, at most `timeout` s) until no operation is under way."""
        with self._changed:
            return self._changed.wait_for(lambda: self._active == 0, timeout)
