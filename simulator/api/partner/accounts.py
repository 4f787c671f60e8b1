"""Accounts and account holders."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from graphql import GraphQLResolveInfo

from ...domain import accounts as domain
from ..connections import connection
from ..context import RequestContext
from . import query

account = ObjectType("Account")
holder = ObjectType("AccountHolder")
bindables = [account, holder]

_STATUS_TYPES = {
    "Opened": "AccountOpenedStatus",
    "Suspended": "AccountSuspendedStatus",
    "Closing": "AccountClosingStatus",
    "Closed": "AccountClosedStatus",
}


@query.field("accounts")
def resolve_accounts(
    _: Any, info: GraphQLResolveInfo, first: int | None = None, after: str | None = None
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return connection(
        domain.list_accounts(ctx.environment, ctx.principal, first=first, after=after)
    )


@query.field("account")
def resolve_account(_: Any, info: GraphQLResolveInfo, account_id: str) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return domain.get_account(ctx.environment, ctx.principal, account_id)


@account.field("statusInfo")
def resolve_status_info(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    return {
        "__typename": _STATUS_TYPES[row["status"]],
        "status": row["status"],
        "opened_at": row.get("opened_at"),
        "closed_at": row.get("closed_at"),
        "reason": row.get("status_reason"),
    }


@account.field("balances")
def resolve_balances(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    ctx: RequestContext = info.context
    balances = domain.account_balances(ctx.environment, row)
    return {name: {"value": value, "currency": row["currency"]} for name, value in balances.items()}


@account.field("holder")
def resolve_holder(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    ctx: RequestContext = info.context
    return domain.get_account_holder(ctx.environment, row["project_id"], row["holder_id"])


@holder.field("name")
def resolve_holder_name(row: dict[str, Any], _: GraphQLResolveInfo) -> str:
    if row["type"] == "Company":
        return row["company_name"]
    return f"{row['first_name']} {row['last_name']}"
