"""The thread that writes a simulator's journal (`queue.py` says why it exists).

Owned by the `Simulator`, started with it, stopped by its `close()` before the stores close:
`close` stops the thread, then writes whatever still waits.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .queue import JournalQueue
from .record import drain

if TYPE_CHECKING:
    from ..domain.kernel.context import Environment
    from ..environments import EnvironmentName

__all__ = ["JournalWriter"]

logger = logging.getLogger("simulator.journal")


class JournalWriter:
    """Writes the entries `queue` receives, environment by environment, as they come."""

    def __init__(
        self, queue: JournalQueue, environments: Mapping[EnvironmentName, Environment]
    ) -> None:
        self.queue = queue
        self.environments = environments
        self._thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (name := self.queue.next_waiting()) is not None:
            env = self.environments[name]
            try:
                drain(env)
            except Exception:  # the journal never stops the simulator; its failure is logged
                dropped = self.queue.discard(name)
                logger.exception("The journal could not write %d %s entries", dropped, name.value)

    def close(self) -> None:
        """Stop the thread, then write what still waits (before the stores close)."""
        self.queue.close()
        self._thread.join()
        for env in self.environments.values():
            drain(env)
