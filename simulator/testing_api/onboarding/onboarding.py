"""Testing API: the bank's side of supporting documents (uploads arriving, review decisions)
and of account admin changes (opening one, simulator-only)."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType
from ariadne.types import SchemaBindable

from ...api.context import RequestContext
from ...api.mutations import returns_rejections
from ...api.partner.accounts import project_settings
from ...api.partner.onboarding import collection_links, onboarding_details
from ...api.partner.onboarding.onboarding import collection, document
from ...domain.onboarding import account_admin_changes as admin_changes
from ...domain.onboarding import supporting_documents as documents
from ...graphql_compat import ResolveInfo
from ...storage import get_row

mutation = MutationType()

#: The project of a collection, with the partner API's settings resolvers.
project_info = ObjectType("ProjectInfo")
for _name, _resolver in (
    ("webBankingSettings", project_settings.resolve_web_banking),
    ("B2BMembershipIDVerification", project_settings.resolve_b2b_id_verification),
    ("tcuDocumentUri", project_settings.resolve_tcu_uri),
    ("requireSupportingDocumentsDuringOnboarding", project_settings.resolve_onboarding_requirement),
    ("requireUbosDuringOnboarding", project_settings.resolve_onboarding_requirement),
    ("customConsentSubdomain", project_settings.resolve_consent_subdomain),
):
    project_info.set_field(_name, _resolver)

#: The collection and document types resolve as in the partner API.
bindables: list[SchemaBindable] = [
    mutation,
    collection,
    collection_links.collection,
    document,
    onboarding_details.document,
    project_info,
]


@mutation.field("updateSupportingDocumentCollectionStatus")
@returns_rejections
def resolve_collection_status(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = documents.set_collection_status(
        ctx.environment,
        ctx.principal.project_id,
        input["supporting_document_collection_id"],
        input["status"],
    )
    return {
        "__typename": "UpdateSupportingDocumentCollectionStatusSuccessPayload",
        "supporting_document_collection": row,
    }


@mutation.field("updateSupportingDocumentStatus")
@returns_rejections
def resolve_document_status(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    row = documents.set_document_status(
        ctx.environment,
        ctx.principal.project_id,
        input["supporting_document_id"],
        input["status"],
        input.get("reason_code"),
    )
    return {
        "__typename": "UpdateSupportingDocumentStatusSuccessPayload",
        "supporting_document": row,
    }


@mutation.field("requestSupportingDocuments")
@returns_rejections
def resolve_request_documents(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    purposes = [
        {"purpose": name, "details": None}
        for name in input.get("required_supporting_document_purposes") or []
    ] + [
        {"purpose": item["type"], "details": item.get("details")}
        for item in input.get("purposes_with_details") or []
    ]
    row = documents.request_documents(
        ctx.environment,
        ctx.principal.project_id,
        input["supporting_document_collection_id"],
        purposes,
    )
    return {
        "__typename": "RequestSupportingDocumentsSuccessPayload",
        "supporting_document_collection": row,
    }


@mutation.field("createSandboxAccountAdminChange")
@returns_rejections
def resolve_create_admin_change(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    ctx: RequestContext = info.context
    env = ctx.environment
    row = admin_changes.open_change(env, ctx.principal.project_id, input["account_holder_id"])
    return {
        "__typename": "CreateSandboxAccountAdminChangeSuccessPayload",
        "account_admin_change_id": row["id"],
        "status": row["status"],
        "supporting_document_collection": get_row(
            env.store.db, "supporting_document_collections", row["collection_id"]
        ),
    }
