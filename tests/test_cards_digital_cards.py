"""Digital cards: a card added to a wallet through its holder's consent, the wallet's answers
(Testing API), activation when the wallet asks for more proof, cancellation, manual
provisioning, `Card.digitalCards`; and the Testing API's card insurance."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.consents.consent_descriptions import describe_consent

from .banking_support import REDIRECT, Bank

PENDING = (
    "__typename id cardContractId projectId type tokenReferenceId "
    "walletProvider { id name } createdAt updatedAt "
    "... on PendingDigitalCard { statusInfo { __typename status "
    "... on DigitalCardConsentPendingStatusInfo { consent { id purpose status } } } "
    'inAppProvisioningData(signatureData: {certificates: [], nonce: "n", nonceSignature: "s"}) '
    "{ activationData encryptedData ephemeralPublicKey } }"
)
DIGITAL = (
    PENDING + " ... on CompleteDigitalCard { cardMaskedNumber device { name type } "
    "completeStatus: statusInfo { __typename status "
    "... on DigitalCardEnabledStatusInfo { enabledAt } "
    "... on DigitalCardCanceledStatusInfo { enabledAt canceledAt } } }"
)
LIST = (
    "query($id: ID!) { card(cardId: $id) { digitalCards(first: 10) { totalCount "
    "edges { node { %s } } } } }" % DIGITAL
)


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    return str(account_id)


def add(bank: Bank, card_id: str, wallet: str = "ApplePay") -> dict[str, Any]:
    payload = bank.api.mutate(
        "addDigitalCard",
        {"cardId": card_id, "walletProvider": wallet, "consentRedirectUrl": REDIRECT},
        f"digitalCard {{ {PENDING} }}",
    )
    assert payload["__typename"] == "AddDigitalCardSuccessPayload", payload
    return dict(payload["digitalCard"])


def listed(bank: Bank, card_id: str) -> list[dict[str, Any]]:
    cards = bank.api.query(LIST, {"id": card_id})["card"]["digitalCards"]
    return [edge["node"] for edge in cards["edges"]]


def complete(bank: Bank, digital_id: str, response: str) -> dict[str, Any]:
    return bank.testing.mutate(
        "simulateInAppProvisioningCompletion",
        {"digitalCardId": digital_id, "provisioningResponse": response, "responseChannel": "SMS"},
    )


def test_add_consent_provision_cancel(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    added = add(bank, card_id)
    info = added["statusInfo"]
    assert (added["type"], added["cardContractId"]) == ("InApp", card_id)
    assert added["walletProvider"] == {"id": "ApplePay", "name": "Apple Pay"}
    assert (info["status"], info["consent"]["purpose"]) == ("ConsentPending", "AddDigitalCard")
    assert added["inAppProvisioningData"] is None  # nothing to push before the consent
    bank.approve(info["consent"]["id"])
    [pending] = listed(bank, card_id)
    assert pending["statusInfo"]["status"] == "Pending"
    assert pending["inAppProvisioningData"]["activationData"]
    assert complete(bank, added["id"], "NoOTP")["__typename"] == "SimulationSuccessfulResponse"
    [enabled] = listed(bank, card_id)
    assert enabled["__typename"] == "CompleteDigitalCard"
    assert enabled["completeStatus"]["status"] == "Enabled"
    assert enabled["tokenReferenceId"] and enabled["device"] == {"name": "iPhone", "type": "Phone"}
    assert enabled["cardMaskedNumber"] == bank.row("cards", card_id)["masked_number"]
    # The wallet answers once.
    again = complete(bank, added["id"], "NoOTP")
    assert (again["__typename"], again["code"]) == ("SimulationRejection", "CouldNotProvisionCard")
    canceled = bank.api.mutate(
        "cancelDigitalCard", {"digitalCardId": added["id"]}, f"digitalCard {{ {DIGITAL} }}"
    )["digitalCard"]
    assert canceled["completeStatus"]["status"] == "Canceled"
    assert canceled["completeStatus"]["canceledAt"] == bank.env.now()
    twice = bank.api.mutate("cancelDigitalCard", {"digitalCardId": added["id"]})
    assert twice["__typename"] == "ForbiddenRejection"
    assert "Card.Updated" in bank.events(card_id)


def test_otp_then_activation_through_a_consent(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    added = add(bank, card_id, "GooglePay")
    activate = {"digitalCardId": added["id"], "consentRedirectUrl": REDIRECT}
    # Nothing to activate before the wallet asks for more proof.
    early = bank.api.mutate("activateDigitalCard", activate)
    assert early["__typename"] == "CardCanNotBeDigitalizedRejection", early
    bank.approve(added["statusInfo"]["consent"]["id"])
    complete(bank, added["id"], "OTP")
    assert listed(bank, card_id)[0]["statusInfo"]["status"] == "Pending"
    asked = bank.api.mutate("activateDigitalCard", activate, f"digitalCard {{ {PENDING} }}")
    consent = asked["digitalCard"]["statusInfo"]["consent"]
    assert consent["purpose"] == "ActivateDigitalCard"
    bank.refuse(consent["id"])  # still waiting: the holder may try again
    assert listed(bank, card_id)[0]["statusInfo"]["status"] == "Pending"
    asked = bank.api.mutate("activateDigitalCard", activate, f"digitalCard {{ {PENDING} }}")
    bank.approve(asked["digitalCard"]["statusInfo"]["consent"]["id"])
    [enabled] = listed(bank, card_id)
    assert enabled["completeStatus"]["status"] == "Enabled"
    assert enabled["device"]["name"] == "Pixel"


def test_refused_consent_and_declining_wallet(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    refused = add(bank, card_id)
    bank.refuse(refused["statusInfo"]["consent"]["id"])
    declined = add(bank, card_id)
    bank.approve(declined["statusInfo"]["consent"]["id"])
    complete(bank, declined["id"], "Decline")
    statuses = [node["statusInfo"]["status"] for node in listed(bank, card_id)]
    assert statuses == ["Declined", "Declined"]
    # A declined digital card cannot be canceled: it never reached the wallet.
    answer = bank.api.mutate("cancelDigitalCard", {"digitalCardId": declined["id"]})
    assert answer["__typename"] == "ForbiddenRejection"


def test_add_many_under_one_consent(bank: Bank, account: str) -> None:
    cards = [bank.enabled_card(account), bank.enabled_card(account)]
    payload = bank.api.mutate(
        "addDigitalCards",
        {"cardIds": cards, "walletProvider": "ApplePay", "consentRedirectUrl": REDIRECT},
        f"digitalCards {{ {PENDING} }}",
    )
    consents = {d["statusInfo"]["consent"]["id"] for d in payload["digitalCards"]}
    assert len(payload["digitalCards"]) == 2 and len(consents) == 1
    assert {d["statusInfo"]["consent"]["purpose"] for d in payload["digitalCards"]} == {
        "AddDigitalCards"
    }
    bank.approve(consents.pop())
    assert [listed(bank, c)[0]["statusInfo"]["status"] for c in cards] == ["Pending", "Pending"]
    other = bank.holder("Grace", "Hopper")["account_id"]
    mixed = bank.api.mutate(
        "addDigitalCards",
        {
            "cardIds": [cards[0], bank.enabled_card(other)],
            "walletProvider": "ApplePay",
            "consentRedirectUrl": REDIRECT,
        },
    )
    assert mixed["__typename"] == "AddingCardsToDifferentAccountsRejection"


def test_rejections(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    unknown = bank.api.mutate(
        "addDigitalCard",
        {"cardId": "nope", "walletProvider": "ApplePay", "consentRedirectUrl": REDIRECT},
    )
    assert (unknown["__typename"], unknown["id"]) == ("CardNotFoundRejection", "nope")
    bad_url = bank.api.mutate(
        "addDigitalCard",
        {"cardId": card_id, "walletProvider": "ApplePay", "consentRedirectUrl": "not a url"},
    )
    assert bad_url["__typename"] == "ValidationRejection"
    single_use = bank.single_use_card(account)
    refused = bank.api.mutate(
        "addDigitalCard",
        {"cardId": single_use, "walletProvider": "ApplePay", "consentRedirectUrl": REDIRECT},
    )
    assert refused["__typename"] == "CardCanNotBeDigitalizedRejection"
    missing = bank.api.mutate("cancelDigitalCard", {"digitalCardId": "nope"})
    assert (missing["__typename"], missing["identifier"]) == (
        "DigitalCardNotFoundRejection",
        "nope",
    )
    assert bank.row("cards", card_id)["status"] == "Enabled"


def test_a_canceled_card_leaves_the_wallet(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    added = add(bank, card_id)
    bank.approve(added["statusInfo"]["consent"]["id"])
    complete(bank, added["id"], "NoOTP")
    bank.api.mutate("cancelCard", {"cardId": card_id})
    assert listed(bank, card_id)[0]["completeStatus"]["status"] == "Canceled"


def test_manual_provisioning(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    manual = {"cardId": card_id, "cardType": "Virtual", "responseChannel": "SMS"}
    answer = bank.testing.mutate(
        "simulateManualProvisioning",
        {**manual, "provisioningResponse": "NoOTP", "walletProvider": "GooglePay"},
    )
    assert answer["__typename"] == "SimulationSuccessfulResponse"
    bank.testing.mutate("simulateManualProvisioning", {**manual, "provisioningResponse": "Decline"})
    nodes = listed(bank, card_id)
    assert [(n["type"], n["walletProvider"]["id"]) for n in nodes] == [
        ("Manual", "GooglePay"),
        ("Manual", "ApplePay"),
    ]
    assert nodes[0]["completeStatus"]["status"] == "Enabled"
    assert nodes[1]["statusInfo"]["status"] == "Declined"
    # Its physical card's numbers need an Activated physical card.
    physical = bank.testing.mutate(
        "simulateManualProvisioning",
        {**manual, "cardType": "Physical", "provisioningResponse": "NoOTP"},
    )
    assert (physical["__typename"], physical["code"]) == (
        "SimulationRejection",
        "CouldNotProvisionCard",
    )


def test_insurance_subscription(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    first = bank.testing.mutate(
        "simulateInsuranceSubscriptionEnablement", {"cardId": card_id}, "insuranceSubscriptionId"
    )
    again = bank.testing.mutate(
        "simulateInsuranceSubscriptionEnablement", {"cardId": card_id}, "insuranceSubscriptionId"
    )
    assert first["insuranceSubscriptionId"] == again["insuranceSubscriptionId"]
    row = bank.row("card_insurance_subscriptions", first["insuranceSubscriptionId"])
    assert (row["card_id"], row["status"]) == (card_id, "Enabled")
    unknown = bank.testing.mutate("simulateInsuranceSubscriptionEnablement", {"cardId": "nope"})
    assert unknown["__typename"] == "BadRequestRejection" and "nope" in unknown["message"]


def test_another_projects_digital_cards_are_not_found(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    added = add(bank, card_id)
    other = Bank(bank.sim, bank.http, bank.sim.create_project("sandbox", "Other", [REDIRECT]))
    before = bank.row("digital_cards", added["id"])
    wallet = {"walletProvider": "ApplePay", "consentRedirectUrl": REDIRECT}
    many = other.api.mutate("addDigitalCards", {"cardIds": [card_id], **wallet})
    assert (many["__typename"], many["id"]) == ("CardNotFoundRejection", card_id)
    for name, input in (
        ("activateDigitalCard", {"digitalCardId": added["id"], "consentRedirectUrl": REDIRECT}),
        ("cancelDigitalCard", {"digitalCardId": added["id"]}),
    ):
        answer = other.api.mutate(name, input)
        assert answer == {
            "__typename": "DigitalCardNotFoundRejection",
            "identifier": added["id"],
            "message": answer["message"],
        }
    assert bank.row("digital_cards", added["id"]) == before


def test_the_web_banking_card_page_shape(bank: Bank, account: str) -> None:
    """A card page as the real web banking asks for it: the card's Enabled digital cards
    through a fragment on the interface, then a cancellation by variable."""
    card_id = bank.enabled_card(account)
    for response in ("NoOTP", "Decline"):
        added = add(bank, card_id)
        bank.approve(added["statusInfo"]["consent"]["id"])
        complete(bank, added["id"], response)
    page = """
      fragment WalletCard on DigitalCard {
        __typename id createdAt updatedAt walletProvider { id name }
        ... on CompleteDigitalCard { device { name type } }
      }
      query CardPage($cardId: ID!) {
        card(cardId: $cardId) {
          id
          digitalCards(first: 100, filters: { status: "Enabled" }) {
            edges { node { ...WalletCard } }
          }
        }
      }"""
    edges = bank.api.query(page, {"cardId": card_id})["card"]["digitalCards"]["edges"]
    [node] = [edge["node"] for edge in edges]
    assert (node["__typename"], node["device"]["type"]) == ("CompleteDigitalCard", "Phone")
    cancel = """mutation Cancel($digitalCardId: ID!) {
      cancelDigitalCard(input: { digitalCardId: $digitalCardId }) {
        __typename ... on CancelDigitalCardSuccessPayload { digitalCard { id } } } }"""
    answer = bank.api.query(cancel, {"digitalCardId": node["id"]})["cancelDigitalCard"]
    assert answer == {
        "__typename": "CancelDigitalCardSuccessPayload",
        "digitalCard": {"id": node["id"]},
    }
    assert bank.api.query(page, {"cardId": card_id})["card"]["digitalCards"]["edges"] == []


def test_the_consent_page_names_the_operation(bank: Bank, account: str) -> None:
    added = add(bank, bank.enabled_card(account))
    consent = bank.row("consents", added["statusInfo"]["consent"]["id"])
    assert describe_consent(bank.env, consent).title == "Approve adding a card to a wallet"
