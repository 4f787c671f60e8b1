"""The Testing API's card network simulations (simulateOutgoingCard*): authorizations,
declines, debits, releases, refunds, reversals, advices and enrichment, with their
rejections."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.accounts.ledger import read_balances

from .banking_support import REDIRECT, Bank


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "200.00")
    return str(account_id)


@pytest.fixture
def card(bank: Bank, account: str) -> str:
    return bank.enabled_card(account)


def money(value: str, currency: str = "EUR") -> dict[str, str]:
    return {"value": value, "currency": currency}


def available(bank: Bank, account_id: str) -> str:
    return f"{read_balances(bank.env.store.db, account_id).available:.2f}"


def status(bank: Bank, transaction_id: str) -> tuple[str, str | None]:
    row = bank.row("transactions", transaction_id)
    return row["status"], row["status_reason"]


def debit(bank: Bank, transaction_id: str, amount: str | None = None) -> dict[str, Any]:
    input: dict[str, Any] = {"transactionId": transaction_id}
    if amount is not None:
        input["amount"] = money(amount)
    return bank.testing.mutate("simulateOutgoingCardDebit", input, "transactionId")


def test_sepa_mutations_refuse_card_transactions(bank: Bank, card: str) -> None:
    authorization = bank.authorize(card)
    transaction_id = authorization["transactionId"]
    for name, extra in (
        ("simulateOutgoingSepaCreditTransferBooking", {}),
        ("simulateOutgoingSepaCreditTransferRejection", {"reasonCode": "AccountClosed"}),
    ):
        result = bank.testing.mutate(name, {"transactionId": transaction_id, **extra})
        assert result["__typename"] == "ForbiddenRejection"


def test_authorization_reserves_then_debit_books(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(
        card,
        "30.00",
        merchant={"code": "5411", "city": "Lyon", "country": "FRA", "id": "M-1"},
    )
    assert authorization["__typename"] == "SimulateOutgoingCardAuthorizationSuccessPayload"
    assert status(bank, authorization["transactionId"]) == ("Pending", None)
    balances = read_balances(bank.env.store.db, account)
    assert (f"{balances.reserved:.2f}", f"{balances.available:.2f}") == ("30.00", "170.00")
    debited = debit(bank, authorization["transactionId"], "27.40")
    assert debited["transactionId"] == authorization["transactionId"]
    assert status(bank, authorization["transactionId"]) == ("Booked", None)
    balances = read_balances(bank.env.store.db, account)
    assert (f"{balances.reserved:.2f}", f"{balances.booked:.2f}") == ("0.00", "172.60")
    assert bank.events(authorization["transactionId"]) == [
        "Transaction.Pending",
        "Transaction.Booked",
    ]
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { ... on CardTransaction {
             merchant { ... on CardOutMerchant { merchantName merchantCity merchantCountry
               merchantCategoryCode category } } } } }""",
        {"id": authorization["transactionId"]},
    )["transaction"]
    assert node["merchant"] == {
        "merchantName": "Shop",
        "merchantCity": "Lyon",
        "merchantCountry": "FRA",
        "merchantCategoryCode": "5411",
        "category": "InStore",
    }


def test_debit_rejections(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(card, "30.00")
    too_much = debit(bank, authorization["transactionId"], "30.01")
    assert too_much["__typename"] == "ForbiddenRejection"
    assert "cannot exceed its authorization" in too_much["message"]
    wrong_currency = bank.testing.mutate(
        "simulateOutgoingCardDebit",
        {"transactionId": authorization["transactionId"], "amount": money("1.00", "USD")},
    )
    assert wrong_currency["__typename"] == "ForbiddenRejection"
    debit(bank, authorization["transactionId"])
    twice = debit(bank, authorization["transactionId"])
    assert twice["__typename"] == "ForbiddenRejection"
    assert "Booked" in twice["message"]
    sepa = bank.fund(account, "1.00")
    assert debit(bank, sepa)["__typename"] == "ForbiddenRejection"
    assert debit(bank, "nope") == {
        "__typename": "TransactionNotFoundRejection",
        "message": "Transaction nope was not found.",
        "transactionId": "nope",
    }


def test_release_frees_the_reservation(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(card, "30.00")
    release = {"transactionId": authorization["transactionId"], "reason": "MerchantReleased"}
    released = bank.testing.mutate(
        "simulateOutgoingCardAuthorizationRelease", release, "transactionId"
    )
    assert released["transactionId"] == authorization["transactionId"]
    assert status(bank, authorization["transactionId"])[0] == "Released"
    assert available(bank, account) == "200.00"
    twice = bank.testing.mutate("simulateOutgoingCardAuthorizationRelease", release)
    assert twice["__typename"] == "ForbiddenRejection"
    unknown = bank.testing.mutate(
        "simulateOutgoingCardAuthorizationRelease", {"transactionId": "nope"}
    )
    assert unknown["__typename"] == "TransactionNotFoundRejection"


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"amount": money("200.01")}, "InsufficientFunds"),
        ({"cardTransactionCategory": "Withdrawal"}, "WithdrawalDisabled"),
        ({"merchant": {"country": "USA"}}, "InternationalDisabled"),
        ({"cardTransactionCategory": "eCommerceWith3DS"}, "ECommerceDisabled"),
        ({"outcome": "DoNotHonor"}, "DoNotHonor"),
        ({"outcome": "CardExpired"}, "CardExpired"),
    ],
)
def test_card_declines(bank: Bank, account: str, extra: dict[str, Any], reason: str) -> None:
    card_id = bank.enabled_card(
        account,
        withdrawal=False,
        international=False,
        eCommerce=False,
        spendingLimit={"amount": money("5000.00"), "period": "Always"},
    )
    amount = extra.pop("amount", money("10.00"))["value"]
    result = bank.authorize(card_id, amount, **extra)
    assert result["__typename"] == "SimulateOutgoingCardAuthorizationRejectPayload"
    assert result["rejectedReason"] == reason
    assert status(bank, result["transactionId"]) == ("Rejected", reason)
    assert available(bank, account) == "200.00"


def test_spending_limit_periods(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(
        account, spendingLimit={"amount": money("50.00"), "period": "Daily"}
    )
    assert bank.authorize(card_id, "40.00")["rejectedReason"] is None
    assert bank.authorize(card_id, "20.00")["rejectedReason"] == "SpendingLimitReached"
    bank.sim.advance("1d")
    assert bank.authorize(card_id, "20.00")["rejectedReason"] is None


def test_authorization_rejections(bank: Bank, card: str) -> None:
    unknown = bank.authorize("nope", "1.00")
    assert unknown == {
        "__typename": "CardNotFoundRejection",
        "message": "Card nope was not found.",
        "id": "nope",
    }
    bad = bank.authorize(card, "0")
    assert bad["__typename"] == "ForbiddenRejection"
    assert "input.amount.value" in bad["message"]
    country = bank.authorize(card, "1.00", merchant={"country": "FR"})
    assert country["__typename"] == "ForbiddenRejection"
    assert "input.merchant.country" in country["message"]


def test_credit_refunds(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(card, "30.00")
    debit(bank, authorization["transactionId"])
    refund = bank.testing.mutate(
        "simulateOutgoingCardCredit",
        {
            "cardId": card,
            "amount": money("30.00"),
            "merchantName": "Shop",
            "originTransactionId": authorization["transactionId"],
        },
        "transactionId",
    )
    assert status(bank, refund["transactionId"]) == ("Booked", None)
    assert available(bank, account) == "200.00"
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { type side
             ... on CardTransaction { originTransactionId } } }""",
        {"id": refund["transactionId"]},
    )["transaction"]
    assert node == {
        "type": "CardOutCredit",
        "side": "Credit",
        "originTransactionId": authorization["transactionId"],
    }


def test_credit_rejections(bank: Bank, account: str, card: str) -> None:
    base = {"cardId": card, "amount": money("1.00"), "merchantName": "Shop"}
    credit = "simulateOutgoingCardCredit"
    assert bank.testing.mutate(credit, {**base, "cardId": "nope"})["__typename"] == (
        "CardNotFoundRejection"
    )
    for origin in ("nope", bank.fund(account, "1.00")):
        result = bank.testing.mutate(credit, {**base, "originTransactionId": origin})
        assert result["__typename"] == "ForbiddenRejection", origin
    assert bank.testing.mutate(credit, {**base, "amount": money("-1")})["__typename"] == (
        "ForbiddenRejection"
    )


@pytest.mark.parametrize("closed", [False, True])
def test_no_refund_to_a_closing_or_closed_account(bank: Bank, closed: bool) -> None:
    """Its cards were canceled, but a merchant's refund would leave money on an account that
    must close empty."""
    account_id = bank.holder("Empty", "Account")["account_id"]
    card_id = bank.enabled_card(account_id)
    result = bank.api.mutate(
        "closeAccount",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "reason": {"type": "ClosingRequested"},
        },
        "consent { id }",
    )
    bank.approve(result["consent"]["id"])
    if closed:
        bank.sim.advance("1d")
    refund = bank.testing.mutate(
        "simulateOutgoingCardCredit",
        {"cardId": card_id, "amount": money("5.00"), "merchantName": "Shop"},
    )
    assert refund["__typename"] == "ForbiddenRejection"
    assert ("Closed" if closed else "Closing") in refund["message"]
    assert read_balances(bank.env.store.db, account_id).booked == 0


def test_ids_of_another_project_are_not_found(bank: Bank, sim: Any, card: str) -> None:
    other = Bank(sim, bank.http, sim.create_project("sandbox", "Other", [REDIRECT]))
    assert other.authorize(card, "1.00")["__typename"] == "CardNotFoundRejection"


# -- after the authorization: reversals, forced debits, advices, enrichment --------------------


def test_debit_reverse(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(card, "30.00")
    debit(bank, authorization["transactionId"])
    reverse = "simulateOutgoingCardDebitReverse"
    part = bank.testing.mutate(
        reverse,
        {"transactionId": authorization["transactionId"], "amount": money("10.00")},
        "transactionId",
    )
    row = bank.row("transactions", part["transactionId"])
    assert (row["type"], row["side"], row["status"], row["amount"]) == (
        "CardOutDebitReversal",
        "Credit",
        "Booked",
        "10.00",
    )
    assert available(bank, account) == "180.00"
    rest = bank.testing.mutate(
        reverse, {"transactionId": authorization["transactionId"]}, "transactionId"
    )
    assert bank.row("transactions", rest["transactionId"])["amount"] == "20.00"
    assert available(bank, account) == "200.00"
    nothing_left = bank.testing.mutate(reverse, {"transactionId": authorization["transactionId"]})
    assert nothing_left["__typename"] == "ForbiddenRejection"
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { __typename type side
             ... on CardTransaction { originTransactionId } } }""",
        {"id": rest["transactionId"]},
    )["transaction"]
    assert node == {
        "__typename": "CardTransaction",
        "type": "CardOutDebitReversal",
        "side": "Credit",
        "originTransactionId": authorization["transactionId"],
    }
    pending = bank.authorize(card, "5.00")["transactionId"]
    assert bank.testing.mutate(reverse, {"transactionId": pending})["__typename"] == (
        "ForbiddenRejection"
    )
    assert bank.testing.mutate(reverse, {"transactionId": "nope"})["__typename"] == (
        "TransactionNotFoundRejection"
    )


def test_credit_reverse(bank: Bank, account: str, card: str) -> None:
    refund = bank.testing.mutate(
        "simulateOutgoingCardCredit",
        {"cardId": card, "amount": money("300.00"), "merchantName": "Shop"},
        "transactionId",
    )["transactionId"]
    bank.testing.mutate(
        "simulateManualBankingFee",
        {
            "accountId": account,
            "type": "InactiveAccount",
            "dueAmount": money("450.00"),
            "effectiveDate": "2026-01-05T09:00:00.000Z",
        },
        "feeId: id",
    )
    taken = bank.testing.mutate(
        "simulateOutgoingCardCreditReverse", {"transactionId": refund}, "transactionId"
    )
    row = bank.row("transactions", taken["transactionId"])
    assert (row["type"], row["side"], row["amount"]) == ("CardOutCreditReversal", "Debit", "300.00")
    assert available(bank, account) == "-250.00"  # taken back even from an overdrawn account
    debit_id = bank.authorize(card, "1.00")["transactionId"]
    wrong = bank.testing.mutate("simulateOutgoingCardCreditReverse", {"transactionId": debit_id})
    assert wrong["__typename"] == "ForbiddenRejection"


def test_debit_without_authorization(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account, withdrawal=False)
    forced = bank.testing.mutate(
        "simulateOutgoingCardDebitWithoutAuthorization",
        {
            "cardId": card_id,
            "amount": money("250.00"),
            "merchant": {"name": "Toll road", "country": "ESP"},
            "operationType": "AtmWithdrawal",
        },
        "transactionId",
    )
    row = bank.row("transactions", forced["transactionId"])
    assert (row["type"], row["status"], row["card_category"]) == (
        "CardOutDebit",
        "Booked",
        "Withdrawal",
    )
    assert available(bank, account) == "-50.00"  # no check: the network forces it
    unknown = bank.testing.mutate(
        "simulateOutgoingCardDebitWithoutAuthorization",
        {"cardId": "nope", "amount": money("1.00")},
    )
    assert unknown == {
        "__typename": "CardNotFoundRejection",
        "message": "Card nope was not found.",
        "id": "nope",
    }
    single = bank.single_use_card(account, "10.00")
    bank.testing.mutate(
        "simulateOutgoingCardDebitWithoutAuthorization", {"cardId": single, "amount": money("1.00")}
    )
    assert bank.row("cards", single)["status"] == "Canceled"


def test_advice(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(card, "30.00")["transactionId"]
    advice = "simulateOutgoingCardAdvice"
    raised = bank.testing.mutate(
        advice, {"transactionId": authorization, "amount": money("45.00")}, "transactionId"
    )
    assert raised["transactionId"] == authorization
    assert bank.row("transactions", authorization)["amount"] == "45.00"
    assert available(bank, account) == "155.00"
    body = bank.testing.post(
        """mutation($id: ID!) { simulateOutgoingCardAdvice(input: {transactionId: $id,
             amount: {value: "45.00", currency: "EUR"}, outcome: DoNotHonor}) { __typename
             ... on SimulateOutgoingCardAuthorizationRejectPayload { rejectedReason } } }""",
        {"id": authorization},
    )
    assert body["data"]["simulateOutgoingCardAdvice"] == {
        "__typename": "SimulateOutgoingCardAuthorizationRejectPayload",
        "rejectedReason": "DoNotHonor",
    }
    assert status(bank, authorization) == ("Rejected", "DoNotHonor")
    assert available(bank, account) == "200.00"
    again = bank.testing.mutate(advice, {"transactionId": authorization, "amount": money("1.00")})
    assert again["__typename"] == "ForbiddenRejection"


def test_enrichment(bank: Bank, account: str, card: str) -> None:
    authorization = bank.authorize(card, "30.00")["transactionId"]
    enrich = "simulateCardTransactionEnrichment"
    data = "enrichedData { enrichedMerchantName category subcategory city isSubscription }"
    first = bank.testing.mutate(
        enrich,
        {
            "transactionId": authorization,
            "enrichedMerchantName": "Le Petit Café",
            "category": "Restaurants",
            "subcategory": "CoffeeAndBakeries",
        },
        data,
    )
    second = bank.testing.mutate(
        enrich, {"transactionId": authorization, "city": "Lyon", "isSubscription": False}, data
    )
    assert second["enrichedData"] == {
        **first["enrichedData"],
        "city": "Lyon",
        "isSubscription": False,
    }
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { ... on CardTransaction {
             enrichedTransactionInfo { enrichedMerchantName category city } } } }""",
        {"id": authorization},
    )["transaction"]
    assert node["enrichedTransactionInfo"] == {
        "enrichedMerchantName": "Le Petit Café",
        "category": "Restaurants",
        "city": "Lyon",
    }
    assert bank.events(authorization)[-2:] == ["Transaction.Enriched", "Transaction.Enriched"]
    sepa = bank.fund(account, "1.00")
    assert bank.testing.mutate(enrich, {"transactionId": sepa})["__typename"] == (
        "SimulateCardTransactionEnrichmentRejection"
    )
