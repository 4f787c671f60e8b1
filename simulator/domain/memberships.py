"""Account memberships: who may do what on an account.

A membership links a user (or, until bound, an invited person: e-mail plus the identity
it is restricted to) to an account with five permissions. Its statuses:

| from | to | how | event |
|---|---|---|---|
| (new) | ConsentPending | `addAccountMembership` | AccountMembership.Created |
| ConsentPending | InvitationSent | its consent is accepted | AccountMembership.Updated |
| ConsentPending | Disabled | its consent ends unaccepted | AccountMembership.Disabled |
| InvitationSent, BindingUserError | Enabled | `bindAccountMembership` | AccountMembership.Bound |
| InvitationSent | BindingUserError | bound by a non-matching user | AccountMembership.Updated |
| Enabled | Suspended | `suspendAccountMembership` | AccountMembership.Suspended |
| Suspended | Enabled | `resumeAccountMembership` | AccountMembership.Resumed |
| any but Disabled | Disabled | `disableAccountMembership` (cards canceled) | .Disabled |

The legal representative's membership cannot be suspended or disabled.
"""

from __future__ import annotations

import re
from typing import Any

import sqlite_utils

from ..exceptions import ConfigurationError
from ..storage import get_row, insert_row, update_row
from .access import PERMISSIONS, membership_scope, require_permission, user_membership
from .account_lifecycle import consent_user, find_account, require_account_status
from .consents import ConsentHandler, cancel_consent_in, open_consent
from .context import Environment, Principal
from .events import emit
from .pagination import Connection, paginate
from .queries import find_visible, with_filters
from .rejections import Rejected, forbidden, not_found, wrong_status
from .users import validate_birth_date, validate_phone_number
from .validation import Checks

__all__ = [
    "MEMBERSHIP_STATUSES",
    "MEMBERSHIP_TRANSITIONS",
    "add_account_membership",
    "bind_account_membership",
    "disable_account_membership",
    "find_membership",
    "get_membership",
    "list_memberships",
    "resume_account_membership",
    "suspend_account_membership",
]

MEMBERSHIP_STATUSES = (
    "ConsentPending",
    "InvitationSent",
    "BindingUserError",
    "Enabled",
    "Suspended",
    "Disabled",
)
MEMBERSHIP_TRANSITIONS: dict[str, tuple[str, ...]] = {
    "ConsentPending": ("InvitationSent", "Disabled"),
    "InvitationSent": ("Enabled", "BindingUserError", "Disabled"),
    "BindingUserError": ("Enabled", "Disabled"),
    "Enabled": ("Suspended", "Disabled"),
    "Suspended": ("Enabled", "Disabled"),
}

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _move(
    env: Environment,
    db: sqlite_utils.Database,
    membership: dict[str, Any],
    status: str,
    event_type: str,
    **extra: Any,
) -> dict[str, Any]:
    if status not in MEMBERSHIP_TRANSITIONS.get(membership["status"], ()):
        expected = next(
            (source for source, targets in MEMBERSHIP_TRANSITIONS.items() if status in targets),
            "Enabled",
        )
        raise Rejected(
            wrong_status("AccountMembership", membership["id"], membership["status"], expected)
        )
    changes = {"status": status, "updated_at": env.now(), **extra}
    update_row(db, "account_memberships", membership["id"], changes)
    emit(env, db, event_type, project_id=membership["project_id"], resource_id=membership["id"])
    return {**membership, **changes}


def find_membership(
    db: sqlite_utils.Database, principal: Principal, membership_id: str
) -> dict[str, Any]:
    """The membership if the caller sees it, else `AccountMembershipNotFoundRejection`."""
    where, params = membership_scope(principal)
    rows = list(
        db["account_memberships"].rows_where(f"id = ? AND {where}", [membership_id, *params])
    )
    if not rows:
        raise Rejected(not_found("AccountMembership", membership_id))
    return rows[0]


def get_membership(env: Environment, principal: Principal, membership_id: str) -> dict[str, Any]:
    return find_visible(
        env, "account_memberships", membership_scope(principal), membership_id, "Account membership"
    )


def list_memberships(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> Connection:
    """Memberships the caller sees, oldest first; filters `account_id`, `status` (a list)."""
    where, params = with_filters(
        membership_scope(principal), filters, equal=("account_id",), any_of=("status",)
    )
    return paginate(env.store.db, "account_memberships", where, params, first=first, after=after)


def _restricted_to(checks: Checks, restricted_to: dict[str, Any] | None) -> dict[str, Any]:
    data = restricted_to or {}
    path = ["input", "restrictedTo"]
    result = {
        "restricted_first_name": checks.text(
            data.get("first_name"), [*path, "firstName"], max_length=100
        ),
        "restricted_last_name": checks.text(
            data.get("last_name"), [*path, "lastName"], max_length=100
        ),
        "restricted_phone_number": None,
        "restricted_birth_date": None,
    }
    phone = data.get("phone_number")
    if not phone:
        checks.fail("Missing", "This field is required.", [*path, "phoneNumber"])
    else:
        try:
            result["restricted_phone_number"] = validate_phone_number(phone)
        except ConfigurationError as error:
            checks.fail("InvalidFormat", str(error), [*path, "phoneNumber"])
    if data.get("birth_date"):
        try:
            result["restricted_birth_date"] = validate_birth_date(data["birth_date"])
        except ConfigurationError as error:
            checks.fail("InvalidFormat", str(error), [*path, "birthDate"])
    return result


def add_account_membership(
    env: Environment,
    principal: Principal,
    account_id: str,
    *,
    email: str,
    restricted_to: dict[str, Any] | None,
    permissions: dict[str, bool],
    consent_redirect_url: str,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Invite someone to an account: returns the membership (ConsentPending) and its consent.

    `permissions` maps `can_view_account`, ... to booleans; a user cannot grant a
    permission it does not hold itself.
    """
    checks = Checks()
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    mail = checks.text(email, ["input", "email"], max_length=254)
    if mail is not None and not _EMAIL.match(mail):
        checks.fail("InvalidFormat", f"Not an e-mail address: {email!r}.", ["input", "email"])
    identity = _restricted_to(checks, restricted_to)
    checks.raise_if_any()
    granted = {name: int(bool(permissions.get(name))) for name in PERMISSIONS}
    with env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_permission(db, principal, account_id, "can_manage_account_membership")
        require_account_status(account, "Opened")
        if principal.user_id is not None:
            own = user_membership(db, principal.user_id, account_id) or {}
            beyond = [name for name, value in granted.items() if value and not own.get(name)]
            if beyond:
                raise Rejected(
                    forbidden(f"You cannot grant permissions you do not hold: {', '.join(beyond)}.")
                )
        now = env.now()
        membership = {
            "id": env.new_id(db, "account_membership"),
            "project_id": account["project_id"],
            "account_id": account_id,
            "user_id": None,
            "email": mail,
            "legal_representative": 0,
            "status": "ConsentPending",
            "created_at": now,
            "updated_at": now,
            **granted,
            **identity,
        }
        insert_row(db, "account_memberships", membership)
        emit(
            env,
            db,
            "AccountMembership.Created",
            project_id=account["project_id"],
            resource_id=membership["id"],
        )
        consent = open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="AddAccountMembership",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account_id),
            resource_id=membership["id"],
        )
        update_row(db, "account_memberships", membership["id"], {"consent_id": consent["id"]})
        return get_row(db, "account_memberships", membership["id"]), consent


def _invite(env: Environment, db: sqlite_utils.Database, consent: dict[str, Any]) -> None:
    membership = get_row(db, "account_memberships", consent["resource_id"])
    account = get_row(db, "accounts", membership["account_id"])
    if account["status"] != "Opened":
        raise Rejected(wrong_status("Account", account["id"], account["status"], "Opened"))
    _move(env, db, membership, "InvitationSent", "AccountMembership.Updated")


def _not_invited(
    env: Environment, db: sqlite_utils.Database, consent: dict[str, Any], status: str
) -> None:
    membership = get_row(db, "account_memberships", consent["resource_id"])
    if membership["status"] == "ConsentPending":
        _move(
            env,
            db,
            membership,
            "Disabled",
            "AccountMembership.Disabled",
            status_reason=f"Consent{status}",
        )


#: What approving (or not) an `AddAccountMembership` consent does.
CONSENT_HANDLER = ConsentHandler(_invite, _not_invited)


def _mismatches(membership: dict[str, Any], user: dict[str, Any]) -> list[str]:
    checks = [
        ("phone number", membership["restricted_phone_number"], user["phone_number"]),
        ("first name", membership["restricted_first_name"], user["first_name"]),
        ("last name", membership["restricted_last_name"], user["last_name"]),
        ("birth date", membership["restricted_birth_date"], user["birth_date"]),
    ]
    return [
        label
        for label, expected, actual in checks
        if expected and (actual or "").strip().casefold() != expected.strip().casefold()
    ]


def bind_account_membership(
    env: Environment, principal: Principal, membership_id: str
) -> dict[str, Any]:
    """The invited user accepts an invitation (a user token is needed): the membership is
    Enabled when the user matches the identity it is restricted to, else BindingUserError."""
    if principal.user_id is None:
        raise Rejected(forbidden("Binding a membership needs the invited user's access token."))
    with env.store.atomic() as db:
        rows = list(
            db["account_memberships"].rows_where(
                "id = ? AND project_id = ?", [membership_id, principal.project_id]
            )
        )
        if not rows:
            raise Rejected(not_found("AccountMembership", membership_id))
        membership = rows[0]
        if membership["status"] not in ("InvitationSent", "BindingUserError"):
            raise Rejected(
                wrong_status(
                    "AccountMembership", membership_id, membership["status"], "InvitationSent"
                )
            )
        user = get_row(db, "users", principal.user_id)
        mismatches = _mismatches(membership, user)
        if not mismatches:
            return _move(
                env,
                db,
                membership,
                "Enabled",
                "AccountMembership.Bound",
                user_id=user["id"],
                bound_at=env.now(),
                status_reason=None,
            )
        reason = f"The user's {', '.join(mismatches)} do(es) not match the invitation."
        if membership["status"] == "BindingUserError":
            changes = {"status_reason": reason, "updated_at": env.now()}
            update_row(db, "account_memberships", membership_id, changes)
            emit(
                env,
                db,
                "AccountMembership.Updated",
                project_id=membership["project_id"],
                resource_id=membership_id,
            )
            return {**membership, **changes}
        return _move(
            env,
            db,
            membership,
            "BindingUserError",
            "AccountMembership.Updated",
            status_reason=reason,
        )


def _managed_membership(
    db: sqlite_utils.Database, principal: Principal, membership_id: str
) -> dict[str, Any]:
    membership = find_membership(db, principal, membership_id)
    require_permission(db, principal, membership["account_id"], "can_manage_account_membership")
    if membership["legal_representative"]:
        raise Rejected(
            forbidden("The legal representative's membership cannot be suspended or disabled.")
        )
    return membership


def suspend_account_membership(
    env: Environment, principal: Principal, membership_id: str, reason: str | None = None
) -> dict[str, Any]:
    with env.store.atomic() as db:
        membership = _managed_membership(db, principal, membership_id)
        if membership["status"] != "Enabled":
            raise Rejected(
                wrong_status("AccountMembership", membership_id, membership["status"], "Enabled")
            )
        return _move(
            env, db, membership, "Suspended", "AccountMembership.Suspended", status_reason=reason
        )


def resume_account_membership(
    env: Environment, principal: Principal, membership_id: str
) -> dict[str, Any]:
    with env.store.atomic() as db:
        membership = _managed_membership(db, principal, membership_id)
        if membership["status"] != "Suspended":
            raise Rejected(
                wrong_status("AccountMembership", membership_id, membership["status"], "Suspended")
            )
        return _move(
            env, db, membership, "Enabled", "AccountMembership.Resumed", status_reason=None
        )


def disable_account_membership(
    env: Environment, principal: Principal, membership_id: str, reason: str | None = None
) -> dict[str, Any]:
    """Disable for good; a pending consent is canceled and the membership's cards too."""
    with env.store.atomic() as db:
        membership = _managed_membership(db, principal, membership_id)
        if membership["status"] == "Disabled":
            raise Rejected(wrong_status("AccountMembership", membership_id, "Disabled", "Enabled"))
        if membership["status"] == "ConsentPending":
            cancel_consent_in(env, db, membership["consent_id"])
        membership = _move(
            env, db, membership, "Disabled", "AccountMembership.Disabled", status_reason=reason
        )
        for hook in env.wiring.membership_disabled:
            hook(env, db, membership)
        return membership
