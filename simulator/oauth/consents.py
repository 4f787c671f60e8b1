"""The consent flow of the browser pages, without HTTP: which consent a link names, whether
this browser's web session may decide it, and who is signing in.

A consent URL (`/oauth2/consents/{consentId}`) does not name its environment. Ids are
UUIDs derived from the environment's name, so a Sandbox and a Live consent never share
one: the consent is looked up in the Sandbox, then in Live, and the flow then lives in
that environment only (its web session is that environment's, and a session of the other
environment never opens it).

```python
found = find_consent(environments, consent_id)      # (env, consent) or None
if found and is_open(found[1]):
    ...                                              # sign in, then approve or refuse
```
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..domain.consents.consents import OPEN_STATUSES, load_consent
from ..domain.kernel.context import Environment
from ..domain.users.users import get_user
from ..environments import EnvironmentName
from ..exceptions import NotFound
from ..storage.rows import ConsentRow
from .login import auto_consent_user
from .sessions import session_data

__all__ = [
    "PURPOSE",
    "auto_approver",
    "consent_path",
    "consent_user",
    "find_consent",
    "is_open",
    "session_is_for",
]

#: The web session purpose of the consent pages.
PURPOSE = "consent"
#: Ids are UUIDs; anything much longer or with odd characters is not looked up at all.
_CONSENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def consent_path(consent_id: str) -> str:
    """The page of a consent (the path of its `consentUrl`)."""
    return f"/oauth2/consents/{consent_id}"


def find_consent(
    environments: Mapping[EnvironmentName, Environment], consent_id: str
) -> tuple[Environment, ConsentRow] | None:
    """The environment and consent an id names (expired first if its time has passed)."""
    if not _CONSENT_ID.fullmatch(consent_id):
        return None
    for name in (EnvironmentName.SANDBOX, EnvironmentName.LIVE):
        env = environments.get(name)
        consent = load_consent(env, consent_id) if env is not None else None
        if consent is not None:
            return env, consent  # type: ignore[return-value]
    return None


def is_open(consent: Mapping[str, Any]) -> bool:
    """Can the user still decide (Created or Started)?"""
    return consent["status"] in OPEN_STATUSES


def consent_user(env: Environment, consent: Mapping[str, Any]) -> dict[str, Any] | None:
    """The user the consent is for (None for a consent opened for nobody in particular)."""
    if consent["user_id"] is None:
        return None
    try:
        return get_user(env, consent["user_id"])
    except NotFound:
        return None


def auto_approver(env: Environment, user: Mapping[str, Any] | None) -> bool:
    """Does this user approve without a browser (a Sandbox user with auto consent)?"""
    return user is not None and auto_consent_user(env, user["phone_number"]) is not None


def session_is_for(
    env: Environment,
    session_env: Environment,
    session: Mapping[str, Any],
    consent: Mapping[str, Any],
) -> bool:
    """Is this web session the consent flow of this very consent, in its environment?"""
    return (
        session_env.name == env.name
        and session["purpose"] == PURPOSE
        and session_data(session).get(PURPOSE, {}).get("consent_id") == consent["id"]
    )
