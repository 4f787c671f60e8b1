"""The unauthenticated API (issue 25): branding, onboarding without a token, its edge, and
what it never reaches (docs/onboarding.md, "Without a token")."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials, Simulator
from simulator.api.unauthenticated.masked import MASKED
from simulator.api.unauthenticated.restricted import Cut, reachable
from simulator.domain.kernel.events import list_events
from simulator.domain.onboarding.onboarding_public import set_public_onboarding
from simulator.server.app import unauthenticated_schema

from .conftest import GraphQL, LiveServer
from .oauth_pages import REDIRECT_URI

PATH = "/sandbox-unauthenticated/graphql"

BRANDING = """query Branding($projectId: ID!) {
  projectInfoById(id: $projectId) { id name accentColor logoUri oAuthClientId } }"""
START = """mutation Start($input: UnauthenticatedOnboardPublicIndividualAccountHolderInput!) {
  unauthenticatedOnboardPublicIndividualAccountHolder(input: $input) {
    __typename
    ... on UnauthenticatedOnboardPublicIndividualAccountHolderSuccessPayload {
      onboarding { id accountCountry statusInfo { status }
        supportingDocumentCollection { id statusInfo { status } } } }
    ... on Rejection { message }
  } }"""
START_COMPANY = """mutation StartCompany($input: UnauthenticatedOnboardPublicCompanyAccountHolderInput!) {
  unauthenticatedOnboardPublicCompanyAccountHolder(input: $input) {
    __typename
    ... on UnauthenticatedOnboardPublicCompanyAccountHolderSuccessPayload {
      onboarding { id info { __typename } } }
    ... on Rejection { message }
  } }"""
READ = """query Read($id: ID!) {
  onboardingInfo(id: $id) {
    id email language accountCountry tcuUrl onboardingUrl
    legalRepresentativeAcceptedIdentificationLevels
    legalRepresentativeRecommendedIdentificationLevel
    projectInfo { id name oAuthClientId accentColor logoUri }
    oAuthRedirectParameters { redirectUrl }
    info { __typename
      ... on OnboardingIndividualAccountHolderInfo {
        employmentStatus monthlyIncome taxIdentificationNumber
        residencyAddress { addressLine1 city postalCode country } }
      ... on OnboardingCompanyAccountHolderInfo { name registrationNumber companyType } }
    statusInfo { __typename
      ... on OnboardingInvalidStatusInfo { errors { field errors } } }
  } }"""
UPDATE = """mutation Fill($input: UnauthenticatedUpdateIndividualOnboardingInput!) {
  unauthenticatedUpdateIndividualOnboarding(input: $input) {
    __typename
    ... on UnauthenticatedUpdateIndividualOnboardingSuccessPayload {
      onboarding { id email statusInfo { status } } }
    ... on ValidationRejection { message fields { path code message } }
    ... on Rejection { message }
  } }"""
UPDATE_COMPANY = """mutation FillCompany($input: UnauthenticatedUpdateCompanyOnboardingInput) {
  unauthenticatedUpdateCompanyOnboarding(input: $input) {
    __typename
    ... on UnauthenticatedUpdateCompanyOnboardingSuccessPayload {
      onboarding { info { ... on OnboardingCompanyAccountHolderInfo { name companyType } } } }
    ... on Rejection { message }
  } }"""
UPLOAD = """mutation Upload($input: GenerateSupportingDocumentUploadUrlInput!) {
  generateSupportingDocumentUploadUrl(input: $input) {
    __typename
    ... on GenerateSupportingDocumentUploadUrlSuccessPayload {
      supportingDocumentId upload { url fields { key value } } }
    ... on Rejection { message }
  } }"""
COLLECTION = """query Collection($id: ID!) {
  supportingDocumentCollection(id: $id) {
    id type statusInfo { status }
    requiredSupportingDocumentPurposes { name label description }
    supportingDocuments { id supportingDocumentType statusInfo { __typename status } }
  } }"""
DELETE = """mutation Delete($input: DeleteSupportingDocumentInput!) {
  deleteSupportingDocument(input: $input) {
    __typename ... on DeleteSupportingDocumentSuccessPayload { id } ... on Rejection { message }
  } }"""
REVIEW = """mutation Review($input: RequestSupportingDocumentCollectionReviewInput) {
  requestSupportingDocumentCollectionReview(input: $input) {
    __typename ... on Rejection { message }
  } }"""

INDIVIDUAL = {
    "email": "ada@example.com",
    "language": "fr",
    "employmentStatus": "Employee",
    "monthlyIncome": "Between1500And3000",
    "residencyAddress": {
        "addressLine1": "1 rue de la Paix",
        "city": "Paris",
        "postalCode": "75002",
        "country": "FRA",
    },
}


@pytest.fixture
def public(http: httpx.Client) -> GraphQL:
    return GraphQL(http, PATH, None)


def _start(public: GraphQL, project_id: str, country: str = "FRA") -> dict[str, Any]:
    variables = {"input": {"projectId": project_id, "accountCountry": country}}
    started: dict[str, Any] = public(START, variables)[
        "unauthenticatedOnboardPublicIndividualAccountHolder"
    ]
    return started


def test_a_project_s_branding_is_read_by_its_id_without_a_token(
    public: GraphQL, project: ProjectCredentials
) -> None:
    data = public(BRANDING, {"projectId": project.project_id})["projectInfoById"]
    assert data["id"] == project.project_id
    assert data["name"] == "Test project"
    assert data["oAuthClientId"] == project.client_id
    unknown = public.post(BRANDING, {"projectId": "no-such-project"}).json()
    assert unknown["data"] is None
    assert unknown["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_an_onboarding_is_started_filled_in_and_read_by_its_id(
    sim: Simulator, public: GraphQL, project: ProjectCredentials, sandbox: GraphQL
) -> None:
    started = _start(public, project.project_id, "DEU")
    assert (
        started["__typename"] == "UnauthenticatedOnboardPublicIndividualAccountHolderSuccessPayload"
    )
    onboarding = started["onboarding"]
    assert onboarding["accountCountry"] == "DEU"
    assert onboarding["statusInfo"]["status"] == "Invalid"
    filled = public(UPDATE, {"input": {"onboardingId": onboarding["id"], **INDIVIDUAL}})
    result = filled["unauthenticatedUpdateIndividualOnboarding"]
    assert result["__typename"] == "UnauthenticatedUpdateIndividualOnboardingSuccessPayload"
    assert result["onboarding"]["email"] == "ada@example.com"
    read = public(READ, {"id": onboarding["id"]})["onboardingInfo"]
    assert read["language"] == "fr"
    assert read["info"]["residencyAddress"]["city"] == "Paris"
    assert read["onboardingUrl"].startswith("http://")
    # The recommended level is the strongest of those accepted.
    assert read["legalRepresentativeRecommendedIdentificationLevel"] == "Expert"
    assert "Expert" in read["legalRepresentativeAcceptedIdentificationLevels"]
    # The onboarding's own project, read as that project (the caller has none).
    assert read["projectInfo"]["oAuthClientId"] == project.client_id
    # The onboarding is the project's: its token sees it, with the event it emitted.
    seen = sandbox("query($id: ID!) { onboarding(id: $id) { id } }", {"id": onboarding["id"]})
    assert seen["onboarding"]["id"] == onboarding["id"]
    events = list_events(sim.environment("sandbox"))
    created = [e for e in events if e["event_type"] == "Onboarding.Created"]
    assert [(e["project_id"], e["resource_id"]) for e in created] == [
        (project.project_id, onboarding["id"])
    ]


def test_a_company_onboarding_is_started_and_filled_in(
    public: GraphQL, project: ProjectCredentials
) -> None:
    variables = {"input": {"projectId": project.project_id}}
    started = public(START_COMPANY, variables)["unauthenticatedOnboardPublicCompanyAccountHolder"]
    assert started["onboarding"]["info"]["__typename"] == "OnboardingCompanyAccountHolderInfo"
    update = {"onboardingId": started["onboarding"]["id"], "name": "Acme", "companyType": "Company"}
    filled = public(UPDATE_COMPANY, {"input": update})["unauthenticatedUpdateCompanyOnboarding"]
    assert filled["onboarding"]["info"] == {"name": "Acme", "companyType": "Company"}
    # An individual onboarding is not filled in as a company's.
    individual = _start(public, project.project_id)["onboarding"]["id"]
    wrong = public(UPDATE_COMPANY, {"input": {"onboardingId": individual, "name": "X"}})
    assert wrong["unauthenticatedUpdateCompanyOnboarding"]["__typename"] == "ForbiddenRejection"


def test_rejections_change_nothing(
    sim: Simulator, public: GraphQL, project: ProjectCredentials
) -> None:
    unknown = public(START, {"input": {"projectId": "nope"}})
    rejected = unknown["unauthenticatedOnboardPublicIndividualAccountHolder"]
    assert rejected["__typename"] == "ValidationRejection"
    set_public_onboarding(sim.environment("sandbox"), project.project_id, False)
    off = _start(public, project.project_id)
    assert off["__typename"] == "PublicOnboardingDisabledRejection"
    assert sim.environment("sandbox").store.db["onboardings"].count == 0
    missing = public(UPDATE, {"input": {"onboardingId": "nope", "email": "a@b.co"}})
    assert missing["unauthenticatedUpdateIndividualOnboarding"]["__typename"] == (
        "ForbiddenRejection"
    )
    assert public(READ, {"id": "nope"})["onboardingInfo"] is None


def test_supporting_documents_are_handled_by_the_collection_s_id(
    public: GraphQL, project: ProjectCredentials
) -> None:
    onboarding = _start(public, project.project_id)["onboarding"]
    collection_id = onboarding["supportingDocumentCollection"]["id"]
    upload = {
        "supportingDocumentCollectionId": collection_id,
        "filename": "passport.pdf",
        "supportingDocumentPurpose": "ProofOfIdentity",
    }
    created = public(UPLOAD, {"input": upload})["generateSupportingDocumentUploadUrl"]
    assert created["upload"]["fields"] == [{"key": "filename", "value": "passport.pdf"}]
    collection = public(COLLECTION, {"id": collection_id})["supportingDocumentCollection"]
    assert [d["id"] for d in collection["supportingDocuments"]] == [created["supportingDocumentId"]]
    deleted = public(DELETE, {"input": {"id": created["supportingDocumentId"]}})
    assert deleted["deleteSupportingDocument"]["id"] == created["supportingDocumentId"]
    review = {"supportingDocumentCollectionId": collection_id}
    reviewed = public(REVIEW, {"input": review})["requestSupportingDocumentCollectionReview"]
    # Nothing uploaded: the collection is not ready for a review.
    assert reviewed["__typename"] == "ValidationRejection"
    nowhere = public(UPLOAD, {"input": {**upload, "supportingDocumentCollectionId": "nope"}})
    assert nowhere["generateSupportingDocumentUploadUrl"]["__typename"] == (
        "SupportingDocumentCollectionNotFoundRejection"
    )
    assert public(COLLECTION, {"id": "nope"})["supportingDocumentCollection"] is None


def test_nothing_reaches_accounts_holders_users_or_money() -> None:
    """The schema is cut so that an id leads to its own resource and its project's public
    face only (served.toml). The real API's types name accounts, users and payments, so
    some are in it, but only behind fields served masked (masked.py) and a payment status
    this API never answers (ConsentPending): no answer reaches them."""
    schema = unauthenticated_schema()
    private = {
        "Account",
        "AccountHolder",
        "AccountMembership",
        "User",
        "Card",
        "Transaction",
        "TransactionConnection",
        "Consent",
        "MerchantPayment",
        "MerchantPaymentConnection",
    }
    roots = {
        name: list(graphql_type.fields)
        for name, graphql_type in (("Query", schema.query_type), ("Mutation", schema.mutation_type))
        if graphql_type
    }
    masked = {name: list(fields) for name, fields in MASKED.items()}
    answered = reachable(schema, Cut(roots, masked, left_out=["PaymentConsentPending"]))
    assert set(answered) & private == set()
    assert (
        "Transaction" not in schema.type_map and "accounts" not in schema.type_map["Query"].fields
    )
    query = unauthenticated_schema().query_type
    assert query is not None
    assert sorted(query.fields) == [
        "cardInfos",
        "cardPINInfos",
        "companyInfoBySiren",
        "companyUboByCompanyRefAndHeadquarterCountry",
        "merchantPaymentLink",
        "nonEEACountries",
        "onboardingInfo",
        "projectInfoById",
        "supportingDocumentCollection",
    ]


def test_a_token_gives_nothing_more_and_environments_never_cross(
    http: httpx.Client, public: GraphQL, project: ProjectCredentials, token: str
) -> None:
    onboarding_id = _start(public, project.project_id)["onboarding"]["id"]
    with_token = GraphQL(http, PATH, token)
    assert with_token(READ, {"id": onboarding_id})["onboardingInfo"]["id"] == onboarding_id
    refused = with_token.post("{ accounts { totalCount } }")
    assert refused.status_code == 400
    live = GraphQL(http, "/live-unauthenticated/graphql", None)
    assert live(READ, {"id": onboarding_id})["onboardingInfo"] is None
    assert live.post(BRANDING, {"projectId": project.project_id}).json()["data"] is None


def test_the_edge_counts_bounds_and_journals_it(
    sim: Simulator, http: httpx.Client, public: GraphQL, project: ProjectCredentials
) -> None:
    answer = public.post(BRANDING, {"projectId": project.project_id})
    assert answer.headers["RateLimit-Limit"]
    cost = answer.json()["extensions"]["cost"]
    assert cost["limits"]["depth"] and cost["rateLimit"]["remaining"] >= 0
    assert http.options(PATH).status_code == 405
    assert http.get(PATH).status_code == 405
    six = " ".join(f'p{i}: projectInfoById(id: "x") {{ name }}' for i in range(6))
    over = public.post("{ " + six + " }").json()
    assert over["errors"][0]["extensions"]["code"] == "OPERATION_LIMIT_EXCEEDED"
    assert [e.endpoint for e in sim.journal.filter("sandbox")][-1] == PATH
    page = http.get(PATH, headers={"Accept": "text/html"})
    assert page.status_code == 200 and "unauthenticated API" in page.text
    sdl = http.get("/sandbox-unauthenticated/schema.graphql")
    query_type = sdl.text[sdl.text.index("type Query {") :].split("\n}")[0]
    assert "projectInfoById" in query_type and "accounts(" not in query_type


def test_the_sign_in_page_s_query_over_a_real_server(sim: Simulator) -> None:
    project = sim.create_project("sandbox", "Branded", [REDIRECT_URI])
    with LiveServer(sim) as server:
        answer = httpx.post(
            server.base_url + PATH,
            json={"query": BRANDING, "variables": {"projectId": project.project_id}},
        )
    assert answer.status_code == 200
    assert answer.json()["data"]["projectInfoById"]["name"] == "Branded"


def test_non_eea_countries_leave_the_eea_out(public: GraphQL) -> None:
    countries = public("{ nonEEACountries }")["nonEEACountries"]
    assert "USA" in countries and "GBR" in countries and "CHE" in countries
    assert not {"FRA", "DEU", "NOR", "ISL", "LIE"} & set(countries)
    assert countries == sorted(countries)
