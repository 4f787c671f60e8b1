"""Account memberships: queries and the membership mutations."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable
from graphql import GraphQLResolveInfo

from ...domain import cards as card_domain
from ...domain import memberships as domain
from ...domain.access import PERMISSIONS
from ..mutations import returns_rejections
from . import mutation, query
from ._helpers import (
    caller,
    connection_resolver,
    consent_row,
    item_resolver,
    row_resolver,
    status_info,
)

membership = ObjectType("AccountMembership")
bindables: list[SchemaBindable] = [membership]


query.set_field("accountMembership", item_resolver(domain.get_membership))
query.set_field("accountMemberships", connection_resolver(domain.list_memberships))
membership.set_field("account", row_resolver("accounts", "account_id"))
membership.set_field(
    "cards",
    connection_resolver(card_domain.list_cards, lambda row: {"account_membership_id": row["id"]}),
)


@membership.field("restrictedTo")
def resolve_restricted_to(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    return {
        "first_name": row.get("restricted_first_name"),
        "last_name": row.get("restricted_last_name"),
        "phone_number": row.get("restricted_phone_number"),
        "birth_date": row.get("restricted_birth_date"),
    }


def _flag(name: str) -> Any:
    def resolve(row: dict[str, Any], _: GraphQLResolveInfo) -> bool:
        return bool(row.get(name))

    return resolve


for _permission in (*PERMISSIONS, "legal_representative"):
    _field = "".join(
        part if index == 0 else part.capitalize()
        for index, part in enumerate(_permission.split("_"))
    )
    membership.set_field(_field, _flag(_permission))


@membership.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return status_info(
        "AccountMembership",
        row,
        consent=consent_row(env, row.get("consent_id")),
        reason=row.get("status_reason"),
    )


@mutation.field("addAccountMembership")
@returns_rejections
def resolve_add(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    added, consent = domain.add_account_membership(
        env,
        principal,
        input["account_id"],
        email=input["email"],
        restricted_to=input.get("restricted_to"),
        permissions={name: bool(input.get(name)) for name in PERMISSIONS},
        consent_redirect_url=input["consent_redirect_url"],
    )
    return {
        "__typename": "AddAccountMembershipSuccessPayload",
        "account_membership": added,
        "consent": consent,
    }


def _payload(name: str, row: dict[str, Any]) -> dict[str, Any]:
    return {"__typename": f"{name}AccountMembershipSuccessPayload", "account_membership": row}


@mutation.field("suspendAccountMembership")
@returns_rejections
def resolve_suspend(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.suspend_account_membership(
        env, principal, input["account_membership_id"], input.get("reason")
    )
    return _payload("Suspend", row)


@mutation.field("resumeAccountMembership")
@returns_rejections
def resolve_resume(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return _payload(
        "Resume", domain.resume_account_membership(env, principal, input["account_membership_id"])
    )


@mutation.field("disableAccountMembership")
@returns_rejections
def resolve_disable(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.disable_account_membership(
        env, principal, input["account_membership_id"], input.get("reason")
    )
    return _payload("Disable", row)


@mutation.field("bindAccountMembership")
@returns_rejections
def resolve_bind(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return _payload(
        "Bind", domain.bind_account_membership(env, principal, input["account_membership_id"])
    )
