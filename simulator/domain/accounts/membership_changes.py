"""Account membership changes that need a consent, and invitations.

| mutation | consent purpose | on acceptance |
|---|---|---|
| `addAccountMembership` | AddAccountMembership | ConsentPending -> InvitationSent |
| `addAccountMemberships` | AddAccountMemberships (one for all) | each -> InvitationSent |
| `updateAccountMembership` | UpdateAccountMembership | the changes apply (.Updated) |
| `resumeAccountMembership` | ResumeAccountMembership | Suspended -> Enabled (.Resumed) |

`sendAccountMembershipInviteNotification` sends an invitation again (at most
`DAILY_INVITATIONS` a day of the virtual clock for one membership).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from ...clock import format_timestamp, parse_timestamp
from ...exceptions import ConfigurationError
from ...storage import Database, get_row, insert_columns, insert_row, update_row, with_changes
from ...storage.rows import (
    AccountMembershipChanges,
    AccountMembershipRow,
    ConsentRow,
)
from ..consents.consents import ConsentHandler, open_consent
from ..kernel.access import PERMISSIONS, require_permission, user_membership
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.rejections import Rejected, rejection
from ..kernel.validation import Checks
from ..users.users import validate_birth_date, validate_phone_number
from .account_lifecycle import consent_user, find_account
from .membership_details import checked_details, require_birth_date, require_may_send
from .memberships import bad_account_status, managed_membership

__all__ = [
    "DAILY_INVITATIONS",
    "MAX_MEMBERSHIPS_PER_CALL",
    "RESUME_HANDLER",
    "UPDATE_HANDLER",
    "add_account_memberships",
    "resume_account_membership",
    "send_invitation",
    "update_account_membership",
]

#: The most memberships one `addAccountMemberships` call adds (a simulator choice).
MAX_MEMBERSHIPS_PER_CALL = 100
#: The most invitations sent again for one membership in a day of the virtual clock.
DAILY_INVITATIONS = 5
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


@contextmanager
def _account_rejections() -> Iterator[None]:
    """The account checks' rejections as the membership mutations' unions have them: an
    account the caller cannot see or act on is forbidden, one not Opened a bad status."""
    try:
        yield
    except Rejected as rejected:
        payload = rejected.payload
        kind = payload["__typename"]
        if kind == "AccountNotFoundRejection":
            raise Rejected(rejection("ForbiddenRejection", payload["message"])) from None
        if kind == "AccountWrongStatusRejection":
            account_id = payload.get("account_id") or payload.get("id") or ""
            status = payload.get("current_status", "not Opened")
            raise Rejected(bad_account_status(account_id, status)) from None
        raise


def _restricted_to(checks: Checks, data: dict[str, Any], path: list[str | int]) -> dict[str, Any]:
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
        raise Rejected(
            rejection(
                "MissingPhoneNumberRestrictionRejection",
                "An invitation must be restricted to a phone number (restrictedTo.phoneNumber).",
            )
        )
    try:
        result["restricted_phone_number"] = validate_phone_number(phone)
    except ConfigurationError as error:
        raise Rejected(rejection("InvalidPhoneNumberRejection", str(error))) from None
    if data.get("birth_date"):
        try:
            result["restricted_birth_date"] = validate_birth_date(str(data["birth_date"]))
        except ConfigurationError as error:
            checks.fail("InvalidFormat", str(error), [*path, "birthDate"])
    return result


def _member_row(checks: Checks, info: dict[str, Any], path: list[str | int]) -> dict[str, Any]:
    """The columns of one invited member, checked (`info` is a `MembershipInfoInput`)."""
    mail = checks.text(info.get("email"), [*path, "email"], max_length=254)
    if mail is not None and not _EMAIL.match(mail):
        checks.fail("InvalidFormat", f"Not an e-mail address: {mail!r}.", [*path, "email"])
    identity = _restricted_to(checks, info.get("restricted_to") or {}, [*path, "restrictedTo"])
    granted = {name: int(bool(info.get(name))) for name in PERMISSIONS}
    details = checked_details(checks, {**info, "spending_limit": None}, path)
    return {"email": mail, "language": info.get("language"), **granted, **identity, **details}


def _check_grants(
    db: Database,
    principal: Principal,
    account_id: str,
    rows: Sequence[Mapping[str, Any]],
) -> None:
    """A user cannot grant a permission it does not hold itself."""
    if principal.user_id is None:
        return
    own: Mapping[str, Any] = user_membership(db, principal.user_id, account_id) or {}
    beyond = sorted(
        {name for row in rows for name in PERMISSIONS if row[name] and not own.get(name)}
    )
    if beyond:
        raise Rejected(
            rejection(
                "PermissionCannotBeGrantedRejection",
                f"You cannot grant permissions you do not hold: {', '.join(beyond)}.",
            )
        )


def add_account_memberships(
    env: Environment,
    principal: Principal,
    account_id: str,
    members: list[dict[str, Any]],
    consent_redirect_url: str | None,
    *,
    bulk: bool,
) -> list[AccountMembershipRow]:
    """Invite people to an account with one consent (purpose `AddAccountMembership` for one
    member, `AddAccountMemberships` for a bulk call): the memberships are ConsentPending."""
    if bulk and len(members) > MAX_MEMBERSHIPS_PER_CALL:
        raise Rejected(
            rejection(
                "TooManyItemsRejection",
                f"At most {MAX_MEMBERSHIPS_PER_CALL} memberships in one call, got {len(members)}.",
            )
        )
    checks = Checks()
    if not consent_redirect_url:
        checks.fail("Missing", "This field is required.", ["input", "consentRedirectUrl"])
    url = checks.url(consent_redirect_url, ["input", "consentRedirectUrl"])
    prefix: list[str | int] = ["input", "memberships"] if bulk else ["input"]
    rows = [
        _member_row(checks, info, [*prefix, index] if bulk else prefix)
        for index, info in enumerate(members)
    ]
    checks.raise_if_any()
    with _account_rejections(), env.store.atomic() as db:
        account = find_account(db, principal, account_id)
        require_permission(db, principal, account_id, "can_manage_account_membership")
        if account["status"] != "Opened":
            raise Rejected(bad_account_status(account_id, account["status"]))
        _check_grants(db, principal, account_id, rows)
        ids = []
        for row in rows:
            now = env.now()
            membership: dict[str, Any] = {
                "id": env.new_id(db, "account_membership"),
                "project_id": account["project_id"],
                "account_id": account_id,
                "user_id": None,
                "legal_representative": 0,
                "status": "ConsentPending",
                "created_at": now,
                "updated_at": now,
                **row,
            }
            insert_columns(db, "account_memberships", membership)
            emit(
                env,
                db,
                "AccountMembership.Created",
                project_id=account["project_id"],
                resource_id=membership["id"],
            )
            ids.append(membership["id"])

        def link(consent_id: str) -> None:
            for membership_id in ids:
                update_row(db, "account_memberships", membership_id, {"consent_id": consent_id})

        open_consent(
            env,
            db,
            project_id=account["project_id"],
            purpose="AddAccountMemberships" if bulk else "AddAccountMembership",
            redirect_url=str(url),
            user_id=consent_user(db, principal, account_id),
            # A bulk consent is about the account whose memberships it adds.
            resource_id=account_id if bulk else ids[0],
            link=link,
        )
        return [get_row(db, "account_memberships", membership_id) for membership_id in ids]


# -- update and resume: a consent first -----------------------------------------------------


def _open_change(
    env: Environment,
    db: Database,
    principal: Principal,
    membership: AccountMembershipRow,
    purpose: str,
    redirect_url: str,
    pending_update: dict[str, Any] | None = None,
) -> ConsentRow:
    def link(consent_id: str) -> None:
        changes: AccountMembershipChanges = {
            "pending_consent_id": consent_id,
            "pending_update": json.dumps(pending_update) if pending_update is not None else None,
        }
        update_row(db, "account_memberships", membership["id"], changes)

    # A Sandbox user with auto-consent approves at once: the change is already applied.
    return open_consent(
        env,
        db,
        project_id=membership["project_id"],
        purpose=purpose,
        redirect_url=redirect_url,
        user_id=consent_user(db, principal, membership["account_id"]),
        resource_id=membership["id"],
        link=link,
    )


def _check_redirect(url: str | None) -> str:
    checks = Checks()
    checked = checks.url(url, ["input", "consentRedirectUrl"])
    checks.raise_if_any()
    return str(checked)


def _update_changes(
    checks: Checks, membership: AccountMembershipRow, fields: dict[str, Any]
) -> dict[str, Any]:
    """The columns `fields` (an `UpdateAccountMembershipInput`) change."""
    changes: dict[str, Any] = {
        name: int(bool(fields[name])) for name in PERMISSIONS if fields.get(name) is not None
    }
    if fields.get("email") is not None:
        if not _EMAIL.match(str(fields["email"])):
            checks.fail("InvalidFormat", "Not an e-mail address.", ["input", "email"])
        changes["email"] = fields["email"]
    if fields.get("language") is not None:
        changes["language"] = fields["language"]
    identity = fields.get("restricted_to") or {}
    for key in ("first_name", "last_name"):
        if identity.get(key):
            changes[f"restricted_{key}"] = identity[key]
    if identity.get("phone_number"):
        try:
            changes["restricted_phone_number"] = validate_phone_number(identity["phone_number"])
        except ConfigurationError as error:
            raise Rejected(rejection("InvalidPhoneNumberRejection", str(error))) from None
    if identity.get("birth_date"):
        changes["restricted_birth_date"] = str(identity["birth_date"])
    changes.update(checked_details(checks, fields, ["input"]))
    if membership["legal_representative"]:
        if "email" in changes:
            raise Rejected(
                rejection(
                    "LegalRepresentativeEmailCannotBeUpdatedRejection",
                    "The legal representative's e-mail cannot be updated.",
                )
            )
        if any(name in changes for name in PERMISSIONS):
            raise Rejected(
                rejection(
                    "LegalRepresentativePermissionsCannotBeUpdatedRejection",
                    "The legal representative's permissions cannot be updated.",
                )
            )
    return changes


def update_account_membership(
    env: Environment, principal: Principal, membership_id: str, fields: dict[str, Any]
) -> ConsentRow:
    """Open the consent that applies `fields` to the membership; returns the consent."""
    url = _check_redirect(fields.get("consent_redirect_url"))
    with env.store.atomic() as db:
        membership = managed_membership(db, principal, membership_id)
        if membership["status"] == "Disabled":
            raise Rejected(
                rejection(
                    "AccountMembershipCannotBeUpdatedRejection",
                    f"Account membership {membership_id} is Disabled.",
                    id=membership_id,
                )
            )
        if membership["status"] == "ConsentPending" or membership.get("pending_consent_id"):
            raise Rejected(
                rejection(
                    "AccountMembershipNotReadyToBeUpdatedRejection",
                    f"Account membership {membership_id} is waiting for another consent.",
                )
            )
        checks = Checks()
        changes = _update_changes(checks, membership, fields)
        checks.raise_if_any()
        require_birth_date(db, membership, changes)
        _check_grants(db, principal, membership["account_id"], [with_changes(membership, changes)])
        return _open_change(env, db, principal, membership, "UpdateAccountMembership", url, changes)


def resume_account_membership(
    env: Environment, principal: Principal, membership_id: str, redirect_url: str
) -> ConsentRow:
    """Open the consent that enables a Suspended membership again; returns the consent."""
    url = _check_redirect(redirect_url)
    with env.store.atomic() as db:
        membership = managed_membership(db, principal, membership_id)
        if membership["status"] != "Suspended" or membership.get("pending_consent_id"):
            raise Rejected(
                rejection(
                    "ForbiddenRejection",
                    f"Account membership {membership_id} is {membership['status']}: only a "
                    "Suspended membership with no consent waiting can be resumed.",
                )
            )
        return _open_change(env, db, principal, membership, "ResumeAccountMembership", url)


def _pending(db: Database, consent: ConsentRow) -> AccountMembershipRow:
    return get_row(db, "account_memberships", consent["resource_id"])


def _apply_update(env: Environment, db: Database, consent: ConsentRow) -> None:
    membership = _pending(db, consent)
    if membership["status"] == "Disabled":
        raise Rejected(
            rejection("ForbiddenRejection", f"Account membership {membership['id']} is Disabled.")
        )
    changes = json.loads(membership["pending_update"] or "{}")
    changes.update(pending_update=None, pending_consent_id=None, updated_at=env.now())
    update_row(db, "account_memberships", membership["id"], changes)
    emit(
        env,
        db,
        "AccountMembership.Updated",
        project_id=membership["project_id"],
        resource_id=membership["id"],
    )


def _apply_resume(env: Environment, db: Database, consent: ConsentRow) -> None:
    membership = _pending(db, consent)
    if membership["status"] != "Suspended":
        raise Rejected(
            rejection(
                "ForbiddenRejection", f"Account membership {membership['id']} is not Suspended."
            )
        )
    changes: AccountMembershipChanges = {
        "status": "Enabled",
        "status_reason": None,
        "pending_consent_id": None,
        "updated_at": env.now(),
    }
    update_row(db, "account_memberships", membership["id"], changes)
    emit(
        env,
        db,
        "AccountMembership.Resumed",
        project_id=membership["project_id"],
        resource_id=membership["id"],
    )


def _forget(env: Environment, db: Database, consent: ConsentRow, _: str) -> None:
    membership = _pending(db, consent)
    if membership.get("pending_consent_id") == consent["id"]:
        update_row(
            db,
            "account_memberships",
            membership["id"],
            {"pending_consent_id": None, "pending_update": None},
        )


#: What approving (or not) the consent of an update, and of a resume, does.
UPDATE_HANDLER = ConsentHandler(_apply_update, _forget)
RESUME_HANDLER = ConsentHandler(_apply_resume, _forget)


def send_invitation(
    env: Environment, principal: Principal, membership_id: str, redirect_url: str | None
) -> str:
    """Send an invitation again; returns the notification request's id. A custom
    `redirect_url` must be one of the project's redirect URIs; a user cannot send an
    invitation restricted to its own phone number."""
    if redirect_url:
        _check_redirect(redirect_url)
    with env.store.atomic() as db:
        membership = managed_membership(db, principal, membership_id)
        require_may_send(db, principal, membership, redirect_url)
        if membership["status"] not in ("InvitationSent", "BindingUserError"):
            raise Rejected(
                rejection(
                    "AccountMembershipStatusNotEligibleRejection",
                    f"Account membership {membership_id} is {membership['status']}: only an "
                    "invitation (InvitationSent or BindingUserError) can be sent again.",
                )
            )
        now = env.now()
        since = format_timestamp(parse_timestamp(now) - timedelta(days=1))
        sent = db["membership_invitations"].count_where(
            "account_membership_id = ? AND created_at > ?", [membership_id, since]
        )
        if sent >= DAILY_INVITATIONS:
            raise Rejected(
                rejection(
                    "MaximumDailyInvitationsReachedRejection",
                    f"At most {DAILY_INVITATIONS} invitations a day for one membership.",
                )
            )
        invitation_id = env.new_id(db, "invitation")
        insert_row(
            db,
            "membership_invitations",
            {
                "id": invitation_id,
                "project_id": membership["project_id"],
                "account_membership_id": membership_id,
                "redirect_url": redirect_url,
                "created_at": now,
            },
        )
        return invitation_id
