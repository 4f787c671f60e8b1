"""Stable identifiers: the n-th resource of a kind in an environment always gets the same id.

Identifiers look like the real service's (opaque, UUID-shaped) yet repeat from one run to
the next, so a notebook's output is the same every time it runs.
"""

from __future__ import annotations

import uuid

import sqlite_utils

__all__ = ["new_id", "next_number"]

_NAMESPACE = uuid.UUID("6f1c2a52-5b1e-4d0f-9c43-6a8f0d2e7b11")


def next_number(db: sqlite_utils.Database, kind: str) -> int:
    """Take the next number (1, 2, ...) of the sequence `kind` in this file."""
    row = db.execute(
        "INSERT INTO id_sequences (kind, value) VALUES (?, 1) "
        "ON CONFLICT (kind) DO UPDATE SET value = value + 1 RETURNING value",
        [kind],
    ).fetchone()
    return int(row[0])


def new_id(db: sqlite_utils.Database, environment: str, kind: str) -> str:
    """Take the next number of `kind` in this file and turn it into a UUID-shaped id."""
    return str(uuid.uuid5(_NAMESPACE, f"{environment}/{kind}/{next_number(db, kind)}"))
