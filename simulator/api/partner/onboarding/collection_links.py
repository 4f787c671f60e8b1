"""What a supporting document collection is about (`domain/onboarding/collection_links.py`):
its holder, onboarding, transaction, verification renewal, project and related info."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....domain.accounts.accounts import holder_display_name
from ....domain.onboarding.collection_links import collection_links
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from .._helpers import caller
from ..accounts.statements import resolve_project_info

#: The fields every API's collection has (the Testing API binds this one too).
collection = ObjectType("SupportingDocumentCollection")
#: The partner API's own: what the collection is about.
partner_collection = ObjectType("SupportingDocumentCollection")
related = ObjectType("SupportingDocumentCollectionTransactionRelatedInfo")
bindables: list[SchemaBindable] = [collection, partner_collection, related]

#: The `SupportingDocumentCollectionRelatedInfo` member of each collection type.
_RELATED = {
    "Onboarding": "SupportingDocumentCollectionOnboardingRelatedInfo",
    "AccountAdminChange": "SupportingDocumentCollectionAccountAdminChangeRelatedInfo",
    "AccountHolderVerificationRenewal": (
        "SupportingDocumentCollectionAccountHolderVerificationRenewalRelatedInfo"
    ),
    "Merchant": "SupportingDocumentCollectionMerchantProfileRelatedInfo",
    "Transaction": "SupportingDocumentCollectionTransactionRelatedInfo",
}


def _links(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    return collection_links(env.store.db, row)


@collection.field("accountHolder")
def resolve_holder(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    holder = _links(row, info)["holder"]
    if holder is None:
        return {"id": None, "name": None}
    return {"id": holder["id"], "name": holder_display_name(holder)}


collection.set_field("onboarding", lambda row, _: {"id": row["onboarding_id"]})
collection.set_field("transaction", lambda row, _: {"id": row["transaction_id"]})
collection.set_field("verificationRenewalId", lambda row, info: _links(row, info)["renewal_id"])


@collection.field("projectInfo")
def resolve_project(_: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    # A collection is read as its own project (the caller's, or the row owner's without a
    # token): its project is the caller's.
    project: dict[str, Any] = resolve_project_info(None, info)
    return project


@partner_collection.field("relatedInfo")
def resolve_related(row: dict[str, Any], _: ResolveInfo) -> dict[str, Any]:
    return {
        "__typename": _RELATED[row["type"]],
        "type": row["type"],
        "transaction_id": row["transaction_id"],
    }


@related.field("transaction")
def resolve_transaction(value: dict[str, Any], info: ResolveInfo) -> Any:
    env, _ = caller(info)
    return get_row(env.store.db, "transactions", value["transaction_id"])


__all__ = ["bindables", "collection"]
