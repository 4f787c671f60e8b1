"""Testing API: the bank's review of merchant profiles, payment methods and their change
requests."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType
from ariadne.types import SchemaBindable

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...api.partner.merchants import merchant_payment_methods, merchant_profiles
from ...api.partner.merchants.merchant_profiles import methods_typed
from ...domain.merchants import merchant_payment_methods as methods
from ...domain.merchants import merchant_profiles as profiles
from ...graphql_compat import ResolveInfo

mutation = MutationType()

#: The merchant types resolve as in the partner API (`Account` is no Testing API type).
bindables: list[SchemaBindable] = [
    mutation,
    merchant_profiles.profile,
    merchant_profiles.update_request,
    *merchant_payment_methods.object_types,
]


@mutation.field("simulateMerchantProfileRequestOutcome")
@returns_rejections
def resolve_profile_outcome(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = profiles.simulate_profile_outcome(
        ctx.environment,
        ctx.principal.project_id,
        input["merchant_profile_id"],
        input.get("merchant_profile_status"),
        input.get("merchant_profile_rejection_reason"),
    )
    return {
        "__typename": "SimulateMerchantProfileRequestOutcomeSuccessPayload",
        "merchant_profile": row,
    }


@mutation.field("simulateMerchantProfileUpdateRequestOutcome")
@returns_rejections
def resolve_profile_update_outcome(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    request_id = profiles.simulate_update_outcome(
        ctx.environment,
        ctx.principal.project_id,
        input["merchant_profile_id"],
        input["requested_update_approved"],
    )
    return {
        "__typename": "SimulateMerchantProfileUpdateRequestOutcomeSuccessPayload",
        "update_request_id": request_id,
    }


@mutation.field("simulateMerchantPaymentMethodRequestOutcome")
@returns_rejections
def resolve_method_outcome(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = methods.simulate_method_outcome(ctx.environment, ctx.principal.project_id, input)
    # The real payload is the method itself (no success payload type).
    return methods_typed(row)


@mutation.field("simulateMerchantPaymentMethodUpdateRequestOutcome")
@returns_rejections
def resolve_method_update_outcome(
    _: Any, info: ResolveInfo, input: dict[str, Any]
) -> dict[str, Any]:
    ctx: RequestContext = info.context
    request_id = methods.simulate_update_outcome(
        ctx.environment,
        ctx.principal.project_id,
        input["update_request_id"],
        input["requested_update_approved"],
    )
    return {
        "__typename": "SimulateMerchantPaymentMethodUpdateRequestOutcomeSuccessPayload",
        "update_request_id": request_id,
    }
