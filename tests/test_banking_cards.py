"""Cards: addCard through its consent, updateCard, suspend/resume/cancel, every rejection,
Canceling while authorizations are pending, queries and scoping."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.cards import CARD_TRANSITIONS
from simulator.domain.users import create_user

from .banking_support import REDIRECT, Bank

CARD = (
    "card { id type name status cardMaskedNumber expiryDate withdrawal international "
    "nonMainCurrencyTransactions eCommerce spendingLimit { amount { value currency } period } "
    "statusInfo { __typename status ... on CardCanceledStatus { reason canceledAt } "
    "... on CardCancelingStatus { reason } ... on CardEnabledStatus { enabledAt } } }"
)


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    return account_id


def add_card(bank: Bank, account_id: str, **input: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "addCard",
        {
            "accountMembershipId": bank.legal_membership(account_id),
            "consentRedirectUrl": REDIRECT,
            **input,
        },
        f"{CARD} consent {{ id status }}",
    )


def authorize(bank: Bank, card_id: str, amount: str = "20.00", **extra: Any) -> dict[str, Any]:
    return bank.testing.mutate(
        "simulateCardAuthorization",
        {
            "cardId": card_id,
            "amount": {"value": amount, "currency": "EUR"},
            "merchantName": "Shop",
            **extra,
        },
        "transactionId status statusReason",
    )


def test_add_card_then_consent_issues_it(bank: Bank, account: str) -> None:
    added = add_card(
        bank,
        account,
        name="Travel",
        type="VirtualAndPhysical",
        international=False,
        spendingLimit={"amount": {"value": "300.00", "currency": "EUR"}, "period": "Weekly"},
    )
    card = added["card"]
    assert card["status"] == "ConsentPending"
    assert card["cardMaskedNumber"] is None and card["expiryDate"] is None
    assert card["statusInfo"] == {
        "__typename": "CardConsentPendingStatus",
        "status": "ConsentPending",
    }
    assert card["spendingLimit"] == {
        "amount": {"value": "300.00", "currency": "EUR"},
        "period": "Weekly",
    }
    assert (card["international"], card["withdrawal"], card["eCommerce"]) == (False, True, True)
    bank.approve(added["consent"]["id"])
    issued = bank.api.query(
        f"query($id: ID!) {{ {CARD.replace('card {', 'card(cardId: $id) {', 1)} }}",
        {"id": card["id"]},
    )["card"]
    assert issued["status"] == "Enabled"
    assert issued["cardMaskedNumber"] == "535545******7919"
    assert issued["expiryDate"] == "01/29"
    assert issued["statusInfo"]["enabledAt"] == "2026-01-05T09:00:00.000Z"
    assert bank.events(card["id"]) == ["Card.Created", "Card.Updated", "Card.Updated"]


def test_default_spending_limit(bank: Bank, account: str) -> None:
    card = add_card(bank, account)["card"]
    assert card["spendingLimit"] == {
        "amount": {"value": "1000.00", "currency": "EUR"},
        "period": "Monthly",
    }
    assert card["type"] == "Virtual"


def test_add_card_rejections(bank: Bank, account: str) -> None:
    bad = add_card(
        bank,
        account,
        consentRedirectUrl="ftp://x",
        spendingLimit={"amount": {"value": "-1", "currency": "EUR"}, "period": "Daily"},
    )
    assert bad["__typename"] == "ValidationRejection"
    assert [field["path"] for field in bad["fields"]] == [
        ["input", "consentRedirectUrl"],
        ["input", "spendingLimit", "amount", "value"],
    ]
    unknown = bank.api.mutate(
        "addCard", {"accountMembershipId": "nope", "consentRedirectUrl": REDIRECT}
    )
    assert unknown == {
        "__typename": "AccountMembershipNotFoundRejection",
        "message": "Account membership nope was not found.",
        "id": "nope",
    }
    bank.testing.mutate("suspendSandboxAccount", {"accountId": account})
    suspended = add_card(bank, account)
    assert suspended["__typename"] == "BadAccountStatusRejection"
    assert "is Suspended;" in suspended["message"]
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
        },
    )
    assert result["__typename"] == "AccountMembershipWrongStatusRejection"
    assert (result["currentStatus"], result["expectedStatus"]) == ("ConsentPending", "Enabled")


def test_user_without_card_permission_is_forbidden(bank: Bank, account: str) -> None:
    viewer = create_user(bank.env, "+33655577777")
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
    client = bank.user_client(viewer["id"])
    result = client.mutate(
        "addCard",
        {"accountMembershipId": bank.legal_membership(account), "consentRedirectUrl": REDIRECT},
    )
    # The viewer cannot see the legal representative's membership at all.
    assert result["__typename"] == "AccountMembershipNotFoundRejection"
    # A card for its own membership is allowed (consent by the viewer itself).
    own = client.mutate(
        "addCard",
        {"accountMembershipId": "m-viewer", "consentRedirectUrl": REDIRECT},
        "card { id } consent { id }",
    )
    assert bank.row("consents", own["consent"]["id"])["user_id"] == viewer["id"]
    # Another card of the account: visible to a viewer, but managing it is forbidden.
    other_card = bank.enabled_card(account)
    for name in ("suspendCard", "resumeCard", "cancelCard", "updateCard"):
        result = client.mutate(name, {"cardId": other_card})
        assert result["__typename"] == "ForbiddenRejection", name
        assert "canManageCards" in result["message"]
    bank.env.store.db["account_memberships"].update("m-viewer", {"can_manage_cards": 1})
    assert client.mutate("suspendCard", {"cardId": other_card})["__typename"] == (
        "SuspendCardSuccessPayload"
    )


def test_add_card_for_someone_else_needs_the_card_permission(bank: Bank, account: str) -> None:
    manager = create_user(bank.env, "+33655577778")
    bank.env.store.db["account_memberships"].insert(
        {
            "id": "m-manager",
            "project_id": bank.project_id,
            "account_id": account,
            "user_id": manager["id"],
            "can_view_account": 1,
            "can_manage_account_membership": 1,
            "status": "Enabled",
            "created_at": "2026-01-05T09:00:00.000Z",
        }
    )
    result = bank.user_client(manager["id"]).mutate(
        "addCard",
        {"accountMembershipId": bank.legal_membership(account), "consentRedirectUrl": REDIRECT},
    )
    assert result["__typename"] == "ForbiddenRejection"
    assert bank.env.store.db["cards"].count == 0


def test_card_visibility(bank: Bank, account: str) -> None:
    """Viewers of an account see its cards; a member without canViewAccount sees only its own;
    a stranger sees none."""
    card_id = bank.enabled_card(account)
    rows = {"m-viewer": 1, "m-blind": 0}
    for number, (membership_id, can_view) in enumerate(rows.items()):
        user = create_user(bank.env, f"+3365558888{number}")
        rows[membership_id] = user["id"]
        bank.env.store.db["account_memberships"].insert(
            {
                "id": membership_id,
                "project_id": bank.project_id,
                "account_id": account,
                "user_id": user["id"],
                "can_view_account": can_view,
                "status": "Enabled",
                "created_at": "2026-01-05T09:00:00.000Z",
            }
        )
    viewer = bank.user_client(rows["m-viewer"])
    assert viewer.query("{ cards { edges { node { id } } } }")["cards"]["edges"] == [
        {"node": {"id": card_id}}
    ]
    blind = bank.user_client(rows["m-blind"])
    assert blind.query("{ cards { totalCount } }")["cards"]["totalCount"] == 0
    stranger = bank.user_client(create_user(bank.env, "+33655588889")["id"])
    assert stranger.query("{ cards { totalCount } }")["cards"]["totalCount"] == 0
    assert bank.api.query("{ cards { totalCount } }")["cards"]["totalCount"] == 1


def test_suspend_resume_cancel(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    suspended = bank.api.mutate("suspendCard", {"cardId": card_id}, "card { status }")
    assert suspended["card"]["status"] == "Suspended"
    declined = authorize(bank, card_id)
    assert (declined["status"], declined["statusReason"]) == ("Rejected", "CardNotEnabled")
    again = bank.api.mutate("suspendCard", {"cardId": card_id})
    assert again["__typename"] == "CardWrongStatusRejection"
    assert (again["currentStatus"], again["expectedStatus"]) == ("Suspended", "Enabled")
    resumed = bank.api.mutate("resumeCard", {"cardId": card_id}, "card { status }")
    assert resumed["card"]["status"] == "Enabled"
    not_suspended = bank.api.mutate("resumeCard", {"cardId": card_id})
    assert (not_suspended["currentStatus"], not_suspended["expectedStatus"]) == (
        "Enabled",
        "Suspended",
    )
    canceled = bank.api.mutate("cancelCard", {"cardId": card_id}, CARD)
    assert canceled["card"]["status"] == "Canceled"
    assert canceled["card"]["statusInfo"]["reason"] == "CanceledByPartner"
    twice = bank.api.mutate("cancelCard", {"cardId": card_id})
    assert twice["__typename"] == "CardWrongStatusRejection"
    for name in ("suspendCard", "resumeCard", "cancelCard", "updateCard"):
        assert bank.api.mutate(name, {"cardId": "nope"}) == {
            "__typename": "CardNotFoundRejection",
            "message": "Card nope was not found.",
            "cardId": "nope",
        }


def test_cancel_with_a_pending_authorization_waits_in_canceling(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    authorization = authorize(bank, card_id)
    canceled = bank.api.mutate("cancelCard", {"cardId": card_id}, CARD)
    assert canceled["card"]["status"] == "Canceling"
    bank.testing.mutate("simulateCardDebit", {"transactionId": authorization["transactionId"]})
    assert bank.row("cards", card_id)["status"] == "Canceled"


def test_cancel_a_card_waiting_for_consent_cancels_the_consent(bank: Bank, account: str) -> None:
    added = add_card(bank, account)
    result = bank.api.mutate("cancelCard", {"cardId": added["card"]["id"]}, "card { status }")
    assert result["card"]["status"] == "Canceled"
    assert bank.row("consents", added["consent"]["id"])["status"] == "Canceled"


def test_update_card(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    updated = bank.api.mutate(
        "updateCard",
        {
            "cardId": card_id,
            "name": "Groceries",
            "eCommerce": False,
            "spendingLimit": {"amount": {"value": "50.00", "currency": "EUR"}, "period": "Daily"},
        },
        CARD,
    )
    card = updated["card"]
    assert (card["name"], card["eCommerce"]) == ("Groceries", False)
    assert card["spendingLimit"]["period"] == "Daily"
    online = authorize(bank, card_id, isOnline=True)
    assert online["statusReason"] == "ECommerceDisabled"
    over = authorize(bank, card_id, amount="50.01")
    assert over["statusReason"] == "SpendingLimitReached"
    bad = bank.api.mutate(
        "updateCard",
        {
            "cardId": card_id,
            "spendingLimit": {"amount": {"value": "5.555", "currency": "EUR"}, "period": "Daily"},
        },
    )
    assert bad["__typename"] == "ValidationRejection"
    assert bad["fields"][0]["code"] == "TooManyDecimals"
    bank.api.mutate("cancelCard", {"cardId": card_id})
    closed = bank.api.mutate("updateCard", {"cardId": card_id, "name": "x"})
    assert closed["__typename"] == "CardWrongStatusRejection"


def test_single_use_card_cancels_itself_after_a_debit(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account, type="SingleUseVirtual")
    authorization = authorize(bank, card_id)
    bank.testing.mutate("simulateCardDebit", {"transactionId": authorization["transactionId"]})
    card = bank.row("cards", card_id)
    assert (card["status"], card["status_reason"]) == ("Canceled", "SingleUseConsumed")


def test_cards_query_filters_and_nested_lists(bank: Bank, account: str) -> None:
    first = bank.enabled_card(account, type="VirtualAndPhysical")
    add_card(bank, account)
    data = bank.api.query(
        """query($account: ID!) {
             enabled: cards(filters: {status: [Enabled]}) { totalCount edges { node { id } } }
             physical: cards(filters: {type: [VirtualAndPhysical], accountId: $account}) {
               totalCount }
             ofAccount: cards(filters: {accountId: $account}) { totalCount }
             page: cards(first: 1) { pageInfo { hasNextPage endCursor } edges { node {
               account { id } accountMembership { id legalRepresentative } } } } }""",
        {"account": account},
    )
    assert data["enabled"]["edges"] == [{"node": {"id": first}}]
    assert data["physical"]["totalCount"] == 1
    assert data["ofAccount"]["totalCount"] == 2
    node = data["page"]["edges"][0]["node"]
    assert node["account"]["id"] == account
    assert node["accountMembership"]["legalRepresentative"] is True
    assert data["page"]["pageInfo"]["hasNextPage"] is True
    missing = bank.api.post('{ card(cardId: "nope") { id } }')
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_transition_table() -> None:
    assert CARD_TRANSITIONS == {
        "ConsentPending": ("Processing", "Canceled"),
        "Processing": ("Enabled", "Canceled"),
        "Enabled": ("Suspended", "Canceling", "Canceled"),
        "Suspended": ("Enabled", "Canceling", "Canceled"),
        "Canceling": ("Canceled",),
    }
