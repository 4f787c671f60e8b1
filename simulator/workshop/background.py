"""A workshop served by uvicorn in a background thread, for a notebook or a test.

```python
with BackgroundWorkshop(data_dir) as served:     # a free loopback port
    served.base_url                              # http://127.0.0.1:PORT
    served.room.learner("ada")                   # the spaces, in-process too
```
"""

from __future__ import annotations

import select
import socket
import threading
from collections.abc import Sequence
from pathlib import Path

import uvicorn

from ..server.serving import uvicorn_config
from .instructor import instructor_app
from .serving import WorkshopApp
from .spaces import Workshop

__all__ = ["BackgroundWorkshop"]


def _pause(seconds: float) -> None:
    """Wait real seconds (a relative `select` timeout, as the ticker's: see scheduler.py)."""
    select.select([], [], [], seconds)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class BackgroundWorkshop:
    """`serve` on a workshop data dir, in a thread; leaving the `with` stops and joins it,
    then closes the room."""

    def __init__(self, data_dir: str | Path, learners: Sequence[str] | None = None) -> None:
        self.port = _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.room = Workshop(data_dir, learners=learners, public_url=self.base_url)
        instructor, self.sign_in_link = instructor_app(self.room, self.base_url)
        self.app = WorkshopApp(self.room, instructor=instructor)
        instructor.state.workshop = self.app
        self.server = uvicorn.Server(uvicorn_config(self.app, "127.0.0.1", self.port))
        self.thread = threading.Thread(target=self.server.run, name="workshop-server")

    def __enter__(self) -> BackgroundWorkshop:
        self.thread.start()
        for _ in range(1000):
            if self.server.started or not self.thread.is_alive():
                break
            _pause(0.02)
        if not self.server.started:
            self.__exit__()
            raise RuntimeError("The workshop server did not start.")
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.server.should_exit = True
        self.thread.join()
        self.room.close()
