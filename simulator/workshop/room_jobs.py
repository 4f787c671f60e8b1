"""A room-wide action running in the background, and how far it got (the instructor's view).

Resetting or restoring a room of 30 takes seconds, 300 a minute: the view starts the action
on a worker thread and answers at once; the room's page shows a progress line
(`Resetting: 12 of 30 (learner-12)`) that its script fills from `GET /workshop/job.json`
until the action ends, then shows what it did. One room-wide action runs at a time; while it
runs, every other action is refused (two resets of one space at once would interleave).

```python
jobs = RoomJobs()
job = jobs.start("reset", total=30, run=lambda step: room_action(room, "reset", {}, step))
job.as_dict()   # {"action": "reset", "done": 12, "total": 30, "current": "learner-12", ...}
```
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..exceptions import SimulatorError
from .room_actions import Done, Step

__all__ = ["RoomJob", "RoomJobs"]

logger = logging.getLogger("simulator.workshop")

#: What the progress line says while each action runs.
_DOING = {
    "clock": "Moving every clock",
    "checkpoint": "Saving the checkpoint",
    "restore": "Restoring",
    "reset": "Resetting",
}


@dataclass
class RoomJob:
    """One room-wide action; `done` and `current` are written by its threads as it goes (under
    a lock: a checkpoint, restore or reset works on several learners at once, parallel.py; a
    reader on the event loop sees the old value or the new one)."""

    action: str
    total: int
    #: The session that started it (its hash): the one told of the end on its next page.
    owner: str
    done: int = 0
    current: str | None = None
    message: str | None = None
    problem: str | None = None
    finished: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def step(self, name: str) -> None:
        with self._lock:  # `+=` from two threads at once would lose a step
            self.done += 1
            self.current = name

    def as_dict(self) -> dict[str, Any]:
        doing = _DOING.get(self.action, self.action)
        where = f" ({self.current})" if self.current else ""
        return {
            "action": self.action,
            "done": self.done,
            "total": self.total,
            "current": self.current,
            "finished": self.finished,
            "message": self.message,
            "problem": self.problem,
            "text": self.problem or self.message or f"{doing}: {self.done} of {self.total}{where}…",
        }


class RoomJobs:
    """The view's one room-wide action at a time (see the module docstring)."""

    def __init__(self) -> None:
        self.last: RoomJob | None = None

    @property
    def running(self) -> RoomJob | None:
        return self.last if self.last is not None and not self.last.finished else None

    def start(
        self,
        action: str,
        total: int,
        owner: str,
        run: Callable[[Step], Done],
        finish: Callable[[RoomJob, Done | None], Awaitable[None]],
    ) -> RoomJob:
        """Run `run(step)` on a thread; `finish(job, done)` then runs on the event loop (done
        is None when the action failed: `job.problem` says why)."""
        job = RoomJob(action, total, owner)

        async def go() -> None:
            done: Done | None = None
            try:
                done = await asyncio.to_thread(run, job.step)
                job.message = done.message
            except (SimulatorError, ValueError) as error:  # `finish` words it (no file path)
                job.problem = str(error)
            except Exception:
                logger.exception("The room-wide %s failed", action)
                job.problem = (
                    f"The {action} stopped after {job.done} of {total}: see the server's log."
                )
            try:
                await finish(job, done)
            finally:
                job.finished = True

        job.task = asyncio.create_task(go())
        self.last = job
        return job
