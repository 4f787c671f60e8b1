"""Exercise checks (simulator/workshop/checks.py): each exercise turns `done` when the learner
does it, and only then; documents are read once however often they were sent."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from simulator import ProjectCredentials
from simulator.workshop import Workshop
from simulator.workshop.checks import CHECKS, CheckContext
from simulator.workshop.progress import check_learner
from simulator.workshop.spaces import LEARNER_REDIRECT_URI

from .oauth_pages import Pages, exchange
from .workshop_support import TRANSFER

ACCOUNTS_PAGE = "{ accounts(first: 1, after: null) { edges { node { id IBAN } } } }"
#: A rejection handled with a named fragment (the check follows the spread).
REFUSED_TRANSFER = """mutation { initiateCreditTransfers(input: {
    accountId: "no-such-account", consentRedirectUrl: "http://localhost:3000/callback",
    creditTransfers: [{ amount: { value: "1.00", currency: "EUR" }, reference: "R",
                        sepaBeneficiary: { name: "Carol", iban: "FR7630006000011234567890189" } }]
  }) { __typename ...Refused } }
fragment Refused on Rejection { message }"""
APPROVE = """mutation($id: ID!) { approveSandboxConsent(input: { consentId: $id }) {
  __typename } }"""
NEW_HOLDER = """mutation { createSandboxAccountHolder(input: {firstName: "Ada", lastName: "L"}) {
  __typename } }"""


class Learner:
    """Ada in her space, in-process, as her notebook would call it."""

    def __init__(self, room: Workshop, http: httpx.Client) -> None:
        self.room, self.http = room, http
        self.record = room.record("ada")
        self.token = ""

    def progress(self) -> dict[str, str]:
        return {key: result.status for key, result in check_learner(self.room, "ada").items()}

    def project_token(self) -> None:
        answer = self.http.post(
            "/oauth2/token",
            data={"grant_type": "client_credentials", "client_id": self.record.client_id,
                  "client_secret": self.record.client_secret},
        )  # fmt: skip
        assert answer.status_code == 200, answer.text
        self.token = answer.json()["access_token"]

    def graphql(self, query: str, testing: bool = False, **variables: Any) -> dict[str, Any]:
        answer = self.http.post(
            "/sandbox-testing/graphql" if testing else "/sandbox/graphql",
            json={"query": query, "variables": variables},
            headers={"Authorization": f"Bearer {self.token}"},
        )
        assert answer.status_code == 200 and "errors" not in answer.json(), answer.text
        return dict(answer.json()["data"])


def test_each_exercise_is_done_when_the_learner_does_it(room: Workshop) -> None:
    ada = room.learner("ada")
    with ada.client() as http:
        learner = Learner(room, http)
        done: set[str] = set()

        def step(exercise: str) -> None:
            done.add(exercise)
            assert {key for key, status in learner.progress().items() if status == "done"} == done

        assert set(learner.progress().values()) == {"todo"}
        learner.project_token()
        step("project-token")
        for _ in range(3):  # sent three times, read once
            accounts = learner.graphql(ACCOUNTS_PAGE)["accounts"]["edges"]
        step("list-accounts")
        learner.graphql(REFUSED_TRANSFER)
        step("rejection-fragments")

        pages = Pages(http, ada.sandbox)
        code = pages.authorize(learner.record.client_id, phone=learner.record.phone_number)["code"]
        exchanged = exchange(http, code, learner.record.client_id, learner.record.client_secret)
        assert exchanged.status_code == 200, exchanged.text
        step("authorization-code")

        inbox = ada.webhooks.inbox("ada-app")
        credentials = ProjectCredentials(
            learner.record.project_id, learner.record.client_id, learner.record.client_secret,
            [LEARNER_REDIRECT_URI], "sandbox",
        )  # fmt: skip
        ada.webhooks.subscribe(credentials, inbox, ["AccountHolder.Created"], secret="s")
        inbox.fail(times=3, status=503)
        learner.graphql(NEW_HOLDER, testing=True)
        ada.advance("1h")  # the fourth attempt, 82 s after the first, succeeds
        learner.project_token()  # the old one expired with the hour
        step("webhook-retries")

        payment = learner.graphql(TRANSFER, account=accounts[0]["node"]["id"])
        status = payment["initiateCreditTransfers"]["payment"]["statusInfo"]
        learner.graphql(APPROVE, testing=True, id=status["consent"]["id"])
        step("transfer-consent")


class Documents:
    """A journal view over fixed texts."""

    def __init__(self, *texts: str) -> None:
        self.texts = texts

    def documents(self) -> tuple[str, ...]:
        return self.texts


def rejection_handled(room: Workshop, *texts: str) -> str:
    context = CheckContext(room.learner("ada").sandbox, "p", journal=Documents(*texts))
    return CHECKS["rejection_handled"](context).status


@pytest.mark.parametrize(
    ("texts", "status"),
    [
        (["mutation { m { ... on ForbiddenRejection { message } } }"], "done"),
        (
            ["mutation { m { ...A } } fragment A on B { ...C } fragment C on XRejection { x }"],
            "done",
        ),
        (["query { m { ... on ForbiddenRejection { message } } }"], "todo"),  # not a mutation
        (["mutation { m { ... on Success { id } } }", "mutation {"], "todo"),  # unparsable
        (["mutation { m { ...A } } fragment A on A { ...A }"], "todo"),  # a cycle ends
    ],
)
def test_rejection_fragments_inline_or_named(room: Workshop, texts: list[str], status: str) -> None:
    assert rejection_handled(room, *texts) == status


def test_checks_reading_requests_need_a_journal(room: Workshop) -> None:
    context = CheckContext(room.learner("ada").sandbox, "p", {"field": "accounts"})
    assert CHECKS["operation_seen"](context).status == "unknown"
    assert CHECKS["rejection_handled"](context).status == "unknown"
