"""The partner front-end's write flows and page defaults, through a real server (issue 34).

Each test sends our own documents in the shape the open-source web banking and onboarding
apps send: a transfer paid from a beneficiary verification token alone, the public
onboarding without any token, the transaction history's default order, the signed-in
user the Testing API answers for.
"""

from __future__ import annotations

from typing import Any

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
