"""Accounts and holders: queries, filters, scoping, updateAccount, closeAccount through its
consent to Closed, suspension, the Testing API's verification review."""

from __future__ import annotations

import pytest

from simulator.domain.accounts.account_lifecycle import ACCOUNT_TRANSITIONS
from simulator.domain.accounts.holders import VERIFICATION_STATUSES
from simulator.domain.users.users import create_user, find_user_by_phone

from .banking_support import REDIRECT, Bank

STATUS = (
    "statusInfo { __typename status "
    "... on AccountClosingStatus { reason closingAt reasonInfo { ... on CloseAccountReason "
    "{ type message } } } ... on AccountClosedStatus { closedAt closingAt } "
    "... on AccountSuspendedStatus { reason } }"
)
CLOSING = {"type": "ClosingRequested"}


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder()["account_id"])


def close(bank: Bank, account_id: str, message: str | None = None, **input: str) -> dict:
    reason = {**CLOSING, "message": message} if message else CLOSING
    return bank.api.mutate(
        "closeAccount",
        {"accountId": account_id, "consentRedirectUrl": REDIRECT, "reason": reason, **input},
        "consent { id purpose status }",
    )


def test_accounts_filters_and_holders(bank: Bank) -> None:
    ada = bank.holder()
    alan = bank.holder("Alan", "Turing", verification_status="Pending")
    bank.testing.mutate("suspendSandboxAccount", {"accountId": alan["account_id"]})
    ada_iban = bank.row("accounts", ada["account_id"])["iban"]
    data = bank.api.query(
        """query($iban: String!) {
             opened: accounts(filters: {status: [Opened]}) { totalCount edges { node { id } } }
             suspended: accounts(filters: {status: [Suspended, Closed]}) { totalCount }
             byIban: accounts(filters: {mainIBAN: $iban}) { edges { node { id
               holder { id info { __typename type name } verificationStatus
                 accounts { totalCount } } } } }
             holders: accountHolders(filters: {verificationStatus: [Pending]}) {
               edges { node { id info { name } } } }
             individuals: accountHolders(filters: {types: [Individual], search: "tur"}) {
               totalCount } }""",
        {"iban": ada_iban},
    )
    # At most 5 top-level fields per Sandbox operation (section 8.2): a second query.
    data |= bank.api.query(
        """query($holder: ID!) { holder: accountHolder(id: $holder) {
             info { name } statusInfo { status } verificationStatusInfo { __typename
               ... on AccountHolderVerifiedVerificationStatusInfo { verifiedAt } } } }""",
        {"holder": ada["holder_id"]},
    )
    assert data["opened"]["edges"] == [{"node": {"id": ada["account_id"]}}]
    assert data["suspended"]["totalCount"] == 1
    node = data["byIban"]["edges"][0]["node"]
    assert node["holder"] == {
        "id": ada["holder_id"],
        "info": {
            "__typename": "AccountHolderIndividualInfo",
            "type": "Individual",
            "name": "Ada Lovelace",
        },
        "verificationStatus": "Verified",
        "accounts": {"totalCount": 1},
    }
    assert data["holders"]["edges"] == [
        {"node": {"id": alan["holder_id"], "info": {"name": "Alan Turing"}}}
    ]
    assert data["individuals"]["totalCount"] == 1
    assert data["holder"] == {
        "info": {"name": "Ada Lovelace"},
        "statusInfo": {"status": "Enabled"},
        "verificationStatusInfo": {
            "__typename": "AccountHolderVerifiedVerificationStatusInfo",
            "verifiedAt": "2026-01-05T09:00:00.000Z",
        },
    }
    missing = bank.api.post('{ accountHolder(id: "nope") { id } }')
    assert (missing["data"], missing["errors"][0]["extensions"]["code"]) == (
        {"accountHolder": None},
        "NOT_FOUND",
    )


def test_user_token_sees_only_its_accounts_and_holders(bank: Bank) -> None:
    ada = bank.holder()
    bank.holder("Alan", "Turing")
    user = find_user_by_phone(bank.env, "+33699900001")
    assert user is not None
    client = bank.user_client(user["id"])
    data = client.query("{ accounts { totalCount } accountHolders { totalCount } }")
    assert data == {"accounts": {"totalCount": 1}, "accountHolders": {"totalCount": 1}}
    stranger = bank.user_client(create_user(bank.env, "+33655000009")["id"])
    assert stranger.query("{ accounts { totalCount } }")["accounts"]["totalCount"] == 0
    hidden = stranger.post(
        "query($id: ID!) { account(accountId: $id) { id } }", {"id": ada["account_id"]}
    )
    assert hidden["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_another_projects_accounts_are_invisible(bank: Bank, sim: object) -> None:
    from simulator.domain.accounts.accounts import create_account_holder

    other = sim.create_project("sandbox", "Other", [REDIRECT])  # type: ignore[attr-defined]
    foreign = create_account_holder(bank.env, other.project_id, first_name="Eve", last_name="X")
    assert bank.api.query("{ accounts { totalCount } }")["accounts"]["totalCount"] == 0
    result = bank.api.mutate("updateAccount", {"accountId": foreign["account_id"], "name": "x"})
    assert result["__typename"] == "AccountNotFoundRejection"


def test_update_account(bank: Bank, account: str) -> None:
    result = bank.api.mutate(
        "updateAccount",
        {"accountId": account, "name": "Household", "language": "fr"},
        "account { name language updatedAt }",
    )
    assert result["account"] == {
        "name": "Household",
        "language": "fr",
        "updatedAt": "2026-01-05T09:00:00.000Z",
    }
    assert bank.events(account)[-1] == "Account.Updated"
    bad = bank.api.mutate("updateAccount", {"accountId": account, "name": " "})
    assert bad["__typename"] == "ValidationRejection"
    assert [field["code"] for field in bad["fields"]] == ["InvalidType"]
    wrong_language = bank.api.post(
        'mutation { updateAccount(input: {accountId: "x", language: fra}) { __typename } }'
    )
    assert wrong_language["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED"
    assert bank.api.mutate("updateAccount", {"accountId": "nope"})["__typename"] == (
        "AccountNotFoundRejection"
    )


def test_update_account_needs_the_legal_representative(bank: Bank, account: str) -> None:
    viewer = create_user(bank.env, "+33655000010")
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
    result = bank.user_client(viewer["id"]).mutate(
        "updateAccount", {"accountId": account, "name": "Mine"}
    )
    assert result["__typename"] == "ForbiddenRejection"


def test_close_account_through_consent_then_closed_a_day_later(bank: Bank, account: str) -> None:
    card_id = bank.enabled_card(account)
    result = close(bank, account, "Moving abroad")
    assert result["consent"]["purpose"] == "CloseAccount"
    assert bank.row("accounts", account)["status"] == "Opened"
    bank.approve(result["consent"]["id"])
    data = bank.api.query(
        f"query($id: ID!) {{ account(accountId: $id) {{ {STATUS} }} }}", {"id": account}
    )["account"]
    assert data["statusInfo"] == {
        "__typename": "AccountClosingStatus",
        "status": "Closing",
        "reason": "Moving abroad",
        "reasonInfo": {"type": "RequestedByPartner", "message": "Moving abroad"},
        "closingAt": "2026-01-05T09:00:00.000Z",
    }
    assert bank.row("cards", card_id)["status"] == "Canceled"
    incoming = bank.testing.mutate(
        "simulateIncomingSepaCreditTransferReception",
        {
            "creditorIban": bank.row("accounts", account)["iban"],
            "creditorName": "Ada Lovelace",
            "amount": {"value": "5.00", "currency": "EUR"},
            "debtorName": "Late payer",
            "debtorIban": "DE89370400440532013000",
        },
        "transactionId",
    )
    late = bank.row("transactions", incoming["transactionId"])
    assert (late["status"], late["status_reason"]) == ("Rejected", "AccountClosed")
    timeline = bank.sim.advance("1d").timeline
    assert [entry["event"] for entry in timeline] == ["Account.Closed"]
    closed = bank.api.query(
        f"query($id: ID!) {{ account(accountId: $id) {{ {STATUS} }} }}", {"id": account}
    )["account"]["statusInfo"]
    assert (closed["__typename"], closed["closedAt"], closed["closingAt"]) == (
        "AccountClosedStatus",
        "2026-01-06T09:00:00.000Z",
        "2026-01-05T09:00:00.000Z",
    )
    assert bank.events(account)[-2:] == ["Account.Closing", "Account.Closed"]
    again = close(bank, account)
    assert again == {
        "__typename": "BadAccountStatusRejection",
        "message": f"Account {account} is Closed; this operation needs it Opened.",
        "id": account,
    }
    renamed = bank.api.mutate("updateAccount", {"accountId": account, "name": "x"})
    assert renamed["__typename"] == "BadAccountStatusRejection"


def test_close_account_rejections(bank: Bank, account: str) -> None:
    assert close(bank, "nope")["__typename"] == "AccountNotFoundRejection"
    assert close(bank, account, consentRedirectUrl="nope")["__typename"] == "ValidationRejection"
    no_representative = bank.holder("No", "One", legal_representative_phone=None)
    forbidden = close(bank, no_representative["account_id"])
    assert forbidden["__typename"] == "ForbiddenRejection"


def test_refused_closing_leaves_the_account_open(bank: Bank, account: str) -> None:
    result = close(bank, account, "x")
    bank.refuse(result["consent"]["id"])
    row = bank.row("accounts", account)
    assert (row["status"], row["status_reason"], row["closing_reason"]) == ("Opened", None, None)


def test_a_suspended_account_cannot_be_closed(bank: Bank, account: str) -> None:
    """Only the bank acts on a suspended account (as in the real service)."""
    bank.testing.mutate("suspendSandboxAccount", {"accountId": account, "reason": "Review"})
    assert close(bank, account, "Moving abroad")["__typename"] == "BadAccountStatusRejection"
    query = f"query($id: ID!) {{ account(accountId: $id) {{ {STATUS} }} }}"
    assert bank.api.query(query, {"id": account})["account"]["statusInfo"]["reason"] == "Review"


def test_a_funded_account_closes_once_its_balance_is_moved_out(bank: Bank, account: str) -> None:
    """The web banking's closing flow: close first, then transfer the balance out of the
    Closing account; it is Closed at the end of its delay only once empty."""
    bank.fund(account, "10.00")
    assert bank.approve(close(bank, account, "Moving")["consent"]["id"])["status"] == "Accepted"
    assert bank.row("accounts", account)["status"] == "Closing"
    bank.sim.advance("1d")
    assert bank.row("accounts", account)["status"] == "Closing"  # still 10.00 EUR on it
    paid = bank.transfer(account, "10.00")
    assert paid["__typename"] == "InitiateCreditTransfersSuccessPayload", paid
    bank.approve(paid["consent"]["id"])
    timeline = bank.sim.advance("2d").timeline
    assert "Account.Closed" in [entry["event"] for entry in timeline]
    assert bank.row("accounts", account)["status"] == "Closed"


def test_suspend_and_resume_through_the_testing_api(bank: Bank, account: str) -> None:
    suspended = bank.testing.mutate(
        "suspendSandboxAccount", {"accountId": account, "reason": "Review"}, "accountId status"
    )
    assert suspended == {
        "__typename": "SuspendSandboxAccountSuccessPayload",
        "accountId": account,
        "status": "Suspended",
    }
    info = bank.api.query(
        f"query($id: ID!) {{ account(accountId: $id) {{ {STATUS} }} }}", {"id": account}
    )["account"]["statusInfo"]
    assert info["reason"] == "Review"
    twice = bank.testing.mutate("suspendSandboxAccount", {"accountId": account})
    assert twice["message"] == f"Account {account} is Suspended; this operation needs it Opened."
    resumed = bank.testing.mutate("resumeSandboxAccount", {"accountId": account}, "status")
    assert resumed["status"] == "Opened"
    not_suspended = bank.testing.mutate("resumeSandboxAccount", {"accountId": account})
    assert not_suspended["__typename"] == "BadAccountStatusRejection"
    for name in ("suspendSandboxAccount", "resumeSandboxAccount"):
        assert bank.testing.mutate(name, {"accountId": "nope"}) == {
            "__typename": "AccountNotFoundRejection",
            "message": "Account nope was not found.",
            "id": "nope",
        }


def test_account_transition_table() -> None:
    assert ACCOUNT_TRANSITIONS == {
        "Opened": ("Suspended", "Closing"),
        "Suspended": ("Opened",),
        "Closing": ("Closed",),
    }


@pytest.mark.parametrize("target", VERIFICATION_STATUSES)
def test_the_testing_api_sets_any_verification_status(bank: Bank, target: str) -> None:
    holder_id = bank.holder(verification_status="NotStarted")["holder_id"]
    bank.sim.advance("1h")
    result = bank.testing.mutate(
        "updateAccountHolder",
        {"accountHolderId": holder_id, "verificationStatus": target},
        "accountHolder { id verificationStatus updatedDate }",
    )
    assert result["accountHolder"]["verificationStatus"] == target
    changed = target != "NotStarted"
    assert (bank.events(holder_id)[-1] == "AccountHolder.Updated") is changed
    info = bank.api.query(
        "query($id: ID!) { accountHolder(id: $id) { verificationStatusInfo { status "
        "... on AccountHolderPendingVerificationStatusInfo { pendingAt } "
        "... on AccountHolderRefusedVerificationStatusInfo { reason refusedAt } } } }",
        {"id": holder_id},
    )["accountHolder"]["verificationStatusInfo"]
    assert info["status"] == target
    if target in ("Pending", "Refused"):
        assert "2026-01-05T10:00:00.000Z" in info.values()


def test_verification_of_an_unknown_holder(bank: Bank) -> None:
    result = bank.testing.mutate(
        "updateAccountHolder", {"accountHolderId": "nope", "verificationStatus": "Verified"}
    )
    assert result == {
        "__typename": "AccountHolderNotFoundRejection",
        "message": "Account holder nope was not found.",
    }


def test_a_project_token_acting_for_a_user_sees_what_the_user_sees(bank: Bank) -> None:
    ada = bank.holder()
    bank.holder("Alan", "Turing")
    user = find_user_by_phone(bank.env, "+33699900001")
    assert user is not None
    response = bank.http.post(
        "/sandbox/graphql",
        json={"query": "{ accounts { edges { node { id } } } }"},
        headers={"Authorization": f"Bearer {bank.api.token}", "X-User-Id": user["id"]},
    )
    edges = response.json()["data"]["accounts"]["edges"]
    assert edges == [{"node": {"id": ada["account_id"]}}]
