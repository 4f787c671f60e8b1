"""Testing API resolvers of SEPA direct debits a creditor takes from an account."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.payments.direct_debits import receive_direct_debit, settle_direct_debit
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]


@mutation.field("simulateOutgoingSepaDirectDebitReception")
@returns_rejections
def resolve_reception(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = receive_direct_debit(ctx.environment, ctx.principal.project_id, input)
    return {
        "__typename": "SimulateOutgoingSepaDirectDebitReceptionSuccessPayload",
        "transaction_id": row["id"],
    }


def _resolver(kind: str) -> Any:
    name = f"SimulateOutgoingSepaDirectDebit{kind}SuccessPayload"

    @returns_rejections
    def resolve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
        ctx: RequestContext = info.context
        row = settle_direct_debit(
            ctx.environment,
            ctx.principal.project_id,
            input["transaction_id"],
            kind=kind,
            reason=input["reason_code"],
        )
        return {"__typename": name, "transaction_id": row["id"]}

    return resolve


for _kind in ("Cancel", "Reject", "Return", "Reverse"):
    mutation.set_field(f"simulateOutgoingSepaDirectDebit{_kind}", _resolver(_kind))
