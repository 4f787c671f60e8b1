"""SEPA direct debits a creditor takes from an account (the Testing API's outgoing ones),
as SEPADirectDebitTransaction in the Partner API; backward paging of `payments`."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import Simulator
from simulator.domain.accounts.ledger import read_balances

from .banking_support import BENEFICIARY_IBAN, REDIRECT, Bank

NODE = """query($id: ID!) { transaction(id: $id) { __typename type side amount { value }
  reference counterparty paymentProduct isCancelable originTransactionId
  statusInfo { status ... on RejectedTransactionStatusInfo { reason } }
  ... on SEPADirectDebitTransaction { creditor { __typename name IBAN maskedIBAN }
    debtor { __typename name ... on SEPADirectDebitOutDebtor { accountNumber } } }
} }"""


def balances(bank: Bank, account_id: str) -> tuple[str, str]:
    current = read_balances(bank.env.store.db, account_id)
    return f"{current.booked:.2f}", f"{current.available:.2f}"


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = str(bank.holder()["account_id"])
    bank.fund(account_id, "300.00")
    return account_id


def receive(bank: Bank, account_id: str, amount: str = "40.00", **extra: Any) -> dict[str, Any]:
    input = {
        "amount": {"value": amount, "currency": "EUR"},
        "creditor": {
            "name": "Utility Co",
            "iban": BENEFICIARY_IBAN,
            "identifier": "FR12ZZZ123456",
        },
        "debtorIban": bank.row("accounts", account_id)["iban"],
        "executionDate": "2026-01-06T09:00:00.000Z",
        "mandateReference": "MANDATE-42",
        "mandateSequence": "Recurrent",
        "mandateType": "Core",
        **extra,
    }
    return bank.testing.mutate("simulateOutgoingSepaDirectDebitReception", input, "transactionId")


def node(bank: Bank, transaction_id: str) -> dict[str, Any]:
    return dict(bank.api.query(NODE, {"id": transaction_id})["transaction"])


def test_a_direct_debit_is_pending_until_its_execution_date(bank: Bank, account: str) -> None:
    result = receive(bank, account)
    assert result["__typename"] == "SimulateOutgoingSepaDirectDebitReceptionSuccessPayload"
    debit = node(bank, result["transactionId"])
    assert debit["__typename"] == "SEPADirectDebitTransaction"
    assert debit["type"] == "SepaDirectDebitOut"
    assert debit["side"] == "Debit"
    assert debit["statusInfo"] == {"status": "Pending"}
    assert debit["reference"] == "MANDATE-42"
    assert debit["paymentProduct"] == "SEPADirectDebit"
    assert debit["isCancelable"] is False
    assert debit["creditor"]["__typename"] == "SEPADirectDebitOutCreditor"
    assert debit["creditor"]["IBAN"] == BENEFICIARY_IBAN
    assert debit["debtor"]["name"] == "Ada Lovelace"
    assert balances(bank, account) == ("300.00", "260.00")
    assert "Transaction.Pending" in bank.events(result["transactionId"])
    bank.sim.advance("1d")
    assert node(bank, result["transactionId"])["statusInfo"] == {"status": "Booked"}
    assert balances(bank, account) == ("260.00", "260.00")


@pytest.mark.parametrize(
    ("name", "reason", "status"),
    [
        ("simulateOutgoingSepaDirectDebitCancel", "PaymentUndue", "Canceled"),
        ("simulateOutgoingSepaDirectDebitReject", "NotSpecifiedByPayer", "Rejected"),
    ],
)
def test_a_pending_debit_is_canceled_or_rejected(
    bank: Bank, account: str, name: str, reason: str, status: str
) -> None:
    debit_id = receive(bank, account)["transactionId"]
    result = bank.testing.mutate(
        name, {"transactionId": debit_id, "reasonCode": reason}, "transactionId"
    )
    assert result["transactionId"] == debit_id
    assert node(bank, debit_id)["statusInfo"]["status"] == status
    assert balances(bank, account) == ("300.00", "300.00")
    assert f"Transaction.{status}" in bank.events(debit_id)
    # Only once, and never after booking.
    again = bank.testing.mutate(name, {"transactionId": debit_id, "reasonCode": reason})
    assert again["__typename"] == "ForbiddenRejection"


@pytest.mark.parametrize(
    ("name", "reason", "expected_type"),
    [
        (
            "simulateOutgoingSepaDirectDebitReturn",
            "RefundRequestedByDebtor",
            "SepaDirectDebitOutReturn",
        ),
        (
            "simulateOutgoingSepaDirectDebitReverse",
            "TransactionDuplicated",
            "SepaDirectDebitOutReversal",
        ),
    ],
)
def test_a_booked_debit_gives_its_money_back(
    bank: Bank, account: str, name: str, reason: str, expected_type: str
) -> None:
    debit_id = receive(bank, account)["transactionId"]
    early = bank.testing.mutate(name, {"transactionId": debit_id, "reasonCode": reason})
    assert "Pending" in early["message"]
    bank.sim.advance("1d")
    result = bank.testing.mutate(
        name, {"transactionId": debit_id, "reasonCode": reason}, "transactionId"
    )
    credit = node(bank, result["transactionId"])
    assert credit["type"] == expected_type
    assert credit["side"] == "Credit"
    assert credit["originTransactionId"] == debit_id
    assert credit["statusInfo"] == {"status": "Booked"}
    assert balances(bank, account) == ("300.00", "300.00")
    twice = bank.testing.mutate(
        "simulateOutgoingSepaDirectDebitReturn",
        {"transactionId": debit_id, "reasonCode": "NotSpecifiedByBank"},
    )
    assert "already" in twice["message"]


def test_what_a_debit_cannot_take(bank: Bank, account: str) -> None:
    poor = node(bank, receive(bank, account, "500.00")["transactionId"])
    assert poor["statusInfo"] == {"status": "Rejected", "reason": "InsufficientFunds"}
    assert balances(bank, account) == ("300.00", "300.00")
    stranger = receive(bank, account, debtorIban="DE89370400440532013000")
    assert stranger["__typename"] == "ForbiddenRejection"
    invalid = receive(bank, account, "-1")
    assert invalid["__typename"] == "ForbiddenRejection"
    unknown = bank.testing.mutate(
        "simulateOutgoingSepaDirectDebitCancel",
        {"transactionId": "nope", "reasonCode": "PaymentUndue"},
    )
    assert unknown["__typename"] == "TransactionNotFoundRejection"
    transfer = bank.testing.mutate(
        "simulateOutgoingSepaDirectDebitReject",
        {"transactionId": bank.fund(account, "1.00"), "reasonCode": "NotSpecifiedByPayer"},
    )
    assert "SepaDirectDebitOut" in transfer["message"]


def test_payments_page_backwards(bank: Bank, account: str) -> None:
    for amount in ("1.00", "2.00", "3.00"):
        bank.transfer(account, amount)
    page = """query($before: String) { payments(first: 2, before: $before) {
      pageInfo { hasPreviousPage startCursor } edges { node { id } } } }"""
    everything = bank.api.query("{ payments { edges { cursor node { id } } } }")["payments"]
    ids = [edge["node"]["id"] for edge in everything["edges"]]
    last = everything["edges"][-1]["cursor"]
    before = bank.api.query(page, {"before": last})["payments"]
    assert [edge["node"]["id"] for edge in before["edges"]] == ids[-3:-1]
    assert before["pageInfo"]["hasPreviousPage"] is False


MANDATE = """query($id: ID!) { receivedDirectDebitMandate(receivedDirectDebitMandateId: $id) {
  __typename id version
  statusInfo { status ... on ReceivedDirectDebitMandateStatusInfoConsentPending { consent { id } } }
  ... on SEPAReceivedDirectDebitMandate { reference iban scheme sequence
    creditor { name identifier } account { id } } } }"""
MANDATE_SELECTION = "receivedDirectDebitMandate { id statusInfo { status } }"


def mandate_id(bank: Bank) -> str:
    row = bank.env.store.db.execute("SELECT id FROM received_direct_debit_mandates").fetchone()
    return str(row[0])


def mandate(bank: Bank) -> dict[str, Any]:
    return dict(bank.api.query(MANDATE, {"id": mandate_id(bank)})["receivedDirectDebitMandate"])


def test_the_first_debit_creates_its_mandate(bank: Bank, account: str) -> None:
    receive(bank, account)
    receive(bank, account, "5.00")
    assert bank.env.store.db["received_direct_debit_mandates"].count == 1
    assert mandate(bank) == {
        "__typename": "SEPAReceivedDirectDebitMandate",
        "id": mandate_id(bank),
        "version": "1",
        "statusInfo": {"status": "Enabled"},
        "reference": "MANDATE-42",
        "iban": bank.row("accounts", account)["iban"],
        "scheme": "SepaDirectDebitCore",
        "sequence": "Recurrent",
        "creditor": {"name": "Utility Co", "identifier": "FR12ZZZ123456"},
        "account": {"id": account},
    }
    assert bank.events(mandate_id(bank)) == ["ReceivedDirectDebitMandate.Created"]
    unknown = bank.api.query(MANDATE, {"id": "nope"})["receivedDirectDebitMandate"]
    assert unknown is None


def test_a_suspended_mandate_refuses_debits_until_enabled_again(bank: Bank, account: str) -> None:
    receive(bank, account)
    suspended = bank.api.mutate(
        "suspendReceivedDirectDebitMandate",
        {"receivedDirectDebitMandateId": mandate_id(bank)},
        MANDATE_SELECTION,
    )
    assert suspended["receivedDirectDebitMandate"]["statusInfo"] == {"status": "Suspended"}
    refused = node(bank, receive(bank, account, "5.00")["transactionId"])
    assert refused["statusInfo"] == {"status": "Rejected", "reason": "MandateInvalid"}
    enabled = bank.api.mutate(
        "enableReceivedDirectDebitMandate",
        {
            "receivedDirectDebitMandateId": mandate_id(bank),
            "consentRedirectUrl": "https://partner.example/done",
        },
        MANDATE_SELECTION,
    )
    assert enabled["receivedDirectDebitMandate"]["statusInfo"] == {"status": "ConsentPending"}
    bank.approve(mandate(bank)["statusInfo"]["consent"]["id"])
    assert mandate(bank)["statusInfo"] == {"status": "Enabled"}
    accepted = node(bank, receive(bank, account, "5.00")["transactionId"])
    assert accepted["statusInfo"] == {"status": "Pending"}
    assert bank.events(mandate_id(bank)).count("ReceivedDirectDebitMandate.Updated") == 3


def test_mandate_rejections(bank: Bank, account: str) -> None:
    unknown = bank.api.mutate(
        "suspendReceivedDirectDebitMandate", {"receivedDirectDebitMandateId": "nope"}
    )
    assert unknown == {
        "__typename": "ReceivedDirectDebitMandateNotFoundRejection",
        "message": "Received direct debit mandate nope was not found.",
        "id": "nope",
    }
    receive(bank, account)
    no_url = bank.api.mutate(
        "enableReceivedDirectDebitMandate", {"receivedDirectDebitMandateId": mandate_id(bank)}
    )
    assert no_url["__typename"] == "ValidationRejection"
    # No operation of the simulator cancels a received mandate yet; the test sets it.
    with bank.env.store.atomic() as db:
        db.execute("UPDATE received_direct_debit_mandates SET status = 'Canceled'")
    canceled = bank.api.mutate(
        "enableReceivedDirectDebitMandate",
        {
            "receivedDirectDebitMandateId": mandate_id(bank),
            "consentRedirectUrl": "https://a.example/",
        },
    )
    assert canceled["__typename"] == "ReceivedDirectDebitMandateCanceledRejection"


def test_payments_take_after_or_before_not_both(bank: Bank, account: str) -> None:
    bank.transfer(account, "1.00")
    cursor = bank.api.query("{ payments { edges { cursor } } }")["payments"]["edges"][0]["cursor"]
    body = bank.api.post(
        "query($c: String) { payments(after: $c, before: $c) { totalCount } }", {"c": cursor}
    )
    assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def company_account(bank: Bank) -> str:
    holder = bank.holder(holder_type="Company", company_name="Acme SAS", first=None, last=None)
    account_id = str(holder["account_id"])
    bank.fund(account_id, "300.00")
    return account_id


def b2b_input(bank: Bank, account_id: str, **extra: Any) -> dict[str, Any]:
    return {
        "iban": bank.row("accounts", account_id)["iban"],
        "creditorIdentifier": "FR12ZZZ123456",
        "creditorName": "Utility Co",
        "mandateReference": "MANDATE-42",
        "name": "Electricity",
        "sequence": "Recurrent",
        "signatureDate": "2026-01-02",
        "consentRedirectUrl": "https://partner.example/done",
        **extra,
    }


def test_a_b2b_debit_needs_a_registered_mandate(bank: Bank) -> None:
    account = company_account(bank)
    unregistered = node(bank, receive(bank, account, mandateType="B2B")["transactionId"])
    assert unregistered["statusInfo"] == {"status": "Rejected", "reason": "MandateInvalid"}
    added = bank.api.mutate(
        "addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, account), MANDATE_SELECTION
    )
    assert added["receivedDirectDebitMandate"]["statusInfo"] == {"status": "ConsentPending"}
    found = mandate(bank)
    assert found["scheme"] == "SepaDirectDebitB2b"
    # Not yet consented: still refused.
    pending = node(bank, receive(bank, account, mandateType="B2B")["transactionId"])
    assert pending["statusInfo"]["status"] == "Rejected"
    bank.approve(found["statusInfo"]["consent"]["id"])
    assert mandate(bank)["statusInfo"] == {"status": "Enabled"}
    accepted = node(bank, receive(bank, account, mandateType="B2B")["transactionId"])
    assert accepted["statusInfo"] == {"status": "Pending"}
    again = bank.api.mutate("addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, account))
    assert again["__typename"] == "ForbiddenRejection"


def test_b2b_mandate_rejections(bank: Bank, account: str) -> None:
    individual = bank.api.mutate("addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, account))
    assert individual["__typename"] == "AccountHolderTypeIndividualRejection"
    unknown = bank.api.mutate(
        "addReceivedSepaDirectDebitB2bMandate",
        b2b_input(bank, account, iban="DE89370400440532013000"),
    )
    assert unknown["__typename"] == "AccountNotFoundRejection"
    company = company_account(bank)
    invalid = bank.api.mutate(
        "addReceivedSepaDirectDebitB2bMandate",
        b2b_input(bank, company, consentRedirectUrl="not a url"),
    )
    assert invalid["__typename"] == "ValidationRejection"
    added = bank.api.mutate(
        "addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, company), MANDATE_SELECTION
    )
    consent_id = mandate(bank)["statusInfo"]["consent"]["id"]
    bank.refuse(consent_id)
    assert mandate(bank)["statusInfo"]["status"] == "Canceled"
    assert added["receivedDirectDebitMandate"]["id"] == mandate_id(bank)


RETURN_SELECTION = "consent { id purpose status }"


def ask_return(bank: Bank, transaction_id: str) -> dict[str, Any]:
    return bank.api.mutate(
        "returnTransaction",
        {"transactionId": transaction_id, "consentRedirectUrl": "https://partner.example/done"},
        RETURN_SELECTION,
    )


def test_the_payer_asks_a_direct_debit_back(bank: Bank, account: str) -> None:
    debit_id = receive(bank, account)["transactionId"]
    early = ask_return(bank, debit_id)
    assert early["__typename"] == "ReturnTransactionRejection"
    bank.sim.advance("1d")
    asked = ask_return(bank, debit_id)
    assert asked["consent"]["purpose"] == "ReturnTransactionForDirectDebit"
    assert balances(bank, account) == ("260.00", "260.00")
    bank.approve(asked["consent"]["id"])
    assert balances(bank, account) == ("300.00", "300.00")
    [credit] = bank.env.store.db.execute(
        "SELECT type, status_reason FROM transactions WHERE original_transaction_id = ?",
        [debit_id],
    ).fetchall()
    assert tuple(credit) == ("SepaDirectDebitOutReturn", "RefundRequestedByDebtor")
    assert ask_return(bank, debit_id)["__typename"] == "ReturnTransactionRejection"


def test_what_cannot_be_returned(bank: Bank, account: str) -> None:
    debit_id = receive(bank, account)["transactionId"]
    bank.sim.advance("60d")
    late = ask_return(bank, debit_id)
    assert "8 weeks" in late["message"]
    transfer = ask_return(bank, bank.fund(account, "1.00"))
    assert transfer["__typename"] == "ReturnTransactionRejection"
    unknown = ask_return(bank, "nope")
    assert unknown["__typename"] == "TransactionNotFoundRejection"


def test_an_account_lists_its_received_mandates(bank: Bank) -> None:
    account = company_account(bank)
    receive(bank, account)
    bank.api.mutate(
        "addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, account, mandateReference="B2B-1")
    )
    listed = """query($id: ID!, $filters: AccountReceivedDirectDebitMandateFiltersInput) {
      account(accountId: $id) { receivedDirectDebitMandates(filters: $filters) {
        totalCount edges { node { __typename statusInfo { status }
          ... on SEPAReceivedDirectDebitMandate { scheme } } } } } }"""

    def mandates(filters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        data = bank.api.query(listed, {"id": account, "filters": filters})
        return [edge["node"] for edge in data["account"]["receivedDirectDebitMandates"]["edges"]]

    assert [node["scheme"] for node in mandates()] == ["SepaDirectDebitCore", "SepaDirectDebitB2b"]
    assert mandates({"scheme": ["SepaDirectDebitB2b"]}) == [
        {
            "__typename": "SEPAReceivedDirectDebitMandate",
            "statusInfo": {"status": "ConsentPending"},
            "scheme": "SepaDirectDebitB2b",
        }
    ]
    assert [node["scheme"] for node in mandates({"status": ["Enabled"]})] == ["SepaDirectDebitCore"]


def test_another_project_neither_sees_nor_changes_a_mandate(
    bank: Bank, account: str, sim: Simulator, http: httpx.Client
) -> None:
    receive(bank, account)
    other = Bank(sim, http, sim.create_project("sandbox", "Other", [REDIRECT]))
    found = other.api.query(MANDATE, {"id": mandate_id(bank)})["receivedDirectDebitMandate"]
    assert found is None
    for name, extra in (
        ("suspendReceivedDirectDebitMandate", {}),
        ("enableReceivedDirectDebitMandate", {"consentRedirectUrl": REDIRECT}),
    ):
        answer = other.api.mutate(name, {"receivedDirectDebitMandateId": mandate_id(bank), **extra})
        assert answer["__typename"] == "ReceivedDirectDebitMandateNotFoundRejection"
    b2b = other.api.mutate("addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, account))
    assert b2b["__typename"] == "AccountNotFoundRejection"
    assert mandate(bank)["statusInfo"] == {"status": "Enabled"}
