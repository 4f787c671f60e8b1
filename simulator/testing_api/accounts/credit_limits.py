"""Testing API resolvers of credit limits: the bank's decision, repayments."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.accounts import credit_limits, loans
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]


@mutation.field("simulateCreditLimitUpdated")
@returns_rejections
def resolve_updated(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    credit_limits.decide_credit_limit(
        ctx.environment,
        ctx.principal.project_id,
        input["account_id"],
        input["status"],
        input.get("authorized_amount"),
    )
    return {"__typename": "SimulateCreditLimitUpdatedSuccessResponse", "noop": None}


@mutation.field("simulateRepayment")
@returns_rejections
def resolve_repayment(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = credit_limits.simulate_repayment(
        ctx.environment, ctx.principal.project_id, input["account_id"]
    )
    return {
        "__typename": "SimulateRepaymentSuccessResponse",
        "repayment_id": row["id"],
        "amount": {"value": row["amount"], "currency": "EUR"},
    }


@mutation.field("simulateRepaymentUpdated")
@returns_rejections
def resolve_repayment_updated(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    credit_limits.update_repayment(
        ctx.environment,
        ctx.principal.project_id,
        input["account_id"],
        input["repayment_id"],
        input["status"],
    )
    return {"__typename": "SimulateRepaymentUpdatedSuccessResponse", "noop": None}


@mutation.field("simulateToRepayLoan")
@returns_rejections
def resolve_to_repay_loan(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    # Always a typed refusal: the simulator grants no loans (domain.loans).
    loans.simulate_to_repay_loan(
        ctx.environment,
        ctx.principal.project_id,
        input["transaction_id"],
        input["payout_label"],
    )
    return {"__typename": "SimulateToRepayLoanSuccessResponse", "noop": True}
