"""Sandbox identifications: the Testing API records the outcome of a user's identity
check, which sets the user's identification levels.

Each level given `Valid` is added to the user's levels; `Invalid`, `Expired` or `Canceled`
removes it; the other statuses (a check still running) leave it as it is.

```python
created = create(env, project_id, user_id, "Expert", {"expert": "Valid"}, None)
update(env, project_id, created["id"], "Expert", {"expert": "Invalid"}, ["ExpiredDocument"])
```
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ...storage import Database, insert_row, rows_where, update_row
from ...storage.rows import SandboxIdentificationChanges, SandboxIdentificationNew
from ..kernel.context import Environment
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate
from ..kernel.rejections import Rejected, rejection

__all__ = ["create", "list_for_user", "update"]

#: Each input level and the user's identification level it sets.
_LEVELS = {"expert": "Expert", "pvid": "PVID", "qes": "QES"}
_GRANTING = ("Valid",)
_REVOKING = ("Invalid", "Expired", "Canceled")


def _check(process: str, levels: Mapping[str, str | None], reasons: Sequence[str] | None) -> None:
    given = {key: status for key, status in levels.items() if status is not None}
    if process.lower() not in given:
        message = f"The {process} process needs the status of its own level ({process.lower()})."
        raise Rejected(rejection("InvalidIdentificationLevelsRejection", message))
    invalid = any(status == "Invalid" for status in given.values())
    if reasons and not invalid:
        message = "Error reasons go with a level whose status is Invalid."
        raise Rejected(rejection("InvalidIdentificationErrorReasonsRejection", message))


def _apply(env: Environment, db: Database, user_id: str, levels: Mapping[str, str | None]) -> None:
    (stored,) = db.execute(
        "SELECT identification_levels FROM users WHERE id = ?", [user_id]
    ).fetchone()
    current = list(json.loads(stored))
    for key, status in levels.items():
        level = _LEVELS[key]
        if status in _GRANTING and level not in current:
            current.append(level)
        elif status in _REVOKING and level in current:
            current.remove(level)
    update_row(
        db,
        "users",
        user_id,
        {"identification_levels": json.dumps(current), "updated_at": env.now()},
    )


def create(
    env: Environment,
    project_id: str,
    user_id: str,
    process: str,
    levels: Mapping[str, str | None],
    reasons: Sequence[str] | None,
) -> SandboxIdentificationNew:
    """Record an identification of a Sandbox user of the project (event `User.Updated`)."""
    with env.store.atomic() as db:
        owned = db.execute(
            "SELECT 1 FROM users WHERE id = ? AND project_id = ? AND deleted_at IS NULL",
            [user_id, project_id],
        ).fetchone()
        if owned is None:
            message = f"No Sandbox user {user_id}."
            raise Rejected(rejection("UserNotFoundRejection", message, id=user_id))
        _check(process, levels, reasons)
        now = env.now()
        row: SandboxIdentificationNew = {
            "id": env.new_id(db, "identification"),
            "project_id": project_id,
            "user_id": user_id,
            "process": process,
            "levels": json.dumps(dict(levels), sort_keys=True),
            "error_reasons": json.dumps(list(reasons or [])),
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "sandbox_identifications", row)
        _apply(env, db, user_id, levels)
        emit(env, db, "User.Updated", project_id=project_id, resource_id=user_id)
        return row


def update(
    env: Environment,
    project_id: str,
    identification_id: str,
    process: str,
    levels: Mapping[str, str | None],
    reasons: Sequence[str] | None,
) -> dict[str, Any]:
    """Change an identification's outcome (the user's levels follow; event `User.Updated`)."""
    with env.store.atomic() as db:
        rows = list(
            rows_where(
                db,
                "sandbox_identifications",
                "id = ? AND project_id = ?",
                [identification_id, project_id],
            )
        )
        if not rows:
            message = f"No Sandbox identification {identification_id}."
            raise Rejected(rejection("SandboxIdentificationNotFoundRejection", message))
        _check(process, levels, reasons)
        changes: SandboxIdentificationChanges = {
            "process": process,
            "levels": json.dumps(dict(levels), sort_keys=True),
            "error_reasons": json.dumps(list(reasons or [])),
            "updated_at": env.now(),
        }
        update_row(db, "sandbox_identifications", identification_id, changes)
        _apply(env, db, rows[0]["user_id"], levels)
        emit(env, db, "User.Updated", project_id=project_id, resource_id=rows[0]["user_id"])
        return {**rows[0], **changes}


#: `IdentificationLevel` names and the keys of a recorded identification's levels.
_LEVEL_KEYS = {level: key for key, level in _LEVELS.items()}


def list_for_user(
    env: Environment,
    project_id: str,
    user_id: str,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: Mapping[str, Any] | None = None,
    order_field: str = "created_at",
    descending: bool = False,
) -> Connection:
    """The identifications recorded for a user in one project. Filters: `levels` (those that
    record a status for each level named), `processes`, `statuses` (of the process's own
    level)."""
    where = "project_id = ? AND user_id = ?"
    params: list[Any] = [project_id, user_id]
    wanted = filters or {}
    for level in wanted.get("levels") or ():
        # The key is one of three constants, never text from the request.
        where += f" AND json_extract(levels, '$.{_LEVEL_KEYS[level]}') IS NOT NULL"
    processes = list(wanted.get("processes") or ())
    if processes:
        where += f" AND process IN ({', '.join('?' for _ in processes)})"
        params += processes
    statuses = list(wanted.get("statuses") or ())
    if statuses:
        where += (
            " AND json_extract(levels, '$.' || lower(process))"
            f" IN ({', '.join('?' for _ in statuses)})"
        )
        params += statuses
    return paginate(
        env.store.db,
        "sandbox_identifications",
        where,
        params,
        first=first,
        after=after,
        order=(order_field, "id"),
        descending=descending,
    )
