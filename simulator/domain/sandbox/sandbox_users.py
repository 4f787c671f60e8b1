"""Sandbox users as the Testing API manages them: create, replace, delete, endorse, list.

A Sandbox user is a `users` row of the calling project (see `users.project_user`) with the
identity the real service's `createSandboxUser` asks for: names, birth date, nationality.
The simulator also needs a phone number to sign the user in on the authorization pages:
given, or a free one is chosen (`+33750000001`, `+33750000002`, ...).

```python
user = create(env, project_id, {"first_name": "Ada", "last_name": "Lovelace",
                                "birth_date": "1990-04-21", "nationality_cca3": "FRA",
                                "auto_consent": True})
endorse(env, project_id, user["id"])  # the project's current Sandbox user
```
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...environments import EnvironmentName
from ...exceptions import ConfigurationError
from ...storage import Database, rows_where, update_columns, update_row
from ...storage.rows import UserRow
from ..kernel.context import Environment
from ..kernel.countries import is_country
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate
from ..kernel.rejections import Rejected, rejection
from ..users.users import IDENTIFICATION_LEVELS, create_user, validate_birth_date

__all__ = [
    "SANDBOX_USER_FIELDS",
    "create",
    "current",
    "delete",
    "endorse",
    "find",
    "page",
    "replace",
]

#: The identity `create` and `replace` take (snake_case input keys).
SANDBOX_USER_FIELDS = (
    "first_name",
    "last_name",
    "birth_date",
    "nationality_cca3",
    "birth_country_cca3",
    "all_first_names",
    "auto_consent",
    "identification_levels",
)
_ALIVE = "project_id = ? AND deleted_at IS NULL"


def _not_found(user_id: str) -> Rejected:
    return Rejected(
        rejection("SandboxUserNotFoundRejection", f"No Sandbox user {user_id}.", user_id=user_id)
    )


def _check(identity: Mapping[str, Any]) -> dict[str, Any]:
    """The stored columns of an identity; a country that does not exist is a
    `NationalityNotFoundRejection`, a birth date that is no calendar date a
    `ConfigurationError` (the Testing API's `ValidationRejection`)."""
    for key in ("nationality_cca3", "birth_country_cca3"):
        code = identity.get(key)
        if code is not None and not is_country(code):
            message = f"No country {code!r}: use an ISO 3166-1 alpha-3 code such as FRA."
            raise Rejected(rejection("NationalityNotFoundRejection", message, identifier=code))
    for key in ("first_name", "last_name"):
        if not str(identity.get(key) or "").strip():
            raise ConfigurationError(f"{key.replace('_', ' ').capitalize()} is empty.")
    levels = list(identity.get("identification_levels") or [])
    unknown = [level for level in levels if level not in IDENTIFICATION_LEVELS]
    if unknown:
        raise ConfigurationError(f"Unknown identification level(s): {', '.join(unknown)}.")
    names = identity.get("all_first_names")
    return {
        "first_name": identity["first_name"],
        "last_name": identity["last_name"],
        "birth_date": validate_birth_date(identity["birth_date"]),
        "nationality_cca3": identity["nationality_cca3"],
        "birth_country_cca3": identity.get("birth_country_cca3"),
        "all_first_names": None if names is None else json.dumps(list(names)),
        "auto_consent": int(bool(identity["auto_consent"])),
    }


def _free_phone_number(db: Database) -> str:
    """The first unused number of the simulator's own range: deterministic, never random."""
    (count,) = db.execute("SELECT count(*) FROM users").fetchone()
    number = int(count) + 1
    while db.execute("SELECT 1 FROM users WHERE phone_number = ?", [_phone(number)]).fetchone():
        number += 1
    return _phone(number)


def _phone(number: int) -> str:
    return f"+3375{number:07d}"


def _sandbox_only(env: Environment) -> None:
    if env.name is not EnvironmentName.SANDBOX:
        raise ConfigurationError("Sandbox users exist in the Sandbox only.")


def create(
    env: Environment, project_id: str, identity: Mapping[str, Any], phone_number: str | None
) -> dict[str, Any]:
    """A new Sandbox user of the project (event `User.Joined`)."""
    _sandbox_only(env)
    columns = _check(identity)
    with env.store.atomic() as db:
        user = create_user(
            env,
            phone_number or _free_phone_number(db),
            identification_levels=identity.get("identification_levels"),
            project_id=project_id,
        )
        update_columns(db, "users", user["id"], columns)
        emit(env, db, "User.Joined", project_id=project_id, resource_id=user["id"])
        return _alive(db, project_id, user["id"])


def replace(
    env: Environment, project_id: str, user_id: str, identity: Mapping[str, Any]
) -> dict[str, Any]:
    """Replace the identity of a Sandbox user of the project (event `User.Updated`);
    identification levels left out stay as they are."""
    columns = _check(identity)
    if identity.get("identification_levels") is not None:
        columns["identification_levels"] = json.dumps(list(identity["identification_levels"]))
    with env.store.atomic() as db:
        _alive(db, project_id, user_id)
        update_columns(db, "users", user_id, {**columns, "updated_at": env.now()})
        emit(env, db, "User.Updated", project_id=project_id, resource_id=user_id)
        return _alive(db, project_id, user_id)


def delete(env: Environment, project_id: str, user_id: str) -> None:
    """Delete a Sandbox user of the project, unless it is the project's last one.

    The row stays (memberships and consents still name it) but loses its phone number, so
    nobody signs in as it any more and the number is free again; its sessions are revoked.
    """
    with env.store.atomic() as db:
        _alive(db, project_id, user_id)
        (alive,) = db.execute(f"SELECT count(*) FROM users WHERE {_ALIVE}", [project_id]).fetchone()
        if alive <= 1:
            message = "The project's last Sandbox user cannot be deleted."
            raise Rejected(
                rejection("LastSandboxUserCannotBeDeletedRejection", message, user_id=user_id)
            )
        now = env.now()
        update_row(
            db,
            "users",
            user_id,
            {"deleted_at": now, "updated_at": now, "phone_number": f"deleted:{user_id}"},
        )
        # Its sessions end, as `oauth.grants.revoke_family` ends one.
        db.execute(
            "UPDATE tokens SET revoked_at = ?1 WHERE revoked_at IS NULL AND family_id IN "
            "(SELECT id FROM token_families WHERE user_id = ?2 AND revoked_at IS NULL)",
            [now, user_id],
        )
        db.execute(
            "UPDATE token_families SET revoked_at = ?, revoked_reason = ? "
            "WHERE user_id = ? AND revoked_at IS NULL",
            [now, "user deleted", user_id],
        )
        db.execute(
            "DELETE FROM sandbox_user_endorsements WHERE project_id = ? AND user_id = ?",
            [project_id, user_id],
        )


def endorse(env: Environment, project_id: str, user_id: str) -> dict[str, Any]:
    """Make the user the project's current Sandbox user (what `current` answers)."""
    with env.store.atomic() as db:
        user = _alive(db, project_id, user_id)
        db.execute(
            "INSERT INTO sandbox_user_endorsements (project_id, user_id, endorsed_at) "
            "VALUES (?, ?, ?) ON CONFLICT (project_id) DO UPDATE "
            "SET user_id = excluded.user_id, endorsed_at = excluded.endorsed_at",
            [project_id, user_id, env.now()],
        )
        return user


def current(env: Environment, project_id: str) -> dict[str, Any] | None:
    """The endorsed user, else the project's oldest Sandbox user (the first made, among
    those of one instant), else None."""
    db = env.store.db
    found = db.execute(
        "SELECT user_id FROM sandbox_user_endorsements WHERE project_id = ?", [project_id]
    ).fetchone()
    if found is not None:
        return _alive(db, project_id, found[0])
    # Ids come from a per-file secret: rowid, the order of insertion, is the same every run.
    rows = list(
        rows_where(db, "users", _ALIVE, [project_id], order_by="created_at, rowid", limit=1)
    )
    return _decode(rows[0]) if rows else None


def find(env: Environment, project_id: str, user_id: str) -> dict[str, Any] | None:
    try:
        return _alive(env.store.db, project_id, user_id)
    except Rejected:
        return None


def page(
    env: Environment,
    project_id: str,
    *,
    first: int,
    after: str | None,
    order_by: Mapping[str, Any] | None = None,
) -> Connection:
    """The project's Sandbox users, oldest first unless `order_by` says otherwise."""
    order_by = order_by or {}
    column = "updated_at" if order_by.get("field") == "updatedAt" else "created_at"
    return paginate(
        env.store.db,
        "users",
        _ALIVE,
        [project_id],
        first=first,
        after=after,
        order=(column, "id"),
        descending=order_by.get("direction") == "Desc",
    )


def _alive(db: Database, project_id: str, user_id: str) -> dict[str, Any]:
    rows = list(rows_where(db, "users", f"id = ? AND {_ALIVE}", [user_id, project_id]))
    if not rows:
        raise _not_found(user_id)
    return _decode(rows[0])


def _decode(row: UserRow) -> dict[str, Any]:
    user: dict[str, Any] = dict(row)
    user["identification_levels"] = json.loads(user["identification_levels"])
    user["auto_consent"] = bool(user["auto_consent"])
    if user.get("all_first_names") is not None:
        user["all_first_names"] = json.loads(user["all_first_names"])
    return user
