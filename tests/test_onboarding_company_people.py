"""A company's people, addresses and activity through the older onboarding operations
(`onboardCompanyAccountHolder`, `updateCompanyOnboarding`, and the unauthenticated API's
`unauthenticatedUpdateCompanyOnboarding`): kept, checked, shown back in the older info and
in the newer onboarding's company."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials

from .conftest import GraphQL


@pytest.fixture
def public_api(http: httpx.Client) -> GraphQL:
    """The unauthenticated API, without a token."""
    return GraphQL(http, "/sandbox-unauthenticated/graphql", None)


INFO = """info { ... on OnboardingCompanyAccountHolderInfo {
  businessActivity businessActivityCategory
  individualUltimateBeneficialOwners { firstName lastName birthDate
    residencyAddress { city }
    info { __typename type
      ... on IndividualUltimateBeneficialOwnerTypeHasCapital { totalCapitalPercentage direct } } }
  representatives { __typename
    ... on IndividualRepresentative { firstName lastName roles }
    ... on CompanyRepresentative { entityName legalForm } }
  legalRepresentativePersonalAddress { addressLine1 city postalCode country } } }"""
ONBOARD = f"""mutation($input: OnboardCompanyAccountHolderInput) {{
  onboardCompanyAccountHolder(input: $input) {{ __typename
    ... on OnboardCompanyAccountHolderSuccessPayload {{ onboarding {{ id {INFO} }} }}
    ... on ValidationRejection {{ fields {{ path code }} }} }} }}"""
UPDATE = f"""mutation($input: UpdateCompanyOnboardingInput) {{
  updateCompanyOnboarding(input: $input) {{ __typename
    ... on UpdateCompanyOnboardingSuccessPayload {{ onboarding {{ {INFO} }} }}
    ... on ValidationRejection {{ fields {{ path code }} }} }} }}"""
NEWER = """query($id: ID!) { accountHolderOnboarding(id: $id) {
  ... on CompanyAccountHolderOnboarding { company { businessActivity } } } }"""
OWNER = {
    "firstName": "Ada",
    "lastName": "Lovelace",
    "birthDate": "1815-12-10",
    "totalCapitalPercentage": 60.0,
    "direct": True,
    "residencyAddress": {"addressLine1": "1 rue X", "city": "Paris", "postalCode": "75001"},
}
PEOPLE = {
    "email": "g@example.com",
    "name": "Acme",
    "businessActivity": "ScientificActivities",
    "individualUltimateBeneficialOwners": [OWNER],
    "representatives": [
        {"type": "Individual", "firstName": "Grace", "lastName": "Hopper", "roles": ["CEO"]},
        {"type": "Company", "entityName": "Holding SAS", "legalForm": "SAS"},
    ],
    "legalRepresentativePersonalAddress": {
        "addressLine1": "2 rue Y",
        "city": "Lyon",
        "postalCode": "69001",
        "country": "FRA",
    },
}


def test_a_company_s_people_are_kept_and_shown(sandbox: GraphQL) -> None:
    made = sandbox(ONBOARD, {"input": PEOPLE})["onboardCompanyAccountHolder"]
    info = made["onboarding"]["info"]
    assert info["businessActivity"] == "ScientificActivities"
    assert info["businessActivityCategory"] == "ProfessionalScientificAndTechnicalActivities"
    owner = info["individualUltimateBeneficialOwners"][0]
    assert owner["birthDate"].startswith("1815-12-10")
    # An address without its country is not shown (AddressInformation needs every part).
    assert owner["residencyAddress"] is None
    assert owner["info"] == {
        "__typename": "IndividualUltimateBeneficialOwnerTypeHasCapital",
        "type": "HasCapital",
        "totalCapitalPercentage": 60.0,
        "direct": True,
    }
    assert [p["__typename"] for p in info["representatives"]] == [
        "IndividualRepresentative",
        "CompanyRepresentative",
    ]
    assert info["legalRepresentativePersonalAddress"]["city"] == "Lyon"
    newer = sandbox(NEWER, {"id": made["onboarding"]["id"]})["accountHolderOnboarding"]
    assert newer["company"] is None  # no registration number yet: the company is null
    update = {
        "onboardingId": made["onboarding"]["id"],
        "registrationNumber": "552100554",
        "businessActivity": "Health",
    }
    updated = sandbox(UPDATE, {"input": update})["updateCompanyOnboarding"]["onboarding"]["info"]
    assert updated["businessActivityCategory"] == "HumanHealthAndSocialWork"
    # Fields left out stay.
    assert updated["representatives"][1]["entityName"] == "Holding SAS"
    newer = sandbox(NEWER, {"id": made["onboarding"]["id"]})["accountHolderOnboarding"]
    assert newer["company"]["businessActivity"] == "HumanHealthAndSocialWork"


def test_bad_people_are_rejected_and_change_nothing(sandbox: GraphQL) -> None:
    made = sandbox(ONBOARD, {"input": PEOPLE})["onboardCompanyAccountHolder"]
    bad = {
        "onboardingId": made["onboarding"]["id"],
        "individualUltimateBeneficialOwners": [
            {**OWNER, "birthDate": "1815-13-10", "totalCapitalPercentage": 160.0}
        ],
        "representatives": [{"type": "Company"}],
        "legalRepresentativePersonalAddress": {"country": "FRA"},
    }
    rejected = sandbox(UPDATE, {"input": bad})["updateCompanyOnboarding"]
    assert rejected["__typename"] == "ValidationRejection"
    assert sorted(tuple(f["path"]) for f in rejected["fields"]) == [
        ("input", "individualUltimateBeneficialOwners", "0", "birthDate"),
        ("input", "individualUltimateBeneficialOwners", "0", "totalCapitalPercentage"),
        ("input", "legalRepresentativePersonalAddress", "addressLine1"),
        ("input", "legalRepresentativePersonalAddress", "city"),
        ("input", "legalRepresentativePersonalAddress", "postalCode"),
        ("input", "representatives", "0", "entityName"),
    ]
    again = sandbox(UPDATE, {"input": {"onboardingId": made["onboarding"]["id"]}})
    assert again["updateCompanyOnboarding"]["onboarding"]["info"] == made["onboarding"]["info"]


START = """mutation($input: UnauthenticatedOnboardPublicCompanyAccountHolderInput) {
  unauthenticatedOnboardPublicCompanyAccountHolder(input: $input) {
    ... on UnauthenticatedOnboardPublicCompanyAccountHolderSuccessPayload { onboarding { id } } } }"""
FILL = """mutation($input: UnauthenticatedUpdateCompanyOnboardingInput) {
  unauthenticatedUpdateCompanyOnboarding(input: $input) { __typename
    ... on UnauthenticatedUpdateCompanyOnboardingSuccessPayload { onboarding { info {
      ... on OnboardingCompanyAccountHolderInfo { businessActivity
        individualUltimateBeneficialOwners { lastName }
        legalRepresentativePersonalAddress { city } } } } } } }"""


def test_a_sign_up_form_gives_the_company_s_people_without_a_token(
    public_api: GraphQL, project: ProjectCredentials
) -> None:
    started = public_api(START, {"input": {"projectId": project.project_id}})
    onboarding_id = started["unauthenticatedOnboardPublicCompanyAccountHolder"]["onboarding"]["id"]
    fill: dict[str, Any] = {
        "onboardingId": onboarding_id,
        "businessActivity": "Arts",
        "individualUltimateBeneficialOwners": [OWNER],
        "legalRepresentativePersonalAddress": PEOPLE["legalRepresentativePersonalAddress"],
    }
    filled = public_api(FILL, {"input": fill})["unauthenticatedUpdateCompanyOnboarding"]
    assert filled["onboarding"]["info"] == {
        "businessActivity": "Arts",
        "individualUltimateBeneficialOwners": [{"lastName": "Lovelace"}],
        "legalRepresentativePersonalAddress": {"city": "Lyon"},
    }
