"""The event journal: one row per state change, written in the change's own transaction."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

migrations = Migrations("events")


@migrations()
def m001_events(db: sqlite_utils.Database) -> None:
    db["events"].create(
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
    )
    db["events"].create_index(["project_id", "sequence"])
    db["events"].create_index(["sequence"], unique=True)
