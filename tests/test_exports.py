"""Exports: a CSV file of the project's resources made on the virtual clock, listed, linked
from the simulator's own URL, downloaded, expired and deleted; limits and scoping."""

from __future__ import annotations

import csv
import io
from typing import Any
from urllib.parse import urlsplit

import pytest

from simulator.domain.exports import exports

from .banking_support import REDIRECT, Bank

EXPORT = "{ id type createdAt statusInfo { __typename status } }"


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "250.00")
    return str(account_id)


def start(bank: Bank, name: str, filters: dict[str, Any] | None = None) -> str:
    payload = bank.api.mutate(name, {"filters": filters or {}}, "exportId")
    assert payload["__typename"] == "ExportDataSuccessPayload", payload
    return str(payload["exportId"])


def status(bank: Bank, export_id: str) -> str:
    edges = bank.api.query("{ exports(first: 50) { edges { node %s } } }" % EXPORT)["exports"]
    [node] = [e["node"] for e in edges["edges"] if e["node"]["id"] == export_id]
    return str(node["statusInfo"]["status"])


def download(bank: Bank, export_id: str) -> list[dict[str, str]]:
    link = bank.api.mutate("generateExportDownloadLink", {"exportId": export_id}, "link")["link"]
    assert link.startswith(bank.sim.public_url + "/sandbox/export-downloads/")
    response = bank.http.get(urlsplit(link).path)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.text)))


def test_an_export_is_made_on_the_clock_and_downloaded(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    export_id = start(bank, "exportCardData", {"accountId": account, "statuses": ["Enabled"]})
    assert status(bank, export_id) == "Running"
    early = bank.api.mutate("generateExportDownloadLink", {"exportId": export_id})
    assert early["__typename"] == "StillExportingRejection"
    bank.sim.advance("1m")
    assert status(bank, export_id) == "Completed"
    rows = download(bank, export_id)
    assert [(row["id"], row["status"], row["accountId"]) for row in rows] == [
        (card_id, "Enabled", account)
    ]
    transactions = start(bank, "exportTransactionData", {"status": ["Booked"]})
    bank.sim.advance("1m")
    [credit] = download(bank, transactions)
    assert (credit["type"], credit["amount"]) == ("SepaCreditTransferIn", "250.00")


@pytest.mark.parametrize(
    ("name", "column"),
    [
        ("exportAccountData", "IBAN"),
        ("exportAccountHolderData", "verificationStatus"),
        ("exportAccountMembershipData", "canManageCards"),
        ("exportOnboardingData", "accountCountry"),
        ("exportUserData", "mobilePhoneNumber"),
    ],
)
def test_every_export_type(bank: Bank, account: str, name: str, column: str) -> None:
    export_id = start(bank, name)
    bank.sim.advance("1m")
    rows = download(bank, export_id)
    assert column in (rows[0] if rows else {column: ""})
    if name != "exportOnboardingData":  # the holder was created without an onboarding
        assert rows


def test_links_expire_files_expire_and_deletion(bank: Bank, account: str) -> None:
    export_id = start(bank, "exportAccountData")
    bank.sim.advance("1m")
    link = bank.api.mutate("generateExportDownloadLink", {"exportId": export_id}, "link")["link"]
    path = urlsplit(link).path
    bank.sim.advance("2h")
    assert bank.http.get(path).status_code == 404  # the link lasted an hour
    assert download(bank, export_id)  # a new link works
    bank.sim.advance("8d")
    assert status(bank, export_id) == "Expired"
    gone = bank.api.mutate("generateExportDownloadLink", {"exportId": export_id})
    assert gone["__typename"] == "UnknownExportRejection"
    deleted = bank.api.mutate("deleteExportFile", {"exportId": export_id}, "exportId")
    assert deleted["exportId"] == export_id
    again = bank.api.mutate("deleteExportFile", {"exportId": export_id})
    assert again["__typename"] == "UnknownExportRejection"
    assert bank.http.get("/sandbox/export-downloads/nope").status_code == 404
    assert bank.http.post(path).status_code == 405


def test_limits_filters_and_scoping(bank: Bank, account: str) -> None:
    running = [start(bank, "exportAccountData") for _ in range(exports.MAX_RUNNING)]
    too_many = bank.api.mutate("exportUserData", {})
    assert too_many["__typename"] == "MaximumSimultaneousExportsRejection"
    still = bank.api.mutate("deleteExportFile", {"exportId": running[0]})
    assert still["__typename"] == "StillExportingRejection"
    bank.sim.advance("1m")
    listed = bank.api.query(
        "{ exports(first: 10, filters: {exportTypes: [Accounts], statuses: [Completed]}) "
        "{ totalCount } }"
    )["exports"]
    assert listed["totalCount"] == exports.MAX_RUNNING
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    assert other.api.query("{ exports(first: 5) { totalCount } }")["exports"]["totalCount"] == 0
    for name in ("generateExportDownloadLink", "deleteExportFile"):
        answer = other.api.mutate(name, {"exportId": running[0]})
        assert answer["__typename"] == "UnknownExportRejection"
    # The other project's export holds none of the first project's rows.
    mine = start(other, "exportAccountData")
    bank.sim.advance("1m")
    assert download(other, mine) == []
    # A user token sees no export and starts none.
    user = bank.user_client(
        bank.row("account_memberships", bank.legal_membership(account))["user_id"]
    )
    assert user.query("{ exports(first: 5) { totalCount } }")["exports"]["totalCount"] == 0
    refused = user.post("mutation { exportUserData(input: {}) { __typename } }")
    assert refused["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


def test_date_filters_are_checked_and_compared_as_stored(bank: Bank, account: str) -> None:
    bad = bank.api.mutate("exportTransactionData", {"filters": {"isAfterExecutionDate": "soon"}})
    assert bad["__typename"] == "ValidationRejection"
    assert bad["fields"][0]["path"] == ["input", "filters", "isAfterExecutionDate"]
    executed = bank.row("transactions", bank.fund(account, "5.00"))["execution_date"]
    same_instant = executed.replace(".000Z", "Z")  # the same instant, written without millis
    after = start(bank, "exportTransactionData", {"isAfterExecutionDate": same_instant})
    before = start(bank, "exportTransactionData", {"isBeforeExecutionDate": "2099-01-01T00:00:00Z"})
    bank.sim.advance("1m")
    assert download(bank, after) == []  # strictly after: not the transfers of that instant
    assert len(download(bank, before)) == 2


def test_the_link_ignores_the_host_header(bank: Bank, account: str) -> None:
    export_id = start(bank, "exportAccountData")
    bank.sim.advance("1m")
    answer = bank.http.post(
        "/sandbox/graphql",
        json={
            "query": "mutation($id: String!) { generateExportDownloadLink(input: {exportId: $id})"
            " { ... on GenerateExportDownloadLinkSuccessPayload { link } } }",
            "variables": {"id": export_id},
        },
        headers={"Authorization": f"Bearer {bank.api.token}", "Host": "evil.example"},
    ).json()
    link = answer["data"]["generateExportDownloadLink"]["link"]
    assert link.startswith(bank.sim.public_url + "/") and "evil.example" not in link


def test_holders_are_exported_by_what_the_bank_asks_and_by_birth_date(bank: Bank) -> None:
    ada = bank.holder()["holder_id"]
    alan = bank.holder("Alan", "Turing")["holder_id"]
    asked = {
        "accountHolderId": alan,
        "verificationStatus": "WaitingForInformation",
        "verificationRequirements": ["UboDetailsRequired"],
    }
    bank.testing.mutate("updateAccountHolder", asked)
    bank.sim.sandbox.store.db.execute(
        "UPDATE users SET birth_date = '1815-12-10' WHERE id IN (SELECT m.user_id FROM "
        "account_memberships m JOIN accounts a ON a.id = m.account_id WHERE a.holder_id = ?)",
        [ada],
    )
    by_requirement = start(
        bank, "exportAccountHolderData", {"verificationRequirements": ["UboDetailsRequired"]}
    )
    by_birth = start(bank, "exportAccountHolderData", {"birthDate": "1815-12-10"})
    bank.sim.advance("1m")
    assert [row["id"] for row in download(bank, by_requirement)] == [alan]
    assert [row["id"] for row in download(bank, by_birth)] == [ada]


def test_account_exports_filter_by_payment_level(bank: Bank, account: str) -> None:
    unlimited = start(bank, "exportAccountData", {"paymentLevels": ["Unlimited", "Limited"]})
    limited = start(bank, "exportAccountData", {"paymentLevels": ["Limited"]})
    bank.sim.advance("1m")
    assert [row["id"] for row in download(bank, unlimited)] == [account]
    assert download(bank, limited) == []
