"""refund: money back to the sender of booked incoming transfers, through a consent."""

from __future__ import annotations

from typing import Any

from simulator.domain.accounts.ledger import read_balances

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank


def refund(bank: Bank, *items: tuple[str, str]) -> dict[str, Any]:
    return bank.api.mutate(
        "refund",
        {
            "consentRedirectUrl": REDIRECT,
            "refundTransactions": [
                {"originTransactionId": origin, "amount": {"value": value, "currency": "EUR"}}
                for origin, value in items
            ],
        },
        "consent { id purpose status }",
    )


def test_refund_in_parts_never_beyond_the_amount(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    incoming = bank.fund(account_id, "100.00")
    first = refund(bank, (incoming, "60.00"))
    assert first["consent"]["purpose"] == "InitPayment"
    bank.approve(first["consent"]["id"])
    [transfer] = bank.env.store.db["transactions"].rows_where(
        "original_transaction_id = ?", [incoming]
    )
    assert (transfer["type"], transfer["counterparty_iban"]) == (
        "SepaCreditTransferOut",
        DEBTOR_IBAN,
    )
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { originTransactionId
             ... on SEPACreditTransferTransaction { creditor { name IBAN } } } }""",
        {"id": transfer["id"]},
    )["transaction"]
    assert node == {
        "originTransactionId": incoming,
        "creditor": {"name": "Grace Hopper", "IBAN": DEBTOR_IBAN},
    }
    too_much = refund(bank, (incoming, "40.01"))
    assert (too_much["__typename"], too_much["code"]) == (
        "RefundRejection",
        "TransactionNonRefundable",
    )
    assert "40.00 EUR left" in too_much["message"]
    bank.approve(refund(bank, (incoming, "40.00"))["consent"]["id"])
    bank.sim.advance("1d")
    assert f"{read_balances(bank.env.store.db, account_id).booked:.2f}" == "0.00"


def test_what_cannot_be_refunded(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    incoming = bank.fund(account_id, "100.00")
    unknown = refund(bank, ("nope", "1.00"))
    assert (unknown["__typename"], unknown["code"]) == ("RefundRejection", "TransactionNotFound")
    paid = bank.transfer(account_id, "10.00")
    bank.approve(paid["consent"]["id"])
    outgoing = bank.env.store.db.execute(
        "SELECT id FROM transactions WHERE payment_id = ?", [paid["payment"]["id"]]
    ).fetchone()[0]
    assert refund(bank, (outgoing, "1.00"))["code"] == "TransactionNonRefundable"
    assert refund(bank, (incoming, "-1"))["code"] == "TransactionNonRefundable"
    other = bank.fund(bank.holder("Alan", "Turing")["account_id"], "5.00")
    mixed = refund(bank, (incoming, "1.00"), (other, "1.00"))
    assert "one account" in mixed["message"]
    assert bank.env.store.db["payments"].count == 1  # nothing was created by the refusals
