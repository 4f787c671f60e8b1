"""Payments and initiateCreditTransfers."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable
from graphql import GraphQLResolveInfo

from ...domain import payments as domain
from ..mutations import returns_rejections
from . import mutation, query
from ._helpers import (
    caller,
    connection_resolver,
    consent_row,
    item_resolver,
    row_resolver,
    status_info,
    transaction_node,
)

payment = ObjectType("Payment")
bindables: list[SchemaBindable] = [payment]


query.set_field("payment", item_resolver(domain.get_payment))
query.set_field("payments", connection_resolver(domain.list_payments))
payment.set_field("account", row_resolver("accounts", "account_id"))


@payment.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return status_info(
        "Payment",
        row,
        consent=consent_row(env, row.get("consent_id")),
        reason=row.get("status_reason"),
    )


@payment.field("transactions")
def resolve_transactions(row: dict[str, Any], info: GraphQLResolveInfo) -> list[dict[str, Any]]:
    env, _ = caller(info)
    return [transaction_node(tx) for tx in domain.payment_transactions(env, row["id"])]


@mutation.field("initiateCreditTransfers")
@returns_rejections
def resolve_initiate(_: Any, info: GraphQLResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    initiated, consent = domain.initiate_credit_transfers(
        env,
        principal,
        input["account_id"],
        credit_transfers=input.get("credit_transfers") or [],
        consent_redirect_url=input["consent_redirect_url"],
        idempotency_key=input.get("idempotency_key"),
    )
    return {
        "__typename": "InitiateCreditTransfersSuccessPayload",
        "payment": initiated,
        "consent": consent,
    }
