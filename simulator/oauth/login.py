"""The login steps of a web session: phone number, text-message code, registration.

These steps know nothing of HTTP; the pages in `oauth/pages/login.py` call them. Any flow
that needs a logged-in user (the authorization flow, consent approval pages) opens a web
session whose `continue_to` is its own page; once `step` is `done`, `user_id` is the user.

| step | what the user does | next |
|---|---|---|
| `phone` | types a phone number; a 6-digit code is sent (see `sms`) | `code` |
| `code` | types the code (valid 15 minutes; 5 wrong ones lock) | `register` if new, else `done` |
| `register` | gives first name, last name, birth date | `done` |

A Sandbox user created with *auto consent* is logged in on their phone number alone.

```python
session = submit_phone(env, session, "+33612345678")   # step 'code', a message in the outbox
session = submit_code(env, session, latest_code(env, "+33612345678"))
```
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from ..domain.kernel.context import Environment
from ..domain.kernel.events import emit
from ..domain.users.users import create_user, find_user_by_phone, validate_phone_number
from ..environments import EnvironmentName
from ..exceptions import ConfigurationError, SimulatorError
from . import sms
from .sessions import SessionProblem, touch_session

__all__ = [
    "MAX_CODES_PER_SESSION",
    "MAX_WRONG_CODES",
    "LoginError",
    "change_phone",
    "check_birth_date",
    "check_name",
    "resend_code",
    "submit_code",
    "submit_phone",
    "submit_registration",
]

MAX_WRONG_CODES = 5
MAX_CODES_PER_SESSION = 5
MAX_NAME_LENGTH = 100
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class LoginError(SimulatorError):
    """Input a login step refuses; the page shows `message` next to `field`."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def auto_consent_user(env: Environment, phone_number: str) -> dict[str, Any] | None:
    """The Sandbox user with this phone number when they have auto consent on."""
    if env.name is not EnvironmentName.SANDBOX:
        return None
    user = find_user_by_phone(env, phone_number)
    return user if user and user["auto_consent"] else None


def check_name(value: str | None, label: str) -> str:
    """A first or last name: not blank, at most 100 characters, no control characters."""
    name = (value or "").strip()
    if not name:
        raise ConfigurationError(f"{label} is required.")
    if len(name) > MAX_NAME_LENGTH or _CONTROL.search(name):
        raise ConfigurationError(f"{label} must be at most {MAX_NAME_LENGTH} plain characters.")
    return name


def check_birth_date(value: str | None, today: date) -> str:
    """A real date, YYYY-MM-DD, not in the future and not before 1900."""
    text = (value or "").strip()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError
        born = date.fromisoformat(text)
    except ValueError:
        raise ConfigurationError(
            "Birth date must be a real date written YYYY-MM-DD, such as 1990-04-21."
        ) from None
    if born > today or born.year < 1900:
        raise ConfigurationError("Birth date must be between 1900-01-01 and today.")
    return text


def submit_phone(env: Environment, session: dict[str, Any], phone_number: str) -> dict[str, Any]:
    """The phone step: send a code (or log an auto-consent Sandbox user straight in)."""
    try:
        phone = validate_phone_number(phone_number)
    except ConfigurationError as error:
        raise LoginError("phone_number", str(error)) from None
    user = auto_consent_user(env, phone)
    with env.store.atomic() as db:
        if user is not None:
            return touch_session(
                env,
                db,
                session,
                phone_number=phone,
                user_id=user["id"],
                step="done",
                logged_in_at=env.now(),
            )
        _send(env, db, session, phone)
        return touch_session(env, db, session, phone_number=phone, step="code")


def _send(env: Environment, db: Any, session: dict[str, Any], phone: str) -> None:
    if session["codes_sent"] >= MAX_CODES_PER_SESSION:
        raise LoginError(
            "code",
            f"{MAX_CODES_PER_SESSION} codes were already sent in this session: start again later.",
        )
    sms.send_code(env, db, session_id=session["id"], phone_number=phone)
    touch_session(env, db, session, codes_sent=session["codes_sent"] + 1)


def resend_code(env: Environment, session: dict[str, Any]) -> dict[str, Any]:
    """Send a new code to the session's phone; the previous code stops working."""
    if session["step"] != "code":
        raise LoginError("code", "No code to send again at this step.")
    with env.store.atomic() as db:
        _send(env, db, session, session["phone_number"])
    return session


def change_phone(env: Environment, session: dict[str, Any]) -> dict[str, Any]:
    """Back to the phone step (a typo in the number); the codes already sent stop working."""
    with env.store.atomic() as db:
        db.execute(
            "UPDATE sms_codes SET superseded_at = ? WHERE session_id = ? AND superseded_at IS NULL",
            [env.now(), session["id"]],
        )
        return touch_session(env, db, session, step="phone", phone_number=None)


def submit_code(env: Environment, session: dict[str, Any], code: str) -> dict[str, Any]:
    """The code step. A right code logs a known user in, or leads a new one to registration.

    A wrong code is counted; the fifth locks the session (`SessionProblem("locked")`).
    """
    if session["step"] != "code":
        raise LoginError("code", "No code is expected at this step.")
    typed = (code or "").strip().replace(" ", "")
    if not re.fullmatch(rf"\d{{{sms.CODE_LENGTH}}}", typed):
        raise LoginError("code", f"The verification code has {sms.CODE_LENGTH} digits.")
    with env.store.atomic() as db:
        outcome = sms.check_code(env, db, session_id=session["id"], code=typed)
        if outcome == "wrong":
            failed = session["failed_code_attempts"] + 1
            locked = env.now() if failed >= MAX_WRONG_CODES else None
            touch_session(env, db, session, failed_code_attempts=failed, locked_at=locked)
        elif outcome == "ok":
            user = find_user_by_phone(env, session["phone_number"], db=db)
            if user is None:
                touch_session(env, db, session, step="register")
            else:
                touch_session(
                    env, db, session, step="done", user_id=user["id"], logged_in_at=env.now()
                )
        else:
            touch_session(env, db, session)
    # Raised after the commit, so the wrong attempt stays counted.
    if outcome == "wrong":
        if session["locked_at"]:
            raise SessionProblem(
                "locked",
                f"{MAX_WRONG_CODES} wrong codes: this sign-in attempt is locked.",
                env=env,
                session=session,
            )
        left = MAX_WRONG_CODES - session["failed_code_attempts"]
        raise LoginError("code", f"Wrong code. {left} attempt{'s' if left > 1 else ''} left.")
    if outcome == "expired":
        minutes = int(sms.CODE_LIFETIME.total_seconds() // 60)
        raise LoginError(
            "code", f"This code has expired (codes are valid {minutes} minutes): send a new code."
        )
    if outcome == "none":
        raise LoginError("code", "No code is waiting for this session: send a new code.")
    return session


def submit_registration(
    env: Environment,
    session: dict[str, Any],
    *,
    first_name: str | None,
    last_name: str | None,
    birth_date: str | None,
) -> dict[str, Any]:
    """The registration step of a phone number never seen: the user is created."""
    if session["step"] != "register":
        raise LoginError("first_name", "No registration is expected at this step.")
    today = env.clock.now().date()
    checks: list[tuple[str, Callable[[], str]]] = [
        ("first_name", lambda: check_name(first_name, "First name")),
        ("last_name", lambda: check_name(last_name, "Last name")),
        ("birth_date", lambda: check_birth_date(birth_date, today)),
    ]
    values: dict[str, str] = {}
    for field, check in checks:
        try:
            values[field] = check()
        except ConfigurationError as error:
            raise LoginError(field, str(error)) from None
    with env.store.atomic() as db:
        user = create_user(
            env,
            session["phone_number"],
            first_name=values["first_name"],
            last_name=values["last_name"],
            birth_date=values["birth_date"],
            # The user belongs to the project whose authorization flow registered it.
            project_id=session["project_id"],
        )
        emit(env, db, "User.Joined", project_id=session["project_id"], resource_id=user["id"])
        return touch_session(
            env, db, session, step="done", user_id=user["id"], logged_in_at=env.now()
        )
