"""The Partner API's consent and user actions with the real names: acceptConsent,
createMultiConsent, updateUserConsentSettings, deactivateUser."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.consents.consent_descriptions import describe_consent

from .banking_support import CARD_CONSENT, CARD_SWITCHES, REDIRECT, Bank, card_consent_id


@pytest.fixture
def account(bank: Bank) -> dict[str, Any]:
    return bank.holder()


def _card_consent(bank: Bank, account_id: str) -> tuple[str, str]:
    added = bank.api.mutate(
        "addCard",
        {
            "accountMembershipId": bank.legal_membership(account_id),
            "consentRedirectUrl": REDIRECT,
            **CARD_SWITCHES,
        },
        f"card {{ id {CARD_CONSENT} }}",
    )
    return added["card"]["id"], card_consent_id(added["card"])


def _generic_consent(bank: Bank, user_id: str | None) -> str:
    input = {"redirectUrl": REDIRECT, **({"userId": user_id} if user_id else {})}
    return str(bank.testing.mutate("createSandboxConsent", input, "consentId")["consentId"])


def test_accept_consent_by_its_user(bank: Bank, account: dict[str, Any]) -> None:
    user_id = account["user_id"]
    as_user = bank.user_client(user_id)
    consent_id = _generic_consent(bank, user_id)
    accepted = as_user.mutate("acceptConsent", {"consentId": consent_id}, "consent { status }")
    assert accepted == {
        "__typename": "AcceptConsentSuccessPayload",
        "consent": {"status": "Accepted"},
    }
    again = as_user.mutate("acceptConsent", {"consentId": consent_id})
    assert again["__typename"] == "NotReachableConsentStatusRejection"
    _, card_consent = _card_consent(bank, account["account_id"])
    refused = as_user.mutate("acceptConsent", {"consentId": card_consent})
    assert refused["__typename"] == "AcceptConsentNotAllowedForConsentPurposeRejection"
    assert bank.row("consents", card_consent)["status"] == "Created"
    project = bank.api.mutate("acceptConsent", {"consentId": _generic_consent(bank, user_id)})
    assert project["__typename"] == "OperationNotAllowedRejection"
    unknown = as_user.mutate("acceptConsent", {"consentId": "nope"})
    assert unknown == {
        "__typename": "ConsentNotFoundRejection",
        "message": unknown["message"],
        "consentId": "nope",
    }


def test_a_multi_consent_applies_its_children_in_order(bank: Bank, account: dict[str, Any]) -> None:
    account_id = account["account_id"]
    (card_a, consent_a), (card_b, consent_b) = (
        _card_consent(bank, account_id),
        _card_consent(bank, account_id),
    )
    created = bank.api.mutate(
        "createMultiConsent",
        {
            "orderedConsentIds": [
                {"consentId": consent_a, "order": 1},
                {"consentId": consent_b, "order": 0},
            ],
            "redirectUrl": REDIRECT,
        },
        "consent { id purpose status userId }",
    )
    parent = created["consent"]
    assert (parent["purpose"], parent["status"]) == ("ConsentToMultipleConsents", "Created")
    assert parent["userId"] == account["user_id"]
    linked = bank.api.mutate(
        "createMultiConsent",
        {"orderedConsentIds": [{"consentId": consent_a}], "redirectUrl": REDIRECT},
    )
    assert linked["__typename"] == "ConsentsAlreadyLinkedToMultiConsentRejection"
    assert linked["consentIds"] == [consent_a]
    page = describe_consent(bank.env, bank.row("consents", parent["id"]))
    assert page.title == "Approve several operations"
    assert page.summary.endswith("asks you to approve 2 operations at once.")
    bank.approve(parent["id"])
    assert bank.row("consents", parent["id"])["status"] == "Accepted"
    for card_id, consent_id in ((card_a, consent_a), (card_b, consent_b)):
        assert bank.row("consents", consent_id)["status"] == "Accepted"
        assert bank.row("cards", card_id)["status"] == "Enabled"
    # The order: the child of order 0 was granted first.
    granted = bank.env.store.db.execute(
        "SELECT resource_id FROM events WHERE event_type = 'Consent.Granted' "
        "AND resource_id IN (?, ?) ORDER BY sequence",
        [consent_a, consent_b],
    ).fetchall()
    assert [row[0] for row in granted] == [consent_b, consent_a]


def test_a_refused_multi_consent_refuses_its_children(bank: Bank, account: dict[str, Any]) -> None:
    card_id, consent_id = _card_consent(bank, account["account_id"])
    parent = bank.api.mutate(
        "createMultiConsent",
        {"orderedConsentIds": [{"consentId": consent_id}], "redirectUrl": REDIRECT},
        "consent { id }",
    )["consent"]["id"]
    bank.refuse(parent)
    assert bank.row("consents", consent_id)["status"] == "CustomerRefused"
    assert bank.row("cards", card_id)["status"] != "Enabled"


def test_multi_consent_rejections(bank: Bank, account: dict[str, Any]) -> None:
    def create(*ids: str) -> dict[str, Any]:
        items = [{"consentId": consent_id} for consent_id in ids]
        return bank.api.mutate(
            "createMultiConsent", {"orderedConsentIds": items, "redirectUrl": REDIRECT}
        )

    assert create()["__typename"] == "TooManyChildConsentsRejection"
    missing = create("nope")
    assert (missing["__typename"], missing["ids"]) == ("ConsentsNotFoundRejection", ["nope"])
    _, consent_id = _card_consent(bank, account["account_id"])
    bank.approve(consent_id)
    done = create(consent_id)
    assert done["__typename"] == "ConsentsNotAllInCreatedStatusRejection"
    assert done["consentIds"] == [consent_id]
    other_user = bank.holder(first="Grace")["account_id"]
    _, mine = _card_consent(bank, account["account_id"])
    _, theirs = _card_consent(bank, other_user)
    assert create(mine, theirs)["__typename"] == "ConsentsNotFoundRejection"
    assert bank.row("consents", mine)["parent_consent_id"] is None  # nothing half-written


def test_update_user_consent_settings(bank: Bank, account: dict[str, Any]) -> None:
    user_id = account["user_id"]
    input = {"userId": user_id, "preferredNotificationChannel": "App"}
    updated = bank.api.mutate(
        "updateUserConsentSettings",
        input,
        "userConsentSettings { projectId userId preferredNotificationChannel }",
    )
    assert updated["userConsentSettings"] == {
        "projectId": bank.project_id,
        "userId": user_id,
        "preferredNotificationChannel": "App",
    }
    shown = bank.api.query('{ user(id: "%s") { preferredNotificationChannel } }' % user_id)
    assert shown["user"] == {"preferredNotificationChannel": "App"}
    as_user = bank.user_client(user_id).mutate("updateUserConsentSettings", input)
    assert as_user["__typename"] == "UpdateUserConsentSettingsTokenRejection"
    body = bank.api.post(
        'mutation { updateUserConsentSettings(input: {userId: "nope", '
        "preferredNotificationChannel: Sms}) { __typename } }"
    )
    assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"


DEACTIVATE = "user { id status }"


def test_deactivate_user(bank: Bank, account: dict[str, Any]) -> None:
    representative = bank.api.mutate("deactivateUser", {"userId": account["user_id"]})
    assert representative["__typename"] == "UserCannotBeDeactivatedRejection"
    user_id = bank.testing.mutate(
        "createSandboxUser",
        {
            "firstName": "Eve",
            "lastName": "Smith",
            "birthDate": "1990-01-01",
            "nationalityCCA3": "FRA",
            "autoConsent": False,
        },
        "sandboxUser { id }",
    )["sandboxUser"]["id"]
    done = bank.api.mutate("deactivateUser", {"userId": user_id}, DEACTIVATE)
    assert done == {
        "__typename": "DeactivateUserSuccess",
        "user": {"id": user_id, "status": "Deactivated"},
    }
    assert bank.events(user_id)[-1] == "User.Deactivated"
    shown = bank.api.query('{ user(id: "%s") { mobilePhoneNumber status } }' % user_id)
    assert shown["user"] == {"mobilePhoneNumber": None, "status": "Deactivated"}
    again = bank.api.mutate("deactivateUser", {"userId": user_id})
    assert (again["__typename"], again["userId"]) == ("UserAlreadyDeactivatedRejection", user_id)
    unknown = bank.api.mutate("deactivateUser", {"userId": "nope"})
    assert (unknown["__typename"], unknown["id"]) == ("UserNotFoundRejection", "nope")
    # A deactivated user accepts no consent.
    consent_id = _generic_consent(bank, user_id)
    blocked = bank.user_client(user_id).mutate("acceptConsent", {"consentId": consent_id})
    assert blocked["__typename"] == "NotAllowedUserStatusRejection"


def test_a_failed_child_fails_the_multi_consent(bank: Bank, account: dict[str, Any]) -> None:
    """As the real service documents: children accepted before the failed one stay accepted,
    those after it are canceled, and the multi-consent ends Failed."""
    account_id = account["account_id"]
    bank.fund(account_id, "100.00")
    # The same user's second account, suspended once its transfer waits: that one cannot pay.
    phone = bank.row("users", account["user_id"])["phone_number"]
    other = bank.holder("Ada", "Lovelace", legal_representative_phone=phone)["account_id"]
    bank.fund(other, "100.00")
    first, second = bank.transfer(account_id, "80.00"), bank.transfer(other, "80.00")
    bank.testing.mutate("suspendSandboxAccount", {"accountId": other})
    card_id, card_consent = _card_consent(bank, account_id)
    ordered = [first["consent"]["id"], second["consent"]["id"], card_consent]
    parent = bank.api.mutate(
        "createMultiConsent",
        {
            "orderedConsentIds": [
                {"consentId": consent_id, "order": order}
                for order, consent_id in enumerate(ordered)
            ],
            "redirectUrl": REDIRECT,
        },
        "consent { id }",
    )["consent"]["id"]
    assert bank.approve(parent)["status"] == "Failed"
    statuses = [bank.row("consents", consent_id)["status"] for consent_id in ordered]
    assert statuses == ["Accepted", "Failed", "Canceled"]
    assert bank.row("cards", card_id)["status"] != "Enabled"
