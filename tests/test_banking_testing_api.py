"""The Sandbox Testing API's banking mutations: each success and each rejection.
(Suspension, verification and consent decisions are tested beside their resources.)"""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.ledger import read_balances

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank

TX = "transactionId status statusReason"


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


def authorize(bank: Bank, card_id: str, amount: str = "20.00", **extra: Any) -> dict[str, Any]:
    return bank.testing.mutate(
        "simulateCardAuthorization",
        {"cardId": card_id, "amount": money(amount), "merchantName": "Shop", **extra},
        TX,
    )


def available(bank: Bank, account_id: str) -> str:
    return f"{read_balances(bank.env.store.db, account_id).available:.2f}"


def test_incoming_transfer_by_iban(bank: Bank, account: str) -> None:
    iban = bank.row("accounts", account)["iban"]
    received = bank.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": iban,
            "creditorName": "Ada Lovelace",
            "amount": money("12.50"),
            "debtorName": "Grace",
            "debtorIban": DEBTOR_IBAN,
            "isInstant": True,
        },
        "transactionId",
    )
    transaction = bank.row("transactions", received["transactionId"])
    assert (transaction["account_id"], transaction["status"]) == (account, "Pending")
    assert transaction["type"] == "SepaInstantCreditTransferIn"
    bank.sim.advance("10s")
    assert bank.row("transactions", received["transactionId"])["status"] == "Booked"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"amount": money("-1.00")}, "positive"),
        ({"amount": money("1.001")}, "two decimals"),
        ({"amount": money("ten")}, "decimal"),
        ({"debtorIban": "BR1800360305000010009795493C1"}, "SEPA zone"),
        ({"debtorName": ""}, "required"),
    ],
)
def test_incoming_transfer_refusals(
    bank: Bank, account: str, change: dict[str, Any], message: str
) -> None:
    # The real payload's only rejection is ForbiddenRejection: bad input is one, with the
    # reason in its message.
    base = {
        "creditorIban": bank.row("accounts", account)["iban"],
        "creditorName": "Ada Lovelace",
        "amount": money("1.00"),
        "debtorName": "Grace",
        "debtorIban": DEBTOR_IBAN,
    }
    result = bank.testing.mutate("simulateIncomingSepaCreditTransferReception", {**base, **change})
    assert result["__typename"] == "ForbiddenRejection"
    assert message in result["message"]


def test_incoming_transfer_to_an_unknown_account(bank: Bank) -> None:
    result = bank.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": "FR7630006000011234567890189",
            "creditorName": "Nobody",
            "amount": money("1.00"),
            "debtorName": "G",
            "debtorIban": DEBTOR_IBAN,
        },
    )
    assert result["__typename"] == "ForbiddenRejection"


def _outgoing(bank: Bank, account: str, amount: str = "50.00") -> str:
    result = bank.transfer(account, amount)
    bank.approve(result["consent"]["id"])
    return str(
        bank.env.store.db.execute(
            "SELECT id FROM transactions WHERE payment_id = ?", [result["payment"]["id"]]
        ).fetchone()[0]
    )


def test_reject_an_outgoing_transfer(bank: Bank, account: str) -> None:
    transaction_id = _outgoing(bank, account)
    assert available(bank, account) == "150.00"
    rejected = bank.testing.mutate(
        "simulateOutgoingSepaCreditTransferRejection",
        {"transactionId": transaction_id, "reasonCode": "AccountClosed"},
        "transactionId",
    )
    assert rejected["transactionId"] == transaction_id
    row = bank.row("transactions", transaction_id)
    assert (row["status"], row["status_reason"]) == ("Rejected", "AccountClosed")
    assert available(bank, account) == "200.00"
    again = bank.testing.mutate(
        "simulateOutgoingSepaCreditTransferBooking", {"transactionId": transaction_id}
    )
    assert again["__typename"] == "ForbiddenRejection"
    assert "Rejected" in again["message"]
    twice = bank.testing.mutate(
        "simulateOutgoingSepaCreditTransferRejection",
        {"transactionId": transaction_id, "reasonCode": "AccountClosed"},
    )
    assert twice["__typename"] == "ForbiddenRejection"
    assert bank.testing.mutate(
        "simulateOutgoingSepaCreditTransferBooking", {"transactionId": "nope"}
    )["__typename"] == ("TransactionNotFoundRejection")
    assert bank.testing.mutate(
        "simulateOutgoingSepaCreditTransferRejection",
        {"transactionId": "nope", "reasonCode": "AccountClosed"},
    )["__typename"] == ("TransactionNotFoundRejection")


def test_book_an_outgoing_transfer_early(bank: Bank, account: str) -> None:
    transaction_id = _outgoing(bank, account)
    booked = bank.testing.mutate(
        "simulateOutgoingSepaCreditTransferBooking", {"transactionId": transaction_id}
    )
    assert booked["__typename"] == "SimulateOutgoingSepaCreditTransferBookingSuccessPayload"
    assert bank.row("transactions", transaction_id)["status"] == "Booked"
    assert f"{read_balances(bank.env.store.db, account).booked:.2f}" == "150.00"


def test_sepa_mutations_refuse_card_transactions(bank: Bank, card: str) -> None:
    authorization = authorize(bank, card)
    for name, extra in (
        ("simulateOutgoingSepaCreditTransferBooking", {}),
        ("simulateOutgoingSepaCreditTransferRejection", {"reasonCode": "AccountClosed"}),
    ):
        result = bank.testing.mutate(
            name, {"transactionId": authorization["transactionId"], **extra}
        )
        assert result["__typename"] == "ForbiddenRejection"


def test_card_authorization_reserves_then_debit_books(bank: Bank, account: str, card: str) -> None:
    authorization = authorize(bank, card, "30.00", merchantCategory="Groceries")
    assert authorization["status"] == "Pending"
    balances = read_balances(bank.env.store.db, account)
    assert (f"{balances.reserved:.2f}", f"{balances.available:.2f}") == ("30.00", "170.00")
    debited = bank.testing.mutate(
        "simulateCardDebit",
        {"transactionId": authorization["transactionId"], "amount": money("27.40")},
        TX,
    )
    assert debited["status"] == "Booked"
    balances = read_balances(bank.env.store.db, account)
    assert (f"{balances.reserved:.2f}", f"{balances.booked:.2f}") == ("0.00", "172.60")
    assert bank.events(authorization["transactionId"]) == [
        "Transaction.Pending",
        "Transaction.Booked",
    ]


def test_card_debit_rejections(bank: Bank, account: str, card: str) -> None:
    authorization = authorize(bank, card, "30.00")
    too_much = bank.testing.mutate(
        "simulateCardDebit",
        {"transactionId": authorization["transactionId"], "amount": money("30.01")},
    )
    assert too_much["__typename"] == "ValidationRejection"
    wrong_currency = bank.testing.mutate(
        "simulateCardDebit",
        {"transactionId": authorization["transactionId"], "amount": money("1.00", "USD")},
    )
    assert wrong_currency["fields"][0]["code"] == "InvalidString"
    assert "EUR" in wrong_currency["fields"][0]["message"]
    bank.testing.mutate("simulateCardDebit", {"transactionId": authorization["transactionId"]})
    twice = bank.testing.mutate(
        "simulateCardDebit", {"transactionId": authorization["transactionId"]}
    )
    assert twice["__typename"] == "TransactionWrongStatusRejection"
    sepa = bank.fund(account, "1.00")
    assert bank.testing.mutate("simulateCardDebit", {"transactionId": sepa})["__typename"] == (
        "ForbiddenRejection"
    )
    assert bank.testing.mutate("simulateCardDebit", {"transactionId": "nope"})["__typename"] == (
        "TransactionNotFoundRejection"
    )


def test_release_frees_the_reservation(bank: Bank, account: str, card: str) -> None:
    authorization = authorize(bank, card, "30.00")
    released = bank.testing.mutate(
        "simulateCardAuthorizationRelease", {"transactionId": authorization["transactionId"]}, TX
    )
    assert released["status"] == "Released"
    assert available(bank, account) == "200.00"
    twice = bank.testing.mutate(
        "simulateCardAuthorizationRelease", {"transactionId": authorization["transactionId"]}
    )
    assert twice["__typename"] == "TransactionWrongStatusRejection"
    assert bank.testing.mutate("simulateCardAuthorizationRelease", {"transactionId": "nope"})[
        "__typename"
    ] == ("TransactionNotFoundRejection")
    sepa = bank.fund(account, "1.00")
    assert bank.testing.mutate("simulateCardAuthorizationRelease", {"transactionId": sepa})[
        "__typename"
    ] == ("ForbiddenRejection")


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"amount": money("200.01")}, "InsufficientFunds"),
        ({"isWithdrawal": True}, "WithdrawalDisabled"),
        ({"merchantCountry": "US"}, "InternationalDisabled"),
        ({"isOnline": True}, "ECommerceDisabled"),
        ({"outcome": "Declined", "declineReason": "InsufficientFunds"}, "InsufficientFunds"),
        ({"outcome": "Declined"}, "MerchantDeclined"),
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
    result = bank.testing.mutate(
        "simulateCardAuthorization",
        {"cardId": card_id, "amount": money("10.00"), "merchantName": "Shop", **extra},
        TX,
    )
    assert (result["status"], result["statusReason"]) == ("Rejected", reason)
    assert available(bank, account) == "200.00"


def test_spending_limit_periods(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(
        account, spendingLimit={"amount": money("50.00"), "period": "Daily"}
    )
    assert authorize(bank, card_id, "40.00")["status"] == "Pending"
    assert authorize(bank, card_id, "20.00")["statusReason"] == "SpendingLimitReached"
    bank.sim.advance("1d")
    assert authorize(bank, card_id, "20.00")["status"] == "Pending"


def test_card_authorization_rejections(bank: Bank, card: str) -> None:
    unknown = bank.testing.mutate(
        "simulateCardAuthorization",
        {"cardId": "nope", "amount": money("1.00"), "merchantName": "Shop"},
    )
    assert unknown == {
        "__typename": "CardNotFoundRejection",
        "message": "Card nope was not found.",
        "cardId": "nope",
    }
    bad = bank.testing.mutate(
        "simulateCardAuthorization",
        {"cardId": card, "amount": money("0"), "merchantName": "", "merchantCountry": "FRA"},
    )
    assert {field["path"][-1] for field in bad["fields"]} == {
        "value",
        "merchantName",
        "merchantCountry",
    }


def test_card_credit_refunds(bank: Bank, account: str, card: str) -> None:
    authorization = authorize(bank, card, "30.00")
    bank.testing.mutate("simulateCardDebit", {"transactionId": authorization["transactionId"]})
    refund = bank.testing.mutate(
        "simulateCardCredit",
        {
            "cardId": card,
            "amount": money("30.00"),
            "merchantName": "Shop",
            "originalTransactionId": authorization["transactionId"],
        },
        TX,
    )
    assert refund["status"] == "Booked"
    assert available(bank, account) == "200.00"
    node = bank.api.query(
        """query($id: ID!) { transaction(id: $id) { type side
             ... on CardTransaction { originalTransactionId } } }""",
        {"id": refund["transactionId"]},
    )["transaction"]
    assert node == {
        "type": "CardOutCredit",
        "side": "Credit",
        "originalTransactionId": authorization["transactionId"],
    }


def test_card_credit_rejections(bank: Bank, account: str, card: str) -> None:
    base = {"cardId": card, "amount": money("1.00"), "merchantName": "Shop"}
    assert bank.testing.mutate("simulateCardCredit", {**base, "cardId": "nope"})["__typename"] == (
        "CardNotFoundRejection"
    )
    assert bank.testing.mutate("simulateCardCredit", {**base, "originalTransactionId": "nope"})[
        "__typename"
    ] == ("TransactionNotFoundRejection")
    other = bank.fund(account, "1.00")
    assert bank.testing.mutate("simulateCardCredit", {**base, "originalTransactionId": other})[
        "__typename"
    ] == ("ForbiddenRejection")
    assert bank.testing.mutate("simulateCardCredit", {**base, "amount": money("-1")})[
        "__typename"
    ] == ("ValidationRejection")


def test_fees(bank: Bank, account: str) -> None:
    fee = bank.testing.mutate(
        "simulateFee",
        {"accountId": account, "amount": money("250.00"), "feesType": "CardFee", "label": "Card"},
        TX,
    )
    assert fee["status"] == "Booked"
    assert available(bank, account) == "-50.00"  # a fee may overdraw
    assert bank.testing.mutate("simulateFee", {"accountId": "nope", "amount": money("1.00")})[
        "__typename"
    ] == ("AccountNotFoundRejection")
    assert bank.testing.mutate("simulateFee", {"accountId": account, "amount": money("1.234")})[
        "__typename"
    ] == ("ValidationRejection")


def test_fee_on_a_closed_account(bank: Bank) -> None:
    account_id = bank.holder("Empty", "Account")["account_id"]
    result = bank.api.mutate(
        "closeAccount", {"accountId": account_id, "consentRedirectUrl": REDIRECT}, "consent { id }"
    )
    bank.approve(result["consent"]["id"])
    bank.sim.advance("1d")
    closed = bank.testing.mutate("simulateFee", {"accountId": account_id, "amount": money("1.00")})
    assert closed["__typename"] == "AccountWrongStatusRejection"


@pytest.mark.parametrize("closed", [False, True])
def test_no_refund_to_a_closing_or_closed_account(bank: Bank, closed: bool) -> None:
    """Its cards were canceled, but a merchant's refund would leave money on an account that
    must close empty."""
    account_id = bank.holder("Empty", "Account")["account_id"]
    card_id = bank.enabled_card(account_id)
    result = bank.api.mutate(
        "closeAccount", {"accountId": account_id, "consentRedirectUrl": REDIRECT}, "consent { id }"
    )
    bank.approve(result["consent"]["id"])
    if closed:
        bank.sim.advance("1d")
    refund = bank.testing.mutate(
        "simulateCardCredit", {"cardId": card_id, "amount": money("5.00"), "merchantName": "Shop"}
    )
    assert refund["__typename"] == "AccountWrongStatusRejection"
    assert refund["currentStatus"] == ("Closed" if closed else "Closing")
    assert read_balances(bank.env.store.db, account_id).booked == 0


def test_ids_of_another_project_are_not_found(bank: Bank, sim: Any, card: str) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT])
    other_bank = Bank(sim, bank.http, other)
    result = other_bank.testing.mutate(
        "simulateCardAuthorization",
        {"cardId": card, "amount": money("1.00"), "merchantName": "Shop"},
    )
    assert result["__typename"] == "CardNotFoundRejection"


def test_reset_deletes_the_projects_banking_data_only(bank: Bank, sim: Any, card: str) -> None:
    other = Bank(sim, bank.http, sim.create_project("sandbox", "Other", [REDIRECT]))
    kept = other.holder("Kept", "Holder")["account_id"]
    result = bank.testing.mutate("resetSandboxData", None, "deleted")
    assert result["deleted"] > 5
    assert bank.api.query("{ accounts { totalCount } }")["accounts"]["totalCount"] == 0
    assert other.api.query("{ accounts { edges { node { id } } } }")["accounts"]["edges"] == [
        {"node": {"id": kept}}
    ]
    # The project and its token still work: a new holder can be created.
    assert bank.holder("New", "Start")["account_id"]


def test_load_dataset_through_the_testing_api(bank: Bank) -> None:
    loaded = bank.testing.mutate(
        "loadSandboxDataset", {"dataset": "default"}, "dataset created skipped"
    )
    assert (loaded["dataset"], loaded["skipped"]) == ("default", 0)
    assert loaded["created"] > 40
    again = bank.testing.mutate(
        "loadSandboxDataset", {"dataset": "default"}, "dataset created skipped"
    )
    assert (again["created"], again["skipped"]) == (0, loaded["created"])
    # "a" * 300: a file name too long for the file system (was an internal error).
    for name in ("nope", "../datasets/default", "/etc/passwd", "a" * 300, "default.json"):
        result = bank.testing.mutate("loadSandboxDataset", {"dataset": name})
        assert result["__typename"] == "ValidationRejection"


def test_live_has_no_testing_api(bank: Bank, sim: Any, http: Any) -> None:
    live = sim.create_project("live", "Live", [REDIRECT])
    token = http.post(
        "/oauth2/token",
        data={
            "grant_type": "client_credentials",
            "client_id": live.client_id,
            "client_secret": live.client_secret,
        },
    ).json()["access_token"]
    response = http.post(
        "/live/graphql",
        json={"query": "mutation { resetSandboxData { __typename } }"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED"
    # And a live token is refused by the (sandbox-only) Testing API endpoint.
    refused = http.post(
        "/sandbox-testing/graphql",
        json={"query": "mutation { resetSandboxData { __typename } }"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert refused.status_code == 401
