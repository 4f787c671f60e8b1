"""Tables of exports: a CSV file of a project's resources, made on the virtual clock."""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .._schema import Table, apply

migrations = Migrations("exports")


@migrations()
def m001_exports(db: sqlite_utils.Database) -> None:
    apply(
        db,
        Table(
            "exports",
            {
                "id": str,
                "project_id": str,
                "type": str,  # ExportType
                "filters": str,  # JSON, as asked
                "email": str,  # where the real service would mail the link
                "status": str,  # Running | Completed | Expired | Failed
                "ready_at": str,  # when the file is made (Running until then)
                "expires_at": str,  # when the file is deleted (Expired)
                "content": str,  # the CSV file, once made; NULL once deleted
                "rows": int,
                "download_token": str,  # SHA-256 of the secret part of the current download link
                "download_expires_at": str,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null=("project_id", "type", "status", "created_at", "updated_at"),
            foreign_keys=[("project_id", "projects", "id")],
            indexes=[
                ("project_id", "created_at", "id"),
                ("download_token",),
                ("status", "ready_at"),
            ],
        ),
    )
