"""Testing API resolvers of international credit transfers sent outside the SEPA zone."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.payments.international import (
    return_outgoing_international_transfer,
    settle_outgoing_international_transfer,
)
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]

_PREFIX = "SimulateOutgoingInternationalCreditTransfer"


def _settle(kind: str) -> Any:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        ctx: RequestContext = info.context
        row = settle_outgoing_international_transfer(
            ctx.environment,
            ctx.principal.project_id,
            input["transaction_id"],
            booked=kind == "Booking",
        )
        return {"__typename": f"{_PREFIX}{kind}SuccessPayload", "transaction_id": row["id"]}

    return resolve


for _kind in ("Booking", "Rejection"):
    mutation.set_field(f"simulateOutgoingInternationalCreditTransfer{_kind}", _settle(_kind))


@mutation.field("simulateOutgoingInternationalCreditTransferReturn")
@returns_rejections
def resolve_return(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = return_outgoing_international_transfer(
        ctx.environment,
        ctx.principal.project_id,
        input["transaction_id"],
        reason=input["reason_code"],
    )
    return {"__typename": f"{_PREFIX}ReturnSuccessPayload", "transaction_id": row["id"]}
