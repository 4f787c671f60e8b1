"""Testing API resolvers of capital deposits: the bank's approval of a case and its
decisions on the documents. Each acts inside the caller's project."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...domain.capital_deposits import documents
from ...graphql_compat import ResolveInfo

mutation = MutationType()
bindables = [mutation]


def _project(info: ResolveInfo) -> tuple[Any, str]:
    ctx: RequestContext = info.context
    return ctx.environment, ctx.principal.project_id


@mutation.field("simulateApproveCapitalDepositCase")
@returns_rejections
def resolve_approve(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = documents.approve_case(env, project_id, input["capital_deposit_case_id"])
    return {"__typename": "SimulateApproveCapitalDepositCaseSuccessPayload", "id": row["id"]}


@mutation.field("simulateCapitalDepositDocumentStatus")
@returns_rejections
def resolve_document_status(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, project_id = _project(info)
    row = documents.set_document_status(
        env,
        project_id,
        input["document_id"],
        input["document_status"],
        input.get("document_refusal_reason_code"),
    )
    return {"__typename": "SimulateCapitalDepositDocumentStatusSuccessPayload", "id": row["id"]}
