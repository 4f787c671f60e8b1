"""The partner front-end's write flows and page defaults, through a real server (issue 34).

Each test sends our own documents in the shape the open-source web banking and onboarding
apps send: a transfer paid from a beneficiary verification token alone, the public
onboarding without any token, the transaction history's default order, the signed-in
user the Testing API answers for.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from simulator import Simulator
from simulator.domain.sandbox.datasets import load_dataset
from tests.conftest import REDIRECT_URI, LiveServer, project_token
from tests.test_frontend_shapes import Frontend, _as_project, frontend

__all__ = ["frontend"]

VERIFY = """
mutation Verify($input: VerifyBeneficiaryInput!) {
  verifyBeneficiary(input: $input) {
    __typename
    ... on VerifyBeneficiarySuccessPayload {
      beneficiaryVerificationToken
      verifyBeneficiaryResult { __typename status }
    }
    ... on Rejection { message }
  }
}"""

TRANSFER = """
mutation Transfer($input: InitiateCreditTransfersInput!) {
  initiateCreditTransfers(input: $input) {
    __typename
    ... on InitiateCreditTransfersSuccessPayload {
      payment {
        id
        statusInfo { __typename status ... on PaymentConsentPending { consent { id consentUrl } } }
      }
      beneficiaryVerificationResults { __typename status }
    }
    ... on ValidationRejection { message fields { path message code } }
    ... on Rejection { message }
  }
}"""

PAID = """
query Paid($id: ID!) {
  payment(id: $id) {
    transactions { edges { node { __typename
      ... on SEPACreditTransferTransaction {
        label
        beneficiary { __typename ... on UnsavedSepaBeneficiary { name iban } }
        creditor { name }
      } } } }
  }
}"""


def _paying_account(frontend: Frontend) -> str:
    data = frontend.ask(
        "{ user { accountMemberships(first: 20) { edges { node { accountId"
        " canInitiatePayments statusInfo { status } } } } } }"
    )
    return next(
        str(edge["node"]["accountId"])
        for edge in data["user"]["accountMemberships"]["edges"]
        if edge["node"]["canInitiatePayments"] and edge["node"]["statusInfo"]["status"] == "Enabled"
    )


def _transfer(frontend: Frontend, account_id: str, **transfer: Any) -> dict[str, Any]:
    answer: dict[str, Any] = frontend.ask(
        TRANSFER,
        {
            "input": {
                "accountId": account_id,
                "consentRedirectUrl": "http://localhost:3000/transactions",
                "creditTransfers": [
                    {"amount": {"value": "12.00", "currency": "EUR"}, "label": "Rent", **transfer}
                ],
            }
        },
    )["initiateCreditTransfers"]
    return answer


def test_a_transfer_pays_the_beneficiary_its_verification_token_names(frontend: Frontend) -> None:
    account_id = _paying_account(frontend)
    verified = frontend.ask(
        VERIFY,
        {
            "input": {
                "beneficiary": {
                    "sepa": {"name": "Marie Curie", "iban": "FR7630006000011234567890189"}
                }
            }
        },
    )["verifyBeneficiary"]
    assert verified["__typename"] == "VerifyBeneficiarySuccessPayload", verified
    token = verified["beneficiaryVerificationToken"]
    # The web banking app sends the token alone: the beneficiary is the one it verified.
    paid = _transfer(frontend, account_id, beneficiaryVerificationToken=token, mode="Regular")
    assert paid["__typename"] == "InitiateCreditTransfersSuccessPayload", paid
    consent = paid["payment"]["statusInfo"]["consent"]["id"]
    _as_project(
        frontend,
        "/sandbox-testing/graphql",
        "mutation($id: ID!) { approveSandboxConsent(input: { consentId: $id }) { __typename } }",
        id=consent,
    )
    [edge] = frontend.ask(PAID, {"id": paid["payment"]["id"]})["payment"]["transactions"]["edges"]
    assert edge["node"]["beneficiary"] == {
        "__typename": "UnsavedSepaBeneficiary",
        "name": "Marie Curie",
        "iban": "FR7630006000011234567890189",
    }
    assert [r["status"] for r in paid["beneficiaryVerificationResults"]] == [
        verified["verifyBeneficiaryResult"]["status"]
    ]
    # A token serves one transfer; an unknown one names no beneficiary.
    again = _transfer(frontend, account_id, beneficiaryVerificationToken=token)
    assert again["__typename"] == "BeneficiaryVerificationTokenAlreadyConsumedRejection", again
    unknown = _transfer(frontend, account_id, beneficiaryVerificationToken="nope")
    assert unknown["__typename"] == "ValidationRejection", unknown
    assert [f["path"] for f in unknown["fields"]] == [
        ["input", "creditTransfers", "0", "beneficiaryVerificationToken"]
    ]


PUBLIC_CREATE = """
mutation CreatePublicIndividualAccountHolderOnboarding(
  $input: CreatePublicIndividualAccountHolderOnboardingInput!
) {
  createPublicIndividualAccountHolderOnboarding(input: $input) {
    __typename
    ... on CreatePublicIndividualAccountHolderOnboardingSuccessPayload { onboarding { id } }
    ... on Rejection { message }
  }
}"""

PUBLIC_ONBOARDING = """
query GetPublicOnboarding($id: ID!, $language: String!) {
  publicAccountHolderOnboarding(id: $id) {
    ... on IndividualAccountHolderOnboarding {
      id
      oAuthRedirectParameters { redirectUrl }
      statusInfo { __typename status }
      supportingDocumentCollection { id statusInfo { status } }
      projectInfo { id name accentColor logoUri tcuDocumentUri(language: $language) }
      termsAndConditionsUrl
      accountInfo { name country }
      accountAdmin { firstName lastName email preferredLanguage }
    }
  }
}"""

PUBLIC_UPDATE = """
mutation UpdatePublicIndividualAccountHolderOnboarding(
  $input: UpdatePublicIndividualAccountHolderOnboardingInput!
) {
  updatePublicIndividualAccountHolderOnboarding(input: $input) {
    __typename
    ... on UpdatePublicIndividualAccountHolderOnboardingSuccessPayload {
      onboarding { id accountAdmin { firstName lastName } }
    }
    ... on Rejection { message }
  }
}"""


def _tokenless(frontend: Frontend, document: str, **variables: Any) -> httpx.Response:
    return frontend.http.post("/sandbox/graphql", json={"query": document, "variables": variables})


def test_the_public_onboarding_runs_without_any_token(frontend: Frontend) -> None:
    project_id = _as_project(frontend, "/sandbox/graphql", "{ projectInfo { id } }")["projectInfo"][
        "id"
    ]
    # The onboarding app's server starts it with no token at all.
    created = _tokenless(
        frontend,
        PUBLIC_CREATE,
        input={"projectId": project_id, "accountInfo": {"country": "FRA"}, "accountAdmin": {}},
    )
    assert created.status_code == 200, created.text
    payload = created.json()["data"]["createPublicIndividualAccountHolderOnboarding"]
    assert payload["__typename"] == "CreatePublicIndividualAccountHolderOnboardingSuccessPayload"
    onboarding_id = payload["onboarding"]["id"]
    # Its page reads and completes it by id, still without a token.
    shown = _tokenless(frontend, PUBLIC_ONBOARDING, id=onboarding_id, language="en").json()
    assert "errors" not in shown, shown
    onboarding = shown["data"]["publicAccountHolderOnboarding"]
    assert onboarding["id"] == onboarding_id
    assert onboarding["projectInfo"]["id"] == project_id
    updated = _tokenless(
        frontend,
        PUBLIC_UPDATE,
        input={"onboardingId": onboarding_id, "accountAdmin": {"firstName": "Ada"}},
    ).json()["data"]["updatePublicIndividualAccountHolderOnboarding"]
    assert updated["onboarding"]["accountAdmin"]["firstName"] == "Ada", updated
    # An unknown onboarding is null; anything but the public fields still needs a token.
    unknown = _tokenless(frontend, PUBLIC_ONBOARDING, id="nope", language="en").json()
    assert unknown["data"] == {"publicAccountHolderOnboarding": None}
    assert _tokenless(frontend, "{ projectInfo { id } }").status_code == 401
    mixed = "query($id: ID!) { publicAccountHolderOnboarding(id: $id) { __typename } accounts { totalCount } }"
    assert _tokenless(frontend, mixed, id=onboarding_id).status_code == 401
    # Nor does the public onboarding lead to the project's accounts.
    reaching = (
        "query($id: ID!) { publicAccountHolderOnboarding(id: $id) {"
        " ... on IndividualAccountHolderOnboarding { account { id } } } }"
    )
    refused = _tokenless(frontend, reaching, id=onboarding_id)
    assert refused.status_code == 403, refused.text
    assert "IndividualAccountHolderOnboarding.account" in refused.text


PUBLIC_CREATE_COMPANY = """
mutation CreatePublicCompanyAccountHolderOnboarding(
  $input: CreatePublicCompanyAccountHolderOnboardingInput!
) {
  createPublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on CreatePublicCompanyAccountHolderOnboardingSuccessPayload { onboarding { id } }
    ... on Rejection { message }
  }
}"""

PUBLIC_UPDATE_COMPANY = """
mutation UpdatePublicCompanyAccountHolderOnboarding(
  $input: UpdatePublicCompanyAccountHolderOnboardingInput!
) {
  updatePublicCompanyAccountHolderOnboarding(input: $input) {
    __typename
    ... on UpdatePublicCompanyAccountHolderOnboardingSuccessPayload {
      onboarding { id statusInfo { status } company { registrationNumber } }
    }
    ... on Rejection { message }
  }
}"""


def test_the_company_onboarding_saves_its_steps_without_any_token(frontend: Frontend) -> None:
    # The onboarding app's company flow (v2) saves each step with no token (found by running
    # the real front-end: every save was a 401 while the schema's text was followed).
    project_id = _as_project(frontend, "/sandbox/graphql", "{ projectInfo { id } }")["projectInfo"][
        "id"
    ]
    created = _tokenless(
        frontend,
        PUBLIC_CREATE_COMPANY,
        input={"projectId": project_id, "accountInfo": {"country": "FRA"}, "accountAdmin": {}},
    ).json()["data"]["createPublicCompanyAccountHolderOnboarding"]
    onboarding_id = created["onboarding"]["id"]
    saved = _tokenless(
        frontend,
        PUBLIC_UPDATE_COMPANY,
        input={"onboardingId": onboarding_id, "company": {"registrationNumber": "552100554"}},
    )
    assert saved.status_code == 200, saved.text
    payload = saved.json()["data"]["updatePublicCompanyAccountHolderOnboarding"]
    assert payload["onboarding"]["company"] == {"registrationNumber": "552100554"}, payload
    unknown = {"onboardingId": "nope", "company": {"registrationNumber": "1"}}
    missing = _tokenless(frontend, PUBLIC_UPDATE_COMPANY, input=unknown).json()["data"]
    assert missing["updatePublicCompanyAccountHolderOnboarding"]["__typename"] == (
        "OnboardingNotFoundRejection"
    )


LEGAL_FORMS = """
query GetLegalForms($country: CCA3!) {
  legalForms(country: $country) { country localName localAbbreviation code }
}"""


def test_the_company_steps_legal_forms_answer_without_any_token(frontend: Frontend) -> None:
    # The onboarding app's company pages ask them before anyone signs in (found by running
    # the real front-end: its company step showed "An error occurred" on a 401).
    answer = _tokenless(frontend, LEGAL_FORMS, country="FRA")
    assert answer.status_code == 200, answer.text
    forms = answer.json()["data"]["legalForms"]
    assert forms and {form["country"] for form in forms} == {"FRA"}
    assert "SAS" in {form["localAbbreviation"] for form in forms}
    # Reference data only: nothing of a project rides along without a token.
    mixed = '{ legalForms(country: "FRA") { code } projectInfo { id } }'
    assert _tokenless(frontend, mixed).status_code == 401
    assert _tokenless(frontend, "{ __typename }").status_code == 401


HISTORY = """
query History($accountId: ID!, $first: Int!, $after: String) {
  account(accountId: $accountId) {
    transactions(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { id updatedAt executionDate } }
    }
  }
}"""


def test_the_history_opens_on_the_last_updated_transactions(frontend: Frontend) -> None:
    account_id = _paying_account(frontend)
    seen: list[dict[str, Any]] = []
    after = None
    while True:
        page = frontend.ask(HISTORY, {"accountId": account_id, "first": 4, "after": after})
        transactions = page["account"]["transactions"]
        seen += [edge["node"] for edge in transactions["edges"]]
        if not transactions["pageInfo"]["hasNextPage"]:
            break
        after = transactions["pageInfo"]["endCursor"]
    assert len(seen) > 4
    # The real service's default order: updatedAt, newest first, page after page.
    stamps = [(node["updatedAt"], node["id"]) for node in seen]
    assert stamps == sorted(stamps, reverse=True)
    assert len({node["id"] for node in seen}) == len(seen)


def test_the_testing_api_sandbox_user_is_the_signed_in_one(frontend: Frontend) -> None:
    users = _as_project(
        frontend,
        "/sandbox-testing/graphql",
        "{ sandboxUsers(first: 20) { edges { node { id } } } }",
    )["sandboxUsers"]["edges"]
    assert len(users) > 1
    # The web banking's Sandbox user picker asks with the signed-in user's token.
    for user_id in (edge["node"]["id"] for edge in users):
        answer = frontend.http.post(
            "/sandbox-testing/graphql",
            json={"query": "{ sandboxUser { id } }"},
            headers={"Authorization": f"Bearer {frontend.token}", "X-User-Id": user_id},
        ).json()
        assert answer["data"] == {"sandboxUser": {"id": user_id}}, answer


STATEMENTS = """
query Statements($accountId: ID!, $first: Int!, $filters: StatementFiltersInput) {
  account(accountId: $accountId) {
    statements(first: $first, filters: $filters) {
      totalCount
      edges { cursor node {
        __typename id closingDate openingDate createdAt format period
        statusInfo { status ... on GeneratedStatusInfo { url } }
      } }
    }
  }
}"""


def test_monthly_statements_come_on_the_first_of_each_month(tmp_path: Path) -> None:
    with Simulator(tmp_path / "data") as sim:
        project = sim.create_project("sandbox", "Statements", [REDIRECT_URI])
        load_dataset(sim.sandbox, project.project_id, "default")
        with LiveServer(sim) as server, httpx.Client(base_url=server.base_url) as http:
            _statements_of_two_months(http, lambda: project_token(http, project))


def _statements_of_two_months(http: httpx.Client, token: Callable[[], str]) -> None:
    def ask(path: str, document: str, **variables: Any) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token()}"}
        body = http.post(path, json={"query": document, "variables": variables}, headers=headers)
        assert "errors" not in body.json(), body.text
        data: dict[str, Any] = body.json()["data"]
        return data

    api = "/sandbox/graphql"
    ids = [
        e["node"]["id"]
        for e in ask(api, "{ accounts { edges { node { id } } } }")["accounts"]["edges"]
    ]
    assert (
        ask(api, STATEMENTS, accountId=ids[0], first=10)["account"]["statements"]["totalCount"] == 0
    )
    moved = 'mutation { setClock(input: {to: "2026-03-01T00:00:00.000Z"}) { __typename } }'
    ask("/sandbox-testing/graphql", moved)
    for account_id in ids:
        page = ask(api, STATEMENTS, accountId=account_id, first=10, filters={"period": "Monthly"})
        edges = page["account"]["statements"]["edges"]
        assert [(e["node"]["openingDate"], e["node"]["closingDate"]) for e in edges] == [
            ("2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z"),
            ("2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"),
        ]
        node = edges[0]["node"]
        assert node["createdAt"] == "2026-02-01T00:00:00.000Z"
        assert node["statusInfo"]["status"] == "Generated"
        # The file is the simulator's own: a PDF, and the same lines as CSV.
        path = node["statusInfo"]["url"].split("://", 1)[1].split("/", 1)[1]
        pdf = http.get(f"/{path}")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF-1.4")
        assert pdf.headers["content-type"] == "application/pdf"
        assert b"Account statement" in pdf.content
        csv_file = http.get(f"/{path[: -len('pdf')]}csv")
        assert csv_file.text.startswith("bookingDate,label,side,amount,currency")
    assert http.get("/sandbox-documents/account-statements/nope.pdf").status_code == 404


CARD_WIZARD = """
query CardWizard($accountMembershipId: ID!) {
  accountMembership(id: $accountMembershipId) { id accountHolderType }
  projectInfo {
    cardProducts {
      id name fundingType status applicableToPhysicalCards
      insurance { defaultInsurancePackage { id } availableInsurancePackages { id } }
      cardDesigns { id status cardBackground { cardBackgroundUrl } }
    }
  }
}"""

ADD_CARD = """
mutation AddCard($input: AddCardInput!) {
  addCard(input: $input) {
    __typename
    ... on AddCardSuccessPayload { card { id cardProduct { id } insuranceSubscription { id } } }
    ... on Rejection { message }
  }
}"""


def test_an_individual_orders_a_card_of_a_product_without_insurance(frontend: Frontend) -> None:
    memberships = frontend.ask(
        "{ user { accountMemberships(first: 20) { edges { node { id accountHolderType"
        " canManageCards statusInfo { status } } } } } }"
    )["user"]["accountMemberships"]["edges"]
    individual = next(
        edge["node"]["id"]
        for edge in memberships
        if edge["node"]["accountHolderType"] == "Individual"
        and edge["node"]["statusInfo"]["status"] == "Enabled"
    )
    wizard = frontend.ask(CARD_WIZARD, {"accountMembershipId": individual})
    # What the web banking offers an individual: debit products with no default insurance.
    offered = [
        product
        for product in wizard["projectInfo"]["cardProducts"]
        if product["fundingType"] == "Debit"
        and (product["insurance"] or {}).get("defaultInsurancePackage") is None
    ]
    assert offered, wizard
    added = frontend.ask(
        ADD_CARD,
        {
            "input": {
                "accountMembershipId": individual,
                "cardProductId": offered[0]["id"],
                "withdrawal": True,
                "international": True,
                "nonMainCurrencyTransactions": True,
                "eCommerce": True,
                "consentRedirectUrl": "http://localhost:3000/cards",
            }
        },
    )["addCard"]
    assert added["__typename"] == "AddCardSuccessPayload", added
    assert added["card"]["cardProduct"] == {"id": offered[0]["id"]}
    assert added["card"]["insuranceSubscription"] is None


def test_card_art_is_served_by_the_simulator_itself(frontend: Frontend) -> None:
    ids = frontend.ask("{ user { accountMemberships { edges { node { id } } } } }")
    membership = ids["user"]["accountMemberships"]["edges"][0]["node"]["id"]
    wizard = frontend.ask(CARD_WIZARD, {"accountMembershipId": membership})
    cards = _as_project(
        frontend, "/sandbox/graphql", "{ cards(first: 5) { edges { node { cardDesignUrl } } } }"
    )["cards"]["edges"]
    urls = {edge["node"]["cardDesignUrl"] for edge in cards} | {
        design["cardBackground"]["cardBackgroundUrl"]
        for product in wizard["projectInfo"]["cardProducts"]
        for design in product["cardDesigns"]
    }
    assert len(urls) >= 2
    base = str(frontend.http.base_url).rstrip("/")
    for url in urls:
        # On the simulator's own public URL: no outside host, nothing fetched from outside.
        assert url.startswith(f"{base}/card-designs/"), url
        image = frontend.http.get(url.removeprefix(base))
        assert image.status_code == 200 and image.headers["content-type"] == "image/png"
        assert image.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert frontend.http.get("/card-designs/nope.png").status_code == 404


def test_the_dataset_looks_real_on_the_members_and_holders_pages(frontend: Frontend) -> None:
    data = _as_project(
        frontend,
        "/sandbox/graphql",
        "{ accountMemberships(first: 100) { edges { node { email statusInfo { status } } } }"
        " accountHolders(first: 100) { edges { node { info { name }"
        " residencyAddress { addressLine1 city postalCode country } } } } }",
    )
    emails = [edge["node"]["email"] for edge in data["accountMemberships"]["edges"]]
    assert emails and all("@" in email for email in emails), emails
    for edge in data["accountHolders"]["edges"]:
        address = edge["node"]["residencyAddress"]
        assert address["addressLine1"] and address["city"] and address["postalCode"], edge
        assert address["country"] == "FRA"


PRINT = """
mutation PrintPhysicalCard($input: PrintPhysicalCardInput!) {
  printPhysicalCard(input: $input) {
    __typename
    ... on PrintPhysicalCardSuccessPayload {
      physicalCard { statusInfo { __typename
        ... on PhysicalCardConsentPendingStatusInfo { consent { id consentUrl } } } }
    }
  }
}"""

ACTIVATE = """
mutation ActivatePhysicalCard($input: ActivatePhysicalCardInput!) {
  activatePhysicalCard(input: $input) {
    __typename
    ... on ActivatePhysicalCardSuccessPayload { consent { id consentUrl } }
    ... on Rejection { message }
  }
}"""

APPROVE = "mutation($id: ID!) { approveSandboxConsent(input: { consentId: $id }) { __typename } }"


def test_a_printed_card_is_activated_with_the_ten_digits_on_its_back(frontend: Frontend) -> None:
    """The web banking's activation form takes exactly 10 digits (the card's identifier)."""
    cards = frontend.ask(
        "{ user { accountMemberships { edges { node { id accountHolderType cards { edges { node {"
        " id type physicalCard { identifier } } } } } } } } }"
    )["user"]["accountMemberships"]["edges"]
    nodes = [c["node"] for m in cards for c in m["node"]["cards"]["edges"]]
    printed = [c["physicalCard"]["identifier"] for c in nodes if c["physicalCard"]]
    assert printed and all(len(i) == 10 and i.isdigit() for i in printed), printed
    membership = next(
        m["node"]["id"] for m in cards if m["node"]["accountHolderType"] == "Individual"
    )
    product = frontend.ask(CARD_WIZARD, {"accountMembershipId": membership})["projectInfo"]
    added = frontend.ask(
        ADD_CARD,
        {
            "input": {
                "accountMembershipId": membership,
                "cardProductId": next(
                    p["id"]
                    for p in product["cardProducts"]
                    if (p["insurance"] or {}).get("defaultInsurancePackage") is None
                ),
                "withdrawal": True,
                "international": True,
                "nonMainCurrencyTransactions": True,
                "eCommerce": True,
                "consentRedirectUrl": "http://localhost:3000/cards",
            }
        },
    )["addCard"]["card"]["id"]
    consent = frontend.ask(
        "query($id: ID!) { card(cardId: $id) { statusInfo { __typename"
        " ... on CardConsentPendingStatusInfo { consent { id } } } } }",
        {"id": added},
    )["card"]["statusInfo"]["consent"]["id"]
    _as_project(frontend, "/sandbox-testing/graphql", APPROVE, id=consent)
    address = {"addressLine1": "31 rue de Rivoli", "city": "Paris", "postalCode": "75001"}
    order = frontend.ask(
        PRINT,
        {
            "input": {
                "cardId": added,
                "consentRedirectUrl": "http://localhost:3000/cards",
                "choosePin": False,
                "address": {**address, "country": "FRA"},
            }
        },
    )["printPhysicalCard"]
    assert order["__typename"] == "PrintPhysicalCardSuccessPayload", order
    _as_project(
        frontend,
        "/sandbox-testing/graphql",
        APPROVE,
        id=order["physicalCard"]["statusInfo"]["consent"]["id"],
    )
    physical = "query($id: ID!) { card(cardId: $id) { physicalCard { identifier statusInfo { status } } } }"
    shipped = frontend.ask(physical, {"id": added})["card"]["physicalCard"]
    assert shipped["statusInfo"]["status"] == "ToActivate"
    assert len(shipped["identifier"]) == 10 and shipped["identifier"].isdigit(), shipped
    activated = frontend.ask(
        ACTIVATE,
        {
            "input": {
                "identifier": shipped["identifier"],
                "consentRedirectUrl": "http://localhost:3000/cards",
            }
        },
    )["activatePhysicalCard"]
    assert activated["__typename"] == "ActivatePhysicalCardSuccessPayload", activated
    _as_project(frontend, "/sandbox-testing/graphql", APPROVE, id=activated["consent"]["id"])
    after = frontend.ask(physical, {"id": added})["card"]["physicalCard"]
    assert after["statusInfo"]["status"] == "Activated", after
