"""Account memberships: queries and the membership mutations."""

from __future__ import annotations

from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.accounts import membership_changes as changes
from ....domain.accounts import memberships as domain
from ....domain.kernel.access import PERMISSIONS
from ....exceptions import NotFound
from ....graphql_compat import ResolveInfo
from ....storage.rows import AccountMembershipRow
from ...connections import connection
from ...mutations import required_input, returns_rejections
from .._helpers import caller, consent_row, row_resolver

query = QueryType()
mutation = MutationType()

membership = ObjectType("AccountMembership")
status_info_type = InterfaceType("AccountMembershipStatusInfo")
bindables: list[SchemaBindable] = [query, mutation, membership, status_info_type]


@status_info_type.type_resolver
def resolve_status_info_type(obj: dict[str, Any], *_: Any) -> str:
    return str(obj["__typename"])


@query.field("accountMembership")
def resolve_membership(_: Any, info: ResolveInfo, id: str) -> AccountMembershipRow | None:
    env, principal = caller(info)
    try:
        return domain.get_membership(env, principal, id)
    except NotFound:
        return None


@query.field("accountMemberships")
def resolve_memberships(
    _: Any,
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = domain.list_memberships(
        env, principal, first=first, after=after, before=before, filters=filters, order_by=order_by
    )
    return connection(page)


def resolve_account_memberships(
    account: dict[str, Any],
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """`Account.memberships`: the account's memberships the caller sees."""
    scoped = {**(filters or {}), "account_id": account["id"]}
    page: dict[str, Any] = resolve_memberships(
        account, info, first, after, before, scoped, order_by
    )
    return page


membership.set_field("account", row_resolver("accounts", "account_id"))
membership.set_field("user", row_resolver("users", "user_id"))


@membership.field("email")
def resolve_email(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row.get("email") or "")


@membership.field("version")
def resolve_version(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["updated_at"])


def _flag(name: str) -> Any:
    def resolve(row: dict[str, Any], _: ResolveInfo) -> bool:
        return bool(row.get(name))

    return resolve


for _permission in (*PERMISSIONS, "legal_representative"):
    _field = "".join(
        part if index == 0 else part.capitalize()
        for index, part in enumerate(_permission.split("_"))
    )
    membership.set_field(_field, _flag(_permission))


def restricted_to(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "first_name": row.get("restricted_first_name") or "",
        "last_name": row.get("restricted_last_name") or "",
        "phone_number": row.get("restricted_phone_number"),
        "birth_date": row.get("restricted_birth_date"),
    }


@membership.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = row["status"]
    result: dict[str, Any] = {
        "__typename": f"AccountMembership{status}StatusInfo",
        "status": status,
    }
    if status in ("ConsentPending", "InvitationSent", "BindingUserError"):
        result["restricted_to"] = restricted_to(row)
    if status == "ConsentPending":
        result["consent"] = consent_row(env, row.get("consent_id"))
    elif status == "BindingUserError":
        mismatches = str(row.get("status_reason") or "").split(",")
        for _, column, name in domain.IDENTITY_CHECKS:
            result[f"{column}_match_error"] = name in mismatches
        result["email_verified_match_error"] = False
        result["id_verified_match_error"] = False
    elif status in ("Suspended", "Disabled"):
        result["reason"] = row.get("status_reason") or status
    return result


def _members(input: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "email": item.get("email"),
            "restricted_to": item.get("restricted_to"),
            "language": item.get("language"),
            "residency_address": item.get("residency_address"),
            "tax_identification_number": item.get("tax_identification_number"),
            **{name: item.get(name) for name in PERMISSIONS},
        }
        for item in input.get("memberships", [input])
    ]


@mutation.field("addAccountMembership")
@returns_rejections
def resolve_add(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    (added,) = changes.add_account_memberships(
        env,
        principal,
        input["account_id"],
        _members(input),
        input.get("consent_redirect_url"),
        bulk=False,
    )
    return {"__typename": "AddAccountMembershipSuccessPayload", "account_membership": added}


@mutation.field("addAccountMemberships")
@returns_rejections
def resolve_add_many(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    added = changes.add_account_memberships(
        env,
        principal,
        input["account_id"],
        _members(input),
        input.get("consent_redirect_url"),
        bulk=True,
    )
    return {"__typename": "AddAccountMembershipsSuccessPayload", "account_memberships": added}


@mutation.field("updateAccountMembership")
@returns_rejections
def resolve_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    consent = changes.update_account_membership(
        env, principal, input["account_membership_id"], input
    )
    return {"__typename": "UpdateAccountMembershipSuccessPayload", "consent": consent}


def _payload(name: str, row: AccountMembershipRow) -> dict[str, Any]:
    return {"__typename": f"{name}AccountMembershipSuccessPayload", "account_membership": row}


@mutation.field("suspendAccountMembership")
@returns_rejections
def resolve_suspend(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.suspend_account_membership(env, principal, input["account_membership_id"])
    return _payload("Suspend", row)


@mutation.field("resumeAccountMembership")
@returns_rejections
def resolve_resume(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    consent = changes.resume_account_membership(
        env, principal, input["account_membership_id"], input["consent_redirect_url"]
    )
    return {"__typename": "ResumeAccountMembershipSuccessPayload", "consent": consent}


@mutation.field("disableAccountMembership")
@returns_rejections
def resolve_disable(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    input = required_input(input)
    env, principal = caller(info)
    row = domain.disable_account_membership(env, principal, input["account_membership_id"])
    return _payload("Disable", row)


@mutation.field("bindAccountMembership")
@returns_rejections
def resolve_bind(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return _payload(
        "Bind", domain.bind_account_membership(env, principal, input["account_membership_id"])
    )


@mutation.field("sendAccountMembershipInviteNotification")
@returns_rejections
def resolve_send_invitation(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    request_id = changes.send_invitation(
        env, principal, input["account_membership_id"], input.get("redirect_url")
    )
    return {
        "__typename": "SendAccountMembershipInviteNotificationSuccessPayload",
        "notification_request_id": request_id,
    }
