"""Account holder onboardings and supporting document collections (docs/onboarding.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.kernel.projects import get_project
from ....domain.kernel.rejections import Rejected, rejection
from ....domain.onboarding import onboarding as domain
from ....domain.onboarding import supporting_documents as documents
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import (
    AccountRow,
    OnboardingRow,
    SupportingDocumentCollectionRow,
    SupportingDocumentRow,
)
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import caller

query = QueryType()
mutation = MutationType()

individual = ObjectType("IndividualAccountHolderOnboarding")
company = ObjectType("CompanyAccountHolderOnboarding")
collection = ObjectType("SupportingDocumentCollection")
document = ObjectType("SupportingDocument")
bindables: list[SchemaBindable] = [query, mutation, individual, company, collection, document]

_COLLECTION_DATES = {
    "Approved": "approved_at",
    "Rejected": "rejected_at",
    "Canceled": "canceled_at",
}


def onboarding_node(row: OnboardingRow) -> dict[str, Any]:
    """An onboarding row tagged with its GraphQL type."""
    return {**row, "__typename": f"{row['type']}AccountHolderOnboarding"}


def _found(info: ResolveInfo, onboarding_id: str) -> dict[str, Any] | None:
    env, principal = caller(info)
    row = domain.find_onboarding(env.store.db, principal.project_id, onboarding_id)
    return onboarding_node(row) if row else None


@query.field("accountHolderOnboarding")
@query.field("publicAccountHolderOnboarding")
def resolve_onboarding(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    return _found(info, id)


def _descending(order_by: dict[str, Any] | None) -> bool:
    return (order_by or {}).get("direction") == "Desc"


@query.field("accountHolderOnboardings")
def resolve_onboardings(
    _: Any,
    info: ResolveInfo,
    first: int,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = domain.list_onboardings(
        env,
        principal,
        first=first,
        after=after,
        before=before,
        filters=filters,
        descending=_descending(order_by),
    )
    return connection(page, onboarding_node)


def status_info(row: OnboardingRow, _: ResolveInfo) -> dict[str, Any]:
    status = domain.onboarding_status(row)
    return {
        "__typename": f"Onboarding{status['status']}StatusInfo",
        "status": status["status"],
        "validation_version": domain.validation_version(row),
        "errors": status["errors"],
    }


def account_of(row: dict[str, Any], info: ResolveInfo) -> AccountRow | None:
    env, _ = caller(info)
    return get_row(env.store.db, "accounts", row["account_id"]) if row["account_id"] else None


def _account_info(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return {"country": row["account_country"], "name": row["account_name"]}


def _snake(values: dict[str, Any]) -> dict[str, Any]:
    def name(key: str) -> str:
        return "".join(f"_{c.lower()}" if c.isupper() else c for c in key)

    return {name(key): value for key, value in values.items()}


def _account_admin(row: OnboardingRow, _: ResolveInfo) -> dict[str, Any]:
    return _snake(domain.stored_json(row, "account_admin"))


def onboarding_url(row: dict[str, Any], info: ResolveInfo) -> str:
    """The page the user opens: a complete authorization request with the onboarding's id
    (the user who authorizes becomes the legal representative, docs/onboarding.md)."""
    env, _ = caller(info)
    project = get_project(env, row["project_id"])
    registered = project["redirect_uris"]
    uris = json.loads(registered) if isinstance(registered, str) else list(registered)
    # The onboarding's own redirect URL when the project registers it, else its first one.
    redirect_uri = row["redirect_url"] if row["redirect_url"] in uris else next(iter(uris), None)
    params = {
        "response_type": "code",
        "client_id": project["client_id"],
        "redirect_uri": redirect_uri,
        "scope": "openid offline",
        "state": row["state"] or row["id"],
        "onboardingId": row["id"],
    }
    query = urlencode({key: value for key, value in params.items() if value is not None})
    return f"{info.context.base_url}/oauth2/auth?{query}"


def terms_url(_: dict[str, Any], info: ResolveInfo) -> str:
    return f"{info.context.base_url}/oauth2/terms"


def redirect_parameters(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any] | None:
    if row["redirect_url"] is None and row["state"] is None:
        return None
    return {"redirect_url": row["redirect_url"], "state": row["state"]}


def collection_of(row: dict[str, Any], info: ResolveInfo) -> SupportingDocumentCollectionRow | None:
    env, _ = caller(info)
    return get_row(env.store.db, "supporting_document_collections", row["collection_id"])


for onboarding_type in (individual, company):
    onboarding_type.set_field("statusInfo", status_info)
    onboarding_type.set_field("account", account_of)
    onboarding_type.set_field("accountInfo", _account_info)
    onboarding_type.set_field("accountAdmin", _account_admin)
    onboarding_type.set_field("onboardingUrl", onboarding_url)
    onboarding_type.set_field("termsAndConditionsUrl", terms_url)
    onboarding_type.set_field("oAuthRedirectParameters", redirect_parameters)
    onboarding_type.set_field("supportingDocumentCollection", collection_of)


@company.field("company")
def resolve_company(row: OnboardingRow, _: ResolveInfo) -> dict[str, Any] | None:
    """What the partner gave of the company, as soon as anything is given: the onboarding
    app reads the company's country and legal form from the first step on. The registration
    number, non-null in `CompanyInfo`, reads empty until it is given (the status lists it
    as missing)."""
    info = domain.stored_json(row, "company")
    return {"registration_number": "", **_snake(info)} if info else None


def _created(kind: str, input: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, principal = caller(info)
    row = domain.create_onboarding(
        env,
        principal,
        "Company" if kind == "Company" else "Individual",
        account_info=input["account_info"],
        account_admin=input.get("account_admin"),
        company=input.get("company"),
        redirect=input.get("o_auth_redirect_parameters"),
    )
    payload = f"Create{kind}AccountHolderOnboardingSuccessPayload"
    return {"__typename": payload, "onboarding": onboarding_node(row)}


@mutation.field("createIndividualAccountHolderOnboarding")
@returns_rejections
def resolve_create_individual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _created("Individual", input, info)


@mutation.field("createCompanyAccountHolderOnboarding")
@returns_rejections
def resolve_create_company(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _created("Company", input, info)


def _updated(kind: str, input: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    return updated_onboarding(
        kind, input, info, f"Update{kind}AccountHolderOnboardingSuccessPayload"
    )


def updated_onboarding(
    kind: str, input: dict[str, Any], info: ResolveInfo, payload: str
) -> dict[str, Any]:
    """Apply an update input to an onboarding of `kind` (Individual or Company) and answer
    with `payload` (the public mutations share it, with their own payload's name)."""
    env, principal = caller(info)
    row = domain.update_onboarding(
        env,
        principal,
        input["onboarding_id"],
        account_info=input.get("account_info"),
        account_admin=input.get("account_admin"),
        company=input.get("company"),
        expected_type=kind,
    )
    return {"__typename": payload, "onboarding": onboarding_node(row)}


@mutation.field("updateIndividualAccountHolderOnboarding")
@returns_rejections
def resolve_update_individual(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _updated("Individual", input, info)


@mutation.field("updateCompanyAccountHolderOnboarding")
@returns_rejections
def resolve_update_company(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    return _updated("Company", input, info)


@mutation.field("finalizeAccountHolderOnboarding")
@returns_rejections
def resolve_finalize(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    try:
        row = domain.finalize_onboarding(env, principal, input["onboarding_id"])
    except Rejected as rejected:
        if "onboarding" in rejected.payload:
            rejected.payload["onboarding"] = onboarding_node(rejected.payload["onboarding"])
        raise
    return {
        "__typename": "FinalizeAccountHolderOnboardingSuccessPayload",
        "onboarding": onboarding_node(row),
    }


# --- supporting document collections ----------------------------------------------------


@query.field("supportingDocumentCollection")
def resolve_collection(
    _: Any, info: ResolveInfo, id: str
) -> SupportingDocumentCollectionRow | None:
    env, principal = caller(info)
    return documents.find_collection(env.store.db, principal.project_id, id)


@query.field("supportingDocumentCollections")
def resolve_collections(
    _: Any,
    info: ResolveInfo,
    first: int,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
    order_by: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    page = documents.list_collections(
        env,
        principal,
        first=first,
        after=after,
        before=before,
        filters=filters,
        descending=_descending(order_by),
    )
    return connection(page)


@collection.field("statusInfo")
def resolve_collection_status(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    info = {"__typename": f"SupportingDocumentCollection{status}StatusInfo", "status": status}
    if status in _COLLECTION_DATES:
        info[_COLLECTION_DATES[status]] = row["status_at"]
    return info


@collection.field("requiredSupportingDocumentPurposes")
def resolve_required(
    row: SupportingDocumentCollectionRow, info: ResolveInfo
) -> list[dict[str, Any]]:
    env, _ = caller(info)
    return [purpose(name) for name in documents.required_purposes(env.store.db, row)]


@collection.field("supportingDocuments")
def resolve_documents(row: dict[str, Any], info: ResolveInfo) -> list[SupportingDocumentRow]:
    env, _ = caller(info)
    return documents.list_documents(env, row["id"])


@collection.field("supportingDocumentCollectionUrl")
def resolve_collection_url(row: dict[str, Any], info: ResolveInfo) -> str:
    return f"{info.context.base_url}/supporting-document-collections/{row['id']}"


def purpose(name: str) -> dict[str, Any]:
    """A purpose and the document types it accepts (any type, in the simulator)."""
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return {
        "name": name,
        "label": words.capitalize(),
        "description": f"A document serving as {words}.",
        "acceptable_supporting_document_types": _TYPES,
    }


_TYPES = [
    "NationalIdCard",
    "Passport",
    "DrivingLicense",
    "ResidentPermit",
    "RegisterExtract",
    "UBODeclaration",
    "Other",
]


@document.field("purpose")
def resolve_purpose(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return purpose(row["purpose"])


@document.field("supportingDocumentType")
def resolve_document_type(row: dict[str, Any], _: ResolveInfo) -> str | None:
    value: str | None = row["document_type"]
    return value


def upload_info(row: Mapping[str, Any], info: ResolveInfo) -> dict[str, Any]:
    """Where the file goes: the simulator's own upload address (`server/files.py`), where
    a POST or PUT makes the document Uploaded (the file itself is not kept)."""
    env, _ = caller(info)
    path = documents.UPLOAD_PATH.format(environment=env.name.value, id=row["id"])
    return {
        "url": f"{info.context.base_url}{path}",
        "fields": [{"key": "filename", "value": row["filename"]}],
    }


@document.field("statusInfo")
def resolve_document_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    status = row["status"]
    result: dict[str, Any] = {
        "__typename": f"SupportingDocument{status}StatusInfo",
        "status": status,
        "filename": row["filename"],
        "supporting_document_id": row["id"],
        "upload": upload_info(row, info),
        "validated_at": row["status_at"],
        "refused_at": row["status_at"],
        "reason_code": row["reason_code"],
        "reason": "Refused by the review." if status == "Refused" else "Accepted by the review.",
    }
    return result


@mutation.field("generateSupportingDocumentUploadUrl")
@returns_rejections
def resolve_generate_upload(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = documents.new_upload(
        env,
        principal,
        input["supporting_document_collection_id"],
        filename=input["filename"],
        purpose=input.get("supporting_document_purpose"),
        document_type=input.get("supporting_document_type"),
    )
    return {
        "__typename": "GenerateSupportingDocumentUploadUrlSuccessPayload",
        "supporting_document_id": row["id"],
        "upload": upload_info(row, info),
    }


@mutation.field("deleteSupportingDocument")
@returns_rejections
def resolve_delete_document(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    deleted = documents.delete_document(env, principal, input["id"])
    return {"__typename": "DeleteSupportingDocumentSuccessPayload", "id": deleted}


@mutation.field("updateSupportingDocument")
@returns_rejections
def resolve_update_document(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = documents.update_document(
        env,
        principal,
        input["supporting_document_id"],
        purpose=input.get("supporting_document_purpose"),
        document_type=input.get("supporting_document_type"),
    )
    return {"__typename": "UpdateSupportingDocumentSuccessPayload", "supporting_document": row}


@mutation.field("requestSupportingDocumentCollectionReview")
@returns_rejections
def resolve_request_review(
    _: Any, info: ResolveInfo, input: dict[str, Any] | None = None
) -> dict[str, Any]:
    env, principal = caller(info)
    if input is None:
        # The real schema leaves this input nullable; without it there is nothing to review.
        field = {"code": "InvalidType", "message": "Give the input.", "path": ["input"]}
        return rejection("ValidationRejection", "The input is required.", fields=[field])
    row = documents.request_review(env, principal, input["supporting_document_collection_id"])
    return {
        "__typename": "RequestSupportingDocumentCollectionReviewSuccessPayload",
        "supporting_document_collection": row,
    }


__all__ = ["bindables", "onboarding_node", "purpose", "upload_info"]
