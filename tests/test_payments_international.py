"""Testing API: international credit transfers arriving from outside the SEPA zone, and
their returns; InternationalCreditTransferTransaction in the Partner API."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.accounts.ledger import read_balances

from .banking_support import Bank

#: An account at a bank outside the SEPA zone (Brazil).
SENDER_IBAN = "BR1800360305000010009795493C1"
NODE = """query($id: ID!) { transaction(id: $id) { __typename type side amount { value }
  counterparty reference paymentProduct originTransactionId statusInfo { status } } }"""


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder()["account_id"])


def receive(bank: Bank, account_id: str, amount: str = "80.00", **extra: Any) -> dict[str, Any]:
    input = {
        "amount": {"value": amount, "currency": "EUR"},
        "creditorIban": bank.row("accounts", account_id)["iban"],
        "creditorName": "Ada Lovelace",
        "debtorIban": SENDER_IBAN,
        "debtorName": "Joao Silva",
        "reference": "INV-7",
        **extra,
    }
    return bank.testing.mutate(
        "simulateIncomingInternationalCreditTransferReception", input, "transactionId"
    )


def send_back(bank: Bank, transaction_id: str) -> dict[str, Any]:
    return bank.testing.mutate(
        "simulateIncomingInternationalCreditTransferReturn",
        {"transactionId": transaction_id, "reasonCode": "ReasonNotSpecifiedByBeneficiary"},
        "transactionId",
    )


def test_a_transfer_arrives_books_and_goes_back(bank: Bank, account: str) -> None:
    transfer_id = receive(bank, account)["transactionId"]
    transfer = bank.api.query(NODE, {"id": transfer_id})["transaction"]
    assert transfer == {
        "__typename": "InternationalCreditTransferTransaction",
        "type": "InternationalCreditTransferIn",
        "side": "Credit",
        "amount": {"value": "80.00"},
        "counterparty": "Joao Silva",
        "reference": "INV-7",
        "paymentProduct": "InternationalCreditTransfer",
        "originTransactionId": None,
        "statusInfo": {"status": "Pending"},
    }
    early = send_back(bank, transfer_id)
    assert early["__typename"] == "ForbiddenRejection"
    bank.sim.advance("1d")
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "80.00"
    returned = send_back(bank, transfer_id)
    back = bank.api.query(NODE, {"id": returned["transactionId"]})["transaction"]
    assert back["type"] == "InternationalCreditTransferInReturn"
    assert back["side"] == "Debit"
    assert back["originTransactionId"] == transfer_id
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "0.00"
    twice = send_back(bank, transfer_id)
    assert twice["__typename"] == "TransactionAlreadyReturnedRejection"
    assert twice["returnTransactionId"] == returned["transactionId"]


def test_what_cannot_arrive_or_go_back(bank: Bank, account: str) -> None:
    unknown = receive(bank, account, creditorIban="DE89370400440532013000")
    assert unknown["__typename"] == "AccountNotFoundRejection"
    invalid = receive(bank, account, "0")
    assert invalid["__typename"] == "ForbiddenRejection"
    sepa = send_back(bank, bank.fund(account, "5.00"))
    assert sepa["__typename"] == "IncorrectTransactionTypeRejection"
    missing = send_back(bank, "nope")
    assert missing["__typename"] == "TransactionNotFoundRejection"


def test_the_holder_returns_an_international_transfer(bank: Bank, account: str) -> None:
    transfer_id = receive(bank, account)["transactionId"]
    bank.sim.advance("1d")
    asked = bank.api.mutate(
        "returnTransaction",
        {"transactionId": transfer_id, "consentRedirectUrl": "https://partner.example/done"},
        "consent { id purpose }",
    )
    assert asked["consent"]["purpose"] == "ReturnTransactionForInternationalCreditTransfer"
    bank.approve(asked["consent"]["id"])
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "0.00"
    twice = send_back(bank, transfer_id)
    assert twice["__typename"] == "TransactionAlreadyReturnedRejection"
