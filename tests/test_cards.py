"""Cards: addCard(s) and single-use cards through their consent, updateCard through its
consent, cancelCard, every rejection, Canceling while authorizations are pending, queries
and scoping. (Physical cards: test_cards_physical.py; card networks: test_cards_simulations.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.cards.cards import CARD_TRANSITIONS
from simulator.domain.users.users import create_user

from .banking_support import CARD_CONSENT, CARD_SWITCHES, REDIRECT, Bank, card_consent_id

CARD = (
    "id type name cardMaskedNumber expiryDate withdrawal international "
    "nonMainCurrencyTransactions eCommerce mainCurrency issuingCountry "
    "spendingLimits { type amount { value currency } period } "
    "spending { amount { value } period } "
    "statusInfo { __typename status ... on CardCanceledStatusInfo { reason } "
    "... on CardCancelingStatusInfo { reason } "
    "... on CardConsentPendingStatusInfo { consent { id status purpose } } }"
)


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    return str(account_id)


def add_card(bank: Bank, account_id: str, **input: Any) -> dict[str, Any]:
    return bank.add_card(account_id, **input)


def card_of(bank: Bank, card_id: str) -> dict[str, Any]:
    return bank.api.query(f"query($id: ID!) {{ card(cardId: $id) {{ {CARD} }} }}", {"id": card_id})[
        "card"
    ]


def money(value: str) -> dict[str, str]:
    return {"value": value, "currency": "EUR"}


def test_add_card_then_consent_issues_it(bank: Bank, account: str) -> None:
    added = bank.api.mutate(
        "addCard",
        {
            "accountMembershipId": bank.legal_membership(account),
            "consentRedirectUrl": REDIRECT,
            **CARD_SWITCHES,
            "name": "Travel",
            "international": False,
            "spendingLimit": {"amount": money("300.00"), "period": "Weekly"},
        },
        f"card {{ {CARD} }}",
    )
    card = added["card"]
    assert card["statusInfo"]["__typename"] == "CardConsentPendingStatusInfo"
    assert card["statusInfo"]["consent"]["purpose"] == "AddCard"
    assert card["cardMaskedNumber"] == "535545******7919"
    assert card["spendingLimits"] == [
        {"type": "Partner", "amount": money("300.00"), "period": "Weekly"}
    ]
    assert (card["international"], card["withdrawal"], card["eCommerce"]) == (False, True, True)
    assert (card["type"], card["mainCurrency"], card["issuingCountry"]) == ("Virtual", "EUR", "FRA")
    bank.approve(card_consent_id(card))
    issued = card_of(bank, card["id"])
    assert issued["statusInfo"] == {"__typename": "CardEnabledStatusInfo", "status": "Enabled"}
    assert issued["expiryDate"] == "01/29"
    assert issued["spending"] == {"amount": {"value": "0.00"}, "period": "Weekly"}
    assert bank.events(card["id"]) == ["Card.Created", "Card.Updated", "Card.Updated"]


def test_add_card_needs_its_four_switches(bank: Bank, account: str) -> None:
    body = bank.api.post(
        """mutation($m: ID!) { addCard(input: {accountMembershipId: $m,
             consentRedirectUrl: "http://localhost:3000/callback"}) { __typename } }""",
        {"m": bank.legal_membership(account)},
    )
    assert "withdrawal" in body["errors"][0]["message"]
    assert bank.env.store.db["cards"].count == 0


def test_default_spending_limit(bank: Bank, account: str) -> None:
    card = card_of(bank, add_card(bank, account)["card"]["id"])
    assert card["spendingLimits"] == [
        {"type": "Partner", "amount": money("1000.00"), "period": "Monthly"}
    ]


def test_add_card_rejections(bank: Bank, account: str) -> None:
    bad = add_card(
        bank,
        account,
        consentRedirectUrl="ftp://x",
        spendingLimit={"amount": money("-1"), "period": "Daily"},
    )
    assert bad["__typename"] == "ValidationRejection"
    assert [field["path"] for field in bad["fields"]] == [
        ["input", "consentRedirectUrl"],
        ["input", "spendingLimit", "amount", "value"],
    ]
    assert {field["code"] for field in bad["fields"]} == {"InvalidString"}
    long_name = add_card(bank, account, name="x" * 61)
    assert long_name["fields"][0]["code"] == "TooLong"
    unknown = bank.api.mutate(
        "addCard",
        {"accountMembershipId": "nope", "consentRedirectUrl": REDIRECT, **CARD_SWITCHES},
    )
    assert unknown == {
        "__typename": "AccountMembershipNotAllowedRejection",
        "message": "Account membership nope was not found.",
    }
    bank.testing.mutate("suspendSandboxAccount", {"accountId": account})
    suspended = add_card(bank, account)
    assert suspended["__typename"] == "BadAccountStatusRejection"
    assert suspended["id"] == account
    assert bank.env.store.db["cards"].count == 0


def test_add_card_for_a_membership_not_enabled(bank: Bank, account: str) -> None:
    invited = bank.api.mutate(
        "addAccountMembership",
        {
            "accountId": account,
            "email": "bob@example.com",
            "restrictedTo": {"firstName": "Bob", "lastName": "B", "phoneNumber": "+33655566666"},
            "canViewAccount": True,
            "canManageBeneficiaries": False,
            "canInitiatePayments": False,
            "canManageAccountMembership": False,
            "consentRedirectUrl": REDIRECT,
        },
        "accountMembership { id }",
    )
    result = bank.api.mutate(
        "addCard",
        {
            "accountMembershipId": invited["accountMembership"]["id"],
            "consentRedirectUrl": REDIRECT,
            **CARD_SWITCHES,
        },
    )
    assert result["__typename"] == "AccountMembershipNotAllowedRejection"
    assert "Enabled" in result["message"]


def _member(bank: Bank, account: str, membership_id: str, phone: str, **rights: int) -> str:
    user = create_user(bank.env, phone)
    bank.env.store.db["account_memberships"].insert(
        {
            "id": membership_id,
            "project_id": bank.project_id,
            "account_id": account,
            "user_id": user["id"],
            "status": "Enabled",
            "created_at": "2026-01-05T09:00:00.000Z",
            **rights,
        }
    )
    return str(user["id"])


def test_user_without_card_permission_is_forbidden(bank: Bank, account: str) -> None:
    viewer = _member(bank, account, "m-viewer", "+33655577777", can_view_account=1)
    client = bank.user_client(viewer)
    result = client.mutate(
        "addCard",
        {
            "accountMembershipId": bank.legal_membership(account),
            "consentRedirectUrl": REDIRECT,
            **CARD_SWITCHES,
        },
    )
    # The viewer cannot see the legal representative's membership at all.
    assert result["__typename"] == "AccountMembershipNotAllowedRejection"
    # A card for its own membership is allowed (consent by the viewer itself).
    own = client.mutate(
        "addCard",
        {"accountMembershipId": "m-viewer", "consentRedirectUrl": REDIRECT, **CARD_SWITCHES},
        f"card {{ id {CARD_CONSENT} }}",
    )
    assert bank.row("consents", card_consent_id(own["card"]))["user_id"] == viewer
    # Another card of the account: visible to a viewer, but managing it is forbidden.
    other_card = bank.enabled_card(account)
    update = {"cardId": other_card, "consentRedirectUrl": REDIRECT, **CARD_SWITCHES}
    for name, input in (("cancelCard", {"cardId": other_card}), ("updateCard", update)):
        result = client.mutate(name, input)
        assert result["__typename"] == "ForbiddenRejection", name
        assert "canManageCards" in result["message"]
    bank.env.store.db["account_memberships"].update("m-viewer", {"can_manage_cards": 1})
    assert client.mutate("cancelCard", {"cardId": other_card})["__typename"] == (
        "CancelCardSuccessPayload"
    )


def test_add_card_for_someone_else_needs_the_card_permission(bank: Bank, account: str) -> None:
    manager = _member(
        bank,
        account,
        "m-manager",
        "+33655577778",
        can_view_account=1,
        can_manage_account_membership=1,
    )
    result = bank.user_client(manager).mutate(
        "addCard",
        {
            "accountMembershipId": bank.legal_membership(account),
            "consentRedirectUrl": REDIRECT,
            **CARD_SWITCHES,
        },
    )
    assert result["__typename"] == "ForbiddenRejection"
    assert bank.env.store.db["cards"].count == 0


def test_card_visibility(bank: Bank, account: str) -> None:
    """Viewers of an account see its cards; a member without canViewAccount sees only its own;
    a stranger sees none."""
    card_id = bank.enabled_card(account)
    viewer = bank.user_client(
        _member(bank, account, "m-viewer", "+33655588880", can_view_account=1)
    )
    assert viewer.query("{ cards { edges { node { id } } } }")["cards"]["edges"] == [
        {"node": {"id": card_id}}
    ]
    blind = bank.user_client(_member(bank, account, "m-blind", "+33655588881", can_view_account=0))
    assert blind.query("{ cards { totalCount } }")["cards"]["totalCount"] == 0
    stranger = bank.user_client(create_user(bank.env, "+33655588889")["id"])
    assert stranger.query("{ cards { totalCount } }")["cards"]["totalCount"] == 0
    assert bank.api.query("{ cards { totalCount } }")["cards"]["totalCount"] == 1


def test_add_cards_under_one_consent(bank: Bank, account: str) -> None:
    config = {
        "accountMembershipId": bank.legal_membership(account),
        "spendingLimit": {"amount": money("100.00"), "period": "Monthly"},
        **CARD_SWITCHES,
    }
    added = bank.api.mutate(
        "addCards",
        {
            "cards": [{**config, "name": "One"}, {**config, "name": "Two"}],
            "consentRedirectUrl": REDIRECT,
        },
        f"cards {{ id name {CARD_CONSENT} }}",
    )
    cards = added["cards"]
    assert [card["name"] for card in cards] == ["One", "Two"]
    assert card_consent_id(cards[0]) == card_consent_id(cards[1])
    bank.approve(card_consent_id(cards[0]))
    assert {bank.row("cards", card["id"])["status"] for card in cards} == {"Enabled"}
    too_many = bank.api.mutate("addCards", {"cards": [], "consentRedirectUrl": REDIRECT})
    assert too_many["__typename"] == "TooManyItemsRejection"
    other = bank.holder("Grace", "Hopper")["account_id"]
    mixed = {**config, "accountMembershipId": bank.legal_membership(other)}
    different = bank.api.mutate(
        "addCards", {"cards": [config, mixed], "consentRedirectUrl": REDIRECT}
    )
    assert different["__typename"] == "AddingCardsToDifferentAccountsRejection"


def test_refused_consent_cancels_the_card(bank: Bank, account: str) -> None:
    added = add_card(bank, account)
    bank.refuse(card_consent_id(added["card"]))
    card = card_of(bank, added["card"]["id"])
    assert card["statusInfo"] == {
        "__typename": "CardCanceledStatusInfo",
        "status": "Canceled",
        "reason": "ConsentCustomerRefused",
    }


def test_cancel_card(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    canceled = bank.api.mutate("cancelCard", {"cardId": card_id}, f"card {{ {CARD} }}")
    assert canceled["card"]["statusInfo"] == {
        "__typename": "CardCanceledStatusInfo",
        "status": "Canceled",
        "reason": "CanceledByPartner",
    }
    declined = bank.authorize(card_id)
    assert declined["rejectedReason"] == "CardNotEnabled"
    twice = bank.api.mutate("cancelCard", {"cardId": card_id}, "card { id }")
    assert twice["__typename"] == "CancelCardSuccessPayload"
    assert bank.api.mutate("cancelCard", {"cardId": "nope"}) == {
        "__typename": "CardNotFoundRejection",
        "message": "Card nope was not found.",
        "id": "nope",
    }


def test_cancel_with_a_pending_authorization_waits_in_canceling(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    authorization = bank.authorize(card_id)
    canceled = bank.api.mutate("cancelCard", {"cardId": card_id}, f"card {{ {CARD} }}")
    assert canceled["card"]["statusInfo"]["status"] == "Canceling"
    bank.testing.mutate(
        "simulateOutgoingCardDebit", {"transactionId": authorization["transactionId"]}
    )
    assert bank.row("cards", card_id)["status"] == "Canceled"


def test_cancel_a_card_waiting_for_consent_cancels_the_consent(bank: Bank, account: str) -> None:
    added = add_card(bank, account)
    result = bank.api.mutate(
        "cancelCard", {"cardId": added["card"]["id"]}, "card { statusInfo { status } }"
    )
    assert result["card"]["statusInfo"]["status"] == "Canceled"
    assert bank.row("consents", card_consent_id(added["card"]))["status"] == "Canceled"


def update(bank: Bank, card_id: str, **changes: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "updateCard",
        {"cardId": card_id, "consentRedirectUrl": REDIRECT, **CARD_SWITCHES, **changes},
        "consent { id status purpose }",
    )


def test_update_card_applies_once_consented(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    updated = update(
        bank,
        card_id,
        name="Groceries",
        eCommerce=False,
        spendingLimit={"amount": money("50.00"), "period": "Daily"},
    )
    assert updated["consent"]["purpose"] == "UpdateCard"
    assert card_of(bank, card_id)["eCommerce"] is True  # nothing changes before the consent
    bank.approve(updated["consent"]["id"])
    card = card_of(bank, card_id)
    assert (card["name"], card["eCommerce"]) == ("Groceries", False)
    assert card["spendingLimits"][0]["period"] == "Daily"
    online = bank.authorize(card_id, cardTransactionCategory="eCommerce")
    assert online["rejectedReason"] == "ECommerceDisabled"
    over = bank.authorize(card_id, amount="50.01")
    assert over["rejectedReason"] == "SpendingLimitReached"


def test_update_card_rejections(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    refused = update(bank, card_id, name="Refused")
    bank.refuse(refused["consent"]["id"])
    assert card_of(bank, card_id)["name"] is None
    bad = update(bank, card_id, spendingLimit={"amount": money("5.555"), "period": "Daily"})
    assert bad["__typename"] == "ValidationRejection"
    assert bad["fields"][0]["code"] == "InvalidString"
    assert "decimal" in bad["fields"][0]["message"]
    assert update(bank, "nope")["__typename"] == "CardNotFoundRejection"
    bank.api.mutate("cancelCard", {"cardId": card_id})
    closed = update(bank, card_id, name="x")
    assert closed["__typename"] == "AccountMembershipNotAllowedRejection"


def test_single_use_card_cancels_itself_after_a_debit(bank: Bank, account: str) -> None:
    card_id = bank.single_use_card(account, "30.00")
    assert bank.row("cards", card_id)["type"] == "SingleUseVirtual"
    assert bank.authorize(card_id, amount="30.01")["rejectedReason"] == "SpendingLimitReached"
    authorization = bank.authorize(card_id)
    bank.testing.mutate(
        "simulateOutgoingCardDebit", {"transactionId": authorization["transactionId"]}
    )
    card = bank.row("cards", card_id)
    assert (card["status"], card["status_reason"]) == ("Canceled", "SingleUseConsumed")


def test_cards_query_filters_and_nested_lists(bank: Bank, account: str) -> None:
    first = bank.enabled_card(account, name="Groceries")
    add_card(bank, account)
    data = bank.api.query(
        """query($account: String!) {
             enabled: cards(filters: {statuses: [Enabled]}) { totalCount edges { node { id } } }
             named: cards(filters: {search: "groc", accountId: $account}) { totalCount }
             virtual: cards(filters: {type: Virtual}) { totalCount }
             page: cards(first: 1) { pageInfo { hasNextPage endCursor } edges { node {
               accountMembership { id legalRepresentative } } } } }""",
        {"account": account},
    )
    assert data["enabled"]["edges"] == [{"node": {"id": first}}]
    assert data["named"]["totalCount"] == 1
    assert data["virtual"]["totalCount"] == 2
    node = data["page"]["edges"][0]["node"]
    assert node["accountMembership"]["legalRepresentative"] is True
    assert data["page"]["pageInfo"]["hasNextPage"] is True
    missing = bank.api.post('{ card(cardId: "nope") { id } }')
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_transition_table() -> None:
    assert CARD_TRANSITIONS == {
        "ConsentPending": ("Processing", "Canceled"),
        "Processing": ("Enabled", "Canceled"),
        "Enabled": ("Canceling", "Canceled"),
        "Canceling": ("Canceled",),
    }


def test_cards_order_and_pages_backwards(bank: Bank, account: str) -> None:
    ids = [bank.enabled_card(account, name=f"Card {number}") for number in range(3)]
    page = "edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage }"
    newest = bank.api.query(
        f"{{ cards(first: 2, orderBy: {{field: createdAt, direction: Desc}}) {{ {page} }} }}"
    )["cards"]
    assert [edge["node"]["id"] for edge in newest["edges"]] == [ids[2], ids[1]]
    last = bank.api.query(f"{{ cards(first: 5) {{ {page} }} }}")["cards"]["edges"][-1]
    before = bank.api.query(
        f"query($c: String) {{ cards(first: 1, before: $c) {{ {page} }} }}",
        {"c": last["cursor"]},
    )["cards"]
    assert [edge["node"]["id"] for edge in before["edges"]] == [ids[1]]
    assert before["pageInfo"] == {"hasNextPage": True, "hasPreviousPage": True}
