"""Accounts and holders: queries, filters, scoping, updateAccount, closeAccount through its
consent to Closed, suspension, verification status transitions."""

from __future__ import annotations

import itertools

import pytest

from simulator.domain.account_lifecycle import ACCOUNT_TRANSITIONS
from simulator.domain.holders import VERIFICATION_STATUSES, VERIFICATION_TRANSITIONS
from simulator.domain.users import create_user, find_user_by_phone

from .banking_support import REDIRECT, Bank

STATUS = (
    "status statusInfo { __typename status ... on AccountClosingStatus { reason closesAt } "
    "... on AccountClosedStatus { closedAt } ... on AccountSuspendedStatus { reason } }"
)


@pytest.fixture
def account(bank: Bank) -> str:
    return str(bank.holder()["account_id"])


def close(bank: Bank, account_id: str, **input: str) -> dict:
    return bank.api.mutate(
        "closeAccount",
        {"accountId": account_id, "consentRedirectUrl": REDIRECT, **input},
        f"account {{ id {STATUS} }} consent {{ id purpose status }}",
    )


def test_accounts_filters_and_holders(bank: Bank) -> None:
    ada = bank.holder()
    alan = bank.holder("Alan", "Turing", verification_status="Pending")
    bank.testing.mutate("suspendSandboxAccount", {"accountId": alan["account_id"]})
    data = bank.api.query(
        """query($holder: ID!) {
             opened: accounts(filters: {status: [Opened]}) { totalCount edges { node { id } } }
             suspended: accounts(filters: {status: [Suspended, Closed]}) { totalCount }
             byHolder: accounts(filters: {accountHolderId: $holder}) { edges { node { id
               holder { id name firstName verificationStatus accounts { totalCount } } } } }
             holders: accountHolders(filters: {verificationStatus: [Pending]}) {
               edges { node { id name } } }
             individuals: accountHolders(filters: {type: [Individual]}) { totalCount } }""",
        {"holder": ada["holder_id"]},
    )
    # At most 5 top-level fields per Sandbox operation (section 8.2): a second query.
    data |= bank.api.query(
        """query($holder: ID!) { holder: accountHolder(accountHolderId: $holder) { name status } }""",
        {"holder": ada["holder_id"]},
    )
    assert data["opened"]["edges"] == [{"node": {"id": ada["account_id"]}}]
    assert data["suspended"]["totalCount"] == 1
    node = data["byHolder"]["edges"][0]["node"]
    assert node["holder"] == {
        "id": ada["holder_id"],
        "name": "Ada Lovelace",
        "firstName": "Ada",
        "verificationStatus": "Verified",
        "accounts": {"totalCount": 1},
    }
    assert data["holders"]["edges"] == [{"node": {"id": alan["holder_id"], "name": "Alan Turing"}}]
    assert data["individuals"]["totalCount"] == 2
    assert data["holder"] == {"name": "Ada Lovelace", "status": "Enabled"}
    missing = bank.api.post('{ accountHolder(accountHolderId: "nope") { id } }')
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
    from simulator.domain.accounts import create_account_holder

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
    bad = bank.api.mutate("updateAccount", {"accountId": account, "name": " ", "language": "fra"})
    assert bad["__typename"] == "ValidationRejection"
    assert [field["code"] for field in bad["fields"]] == ["Missing", "InvalidFormat"]
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
    result = close(bank, account, reason="Moving abroad")
    assert result["account"]["status"] == "Opened"
    assert result["consent"]["purpose"] == "CloseAccount"
    bank.approve(result["consent"]["id"])
    data = bank.api.query(
        f"query($id: ID!) {{ account(accountId: $id) {{ {STATUS} }} }}", {"id": account}
    )["account"]
    assert data["statusInfo"] == {
        "__typename": "AccountClosingStatus",
        "status": "Closing",
        "reason": "Moving abroad",
        "closesAt": "2026-01-06T09:00:00.000Z",
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
    closed = bank.row("accounts", account)
    assert (closed["status"], closed["closed_at"]) == ("Closed", "2026-01-06T09:00:00.000Z")
    assert bank.events(account)[-2:] == ["Account.Closing", "Account.Closed"]
    again = close(bank, account)
    assert again["__typename"] == "AccountWrongStatusRejection"
    assert (again["currentStatus"], again["expectedStatus"]) == ("Closed", "Opened")
    renamed = bank.api.mutate("updateAccount", {"accountId": account, "name": "x"})
    assert renamed["__typename"] == "AccountWrongStatusRejection"


def test_close_account_rejections(bank: Bank, account: str) -> None:
    bank.fund(account, "10.00")
    not_empty = close(bank, account)
    assert not_empty["__typename"] == "AccountNotEmptyRejection"
    assert not_empty["bookedBalance"] == {"value": "10.00", "currency": "EUR"}
    assert not_empty["pendingTransactionCount"] == 0
    assert close(bank, "nope")["__typename"] == "AccountNotFoundRejection"
    assert close(bank, account, consentRedirectUrl="nope")["__typename"] == "ValidationRejection"
    no_representative = bank.holder("No", "One", legal_representative_phone=None)
    forbidden = close(bank, no_representative["account_id"])
    assert forbidden["__typename"] == "ForbiddenRejection"


def test_refused_closing_leaves_the_account_open(bank: Bank, account: str) -> None:
    result = close(bank, account, reason="x")
    bank.refuse(result["consent"]["id"])
    row = bank.row("accounts", account)
    assert (row["status"], row["status_reason"], row["closing_reason"]) == ("Opened", None, None)


def test_asking_to_close_a_suspended_account_keeps_its_suspension_reason(
    bank: Bank, account: str
) -> None:
    """The closing reason waits apart until the account starts closing (it overwrote the
    suspension's reason at once, and a refused consent erased it)."""
    bank.testing.mutate("suspendSandboxAccount", {"accountId": account, "reason": "Review"})
    query = f"query($id: ID!) {{ account(accountId: $id) {{ {STATUS} }} }}"
    refused = close(bank, account, reason="Moving abroad")
    assert bank.api.query(query, {"id": account})["account"]["statusInfo"]["reason"] == "Review"
    bank.refuse(refused["consent"]["id"])
    assert bank.api.query(query, {"id": account})["account"]["statusInfo"]["reason"] == "Review"
    bank.approve(close(bank, account, reason="Moving abroad")["consent"]["id"])
    info = bank.api.query(query, {"id": account})["account"]["statusInfo"]
    assert (info["status"], info["reason"]) == ("Closing", "Moving abroad")


def test_closing_fails_if_money_arrived_before_approval(bank: Bank, account: str) -> None:
    result = close(bank, account)
    bank.fund(account, "3.00")
    assert bank.approve(result["consent"]["id"])["status"] == "Failed"
    assert bank.row("accounts", account)["status"] == "Opened"


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
    assert (twice["currentStatus"], twice["expectedStatus"]) == ("Suspended", "Opened")
    resumed = bank.testing.mutate("resumeSandboxAccount", {"accountId": account}, "status")
    assert resumed["status"] == "Opened"
    not_suspended = bank.testing.mutate("resumeSandboxAccount", {"accountId": account})
    assert (not_suspended["currentStatus"], not_suspended["expectedStatus"]) == (
        "Opened",
        "Suspended",
    )
    for name in ("suspendSandboxAccount", "resumeSandboxAccount"):
        assert bank.testing.mutate(name, {"accountId": "nope"}) == {
            "__typename": "AccountNotFoundRejection",
            "message": "Account nope was not found.",
            "accountId": "nope",
        }


def test_account_transition_table() -> None:
    assert ACCOUNT_TRANSITIONS == {
        "Opened": ("Suspended", "Closing"),
        "Suspended": ("Opened", "Closing"),
        "Closing": ("Closed",),
    }


@pytest.mark.parametrize(
    ("current", "target"),
    [
        (current, target)
        for current, target in itertools.product(VERIFICATION_STATUSES, VERIFICATION_STATUSES)
        if current != target
    ],
)
def test_every_verification_transition(bank: Bank, current: str, target: str) -> None:
    holder_id = bank.holder(verification_status=current)["holder_id"]
    result = bank.testing.mutate(
        "updateSandboxAccountHolderVerificationStatus",
        {"accountHolderId": holder_id, "verificationStatus": target},
        "accountHolderId verificationStatus",
    )
    if target in VERIFICATION_TRANSITIONS[current]:
        assert result["verificationStatus"] == target
        assert bank.events(holder_id)[-1] == "AccountHolder.Updated"
    else:
        assert result == {
            "__typename": "NotReachableVerificationStatusRejection",
            "message": f"Account holder {holder_id} is {current}: it cannot become {target}.",
            "accountHolderId": holder_id,
            "currentStatus": current,
            "unreachableStatus": target,
        }


def test_verification_of_an_unknown_holder(bank: Bank) -> None:
    result = bank.testing.mutate(
        "updateSandboxAccountHolderVerificationStatus",
        {"accountHolderId": "nope", "verificationStatus": "Verified"},
    )
    assert result["__typename"] == "AccountHolderNotFoundRejection"
    assert result["accountHolderId"] == "nope"


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
