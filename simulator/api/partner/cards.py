"""Cards: queries and the card mutations."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable
from graphql import GraphQLResolveInfo

from ...domain import cards as domain
from ..mutations import returns_rejections
from . import mutation, query
from ._helpers import (
    amount,
    caller,
    connection_resolver,
    consent_row,
    item_resolver,
    row_resolver,
    status_info,
)
from .accounts import transactions_connection

card = ObjectType("Card")
bindables: list[SchemaBindable] = [card]

_SWITCHES = ("withdrawal", "international", "non_main_currency_transactions", "e_commerce")


query.set_field("card", item_resolver(domain.get_card))
query.set_field("cards", connection_resolver(domain.list_cards))
card.set_field("account", row_resolver("accounts", "account_id"))
card.set_field("accountMembership", row_resolver("account_memberships", "account_membership_id"))


@card.field("cardMaskedNumber")
def resolve_masked_number(row: dict[str, Any], _: GraphQLResolveInfo) -> str | None:
    return row.get("masked_number")


def _switch(name: str) -> Any:
    def resolve(row: dict[str, Any], _: GraphQLResolveInfo) -> bool:
        return bool(row.get(name))

    return resolve


card.set_field("withdrawal", _switch("withdrawal"))
card.set_field("international", _switch("international"))
card.set_field("nonMainCurrencyTransactions", _switch("non_main_currency_transactions"))
card.set_field("eCommerce", _switch("e_commerce"))


@card.field("spendingLimit")
def resolve_spending_limit(row: dict[str, Any], _: GraphQLResolveInfo) -> dict[str, Any]:
    return {
        "amount": amount(row["spending_limit_value"], row["spending_limit_currency"]),
        "period": row["spending_limit_period"],
    }


@card.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return status_info(
        "Card",
        row,
        consent=consent_row(env, row.get("consent_id")),
        enabled_at=row.get("enabled_at"),
        canceled_at=row.get("canceled_at"),
        reason=row.get("status_reason"),
    )


@card.field("transactions")
def resolve_transactions(
    row: dict[str, Any],
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return transactions_connection(info, {"card_id": row["id"]}, first, after, filters, order_by)


@mutation.field("addCard")
@returns_rejections
def resolve_add_card(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    switches = {name: input[name] for name in _SWITCHES if input.get(name) is not None}
    added, consent = domain.add_card(
        env,
        principal,
        input["account_membership_id"],
        consent_redirect_url=input["consent_redirect_url"],
        card_type=input.get("type") or "Virtual",
        name=input.get("name"),
        spending_limit=input.get("spending_limit"),
        **switches,
    )
    return {"__typename": "AddCardSuccessPayload", "card": added, "consent": consent}


@mutation.field("updateCard")
@returns_rejections
def resolve_update_card(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    changes = {key: value for key, value in input.items() if key != "card_id"}
    updated = domain.update_card(env, principal, input["card_id"], changes)
    return {"__typename": "UpdateCardSuccessPayload", "card": updated}


@mutation.field("suspendCard")
@returns_rejections
def resolve_suspend_card(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return {
        "__typename": "SuspendCardSuccessPayload",
        "card": domain.suspend_card(env, principal, input["card_id"]),
    }


@mutation.field("resumeCard")
@returns_rejections
def resolve_resume_card(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return {
        "__typename": "ResumeCardSuccessPayload",
        "card": domain.resume_card(env, principal, input["card_id"]),
    }


@mutation.field("cancelCard")
@returns_rejections
def resolve_cancel_card(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    return {
        "__typename": "CancelCardSuccessPayload",
        "card": domain.cancel_card(env, principal, input["card_id"]),
    }
