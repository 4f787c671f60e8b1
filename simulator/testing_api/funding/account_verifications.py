"""Testing API resolver of a funding source's account verification."""

from __future__ import annotations

from typing import Any

from ariadne import InterfaceType, MutationType, ObjectType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.funding.account_verifications import update_account_verification
from ...graphql_compat import ResolveInfo

mutation = MutationType()
verification = ObjectType("DirectDebitAccountVerification")
# Every account verification is a funding source's.
verification_interface = InterfaceType(
    "AccountVerification", lambda *_: "DirectDebitAccountVerification"
)
bindables = [mutation, verification, verification_interface]

verification.set_field("id", lambda source, _: source["verification_id"])


@verification.field("statusInfo")
def resolve_status(source: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = source["verification_status"]
    typename = {"Rejected": "RejectedVerification", "Verified": "Verified"}.get(status, status)
    return {
        "__typename": f"{typename}StatusInfo",
        "status": status,
        "verified_at": source["updated_at"],
        "rejected_at": source["updated_at"],
        "reason": "HolderDidNotMatch",
    }


@mutation.field("updateAccountVerificationStatus")
@returns_rejections
def resolve_update(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    source = update_account_verification(
        ctx.environment,
        ctx.principal.project_id,
        input["account_verification_id"],
        input["new_status"],
    )
    return {
        "__typename": "UpdateAccountVerificationStatusSuccessPayload",
        "account_verification": source,
    }
