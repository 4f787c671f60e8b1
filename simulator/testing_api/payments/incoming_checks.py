"""Testing API resolvers of checks deposited on an account (booking, rejection, return)."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.payments import checks
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]


@mutation.field("simulateIncomingCheckBooking")
@returns_rejections
def resolve_booking(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = checks.book_check(ctx.environment, ctx.principal.project_id, input["transaction_id"])
    return {"__typename": "SimulateIncomingCheckBookingSuccessPayload", "transaction_id": row["id"]}


@mutation.field("simulateIncomingCheckRejection")
@returns_rejections
def resolve_rejection(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = checks.reject_check(
        ctx.environment, ctx.principal.project_id, input["transaction_id"], input.get("reason_code")
    )
    return {
        "__typename": "SimulateIncomingCheckRejectionSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateIncomingCheckReturn")
@returns_rejections
def resolve_return(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = checks.return_check(
        ctx.environment,
        ctx.principal.project_id,
        input["transaction_id"],
        input.get("reason_code"),
    )
    return {"__typename": "SimulateIncomingCheckReturnSuccessPayload", "transaction_id": row["id"]}
