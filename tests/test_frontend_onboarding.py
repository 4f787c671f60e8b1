"""The onboarding app's flows, v2 company to its last step and v1 individual and company,
through a real server (issue 34, point 4).

Each test sends our own documents in the shape the open-source onboarding app sends, with
no token where the app has none. What running the real app found: the company showed null
until its registration number was given (so the organisation step asked a French company
for a foreign company's tax number); the documents step's upload URLs were a 401 without a
token and the upload address answered nothing; and no onboarding was ever `V1`, so the
app's first flow was out of reach.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from tests.conftest import LiveServer, project_token
from tests.oauth_pages import Pages, exchange

VERSION = """
query GetPublicOnboardingVersion($id: ID!) {
  publicAccountHolderOnboarding(id: $id) {
    __typename
    ... on AccountHolderOnboardingBase { id statusInfo { __typename status validationVersion } }
  }
}"""

CREATE_COMPANY = """
mutation CreatePublicCompanyAccountHolderOnboarding(
  $input: CreatePublicCompanyAccountHolderOnboardingInput!
) {
  createPublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on CreatePublicCompanyAccountHolderOnboardingSuccessPayload { onboarding { id } }
  }
}"""

UPDATE_COMPANY = """
mutation UpdatePublicCompanyAccountHolderOnboarding(
  $input: UpdatePublicCompanyAccountHolderOnboardingInput!
) {
  updatePublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on UpdatePublicCompanyAccountHolderOnboardingSuccessPayload {
      onboarding {
        id
        statusInfo { status ... on OnboardingInvalidStatusInfo { errors { field } } }
        company { name legalFormCode registrationNumber address { country } }
        supportingDocumentCollection {
          id statusInfo { status } requiredSupportingDocumentPurposes { name }
        }
      }
    }
    ... on Rejection { message }
  }
}"""

UPLOAD_URL = """
mutation GenerateSupportingDocumentUploadUrl($input: GenerateSupportingDocumentUploadUrlInput!) {
  generateSupportingDocumentUploadUrl(input: $input) {
    __typename
    ... on GenerateSupportingDocumentUploadUrlSuccessPayload {
      supportingDocumentId upload { url fields { key value } }
    }
    ... on Rejection { message }
  }
}"""

FINALIZE = """
mutation($input: FinalizeAccountHolderOnboardingInput!) {
  finalizeAccountHolderOnboarding(input: $input) {
    __typename
    ... on FinalizeAccountHolderOnboardingSuccessPayload {
      onboarding { ... on CompanyAccountHolderOnboarding { statusInfo { status validationVersion } } }
    }
  }
}"""

ADDRESS = {"addressLine1": "1 Place de la Bourse", "city": "Paris", "postalCode": "75002"}
ORIGIN = {"Origin": "https://onboarding.example.com"}


@pytest.fixture
def app(sim: Simulator, project: ProjectCredentials) -> Iterator[httpx.Client]:
    """The onboarding app's view of a real server: no token at all."""
    with LiveServer(sim) as server, httpx.Client(base_url=server.base_url, timeout=20) as http:
        yield http


def _public(app: httpx.Client, document: str, **variables: Any) -> dict[str, Any]:
    response = app.post("/sandbox/graphql", json={"query": document, "variables": variables})
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    data: dict[str, Any] = body["data"]
    return data


def _save(app: httpx.Client, onboarding_id: str, **step: Any) -> dict[str, Any]:
    data = _public(app, UPDATE_COMPANY, input={"onboardingId": onboarding_id, **step})
    payload = data["updatePublicCompanyAccountHolderOnboarding"]
    assert payload["__typename"].endswith("SuccessPayload"), payload
    onboarding: dict[str, Any] = payload["onboarding"]
    return onboarding


def _upload_each(app: httpx.Client, collection_id: str, purposes: list[str]) -> None:
    """The documents step: an upload URL for each purpose, asked without a token, then the
    file posted from the page to that URL."""
    for purpose in purposes:
        data = _public(
            app,
            UPLOAD_URL,
            input={
                "supportingDocumentCollectionId": collection_id,
                "supportingDocumentPurpose": purpose,
                "filename": f"{purpose}.pdf",
            },
        )["generateSupportingDocumentUploadUrl"]
        upload = data["upload"]
        fields = {field["key"]: field["value"] for field in upload["fields"]}
        sent = app.post(
            upload["url"],
            data=fields,
            files={"file": (f"{purpose}.pdf", b"%PDF-1.4")},
            headers=ORIGIN,
        )
        assert sent.status_code == 204, sent.text
        assert sent.headers["access-control-allow-origin"] == "*"


def test_the_company_onboarding_v2_runs_every_step_without_any_token(
    app: httpx.Client, sim: Simulator, project: ProjectCredentials
) -> None:
    created = _public(
        app,
        CREATE_COMPANY,
        input={"projectId": project.project_id, "accountInfo": {"country": "FRA"}},
    )["createPublicCompanyAccountHolderOnboarding"]
    onboarding_id = created["onboarding"]["id"]
    # Its first step: the company's country, name and legal form, and who the admin is.
    root = _save(
        app,
        onboarding_id,
        company={
            "name": "Difference Engines SAS",
            "legalFormCode": "5710",
            "address": {"country": "FRA"},
        },
        accountAdmin={"typeOfRepresentation": "LegalRepresentative"},
    )
    # Shown at once: the organisation step reads the company's country to decide whether
    # a French company needs a tax number (it does not; a foreign one does).
    assert root["company"] == {
        "name": "Difference Engines SAS",
        "legalFormCode": "5710",
        "registrationNumber": "",
        "address": {"country": "FRA"},
    }
    admin = {
        "firstName": "Charles",
        "lastName": "Babbage",
        "email": "charles@difference-engines.example",
        "nationality": "FRA",
        "birthInfo": {
            "birthDate": "1991-12-14",
            "country": "FRA",
            "city": "Paris",
            "postalCode": "75001",
        },
        "address": {**ADDRESS, "country": "FRA"},
        "unitedStatesTaxInfo": {"isUnitedStatesPerson": False},
    }
    _save(app, onboarding_id, accountAdmin=admin)
    organisation = {
        "address": {**ADDRESS, "country": "FRA"},
        "registrationNumber": "852345678",
        "registrationDate": "2019-03-03",
    }
    _save(app, onboarding_id, company=organisation)
    activity = {
        "businessActivity": "Manufacturing",
        "businessActivityDescription": "Calculating engines.",
        "monthlyPaymentVolume": "LessThan10000",
    }
    done = _save(app, onboarding_id, company=activity)
    assert done["statusInfo"] == {"status": "Valid"}, done
    collection = done["supportingDocumentCollection"]
    assert collection["statusInfo"] == {"status": "WaitingForDocument"}
    purposes = [purpose["name"] for purpose in collection["requiredSupportingDocumentPurposes"]]
    assert purposes
    _upload_each(app, collection["id"], purposes)
    statuses = sim.sandbox.store.db.execute(
        "SELECT DISTINCT status FROM supporting_documents WHERE collection_id = ?",
        [collection["id"]],
    ).fetchall()
    assert [row[0] for row in statuses] == ["Uploaded"]
    # The finalize step hands over to the sign-in; the onboarding is complete by then.
    token = project_token(app, project)
    finalized = app.post(
        "/sandbox/graphql",
        json={"query": FINALIZE, "variables": {"input": {"onboardingId": onboarding_id}}},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    assert "data" in finalized, finalized
    finalized = finalized["data"]["finalizeAccountHolderOnboarding"]
    assert finalized["onboarding"]["statusInfo"] == {
        "status": "Finalized",
        "validationVersion": "V2",
    }


def test_only_the_upload_address_answers_a_browser(
    app: httpx.Client, project: ProjectCredentials
) -> None:
    created = _public(
        app,
        CREATE_COMPANY,
        input={"projectId": project.project_id, "accountInfo": {"country": "FRA"}},
    )["createPublicCompanyAccountHolderOnboarding"]
    collection = _save(app, created["onboarding"]["id"], company={"name": "Acme"})[
        "supportingDocumentCollection"
    ]
    asked = app.post(
        "/sandbox/graphql",
        json={
            "query": UPLOAD_URL,
            "variables": {
                "input": {
                    "supportingDocumentCollectionId": collection["id"],
                    "supportingDocumentPurpose": "CompanyRegistration",
                    "filename": "kbis.pdf",
                }
            },
        },
        headers=ORIGIN,
    )
    # The API itself never answers a browser (no CORS header), its storage URL does.
    assert not [name for name in asked.headers if name.lower().startswith("access-control-")]
    url = asked.json()["data"]["generateSupportingDocumentUploadUrl"]["upload"]["url"]
    assert url.endswith("/sandbox/supporting-document-uploads/" + url.rsplit("/", 1)[1])
    preflight = app.options(url, headers={**ORIGIN, "Access-Control-Request-Method": "PUT"})
    assert preflight.status_code == 204 and preflight.headers["access-control-allow-origin"] == "*"
    assert app.put(url, content=b"%PDF-1.4", headers=ORIGIN).status_code == 204
    # Once only; an id that waits for no file is a 404, as any other path.
    assert app.put(url, content=b"%PDF-1.4").status_code == 404
    assert app.post(url.rsplit("/", 1)[0] + "/nope", content=b"x").status_code == 404
    assert app.post(url.replace("/sandbox/", "/live/"), content=b"x").status_code == 404


ONBOARD_V1 = """
mutation OnboardIndividualAccountHolder($input: UnauthenticatedOnboardPublicIndividualAccountHolderInput) {
  unauthenticatedOnboardPublicIndividualAccountHolder(input: $input) {
    __typename
    ... on UnauthenticatedOnboardPublicIndividualAccountHolderSuccessPayload { onboarding { id } }
  }
}"""

ONBOARD_COMPANY_V1 = """
mutation OnboardCompanyAccountHolder($input: UnauthenticatedOnboardPublicCompanyAccountHolderInput) {
  unauthenticatedOnboardPublicCompanyAccountHolder(input: $input) {
    __typename
    ... on UnauthenticatedOnboardPublicCompanyAccountHolderSuccessPayload { onboarding { id } }
  }
}"""

GET_ONBOARDING = """
query GetOnboarding($id: ID!) {
  onboardingInfo(id: $id) {
    id statusInfo { status validationVersion
      ... on OnboardingInvalidStatusInfo { errors { field errors } } }
  }
}"""

UPDATE_V1 = """
mutation UpdateIndividualOnboarding($input: UnauthenticatedUpdateIndividualOnboardingInput!) {
  unauthenticatedUpdateIndividualOnboarding(input: $input) {
    __typename
    ... on UnauthenticatedUpdateIndividualOnboardingSuccessPayload {
      onboarding { statusInfo { status validationVersion } }
    }
  }
}"""

UPDATE_COMPANY_V1 = """
mutation UpdateCompanyOnboarding($input: UnauthenticatedUpdateCompanyOnboardingInput!) {
  unauthenticatedUpdateCompanyOnboarding(input: $input) {
    __typename
    ... on UnauthenticatedUpdateCompanyOnboardingSuccessPayload {
      onboarding { statusInfo { status validationVersion } }
    }
  }
}"""

FINALIZE_V1 = """
mutation($id: String!) {
  finalizeOnboarding(input: {onboardingId: $id}) {
    __typename
    ... on FinalizeOnboardingSuccessPayload {
      onboarding { statusInfo { status validationVersion } accountHolder { info { name } } }
    }
  }
}"""


def _unauthenticated(app: httpx.Client, document: str, **variables: Any) -> dict[str, Any]:
    response = app.post(
        "/sandbox-unauthenticated/graphql", json={"query": document, "variables": variables}
    )
    body = response.json()
    assert response.status_code == 200 and "errors" not in body, body
    data: dict[str, Any] = body["data"]
    return data


def test_the_older_onboarding_opens_the_apps_first_flow(
    app: httpx.Client, sim: Simulator, project: ProjectCredentials
) -> None:
    # `/onboarding/individual/start` without `v2=true`: the app's server starts the older way.
    started = _unauthenticated(
        app, ONBOARD_V1, input={"projectId": project.project_id, "accountCountry": "FRA"}
    )["unauthenticatedOnboardPublicIndividualAccountHolder"]
    onboarding_id = started["onboarding"]["id"]
    # The app picks its flow from this tokenless answer: V1 opens the first one.
    version = _public(app, VERSION, id=onboarding_id)["publicAccountHolderOnboarding"]
    assert version["statusInfo"]["validationVersion"] == "V1"
    info = _unauthenticated(app, GET_ONBOARDING, id=onboarding_id)["onboardingInfo"]
    # V1 names the fields as its input does, and asks no names (the user gives them).
    assert info["statusInfo"]["errors"] == [{"field": "email", "errors": ["Missing"]}]
    steps: list[dict[str, Any]] = [
        {"email": "ada.byron@example.com", "language": "en"},
        {"residencyAddress": {**ADDRESS, "country": "FRA"}},
        {"employmentStatus": "Employee", "monthlyIncome": "Between1500And3000"},
    ]
    for step in steps:
        saved = _unauthenticated(app, UPDATE_V1, input={"onboardingId": onboarding_id, **step})
    payload = saved["unauthenticatedUpdateIndividualOnboarding"]
    assert payload["onboarding"]["statusInfo"] == {"status": "Valid", "validationVersion": "V1"}
    # The finalize step: the user signs in with the onboarding's id and finalizes with their token.
    code = Pages(app, sim.sandbox).authorize(project.client_id, onboardingId=onboarding_id)["code"]
    token = exchange(app, code, project.client_id, project.client_secret).json()["access_token"]
    done = app.post(
        "/sandbox/graphql",
        json={"query": FINALIZE_V1, "variables": {"id": onboarding_id}},
        headers={"Authorization": f"Bearer {token}"},
    ).json()["data"]["finalizeOnboarding"]
    assert done["onboarding"]["statusInfo"] == {"status": "Finalized", "validationVersion": "V1"}
    assert done["onboarding"]["accountHolder"]["info"]["name"]
    # The current operations' onboardings keep V2.
    current = _public(
        app,
        CREATE_COMPANY,
        input={"projectId": project.project_id, "accountInfo": {"country": "FRA"}},
    )["createPublicCompanyAccountHolderOnboarding"]["onboarding"]["id"]
    answer = _public(app, VERSION, id=current)["publicAccountHolderOnboarding"]
    assert answer["statusInfo"]["validationVersion"] == "V2"


def test_the_older_company_onboarding_follows_the_v1_rules(
    app: httpx.Client, project: ProjectCredentials
) -> None:
    started = _unauthenticated(
        app, ONBOARD_COMPANY_V1, input={"projectId": project.project_id, "accountCountry": "FRA"}
    )["unauthenticatedOnboardPublicCompanyAccountHolder"]
    onboarding_id = started["onboarding"]["id"]
    info = _unauthenticated(app, GET_ONBOARDING, id=onboarding_id)["onboardingInfo"]
    fields = [error["field"] for error in info["statusInfo"]["errors"]]
    assert fields == ["email", "name", "registrationNumber"]
    steps = [
        {"email": "ada.byron@example.com", "typeOfRepresentation": "LegalRepresentative"},
        {
            "name": "Analytical Engines SAS",
            "registrationNumber": "552100554",
            "companyType": "Company",
        },
        {
            "businessActivity": "AdministrativeServices",
            "businessActivityDescription": "Engines.",
            "monthlyPaymentVolume": "LessThan10000",
        },
    ]
    for step in steps:
        saved = _unauthenticated(
            app, UPDATE_COMPANY_V1, input={"onboardingId": onboarding_id, **step}
        )
    payload = saved["unauthenticatedUpdateCompanyOnboarding"]
    assert payload["onboarding"]["statusInfo"] == {"status": "Valid", "validationVersion": "V1"}


OWNERS = """
mutation UpdatePublicCompanyAccountHolderOnboarding(
  $input: UpdatePublicCompanyAccountHolderOnboardingInput!
) {
  updatePublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on UpdatePublicCompanyAccountHolderOnboardingSuccessPayload {
      onboarding { ... on CompanyAccountHolderOnboarding { company { relatedIndividuals {
        __typename
        ... on CompanyLegalRepresentative { firstName legalRepresentative { roles } }
        ... on CompanyUltimateBeneficialOwner {
          firstName
          ultimateBeneficialOwner { qualificationType ownership { totalPercentage type } }
        }
      } } } }
    }
  }
}"""


def test_the_ownership_step_keeps_a_representative_and_an_owner_without_any_token(
    app: httpx.Client, project: ProjectCredentials
) -> None:
    created = _public(
        app,
        CREATE_COMPANY,
        input={"projectId": project.project_id, "accountInfo": {"country": "FRA"}},
    )["createPublicCompanyAccountHolderOnboarding"]
    person: dict[str, Any] = {
        "firstName": "Ada",
        "lastName": "Byron",
        "sex": "Female",
        "nationality": "FRA",
        "birthInfo": {
            "birthDate": "1990-01-14",
            "country": "FRA",
            "city": "Paris",
            "postalCode": "75001",
        },
        "address": {
            "addressLine1": "12 Rue de Rivoli",
            "city": "Paris",
            "postalCode": "75001",
            "country": "FRA",
        },
        "unitedStatesTaxInfo": {"isUnitedStatesPerson": False},
    }
    # The app sends the whole list each time: the admin, a director, a 30% direct owner.
    people = [
        {**person, "type": "LegalRepresentative", "legalRepresentative": {"roles": ["Director"]}},
        {
            **person,
            "type": "UltimateBeneficialOwner",
            "taxIdentificationNumber": "",
            "ultimateBeneficialOwner": {
                "qualificationType": "Ownership",
                "ownership": {"totalPercentage": 30.0, "type": "Direct"},
            },
        },
    ]
    data = _public(
        app,
        OWNERS,
        input={
            "onboardingId": created["onboarding"]["id"],
            "company": {"relatedIndividuals": people},
        },
    )
    company = data["updatePublicCompanyAccountHolderOnboarding"]["onboarding"]["company"]
    assert company["relatedIndividuals"] == [
        {
            "__typename": "CompanyLegalRepresentative",
            "firstName": "Ada",
            "legalRepresentative": {"roles": ["Director"]},
        },
        {
            "__typename": "CompanyUltimateBeneficialOwner",
            "firstName": "Ada",
            "ultimateBeneficialOwner": {
                "qualificationType": "Ownership",
                "ownership": {"totalPercentage": 30.0, "type": "Direct"},
            },
        },
    ]
