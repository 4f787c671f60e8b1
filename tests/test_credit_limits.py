"""An account's credit limit: the request through its consent, the bank's decision
(simulateCreditLimitUpdated), repayments (simulateRepayment, simulateRepaymentUpdated)
and credit statements of a repayment cycle."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from simulator.domain.accounts.ledger import read_balances
from simulator.domain.payments.checks import deposit_check

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank

REPAYMENT = {
    "repaymentMethod": {
        "sepaDirectDebitB2B": {
            "IBAN": DEBTOR_IBAN,
            "name": "Acme Treasury",
            "address": {
                "addressLine1": "1 Hauptstrasse",
                "city": "Berlin",
                "postalCode": "10115",
                "country": "DEU",
            },
        }
    }
}
REQUEST = """creditLimitSettingsRequest { id amount { value } statusInfo { status }
  consent { id purpose } repaymentSettings { repaymentCycleLength { __typename
  ... on MonthlyPeriod { dayOfMonth } } } }"""
SETTINGS = """query($id: ID!) { account(accountId: $id) { creditLimitSettings {
  authorizedAmount { value } owedAmount { value } statusInfo { status }
  currentCycle { id startDate endDate status } } } }"""


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder(holder_type="Company", company_name="Acme SAS")["account_id"])


def ask(bank: Bank, account_id: str, **extra: Any) -> dict[str, Any]:
    input = {
        "accountId": account_id,
        "creditLimitSettings": {"amount": {"value": "500.00", "currency": "EUR"}},
        "cycleLength": {"monthly": {"dayOfMonth": 10}},
        "repaymentSettings": REPAYMENT,
        "consentRedirectUrl": REDIRECT,
        **extra,
    }
    return bank.api.mutate("requestCreditLimitSettings", input, REQUEST)


def decide(bank: Bank, account_id: str, status: str, amount: str | None = None) -> dict[str, Any]:
    input: dict[str, Any] = {"accountId": account_id, "status": status}
    if amount:
        input["authorizedAmount"] = {"value": amount, "currency": "EUR"}
    body = bank.testing.post(
        """mutation($input: SimulateCreditLimitUpdatedWebhookInput!) {
          simulateCreditLimitUpdated(input: $input) { __typename
          ... on SimulateCreditLimitUpdatedRejection { code message } } }""",
        {"input": input},
    )
    return dict(body["data"]["simulateCreditLimitUpdated"])


def settings(bank: Bank, account_id: str) -> dict[str, Any]:
    return dict(bank.api.query(SETTINGS, {"id": account_id})["account"]["creditLimitSettings"])


def test_a_credit_limit_is_asked_consented_and_granted(bank: Bank, account: str) -> None:
    request = ask(bank, account)["creditLimitSettingsRequest"]
    assert request["statusInfo"] == {"status": "ConsentPending"}
    assert request["consent"]["purpose"] == "RequestCreditLimit"
    assert request["repaymentSettings"]["repaymentCycleLength"] == {
        "__typename": "MonthlyPeriod",
        "dayOfMonth": 10,
    }
    assert decide(bank, account, "Accepted")["code"] == "CreditLimitSettingsRequestNotFound_Error"
    bank.approve(request["consent"]["id"])
    assert ask(bank, account)["__typename"] == "ForbiddenRejection"  # one open request
    assert decide(bank, account, "Accepted", "400.00")["__typename"].endswith("SuccessResponse")
    granted = settings(bank, account)
    assert granted["authorizedAmount"] == {"value": "400.00"}
    assert granted["statusInfo"] == {"status": "Activated"}
    assert granted["currentCycle"]["status"] == "Due"
    assert granted["currentCycle"]["endDate"][8:] == "10"
    assert "Account.Updated" in bank.events(account)
    decide(bank, account, "Revised", "600.00")
    assert settings(bank, account)["authorizedAmount"] == {"value": "600.00"}


def test_repayments_and_statements(bank: Bank, account: str) -> None:
    request = ask(bank, account)["creditLimitSettingsRequest"]
    bank.approve(request["consent"]["id"])
    decide(bank, account, "Accepted")
    # A check pays for a transfer, then bounces: the account is 110 EUR below zero.
    with bank.env.store.atomic() as db:
        check = deposit_check(
            bank.env, db, bank.row("accounts", account), amount=Decimal("120.00"),
            cmc7="0000001040300099999000000000001", rlmc_key="00",
        )  # fmt: skip
    bank.testing.mutate("simulateIncomingCheckBooking", {"transactionId": check["id"]})
    paid = bank.transfer(account, "110.00")
    bank.approve(paid["consent"]["id"])
    [sent] = bank.env.store.db["transactions"].rows_where("payment_id = ?", [paid["payment"]["id"]])
    bank.testing.mutate("simulateOutgoingSepaCreditTransferBooking", {"transactionId": sent["id"]})
    bank.testing.mutate("simulateIncomingCheckReturn", {"transactionId": check["id"]})
    assert settings(bank, account)["owedAmount"] == {"value": "110.00"}
    repaid = bank.testing.mutate(
        "simulateRepayment", {"accountId": account}, "repaymentId amount { value }"
    )
    assert repaid["amount"] == {"value": "110.00"}
    assert settings(bank, account)["currentCycle"]["status"] == "Submitted"
    update = {"accountId": account, "repaymentId": repaid["repaymentId"]}
    wrong = bank.testing.mutate("simulateRepaymentUpdated", {**update, "status": "Confirmed"})
    assert wrong["__typename"] == "RepaymentWrongStatusTransitionRejection"
    done = bank.testing.mutate("simulateRepaymentUpdated", {**update, "status": "Success"})
    assert done["__typename"].endswith("SuccessResponse")
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "0.00"
    assert settings(bank, account)["currentCycle"]["status"] == "Repaid"
    final = bank.testing.mutate("simulateRepaymentUpdated", {**update, "status": "Failed"})
    assert final["__typename"] == "RepaymentWrongStatusRejection"
    cycle_id = settings(bank, account)["currentCycle"]["id"]
    statement = bank.api.post(
        """mutation($input: GenerateCreditStatementInput!) { generateCreditStatement(input: $input)
          { __typename ... on CreditStatement { id totalCredits { value } totalDebits { value }
          closingBalance { value } status repaymentCycle { id } } } }""",
        {"input": {"accountId": account, "repaymentCycleId": cycle_id}},
    )["data"]["generateCreditStatement"]
    assert statement["totalCredits"] == {"value": "230.00"}  # the check, the repayment
    assert statement["totalDebits"] == {"value": "230.00"}  # the transfer, the bounce
    assert statement["closingBalance"] == {"value": "0.00"}
    read = bank.api.query(
        """query($id: ID!) { creditStatement(id: $id) { __typename
          ... on CreditStatementSuccessPayload { creditStatement { id status } } } }""",
        {"id": statement["id"]},
    )["creditStatement"]
    assert read["creditStatement"] == {"id": statement["id"], "status": "Available"}


def test_what_a_request_refuses(bank: Bank, account: str) -> None:
    weekly = {"dayOfWeek": "Monday", "weekCount": 2}
    both = ask(bank, account, cycleLength={"monthly": {"dayOfMonth": 1}, "weekly": weekly})
    assert both["__typename"] == "BadRequestRejection"
    neither = ask(bank, account, cycleLength={})
    assert neither["__typename"] == "BadRequestRejection"
    late = ask(bank, account, cycleLength={"monthly": {"dayOfMonth": 31}})
    assert late["__typename"] == "BadRequestRejection"
    address = {**REPAYMENT["repaymentMethod"]["sepaDirectDebitB2B"]["address"], "city": ""}
    method = {**REPAYMENT["repaymentMethod"]["sepaDirectDebitB2B"], "address": address}
    missing = ask(
        bank, account, repaymentSettings={"repaymentMethod": {"sepaDirectDebitB2B": method}}
    )
    assert missing["__typename"] == "MissingAddressItemRejection"
    assert ask(bank, "nope")["__typename"] == "AccountNotFoundRejection"
    none = bank.testing.mutate("simulateRepayment", {"accountId": account})
    assert none["__typename"] == "CreditLimitSettingsNotFoundRejection"
    other = bank.testing.mutate("simulateRepayment", {"accountId": "nope"})
    assert other["__typename"] == "AccountNotFoundRejection"


def test_to_repay_loan_is_a_typed_refusal(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    transaction_id = bank.fund(account_id, "10.00")
    before = bank.env.store.db["transactions"].count
    known = bank.testing.mutate(
        "simulateToRepayLoan", {"transactionId": transaction_id, "payoutLabel": "Loan 1"}
    )
    assert known["__typename"] == "ForbiddenRejection"
    assert "no loan's payout" in known["message"]
    unknown = bank.testing.mutate(
        "simulateToRepayLoan", {"transactionId": "nope", "payoutLabel": "x"}
    )
    assert unknown == {
        "__typename": "TransactionNotFoundRejection",
        "message": "Transaction nope was not found.",
        "transactionId": "nope",
    }
    blank = bank.testing.mutate(
        "simulateToRepayLoan", {"transactionId": transaction_id, "payoutLabel": " "}
    )
    assert blank["__typename"] == "ForbiddenRejection"
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    hidden = other.testing.mutate(
        "simulateToRepayLoan", {"transactionId": transaction_id, "payoutLabel": "Loan 1"}
    )
    assert hidden["__typename"] == "TransactionNotFoundRejection"
    assert bank.env.store.db["transactions"].count == before
