"""Capital deposits: the cases, their shareholders and documents, and their mutations."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType

from ....domain.capital_deposits import cases, documents
from ....graphql_compat import ResolveInfo
from ...context import RequestContext
from ...mutations import returns_union_rejections
from .._helpers import amount, caller, connection_resolver, item_resolver, row_resolver

query = QueryType()
mutation = MutationType()
case = ObjectType("CapitalDepositCase")
shareholder = ObjectType("Shareholder")
document = ObjectType("CapitalDepositDocument")
bindables = [query, mutation, case, shareholder, document]

query.set_field("capitalDepositCase", item_resolver(cases.get_case))
query.set_field("capitalDepositCases", connection_resolver(cases.list_cases))
query.set_field("capitalDepositDocument", item_resolver(documents.get_document))
query.set_field("shareholder", item_resolver(cases.get_shareholder))

#: The deprecated `status` each current status reads as.
_LEGACY = {new: old for old, news in cases.LEGACY_STATUSES.items() for new in news}


def _children(table: str, column: str) -> Any:
    def resolve(row: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
        env, _ = caller(info)
        return list(env.store.db[table].rows_where(f"{column} = ?", [row["id"]], order_by="rowid"))

    return resolve


case.set_field("companyOnboarding", row_resolver("onboardings", "company_onboarding_id"))
case.set_field("status", lambda row, _: _LEGACY[row["status"]])
case.set_field(
    "statusInfo",
    lambda row, _: {
        "__typename": f"CapitalDepositCase{row['status']}StatusInfo",
        "status": row["status"],
        "reason_type": row.get("cancel_reason"),
    },
)
case.set_field("totalCapitalDepositAmount", lambda row, _: amount(row["total_amount"]))
case.set_field("shareholders", _children("capital_deposit_shareholders", "case_id"))
case.set_field("documents", _children("capital_deposit_documents", "case_id"))

shareholder.set_field("onboarding", row_resolver("onboardings", "onboarding_id"))
shareholder.set_field("capitalDepositAmount", lambda row, _: amount(row["amount"]))
shareholder.set_field("documents", _children("capital_deposit_documents", "shareholder_id"))
shareholder.set_field("relatedCapitalDepositCase", row_resolver("capital_deposit_cases", "case_id"))
shareholder.set_field("accountId", lambda row, _: None)


@shareholder.field("info")
def resolve_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    kind = row["type"]
    return {**row, "__typename": f"{kind}Shareholder", "type": kind}


document.set_field(
    "statusInfo",
    lambda row, _: {
        "__typename": f"CapitalDepositDocument{row['status']}StatusInfo",
        "status": row["status"],
        "reason_code": row.get("reason_code"),
        "reason": None,
    },
)
document.set_field("uploadedAt", lambda row, _: (row.get("uploaded_at") or "")[:10] or None)
document.set_field("downloadUrl", lambda row, _: None)
document.set_field("relatedCapitalDepositCase", row_resolver("capital_deposit_cases", "case_id"))
document.set_field(
    "relatedShareholder", row_resolver("capital_deposit_shareholders", "shareholder_id")
)


@mutation.field("createCapitalDepositCase")
@returns_union_rejections
def resolve_create(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = cases.create_case(env, principal, input)
    return {"__typename": "CreateCapitalDepositCaseSuccessPayload", "capital_deposit_case": row}


@mutation.field("cancelCapitalDepositCase")
@returns_union_rejections
def resolve_cancel(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = cases.cancel_case(env, principal, input["id"])
    return {"__typename": "CancelCapitalDepositCaseSuccessPayload", "capital_deposit_case": row}


@mutation.field("updateCapitalDepositCaseCompany")
@returns_union_rejections
def resolve_update_company(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = cases.update_company(
        env,
        principal,
        input["capital_deposit_case_id"],
        company_name=input.get("company_name"),
        residency_address=input.get("residency_address"),
    )
    return {
        "__typename": "UpdateCapitalDepositCaseCompanySuccessPayload",
        "capital_deposit_case": row,
    }


@mutation.field("updateCapitalDepositShareholderAmount")
@returns_union_rejections
def resolve_update_amount(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = cases.update_shareholder_amount(
        env, principal, input["shareholder_id"], input["shareholder_amount"]
    )
    return {"__typename": "UpdateCapitalDepositShareholderAmountSuccessPayload", "shareholder": row}


@mutation.field("generateCapitalDepositDocumentUploadUrl")
@returns_union_rejections
def resolve_upload_url(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    url = documents.new_upload_url(
        ctx.environment,
        ctx.principal,
        input["capital_deposit_case_id"],
        input["document_id"],
        input["filename"],
        public_url=ctx.base_url,
    )
    return {
        "__typename": "GenerateCapitalDepositDocumentUploadUrlSuccessPayload",
        "upload_url": url,
    }
