"""The company registry without a token (`companyInfoBySiren`,
`companyUboByCompanyRefAndHeadquarterCountry`): what a company sign-up form pre-fills before
anyone has signed in. The Sandbox registry's fictional companies, the same for every caller
(a public registry's data, none of any project's): docs/onboarding.md, "Without a token".
"""

from __future__ import annotations

from typing import Any

from ariadne import QueryType
from ariadne.types import SchemaBindable

from ...domain.kernel.rejections import rejection
from ...domain.onboarding import company_registry
from ...graphql_compat import ResolveInfo

__all__ = ["bindables"]

query = QueryType()
bindables: list[SchemaBindable] = [query]

_REFUSALS = {
    "NotSupportedCountryRejection": "The registry covers companies headquartered in France (FRA).",
    "InvalidSirenNumberRejection": (
        "No company with this SIREN in the Sandbox registry (a SIREN is 9 digits ending with "
        "a Luhn check digit; docs/onboarding.md lists the registry's companies)."
    ),
}


@query.field("companyInfoBySiren")
def resolve_company_info_by_siren(_: Any, __: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    found = company_registry.lookup_by_siren(input["siren"], input["headquarter_country"])
    if isinstance(found, str):
        return rejection(found, _REFUSALS[found])
    return {"__typename": "CompanyInfoBySirenSuccessPayload", "company_info": found}


@query.field("companyUboByCompanyRefAndHeadquarterCountry")
def resolve_company_ubos(_: Any, __: ResolveInfo, input: dict[str, Any]) -> dict[str, Any]:
    owners = company_registry.beneficial_owners(input["company_ref"], input["headquarter_country"])
    for owner in owners:
        kind = owner["info"]["type"]
        owner["info"] = {
            **owner["info"],
            "__typename": f"IndividualUltimateBeneficialOwnerType{kind}",
        }
    return {"individual_ultimate_beneficial_owners": owners}
