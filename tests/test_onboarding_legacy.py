"""The older onboarding operations over the same onboardings: onboard, update, finalize with
the user's token, and the `onboarding`/`onboardings` queries."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator

from .conftest import GraphQL
from .oauth_pages import Pages, exchange

ONBOARDING = """id accountCountry accountName email language
  statusInfo { status validationVersion
    ... on OnboardingInvalidStatusInfo { errors { field errors } } }
  info { type
    ... on OnboardingIndividualAccountHolderInfo { employmentStatus monthlyIncome
          residencyAddress { addressLine1 city postalCode country } }
    ... on OnboardingCompanyAccountHolderInfo { name registrationNumber companyType } }
  account { id } accountHolder { id } onboardingUrl tcuUrl
  supportingDocumentCollection { id } legalRepresentativeAcceptedIdentificationLevels"""

ONBOARD_INDIVIDUAL = f"""mutation($input: OnboardIndividualAccountHolderInput) {{
  onboardIndividualAccountHolder(input: $input) {{
    __typename
    ... on OnboardIndividualAccountHolderSuccessPayload {{ onboarding {{ {ONBOARDING} }} }}
    ... on ValidationRejection {{ message fields {{ path }} }}
  }} }}"""
ONBOARD_COMPANY = f"""mutation($input: OnboardCompanyAccountHolderInput) {{
  onboardCompanyAccountHolder(input: $input) {{
    __typename
    ... on OnboardCompanyAccountHolderSuccessPayload {{ onboarding {{ {ONBOARDING} }} }}
  }} }}"""
UPDATE_INDIVIDUAL = """mutation($input: UpdateIndividualOnboardingInput!) {
  updateIndividualOnboarding(input: $input) {
    __typename
    ... on UpdateIndividualOnboardingSuccessPayload { onboarding { id accountCountry email
        statusInfo { status } } }
    ... on ForbiddenRejection { message }
    ... on ValidationRejection { message }
  } }"""
UPDATE_COMPANY = """mutation($input: UpdateCompanyOnboardingInput) {
  updateCompanyOnboarding(input: $input) {
    __typename
    ... on UpdateCompanyOnboardingSuccessPayload { onboarding { info {
        ... on OnboardingCompanyAccountHolderInfo { registrationNumber } } } }
    ... on ForbiddenRejection { message }
  } }"""
FINALIZE = """mutation($id: String!) {
  finalizeOnboarding(input: {onboardingId: $id}) {
    __typename
    ... on FinalizeOnboardingSuccessPayload { onboarding { statusInfo { status }
        account { id } accountHolder { id } finalizedAt } }
    ... on OnboardingNotCompletedRejection { onboardingId onboarding { statusInfo { status } } }
    ... on ForbiddenRejection { message }
    ... on ValidationRejection { message }
  } }"""

INDIVIDUAL = {
    "accountCountry": "DEU",
    "accountName": "Main",
    "email": "ada@example.com",
    "language": "de",
    "employmentStatus": "Employee",
    "monthlyIncome": "Between3000And4500",
    "residencyAddress": {
        "addressLine1": "1 Unter den Linden",
        "city": "Berlin",
        "postalCode": "10117",
        "country": "DEU",
    },
}


def _onboard(sandbox: GraphQL, values: dict[str, Any] = INDIVIDUAL) -> dict[str, Any]:
    data = sandbox(ONBOARD_INDIVIDUAL, {"input": values})["onboardIndividualAccountHolder"]
    return data["onboarding"]  # type: ignore[no-any-return]


def _user_graphql(
    http: httpx.Client, sim: Simulator, project: ProjectCredentials, onboarding_id: str
) -> GraphQL:
    """Sign in with the onboarding id through the pages; the user's GraphQL client."""
    code = Pages(http, sim.sandbox).authorize(project.client_id, onboardingId=onboarding_id)["code"]
    response = exchange(http, code, project.client_id, project.client_secret)
    assert response.status_code == 200, response.text
    return GraphQL(http, "/sandbox/graphql", response.json()["access_token"])


def test_an_individual_is_onboarded_the_older_way_and_finalized_by_the_user(
    http: httpx.Client, sim: Simulator, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    onboarding = _onboard(sandbox)
    assert onboarding["accountCountry"] == "DEU" and onboarding["language"] == "de"
    assert onboarding["info"] == {
        "type": "Individual",
        "employmentStatus": "Employee",
        "monthlyIncome": "Between3000And4500",
        "residencyAddress": {
            "addressLine1": "1 Unter den Linden",
            "city": "Berlin",
            "postalCode": "10117",
            "country": "DEU",
        },
    }
    # The older onboarding follows the V1 rules: the names are not asked for (the user who
    # signs in gives them), so it is Valid, and the onboarding app opens its first flow.
    assert onboarding["statusInfo"] == {"status": "Valid", "validationVersion": "V1"}
    assert onboarding["legalRepresentativeAcceptedIdentificationLevels"] == ["Expert", "QES"]
    onboarding_id = onboarding["id"]

    refused = sandbox(FINALIZE, {"id": onboarding_id})["finalizeOnboarding"]
    assert refused["__typename"] == "ForbiddenRejection"
    assert "user access token" in refused["message"]

    user = _user_graphql(http, sim, project, onboarding_id)
    done = user(FINALIZE, {"id": onboarding_id})["finalizeOnboarding"]
    assert done["onboarding"]["statusInfo"]["status"] == "Finalized"
    assert done["onboarding"]["account"]["id"] and done["onboarding"]["accountHolder"]["id"]
    assert done["onboarding"]["finalizedAt"]
    again = user(FINALIZE, {"id": onboarding_id})["finalizeOnboarding"]
    assert again["__typename"] == "ValidationRejection"

    # The same onboarding through the current operations.
    current = sandbox(
        """query($id: ID!) { accountHolderOnboarding(id: $id) {
          ... on IndividualAccountHolderOnboarding { accountAdmin { firstName lastName } } } }""",
        {"id": onboarding_id},
    )["accountHolderOnboarding"]
    assert current["accountAdmin"] == {"firstName": "Ada", "lastName": "Lovelace"}


def test_updates_and_their_rejections(sandbox: GraphQL) -> None:
    onboarding_id = _onboard(sandbox)["id"]
    update = {"onboardingId": onboarding_id, "accountCountry": "ESP", "email": "a@example.es"}
    updated = sandbox(UPDATE_INDIVIDUAL, {"input": update})["updateIndividualOnboarding"]
    assert updated["onboarding"]["accountCountry"] == "ESP"
    assert updated["onboarding"]["email"] == "a@example.es"
    for bad, kind in [
        ({"onboardingId": "nope"}, "ForbiddenRejection"),
        ({"onboardingId": onboarding_id, "language": "xx"}, "ValidationRejection"),
    ]:
        assert (
            sandbox(UPDATE_INDIVIDUAL, {"input": bad})["updateIndividualOnboarding"]["__typename"]
            == kind
        )
    # An individual onboarding is not a company's.
    wrong = sandbox(UPDATE_COMPANY, {"input": {"onboardingId": onboarding_id}})
    assert wrong["updateCompanyOnboarding"]["__typename"] == "ForbiddenRejection"


def test_a_company_is_onboarded_the_older_way(sandbox: GraphQL) -> None:
    values = {"email": "g@example.com", "name": "Acme", "companyType": "Company"}
    data = sandbox(ONBOARD_COMPANY, {"input": values})["onboardCompanyAccountHolder"]
    onboarding = data["onboarding"]
    assert onboarding["accountCountry"] == "FRA"  # the default
    assert onboarding["info"] == {
        "type": "Company",
        "name": "Acme",
        "registrationNumber": None,
        "companyType": "Company",
    }
    update = {"onboardingId": onboarding["id"], "registrationNumber": "552100554"}
    updated = sandbox(UPDATE_COMPANY, {"input": update})["updateCompanyOnboarding"]
    assert updated["onboarding"]["info"] == {"registrationNumber": "552100554"}


def test_not_completed_rejection_carries_the_onboarding(
    http: httpx.Client, sim: Simulator, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    onboarding_id = _onboard(sandbox, {"accountCountry": "FRA"})["id"]  # no email
    user = _user_graphql(http, sim, project, onboarding_id)
    refused = user(FINALIZE, {"id": onboarding_id})["finalizeOnboarding"]
    assert refused == {
        "__typename": "OnboardingNotCompletedRejection",
        "onboardingId": onboarding_id,
        "onboarding": {"statusInfo": {"status": "Invalid"}},
    }


def test_onboarding_queries(sandbox: GraphQL) -> None:
    first = _onboard(sandbox)["id"]
    _onboard(sandbox, {"email": "b@example.com"})
    one = sandbox("query($id: ID!) { onboarding(id: $id) { id email } }", {"id": first})
    assert one["onboarding"] == {"id": first, "email": "ada@example.com"}
    listing = sandbox(
        """{ onboardings(first: 1, filters: {email: "b@example.com"}) {
          totalCount edges { node { email } } } }"""
    )["onboardings"]
    assert listing == {"totalCount": 1, "edges": [{"node": {"email": "b@example.com"}}]}
    response = sandbox.post('{ onboarding(id: "nope") { id } }')
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "NOT_FOUND"


@pytest.mark.parametrize("mutation", [ONBOARD_INDIVIDUAL, ONBOARD_COMPANY])
def test_onboarding_without_input_starts_an_empty_one(sandbox: GraphQL, mutation: str) -> None:
    data = sandbox(mutation)
    [payload] = data.values()
    assert payload["onboarding"]["accountCountry"] == "FRA"
    assert payload["onboarding"]["statusInfo"]["status"] == "Invalid"


def test_a_v1_onboarding_waits_for_its_users_names_to_be_finalized(sandbox: GraphQL) -> None:
    # Valid by the V1 rules (no names asked for), yet nobody has signed in to give them: a
    # project token cannot finalize it into a holder without a name.
    onboarding = _onboard(sandbox)
    assert onboarding["statusInfo"] == {"status": "Valid", "validationVersion": "V1"}
    refused = sandbox(
        """mutation($id: String!) { finalizeAccountHolderOnboarding(input: {onboardingId: $id}) {
          __typename ... on OnboardingNotReadyForFinalizationRejection { message } } }""",
        {"id": onboarding["id"]},
    )["finalizeAccountHolderOnboarding"]
    assert refused["__typename"] == "OnboardingNotReadyForFinalizationRejection"
    assert "firstName, lastName" in refused["message"]
