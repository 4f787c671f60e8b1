"""The Sandbox Testing API's banking mutations: each success and each rejection.
(Suspension, verification and consent decisions are tested beside their resources; the
card simulations in test_cards_simulations.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.accounts.ledger import read_balances

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


def fee_input(account_id: str, value: str | None = "1.00", **extra: str) -> dict:
    return {
        "accountId": account_id,
        "type": "InactiveAccount",
        "effectiveDate": "2026-01-05T09:00:00.000Z",
        **({"dueAmount": money(value)} if value else {}),
        **extra,
    }


def test_fees(bank: Bank, account: str) -> None:
    fee = bank.testing.mutate(
        "simulateManualBankingFee",
        fee_input(account, "250.00"),
        "feeId: id debitedAmount { value }",
    )
    assert fee["debitedAmount"] == {"value": "250.00"}
    assert bank.row("transactions", fee["feeId"])["status"] == "Booked"
    assert available(bank, account) == "-50.00"  # a fee may overdraw
    default = bank.testing.mutate(
        "simulateManualBankingFee", fee_input(account, None), "debitedAmount { value }"
    )
    assert default["debitedAmount"] == {"value": "10.00"}
    assert bank.testing.mutate("simulateManualBankingFee", fee_input("nope"))["__typename"] == (
        "AccountNotFoundRejection"
    )
    # The real union has no ValidationRejection: bad input is a BAD_USER_INPUT error.
    late = fee_input(account, effectiveDate="2027-01-01T00:00:00Z")
    for bad in (fee_input(account, "1.234"), late):
        body = bank.testing.post(
            "mutation($input: SimulateManualBankingFeeInput!) { simulateManualBankingFee("
            "input: $input) { __typename } }",
            {"input": bad},
        )
        assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_fee_on_a_closed_account(bank: Bank) -> None:
    account_id = bank.holder("Empty", "Account")["account_id"]
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
    bank.sim.advance("1d")
    closed = bank.testing.mutate("simulateManualBankingFee", fee_input(account_id))
    assert closed["__typename"] == "AccountNotEligibleRejection"


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
