"""Users: the people who log in with a phone number and a text-message code."""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from ...exceptions import ConfigurationError, NotFound
from ...storage import Database, get_row, insert_row, rows_where, update_row
from ...storage.rows import UserChanges, UserNew, UserRow
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate

__all__ = [
    "IDENTIFICATION_LEVELS",
    "create_user",
    "find_user_by_phone",
    "get_user",
    "list_users",
    "project_knows_user",
    "project_user",
    "update_user",
    "validate_birth_date",
    "validate_phone_number",
    "visible_user",
]

IDENTIFICATION_LEVELS = ("Expert", "PVID", "QES")
_E164 = re.compile(r"^\+[1-9]\d{6,14}$")


def validate_phone_number(value: str) -> str:
    """A phone number in international (E.164) format, spaces removed: `+33612345678`."""
    number = re.sub(r"[\s.()-]", "", value or "")
    if not _E164.match(number):
        raise ConfigurationError(
            f"Invalid phone number {value!r}: use the international format, such as +33612345678."
        )
    return number


def validate_birth_date(value: str) -> str:
    """A real calendar date written YYYY-MM-DD."""
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value or ""):
            raise ValueError
        date.fromisoformat(value)
    except ValueError:
        raise ConfigurationError(f"Invalid birth date {value!r}: use YYYY-MM-DD.") from None
    return value


def _decode(row: UserRow | UserNew) -> dict[str, Any]:
    user: dict[str, Any] = dict(row)
    user["identification_levels"] = json.loads(user["identification_levels"])
    user["auto_consent"] = bool(user["auto_consent"])
    return user


def create_user(
    env: Environment,
    phone_number: str,
    *,
    first_name: str | None = None,
    last_name: str | None = None,
    birth_date: str | None = None,
    identification_levels: list[str] | None = None,
    auto_consent: bool = False,
    project_id: str | None = None,
) -> dict[str, Any]:
    """Create a user (a savepoint of the caller's transaction when one is open); `project_id`
    is the project it belongs to (see `project_user`), None for a user of no project."""
    phone = validate_phone_number(phone_number)
    if birth_date is not None:
        validate_birth_date(birth_date)
    levels = list(identification_levels or [])
    unknown = [level for level in levels if level not in IDENTIFICATION_LEVELS]
    if unknown:
        raise ConfigurationError(f"Unknown identification level(s): {', '.join(unknown)}.")
    with env.store.atomic() as database:
        if find_user_by_phone(env, phone, db=database) is not None:
            raise ConfigurationError(f"A user with phone number {phone} already exists.")
        now = env.now()
        user: UserNew = {
            "id": env.new_id(database, "user"),
            "phone_number": phone,
            "first_name": first_name,
            "last_name": last_name,
            "birth_date": birth_date,
            "identification_levels": json.dumps(levels),
            "auto_consent": int(auto_consent),
            "project_id": project_id,
            "created_at": now,
            "updated_at": now,
        }
        insert_row(database, "users", user)
    return _decode(user)


def get_user(env: Environment, user_id: str) -> dict[str, Any]:
    rows = list(rows_where(env.store.db, "users", "id = ?", [user_id]))
    if not rows:
        raise NotFound(f"No user {user_id} in {env.name.title}.")
    return _decode(rows[0])


def project_user(env: Environment, project_id: str, user_id: str) -> dict[str, Any]:
    """The user `user_id` if it belongs to the project, else `NotFound` (the same answer as
    for an id that does not exist, so another project's users stay invisible).

    A Sandbox user belongs to the project that created it (the Testing API's
    `createSandboxUser`, a holder's legal representative, a dataset) or whose authorization
    flow registered it; a user created from Python or the CLI belongs to no project.
    """
    rows = list(
        rows_where(env.store.db, "users", "id = ? AND project_id = ?", [user_id, project_id])
    )
    if not rows:
        raise NotFound(f"No user {user_id} in {env.name.title}.")
    return _decode(rows[0])


def project_knows_user(env: Environment, project_id: str, user_id: str) -> bool:
    """May the project name this user (in a consent, say): it owns it (`project_user`), the
    user belongs to no project (made from Python or the CLI by the machine's owner), is a
    member of one of its accounts, or authorized it? Another project's user: no."""
    return bool(
        env.store.db.execute(
            "SELECT 1 FROM users WHERE id = ?1 AND (project_id = ?2 OR project_id IS NULL) "
            "UNION ALL SELECT 1 FROM account_memberships WHERE user_id = ?1 AND project_id = ?2 "
            "UNION ALL SELECT 1 FROM token_families WHERE user_id = ?1 AND project_id = ?2 "
            "LIMIT 1",
            [user_id, project_id],
        ).fetchone()
    )


def find_user_by_phone(
    env: Environment, phone_number: str, *, db: Database | None = None
) -> dict[str, Any] | None:
    database = db or env.store.db
    rows = list(rows_where(database, "users", "phone_number = ?", [phone_number]))
    return _decode(rows[0]) if rows else None


#: What `update_user` may change; `None` clears the three text fields.
USER_CHANGES = ("first_name", "last_name", "birth_date", "identification_levels", "auto_consent")


def update_user(
    env: Environment, user_id: str, changes: dict[str, Any], *, project_id: str | None = None
) -> dict[str, Any]:
    """Change a user's names, birth date, identification levels or auto-consent switch (keys
    absent from `changes` stay as they are). With `project_id`, the user must belong to that
    project (`NotFound` otherwise, see `project_user`) and a `User.Updated` event is journaled
    for it.

    ```python
    update_user(env, user_id, {"auto_consent": True, "last_name": None})
    ```
    """
    unknown = sorted(set(changes) - set(USER_CHANGES))
    if unknown:
        raise ValueError(f"Not a user field: {', '.join(unknown)}")
    update: UserChanges = {}
    for name in ("first_name", "last_name"):
        if name in changes:
            update[name] = changes[name]
    if "birth_date" in changes:
        birth_date = changes["birth_date"]
        update["birth_date"] = None if birth_date is None else validate_birth_date(birth_date)
    if changes.get("identification_levels") is not None:
        levels = list(changes["identification_levels"])
        wrong = [level for level in levels if level not in IDENTIFICATION_LEVELS]
        if wrong:
            raise ConfigurationError(f"Unknown identification level(s): {', '.join(wrong)}.")
        update["identification_levels"] = json.dumps(levels)
    if changes.get("auto_consent") is not None:
        update["auto_consent"] = int(bool(changes["auto_consent"]))
    with env.store.atomic() as db:
        where, params = "id = ?", [user_id]
        if project_id is not None:
            where, params = "id = ? AND project_id = ?", [user_id, project_id]
        if not list(rows_where(db, "users", where, params)):
            raise NotFound(f"No user {user_id} in {env.name.title}.")
        if update:
            update["updated_at"] = env.now()
            update_row(db, "users", user_id, update)
            if project_id is not None:
                emit(env, db, "User.Updated", project_id=project_id, resource_id=user_id)
        return _decode(get_row(db, "users", user_id))


#: The users a project knows, as SQL over `users` (`?1` is the project id): see
#: `project_knows_user`.
_KNOWN_BY_PROJECT = (
    "(project_id = ?1 OR project_id IS NULL"
    " OR id IN (SELECT user_id FROM account_memberships WHERE project_id = ?1)"
    " OR id IN (SELECT user_id FROM token_families WHERE project_id = ?1))"
)


def visible_user(env: Environment, principal: Principal, user_id: str | None) -> dict[str, Any]:
    """The user a `user(id)` query names: without an id, the one the token acts for; a user
    token sees only itself, a project token any user the project knows; else `NotFound`."""
    wanted = user_id or principal.user_id
    if wanted is None:
        raise NotFound("No user: this token acts for no user; pass an id.")
    allowed = (
        wanted == principal.user_id
        if principal.user_id is not None
        else project_knows_user(env, principal.project_id, wanted)
    )
    if not allowed:
        raise NotFound(f"No user {wanted} in {env.name.title}.")
    return get_user(env, wanted)


def list_users(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """The users the project knows (a user token: itself), oldest first; filters
    `first_name`, `last_name`, `mobile_phone_number`, `status` (a list), `birth_date`,
    `nationality_cca3`, `identification_level` (one the user holds),
    `preferred_notification_channel` (the project's setting for the user; Sms by default)
    and `search` (part of a name or the phone number, any case)."""
    if principal.user_id is not None:
        where, params = "id = ?", [principal.user_id]
    else:
        where = _KNOWN_BY_PROJECT.replace("?1", "?")
        params = [principal.project_id] * 3
    filters = filters or {}
    for key, column in (("first_name", "first_name"), ("last_name", "last_name")):
        if filters.get(key):
            where += f" AND lower({column}) = lower(?)"
            params.append(filters[key])
    if filters.get("mobile_phone_number"):
        where += " AND phone_number = ?"
        params.append(validate_phone_number(str(filters["mobile_phone_number"])))
    if filters.get("status"):
        statuses = list(filters["status"])
        where += f" AND coalesce(status, 'Active') IN ({', '.join('?' for _ in statuses)})"
        params.extend(statuses)
    where, params = _detail_filters(principal, filters, where, params)
    if filters.get("search"):
        where += (
            " AND (instr(lower(coalesce(first_name, '')), lower(?)) > 0"
            " OR instr(lower(coalesce(last_name, '')), lower(?)) > 0"
            " OR instr(phone_number, ?) > 0)"
        )
        params.extend([filters["search"]] * 3)
    page = paginate(env.store.db, "users", where, params, first=first, after=after, before=before)
    return page


def _detail_filters(
    principal: Principal, filters: dict[str, Any], where: str, params: list[Any]
) -> tuple[str, list[Any]]:
    if filters.get("birth_date"):
        where += " AND birth_date = ?"
        params.append(validate_birth_date(str(filters["birth_date"])))
    if filters.get("nationality_cca3"):
        where += " AND upper(coalesce(nationality_cca3, '')) = upper(?)"
        params.append(filters["nationality_cca3"])
    if filters.get("identification_level"):
        where += " AND EXISTS (SELECT 1 FROM json_each(identification_levels) WHERE value = ?)"
        params.append(filters["identification_level"])
    if filters.get("preferred_notification_channel"):
        where += (
            " AND coalesce((SELECT s.preferred_notification_channel FROM user_consent_settings s"
            " WHERE s.project_id = ? AND s.user_id = users.id), 'Sms') = ?"
        )
        params.extend([principal.project_id, filters["preferred_notification_channel"]])
    return where, params
