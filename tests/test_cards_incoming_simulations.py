"""The Testing API's incoming card payments (simulateIncoming*Card*): a customer pays a
merchant's payment link by card, through the real HTTP app; the credit on the merchant's
account, its booking, the declines and the rejections."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import Simulator
from simulator.domain.accounts.ledger import read_balances

from .banking_support import REDIRECT, Bank
from .merchant_support import (
    CUSTOMER_CARD,
    card_link,
    enabled_profile,
    method_outcome,
    pay_link,
    request_methods,
)

NAMES = {
    "online": ("simulateIncomingOnlineCardAuthorization", "simulateIncomingOnlineCardBooking"),
    "deprecated": ("simulateIncomingCardAuthorization", "simulateIncomingCardBooking"),
}


def _balances(bank: Bank, account_id: str) -> tuple[str, str]:
    """Booked, and pending (incoming credits not yet booked)."""
    balances = read_balances(bank.env.store.db, account_id)
    return f"{balances.booked:.2f}", f"{balances.pending:.2f}"


def _link_status(bank: Bank, link_id: str) -> str:
    query = "query($id: ID!) { merchantPaymentLink(id: $id) { statusInfo { status } } }"
    return str(
        bank.api.query(query, {"id": link_id})["merchantPaymentLink"]["statusInfo"]["status"]
    )


@pytest.mark.parametrize("kind", ["online", "deprecated"])
def test_authorization_then_booking_credits_the_merchant(bank: Bank, kind: str) -> None:
    authorize, book = NAMES[kind]
    link_id, account_id = card_link(bank)
    paid = pay_link(bank, link_id, authorize)
    assert paid["__typename"] == f"{authorize[0].upper()}{authorize[1:]}SuccessPayload"
    assert paid["paymentLinkId"] == link_id
    assert paid["cardMandateId"]
    credit = bank.row("transactions", paid["paymentId"])
    assert (credit["type"], credit["side"], credit["status"], credit["amount"]) == (
        "CardInCredit",
        "Credit",
        "Pending",
        "42.50",
    )
    assert (credit["account_id"], credit["counterparty"], credit["label"]) == (
        account_id,
        "Grace Hopper",
        "Order 7",
    )
    assert _balances(bank, account_id) == ("0.00", "42.50")
    assert _link_status(bank, link_id) == "Completed"
    booked = bank.testing.mutate(book, {"transactionId": paid["paymentId"]}, "transactionId")
    assert booked == {
        "__typename": f"{book[0].upper()}{book[1:]}SuccessPayload",
        "transactionId": paid["paymentId"],
    }
    assert _balances(bank, account_id) == ("42.50", "0.00")
    assert bank.events(paid["paymentId"]) == ["Transaction.Pending", "Transaction.Booked"]
    assert "MerchantPaymentLink.Updated" in bank.events(link_id)
    # Booked once: a second booking is refused, nothing moves.
    again = bank.testing.mutate(book, {"transactionId": paid["paymentId"]})
    assert again["__typename"] == "ForbiddenRejection"
    assert _balances(bank, account_id) == ("42.50", "0.00")


def test_the_partner_api_reads_the_credit_as_an_online_card_transaction(bank: Bank) -> None:
    link_id, _ = card_link(bank, amount="10.00")
    paid = pay_link(bank, link_id, autoCapture=True)
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { __typename type side paymentProduct
             amount { value currency } statusInfo { status }
             ... on OnlineCardTransaction { originalAmount { value } currencyExchange {
               exchangeRate } cardDetails { __typename } merchant { __typename } label
               counterparty isCancelable } } }""",
        {"id": paid["paymentId"]},
    )["transaction"]
    assert node == {
        "__typename": "OnlineCardTransaction",
        "type": "CardInCredit",
        "side": "Credit",
        "paymentProduct": "OnlineCard",
        "amount": {"value": "10.00", "currency": "EUR"},
        "statusInfo": {"status": "Booked"},  # autoCapture books it at once
        "originalAmount": {"value": "10.00"},
        "currencyExchange": [],
        "cardDetails": None,  # no card mandate nor customer's card is kept
        "merchant": None,
        "label": "Order 7",
        "counterparty": "Grace Hopper",
        "isCancelable": False,
    }


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"authorization": {"status": "Rejected"}}, "RejectedByCardIssuer"),
        (
            {"authorization": {"status": "Rejected", "rejectedReasonCode": "CardExpired"}},
            "CardExpired",
        ),
        (
            {"threeDS": {"status": "Failed", "rejectedReasonCode": "AuthenticationExpired"}},
            "AuthenticationExpired",
        ),
    ],
)
def test_a_declined_payment_is_a_rejected_credit(
    bank: Bank, extra: dict[str, Any], reason: str
) -> None:
    link_id, account_id = card_link(bank)
    paid = pay_link(bank, link_id, **extra)
    credit = bank.row("transactions", paid["paymentId"])
    assert (credit["status"], credit["status_reason"]) == ("Rejected", reason)
    assert _balances(bank, account_id) == ("0.00", "0.00")
    assert _link_status(bank, link_id) == "Active"  # the customer may try again
    booking = bank.testing.mutate(NAMES["online"][1], {"transactionId": paid["paymentId"]})
    assert booking["__typename"] == "ForbiddenRejection"


def test_rejections(bank: Bank, sim: Simulator) -> None:
    book = NAMES["online"][1]
    link_id, account_id = card_link(bank)
    missing = pay_link(bank, "no-such-link")
    assert (missing["__typename"], missing["id"]) == ("NotFoundRejection", "no-such-link")
    bad = pay_link(bank, link_id, cardDetails={**CUSTOMER_CARD, "country": "France"})
    assert bad["__typename"] == "ValidationRejection"
    assert [field["path"] for field in bad["fields"]] == [["input", "cardDetails", "country"]]
    unknown = bank.testing.mutate(book, {"transactionId": "nope"})
    assert (unknown["__typename"], unknown["transactionId"]) == (
        "TransactionNotFoundRejection",
        "nope",
    )
    # Another project sees neither the link nor the credit.
    other = Bank(sim, bank.http, sim.create_project("sandbox", "Other", [REDIRECT]))
    assert pay_link(other, link_id)["__typename"] == "NotFoundRejection"
    paid = pay_link(bank, link_id)
    refused = other.testing.mutate(book, {"transactionId": paid["paymentId"]})
    assert refused["__typename"] == "TransactionNotFoundRejection"
    # A Completed link is paid once.
    assert pay_link(bank, link_id)["__typename"] == "ForbiddenRejection"
    assert _balances(bank, account_id) == ("0.00", "42.50")


def test_a_link_without_an_enabled_card_method_is_refused(bank: Bank) -> None:
    profile_id = enabled_profile(bank)
    added = request_methods(
        bank, profile_id, sepaDirectDebitCore={"useSwanSepaCreditorIdentifier": True}
    )
    method_id = added["merchantProfile"]["merchantPaymentMethods"][-1]["id"]
    method_outcome(bank, method_id, "Enabled")
    made = bank.api.mutate(
        "createMerchantPaymentLink",
        {
            "merchantProfileId": profile_id,
            "amount": {"value": "5", "currency": "EUR"},
            "paymentMethodIds": [method_id],
        },
        "merchantPaymentLink { id }",
    )
    link_id = made["merchantPaymentLink"]["id"]
    refused = pay_link(bank, link_id)
    assert refused["__typename"] == "ForbiddenRejection"
    assert "card" in refused["message"]
