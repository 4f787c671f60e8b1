"""Sandbox identifications: the Testing API's stand-in for a user's identity verification
(`createSandboxIdentification`, `updateSandboxIdentification`).

An identification runs one process (`Expert`, `PVID` or `QES`) and says where each level
stands (`expert`, `pvid`, `qes`: `Valid`, `Invalid`, `Pending`, ...). A level `Valid` verifies
the user at that level (the user's `identificationLevels`), as the authorization pages'
simulated verification does; the simulator never takes a verification back. `PVID` is
recorded but verifies nothing: the simulated users know `Expert` and `QES` only.

Rejections: `InvalidIdentificationLevelsRejection` when the process's own level is not
given; `InvalidIdentificationErrorReasonsRejection` when error reasons come without an
`Invalid` level or an `Invalid` level without them; `UserNotFoundRejection` for a user of
another project (or none); `SandboxIdentificationNotFoundRejection` likewise.
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from ..exceptions import NotFound
from ..storage import get_row, insert_row, update_row
from .context import Environment
from .events import emit
from .rejections import Rejected, rejection
from .users import IDENTIFICATION_LEVELS, project_user

__all__ = ["create_identification", "update_identification"]

#: The level each process verifies, by its key in `levels`.
PROCESS_LEVELS = {"Expert": "expert", "PVID": "pvid", "QES": "qes"}


def _checked(process: str, levels: dict[str, Any], reasons: list[str]) -> str:
    """The identification's status (its process's level), once the input holds together."""
    given = {key: value for key, value in levels.items() if value is not None}
    own = PROCESS_LEVELS[process]
    if own not in given:
        raise Rejected(
            rejection(
                "InvalidIdentificationLevelsRejection",
                f"An {process} identification gives the status of its own level ({own}).",
            )
        )
    invalid = [key for key, value in given.items() if value == "Invalid"]
    if bool(invalid) != bool(reasons):
        message = (
            f"An Invalid level ({', '.join(invalid)}) needs errorReasons."
            if invalid
            else "errorReasons go with an Invalid level."
        )
        raise Rejected(rejection("InvalidIdentificationErrorReasonsRejection", message))
    return str(given[own])


def _verify_user(
    env: Environment,
    db: sqlite_utils.Database,
    project_id: str,
    user_id: str,
    levels: dict[str, Any],
) -> None:
    """Add each `Valid` level the simulated users know to the user's verified levels."""
    user = get_row(db, "users", user_id)
    known: list[str] = json.loads(user["identification_levels"] or "[]")
    valid = [
        level
        for level in IDENTIFICATION_LEVELS
        if levels.get(level.lower()) == "Valid" and level not in known
    ]
    if valid:
        update_row(
            db,
            "users",
            user_id,
            {"identification_levels": json.dumps([*known, *valid]), "updated_at": env.now()},
        )
        emit(env, db, "User.Updated", project_id=project_id, resource_id=user_id)


def create_identification(
    env: Environment,
    project_id: str,
    user_id: str,
    process: str,
    levels: dict[str, Any],
    reasons: list[str],
) -> dict[str, Any]:
    try:
        project_user(env, project_id, user_id)
    except NotFound:
        message = f"No Sandbox user {user_id} in this project."
        raise Rejected(
            rejection("UserNotFoundRejection", message, id=user_id, user_id=user_id)
        ) from None
    status = _checked(process, levels, reasons)
    with env.store.atomic() as db:
        now = env.now()
        row = {
            "id": env.new_id(db, "sandbox_identification"),
            "project_id": project_id,
            "user_id": user_id,
            "process": process,
            "levels": json.dumps(levels, sort_keys=True),
            "error_reasons": json.dumps(reasons),
            "status": status,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(db, "sandbox_identifications", row)
        _verify_user(env, db, project_id, user_id, levels)
        return row


def update_identification(
    env: Environment,
    project_id: str,
    identification_id: str,
    process: str,
    levels: dict[str, Any],
    reasons: list[str],
) -> dict[str, Any]:
    status = _checked(process, levels, reasons)
    with env.store.atomic() as db:
        rows = list(
            db["sandbox_identifications"].rows_where(
                "id = ? AND project_id = ?", [identification_id, project_id]
            )
        )
        if not rows:
            raise Rejected(
                rejection(
                    "SandboxIdentificationNotFoundRejection",
                    f"No sandbox identification {identification_id} in this project.",
                )
            )
        changes = {
            "process": process,
            "levels": json.dumps(levels, sort_keys=True),
            "error_reasons": json.dumps(reasons),
            "status": status,
            "updated_at": env.now(),
        }
        update_row(db, "sandbox_identifications", identification_id, changes)
        _verify_user(env, db, project_id, rows[0]["user_id"], levels)
        return {**rows[0], **changes}
