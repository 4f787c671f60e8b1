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

from typing import Any

from ...storage import (
    Database,
    get_row,
    rows_where,
    update_columns,
    update_row,
    value_of,
    with_changes,
)
from ...storage.rows import AccountMembershipChanges, AccountMembershipRow, ConsentRow, UserRow
from ..consents.consents import ConsentHandler, cancel_consent_in
from ..kernel.access import membership_scope, require_permission
from ..kernel.context import Environment, Principal
from ..kernel.events import emit
from ..kernel.pagination import Connection, paginate
from ..kernel.queries import by_id, visible_row, with_filters
from ..kernel.rejections import Rejected, rejection, validation, validation_error

__all__ = [
    "MEMBERSHIP_STATUSES",
    "MEMBERSHIP_TRANSITIONS",
    "bad_account_status",
    "bind_account_membership",
    "disable_account_membership",
    "find_membership",
    "get_membership",
    "list_memberships",
    "membership_not_found",
    "not_allowed_to_manage",
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

#: The filters of `accountMemberships` compared for equality, and the permission filters.
_EQUAL_FILTERS = ("account_id", "email", "user_id")
_PERMISSION_FILTERS = (
    "can_view_account",
    "can_manage_beneficiaries",
    "can_initiate_payments",
    "can_manage_account_membership",
    "can_manage_cards",
)
_ORDER_COLUMNS = {"createdAt": "created_at", "updatedAt": "updated_at"}


def membership_not_found(membership_id: str) -> dict[str, Any]:
    return rejection(
        "AccountMembershipNotFoundRejection",
        f"Account membership {membership_id} was not found.",
        id=membership_id,
    )


def bad_account_status(account_id: str, status: str) -> dict[str, Any]:
    return rejection(
        "BadAccountStatusRejection",
        f"Account {account_id} is {status}: the operation needs an Opened account.",
        id=account_id,
    )


def not_allowed_to_manage(membership_id: str) -> dict[str, Any]:
    return rejection(
        "UserNotAllowedToManageAccountMembershipRejection",
        f"Account membership {membership_id} was not found among those the caller may manage "
        "(canManageAccountMembership on its account).",
    )


def _status_invalid(membership: AccountMembershipRow, needed: str) -> dict[str, Any]:
    message = (
        f"Account membership {membership['id']} is {membership['status']}: "
        f"the operation needs {needed}."
    )
    error = validation_error("InvalidType", message, ["input", "accountMembershipId"])
    return validation([error])


def _move(
    env: Environment,
    db: Database,
    membership: AccountMembershipRow,
    status: str,
    event_type: str,
    **extra: Any,
) -> AccountMembershipRow:
    if status not in MEMBERSHIP_TRANSITIONS.get(membership["status"], ()):
        expected = next(
            (source for source, targets in MEMBERSHIP_TRANSITIONS.items() if status in targets),
            "Enabled",
        )
        raise Rejected(_status_invalid(membership, expected))
    changes: dict[str, Any] = {"status": status, "updated_at": env.now(), **extra}
    update_columns(db, "account_memberships", membership["id"], changes)
    emit(env, db, event_type, project_id=membership["project_id"], resource_id=membership["id"])
    return with_changes(membership, changes)


def find_membership(db: Database, principal: Principal, membership_id: str) -> AccountMembershipRow:
    """The membership if the caller sees it, else `AccountMembershipNotFoundRejection`."""
    where, params = membership_scope(principal)
    rows = list(
        rows_where(db, "account_memberships", f"id = ? AND {where}", [membership_id, *params])
    )
    if not rows:
        raise Rejected(membership_not_found(membership_id))
    return rows[0]


def get_membership(
    env: Environment, principal: Principal, membership_id: str
) -> AccountMembershipRow:
    return visible_row(
        rows_where(
            env.store.db, "account_memberships", *by_id(membership_scope(principal), membership_id)
        ),
        "Account membership",
        membership_id,
    )


def list_memberships(
    env: Environment,
    principal: Principal,
    *,
    first: int | None = None,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> Connection:
    """Memberships the caller sees, oldest first unless `order_by` says otherwise; filters
    `account_id`, `email`, `status` (a list), `first_name`, `last_name` (of the identity
    the invitation is restricted to), `search` (part of those, any case) and the five
    permissions (booleans)."""
    filters = filters or {}
    where, params = with_filters(
        membership_scope(principal), filters, equal=_EQUAL_FILTERS, any_of=("status",)
    )
    for permission in _PERMISSION_FILTERS:
        if filters.get(permission) is not None:
            where += f" AND {permission} = ?"
            params.append(int(bool(filters[permission])))
    for key in ("first_name", "last_name"):
        if filters.get(key):
            where += f" AND lower(restricted_{key}) = lower(?)"
            params.append(filters[key])
    if filters.get("search"):
        where += (
            " AND (instr(lower(coalesce(email, '')), lower(?)) > 0"
            " OR instr(lower(coalesce(restricted_first_name, '')), lower(?)) > 0"
            " OR instr(lower(coalesce(restricted_last_name, '')), lower(?)) > 0)"
        )
        params.extend([filters["search"]] * 3)
    order_by = order_by or {}
    column = _ORDER_COLUMNS.get(order_by.get("field") or "createdAt", "created_at")
    return paginate(
        env.store.db,
        "account_memberships",
        where,
        params,
        first=first,
        after=after,
        before=before,
        order=(column, "id"),
        descending=order_by.get("direction") == "Desc",
    )


def _invited(db: Database, consent: ConsentRow) -> list[AccountMembershipRow]:
    """The memberships a consent of `AddAccountMembership(s)` adds (one, or a bulk's)."""
    return list(rows_where(db, "account_memberships", "consent_id = ?", [consent["id"]]))


def _invite(env: Environment, db: Database, consent: ConsentRow) -> None:
    for membership in _invited(db, consent):
        account = get_row(db, "accounts", membership["account_id"])
        if account["status"] != "Opened":
            raise Rejected(bad_account_status(account["id"], account["status"]))
        _move(env, db, membership, "InvitationSent", "AccountMembership.Updated")


def _not_invited(env: Environment, db: Database, consent: ConsentRow, status: str) -> None:
    for membership in _invited(db, consent):
        if membership["status"] == "ConsentPending":
            _move(
                env,
                db,
                membership,
                "Disabled",
                "AccountMembership.Disabled",
                status_reason=f"Consent{status}",
                disabled_at=env.now(),
            )


#: What approving (or not) an `AddAccountMembership(s)` consent does.
CONSENT_HANDLER = ConsentHandler(_invite, _not_invited)


#: The identity an invitation is restricted to, each with the user's column and the flag
#: of `AccountMembershipBindingUserErrorStatusInfo` naming its mismatch.
IDENTITY_CHECKS = (
    ("restricted_phone_number", "phone_number", "phoneNumber"),
    ("restricted_first_name", "first_name", "firstName"),
    ("restricted_last_name", "last_name", "lastName"),
    ("restricted_birth_date", "birth_date", "birthDate"),
)


def _mismatches(membership: AccountMembershipRow, user: UserRow) -> list[str]:
    """The identity fields (`firstName`, ...) where the user differs from the invitation;
    kept as the membership's `status_reason` for its status info."""
    return [
        name
        for restricted, column, name in IDENTITY_CHECKS
        if value_of(membership, restricted)
        and (value_of(user, column) or "").strip().casefold()
        != str(value_of(membership, restricted)).strip().casefold()
    ]


def _bindable(db: Database, principal: Principal, membership_id: str) -> AccountMembershipRow:
    rows = list(
        rows_where(
            db,
            "account_memberships",
            "id = ? AND project_id = ?",
            [membership_id, principal.project_id],
        )
    )
    if not rows:
        raise Rejected(membership_not_found(membership_id))
    membership = rows[0]
    if membership["status"] not in ("InvitationSent", "BindingUserError"):
        raise Rejected(
            rejection(
                "AccountMembershipNotReadyToBeBoundRejection",
                f"Account membership {membership_id} is {membership['status']}: only an "
                "invitation (InvitationSent or BindingUserError) can be bound.",
                id=membership_id,
            )
        )
    account = get_row(db, "accounts", membership["account_id"])
    if account["status"] != "Opened":
        raise Rejected(bad_account_status(account["id"], account["status"]))
    return membership


def bind_account_membership(
    env: Environment, principal: Principal, membership_id: str
) -> AccountMembershipRow:
    """The invited user accepts an invitation (a user token is needed): the membership is
    Enabled when the user matches the identity it is restricted to, else BindingUserError."""
    if principal.user_id is None:
        raise Rejected(
            rejection(
                "RestrictedToUserRejection",
                "Binding a membership needs the invited user's access token.",
            )
        )
    with env.store.atomic() as db:
        membership = _bindable(db, principal, membership_id)
        taken = db.execute(
            "SELECT 1 FROM account_memberships WHERE account_id = ? AND user_id = ? "
            "AND status != 'Disabled' AND id != ?",
            [membership["account_id"], principal.user_id, membership_id],
        ).fetchone()
        if taken:
            raise Rejected(
                rejection(
                    "IdentityAlreadyBindToAccountMembershipRejection",
                    f"The user already has a membership of account {membership['account_id']}.",
                    account_id=membership["account_id"],
                    identity_id=principal.user_id,
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
        reason = ",".join(mismatches)
        if membership["status"] == "BindingUserError":
            changes: AccountMembershipChanges = {"status_reason": reason, "updated_at": env.now()}
            update_row(db, "account_memberships", membership_id, changes)
            emit(
                env,
                db,
                "AccountMembership.Updated",
                project_id=membership["project_id"],
                resource_id=membership_id,
            )
            return with_changes(membership, changes)
        return _move(
            env,
            db,
            membership,
            "BindingUserError",
            "AccountMembership.Updated",
            status_reason=reason,
        )


def managed_membership(
    db: Database, principal: Principal, membership_id: str
) -> AccountMembershipRow:
    """The membership if the caller may manage it, else the real service's
    `UserNotAllowedToManageAccountMembershipRejection` (also for an unknown id, which a
    caller without the permission must not tell from one it may not manage)."""
    try:
        membership = find_membership(db, principal, membership_id)
        require_permission(db, principal, membership["account_id"], "can_manage_account_membership")
    except Rejected as rejected:
        raise Rejected(not_allowed_to_manage(membership_id)) from rejected
    return membership


def suspend_account_membership(
    env: Environment, principal: Principal, membership_id: str
) -> AccountMembershipRow:
    with env.store.atomic() as db:
        membership = managed_membership(db, principal, membership_id)
        if membership["legal_representative"]:
            raise Rejected(
                rejection(
                    "LegalRepresentativeAccountMembershipCannotBeSuspendedRejection",
                    "The legal representative's membership cannot be suspended.",
                    id=membership_id,
                )
            )
        if membership["user_id"] is not None and membership["user_id"] == principal.user_id:
            raise Rejected(
                rejection(
                    "UserNotAllowedToSuspendItsOwnAccountMembershipRejection",
                    "A user cannot suspend its own membership.",
                    account_membership_id=membership_id,
                )
            )
        if membership["status"] != "Enabled":
            raise Rejected(_status_invalid(membership, "Enabled"))
        return _move(
            env,
            db,
            membership,
            "Suspended",
            "AccountMembership.Suspended",
            status_reason="Suspended by the account's manager.",
        )


def disable_account_membership(
    env: Environment, principal: Principal, membership_id: str
) -> AccountMembershipRow:
    """Disable for good; a pending consent is canceled and the membership's cards too."""
    with env.store.atomic() as db:
        membership = find_membership(db, principal, membership_id)
        require_permission(db, principal, membership["account_id"], "can_manage_account_membership")
        if membership["legal_representative"]:
            raise Rejected(
                rejection(
                    "LegalRepresentativeAccountMembershipCannotBeDisabledRejection",
                    "The legal representative's membership cannot be disabled.",
                    account_membership_id=membership_id,
                )
            )
        if membership["user_id"] is not None and membership["user_id"] == principal.user_id:
            raise Rejected(
                rejection(
                    "UserNotAllowedToDisableItsOwnAccountMembershipRejection",
                    "A user cannot disable its own membership.",
                    account_membership_id=membership_id,
                )
            )
        if membership["status"] == "Disabled":
            raise Rejected(
                rejection(
                    "AccountMembershipCannotBeDisabledRejection",
                    f"Account membership {membership_id} is already Disabled.",
                    account_membership_id=membership_id,
                )
            )
        shared = db["account_memberships"].count_where(
            "consent_id = ? AND id != ?", [membership["consent_id"], membership_id]
        )
        if membership["status"] == "ConsentPending" and not shared:
            cancel_consent_in(env, db, membership["consent_id"])
        # An update or a resume waiting for consent will never apply.
        cancel_consent_in(env, db, membership.get("pending_consent_id"))
        membership = _move(
            env,
            db,
            membership,
            "Disabled",
            "AccountMembership.Disabled",
            status_reason="Disabled by the account's manager.",
            disabled_at=env.now(),
        )
        for hook in env.wiring.membership_disabled:
            hook(env, db, membership)
        return membership
