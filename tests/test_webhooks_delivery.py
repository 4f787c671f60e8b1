"""Deliveries on the virtual clock, to in-process inboxes: the first attempt when the API call
returns, the retry schedule at its exact virtual offsets, timeouts, the failed state,
restarts, replay, probes, and the atomicity of event and delivery."""

from __future__ import annotations

import itertools
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from simulator import ProjectCredentials, Simulator
from simulator.clock import parse_timestamp
from simulator.domain.accounts.accounts import create_account_holder
from simulator.domain.kernel.events import emit
from simulator.domain.kernel.rejections import Rejected
from simulator.webhooks import PROBE_RESOURCE_ID, Inbox, RetryPolicy

from .conftest import REDIRECT_URI, GraphQL, project_token

START = parse_timestamp("2026-01-05T09:00:00Z")
SPEC_OFFSETS = [0, 5, 22, 82, 262, 1162, 3562, 10762, 35962]  # each delay after the last attempt
CREATE_HOLDER = """mutation { createSandboxAccountHolder(input: {firstName: "Ada", lastName: "Lovelace"}) {
  ... on CreateSandboxAccountHolderSuccessPayload { accountId accountHolderId } } }"""


def offsets(attempts: list[dict[str, Any]], origin: Any = START) -> list[float]:
    return [
        (parse_timestamp(attempt["attempted_at"]) - origin).total_seconds() for attempt in attempts
    ]


@pytest.fixture
def inbox(sim: Simulator, project: ProjectCredentials) -> Inbox:
    inbox = sim.webhooks.inbox("app")
    sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="workshop-secret")
    return inbox


def open_account(testing: GraphQL) -> str:
    return testing(CREATE_HOLDER)["createSandboxAccountHolder"]["accountId"]


def test_an_event_caused_through_the_api_is_delivered_when_the_call_returns(
    sim: Simulator, inbox: Inbox, testing: GraphQL, sandbox: GraphQL, project: ProjectCredentials
) -> None:
    account_id = open_account(testing)
    assert sim.clock.timestamp() == "2026-01-05T09:00:00.000Z"  # no advance needed
    (received,) = inbox.received
    (event,) = sim.webhooks.events(project, environment="sandbox")[1:]
    assert received.body == {
        "eventType": "Account.Created",
        "eventId": event["id"],
        "eventDate": "2026-01-05T09:00:00.000Z",
        "projectId": project.project_id,
        "resourceId": account_id,
    }
    assert received.headers["x-swan-secret"] == "workshop-secret"
    assert received.headers["Content-Type"] == "application/json"
    assert received.at == "2026-01-05T09:00:00.000Z" and received.accepted
    # The changed call flow: the body names the resource; the partner reads it via the API.
    account = sandbox(
        "query($id: ID!) { account(accountId: $id) { id statusInfo { status } } }",
        {"id": received.resource_id},
    )
    assert account == {"account": {"id": account_id, "statusInfo": {"status": "Opened"}}}
    (delivery,) = sim.webhooks.deliveries(project)
    assert (delivery["status"], delivery["attempt_count"], delivery["next_attempt_at"]) == (
        "Succeeded",
        1,
        None,
    )
    (attempt,) = sim.webhooks.log(project)
    assert attempt["request_headers"]["x-swan-secret"] == "***"  # never logged
    assert json.loads(attempt["request_body"]) == received.body
    assert attempt["response_status"] == 200 and attempt["succeeded"]


def test_only_matching_enabled_subscriptions_of_the_project_get_a_delivery(
    sim: Simulator, project: ProjectCredentials, testing: GraphQL
) -> None:
    accounts = sim.webhooks.inbox("accounts")
    holders = sim.webhooks.inbox("holders")
    disabled = sim.webhooks.inbox("disabled")
    foreign = sim.webhooks.inbox("foreign")
    sim.webhooks.subscribe(project, accounts, ["Account.Created"], secret="a")
    sim.webhooks.subscribe(project, holders, ["AccountHolder.Created"], secret="b")
    sim.webhooks.subscribe(project, disabled, None, secret="c", status="Disabled")
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    sim.webhooks.subscribe(other, foreign, None, secret="d")
    open_account(testing)
    assert [r.event_type for r in accounts] == ["Account.Created"]
    assert [r.event_type for r in holders] == ["AccountHolder.Created"]
    assert len(disabled) == 0 and len(foreign) == 0


def test_consent_events_from_the_partner_api(
    sim: Simulator, project: ProjectCredentials, testing: GraphQL, sandbox: GraphQL
) -> None:
    inbox = sim.webhooks.inbox("consents")
    sim.webhooks.subscribe(project, inbox, ["Consent.Created", "Consent.Canceled"], secret="x")
    consent_id = testing(
        'mutation { createSandboxConsent(input: {redirectUrl: "http://localhost:3000/cb"}) {'
        " ... on CreateSandboxConsentSuccessPayload { consentId } } }"
    )["createSandboxConsent"]["consentId"]
    sandbox(
        "mutation($id: String!) { cancelConsent(input: {consentId: $id}) { __typename } }",
        {"id": consent_id},
    )
    assert [(r.event_type, r.resource_id) for r in inbox] == [
        ("Consent.Created", consent_id),
        ("Consent.Canceled", consent_id),
    ]


def test_with_a_frozen_clock_no_retry_fires_until_the_clock_moves(
    sim: Simulator, inbox: Inbox, testing: GraphQL
) -> None:
    inbox.fail()
    open_account(testing)
    assert len(inbox) == 1
    assert sim.run_due() == []
    assert sim.advance("4.999s").timeline == []
    assert len(inbox) == 1
    advance = sim.advance("1ms")
    assert [entry["at"] for entry in advance.timeline] == ["2026-01-05T09:00:05.000Z"]
    assert len(inbox) == 2


@pytest.mark.parametrize("failures", [0, 1, 3, 8])
def test_failing_n_times_then_200_gets_n_plus_1_attempts_at_the_scheduled_offsets(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL, failures: int
) -> None:
    inbox.fail(times=failures, status=503)
    open_account(testing)
    advance = sim.advance("11h")
    attempts = sim.webhooks.log(project)
    assert len(attempts) == failures + 1
    assert offsets(attempts) == SPEC_OFFSETS[: failures + 1]
    assert [a["response_status"] for a in attempts] == [503] * failures + [200]
    assert [a["retry_count"] for a in attempts] == list(range(failures + 1))
    assert attempts[-1]["delivery_status"] == "Succeeded"
    assert len(advance.timeline) == failures  # the first attempt fired when the call returned
    (delivery,) = sim.webhooks.deliveries(project)
    assert delivery["status"] == "Succeeded" and delivery["attempt_count"] == failures + 1
    assert [r.at for r in inbox] == [a["attempted_at"] for a in attempts]


def test_an_always_failing_receiver_gets_9_attempts_then_the_delivery_fails(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    inbox.fail()
    open_account(testing)
    advance = sim.advance("10h")  # 9 h 59 min 22 s is when the ninth attempt falls
    attempts = sim.webhooks.log(project)
    assert offsets(attempts) == SPEC_OFFSETS
    assert [a["next_attempt_at"] for a in attempts[:-1]] == [
        a["attempted_at"] for a in attempts[1:]
    ]
    assert attempts[-1]["next_attempt_at"] is None
    assert [a["delivery_status"] for a in attempts] == ["Pending"] * 8 + ["Failed"]
    assert all(a["error_code"] == "NonSuccessStatus" for a in attempts)
    (delivery,) = sim.webhooks.deliveries(project)
    assert (delivery["status"], delivery["attempt_count"], delivery["retry_count"]) == (
        "Failed",
        9,
        8,
    )
    # The timeline: every retry in time order, each stamped with its own virtual time.
    assert [entry["at"] for entry in advance.timeline] == [a["attempted_at"] for a in attempts[1:]]
    assert advance.timeline[-1]["summary"].endswith("(attempt 9 of 9), delivery failed")
    assert sim.advance("30d").timeline == []  # nothing more, ever
    assert len(inbox) == 9


def test_the_timeline_interleaves_deliveries_in_time_order(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    inbox.fail()
    open_account(testing)
    sim.advance("10s")
    open_account(testing)  # a second delivery, 10 s behind the first
    advance = sim.advance("2m")
    stamps = [entry["at"] for entry in advance.timeline]
    assert stamps == sorted(stamps)
    assert [
        (
            entry["at"][11:19],
            entry["attempt_number"],
            entry["event_id"] == advance.timeline[0]["event_id"],
        )
        for entry in advance.timeline
    ] == [
        ("09:00:15", 2, True),  # second delivery: 5 s after its first attempt at 09:00:10
        ("09:00:22", 3, False),  # first delivery: 22 s
        ("09:00:32", 3, True),
        ("09:01:22", 4, False),
        ("09:01:32", 4, True),
    ]


def test_a_slow_receiver_times_out_at_15_virtual_seconds(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    inbox.slow(20, times=1)
    inbox.slow(14.999, times=1)
    open_account(testing)
    sim.advance("1m")
    first, second = sim.webhooks.log(project)
    assert (first["error_code"], first["duration_ms"], first["response_status"]) == (
        "Timeout",
        15000,
        None,
    )
    assert first["error"] == "No answer within 15 s."
    # The retry is due 5 s after the attempt ended, i.e. 15 s + 5 s after it started.
    assert offsets([first, second]) == [0, 20]
    assert second["succeeded"] and second["duration_ms"] == 14999
    # The slow receiver did get the first request: a timeout is no proof it was not processed.
    assert [r.timed_out for r in inbox] == [True, False]


def test_dropped_connections_and_raising_handlers_are_failures(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    inbox.fail(times=1, error="connection")
    calls = itertools.count()

    def handler(received: Any) -> None:
        if next(calls) == 1:
            raise RuntimeError("bug in the partner's code")

    inbox.handler = handler
    open_account(testing)
    sim.advance("1m")
    codes = [a["error_code"] for a in sim.webhooks.log(project)]
    assert codes == ["ConnectionFailed", "ReceiverError", None]
    assert "RuntimeError: bug in the partner's code" in sim.webhooks.log(project)[1]["error"]


def test_a_handler_may_answer_a_status_and_read_the_resource_during_delivery(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL, token: str
) -> None:
    seen: list[Any] = []

    def handler(received: Any) -> int:
        # The receiver calls the API back before answering: no deadlock, in-process.
        with sim.client() as client:
            answer = client.post(
                "/sandbox/graphql",
                json={
                    "query": "query($id: ID!) { account(accountId: $id) { statusInfo { status } } }",
                    "variables": {"id": received.resource_id},
                },
                headers={"Authorization": f"Bearer {token}"},
            )
        seen.append(answer.json()["data"])
        return 202 if len(seen) > 1 else 500

    inbox.handler = handler
    open_account(testing)  # delivered at the end of the request
    sim.advance("5s")  # delivered by an advance from this thread
    testing('mutation { advanceClock(input: {duration: "1m"}) { __typename } }')
    assert seen == [{"account": {"statusInfo": {"status": "Opened"}}}] * 2
    assert [a["response_status"] for a in sim.webhooks.log(project)] == [500, 202]


def test_a_restart_in_the_middle_of_the_schedule_resumes_it(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with Simulator(data_dir) as first:
        project = first.create_project("sandbox", "Restart", [REDIRECT_URI])
        first.webhooks.subscribe(project, "inbox://app", ["Account.Created"], secret="x")
        first.webhooks.inbox("app").fail()
        create_account_holder(first.sandbox, project.project_id, first_name="A", last_name="B")
        first.run_due()
        first.advance("1m")  # attempts at +0, +5 s and +22 s
        assert len(first.webhooks.log(project)) == 3
    with Simulator(data_dir) as second:  # the pending retry is a row: it survived
        assert second.clock.timestamp() == "2026-01-05T09:01:00.000Z"
        inbox = second.webhooks.inbox("app").fail(times=2)  # then it recovers
        second.advance("1h")
        attempts = second.webhooks.log(project)
        assert offsets(attempts) == SPEC_OFFSETS[:6]
        assert [a["response_status"] for a in attempts] == [500] * 5 + [200]
        assert len(inbox) == 3
        assert second.webhooks.deliveries(project)[0]["status"] == "Succeeded"


def test_a_rolled_back_change_leaves_no_event_and_no_delivery(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials
) -> None:
    env = sim.sandbox
    with pytest.raises(RuntimeError), env.store.atomic() as db:
        emit(env, db, "Account.Created", project_id=project.project_id, resource_id="a-1")
        assert db["webhook_deliveries"].count == 1  # created in the same transaction
        raise RuntimeError("the change failed")
    assert env.store.db["events"].count == 0
    assert env.store.db["webhook_deliveries"].count == 0
    sim.run_due()
    assert len(inbox) == 0


def test_deliveries_are_never_sent_inside_a_transaction(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials
) -> None:
    env = sim.sandbox
    with pytest.raises(RuntimeError, match="outside any transaction"), env.store.atomic() as db:
        emit(env, db, "Account.Created", project_id=project.project_id, resource_id="a-1")
        sim.run_due()
    assert len(inbox) == 0


def test_disabling_cancels_pending_deliveries_and_a_new_url_reaches_pending_retries(
    sim: Simulator, project: ProjectCredentials, testing: GraphQL
) -> None:
    broken = sim.webhooks.inbox("broken").fail()
    fixed = sim.webhooks.inbox("fixed")
    subscription = sim.webhooks.subscribe(project, broken, ["Account.Created"], secret="x")
    open_account(testing)
    sim.webhooks.update(project, subscription["id"], endpoint_url=fixed.url)
    sim.advance("5s")
    assert [len(broken), len(fixed)] == [1, 1]
    assert sim.webhooks.deliveries(project)[0]["status"] == "Succeeded"

    sim.webhooks.update(project, subscription["id"], endpoint_url=broken.url)
    open_account(testing)
    sim.webhooks.update(project, subscription["id"], status="Disabled")
    assert sim.webhooks.deliveries(project)[1]["status"] == "Canceled"
    assert sim.advance("10h").timeline == []
    sim.webhooks.update(project, subscription["id"], status="Enabled")  # no resurrection
    assert sim.advance("10h").timeline == []
    assert len(broken) == 2


def test_replay_sends_the_event_again_with_a_fresh_schedule(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    inbox.fail()
    open_account(testing)
    sim.advance("10h")
    (failed,) = sim.webhooks.deliveries(project)
    assert failed["status"] == "Failed"
    inbox.succeed()
    (replayed,) = sim.webhooks.replay(project, failed["event_id"])  # the first attempts
    assert (replayed["kind"], replayed["succeeded"], replayed["attempt_number"]) == (
        "Replay",
        True,
        1,
    )
    assert sim.webhooks.deliveries(project)[-1]["status"] == "Succeeded"
    assert inbox.last is not None and inbox.last.event_id == failed["event_id"]  # same eventId
    assert sim.webhooks.log(project)[-1]["kind"] == "Replay"
    # A replay follows its own schedule when it fails.
    inbox.fail(times=1)
    sim.webhooks.replay(project, failed["event_id"], failed["subscription_id"])
    assert sim.advance("5s").timeline[0]["attempt_number"] == 2


def test_replay_rejections(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    del inbox
    open_account(testing)
    (delivery,) = sim.webhooks.deliveries(project)
    with pytest.raises(Rejected) as unknown:
        sim.webhooks.replay(project, "no-such-event")
    assert unknown.value.payload["__typename"] == "WebhookEventLogNotFoundRejection"
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    with pytest.raises(Rejected):  # another project's event is not found either
        sim.webhooks.replay(other, delivery["event_id"])
    sim.webhooks.update(project, delivery["subscription_id"], status="Disabled")
    with pytest.raises(Rejected) as disabled:
        sim.webhooks.replay(project, delivery["event_id"], delivery["subscription_id"])
    assert disabled.value.payload["fields"][0]["name"] == "subscriptionId"
    with pytest.raises(Rejected) as nobody:  # nobody listens now
        sim.webhooks.replay(project, delivery["event_id"])
    assert nobody.value.payload["__typename"] == "InvalidArgumentRejection"


def test_probe_sends_a_sample_at_once_without_retry(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials
) -> None:
    probed = sim.webhooks.probe(project, inbox, "probe-secret")
    assert probed["response_status"] == 200 and probed["result"].succeeded
    assert inbox.last is not None
    assert inbox.last.body["resourceId"] == PROBE_RESOURCE_ID
    assert inbox.last.body["eventId"] == probed["event_id"]
    assert inbox.last.headers["x-swan-secret"] == "probe-secret"
    inbox.fail(times=1, status=418)
    failed = sim.webhooks.probe(project, inbox.url)
    assert (failed["response_status"], failed["result"].error_code) == (418, "NonSuccessStatus")
    assert sim.advance("1d").timeline == []  # no retry
    assert sim.webhooks.log(project) == []  # a probe belongs to no subscription
    with pytest.raises(Rejected):
        sim.webhooks.probe(project, "gopher://nope")


def test_the_newer_policy_retries_every_30_s_seven_times_with_a_10_s_timeout(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    sim.webhooks.set_policy("every-30s")
    assert sim.webhooks.get_policy("live").name == "every-30s"
    inbox.fail(times=7)
    inbox.slow(10)  # the eighth attempt: 10 s is the timeout, so it fails too
    open_account(testing)
    sim.advance("1h")
    attempts = sim.webhooks.log(project)
    assert offsets(attempts) == [0, 30, 60, 90, 120, 150, 180, 210]
    assert attempts[-1]["error_code"] == "Timeout"
    assert sim.webhooks.deliveries(project)[0]["status"] == "Failed"


def test_a_delivery_keeps_the_policy_it_was_created_with(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    inbox.fail()
    open_account(testing)
    sim.webhooks.set_policy(RetryPolicy("workshop", delays=(1, 1), timeout=2))
    open_account(testing)
    sim.advance("11h")
    first, second = sim.webhooks.deliveries(project)
    assert (first["policy"]["name"], first["attempt_count"]) == ("specification", 9)
    assert (second["policy"]["name"], second["attempt_count"]) == ("workshop", 3)


def test_environments_never_cross(
    sim: Simulator, project: ProjectCredentials, live_project: ProjectCredentials
) -> None:
    sandbox_inbox = sim.webhooks.inbox("sandbox-side")
    live_inbox = sim.webhooks.inbox("live-side")
    sim.webhooks.subscribe(project, sandbox_inbox, None, secret="s")
    sim.webhooks.subscribe(live_project, live_inbox, None, secret="l", environment="live")
    sim.webhooks.set_policy("every-30s", environment="live")
    assert sim.webhooks.policy.name == "specification"
    create_account_holder(sim.live, live_project.project_id, first_name="L", last_name="Ive")
    sim.run_due()
    assert len(sandbox_inbox) == 0 and len(live_inbox) == 2
    assert sim.webhooks.log() == []
    assert len(sim.webhooks.log(environment="live")) == 2


def test_a_batch_of_due_deliveries_is_one_step(sim: Simulator, project: ProjectCredentials) -> None:
    inboxes = [sim.webhooks.inbox(f"r{n}").fail() for n in range(10)]
    for inbox in inboxes:
        sim.webhooks.subscribe(project, inbox, ["Account.Created"], secret="x")
    create_account_holder(sim.sandbox, project.project_id, first_name="A", last_name="B")
    assert len(sim.run_due()) == 10
    advance = sim.advance(timedelta(hours=10))
    assert len(advance.timeline) == 80
    assert all(len(inbox) == 9 for inbox in inboxes)


def test_testing_api_log_and_timeline_stay_within_the_callers_project(
    sim: Simulator, http: Any, inbox: Inbox, testing: GraphQL
) -> None:
    other = sim.create_project("sandbox", "Other", [REDIRECT_URI])
    theirs = sim.webhooks.inbox("theirs").fail()
    sim.webhooks.subscribe(other, theirs, None, secret="x")
    create_account_holder(sim.sandbox, other.project_id, first_name="O", last_name="T")
    inbox.fail()
    open_account(testing)
    data = testing(
        'mutation { advanceClock(input: {duration: "6s"}) { ... on ClockSuccessPayload {'
        " timeline { at work summary webhookEventLogId } } } }"
    )
    timeline = data["advanceClock"]["timeline"]
    assert [entry["work"] for entry in timeline] == ["webhooks"]
    (entry,) = [a for a in sim.webhooks.log() if a["id"] == timeline[0]["webhookEventLogId"]]
    assert (entry["attempt_number"], entry["event_type"]) == (2, "Account.Created")
    other_view = GraphQL(http, "/sandbox/graphql", project_token(http, other))
    log = other_view("{ webhookEventLogs { totalCount } }")["webhookEventLogs"]
    assert log["totalCount"] == 4  # its own two events, each attempted twice


def test_an_inbox_told_to_fail_a_billion_times_keeps_one_entry(
    sim: Simulator, inbox: Inbox, project: ProjectCredentials, testing: GraphQL
) -> None:
    """One-off behaviours are counted, not repeated in a list (`times` comes from the
    Testing API: 2**31 - 1 would have been a list of 16 GB)."""
    inbox.fail(times=1_000_000_000, status=503).fail(times=1, status=418)
    answer = testing(
        'mutation { configureWebhookInbox(input: {name: "app", behaviour: Fail, '
        "times: 2147483647, status: 502}) { __typename } }"
    )
    assert answer["configureWebhookInbox"]["__typename"] == "ConfigureWebhookInboxSuccessPayload"
    assert len(inbox._queue) == 3
    open_account(testing)
    sim.advance("30s")
    assert [a["response_status"] for a in sim.webhooks.log(project)] == [503, 503, 503]
    inbox.succeed()
    assert len(inbox._queue) == 0
