"""The Testing API's billing simulations (simulator.testing_api.billing): released reserved
balances, account invoices (and the Partner API's accountInvoice and Account.invoices), the
project's own billing and its owner."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.accounts import billing
from simulator.domain.accounts.ledger import read_balances
from simulator.domain.sandbox import sandbox_checks

from .banking_support import REDIRECT, Bank

INVOICE = "invoice { id accountId name type status amount { value currency } openingDate closingDate url expiresAt }"


def fee(bank: Bank, account_id: str, value: str) -> None:
    result = bank.testing.mutate(
        "simulateManualBankingFee",
        {
            "accountId": account_id,
            "type": "DocumentIssuance",
            "dueAmount": {"value": value, "currency": "EUR"},
            "effectiveDate": bank.env.now(),
        },
    )
    assert result["__typename"] == "SimulateManualBankingFeeSuccessPayload", result


@pytest.fixture
def company_account(bank: Bank) -> str:
    holder = bank.holder(holder_type="Company", company_name="Acme")
    bank.fund(holder["account_id"], "100.00")
    return str(holder["account_id"])


# -- simulateReleaseReservedBalance -------------------------------------------------------


def test_release_reserved_balance_frees_the_authorization(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "100.00")
    card = bank.enabled_card(account_id)
    authorization = bank.authorize(card, "30.00")["transactionId"]
    assert read_balances(bank.env.store.db, account_id).reserved == 30
    result = bank.testing.mutate(
        "simulateReleaseReservedBalance", {"transactionId": authorization}, "transactionId"
    )
    assert result == {
        "__typename": "ReleaseReservedBalanceSuccessPayload",
        "transactionId": authorization,
    }
    balances = read_balances(bank.env.store.db, account_id)
    assert (balances.reserved, balances.available) == (0, 100)
    assert bank.row("transactions", authorization)["status"] == "Released"
    assert bank.events(authorization)[-2:] == [
        "Transaction.Released",
        "TransactionRollingReserve.Released",
    ]
    # Released once: nothing is reserved any more.
    again = bank.testing.mutate("simulateReleaseReservedBalance", {"transactionId": authorization})
    assert again["__typename"] == "ForbiddenRejection"


def test_release_reserved_balance_rejections(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    incoming = bank.fund(account_id, "10.00")
    booked = bank.testing.mutate("simulateReleaseReservedBalance", {"transactionId": incoming})
    assert booked["__typename"] == "ForbiddenRejection"
    unknown = bank.testing.mutate("simulateReleaseReservedBalance", {"transactionId": "nope"})
    assert unknown == {
        "__typename": "TransactionNotFoundRejection",
        "message": "Transaction nope was not found.",
        "transactionId": "nope",
    }


# -- simulateInvoiceGeneration ---------------------------------------------------------------


def test_invoice_sums_the_month_fees(bank: Bank, company_account: str) -> None:
    fee(bank, company_account, "4.50")
    fee(bank, company_account, "2.00")
    result = bank.testing.mutate(
        "simulateInvoiceGeneration", {"accountId": company_account}, f"status {INVOICE}"
    )
    assert result["status"] == "Succeeded"
    invoice = result["invoice"]
    opening, closing = billing.invoice_period(bank.env.now())
    assert invoice["amount"] == {"value": "6.50", "currency": "EUR"}
    assert (invoice["openingDate"], invoice["closingDate"]) == (opening, closing)
    assert invoice["name"] == f"INVOICE-{closing[:10].replace('-', '')}"
    assert (invoice["type"], invoice["status"], invoice["accountId"]) == (
        "Invoice",
        "Paid",
        company_account,
    )
    assert invoice["url"].endswith(f"/sandbox-documents/invoices/{invoice['id']}.pdf")
    assert bank.events(invoice["id"]) == ["AccountInvoice.Generated"]
    # The same month again: the invoice is recomputed, not issued twice.
    fee(bank, company_account, "1.00")
    again = bank.testing.mutate(
        "simulateInvoiceGeneration", {"accountId": company_account}, INVOICE
    )["invoice"]
    assert (again["id"], again["amount"]["value"]) == (invoice["id"], "7.50")
    assert bank.events(invoice["id"])[-1] == "AccountInvoice.Updated"


def test_invoice_period_is_the_calendar_month() -> None:
    assert billing.invoice_period("2026-12-15T10:00:00.000Z") == (
        "2026-12-01T00:00:00.000Z",
        "2026-12-31T23:59:59.999Z",
    )
    assert billing.invoice_period("2026-02-01T00:00:00.000Z")[1] == "2026-02-28T23:59:59.999Z"


def test_invoice_rejections(bank: Bank) -> None:
    individual = bank.holder()["account_id"]
    result = bank.testing.mutate("simulateInvoiceGeneration", {"accountId": individual})
    assert result["__typename"] == "AccountNotEligibleRejection"
    unknown = bank.testing.mutate("simulateInvoiceGeneration", {"accountId": "nope"})
    assert unknown["__typename"] == "AccountNotFoundRejection"
    assert unknown["id"] == "nope"


def test_partner_api_reads_invoices(bank: Bank, company_account: str) -> None:
    fee(bank, company_account, "3.00")
    invoice = bank.testing.mutate(
        "simulateInvoiceGeneration", {"accountId": company_account}, "invoice { id }"
    )["invoice"]
    data = bank.api.query(
        "query($id: ID!, $account: ID!) { accountInvoice(invoiceId: $id) { id amount { value } }"
        " account(accountId: $account) { invoices { totalCount edges { node { id name } } } } }",
        {"id": invoice["id"], "account": company_account},
    )
    assert data["accountInvoice"] == {"id": invoice["id"], "amount": {"value": "3.00"}}
    connection = data["account"]["invoices"]
    assert connection["totalCount"] == 1
    assert connection["edges"][0]["node"]["id"] == invoice["id"]


def test_invoices_stay_in_their_project(bank: Bank, company_account: str) -> None:
    invoice = bank.testing.mutate(
        "simulateInvoiceGeneration", {"accountId": company_account}, "invoice { id }"
    )["invoice"]
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    body = other.api.post(
        "query($id: ID!) { accountInvoice(invoiceId: $id) { id } }", {"id": invoice["id"]}
    )
    assert body["data"] == {"accountInvoice": None}
    assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    # A user sees the invoices of the accounts it may view only.
    stranger = bank.holder("Grace", "Hopper")["user_id"]
    body = bank.user_client(stranger).post(
        "query($id: ID!) { accountInvoice(invoiceId: $id) { id } }", {"id": invoice["id"]}
    )
    assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"


# -- simulateStartProjectBilling, promoteAccountHolderToProjectOwner -----------------------------


def test_start_project_billing_once(bank: Bank) -> None:
    input = {"companyName": "Partner SAS", "email": "billing@partner.example"}
    result = bank.testing.mutate("simulateStartProjectBilling", input, "projectId")
    assert result == {
        "__typename": "SimulateStartProjectBillingSuccessPayload",
        "projectId": bank.project_id,
    }
    again = bank.testing.mutate("simulateStartProjectBilling", input)
    assert again["__typename"] == "ProjectAlreadyHasSubscriptionRejection"


def test_start_project_billing_checks_its_input(bank: Bank) -> None:
    result = bank.testing.mutate(
        "simulateStartProjectBilling", {"companyName": " ", "email": "not-an-email"}
    )
    assert result["__typename"] == "ForbiddenRejection"
    assert "companyName" in result["message"] and "email" in result["message"]
    assert not bank.env.store.db["project_billing"].count


def test_promote_replaces_the_owner(bank: Bank) -> None:
    first = bank.holder()["holder_id"]
    second = bank.holder("Grace", "Hopper")["holder_id"]
    for holder in (first, second):
        result: dict[str, Any] = bank.testing.mutate(
            "promoteAccountHolderToProjectOwner",
            {"accountHolderId": holder},
            "accountHolder { id }",
        )
        assert result["accountHolder"] == {"id": holder}
        assert billing.project_owner(bank.env, bank.project_id) == holder
    unknown = bank.testing.mutate("promoteAccountHolderToProjectOwner", {"accountHolderId": "x"})
    assert unknown["__typename"] == "AccountHolderNotFoundRejection"
    assert billing.project_owner(bank.env, bank.project_id) == second


# -- generateTestCheck ---------------------------------------------------------------------


def test_generated_checks_carry_a_valid_key(bank: Bank) -> None:
    first = bank.testing.mutate("generateTestCheck", {}, "cmc7 rlmcKey")
    second = bank.testing.mutate(
        "generateTestCheck", {"fnciResult": "IrregularRed"}, "cmc7 rlmcKey"
    )
    assert first["__typename"] == "GenerateCheckSuccessPayload"
    assert first["cmc7"] != second["cmc7"]
    for check in (first, second):
        assert sandbox_checks.is_valid_check(check["cmc7"], check["rlmcKey"]), check
        assert (int(check["cmc7"]) * 100 + int(check["rlmcKey"])) % 97 == 0
    rows = {row["cmc7"]: row for row in bank.env.store.db["test_checks"].rows}
    assert rows[first["cmc7"]]["fnci_result"] == "PositiveGreen"
    assert rows[second["cmc7"]]["fnci_result"] == "IrregularRed"
    assert {row["project_id"] for row in rows.values()} == {bank.project_id}


def test_rlmc_key_of_a_known_line() -> None:
    line = "0000001040300099999000000000001"
    assert sandbox_checks.rlmc_key(line) == f"{97 - (int(line) * 100) % 97:02d}"
    assert not sandbox_checks.is_valid_check(line[:-1], sandbox_checks.rlmc_key(line))
