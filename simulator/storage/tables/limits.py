"""Tables of the limits: a project's own request rate limit (the "support request")."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, apply

migrations = Migrations("limits")

#: The table of `m001_project_rate_limits`.
PROJECT_RATE_LIMITS = Table(
    "project_rate_limits",
    {
        "project_id": str,
        "requests": int,  # per window, per client IP and endpoint
        "updated_at": str,
    },
    pk="project_id",
    not_null={"requests", "updated_at"},
    foreign_keys=[("project_id", "projects", "id")],
)


@migrations()
def m001_project_rate_limits(db: sqlite_utils.Database) -> None:
    apply(db, PROJECT_RATE_LIMITS)
