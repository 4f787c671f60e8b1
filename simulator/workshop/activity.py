"""What each learner did last, as the server saw it: requests, last activity, last error.

The workshop app notes every answer a space sends (`Activity.recorder`); the instructor
view reads it live, and it is written to `activity.json` in each space every few seconds
(and when the server stops), so `workshop progress` run beside the server sees it too.
Times are the learner's virtual clock (the simulator reads no real time), plus, in the
server's own view, how many real seconds ago (`clock.monotonic`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from starlette.types import Scope

from ..browser.addresses import STATIC_PREFIX
from ..clock import monotonic
from ..storage.private import write_private_text
from .spaces import Workshop

__all__ = ["ACTIVITY_FILE", "Activity", "LearnerActivity", "clear_last_error", "read_activity"]

ACTIVITY_FILE = "activity.json"
_FLUSH_SECONDS = 5.0
_MESSAGE = re.compile(rb'"(?:message|error_description)"\s*:\s*"((?:[^"\\]|\\.){0,300})"')


@dataclass
class LearnerActivity:
    requests: int = 0
    errors: int = 0
    last_at: str | None = None
    last_path: str | None = None
    last_error: dict[str, Any] | None = None
    #: Whether the last request got an error (one of what makes a learner "stuck").
    last_failed: bool = False
    #: Real seconds (`clock.monotonic`) of the last request; not written to the file.
    seen: float | None = field(default=None, compare=False)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["seen"]
        return data


def error_message(status: int, head: bytes) -> str | None:
    """The error an answer carries (a 4xx or 5xx, or GraphQL `errors`), else None."""
    if status < 400 and b'"errors"' not in head:
        return None
    found = _MESSAGE.search(head)
    if found is None:
        return f"HTTP {status}"
    try:
        text = json.loads(b'"' + found.group(1) + b'"')
    except ValueError:
        text = found.group(1).decode("utf-8", "replace")
    return str(text)


def _ignored(status: int, head: bytes) -> None:
    """The note of a request that is not counted."""


def clear_last_error(room: Workshop, name: str) -> None:
    """The file's last error removed (`workshop reset` beside no server)."""
    entry = read_activity(room, name)
    if entry.last_error is not None:
        entry.last_error, entry.last_failed = None, False
        write_private_text(
            room.space_dir(name) / ACTIVITY_FILE, json.dumps(entry.as_dict(), indent=2)
        )


def read_activity(room: Workshop, name: str) -> LearnerActivity:
    """What the last server wrote for `name` (empty when nothing yet)."""
    path = room.space_dir(name) / ACTIVITY_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LearnerActivity(**data)
    except (OSError, ValueError, TypeError):
        return LearnerActivity()


class Activity:
    """Every served learner's `LearnerActivity`, kept by one event loop (no lock needed:
    the workshop app notes answers on the loop, and the instructor view reads there)."""

    def __init__(self, room: Workshop) -> None:
        self.room = room
        self.learners: dict[str, LearnerActivity] = {}
        self._dirty: set[str] = set()

    def of(self, name: str) -> LearnerActivity:
        if name not in self.learners:
            self.learners[name] = read_activity(self.room, name)
        return self.learners[name]

    def recorder(self, name: str, scope: Scope) -> Callable[[int, bytes], None]:
        """What notes the answer to one request of `name`'s (`scope`). The pages' styles,
        scripts and icon are not the learner's requests: left out of the counts."""
        raw = scope.get("raw_path")
        path = raw.decode("latin-1") if isinstance(raw, bytes) else str(scope.get("path"))
        inner = path.split("?", 1)[0].removeprefix(f"/w/{name}")
        if inner.startswith(STATIC_PREFIX + "/") or inner == "/favicon.ico":
            return _ignored

        def note(status: int, head: bytes) -> None:
            entry = self.of(name)
            entry.requests += 1
            entry.last_at = self.room.learner(name).clock.timestamp()
            entry.last_path = path
            entry.seen = monotonic()
            message = error_message(status, head)
            entry.last_failed = message is not None
            if message is not None:
                entry.errors += 1
                entry.last_error = {
                    "status": status,
                    "path": path,
                    "message": message,
                    "at": entry.last_at,
                }
            self._dirty.add(name)

        return note

    def clear_error(self, name: str) -> None:
        """After a reset: the last error was the old space's."""
        entry = self.of(name)
        entry.last_error = None
        entry.last_failed = False
        self._dirty.add(name)

    def flush(self) -> None:
        self._write(self._take_dirty())

    def _take_dirty(self) -> dict[str, str]:
        """The texts to write (taken on the loop, so no note is half-seen)."""
        dirty, self._dirty = self._dirty, set()
        return {name: json.dumps(self.learners[name].as_dict(), indent=2) for name in dirty}

    def _write(self, texts: dict[str, str]) -> None:
        for name, text in texts.items():
            write_private_text(self.room.space_dir(name) / ACTIVITY_FILE, text)

    @contextlib.asynccontextmanager
    async def flushing(self) -> AsyncIterator[None]:
        """Write what changed every few seconds while the server runs, and at its end."""

        async def loop() -> None:
            while True:
                await asyncio.sleep(_FLUSH_SECONDS)
                # Off the loop: replacing a file's content can wait on the disk for
                # milliseconds, and a room has a hundred of them.
                await asyncio.to_thread(self._write, self._take_dirty())

        task = asyncio.create_task(loop())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            self.flush()
