"""The list arguments issue 25 completed: `offset` on the account's and standing orders'
lists, and every filter of `TransactionsFiltersInput` (amounts, update dates, search)."""

from __future__ import annotations

from typing import Any

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank
from .test_payments_standing_orders import schedule

TRANSACTIONS = """query($id: ID!, $filters: TransactionsFiltersInput) { account(accountId: $id) {
  transactions(filters: $filters, orderBy: {field: executionDate, direction: Asc}) { totalCount edges { node { label amount { value } } } } } }"""


def incoming(bank: Bank, account_id: str, amount: str, label: str, reference: str) -> None:
    bank.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": bank.row("accounts", account_id)["iban"],
            "creditorName": "Ada Lovelace",
            "amount": {"value": amount, "currency": "EUR"},
            "debtorName": "Grace Hopper",
            "debtorIban": DEBTOR_IBAN,
            "label": label,
            "endToEndId": reference,
        },
        "transactionId",
    )


def labels(bank: Bank, account_id: str, filters: dict[str, Any]) -> list[str]:
    found = bank.api.query(TRANSACTIONS, {"id": account_id, "filters": filters})
    return [edge["node"]["label"] for edge in found["account"]["transactions"]["edges"]]


def test_offset_skips_rows_of_the_account_and_standing_order_lists(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    ids = [
        schedule(bank, account_id, firstExecutionDate="2026-01-06T09:00:00Z")["standingOrder"]["id"]
        for _ in range(3)
    ]
    page = bank.api.query(
        """query($id: ID!) { account(accountId: $id) {
          standingOrders(first: 1, offset: 1) { totalCount pageInfo { hasPreviousPage }
            edges { node { id } } }
          trustedBeneficiaries(offset: 5) { totalCount edges { node { id } } }
          fundingSources(offset: 0) { totalCount } } }""",
        {"id": account_id},
    )["account"]
    assert page["standingOrders"]["totalCount"] == 3
    assert [edge["node"]["id"] for edge in page["standingOrders"]["edges"]] == [sorted(ids)[1]]
    assert page["standingOrders"]["pageInfo"]["hasPreviousPage"] is True
    assert page["trustedBeneficiaries"]["edges"] == []
    # An order's payments and transactions skip too.
    consent = bank.row("standing_orders", ids[0])["consent_id"]
    bank.approve(consent)
    bank.fund(account_id, "500.00")
    bank.sim.advance("14d")
    order = bank.api.query(
        """query($id: ID!) { standingOrder(standingOrderId: $id) {
          payments(offset: 1) { totalCount edges { node { id } } }
          transactions(offset: 1, orderBy: {field: executionDate, direction: Asc}) { totalCount edges { node { executionDate } } } } }""",
        {"id": ids[0]},
    )["standingOrder"]
    assert order["payments"]["totalCount"] == 2 and len(order["payments"]["edges"]) == 1
    assert [edge["node"]["executionDate"] for edge in order["transactions"]["edges"]] == [
        "2026-01-13T09:00:00.000Z"
    ]
    refused = bank.api.post(
        "query($id: ID!) { account(accountId: $id) { standingOrders(offset: -1) { totalCount } } }",
        {"id": account_id},
    )
    assert refused["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_every_transaction_filter_narrows_the_list(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    incoming(bank, account_id, "10.00", "Rent share", "REF-A")
    bank.sim.advance("1m")
    incoming(bank, account_id, "25.50", "Book club", "REF-B")
    bank.sim.advance("1h")
    incoming(bank, account_id, "99.99", "Rent 100%", "REF-C")
    assert labels(bank, account_id, {"amount": "25.5"}) == ["Book club"]
    assert labels(bank, account_id, {"isAboveAmount": "10.00"}) == ["Book club", "Rent 100%"]
    assert labels(bank, account_id, {"isBelowAmount": "25.50"}) == ["Rent share"]
    assert labels(bank, account_id, {"search": "rent"}) == ["Rent share", "Rent 100%"]
    assert labels(bank, account_id, {"search": "ref-b"}) == ["Book club"]
    # LIKE's wildcards are plain characters in a search.
    assert labels(bank, account_id, {"search": "%"}) == ["Rent 100%"]
    assert labels(bank, account_id, {"search": "Grace"}) == [
        "Rent share",
        "Book club",
        "Rent 100%",
    ]
    later = {"isAfterUpdatedAt": "2026-01-05T09:30:00Z"}
    assert labels(bank, account_id, later) == ["Rent 100%"]
    assert labels(bank, account_id, {"isBeforeUpdatedAt": "2026-01-05T09:30:00Z"}) == [
        "Rent share",
        "Book club",
    ]
    assert len(labels(bank, account_id, {"includeRejectedWithFallback": True})) == 3
    refused = bank.api.post(TRANSACTIONS, {"id": account_id, "filters": {"amount": "ten"}})
    assert refused["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    # Another project sees none of them, whatever the filter.
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    hidden = other.api.post(TRANSACTIONS, {"id": account_id, "filters": {"search": "rent"}})
    assert not (hidden.get("data") or {}).get("account")


def test_an_incoming_transfer_checks_the_parties_addresses(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    sent = {
        "creditorIban": bank.row("accounts", account_id)["iban"],
        "creditorName": "Ada Lovelace",
        "amount": {"value": "5.00", "currency": "EUR"},
        "debtorName": "Grace Hopper",
        "debtorIban": DEBTOR_IBAN,
        "endToEndId": "E2E-1",
        "debtorAddress": {"addressLine1": "1 Main St", "city": "Berlin", "country": "DEU"},
    }
    accepted = bank.testing.mutate("simulateIncomingSepaCreditTransferReception", sent)
    assert accepted["__typename"] == "SimulateIncomingSepaCreditTransferReceptionSuccessPayload"
    too_long = {**sent, "creditorAddress": {"city": "x" * 36, "country": "FRA"}}
    refused = bank.testing.mutate("simulateIncomingSepaCreditTransferReception", too_long)
    assert refused["__typename"] == "ForbiddenRejection"
    assert "35 characters" in refused["message"]
    # Only the first arrived; its end-to-end id is its reference.
    assert len(labels(bank, account_id, {})) == 1
    assert len(labels(bank, account_id, {"search": "e2e-1"})) == 1
