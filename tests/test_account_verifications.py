"""The Testing API's updateAccountVerificationStatus: a funding source's account
verification moves on, within the caller's project."""

from __future__ import annotations

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank

UPDATE = """mutation($input: UpdateAccountVerificationStatusInput!) {
  updateAccountVerificationStatus(input: $input) { __typename
    ... on ForbiddenRejection { message }
    ... on UpdateAccountVerificationStatusSuccessPayload { accountVerification { id
      statusInfo { status ... on VerifiedStatusInfo { verifiedAt } } } } } }"""


def update(bank: Bank, verification_id: str, status: str) -> dict:
    body = bank.testing.post(
        UPDATE, {"input": {"accountVerificationId": verification_id, "newStatus": status}}
    )
    return dict(body["data"]["updateAccountVerificationStatus"])


def test_a_verification_moves_on_once(bank: Bank) -> None:
    account = bank.holder(holder_type="Company", company_name="Acme SAS")["account_id"]
    source = bank.api.mutate(
        "addDirectDebitFundingSource",
        {
            "accountId": account,
            "iban": DEBTOR_IBAN,
            "scheme": "SepaDirectDebitB2b",
            "consentRedirectUrl": REDIRECT,
        },
        "fundingSource { id }",
    )["fundingSource"]
    verification = bank.row("funding_sources", source["id"])["verification_id"]
    review = update(bank, verification, "PendingReview")
    assert review["accountVerification"]["statusInfo"] == {"status": "PendingReview"}
    verified = update(bank, verification, "Verified")
    assert verified["accountVerification"]["id"] == verification
    assert verified["accountVerification"]["statusInfo"]["status"] == "Verified"
    assert bank.row("funding_sources", source["id"])["verification_status"] == "Verified"
    assert "FundingSource.Updated" in bank.events(source["id"])
    final = update(bank, verification, "Rejected")
    assert final["__typename"] == "ForbiddenRejection"
    assert update(bank, "nope", "Verified")["__typename"] == "ForbiddenRejection"


def test_the_partner_api_shows_a_sources_account_verification(bank: Bank) -> None:
    account = bank.holder(holder_type="Company", company_name="Acme SAS")["account_id"]
    source = bank.api.mutate(
        "addDirectDebitFundingSource",
        {
            "accountId": account,
            "iban": DEBTOR_IBAN,
            "scheme": "SepaDirectDebitB2b",
            "consentRedirectUrl": REDIRECT,
        },
        "fundingSource { id }",
    )["fundingSource"]
    read = """query($id: ID!) { fundingSource(id: $id) { ... on DirectDebitFundingSource {
      accountVerification { __typename id iban createdAt
        statusInfo { __typename status ... on VerifiedStatusInfo { verifiedAt } } } } } }"""
    before = bank.api.query(read, {"id": source["id"]})["fundingSource"]["accountVerification"]
    verification = bank.row("funding_sources", source["id"])["verification_id"]
    assert before["id"] == verification
    assert before["iban"] == DEBTOR_IBAN
    assert (
        before["statusInfo"]["status"]
        == bank.row("funding_sources", source["id"])["verification_status"]
    )
    bank.sim.advance("1h")
    update(bank, verification, "Verified")
    after = bank.api.query(read, {"id": source["id"]})["fundingSource"]["accountVerification"]
    assert after["statusInfo"] == {
        "__typename": "VerifiedStatusInfo",
        "status": "Verified",
        "verifiedAt": "2026-01-05T10:00:00.000Z",
    }
