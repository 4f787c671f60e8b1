"""Tables of the partner dashboard: one-time sign-in links and sessions (hashes only)."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ._schema import Table, Unique, apply

migrations = Migrations("dashboard")

DASHBOARD_TABLES = (
    Table(
        "dashboard_links",
        {
            "id": str,
            "secret_hash": str,  # SHA-256 of the link's token
            "created_at": str,
            "expires_at": str,
            "used_at": str,  # set on first use: a link signs in once
        },
        pk="id",
        not_null={"secret_hash", "created_at", "expires_at"},
        indexes=[Unique(("secret_hash",))],
    ),
    Table(
        "dashboard_sessions",
        {
            "id": str,
            "secret_hash": str,  # SHA-256 of the cookie value
            "csrf_token": str,
            "created_at": str,
            "last_seen_at": str,
            "expires_at": str,  # 72 h of the virtual clock after the last call
        },
        pk="id",
        not_null={"secret_hash", "csrf_token", "created_at", "last_seen_at", "expires_at"},
        indexes=[Unique(("secret_hash",))],
    ),
)


@migrations()
def m001_dashboard(db: sqlite_utils.Database) -> None:
    apply(db, *DASHBOARD_TABLES)
