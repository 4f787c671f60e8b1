"""Testing API resolvers of digital cards (what a wallet answers) and card insurance. Each
acts inside the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_union_rejections
from ...domain.cards import digital_cards
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]

_DONE = {"__typename": "SimulationSuccessfulResponse", "noop": None}


def _project(info: ResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


@mutation.field("simulateInAppProvisioningCompletion")
@returns_union_rejections
def resolve_in_app(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    digital_cards.complete_provisioning(
        env, project_id, input["digital_card_id"], input["provisioning_response"]
    )
    return _DONE


@mutation.field("simulateManualProvisioning")
@returns_union_rejections
def resolve_manual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    digital_cards.manual_provisioning(
        env,
        project_id,
        input["card_id"],
        physical=input["card_type"] == "Physical",
        response=input["provisioning_response"],
        wallet_provider=input.get("wallet_provider"),
    )
    return _DONE


@mutation.field("simulateInsuranceSubscriptionEnablement")
@returns_union_rejections
def resolve_insurance(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = digital_cards.enable_insurance(env, project_id, input["card_id"])
    return {
        "__typename": "SimulateInsuranceSubscriptionEnablementSuccessPayload",
        "insurance_subscription_id": row["id"],
    }
