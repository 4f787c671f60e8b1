"""The bank's own card pages on the unauthenticated API: `cardInfos` and `cardPINInfos`,
by the id of a consent the cardholder accepted (simulator/domain/cards/card_reveals.py)."""

from __future__ import annotations

from typing import Any

from .banking_support import REDIRECT, Bank
from .conftest import GraphQL

PATH = "/sandbox-unauthenticated/graphql"
CARD_INFOS = """query Card($input: CardInfosInput!) {
  cardInfos(input: $input) {
    cardDesignUrl cardBackgroundType cardTextColor
    cardInfos { __typename
      ... on CardInfo { cardHolderName panIframeUrl cvvIframeUrl expiryDateIframeUrl }
      ... on MaskedCardInfo { cardHolderName maskedPan maskedCvv maskedExpiryDate } } } }"""
PIN = """query Pin($input: CardPINInfosInput!) {
  cardPINInfos(input: $input) {
    urlToCall requestRef consumerId costumerRef controlValue time mac } }"""


def _consent(bank: Bank, mutation: str, card_id: str) -> str:
    asked = bank.api.mutate(
        mutation, {"cardId": card_id, "consentRedirectUrl": REDIRECT}, "consent { id }"
    )
    return str(asked["consent"]["id"])


def _error_code(page: GraphQL, query: str, input: dict[str, Any]) -> tuple[Any, str]:
    body = page.post(query, {"input": input}).json()
    return body["data"], body["errors"][0]["extensions"]["code"]


def test_the_card_page_shows_the_numbers_then_their_masked_form(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    card_id = bank.enabled_card(account_id)
    page = GraphQL(bank.http, PATH, None)
    consent_id = _consent(bank, "viewCardNumbers", card_id)
    # Not accepted yet: no card behind it, as for any unknown token.
    assert _error_code(page, CARD_INFOS, {"token": consent_id}) == ({"cardInfos": None},
                                                                     "NOT_FOUND")  # fmt: skip
    bank.approve(consent_id)
    shown = page(CARD_INFOS, {"input": {"token": consent_id, "requestId": "r-1"}})["cardInfos"]
    assert shown["cardBackgroundType"] == "Black"
    # The simulator serves the card art itself (server/card_art.py).
    assert shown["cardDesignUrl"].endswith("/card-designs/black.png")
    numbers = shown["cardInfos"]
    assert numbers["__typename"] == "CardInfo" and numbers["cardHolderName"] == "Ada Lovelace"
    assert numbers["panIframeUrl"].startswith(f"https://card-numbers.invalid/{card_id}/pan")
    bank.sim.advance("6m")
    later = page(CARD_INFOS, {"input": {"token": consent_id}})["cardInfos"]["cardInfos"]
    assert later["__typename"] == "MaskedCardInfo"
    masked = bank.api.query(
        "query($id: ID!) { card(cardId: $id) { cardMaskedNumber } }", {"id": card_id}
    )["card"]["cardMaskedNumber"]
    assert later["maskedPan"] == masked and later["maskedCvv"] == "***"
    # An unknown token shows nothing; nor does the Live page (environments never cross).
    assert _error_code(page, CARD_INFOS, {"token": "tok"})[1] == "NOT_FOUND"
    live = GraphQL(bank.http, "/live-unauthenticated/graphql", None)
    assert _error_code(live, CARD_INFOS, {"token": consent_id})[1] == "NOT_FOUND"


def test_the_pin_page_needs_a_fresh_consent_for_that_card(bank: Bank) -> None:
    account_id = bank.holder()["account_id"]
    card_id = bank.enabled_card(account_id)
    other_card = bank.enabled_card(account_id)
    bank.print_card(card_id)
    bank.testing.mutate(
        "simulatePhysicalCardDelivery", {"cardId": card_id, "trackingNumber": "TRK1"}
    )
    page = GraphQL(bank.http, PATH, None)
    consent_id = _consent(bank, "viewPhysicalCardPin", card_id)
    bank.approve(consent_id)
    pin = page(PIN, {"input": {"cardId": card_id, "requestId": consent_id}})["cardPINInfos"]
    assert pin["requestRef"] == consent_id and pin["costumerRef"] == card_id
    assert len(pin["controlValue"]) == 16 and isinstance(pin["time"], int)
    again = page(PIN, {"input": {"cardId": card_id, "requestId": consent_id}})["cardPINInfos"]
    assert again == pin  # the same request at the same virtual instant
    wrong_card = {"cardId": other_card, "requestId": consent_id}
    assert _error_code(page, PIN, wrong_card) == ({"cardPINInfos": None}, "NOT_FOUND")
    numbers_consent = _consent(bank, "viewCardNumbers", card_id)
    bank.approve(numbers_consent)
    other_purpose = {"cardId": card_id, "requestId": numbers_consent}
    assert _error_code(page, PIN, other_purpose)[1] == "NOT_FOUND"
    bank.sim.advance("6m")
    expired = {"cardId": card_id, "requestId": consent_id}
    assert _error_code(page, PIN, expired) == ({"cardPINInfos": None}, "FORBIDDEN")
