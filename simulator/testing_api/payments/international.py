"""Testing API resolvers of international credit transfers arriving from outside SEPA."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.payments.international import (
    receive_international_transfer,
    return_international_transfer,
)
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]


@mutation.field("simulateIncomingInternationalCreditTransferReception")
@returns_rejections
def resolve_reception(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = receive_international_transfer(ctx.environment, ctx.principal.project_id, input)
    return {
        "__typename": "SimulateIncomingInternationalCreditTransferSuccessPayload",
        "transaction_id": row["id"],
    }


@mutation.field("simulateIncomingInternationalCreditTransferReturn")
@returns_rejections
def resolve_return(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = return_international_transfer(
        ctx.environment,
        ctx.principal.project_id,
        input["transaction_id"],
        reason=input["reason_code"],
    )
    return {
        "__typename": "SimulateIncomingInternationalCreditTransferReturnSuccessPayload",
        "transaction_id": row["id"],
    }
