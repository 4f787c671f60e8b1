"""External accounts and their balances, a holder's risk information, an account's
settings (through the UpdateAccountSettings consent), and the reminder plannings."""

from __future__ import annotations

from typing import Any

from .banking_support import DEBTOR_IBAN, REDIRECT, Bank

EXTERNAL = {
    "externalId": "ext-1",
    "IBAN": DEBTOR_IBAN,
    "BIC": "COBADEFFXXX",
    "holderName": "Acme SAS",
    "cashAccountType": "Savings",
    "country": "DEU",
    "currency": "EUR",
    "usage": "Organization",
    "source": "Aggregator",
    "originalCreatedAt": "2025-06-01T00:00:00.000Z",
    "balances": [
        {
            "type": "ClosingBooked",
            "amount": {"value": "1500.00", "currency": "EUR"},
            "lastChangedAt": "2026-01-01T00:00:00.000Z",
        }
    ],
}
ACCOUNT = """externalAccount { id IBAN cashAccountType source { name type }
  balances { totalCount edges { node { type amount { value } } } } }"""


def balance(bank: Bank, name: str, account_id: str, value: str, when: str) -> dict[str, Any]:
    return bank.api.mutate(
        name,
        {
            "externalAccountId": account_id,
            "type": "ClosingBooked",
            "amount": {"value": value, "currency": "EUR"},
            "lastChangedAt": when,
        },
        "externalAccountBalance { id amount { value } }",
    )


def test_external_accounts_and_balances(bank: Bank) -> None:
    holder = bank.holder(holder_type="Company", company_name="Acme SAS")["holder_id"]
    added = bank.api.mutate("addExternalAccount", {**EXTERNAL, "accountHolderId": holder}, ACCOUNT)
    account = added["externalAccount"]
    assert account["cashAccountType"] == "Savings"
    assert account["source"] == {"name": "Aggregator", "type": "Push"}
    assert account["balances"]["totalCount"] == 1
    again = bank.api.mutate("addExternalAccount", {**EXTERNAL, "accountHolderId": holder})
    assert again["__typename"] == "ExternalAccountAlreadyExistsRejection"
    invalid = bank.api.mutate(
        "addExternalAccount", {**EXTERNAL, "accountHolderId": holder, "IBAN": "DE00"}
    )
    assert invalid["__typename"] in ("IbanValidationRejection", "ValidationRejection")
    when = "2026-01-02T00:00:00.000Z"
    assert balance(bank, "addExternalAccountBalance", account["id"], "1400.00", when)[
        "externalAccountBalance"
    ]["amount"] == {"value": "1400.00"}
    same = balance(bank, "addExternalAccountBalance", account["id"], "1.00", when)
    assert same["__typename"] == "ExternalAccountBalanceAlreadyExistsRejection"
    balance(bank, "addOrUpdateExternalAccountBalance", account["id"], "1300.00", when)
    count = bank.env.store.db["external_account_balances"].count_where(
        "external_account_id = ?", [account["id"]]
    )
    assert count == 1  # the latest of its type replaced the others
    unknown = balance(bank, "addExternalAccountBalance", "nope", "1.00", when)
    assert unknown["__typename"] == "ForbiddenRejection"


def test_risk_info_settings_and_plannings(bank: Bank) -> None:
    company = bank.holder(holder_type="Company", company_name="Acme SAS")
    flags = {"hasAdverseMedia": False, "hasFrozenAssets": False, "isPoliticallyExposed": True}
    risk = bank.api.mutate(
        "updateAccountHolderRiskInfo",
        {"accountHolderId": company["holder_id"], **flags},
        "accountHolderId isPoliticallyExposed",
    )
    assert risk["isPoliticallyExposed"] is True
    assert "AccountHolder.Updated" in bank.events(company["holder_id"])
    missing = bank.api.mutate("updateAccountHolderRiskInfo", {"accountHolderId": "x", **flags})
    assert missing["__typename"] == "AccountHolderNotFoundRejection"
    allow = {
        "accountId": company["account_id"],
        "allowBulkCreditTransfersWithoutBeneficiaryVerification": True,
        "consentRedirectUrl": REDIRECT,
    }
    pending = bank.api.post(
        """mutation($input: UpdateAccountSettingsInput!) { updateAccountSettings(input: $input) {
          __typename ... on UpdateAccountSettingsConsentPending { consent { id purpose } } } }""",
        {"input": allow},
    )["data"]["updateAccountSettings"]
    assert pending["consent"]["purpose"] == "UpdateAccountSettings"
    bank.approve(pending["consent"]["id"])
    stored = bank.row("account_settings", company["account_id"])
    assert stored["allow_bulk_without_verification"] == 1
    assert "AccountSetting.Updated" in bank.events(company["account_id"])
    off = bank.api.mutate(
        "updateAccountSettings",
        {**allow, "allowBulkCreditTransfersWithoutBeneficiaryVerification": False},
        "account { id }",
    )
    assert off["account"] == {"id": company["account_id"]}
    individual = bank.holder()["account_id"]
    refused = bank.api.mutate("updateAccountSettings", {**allow, "accountId": individual})
    assert refused["__typename"] == "AccountHolderTypeNotEligibleRejection"
    plannings = bank.api.query(
        "{ notificationReminderPlannings { activatePhysicalCardReminders { timeUnit timeValue } } }"
    )["notificationReminderPlannings"]["activatePhysicalCardReminders"]
    assert [p["timeValue"] for p in plannings] == [3, 7, 14]


def test_another_projects_external_account_takes_no_balance(bank: Bank) -> None:
    holder = bank.holder(holder_type="Company", company_name="Acme SAS")["holder_id"]
    added = bank.api.mutate("addExternalAccount", {**EXTERNAL, "accountHolderId": holder}, ACCOUNT)
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    account_id = added["externalAccount"]["id"]
    when = "2026-01-03T00:00:00.000Z"
    theirs = balance(other, "addExternalAccountBalance", account_id, "1.00", when)
    assert theirs["__typename"] == "ForbiddenRejection"  # its union has no not-found rejection
    count = bank.env.store.db["external_account_balances"].count_where(
        "external_account_id = ?", [account_id]
    )
    assert count == 1
