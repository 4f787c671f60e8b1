"""What a partner changes about a user: its consent notification channel, its deactivation.

```python
update_consent_settings(env, principal, user_id, "App")
deactivate_user(env, principal, user_id)  # every membership disabled first
```
"""

from __future__ import annotations

from typing import Any

from ...exceptions import NotFound
from ...storage import update_row
from ...storage.rows import UserChanges
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.rejections import Rejected, rejection
from .users import get_user, project_knows_user

__all__ = ["NOTIFICATION_CHANNELS", "deactivate_user", "update_consent_settings"]

NOTIFICATION_CHANNELS = ("App", "Sms")


def update_consent_settings(
    env: Environment, principal: Principal, user_id: str, channel: str
) -> dict[str, Any]:
    """Set how the project asks the user for consents (a project token only); an unknown
    user, or another project's, is `NotFound`."""
    if principal.user_id is not None:
        message = "updateUserConsentSettings takes a project access token, not a user's."
        raise Rejected(rejection("UpdateUserConsentSettingsTokenRejection", message))
    if channel not in NOTIFICATION_CHANNELS:
        raise ValueError(f"Not a notification channel: {channel!r}")
    if not project_knows_user(env, principal.project_id, user_id):
        raise NotFound(f"No user {user_id} in {env.name.title}.")
    with env.store.atomic() as db:
        db.execute(
            "INSERT INTO user_consent_settings (project_id, user_id, "
            "preferred_notification_channel) VALUES (?1, ?2, ?3) "
            "ON CONFLICT (project_id, user_id) DO UPDATE SET preferred_notification_channel = ?3",
            [principal.project_id, user_id, channel],
        )
        emit(env, db, "User.Updated", project_id=principal.project_id, resource_id=user_id)
    return {
        "project_id": principal.project_id,
        "user_id": user_id,
        "preferred_notification_channel": channel,
    }


def deactivate_user(env: Environment, principal: Principal, user_id: str) -> dict[str, Any]:
    """Deactivate a user the project knows: none of its memberships in the project may be
    anything but `Disabled`, and it may be no account's legal representative. Its sessions
    with the project end and its phone number is free for another user (event
    `User.Deactivated`)."""
    visible = principal.user_id in (None, user_id) and project_knows_user(
        env, principal.project_id, user_id
    )
    if not visible:
        message = f"No user {user_id} in {env.name.title}."
        raise Rejected(rejection("UserNotFoundRejection", message, id=user_id))
    with env.store.atomic() as db:
        user = get_user(env, user_id)
        if user["project_id"] != principal.project_id:
            # A user of no project, or another project's member: not this project's to end.
            message = f"User {user_id} was not registered by this project."
            raise Rejected(rejection("UserCannotBeDeactivatedRejection", message, user_id=user_id))
        if (user.get("status") or "Active") == "Deactivated":
            message = f"User {user_id} is already deactivated."
            raise Rejected(rejection("UserAlreadyDeactivatedRejection", message, user_id=user_id))
        blocking = db.execute(
            "SELECT count(*) FROM account_memberships WHERE user_id = ? AND project_id = ? "
            "AND (status != 'Disabled' OR legal_representative = 1)",
            [user_id, principal.project_id],
        ).fetchone()[0]
        if blocking:
            message = (
                "Disable every membership of the user first; an account's legal "
                "representative cannot be deactivated."
            )
            raise Rejected(rejection("UserCannotBeDeactivatedRejection", message, user_id=user_id))
        now = env.now()
        # The real service frees the phone number for another user to sign up with.
        changes: UserChanges = {
            "status": "Deactivated",
            "deactivated_at": now,
            "updated_at": now,
            "phone_number": f"deactivated:{user_id}",
        }
        update_row(db, "users", user_id, changes)
        # Its sessions with this project end (revoked as `oauth.grants.revoke_family` does).
        db.execute(
            "UPDATE tokens SET revoked_at = ?1 WHERE revoked_at IS NULL AND family_id IN "
            "(SELECT id FROM token_families WHERE user_id = ?2 AND project_id = ?3 "
            "AND revoked_at IS NULL)",
            [now, user_id, principal.project_id],
        )
        db.execute(
            "UPDATE token_families SET revoked_at = ?, revoked_reason = 'user deactivated' "
            "WHERE user_id = ? AND project_id = ? AND revoked_at IS NULL",
            [now, user_id, principal.project_id],
        )
        emit(env, db, "User.Deactivated", project_id=principal.project_id, resource_id=user_id)
    return get_user(env, user_id)
