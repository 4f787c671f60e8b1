"""initiateCreditTransfers: consent, settlement, idempotency, every rejection; cancelTransaction."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.kernel.idempotency import KEY_LIFETIME
from simulator.domain.users.users import create_user

from .banking_support import (
    BENEFICIARY_IBAN,
    PAYMENT_SELECTION,
    REDIRECT,
    Bank,
    with_payment_shortcuts,
)

BALANCES = (
    "balances { available { value currency } pending { value } booked { value } "
    "reserved { value } }"
)


def balances(bank: Bank, account_id: str) -> dict[str, str]:
    data = bank.api.query(
        f"query($id: ID!) {{ account(accountId: $id) {{ {BALANCES} }} }}", {"id": account_id}
    )
    return {name: value["value"] for name, value in data["account"]["balances"].items()}


@pytest.fixture
def funded(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "1000.00")
    return account_id


def test_transfer_goes_through_consent_pending_then_booked(bank: Bank, funded: str) -> None:
    result = bank.transfer(funded, "250.00")
    assert result["__typename"] == "InitiateCreditTransfersSuccessPayload"
    assert result["payment"]["status"] == "ConsentPending"
    assert result["consent"]["status"] == "Created"
    # Nothing moves before the consent.
    assert balances(bank, funded)["available"] == "1000.00"

    approved = bank.approve(result["consent"]["id"])
    assert approved["status"] == "Accepted"
    assert approved["resourceId"] == result["payment"]["id"]
    assert f"consentId={approved['consentId']}" in approved["redirectUrl"]
    assert "status=Accepted" in approved["redirectUrl"]

    payment = bank.api.query(
        """query($id: ID!) { payment(id: $id) { statusInfo { __typename status }
           transactions { edges { node { __typename id amount { value } side type
             ... on SEPACreditTransferTransaction { creditor { name IBAN BIC } debtor { name IBAN }
               reference }
             statusInfo { status ... on PendingTransactionStatusInfo { pendingEndDate } } } } } } }""",
        {"id": result["payment"]["id"]},
    )["payment"]
    assert payment["statusInfo"] == {"__typename": "PaymentInitiated", "status": "Initiated"}
    [transaction] = [edge["node"] for edge in payment["transactions"]["edges"]]
    assert transaction["__typename"] == "SEPACreditTransferTransaction"
    assert transaction["type"] == "SepaCreditTransferOut"
    assert transaction["statusInfo"]["status"] == "Pending"
    assert transaction["side"] == "Debit"
    assert transaction["creditor"] == {
        "name": "Carol",
        "IBAN": BENEFICIARY_IBAN,
        "BIC": "AGRIFRPPXXX",
    }
    assert transaction["debtor"]["name"] == "Ada Lovelace"
    assert transaction["statusInfo"]["pendingEndDate"] == "2026-01-06T09:00:00.000Z"
    assert balances(bank, funded) == {
        "available": "750.00",
        "pending": "-250.00",
        "booked": "1000.00",
        "reserved": "0.00",
    }

    timeline = bank.sim.advance("1d").timeline
    assert [entry["event"] for entry in timeline] == ["Transaction.Booked"]
    assert balances(bank, funded)["booked"] == "750.00"
    booked = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { statusInfo { status
             ... on BookedTransactionStatusInfo { bookingDate
               balanceAfter { amount { value } } } } } }""",
        {"id": transaction["id"]},
    )["transaction"]
    assert booked["statusInfo"] == {
        "status": "Booked",
        "bookingDate": "2026-01-06T09:00:00.000Z",
        "balanceAfter": {"amount": {"value": "750.00"}},
    }
    assert bank.events(transaction["id"]) == ["Transaction.Pending", "Transaction.Booked"]


def test_instant_transfer_settles_in_seconds(bank: Bank, funded: str) -> None:
    result = bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": funded,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [
                {
                    "amount": {"value": "10.00", "currency": "EUR"},
                    "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
                    "mode": "InstantWithoutFallback",
                }
            ],
        },
        PAYMENT_SELECTION,
    )
    bank.approve(with_payment_shortcuts(result)["consent"]["id"])
    [transaction] = bank.env.store.db["transactions"].rows_where(
        "payment_id = ?", [result["payment"]["id"]]
    )
    assert transaction["type"] == "SepaInstantCreditTransferOut"
    bank.sim.advance("10s")
    assert balances(bank, funded)["booked"] == "990.00"


def test_refused_consent_rejects_the_payment(bank: Bank, funded: str) -> None:
    result = bank.transfer(funded, "100.00")
    refused = bank.refuse(result["consent"]["id"])
    assert refused["status"] == "CustomerRefused"
    payment = bank.row("payments", result["payment"]["id"])
    assert payment["status"] == "Rejected"
    assert payment["status_reason"] == "ConsentCustomerRefused"
    assert balances(bank, funded)["available"] == "1000.00"


def test_funds_gone_before_approval_reject_the_transfer(bank: Bank, funded: str) -> None:
    # As in the real service, funds are checked when the transfer executes: the payment is
    # Initiated and the transfer the balance does not cover is Rejected (InsufficientFunds).
    first = bank.transfer(funded, "800.00")
    second = bank.transfer(funded, "800.00")
    bank.approve(first["consent"]["id"])
    approved = bank.approve(second["consent"]["id"])
    assert approved["status"] == "Accepted"
    payment = bank.api.query(
        """query($id: ID!) { payment(id: $id) { statusInfo { status }
           transactions { edges { node { statusInfo { status
             ... on RejectedTransactionStatusInfo { reason } } } } } } }""",
        {"id": second["payment"]["id"]},
    )["payment"]
    assert payment["statusInfo"]["status"] == "Initiated"
    [edge] = payment["transactions"]["edges"]
    assert edge["node"]["statusInfo"] == {"status": "Rejected", "reason": "InsufficientFunds"}
    assert balances(bank, funded)["available"] == "200.00"


def test_auto_consent_user_initiates_at_once(bank: Bank) -> None:
    user = create_user(
        bank.env, "+33655500001", first_name="Auto", last_name="Consent", auto_consent=True
    )
    account_id = bank.holder(legal_representative_phone=user["phone_number"])["account_id"]
    bank.fund(account_id, "100.00")
    result = bank.transfer(account_id, "40.00")
    assert result["payment"]["status"] == "Initiated"
    consent_id = bank.row("payments", result["payment"]["id"])["consent_id"]
    assert bank.row("consents", consent_id)["status"] == "Accepted"
    assert balances(bank, account_id)["available"] == "60.00"


def test_idempotency_key_returns_the_original_payment(bank: Bank, funded: str) -> None:
    first = bank.transfer(funded, "100.00", idempotencyKey="key-1")
    again = bank.transfer(funded, "100.00", idempotencyKey="key-1")
    assert again["payment"]["id"] == first["payment"]["id"]
    assert again["consent"]["id"] == first["consent"]["id"]
    assert bank.env.store.db["payments"].count == 1
    # The same key for a different request is a conflict, and creates nothing.
    conflict = bank.transfer(funded, "101.00", idempotencyKey="key-1")
    assert conflict == {
        "__typename": "IdempotencyConflictRejection",
        "message": "The idempotency key 'key-1' was already used for a different request.",
    }
    assert bank.env.store.db["payments"].count == 1
    # Another key is another payment.
    other = bank.transfer(funded, "100.00", idempotencyKey="key-2")
    assert other["payment"]["id"] != first["payment"]["id"]


def test_idempotency_key_expires_after_its_lifetime(bank: Bank, funded: str) -> None:
    first = bank.transfer(funded, "100.00", idempotencyKey="key-1")
    bank.sim.advance(KEY_LIFETIME)
    later = bank.transfer(funded, "101.00", idempotencyKey="key-1")
    assert later["__typename"] == "InitiateCreditTransfersSuccessPayload"
    assert later["payment"]["id"] != first["payment"]["id"]


def test_a_rejected_request_does_not_burn_its_key(bank: Bank, funded: str) -> None:
    bank.testing.mutate("suspendSandboxAccount", {"accountId": funded})
    refused = bank.transfer(funded, "5000.00", idempotencyKey="key-1")
    assert refused["__typename"] == "ForbiddenRejection"
    bank.testing.mutate("resumeSandboxAccount", {"accountId": funded})
    retried = bank.transfer(funded, "5000.00", idempotencyKey="key-1")
    assert retried["__typename"] == "InitiateCreditTransfersSuccessPayload"


@pytest.mark.parametrize(
    ("transfer", "code", "message", "path"),
    [
        (
            {"amount": {"value": "-5.00", "currency": "EUR"}},
            "InvalidString",
            "positive",
            "amount.value",
        ),
        (
            {"amount": {"value": "0", "currency": "EUR"}},
            "InvalidString",
            "positive",
            "amount.value",
        ),
        (
            {"amount": {"value": "12,50", "currency": "EUR"}},
            "InvalidString",
            "decimal",
            "amount.value",
        ),
        (
            {"amount": {"value": "abc", "currency": "EUR"}},
            "InvalidString",
            "decimal",
            "amount.value",
        ),
        (
            {"amount": {"value": "1e3", "currency": "EUR"}},
            "InvalidString",
            "decimal",
            "amount.value",
        ),
        (
            {"amount": {"value": 12.5, "currency": "EUR"}},
            "InvalidString",
            "never a number",
            "amount.value",
        ),
        (
            {"amount": {"value": "1.005", "currency": "EUR"}},
            "InvalidString",
            "two decimals",
            "amount.value",
        ),
        (
            {"amount": {"value": "1.234", "currency": "EUR"}},
            "InvalidString",
            "two decimals",
            "amount.value",
        ),
        (
            {"amount": {"value": "1000000000.01", "currency": "EUR"}},
            "InvalidString",
            "at most",
            "amount.value",
        ),
        # More digits than Decimal's 28-digit precision once quantized (was a crash).
        (
            {"amount": {"value": "1" * 40, "currency": "EUR"}},
            "InvalidString",
            "at most",
            "amount.value",
        ),
        (
            {"amount": {"value": "9" * 30 + ".99", "currency": "EUR"}},
            "InvalidString",
            "at most",
            "amount.value",
        ),
        # Digits of another script, which Decimal would read as 12.
        (
            {"amount": {"value": "\u0661\u0662", "currency": "EUR"}},
            "InvalidString",
            "decimal",
            "amount.value",
        ),
        (
            {"amount": {"value": "10.00", "currency": "USD"}},
            "InvalidString",
            "EUR only",
            "amount.currency",
        ),
        (
            {"sepaBeneficiary": {"name": "Carol", "iban": "FR7630006000011234567890188"}},
            "InvalidString",
            "Invalid IBAN",
            "sepaBeneficiary.iban",
        ),
        (
            {"sepaBeneficiary": {"name": "Carol", "iban": "nope"}},
            "InvalidString",
            "Invalid IBAN",
            "sepaBeneficiary.iban",
        ),
        (  # a valid IBAN of Saudi Arabia: no SEPA transfer reaches it
            {"sepaBeneficiary": {"name": "Carol", "iban": "SA0380000000608010167519"}},
            "InvalidString",
            "outside the SEPA zone",
            "sepaBeneficiary.iban",
        ),
        (
            {"sepaBeneficiary": {"name": " ", "iban": BENEFICIARY_IBAN}},
            "InvalidType",
            "required",
            "sepaBeneficiary.name",
        ),
        ({"reference": "x" * 36}, "TooLong", "35", "reference"),
    ],
)
def test_bad_transfer_input_is_a_validation_rejection(
    bank: Bank, funded: str, transfer: dict[str, Any], code: str, message: str, path: str
) -> None:
    base = {
        "amount": {"value": "10.00", "currency": "EUR"},
        "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN},
    }
    result = bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": funded,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [{**base, **transfer}],
        },
    )
    assert result["__typename"] == "ValidationRejection"
    [field] = result["fields"]
    assert field["code"] == code
    assert message in field["message"]
    assert field["path"] == ["input", "creditTransfers", "0", *path.split(".")]
    assert bank.env.store.db["payments"].count == 0


def test_validation_collects_every_bad_field(bank: Bank, funded: str) -> None:
    result = bank.api.mutate(
        "initiateCreditTransfers",
        {"accountId": funded, "consentRedirectUrl": "not a url", "creditTransfers": []},
    )
    assert result["__typename"] == "ValidationRejection"
    assert {field["code"] for field in result["fields"]} == {"InvalidString", "InvalidType"}


def test_own_iban_is_refused(bank: Bank, funded: str) -> None:
    own = bank.row("accounts", funded)["iban"]
    result = bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": funded,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [
                {
                    "amount": {"value": "1.00", "currency": "EUR"},
                    "sepaBeneficiary": {"name": "Me", "iban": own},
                }
            ],
        },
    )
    [field] = result["fields"]
    assert field["code"] == "InvalidString"
    assert "paying account itself" in field["message"]


def test_insufficient_funds_reject_the_transfer_not_the_request(bank: Bank, funded: str) -> None:
    result = bank.transfer(funded, "1000.01")
    assert result["__typename"] == "InitiateCreditTransfersSuccessPayload"
    bank.approve(result["consent"]["id"])
    [transaction] = bank.env.store.db["transactions"].rows_where(
        "payment_id = ?", [result["payment"]["id"]]
    )
    assert (transaction["status"], transaction["status_reason"]) == (
        "Rejected",
        "InsufficientFunds",
    )
    assert balances(bank, funded)["available"] == "1000.00"


def test_unknown_and_other_project_accounts_are_not_found(bank: Bank, sim: Any) -> None:
    assert bank.transfer("nope", "1.00") == {
        "__typename": "AccountNotFoundRejection",
        "message": "Account nope was not found.",
        "id": "nope",
    }
    other = sim.create_project("sandbox", "Other", [REDIRECT])
    from simulator.domain.accounts.accounts import create_account_holder

    foreign = create_account_holder(sim.sandbox, other.project_id, first_name="Eve", last_name="X")
    assert bank.transfer(foreign["account_id"], "1.00")["__typename"] == "AccountNotFoundRejection"


def test_unverified_holder_cannot_pay(bank: Bank) -> None:
    created = bank.holder(verification_status="Pending")
    bank.fund(created["account_id"], "100.00")
    result = bank.transfer(created["account_id"], "10.00")
    assert result["__typename"] == "ForbiddenRejection"
    assert "Pending" in result["message"]
    assert created["holder_id"] in result["message"]


def test_suspended_account_cannot_pay(bank: Bank, funded: str) -> None:
    bank.testing.mutate("suspendSandboxAccount", {"accountId": funded})
    result = bank.transfer(funded, "10.00")
    assert result["__typename"] == "ForbiddenRejection"
    assert "Suspended" in result["message"]


def test_user_without_payment_permission_is_forbidden(bank: Bank, funded: str) -> None:
    from simulator.domain.users.users import find_user_by_phone

    viewer = create_user(bank.env, "+33655500002", first_name="View", last_name="Only")
    bank.env.store.db["account_memberships"].insert(
        {
            "id": "m-viewer",
            "project_id": bank.project_id,
            "account_id": funded,
            "user_id": viewer["id"],
            "can_view_account": 1,
            "can_initiate_payments": 0,
            "status": "Enabled",
            "created_at": "2026-01-05T09:00:00.000Z",
        }
    )
    as_viewer = bank.user_client(viewer["id"])
    result = as_viewer.mutate(
        "initiateCreditTransfers",
        {
            "accountId": funded,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [
                {
                    "amount": {"value": "1.00", "currency": "EUR"},
                    "sepaBeneficiary": {"name": "C", "iban": BENEFICIARY_IBAN},
                }
            ],
        },
    )
    assert result["__typename"] == "ForbiddenRejection"
    assert "canInitiatePayments" in result["message"]
    # The legal representative's own token may, and the consent is theirs.
    representative = find_user_by_phone(bank.env, "+33699900001")
    assert representative is not None
    as_owner = bank.user_client(representative["id"])
    allowed = as_owner.mutate(
        "initiateCreditTransfers",
        {
            "accountId": funded,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [
                {
                    "amount": {"value": "1.00", "currency": "EUR"},
                    "sepaBeneficiary": {"name": "C", "iban": BENEFICIARY_IBAN},
                }
            ],
        },
        PAYMENT_SELECTION,
    )
    consent = bank.row("consents", with_payment_shortcuts(allowed)["consent"]["id"])
    assert consent["user_id"] == representative["id"]


def test_project_token_needs_a_legal_representative(bank: Bank) -> None:
    account_id = bank.holder(legal_representative_phone=None)["account_id"]
    bank.fund(account_id, "10.00")
    result = bank.transfer(account_id, "1.00")
    assert result["__typename"] == "ForbiddenRejection"
    assert "legal representative" in result["message"]


# -- cancelTransaction -------------------------------------------------------------------------


def _pending_transfer(bank: Bank, account_id: str) -> str:
    result = bank.transfer(account_id, "100.00")
    bank.approve(result["consent"]["id"])
    return str(
        bank.env.store.db.execute(
            "SELECT id FROM transactions WHERE payment_id = ?", [result["payment"]["id"]]
        ).fetchone()[0]
    )


def test_cancel_a_pending_transfer_frees_the_money(bank: Bank, funded: str) -> None:
    transaction_id = _pending_transfer(bank, funded)
    result = bank.api.mutate("cancelTransaction", {"transactionId": transaction_id}, "message")
    assert result["__typename"] == "CancelTransactionSuccessPayload"
    canceled = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { isCancelable statusInfo { status
             ... on CanceledTransactionStatusInfo { canceledDate } } } }""",
        {"id": transaction_id},
    )["transaction"]
    assert canceled == {
        "isCancelable": False,
        "statusInfo": {"status": "Canceled", "canceledDate": "2026-01-05T09:00:00.000Z"},
    }
    assert balances(bank, funded)["available"] == "1000.00"
    assert bank.sim.advance("2d").timeline == []  # nothing left to settle
    assert bank.events(transaction_id)[-1] == "Transaction.Canceled"


def test_cancel_transaction_rejections(bank: Bank, funded: str) -> None:
    transaction_id = _pending_transfer(bank, funded)
    bank.sim.advance("1d")
    # The real payload has one rejection: whatever stands in the way is Forbidden.
    booked = bank.api.mutate("cancelTransaction", {"transactionId": transaction_id})
    assert booked["__typename"] == "ForbiddenRejection"
    assert "Booked" in booked["message"]

    unknown = bank.api.mutate("cancelTransaction", {"transactionId": "nope"})
    assert unknown == {
        "__typename": "ForbiddenRejection",
        "message": "No cancelable transaction nope.",
    }
    incoming = bank.fund(funded, "1.00")
    forbidden = bank.api.mutate("cancelTransaction", {"transactionId": incoming})
    assert forbidden["__typename"] == "ForbiddenRejection"


def test_payments_query_and_filters(bank: Bank, funded: str) -> None:
    first = bank.transfer(funded, "10.00")
    bank.transfer(funded, "20.00")
    bank.approve(first["consent"]["id"])
    data = bank.api.query(
        """{ all: payments { totalCount edges { node { id statusInfo { status } } } }
             initiated: payments(filters: {status: [Initiated]}) {
               totalCount edges { node { id } } }
             pending: payments(filters: {status: [ConsentPending]}) { edges { node {
               statusInfo { ... on PaymentConsentPending {
                 consent { id consentUrl } } } } } } }"""
    )
    assert data["all"]["totalCount"] == 2
    assert data["initiated"]["edges"][0]["node"]["id"] == first["payment"]["id"]
    consent = data["pending"]["edges"][0]["node"]["statusInfo"]["consent"]
    assert consent["consentUrl"] == f"http://localhost:8000/oauth2/consents/{consent['id']}"
    missing = bank.api.post('{ payment(id: "nope") { id } }')
    assert missing["data"] is None  # payment(id) is non-null, as in the real schema
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"
