"""Creating a user with a project token, the phone's owner typing the code a text message
carries (`startUserCreation`, `completeUserCreation`; docs/oauth.md, "Creating users").

`start` opens a request (a web session of purpose `user_creation`, never given a cookie)
and texts a 6-digit code to the phone (the simulated outbox: `textMessages`, `sim.oauth`);
`complete` takes the request's id, the code and the person's names and birth date, and
answers the user: a new one of the project (`User.Joined`), or the one the project already
knows with that phone (`userAlreadyExisted`). A phone of another project's user is refused:
the code proves the phone, not that this project may see that user.

```python
request_id = start(env, principal, "+33612345678")
user, existed = complete(env, principal, request_id, latest_code(env, "+33612345678"),
                         {"first_name": "Ada", "last_name": "Lovelace", "birth_date": "1990-12-10"})
```
"""

from __future__ import annotations

from typing import Any

from ..domain.kernel.context import Environment, Principal
from ..domain.kernel.events import emit
from ..domain.kernel.rejections import Rejected, rejection, validation, validation_error
from ..domain.users.users import (
    create_user,
    find_user_by_phone,
    project_knows_user,
    validate_birth_date,
    validate_phone_number,
)
from ..exceptions import ConfigurationError
from .login import MAX_WRONG_CODES, check_name
from .sessions import start_session
from .sms import check_code, send_code

__all__ = ["PURPOSE", "complete", "start"]

PURPOSE = "user_creation"


def _not_allowed(message: str) -> Rejected:
    return Rejected(rejection("OperationNotAllowedRejection", message))


def start(env: Environment, principal: Principal, phone_number: str) -> str:
    """Text a code to `phone_number`; returns the request's id (`requestId`)."""
    if principal.user_id is not None:
        raise _not_allowed("A project access token creates users, not a user token.")
    try:
        phone = validate_phone_number(phone_number)
    except ConfigurationError as error:
        raise _not_allowed(str(error)) from None
    _, session = start_session(
        env,
        purpose=PURPOSE,
        project_id=principal.project_id,
        continue_to="",
        restart_url="",
        data={"phone_number": phone},
        phone_hint=phone,
    )
    with env.store.atomic() as db:
        db.table("web_sessions").update(
            session["id"], {"phone_number": phone, "step": "code", "codes_sent": 1}
        )
        send_code(env, db, session_id=session["id"], phone_number=phone)
    return str(session["id"])


def _information(values: dict[str, Any]) -> dict[str, str]:
    errors = []
    checked: dict[str, str] = {}
    for key, name in (("first_name", "firstName"), ("last_name", "lastName")):
        try:
            checked[key] = check_name(values.get(key), name)
        except ConfigurationError as error:
            errors.append(
                validation_error("InvalidString", str(error), ["input", "userInformation", name])
            )
    try:
        checked["birth_date"] = validate_birth_date(str(values.get("birth_date")))
    except ConfigurationError as error:
        errors.append(
            validation_error("InvalidString", str(error), ["input", "userInformation", "birthDate"])
        )
    if errors:
        raise Rejected(validation(errors))
    return checked


def _request(env: Environment, principal: Principal, request_id: str) -> dict[str, Any]:
    rows = list(
        env.store.db["web_sessions"].rows_where(
            "id = ? AND purpose = ? AND project_id = ?", [request_id, PURPOSE, principal.project_id]
        )
    )
    if not rows or principal.user_id is not None:
        raise _not_allowed(f"No user creation request {request_id} of this project.")
    if rows[0]["finished_at"]:
        raise _not_allowed(f"User creation request {request_id} is already complete.")
    if rows[0]["locked_at"]:
        raise Rejected(rejection("UserBlockedRejection", "Too many wrong codes: start again."))
    return rows[0]


def _checked_code(env: Environment, principal: Principal, request_id: str, code: str) -> str:
    """Check the code in a transaction of its own, so that a wrong one stays counted (the
    fifth locks the request); returns the request's phone number once the code is right."""
    with env.store.atomic() as db:
        session = _request(env, principal, request_id)
        checked = check_code(env, db, session_id=request_id, code=code)
        if checked == "ok":
            db.table("web_sessions").update(request_id, {"finished_at": env.now(), "step": "done"})
            return str(session["phone_number"])
        failed = session["failed_code_attempts"] + 1
        changes: dict[str, Any] = {"failed_code_attempts": failed}
        if failed >= MAX_WRONG_CODES:
            changes["locked_at"] = env.now()
        db.table("web_sessions").update(request_id, changes)
    reason = "The code expired: start again." if checked == "expired" else "Wrong code."
    raise Rejected(rejection("WrongCodeRejection", reason))


def complete(
    env: Environment,
    principal: Principal,
    request_id: str,
    code: str,
    information: dict[str, Any],
) -> tuple[dict[str, Any], bool]:
    """The user the request creates (or the project's existing one) and whether it existed."""
    values = _information(information)
    phone = _checked_code(env, principal, request_id, code)
    with env.store.atomic() as db:
        existing = find_user_by_phone(env, phone, db=db)
        if existing is not None:
            if not project_knows_user(env, principal.project_id, existing["id"]):
                raise _not_allowed("This phone number is another project's user's.")
            return existing, True
        user = create_user(
            env,
            phone,
            first_name=values["first_name"],
            last_name=values["last_name"],
            birth_date=values["birth_date"],
            project_id=principal.project_id,
        )
        emit(env, db, "User.Joined", project_id=principal.project_id, resource_id=user["id"])
        return user, False
