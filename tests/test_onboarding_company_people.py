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
    # Shown as soon as anything is given; no registration number yet: it reads empty.
    assert newer["company"] == {"businessActivity": "ProfessionalScientificAndTechnicalActivities"}
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


FINALIZE = """mutation($id: String!) { finalizeAccountHolderOnboarding(input: {onboardingId: $id}) {
  __typename ... on Rejection { message }
  ... on FinalizeAccountHolderOnboardingSuccessPayload { onboarding {
    ... on AccountHolderOnboardingBase { account { holder { id } } } } } } }"""
HOLDER = """query($id: ID!) { accountHolder(id: $id) {
  accountHolderOnboarding { ... on AccountHolderOnboardingBase { id } }
  info { __typename
  ... on AccountHolderCompanyInfo { businessActivity businessActivityDescription
    companyRegistrationDate companyType monthlyPaymentVolume tradeName
    individualUltimateBeneficialOwners { lastName info { type } }
    representatives { __typename ... on IndividualRepresentative { lastName roles } }
    legalRepresentativePersonalAddress { city } }
  ... on AccountHolderIndividualInfo { employmentStatus monthlyIncome user { id } } } } }"""
CREATE_COMPANY = """mutation($input: CreateCompanyAccountHolderOnboardingInput!) {
  createCompanyAccountHolderOnboarding(input: $input) {
    ... on CreateCompanyAccountHolderOnboardingSuccessPayload { onboarding { id } } } }"""


def _finalized(sandbox: GraphQL, onboarding_id: str) -> Any:
    done = sandbox(FINALIZE, {"id": onboarding_id})["finalizeAccountHolderOnboarding"]
    assert "onboarding" in done, done
    holder_id = done["onboarding"]["account"]["holder"]["id"]
    return sandbox(HOLDER, {"id": holder_id})["accountHolder"]


def test_a_holder_shows_what_its_older_onboarding_said(sandbox: GraphQL) -> None:
    made = sandbox(ONBOARD, {"input": {**PEOPLE, "registrationNumber": "552100554"}})
    onboarding_id = made["onboardCompanyAccountHolder"]["onboarding"]["id"]
    # The older way takes the admin's names from the user signing in: given here instead.
    names = {"onboardingId": onboarding_id, "accountAdmin": {"firstName": "G", "lastName": "H"}}
    sandbox(
        """mutation($input: UpdateCompanyAccountHolderOnboardingInput!) {
          updateCompanyAccountHolderOnboarding(input: $input) { __typename } }""",
        {"input": names},
    )
    holder = _finalized(sandbox, onboarding_id)
    assert holder["accountHolderOnboarding"] == {"id": onboarding_id}
    info = holder["info"]
    assert info["businessActivity"] == "ScientificActivities"
    assert info["businessActivityDescription"] == ""  # never given: the stand-in
    assert info["monthlyPaymentVolume"] == "LessThan10000"
    assert info["individualUltimateBeneficialOwners"] == [
        {"lastName": "Lovelace", "info": {"type": "HasCapital"}}
    ]
    assert info["representatives"][0] == {
        "__typename": "IndividualRepresentative",
        "lastName": "Hopper",
        "roles": ["CEO"],
    }
    assert info["legalRepresentativePersonalAddress"] == {"city": "Lyon"}


def test_a_holder_shows_what_its_newer_onboarding_said(sandbox: GraphQL) -> None:
    related = [
        {
            "type": "LegalRepresentativeAndUltimateBeneficialOwner",
            "firstName": "Grace",
            "lastName": "Hopper",
            "legalRepresentative": {"roles": ["President"]},
            "ultimateBeneficialOwner": {
                "qualificationType": "Ownership",
                "ownership": {"type": "Direct", "totalPercentage": 70.0},
            },
        }
    ]
    company = {
        "name": "Acme",
        "registrationNumber": "552100554",
        "businessActivity": "Education",
        "businessActivityDescription": "Courses",
        "monthlyPaymentVolume": "Between10000And50000",
        "registrationDate": "2020-01-02",
        "tradeName": "Acme Courses",
        "relatedIndividuals": related,
    }
    admin = {
        "email": "grace@example.com",
        "firstName": "Grace",
        "lastName": "Hopper",
        "address": {
            "addressLine1": "3 rue Z",
            "city": "Nantes",
            "postalCode": "44000",
            "country": "FRA",
        },
    }
    variables = {
        "input": {"accountInfo": {"country": "FRA"}, "accountAdmin": admin, "company": company}
    }
    made = sandbox(CREATE_COMPANY, variables)["createCompanyAccountHolderOnboarding"]
    info = _finalized(sandbox, made["onboarding"]["id"])["info"]
    assert info == {
        "__typename": "AccountHolderCompanyInfo",
        "businessActivity": "Education",
        "businessActivityDescription": "Courses",
        "companyRegistrationDate": "2020-01-02",
        "companyType": None,  # the newer input has none
        "monthlyPaymentVolume": "Between10000And50000",
        "tradeName": "Acme Courses",
        "individualUltimateBeneficialOwners": [
            {"lastName": "Hopper", "info": {"type": "HasCapital"}}
        ],
        "representatives": [
            {"__typename": "IndividualRepresentative", "lastName": "Hopper", "roles": ["President"]}
        ],
        "legalRepresentativePersonalAddress": {"city": "Nantes"},
    }
