"""Account memberships: invitation through consent, binding, suspend/resume/disable,
every rejection, queries and scoping."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.memberships import MEMBERSHIP_TRANSITIONS
from simulator.domain.users import create_user, find_user_by_phone

from .banking_support import CARD_CONSENT, CARD_SWITCHES, REDIRECT, Bank, card_consent_id

MEMBERSHIP = (
    "accountMembership { id status email userId canViewAccount canInitiatePayments "
    "canManageCards legalRepresentative restrictedTo { firstName lastName phoneNumber } "
    "statusInfo { __typename status ... on AccountMembershipBindingUserErrorStatus { reason } "
    "... on AccountMembershipDisabledStatus { reason } "
    "... on AccountMembershipConsentPendingStatus { consent { id } } } }"
)
BOB = {"firstName": "Bob", "lastName": "Martin", "phoneNumber": "+33 6 55 00 00 01"}


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder()["account_id"])


def invite(bank: Bank, account_id: str, **input: Any) -> dict[str, Any]:
    return bank.api.mutate(
        "addAccountMembership",
        {
            "accountId": account_id,
            "email": "bob@example.com",
            "restrictedTo": BOB,
            "canInitiatePayments": True,
            "consentRedirectUrl": REDIRECT,
            **input,
        },
        f"{MEMBERSHIP} consent {{ id purpose }}",
    )


def invited(bank: Bank, account_id: str) -> str:
    result = invite(bank, account_id)
    bank.approve(result["consent"]["id"])
    return str(result["accountMembership"]["id"])


def test_invitation_through_consent_then_binding(bank: Bank, account: str) -> None:
    result = invite(bank, account)
    membership = result["accountMembership"]
    assert membership["status"] == "ConsentPending"
    assert membership["statusInfo"]["consent"]["id"] == result["consent"]["id"]
    assert result["consent"]["purpose"] == "AddAccountMembership"
    assert membership["restrictedTo"]["phoneNumber"] == "+33655000001"
    assert (membership["canViewAccount"], membership["canInitiatePayments"]) == (True, True)
    assert membership["canManageCards"] is False
    bank.approve(result["consent"]["id"])
    assert bank.row("account_memberships", membership["id"])["status"] == "InvitationSent"

    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="MARTIN")
    as_bob = bank.user_client(bob["id"])
    bound = as_bob.mutate(
        "bindAccountMembership", {"accountMembershipId": membership["id"]}, MEMBERSHIP
    )
    assert bound["accountMembership"]["status"] == "Enabled"
    assert bound["accountMembership"]["userId"] == bob["id"]
    assert bank.events(membership["id"]) == [
        "AccountMembership.Created",
        "AccountMembership.Updated",
        "AccountMembership.Bound",
    ]
    # Bob now sees the account, and only it.
    accounts = as_bob.query("{ accounts { edges { node { id } } } }")["accounts"]["edges"]
    assert [edge["node"]["id"] for edge in accounts] == [account]


def test_binding_by_the_wrong_user(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    eve = create_user(bank.env, "+33655000002", first_name="Eve", last_name="Martin")
    as_eve = bank.user_client(eve["id"])
    result = as_eve.mutate(
        "bindAccountMembership", {"accountMembershipId": membership_id}, MEMBERSHIP
    )
    membership = result["accountMembership"]
    assert membership["status"] == "BindingUserError"
    assert "phone number" in membership["statusInfo"]["reason"]
    assert membership["userId"] is None
    as_eve.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    assert bank.row("account_memberships", membership_id)["status"] == "BindingUserError"
    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="Martin")
    again = bank.user_client(bob["id"]).mutate(
        "bindAccountMembership", {"accountMembershipId": membership_id}, MEMBERSHIP
    )
    assert again["accountMembership"]["status"] == "Enabled"


def test_bind_rejections(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    project_token = bank.api.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    assert project_token["__typename"] == "ForbiddenRejection"
    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="Martin")
    as_bob = bank.user_client(bob["id"])
    assert as_bob.mutate("bindAccountMembership", {"accountMembershipId": "nope"}) == {
        "__typename": "AccountMembershipNotFoundRejection",
        "message": "Account membership nope was not found.",
        "accountMembershipId": "nope",
    }
    as_bob.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    twice = as_bob.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    assert twice["__typename"] == "AccountMembershipWrongStatusRejection"
    assert (twice["currentStatus"], twice["expectedStatus"]) == ("Enabled", "InvitationSent")


def test_refused_invitation_is_disabled(bank: Bank, account: str) -> None:
    result = invite(bank, account)
    bank.refuse(result["consent"]["id"])
    membership = bank.row("account_memberships", result["accountMembership"]["id"])
    assert (membership["status"], membership["status_reason"]) == (
        "Disabled",
        "ConsentCustomerRefused",
    )


def test_add_membership_rejections(bank: Bank, account: str) -> None:
    bad = invite(
        bank,
        account,
        email="not-an-email",
        restrictedTo={"firstName": "", "lastName": "M", "phoneNumber": "0612"},
    )
    assert bad["__typename"] == "ValidationRejection"
    assert {tuple(field["path"]) for field in bad["fields"]} == {
        ("input", "email"),
        ("input", "restrictedTo", "firstName"),
        ("input", "restrictedTo", "phoneNumber"),
    }
    assert invite(bank, "nope")["__typename"] == "AccountNotFoundRejection"
    bank.testing.mutate("suspendSandboxAccount", {"accountId": account})
    suspended = invite(bank, account)
    assert suspended["__typename"] == "AccountWrongStatusRejection"


def test_a_user_cannot_grant_what_it_does_not_hold(bank: Bank, account: str) -> None:
    manager = create_user(bank.env, "+33655000003")
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
    as_manager = bank.user_client(manager["id"])
    result = as_manager.mutate(
        "addAccountMembership",
        {
            "accountId": account,
            "email": "bob@example.com",
            "restrictedTo": BOB,
            "canInitiatePayments": True,
            "consentRedirectUrl": REDIRECT,
        },
    )
    assert result["__typename"] == "ForbiddenRejection"
    assert "can_initiate_payments" in result["message"]
    allowed = as_manager.mutate(
        "addAccountMembership",
        {
            "accountId": account,
            "email": "bob@example.com",
            "restrictedTo": BOB,
            "consentRedirectUrl": REDIRECT,
        },
        "consent { id }",
    )
    assert bank.row("consents", allowed["consent"]["id"])["user_id"] == manager["id"]


def test_suspend_resume_disable(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="Martin")
    bank.user_client(bob["id"]).mutate(
        "bindAccountMembership", {"accountMembershipId": membership_id}
    )
    card = bank.api.mutate(
        "addCard",
        {"accountMembershipId": membership_id, "consentRedirectUrl": REDIRECT, **CARD_SWITCHES},
        f"card {{ id {CARD_CONSENT} }}",
    )["card"]
    bank.approve(card_consent_id(card))

    suspended = bank.api.mutate(
        "suspendAccountMembership",
        {"accountMembershipId": membership_id, "reason": "Holiday"},
        MEMBERSHIP,
    )
    assert suspended["accountMembership"]["status"] == "Suspended"
    declined = bank.authorize(card["id"], "1.00")
    assert declined["rejectedReason"] == "AccountMembershipNotEnabled"
    twice = bank.api.mutate("suspendAccountMembership", {"accountMembershipId": membership_id})
    assert (twice["currentStatus"], twice["expectedStatus"]) == ("Suspended", "Enabled")
    resumed = bank.api.mutate(
        "resumeAccountMembership", {"accountMembershipId": membership_id}, MEMBERSHIP
    )
    assert resumed["accountMembership"]["status"] == "Enabled"
    not_suspended = bank.api.mutate(
        "resumeAccountMembership", {"accountMembershipId": membership_id}
    )
    assert not_suspended["__typename"] == "AccountMembershipWrongStatusRejection"
    disabled = bank.api.mutate(
        "disableAccountMembership",
        {"accountMembershipId": membership_id, "reason": "Left"},
        MEMBERSHIP,
    )
    assert disabled["accountMembership"]["statusInfo"]["reason"] == "Left"
    assert bank.row("cards", card["id"])["status"] == "Canceled"
    again = bank.api.mutate("disableAccountMembership", {"accountMembershipId": membership_id})
    assert (again["currentStatus"], again["expectedStatus"]) == ("Disabled", "Enabled")
    assert bank.events(membership_id)[-3:] == [
        "AccountMembership.Suspended",
        "AccountMembership.Resumed",
        "AccountMembership.Disabled",
    ]


def test_disable_a_pending_invitation_cancels_its_consent(bank: Bank, account: str) -> None:
    result = invite(bank, account)
    bank.api.mutate(
        "disableAccountMembership", {"accountMembershipId": result["accountMembership"]["id"]}
    )
    assert bank.row("consents", result["consent"]["id"])["status"] == "Canceled"


def test_legal_representative_cannot_be_suspended_or_disabled(bank: Bank, account: str) -> None:
    legal = bank.legal_membership(account)
    for name in (
        "suspendAccountMembership",
        "resumeAccountMembership",
        "disableAccountMembership",
    ):
        result = bank.api.mutate(name, {"accountMembershipId": legal})
        assert result["__typename"] == "ForbiddenRejection"
    for name in (
        "suspendAccountMembership",
        "resumeAccountMembership",
        "disableAccountMembership",
    ):
        assert bank.api.mutate(name, {"accountMembershipId": "nope"})["__typename"] == (
            "AccountMembershipNotFoundRejection"
        )


def test_memberships_query_and_scoping(bank: Bank, account: str) -> None:
    invite(bank, account)
    other_account = bank.holder("Alan", "Turing")["account_id"]
    data = bank.api.query(
        """query($account: ID!) {
             all: accountMemberships { totalCount }
             pending: accountMemberships(filters: {status: [ConsentPending]}) { totalCount }
             mine: accountMemberships(filters: {accountId: $account}) { totalCount }
             account(accountId: $account) { memberships { totalCount edges { node {
               account { id } cards { totalCount } } } } } }""",
        {"account": account},
    )
    assert (data["all"]["totalCount"], data["pending"]["totalCount"]) == (3, 1)
    assert data["mine"]["totalCount"] == 2
    assert data["account"]["memberships"]["edges"][0]["node"]["account"]["id"] == account
    # The representative of the other account sees only its own membership.
    alan = find_user_by_phone(bank.env, "+33699900002")
    assert alan is not None
    seen = bank.user_client(alan["id"]).query(
        "{ accountMemberships { edges { node { account { id } } } } }"
    )["accountMemberships"]["edges"]
    assert [edge["node"]["account"]["id"] for edge in seen] == [other_account]
    missing = bank.api.post('{ accountMembership(accountMembershipId: "nope") { id } }')
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_transition_table() -> None:
    assert MEMBERSHIP_TRANSITIONS == {
        "ConsentPending": ("InvitationSent", "Disabled"),
        "InvitationSent": ("Enabled", "BindingUserError", "Disabled"),
        "BindingUserError": ("Enabled", "Disabled"),
        "Enabled": ("Suspended", "Disabled"),
        "Suspended": ("Enabled", "Disabled"),
    }
