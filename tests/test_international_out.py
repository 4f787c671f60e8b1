"""International credit transfers sent outside the SEPA zone: the quote from the fixed
rate table, the dynamic forms, trusted international beneficiaries, the transfer through
its consent, and the Testing API's booking, rejection and return."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from simulator.domain.accounts.ledger import read_balances
from simulator.domain.payments.international_forms import EXCHANGE_RATES, quote

from .banking_support import PAYMENT_SELECTION, REDIRECT, Bank, with_payment_shortcuts

USD_100 = {"value": "100.00", "currency": "USD"}
ABA_DETAILS = [
    {"key": "abartn", "value": "026009593"},
    {"key": "accountNumber", "value": "12345678"},
    {"key": "accountType", "value": "CHECKING"},
    {"key": "address.country", "value": "US"},
    {"key": "address.city", "value": "New York"},
    {"key": "address.firstLine", "value": "1 Main Street"},
    {"key": "address.postCode", "value": "10001"},
]
BENEFICIARY = {"name": "Joe Smith", "currency": "USD", "route": "Aba", "details": ABA_DETAILS}
QUOTE = """query($account: ID!, $amount: AmountInput!) {
  internationalCreditTransferQuote(accountId: $account, targetAmount: $amount) {
    exchangeRate feesAmount { value currency } sourceAmount { value currency }
    targetAmount { value currency } } }"""
FORMS = """query($account: ID!, $amount: AmountInput!) {
  internationalBeneficiaryDynamicForms(accountId: $account, amount: $amount) {
    schemes { type title remainingFieldsToRefreshCount fields { __typename key name required
      ... on TextField { validationRegex example }
      ... on RadioField { allowedValues { key name } } } } } }"""
DETAILS_FORM = """query($account: ID!, $beneficiary: InternationalBeneficiaryInput!,
  $amount: AmountInput!) {
  internationalCreditTransferTransactionDetailsDynamicForm(accountId: $account,
    internationalBeneficiary: $beneficiary, targetAmount: $amount) {
    remainingFieldsToRefreshCount fields { __typename key required
      ... on SelectField { allowedValues { key } } } } }"""
NODE = """query($id: ID!) { transaction(id: $id) { __typename type side amount { value }
  counterparty paymentProduct originTransactionId statusInfo { status } } }"""


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = str(bank.holder()["account_id"])
    bank.fund(account_id, "500.00")
    return account_id


def initiate(bank: Bank, account_id: str, **extra: Any) -> dict[str, Any]:
    input = {
        "accountId": account_id,
        "targetAmount": USD_100,
        "internationalBeneficiary": BENEFICIARY,
        "internationalCreditTransferDetails": [{"key": "reference", "value": "INV-9"}],
        "consentRedirectUrl": REDIRECT,
        **extra,
    }
    result = bank.api.mutate(
        "initiateInternationalCreditTransfer",
        input,
        f"{PAYMENT_SELECTION} quote {{ sourceAmount {{ value }} }}",
    )
    if "payment" in result:
        return with_payment_shortcuts(result)
    return result


def test_the_quote_comes_from_the_fixed_rate_table(bank: Bank, account: str) -> None:
    answer = bank.api.query(QUOTE, {"account": account, "amount": USD_100})
    figures = quote(Decimal("100.00"), "USD")
    assert figures["converted"] == Decimal("86.21")  # 100 / 1.16, rounded up to the cent
    assert answer["internationalCreditTransferQuote"] == {
        "exchangeRate": str(EXCHANGE_RATES["USD"]),
        "feesAmount": {"value": "2.00", "currency": "EUR"},  # the floor
        "sourceAmount": {"value": "88.21", "currency": "EUR"},
        "targetAmount": {"value": "100.00", "currency": "USD"},
    }
    for currency in ("EUR", "XYZ"):
        body = bank.api.post(
            QUOTE, {"account": account, "amount": {**USD_100, "currency": currency}}
        )
        assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT", body


def test_forms_list_the_routes_of_a_currency(bank: Bank, account: str) -> None:
    forms = bank.api.query(FORMS, {"account": account, "amount": USD_100})
    schemes = forms["internationalBeneficiaryDynamicForms"]["schemes"]
    assert [scheme["type"] for scheme in schemes] == ["Aba", "FedwireLocal", "SwiftCode"]
    aba = {field["key"]: field for field in schemes[0]["fields"]}
    assert aba["abartn"]["validationRegex"] == "^[0-9]{9}$"
    assert aba["accountType"]["__typename"] == "RadioField"
    gbp = bank.api.query(FORMS, {"account": account, "amount": {**USD_100, "currency": "GBP"}})
    assert [s["type"] for s in gbp["internationalBeneficiaryDynamicForms"]["schemes"]] == [
        "SortCode",
        "Iban",
    ]
    variables = {"account": account, "beneficiary": BENEFICIARY, "amount": USD_100}
    form = bank.api.query(DETAILS_FORM, variables)
    assert form["internationalCreditTransferTransactionDetailsDynamicForm"] == {
        "remainingFieldsToRefreshCount": 0,
        "fields": [{"__typename": "TextField", "key": "reference", "required": False}],
    }
    inr = {**variables, "amount": {"value": "5000.00", "currency": "INR"}}
    inr["beneficiary"] = {
        "name": "Ravi",
        "currency": "INR",
        "route": "Indian",
        "details": [
            {"key": "ifscCode", "value": "YESB0236041"},
            {"key": "accountNumber", "value": "678911234567"},
        ],
    }
    fields = bank.api.query(DETAILS_FORM, inr)[
        "internationalCreditTransferTransactionDetailsDynamicForm"
    ]["fields"]
    assert [(f["key"], f["required"]) for f in fields] == [
        ("reference", False),
        ("transferPurpose", True),
    ]
    other = bank.api.post(FORMS, {"account": "nope", "amount": USD_100})
    assert other["errors"][0]["extensions"]["code"] == "NOT_FOUND", other


def test_a_transfer_is_sent_booked_and_returned(bank: Bank, account: str) -> None:
    result = initiate(bank, account, internationalBeneficiary={**BENEFICIARY, "save": True})
    assert result["quote"] == {"sourceAmount": {"value": "88.21"}}
    assert result["payment"]["status"] == "ConsentPending"
    bank.approve(result["consent"]["id"])
    [transaction] = bank.env.store.db["transactions"].rows_where(
        "payment_id = ?", [result["payment"]["id"]]
    )
    node = bank.api.query(NODE, {"id": transaction["id"]})["transaction"]
    assert node == {
        "__typename": "InternationalCreditTransferTransaction",
        "type": "InternationalCreditTransferOut",
        "side": "Debit",
        "amount": {"value": "88.21"},
        "counterparty": "Joe Smith",
        "paymentProduct": "InternationalCreditTransfer",
        "originTransactionId": None,
        "statusInfo": {"status": "Pending"},
    }
    assert f"{read_balances(bank.env.store.db, account).available:.2f}" == "411.79"
    early = bank.testing.mutate(
        "simulateOutgoingInternationalCreditTransferReturn",
        {"transactionId": transaction["id"], "reasonCode": "WrongName"},
    )
    assert early["__typename"] == "ForbiddenRejection"
    booked = bank.testing.mutate(
        "simulateOutgoingInternationalCreditTransferBooking", {"transactionId": transaction["id"]}
    )
    assert booked["__typename"].endswith("SuccessPayload")
    assert bank.events(transaction["id"]) == ["Transaction.Pending", "Transaction.Booked"]
    back = bank.testing.mutate(
        "simulateOutgoingInternationalCreditTransferReturn",
        {"transactionId": transaction["id"], "reasonCode": "WrongName"},
        "transactionId",
    )
    returned = bank.api.query(NODE, {"id": back["transactionId"]})["transaction"]
    assert returned["type"] == "InternationalCreditTransferOutReturn"
    assert returned["side"] == "Credit" and returned["originTransactionId"] == transaction["id"]
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "500.00"
    again = bank.testing.mutate(
        "simulateOutgoingInternationalCreditTransferReturn",
        {"transactionId": transaction["id"], "reasonCode": "WrongName"},
    )
    assert again["__typename"] == "ForbiddenRejection"
    # Saved with `save: true`: Enabled, and its transfers are listed under it.
    saved = bank.api.query(
        """query($id: ID!) { account(accountId: $id) { trustedBeneficiaries(
          filters: {currency: "USD"}) { edges { node { __typename name type
          statusInfo { status } ... on TrustedInternationalBeneficiary { route currency
          details { key value } transactions { totalCount } } } } } } }""",
        {"id": account},
    )["account"]["trustedBeneficiaries"]["edges"]
    assert [edge["node"]["statusInfo"]["status"] for edge in saved] == ["Enabled"]
    assert saved[0]["node"]["route"] == "Aba"
    assert saved[0]["node"]["transactions"] == {"totalCount": 2}


def test_a_usd_transfer_by_fedwire(bank: Bank, account: str) -> None:
    fedwire = [d for d in ABA_DETAILS if d["key"] != "accountType"]
    beneficiary = {**BENEFICIARY, "route": "FedwireLocal", "details": fedwire}
    result = initiate(bank, account, internationalBeneficiary=beneficiary)
    assert result["payment"]["status"] == "ConsentPending", result


def test_a_rejection_frees_the_amount(bank: Bank, account: str) -> None:
    result = initiate(bank, account)
    bank.approve(result["consent"]["id"])
    [transaction] = bank.env.store.db["transactions"].rows_where(
        "payment_id = ?", [result["payment"]["id"]]
    )
    rejected = bank.testing.mutate(
        "simulateOutgoingInternationalCreditTransferRejection", {"transactionId": transaction["id"]}
    )
    assert rejected["__typename"].endswith("SuccessPayload")
    assert bank.row("transactions", transaction["id"])["status"] == "Rejected"
    assert f"{read_balances(bank.env.store.db, account).available:.2f}" == "500.00"
    twice = bank.testing.mutate(
        "simulateOutgoingInternationalCreditTransferBooking", {"transactionId": transaction["id"]}
    )
    assert twice["__typename"] == "ForbiddenRejection"


def test_what_cannot_be_sent(bank: Bank, account: str) -> None:
    bad = initiate(
        bank,
        account,
        internationalBeneficiary={**BENEFICIARY, "details": ABA_DETAILS[1:]},
        internationalCreditTransferDetails=[{"key": "reference", "value": "x" * 40}],
    )
    assert bad["__typename"] == "ValidationRejection"
    paths = sorted(".".join(map(str, field["path"])) for field in bad["fields"])
    assert paths == [
        "input.internationalBeneficiary.details.abartn",
        "input.internationalCreditTransferDetails.reference",
    ]
    wrong_route = initiate(
        bank, account, internationalBeneficiary={**BENEFICIARY, "route": "Indian"}
    )
    assert wrong_route["__typename"] == "ValidationRejection"
    unknown = initiate(bank, "no-such-account")
    assert unknown["__typename"] == "AccountNotFoundRejection"
    untrusted = initiate(bank, account, internationalBeneficiary=None, trustedBeneficiaryId="x")
    assert untrusted["__typename"] == "ForbiddenRejection"
    # Too little money when the consent is accepted: the transfer is recorded Rejected.
    big = initiate(bank, account, targetAmount={"value": "1000.00", "currency": "USD"})
    bank.approve(big["consent"]["id"])
    [row] = bank.env.store.db["transactions"].rows_where("payment_id = ?", [big["payment"]["id"]])
    assert (row["status"], row["status_reason"]) == ("Rejected", "InsufficientFunds")


def test_a_trusted_international_beneficiary_through_its_consent(bank: Bank, account: str) -> None:
    added = bank.api.mutate(
        "addTrustedInternationalBeneficiary",
        {"accountId": account, **BENEFICIARY, "label": "Joe", "consentRedirectUrl": REDIRECT},
        """trustedBeneficiary { id label type statusInfo { status
           ... on TrustedBeneficiaryConsentPendingStatusInfo { consent { id } } } }""",
    )["trustedBeneficiary"]
    assert (added["label"], added["type"]) == ("Joe", "International")
    assert added["statusInfo"]["status"] == "ConsentPending"
    bank.approve(added["statusInfo"]["consent"]["id"])
    query = (
        "query($id: String!) { trustedBeneficiary(id: $id) { __typename statusInfo { status } } }"
    )
    node = bank.api.query(query, {"id": added["id"]})["trustedBeneficiary"]
    assert node == {
        "__typename": "TrustedInternationalBeneficiary",
        "statusInfo": {"status": "Enabled"},
    }
    paid = initiate(bank, account, internationalBeneficiary=None, trustedBeneficiaryId=added["id"])
    assert paid["payment"]["status"] == "ConsentPending"
    invalid = bank.api.mutate(
        "addTrustedInternationalBeneficiary",
        {"accountId": account, **BENEFICIARY, "currency": "EUR", "consentRedirectUrl": REDIRECT},
    )
    assert invalid["__typename"] == "ValidationRejection"
