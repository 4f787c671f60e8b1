"""What a new card is asked for with beyond its switches: its card product, the end of its
contract (canceled then, on the virtual clock), a spending limit's mode, the numbers of the
project owner's single-use card, viewing the numbers through the AddCard consent, and the
printed card's shipping provider, PIN choice and holder name."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from simulator.clock import format_timestamp
from simulator.domain.cards.card_products import card_product_id
from simulator.domain.users.users import create_user

from .banking_support import ADDRESS, CARD_SWITCHES, REDIRECT, Bank, card_consent_id

CARD = (
    "card { id expiryDate cardContractExpiryDate cardMaskedNumber cardProduct { id } "
    "statusInfo { status ... on CardConsentPendingStatusInfo { consent { id } } "
    "... on CardCanceledStatusInfo { reason } } }"
)


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    return str(account_id)


def _card(bank: Bank, card_id: str, fields: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ card(cardId: $id) {{ {fields} }} }}"
    card: dict[str, Any] = bank.api.query(query, {"id": card_id})["card"]
    return card


def _cards(bank: Bank) -> int:
    return int(bank.env.store.db.execute("SELECT COUNT(*) FROM cards").fetchone()[0])


def _now(bank: Bank) -> str:
    return format_timestamp(bank.sim.now())


def _in_days(bank: Bank, days: int) -> str:
    return format_timestamp(bank.sim.now() + timedelta(days=days, hours=1))


def test_card_product_id_names_the_project_product(bank: Bank, account: str) -> None:
    mine = card_product_id(bank.project_id)
    added = bank.add_card(account, success=CARD, cardProductId=mine)
    assert added["card"]["cardProduct"] == {"id": mine}
    assert bank.row("cards", added["card"]["id"])["card_product_id"] == mine
    before = _cards(bank)
    # Another project's product (or any other id) is not this project's: nothing is made.
    other = bank.add_card(account, cardProductId=card_product_id("another-project"))
    assert other["__typename"] == "ValidationRejection"
    assert other["fields"][0]["path"] == ["input", "cardProductId"]
    many = bank.api.mutate(
        "addCards",
        {
            "cards": [
                {
                    "accountMembershipId": bank.legal_membership(account),
                    "spendingLimit": {
                        "amount": {"value": "50", "currency": "EUR"},
                        "period": "Daily",
                    },
                    **CARD_SWITCHES,
                }
            ],
            "consentRedirectUrl": REDIRECT,
            "cardProductId": "nope",
        },
    )
    assert many["__typename"] == "ValidationRejection"
    assert _cards(bank) == before


def test_contract_end_cancels_the_card_on_the_virtual_clock(bank: Bank, account: str) -> None:
    ends = _in_days(bank, 10)
    added = bank.add_card(account, success=CARD, cardContractExpiryDate=ends)
    card_id = added["card"]["id"]
    bank.approve(card_consent_id(added["card"]))
    card = _card(bank, card_id, "cardContractExpiryDate expiryDate statusInfo { status }")
    assert card["cardContractExpiryDate"] == ends
    assert card["expiryDate"] == f"{ends[5:7]}/{ends[2:4]}"  # no later than the contract
    bank.sim.advance("9d")
    assert _card(bank, card_id, "statusInfo { status }")["statusInfo"]["status"] == "Enabled"
    timeline = bank.sim.advance("2d").timeline
    assert any(entry["work"] == "card-contract-end" for entry in timeline)
    status = _card(bank, card_id, "statusInfo { status ... on CardCanceledStatusInfo { reason } }")
    assert status["statusInfo"] == {"status": "Canceled", "reason": "CardContractExpired"}
    assert bank.events(card_id)[-1] == "Card.Updated"


def test_contract_end_must_be_future_and_within_the_validity(bank: Bank, account: str) -> None:
    before = _cards(bank)
    for when in ("2020-01-01T00:00:00Z", "2099-01-01T00:00:00Z", "soon"):
        refused = bank.add_card(account, cardContractExpiryDate=when)
        assert refused["__typename"] == "ValidationRejection", when
        assert refused["fields"][0]["path"] == ["input", "cardContractExpiryDate"]
    assert _cards(bank) == before


def test_single_use_card_contract_defaults_to_30_days(bank: Bank, account: str) -> None:
    card_id = bank.single_use_card(account)
    card = _card(bank, card_id, "cardContractExpiryDate")
    assert card["cardContractExpiryDate"] > _now(bank)
    bank.sim.advance("31d")
    assert _card(bank, card_id, "statusInfo { status }")["statusInfo"]["status"] == "Canceled"


def test_update_card_moves_the_contract_end(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    ends = _in_days(bank, 5)
    asked = bank.api.mutate(
        "updateCard",
        {
            "cardId": card_id,
            "consentRedirectUrl": REDIRECT,
            "cardContractExpiryDate": ends,
            **CARD_SWITCHES,
        },
        "consent { id }",
    )
    assert _card(bank, card_id, "cardContractExpiryDate")["cardContractExpiryDate"] is None
    bank.approve(asked["consent"]["id"])
    assert _card(bank, card_id, "cardContractExpiryDate")["cardContractExpiryDate"] == ends


MODE = (
    "spendingLimits { period mode { __typename "
    "... on SpendingLimitRollingMode { rollingValue } "
    "... on SpendingLimitCalendarWeekMode { startHour startWeekDay } } } "
    "spending { timeRange { start end } }"
)


def test_spending_limit_modes(bank: Bank, account: str) -> None:
    rolling = {
        "amount": {"value": "50", "currency": "EUR"},
        "period": "Daily",
        "mode": {"rolling": {"rollingValue": 2}},
    }
    card_id = bank.enabled_card(account, spendingLimit=rolling)
    card = _card(bank, card_id, MODE)
    assert card["spendingLimits"][0]["mode"] == {
        "__typename": "SpendingLimitRollingMode",
        "rollingValue": 2,
    }
    assert card["spending"]["timeRange"]["end"] == _now(bank)
    weekly = {
        "amount": {"value": "50", "currency": "EUR"},
        "period": "Weekly",
        "mode": {"calendar": {"weekly": {"startHour": 6, "startDay": "Wednesday"}}},
    }
    card = _card(bank, bank.enabled_card(account, spendingLimit=weekly), MODE)
    assert card["spendingLimits"][0]["mode"] == {
        "__typename": "SpendingLimitCalendarWeekMode",
        "startHour": 6,
        "startWeekDay": "Wednesday",
    }
    assert card["spending"]["timeRange"]["start"][11:13] == "06"
    before = _cards(bank)
    for bad in (
        {"calendar": {"monthly": {"startDay": 1}}},  # not the period's key
        {"rolling": {"rollingValue": 0}},
        {"rolling": {"rollingValue": 1}, "calendar": {"weekly": {}}},
    ):
        limit = {**weekly, "mode": bad}
        assert bank.add_card(account, spendingLimit=limit)["__typename"] == "ValidationRejection"
    assert _cards(bank) == before


def test_rolling_window_counts_spending_of_the_last_days(bank: Bank, account: str) -> None:
    limit = {
        "amount": {"value": "50", "currency": "EUR"},
        "period": "Daily",
        "mode": {"rolling": {"rollingValue": 2}},
    }
    card_id = bank.enabled_card(account, spendingLimit=limit)
    assert bank.authorize(card_id, "30.00")["rejectedReason"] is None
    bank.sim.advance("1d")
    # Still inside the two-day window: 30 + 30 is over 50.
    assert bank.authorize(card_id, "30.00")["rejectedReason"] == "SpendingLimitReached"


def test_project_owner_single_use_card_comes_with_its_numbers(bank: Bank, account: str) -> None:
    holder = bank.row("accounts", account)["holder_id"]
    bank.testing.mutate("promoteAccountHolderToProjectOwner", {"accountHolderId": holder})
    input = {
        "accountMembershipId": bank.legal_membership(account),
        "consentRedirectUrl": REDIRECT,
        "spendingLimit": {"amount": {"value": "20", "currency": "EUR"}, "period": "Always"},
    }
    query = (
        "mutation($input: AddSingleUseVirtualCardInput!) { addSingleUseVirtualCard(input: $input) "
        "{ __typename ... on AddSingleUseVirtualCardSuccessForProjectOwnerPayload "
        "{ card { id cardMaskedNumber expiryDate } confidential { pan cvv expiryDate } } } }"
    )
    payload = bank.api.query(query, {"input": input})["addSingleUseVirtualCard"]
    assert payload["__typename"] == "AddSingleUseVirtualCardSuccessForProjectOwnerPayload"
    pan, masked = payload["confidential"]["pan"], payload["card"]["cardMaskedNumber"]
    assert (pan[:6], pan[-4:], len(pan)) == (masked[:6], masked[-4:], 16)
    digits = [int(char) for char in reversed(pan)]
    luhn = sum(
        d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits)
    )
    assert luhn % 10 == 0
    assert payload["confidential"]["expiryDate"] == payload["card"]["expiryDate"]
    assert len(payload["confidential"]["cvv"]) == 3
    # Another holder's card is a user's one: no numbers.
    other = bank.holder("Grace", "Hopper")["account_id"]
    input["accountMembershipId"] = bank.legal_membership(other)
    again = bank.api.query(query, {"input": input})["addSingleUseVirtualCard"]
    assert again["__typename"] == "AddSingleUseVirtualCardSuccessForUserPayload"


def test_view_card_number_lets_the_add_card_consent_show_them(bank: Bank, account: str) -> None:
    shown = bank.add_card(account, viewCardNumber=True)
    consent_id = card_consent_id(shown["card"])
    bank.approve(consent_id)
    result = bank.api.mutate(
        "viewCardNumbersWithConsent", {"consentId": consent_id}, "panIframeUrl"
    )
    assert result["panIframeUrl"].startswith(f"https://card-numbers.invalid/{shown['card']['id']}")
    hidden = bank.add_card(account)
    bank.approve(card_consent_id(hidden["card"]))
    refused = bank.api.mutate(
        "viewCardNumbersWithConsent", {"consentId": card_consent_id(hidden["card"])}
    )
    assert refused["__typename"] == "CardSensitiveInfoNoLongerAvailableRejection"


def _print(bank: Bank, card_id: str, **extra: Any) -> dict[str, Any]:
    input = {"cardId": card_id, "address": ADDRESS, "consentRedirectUrl": REDIRECT, **extra}
    return bank.api.mutate("printPhysicalCard", input)


def test_print_checks_shipping_provider_pin_and_holder_name(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    abroad = {**ADDRESS, "country": "DEU"}
    wrong = _print(
        bank,
        card_id,
        address=abroad,
        physicalCardCustomOptions={"shippingProvider": "LaPosteTracked"},
    )
    assert wrong["__typename"] == "InvalidShippingProviderRejection"
    disagree = _print(bank, card_id, choosePin=True, choosePINCode=False)
    assert disagree["__typename"] == "BadRequestRejection"
    assert bank.row("cards", card_id)["physical_status"] is None  # nothing changed
    assert _print(bank, card_id, address=abroad, choosePINCode=True)["__typename"] == (
        "PrintPhysicalCardSuccessPayload"
    )
    # A member without a name gets no printed card, unless a name is given for it.
    nameless = create_user(bank.env, "+33655577791")
    bank.env.store.db["account_memberships"].insert(
        {
            "id": "m-nameless",
            "project_id": bank.project_id,
            "account_id": account,
            "user_id": nameless["id"],
            "email": "nameless@example.com",
            "can_manage_cards": 1,
            "status": "Enabled",
            "created_at": _now(bank),
            "updated_at": _now(bank),
        }
    )
    other = bank.add_card(account, accountMembershipId="m-nameless")
    bank.approve(card_consent_id(other["card"]))
    refused = _print(bank, other["card"]["id"])
    assert refused["__typename"] == "MissingMandatoryFieldRejection"
    named = _print(
        bank, other["card"]["id"], physicalCardCustomOptions={"customCardHolderName": "N. N."}
    )
    assert named["__typename"] == "PrintPhysicalCardSuccessPayload"
