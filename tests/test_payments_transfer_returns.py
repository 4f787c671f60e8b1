"""Testing API: returns and accepted recalls of booked SEPA credit transfers."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.accounts.ledger import read_balances

from .banking_support import Bank


def booked(bank: Bank, account_id: str) -> str:
    return f"{read_balances(bank.env.store.db, account_id).booked:.2f}"


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = str(bank.holder()["account_id"])
    bank.fund(account_id, "300.00")
    return account_id


def outgoing(bank: Bank, account_id: str) -> str:
    result = bank.transfer(account_id, "100.00")
    bank.approve(result["consent"]["id"])
    bank.sim.advance("1d")
    return str(
        bank.env.store.db.execute(
            "SELECT id FROM transactions WHERE payment_id = ?", [result["payment"]["id"]]
        ).fetchone()[0]
    )


NODE = """query($id: ID!) { transaction(id: $id) { type side originTransactionId
  statusInfo { status } ... on SEPACreditTransferTransaction { creditor { name } debtor { name } }
} }"""


@pytest.mark.parametrize(
    ("name", "reason", "expected_type"),
    [
        (
            "simulateOutgoingSepaCreditTransferReturn",
            "BeneficiaryAccountClosed",
            "SepaCreditTransferOutReturn",
        ),
        (
            "simulateOutgoingSepaCreditTransferAcceptedRecall",
            "NotSpecifiedByOriginator",
            "SepaCreditTransferOutRecall",
        ),
    ],
)
def test_an_outgoing_transfer_comes_back(
    bank: Bank, account: str, name: str, reason: str, expected_type: str
) -> None:
    original = outgoing(bank, account)
    assert booked(bank, account) == "200.00"
    result = bank.testing.mutate(
        name, {"transactionId": original, "reasonCode": reason}, "transactionId"
    )
    node = bank.api.query(NODE, {"id": result["transactionId"]})["transaction"]
    assert node == {
        "type": expected_type,
        "side": "Credit",
        "originTransactionId": original,
        "statusInfo": {"status": "Booked"},
        "creditor": {"name": "Ada Lovelace"},
        "debtor": {"name": "Carol"},
    }
    assert booked(bank, account) == "300.00"
    twice = bank.testing.mutate(name, {"transactionId": original, "reasonCode": reason})
    assert twice["__typename"] == "ForbiddenRejection"


@pytest.mark.parametrize(
    ("name", "reason", "expected_type"),
    [
        (
            "simulateIncomingSepaCreditTransferReturn",
            "NotSpecifiedByBeneficiary",
            "SepaCreditTransferInReturn",
        ),
        (
            "simulateIncomingSepaCreditTransferAcceptedRecall",
            "TransactionDuplicated",
            "SepaCreditTransferInRecall",
        ),
    ],
)
def test_an_incoming_transfer_goes_back(
    bank: Bank, account: str, name: str, reason: str, expected_type: str
) -> None:
    incoming = bank.fund(account, "50.00")
    result = bank.testing.mutate(
        name, {"transactionId": incoming, "reasonCode": reason}, "transactionId"
    )
    node = bank.api.query(NODE, {"id": result["transactionId"]})["transaction"]
    assert (node["type"], node["side"], node["debtor"]["name"]) == (
        expected_type,
        "Debit",
        "Ada Lovelace",
    )
    assert booked(bank, account) == "300.00"


def test_what_cannot_come_back(bank: Bank, account: str) -> None:
    def send(name: str, transaction_id: str, reason: str) -> dict[str, Any]:
        return bank.testing.mutate(name, {"transactionId": transaction_id, "reasonCode": reason})

    incoming = bank.fund(account, "1.00")
    wrong_direction = send("simulateOutgoingSepaCreditTransferReturn", incoming, "NotSpecified")
    assert wrong_direction["__typename"] == "ForbiddenRejection"
    result = bank.transfer(account, "10.00")
    bank.approve(result["consent"]["id"])
    pending = bank.env.store.db.execute(
        "SELECT id FROM transactions WHERE payment_id = ?", [result["payment"]["id"]]
    ).fetchone()[0]
    not_booked = send("simulateOutgoingSepaCreditTransferReturn", pending, "NotSpecified")
    assert "Pending" in not_booked["message"]
    unknown = send("simulateIncomingSepaCreditTransferReturn", "nope", "NotSpecifiedByBeneficiary")
    assert unknown["__typename"] == "TransactionNotFoundRejection"
    # Money that already left cannot go back from an empty account.
    bank.testing.mutate(
        "simulateManualBankingFee",
        {
            "accountId": account,
            "type": "InactiveAccount",
            "dueAmount": {"value": "295.00", "currency": "EUR"},
            "effectiveDate": "2026-01-05T09:00:00.000Z",
        },
    )
    poor = send("simulateIncomingSepaCreditTransferReturn", incoming, "NotSpecifiedByBeneficiary")
    assert "available" in poor["message"]
