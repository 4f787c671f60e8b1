"""The event journal: one row per state change, written in the change's own transaction."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, Unique, apply

migrations = Migrations("events")

#: The table of `m001_events`.
EVENTS = Table(
    "events",
    {
        "id": str,
        "project_id": str,
        "event_type": str,  # Resource.Verb, e.g. Account.Created
        "resource_id": str,
        "event_date": str,
        "sequence": int,  # order of emission within the file
    },
    pk="id",
    not_null={"project_id", "event_type", "resource_id", "event_date", "sequence"},
    indexes=[("project_id", "sequence"), Unique(("sequence",))],
)


@migrations()
def m001_events(db: sqlite_utils.Database) -> None:
    apply(db, EVENTS)
