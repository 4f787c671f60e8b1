"""The handle every domain function takes: one environment's store and the clock."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...clock import Clock
from ...environments import EnvironmentName
from ...storage import Database, Store, new_id, new_token
from .wiring import Wiring

__all__ = ["Environment", "Principal"]


@dataclass(frozen=True)
class Environment:
    """Sandbox or Live: its own SQLite file, read on the simulator's one clock, with the
    plugs of the simulator it belongs to (`wiring`)."""

    name: EnvironmentName
    store: Store
    clock: Clock
    wiring: Wiring = field(default_factory=Wiring, compare=False, repr=False)

    def now(self) -> str:
        """The current virtual time in storage form."""
        return self.clock.timestamp()

    def new_id(self, db: Database, kind: str) -> str:
        """The next id of `kind` in this environment (storage/_ids.py)."""
        return new_id(db, self.name.value, kind)

    def new_token(self, db: Database, kind: str) -> str:
        """A new credential for a URL the API hands out (an upload's, a download's), from
        the file's id secret: unguessable, and the same at a report's replay."""
        return new_token(db, self.name.value, kind)


@dataclass(frozen=True)
class Principal:
    """Who is calling: a project (project token) or a user through a project (user token)."""

    environment: EnvironmentName
    project_id: str
    user_id: str | None = None
    scope: tuple[str, ...] = ()

    @property
    def is_user(self) -> bool:
        return self.user_id is not None
