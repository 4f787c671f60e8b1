"""What a credit transfer's input adds (issue 25): an account of the bank as beneficiary (an
internal transfer), a later execution date (an Upcoming transaction), the paying account by
number, the category purpose, external reference and label type, the beneficiary's address,
and the verification results of the payload."""

from __future__ import annotations

from typing import Any

from .banking_support import ADDRESS, BENEFICIARY_IBAN, PAYMENT_SELECTION, REDIRECT, Bank

SUCCESS = f"{PAYMENT_SELECTION} beneficiaryVerificationResults {{ status }}"
TRANSACTIONS = """query($id: ID!) { account(accountId: $id) { balances { available { value } }
  transactions(orderBy: {field: executionDate, direction: Asc}) { edges { node { __typename id type side amount { value } externalReference
    requestedExecutionAt executionDate isCancelable
    statusInfo { status ... on UpcomingTransactionStatusInfo { executionDate } }
    ... on SEPACreditTransferTransaction { categoryPurpose labelType }
    ... on InternalCreditTransfer { creditor { __typename accountNumber name }
      debtor { __typename accountNumber name } } } } } } }"""


def pay(bank: Bank, account_id: str | None, transfer: dict[str, Any], **extra: Any) -> Any:
    given = {"accountId": account_id} if account_id else {}
    return bank.api.mutate(
        "initiateCreditTransfers",
        {
            **given,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [{"amount": {"value": "30.00", "currency": "EUR"}, **transfer}],
            **extra,
        },
        SUCCESS,
    )


def consent_of(result: dict[str, Any]) -> str:
    return str(result["payment"]["statusInfo"]["consent"]["id"])


def nodes(bank: Bank, account_id: str) -> tuple[str, list[dict[str, Any]]]:
    found = bank.api.query(TRANSACTIONS, {"id": account_id})["account"]
    edges = found["transactions"]["edges"]
    return found["balances"]["available"]["value"], [edge["node"] for edge in edges]


def test_an_internal_transfer_books_on_both_accounts_at_once(bank: Bank) -> None:
    payer = bank.holder()["account_id"]
    payee = bank.holder("Alan", "Turing")["account_id"]
    bank.fund(payer, "100.00")
    number = bank.row("accounts", payee)["number"]
    result = pay(
        bank,
        None,
        {"swanAccountBeneficiary": {"accountNumber": number, "name": "Alan", "save": False}},
        accountNumber=bank.row("accounts", payer)["number"],
    )
    assert result["__typename"] == "InitiateCreditTransfersSuccessPayload"
    assert result["beneficiaryVerificationResults"] == [None]
    bank.approve(consent_of(result))
    available, [_funding, debit] = nodes(bank, payer)
    assert available == "70.00"
    assert debit["__typename"] == "InternalCreditTransfer"
    assert (debit["type"], debit["statusInfo"]["status"]) == ("InternalCreditTransferOut", "Booked")
    assert debit["creditor"] == {
        "__typename": "InternalCreditTransferOutCreditor",
        "accountNumber": number,
        "name": "Alan",
    }
    assert debit["debtor"]["__typename"] == "InternalCreditTransferOutDebtor"
    available, [credit] = nodes(bank, payee)
    assert available == "30.00"
    assert (credit["type"], credit["side"]) == ("InternalCreditTransferIn", "Credit")
    assert credit["debtor"] == {
        "__typename": "InternalCreditTransferInDebtor",
        "accountNumber": bank.row("accounts", payer)["number"],
        "name": "Ada Lovelace",
    }


def test_a_transfer_requested_for_later_waits_upcoming(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "100.00")
    later = {
        "sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN, "address": ADDRESS},
        "requestedExecutionAt": "2026-01-10T08:00:00Z",
        "categoryPurpose": "SalaryPayment",
        "externalReference": "PAYROLL-01",
        "labelType": "Structured",
    }
    bank.approve(consent_of(pay(bank, account_id, later)))
    stored = bank.env.store.db.execute(
        "SELECT beneficiary_address FROM payment_transfers"
    ).fetchone()[0]
    assert '"city": "Paris"' in stored
    available, [_, upcoming] = nodes(bank, account_id)
    assert available == "100.00"  # nothing is held before the date
    assert upcoming["statusInfo"] == {
        "status": "Upcoming",
        "executionDate": "2026-01-10T08:00:00.000Z",
    }
    assert upcoming["requestedExecutionAt"] == "2026-01-10T08:00:00.000Z"
    assert (upcoming["categoryPurpose"], upcoming["labelType"]) == ("SalaryPayment", "Structured")
    assert upcoming["externalReference"] == "PAYROLL-01"
    assert upcoming["isCancelable"] is True
    assert bank.events(upcoming["id"]) == ["Transaction.Upcoming"]
    timeline = bank.sim.advance("6d").timeline
    assert [e["work"] for e in timeline if e["resource_id"] == upcoming["id"]][:1] == [
        "requested execution"
    ]
    assert bank.events(upcoming["id"]) == [
        "Transaction.Upcoming",
        "Transaction.Pending",
        "Transaction.Booked",
    ]
    assert nodes(bank, account_id)[0] == "70.00"


def test_an_upcoming_transfer_can_be_canceled_and_an_unfunded_one_is_rejected(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "40.00")
    when = {"requestedExecutionAt": "2026-01-07T09:00:00Z"}
    beneficiary = {"sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN}}
    for _ in range(3):
        bank.approve(consent_of(pay(bank, account_id, {**beneficiary, **when})))
    _, transactions = nodes(bank, account_id)
    first, second, third = sorted(
        t["id"] for t in transactions if t["statusInfo"]["status"] == "Upcoming"
    )
    canceled = bank.api.mutate("cancelTransaction", {"transactionId": first})
    assert canceled["__typename"] == "CancelTransactionSuccessPayload"
    bank.sim.advance("3d")
    # 40.00 available on the date: the second (30.00) goes, the third no longer fits.
    statuses = [bank.row("transactions", t)["status"] for t in (first, second, third)]
    assert statuses == ["Canceled", "Booked", "Rejected"]
    assert bank.row("transactions", third)["status_reason"] == "InsufficientFunds"
    refused = bank.api.mutate("cancelTransaction", {"transactionId": third})
    assert refused["__typename"] == "ForbiddenRejection"


def test_bad_transfer_details_are_refused_and_change_nothing(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    beneficiary = {"sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN}}
    past = pay(bank, account_id, {**beneficiary, "requestedExecutionAt": "2026-01-01T00:00:00Z"})
    assert past["__typename"] == "ValidationRejection"
    beyond = {**beneficiary, "requestedExecutionAt": "9500-01-01T00:00:00Z"}
    assert pay(bank, account_id, beyond)["__typename"] == "ValidationRejection"
    instant = {**beneficiary, "requestedExecutionAt": "2026-02-01T00:00:00Z"}
    refused = pay(bank, account_id, {**instant, "mode": "InstantWithoutFallback"})
    assert refused["__typename"] == "ValidationRejection"
    unknown = {"swanAccountBeneficiary": {"accountNumber": "99999", "name": "X", "save": False}}
    assert pay(bank, account_id, unknown)["__typename"] == "ValidationRejection"
    both = {**beneficiary, **unknown}
    assert pay(bank, account_id, both)["__typename"] == "ValidationRejection"
    long_city = {
        "name": "Carol",
        "iban": BENEFICIARY_IBAN,
        "address": {**ADDRESS, "city": "x" * 36},
    }
    assert pay(bank, account_id, {"sepaBeneficiary": long_city})["__typename"] == (
        "ValidationRejection"
    )
    missing = pay(bank, None, beneficiary, accountNumber="00000000000")
    assert missing["__typename"] == "AccountNotFoundRejection"
    assert bank.env.store.db["payments"].count == 0
    # Another project's account number is unknown here.
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    number = bank.row("accounts", account_id)["number"]
    assert pay(other, None, beneficiary, accountNumber=number)["__typename"] == (
        "AccountNotFoundRejection"
    )


def test_the_payload_gives_each_transfers_verification_result(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    verified = bank.api.mutate(
        "verifyBeneficiary",
        {"beneficiary": {"sepa": {"name": "Carol", "iban": BENEFICIARY_IBAN}}},
        "beneficiaryVerificationToken verifyBeneficiaryResult { status }",
    )
    token = verified["beneficiaryVerificationToken"]
    beneficiary = {"sepaBeneficiary": {"name": "Carol", "iban": BENEFICIARY_IBAN}}
    result = bank.api.mutate(
        "initiateCreditTransfers",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "creditTransfers": [
                {"amount": {"value": "1.00", "currency": "EUR"}, **beneficiary},
                {
                    "amount": {"value": "2.00", "currency": "EUR"},
                    **beneficiary,
                    "beneficiaryVerificationToken": token,
                },
            ],
        },
        SUCCESS,
    )
    assert result["beneficiaryVerificationResults"] == [
        None,
        {"status": verified["verifyBeneficiaryResult"]["status"]},
    ]
