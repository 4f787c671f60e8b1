"""Every kind of work due on the virtual clock reports itself in `Advance.timeline` with the
shared keys `at`, `work` and `summary` (the Testing API's `TimelineEntry` shows them)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from simulator.clock import format_timestamp
from simulator.domain.consents import consents

from .banking_support import REDIRECT, Bank, card_consent_id

#: The `work` of each kind of due work: webhook retries, then the banking domain's.
EVERY_KIND = {
    "webhooks",
    "settlement",
    "consent-expiry",
    "account-closing",
    "card-contract-end",
    "card-authorization-expiry",
}


def _pending_transfer(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "100.00")
    result = bank.transfer(account_id, "25.00")
    bank.approve(result["consent"]["id"])  # Pending: books itself a day later


def _closing_account(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    result = bank.api.mutate(
        "closeAccount",
        {
            "accountId": account_id,
            "consentRedirectUrl": REDIRECT,
            "reason": {"type": "ClosingRequested"},
        },
        "consent { id }",
    )
    bank.approve(result["consent"]["id"])  # Closing: closed a day later


def _started_consent(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    consent_id = card_consent_id(bank.add_card(account_id)["card"])
    user_id = bank.row("consents", consent_id)["user_id"]
    consents.start_consent(bank.env, consent_id, user_id)  # expires 20 minutes later


def _ending_card_and_authorization(bank: Bank) -> None:
    account_id = bank.holder("Grace", "Hopper")["account_id"]
    bank.fund(account_id, "50.00")
    soon = format_timestamp(bank.sim.now() + timedelta(hours=12))
    card_id = bank.enabled_card(account_id, cardContractExpiryDate=soon)
    bank.authorize(card_id, "10.00", expirationDateTime=soon)  # released as it lapses


def test_every_timeline_entry_has_at_work_and_summary(bank: Bank) -> None:
    inbox = bank.sim.webhooks.inbox("failing")
    inbox.fail()  # each Account.Created delivery fails, so its retries fall due
    bank.sim.webhooks.subscribe(bank.project, inbox, ["Account.Created"], secret="s")
    _pending_transfer(bank)
    _closing_account(bank)
    _started_consent(bank)
    _ending_card_and_authorization(bank)

    timeline: list[dict[str, Any]] = bank.sim.advance("2d").timeline

    assert {entry["work"] for entry in timeline} == EVERY_KIND
    for entry in timeline:
        assert isinstance(entry["at"], str) and entry["at"], entry
        assert isinstance(entry["work"], str) and entry["work"], entry
        assert isinstance(entry["summary"], str) and entry["summary"].strip(), entry
    assert [entry["at"] for entry in timeline] == sorted(entry["at"] for entry in timeline)


def test_the_testing_api_shows_the_domain_summaries(bank: Bank) -> None:
    _started_consent(bank)
    advanced = bank.testing.mutate(
        "advanceClock", {"duration": "1h"}, "timeline { at work summary }"
    )
    (entry,) = advanced["timeline"]
    assert entry["work"] == "consent-expiry"
    assert entry["summary"].startswith("Consent ") and "expired" in entry["summary"]
