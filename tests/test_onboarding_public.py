"""Public onboarding mutations and `legalForms`."""

from __future__ import annotations

from typing import Any

import httpx

from simulator import ProjectCredentials, Simulator
from simulator.domain.onboarding.onboarding_public import set_public_onboarding

from .conftest import GraphQL
from .oauth_pages import REDIRECT_URI

CREATE_INDIVIDUAL = """mutation($input: CreatePublicIndividualAccountHolderOnboardingInput!) {
  createPublicIndividualAccountHolderOnboarding(input: $input) {
    __typename
    ... on CreatePublicIndividualAccountHolderOnboardingSuccessPayload {
      onboarding { id accountAdmin { email firstName } statusInfo { status } } }
    ... on PublicOnboardingDisabledRejection { message }
  } }"""
CREATE_COMPANY = """mutation($input: CreatePublicCompanyAccountHolderOnboardingInput!) {
  createPublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on CreatePublicCompanyAccountHolderOnboardingSuccessPayload {
      onboarding { id company { name registrationNumber legalFormCode } statusInfo { status } } }
  } }"""
UPDATE_INDIVIDUAL = """mutation($input: UpdatePublicIndividualAccountHolderOnboardingInput!) {
  updatePublicIndividualAccountHolderOnboarding(input: $input) {
    __typename
    ... on UpdatePublicIndividualAccountHolderOnboardingSuccessPayload {
      onboarding { accountAdmin { firstName lastName } statusInfo { status } } }
    ... on OnboardingNotFoundRejection { id }
    ... on PublicOnboardingDisabledRejection { message }
  } }"""
UPDATE_COMPANY = """mutation($input: UpdatePublicCompanyAccountHolderOnboardingInput!) {
  updatePublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on UpdatePublicCompanyAccountHolderOnboardingSuccessPayload {
      onboarding { company { registrationNumber } statusInfo { status } } }
  } }"""
ADMIN = {"email": "ada@example.com", "firstName": "Ada"}


def _individual(sandbox: GraphQL, project_id: str) -> dict[str, Any]:
    variables = {
        "input": {"projectId": project_id, "accountInfo": {"country": "FRA"}, "accountAdmin": ADMIN}
    }
    return sandbox(CREATE_INDIVIDUAL, variables)["createPublicIndividualAccountHolderOnboarding"]  # type: ignore[no-any-return]


def test_public_individual_onboarding_is_created_and_completed(
    sandbox: GraphQL, project: ProjectCredentials
) -> None:
    created = _individual(sandbox, project.project_id)
    onboarding = created["onboarding"]
    assert onboarding["accountAdmin"] == {"email": "ada@example.com", "firstName": "Ada"}
    assert onboarding["statusInfo"]["status"] == "Invalid"
    update = {"onboardingId": onboarding["id"], "accountAdmin": {"lastName": "Lovelace"}}
    updated = sandbox(UPDATE_INDIVIDUAL, {"input": update})
    result = updated["updatePublicIndividualAccountHolderOnboarding"]
    assert result["onboarding"]["statusInfo"]["status"] == "Valid"
    unknown = sandbox(UPDATE_INDIVIDUAL, {"input": {**update, "onboardingId": "nope"}})
    assert unknown["updatePublicIndividualAccountHolderOnboarding"] == {
        "__typename": "OnboardingNotFoundRejection",
        "id": "nope",
    }


def test_public_company_onboarding_takes_a_legal_form(
    sandbox: GraphQL, project: ProjectCredentials
) -> None:
    company = {"name": "Acme", "legalFormCode": "5710"}
    variables = {
        "input": {
            "projectId": project.project_id,
            "accountInfo": {"country": "FRA"},
            "accountAdmin": {"email": "g@example.com", "firstName": "G", "lastName": "H"},
            "company": company,
        }
    }
    created = sandbox(CREATE_COMPANY, variables)["createPublicCompanyAccountHolderOnboarding"]
    onboarding_id = created["onboarding"]["id"]
    assert created["onboarding"]["statusInfo"]["status"] == "Invalid"
    update = {"onboardingId": onboarding_id, "company": {"registrationNumber": "552100554"}}
    updated = sandbox(UPDATE_COMPANY, {"input": update})[
        "updatePublicCompanyAccountHolderOnboarding"
    ]
    assert updated["onboarding"]["statusInfo"]["status"] == "Valid"
    assert updated["onboarding"]["company"] == {"registrationNumber": "552100554"}


def test_switched_off_public_onboarding_is_a_rejection(
    sim: Simulator, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    project_id = project.project_id
    onboarding = _individual(sandbox, project_id)["onboarding"]
    set_public_onboarding(sim.sandbox, project_id, False)
    assert _individual(sandbox, project_id)["__typename"] == "PublicOnboardingDisabledRejection"
    update = {"onboardingId": onboarding["id"], "accountAdmin": {"lastName": "L"}}
    refused = sandbox(UPDATE_INDIVIDUAL, {"input": update})
    assert (
        refused["updatePublicIndividualAccountHolderOnboarding"]["__typename"]
        == "PublicOnboardingDisabledRejection"
    )
    set_public_onboarding(sim.sandbox, project_id, True)
    assert _individual(sandbox, project_id)["__typename"].endswith("SuccessPayload")


def test_another_projects_id_is_a_clear_error(
    http: httpx.Client, sim: Simulator, sandbox: GraphQL
) -> None:
    other: ProjectCredentials = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    variables = {"input": {"projectId": other.project_id, "accountInfo": {"country": "FRA"}}}
    response = sandbox.post(CREATE_INDIVIDUAL, variables)
    assert response.status_code == 200
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "FORBIDDEN"
    assert "projectId must be the id of the project" in error["message"]
    assert sim.sandbox.store.db["onboardings"].count == 0


def test_legal_forms_by_country(sandbox: GraphQL) -> None:
    query = """query($c: CCA3!) { legalForms(country: $c) {
      code country localName localAbbreviation } }"""
    french = sandbox(query, {"c": "FRA"})["legalForms"]
    assert {
        "code": "5710",
        "country": "FRA",
        "localName": "Société par actions simplifiée",
        "localAbbreviation": "SAS",
    } in french
    german = {
        form["localAbbreviation"]: form["code"]
        for form in sandbox(query, {"c": "DEU"})["legalForms"]
    }
    assert german["GmbH"] == "2HBR" and german["AG"] == "6QQB"
    assert sandbox(query, {"c": "ITA"})["legalForms"] == []


def test_a_public_individual_sign_up_keeps_what_the_person_says(
    sandbox: GraphQL, project: ProjectCredentials
) -> None:
    admin = {
        **ADMIN,
        "lastName": "Lovelace",
        "employmentStatus": "Entrepreneur",
        "monthlyIncome": "MoreThan4500",
        "address": {"addressLine1": "1 rue de la Paix", "city": "Paris", "country": "FRA"},
        "birthInfo": {"city": "London", "country": "GBR", "birthDate": "1815-12-10"},
        "sourcesOfFunds": ["Salary"],
        "unitedStatesTaxInfo": {"isUnitedStatesPerson": False},
    }
    variables = {
        "input": {
            "projectId": project.project_id,
            "accountInfo": {"country": "FRA"},
            "accountAdmin": admin,
        }
    }
    query = CREATE_INDIVIDUAL.replace(
        "accountAdmin { email firstName }",
        "accountAdmin { employmentStatus monthlyIncome address { city } birthInfo { city }"
        " sourcesOfFunds unitedStatesTaxInfo { isUnitedStatesPerson } }",
    )
    created = sandbox(query, variables)["createPublicIndividualAccountHolderOnboarding"]
    assert created["onboarding"]["accountAdmin"] == {
        "employmentStatus": "Entrepreneur",
        "monthlyIncome": "MoreThan4500",
        "address": {"city": "Paris"},
        "birthInfo": {"city": "London"},
        "sourcesOfFunds": ["Salary"],
        "unitedStatesTaxInfo": {"isUnitedStatesPerson": False},
    }
    # A value outside its enum is refused before anything is created.
    variables["input"]["accountAdmin"] = {**admin, "employmentStatus": "Astronaut"}
    assert "errors" in sandbox.post(query, variables).json()
