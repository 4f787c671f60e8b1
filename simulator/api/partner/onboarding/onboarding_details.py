"""Onboarding and holder fields a client of the real service reads beside the first ones:
the project's settings from an onboarding, a holder's supporting-document collections, a
document's purpose, what a holder waiting for information is asked for.

Fields this module leaves to the default resolver are null here because the simulator
records nothing for them: acquisition channels, virtual IBAN entries of transfer parties,
the saved beneficiary of a transfer party, a purpose's free-text details.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from ariadne import ObjectType
from ariadne.types import SchemaBindable

from ....domain.onboarding import holder_profiles
from ....domain.onboarding import onboarding as onboardings
from ....domain.onboarding import supporting_documents as documents
from ....graphql_compat import ResolveInfo
from ...connections import connection
from .._helpers import caller
from ..accounts.statements import resolve_project_info
from .onboarding import onboarding_node

individual = ObjectType("IndividualAccountHolderOnboarding")
company = ObjectType("CompanyAccountHolderOnboarding")
legacy_info = ObjectType("OnboardingInfo")
holder = ObjectType("AccountHolder")
document = ObjectType("SupportingDocument")
waiting = ObjectType("AccountHolderWaitingForInformationVerificationStatusInfo")
company_info = ObjectType("CompanyInfo")
holder_company = ObjectType("AccountHolderCompanyInfo")
holder_individual = ObjectType("AccountHolderIndividualInfo")
bindables: list[SchemaBindable] = [
    individual,
    company,
    legacy_info,
    holder,
    document,
    waiting,
    company_info,
    holder_company,
    holder_individual,
]

#: Each related individual's type and the `CompanyRelatedIndividual` member that shows it.
_RELATED_TYPES = {
    "LegalRepresentative": "CompanyLegalRepresentative",
    "UltimateBeneficialOwner": "CompanyUltimateBeneficialOwner",
    "LegalRepresentativeAndUltimateBeneficialOwner": (
        "CompanyLegalRepresentativeAndUltimateBeneficialOwner"
    ),
}


def _project_info(_: dict[str, Any], info: ResolveInfo) -> dict[str, Any]:
    # An onboarding belongs to the calling project: its settings are the project's.
    project: dict[str, Any] = resolve_project_info(None, info)
    return project


for _type in (individual, company, legacy_info):
    _type.set_field("projectInfo", _project_info)


@holder.field("supportingDocumentCollections")
def resolve_holder_collections(
    row: dict[str, Any],
    info: ResolveInfo,
    first: int = 50,
    after: str | None = None,
    before: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    env, principal = caller(info)
    scoped = {**(filters or {}), "account_holder_id": row["id"]}
    page = documents.list_collections(
        env, principal, first=first, after=after, before=before, filters=scoped
    )
    return connection(page)


@holder.field("onboarding")
def resolve_holder_onboarding(row: dict[str, Any], info: ResolveInfo) -> dict[str, Any] | None:
    env, _ = caller(info)
    found = onboardings.holder_onboarding(env.store.db, row["id"])
    return dict(found) if found else None


@holder.field("accountHolderOnboarding")
def resolve_holder_account_holder_onboarding(
    row: dict[str, Any], info: ResolveInfo
) -> dict[str, Any] | None:
    env, _ = caller(info)
    found = onboardings.holder_onboarding(env.store.db, row["id"])
    return onboarding_node(found) if found else None


@document.field("supportingDocumentPurpose")
def resolve_document_purpose(row: dict[str, Any], _: ResolveInfo) -> str:
    return str(row["purpose"])


@waiting.field("verificationRequirements")
def resolve_requirements(status: dict[str, Any], _: ResolveInfo) -> list[dict[str, Any]]:
    """What the bank asks for (the Testing API's `updateAccountHolder` sets it), each with a
    stable id: the same requirement of the same holder keeps its id."""
    holder_id = status["account_holder_id"]
    return [
        {"id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{holder_id}/{kind}")), "type": kind}
        for kind in json.loads(status.get("verification_requirements") or "[]")
    ]


@waiting.field("WaitingForInformationAt")
def resolve_waiting_at(status: dict[str, Any], _: ResolveInfo) -> Any:
    # The real type spells the date both ways; both are the same instant.
    return status.get("waiting_for_information_at")


@company_info.field("relatedIndividuals")
def resolve_related_individuals(
    company: dict[str, Any], _: ResolveInfo
) -> list[dict[str, Any]] | None:
    """The people the partner named for the company (its representatives and beneficial
    owners), as given in the onboarding's `companyInfo.relatedIndividuals`."""
    given = company.get("related_individuals")
    if given is None:
        return None
    return [
        {
            # What the partner left out of a role is shown empty, not missing.
            "legal_representative": {"roles": []},
            "ultimate_beneficial_owner": {},
            **person,
            "__typename": _RELATED_TYPES[person["type"]],
        }
        for person in given
    ]


def _profile_field(name: str, profile: Any) -> Any:
    def resolve(info_value: dict[str, Any], info: ResolveInfo) -> Any:
        env, _ = caller(info)
        return profile(env.store.db, info_value["holder"]["id"])[name]

    return resolve


for _name in (
    "businessActivity",
    "businessActivityDescription",
    "companyRegistrationDate",
    "companyType",
    "monthlyPaymentVolume",
    "individualUltimateBeneficialOwners",
    "representatives",
    "tradeName",
    "legalRepresentativePersonalAddress",
):
    _key = "".join(f"_{c.lower()}" if c.isupper() else c for c in _name)
    holder_company.set_field(_name, _profile_field(_key, holder_profiles.company_profile))
for _name, _key in (("employmentStatus", "employment_status"), ("monthlyIncome", "monthly_income")):
    holder_individual.set_field(_name, _profile_field(_key, holder_profiles.individual_profile))


@holder_individual.field("user")
def resolve_holder_user(info_value: dict[str, Any], info: ResolveInfo) -> Any:
    env, _ = caller(info)
    return holder_profiles.legal_representative(env.store.db, info_value["holder"])


__all__ = ["bindables"]
