"""Testing API resolvers of internal direct debits (booking, rejection, return)."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.merchants import internal_direct_debits as domain
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]

_PREFIX = "SimulateIncomingInternalDirectDebit"


@mutation.field("simulateIncomingInternalDirectDebitBooking")
@returns_rejections
def resolve_booking(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = domain.book_internal_debit(
        ctx.environment, ctx.principal.project_id, input["transaction_id"]
    )
    return {"__typename": f"{_PREFIX}BookingSuccessPayload", "transaction_id": row["id"]}


@mutation.field("simulateIncomingInternalDirectDebitRejection")
@returns_rejections
def resolve_rejection(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = domain.reject_internal_debit(
        ctx.environment,
        ctx.principal.project_id,
        input["transaction_id"],
        input.get("reason_code"),
        f"{_PREFIX}RejectionErrorPayload",
    )
    return {"__typename": f"{_PREFIX}RejectionSuccessPayload", "transaction_id": row["id"]}


@mutation.field("simulateIncomingInternalDirectDebitReturn")
@returns_rejections
def resolve_return(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = domain.return_internal_debit(
        ctx.environment,
        ctx.principal.project_id,
        input["transaction_id"],
        input["reason_code"],
        f"{_PREFIX}ReturnErrorPayload",
    )
    return {"__typename": f"{_PREFIX}ReturnSuccessPayload", "transaction_id": row["id"]}
