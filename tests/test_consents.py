"""Consents: every transition, expiry on the clock, auto consent, decisions by the wrong
user, the redirect URL, cancelConsent's effect on the pending operation."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.consents import consents
from simulator.domain.consents.consents import TRANSITIONS
from simulator.domain.kernel.rejections import Rejected
from simulator.domain.users.users import create_user, find_user_by_phone

from .banking_support import REDIRECT, Bank

#: A whole Sandbox user identity, as updateSandboxUser replaces it.
ADA = {
    "firstName": "Ada",
    "lastName": "Byron",
    "birthDate": "1990-04-21",
    "nationalityCCA3": "GBR",
    "autoConsent": True,
}


@pytest.fixture
def card_consent(bank: Bank) -> dict[str, Any]:
    """A card waiting for its consent: {'card_id', 'consent_id', 'account_id', 'user_id'}."""
    account_id = bank.holder()["account_id"]
    added = bank.add_card(account_id, consent="id status purpose resourceId consentUrl redirectUrl")
    assert added["card"]["statusInfo"]["status"] == "ConsentPending"
    consent = added["card"]["statusInfo"]["consent"]
    assert consent["purpose"] == "AddCard"
    assert consent["resourceId"] == added["card"]["id"]
    assert consent["consentUrl"] == f"http://localhost:8000/oauth2/consents/{consent['id']}"
    assert consent["redirectUrl"] == REDIRECT
    user = bank.row("consents", consent["id"])["user_id"]
    return {
        "card_id": added["card"]["id"],
        "consent_id": consent["id"],
        "account_id": account_id,
        "user_id": user,
    }


def test_start_then_approve_applies_the_operation(bank: Bank, card_consent: dict[str, Any]) -> None:
    started = consents.start_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    assert started["status"] == "Started"
    assert started["started_at"] == "2026-01-05T09:00:00.000Z"
    assert started["expires_at"] == "2026-01-05T09:20:00.000Z"
    approved = consents.approve_consent(
        bank.env, card_consent["consent_id"], card_consent["user_id"]
    )
    assert approved["status"] == "Accepted"
    assert bank.row("cards", card_consent["card_id"])["status"] == "Enabled"
    assert bank.events(card_consent["consent_id"]) == [
        "Consent.Created",
        "Consent.Started",
        "Consent.Granted",
    ]
    url = consents.consent_redirect_url(approved)
    assert url == (
        f"{REDIRECT}?consentId={approved['id']}&status=Accepted&resourceId={card_consent['card_id']}"
    )


def test_refuse_rejects_the_operation(bank: Bank, card_consent: dict[str, Any]) -> None:
    consents.start_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    refused = consents.refuse_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    assert refused["status"] == "CustomerRefused"
    card = bank.row("cards", card_consent["card_id"])
    assert (card["status"], card["status_reason"]) == ("Canceled", "ConsentCustomerRefused")
    assert bank.events(card_consent["consent_id"])[-1] == "Consent.Refused"


def test_credential_refused(bank: Bank, card_consent: dict[str, Any]) -> None:
    consents.start_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    refused = consents.refuse_consent(
        bank.env, card_consent["consent_id"], card_consent["user_id"], status="CredentialRefused"
    )
    assert refused["status"] == "CredentialRefused"
    with pytest.raises(ValueError):
        consents.refuse_consent(bank.env, card_consent["consent_id"], None, status="Accepted")


def test_approve_needs_a_started_consent(bank: Bank, card_consent: dict[str, Any]) -> None:
    with pytest.raises(Rejected) as caught:
        consents.approve_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    assert caught.value.payload == {
        "__typename": "NotReachableConsentStatusRejection",
        "message": f"Consent {card_consent['consent_id']} is Created: it cannot become "
        "OperationCommitting.",
        "current_status": "Created",
        "unreachable_status": "OperationCommitting",
    }


def test_another_user_cannot_decide(bank: Bank, card_consent: dict[str, Any]) -> None:
    intruder = create_user(bank.env, "+33655511111")
    for action in (consents.start_consent, consents.approve_consent, consents.refuse_consent):
        with pytest.raises(Rejected) as caught:
            action(bank.env, card_consent["consent_id"], intruder["id"])
        assert caught.value.payload["__typename"] == "ForbiddenRejection"
    with pytest.raises(Rejected) as caught:
        consents.start_consent(bank.env, "nope", intruder["id"])
    assert caught.value.payload["__typename"] == "ConsentNotFoundRejection"


def test_a_consent_for_nobody_becomes_the_opening_users(bank: Bank) -> None:
    consent = consents.create_consent(bank.env, bank.project_id, redirect_url=REDIRECT)
    user = create_user(bank.env, "+33655522222")
    started = consents.start_consent(bank.env, consent["id"], user["id"])
    assert started["user_id"] == user["id"]
    assert consents.approve_consent(bank.env, consent["id"], user["id"])["status"] == "Accepted"


def test_started_consent_expires_after_twenty_minutes(
    bank: Bank, card_consent: dict[str, Any]
) -> None:
    consents.start_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    assert bank.sim.advance("19m59s").timeline == []
    timeline = bank.sim.advance("1s").timeline
    assert timeline == [
        {
            "at": "2026-01-05T09:20:00.000Z",
            "environment": "sandbox",
            "work": "consent-expiry",
            "event": "Consent.Expired",
            "resource_id": card_consent["consent_id"],
            "summary": f"Consent {card_consent['consent_id']} expired before it was answered",
        }
    ]
    assert bank.row("consents", card_consent["consent_id"])["status"] == "Expired"
    card = bank.row("cards", card_consent["card_id"])
    assert (card["status"], card["status_reason"]) == ("Canceled", "ConsentExpired")
    with pytest.raises(Rejected) as caught:
        consents.approve_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    assert caught.value.payload["current_status"] == "Expired"


def test_unopened_consent_expires_after_seven_days(
    bank: Bank, card_consent: dict[str, Any]
) -> None:
    bank.sim.advance("6d23h")
    assert bank.row("consents", card_consent["consent_id"])["status"] == "Created"
    bank.sim.advance("1h")
    assert bank.row("consents", card_consent["consent_id"])["status"] == "Expired"


def test_a_late_decision_meets_expired_even_before_the_scheduler_runs(
    bank: Bank, card_consent: dict[str, Any]
) -> None:
    consents.start_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    bank.sim.clock.advance("25m")  # another process moved the clock; no due work ran
    with pytest.raises(Rejected) as caught:
        consents.approve_consent(bank.env, card_consent["consent_id"], card_consent["user_id"])
    assert caught.value.payload["current_status"] == "Expired"
    assert bank.row("consents", card_consent["consent_id"])["status"] == "Expired"
    assert bank.row("cards", card_consent["card_id"])["status"] == "Canceled"


def test_cancel_consent_cancels_the_pending_card(bank: Bank, card_consent: dict[str, Any]) -> None:
    result = bank.api.mutate(
        "cancelConsent", {"consentId": card_consent["consent_id"]}, "consent { id status }"
    )
    assert result["consent"]["status"] == "Canceled"
    assert bank.row("cards", card_consent["card_id"])["status"] == "Canceled"
    again = bank.api.mutate("cancelConsent", {"consentId": card_consent["consent_id"]})
    assert again["__typename"] == "NotReachableConsentStatusRejection"
    assert (again["currentStatus"], again["unreachableStatus"]) == ("Canceled", "Canceled")


def test_cancel_consent_of_an_accepted_consent_is_rejected(
    bank: Bank, card_consent: dict[str, Any]
) -> None:
    bank.approve(card_consent["consent_id"])
    result = bank.api.mutate("cancelConsent", {"consentId": card_consent["consent_id"]})
    assert result["__typename"] == "NotReachableConsentStatusRejection"
    assert result["currentStatus"] == "Accepted"
    unknown = bank.api.mutate("cancelConsent", {"consentId": "nope"})
    assert unknown == {
        "__typename": "ConsentNotFoundRejection",
        "message": "Consent nope was not found.",
        "consentId": "nope",
    }


def test_auto_consent_user_approves_at_once(bank: Bank) -> None:
    user = create_user(bank.env, "+33655533333", auto_consent=True)
    account_id = bank.holder(legal_representative_phone=user["phone_number"])["account_id"]
    added = bank.add_card(account_id, success="card { cardMaskedNumber }")
    assert added["card"]["statusInfo"] == {"status": "Enabled"}
    assert added["card"]["cardMaskedNumber"].startswith("535545******")
    consent_id = bank.row("cards", added["card"]["id"])["consent_id"]
    assert bank.row("consents", consent_id)["status"] == "Accepted"


def test_auto_consent_is_a_sandbox_feature(sim: Any) -> None:
    from simulator.domain.accounts.accounts import create_account_holder
    from simulator.domain.cards.cards import add_card
    from simulator.domain.kernel.context import Principal

    live = sim.live
    project = sim.create_project("live", "Live", [REDIRECT])
    user = create_user(live, "+33655544444", auto_consent=True)
    created = create_account_holder(
        live,
        project.project_id,
        first_name="L",
        last_name="Ive",
        legal_representative_phone=user["phone_number"],
    )
    membership = live.store.db.execute(
        "SELECT id FROM account_memberships WHERE account_id = ?", [created["account_id"]]
    ).fetchone()[0]
    card, consent = add_card(
        live, Principal(live.name, project.project_id), membership, consent_redirect_url=REDIRECT
    )
    assert (card["status"], consent["status"]) == ("ConsentPending", "Created")


def test_testing_api_decisions(bank: Bank, card_consent: dict[str, Any]) -> None:
    approved = bank.approve(card_consent["consent_id"])
    assert approved["status"] == "Accepted"
    again = bank.approve(card_consent["consent_id"])
    assert again["__typename"] == "NotReachableConsentStatusRejection"
    refused = bank.refuse(card_consent["consent_id"])
    assert refused["__typename"] == "NotReachableConsentStatusRejection"
    for decide in (bank.approve, bank.refuse):
        assert decide("nope") == {
            "__typename": "ConsentNotFoundRejection",
            "message": "Consent nope was not found.",
            "consentId": "nope",
        }


def test_user_token_sees_only_its_consents(bank: Bank, card_consent: dict[str, Any]) -> None:
    owner = bank.user_client(card_consent["user_id"])
    other_user = create_user(bank.env, "+33655555555")
    other = bank.user_client(other_user["id"])
    assert owner.query("{ consents { totalCount } }")["consents"]["totalCount"] == 1
    assert other.query("{ consents { totalCount } }")["consents"]["totalCount"] == 0
    data = bank.api.query("{ consents { totalCount } }")
    assert data["consents"]["totalCount"] == 1


def test_transition_table_is_what_the_domain_enforces(bank: Bank) -> None:
    """Every (status, target) pair: allowed ones are in TRANSITIONS, the rest are rejected."""
    assert TRANSITIONS["Created"] == ("Started", "Canceled", "Expired")
    assert set(TRANSITIONS["Started"]) == {
        "OperationCommitting",
        "CustomerRefused",
        "CredentialRefused",
        "Canceled",
        "Expired",
    }
    assert TRANSITIONS["OperationCommitting"] == ("Accepted", "Failed")
    for final in ("Accepted", "CustomerRefused", "CredentialRefused", "Expired", "Failed"):
        assert final not in TRANSITIONS


def test_representative_is_the_consenting_user(bank: Bank, card_consent: dict[str, Any]) -> None:
    representative = find_user_by_phone(bank.env, "+33699900001")
    assert representative is not None
    assert card_consent["user_id"] == representative["id"]


def test_update_sandbox_user_switches_auto_consent_on(bank: Bank) -> None:
    """The Testing API replaces a Sandbox user's identity (its auto consent too);
    identification levels left out stay."""
    user = create_user(
        bank.env,
        "+33655544444",
        first_name="Ada",
        last_name="Lovelace",
        identification_levels=["Expert"],
        project_id=bank.project_id,
    )
    account_id = bank.holder(legal_representative_phone=user["phone_number"])["account_id"]
    fields = (
        "sandboxUser { id firstName lastName birthDate nationalityCCA3 autoConsent"
        " identificationLevels { expert QES } }"
    )
    updated = bank.testing.mutate("updateSandboxUser", {**ADA, "id": user["id"]}, fields)
    assert updated["sandboxUser"] == {
        "id": user["id"],
        "firstName": "Ada",
        "lastName": "Byron",
        "birthDate": "1990-04-21",
        "nationalityCCA3": "GBR",
        "identificationLevels": {"expert": True, "QES": False},
        "autoConsent": True,
    }
    assert bank.events(user["id"]) == ["User.Updated"]
    card = bank.add_card(account_id)["card"]
    assert card["statusInfo"] == {"status": "Enabled"}
    assert bank.row("consents", bank.row("cards", card["id"])["consent_id"])["status"] == "Accepted"


def test_update_sandbox_user_rejections(bank: Bank) -> None:
    user = create_user(bank.env, "+33655555555", first_name="Ada", project_id=bank.project_id)
    assert bank.testing.mutate("updateSandboxUser", {**ADA, "id": "nope"}) == {
        "__typename": "SandboxUserNotFoundRejection",
        "message": "No Sandbox user nope.",
        "userId": "nope",
    }
    bad = bank.testing.mutate(
        "updateSandboxUser",
        {**ADA, "id": user["id"], "firstName": "Bob", "birthDate": "1990-13-01"},
    )
    assert bad["__typename"] == "ValidationRejection"
    unknown_country = bank.testing.mutate(
        "updateSandboxUser", {**ADA, "id": user["id"], "nationalityCCA3": "ZZZ"}
    )
    assert unknown_country["__typename"] == "NationalityNotFoundRejection"
    assert unknown_country["identifier"] == "ZZZ"
    assert bank.row("users", user["id"])["first_name"] == "Ada"  # nothing half-written
    assert bank.events(user["id"]) == []
