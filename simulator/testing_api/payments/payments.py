"""Testing API resolvers of returns and accepted recalls of SEPA credit transfers."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.payments.transfer_returns import send_back
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]


def _resolver(direction: str, kind: str, name: str) -> Any:
    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        ctx: RequestContext = info.context
        row = send_back(
            ctx.environment,
            ctx.principal.project_id,
            input["transaction_id"],
            direction=direction,
            kind=kind,
            reason=input["reason_code"],
        )
        return {
            "__typename": f"{name[0].upper()}{name[1:]}SuccessPayload",
            "transaction_id": row["id"],
        }

    return resolve


for _direction, _kind, _name in (
    ("Incoming", "Return", "simulateIncomingSepaCreditTransferReturn"),
    ("Incoming", "Recall", "simulateIncomingSepaCreditTransferAcceptedRecall"),
    ("Outgoing", "Return", "simulateOutgoingSepaCreditTransferReturn"),
    ("Outgoing", "Recall", "simulateOutgoingSepaCreditTransferAcceptedRecall"),
):
    mutation.set_field(_name, _resolver(_direction, _kind, _name))
