"""updateReceivedSepaDirectDebitB2bMandate: a registered B2B mandate's details change, and
the account's user consents again."""

from __future__ import annotations

from typing import Any

from .banking_support import REDIRECT, Bank
from .test_payments_direct_debits import account, b2b_input, company_account, receive  # noqa: F401

SELECTION = """receivedDirectDebitMandate { id name ... on SEPAReceivedDirectDebitMandate { reference } statusInfo { status
  ... on ReceivedDirectDebitMandateStatusInfoConsentPending { consent { id purpose } } } }"""


def added(bank: Bank, account_id: str, **extra: Any) -> str:
    result = bank.api.mutate(
        "addReceivedSepaDirectDebitB2bMandate", b2b_input(bank, account_id, **extra), SELECTION
    )["receivedDirectDebitMandate"]
    bank.approve(result["statusInfo"]["consent"]["id"])
    return str(result["id"])


def update(bank: Bank, mandate_id: str, **input: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "updateReceivedSepaDirectDebitB2bMandate",
        {"receivedDirectDebitMandateId": mandate_id, "consentRedirectUrl": REDIRECT, **input},
        SELECTION,
    )


def test_an_update_needs_the_users_consent_again(bank: Bank) -> None:
    company = company_account(bank)
    mandate_id = added(bank, company)
    changed = update(bank, mandate_id, name="Gas", mandateReference="MANDATE-43")
    mandate = changed["receivedDirectDebitMandate"]
    assert (mandate["name"], mandate["reference"]) == ("Gas", "MANDATE-43")
    assert mandate["statusInfo"]["status"] == "ConsentPending"
    assert mandate["statusInfo"]["consent"]["purpose"] == "EnableMandate"
    bank.refuse(mandate["statusInfo"]["consent"]["id"])
    assert bank.row("received_direct_debit_mandates", mandate_id)["status"] == "Suspended"
    again = update(bank, mandate_id, name="Gas and power")
    bank.approve(again["receivedDirectDebitMandate"]["statusInfo"]["consent"]["id"])
    assert bank.row("received_direct_debit_mandates", mandate_id)["status"] == "Enabled"
    assert bank.events(mandate_id).count("ReceivedDirectDebitMandate.Updated") >= 4


def test_what_an_update_refuses(bank: Bank, account: str) -> None:  # noqa: F811
    company = company_account(bank)
    first = added(bank, company)
    second = added(bank, company, mandateReference="MANDATE-99")
    clash = update(bank, second, mandateReference="MANDATE-42")
    assert clash["__typename"] == "ReceivedDirectDebitMandateAlreadyExistRejection"
    assert clash["id"] == first
    unknown = update(bank, "nope")
    assert unknown["__typename"] == "ReceivedDirectDebitMandateNotFoundRejection"
    elsewhere = update(bank, first, iban="DE89370400440532013000")
    assert elsewhere["__typename"] == "AccountNotFoundRejection"
    invalid = update(bank, first, consentRedirectUrl="not a url")
    assert invalid["__typename"] == "ValidationRejection"
    # A Core mandate, created by its first debit, is not a registered B2B one.
    receive(bank, account)
    [core] = bank.env.store.db["received_direct_debit_mandates"].rows_where("scheme = 'Core'")
    not_b2b = update(bank, core["id"])
    assert not_b2b["__typename"] == "ReceivedDirectDebitMandateNotB2bRejection"
