"""ibanValidation, verifyBeneficiary and trusted SEPA beneficiaries (with their consent)."""

from __future__ import annotations

import pytest

from simulator.domain.users.users import create_user

from .banking_support import BENEFICIARY_IBAN, REDIRECT, Bank

VALIDATION = """query($iban: IBAN!) { ibanValidation(input: {iban: $iban}) { __typename
  ... on ValidIban { iban accountNumber checksum bank { name bic nationalId }
    reachability {
      sepaCreditTransfer sepaCreditTransferInst sepaDirectDebitCore sepaDirectDebitB2b } }
  ... on InvalidIban { code message } } }"""


def test_iban_validation_reads_the_bank_offline(bank: Bank) -> None:
    valid = bank.api.query(VALIDATION, {"iban": "FR76 3000 6000 0112 3456 7890 189"})
    assert valid["ibanValidation"] == {
        "__typename": "ValidIban",
        "iban": BENEFICIARY_IBAN,
        "accountNumber": "12345678901",
        "checksum": "76",
        "bank": {"name": "CREDIT AGRICOLE SA", "bic": "AGRIFRPPXXX", "nationalId": "30006"},
        "reachability": {
            "sepaCreditTransfer": True,
            "sepaCreditTransferInst": True,
            "sepaDirectDebitCore": True,
            "sepaDirectDebitB2b": True,
        },
    }
    own = bank.row("accounts", bank.holder()["account_id"])["iban"]
    assert bank.api.query(VALIDATION, {"iban": own})["ibanValidation"]["bank"]["name"] == (
        "Simulated Bank"
    )


@pytest.mark.parametrize(
    ("iban", "code"),
    [
        ("FR7630006000011234567890188", "InvalidChecksum"),
        ("FR76300060000112345678901", "InvalidLength"),
        ("nope", "InvalidStructure"),
    ],
)
def test_iban_validation_says_what_is_wrong(bank: Bank, iban: str, code: str) -> None:
    invalid = bank.api.query(VALIDATION, {"iban": iban})["ibanValidation"]
    assert (invalid["__typename"], invalid["code"]) == ("InvalidIban", code)


VERIFY = (
    "beneficiaryVerificationToken expiresAt verifyBeneficiaryResult { __typename status "
    "... on VerifyBeneficiaryCloseMatch { nameSuggestion } }"
)


def verify(bank: Bank, name: str, iban: str) -> dict:
    return bank.api.mutate(
        "verifyBeneficiary", {"beneficiary": {"sepa": {"name": name, "iban": iban}}}, VERIFY
    )


def test_verify_an_account_of_the_simulated_bank(bank: Bank) -> None:
    iban = bank.row("accounts", bank.holder("Ada", "Lovelace")["account_id"])["iban"]
    match = verify(bank, "ada  LOVELACE", iban)
    assert match["verifyBeneficiaryResult"] == {
        "__typename": "VerifyBeneficiaryMatch",
        "status": "Match",
    }
    assert match["expiresAt"] == "2026-01-06T09:00:00.000Z"
    assert match["beneficiaryVerificationToken"]
    close = verify(bank, "Ada Lovelac", iban)["verifyBeneficiaryResult"]
    assert close == {
        "__typename": "VerifyBeneficiaryCloseMatch",
        "status": "CloseMatch",
        "nameSuggestion": "Ada Lovelace",
    }
    assert verify(bank, "Grace Hopper", iban)["verifyBeneficiaryResult"]["status"] == "NoMatch"


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("Carol", "Match"),
        ("Carol Close Match", "CloseMatch"),
        ("Carol No Match", "NoMatch"),
        ("Carol Unavailable", "VerificationNotPossible"),
    ],
)
def test_verify_another_banks_account_by_name_markers(bank: Bank, name: str, status: str) -> None:
    result = verify(bank, name, BENEFICIARY_IBAN)["verifyBeneficiaryResult"]
    assert result["status"] == status


def test_verify_rejections(bank: Bank) -> None:
    bad = verify(bank, "Carol", "FR7630006000011234567890188")
    assert bad["__typename"] == "ValidationRejection"
    assert bad["fields"][0]["path"] == ["input", "beneficiary", "sepa", "iban"]
    unknown = bank.api.mutate("verifyBeneficiary", {"beneficiary": {"trustedBeneficiaryId": "x"}})
    assert unknown == {
        "__typename": "TrustedBeneficiaryNotFoundRejection",
        "message": "Trusted beneficiary x was not found.",
        "id": "x",
    }


TRUSTED = (
    "trustedBeneficiary { id name label iban type statusInfo { status "
    "... on TrustedBeneficiaryConsentPendingStatusInfo { consent { id purpose } } } }"
)
QUERY = """query($id: String!) { trustedBeneficiary(id: $id) { id name statusInfo { status
  ... on TrustedBeneficiaryEnabledStatusInfo { enabledAt } }
  ... on TrustedSepaBeneficiary { iban address { city country } }
  transactions { totalCount } } }"""


def test_trusted_beneficiary_through_its_consent(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    added = bank.api.mutate(
        "addTrustedSepaBeneficiary",
        {
            "accountId": account_id,
            "name": "Landlord SCI",
            "iban": "FR76 3000 6000 0112 3456 7890 189",
            "address": {"city": "Lyon", "country": "FRA"},
            "consentRedirectUrl": REDIRECT,
        },
        TRUSTED,
    )["trustedBeneficiary"]
    assert (added["label"], added["iban"], added["type"]) == (
        "Landlord SCI",
        BENEFICIARY_IBAN,
        "Sepa",
    )
    assert added["statusInfo"]["status"] == "ConsentPending"
    assert added["statusInfo"]["consent"]["purpose"] == "AddBeneficiary"
    bank.approve(added["statusInfo"]["consent"]["id"])
    bank.fund(account_id, "100.00")
    bank.approve(bank.transfer(account_id, "10.00")["consent"]["id"])
    read = bank.api.query(QUERY, {"id": added["id"]})["trustedBeneficiary"]
    assert read["statusInfo"] == {"status": "Enabled", "enabledAt": "2026-01-05T09:00:00.000Z"}
    assert read["address"] == {"city": "Lyon", "country": "FRA"}
    assert read["transactions"]["totalCount"] == 1


def test_refused_consent_cancels_and_bulk_add(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    added = bank.api.mutate(
        "addTrustedSepaBeneficiaries",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "sepaBeneficiaries": [
                {"name": "One", "iban": BENEFICIARY_IBAN, "label": "First"},
                {"name": "Two", "iban": "DE89370400440532013000"},
            ],
        },
        "trustedBeneficiaries { id label statusInfo { status "
        "... on TrustedBeneficiaryConsentPendingStatusInfo { consent { id } } } }",
    )["trustedBeneficiaries"]
    assert [row["label"] for row in added] == ["First", "Two"]
    first, second = (row["statusInfo"]["consent"]["id"] for row in added)
    assert first != second
    bank.refuse(first)
    assert bank.row("trusted_beneficiaries", added[0]["id"])["status"] == "Canceled"
    bad = bank.api.mutate(
        "addTrustedSepaBeneficiaries",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "sepaBeneficiaries": [{"name": "", "iban": "SA0380000000608010167519"}],
        },
    )
    assert [field["path"] for field in bad["fields"]] == [
        ["input", "sepaBeneficiaries", "0", "name"],
        ["input", "sepaBeneficiaries", "0", "iban"],
    ]


def test_trusted_beneficiary_rejections_and_scope(bank: Bank, sim: object) -> None:
    assert bank.api.mutate(
        "addTrustedSepaBeneficiary",
        {
            "accountId": "nope",
            "name": "X",
            "iban": BENEFICIARY_IBAN,
            "consentRedirectUrl": REDIRECT,
        },
    )["__typename"] == ("AccountNotFoundRejection")
    account_id = bank.holder()["account_id"]
    viewer = create_user(bank.env, "+33655500009", first_name="View", last_name="Only")
    bank.env.store.db["account_memberships"].insert(
        {
            "id": "m-viewer",
            "project_id": bank.project_id,
            "account_id": account_id,
            "user_id": viewer["id"],
            "can_view_account": 1,
            "can_manage_beneficiaries": 0,
            "status": "Enabled",
            "created_at": "2026-01-05T09:00:00.000Z",
        }
    )
    refused = bank.user_client(viewer["id"]).mutate(
        "addTrustedSepaBeneficiary",
        {
            "accountId": account_id,
            "name": "X",
            "iban": BENEFICIARY_IBAN,
            "consentRedirectUrl": REDIRECT,
        },
    )
    assert refused["__typename"] == "ForbiddenRejection"
    missing = bank.api.post('{ trustedBeneficiary(id: "nope") { id } }')
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def _pay(bank: Bank, account_id: str, **transfer: object) -> dict:
    return bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [{"amount": {"value": "5.00", "currency": "EUR"}, **transfer}],
        },
        "payment { id }",
    )


def test_pay_a_trusted_beneficiary_with_a_verification_token(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "100.00")
    trusted = bank.api.mutate(
        "addTrustedSepaBeneficiary",
        {
            "accountId": account_id,
            "name": "Carol",
            "iban": BENEFICIARY_IBAN,
            "consentRedirectUrl": REDIRECT,
        },
        TRUSTED,
    )["trustedBeneficiary"]
    pending = _pay(bank, account_id, trustedBeneficiaryId=trusted["id"])
    assert pending["fields"][0]["path"][-1] == "trustedBeneficiaryId"  # not Enabled yet
    bank.approve(trusted["statusInfo"]["consent"]["id"])
    token = verify(bank, "Carol", BENEFICIARY_IBAN)["beneficiaryVerificationToken"]
    paid = _pay(
        bank, account_id, trustedBeneficiaryId=trusted["id"], beneficiaryVerificationToken=token
    )
    transfer = bank.row("payment_transfers", (paid["payment"]["id"], 0))
    assert (transfer["beneficiary_name"], transfer["beneficiary_iban"]) == (
        "Carol",
        BENEFICIARY_IBAN,
    )
    again = _pay(
        bank, account_id, trustedBeneficiaryId=trusted["id"], beneficiaryVerificationToken=token
    )
    assert again == {
        "__typename": "BeneficiaryVerificationTokenAlreadyConsumedRejection",
        "message": "A beneficiary verification token serves one transfer only.",
        "beneficiaryVerificationTokens": [token],
    }
    other = verify(bank, "Grace", "DE89370400440532013000")["beneficiaryVerificationToken"]
    mismatch = _pay(
        bank, account_id, trustedBeneficiaryId=trusted["id"], beneficiaryVerificationToken=other
    )
    assert mismatch["__typename"] == "ValidationRejection"


def test_the_consent_page_describes_the_beneficiary(bank: Bank) -> None:
    from simulator.domain.consents.consent_descriptions import describe_consent

    account_id = bank.holder()["account_id"]
    added = bank.api.mutate(
        "addTrustedSepaBeneficiary",
        {
            "accountId": account_id,
            "name": "Carol",
            "iban": BENEFICIARY_IBAN,
            "consentRedirectUrl": REDIRECT,
        },
        TRUSTED,
    )["trustedBeneficiary"]
    described = describe_consent(
        bank.env, bank.row("consents", added["statusInfo"]["consent"]["id"])
    )
    assert described.title == "Approve a trusted beneficiary"
    assert described.summary == "Test project asks to save Carol as a trusted beneficiary."
