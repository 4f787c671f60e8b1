"""`publicCompanyInfoRegistryData` and `companyInfoRegistryData` (docs/onboarding.md,
"Company registry"): the Sandbox registry's fictional companies, the same for every caller
(a public registry's data, none of any project's)."""

from __future__ import annotations

from typing import Any

from ariadne import QueryType
from ariadne.types import SchemaBindable
from graphql import GraphQLError

from ....domain.kernel.rejections import Rejected
from ....domain.onboarding import company_registry
from ....graphql_compat import ResolveInfo

__all__ = ["bindables"]

query = QueryType()
bindables: list[SchemaBindable] = [query]


@query.field("publicCompanyInfoRegistryData")
@query.field("companyInfoRegistryData")
def resolve_registry(_: Any, __: ResolveInfo, input: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return company_registry.lookup(
            input["registration_number"], input["residency_address_country"]
        )
    except Rejected as rejected:
        # A query has no rejection union: the input error is a top-level error.
        raise GraphQLError(
            rejected.payload["message"],
            extensions={"code": "BAD_USER_INPUT", "fields": rejected.payload["fields"]},
        ) from None
