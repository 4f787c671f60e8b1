"""Idempotency keys: a retried request returns the original outcome instead of acting twice.

The rules (those of the real service, see docs/banking.md):

- a key is scoped to one project and one mutation, and lives `KEY_LIFETIME` (24 h of
  virtual time) from its first successful use;
- the same key with the same request returns the original resource (in its current state),
  without creating anything;
- the same key with a different request is an `IdempotencyConflictRejection`;
- a rejected request stores nothing (its transaction rolled back), so the same key can be
  retried once the cause is fixed.

Two requests are the same when their canonical JSON (normalized amounts and IBANs, the
key itself left out) has the same SHA-256.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...storage import Database, insert_row
from .context import Environment
from .rejections import Rejected, idempotency_conflict

__all__ = ["KEY_LIFETIME", "fingerprint", "recall", "remember"]

KEY_LIFETIME = timedelta(hours=24)


def fingerprint(request: Any) -> str:
    """The SHA-256 of a request's canonical JSON."""
    text = json.dumps(request, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def recall(
    env: Environment,
    db: Database,
    *,
    project_id: str,
    operation: str,
    key: str,
    request_hash: str,
) -> str | None:
    """The resource id a live key produced for this same request; None for a new (or
    expired) key; `IdempotencyConflictRejection` for a different request."""
    row = db.execute(
        "SELECT request_hash, resource_id, expires_at FROM idempotency_keys "
        "WHERE project_id = ? AND operation = ? AND key = ?",
        [project_id, operation, key],
    ).fetchone()
    if row is None:
        return None
    stored_hash, resource_id, expires_at = row
    if expires_at <= env.now():
        db.execute(
            "DELETE FROM idempotency_keys WHERE project_id = ? AND operation = ? AND key = ?",
            [project_id, operation, key],
        )
        return None
    if stored_hash != request_hash:
        raise Rejected(idempotency_conflict(key))
    return str(resource_id)


def remember(
    env: Environment,
    db: Database,
    *,
    project_id: str,
    operation: str,
    key: str,
    request_hash: str,
    resource_id: str,
) -> None:
    now = env.now()
    insert_row(
        db,
        "idempotency_keys",
        {
            "project_id": project_id,
            "operation": operation,
            "key": key,
            "request_hash": request_hash,
            "resource_id": resource_id,
            "created_at": now,
            "expires_at": format_timestamp(parse_timestamp(now) + KEY_LIFETIME),
        },
        replace=True,
    )
