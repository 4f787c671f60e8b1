"""Physical cards: print through a consent, reception, activation by the holder, suspend,
resume, cancel, renewal; viewing card numbers and the PIN through consents."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.consents.consent_descriptions import describe_consent
from simulator.domain.users.users import create_user

from .banking_support import ADDRESS, REDIRECT, Bank

PHYSICAL = (
    "physicalCard { identifier cardMaskedNumber expiryDate offlineSpendingLimit { value } "
    "customOptions { customCardHolderName } previousPhysicalCards { identifier isExpired } "
    "statusInfo { __typename status "
    "... on PhysicalCardConsentPendingStatusInfo { consent { id purpose } } "
    "... on PhysicalCardToActivateStatusInfo { isPINReady trackingNumber estimatedDeliveryDate "
    "address { city country } } "
    "... on PhysicalCardSuspendedStatusInfo { reason } "
    "... on PhysicalCardCanceledStatusInfo { reason } "
    "... on PhysicalCardRenewedStatusInfo { newPhysicalCard { identifier } } } }"
)


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    return str(account_id)


def physical_of(bank: Bank, card_id: str) -> dict[str, Any]:
    card = bank.api.query(
        f"query($id: ID!) {{ card(cardId: $id) {{ type {PHYSICAL} }} }}", {"id": card_id}
    )["card"]
    assert card["type"] == "VirtualAndPhysical"
    physical: dict[str, Any] = card["physicalCard"]
    return physical


def test_print_receive_activate(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    printed = bank.api.mutate(
        "printPhysicalCard",
        {
            "cardId": card_id,
            "address": ADDRESS,
            "physicalCardCustomOptions": {"customCardHolderName": "A. LOVELACE"},
            "consentRedirectUrl": REDIRECT,
        },
        PHYSICAL,
    )["physicalCard"]
    info = printed["statusInfo"]
    assert (info["status"], info["consent"]["purpose"]) == ("ConsentPending", "PrintPhysicalCard")
    bank.approve(info["consent"]["id"])
    delivered = bank.testing.mutate(
        "simulatePhysicalCardDelivery", {"cardId": card_id, "trackingNumber": "TRK1"}
    )
    assert delivered["__typename"] == "SimulationSuccessfulResponse"
    physical = physical_of(bank, card_id)
    assert physical["statusInfo"]["status"] == "ToActivate"
    assert physical["statusInfo"]["trackingNumber"] == "TRK1"
    assert physical["statusInfo"]["address"] == {"city": "Paris", "country": "FRA"}
    assert physical["customOptions"] == {"customCardHolderName": "A. LOVELACE"}
    # Only a received card may be used; the holder activates it with its identifier.
    assert bank.authorize(card_id, cardType="Physical")["rejectedReason"] == "CardNotActivated"
    received = bank.testing.mutate(
        "physicalCardReception", {"cardId": card_id}, "physicalCardIdentifier"
    )
    identifier = received["physicalCardIdentifier"]
    assert identifier == physical["identifier"]
    activation = bank.api.mutate(
        "activatePhysicalCard",
        {"identifier": identifier, "consentRedirectUrl": REDIRECT},
        "consent { id purpose }",
    )
    assert activation["consent"]["purpose"] == "ActivatePhysicalCard"
    bank.approve(activation["consent"]["id"])
    assert physical_of(bank, card_id)["statusInfo"]["status"] == "Activated"
    assert bank.authorize(card_id, cardType="Physical")["rejectedReason"] is None


def test_print_rejections(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    bad = bank.api.mutate(
        "printPhysicalCard",
        {
            "cardId": card_id,
            "address": {**ADDRESS, "country": "FR"},
            "consentRedirectUrl": REDIRECT,
        },
    )
    assert bad["__typename"] == "ValidationRejection"
    assert bad["fields"][0]["path"] == ["input", "address", "country"]
    bank.print_card(card_id)
    again = bank.api.mutate(
        "printPhysicalCard",
        {"cardId": card_id, "address": ADDRESS, "consentRedirectUrl": REDIRECT},
    )
    assert again["__typename"] == "AlreadyValidPhysicalCardRejection"
    unknown = bank.api.mutate(
        "printPhysicalCard", {"cardId": "nope", "address": ADDRESS, "consentRedirectUrl": REDIRECT}
    )
    assert unknown == {
        "__typename": "CardNotFoundRejection",
        "message": "Card nope was not found.",
        "id": "nope",
    }
    reception = bank.testing.mutate("physicalCardReception", {"cardId": "nope"}, "")
    assert (reception["__typename"], reception["code"]) == (
        "SimulationRejection",
        "CouldNotObtainIdentifier",
    )


def test_suspend_resume_cancel(bank: Bank, account: str) -> None:
    card_id = bank.activated_card(account)
    suspended = bank.api.mutate("suspendPhysicalCard", {"cardId": card_id}, PHYSICAL)
    assert suspended["physicalCard"]["statusInfo"]["status"] == "Suspended"
    declined = bank.authorize(card_id, cardType="Physical")
    assert declined["rejectedReason"] == "CardSuspended"
    # The virtual card still pays online.
    assert bank.authorize(card_id, cardType="Virtual")["rejectedReason"] is None
    resumed = bank.api.mutate(
        "resumePhysicalCard",
        {"cardId": card_id, "consentRedirectUrl": REDIRECT},
        "consent { id purpose }",
    )
    assert resumed["consent"]["purpose"] == "ResumePhysicalCard"
    bank.approve(resumed["consent"]["id"])
    assert physical_of(bank, card_id)["statusInfo"]["status"] == "Activated"
    not_suspended = bank.api.mutate(
        "resumePhysicalCard", {"cardId": card_id, "consentRedirectUrl": REDIRECT}
    )
    assert not_suspended["__typename"] == "PhysicalCardWrongStatusRejection"
    assert (not_suspended["currentStatus"], not_suspended["expectedStatus"]) == (
        "Activated",
        "Suspended",
    )
    assert not_suspended["identifier"] == physical_of(bank, card_id)["identifier"]
    canceled = bank.api.mutate(
        "cancelPhysicalCard", {"cardId": card_id, "reason": "Lost"}, PHYSICAL
    )
    assert canceled["physicalCard"]["statusInfo"] == {
        "__typename": "PhysicalCardCanceledStatusInfo",
        "status": "Canceled",
        "reason": "Lost",
    }
    assert bank.row("cards", card_id)["status"] == "Enabled"  # the virtual card stays
    # A new physical card may be printed; the canceled one is listed before it.
    bank.print_card(card_id)
    assert len(physical_of(bank, card_id)["previousPhysicalCards"]) == 1


def test_physical_card_of_a_card_without_one(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    for name, input in (
        ("suspendPhysicalCard", {"cardId": card_id}),
        ("cancelPhysicalCard", {"cardId": card_id, "reason": "Stolen"}),
        ("resumePhysicalCard", {"cardId": card_id, "consentRedirectUrl": REDIRECT}),
    ):
        result = bank.api.mutate(name, input)
        assert result["__typename"] == "PhysicalCardNotFoundRejection", name
    activation = bank.api.mutate(
        "activatePhysicalCard", {"identifier": "000000000", "consentRedirectUrl": REDIRECT}
    )
    assert activation["__typename"] == "PhysicalCardNotFoundRejection"


def test_renewal(bank: Bank, account: str) -> None:
    card_id = bank.activated_card(account)
    before = physical_of(bank, card_id)["identifier"]
    early = bank.api.mutate("confirmPhysicalCardRenewal", {"cardId": card_id, "address": ADDRESS})
    assert early["__typename"] == "PhysicalCardWrongStatusRejection"
    due = bank.testing.mutate(
        "simulatePhysicalCardRenewalProcess",
        {"cardId": card_id, "status": "ToRenew"},
        "physicalCard { statusInfo { status } }",
    )
    assert due["physicalCard"]["statusInfo"]["status"] == "ToRenew"
    renewed = bank.api.mutate(
        "confirmPhysicalCardRenewal", {"cardId": card_id, "address": ADDRESS}, PHYSICAL
    )["physicalCard"]
    assert renewed["statusInfo"]["status"] == "Renewed"
    assert renewed["identifier"] != before
    assert renewed["statusInfo"]["newPhysicalCard"]["identifier"] == renewed["identifier"]
    assert [card["identifier"] for card in renewed["previousPhysicalCards"]] == [before]
    activation = bank.api.mutate(
        "activatePhysicalCard",
        {"identifier": renewed["identifier"], "consentRedirectUrl": REDIRECT},
        "consent { id }",
    )
    bank.approve(activation["consent"]["id"])
    assert physical_of(bank, card_id)["statusInfo"]["status"] == "Activated"


def test_renewal_canceled(bank: Bank, account: str) -> None:
    card_id = bank.activated_card(account)
    bank.testing.mutate(
        "simulatePhysicalCardRenewalProcess", {"cardId": card_id, "status": "ToRenew"}
    )
    kept = bank.api.mutate("cancelPhysicalCardRenewal", {"cardId": card_id}, PHYSICAL)
    assert kept["physicalCard"]["statusInfo"]["status"] == "Activated"
    wrong = bank.testing.mutate(
        "simulatePhysicalCardRenewalProcess", {"cardId": card_id, "status": "Renewed"}
    )
    assert wrong["__typename"] == "PhysicalCardWrongStatusRejection"


def test_view_card_numbers_through_a_consent(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    asked = bank.api.mutate(
        "viewCardNumbers",
        {"cardId": card_id, "consentRedirectUrl": REDIRECT},
        "consent { id purpose }",
    )
    assert asked["consent"]["purpose"] == "ViewCardNumbers"
    too_early = bank.api.mutate("viewCardNumbersWithConsent", {"consentId": asked["consent"]["id"]})
    assert too_early["__typename"] == "CardSensitiveInfoNoLongerAvailableRejection"
    bank.approve(asked["consent"]["id"])
    shown = bank.api.mutate(
        "viewCardNumbersWithConsent",
        {"consentId": asked["consent"]["id"]},
        "cardholderName panIframeUrl cvvIframeUrl expiryDateIframeUrl",
    )
    assert shown["cardholderName"] == "Ada Lovelace"
    assert shown["panIframeUrl"].startswith(f"https://card-numbers.invalid/{card_id}/pan")
    assert bank.api.mutate("viewCardNumbers", {"cardId": "nope", "consentRedirectUrl": REDIRECT})[
        "__typename"
    ] == ("CardNotFoundRejection")


def test_view_physical_card_numbers_and_pin(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    bank.print_card(card_id)
    for name, purpose in (
        ("viewPhysicalCardNumbers", "ViewCardNumbers"),
        ("viewPhysicalCardPin", "ViewPhysicalCardPin"),
    ):
        asked = bank.api.mutate(
            name, {"cardId": card_id, "consentRedirectUrl": REDIRECT}, "consent { purpose }"
        )
        assert asked["consent"]["purpose"] == purpose, name


def test_dataset_cards_with_a_physical_card(bank: Bank) -> None:
    bank.testing.mutate("loadSandboxDataset", {"dataset": "default"}, "created")
    cards = bank.api.query(
        f"{{ cards(filters: {{type: VirtualAndPhysical}}) {{ edges {{ node {{ id {PHYSICAL} }} }} }} }}"
    )["cards"]["edges"]
    assert len(cards) == 1
    physical = cards[0]["node"]["physicalCard"]
    assert physical["statusInfo"]["status"] == "Activated"
    assert len(physical["identifier"]) == 10
    assert physical["expiryDate"] is not None


def test_add_cards_with_group_delivery(bank: Bank, account: str) -> None:
    membership = bank.legal_membership(account)
    config = {
        "accountMembershipId": membership,
        "withdrawal": True,
        "international": True,
        "nonMainCurrencyTransactions": True,
        "eCommerce": True,
        "spendingLimit": {"amount": {"value": "200.00", "currency": "EUR"}, "period": "Monthly"},
    }
    office = {
        **ADDRESS,
        "firstName": "Grace",
        "lastName": "Hopper",
        "companyName": "Analytical Engines",
        "phoneNumber": "+33612345678",
    }
    added = bank.api.mutate(
        "addCardsWithGroupDelivery",
        {
            "cards": [
                {**config, "name": "Printed", "printPhysicalCard": True},
                {**config, "name": "Virtual only", "printPhysicalCard": False},
            ],
            "groupDeliveryAddress": office,
            "consentRedirectUrl": REDIRECT,
        },
        "cards { id type statusInfo { ... on CardConsentPendingStatusInfo "
        "{ consent { id purpose } } } }",
    )
    printed, virtual = added["cards"]
    assert (printed["type"], virtual["type"]) == ("VirtualAndPhysical", "Virtual")
    consent = printed["statusInfo"]["consent"]
    assert consent["purpose"] == "AddCards"
    assert virtual["statusInfo"]["consent"]["id"] == consent["id"]
    bank.approve(consent["id"])
    physical = physical_of(bank, printed["id"])
    assert physical["statusInfo"]["status"] == "ToActivate"
    assert physical["statusInfo"]["address"] == {"city": "Paris", "country": "FRA"}
    bad = bank.api.mutate(
        "addCardsWithGroupDelivery",
        {
            "cards": [{**config, "printPhysicalCard": True}],
            "groupDeliveryAddress": {**office, "city": " ", "country": "FR"},
            "consentRedirectUrl": REDIRECT,
        },
    )
    assert bad["__typename"] == "ValidationRejection"
    assert [field["path"][-1] for field in bad["fields"]] == ["city", "country"]


def test_rejections_the_real_unions_lack_are_forbidden(bank: Bank, account: str) -> None:
    """The real payload unions have no PhysicalCardNotFoundRejection for these: the simulator
    answers the union's ForbiddenRejection (never an internal error)."""
    card_id = bank.enabled_card(account)
    numbers = bank.api.mutate(
        "viewPhysicalCardNumbers", {"cardId": card_id, "consentRedirectUrl": REDIRECT}
    )
    assert numbers["__typename"] == "ForbiddenRejection"
    renewal = bank.api.mutate("confirmPhysicalCardRenewal", {"cardId": card_id, "address": ADDRESS})
    assert renewal["__typename"] == "ForbiddenRejection"
    assert card_id in renewal["message"]


def test_print_needs_the_card_permission(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    viewer = create_user(bank.env, "+33655577790")
    bank.env.store.db["account_memberships"].insert(
        {
            "id": "m-viewer",
            "project_id": bank.project_id,
            "account_id": account,
            "user_id": viewer["id"],
            "can_view_account": 1,
            "status": "Enabled",
            "created_at": "2026-01-05T09:00:00.000Z",
        }
    )
    printed = bank.user_client(viewer["id"]).mutate(
        "printPhysicalCard", {"cardId": card_id, "address": ADDRESS, "consentRedirectUrl": REDIRECT}
    )
    # PrintPhysicalCardPayload has no ForbiddenRejection.
    assert printed["__typename"] == "AccountMembershipNotAllowedRejection"
    assert "canManageCards" in printed["message"]


def test_the_consent_page_describes_each_card_consent(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    update = bank.api.mutate(
        "updateCard",
        {
            "cardId": card_id,
            "consentRedirectUrl": REDIRECT,
            "withdrawal": True,
            "international": True,
            "nonMainCurrencyTransactions": True,
            "eCommerce": False,
            "name": "Groceries",
        },
        "consent { id }",
    )["consent"]["id"]
    described = describe_consent(bank.env, bank.row("consents", update))
    assert described.title == "Approve changing a card"
    assert described.summary == "Test project asks to change the settings of Ada Lovelace's card."
    rows = dict(described.sections[0].rows)
    assert (rows["New: Name"], rows["New: Online payments"]) == ("Groceries", "not allowed")
    printed = bank.api.mutate(
        "printPhysicalCard",
        {"cardId": card_id, "address": ADDRESS, "consentRedirectUrl": REDIRECT},
        "physicalCard { statusInfo { ... on PhysicalCardConsentPendingStatusInfo "
        "{ consent { id } } } }",
    )["physicalCard"]["statusInfo"]["consent"]["id"]
    described = describe_consent(bank.env, bank.row("consents", printed))
    assert described.summary.endswith("print a physical card for Ada Lovelace's card.")
