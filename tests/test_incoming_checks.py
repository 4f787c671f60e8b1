"""Checks deposited on an account (`CheckIn`): the Testing API books, rejects or returns
them; the Partner API shows them as CheckTransaction with their magnetic line."""

from __future__ import annotations

from decimal import Decimal

import pytest

from simulator.domain.accounts.ledger import read_balances
from simulator.domain.payments.checks import deposit_check
from simulator.domain.sandbox.sandbox_checks import generate_test_check

from .banking_support import Bank

NODE = """query($id: ID!) { transaction(id: $id) { __typename type side amount { value }
  paymentProduct originTransactionId statusInfo { status ... on RejectedTransactionStatusInfo
  { reason } } ... on CheckTransaction { cmc7 rlmcKey } } }"""


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder()["account_id"])


def deposit(bank: Bank, account_id: str, amount: str = "120.00") -> tuple[str, dict[str, str]]:
    check = generate_test_check(bank.env, bank.project_id)
    with bank.env.store.atomic() as db:
        row = deposit_check(
            bank.env,
            db,
            bank.row("accounts", account_id),
            amount=Decimal(amount),
            cmc7=check["cmc7"],
            rlmc_key=check["rlmc_key"],
        )
    return str(row["id"]), check


def test_a_check_is_booked_then_bounces(bank: Bank, account: str) -> None:
    transaction_id, check = deposit(bank, account)
    node = bank.api.query(NODE, {"id": transaction_id})["transaction"]
    assert node == {
        "__typename": "CheckTransaction",
        "type": "CheckIn",
        "side": "Credit",
        "amount": {"value": "120.00"},
        "paymentProduct": "Check",
        "originTransactionId": None,
        "statusInfo": {"status": "Pending"},
        "cmc7": check["cmc7"],
        "rlmcKey": check["rlmc_key"],
    }
    early = bank.testing.mutate("simulateIncomingCheckReturn", {"transactionId": transaction_id})
    assert early["__typename"] == "ForbiddenRejection"
    booked = bank.testing.mutate("simulateIncomingCheckBooking", {"transactionId": transaction_id})
    assert booked["__typename"] == "SimulateIncomingCheckBookingSuccessPayload"
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "120.00"
    returned = bank.testing.mutate(
        "simulateIncomingCheckReturn",
        {"transactionId": transaction_id, "reasonCode": "InsufficientFunds"},
        "transactionId",
    )
    back = bank.api.query(NODE, {"id": returned["transactionId"]})["transaction"]
    assert (back["type"], back["side"]) == ("CheckInReturn", "Debit")
    assert back["originTransactionId"] == transaction_id and back["cmc7"] == check["cmc7"]
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "0.00"
    assert bank.events(transaction_id) == ["Transaction.Pending", "Transaction.Booked"]
    twice = bank.testing.mutate("simulateIncomingCheckReturn", {"transactionId": transaction_id})
    assert twice["__typename"] == "ForbiddenRejection"


def test_a_check_is_rejected_once(bank: Bank, account: str) -> None:
    transaction_id, _ = deposit(bank, account)
    rejected = bank.testing.mutate(
        "simulateIncomingCheckRejection",
        {"transactionId": transaction_id, "reasonCode": "SignatureMissing"},
        "transactionId",
    )
    assert rejected["transactionId"] == transaction_id
    node = bank.api.query(NODE, {"id": transaction_id})["transaction"]
    assert node["statusInfo"] == {"status": "Rejected", "reason": "SignatureMissing"}
    assert f"{read_balances(bank.env.store.db, account).pending:.2f}" == "0.00"
    again = bank.testing.post(
        """mutation($id: ID!) { simulateIncomingCheckRejection(input: {transactionId: $id}) {
          __typename ... on SimulateIncomingCheckRejectionErrorPayload { reason } } }""",
        {"id": transaction_id},
    )["data"]["simulateIncomingCheckRejection"]
    assert again["__typename"] == "SimulateIncomingCheckRejectionErrorPayload"
    assert "Rejected" in again["reason"]
    booking = bank.testing.mutate("simulateIncomingCheckBooking", {"transactionId": transaction_id})
    assert booking["__typename"] == "ForbiddenRejection"


def test_only_checks_of_the_project(bank: Bank, account: str) -> None:
    transfer = bank.fund(account, "10.00")
    for name in ("simulateIncomingCheckBooking", "simulateIncomingCheckReturn"):
        assert bank.testing.mutate(name, {"transactionId": transfer})["__typename"] == (
            "ForbiddenRejection"
        )
        unknown = bank.testing.mutate(name, {"transactionId": "nope"})
        assert unknown["__typename"] == "TransactionNotFoundRejection"


def test_a_dataset_loads_checks_and_international_beneficiaries(bank: Bank, tmp_path) -> None:
    import json

    from simulator.domain.sandbox.datasets import load_dataset

    dataset = {
        "name": "checks",
        "account_holders": [
            {
                "key": "holder:eve",
                "type": "Individual",
                "first_name": "Eve",
                "last_name": "Doe",
                "accounts": [{"key": "account:eve", "name": "Main"}],
            }
        ],
        "transactions": [
            {
                "key": "tx:check",
                "account": "account:eve",
                "type": "CheckIn",
                "status": "Booked",
                "amount": "75.00",
                "counterparty": "Grandma",
                "execution_date": "2026-01-02T09:00:00Z",
            }
        ],
        "trusted_beneficiaries": [
            {
                "key": "beneficiary:eve/joe",
                "account": "account:eve",
                "name": "Joe Smith",
                "currency": "USD",
                "route": "SwiftCode",
                "details": [{"key": "swiftCode", "value": "BOFAUS3N"}],
            }
        ],
    }
    path = tmp_path / "checks.json"
    path.write_text(json.dumps(dataset))
    load_dataset(bank.env, bank.project_id, str(path))
    db = bank.env.store.db
    [check] = db["transactions"].rows_where("type = 'CheckIn'")
    node = bank.api.query(NODE, {"id": check["id"]})["transaction"]
    assert node["statusInfo"] == {"status": "Booked"}
    assert len(node["cmc7"]) == 31 and len(node["rlmcKey"]) == 2
    [beneficiary] = db["trusted_beneficiaries"].rows_where("type = 'International'")
    assert (beneficiary["route"], beneficiary["currency"]) == ("SwiftCode", "USD")
