"""Payments and initiateCreditTransfers."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from graphql import GraphQLResolveInfo

from ...domain import payments as domain
from ..connections import connection
from ..mutations import returns_rejections
from . import mutation, query
from ._helpers import caller, consent_row, status_info, transaction_node

payment = ObjectType("Payment")
bindables = [payment]


@query.field("payment")
def resolve_payment(_: Any, info: GraphQLResolveInfo, payment_id: str) -> dict[str, Any]:
    env, principal = caller(info)
    return domain.get_payment(env, principal, payment_id)


@query.field("payments")
def resolve_payments(
    _: Any,
    info: GraphQLResolveInfo,
    first: int | None = None,
    after: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    return connection(
        domain.list_payments(env, principal, first=first, after=after, filters=filters)
    )


@payment.field("statusInfo")
def resolve_status_info(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return status_info(
        "Payment",
        row,
        consent=consent_row(env, row.get("consent_id")),
        reason=row.get("status_reason"),
    )


@payment.field("account")
def resolve_account(row: dict[str, Any], info: GraphQLResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return env.store.db["accounts"].get(row["account_id"])


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
