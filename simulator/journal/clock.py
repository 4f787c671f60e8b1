"""`sim.clock`: the simulator's clock, with each move made through it journaled; and the
dashboard's clock moves (`dashboard_move`), journaled too.

The parts of the simulator (scheduler, Testing API, command line) move the clock through
their own `Clock` object on the same `clock.json`; their moves are journaled as what caused
them (a request, a command, `sim.advance`). Code that moves `sim.clock` directly
(`sim.clock.set(...)`, `freeze()`, `resume()`, `advance(...)`) goes through this subclass,
which journals each move as a `clock` entry (`python:clock.set`, ...) that a report replays.
Both objects read and change one file under one lock, so they never disagree. Dashboard
pages are not journaled as requests, so the clock page's moves are journaled as
`dashboard:dashboard.advance` (etc.) entries by `dashboard_move`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from ..clock import Clock, check_instant, format_timestamp, later, parse_timestamp
from ..domain.kernel.context import Environment
from ..exceptions import InvalidTimestamp
from ..scheduler import Scheduler
from .record import record_call

__all__ = ["JournaledClock", "dashboard_move"]


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
        # Held and pinned: a running clock moves by `duration` exactly, and the entry is
        # journaled before any server on the data dir catches up with the move.
        with self.held(), self.pinned(self.now()):
            moved = super().advance(duration)
            self._journal("advance", {"duration": str(duration)}, moved)
        return self.now()

    def set(self, moment: str | datetime) -> datetime:
        with self.held(), self.pinned(self.now()):
            moved = super().set(moment)
            text = moment if isinstance(moment, str) else format_timestamp(moment)
            self._journal("set", {"to": text}, moved)
        return self.now()

    def freeze(self) -> datetime:
        with self.held(), self.pinned(self.now()):
            moved = super().freeze()
            self._journal("freeze", {}, moved)
        return moved

    def resume(self) -> datetime:
        with self.held(), self.pinned(self.now()):
            moved = super().resume()
            self._journal("resume", {}, moved)
        return self.now()


def dashboard_move(env: Environment, scheduler: Scheduler, action: str, value: str = "") -> None:
    """A clock move from the dashboard's clock page (`advance` by `value`, `set` to `value`,
    `freeze`, `resume`), journaled in `env`'s journal as a `dashboard` clock entry; a report
    replays it through this function too. Advancing and setting fire due work on the way,
    journaled after the move (whose entry is stamped where it takes the clock)."""
    name = f"dashboard.{action}"
    if action in ("advance", "set"):
        # The target from the time read under the clock's lock (Scheduler.advance).
        scheduler.settle()
        with scheduler.moving():
            now = env.clock.now()
            target = (
                later(now, value) if action == "advance" else check_instant(parse_timestamp(value))
            )
            if target < now:
                raise InvalidTimestamp(
                    f"The clock only moves forward: {format_timestamp(target)} is before "
                    f"{format_timestamp(now)}."
                )
            stamp = format_timestamp(target)
            key = "duration" if action == "advance" else "to"
            record_call(env, "clock", name, {key: value}, {"now": stamp}, origin="dashboard",
                        virtual_time=stamp)  # fmt: skip
            scheduler.run_until(target)
        return
    if action == "freeze":
        moved = env.clock.freeze()
    elif action == "resume":
        moved = env.clock.resume()
    else:
        raise ValueError(f"Unknown clock action {action!r}.")
    stamp = format_timestamp(moved)
    record_call(env, "clock", name, {}, {"now": stamp}, origin="dashboard", virtual_time=stamp)
