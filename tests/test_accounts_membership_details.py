"""What invitations and membership updates state beyond permissions: the member's residency
address and tax number (which need a birth date), a member's own spending limit across its
cards, and the rules of sending an invitation again."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.users.users import create_user

from .banking_support import REDIRECT, Bank
from .test_accounts_memberships import BOB, PERMISSIONS, consent_of, invite, invited

DETAILS = (
    "residencyAddress { addressLine1 city postalCode country } taxIdentificationNumber "
    "spendingLimits { type amount { value } period mode { __typename } } "
    "spending { amount { value } period }"
)
HOME = {"addressLine1": "1 rue de Rivoli", "city": "Paris", "postalCode": "75001", "country": "FRA"}


@pytest.fixture
def account(bank: Bank) -> str:
    account_id = bank.holder()["account_id"]
    bank.fund(account_id, "500.00")
    return str(account_id)


def _details(bank: Bank, membership_id: str) -> dict[str, Any]:
    query = f"query($id: ID!) {{ accountMembership(id: $id) {{ {DETAILS} }} }}"
    found: dict[str, Any] = bank.api.query(query, {"id": membership_id})["accountMembership"]
    return found


def test_invitation_carries_residency_and_tax_number(bank: Bank, account: str) -> None:
    added = invite(bank, account, residencyAddress=HOME, taxIdentificationNumber="FR 123/45-A")
    membership_id = added["accountMembership"]["id"]
    details = _details(bank, membership_id)
    assert details["residencyAddress"] == {
        "addressLine1": "1 rue de Rivoli",
        "city": "Paris",
        "postalCode": "75001",
        "country": "FRA",
    }
    assert details["taxIdentificationNumber"] == "FR 123/45-A"
    assert (details["spendingLimits"], details["spending"]) == (None, None)
    bulk = bank.api.mutate(
        "addAccountMemberships",
        {
            "accountId": account,
            "consentRedirectUrl": REDIRECT,
            "memberships": [
                {
                    "email": "carol@example.com",
                    "restrictedTo": {**BOB, "phoneNumber": "+33655000002"},
                    **PERMISSIONS,
                    "taxIdentificationNumber": "no!good",
                }
            ],
        },
    )
    assert bulk["__typename"] == "ValidationRejection"
    assert bulk["fields"][0]["path"] == ["input", "memberships", "0", "taxIdentificationNumber"]
    count = bank.env.store.db.execute("SELECT COUNT(*) FROM account_memberships").fetchone()[0]
    bad = invite(bank, account, residencyAddress={**HOME, "country": "France"})
    assert bad["__typename"] == "ValidationRejection"
    after = bank.env.store.db.execute("SELECT COUNT(*) FROM account_memberships").fetchone()[0]
    assert after == count


def test_tax_details_update_needs_a_birth_date(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    update = {
        "accountMembershipId": membership_id,
        "consentRedirectUrl": REDIRECT,
        "taxIdentificationNumber": "123456789",
        "residencyAddress": HOME,
    }
    refused = bank.api.mutate("updateAccountMembership", update)
    assert refused["__typename"] == "MissingBirthDateRejection"
    assert bank.row("account_memberships", membership_id)["pending_consent_id"] is None
    update["restrictedTo"] = {"birthDate": "1990-05-04"}
    asked = bank.api.mutate("updateAccountMembership", update, "consent { id }")
    bank.approve(asked["consent"]["id"])
    details = _details(bank, membership_id)
    assert details["taxIdentificationNumber"] == "123456789"
    assert details["residencyAddress"]["city"] == "Paris"


def test_member_spending_limit_spans_its_cards(bank: Bank, account: str) -> None:
    legal = bank.legal_membership(account)
    limit = {"amount": {"value": "50", "currency": "EUR"}, "period": "Monthly"}
    update = {"accountMembershipId": legal, "consentRedirectUrl": REDIRECT, "spendingLimit": limit}
    asked = bank.api.mutate("updateAccountMembership", update, "consent { id }")
    bank.approve(asked["consent"]["id"])
    first, second = bank.enabled_card(account), bank.enabled_card(account)
    assert bank.authorize(first, "30.00")["rejectedReason"] is None
    # Each card is far from its own 1,000 EUR limit; together they pass the member's.
    assert bank.authorize(second, "30.00")["rejectedReason"] == "SpendingLimitReached"
    details = _details(bank, legal)
    assert details["spendingLimits"] == [
        {
            "type": "AccountHolder",
            "amount": {"value": "50.00"},
            "period": "Monthly",
            "mode": {"__typename": "SpendingLimitCalendarMonthMode"},
        }
    ]
    assert details["spending"] == {"amount": {"value": "30.00"}, "period": "Monthly"}
    wrong = {**limit, "mode": {"rolling": {"rollingValue": 3}}}  # Monthly: only 1
    refused = bank.api.mutate("updateAccountMembership", {**update, "spendingLimit": wrong})
    assert refused["__typename"] == "ValidationRejection"


def test_invitation_link_and_sender_rules(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    send = {"accountMembershipId": membership_id, "redirectUrl": "https://elsewhere.example/x"}
    custom = bank.api.mutate("sendAccountMembershipInviteNotification", send)
    assert custom["__typename"] == "AccountMembershipCustomInvitationCannotBeCreatedRejection"
    assert custom["projectId"] == bank.project_id
    assert not bank.env.store.db["membership_invitations"].count
    # A user who manages memberships cannot send itself an invitation.
    ada = bank.row("account_memberships", bank.legal_membership(account))["user_id"]
    phone = bank.row("users", ada)["phone_number"]
    mine = bank.user_client(ada).mutate(
        "addAccountMembership",
        {
            "accountId": account,
            "email": "me@example.com",
            "restrictedTo": {**BOB, "phoneNumber": phone},
            **PERMISSIONS,
            "consentRedirectUrl": REDIRECT,
        },
        "accountMembership { id statusInfo { ... on AccountMembershipConsentPendingStatusInfo "
        "{ consent { id } } } }",
    )
    bank.approve(consent_of(mine))
    again = {"accountMembershipId": mine["accountMembership"]["id"]}
    refused = bank.user_client(ada).mutate("sendAccountMembershipInviteNotification", again)
    assert refused["__typename"] == "UserNotAllowedToSendAccountMembershipInvitationRejection"
    # The project's own callers send it.
    sent = bank.api.mutate(
        "sendAccountMembershipInviteNotification", again, "notificationRequestId"
    )
    assert sent["notificationRequestId"]
    other = create_user(bank.env, "+33655000009", first_name="Eve", last_name="Other")
    assert other["id"] != ada
