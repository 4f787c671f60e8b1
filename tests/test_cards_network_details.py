"""The card network's details of a simulated card payment (Testing API): the amount in the
merchant's currency (originalAmount, currencyExchange), authorization and transport types,
the terminal, the operation type, an authorization's expiry on the virtual clock, partial
authorizations, and the refund's and the advice's merchant."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from simulator.clock import format_timestamp

from .banking_support import Bank

DETAILS = (
    "... on CardTransaction { originalAmount { value currency } amount { value currency } "
    "currencyExchange { exchangeRate sourceCurrency targetCurrency unitCurrency quotationDate } "
    "authorizationType transactionTransportType statusInfo { status } "
    "merchant { ... on CardOutMerchant { merchantId merchantName merchantCity "
    "merchantPostalCode merchantCountry merchantCategoryCode category } } }"
)


@pytest.fixture
def card(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "100.00")
    return bank.enabled_card(account_id)


def _transaction(bank: Bank, transaction_id: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ transaction(id: $id) {{ {DETAILS} }} }}"
    found: dict[str, Any] = bank.api.query(query, {"id": transaction_id})["transaction"]
    return found


def _eur(value: str) -> dict[str, str]:
    return {"value": value, "currency": "EUR"}


def test_original_amount_in_the_merchants_currency(bank: Bank, card: str) -> None:
    authorized = bank.authorize(
        card,
        "20.00",
        originalAmount={"value": "22.00", "currency": "USD"},
        authorizationType="PreAuthorization",
        transactionTransportType="PostAuthorizedAggregated",
        terminalId="T-42",
    )
    transaction_id = authorized["transactionId"]
    shown = _transaction(bank, transaction_id)
    assert shown["originalAmount"] == {"value": "22.00", "currency": "USD"}
    assert shown["amount"] == {"value": "20.00", "currency": "EUR"}
    [exchange] = shown["currencyExchange"]
    assert (exchange["sourceCurrency"], exchange["targetCurrency"]) == ("USD", "EUR")
    assert exchange["exchangeRate"] == pytest.approx(20 / 22, rel=1e-5)
    assert shown["authorizationType"] == "PreAuthorization"
    assert shown["transactionTransportType"] == "PostAuthorizedAggregated"
    assert bank.row("transactions", transaction_id)["terminal_id"] == "T-42"
    # The final debit restates the amounts.
    debit = bank.testing.mutate(
        "simulateOutgoingCardDebit",
        {
            "transactionId": transaction_id,
            "amount": _eur("18.00"),
            "originalAmount": {"value": "19.80", "currency": "USD"},
        },
    )
    assert debit["__typename"] == "SimulateOutgoingCardDebitSuccessPayload"
    booked = _transaction(bank, transaction_id)
    assert booked["originalAmount"] == {"value": "19.80", "currency": "USD"}
    assert booked["statusInfo"]["status"] == "Booked"


def test_original_amount_is_checked_and_nothing_changes(bank: Bank, card: str) -> None:
    before = bank.env.store.db.execute("SELECT COUNT(*) FROM transactions").fetchone()[0]
    # The union has no ValidationRejection: its ForbiddenRejection says what is wrong.
    for original in ({"value": "21.00", "currency": "EUR"}, {"value": "-5", "currency": "USD"}):
        refused = bank.authorize(card, "20.00", originalAmount=original)
        assert refused["__typename"] == "ForbiddenRejection", original
        assert "original" in refused["message"].lower() or "currency" in refused["message"]
    past = bank.authorize(card, "20.00", expirationDateTime="2001-01-01T00:00:00Z")
    assert past["__typename"] == "ForbiddenRejection"
    after = bank.env.store.db.execute("SELECT COUNT(*) FROM transactions").fetchone()[0]
    assert after == before
    same = bank.authorize(card, "20.00", originalAmount=_eur("20.00"))
    shown = _transaction(bank, same["transactionId"])
    assert (shown["originalAmount"], shown["currencyExchange"]) == (_eur("20.00"), [])


def test_authorization_expires_on_the_virtual_clock(bank: Bank, card: str) -> None:
    expires = format_timestamp(bank.sim.now() + timedelta(hours=2))
    authorized = bank.authorize(card, "30.00", expirationDateTime=expires)
    transaction_id = authorized["transactionId"]
    bank.sim.advance("1h")
    assert bank.row("transactions", transaction_id)["status"] == "Pending"
    timeline = bank.sim.advance("2h").timeline
    assert any(entry["work"] == "card-authorization-expiry" for entry in timeline)
    row = bank.row("transactions", transaction_id)
    assert (row["status"], row["status_reason"]) == ("Released", "AuthorizationExpired")


def test_partial_authorization_takes_what_is_left(bank: Bank, card: str) -> None:
    declined = bank.authorize(card, "150.00")
    assert declined["rejectedReason"] == "InsufficientFunds"
    # A forced outcome stands: partial authorizations answer the card's rules only.
    forced = bank.authorize(card, "150.00", allowsPartialAuthorization=True, outcome="DoNotHonor")
    assert forced["rejectedReason"] == "DoNotHonor"
    partial = bank.authorize(card, "150.00", allowsPartialAuthorization=True)
    assert partial["rejectedReason"] is None
    assert bank.row("transactions", partial["transactionId"])["amount"] == "100.00"
    # Nothing left: declined all the same.
    again = bank.authorize(card, "10.00", allowsPartialAuthorization=True)
    assert again["rejectedReason"] == "InsufficientFunds"


def test_operation_type_atm_withdrawal_is_a_withdrawal(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "100.00")
    card = bank.enabled_card(account_id, withdrawal=False)
    refused = bank.authorize(card, "10.00", operationType="AtmWithdrawal")
    assert refused["rejectedReason"] == "WithdrawalDisabled"
    assert bank.authorize(card, "10.00", operationType="Payment")["rejectedReason"] is None


def test_refund_merchant_and_advice_restatement(bank: Bank, card: str) -> None:
    refund = bank.testing.mutate(
        "simulateOutgoingCardCredit",
        {
            "cardId": card,
            "amount": _eur("5.00"),
            "merchantName": "Shop",
            "merchantId": "M-1",
            "merchantCategoryCode": "5411",
            "merchantCity": "Lyon",
            "merchantPostalCode": "69001",
            "merchantCountry": "FRA",
            "originalAmount": {"value": "4.00", "currency": "GBP"},
            "cardType": "Physical",
        },
        "transactionId",
    )
    shown = _transaction(bank, refund["transactionId"])
    assert shown["merchant"] == {
        "merchantId": "M-1",
        "merchantName": "Shop",
        "merchantCity": "Lyon",
        "merchantPostalCode": "69001",
        "merchantCountry": "FRA",
        "merchantCategoryCode": "5411",
        "category": "Other",
    }
    assert shown["originalAmount"] == {"value": "4.00", "currency": "GBP"}
    bad = bank.testing.mutate(
        "simulateOutgoingCardCredit",
        {"cardId": card, "amount": _eur("5.00"), "merchantCountry": "France"},
    )
    assert bad["__typename"] == "ForbiddenRejection"
    authorized = bank.authorize(card, "10.00")
    advised = bank.testing.mutate(
        "simulateOutgoingCardAdvice",
        {
            "transactionId": authorized["transactionId"],
            "amount": _eur("12.00"),
            "originalAmount": {"value": "13.00", "currency": "CHF"},
            "merchant": {"name": "New name", "city": "Geneva"},
            "cardTransactionCategory": "eCommerce",
            "transactionTransportType": "Prefunded",
        },
    )
    assert advised["__typename"] == "SimulateOutgoingCardAuthorizationSuccessPayload"
    shown = _transaction(bank, authorized["transactionId"])
    assert shown["merchant"]["merchantName"] == "New name"
    assert shown["merchant"]["merchantCity"] == "Geneva"
    assert shown["originalAmount"] == {"value": "13.00", "currency": "CHF"}
    assert shown["transactionTransportType"] == "Prefunded"
    row = bank.row("transactions", authorized["transactionId"])
    assert (row["amount"], row["card_category"]) == ("12.00", "eCommerce")


def test_reversals_and_forced_debits_carry_the_original_amount(bank: Bank, card: str) -> None:
    forced = bank.testing.mutate(
        "simulateOutgoingCardDebitWithoutAuthorization",
        {
            "cardId": card,
            "amount": _eur("10.00"),
            "originalAmount": {"value": "1500", "currency": "JPY"},
            "merchant": {"name": "Toll", "id": "TOLL-1", "postalCode": "75001"},
        },
        "transactionId",
    )
    shown = _transaction(bank, forced["transactionId"])
    assert shown["originalAmount"] == {"value": "1500.00", "currency": "JPY"}
    assert shown["merchant"]["merchantId"] == "TOLL-1"
    reversed_ = bank.testing.mutate(
        "simulateOutgoingCardDebitReverse",
        {
            "transactionId": forced["transactionId"],
            "amount": _eur("4.00"),
            "originalAmount": {"value": "600", "currency": "JPY"},
        },
        "transactionId",
    )
    row = bank.row("transactions", reversed_["transactionId"])
    assert (row["original_amount"], row["original_currency"]) == ("600.00", "JPY")
