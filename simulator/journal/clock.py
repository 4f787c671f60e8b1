"""`sim.clock`: the simulator's clock, with each move made through it journaled.

The parts of the simulator (scheduler, Testing API, command line, dashboard) move the clock
through their own `Clock` object on the same `clock.json`; their moves are journaled as what
caused them (a request, a command, `sim.advance`). Code that moves `sim.clock` directly
(`sim.clock.set(...)`, `freeze()`, `resume()`, `advance(...)`) goes through this subclass,
which journals each move as a `clock` entry (`python:clock.set`, ...) that a report replays.
Both objects read and change one file under one lock, so they never disagree.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from ..clock import Clock, format_timestamp
from ..domain.context import Environment
from .record import record_call

__all__ = ["JournaledClock"]


class JournaledClock(Clock):
    """A `Clock` journaling its moves in `environment`'s journal (module docstring)."""

    environment: Environment | None = None

    @classmethod
    def beside(cls, data_dir: Path, environment: Environment) -> JournaledClock:
        """The journaled clock of a data dir whose clock already exists."""
        clock = cls.open(data_dir)
        assert isinstance(clock, JournaledClock)
        clock.environment = environment
        return clock

    def _journal(self, name: str, arguments: dict[str, str], moved: datetime) -> None:
        if self.environment is not None:
            now = format_timestamp(moved)
            record_call(self.environment, "clock", f"clock.{name}", arguments, {"now": now},
                        virtual_time=now)  # fmt: skip

    def advance(self, duration: str | float | int | timedelta) -> datetime:
        moved = super().advance(duration)
        self._journal("advance", {"duration": str(duration)}, moved)
        return moved

    def set(self, moment: str | datetime) -> datetime:
        moved = super().set(moment)
        text = moment if isinstance(moment, str) else format_timestamp(moment)
        self._journal("set", {"to": text}, moved)
        return moved

    def freeze(self) -> datetime:
        moved = super().freeze()
        self._journal("freeze", {}, moved)
        return moved

    def resume(self) -> datetime:
        moved = super().resume()
        self._journal("resume", {}, moved)
        return moved
