"""The partner front-end's write flows and page defaults, through a real server (issue 34).

Each test sends our own documents in the shape the open-source web banking and onboarding
apps send: a transfer paid from a beneficiary verification token alone, the public
onboarding without any token, the transaction history's default order, the signed-in
user the Testing API answers for.
"""

from __future__ import annotations

from typing import Any

import httpx

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
