"""scheduleStandingOrder, cancelStandingOrder and standingOrder: executions on the clock."""

from __future__ import annotations

from typing import Any

from simulator.domain.accounts.ledger import read_balances
from simulator.domain.payments.standing_orders import next_date

from .banking_support import BENEFICIARY_IBAN, REDIRECT, Bank

ORDER = (
    "standingOrder { id period nextExecutionDate amount { value } "
    "sepaBeneficiary { name maskedIBAN } statusInfo { status "
    "... on StandingOrderConsentPendingStatusInfo { consent { id purpose } } } }"
)
READ = """query($id: ID!) { standingOrder(standingOrderId: $id) {
  statusInfo { status ... on StandingOrderCanceledStatusInfo { canceledAt } }
  nextExecutionDate createdBy { id } account { id }
  payments { totalCount edges { node { standingOrder { id } } } }
  transactions(orderBy: {field: executionDate, direction: Asc}) { totalCount edges { node { amount { value } statusInfo { status } } } } } }"""


def schedule(bank: Bank, account_id: str, **extra: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "scheduleStandingOrder",
        {
            "accountId": account_id,
            "period": "Weekly",
            "amount": {"value": "50.00", "currency": "EUR"},
            "sepaBeneficiary": {"name": "Landlord", "iban": BENEFICIARY_IBAN},
            "consentRedirectUrl": REDIRECT,
            **extra,
        },
        ORDER,
    )


def available(bank: Bank, account_id: str) -> str:
    return f"{read_balances(bank.env.store.db, account_id).available:.2f}"


def test_a_weekly_order_executes_on_the_clock(bank: Bank) -> None:
    created = bank.holder()
    account_id = created["account_id"]
    bank.fund(account_id, "120.00")
    order = schedule(bank, account_id, firstExecutionDate="2026-01-06T09:00:00Z")["standingOrder"]
    assert order["statusInfo"]["status"] == "ConsentPending"
    assert order["statusInfo"]["consent"]["purpose"] == "ScheduleStandingOrder"
    assert order["sepaBeneficiary"] == {"name": "Landlord", "maskedIBAN": "FR76****0189"}
    assert order["nextExecutionDate"] == "2026-01-06"
    bank.approve(order["statusInfo"]["consent"]["id"])
    timeline = bank.sim.advance("14d").timeline
    executions = [entry for entry in timeline if entry["work"] == "standing order"]
    assert [entry["at"] for entry in executions] == [
        "2026-01-06T09:00:00.000Z",
        "2026-01-13T09:00:00.000Z",
    ]
    assert available(bank, account_id) == "20.00"
    read = bank.api.query(READ, {"id": order["id"]})["standingOrder"]
    assert read["nextExecutionDate"] == "2026-01-20"
    assert read["createdBy"] == {"id": created["user_id"]}
    assert read["payments"]["totalCount"] == 2
    assert read["payments"]["edges"][0]["node"]["standingOrder"] == {"id": order["id"]}
    assert [edge["node"]["statusInfo"]["status"] for edge in read["transactions"]["edges"]] == [
        "Booked",
        "Booked",
    ]
    # The third execution finds 20.00 available: its transfer is rejected, not skipped.
    bank.sim.advance("7d")
    rejected = bank.api.query(READ, {"id": order["id"]})["standingOrder"]["transactions"]
    assert rejected["edges"][-1]["node"]["statusInfo"]["status"] == "Rejected"

    canceled = bank.api.mutate(
        "cancelStandingOrder",
        {"standingOrderId": order["id"]},
        "standingOrder { statusInfo { status } nextExecutionDate }",
    )["standingOrder"]
    assert canceled == {"statusInfo": {"status": "Canceled"}, "nextExecutionDate": None}
    assert not [e for e in bank.sim.advance("14d").timeline if e["work"] == "standing order"]
    assert bank.events(order["id"]) == ["StandingOrder.Scheduled", "StandingOrder.Canceled"]
    again = bank.api.mutate("cancelStandingOrder", {"standingOrderId": order["id"]})
    assert again["__typename"] == "ForbiddenRejection"


def test_target_balance_and_last_execution(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    order = schedule(
        bank,
        account_id,
        period="Daily",
        amount=None,
        targetAvailableBalance={"value": "200.00", "currency": "EUR"},
        lastExecutionDate="2026-01-06T09:00:00Z",
    )["standingOrder"]
    bank.approve(order["statusInfo"]["consent"]["id"])
    bank.sim.advance("3d")
    assert available(bank, account_id) == "200.00"
    read = bank.api.query(READ, {"id": order["id"]})["standingOrder"]
    assert read["payments"]["totalCount"] == 1  # the second day found nothing above 200
    assert read["nextExecutionDate"] is None


def test_refused_consent_cancels_and_rejections(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    order = schedule(bank, account_id)["standingOrder"]
    bank.refuse(order["statusInfo"]["consent"]["id"])
    assert bank.row("standing_orders", order["id"])["status"] == "Canceled"
    bad = schedule(
        bank,
        account_id,
        targetAvailableBalance={"value": "1.00", "currency": "EUR"},
        firstExecutionDate="2025-01-01T00:00:00Z",
    )
    assert bad["__typename"] == "InvalidArgumentRejection"
    assert bad["code"] == "INVALID_INPUT"
    assert {field["name"] for field in bad["fields"]} == {"", "firstExecutionDate"}
    unknown = bank.api.mutate("cancelStandingOrder", {"standingOrderId": "nope"})
    assert unknown == {
        "__typename": "StandingOrderNotFoundRejection",
        "message": "Standing order nope was not found.",
    }
    assert bank.api.post('{ standingOrder(standingOrderId: "nope") { id } }')["errors"]


def test_monthly_dates_keep_the_day_within_the_month() -> None:
    assert next_date("2026-01-31T09:00:00.000Z", "Monthly") == "2026-02-28T09:00:00.000Z"
    assert next_date("2026-12-15T09:00:00.000Z", "Monthly") == "2027-01-15T09:00:00.000Z"


def test_the_consent_page_describes_the_order(bank: Bank) -> None:
    from simulator.domain.consents.consent_descriptions import describe_consent

    account_id = bank.holder()["account_id"]
    order = schedule(bank, account_id, lastExecutionDate="2026-03-01T00:00:00Z")["standingOrder"]
    consent = bank.row("consents", order["statusInfo"]["consent"]["id"])
    described = describe_consent(bank.env, consent)
    assert described.title == "Approve a standing order"
    assert described.summary == "Test project asks to send 50.00 EUR to Landlord every week."
    assert ("Last execution", "2026-03-01") in described.sections[0].rows


def test_account_lists_its_orders_and_beneficiaries(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    first = schedule(bank, account_id)["standingOrder"]
    schedule(bank, account_id, period="Monthly")
    bank.approve(first["statusInfo"]["consent"]["id"])
    bank.api.mutate(
        "addTrustedSepaBeneficiary",
        {
            "accountId": account_id,
            "name": "Carol",
            "iban": BENEFICIARY_IBAN,
            "consentRedirectUrl": REDIRECT,
        },
    )
    data = bank.api.query(
        """query($id: ID!) { account(accountId: $id) {
             all: standingOrders { totalCount }
             enabled: standingOrders(filters: {status: [Enabled]}) { edges { node { id } } }
             newest: standingOrders(first: 1, orderBy: {direction: Desc}) {
               edges { node { period } } }
             trustedBeneficiaries(filters: {status: [ConsentPending], type: [Sepa]}) {
               totalCount edges { node { __typename name } } } } }""",
        {"id": account_id},
    )["account"]
    assert data["all"]["totalCount"] == 2
    assert data["enabled"]["edges"] == [{"node": {"id": first["id"]}}]
    assert data["newest"]["edges"] == [{"node": {"period": "Monthly"}}]
    assert data["trustedBeneficiaries"] == {
        "totalCount": 1,
        "edges": [{"node": {"__typename": "TrustedSepaBeneficiary", "name": "Carol"}}],
    }


def test_the_default_dataset_has_a_monthly_rent(bank: Bank) -> None:
    loaded = bank.testing.mutate("loadSandboxDataset", {"dataset": "default"}, "created")
    assert loaded["created"] > 40
    [order] = bank.env.store.db["standing_orders"].rows_where("project_id = ?", [bank.project_id])
    assert (order["status"], order["next_execution_date"]) == (
        "Enabled",
        "2026-02-01T09:00:00.000Z",
    )
    # Ada's landlord, the company's supplier, Alan's two (Ada's account, a US bookshop).
    assert bank.env.store.db["trusted_beneficiaries"].count == 4
    timeline = bank.sim.advance("27d").timeline
    [rent] = [entry for entry in timeline if entry["work"] == "standing order"]
    assert rent["at"] == "2026-02-01T09:00:00.000Z"
    read = bank.api.query(READ, {"id": order["id"]})["standingOrder"]
    assert read["transactions"]["edges"][0]["node"]["amount"] == {"value": "850.00"}
    assert read["nextExecutionDate"] == "2026-03-01"


def test_reset_deletes_orders_and_beneficiaries(bank: Bank) -> None:
    bank.testing.mutate("loadSandboxDataset", {"dataset": "default"}, "created")
    result = bank.testing.mutate("resetSandboxData", None, "deleted")
    assert result["__typename"] == "ResetSandboxDataSuccessPayload"
    db = bank.env.store.db
    assert db["standing_orders"].count == db["trusted_beneficiaries"].count == 0


def test_a_beneficiary_address_is_checked(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    address = {"addressLine1": "x" * 71, "country": "FRA"}
    beneficiary = {"name": "Landlord", "iban": BENEFICIARY_IBAN, "address": address}
    bad = schedule(bank, account_id, sepaBeneficiary=beneficiary)
    assert bad["__typename"] == "InvalidArgumentRejection"
    assert bank.env.store.db["standing_orders"].count == 0
    fine = {**beneficiary, "address": {"city": "Paris", "country": "FRA"}}
    assert schedule(bank, account_id, sepaBeneficiary=fine)["standingOrder"]["id"]
