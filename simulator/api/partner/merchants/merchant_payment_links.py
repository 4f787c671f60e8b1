"""Merchant payment links: `createMerchantPaymentLink`, `merchantPaymentLink`, and the
`MerchantPaymentLink` type the unauthenticated API serves too (docs/merchants.md, "Payment
links"). Every field reads the link's own row, never the caller: the unauthenticated API
reads links by id with no caller at all."""

from __future__ import annotations

import json
from typing import Any

from ariadne import MutationType, ObjectType, QueryType
from ariadne.types import SchemaBindable

from ....domain.kernel.pagination import Connection
from ....domain.merchants import merchant_payment_links as links
from ....graphql_compat import ResolveInfo
from ....storage import get_row
from ....storage.rows import MerchantProfileRow
from ...connections import connection
from ...mutations import returns_rejections
from .._helpers import amount, caller, connection_resolver
from .merchant_profiles import methods_typed

__all__ = ["bindables", "link_url"]

query = QueryType()
mutation = MutationType()
link = ObjectType("MerchantPaymentLink")
profile = ObjectType("MerchantProfile")
#: The profile's partner-only field (the Testing API's profile has no documents).
profile_documents = ObjectType("MerchantProfile")
bindables: list[SchemaBindable] = [query, mutation, link, profile, profile_documents]

profile.set_field(
    "merchantPaymentLinks",
    connection_resolver(links.list_links, lambda row: {"merchant_profile_id": row["id"]}),
)


@profile_documents.field("supportingDocumentCollections")
def resolve_collections(_row: dict[str, Any], _info: ResolveInfo, **_: Any) -> dict[str, Any]:
    # The simulator collects supporting documents for holders and onboardings only.
    return connection(Connection(edges=[], total_count=0, has_next_page=False,
                                 has_previous_page=False))  # fmt: skip


def link_url(row: dict[str, Any], base_url: str) -> str:
    """The payment page's address on the simulator's public URL (no page is served there:
    the partner's own payment page reads the link on the unauthenticated API)."""
    return f"{base_url}/payment-links/{row['id']}"


@query.field("merchantPaymentLink")
def resolve_link(_: Any, info: ResolveInfo, id: str) -> dict[str, Any] | None:
    env, principal = caller(info)
    return links.get_link(env, principal, id)


@mutation.field("createMerchantPaymentLink")
@returns_rejections
def resolve_create(_: Any, info: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    env, principal = caller(info)
    row = links.create_link(env, principal, input)
    return {"__typename": "CreateMerchantPaymentLinkSuccessPayload", "merchant_payment_link": row}


@link.field("url")
def resolve_url(row: dict[str, Any], info: ResolveInfo) -> str:
    return link_url(row, info.context.base_url)


@link.field("merchantProfile")
def resolve_profile(row: dict[str, Any], info: ResolveInfo) -> MerchantProfileRow:
    env, _ = caller(info)
    return get_row(env.store.db, "merchant_profiles", row["merchant_profile_id"])


@link.field("paymentMethods")
def resolve_methods(row: dict[str, Any], info: ResolveInfo) -> list[dict[str, Any]]:
    env, _ = caller(info)
    db = env.store.db
    ids = json.loads(row["payment_method_ids"])
    return [methods_typed(get_row(db, "merchant_payment_methods", method_id)) for method_id in ids]


@link.field("statusInfo")
def resolve_status(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    env, _ = caller(info)
    status = links.link_status(env, row)
    return {
        "__typename": f"{status}MerchantPaymentLinkStatusInfo",
        "status": status,
        "expires_at": row["expires_at"],
        "expired_at": row["expires_at"],
        "completed_at": row["completed_at"],
    }


link.set_field("amount", lambda row, _: amount(row["amount"]))
link.set_field(
    "billingAddress",
    lambda row, _: json.loads(row["billing_address"]) if row["billing_address"] else None,
)
link.set_field("customer", lambda row, _: json.loads(row["customer"]) if row["customer"] else None)
