"""Account memberships: invitation through consent (one or in bulk), binding, update,
suspend/resume/disable, invitations sent again, every rejection, queries and scoping."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.domain.accounts.memberships import MEMBERSHIP_TRANSITIONS
from simulator.domain.consents.consent_descriptions import describe_consent
from simulator.domain.users.users import create_user, find_user_by_phone

from .banking_support import CARD_CONSENT, CARD_SWITCHES, REDIRECT, Bank, card_consent_id

MEMBERSHIP = (
    "accountMembership { id email user { id } canViewAccount canInitiatePayments "
    "canManageCards legalRepresentative statusInfo { __typename status "
    "... on AccountMembershipConsentPendingStatusInfo { consent { id purpose } "
    "restrictedTo { firstName lastName phoneNumber } } "
    "... on AccountMembershipInvitationSentStatusInfo { restrictedTo { phoneNumber } } "
    "... on AccountMembershipBindingUserErrorStatusInfo { phoneNumberMatchError "
    "firstNameMatchError lastNameMatchError birthDateMatchError } "
    "... on AccountMembershipSuspendedStatusInfo { reason } "
    "... on AccountMembershipDisabledStatusInfo { reason } } }"
)
BOB = {"firstName": "Bob", "lastName": "Martin", "phoneNumber": "+33 6 55 00 00 01"}
PERMISSIONS = {
    "canViewAccount": True,
    "canManageBeneficiaries": False,
    "canInitiatePayments": True,
    "canManageAccountMembership": False,
}


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
            **PERMISSIONS,
            "consentRedirectUrl": REDIRECT,
            **input,
        },
        MEMBERSHIP,
    )


def consent_of(result: dict[str, Any]) -> str:
    return str(result["accountMembership"]["statusInfo"]["consent"]["id"])


def invited(bank: Bank, account_id: str) -> str:
    result = invite(bank, account_id)
    bank.approve(consent_of(result))
    return str(result["accountMembership"]["id"])


def bound(bank: Bank, account_id: str) -> str:
    membership_id = invited(bank, account_id)
    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="Martin")
    bank.user_client(bob["id"]).mutate(
        "bindAccountMembership", {"accountMembershipId": membership_id}
    )
    return membership_id


def status_of(bank: Bank, membership_id: str) -> str:
    return str(bank.row("account_memberships", membership_id)["status"])


def test_invitation_through_consent_then_binding(bank: Bank, account: str) -> None:
    result = invite(bank, account)
    membership = result["accountMembership"]
    info = membership["statusInfo"]
    assert (info["__typename"], info["status"]) == (
        "AccountMembershipConsentPendingStatusInfo",
        "ConsentPending",
    )
    assert info["consent"]["purpose"] == "AddAccountMembership"
    assert info["restrictedTo"]["phoneNumber"] == "+33655000001"
    assert (membership["canViewAccount"], membership["canInitiatePayments"]) == (True, True)
    assert membership["canManageCards"] is False
    bank.approve(info["consent"]["id"])
    assert status_of(bank, membership["id"]) == "InvitationSent"

    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="MARTIN")
    as_bob = bank.user_client(bob["id"])
    result = as_bob.mutate(
        "bindAccountMembership", {"accountMembershipId": membership["id"]}, MEMBERSHIP
    )
    assert result["accountMembership"]["statusInfo"]["status"] == "Enabled"
    assert result["accountMembership"]["user"]["id"] == bob["id"]
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
    info = membership["statusInfo"]
    assert info["status"] == "BindingUserError"
    assert (info["phoneNumberMatchError"], info["firstNameMatchError"]) == (True, True)
    assert (info["lastNameMatchError"], info["birthDateMatchError"]) == (False, False)
    assert membership["user"] is None
    as_eve.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    assert status_of(bank, membership_id) == "BindingUserError"
    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="Martin")
    again = bank.user_client(bob["id"]).mutate(
        "bindAccountMembership", {"accountMembershipId": membership_id}, MEMBERSHIP
    )
    assert again["accountMembership"]["statusInfo"]["status"] == "Enabled"


def test_bind_rejections(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    project_token = bank.api.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    assert project_token["__typename"] == "RestrictedToUserRejection"
    bob = create_user(bank.env, "+33655000001", first_name="Bob", last_name="Martin")
    as_bob = bank.user_client(bob["id"])
    assert as_bob.mutate("bindAccountMembership", {"accountMembershipId": "nope"}) == {
        "__typename": "AccountMembershipNotFoundRejection",
        "message": "Account membership nope was not found.",
        "id": "nope",
    }
    as_bob.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    twice = as_bob.mutate("bindAccountMembership", {"accountMembershipId": membership_id})
    assert (twice["__typename"], twice["id"]) == (
        "AccountMembershipNotReadyToBeBoundRejection",
        membership_id,
    )
    second = invited(bank, account)
    already = as_bob.mutate("bindAccountMembership", {"accountMembershipId": second})
    assert already["__typename"] == "IdentityAlreadyBindToAccountMembershipRejection"
    assert (already["accountId"], already["identityId"]) == (account, bob["id"])


def test_refused_invitation_is_disabled(bank: Bank, account: str) -> None:
    result = invite(bank, account)
    bank.refuse(consent_of(result))
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
        restrictedTo={"firstName": "", "lastName": "M", "phoneNumber": "+33655000001"},
    )
    assert bad["__typename"] == "ValidationRejection"
    assert {tuple(field["path"]) for field in bad["fields"]} == {
        ("input", "email"),
        ("input", "restrictedTo", "firstName"),
    }
    no_phone = invite(bank, account, restrictedTo={"firstName": "Bob", "lastName": "M"})
    assert no_phone["__typename"] == "MissingPhoneNumberRestrictionRejection"
    bad_phone = invite(bank, account, restrictedTo={**BOB, "phoneNumber": "0612"})
    assert bad_phone["__typename"] == "InvalidPhoneNumberRejection"
    no_url = invite(bank, account, consentRedirectUrl=None)
    assert no_url["__typename"] == "ValidationRejection"
    assert invite(bank, "nope")["__typename"] == "ForbiddenRejection"
    bank.testing.mutate("suspendSandboxAccount", {"accountId": account})
    suspended = invite(bank, account)
    assert (suspended["__typename"], suspended["id"]) == ("BadAccountStatusRejection", account)


def add_manager(bank: Bank, account: str) -> Any:
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
            "updated_at": "2026-01-05T09:00:00.000Z",
        }
    )
    return manager


def test_a_user_cannot_grant_what_it_does_not_hold(bank: Bank, account: str) -> None:
    manager = add_manager(bank, account)
    as_manager = bank.user_client(manager["id"])
    input = {
        "accountId": account,
        "email": "bob@example.com",
        "restrictedTo": BOB,
        **PERMISSIONS,
        "consentRedirectUrl": REDIRECT,
    }
    result = as_manager.mutate("addAccountMembership", input)
    assert result["__typename"] == "PermissionCannotBeGrantedRejection"
    assert "can_initiate_payments" in result["message"]
    allowed = as_manager.mutate(
        "addAccountMembership", {**input, "canInitiatePayments": False}, MEMBERSHIP
    )
    consent_id = allowed["accountMembership"]["statusInfo"]["consent"]["id"]
    assert bank.row("consents", consent_id)["user_id"] == manager["id"]
    own = as_manager.mutate("suspendAccountMembership", {"accountMembershipId": "m-manager"})
    assert own["__typename"] == "UserNotAllowedToSuspendItsOwnAccountMembershipRejection"
    own = as_manager.mutate("disableAccountMembership", {"accountMembershipId": "m-manager"})
    assert own["__typename"] == "UserNotAllowedToDisableItsOwnAccountMembershipRejection"


def test_bulk_invitation_with_one_consent(bank: Bank, account: str) -> None:
    members = [
        {
            "email": f"m{index}@example.com",
            "restrictedTo": {**BOB, "phoneNumber": phone},
            **PERMISSIONS,
        }
        for index, phone in enumerate(("+33655000011", "+33655000012"))
    ]
    result = bank.api.mutate(
        "addAccountMemberships",
        {"accountId": account, "memberships": members, "consentRedirectUrl": REDIRECT},
        "accountMemberships { id statusInfo { status "
        "... on AccountMembershipConsentPendingStatusInfo { consent { id purpose } } } }",
    )
    added = result["accountMemberships"]
    consents = {item["statusInfo"]["consent"]["id"] for item in added}
    assert len(added) == 2 and len(consents) == 1
    assert added[0]["statusInfo"]["consent"]["purpose"] == "AddAccountMemberships"
    consent_id = consents.pop()
    page = describe_consent(bank.env, bank.row("consents", consent_id))
    assert page.title == "Approve new account members"
    assert page.summary == "Test project asks to invite 2 members to an account."
    headings = [section.heading for section in page.sections]
    assert headings == ["New member 1", "New member 2", "Account"]
    assert ("E-mail", "m1@example.com") in page.sections[1].rows
    approved = bank.approve(consent_id)
    assert approved["status"] == "Accepted", approved
    assert [status_of(bank, item["id"]) for item in added] == ["InvitationSent"] * 2
    too_many = bank.api.mutate(
        "addAccountMemberships",
        {"accountId": account, "memberships": members * 51, "consentRedirectUrl": REDIRECT},
    )
    assert too_many["__typename"] == "TooManyItemsRejection"


def test_update_through_consent(bank: Bank, account: str) -> None:
    membership_id = bound(bank, account)
    result = bank.api.mutate(
        "updateAccountMembership",
        {
            "accountMembershipId": membership_id,
            "canManageCards": True,
            "email": "bob@new.example.com",
            "consentRedirectUrl": REDIRECT,
        },
        "consent { id purpose status }",
    )
    assert result["consent"]["purpose"] == "UpdateAccountMembership"
    assert bank.row("account_memberships", membership_id)["can_manage_cards"] == 0
    # The consent page says what approving changes (the app's "member rights" flow).
    page = describe_consent(bank.env, bank.row("consents", result["consent"]["id"]))
    assert page.title == "Approve changing an account member"
    assert page.summary == "Test project asks to change what Bob Martin may do on an account."
    rows = dict(page.sections[0].rows)
    assert rows["New: E-mail"] == "bob@new.example.com"
    assert rows["New: May"] == "view the account, initiate payments, manage cards"
    busy = bank.api.mutate(
        "updateAccountMembership",
        {"accountMembershipId": membership_id, "consentRedirectUrl": REDIRECT},
    )
    assert busy["__typename"] == "AccountMembershipNotReadyToBeUpdatedRejection"
    bank.approve(result["consent"]["id"])
    row = bank.row("account_memberships", membership_id)
    assert (row["can_manage_cards"], row["email"]) == (1, "bob@new.example.com")
    assert bank.events(membership_id)[-1] == "AccountMembership.Updated"
    legal = bank.api.mutate(
        "updateAccountMembership",
        {
            "accountMembershipId": bank.legal_membership(account),
            "canViewAccount": False,
            "consentRedirectUrl": REDIRECT,
        },
    )
    assert legal["__typename"] == "LegalRepresentativePermissionsCannotBeUpdatedRejection"


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
        "suspendAccountMembership", {"accountMembershipId": membership_id}, MEMBERSHIP
    )
    assert suspended["accountMembership"]["statusInfo"]["status"] == "Suspended"
    declined = bank.authorize(card["id"], "1.00")
    assert declined["rejectedReason"] == "AccountMembershipNotEnabled"
    twice = bank.api.mutate("suspendAccountMembership", {"accountMembershipId": membership_id})
    assert twice["__typename"] == "ValidationRejection"
    resumed = bank.api.mutate(
        "resumeAccountMembership",
        {"accountMembershipId": membership_id, "consentRedirectUrl": REDIRECT},
        "consent { id purpose }",
    )
    assert resumed["consent"]["purpose"] == "ResumeAccountMembership"
    assert status_of(bank, membership_id) == "Suspended"
    page = describe_consent(bank.env, bank.row("consents", resumed["consent"]["id"]))
    assert page.summary == "Test project asks to give Bob Martin back their access to an account."
    bank.approve(resumed["consent"]["id"])
    assert status_of(bank, membership_id) == "Enabled"
    not_suspended = bank.api.mutate(
        "resumeAccountMembership",
        {"accountMembershipId": membership_id, "consentRedirectUrl": REDIRECT},
    )
    assert not_suspended["__typename"] == "ForbiddenRejection"
    disabled = bank.api.mutate(
        "disableAccountMembership", {"accountMembershipId": membership_id}, MEMBERSHIP
    )
    assert (
        disabled["accountMembership"]["statusInfo"]["reason"]
        == "Disabled by the account's manager."
    )
    assert bank.row("cards", card["id"])["status"] == "Canceled"
    again = bank.api.mutate("disableAccountMembership", {"accountMembershipId": membership_id})
    assert again["__typename"] == "AccountMembershipCannotBeDisabledRejection"
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
    assert bank.row("consents", consent_of(result))["status"] == "Canceled"


def test_legal_representative_cannot_be_suspended_or_disabled(bank: Bank, account: str) -> None:
    legal = bank.legal_membership(account)
    suspend = bank.api.mutate("suspendAccountMembership", {"accountMembershipId": legal})
    assert suspend["__typename"] == (
        "LegalRepresentativeAccountMembershipCannotBeSuspendedRejection"
    )
    disable = bank.api.mutate("disableAccountMembership", {"accountMembershipId": legal})
    assert disable["__typename"] == (
        "LegalRepresentativeAccountMembershipCannotBeDisabledRejection"
    )
    unknown = {"accountMembershipId": "nope", "consentRedirectUrl": REDIRECT}
    assert bank.api.mutate("resumeAccountMembership", unknown)["__typename"] == (
        "UserNotAllowedToManageAccountMembershipRejection"
    )
    assert bank.api.mutate("suspendAccountMembership", {"accountMembershipId": "nope"})[
        "__typename"
    ] == ("UserNotAllowedToManageAccountMembershipRejection")
    assert bank.api.mutate("disableAccountMembership", {"accountMembershipId": "nope"})[
        "__typename"
    ] == ("AccountMembershipNotFoundRejection")


def test_invitation_sent_again(bank: Bank, account: str) -> None:
    membership_id = invited(bank, account)
    send = {"accountMembershipId": membership_id}
    for _ in range(5):
        sent = bank.api.mutate(
            "sendAccountMembershipInviteNotification", send, "notificationRequestId"
        )
        assert sent["notificationRequestId"]
    limited = bank.api.mutate("sendAccountMembershipInviteNotification", send)
    assert limited["__typename"] == "MaximumDailyInvitationsReachedRejection"
    legal = {"accountMembershipId": bank.legal_membership(account)}
    enabled = bank.api.mutate("sendAccountMembershipInviteNotification", legal)
    assert enabled["__typename"] == "AccountMembershipStatusNotEligibleRejection"


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
    more = bank.api.query(
        """{ bob: accountMemberships(filters: {search: "BOB"}) { totalCount }
             payers: accountMemberships(filters: {canInitiatePayments: true}) { totalCount }
             oldest: accountMemberships { edges { node { id } } }
             newest: accountMemberships(orderBy: {field: createdAt, direction: Desc}) {
               edges { node { id } } } }"""
    )
    assert (more["bob"]["totalCount"], more["payers"]["totalCount"]) == (1, 3)
    assert more["newest"]["edges"] == more["oldest"]["edges"][::-1]
    assert data["account"]["memberships"]["edges"][0]["node"]["account"]["id"] == account
    # The representative of the other account sees only its own membership.
    alan = find_user_by_phone(bank.env, "+33699900002")
    assert alan is not None
    seen = bank.user_client(alan["id"]).query(
        "{ accountMemberships { edges { node { account { id } } } } }"
    )["accountMemberships"]["edges"]
    assert [edge["node"]["account"]["id"] for edge in seen] == [other_account]
    missing = bank.api.query('{ accountMembership(id: "nope") { id } }')
    assert missing["accountMembership"] is None


def test_transition_table() -> None:
    assert MEMBERSHIP_TRANSITIONS == {
        "ConsentPending": ("InvitationSent", "Disabled"),
        "InvitationSent": ("Enabled", "BindingUserError", "Disabled"),
        "BindingUserError": ("Enabled", "Disabled"),
        "Enabled": ("Suspended", "Disabled"),
        "Suspended": ("Enabled", "Disabled"),
    }
