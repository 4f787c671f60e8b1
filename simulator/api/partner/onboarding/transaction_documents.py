"""`generateTransactionSupportingDocumentUploadUrl`: a document about a transaction
(`domain/onboarding/transaction_documents.py`); its upload URL is an onboarding document's."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType
from ariadne.types import SchemaBindable

from ....domain.onboarding import transaction_documents
from ....graphql_compat import ResolveInfo
from ...mutations import returns_rejections
from .._helpers import caller
from .onboarding import upload_info

__all__ = ["bindables"]

mutation = MutationType()
bindables: list[SchemaBindable] = [mutation]


@mutation.field("generateTransactionSupportingDocumentUploadUrl")
@returns_rejections
def resolve_generate(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    collection_id, row = transaction_documents.new_upload(
        env,
        principal,
        input["transaction_id"],
        filename=input["filename"],
        purpose=input["supporting_document_purpose"],
        document_type=input.get("supporting_document_type"),
    )
    return {
        "__typename": "GenerateTransactionSupportingDocumentUploadUrlSuccessPayload",
        "supporting_document_collection_id": collection_id,
        "supporting_document_id": row["id"],
        "upload": upload_info(row, info),
    }
