"""Accounts and account holders: queries, nested lists, updateAccount and closeAccount."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable
from graphql import GraphQLResolveInfo

from ...domain import account_lifecycle, holders
from ...domain import accounts as domain
from ...domain import cards as card_domain
from ...domain import memberships as membership_domain
from ...domain import payments as payment_domain
from ...domain import transactions as transaction_domain
from ...storage import text
from ..connections import connection
from ..mutations import returns_rejections
from . import mutation, query
from ._helpers import (
    caller,
    connection_resolver,
    item_resolver,
    normalized_filters,
    transaction_node,
)

account = ObjectType("Account")
holder = ObjectType("AccountHolder")
bindables: list[SchemaBindable] = [account, holder]

_STATUS_TYPES = {
    "Opened": "AccountOpenedStatus",
    "Suspended": "AccountSuspendedStatus",
    "Closing": "AccountClosingStatus",
    "Closed": "AccountClosedStatus",
}


query.set_field("accounts", connection_resolver(domain.list_accounts))
query.set_field("account", item_resolver(domain.get_account))
query.set_field("accountHolders", connection_resolver(holders.list_holders))
query.set_field("accountHolder", item_resolver(holders.get_holder))


def _of_account(row: dict[str, Any]) -> dict[str, Any]:
    return {"account_id": row["id"]}


@account.field("statusInfo")
def resolve_status_info(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    return {
        "__typename": _STATUS_TYPES[row["status"]],
        "status": row["status"],
        "opened_at": row.get("opened_at"),
        "closed_at": row.get("closed_at"),
        "closes_at": row.get("closes_at"),
        "reason": row.get("status_reason"),
    }


@account.field("balances")
def resolve_balances(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    balances = domain.account_balances(env, row)
    return {name: {"value": value, "currency": row["currency"]} for name, value in balances.items()}


@account.field("holder")
def resolve_holder(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return domain.get_account_holder(env, row["project_id"], row["holder_id"])


account.set_field(
    "memberships", connection_resolver(membership_domain.list_memberships, _of_account)
)
account.set_field("cards", connection_resolver(card_domain.list_cards, _of_account))
account.set_field("payments", connection_resolver(payment_domain.list_payments, _of_account))


def transactions_connection(
    info: GraphQLResolveInfo,
    scope: dict[str, Any],
    first: int | None,
    after: str | None,
    filters: dict[str, Any] | None,
    order_by: dict[str, Any] | None,
) -> dict[str, Any]:
    """A transaction connection with `scope` (e.g. the account id) overriding the filters."""
    env, principal = caller(info)
    merged = {
        **normalized_filters(filters, "is_after_execution_date", "is_before_execution_date"),
        **scope,
    }
    page = transaction_domain.list_transactions(
        env,
        principal,
        first=first,
        after=after,
        filters=merged,
        descending=(order_by or {}).get("direction") == "Desc",
    )
    return connection(page, transaction_node)


@account.field("transactions")
def resolve_account_transactions(
    row: dict[str, Any],
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {"account_id": row["id"]}, first, after, filters, order_by)


@holder.field("name")
def resolve_holder_name(row: dict[str, Any], _: GraphQLResolveInfo) -> str:
    if row["type"] == "Company":
        return text(row, "company_name")
    return f"{row['first_name']} {row['last_name']}"


holder.set_field(
    "accounts",
    connection_resolver(domain.list_accounts, lambda row: {"account_holder_id": row["id"]}),
)


@mutation.field("updateAccount")
@returns_rejections
def resolve_update_account(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, principal = caller(info)
    updated = account_lifecycle.update_account(
        env, principal, input["account_id"], name=input.get("name"), language=input.get("language")
    )
    return {"__typename": "UpdateAccountSuccessPayload", "account": updated}


@mutation.field("closeAccount")
@returns_rejections
def resolve_close_account(
    _: Any, info: GraphQLResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    env, principal = caller(info)
    closing, consent = account_lifecycle.close_account(
        env,
        principal,
        input["account_id"],
        consent_redirect_url=input["consent_redirect_url"],
        reason=input.get("reason"),
    )
    return {"__typename": "CloseAccountSuccessPayload", "account": closing, "consent": consent}
